# Les mots du jeu. verb-* : un coup, tel qu'on le dit après « Vous ne pouvez pas … maintenant ».

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

## Étiquettes des boutons et sens de chaque coup

label-carre = Carre
label-decline = Refuser
label-pass = Passer
label-open = Ouvrir { $n }
label-hold = Tenir { $n }
label-raise = Relancer à { $n }
label-stand = Sans plus
label-look = Regarder mes cartes
label-bet = Miser { $n }
label-fold = Se coucher
label-see = Voir ({ $n })
label-cover = Couvrir
label-discard = Écarter…
label-keep = Garder
label-throw = Jeter
label-showdown = Proposer l'abattage
label-refuse = Refuser
label-look-hand = Regarder la main { $n }
label-keep-hand = Garder la main { $n }
help-carre = miser la passe à l'aveugle
help-decline = refuser le carre proposé
help-pass = passer (après l'ouverture : se coucher)
help-open = ouvrir : votre mise totale
help-hold = tenir : égaler la vade
help-raise = relancer : votre mise totale
help-stand = sans plus : ne plus relancer
help-look = regarder vos cartes
help-bet = miser : jetons mis maintenant
help-fold = se coucher
help-see = voir : payer pour comparer
help-cover = couvrir : mettre tout votre tapis
help-discard = écarter des cartes
help-keep = garder cette main
help-throw = jeter cette main
help-showdown = proposer un abattage commun
help-refuse = refuser l'abattage
