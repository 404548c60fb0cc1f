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
verb-unknown = play that move
