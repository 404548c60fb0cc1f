# Textes de l'intégrité : la dotation de bienvenue gardée au portefeuille (bot/ui/abuse.py),
# /admin flux (bot/ui/flows_text.py, cogs/admin.py), les cartes d'une donne finie (bot/runtime).

abuse-welcome-grant-locked = Votre dotation de bienvenue ({ $grant }) ne peut pas être donnée avant que vous ayez joué { $hands ->
    [one] { $hands } donne
   *[other] { $hands } donnes
} ici (vous en avez joué { $played }). { $n ->
    [0] Pour l'instant, vous n'avez aucun jeton à donner.
   *[other] Pour l'instant, vous pouvez donner jusqu'à { $free }.
}
admin-flows-title = **Jetons qui vont dans un seul sens** entre deux membres : { $n } ou plus, sur au moins { $hands ->
        [one] { $hands } donne
       *[other] { $hands } donnes
    } ou avec un don
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
