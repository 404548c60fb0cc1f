"""Provably fair dealing (docs/fairness-spec.md): the scheme, the dealer, the verifier.

``python -m bot.fair verify FILE...`` checks exported hands offline.
"""
