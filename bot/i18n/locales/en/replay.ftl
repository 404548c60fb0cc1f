# The replayer: a finished hand, step by step (bot/view/replay.py), and the web page's words
# (bot/view/html.py, the verifier of bot/web/static/verify.js).
replay-title = { $game } — hand #{ $hand }, step { $step } of { $steps }
replay-the-deal = The deal
replay-the-move = The move
replay-the-end = Payouts
replay-your-cards = Your cards
replay-carried = { $n } stay on the table for the next deal
replay-final-stacks = Chips after the hand
replay-stack-line = { $who } — { $chips } { $change ->
    [up] (+{ $n })
    [down] (−{ $n })
   *[even] (±0)
}
replay-refused-in-play = This hand's pack can still be dealt: its replay opens once the pack is retired.
replay-refused-unreadable = This hand's record does not replay to its end, so it cannot be shown.
html-someone = a player
