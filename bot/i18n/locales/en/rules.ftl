# /rules: a short summary of each game, in the game's own words.

rules-brelan = **Brelan** (2-5 players, 28 cards A to 8). Everyone antes to the pool (*la passe*); three cards each and one turned face up, the *retourne*. In turn: pass or open for at least the pool; then pass (fold), hold (reach the *vade*, the highest stake) or re-raise. Best: *brelan carré* (three of a rank plus the retourne), then *brelan* (three of a rank), then the *point*: owning a suit (holding its highest card among the players still in) counts every card of that suit on the table, folded hands and the retourne included. Ties go by precedence: first after the dealer.
rules-bouillotte = **Bouillotte**: Brelan at a perpetual table of 4 or 5 with a waiting queue. Cave 30. The first player may *carre* blind (stake the pool), the second *contre-carre* (double), the first *sur-carre*. If all pass it is a *refait*: the pool grows and the same dealer deals again. After the rounds, a *sans plus* round when three or more can still bet. Brelans are paid 2 chips by everyone (brelan carré 4). A *décavé* leaves; anyone may *faire Charlemagne* (leave with winnings) at the end of a hand.
rules-brag = **Three-card Brag** (2-8 players, 52 cards). Ante, then bet in turn, each bet at least the previous one; play *blind* (unseen) for half price. With two left, one may *see* the other for double. Ranking: *prial* (3-3-3 best, then A-A-A...), running flush, run (A-2-3 best), flush, pair, high card.

# /rules game: the illustrated page (bot/view/rules_page.py).

rules-page-ranking = Ranking, best first
rules-page-order = A hand, in order
rules-page-options = Table options (their default in brackets)
rules-page-learn = Learn
rules-picture-title = { $game }: best first
rules-rank-line = { $k }. { $name }: { $cards }
rules-rank-line-note = { $k }. { $name }: { $cards } ({ $note })
rules-option-line = `{ $name }` (`{ $value }`): { $help }
rules-learn-line = A guided hand, privately: `/learn game:{ $game }`. Then a practice table, with play chips, house players and a hint at your turn: `/table create game:{ $game } options:practice=on`.
rules-rank-square = Brelan carré
rules-rank-brelan = Brelan
rules-rank-point = Point
rules-rank-prial = Prial
rules-rank-running-flush = Running flush
rules-rank-run = Run
rules-rank-flush = Flush
rules-rank-pair = Pair
rules-rank-high-card = High card
rules-note-square = the retourne of their rank
rules-note-point = the retourne counts: 31 in hearts
rules-note-prial = 3-3-3 is the best
rules-note-run = A-2-3 is the best
rules-order-brelan =
    1. Everyone puts the ante in the pool (la passe); three cards each, then one turned face up: the retourne.
    2. In turn from the dealer's right: pass, or open for at least the pool. Nobody opens: the cards are dealt again.
    3. Then each in turn: pass (fold), hold (bring the stake to the vade, the highest) or re-raise, until the turn comes back to the last to raise.
    4. Showdown: every hand face up, the folded ones too. A brelan beats every point; the point is the best suit a player owns, counting every card of it on the table.
rules-order-bouillotte =
    1. Everyone puts 1 chip in the pool. Before any card is seen the first player may carre (stake the pool), the second contre-carre (double), the first sur-carre.
    2. Three cards each and the retourne. If nobody carred, open or pass; all pass: a refait, the same dealer deals again.
    3. Rounds of pass, hold or re-raise; then, with three or more still able to bet, a sans-plus round: sans plus or re-raise, nobody folds.
    4. Showdown as at Brelan; every player pays 2 to each brelan shown (4 for a brelan carré).
rules-order-brag =
    1. Everyone antes; three cards each, face down. Looking is a move: until then a player is blind and every chip they bet counts double.
    2. In turn from the dealer's left: fold or bet at least as much as the last bet counted (in open terms).
    3. With two players left, one may see the other for double the price: the seen player shows first.
    4. The best hand takes the pot; all but one fold: the last one takes it unseen (blind, it stays for the next deal).
