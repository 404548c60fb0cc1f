"""A table's runtime settings: the table options the runtime reads, checked once.

The rest of the options are the engine's rules options (``bot/games/options.py``); they are
validated here too, by the engine's own parser. What differs between games (seat limits, the
standard cave, which table options a game has) is its entry in :mod:`bot.games.registry`.

>>> s = Settings.from_options("brag", {"max_bet": 20, "next_hand_delay": 5})
>>> s.cave, s.seats, s.next_hand_delay, s.rules
(100, 8, 5.0, {'max_bet': 20})
>>> Settings.from_options("bouillotte", {"max_hands": 10})
Traceback (most recent call last):
...
bot.runtime.errors.OptionRefused: Only Brelan plays an agreed number of hands.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from bot.games import registry
from bot.games.options import parse_options
from bot.runtime.errors import TableError

#: Table options the runtime reads (the rest are the engine's rules options).
#: ``runtime`` holds the session between hands, ``next_deal_at`` a pending deal (unix s).
RUNTIME_KEYS = (
    "turn_timeout",
    "cave",
    "seats",
    "sit_out_hands",
    "auto_deal",
    "next_hand_delay",
    "max_hands",
    "replenish",
    "staked",
    "runtime",
    "next_deal_at",
    "closing",
    "notify",
    "reseed_every",
    "dealers_choice",
    "choice",
    "last_choice",
    "practice",
    "talk",
)
#: What the runtime keeps in the table options besides them, that no player ever sets
#: (``tournament``: a tournament table's place in its tournament; ``house_memory``: what the
#: house players remember of the players here).
STATE_KEYS = ("departed", "tournament", "house_memory")
#: How the player to act is told (docs/architecture.md): a mention in the channel, a DM, or
#: nothing; each member may choose for himself (/notify).
NOTIFY_MODES = ("mention", "dm", "off")
DEFAULT_TURN_TIMEOUT = 60.0
#: Bounds of the runtime options (docs/architecture.md, "Table options").
MAX_TURN_TIMEOUT = 3600.0
MAX_NEXT_HAND_DELAY = 600.0
MAX_CAVE = 1_000_000
DEFAULT_SIT_OUT_HANDS = 3
#: Deals made with one server seed before it is revealed and replaced (docs/fairness-spec.md).
DEFAULT_RESEED_EVERY = 20
MAX_RESEED_EVERY = 1000


def whole(seconds: float) -> float | int:
    """Seconds as stored: a whole number stays an int (what the player typed).

    >>> whole(60.0), whole(0.5)
    (60, 0.5)
    """
    return int(seconds) if float(seconds).is_integer() else seconds


def default_cave(game: str) -> int:
    """The game's standard cave (its registry entry's)."""
    return registry.spec(game).cave


def default_seats(game: str) -> int:
    """The seats of a table opened without ``seats`` (its registry entry's)."""
    return registry.spec(game).seats


def seat_range(game: str, rules: dict[str, Any]) -> tuple[int, int]:
    """Fewest and most seats a table of the game may have with these rules (its registry
    entry's: at Brag the engine's limit, 17 players of three-card brag, 10 of four or five
    cards, and never more than the pack can deal while a kept blind hand lies on the table).

    >>> seat_range("brag", {}), seat_range("brag", {"cards": 5}), seat_range("brelan", {})
    ((2, 16), (2, 9), (2, 5))
    """
    entry = registry.spec(game)
    return entry.min_seats, entry.most_seats(parse_options(game, rules))


@dataclass
class Settings:
    """A table's runtime settings, read from its options.

    ``next_hand_delay`` (seconds, 0: deal at once) is the pause between two hands when
    ``auto_deal`` is on. ``max_hands`` (Brelan) is the agreed number of hands; ``replenish``
    (Brelan) lets a cleaned-out player recave; ``staked`` (Brelan) is Staked Brelan: players
    may add reserve caves. ``practice``: a practice table, its chips the house bank's (no
    member's wallet moves), with hints (docs/learn.md); ``talk``: house players say a word now
    and then (docs/house.md).
    """

    rules: dict[str, Any]
    turn_timeout: float
    cave: int
    seats: int
    sit_out_hands: int
    auto_deal: bool
    next_hand_delay: float = 0.0
    max_hands: int | None = None
    replenish: bool = False
    staked: bool = False
    notify: str = "mention"
    reseed_every: int = DEFAULT_RESEED_EVERY
    dealers_choice: bool = False
    practice: bool = False
    talk: bool = True

    @classmethod
    def from_options(cls, game: str, options: dict[str, Any]) -> Settings:
        rules = {k: v for k, v in options.items() if k not in RUNTIME_KEYS and k not in STATE_KEYS}
        parse_options(game, rules)  # raises OptionError
        turn_timeout = float(options.get("turn_timeout", DEFAULT_TURN_TIMEOUT))
        cave = int(options.get("cave", default_cave(game)))
        seats = int(options.get("seats", default_seats(game)))
        delay = float(options.get("next_hand_delay", 0.0))
        raw_max = options.get("max_hands")
        max_hands = None if raw_max is None else int(raw_max)
        replenish = bool(options.get("replenish", False))
        staked = bool(options.get("staked", False))
        notify = str(options.get("notify", "mention"))
        if notify not in NOTIFY_MODES:
            raise TableError("refuse-notify-mode", modes=", ".join(NOTIFY_MODES))
        reseed_every = options.get("reseed_every", DEFAULT_RESEED_EVERY)
        if (
            isinstance(reseed_every, bool)
            or not isinstance(reseed_every, int)
            or not 1 <= reseed_every <= MAX_RESEED_EVERY
        ):
            raise TableError("refuse-reseed-every", most=MAX_RESEED_EVERY)
        if not 0 < turn_timeout <= MAX_TURN_TIMEOUT:
            raise TableError("refuse-turn-timer", most=round(MAX_TURN_TIMEOUT))
        if not 1 <= cave <= MAX_CAVE:
            raise TableError("refuse-cave-range", most=MAX_CAVE)
        if delay > MAX_NEXT_HAND_DELAY:
            raise TableError("refuse-delay-max", most=round(MAX_NEXT_HAND_DELAY))
        low, high = seat_range(game, rules)
        if not low <= seats <= high:
            raise TableError("refuse-seats-range", game=game, low=low, high=high)
        if delay < 0:
            raise TableError("refuse-delay-negative")
        entry = registry.spec(game)
        if max_hands is not None:
            if not entry.agreed_hands:
                raise TableError("refuse-max-hands-brelan")
            if max_hands < 1:
                raise TableError("refuse-max-hands-one")
        if replenish and not entry.replenish:
            raise TableError("refuse-replenish-brelan")
        if staked and not entry.staked:
            raise TableError("refuse-staked-brelan")
        dealers_choice = bool(options.get("dealers_choice", False))
        if dealers_choice and not entry.dealers_choice:
            raise TableError("refuse-dealers-choice-brag")
        return cls(
            rules=rules,
            turn_timeout=turn_timeout,
            cave=cave,
            seats=seats,
            sit_out_hands=int(options.get("sit_out_hands", DEFAULT_SIT_OUT_HANDS)),
            auto_deal=bool(options.get("auto_deal", True)),
            next_hand_delay=delay,
            max_hands=max_hands,
            replenish=replenish,
            staked=staked,
            notify=notify,
            reseed_every=reseed_every,
            dealers_choice=dealers_choice,
            practice=bool(options.get("practice", False)),
            talk=bool(options.get("talk", True)),
        )

    def to_options(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            **self.rules,
            "turn_timeout": whole(self.turn_timeout),
            "cave": self.cave,
            "seats": self.seats,
            "sit_out_hands": self.sit_out_hands,
            "auto_deal": self.auto_deal,
        }
        if self.next_hand_delay:
            out["next_hand_delay"] = whole(self.next_hand_delay)
        if self.max_hands is not None:
            out["max_hands"] = self.max_hands
        if self.replenish:
            out["replenish"] = True
        if self.staked:
            out["staked"] = True
        if self.notify != "mention":
            out["notify"] = self.notify
        if self.reseed_every != DEFAULT_RESEED_EVERY:
            out["reseed_every"] = self.reseed_every
        if not self.talk:
            out["talk"] = False
        if self.dealers_choice:
            out["dealers_choice"] = True
        if self.practice:
            out["practice"] = True
        return out
