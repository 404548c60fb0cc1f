"""Cards as application emojis: the bot draws its 52 cards and uploads them once.

At start the bot lists its application's emojis (one REST request) and uploads, in the
background, the card emojis it does not find (``salon_Ah``… drawn by
:func:`bot.view.card_art.card_emoji_png`, off the event loop). Once all 52 are there, every card
the Discord layer writes is the emoji ``<:salon_Ah:123…>``; until then, or when Discord refuses
(no permission, the application's 2,000 emojis used up, an outage), cards stay coloured text
(:func:`bot.view.words.coloured_card`). An operator who wants the text cards sets
``CARD_EMOJIS=off``; to redraw the cards, delete the ``salon_`` emojis in the Developer Portal
and restart.
"""

from __future__ import annotations

import asyncio
import logging
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Protocol

import discord

from bot.i18n import set_card_writer
from bot.ui.outbox import TABLE, Pacer
from bot.view.card_art import card_emoji_png
from bot.view.words import coloured_card

log = logging.getLogger(__name__)

PREFIX = "salon_"
RANKS = "23456789TJQKA"
SUITS = "shdc"
#: Every card an emoji is made for (a joker stays 🃏).
ALL_CARDS = tuple(rank + suit for suit in SUITS for rank in RANKS)
#: A card emoji as written in a message, its card code captured.
EMOJI_TEXT = re.compile(rf"<a?:{PREFIX}([2-9TJQKA][shdc]):\d+>")


def emoji_name(code: str) -> str:
    """>>> emoji_name("Th")
    'salon_Th'
    """
    return PREFIX + code


class EmojiClient(Protocol):
    """What the upload needs of the bot (discord.py's ``Client``)."""

    async def fetch_application_emojis(self) -> list[discord.Emoji]: ...

    async def create_application_emoji(self, *, name: str, image: bytes) -> discord.Emoji: ...


@dataclass(frozen=True)
class CardEmojis:
    """The emoji id of every card."""

    ids: Mapping[str, int]

    def text(self, code: str) -> str:
        """How a message writes the card: its emoji, or coloured text for a joker.

        >>> CardEmojis({"Ah": 7}).text("Ah"), CardEmojis({}).text("Ah") == coloured_card("Ah")
        ('<:salon_Ah:7>', True)
        """
        emoji_id = self.ids.get(code)
        return f"<:{emoji_name(code)}:{emoji_id}>" if emoji_id else coloured_card(code)

    def partial(self, code: str) -> discord.PartialEmoji | None:
        """The card's emoji for a select option or a button."""
        emoji_id = self.ids.get(code)
        return discord.PartialEmoji(name=emoji_name(code), id=emoji_id) if emoji_id else None


_active: CardEmojis | None = None


def active() -> CardEmojis | None:
    """The card emojis in use, or ``None`` while cards are coloured text."""
    return _active


def use(emojis: CardEmojis | None) -> None:
    """Write every card with ``emojis`` from now on (``None``: back to coloured text)."""
    global _active
    _active = emojis
    set_card_writer(emojis.text if emojis is not None else coloured_card)


def option_emoji(code: str) -> discord.PartialEmoji | None:
    """The emoji a menu shows beside a card, when the card emojis are in use."""
    return _active.partial(code) if _active is not None else None


async def install(client: EmojiClient, pacer: Pacer | None = None) -> CardEmojis | None:
    """Find or upload the 52 card emojis; ``None`` (and a warning) when Discord refuses.

    Logs its progress: the first start uploads 52 pictures, which Discord rate-limits. Each
    request waits for a token of ``pacer`` (the bot's one pace, when given), after the
    tables' own calls.
    """

    async def pace() -> None:
        if pacer is not None:
            await pacer.acquire(TABLE)

    try:
        await pace()
        found = {e.name: e.id for e in await client.fetch_application_emojis()}
        missing = [code for code in ALL_CARDS if emoji_name(code) not in found]
        if missing:
            log.info("card emojis: drawing and uploading %d of %d", len(missing), len(ALL_CARDS))
            pictures = await asyncio.to_thread(lambda: [card_emoji_png(c) for c in missing])
            for done, (code, picture) in enumerate(zip(missing, pictures, strict=True), 1):
                await pace()
                emoji = await client.create_application_emoji(name=emoji_name(code), image=picture)
                found[emoji.name] = emoji.id
                if done % 13 == 0 or done == len(missing):
                    log.info("card emojis: %d of %d uploaded", done, len(missing))
    except (discord.HTTPException, discord.MissingApplicationID) as exc:
        log.warning("card emojis unavailable, cards are shown as coloured text: %s", exc)
        return None
    return CardEmojis({code: found[emoji_name(code)] for code in ALL_CARDS})


async def install_and_use(client: EmojiClient, pacer: Pacer | None = None) -> CardEmojis | None:
    """:func:`install`, then :func:`use` what it found."""
    emojis = await install(client, pacer)
    if emojis is not None:
        use(emojis)
        log.info("card emojis in use")
    return emojis
