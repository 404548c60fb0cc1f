"""House players: pure strategies that play Brelan, Bouillotte and Brag from a seat's view.

:func:`bot.house.view.view_for` copies what one seat may know; a strategy made by
:func:`bot.house.players.make_player` (``random``, ``easy``, ``normal``, ``strong``, in a
character's :mod:`~bot.house.style`) answers ``decide(view) -> (verb, amount)``; the strong
level reads the table's :mod:`~bot.house.memory` of its opponents, and
:func:`bot.house.advice.advise` gives its move with a reason. :mod:`~bot.house.timing` draws
a thinking pause, :mod:`~bot.house.talk` a line of table talk. ``python -m bot.house.arena``
measures them against each other and against the exploit :mod:`~bot.house.probes`, with
their :mod:`~bot.house.tells`; ``python -m bot.house.legality`` checks they never act
illegally. See docs/house.md.
"""
