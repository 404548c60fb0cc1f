"""A finished hand, step by step, as documents: what the web page's replayer shows.

:func:`replay_steps` takes a hand's record **as its reader may see it** (the output of
:func:`bot.runtime.disclosure.record_for`) and replays it through the engine
(:func:`bot.games.replay.start_hand`) and the game's runtime adapter
(:data:`bot.runtime.games.GAME_RULES`), as the table played it: step 0 is the deal, then one
step per move, then a last step with the payouts (pots, payments, final stacks). Each step is a
:class:`~bot.view.document.Document` in the reader's language: the seats with their stacks and
stakes, the pool or pots, the retourne, the hands face up at that step, the reader's own cards
once he has seen them, and the move in the words of the table's log (the catalogue's
``event-…`` lines, as :meth:`~bot.runtime.games.GameRules.narrate` gives them).

What a step shows of the cards is what the table showed at that moment: the cards face up
(:meth:`~bot.runtime.games.GameRules.public_cards`) and, to a player dealt in, the cards he
could look at then (:meth:`~bot.runtime.games.GameRules.visible`), kept once he has folded or
the hand is over. A Brag hand turned face up at the showdown appears at the showdown's step,
a folded or unseen hand never. So a player following his own link gives his own name as
``reader`` to ``record_for`` and here; anyone else gives ``None``.

**The caller refuses a hand whose pack is still in play**: ask
:meth:`bot.runtime.closing.Closing.pack_in_play` (the running bot) or
:func:`bot.runtime.export.pack_in_play` (storage alone, for a separate web process), and give
this function only ``record_for(stored, reader, in_play=False)``. A partial record (its pack
in play: ``"partial": true``) cannot be replayed, since the result may depend on cards it
hides, and is refused here too (:class:`ReplayRefused`), as is a record that does not replay
to its end.

>>> record = {"game": "brelan", "players": [{"name": "1", "stack": 10},
...     {"name": "2", "stack": 10}], "hands": {"1": ["Ah", "Kh", "Qh"], "2": ["8s", "9s", "Ts"]},
...     "retourne": "Jh", "actions": [["1", "pass"], ["2", "pass"]]}
>>> replay = replay_steps(record, "1", "en", hand=4)
>>> len(replay.steps), replay.titles[0], replay.steps[1].title
(4, 'The deal', 'Brelan — hand #4, step 2 of 4')
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar, cast

from bot.games.base import HandRecord
from bot.games.errors import GameError
from bot.games.replay import load_record, start_hand
from bot.i18n import Lang, render
from bot.i18n.message import Refusal
from bot.runtime.games import GAME_RULES, GameRules, RuntimeHand
from bot.runtime.public import HandView, ShowdownReport
from bot.view.document import Document, HandRow, Section
from bot.view.table import hand_lines, player_marks, showdown_document
from bot.view.words import cards, chips, game_colour, game_title, mention, narrate, verb_label

T = TypeVar("T")


class ReplayRefused(Refusal):
    """A record the replayer will not show: ``replay-refused-in-play`` (a partial record)
    or ``replay-refused-unreadable`` (it does not replay to a finished hand)."""


class Replay:
    """Every step of one hand: ``step(n)`` is the page of ``?step=n+1`` (the pages count
    from 1, as the steps' titles do) and ``titles[n]`` its line in the step list (the deal,
    the move's first words, the payouts).

    A step's document is drawn when first asked for, then kept: a page shows one step, and a
    hand just played is asked for a step at a time."""

    def __init__(
        self, game: str, hand: int, titles: Sequence[str], draw: Callable[[int], Document]
    ) -> None:
        self.game = game
        self.hand = hand
        self.titles = tuple(titles)
        self._draw = draw
        self._drawn: dict[int, Document] = {}

    @property
    def count(self) -> int:
        """How many steps the hand has (the deal, each move, the payouts)."""
        return len(self.titles)

    def step(self, n: int) -> Document:
        """The document of step ``n`` (from 0: the deal)."""
        if not 0 <= n < self.count:
            raise IndexError(n)
        drawn = self._drawn.get(n)
        if drawn is None:
            drawn = self._drawn[n] = self._draw(n)
        return drawn

    @property
    def steps(self) -> tuple[Document, ...]:
        """Every step's document, in order."""
        return tuple(self.step(n) for n in range(self.count))

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Replay):
            return NotImplemented
        return (self.game, self.hand, self.titles, self.steps) == (
            other.game,
            other.hand,
            other.titles,
            other.steps,
        )

    __hash__ = None  # type: ignore[assignment]


@dataclass(frozen=True)
class _Moment:
    """The hand at one step, as its reader may see it: the public view, the words of the
    step, the hands face up, the reader's own cards."""

    view: HandView
    words: tuple[str, ...]
    faces: tuple[HandRow, ...]
    own: tuple[str, ...] | None


def replay_steps(record: Mapping[str, Any], reader: str | None, lang: Lang, *, hand: int) -> Replay:
    """Every step of the finished hand ``record`` as ``reader`` may see it (``None``: a
    reader who was not dealt in), in ``lang``; ``hand`` is the hand's number at its table.

    Raises :class:`ReplayRefused` for a partial record or one that does not replay to its
    end."""
    return finish(replay_stepwise(record, reader, lang, hand=hand))


def finish(work: Generator[None, None, T]) -> T:
    """What a stepwise piece of work (:func:`replay_stepwise`) gives, done in one go."""
    while True:
        try:
            next(work)
        except StopIteration as done:
            return cast(T, done.value)


def replay_stepwise(
    record: Mapping[str, Any], reader: str | None, lang: Lang, *, hand: int
) -> Generator[None, None, Replay]:
    """:func:`replay_steps` a move at a time: the generator pauses after each move and
    returns the replay, so that a caller sharing its event loop (the web pages beside the
    tables) may let other work run between two moves."""
    if record.get("partial"):
        raise ReplayRefused("replay-refused-in-play")
    try:
        parsed = load_record(dict(record))
        rules = GAME_RULES[parsed.game]
        engine = cast(RuntimeHand, start_hand(parsed))
    except (GameError, KeyError, TypeError, ValueError) as exc:
        raise ReplayRefused("replay-refused-unreadable") from exc
    reader = reader if reader in engine.index else None
    opening = [render(lang, "log-dealt", hand=hand)]
    opening += [narrate(lang, said) for said, _ in rules.opening_notes(engine)]
    moments = [_moment(rules, engine, reader, opening, None)]
    titles = [render(lang, "replay-the-deal")]
    for action in parsed.actions:
        yield
        try:
            events = engine.act(action.player, action.verb, action.amount)
        except GameError as exc:
            raise ReplayRefused("replay-refused-unreadable") from exc
        words = [narrate(lang, said) for said, _ in rules.narrate(events)]
        if engine.finished and (end := rules.end_report(engine, hand)).showdown is None:
            words.append(narrate(lang, end.said))  # as the table's log ends it
        moments.append(_moment(rules, engine, reader, words, moments[-1].own))
        amount = action.amount if isinstance(action.amount, int) else None
        titles.append(
            words[0]
            if words
            else f"{mention(action.player)} — {verb_label(lang, action.verb, amount)}"
        )
    if not engine.finished:
        raise ReplayRefused("replay-refused-unreadable")
    titles.append(render(lang, "replay-the-end"))
    pages = _Pages(lang, parsed.game, hand, len(moments) + 1, reader)

    def draw(n: int) -> Document:
        if n < len(moments):
            return pages.step(n, moments[n])
        return pages.payouts(rules, engine, parsed, moments[-1])

    return Replay(parsed.game, hand, titles, draw)


def _moment(
    rules: GameRules,
    engine: RuntimeHand,
    reader: str | None,
    words: Sequence[str],
    own_before: tuple[str, ...] | None,
) -> _Moment:
    """The hand now: its public view, the hands face up, the reader's cards (those he may
    look at now; once he has folded or the hand is over, those he last saw)."""
    view = rules.public_hand(engine)
    own: tuple[str, ...] | None = None
    if reader is not None:
        seen = rules.visible(engine, reader)
        if seen is not None:
            own = tuple(seen[0])
        elif engine.finished or _folded(view, reader):
            own = own_before
    return _Moment(view, tuple(words), _faces(view, engine), own)


def _folded(view: HandView, name: str) -> bool:
    return any(p["name"] == name and p["folded"] for p in view["players"])


def _faces(view: HandView, engine: RuntimeHand) -> tuple[HandRow, ...]:
    """The hands face up to the table: Brag's face-up kept hand, the hands shown."""
    rows = []
    if face_up := view.get("face_up"):
        owner = next(
            (e.player for e in engine.events if e.kind == "reveal" and e.data.get("face_up")), None
        )
        rows.append(HandRow(mention(owner) if owner else "", tuple(face_up)))
    for p in view["players"]:
        if p["cards"]:
            rows.append(HandRow(mention(p["name"]), tuple(p["cards"]), folded=p["folded"]))
    return tuple(rows)


@dataclass(frozen=True)
class _Pages:
    """The documents of one replay: its language, game, hand, number of steps, reader."""

    lang: Lang
    game: str
    hand: int
    steps: int
    reader: str | None

    def step(self, n: int, moment: _Moment) -> Document:
        """The deal (``n`` 0) or the hand after its ``n``-th move."""
        lang = self.lang
        key = "replay-the-deal" if n == 0 else "replay-the-move"
        sections = [Section("move", render(lang, key), moment.words), self._seats(moment.view)]
        if info := hand_lines(lang, moment.view):
            sections.append(Section("hand", render(lang, "ui-table"), tuple(info)))
        if to_act := moment.view["to_act"]:
            turn = render(lang, "ui-speak", w=mention(to_act))
            sections.append(Section("turn", render(lang, "ui-turn"), (turn,)))
        return self._document(n, moment, sections, moment.faces, moment.view.get("retourne"))

    def payouts(
        self, rules: GameRules, engine: RuntimeHand, record: HandRecord, last: _Moment
    ) -> Document:
        """The last step: how the hand ended, the pots and payments, the final stacks."""
        lang = self.lang
        report = rules.end_report(engine, self.hand)
        if report.showdown is not None:
            shown = showdown_document(lang, self.game, report.showdown)
            said = render(lang, "ui-showdown-hand", n=self.hand)
            faces, retourne = shown.hands, shown.retourne
        else:
            # no hand was shown: the report's pots and payments only
            ended = {**report.data, "game": self.game, "combos": {}}
            ended["view"] = {**last.view, "players": []}
            shown = showdown_document(lang, self.game, cast(ShowdownReport, ended))
            said = narrate(lang, report.said)
            faces, retourne = last.faces, last.view.get("retourne")
        sections = [Section("move", render(lang, "replay-the-end"), (said,)), *shown.sections]
        before = {p.name: p.stack for p in record.players}
        lines = tuple(
            _stack_line(lang, name, stack, stack - before[name])
            for name, stack in engine.stacks().items()
        )
        sections.append(Section("stacks", render(lang, "replay-final-stacks"), lines))
        return self._document(self.steps - 1, last, sections, faces, retourne)

    def _seats(self, view: HandView) -> Section:
        """A line a player, in order of play (the dealer last): stack, stake, state."""
        lang = self.lang
        players = view["players"]
        lines = []
        for i, p in enumerate(players):
            parts = [f"{mention(p['name'])} — {chips(lang, p['stack'])}", *player_marks(lang, p)]
            if i == len(players) - 1:
                parts.append(render(lang, "ui-dealer"))
            lines.append(" · ".join(parts))
        return Section("seats", render(lang, "ui-seats"), tuple(lines), parts=4)

    def _document(
        self,
        n: int,
        moment: _Moment,
        sections: list[Section],
        faces: Sequence[HandRow],
        retourne: str | None,
    ) -> Document:
        """A step's document: its sections, the hands face up and the reader's own cards
        (as lines, and as rows of cards to draw)."""
        lang = self.lang
        if faces and not any(s.key == "hands" for s in sections):
            lines = tuple(
                render(lang, "ui-labelled", label=r.who, text=cards(r.cards))
                if r.who
                else cards(r.cards)
                for r in faces
            )
            sections.append(Section("hands", render(lang, "ui-hands"), lines, parts=3))
        rows = list(faces)
        own = moment.own
        if self.reader is not None and own and not any(set(own) <= set(r.cards) for r in faces):
            sections.append(Section("yours", render(lang, "replay-your-cards"), (cards(own),)))
            rows.append(HandRow(mention(self.reader), own, render(lang, "replay-your-cards")))
        title = render(
            lang,
            "replay-title",
            game=game_title(self.game),
            hand=self.hand,
            step=n + 1,
            steps=self.steps,
        )
        return Document(
            title,
            game_colour(self.game),
            sections=tuple(sections),
            retourne=retourne,
            hands=tuple(rows),
        )


def _stack_line(lang: Lang, name: str, stack: int, change: int) -> str:
    """A player's chips at the end, and what the hand won or cost him."""
    way = "up" if change > 0 else "down" if change < 0 else "even"
    return render(
        lang,
        "replay-stack-line",
        who=mention(name),
        chips=chips(lang, stack),
        change=way,
        n=abs(change),
    )
