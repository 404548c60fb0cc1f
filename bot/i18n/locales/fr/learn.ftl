# Leçons (/apprendre, python -m bot.play --learn), tables d'entraînement et leurs conseils,
# le « Pourquoi » de l'abattage, la page illustrée de /règles (bot/learn/,
# bot/view/explain.py, bot/house/advice.py, cogs/learn.py, cogs/rules.py).

## une page de leçon

learn-title = Leçon : { $game } ({ $step }/{ $steps })
learn-table = À la table
learn-cards = Vos cartes
learn-story = Ce qui s'est passé
learn-your-move = À vous de jouer
learn-next = La suite
learn-next-deal = Donne suivante
learn-go-on = La leçon continue avec une autre donne.
learn-end = Fin de la leçon
learn-suggest = Dans cette leçon, jouez : **{ $move }**.
learn-not-this-time = Pas cette fois : ici la leçon joue **{ $move }**, pour montrer la suite. Lisez pourquoi plus bas, puis appuyez dessus.
learn-invite-discord = Envie de continuer ? Ouvrez une table d'entraînement, avec des jetons pour rire, des joueurs de la maison et un bouton 💡 Conseil à votre tour : `/table créer jeu:{ $game } options:practice=on`.
learn-invite-terminal = Envie de continuer ? Jouez une table d'entraînement contre des joueurs de la maison, avec un conseil à votre tour : python -m bot.play --game { $game } --lang { $lang }.
learn-expired = Cette leçon est finie ou a expiré : commencez-en une autre avec /apprendre.
learn-busy = Trop de leçons sont en cours : réessayez dans quelques minutes.
learn-terminal-next = Appuyez sur Entrée pour la donne suivante.
learn-terminal-choose = Tapez le numéro de votre coup :
learn-terminal-hint = Dans cette leçon, jouez { $move } : tapez { $number }.
learn-terminal-not-this-time = Pas cette fois : ici la leçon joue { $move }, pour montrer la suite (son sens est plus haut) : tapez { $number }.

## ce que veut dire chaque choix

learn-choice = • **{ $label }** : { $meaning }
learn-choice-carre = miser { $n }, la passe, avant que personne ne voie ses cartes : le jeu est ouvert, et vous parlerez le dernier au premier tour.
learn-choice-decline = pas de carre : les cartes sont données.
learn-choice-pass-opening = ne pas ouvrir ; si tout le monde passe, on redonne.
learn-choice-pass = vous coucher : votre mise reste sur la table, et vos cartes compteront quand même pour le point.
learn-choice-open = miser au moins la passe ({ $low } à { $high }) : les autres doivent atteindre votre mise, la vade, pour rester.
learn-choice-hold = porter votre mise à la vade, { $n }.
learn-choice-raise = relancer la vade ({ $low } à { $high }) : chaque joueur encore en jeu doit répondre.
learn-choice-stand = rester sans rien ajouter (sans plus) : les enchères s'arrêtent quand tous l'ont dit.
learn-choice-look = regarder vos cartes : vous jouez ensuite à découvert, au plein prix.
learn-choice-bet-blind = miser sans regarder ({ $low } à { $high }) : chaque jeton compte double pour les autres.
learn-choice-bet = miser au moins la dernière mise ({ $low } à { $high }).
learn-choice-fold = abandonner la donne : vos mises restent au pot.
learn-choice-see = payer { $n } pour finir la donne : le joueur vu montre d'abord.

## les lignes des leçons (communes)

learn-your-cards = Vos cartes : { $cards }. La retourne, face visible pour tous : { $retourne }.
learn-opened = Vous ouvrez : votre mise, { $vade }, est la vade que chacun doit atteindre pour rester.
learn-raised = La vade passe à { $vade } : chaque joueur encore en jeu doit l'atteindre pour rester.
learn-hold-now = { $who } a relancé à { $vade } : pour rester, ajoutez { $cost } à votre mise.
learn-folded-still-count = Les cartes couchées ne sont pas perdues : elles seront retournées à la fin et compteront quand même pour le point.
learn-you-win = Le pot de { $n } est à vous.

## Brelan

learn-brelan-intro = Brelan à quatre : vous parlez le premier, { $dealer } donne. Chacun a mis 1 jeton à la passe : elle contient { $pool }.
learn-brelan-open-now = Personne n'a encore ouvert. Ouvrir, c'est miser au moins la passe, { $pool } ; passer ne coûte rien.
learn-brelan-open-why = Vous tenez l'as de cœur, le plus haut cœur : à la fin, qui tient la plus haute carte d'une couleur parmi les joueurs encore en jeu compte toutes les cartes de cette couleur sur la table, la retourne { $retourne } comprise.

learn-brelan-hold-why = Votre as vous garde les cœurs quoi que tiennent les autres, et la retourne est un cœur : tenir en vaut la peine.
learn-brelan-betting-over = La parole revient à { $who }, qui a relancé le dernier : les enchères sont finies et toutes les mains sont montrées, celles des couchés aussi.
learn-brelan-hearts = La retourne { $card } a compté pour vous, et le { $his } de { $who } aussi : vous teniez le plus haut cœur encore en jeu, donc tous les cœurs de la table étaient à vous, { $n ->
        [one] { $n } point
       *[other] { $n } points
    }.
learn-brelan-folded-counts = La main de { $who } était couchée, et pourtant son { $card } a compté : pour { $owner }, qui tenait le plus haut trèfle encore en jeu.
learn-brelan-precedence = { $who } comptait aussi { $n } à carreau. À points égaux, gagne le premier à parler après le donneur : vous. Le pot est à vous.
learn-summary-brelan = En bref : ouvrez ou passez, puis tenez ou relancez jusqu'à la vade ; une couleur compte pour qui tient sa plus haute carte encore en jeu, cartes couchées et retourne comprises ; à points égaux, le premier après le donneur l'emporte.

## Bouillotte

learn-bouillotte-intro = Bouillotte à quatre, 30 jetons chacun : vous parlez le premier, { $dealer } donne. La passe contient { $pool }. Personne n'a encore vu ses cartes : d'abord le carre.
learn-bouillotte-carre-now = Premier à parler, on vous propose le carre : miser la passe, { $n }, avant que personne ne voie ses cartes.
learn-bouillotte-carre-why = Le carre ouvre le jeu à l'aveugle. En échange, vous parlez le dernier au premier tour, et pouvez encore relancer à ce moment-là.
learn-bouillotte-carred = Vous faites le carre : le jeu est ouvert, la vade est de { $n }.
learn-bouillotte-no-contre = { $who } pouvait contre-carrer en misant { $n }, le double du vôtre, et refuse : la chaîne du carre s'arrête et les cartes sont données.

learn-bouillotte-hold-why = Votre as de cœur est le plus haut cœur : tous les cœurs de la table compteront pour vous, la retourne { $retourne } aussi. Tenez.
learn-bouillotte-sans-plus-comes = La parole revient à { $who }, qui a relancé le dernier, et trois joueurs peuvent encore miser : à la Bouillotte on joue alors un tour de plus, le tour du sans plus.
learn-bouillotte-stand-now = Le tour du sans plus : chacun à son tour dit sans plus (reste sans rien ajouter) ou relance ; personne ne peut plus se coucher.
learn-bouillotte-stand-why = Une relance relancerait les tours. Sans plus arrête les enchères si les autres le disent aussi.
learn-bouillotte-betting-over = Tout le monde a dit sans plus : { $who }, qui a relancé le dernier, ne parle pas. Toutes les mains sont montrées, celles des couchés aussi.
learn-bouillotte-retourne-decides = La retourne { $card } a tout décidé : avec elle vos cœurs comptent { $n } ; sans elle seulement { $without }, moins que les { $theirs } de { $who } à carreau.
learn-bouillotte-folded-counts = La main de { $who } était couchée, et pourtant son { $card } a compté : pour { $owner }, qui tenait le plus haut carreau encore en jeu.
learn-bouillotte-deal-two = Deuxième donne : la donne passe à vous, vous parlez donc le dernier. Regardez bien les paiements des brelans.
learn-bouillotte-brelan-now = Vous tenez trois rois : un brelan, qui bat tout point. La vade est de { $vade }.
learn-bouillotte-brelan-why = Relancez, pour que les autres paient plus cher pour rester. À l'abattage chaque joueur vous paiera aussi { $pay } pour votre brelan, couché ou non.

learn-bouillotte-sans-plus-again = La parole vous revient, à vous qui avez relancé le dernier, et trois joueurs peuvent encore miser : un tour du sans plus, où vous ne parlez pas.
learn-bouillotte-folded-pays = Couché ou non, chaque joueur paie pour un brelan montré à la fin.
learn-bouillotte-brelan-wins = Votre { $combo } bat tous les points : le pot de { $n } est à vous.
learn-bouillotte-payments = Paiements des brelans : chacun des trois autres vous paie { $n }, { $who } aussi, malgré sa main couchée.
learn-summary-bouillotte = En bref : le carre se mise à l'aveugle et parle le dernier ; après les tours vient un tour du sans plus quand trois peuvent encore miser ; la retourne et les cartes couchées comptent pour le maître de la couleur ; tout le monde paie un brelan.

## Brag

learn-brag-intro = Brag à trois cartes, à trois : vous parlez le premier, { $dealer } donne. Chacun a mis 1 jeton au pot : il contient { $pot }. Vos cartes sont données face cachée et vous ne les avez pas regardées.
learn-brag-blind-now = Vous pouvez jouer à l'aveugle, sans regarder vos cartes : chaque jeton misé compte alors double.
learn-brag-blind-why = Misez le moins possible, { $n }, à l'aveugle : vous payez moitié moins qu'un joueur à découvert.
learn-brag-blind-bet = Votre mise à l'aveugle compte { $n } pour les autres : un joueur à découvert doit miser au moins { $n }.
learn-brag-open-bet = Une mise à découvert doit valoir au moins ce que comptait la dernière mise : { $n }.
learn-brag-two-left = Il reste deux joueurs : chacun peut maintenant voir l'autre.
learn-brag-look-now = Il reste deux joueurs. Vous pouvez rester à l'aveugle, ou regarder vos cartes et jouer ensuite à découvert, au plein prix.
learn-brag-look-why = Votre adversaire a misé à découvert, il aime donc ses cartes : regardez avant de payer plus.
learn-brag-looked = Vos cartes : { $cards } ({ $combo }).
learn-brag-see-now = À découvert désormais, vous pouvez miser au moins { $least }, vous coucher, ou voir { $who } pour le double : { $n }.
learn-brag-see-why = Voir finit la donne : le joueur vu montre d'abord, et la meilleure main prend le pot. De la meilleure à la moindre : prial, suite couleur, suite, couleur, paire, carte haute. Une suite bat la plupart des mains : voyez.
learn-brag-seen-first = Le joueur vu montre d'abord : { $who }, { $theirs }. Votre main, { $mine }, est meilleure : vous montrez et prenez le pot de { $n }.
learn-summary-brag = En bref : à l'aveugle, vos mises comptent double ; regardez quand il le faut ; à deux, voir coûte le double et finit la donne ; de la meilleure à la moindre : prial, suite couleur, suite, couleur, paire, carte haute.

## le « Pourquoi » de l'abattage

why-button = Pourquoi ?
why-title = Pourquoi : le compte de la donne { $n }
why-players = Joueurs
why-still-in = Encore en jeu : { $w }
why-folded = Couchés (leurs cartes comptent pour le point tout de même) : { $w }
why-brelans = Brelans
why-brelan-rule = Un brelan (trois cartes du même rang) bat tout point ; un brelan carré (avec la retourne de son rang) bat un brelan ; entre deux, le plus haut rang gagne.
why-point-rule = Chaque couleur appartient au joueur encore en jeu qui en tient la plus haute carte ; il en compte toutes les cartes sur la table, mains couchées et retourne comprises (as 11, roi, dame, valet et dix 10, les autres leur valeur). Son point est sa meilleure couleur.
why-suit = { $sym } { $word } : { $w } tient la plus haute, { $top } ; compte { $cards } = { $n }
why-suit-nobody = { $sym } { $word } : aucun joueur encore en jeu n'en tient ; { $cards } ne comptent pour personne
why-card-of = { $c } ({ $w })
why-card-folded = { $c } (couchée, { $w })
why-card-retourne = { $c } (la retourne)
why-points = Points
why-point-of = { $w } : { $combo }
why-best-point = { $w } a le meilleur point, { $n }.
why-tie = { $w } et { $others } comptent { $n } chacun : à points égaux, gagne le premier à parler après le donneur, { $w }.
why-brelan-wins = { $w } gagne avec le meilleur brelan : un brelan bat tout point.
why-no-winner = Personne n'a gagné le pot sur ce compte.
why-stages-rule = Les mises étaient inégales : le pot s'est payé par étages, chacun gagné par la meilleure main parmi ceux qui y avaient misé (l'option `pot_rule` dit comment le point se juge après le premier).
why-payments-rule = Paiements des brelans : chaque joueur, couché ou non, paie chaque joueur encore en jeu qui montre un brelan, davantage pour un brelan carré.
why-brag-title = Pourquoi
why-brag-hand = { $w } : { $cards } — { $combo }
why-brag-ranking = De la meilleure à la moindre : prial (3-3-3 en tête, puis les as et en descendant), suite couleur, suite (A-2-3 en tête), couleur, paire, carte haute.
why-brag-kind = { $w } ({ $a }) bat { $l } ({ $b }) : une meilleure sorte de main.
why-brag-cards = { $w } ({ $a }) bat { $l } ({ $b }) : même sorte de main, avec de plus hautes cartes.
why-brag-wilds = { $w } ({ $a }) bat { $l } ({ $b }) : mains égales, et la moins riche en cartes folles gagne.
why-brag-equal = { $w } ({ $a }) et { $l } ({ $b }) sont à égalité : l'égalité se règle selon la façon dont on est venu à l'abattage (le joueur vu la gagne).
why-brag-shared = Les meilleures mains égales partagent le pot : { $w }.
why-brag-alone = Seule la main de { $w } a été montrée : un perdant qui a vu, ou couvert, n'a pas à montrer.
why-expired = Cette donne n'est plus gardée : son compte ne peut pas être montré.

## tables d'entraînement et conseils

option-help-practice = Une table d'entraînement : la banque de la maison paie chaque cave et la reprend (aucun portefeuille ne bouge, aucune statistique), et le joueur qui a la parole peut demander un conseil.
refuse-hint-real-table = Les conseils sont réservés aux tables d'entraînement (`practice=on`) : à cette table, vous jouez seul.
learn-practice = 🎓 Table d'entraînement
learn-practice-note = Des jetons pour rire, prêtés par la banque de la maison : aucun portefeuille ne bouge, aucune statistique. À votre tour, vous pouvez demander ce que jouerait le joueur fort de la maison.
hint-button = Conseil
hint-line = 💡 Le joueur fort de la maison jouerait : **{ $move }**.

## practice tables refuse the flambeau (issue 48)

refuse-practice-flambeau = Une table d'entraînement ne peut pas avoir le flambeau (`flambeau=on`) : sa cagnotte, celle du serveur, recevrait les jetons de la banque de la maison. Ouvrez la table d'entraînement sans lui, ou une vraie table avec lui.

## /learn shared fairly (issue 48)

learn-busy-server = { $n ->
    [0] Aucune leçon de plus ne peut s'ouvrir sur ce serveur
    [one] Une leçon est déjà en cours sur ce serveur
   *[other] { $n } leçons sont déjà en cours sur ce serveur
} : réessayez dans quelques minutes.
learn-opening = Votre leçon s'ouvre : elle apparaît dans un instant.
