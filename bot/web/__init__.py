"""The salon's web pages (docs/web.md): each server's home, leaderboard, players' profiles
and each hand replayed step by step, its deal verified in the browser; served by aiohttp
with Jinja2 templates from the bot's own process, or beside it
(``python -m bot.web --database URL``), read-only.

:mod:`bot.web.links` (the addresses and a member's signed link) is standard library only: the
Discord side builds its links with it. The rest is the site: :mod:`bot.web.app` (the
application, its safety, ``/healthz``), :mod:`bot.web.site` (the request's reader),
:mod:`bot.web.pages` (the pages), :mod:`bot.web.hands` (the replayer, a hand's file, the
card pictures, the verifier), :mod:`bot.web.draw` (the chart; documents are drawn by
:mod:`bot.view.html`), :mod:`bot.web.tables` (where the open tables come from),
:mod:`bot.web.limits` (the per-address request limit). This layer never imports discord nor
the Discord surface.
"""
