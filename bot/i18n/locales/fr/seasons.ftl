# Texts of bot/ui/season_text.py: /admin season and the seasons of /leaderboard.

season-name = Saison { $n }
season-named = Saison { $n } « { $name } »
season-open = { $season } (en cours)
season-started = {"*"}*{ $named ->
    [yes] La saison { $n } « { $name } » commence.
   *[no] La saison { $n } commence.
}** Chaque donne jouée à partir de maintenant compte pour son classement, à tous les jeux : `/classement saison:{ $n }`
season-ended-title = { $named ->
    [yes] La saison { $n } « { $name } » est terminée
   *[no] La saison { $n } est terminée
}
season-ended-players = { $players ->
    [0] Personne n'a joué de donne pendant cette saison ({ $start } – { $end }).
    [one] { $players } joueur y a pris part, du { $start } au { $end }.
   *[other] { $players } joueurs y ont pris part, du { $start } au { $end }.
}
season-champions = Champions
season-standings = Le classement complet : `/classement saison:{ $n }`
refuse-season-open = La saison { $n } est encore ouverte : terminez-la d'abord avec /admin saison terminer.
refuse-season-none-open = Aucune saison n'est ouverte : commencez-en une avec /admin saison commencer.
refuse-season-unknown = Ce serveur n'a pas de saison { $n }.

# The web leaderboard's season selector (bot/web/templates/leaderboard.html).
web-season = Saison
web-show-season = Afficher
