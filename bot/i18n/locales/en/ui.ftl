# Texts of bot/ui/render.py.

ui-showdown-hand = Showdown — hand { $n }
ui-hand = {" "}· hand { $hand }
ui-this-table-closed = This table is closed.
ui-seats = Seats
ui-retourne-turned-card = Retourne (turned card): { $c }
ui-discarded = ; discarded { $c }
ui-his-two-hands = ; their two hands { $c }
ui-proposes-common-showdown = { $w } proposes a common showdown
ui-dealer = dealer
ui-sitting-out = sitting out
ui-leaving-after-this-hand = leaving after this hand
ui-nobody-seated-yet-press-join = Nobody is seated yet: press Join.
ui-speak = { $w } to speak
ui-last-moves = Last moves
ui-waiting-line = Waiting line
ui-folded = {" "}(folded)
ui-hands = Hands
ui-pots = Pots
ui-brelan-payments = Brelan payments
ui-stake = stake { $n }
ui-folded-2 = folded
ui-all-in-2 = all-in
ui-covered-pot = covered the pot
ui-two-hands-one-kept = two hands (one kept)
ui-blind = blind
ui-pool-la-passe = Pool (la passe): { $n }
ui-pot = Pot: { $n }
ui-main-pot-side-pots = Main pot { $m }; side pots { $s }
ui-current-bet-open-terms-blind = Current bet (open terms): { $n }; blind players pay half
ui-face-up = Face up: { $c }
ui-vade-stake-match = Vade (stake to match): { $n }
ui-time-runs-out-t-r = {" "}— turn ends <t:{ $t }:R>
ui-carried = Carried
ui-stay-on-table-from-last = { $n } stay on the table from the last deal
ui-private-messages-closed = Private messages closed
ui-press-my-cards-or-use = { $w }: press My cards or use /cards.
ui-needs-attention = Needs attention
ui-this-table-s-saved-game = This table's saved game could not be resumed. Its chips are safe; a server manager can close it with /admin table close, which returns every chip.
ui-points = { $sym } { $word }: { $w }, { $n ->
    [one] { $n } point
   *[other] { $n } points
}
ui-suits-owned-point = Suits owned (the point)
ui-pays = { $a } pays { $b } { $n }
ui-next-hand-shortly = Next hand shortly.
ui-has-looked = has looked
ui-table = Table
ui-turn = Turn
ui-closing = Closing
ui-table-closes-when-this-hand = The table closes when this hand ends.
ui-game-over = Game over
ui-no-more-hands-at-this = No more hands at this table.
ui-next-hand-t-r = Next hand <t:{ $t }:R>.
ui-waiting-for-next-deal = Waiting for the next deal.
ui-not-started = Not started
ui-join-then-press-start-when = Join, then press Start when two or more are seated.
ui-jar = the jar
ui-join = Join
ui-leave = Leave
ui-my-cards = My cards
ui-start = Start
ui-something-went-wrong-on-our = Something went wrong on our side with that click. The table message shows where the game stands; try again in a moment.
ui-from = From { $a } to { $b }
ui-agree-show = Agree to show
ui-amount = Amount
ui-cards = Cards
ui-other = { $v }: other…
ui-done-table-message-could-not = Done. The table message could not be updated; it is shown again below.
ui-more = … and { $n } more
ui-pot-line-stage = Stage { $k }: { $n } to { $w }
ui-pot-line-brag = Pot { $k }: { $n } to { $w }

## The private message of cards

dm-cards-where = **{ $game }** — hand { $hand }, table #{ $table } in <#{ $channel }> ({ $server })
dm-cards-yours = Your cards: { $cards }
dm-cards-retourne = Retourne (face up): { $card }
dm-cards-link = [Back to the table]({ $link })
ui-table-title = { $game } — table #{ $table }
ui-discard-pick = Choose { $n ->
    [one] the card
   *[other] the { $n } cards
} you discard.
ui-discard-done = Done: { $n ->
    [one] 1 card discarded
   *[other] { $n } cards discarded
}; your hand is in your private messages.
ui-player-n = Player { $n }
ui-retourne-label = Retourne
