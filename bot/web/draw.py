"""What the pages draw themselves beside the documents (which :mod:`bot.view.html` draws):
a player's chips over his hands as a small SVG."""

from __future__ import annotations

from collections.abc import Sequence

from markupsafe import Markup, escape

CHART_WIDTH, CHART_HEIGHT, CHART_PAD = 320, 120, 6
#: The most points a chart draws (a longer series is thinned evenly, its last point kept).
CHART_POINTS = 160


def chart_svg(series: Sequence[int], *, label: str) -> Markup:
    """A player's chips won or lost, added up hand after hand, as a small SVG line with
    the zero line; ``label`` is its accessible name. Presentation attributes only (no
    ``style``): the pages' Content-Security-Policy allows no inline style.

    >>> print(chart_svg([], label="x"))
    <svg ...><title>x</title>...</svg>
    >>> 'points="6.0,' in chart_svg([0, 5, -5], label="x")
    True
    """
    w, h, pad = CHART_WIDTH, CHART_HEIGHT, CHART_PAD
    values = [0, *series]
    if len(values) > CHART_POINTS:
        step = (len(values) - 1) / (CHART_POINTS - 1)
        values = [values[round(i * step)] for i in range(CHART_POINTS)]
    low, high = min(values), max(values)
    span = (high - low) or 1

    def y(v: int) -> float:
        return round(pad + (high - v) * (h - 2 * pad) / span, 1)

    dx = (w - 2 * pad) / max(1, len(values) - 1)
    points = " ".join(f"{round(pad + i * dx, 1)},{y(v)}" for i, v in enumerate(values))
    last = values[-1]
    colour = "#2e7d32" if last >= 0 else "#c62828"
    parts = [
        f'<svg class="chart" viewBox="0 0 {w} {h}" role="img" '
        f'xmlns="http://www.w3.org/2000/svg"><title>{escape(label)}</title>',
        f'<line x1="{pad}" y1="{y(0)}" x2="{w - pad}" y2="{y(0)}" stroke="#999" '
        'stroke-dasharray="4 3" stroke-width="1"/>',
    ]
    if len(values) > 1:
        parts.append(
            f'<polyline points="{points}" fill="none" stroke="{colour}" stroke-width="2" '
            'stroke-linejoin="round"/>'
        )
    parts.append("</svg>")
    return Markup("".join(parts))
