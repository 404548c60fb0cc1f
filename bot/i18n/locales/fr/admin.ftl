# Texts of cogs/admin.py.

admin-waiting-line-players-at-most = File d'attente : { $n ->
    [one] { $n } joueur
   *[other] { $n } joueurs
} au plus
admin-settings-saved = {"*"}*Réglages enregistrés**
admin-ledger-balance = {"*"}*Registre de { $m }** — solde { $n }
admin-grants-their-wallet-holds = { $admin } accorde { $n } à { $who } ; son portefeuille contient { $total }.
admin-takes-back-from-their-wallet = { $admin } reprend { $n } à { $who } ; son portefeuille contient { $total }.
admin-reason = {" "}Motif : { $r }
admin-no-movement-yet = Aucun mouvement pour l'instant.
admin-give-limits-cooldown-s-daily = {"*"}*Limites de /donner**
    Délai : { $c } s
    Plafond quotidien : { $d }
    Âge minimum du compte : { $a ->
        [one] { $a } jour
       *[other] { $a } jours
    }
    Ancienneté minimum : { $m ->
        [one] { $m } jour
       *[other] { $m } jours
    }
    Dotation de bienvenue bloquée : { $g ->
        [0] non
        [one] jusqu'à { $g } donne jouée
       *[other] jusqu'à { $g } donnes jouées
    }
    Dotation en jeu tant qu'elle est bloquée : { $s } au plus
admin-bots-do-not-play-for = Les bots ne jouent pas de jetons et n'ont pas de portefeuille.
admin-give-or-take-whole-number = Donnez ou reprenez un nombre entier de jetons, pas zéro.
admin-has-in-their-wallet-you = { $who } a { $have } dans son portefeuille ; impossible d'en reprendre { $n }. Les jetons en jeu aux tables ne peuvent pas être repris.
admin-none = aucun
admin-settings-saved = **Réglages enregistrés**
admin-settings-here = **Réglages du serveur**
admin-none = aucun
admin-retention = { $n ->
    [0] Les donnes finies sont gardées pour toujours.
   *[other] Les donnes finies sont gardées { $n ->
        [one] { $n } jour
       *[other] { $n } jours
    }, puis archivées (docs/storage.md).
}
