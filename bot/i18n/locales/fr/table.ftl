# Le moteur de table et le stockage : refus (refuse-), confirmations privées (done-),
# lignes du journal public à la troisième personne (log-). $user, $by : un membre Discord.

## Refus

refuse-not-allowed = Ce n'est pas permis ici.
refuse-stale-button = Ce bouton appartient à une donne terminée ; utilisez ceux de la donne en cours.
refuse-already-played = Ce coup a déjà été joué.
refuse-stale-hand = Ce coup a déjà été joué ; la table est affichée telle qu'elle est maintenant.
refuse-table-elsewhere = Cette table vient de passer à un autre processus du bot ; réessayez dans quelques secondes.
refuse-table-paused = Cette table est en pause tant que Discord est indisponible sur ce serveur ; réessayez quand le serveur sera de retour.
refuse-no-such-table = Cette table n'existe pas ou est fermée.
refuse-unknown-game = Cette table se joue à { $games }, pas à { $game }.
refuse-no-hand = Aucune donne n'est en cours à cette table.
refuse-not-in-hand = Vous ne jouez pas cette donne.
ui-it-not-your-turn-speak = Ce n'est pas à vous : <@{ $w }> a la parole.
refuse-table-closing = Cette table ferme à la fin de la donne en cours.
refuse-already-closing = Cette table ferme déjà à la fin de la donne en cours.
refuse-already-seated = Vous êtes déjà assis à cette table.
refuse-already-queued = Vous êtes déjà dans la file d'attente de cette table.
refuse-not-queued = Vous n'êtes pas dans la file d'attente de cette table.
refuse-game-over = La partie est finie : le nombre de donnes convenu est joué.
refuse-table-full = Cette table est complète.
refuse-table-full-wait = Cette table est complète ; vous pouvez attendre une place dans la file.
refuse-chips = Vous avez { $have ->
    [one] { $have } jeton
   *[other] { $have } jetons
} ; il en faut { $need }.
refuse-chips-to-sit = Vous avez { $have ->
    [one] { $have } jeton
   *[other] { $have } jetons
} ; il en faut { $need } pour vous asseoir ici.
refuse-chips-to-recave = Vous avez { $have ->
    [one] { $have } jeton
   *[other] { $have } jetons
} ; il en faut { $need } pour recaver.
refuse-queue-full = La file d'attente est complète ({ $n ->
        [one] { $n } joueur
       *[other] { $n } joueurs
    }).
refuse-not-started-join = La partie n'a pas commencé : rejoignez la table pour vous asseoir.
refuse-not-started-reserve = La partie n'a pas commencé : les caves de réserve se posent une fois qu'elle a commencé.
refuse-not-staked = Seul le Brelan à caves a des caves de réserve.
refuse-not-seated = Vous n'êtes pas assis à cette table.
refuse-player-not-seated = <@{ $user }> n'est pas assis à cette table.
refuse-reserve-range = Une cave de réserve fait de 1 à { $most ->
        [one] { $most } jeton
       *[other] { $most } jetons
    }, pas { $want }.
refuse-hand-in-play = Une donne est déjà en cours à cette table.
refuse-deal-who = Seuls un joueur assis, le créateur de la table ou un gérant du serveur peuvent donner les cartes.
refuse-deal-wait = La prochaine donne est distribuée dans { $n ->
    [one] { $n } seconde
   *[other] { $n } secondes
}.
refuse-two-seated = Il faut au moins deux joueurs assis pour commencer.
refuse-two-present = Il faut au moins deux joueurs présents.
refuse-close-who = Seul le joueur qui a ouvert cette table peut la fermer.
refuse-hand-not-over = Cette donne n'est pas encore terminée.
refuse-hand-over = Cette donne est déjà terminée.
refuse-no-such-hand = Cette donne n'existe pas.
refuse-carre-blind = Les cartes ne sont pas encore distribuées : le carre se joue à l'aveugle.
refuse-folded = Vous vous êtes couché : vos cartes sont retournées au paquet.
refuse-blind = Vous jouez à l'aveugle : regardez d'abord vos cartes.
refuse-no-recave = Pas de recave à cette table : rejoignez-la pour vous asseoir.
refuse-recave-seated = Vous avez encore votre place : seul un joueur décavé recave.
refuse-recave-not-decave = Seul un joueur décavé à cette table peut recaver ; rejoignez-la pour vous asseoir.
refuse-no-replenish = Cette table ne permet pas de recaver après un décave.
refuse-recave-range = Vous pouvez recaver de 1 à { $most ->
        [one] { $most } jeton
       *[other] { $most } jetons
    }, pas { $want }.
refuse-cave-at-least-one = Une cave fait au moins 1 jeton.
refuse-recave-nobody = Personne n'est assis : rejoignez la table pour vous asseoir avec la cave normale.
refuse-turn-timer = Le temps de parole est de plus de 0 seconde et de { $most ->
        [one] { $most } seconde
       *[other] { $most } secondes
    } au plus.
refuse-cave-range = La cave est de 1 à { $most ->
        [one] { $most } jeton
       *[other] { $most } jetons
    }.
refuse-delay-max = La pause avant la donne suivante est de { $most ->
        [one] { $most } seconde
       *[other] { $most } secondes
    } au plus.
refuse-delay-negative = La pause avant la donne suivante ne peut pas être négative.
refuse-seats-range = Une table de { $game ->
    [brelan] Brelan
    [bouillotte] Bouillotte
   *[brag] Brag
} a de { $low } à { $high ->
    [one] { $high } place
   *[other] { $high } places
}.
} a de { $low } à { $high } places.
refuse-max-hands-brelan = Seul le Brelan se joue en un nombre de donnes convenu.
refuse-max-hands-one = Le nombre de donnes convenu est d'au moins 1.
refuse-replenish-brelan = Seul le Brelan a l'option de recave (replenish).
refuse-staked-brelan = Seul le Brelan se joue à caves (caves de réserve).
refuse-move-not-legal = Vous ne pouvez pas { $verb } maintenant.
refuse-amount-fixed = Vous ne pouvez { $verb } que pour { $n } maintenant, pas { $want }.
refuse-amount-range = Vous pouvez { $verb } de { $low } à { $high ->
        [one] { $high } jeton
       *[other] { $high } jetons
    } maintenant, pas { $want }.
refuse-amount-none = { $verb } : sans montant.
refuse-move-missing = Choisissez un coup dans la liste.
refuse-move-unknown = « { $text } » n'est pas un coup : choisissez-en un dans la liste.
refuse-amount-range-text = « { $text } » n'est pas un nombre de jetons : vous pouvez { $verb } de { $low } à { $high ->
        [one] { $high } jeton
       *[other] { $high } jetons
    } maintenant.
refuse-amount-range-missing = Dites combien de jetons : vous pouvez { $verb } de { $low } à { $high ->
        [one] { $high } jeton
       *[other] { $high } jetons
    } maintenant.
refuse-amount-fixed-text = « { $text } » n'est pas un nombre : vous ne pouvez { $verb } que pour { $n } maintenant.
refuse-amount-fixed-missing = Donnez le montant : vous ne pouvez { $verb } que pour { $n } maintenant.
refuse-amount-either = Donnez { $n } ou { $m } comme montant pour { $verb }, pas { $want }.
refuse-amount-either-text = « { $text } » n'est pas un nombre : donnez { $n } ou { $m } comme montant pour { $verb }.
refuse-amount-either-missing = Donnez { $n } ou { $m } comme montant pour { $verb }.
refuse-whole-chips = Les jetons se comptent en nombres entiers au-dessus de zéro.
refuse-whole-number = Il faut un nombre entier, 0 ou plus.
refuse-amount-max = Aucun montant ne peut dépasser { $most ->
        [one] { $most } jeton
       *[other] { $most } jetons
    }.
refuse-wallet-max = Aucun portefeuille ne peut dépasser { $most ->
        [one] { $most } jeton
       *[other] { $most } jetons
    }.
refuse-adjust-zero = Donnez ou retirez un nombre entier de jetons, pas zéro.
refuse-take-too-much = Ce joueur a { $have ->
    [one] { $have } jeton
   *[other] { $have } jetons
} ; vous ne pouvez pas en retirer { $take }.
refuse-self-transfer = Vous ne pouvez pas vous envoyer des jetons.
refuse-daily-not-ready = Votre bonus du jour n'est pas encore prêt : revenez dans { $wait }.
refuse-table-exists = Il y a déjà une table dans ce salon.
refuse-no-table-here = Il n'y a pas de table ici.
refuse-table-closed = Cette table est fermée.
refuse-seat-taken = La place { $seat } est prise.
refuse-no-seat = Il n'y a pas de place { $seat } à cette table.
refuse-chips-not-conserved = Les jetons de cette table ne tombent pas juste ({ $detail }) ; rien n'a été changé.
refuse-schema-too-new = La base de données est au schéma { $found } mais ce bot ne connaît que le { $known } ; mettez le bot à jour.

## Options de table données à /table créer

option-whole-chips = L'option `{ $option }` doit être un nombre entier de jetons, 0 ou plus.
option-chips-max = L'option `{ $option }` est de { $most ->
        [one] { $most } jeton
       *[other] { $most } jetons
    } au plus.
option-choice = L'option `{ $option }` ne peut pas valoir « { $value } » ; choisissez parmi : { $choices }.
option-boolean = L'option `{ $option }` vaut `on` ou `off`.
option-chips-or-none = L'option `{ $option }` est d'au moins 1 jeton, ou `none`.
option-unknown = Le { $game ->
    [brelan] Brelan
    [bouillotte] Bouillotte
   *[brag] Brag
} n'a pas d'option « { $option } » ; ses options sont : { $options }.
option-min-bet = L'option `min_bet` est d'au moins 1 jeton.
option-max-bet = L'option `max_bet` est au moins égale à `min_bet`.
option-count = L'option `{ $option }` prend un nombre entier de { $unit ->
    [seconds] secondes
    [seats] places
    [hands] donnes
    [deals] donnes
   *[chips] jetons
} de { $low } à { $high }{ $none ->
    [yes] , ou `none`
   *[no] {""}
}.

## Confirmations privées

done-back = Bon retour : vous recevrez des cartes dès la prochaine donne.
done-sits = Vous vous asseyez avec { $n ->
    [one] { $n } jeton
   *[other] { $n } jetons
}. Votre graine pour la donne équitable est `{ $seed }` (choisissez la vôtre avec /table graine).
done-recaves = Vous recavez pour { $n ->
    [one] { $n } jeton
   *[other] { $n } jetons
}. Votre graine pour la donne équitable est `{ $seed }` (choisissez la vôtre avec /table graine).
done-queued = La table est complète : vous êtes numéro { $place } dans la file.
done-queued-recave = Vous êtes numéro { $place } dans la file : vous recaverez pour { $n ->
    [one] { $n } jeton
   *[other] { $n } jetons
} (au plus ce que tiennent les joueurs assis) quand une place se libérera.
done-reserve = Vous posez une cave de réserve de { $n ->
    [one] { $n } jeton
   *[other] { $n } jetons
}.
done-left-queue = Vous avez quitté la file d'attente.
done-leaves-later = Vous partirez avec vos jetons à la fin de cette donne.
done-charlemagne = Charlemagne : vous partirez avec vos jetons à la fin de cette donne.
done-leaves = Vous quittez la table avec { $n ->
    [one] { $n } jeton
   *[other] { $n } jetons
}.
done-closing = La table fermera à la fin de cette donne.
done-closed = La table est fermée ; chacun a récupéré ses jetons.
done-void = La donne { $hand } est annulée : chacun a repris sa mise.

## Le journal public (troisième personne)

log-table-open = <@{ $user }> ouvre une table de { $game ->
    [brelan] Brelan
    [bouillotte] Bouillotte
   *[brag] Brag
}.
log-needs-attention = Cette table est à vérifier : sa partie enregistrée n'a pas pu reprendre. Ses jetons sont en sécurité ; un gérant du serveur peut la fermer avec /admin table fermer, qui rend tous les jetons.
log-back = <@{ $user }> est de retour et recevra des cartes dès la prochaine donne.
log-sits = <@{ $user }> s'assied avec { $n ->
    [one] { $n } jeton
   *[other] { $n } jetons
}.
log-recaves = <@{ $user }> recave pour { $n ->
    [one] { $n } jeton
   *[other] { $n } jetons
}.
log-reserve = <@{ $user }> pose une cave de réserve de { $n ->
    [one] { $n } jeton
   *[other] { $n } jetons
}.
log-leaves-later = <@{ $user }> partira à la fin de cette donne.
log-charlemagne = <@{ $user }> fait Charlemagne : départ à la fin de cette donne.
log-leaves = <@{ $user }> part avec { $n ->
    [one] { $n } jeton
   *[other] { $n } jetons
}.
log-sat-out-leaves = <@{ $user }> s'est absenté trop longtemps et quitte la table.
log-cannot-pay-cave = <@{ $user }> ne peut pas payer la cave et perd sa place.
log-takes-seat = <@{ $user }> prend place avec { $n ->
    [one] { $n } jeton
   *[other] { $n } jetons
}.
log-closing = <@{ $user }> ferme la table à la fin de cette donne.
log-closed = La table est fermée.
log-void = <@{ $user }> annule la donne { $hand } : chacun reprend sa mise.
log-dealt = La donne { $hand } est distribuée.
log-next-hand = La prochaine donne est distribuée dans { $n ->
    [one] { $n } seconde
   *[other] { $n } secondes
}.
log-game-over = La partie est finie : { $n ->
    [0] aucune donne n'était convenue.
    [one] la donne convenue est jouée.
   *[other] les { $n } donnes convenues sont jouées.
}
log-timeout = <@{ $user }> n'a pas parlé à temps : { $verb }.
log-departed-move = <@{ $user }> a quitté le serveur : { $verb }.
log-member-left = <@{ $user }> a quitté le serveur.
log-server-back = Le serveur est de retour : la partie reprend, et le joueur dont c'est le tour dispose de tout son temps.
log-connection-back = La connexion du bot à Discord est rétablie : la partie reprend, et le joueur dont c'est le tour dispose de tout son temps.
log-hand-over = La donne est terminée.
log-wins-uncontested = <@{ $user }> gagne { $n ->
    [one] { $n } jeton
   *[other] { $n } jetons
} sans abattage.
log-refait = Refait : { $n ->
    [one] { $n } jeton reste
   *[other] { $n } jetons restent
} sur la table.
log-carried = { $n ->
    [one] { $n } jeton reste
   *[other] { $n } jetons restent
} sur la table.
log-blind-win = <@{ $user }> gagne à l'aveugle : { $n ->
    [one] { $n } jeton reste
   *[other] { $n } jetons restent
} sur la table.
log-blind-win-keeps = <@{ $user }> gagne à l'aveugle et garde sa main sans la voir : { $n ->
    [one] { $n } jeton reste
   *[other] { $n } jetons restent
} sur la table.
refuse-no-table-in-channel = Il n'y a pas de table dans ce salon : ouvrez-en une avec /table créer.
refuse-discard = Choisissez { $n ->
    [one] { $n } carte
   *[other] { $n } cartes
} de votre main à écarter.
refuse-discard-text = Votre main n'a pas « { $text } » : choisissez { $n ->
    [one] { $n } carte
   *[other] { $n } cartes
} de votre main à écarter.
refuse-options-format = « { $word } » n'est pas une option de table : écrivez chacune sous la forme `clé=valeur`, séparées par des espaces.
refuse-notify-mode = L'option notify vaut l'une de : { $modes }.

## Le choix du donneur au Brag (docs/brag.md)

refuse-dealers-choice-brag = Seul le Brag connaît le choix du donneur.
refuse-choice-none = Personne ne choisit le jeu maintenant : le donneur choisit après chaque tour complet de donnes.
refuse-choice-voting = La proposition du donneur est soumise au vote : répondez Oui ou Non.
refuse-choice-who = C'est <@{ $user }>, le donneur, qui choisit le jeu.
refuse-choice-pending = <@{ $user }>, le donneur, choisit le jeu : la prochaine donne viendra une fois le choix fait.
refuse-vote-none = Il n'y a pas de proposition à voter.
refuse-vote-not-seated = Seuls les joueurs assis à cette table votent.
refuse-vote-twice = Vous avez déjà voté.
done-choice = C'est fait.
done-vote = Vous avez voté { $vote ->
    [yes] oui
   *[no] non
}.
log-choice-offered = 🎲 Choix du donneur : <@{ $user }> choisit le jeu du prochain tour.
log-choice-proposed = 🎲 <@{ $user }> propose un autre jeu : { $changes }. Joueurs assis, votez Oui ou Non (sans réponse, c'est non).
log-choice-changed = 🎲 <@{ $user }> choisit : { $changes }.
log-choice-refused = 🎲 La proposition de <@{ $user }> est refusée ({ $yes } oui sur { $n ->
        [one] { $n } joueur
       *[other] { $n } joueurs
    } assis) : le jeu reste le même.
log-choice-timeout = 🎲 <@{ $user }> n'a pas choisi à temps : le jeu reste le même.
log-choice-kept = 🎲 <@{ $user }> garde le même jeu.
log-vote = <@{ $user }> vote { $vote ->
    [yes] oui
   *[no] non
}.

choice-title = 🎲 Choix du donneur
choice-choosing = <@{ $user }> choisit le jeu du prochain tour, jusqu'à <t:{ $t }:T> : le menu ci-dessous (le donneur seul), ou /table choisir pour un autre jeu.
choice-voting = <@{ $user }> propose : { $changes }. Oui { $yes } · Non { $no } · sans réponse { $left }, jusqu'à <t:{ $t }:T> (sans réponse, c'est non).
choice-placeholder = Le jeu du prochain tour (donneur)
choice-keep = Garder le même jeu
choice-cards = Brag à { $value ->
        [one] { $value } carte
       *[other] { $value } cartes
    } (jusqu'à { $cap ->
        [one] { $cap } joueur
       *[other] { $cap } joueurs
    })
choice-blind-allowed = { $value ->
    [true] Jeu à l'aveugle permis
   *[false] Pas de jeu à l'aveugle
}
choice-wild = Cartes folles : { $value ->
    [none] aucune
    [twos] tous les 2
    [black_twos] les 2 noirs
    [one_eyed_jacks] les valets borgnes
    [suicide_king] le roi suicidaire
    [joker] un joker
   *[two_jokers] deux jokers
}
label-vote-yes = Oui
label-vote-no = Non
option-help-dealers_choice = Brag : après chaque tour complet de donnes, le donneur choisit la variante (cartes folles, jeu à l'aveugle, 3, 4 ou 5 cartes) ; un autre jeu demande la majorité des joueurs assis.
