## Offline play in a terminal (python -m bot.play).

play-welcome = { $game } in the terminal: you ({ $name }) against { $n ->
    [one] one house player
   *[other] { $n } house players
}. Type the number of a move; “q” quits.
play-your-cards = Your cards: { $cards }
play-your-turn = Your move:
play-in-time = { $m ->
    [0] in { $s } s
   *[other] in { $m } min { $s } s
}
play-time-left = ⏱ time left: { $m ->
    [0] { $s } s
   *[other] { $m } min { $s } s
}
play-choice-range = { $label } ({ $low } to { $high }: type { $number } then the amount)
play-hint-how = Type h for a hint: what the strong house player would play, and why.
play-prompt = Your choice (number, then an amount if asked; q to quit):
play-not-a-choice = “{ $text }” is not one of the moves: type a number from 1 to { $n }.
play-need-amount = Give an amount from { $low } to { $high } after the number, as in “{ $number } { $low }”.
play-discard-which = Which cards do you discard? Type their numbers: { $cards }
play-recave-ask = You are cleaned out. Take a new cave, lent by the house? (Enter or y: yes; n or q: end the game)
play-house-out = Every house player is cleaned out: you win the table with { $n ->
    [one] one chip
   *[other] { $n } chips
}.
play-house-ask = New house players sit down? (Enter or y: yes; n or q: end the game)
play-bye = The table is closed: { $n ->
    [one] one hand
   *[other] { $n } hands
} played. Thank you for playing!
play-no-amount = “{ $text }”: move { $number } takes no amount; type { $number } alone.
play-choose-number = Type the number of a move, from 1 to { $n }.
play-card-numbers = Type the numbers of the cards, from 1 to { $n }, separated by spaces.
play-yes-or-no = “{ $text }” is neither yes nor no: Enter or y for yes, n or q for no.
play-typed-ahead = (Keys typed before this question were ignored.)
play-interrupted = Interrupted: the table is closed. Thank you for playing!
play-nobody-seated = Nobody is seated yet.
play-not-started = The first deal comes once two or more are seated.
play-house-gives-seat = A house player gives you its seat when this hand ends.
play-seed-revealed = 🔓 Server seed revealed (commitment { $commitment }…, { $n ->
    [one] 1 hand
   *[other] { $n } hands
}): { $seed }.
play-hint-real-table = Hints are for practice tables only (--options practice=on): at this table you are on your own.
