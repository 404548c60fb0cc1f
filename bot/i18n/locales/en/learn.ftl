# Lessons (/learn, python -m bot.play --learn), practice tables and their hints, the
# showdown's "Why?", the illustrated /rules page (bot/learn/, bot/view/explain.py,
# bot/house/advice.py, cogs/learn.py, cogs/rules.py).

## a lesson's page

learn-title = Lesson: { $game } ({ $step }/{ $steps })
learn-table = At the table
learn-cards = Your cards
learn-story = What happened
learn-your-move = Your move
learn-next = Next
learn-next-deal = Next deal
learn-go-on = The lesson goes on with another deal.
learn-end = End of the lesson
learn-suggest = In this lesson, play: **{ $move }**.
learn-not-this-time = Not this time: this lesson plays **{ $move }** here, to show what comes next. Read why below, then press it.
learn-invite-discord = Ready for more? Open a practice table, with play chips, house players and a 💡 Hint button at your turn: `/table create game:{ $game } options:practice=on`.
learn-invite-terminal = Ready for more? Play a practice table against house players, with a hint at your turn: python -m bot.play --game { $game } --lang { $lang }.
learn-expired = This lesson is over or has expired: start a new one with /learn.
learn-busy = Too many lessons are running right now: try again in a few minutes.
learn-terminal-next = Press Enter for the next deal.
learn-terminal-choose = Type the number of your move:
learn-terminal-hint = In this lesson, play { $move }: type { $number }.
learn-terminal-not-this-time = Not this time: this lesson plays { $move } here, to show what comes next (its meaning is above): type { $number }.

## what each choice means

learn-choice = • **{ $label }**: { $meaning }
learn-choice-carre = stake { $n }, the pool, before anyone sees a card: the game is open, and you will speak last in the first round.
learn-choice-decline = no carre: the cards are dealt.
learn-choice-pass-opening = do not open; if everybody passes the cards are dealt again.
learn-choice-pass = fold: your stake stays on the table, and your cards will still count for the point.
learn-choice-open = stake at least the pool ({ $low } to { $high }): the others must reach your stake, the vade, to stay in.
learn-choice-hold = bring your stake up to the vade, { $n }.
learn-choice-raise = raise the vade ({ $low } to { $high }): everyone still in must answer.
learn-choice-stand = stay without adding (sans plus): betting ends when everyone says it.
learn-choice-look = look at your cards: from then on you play open, at full price.
learn-choice-bet-blind = bet without looking ({ $low } to { $high }): each chip counts double for the others.
learn-choice-bet = bet at least the last bet ({ $low } to { $high }).
learn-choice-fold = give up the hand: your bets stay in the pot.
learn-choice-see = pay { $n } to end the hand: the player you see shows first.

## the lessons' lines (shared)

learn-your-cards = Your cards: { $cards }. The retourne, face up for everyone: { $retourne }.
learn-opened = You opened: your stake, { $vade }, is the vade everyone must reach to stay in.
learn-raised = The vade is now { $vade }: everyone still in must reach it to stay in.
learn-hold-now = { $who } re-raised to { $vade }: to stay in, add { $cost } to your stake.
learn-folded-still-count = Folded cards are not lost: they will be turned over at the end and will still count for the point.
learn-you-win = The pot of { $n } is yours.

## Brelan

learn-brelan-intro = Brelan with four players: you speak first, { $dealer } deals. Everyone put 1 chip in the pool (la passe): it holds { $pool }.
learn-brelan-open-now = Nobody has opened yet. Opening stakes at least the pool, { $pool }; passing costs nothing.
learn-brelan-open-why = You hold the ace of hearts, the highest heart: at the end, whoever holds the highest card of a suit among the players still in counts every card of that suit on the table, the retourne { $retourne } included.

learn-brelan-hold-why = Your ace keeps hearts yours whatever the others hold, and the retourne is a heart: holding is worth it.
learn-brelan-betting-over = The turn comes back to { $who }, who re-raised last: betting is over and every hand is shown, the folded ones too.
learn-brelan-hearts = The retourne { $card } counted for you, and so did { $who }’s { $his }: you held the highest heart still in, so every heart on the table was yours, { $n ->
        [one] { $n } point
       *[other] { $n } points
    }.
learn-brelan-folded-counts = { $who } had folded, yet their { $card } counted: for { $owner }, who held the highest club still in.
learn-brelan-precedence = { $who } counted { $n } in diamonds too. On equal points the first to speak after the dealer wins: you. The pot is yours.
learn-summary-brelan = In short: open or pass, then hold or re-raise to the vade; a suit counts for whoever holds its highest card still in, folded cards and the retourne included; equal points go to the first after the dealer.

## Bouillotte

learn-bouillotte-intro = Bouillotte with four players, 30 chips each: you speak first, { $dealer } deals. The pool holds { $pool }. Nobody has seen a card yet: first comes the carre.
learn-bouillotte-carre-now = As first to speak you are offered the carre: stake the pool, { $n }, before anyone sees a card.
learn-bouillotte-carre-why = A carre opens the game blind. In return you speak last in the first round, and may still re-raise then.
learn-bouillotte-carred = You carre: the game is open, the vade is { $n }.
learn-bouillotte-no-contre = { $who } could contre-carre, staking { $n }, double yours, and declines: the carre chain ends and the cards are dealt.

learn-bouillotte-hold-why = Your ace of hearts is the highest heart: every heart on the table will count for you, the retourne { $retourne } too. Hold.
learn-bouillotte-sans-plus-comes = The turn is back to { $who }, who re-raised last, with three players still able to bet: in Bouillotte one more round is played, the sans-plus round.
learn-bouillotte-stand-now = The sans-plus round: in turn, each says sans plus (stays without adding) or re-raises; nobody may fold now.
learn-bouillotte-stand-why = A re-raise would start the rounds again. Sans plus ends the betting if the others say it too.
learn-bouillotte-betting-over = Everyone said sans plus: { $who }, who re-raised last, does not speak. Every hand is shown, the folded ones too.
learn-bouillotte-retourne-decides = The retourne { $card } decided it: with it your hearts count { $n }; without it only { $without }, less than the { $theirs } of { $who } in diamonds.
learn-bouillotte-folded-counts = { $who } had folded, yet their { $card } counted: for { $owner }, who held the highest diamond still in.
learn-bouillotte-deal-two = Second deal: the deal passes on to you, so you speak last. Watch the brelan payments.
learn-bouillotte-brelan-now = You hold three kings: a brelan, which beats any point. The vade is { $vade }.
learn-bouillotte-brelan-why = Re-raise, so the others pay more to stay in. At the showdown every player will also pay you { $pay } for your brelan, folded or not.

learn-bouillotte-sans-plus-again = The turn comes back to you, who re-raised last, with three players still able to bet: a sans-plus round, in which you do not speak.
learn-bouillotte-folded-pays = Folded or not, every player pays for a brelan shown at the end.
learn-bouillotte-brelan-wins = Your { $combo } beats every point: the pot of { $n } is yours.
learn-bouillotte-payments = Brelan payments: each of the three others pays you { $n }, { $who } too, who had folded.
learn-summary-bouillotte = In short: the carre is staked blind and speaks last; after the rounds comes a sans-plus round when three can still bet; the retourne and folded cards count for the suit’s owner; everyone pays for a brelan.

## Brag

learn-brag-intro = Three-card Brag with three players: you speak first, { $dealer } deals. Everyone put 1 chip in the pot: it holds { $pot }. Your cards are dealt face down and you have not looked at them.
learn-brag-blind-now = You may play blind, without looking at your cards: every chip you bet then counts double.
learn-brag-blind-why = Bet the least, { $n }, blind: it costs you half of what an open player pays.
learn-brag-blind-bet = Your blind bet counts { $n } for the others: an open player must bet at least { $n }.
learn-brag-open-bet = An open bet must be at least what the last bet counted: { $n }.
learn-brag-two-left = Two players are left: either may now see the other.
learn-brag-look-now = Two players are left. You may stay blind, or look at your cards and play open from then on, at full price.
learn-brag-look-why = Your opponent bet open, so they like their cards: look before paying more.
learn-brag-looked = Your cards: { $cards } ({ $combo }).
learn-brag-see-now = Open now, you may bet at least { $least }, fold, or see { $who } for double: { $n }.
learn-brag-see-why = Seeing ends the hand: the seen player shows first, and the better hand takes the pot. Best first: prial, running flush, run, flush, pair, high card. A run beats most hands: see.
learn-brag-seen-first = The seen player shows first: { $who }, { $theirs }. Your hand, { $mine }, is better: you show and take the pot of { $n }.
learn-summary-brag = In short: blind, your bets count double; look when it matters; with two left, seeing costs double and ends the hand; best first: prial, running flush, run, flush, pair, high card.

## the showdown's "Why?"

why-button = Why?
why-title = Why: the count of hand { $n }
why-players = Players
why-still-in = Still in: { $w }
why-folded = Folded (their cards count for the point all the same): { $w }
why-brelans = Brelans
why-brelan-rule = A brelan (three cards of one rank) beats every point; a brelan carré (with the retourne of its rank) beats a brelan; between two, the higher rank wins.
why-point-rule = Each suit belongs to the player still in who holds its highest card; they count every card of it on the table, folded hands and the retourne included (ace 11, king, queen, jack and ten 10, the others their value). Their point is their best suit.
why-suit = { $sym } { $word }: { $w } holds the highest, { $top }; counts { $cards } = { $n }
why-suit-nobody = { $sym } { $word }: nobody still in holds one; { $cards } count for nobody
why-card-of = { $c } ({ $w })
why-card-folded = { $c } (folded, { $w })
why-card-retourne = { $c } (the retourne)
why-points = Points
why-point-of = { $w }: { $combo }
why-best-point = { $w } has the best point, { $n }.
why-tie = { $w } and { $others } count { $n } each: on equal points the first to speak after the dealer wins, { $w }.
why-brelan-wins = { $w } wins with the best brelan: a brelan beats every point.
why-no-winner = Nobody won the pot on this count.
why-stages-rule = The stakes were unequal: the pot was paid in stages, each won by the best hand among those who staked in it (the table option `pot_rule` says how the point is judged after the first).
why-payments-rule = Brelan payments: every player, folded or not, pays each player still in who shows a brelan, more for a brelan carré.
why-brag-title = Why
why-brag-hand = { $w }: { $cards } — { $combo }
why-brag-ranking = Best first: prial (3-3-3 highest, then aces down), running flush, run (A-2-3 highest), flush, pair, high card.
why-brag-kind = { $w } ({ $a }) beats { $l } ({ $b }): a better kind of hand.
why-brag-cards = { $w } ({ $a }) beats { $l } ({ $b }): the same kind of hand, with higher cards.
why-brag-wilds = { $w } ({ $a }) beats { $l } ({ $b }): equal hands, and fewer wild cards win.
why-brag-equal = { $w } ({ $a }) and { $l } ({ $b }) are equal: a tie goes by how the showdown came (the seen player wins it).
why-brag-shared = Equal best hands share the pot: { $w }.
why-brag-alone = Only { $w }’s hand was shown: a loser who saw, or covered, need not show.
why-expired = That hand is no longer kept: its count cannot be shown.

## practice tables and hints

option-help-practice = A practice table: the house bank pays every cave and takes it back (no wallet moves, no statistics), and the player to act may ask for a hint.
refuse-hint-real-table = Hints are for practice tables only (`practice=on`): at this table you are on your own.
learn-practice = 🎓 Practice table
learn-practice-note = Play chips lent by the house bank: no wallet moves, no statistics. At your turn you may ask what the strong house player would play.
hint-button = Hint
hint-line = 💡 The strong house player would play: **{ $move }**.

## practice tables refuse the flambeau (issue 48)

refuse-practice-flambeau = A practice table cannot have the flambeau (`flambeau=on`): its jar is the server's, and would receive the house bank's chips. Open the practice table without it, or a real table with it.

## /learn shared fairly (issue 48)

learn-busy-server = { $n ->
    [0] No more lessons may open in this server
    [one] A lesson is already running in this server
   *[other] { $n } lessons are already running in this server
}: try again in a few minutes.
learn-opening = Your lesson is opening: it appears in a moment.
