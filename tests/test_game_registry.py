"""One registry of games (bot.games.registry): every place that used to list the games agrees
with it, and a toy game registered here, from its registry entry alone, is played end to end
through the table runtime and through the terminal's offline play."""

from __future__ import annotations

import io
import json
import logging
import random
from collections.abc import Iterator, Sequence
from dataclasses import asdict, dataclass, replace
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from bot.fair.scheme import derive_server_seed
from bot.fair.verify import dealt_from, table_deck
from bot.games import events as ev
from bot.games import registry
from bot.games.base import Amount, Event, HandRecord, Legal, Pot, replay_summary
from bot.games.cards import FULL_PACK
from bot.games.errors import IllegalAction, OptionError
from bot.games.options import GAMES, OptionSpec, option_names, parse_options
from bot.games.registry import GameSpec, UnknownGame
from bot.games.replay import load_record, replay_record
from bot.games.verbs import Verb
from bot.i18n import render
from bot.i18n.people import HOUSE_CHARACTERS
from bot.runtime import ManualClock, RecordingPresenter, TableError, TableManager
from bot.runtime.errors import VERBS
from bot.runtime.games import GAME_RULES, PlainRules
from bot.runtime.settings import Settings, default_cave, default_seats, seat_range
from bot.storage import Database, Transaction
from tests.test_runtime_support import balanced

REAL = ("brelan", "bouillotte", "brag")

# -- every place agrees with the registry ---------------------------------------------------


def test_the_three_games_are_registered_in_the_order_of_table_create() -> None:
    assert registry.names() == REAL
    assert tuple(GAMES) == REAL and "brag" in GAMES and "whist" not in GAMES
    assert [g.name for g in registry.specs()] == list(REAL)
    for name in REAL:
        assert registry.spec(name).name == name and registry.find(name) is registry.spec(name)
    with pytest.raises(UnknownGame, match="unknown game 'whist'; the games are: brelan"):
        registry.spec("whist")
    assert isinstance(UnknownGame("x"), OptionError)
    with pytest.raises(ValueError, match="registered already"):
        registry.register(registry.spec("brag"))


def test_every_module_that_listed_the_games_asks_the_registry() -> None:
    from bot.house.legality import random_table
    from bot.house.view import house_games
    from bot.loadtest import discordload, setup
    from bot.play.__main__ import parse_args
    from bot.runtime import games as runtime_games
    from bot.runtime import manager, option_schema, selfplay
    from bot.ui import transformers
    from bot.ui.economy_text import game_name
    from bot.ui.options_text import CHOICES
    from bot.view.words import game_colour, game_title
    from cogs import rules, tables

    names = registry.names()
    assert [c.value for c in tables.GAME_CHOICES] == list(names)  # /table create
    assert tuple(rules.GAMES) == names and list(rules.GAME_CHOICES) == list(names)  # /rules
    assert transformers.CHOOSING_GAME == "brag"
    assert tuple(runtime_games.GAMES) == tuple(manager.GAMES) == names
    assert tuple(runtime_games.GAME_RULES) == names
    assert {g: GAME_RULES[g].game for g in names} == {g: g for g in names}
    assert GAME_RULES["bouillotte"].has_queue and not GAME_RULES["brelan"].has_queue
    assert set(VERBS) == {v for g in registry.specs() for v in g.verbs}
    assert tuple(house_games()) == names  # the house plays every game
    drawn = {random_table(random.Random(seed))[0] for seed in range(60)}
    assert drawn == set(names)  # the legality check deals every game
    assert names == setup.GAMES_CYCLE == discordload.GAMES
    assert {game for game, _ in selfplay.TABLES} == set(names)
    assert {c for g in names for c in option_schema.specs(g)} >= set(option_names("brag"))
    assert "carre" in CHOICES and "wild" in CHOICES  # every game's word options
    for game in names:
        entry = registry.spec(game)
        assert parse_args(["--game", game]).game == game
        assert game_title(game) == game_name(game) == entry.title
        assert game_colour(game) == entry.colour
        assert option_names(game) == tuple(s.name for s in entry.rules)
        assert default_cave(game) == entry.cave and default_seats(game) == entry.seats
        assert seat_range(game, {})[0] == entry.min_seats
        players = [{"name": str(i)} for i in range(3)]
        assert len(table_deck({"game": game, "options": {}, "players": players})) >= 20
    assert (default_cave("brelan"), default_cave("bouillotte"), default_cave("brag")) == (
        50,
        30,
        100,
    )
    assert seat_range("brag", {"cards": 5}) == (2, 9) and seat_range("brelan", {}) == (2, 5)


def test_the_per_game_table_options_come_from_the_entries() -> None:
    with pytest.raises(TableError) as agreed:
        Settings.from_options("bouillotte", {"max_hands": 10})
    assert agreed.value.message.key == "refuse-max-hands-brelan"
    with pytest.raises(TableError) as choice:
        Settings.from_options("brelan", {"dealers_choice": True})
    assert choice.value.message.key == "refuse-dealers-choice-brag"
    assert Settings.from_options("brelan", {"staked": True, "replenish": True}).staked
    assert Settings.from_options("brag", {"dealers_choice": True}).dealers_choice


def test_verb_names_every_verb_of_every_registered_game() -> None:
    """Every move of every game is a :class:`Verb` (a ``str``: records and JSON read the
    same), and every Verb is some game's; the engines list theirs as Verbs too."""
    from bot.games import brag, brelan

    every = [v for g in registry.specs() for v in g.verbs]
    assert all(isinstance(v, Verb) for v in every)
    assert set(every) == set(Verb) and set(VERBS) == set(Verb)
    assert all(isinstance(v, Verb) for v in (*brelan.VERBS, *brag.VERBS))
    assert set(registry.spec("brelan").verbs) == set(brelan.VERBS)
    assert set(registry.spec("brag").verbs) == set(brag.VERBS)
    assert Verb.RAISE == "raise" and json.dumps({"verb": Verb.RAISE}) == '{"verb": "raise"}'
    for verb in Verb:  # the catalogue's words of each
        assert render("en", f"label-{verb}", n=1) != "…", verb


def test_a_game_with_a_verb_that_is_no_verb_is_refused() -> None:
    assert HIGH.verbs == (Verb.BET, Verb.FOLD)  # given as strings, kept as Verbs
    with pytest.raises(ValueError, match="'poke' is not a valid Verb"):
        replace(HIGH, verbs=("bet", "poke"))


# -- a toy game, from its registry entry alone ------------------------------------------------


@dataclass(frozen=True)
class HighOptions:
    """The toy's options: everyone antes, then bets ``bet`` or folds."""

    game: str = "high"
    ante: int = 1
    bet: int = 2

    def to_dict(self) -> dict[str, Any]:
        out = asdict(self)
        del out["game"]
        return out


class HighHand:
    """High card: one card each, everyone antes; in turn each bets ``bet`` (or all he has) or
    folds; the highest rank among those who bet takes the pot (shared on a tie). Bets and
    folds are Brag's verbs, its events Brag's catalogue lines (``text_prefix="brag"``), so
    they carry the data of Brag's shapes (:mod:`bot.games.events`)."""

    def __init__(
        self, options: HighOptions, names: Sequence[str], stacks: Sequence[int], hands: Any
    ) -> None:
        self.options = options
        self.names = list(names)
        self.index = {n: i for i, n in enumerate(self.names)}
        self.stack = list(stacks)
        self.hands = [tuple(h) for h in hands]
        self.stake = [0] * len(self.names)
        self.folded = [False] * len(self.names)
        self.pending = list(range(len(self.names)))
        self.events: list[Event] = []
        self.pots: list[Pot] = []
        self.carried = 0
        for i, name in enumerate(self.names):
            paid = min(options.ante, self.stack[i])
            self.stack[i] -= paid
            self.stake[i] += paid
            self.events.append(ev.BRAG_ANTE.event(name, {"amount": paid, "pot": sum(self.stake)}))

    @classmethod
    def start(cls, record: HandRecord) -> HighHand:
        options = parse_options(record.game, record.options)
        assert isinstance(options, HighOptions)
        names = [p.name for p in record.players]
        stacks = [p.stack for p in record.players]
        return cls(options, names, stacks, [record.hands[n] for n in names])

    @property
    def finished(self) -> bool:
        return not self.pending

    @property
    def to_act(self) -> str | None:
        return self.names[self.pending[0]] if self.pending else None

    def legal_actions(self) -> list[Legal]:
        if not self.pending:
            return []
        i = self.pending[0]
        return [Legal("bet", min(self.options.bet, self.stack[i])), Legal("fold")]

    def act(self, player: str, verb: str, amount: Amount = None) -> list[Event]:
        if player != self.to_act:
            raise IllegalAction(f"it is not {player}'s turn")
        i = self.pending[0]
        before = len(self.events)
        if verb == "bet":
            due = min(self.options.bet, self.stack[i])
            if amount not in (None, due):
                raise IllegalAction(f"{player} bets {due}, not {amount!r}")
            self.stack[i] -= due
            self.stake[i] += due
            self.events.append(ev.BET.event(player, {"amount": due, "counts": due, "blind": False}))
        elif verb == "fold":
            self.folded[i] = True
            self.events.append(ev.BRAG_FOLD.event(player, {}))
        else:
            raise IllegalAction(f"{verb!r} is not a move of high card")
        self.pending.pop(0)
        left = [k for k, f in enumerate(self.folded) if not f]
        if len(left) == 1:
            self.pending.clear()
        if not self.pending:
            self._settle(left)
        return self.events[before:]

    def _settle(self, left: list[int]) -> None:
        best = max(self.hands[k][0].rank for k in left)
        winners = [k for k in left if self.hands[k][0].rank == best]
        total = sum(self.stake)
        share, odd = divmod(total, len(winners))
        for n, k in enumerate(winners):
            self.stack[k] += share + (1 if n < odd else 0)
        names = tuple(self.names[k] for k in winners)
        self.pots.append(Pot(total, names))
        self.events.append(
            ev.BRAG_POT.event(None, {"amount": total, "winners": list(names), "shown": True})
        )
        self.events.append(ev.END.event(None, {"stacks": self.stacks(), "carried": 0}))

    def stacks(self) -> dict[str, int]:
        return dict(zip(self.names, self.stack, strict=True))

    def summary(self) -> dict[str, Any]:
        return replay_summary(
            self.finished, self.stacks(), self.pots, [], 0, self.to_act, self.legal_actions()
        )

    def public_view(self) -> dict[str, Any]:
        showdown = self.finished and sum(1 for f in self.folded if not f) > 1
        return {
            "phase": "finished" if self.finished else "betting",
            "to_act": self.to_act,
            "pot": sum(self.stake),
            "players": [
                {
                    "name": name,
                    "stack": self.stack[i],
                    "stake": self.stake[i],
                    "folded": self.folded[i],
                    "cards": [c.code for c in self.hands[i]]
                    if showdown and not self.folded[i]
                    else None,
                }
                for i, name in enumerate(self.names)
            ],
        }


HIGH = GameSpec(
    name="high",
    title="High card",
    hand=HighHand,
    start_hand=HighHand.start,
    options=HighOptions,
    rules=(
        OptionSpec("ante", "count", "chips", 0, 100),
        OptionSpec("bet", "count", "chips", 1, 100),
    ),
    defaults={"bet": 3},
    verbs=("bet", "fold"),
    deck=lambda options, players: FULL_PACK,
    cards=lambda options: 1,
    most_seats=lambda options: 6,
    seats=4,
    cave=20,
    text_prefix="brag",
)


#: A hand of the toy game, as a record.
TOY_HAND: dict[str, Any] = {
    "game": "high",
    "players": [{"name": "A", "stack": 5}, {"name": "B", "stack": 5}],
    "hands": {"A": ["Kd"], "B": ["9s"]},
    "actions": [["A", "bet"], ["B", "bet"]],
}


@pytest.fixture
def high() -> Iterator[GameSpec]:
    with registry.registered(HIGH) as entry:
        yield entry
    assert "high" not in registry.names()


def test_the_toy_game_is_known_everywhere_while_registered(high: GameSpec) -> None:
    assert registry.names() == (*REAL, "high") and "high" in GAMES
    assert option_names("high") == ("ante", "bet")
    assert parse_options("high", {"ante": 2}) == HighOptions(ante=2, bet=3)
    with pytest.raises(OptionError, match="high has no option 'cards'"):
        parse_options("high", {"cards": 4})
    assert isinstance(GAME_RULES["high"], PlainRules) and "high" in GAME_RULES
    assert seat_range("high", {}) == (2, 6) and default_cave("high") == 20
    raw = TOY_HAND
    hand = replay_record(load_record(raw))
    assert hand.summary()["stacks"] == {"A": 9, "B": 1}
    record = {**raw, "options": {}, "players": [{"name": n} for n in ("A", "B", "C")]}
    deck = table_deck(record)
    assert len(deck) == 52
    assert dealt_from(record, deck) == {"hands": {"A": [deck[0]], "B": [deck[1]], "C": [deck[2]]}}


def test_the_toy_game_is_gone_once_unregistered() -> None:
    with registry.registered(HIGH):
        pass
    assert registry.names() == REAL and "high" not in GAMES and "high" not in GAME_RULES
    with pytest.raises(UnknownGame):
        parse_options("high")
    with pytest.raises(UnknownGame):
        registry.unregister("high")


class HighRules(PlainRules):
    """The toy game's own runtime adapter: the plain one, timing out by folding."""

    def auto_action(self, hand: Any) -> tuple[str, Amount]:
        return "fold", None


def high_view(hand: Any, seat: str) -> Any:
    """The toy game's own view for the house: the plain view, marked."""
    from bot.house.view import plain_view

    return replace(plain_view(hand, seat), seat=f"{seat}!")


def test_an_entry_names_its_runtime_adapter_and_its_house_view() -> None:
    """Adding a game touches its entry and its own modules only: the entry names its runtime
    adapter and the house's view as ``"module:name"``, found by the layer that uses them."""
    from bot.house.view import house_games, view_for

    assert GAME_RULES["brag"].__class__.__name__ == "BragRules"
    assert registry.spec("brelan").runtime == "bot.runtime.games:BrelanRules"
    here = __name__
    own = replace(HIGH, name="higher", runtime=f"{here}:HighRules", house=f"{here}:high_view")
    with registry.registered(own):
        assert type(GAME_RULES["higher"]) is HighRules
        assert "higher" in house_games()
        hand = HighHand.start(load_record({**TOY_HAND, "game": "higher"}))
        assert view_for(hand, "A").seat == "A!"
        assert GAME_RULES["higher"].auto_action(hand) == ("fold", None)
    broken = replace(HIGH, name="broken", runtime="bot.games.cards:Card")
    with registry.registered(broken), pytest.raises(TypeError, match="not a runtime adapter"):
        GAME_RULES["broken"]


GUILD, CHANNEL = 1, 10
ANN, BEN, CID = 101, 102, 103


def cautious(legal: list[dict[str, Any]], rng: random.Random) -> tuple[str, int | None]:
    choice = rng.choice(legal)
    return choice["verb"], choice.get("amount")


async def test_the_toy_game_is_played_through_the_runtime(
    high: GameSpec, tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    """Create, join, deal (fairly), deliver the cards privately, act, time out, resume after
    a restart, finish hands, keep every chip, replay and verify every record, close: with
    nothing logged as an error on the way."""
    path = tmp_path / "high.sqlite3"
    clock = ManualClock()

    async def open_manager() -> tuple[Database, RecordingPresenter, TableManager]:
        db = await Database.open(path)
        presenter = RecordingPresenter()
        manager = TableManager(
            db,
            presenter,
            clock=clock,
            server_seeds=lambda n: derive_server_seed("registry-tests", n),
        )
        await manager.resume()
        return db, presenter, manager

    db, presenter, manager = await open_manager()
    with pytest.raises(TableError) as seats:
        await manager.create_table(GUILD, CHANNEL, "high", ANN, {"seats": 7})
    assert seats.value.message.key == "refuse-seats-range"
    table = await manager.create_table(GUILD, CHANNEL, "high", ANN, {"auto_deal": False})
    for user in (ANN, BEN, CID):
        await manager.join(table, user)
        assert await db.write(Transaction.balance, GUILD, user) == 1000 - 20  # the toy's cave
    first = await manager.start(table, ANN)
    state = await manager.status(table)
    hand = state["hand"]
    assert state["game"] == "high" and hand["id"] == first and hand["phase"] == "betting"
    assert [a["verb"] for a in hand["legal"]] == ["bet", "fold"]
    assert hand["legal"][0]["amount"] == 3  # the entry's default bet
    dealt = {u: cards for (_t, u, cards, _r) in presenter.deliveries}
    assert sorted(dealt) == [ANN, BEN, CID] and all(len(c) == 1 for c in dealt.values())
    mine = await manager.my_cards(table, int(hand["to_act"]))
    assert mine["cards"] == dealt[int(hand["to_act"])] and mine["retourne"] is None
    # the first player runs out of time: he folds
    await clock.advance(Settings.from_options("high", {}).turn_timeout + 1)
    assert "log-timeout" in presenter.said(table)
    # a restart in the middle of the hand finds it where it was
    for t in manager.tables.values():
        if t.timer is not None:
            t.timer.cancel()
    await db.close()
    db, presenter, manager = await open_manager()
    again = (await manager.status(table))["hand"]
    assert again["id"] == first and again["to_act"] != hand["to_act"]
    rng = random.Random(5)
    finished: list[int] = []
    for _ in range(200):
        state = await manager.status(table)
        current = state["hand"]
        if current is None:
            if len(finished) >= 4:
                break
            await manager.start(table, ANN)
            continue
        if not finished or finished[-1] != current["id"]:
            finished.append(current["id"])
        verb, amount = cautious(current["legal"], rng)
        await manager.act(table, int(current["to_act"]), verb, amount, hand_id=current["id"])
    said = presenter.said(table)
    assert "event-brag-bet" in said and "event-brag-pot" in said and "log-hand-over" in said
    text = " ".join(render("en", m) for _t, m, _d in presenter.announcements)
    assert "takes" in text or "share" in text
    export = await manager.export_hand(finished[-1], BEN)
    assert json.loads(export.text)["game"] == "high"
    after = await manager.my_cards(table, BEN, hand_id=finished[0])
    assert after["ended"] and len(after["cards"]) == 1
    await manager.close_now(table, ANN)
    await balanced(db)
    for hand_id in finished:
        stored = await db.query(Transaction.get_hand, hand_id)
        assert stored.status == "finished"
        assert replay_record(load_record(stored.record)).summary() == stored.result
        assert (await manager.verify_hand(hand_id)).status == "ok"  # the fair scheme
    assert (
        sum([await db.write(Transaction.balance, GUILD, u) for u in (ANN, BEN, CID)])
        + await db.query(Transaction.jar_balance, GUILD)
        == 3000
    )
    await db.close()
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text


async def test_the_toy_game_is_played_offline_in_the_terminal(
    high: GameSpec, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """``python -m bot.play --game high`` against a house player, moves typed: the house
    plays a game it has no strategy for by its plain rule."""
    from bot.play import __main__ as offline

    typed = iter(["7", "1", *["1"] * 40])

    async def ask(prompt: str) -> str | None:
        return next(typed, None)

    monkeypatch.setattr(offline, "ask", ask)
    game = ["--game", "high", "--players", "1", "--hands", "2", "--lang", "en"]
    args = offline.parse_args([*game, "--pause", "0", "--seed", "3"])
    out = io.StringIO()
    assert await offline.play(args, Console(file=out, width=120, color_system=None)) == 0
    text = out.getvalue()
    assert "High card in the terminal" in text and "Your move:" in text
    assert "is not one of the moves" in text  # "7" was refused, in words
    assert "Your cards:" in text  # and the house player, by its name:
    assert any(f"🤖 {name}" in text for name, _ in HOUSE_CHARACTERS.values())
    assert "Bet" in text and "Thank you for playing" in text
    assert "<@" not in text
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR], caplog.text
