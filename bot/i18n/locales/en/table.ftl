# The table runtime and the storage: refusals (refuse-), private confirmations (done-),
# public log lines in the third person (log-). $user, $by: a Discord user id (a mention).

## Refusals

refuse-not-allowed = That is not allowed here.
refuse-stale-button = That button belongs to a hand that is over; use the buttons of the current one.
refuse-already-played = That move was already played.
refuse-stale-hand = That move was already played; the table is shown as it is now.
refuse-table-elsewhere = This table has just moved to another of the bot's processes; try again in a few seconds.
refuse-table-paused = This table is paused while Discord is unavailable on this server; try again once the server is back.
refuse-no-such-table = There is no open table with that number.
refuse-unknown-game = This table runs { $games }, not { $game }.
refuse-no-hand = No hand is being played at this table.
refuse-not-in-hand = You are not playing in this hand.
ui-it-not-your-turn-speak = It is not your turn: <@{ $w }> is to speak.
refuse-table-closing = This table closes when the hand in play ends.
refuse-already-closing = This table already closes when the hand in play ends.
refuse-already-seated = You already have a seat at this table.
refuse-already-queued = You are already in the waiting line for this table.
refuse-not-queued = You are not in the waiting line for this table.
refuse-game-over = The game is over: the agreed number of hands is played.
refuse-table-full = This table is full.
refuse-table-full-wait = This table is full; you can wait in line for a seat.
refuse-chips = You have { $have ->
    [one] 1 chip
   *[other] { $have } chips
}; you need { $need }.
refuse-chips-to-sit = You have { $have ->
    [one] 1 chip
   *[other] { $have } chips
}; you need { $need } to sit here.
refuse-chips-to-recave = You have { $have ->
    [one] 1 chip
   *[other] { $have } chips
}; you need { $need } to recave.
refuse-queue-full = The waiting line is full ({ $n ->
        [one] { $n } player
       *[other] { $n } players
    }).
refuse-not-started-join = The game has not started: join to sit down.
refuse-not-started-reserve = The game has not started: reserve caves are added once it has.
refuse-not-staked = Only a Staked Brelan table has reserve caves.
refuse-not-seated = You are not seated at this table.
refuse-player-not-seated = <@{ $user }> has no seat at this table.
refuse-reserve-range = A reserve cave is 1 to { $most ->
        [one] { $most } chip
       *[other] { $most } chips
    }, not { $want }.
refuse-hand-in-play = A hand is already being played at this table.
refuse-deal-who = Only a seated player, the table's creator or a server manager can deal.
refuse-deal-wait = The next hand is dealt in { $n ->
    [one] 1 second
   *[other] { $n } seconds
}.
refuse-two-seated = At least two seated players are needed to start.
refuse-two-present = At least two players who are not sitting out are needed.
refuse-close-who = Only the player who opened this table can close it.
refuse-hand-not-over = That hand is not over yet.
refuse-hand-over = That hand is already over.
refuse-no-such-hand = That hand does not exist.
refuse-carre-blind = The cards are not dealt yet: the carre is played blind.
refuse-folded = You folded: your cards are back in the pack.
refuse-blind = You are playing blind: look at your cards first.
refuse-no-recave = There is no recave at this table: join again to sit down.
refuse-recave-seated = You still have your seat: only a cleaned-out player recaves.
refuse-recave-not-decave = Only a player cleaned out at this table recaves; join to sit down.
refuse-no-replenish = This table does not allow a recave after a décave.
refuse-recave-range = You may recave for 1 to { $most ->
        [one] { $most } chip
       *[other] { $most } chips
    }, not { $want }.
refuse-cave-at-least-one = A cave is at least 1 chip.
refuse-recave-nobody = Nobody is seated: join to sit down with the standard cave.
refuse-turn-timer = The turn timer is more than 0 seconds and { $most } at most.
refuse-cave-range = The cave is 1 to { $most ->
        [one] { $most } chip
       *[other] { $most } chips
    }.
refuse-delay-max = The pause before the next hand is { $most ->
        [one] { $most } second
       *[other] { $most } seconds
    } at most.
refuse-delay-negative = The pause before the next hand cannot be negative.
refuse-seats-range = A { $game ->
    [brelan] Brelan
    [bouillotte] Bouillotte
   *[brag] Brag
} table has { $low } to { $high ->
    [one] { $high } seat
   *[other] { $high } seats
}.
} table has { $low } to { $high } seats.
refuse-max-hands-brelan = Only Brelan plays an agreed number of hands.
refuse-max-hands-one = The agreed number of hands is at least 1.
refuse-replenish-brelan = Only Brelan has the recave option (replenish).
refuse-staked-brelan = Only Brelan can be played staked (reserve caves).
refuse-move-not-legal = You cannot { $verb } now.
refuse-amount-fixed = You can only { $verb } for { $n } now, not { $want }.
refuse-amount-range = You can { $verb } for { $low } to { $high ->
        [one] { $high } chip
       *[other] { $high } chips
    } now, not { $want }.
refuse-amount-none = { $verb } takes no amount.
refuse-move-missing = Choose a move from the list.
refuse-move-unknown = “{ $text }” is not a move: choose one from the list.
refuse-amount-range-text = “{ $text }” is not a number of chips: you can { $verb } for { $low } to { $high ->
        [one] { $high } chip
       *[other] { $high } chips
    } now.
refuse-amount-range-missing = Say how many chips: you can { $verb } for { $low } to { $high ->
        [one] { $high } chip
       *[other] { $high } chips
    } now.
refuse-amount-fixed-text = “{ $text }” is not a number: you can only { $verb } for { $n } now.
refuse-amount-fixed-missing = Give the amount: you can only { $verb } for { $n } now.
refuse-amount-either = Give { $n } or { $m } as the amount to { $verb }, not { $want }.
refuse-amount-either-text = “{ $text }” is not a number: give { $n } or { $m } as the amount to { $verb }.
refuse-amount-either-missing = Give { $n } or { $m } as the amount to { $verb }.
refuse-whole-chips = Chips come in whole numbers above zero.
refuse-whole-number = A whole number, 0 or more, is needed.
refuse-amount-max = No amount can be more than { $most ->
        [one] { $most } chip
       *[other] { $most } chips
    }.
refuse-wallet-max = No wallet can hold more than { $most ->
        [one] { $most } chip
       *[other] { $most } chips
    }.
refuse-adjust-zero = Give or take a whole number of chips, not zero.
refuse-take-too-much = That player has { $have ->
    [one] 1 chip
   *[other] { $have } chips
}; you cannot take { $take }.
refuse-self-transfer = You cannot send chips to yourself.
refuse-daily-not-ready = Your daily bonus is not ready yet: come back in { $wait }.
refuse-table-exists = There is already a table in this channel.
refuse-no-table-here = There is no table here.
refuse-table-closed = This table is closed.
refuse-seat-taken = Seat { $seat } is taken.
refuse-no-seat = There is no seat { $seat } at this table.
refuse-chips-not-conserved = The chips at this table do not add up ({ $detail }); nothing was changed.
refuse-schema-too-new = The database is at schema version { $found } but this bot only knows { $known }; please update the bot.

## Table options typed at /table create

option-whole-chips = The option `{ $option }` must be a whole number of chips, 0 or more.
option-chips-max = The option `{ $option }` can be { $most ->
        [one] { $most } chip
       *[other] { $most } chips
    } at most.
option-choice = The option `{ $option }` cannot be “{ $value }”; choose one of: { $choices }.
option-boolean = The option `{ $option }` must be `on` or `off`.
option-chips-or-none = The option `{ $option }` must be at least 1 chip, or `none`.
option-unknown = { $game ->
    [brelan] Brelan
    [bouillotte] Bouillotte
   *[brag] Brag
} has no option “{ $option }”; its options are: { $options }.
option-min-bet = The option `min_bet` must be at least 1 chip.
option-max-bet = The option `max_bet` must be at least `min_bet`.
option-count = The option `{ $option }` takes a whole number of { $unit ->
    [seconds] seconds
    [seats] seats
    [hands] hands
    [deals] deals
   *[chips] chips
} from { $low } to { $high }{ $none ->
    [yes] , or `none`
   *[no] {""}
}.

## Private confirmations

done-back = Welcome back: you will be dealt in from the next hand.
done-sits = You sit down with { $n ->
    [one] 1 chip
   *[other] { $n } chips
}. Your seed for fair dealing is `{ $seed }` (choose your own with /table seed).
done-recaves = You recave for { $n ->
    [one] 1 chip
   *[other] { $n } chips
}. Your seed for fair dealing is `{ $seed }` (choose your own with /table seed).
done-queued = The table is full: you are number { $place } in line.
done-queued-recave = You are number { $place } in line: you will recave for { $n ->
    [one] 1 chip
   *[other] { $n } chips
} (at most what the seated players hold) when a seat is yours.
done-reserve = You add a reserve cave of { $n ->
    [one] 1 chip
   *[other] { $n } chips
}.
done-left-queue = You left the waiting line.
done-leaves-later = You will leave with your chips when this hand ends.
done-charlemagne = Charlemagne: you will leave with your chips when this hand ends.
done-leaves = You leave the table with { $n ->
    [one] 1 chip
   *[other] { $n } chips
}.
done-closing = The table will close when this hand ends.
done-closed = The table is closed; every player got their chips back.
done-void = Hand { $hand } is called off: every stake went back.

## The public log (third person)

log-table-open = <@{ $user }> opens a { $game ->
    [brelan] Brelan
    [bouillotte] Bouillotte
   *[brag] Brag
} table.
log-needs-attention = This table needs attention: its saved game could not be resumed. Its chips are safe; a server manager can close it with /admin table close, which returns every chip.
log-back = <@{ $user }> is back and will be dealt in from the next hand.
log-sits = <@{ $user }> sits down with { $n ->
    [one] 1 chip
   *[other] { $n } chips
}.
log-recaves = <@{ $user }> recaves for { $n ->
    [one] 1 chip
   *[other] { $n } chips
}.
log-reserve = <@{ $user }> adds a reserve cave of { $n ->
    [one] 1 chip
   *[other] { $n } chips
}.
log-leaves-later = <@{ $user }> will leave when this hand ends.
log-charlemagne = <@{ $user }> makes Charlemagne: they leave when this hand ends.
log-leaves = <@{ $user }> leaves with { $n ->
    [one] 1 chip
   *[other] { $n } chips
}.
log-sat-out-leaves = <@{ $user }> sat out too long and leaves.
log-cannot-pay-cave = <@{ $user }> cannot pay the cave and loses their place.
log-takes-seat = <@{ $user }> takes a seat with { $n ->
    [one] 1 chip
   *[other] { $n } chips
}.
log-closing = <@{ $user }> closes the table when this hand ends.
log-closed = The table is closed.
log-void = <@{ $user }> calls off hand { $hand }: every stake goes back.
log-dealt = Hand { $hand } is dealt.
log-next-hand = The next hand is dealt in { $n ->
    [one] 1 second
   *[other] { $n } seconds
}.
log-game-over = The game is over: { $n ->
    [one] the agreed hand is played.
   *[other] the agreed { $n } hands are played.
}
log-timeout = <@{ $user }> ran out of time: { $verb }.
log-departed-move = <@{ $user }> has left the server: { $verb }.
log-member-left = <@{ $user }> has left the server.
log-server-back = The server is back: play resumes, and the player to act has a full turn.
log-connection-back = The bot's connection to Discord is back: play resumes, and the player to act has a full turn.
log-hand-over = The hand is over.
log-wins-uncontested = <@{ $user }> wins { $n ->
    [one] 1 chip
   *[other] { $n } chips
} uncontested.
log-refait = Refait: { $n ->
    [one] 1 chip stays
   *[other] { $n } chips stay
} on the table.
log-carried = { $n ->
    [one] 1 chip stays
   *[other] { $n } chips stay
} on the table.
log-blind-win = <@{ $user }> wins blind: { $n ->
    [one] 1 chip stays
   *[other] { $n } chips stay
} on the table.
log-blind-win-keeps = <@{ $user }> wins blind and keeps their hand, unseen: { $n ->
    [one] 1 chip stays
   *[other] { $n } chips stay
} on the table.
refuse-no-table-in-channel = There is no table in this channel: open one with /table create.
refuse-discard = Choose { $n ->
    [one] 1 card
   *[other] { $n } cards
} of your hand to discard.
refuse-discard-text = Your hand has no “{ $text }”: choose { $n ->
    [one] { $n } card
   *[other] { $n } cards
} of your hand to discard.
refuse-options-format = “{ $word }” is not a table option: write each as `key=value`, separated by spaces.
refuse-notify-mode = The option notify is one of: { $modes }.

## Brag's dealer's choice (docs/brag.md)

refuse-dealers-choice-brag = Only Brag has the dealer's choice.
refuse-choice-none = Nobody is choosing the game now: the dealer chooses after each full round of deals.
refuse-choice-voting = The dealer's proposal is being voted on: answer Yes or No.
refuse-choice-who = <@{ $user }>, the dealer, chooses the game.
refuse-choice-pending = <@{ $user }>, the dealer, is choosing the game: the next hand comes once the choice is made.
refuse-vote-none = There is no proposal to vote on.
refuse-vote-not-seated = Only the players seated at this table vote.
refuse-vote-twice = You have already voted.
done-choice = Done.
done-vote = You voted { $vote ->
    [yes] yes
   *[no] no
}.
log-choice-offered = 🎲 Dealer's choice: <@{ $user }> chooses the game for the next round.
log-choice-proposed = 🎲 <@{ $user }> proposes another game: { $changes }. Seated players, vote Yes or No (no answer counts as no).
log-choice-changed = 🎲 <@{ $user }> chooses: { $changes }.
log-choice-refused = 🎲 <@{ $user }>'s proposal is refused ({ $yes } yes of { $n } seated): the game stays.
log-choice-timeout = 🎲 <@{ $user }> did not choose in time: the game stays.
log-choice-kept = 🎲 <@{ $user }> keeps the game.
log-vote = <@{ $user }> votes { $vote ->
    [yes] yes
   *[no] no
}.

choice-title = 🎲 Dealer's choice
choice-choosing = <@{ $user }> chooses the game for the next round, until <t:{ $t }:T>: the menu below (the dealer only), or /table choose for another game.
choice-voting = <@{ $user }> proposes: { $changes }. Yes { $yes } · No { $no } · to answer { $left }, until <t:{ $t }:T> (no answer counts as no).
choice-placeholder = The game for the next round (dealer)
choice-keep = Keep the game
choice-cards = { $value }-card brag (up to { $cap ->
        [one] { $cap } player
       *[other] { $cap } players
    })
choice-blind-allowed = { $value ->
    [true] Blind play allowed
   *[false] No blind play
}
choice-wild = Wild cards: { $value ->
    [none] none
    [twos] all 2s
    [black_twos] black 2s
    [one_eyed_jacks] one-eyed jacks
    [suicide_king] the suicide king
    [joker] one joker
   *[two_jokers] two jokers
}
label-vote-yes = Yes
label-vote-no = No
option-help-dealers_choice = Brag: after each full round of deals the dealer chooses the variant (wild cards, blind play, 3, 4 or 5 cards); another game needs a majority of the seated players.
