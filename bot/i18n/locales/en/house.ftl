## House players: computer players a table's creator seats (🤖 and a name).

house-level-easy = easy
house-level-normal = normal
house-level-strong = strong
refuse-house-who = Only the player who opened this table (or a server manager) can seat or send away house players.
refuse-house-level = There is no “{ $level }” level; choose { $levels }.
refuse-house-most = A table takes at most { $n ->
        [one] { $n } house player
       *[other] { $n } house players
    }.
refuse-no-house = No house player sits at this table.
refuse-house-gives-seat = A house player gives you its seat when this hand ends: press Join again then.
done-house-added = <@{ $user }> ({ $who }) sits down for the house.
done-house-removed = <@{ $user }> leaves the table (at the end of the hand if it is dealt in).
refuse-house-character = The house has no “{ $name }”; its players are { $names }.
refuse-house-character-seated = <@{ $user }> already sits at this table.
house-character = { $name } — { $who }
house-who = { $level }, { $trait }
house-trait-tight = tight
house-trait-loose = loose
house-trait-carre = fond of the carre
house-trait-blind = plays blind
house-trait-plain = plain
log-house-talk = <@{ $user }>: “{ $line }”

## What a house player says now and then (the option talk): lines of the salons.

talk-carre-1 = I make my carre.
talk-carre-2 = Carre, gentlemen.
talk-carre-3 = Let us liven things up: carre.
talk-contre-1 = Contre-carre!
talk-contre-2 = I double it.
talk-sur-1 = Sur-carre, and be done with it.
talk-sur-2 = I will have the last word: sur-carre.
talk-sans-plus-1 = No more.
talk-sans-plus-2 = Nothing more from me.
talk-sans-plus-3 = That will do.
talk-hold-1 = I hold.
talk-hold-2 = I stay, for honour's sake.
talk-hold-3 = Very well, I follow.
talk-raise-1 = And a little more.
talk-raise-2 = Shall we make it interesting?
talk-raise-3 = I raise.
talk-all-in-1 = All I have.
talk-all-in-2 = Everything, gentlemen.
talk-all-in-3 = Fortune favours the bold.
talk-see-1 = I'll see you.
talk-see-2 = Show me, then.
talk-see-3 = Let us see them.
talk-blind-1 = I play them unseen.
talk-blind-2 = Who needs to look?
talk-fold-1 = Too rich for me.
talk-fold-2 = I leave it to you.
talk-sigh-1 = Alas!
talk-sigh-2 = Fortune is a fickle mistress.
talk-sigh-3 = Well, well… such is the game.

## The strong level's reasons ("what would you do here and why"): hints and lessons.

advice-only-move = There is only one move.
advice-value = Bet for value: about { $chance }% to win the showdown, and the others pay to see it.
advice-pressure = Bet: those still in fold often enough for it to pay ({ $chance }% to win a showdown).
advice-bluff = A bluff now and then, with the same stakes as a strong hand, so that a bet is never a sure sign.
advice-slow-play = Slow play: a very strong hand ({ $chance }%) sometimes only follows, to hide its strength.
advice-pot-odds = Follow: about { $chance }% to win is worth the price against the pot.
advice-too-weak = Let it go: about { $chance }% to win is not worth the price.
advice-carre-pays = Carre: the others fold to it often enough for a blind stake to pay.
advice-carre-costs = No carre: played blind, it would cost more than it wins here.
advice-keep-blind = Keep the blind hand for the next deal.
advice-discard = Throw away { $n ->
    [0] no card.
    [one] the card that does not make the best three.
   *[other] the { $n } cards that do not make the best three.
}
advice-keep-hand = Keep this hand: it beats about { $chance }% of hands.
advice-throw-hand = Throw this hand: it beats only about { $chance }% of hands.
advice-blind = Stay blind: blind bets cost half and nobody has bet open.
advice-blind-see = See: both hands are blind, and the pot is worth it.
advice-look = Look at your cards: you have bet blind long enough; now play what you hold.
advice-look-short = Look at your cards: your chips are too few to go on blind.
advice-look-bet-open = Look at your cards: a rival has bet on cards they have seen; a blind hand would be a guess against theirs.
advice-look-crowd = Look at your cards: with this many still in, a blind hand rarely holds up.
advice-look-blind-rival = Look at your cards: a rival still blind could see your blind hand as cheaply as you bet.
advice-see = See: about { $chance }% to win, and betting on would cost more.
advice-agree = Agree to show: about { $chance }% to have the best hand.
advice-refuse = Refuse to show: about { $chance }% is too little.
advice-plain = Stay in as cheaply as the rules allow.
