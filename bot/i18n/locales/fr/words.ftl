# Les mots du jeu. verb-* : un coup, tel qu'on le dit après « Vous ne pouvez pas … maintenant ».

verb-carre = faire le carre
verb-decline = refuser le carre
verb-pass = passer
verb-open = ouvrir
verb-hold = tenir
verb-raise = relancer
verb-stand = dire sans plus
verb-look = regarder vos cartes
verb-bet = miser
verb-fold = vous coucher
verb-see = voir
verb-cover = couvrir
verb-discard = écarter
verb-keep = garder
verb-throw = jeter
verb-showdown = proposer l'abattage
verb-refuse = refuser l'abattage
verb-unknown = jouer ce coup
