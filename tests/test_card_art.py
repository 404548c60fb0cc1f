"""The cards the bot draws: red and black suits, one deterministic showdown picture, one card
or its back for the web."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from bot.ui.card_art import (
    BOLD_FONTS,
    CARD_H,
    CARD_W,
    FONTS,
    ShowdownPicture,
    draw_card,
    sample,
    showdown_png,
)
from bot.view.document import HandRow

ROOT = Path(__file__).resolve().parents[1]


def suit_colour(code: str) -> tuple[int, int, int]:
    image = Image.new("RGB", (CARD_W + 2, CARD_H + 2), (0, 0, 0))
    draw_card(image, code, 0, 0)
    pixel = image.getpixel((CARD_W // 2 + 4, CARD_H // 2 + 10))  # the middle of the suit
    assert isinstance(pixel, tuple)
    return pixel[0], pixel[1], pixel[2]


def test_hearts_and_diamonds_are_red_spades_and_clubs_black() -> None:
    for code in ("Ah", "7d"):
        r, g, b = suit_colour(code)
        assert r > 150 and g < 80 and b < 80, (code, r, g, b)
    for code in ("Ks", "9c"):
        r, g, b = suit_colour(code)
        assert r < 60 and g < 60 and b < 60, (code, r, g, b)


def test_the_showdown_picture_is_one_small_deterministic_png() -> None:
    picture = sample()
    png = showdown_png(picture)
    assert png.startswith(b"\x89PNG") and len(png) < 1_000_000
    assert showdown_png.__wrapped__(picture) == png  # same input, same bytes
    many = ShowdownPicture(
        "Showdown — hand 3",
        tuple(HandRow("x" * 40, ("Ah", "Kd", "2c", "Ts", "X1"), "pair") for _ in range(8)),
    )
    image = Image.open(io.BytesIO(showdown_png(many)))
    assert image.height > 8 * CARD_H and image.width >= 640


def test_the_readme_picture_comes_from_a_command(tmp_path: Path) -> None:
    # the same bytes need the same font (Debian's fonts-dejavu-core, which .ci/run installs)
    # and the pinned Pillow; elsewhere the picture is drawn with another font
    assert Path(FONTS[0]).is_file(), f"{FONTS[0]} is missing: install fonts-dejavu-core"
    assert Path(BOLD_FONTS[0]).is_file(), f"{BOLD_FONTS[0]} is missing"
    target = tmp_path / "showdown.png"
    out = subprocess.run(
        [sys.executable, "-m", "bot.ui.card_art", str(target)], cwd=ROOT, capture_output=True
    )
    assert (
        out.returncode == 0 and target.read_bytes() == (ROOT / "docs/showdown-fr.png").read_bytes()
    )


def test_the_readme_shows_the_showcase_table_message() -> None:
    from bot.ui.showcase import table_markdown

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert table_markdown() in readme  # regenerate with python -m bot.ui.showcase


def test_the_drawing_is_the_view_layers_and_the_ui_gives_it_on() -> None:
    import bot.ui.card_art
    import bot.view.card_art

    assert bot.ui.card_art.showdown_png is bot.view.card_art.showdown_png
    code = "import sys, bot.view.card_art; print('discord' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT)
    assert out.stdout.strip() == "False", out.stderr


def test_one_card_and_its_back_for_the_web() -> None:
    from bot.view.card_art import WEB_SCALE, card_back_png, card_png

    size = (CARD_W * WEB_SCALE + 1, CARD_H * WEB_SCALE + 1)
    for code in ("Ah", "Tc", "2s", "X1"):
        image = Image.open(io.BytesIO(card_png(code)))
        assert image.size == size and image.mode == "RGBA"
        assert image.getpixel((0, 0)) == (0, 0, 0, 0)  # a clear corner: it sits on any page
    assert card_png("Ah") != card_png("Ad") != card_png("X1")
    back = Image.open(io.BytesIO(card_back_png()))
    assert back.size == size and card_back_png() not in {card_png(c) for c in ("Ah", "X1")}
    # the middle of a red card's suit is red, twice as far from the corner as the showdown's
    ah = Image.open(io.BytesIO(card_png("Ah"))).convert("RGB")
    r, g, b = ah.getpixel(((CARD_W // 2 + 4) * WEB_SCALE, (CARD_H // 2 + 10) * WEB_SCALE))
    assert r > 150 and g < 80 and b < 80
    for bad in ("", "Zz", "Ahh", "../x", "X3", "1h"):
        with pytest.raises(ValueError):
            card_png(bad)
