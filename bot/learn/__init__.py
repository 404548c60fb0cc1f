"""Lessons: a guided hand of each game against house players (``/learn``, ``python -m
bot.play --learn``), played through the real table runtime (docs/learn.md).

- :mod:`bot.learn.script`: what a lesson is made of (data: the deals, every move, the lines
  of explanation as catalogue keys whose parameters the engine's state gives);
- :mod:`bot.learn.facts`: the facts a line may name, read from what the learner can see;
- :mod:`bot.learn.lessons`: the three lessons;
- :mod:`bot.learn.runner`: :class:`~bot.learn.runner.LessonRun`, a lesson on a table of
  its own (a throwaway database, its own clock: nothing happens until the learner moves);
- :mod:`bot.learn.pages`: a lesson's page as a document, for every surface.

The package is at the view model's level: it never imports discord nor the Discord surface.
"""
