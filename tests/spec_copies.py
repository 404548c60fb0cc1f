"""The project's copies of the specifications it implements (docs/fairness-spec.md,
docs/scenarios.md): each is the specification's text with these few changes of links, so a
test can tell when the specification changed and the copy did not."""

from __future__ import annotations

#: docs page -> (the specification's file name, the replacements made in its text).
COPIES: dict[str, tuple[str, tuple[tuple[str, str], ...]]] = {
    "docs/fairness-spec.md": (
        "FAIRNESS.md",
        (
            ("(RULES.md §1)", "([rules.md](rules.md) §1)"),
            ("RULES.md §4)", "[rules.md](rules.md) §4)"),
        ),
    ),
    "docs/scenarios.md": (
        "SCENARIOS.md",
        (
            (
                "The `scenarios/` folder beside this file holds",
                "The repository's `scenarios/` folder holds",
            ),
            ("notation of RULES.md §1", "notation of [rules.md](rules.md) §1"),
            ("presets of RULES.md §1", "presets of [rules.md](rules.md) §1"),
            ("record of FAIRNESS.md", "record of [fairness-spec.md](fairness-spec.md)"),
        ),
    ),
}


def adapt(text: str, replacements: tuple[tuple[str, str], ...]) -> str:
    """The specification's text as the project's copy carries it."""
    for old, new in replacements:
        assert old in text, old
        text = text.replace(old, new)
    return text
