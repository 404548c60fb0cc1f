"""The table runtime: tables of Brelan, Bouillotte and Brag between the engine and a presenter.

Knows nothing of Discord: a :class:`Presenter` receives the table's news.
See ``docs/architecture.md``.
"""

from bot.runtime.clock import Clock, ManualClock, RealClock, Timer
from bot.runtime.errors import TableError
from bot.runtime.history import export_scenario, replays_to_expect, scenario_of
from bot.runtime.lifecycle import TableGone
from bot.runtime.manager import STALE_BUTTON, Table, TableManager, auto_verb
from bot.runtime.presenter import Presenter, RecordingPresenter

__all__ = [
    "STALE_BUTTON",
    "Clock",
    "ManualClock",
    "Presenter",
    "RealClock",
    "RecordingPresenter",
    "Table",
    "TableError",
    "TableGone",
    "TableManager",
    "Timer",
    "auto_verb",
    "export_scenario",
    "replays_to_expect",
    "scenario_of",
]
