"""What a finished hand leaves to each player, worked out from its record.

- **His own cards, privately.** Every player dealt in may see his own cards once the hand is
  over (docs/fairness-spec.md: to a player dealt in, his own cards; never another's). The runtime
  sends them, at the end of the hand, to whoever had not seen them (a blind Brag player who
  lost or folded without looking, a player whose card DM failed), and **My cards** gives them
  after the hand. A blind hand kept for the next deal is never shown, not even to its owner:
  such a player gets nothing.
- **Strong folds**, the evidence of ``/admin flows``: a player who folded, after looking, a
  hand most players would have played (Brelan and Bouillotte: a brelan, or a point of
  :data:`STRONG_POINT` or more in one suit with the retourne; Brag: a pair or better).

>>> from bot.games.base import HandRecord, Player, Action
>>> from bot.games.cards import parse_cards
>>> record = HandRecord("brag", [Player("A", 9), Player("B", 9)],
...     {"A": parse_cards("Ah Ad 2c".split()), "B": parse_cards("3c 7d 9s".split())},
...     options={"blind_allowed": False}, actions=[Action("A", "fold")])
>>> after = after_hand(record)
>>> after.cards["A"], sorted(after.unseen), after.strong["A"]["kind"]
((['Ah', 'Ad', '2c'], None), [], 'pair')
"""

from __future__ import annotations

from dataclasses import dataclass, field

from bot.games import registry
from bot.games.base import HandRecord
from bot.games.brag import BragHand
from bot.games.brag_rank import CATEGORIES, best_three, facts, strength_category
from bot.games.brelan import BrelanHand
from bot.games.cards import Card
from bot.games.errors import GameError
from bot.games.events import BrelanComboFacts, ComboFacts
from bot.games.replay import start_hand
from bot.runtime.games import GAME_RULES, RuntimeHand

#: A folded Brelan/Bouillotte point this high (his cards of one suit, with the retourne when
#: it is of that suit) is a strong hand: three high cards of a suit (A-K-Q is 31).
STRONG_POINT = 30
#: A folded Brag hand of this category or better is a strong hand.
STRONG_BRAG = CATEGORIES.index("pair")


@dataclass(frozen=True)
class AfterHand:
    """A finished hand, for each player dealt in (engine names).

    ``cards``: the cards he may see now that the hand is over (his own, and the retourne),
    absent for a player who keeps his blind hand for the next deal (``kept``); ``unseen``:
    the players who had not seen all of them during the hand; ``strong``: the facts of the
    strong hand each folder folded (:func:`bot.runtime.games.combo_message` words them).
    """

    dealt: tuple[str, ...]
    cards: dict[str, tuple[list[str], str | None]] = field(default_factory=dict)
    unseen: frozenset[str] = frozenset()
    kept: frozenset[str] = frozenset()
    strong: dict[str, ComboFacts] = field(default_factory=dict)


def after_hand(record: HandRecord, hand: RuntimeHand | None = None) -> AfterHand:
    """The hand's end for each player; ``hand``: the finished hand, when at hand (Brelan
    needs no replay then; Brag always replays its record to know who saw what). The engine
    is the game's registry entry's; a game of any other engine: every player saw his own
    cards from the deal on, and no fold is judged."""
    engine = registry.spec(record.game).hand
    if issubclass(engine, BragHand):
        return _brag_after(record)
    if not issubclass(engine, BrelanHand):
        names = tuple(p.name for p in record.players)
        retourne = record.retourne.code if record.retourne is not None else None
        return AfterHand(names, {n: ([c.code for c in record.hands[n]], retourne) for n in names})
    if not isinstance(hand, BrelanHand):
        built = start_hand(record)
        assert isinstance(built, BrelanHand)
        for action in record.actions:
            built.act(action.player, action.verb, action.amount)
        hand = built
    return _brelan_after(hand)


def _brelan_after(h: BrelanHand) -> AfterHand:
    retourne: str | None = h.retourne.code
    cards = {n: ([c.code for c in h.hands[i]], retourne) for i, n in enumerate(h.names)}
    strong: dict[str, ComboFacts] = {}
    for i, name in enumerate(h.names):
        if h.folded[i]:
            found = brelan_strength(h.hands[i], h.retourne)
            if found is not None:
                strong[name] = found
    # every player saw his cards and the retourne when the carre was over
    return AfterHand(tuple(h.names), cards, frozenset(), frozenset(), strong)


def brelan_strength(hand: tuple[Card, ...], retourne: Card) -> BrelanComboFacts | None:
    """The facts of a strong Brelan/Bouillotte hand (a brelan, or a point of at least
    :data:`STRONG_POINT` in one of his suits counting the retourne), else None.

    >>> from bot.games.cards import parse_cards
    >>> brelan_strength(tuple(parse_cards("Ah Kh Qh".split())), parse_cards(["7c"])[0])
    {'kind': 'point', 'value': 31, 'suit': 'h'}
    >>> brelan_strength(tuple(parse_cards("9c 9d 9s".split())), parse_cards(["9h"])[0])
    {'kind': 'square', 'value': 9, 'suit': None}
    >>> brelan_strength(tuple(parse_cards("Ah Kh 7c".split())), parse_cards(["8d"])[0]) is None
    True
    """
    if len({c.rank for c in hand}) == 1:
        kind = "square" if retourne.rank == hand[0].rank else "brelan"
        return {"kind": kind, "value": hand[0].rank, "suit": None}
    best, best_suit = 0, ""
    for suit in sorted({c.suit for c in hand}):
        total = sum(c.points for c in hand if c.suit == suit)
        total += retourne.points if retourne.suit == suit else 0
        if total > best:
            best, best_suit = total, suit
    if best >= STRONG_POINT:
        return {"kind": "point", "value": best, "suit": best_suit}
    return None


def _brag_after(record: HandRecord) -> AfterHand:
    rules = GAME_RULES[record.game]
    h = start_hand(record)
    assert isinstance(h, BragHand)
    names = list(h.names)
    known: dict[str, set[str]] = {n: set() for n in names}
    # the hands each one holds last (his dealt cards if he never held any: a face-up kept
    # hand nobody can beat folds the others as they are dealt)
    last: dict[str, list[tuple[Card, ...]]] = {n: [tuple(record.hands[n])] for n in names}
    folded: dict[str, list[tuple[Card, ...]]] = {}

    def look() -> None:
        public = rules.public_cards(h)
        for n in names:
            known[n] |= public
            seen = rules.visible(h, n)
            if seen is not None:
                known[n].update(seen[0])
            held = h.held[h.index[n]]
            if held:
                last[n] = list(held)

    look()
    for action in record.actions:
        if action.verb == "fold" and action.player in h.index:
            folded[action.player] = list(h.held[h.index[action.player]])
        try:
            h.act(action.player, action.verb, action.amount)
        except GameError:
            break
        look()
    cards: dict[str, tuple[list[str], str | None]] = {}
    unseen: set[str] = set()
    for n in names:
        if n in h.kept_after:
            continue  # kept blind for the next deal: shown to nobody, not even him
        mine = [c.code for held in last[n] for c in held]
        if mine:
            cards[n] = (mine, None)
            if not set(mine) <= known[n]:
                unseen.add(n)
    strong: dict[str, ComboFacts] = {}
    for n, hands in folded.items():
        looked = [cs for cs in hands if cs and {c.code for c in cs} <= known[n]]
        if not looked:
            continue  # folded blind: he did not know what he gave up
        value = max(best_three(cs, h.wild)[0][0] for cs in looked)
        if CATEGORIES.index(strength_category(value)) >= STRONG_BRAG:
            strong[n] = facts(value)
    return AfterHand(tuple(names), cards, frozenset(unseen), frozenset(h.kept_after), strong)
