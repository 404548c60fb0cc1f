## Fair dealing (docs/fairness.md): seeds, the cut, a new server seed, /verify.

refuse-seed-empty = Write a seed: any text of up to 64 characters.
refuse-seed-long = A seed is at most { $most ->
        [one] { $most } character
       *[other] { $most } characters
    } long.
refuse-seed-characters = A seed cannot hold the character | (it joins the players' seeds) nor line breaks.
refuse-seed-not-seated = Sit down at this table (or join its line) to have a seed here.
refuse-cut-nobody = Nobody cuts for the next deal yet: the cut is for the player before the dealer, once the game has started.
refuse-cut-who = <@{ $user }>, the player before the dealer, cuts for the next deal.
refuse-cut-done = You have already cut for the next deal.
refuse-reseed-not-seated = Only a player seated at this table can ask for a new server seed.
refuse-reseed-asked = A new server seed is already asked for: it comes when this hand ends.
refuse-reseed-every = The option reseed_every is a whole number of deals from 1 to { $most }.
refuse-verify-no-hand = There is no finished hand #{ $hand } on this server.

done-seed-shown = Your seed at this table is `{ $seed }`. It goes into every deal you are dealt in; change it with /table seed.
done-seed-set = Your seed is now `{ $seed }`: it counts from the next deal.
done-cut = ✂️ You cut: your seed is now `{ $seed }`, for the next deal.
done-reseed-later = Asked: the server seed is replaced when this hand ends, and revealed once its cards can no longer be dealt.
done-reseeded = Done: a new server seed is committed, and the old one revealed as soon as its cards can no longer be dealt.

log-seed-revealed = 🔓 Server seed revealed (commitment `{ $commitment }…`, { $n ->
    [one] 1 hand
   *[other] { $n } hands
}): `{ $seed }`. Check any of its hands with /verify.
log-cut = ✂️ <@{ $user }> cuts the deck for the next deal.
log-reseed-asked = <@{ $user }> asks for a new server seed: it comes when this hand ends.
log-reseeded = <@{ $user }> asks for a new server seed: a new commitment is shown.

fair-line = 🔒 Commitment `{ $commitment }` · { $deals ->
    [one] 1 deal
   *[other] { $deals } deals
} of { $every } with this seed
fair-line-reseed = · a new seed comes after this hand
fair-cutter = ✂️ <@{ $user }> may cut for the next deal.
label-cut = Cut
label-fair = Fair dealing
fair-explain = **🔒 How we deal fairly**
    1. Before a card is dealt, the bot draws a secret *server seed* and shows its fingerprint, the *commitment* (its SHA-256), on the table message. It can no longer change that seed without everyone seeing.
    2. Every player has a *seed* of their own, drawn when they sit down; change it with /table seed. The player before the dealer may also press **Cut** to mix fresh randomness into theirs.
    3. The deck of each deal follows from the server seed, the seeds of the players dealt in and the deal's number, by a published method (HMAC-SHA256 and a Fisher–Yates shuffle).
    4. After { $every ->
        [one] { $every } deal
       *[other] { $every } deals
    }, when the table closes, or when a seated player asks (/table reseed), the server seed is revealed. Then /verify recomputes any of its hands, and anyone can check it with a short program.
    The commitment now: `{ $commitment }`.

verify-title = **Hand #{ $hand }** ({ $game }) · fair dealing
verify-commitment = Commitment: `{ $commitment }`
verify-server-seed = Server seed: `{ $seed }`
verify-client-seed = Players' seeds: `{ $seeds }` · deal number (nonce) { $nonce }
verify-continues = This Brag deal is dealt from the pack of deal { $deal }, which it continues.
verify-deck = Deck recomputed, top first: { $deck }
verify-ok = ✅ Verified: sha256(server seed) is the commitment shown before the deal, and the deck and every hand follow from the seeds.
verify-mismatch = ❌ Does not verify:
verify-sealed = 🔒 The server seed is still secret: it is revealed after { $n ->
    [one] 1 more deal
   *[other] { $n } more deals
}, when a player asks (/table reseed) or when the table closes. Then ask again.
verify-sealed-retired = 🔒 The server seed is retired and will be revealed once the cards of its pack can no longer be dealt. Then ask again.
verify-in-play = 🔒 The seed is revealed but this deal's pack can still be dealt, so the deck is withheld for now.
verify-unfair = This hand was dealt before fair dealing: it has no commitment to check.
verify-problem-no-fair = the record has no fair-dealing data
verify-problem-commitment-format = the commitment is not a SHA-256
verify-problem-seed-format = the server seed is not 64 hexadecimal characters
verify-problem-commitment = sha256(server seed) is not the commitment shown before the deal
verify-problem-seeds-missing = the players' seeds or the deal number are missing
verify-problem-deck-unknown = the table's deck cannot be known
verify-problem-deck = the deck is not the shuffle of the seeds (it differs at card { $n })
verify-problem-previous = the previous deal cannot be replayed
verify-problem-continuation = the pack is not the one the previous deal left
verify-problem-dealt-unknown = the cards dealt cannot be worked out
verify-problem-hand = <@{ $user }>'s hand is not the cards dealt from the top of the deck
verify-problem-retourne = the retourne is not the card after the hands
