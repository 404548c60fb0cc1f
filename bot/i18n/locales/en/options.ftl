# What each table option does (/table options, /table create's autocomplete).

option-help-deck = The pack: 24, 28 or 32 cards (auto: 28 for five players, else 24).
option-help-ante = Chips each player puts in the pool before every deal.
option-help-ante_by = Who antes: every player (all), or the dealer alone (dealer).
option-help-min_raise = A re-raise is at least 1 chip (1), or at least the previous raise (last_raise).
option-help-refait_dealer = After a refait (nobody opened), the next player deals (next) or the same dealer again (same).
option-help-carre = The blind carre before the cards: off, free (may be played) or forced (the first player must).
option-help-carre_chain = How far the carre goes: carre only, academie (carre, contre-carre, sur-carre), or pagat (an open chain).
option-help-sans_plus = Bouillotte's last round in which each player may stand (sans plus) or raise once more.
option-help-pot_rule = How the point is judged at the second stage of the pot and later: recalculate, single_suit or fixed.
option-help-brelan_pay = Chips every player pays each brelan shown at the showdown (0: none).
option-help-square_pay = Chips every player pays each brelan carré shown at the showdown (0: none).
option-help-flambeau = A chip of each refait goes to the server's flambeau jar.
option-help-cards = Three-, four- or five-card Brag (with four or five, the extra cards are discarded).
option-help-min_bet = The smallest bet, in open terms (a blind player pays half).
option-help-max_bet = The largest bet, in open terms (a blind player pays half).
option-help-max_raise = How much a bet may exceed the previous one (none: no limit).
option-help-blind_allowed = Players may play blind, without looking at their cards, for half price.
option-help-see_cost = Seeing the last opponent costs double the bet (double) or the bet itself (equal).
option-help-wild = Wild cards: none, twos, black_twos, one_eyed_jacks, suicide_king, joker or two_jokers.
option-help-blind_keep = A blind winner keeps their hand unseen (keep), or the next hand is dealt face up (face_up).
option-help-common_showdown = Players may agree to show all hands at once.
option-help-shuffle_every_hand = Shuffle the pack before every deal, not only after a prial is shown.
option-help-turn_timeout = Seconds a player has to act before the automatic move (pass or fold).
option-help-cave = Chips each player brings to the table from their wallet.
option-help-seats = How many seats the table has.
option-help-sit_out_hands = Hands a player may sit out before losing their seat.
option-help-auto_deal = Deal the next hand on its own when the last one ends.
option-help-next_hand_delay = Seconds of pause between two hands.
option-help-max_hands = Brelan: the agreed number of hands, after which the game ends.
option-help-replenish = Brelan: a cleaned-out player may recave.
option-help-staked = Staked Brelan: players may add reserve caves.
option-help-notify = How the player to act is told: mention (in the channel), dm, or off.
option-help-reseed_every = Deals made with one server seed before it is revealed and replaced (fair dealing, /verify); 20 by default, 1 to 1,000.
option-help-closing = The table closes when the hand in play ends.
option-help-next_deal_at = When the next hand is dealt.
option-current = `{ $name }` = `{ $value }` — { $help }
option-choice-line = { $name }={ $value } — { $help }
options-title = Options of this table
