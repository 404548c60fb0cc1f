## House players: computer players a table's creator seats (🤖 and a name).

house-level-easy = easy
house-level-normal = normal
house-level-strong = strong
refuse-house-who = Only the player who opened this table (or a server manager) can seat or send away house players.
refuse-house-level = There is no “{ $level }” level; choose { $levels }.
refuse-house-most = A table takes at most { $n } house players.
refuse-no-house = No house player sits at this table.
refuse-house-gives-seat = A house player gives you its seat when this hand ends: press Join again then.
done-house-added = <@{ $user }> ({ $level }) sits down for the house.
done-house-removed = <@{ $user }> leaves the table (at the end of the hand if it is dealt in).
