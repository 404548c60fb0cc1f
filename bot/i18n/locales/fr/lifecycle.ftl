# Une table fermée d'elle-même : son salon supprimé, le bot privé d'accès, le bot retiré du
# serveur (cogs/lifecycle.py). Envoyé en privé au créateur de la table.

lifecycle-table-gone = Votre table de { $game } (table { $table }){ $named ->
    [yes] {" "}sur { $server }
   *[no] {""}
} est fermée : { $reason ->
    [channel] son salon ou son fil a été supprimé.
    [guild] le bot a été retiré du serveur.
   *[access] le bot ne peut plus voir son salon ni y écrire.
} { $voided ->
    [yes] La donne { $hand } a été annulée et tous les jetons de la table sont retournés au portefeuille de leur propriétaire.
   *[no] Tous les jetons de la table sont retournés au portefeuille de leur propriétaire.
}

# /admin audit et /wallet : le retour des jetons d'une table que le bot a fermée de lui-même.
lifecycle-back-from-gone-table = retour de la table { $t } ({ $reason ->
    [channel] son salon a été supprimé
    [guild] le bot a été retiré du serveur
   *[access] le bot n'a plus accès à son salon
})

# Après lifecycle-table-gone, pour une table fermée au démarrage faute d'une permission qui lui
# a été retirée (bot/ui/permissions.py) : laquelle, et pour quoi faire.
lifecycle-table-lacks = Il manque au bot la permission « { $p } » dans ce salon, { $why } : demandez à un admin de la lui rendre avant d'y rouvrir une table.
