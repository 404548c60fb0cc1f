"""House players: pure strategies that play Brelan, Bouillotte and Brag from a seat's view.

:func:`bot.house.view.view_for` copies what one seat may know; a strategy made by
:func:`bot.house.players.make_player` (``random``, ``easy``, ``normal``, ``strong``) answers
``decide(view) -> (verb, amount)``. ``python -m bot.house.arena`` measures them against each
other; ``python -m bot.house.legality`` checks they never act illegally. See docs/house.md.
"""
