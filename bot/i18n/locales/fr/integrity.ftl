# Textes de l'intégrité : la dotation de bienvenue gardée au portefeuille (bot/ui/abuse.py),
# /admin flux (bot/ui/flows_text.py, cogs/admin.py), les cartes d'une donne finie (bot/runtime).

abuse-welcome-grant-locked = Votre dotation de bienvenue ({ $grant }) ne peut pas être donnée avant que vous ayez joué { $hands ->
    [one] { $hands } donne
   *[other] { $hands } donnes
} ici (vous en avez joué { $played }). { $n ->
    [0] Pour l'instant, vous n'avez aucun jeton à donner.
   *[other] Pour l'instant, vous pouvez donner jusqu'à { $free }.
}
abuse-grant-stake-locked = Votre dotation de bienvenue ({ $grant }) est à jouer, pas à transmettre, tant que { $why ->
    [account] votre compte Discord n'a pas { $d ->
        [one] { $d } jour
       *[other] { $d } jours
    }
    [member] vous n'êtes pas membre ici depuis { $d ->
        [one] { $d } jour
       *[other] { $d } jours
    }
   *[hands] vous n'avez pas joué { $hands ->
        [one] { $hands } donne
       *[other] { $hands } donnes
    } ici (vous en avez joué { $played })
} : d'ici là, { $stake } au plus peuvent en être en jeu là où jouent d'autres membres. { $n ->
    [0] Pour l'instant, vous ne pouvez pas apporter ces jetons.
   *[other] Pour l'instant, vous pouvez apporter jusqu'à { $free }.
}
admin-flows-title = **Jetons qui vont dans un seul sens** entre deux membres : { $n } ou plus, comptés dès la première donne (pots, prix de tournoi et dons)
admin-flows-window = Paires actives { $days ->
    [0] aucun jour
    [one] le dernier jour
   *[other] ces { $days } derniers jours
} ; leurs totaux comptent depuis le début.
admin-flows-none = Aucune paire de membres n'atteint ce seuil.
admin-flows-pair = { $giver } → { $taker } : **{ $net }** dans un seul sens ({ $won } en { $hands ->
    [one] { $hands } donne
   *[other] { $hands } donnes
}, { $gifts } en dons ; { $back } en retour)
admin-flows-folds = jeux forts abandonnés : { $folds }
refuse-kept-blind = Votre jeu est gardé à l'aveugle pour la donne suivante : personne ne le voit, pas même vous.
dm-cards-ended = La donne { $hand } est finie : voici les cartes que vous aviez.
