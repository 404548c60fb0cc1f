"""Words of the economy, history and admin commands, in English and French.

Pure functions over storage records: no Discord call, so they are easy to test (doctests)
and the cogs stay thin (a command's guild and its language: :mod:`bot.ui.interaction`).
Mentions are written ``<@id>``; timestamps as Discord markup ``<t:unix:R>`` (each reader
sees them in his own time zone and language).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Final

from bot.games import registry
from bot.i18n import Lang, render
from bot.runtime.closing import GONE_NOTES
from bot.storage.errors import format_duration
from bot.storage.models import GuildSettings, LedgerEntry
from bot.storage.tournaments import read_note
from bot.ui.safe_text import plain
from bot.view.words import hand_winners

#: Leaderboard metrics (storage ``METRICS``); each is named by ``metric-<name>``.
METRICS: Final = (
    "net_chips",
    "hands_won",
    "hands_played",
    "biggest_pot",
    "brelans",
    "square_brelans",
    "prials",
)
DEFAULT_METRIC: Final = "net_chips"
#: Metrics where 0 means "never happened": such lines are left off the leaderboard.
COUNTED_FROM_ONE: Final = ("hands_won", "biggest_pot", "brelans", "square_brelans", "prials")

#: Leaderboard periods, as storage spells them; each is named by ``period-<name>``.
PERIODS: Final = ("all", "week")


def chips(lang: Lang, amount: int) -> str:
    """``12 chips`` / ``12 jetons`` (singular for 1 and -1, and 0 in French).

    >>> chips("en", 1), chips("en", 30), chips("fr", 0), chips("fr", 1000)
    ('1 chip', '30 chips', '0 jeton', '1\u202f000 jetons')
    """
    return render(lang, "chips", n=amount)


def signed_chips(lang: Lang, amount: int) -> str:
    """A change of chips with its sign.

    >>> signed_chips("en", 12), signed_chips("fr", -3), signed_chips("en", 0)
    ('+12 chips', '-3 jetons', '0 chips')
    """
    text = chips(lang, amount)
    return f"+{text}" if amount > 0 else text


def when(ts: float, style: str = "R") -> str:
    """A Discord timestamp: ``<t:1700000000:R>`` shows as "in 3 hours" to each reader.

    >>> when(1_700_000_000.7), when(0, "f")
    ('<t:1700000000:R>', '<t:0:f>')
    """
    return f"<t:{int(ts)}:{style}>"


def metric_name(lang: Lang, metric: str) -> str:
    """A leaderboard metric's name.

    >>> metric_name("fr", "prials")
    'Prials montrés'
    """
    return render(lang, f"metric-{metric}") if metric in METRICS else metric


def period_name(lang: Lang, period: str) -> str:
    """A leaderboard period's name.

    >>> period_name("fr", "week")
    'Cette semaine'
    """
    return render(lang, f"period-{period}") if period in PERIODS else period


def game_name(game: str) -> str:
    """A game's name as players write it (its registry entry's title).

    >>> game_name("bouillotte"), game_name("whist")
    ('Bouillotte', 'Whist')
    """
    entry = registry.find(game)
    return entry.title if entry is not None else game.capitalize()


def metric_value(lang: Lang, metric: str, value: int) -> str:
    """A leaderboard value: chips for chip metrics, a plain count otherwise.

    >>> metric_value("en", "net_chips", 25), metric_value("fr", "biggest_pot", 40)
    ('+25 chips', '40 jetons')
    >>> metric_value("en", "hands_won", 3)
    '3'
    """
    if metric == "net_chips":
        return signed_chips(lang, value)
    if metric == "biggest_pot":
        return chips(lang, value)
    return str(value)


def gone_reason(note: str | None) -> str | None:
    """Why the bot closed a table on its own, from a cash-out's ledger note (the runtime's
    ``GONE_NOTES``): ``"channel"``, ``"access"``, ``"guild"``, or None.

    >>> gone_reason("table closed: channel deleted"), gone_reason("table closed by an admin")
    ('channel', None)
    """
    for reason, said in GONE_NOTES.items():
        if note == f"table closed: {said}":
            return reason
    return None


def ledger_reason(lang: Lang, entry: LedgerEntry) -> str:
    """What a ledger entry was, in a few words.

    >>> from bot.storage.models import LedgerEntry
    >>> e = LedgerEntry(1, 5, 7, -20, "transfer", None, None, 9, None, 0.0)
    >>> ledger_reason("en", e), ledger_reason("fr", e)
    ('given to <@9>', 'donnés à <@9>')
    >>> ledger_reason("en", LedgerEntry(2, 5, 7, -50, "buy_in", None, None, None,
    ...     "tournament 3", 0.0))
    'buy-in of tournament no. 3'
    >>> ledger_reason("fr", LedgerEntry(3, 5, 7, 90, "cash_out", None, None, None,
    ...     "tournament 3 prize", 0.0))
    'prix du tournoi n°3'
    """
    kind, amount = entry.kind, entry.amount
    tournament = read_note(entry.note) if entry.table_id is None else None
    if tournament is not None and kind in ("buy_in", "cash_out"):
        number, what = tournament
        return render(lang, "wallet-tournament-movement", n=number, what=what)
    if kind == "grant":
        return render(lang, "wallet-welcome-grant")
    if kind == "daily":
        return render(lang, "wallet-daily-bonus")
    if kind == "buy_in":
        return render(lang, "wallet-cave-at-table", t=entry.table_id)
    if kind == "cash_out":
        gone = gone_reason(entry.note)
        if gone is not None:
            return render(lang, "lifecycle-back-from-gone-table", t=entry.table_id, reason=gone)
        return render(lang, "wallet-back-from-table", t=entry.table_id)
    if kind == "transfer":
        who = f"<@{entry.counterpart_id}>"
        if amount < 0:
            return render(lang, "wallet-given", who=who)
        return render(lang, "wallet-received-from", who=who)
    if kind == "admin":
        if amount > 0:
            text = render(lang, "wallet-granted-by-admin")
        else:
            text = render(lang, "wallet-taken-back-by-admin")
        if entry.note:
            return render(lang, "ui-labelled", label=text, text=plain(entry.note))
        return text
    return kind


def ledger_line(lang: Lang, entry: LedgerEntry) -> str:
    """One line of a wallet's latest movements.

    >>> from bot.storage.models import LedgerEntry
    >>> ledger_line("en", LedgerEntry(1, 5, 7, 1000, "grant", None, None, None, None, 60.0))
    '`+1,000 chips` welcome grant, <t:60:R>'
    """
    amount = signed_chips(lang, entry.amount)
    return f"`{amount}` {ledger_reason(lang, entry)}, {when(entry.created_at)}"


def audit_lines(lang: Lang, balance: int, entries: Sequence[LedgerEntry]) -> list[str]:
    """A wallet's latest movements, newest first, each with the balance right after it
    (worked back from the balance now).

    >>> from bot.storage.models import LedgerEntry
    >>> e = [LedgerEntry(2, 5, 7, -30, "buy_in", 1, None, None, None, 90.0),
    ...      LedgerEntry(1, 5, 7, 1000, "grant", None, None, None, None, 60.0)]
    >>> audit_lines("en", 970, e)[0]
    '#2 `-30 chips` → 970 chips · cave at table 1, <t:90:R>'
    """
    lines = []
    after = balance
    for entry in entries:
        lines.append(
            f"#{entry.id} `{signed_chips(lang, entry.amount)}` → {chips(lang, after)} · "
            f"{ledger_reason(lang, entry)}, {when(entry.created_at)}"
        )
        after -= entry.amount
    return lines


def hand_players(record: Any) -> set[int]:
    """The user ids dealt into a stored hand record (engine names are user ids).

    >>> sorted(hand_players({"players": [{"name": "12", "stack": 5}, {"name": "3"}]}))
    [3, 12]
    >>> hand_players(None)
    set()
    """
    players = record.get("players") if isinstance(record, Mapping) else None
    out: set[int] = set()
    for player in players if isinstance(players, list) else []:
        name = player.get("name") if isinstance(player, Mapping) else None
        if isinstance(name, str) and name.isdigit():
            out.add(int(name))
    return out


def _mentions(names: Iterable[str]) -> str:
    return ", ".join(f"<@{n}>" if str(n).isdigit() else str(n) for n in names)


def hand_outcome(lang: Lang, result: Any) -> str:
    """Who won what, from a stored hand result (the replay summary).

    >>> hand_outcome("en", {"pots": [{"amount": 6, "winners": ["300"]}], "carried": 0})
    'won by <@300>, pot 6 chips'
    >>> hand_outcome("fr", {"pots": [], "carried": 8})
    'refait\xa0: 8 jetons restent sur la table'
    """
    winners, total, carried = hand_winners(result)
    if winners:
        return render(lang, "wallet-won-by-pot", w=_mentions(winners), pot=chips(lang, total))
    return render(lang, "wallet-refait-stay-on-table", c=chips(lang, carried))


def settings_text(lang: Lang, settings: GuildSettings) -> str:
    """The guild's economy settings, one per line.

    >>> from bot.storage.models import GuildSettings
    >>> print(settings_text("en", GuildSettings(1)))
    Starting grant: 1,000 chips
    Daily bonus: 100 chips every 20 h
    Language of public messages: English
    """
    return "\n".join(
        [
            render(lang, "wallet-starting-grant", g=chips(lang, settings.starting_grant)),
            render(
                lang,
                "wallet-daily-bonus-every",
                b=chips(lang, settings.daily_bonus),
                d=format_duration(settings.daily_cooldown),
            ),
            render(
                lang,
                "wallet-language-public-messages",
                l=render(lang, "language-name", code=settings.locale),
            ),
        ]
    )
