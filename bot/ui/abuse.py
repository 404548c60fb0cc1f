"""Abuse limits: ``/give`` cooldown, daily cap and minimum ages (server settings), a
per-member click rate on the table buttons, and the bot's own permissions where a table is
opened. Every refusal is a :class:`~bot.ui.replies.Refused` (a catalogue key), answered
privately in the member's language by :func:`~bot.ui.replies.answer_failure`."""

from __future__ import annotations

import json
import time
from collections import defaultdict, deque
from dataclasses import asdict, dataclass
from datetime import datetime

import discord
from discord import app_commands

from bot.i18n import Message
from bot.storage import Database, Transaction
from bot.ui.permissions import Place, missing
from bot.ui.replies import Refused

DAY = 86_400.0


@dataclass(frozen=True)
class GiveLimits:
    """A server's ``/give`` limits: seconds between two gifts, chips per 24 h (0: no cap),
    the minimum age in days of the giver's Discord account and server membership, and the
    hands a member plays before his welcome grant may be given away (0 turns each off).

    On by default against alternate accounts farming the welcome grant (docs/security.md,
    "Integrity")."""

    cooldown: int = 60
    daily_cap: int = 0
    min_account_days: float = 7.0
    min_member_days: float = 1.0
    grant_hands: int = 10
    #: While his grant is locked, the chips of it a member may have at stake where other
    #: members play (a cash table, a tournament's buy-in): enough for a standard cave.
    grant_stake: int = 100


def _key(guild_id: int) -> str:
    return f"give_limits:{guild_id}"


#: Before ``grant_hands`` every field was saved, the ages at their old default of 0: such a
#: saved 0 was no choice of the server's, so it takes the new default.
_OLD_DEFAULTS = {"min_account_days": 0.0, "min_member_days": 0.0}


async def give_limits(db: Database, guild_id: int) -> GiveLimits:
    raw = await db.get_meta(_key(guild_id))
    if raw is None:
        return GiveLimits()
    saved = json.loads(raw)
    if "grant_hands" not in saved:
        saved = {k: v for k, v in saved.items() if _OLD_DEFAULTS.get(k) != v}
    fields = GiveLimits.__dataclass_fields__
    return GiveLimits(**{k: v for k, v in saved.items() if k in fields})


async def save_give_limits(db: Database, guild_id: int, limits: GiveLimits) -> None:
    await db.set_meta(_key(guild_id), json.dumps(asdict(limits)))


def _age_days(since: datetime | None, now: float) -> float:
    return float("inf") if since is None else (now - since.timestamp()) / DAY


async def verify_give(
    db: Database, guild_id: int, giver: discord.Member | discord.User, amount: int
) -> None:
    """Refuse this gift now (:class:`~bot.ui.replies.Refused`) if the server's limits
    forbid it: the giver's account or membership too new, his welcome grant still locked, a
    gift a moment ago, the daily cap reached."""
    limits = await give_limits(db, guild_id)
    now = discord.utils.utcnow().timestamp()
    if _age_days(giver.created_at, now) < limits.min_account_days:
        raise Refused("abuse-your-discord-account-too-new", d=limits.min_account_days)
    joined = getattr(giver, "joined_at", None)
    if _age_days(joined, now) < limits.min_member_days:
        raise Refused("abuse-you-joined-this-server-too", d=limits.min_member_days)
    await verify_grant_given(db, guild_id, giver.id, amount, limits.grant_hands)
    given = [
        e
        for e in await db.query(Transaction.ledger, guild_id, giver.id, limit=500)
        if e.kind == "transfer" and e.amount < 0 and e.created_at > now - DAY
    ]
    if given and limits.cooldown and now - max(e.created_at for e in given) < limits.cooldown:
        wait = int(limits.cooldown - (now - max(e.created_at for e in given))) + 1
        raise Refused("abuse-you-gave-chips-moment-ago", s=wait)
    sent = -sum(e.amount for e in given)
    if limits.daily_cap and sent + amount > limits.daily_cap:
        raise Refused(
            "abuse-you-may-give-at-most",
            cap=limits.daily_cap,
            left=max(0, limits.daily_cap - sent),
        )


async def verify_grant_given(
    db: Database, guild_id: int, user_id: int, amount: int, hands: int
) -> None:
    """The welcome grant stays in the wallet until its owner has played ``hands`` hands here:
    only the chips above it may be given (else :class:`~bot.ui.replies.Refused`)."""
    if hands <= 0:
        return
    played = await db.query(Transaction.hands_really_played, guild_id, user_id)
    if played >= hands:
        return
    # his wallet, made with the grant if new
    balance = await db.write(Transaction.balance, guild_id, user_id)
    grant = await db.query(Transaction.welcome_grant, guild_id, user_id)
    free = max(0, balance - grant)
    if grant <= 0 or amount <= free:
        return
    raise Refused(
        "abuse-welcome-grant-locked",
        grant=Message.of("chips", n=grant),
        hands=hands,
        played=played,
        free=Message.of("chips", n=free),
        n=free,
    )


async def verify_stake(
    db: Database,
    guild_id: int,
    member: discord.Member | discord.User | discord.Object | None,
    chips: int,
) -> None:
    """Refuse (:class:`~bot.ui.replies.Refused`) to put ``chips`` from the member's wallet
    where other members could win them (a cash table's cave, a tournament's buy-in) while his
    welcome grant is locked, beyond ``grant_stake`` chips of it: the grant is locked until
    his account and his membership are old enough and he has played ``grant_hands`` hands
    here, the same rules as for ``/give`` (docs/security.md, "Integrity")."""
    if member is None or chips <= 0:
        return
    limits = await give_limits(db, guild_id)
    # his wallet, made with the grant if new
    balance = await db.write(Transaction.balance, guild_id, member.id)
    grant = await db.query(Transaction.welcome_grant, guild_id, member.id)
    if grant <= 0:
        return
    now = discord.utils.utcnow().timestamp()
    why: dict[str, object]
    if _age_days(member.created_at, now) < limits.min_account_days:
        why = {"why": "account", "d": limits.min_account_days}
    elif _age_days(getattr(member, "joined_at", None), now) < limits.min_member_days:
        why = {"why": "member", "d": limits.min_member_days}
    else:
        played = await db.query(Transaction.hands_really_played, guild_id, member.id)
        if played >= limits.grant_hands:
            return
        why = {"why": "hands", "hands": limits.grant_hands, "played": played}
    # the grant's chips already at stake or lost are out of the wallet: they count
    free = max(0, balance - grant + min(grant, limits.grant_stake))
    if chips <= free:
        return
    raise Refused(
        "abuse-grant-stake-locked",
        grant=Message.of("chips", n=grant),
        stake=Message.of("chips", n=min(grant, limits.grant_stake)),
        free=Message.of("chips", n=free),
        n=free,
        **why,
    )


class StakeGuard:
    """The table manager's ``stake_check``: :func:`verify_stake` for a member found by id
    in the bot's cache (one it has not cached: his account's age from his id, his
    membership taken as old enough)."""

    def __init__(self, client: discord.Client, db: Database) -> None:
        self.client, self.db = client, db

    async def __call__(self, guild_id: int, user_id: int, chips: int) -> None:
        guild = self.client.get_guild(guild_id)
        member = None if guild is None else guild.get_member(user_id)
        await verify_stake(self.db, guild_id, member or discord.Object(user_id), chips)


class ClickLimiter:
    """A member may click the same button at most ``same`` times, and buttons at all at most
    ``limit`` times, within ``window`` seconds (spam clicking, not play, trips it)."""

    def __init__(self, same: int = 4, limit: int = 30, window: float = 10.0) -> None:
        self.same, self.limit, self.window = same, limit, window
        self.clicks: defaultdict[int, deque[tuple[float, str]]] = defaultdict(deque)

    def allow(self, user_id: int, button: str = "", now: float | None = None) -> bool:
        at = time.monotonic() if now is None else now
        recent = self.clicks[user_id]
        while recent and recent[0][0] <= at - self.window:
            recent.popleft()
        if len(recent) >= self.limit or sum(b == button for _, b in recent) >= self.same:
            return False
        recent.append((at, button))
        return True


#: A member clicking faster than :class:`ClickLimiter` allows.
TOO_FAST = Message.of("abuse-you-are-clicking-very-fast")


def bot_may_run_a_table(interaction: discord.Interaction) -> bool:
    """The check of ``/table create``: the bot has in this channel or thread every
    permission a table needs (:data:`~bot.ui.permissions.NEEDS`); else
    ``BotMissingPermissions`` names the first it lacks, answered in words (the permission and
    what it is for) by :func:`~bot.ui.replies.answer_failure`, before any chip moves."""
    in_thread = isinstance(interaction.channel, discord.Thread)
    lacks = missing(Place.TABLE, interaction.app_permissions, in_thread)
    if lacks:
        raise app_commands.BotMissingPermissions([flag for flag, _need in lacks])
    return True
