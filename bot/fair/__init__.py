"""Provably fair dealing (FAIRNESS.md): the scheme, the dealer, the verifier.

``python -m bot.fair verify FILE...`` checks exported hands offline.
"""
