# Texts of bot/ui/abuse.py.

abuse-you-are-clicking-very-fast = Vous cliquez très vite : attendez quelques secondes, puis réessayez.
abuse-your-discord-account-too-new = Votre compte Discord est trop récent pour donner des jetons ici : attendez qu'il ait { $d ->
    [one] { $d } jour
   *[other] { $d } jours
}.
abuse-you-joined-this-server-too = Vous êtes arrivé trop récemment sur ce serveur pour donner des jetons : attendez d'en être membre depuis { $d ->
    [one] { $d } jour
   *[other] { $d } jours
}.
abuse-you-gave-chips-moment-ago = Vous venez de donner des jetons : réessayez dans { $s } s.
abuse-you-may-give-at-most = Vous pouvez donner au plus { $cap ->
    [one] { $cap } jeton
   *[other] { $cap } jetons
} en 24 heures ici ; il vous en reste { $left }.
abuse-i-cannot-run-table-here = Je ne peux pas tenir une table ici : il me faut la permission « { $p } » dans ce salon, { $why } (demandez-la à un admin, ou ouvrez la table ailleurs).
permission-name = { $flag ->
    [view_channel] Voir le salon
    [send_messages_in_threads] Envoyer des messages dans les fils
    [create_public_threads] Créer des fils publics
    [attach_files] Joindre des fichiers
    [embed_links] Intégrer des liens
   *[send_messages] Envoyer des messages
}
