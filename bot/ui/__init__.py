"""The Discord surface's helpers: translations, renderers, views and the presenter.

Everything here may import discord; nothing under ``bot.games``, ``bot.runtime`` or
``bot.storage`` imports from here.
"""
