"""Cards drawn by the bot itself with Pillow: the showdown picture, the card emojis, and
one card (or its back) for the web page.

Pure drawing (no discord, so every surface may use it): the caller gives words already in the
reader's language (:class:`ShowdownPicture`); suits are drawn as shapes, hearts and diamonds
in red, spades and clubs in black, so no font needs the suit glyphs. Drawing is deterministic
and cached. :mod:`bot.ui.card_art` is the command (``python -m bot.ui.card_art --bench``).

>>> card_png("Ah")[1:4], card_png("Ah") == card_png("Ah")
(b'PNG', True)
"""

from __future__ import annotations

import io
import os
import re
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw, ImageFont

from bot.view.document import HandRow

BACKGROUND = (49, 51, 56)  # Discord's dark theme
TEXT = (242, 243, 245)
MUTED = (181, 186, 193)
RED = (200, 30, 45)
BLACK = (20, 20, 24)
CARD_W, CARD_H = 60, 84
PAD = 16


@dataclass(frozen=True)
class ShowdownPicture:
    """Everything the showdown picture shows, already worded in the reader's language: each
    revealed hand a :class:`~bot.view.document.HandRow` whose ``who`` is a name as the picture
    writes it (not a mention)."""

    title: str
    rows: tuple[HandRow, ...]
    retourne: str | None = None
    retourne_label: str = ""
    lines: tuple[str, ...] = ()  # suits owned, pots, payments


#: Fonts tried in order (``SALON_FONT`` first): one with French accents, dashes and suits.
FONTS = ("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", "DejaVuSans.ttf")
BOLD_FONTS = ("/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", "DejaVuSans-Bold.ttf")


@lru_cache(maxsize=8)
def _font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont | ImageFont.ImageFont:
    for path in (os.environ.get("SALON_FONT", ""), *(BOLD_FONTS if bold else ()), *FONTS):
        if path:
            try:
                return ImageFont.truetype(path, size)
            except OSError:
                continue
    return ImageFont.load_default(size=size)  # Pillow's own: no accents beyond Latin-1


def _suit(draw: ImageDraw.ImageDraw, suit: str, cx: float, cy: float, r: float) -> None:
    """A suit as a shape centred on (cx, cy), of half-size ``r``."""
    colour = RED if suit in "hd" else BLACK
    if suit == "d":
        draw.polygon([(cx, cy - r), (cx + r * 0.75, cy), (cx, cy + r), (cx - r * 0.75, cy)], colour)
    elif suit == "h":
        draw.ellipse([cx - r, cy - r * 0.8, cx, cy + r * 0.1], colour)
        draw.ellipse([cx, cy - r * 0.8, cx + r, cy + r * 0.1], colour)
        draw.polygon([(cx - r, cy - r * 0.25), (cx + r, cy - r * 0.25), (cx, cy + r)], colour)
    elif suit == "s":
        draw.polygon([(cx, cy - r), (cx + r, cy + r * 0.2), (cx - r, cy + r * 0.2)], colour)
        draw.ellipse([cx - r, cy - r * 0.3, cx, cy + r * 0.55], colour)
        draw.ellipse([cx, cy - r * 0.3, cx + r, cy + r * 0.55], colour)
        draw.polygon([(cx, cy + r * 0.2), (cx + r * 0.35, cy + r), (cx - r * 0.35, cy + r)], colour)
    else:  # clubs
        k = r * 0.5
        draw.ellipse([cx - k, cy - r, cx + k, cy], colour)
        draw.ellipse([cx - r, cy - k * 0.6, cx, cy + k * 1.4], colour)
        draw.ellipse([cx, cy - k * 0.6, cx + r, cy + k * 1.4], colour)
        draw.polygon([(cx, cy), (cx + r * 0.35, cy + r), (cx - r * 0.35, cy + r)], colour)


def draw_card(
    image: Image.Image, code: str, x: int, y: int, *, dim: bool = False, scale: int = 1
) -> None:
    """A card face at (x, y): its rank in the corner and a big suit; ``scale`` times the
    showdown's size (the web draws its cards twice as large, for sharp screens)."""
    k = scale
    draw = ImageDraw.Draw(image)
    box = [x, y, x + CARD_W * k, y + CARD_H * k]
    draw.rounded_rectangle(box, 7 * k, (250, 250, 250), (120, 120, 120), k)
    if code.startswith("X"):  # a joker
        centre = (x + CARD_W * k / 2, y + CARD_H * k / 2)
        draw.text(centre, "JOKER", (90, 40, 160), _font(12 * k), "mm")
    else:
        rank = "10" if code[0] == "T" else code[0]
        suit = code[1]
        colour = RED if suit in "hd" else BLACK
        draw.text((x + 6 * k, y + 4 * k), rank, colour, _font(20 * k))
        _suit(draw, suit, x + (CARD_W / 2 + 4) * k, y + (CARD_H / 2 + 10) * k, 15 * k)
    if dim:
        overlay = Image.new("RGBA", (CARD_W * k + 1, CARD_H * k + 1), (0, 0, 0, 110))
        image.paste(overlay, (x, y), overlay)


@lru_cache(maxsize=64)
def showdown_png(picture: ShowdownPicture) -> bytes:
    """The showdown as one PNG: every revealed hand, the retourne, then the lines."""
    most = max((len(r.cards) for r in picture.rows), default=3)
    name_w = 200
    width = max(640, PAD * 3 + name_w + most * (CARD_W + 8) + 260)
    row_h = CARD_H + 14
    height = PAD * 2 + 40 + len(picture.rows) * row_h + 26 * len(picture.lines) + 20
    if picture.retourne:
        height += row_h
    image = Image.new("RGB", (width, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    y = PAD
    draw.text((PAD, y), picture.title, TEXT, _font(26))
    y += 44
    if picture.retourne:
        draw.text((PAD, y + CARD_H / 2), picture.retourne_label, MUTED, _font(20), "lm")
        draw_card(image, picture.retourne, PAD + name_w, y)
        y += row_h
    for row in picture.rows:
        draw.text((PAD, y + CARD_H / 2), row.who[:22], TEXT, _font(20), "lm")
        x = PAD + name_w
        for code in row.cards:
            draw_card(image, code, x, y, dim=row.folded)
            x += CARD_W + 8
        draw.text((x + 8, y + CARD_H / 2), row.combo[:40], MUTED, _font(18), "lm")
        y += row_h
    for line in picture.lines:
        draw.text((PAD, y), line[:90], TEXT, _font(18))
        y += 26
    out = io.BytesIO()
    image.save(out, "PNG", optimize=False)
    return out.getvalue()


def _png(image: Image.Image) -> bytes:
    """An image as an optimised PNG."""
    out = io.BytesIO()
    image.save(out, "PNG", optimize=True)
    return out.getvalue()


#: Card emojis are square; Discord shows them at 22 px in text and 48 px alone.
EMOJI_SIZE = 128


@lru_cache(maxsize=64)
def card_emoji_png(code: str) -> bytes:
    """One card (not a joker) as a square emoji picture: a big rank over a big suit, on a
    white card.

    Drawn to read at 22 px: no corner index, nothing thin.
    """
    image = Image.new("RGBA", (EMOJI_SIZE, EMOJI_SIZE), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    left, right = 14, EMOJI_SIZE - 14
    draw.rounded_rectangle([left, 2, right, EMOJI_SIZE - 3], 14, (252, 252, 252), (90, 90, 90), 3)
    rank = "10" if code[0] == "T" else code[0]
    colour = RED if code[1] in "hd" else BLACK
    draw.text((EMOJI_SIZE / 2, 36), rank, colour, _font(50 if rank == "10" else 60, True), "mm")
    _suit(draw, code[1], EMOJI_SIZE / 2, 92, 26)
    return _png(image)


def sample() -> ShowdownPicture:
    """A French Brelan showdown, for the benchmark and the README picture."""
    return ShowdownPicture(
        title="Abattage — donne 7",
        retourne="9d",
        retourne_label="Retourne",
        rows=(
            HandRow("Berthe", ("Ah", "Ad", "Ac"), "brelan d'as"),
            HandRow("Anatole", ("Kd", "8d", "7s"), "point de 36 à carreau"),
            HandRow("Clotilde", ("Qs", "Jh", "7c"), "", folded=True),
        ),
        lines=("♦ carreau : Anatole, 36 points", "Étage 1 : 42 jetons pour Berthe"),
    )


#: A card's code as the web asks for it: a rank and a suit, or a joker.
CARD_CODE = re.compile(r"[AKQJT98765432][shdc]|X[12]")
#: How much larger than the showdown's the web's cards are drawn (shown at 60 × 84 px).
WEB_SCALE = 2


@lru_cache(maxsize=64)
def card_png(code: str, scale: int = WEB_SCALE) -> bytes:
    """One card face as a PNG on a clear background, as the showdown picture draws it
    (``scale`` times its size). Raises ``ValueError`` for anything but a card's code."""
    if not CARD_CODE.fullmatch(code):
        raise ValueError(f"not a card: {code!r}")
    image = Image.new("RGBA", (CARD_W * scale + 1, CARD_H * scale + 1), (0, 0, 0, 0))
    draw_card(image, code, 0, 0, scale=scale)
    return _png(image)


@lru_cache(maxsize=4)
def card_back_png(scale: int = WEB_SCALE) -> bytes:
    """The back of a card (a card not shown), the same size as :func:`card_png`'s."""
    k = scale
    w, h = CARD_W * k, CARD_H * k
    back = Image.new("RGBA", (w + 1, h + 1), (0, 0, 0, 0))
    ImageDraw.Draw(back).rounded_rectangle([0, 0, w, h], 7 * k, (250, 250, 250), (120, 120, 120), k)
    pattern = Image.new("RGBA", back.size, (40, 60, 140, 255))
    draw = ImageDraw.Draw(pattern)
    for x in range(-h, w + h, 8 * k):  # a lattice of thin diagonals
        draw.line([(x, 0), (x + h, h)], (90, 110, 190), k)
        draw.line([(x, h), (x + h, 0)], (90, 110, 190), k)
    inside = Image.new("L", back.size, 0)
    ImageDraw.Draw(inside).rounded_rectangle([5 * k, 5 * k, w - 5 * k, h - 5 * k], 4 * k, 255)
    back.paste(pattern, (0, 0), inside)
    return _png(back)
