# The game's words. verb-*: a move, as said after "You cannot … now".

verb-carre = play the carre
verb-decline = decline the carre
verb-pass = pass
verb-open = open
verb-hold = hold
verb-raise = raise
verb-stand = stand (sans plus)
verb-look = look at your cards
verb-bet = bet
verb-fold = fold
verb-see = see
verb-cover = cover
verb-discard = discard
verb-keep = keep
verb-throw = throw
verb-showdown = propose a showdown
verb-refuse = refuse the showdown

## Button labels and what each move means

label-carre = Carre
label-decline = Decline
label-pass = Pass
label-open = Open { $n }
label-hold = Hold { $n }
label-raise = Raise to { $n }
label-stand = Sans plus
label-look = Look at my cards
label-bet = Bet { $n }
label-fold = Fold
label-see = See ({ $n })
label-cover = Cover
label-discard = Discard…
label-keep = Keep
label-throw = Throw
label-showdown = Propose showdown
label-refuse = Refuse
label-look-hand = Look at hand { $n }
label-keep-hand = Keep hand { $n }
help-carre = stake the pool blind, before the cards
help-decline = decline the carre step offered
help-pass = pass (after the opening: fold)
help-open = open: your total stake
help-hold = hold: match the vade
help-raise = re-raise: your total stake
help-stand = sans plus: stand pat
help-look = look at your cards (no longer blind)
help-bet = bet: chips put in now
help-fold = fold
help-see = see: pay to compare hands
help-cover = cover: put in all you have
help-discard = discard cards (4/5-card brag)
help-keep = keep this hand
help-throw = throw this hand
help-showdown = propose a common showdown
help-refuse = refuse the showdown
