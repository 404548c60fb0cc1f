"""Fair dealing as players read it: the table message's line, the explanation behind the
🔒 button, the answer of ``/verify`` (docs/fairness.md), and the words of the web page's
verifier (``bot/web/static/verify.js``)."""

from __future__ import annotations

import json
from collections.abc import Mapping
from functools import cache

from bot.i18n import Lang, keys, render, variables
from bot.runtime.fair_requests import VerifyReport
from bot.runtime.public import PublicState
from bot.runtime.settings import DEFAULT_RESEED_EVERY


def fair_lines(lang: Lang, state: PublicState) -> str | None:
    """The commitment line of the table message (and who may cut), or None."""
    fair = state["fair"]
    if not fair:
        return None
    line = render(
        lang,
        "fair-line",
        commitment=fair["commitment"],
        deals=fair["deals"],
        every=fair["reseed_every"],
    )
    if fair["reseed_asked"]:
        line += " " + render(lang, "fair-line-reseed")
    if fair["cutter"] is not None:
        line += "\n" + render(lang, "fair-cutter", user=fair["cutter"])
    return line


def fair_explanation(lang: Lang, state: PublicState) -> str:
    """How the deck is dealt, step by step, with the table's commitment."""
    fair = state["fair"]
    return render(
        lang,
        "fair-explain",
        every=DEFAULT_RESEED_EVERY if fair is None else fair["reseed_every"],
        commitment="…" if fair is None else fair["commitment"],
    )


def verify_text(lang: Lang, report: VerifyReport, game_title: str) -> str:
    """The private answer of ``/verify``."""
    lines = [render(lang, "verify-title", hand=report.hand_id, game=game_title)]
    if report.status == "unfair":
        lines.append(render(lang, "verify-unfair"))
        return "\n".join(lines)
    lines.append(render(lang, "verify-commitment", commitment=report.commitment or "?"))
    lines.append(
        render(lang, "verify-client-seed", seeds=report.client_seed or "", nonce=report.nonce or 0)
    )
    if report.continues is not None:
        lines.append(render(lang, "verify-continues", deal=report.continues))
    if report.status == "sealed":
        if report.deals_left is None:
            lines.append(render(lang, "verify-sealed-retired"))
        else:
            lines.append(render(lang, "verify-sealed", n=report.deals_left))
        return "\n".join(lines)
    lines.append(render(lang, "verify-server-seed", seed=report.server_seed or ""))
    if report.status == "in_play":
        lines.append(render(lang, "verify-in-play"))
        return "\n".join(lines)
    if report.deck:
        lines.append(render(lang, "verify-deck", deck=" ".join(report.deck)))
    if report.status == "ok":
        lines.append(render(lang, "verify-ok"))
    else:
        lines.append(render(lang, "verify-mismatch"))
        for problem in report.problems:
            params = dict(problem.params)
            if str(params.get("user", "")).isdigit():
                params["user"] = int(params["user"])
            lines.append("• " + render(lang, f"verify-problem-{problem.code}", **params))
    return "\n".join(lines)


#: The texts of the web page's verifier (with every ``verify-problem-…``): ``verify.js`` fills
#: a parameter ``{name}`` with its value and ``<@{user}>`` with a player's name.
VERIFIER_KEYS = (
    "verify-web-button",
    "verify-web-commitment",
    "verify-web-commitment-ok",
    "verify-web-commitment-bad",
    "verify-web-seeds",
    "verify-web-canonical",
    "verify-web-shuffled",
    "verify-web-deck-ok",
    "verify-web-hand-ok",
    "verify-web-retourne-ok",
    "verify-continues",
    "verify-web-not-followed",
    "verify-web-sealed",
    "verify-in-play",
    "verify-ok",
    "verify-web-match-continued",
    "verify-mismatch",
    "verify-web-failed",
    "verify-web-bad-file",
    "html-someone",
)


@cache
def verifier_texts(lang: Lang) -> dict[str, str]:
    """The verifier's texts in ``lang``, parameters left as ``{name}`` (rendered once per
    language, as the catalogue is loaded once: every hand page carries them)."""
    problems = sorted(k for k in keys(lang) if k.startswith("verify-problem-"))
    params = variables(lang)
    return {
        key: render(lang, key, **{p: "{" + p + "}" for p in params[key]})
        for key in (*VERIFIER_KEYS, *problems)
    }


def verifier_data(lang: Lang, names: Mapping[str, str]) -> str:
    """What the page's verifier reads from its ``<script type="application/json"
    data-verify-texts>``: its texts in ``lang`` (parameters left as ``{name}``) and the
    players' names by id, as JSON that is safe inside that element (no ``<``, ``>``, ``&``)."""
    out = json.dumps(
        {"texts": verifier_texts(lang), "names": dict(names)}, ensure_ascii=False, sort_keys=True
    )
    return out.replace("&", "\\u0026").replace("<", "\\u003c").replace(">", "\\u003e")
