# Texts of bot/ui/season_text.py: /admin season and the seasons of /leaderboard.

season-name = Season { $n }
season-named = Season { $n } “{ $name }”
season-open = { $season } (open)
season-started = {"*"}*{ $named ->
    [yes] Season { $n } “{ $name }” starts.
   *[no] Season { $n } starts.
}** Every hand played from now on counts in its standings, in every game: `/leaderboard season:{ $n }`
season-ended-title = { $named ->
    [yes] Season { $n } “{ $name }” is over
   *[no] Season { $n } is over
}
season-ended-players = { $players ->
    [0] Nobody played a hand during this season ({ $start } to { $end }).
    [one] { $players } player took part, from { $start } to { $end }.
   *[other] { $players } players took part, from { $start } to { $end }.
}
season-champions = Champions
season-standings = The whole standings: `/leaderboard season:{ $n }`
refuse-season-open = Season { $n } is still open: end it first with /admin season end.
refuse-season-none-open = No season is open: start one with /admin season start.
refuse-season-unknown = This server has no season { $n }.

# The web leaderboard's season selector (bot/web/templates/leaderboard.html).
web-season = Season
web-show-season = Show
