## Tournaments (docs/tournaments.md): registration, the tables' news, the announcements.

refuse-tournament-unknown = There is no such tournament.
refuse-tournament-game = { $game } has no ante to raise: it cannot be played as a tournament.
refuse-tournament-schedule = That schedule cannot be read: write it like “10 hands: 1 2 3 5 8” (at Brag “15 minutes: 1/1/10 2/2/20”: ante/minimum/maximum), every level with whole chips.
refuse-tournament-payouts = Those payouts cannot be read: write the shares of the places paid, from the winner down, adding up to 100 (like “60/30/10”).
refuse-tournament-players = A tournament takes 2 to { $most } players.
refuse-tournament-min-players = The minimum field is 2 to { $most } players.
refuse-tournament-chips = Each player starts with 1 to { $most } tournament chips.
refuse-tournament-house = A tournament takes 0 to { $most } house players (it needs a member too).
refuse-tournament-start-past = The start must be in the future.
refuse-tournament-house-player = House players enter a tournament only when it is created.
refuse-tournament-table = This is a tournament table: its director seats and moves the players, and only a tournament's cancellation closes it.
refuse-tournament-closed = Registration for this tournament is closed.
refuse-tournament-full = This tournament is full ({ $n } players).
refuse-tournament-registered = You are already registered for this tournament.
refuse-tournament-not-registered = You are not registered for this tournament.
refuse-tournament-over = This tournament is over.
refuse-tournament-not-running = This tournament is not being played.
refuse-tournament-who = Only the player who created this tournament (or a server manager) can start it.
refuse-tournament-cancel-who = Only a server manager can call off a tournament, or its creator before it starts.
refuse-tournament-too-few = { $n ->
    [one] 1 player is registered
   *[other] { $n } players are registered
}; the tournament needs { $need } (and a member among them).
refuse-chips-to-register = You have { $have ->
    [one] 1 chip
   *[other] { $have } chips
}; the buy-in is { $need }.

done-tournament-registered = You are registered. { $n ->
    [0] The tournament is free.
    [one] Your buy-in of 1 chip is in the prize pool.
   *[other] Your buy-in of { $n } chips is in the prize pool.
}
done-tournament-unregistered = You are no longer registered. { $n ->
    [0] The tournament was free.
    [one] Your buy-in of 1 chip is back in your wallet.
   *[other] Your buy-in of { $n } chips is back in your wallet.
}
done-tournament-started = The tournament starts.
done-tournament-cancelled = The tournament is called off: every buy-in is back in its owner's wallet.

log-tournament-out = <@{ $user }> is out of the tournament and finishes { $place ->
    [1] first
    [2] second
    [3] third
   *[other] in place { $place }
}.
log-tournament-moved-out = <@{ $user }> moves to table { $table }.
log-tournament-moved-in = <@{ $user }> comes from table { $table }.
log-tournament-level = Level { $level }: the ante is { $ante }.
log-tournament-level-limits = Level { $level }: the ante is { $ante }, bets from { $low } to { $high }.
log-tournament-final = This is the final table.
log-tournament-over = The tournament is over.

tournament-registered = <@{ $user }> registers: { $n } of { $most } players.
tournament-unregistered = <@{ $user }> is no longer registered: { $n } of { $most } players.
tournament-reminder = Tournament { $tournament } starts <t:{ $t }:R>.
tournament-started = The tournament starts: { $n } players at { $tables ->
    [one] 1 table
   *[other] { $tables } tables
}.
tournament-table-broken = Table { $table } is broken up: its players join the other tables.
tournament-moved = <@{ $user }> moves from table { $source } to table { $target }.
tournament-final-table = The final table: table { $table }, { $n } players.
tournament-level-up = Level { $level }: the ante rises to { $ante }.
tournament-level-up-limits = Level { $level }: the ante rises to { $ante }, bets from { $low } to { $high }.
tournament-busted = <@{ $user }> is out and finishes { $place ->
    [1] first
    [2] second
    [3] third
   *[other] in place { $place }
}; { $left } still in.
tournament-won = <@{ $user }> wins tournament { $tournament }{ $n ->
    [0] .
    [one] {" "}and a prize of 1 chip.
   *[other] {" "}and a prize of { $n } chips.
}
tournament-cancelled = Tournament { $tournament } is called off: every buy-in is back in its owner's wallet.
tournament-cancelled-field = Tournament { $tournament } is called off: { $n } registered, { $need } needed. Every buy-in is back in its owner's wallet.
