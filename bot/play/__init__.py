"""Offline play: the games in a terminal against house players (``python -m bot.play``)."""
