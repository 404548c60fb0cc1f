# The replayer: a finished hand, step by step (bot/view/replay.py), and the web page's words
# (bot/view/html.py, the verifier of bot/web/static/verify.js).
replay-title = { $game } — hand #{ $hand }, step { $step } of { $steps }
replay-the-deal = The deal
replay-the-move = The move
replay-the-end = Payouts
replay-your-cards = Your cards
replay-final-stacks = Chips after the hand
replay-stack-line = { $who } — { $chips } { $change ->
    [up] (+{ $n })
    [down] (−{ $n })
   *[even] (±0)
}
replay-refused-in-play = This hand's pack can still be dealt: its replay opens once the pack is retired.
replay-refused-unreadable = This hand's record does not replay to its end, so it cannot be shown.
html-someone = a player
verify-web-button = Check the deal in this browser
verify-web-commitment = Commitment shown before the deal: { $commitment }
verify-web-commitment-ok = sha256(server seed { $seed }) = { $computed }: the commitment shown before the deal.
verify-web-commitment-bad = sha256(server seed { $seed }) = { $computed }, not the commitment shown before the deal ({ $commitment }).
verify-web-seeds = Players' seeds: { $seeds } · deal number (nonce) { $nonce }
verify-web-canonical = The table's deck in canonical order ({ $count ->
        [one] { $count } card
       *[other] { $count } cards
    }): { $deck }
verify-web-shuffled = Shuffled with HMAC-SHA256 and Fisher–Yates, top first: { $deck }
verify-web-deck-ok = The record's deck is this shuffle.
verify-web-hand-ok = <@{ $user }> was dealt { $cards } from the top of the deck.
verify-web-retourne-ok = The retourne, { $card }, is the card after the hands.
verify-web-not-followed = This page checks the hands against this deal's pack; the pack itself follows from deal { $deal }, which python -m bot.fair verify checks when given both files.
verify-web-sealed = 🔒 The server seed is still secret: this deal can be checked once it is revealed.
verify-web-match-continued = ✅ The commitment holds and every hand was dealt from the top of the pack.
verify-web-failed = The check could not run in this browser (it needs a secure page: https).
verify-web-bad-file = This file is not a hand's record (a file /replay gives).
