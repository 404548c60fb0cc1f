"""How long a house player thinks before it plays: :func:`think_time`.

A forced move (one legal move) is quick. Otherwise the pause grows with what there is to
weigh that everyone can see (how many moves are open), and a close call (a small
``margin`` between the best move and the next) more often brings a long think. So that the
pause is no tell, a long think also comes, less often, on a clear choice, and every pause
is drawn with noise: over many decisions the pause says next to nothing of the cards
(tests/test_house_tells.py measures it). It never passes ``most``, the share of the
table's turn timer the runtime allows (:data:`PACE_SHARE`).

>>> import random
>>> from bot.house.thought import Advice
>>> rng = random.Random(3)
>>> think_time(Advice("pass", None, "advice-only-move", forced=True), 1, rng, 10.0) < 1.0
True
>>> all(think_time(Advice("hold", 4, "advice-pot-odds", margin=0.0), 3, rng, 2.5) <= 2.5
...     for _ in range(200))
True
"""

from __future__ import annotations

import math
import random

from bot.house.thought import Advice

#: The longest a house player thinks, and the share of the turn timer it may take.
MOST_THINK = 7.0
PACE_SHARE = 0.4
#: A margin (in pots) under which a choice is a close call.
CLOSE = 0.08
#: How often a long think comes on a close call, and on a clear one.
LONG_CLOSE, LONG_CLEAR = 0.45, 0.25


def pace_limit(turn_timeout: float) -> float:
    """The longest pause a table with this turn timer allows.

    >>> pace_limit(60), pace_limit(10)
    (7.0, 4.0)
    """
    return min(MOST_THINK, PACE_SHARE * turn_timeout)


def think_time(advice: Advice, moves: int, rng: random.Random, most: float) -> float:
    """Seconds to think before playing ``advice`` among ``moves`` legal moves (see the
    module); never more than ``most``."""
    if advice.forced or moves <= 1:
        pause = rng.uniform(0.4, 0.9)
    else:
        pause = 1.0 + 0.25 * min(moves - 2, 4)
        long = LONG_CLOSE if advice.margin < CLOSE else LONG_CLEAR
        if rng.random() < long:
            pause += rng.uniform(1.0, 3.5)
        pause *= math.exp(rng.gauss(0.0, 0.25))
    return max(0.0, min(most, pause))
