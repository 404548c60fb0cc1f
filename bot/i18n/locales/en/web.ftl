# The salon's web pages (bot/web) and what the Discord side says of them (cogs/web.py,
# /admin web, the links under the showdown, /history and /leaderboard).

web-salon = Salon
web-home = Home
web-leaderboard = Leaderboard
web-server-n = Server { $n }
web-index = Each server's pages are reached by their own address: ask for it on the server with /web.
web-reading-as-member = You are reading as a member of this server, through your own link.
web-reading-public = You are reading the public pages of this server.
web-times-utc = Times are in UTC.
web-open-tables = Open tables
web-no-open-table = No table is open right now.
web-last-hands = Last hands
web-no-hand-yet = No hand has been finished yet.
web-best-players = Best players
web-nobody-ranked = Nobody is ranked yet: a player needs { $n ->
    [one] { $n } hand
   *[other] { $n } hands
} to be ranked.
web-whole-leaderboard = The whole leaderboard
web-hand = Hand
web-game = Game
web-when = When
web-outcome = Outcome
web-net = Chips
web-carried = refait: { $chips } stay on the table
web-player = Player
web-hidden-player = A player
web-count = { NUMBER($n) }
web-ranked-from = { $total ->
    [one] { $total } player ranked
   *[other] { $total } players ranked
}, from { $n ->
    [one] { $n } hand
   *[other] { $n } hands
} played.
web-previous = ← Previous
web-next = Next →
web-page-of = Page { $n } of { $pages }
web-net-over-hands = Chips won or lost, hand after hand
web-chart-label = Chips won or lost over { $n ->
    [one] the last hand
   *[other] the last { $n } hands
}
web-chart-caption = Over { $n ->
    [one] the last hand
   *[other] the last { $n } hands
}: { $total }.
web-best-hands = Best hands
web-no-hand-won = No hand won yet.
web-not-found-title = Nothing here
web-not-found = This page does not exist, or this server does not show its pages.
web-members-only-title = For the server's members
web-members-only = This server shows its pages to its members only. Type /web on the server: the bot answers you privately with your own link, which opens them for a week.
web-link-refused-title = This link no longer opens the pages
web-link-refused = Your link has expired, or the server's managers have revoked every link. Type /web on the server for a new one.
web-too-many-requests-title = Slow down
web-too-many-requests = Too many pages asked from your address in a short time: wait a few seconds and try again.
web-refused-title = Refused
web-refused = This request cannot be served.

# The hand replayer and its verifier (bot/web/hands.py)
web-hand-heading = Hand #{ $id }
web-hand-facts = { $game } · table #{ $table }, its hand { $no } · { $when }
web-step-of = Step { $n } of { $steps }
web-first-step = First
web-last-step = Last
web-steps = Steps
web-keys = On a keyboard: ← and → go back and forth a step, Home and End go to the deal and the payouts.
web-hand-public = Each step shows the cards the table saw at that moment.
web-hand-own-cards = Each step shows the cards the table saw at that moment, and your own cards from the moment you looked at them.
web-hand-not-yet-title = Not yet
web-hand-not-over = This hand is still being played: its replay opens once it is over.
web-hand-void-title = Called off
web-hand-void = This hand was called off before its end: there is nothing to replay.
web-hand-unreadable-title = Cannot be shown
web-fair-title = Fair dealing
web-verify-intro = The server seed is revealed: your browser can recompute this deal's deck from the seeds, and check every hand against it.
web-verify-sealed = 🔒 The server seed is still secret: it is revealed after { $n ->
    [one] 1 more deal
   *[other] { $n } more deals
} at this table, when a player asks (/table reseed) or when the table closes. This deal can be checked here then.
web-verify-sealed-retired = 🔒 The server seed is retired: it is revealed once the cards of its pack can no longer be dealt. This deal can be checked here then.
web-download = Download the hand's file (JSON, as /replay gives it)
web-verify-file = Check a hand's file of your own:
web-verify-file-help = Choose a file that /replay gave you: your browser checks it the same way, without sending it anywhere.
web-verify-title = Check a hand's deal

# Discord
web-your-link = Your own link to this server's pages, for { $days ->
    [one] { $days } day
   *[other] { $days } days
}: { $link }
    Keep it to yourself: it opens the pages as you.
web-public-home = The server's pages are public: { $link }
web-name-shown = Your name and avatar show on the public pages (`/web name: hide` to keep them off).
web-name-hidden = Your name and avatar are kept off the public pages (`/web name: show` to show them again).
web-pages-off = This server's managers have turned its web pages off (/admin web).
web-no-public-url = The bot's web pages have no public address (its operator sets WEB_PUBLIC_URL): there is no link to give.
web-settings-no-public-url = No public address is set for the pages (WEB_PUBLIC_URL, in the bot's settings): the bot posts no link to them.
web-open-page = Open the page
web-replay-hand = Replay the hand
web-history-on-the-web = On the web: { $link }
web-visibility-public = public: anyone with the address reads them (members who hide their name excepted)
web-visibility-members = members: each member opens them with their own link (/web)
web-visibility-off = off: no page
web-settings = Web pages: { $visibility }
    Hands to be ranked: { $min }
web-links-revoked = Every link given so far is revoked: members ask /web for a new one.
web-home-address = Address: { $link }
