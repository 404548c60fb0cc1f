## Tournaments (docs/tournaments.md): registration, the tables' news, the announcements.

refuse-tournament-unknown = There is no such tournament.
refuse-tournament-game = { $game } has no ante to raise: it cannot be played as a tournament.
refuse-tournament-schedule = That schedule cannot be read: write it like “10 hands: 1 2 3 5 8” (at Brag “15 minutes: 1/1/10 2/2/20”: ante/minimum/maximum), every level with whole chips.
refuse-tournament-schedule-every = A level lasts 1 to { $unit ->
    [minutes] { $most ->
        [one] { $most } minute
       *[other] { $most } minutes
    }
   *[hands] { $most ->
        [one] { $most } hand
       *[other] { $most } hands
    }
}: write the pace like “10 hands” or “15 minutes”.
refuse-tournament-schedule-levels = A schedule has at most { $most ->
    [one] { $most } level
   *[other] { $most } levels
}, not { $n }.
refuse-tournament-schedule-limits = At Brag every level names the ante and both bet limits, like “2/2/20” (ante/minimum/maximum).
refuse-tournament-schedule-ante = At { $game ->
    [bouillotte] Bouillotte
   *[brelan] Brelan
} a level is the ante alone, like “3”: the game has no bet limits.
refuse-tournament-schedule-chips = A level's ante and bets are { $most ->
    [one] { $most } chip
   *[other] { $most } chips
} at most.
refuse-tournament-schedule-bets = A level's minimum bet is at least 1 and at most its maximum (ante/minimum/maximum, like “2/2/20”).
refuse-tournament-payouts = Those payouts cannot be read: write the shares of the places paid, from the winner down, adding up to 100 (like “60/30/10”).
refuse-tournament-players = A tournament takes 2 to { $most ->
        [one] { $most } player
       *[other] { $most } players
    }.
refuse-tournament-min-players = The minimum field is 2 to { $most ->
        [one] { $most } player
       *[other] { $most } players
    }.
refuse-tournament-chips = Each player starts with 1 to { $most ->
        [one] { $most } tournament chip
       *[other] { $most } tournament chips
    }.
refuse-tournament-house = A tournament takes 0 to { $most ->
        [one] { $most } house player
       *[other] { $most } house players
    } (it needs a member too).
refuse-tournament-start-past = The start must be in the future.
refuse-tournament-house-player = House players enter a tournament only when it is created.
refuse-tournament-table = This is a tournament table: its director seats and moves the players, and only a tournament's cancellation closes it.
refuse-tournament-you-are-out = You are out of this tournament: you finished { $place ->
    [1] first
    [2] second
    [3] third
   *[other] in place { $place }
}. Its tables play on without you; the results come when it ends.
refuse-tournament-not-entered = You are not playing in this tournament: its director seats its players at its tables.
refuse-tournament-closed = Registration for this tournament is closed.
refuse-tournament-full = This tournament is full ({ $n ->
        [one] { $n } player
       *[other] { $n } players
    }).
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

tournament-registered = <@{ $user }> registers: { $n } of { $most ->
        [one] { $most } player
       *[other] { $most } players
    }.
tournament-unregistered = <@{ $user }> is no longer registered: { $n } of { $most ->
        [one] { $most } player
       *[other] { $most } players
    }.
tournament-reminder = Tournament { $tournament } starts <t:{ $t }:R>.
tournament-started = The tournament starts: { $n ->
        [one] { $n } player
       *[other] { $n } players
    } at { $tables ->
    [one] 1 table
   *[other] { $tables } tables
}.
tournament-table-broken = Table { $table } is broken up: its players join the other tables.
tournament-moved = <@{ $user }> moves from table { $source } to table { $target }.
tournament-final-table = The final table: table { $table }, { $n ->
        [one] { $n } player
       *[other] { $n } players
    }.
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
tournament-cancelled-threads = Tournament { $tournament } is called off: I cannot open its tables' threads in this channel (I need the Create Public Threads permission). Every buy-in is back in its owner's wallet.

## On Discord: the threads, the announcements' details, the commands.

tournament-thread-name = Tournament { $tournament } · table { $table }
tournament-table-where = Table { $table } plays in { $channel }: { $players }.
tournament-moved-where = Table { $table } plays in { $channel }.
tournament-broken-to = <@{ $user }> goes to table { $table }.
tournament-reminder-who = Registered: { $who }
refuse-tournament-none-here = No tournament is under way in this channel: give its number (/tournament list shows them).
refuse-tournament-which = Several tournaments are under way here ({ $ids }): give the number of the one you mean.
refuse-tournament-start-format = “{ $text }” is not a start I can read: write a delay like “45m”, “2h” or “1h30”, a time of day in UTC like `21:00`, or a Discord timestamp like “<t:1767312000>”.
refuse-tournament-in-thread = A tournament cannot be created inside a thread: its tables open threads of their own. Create it in a text channel.
refuse-tournament-permission = I cannot run a tournament here: I need the { $p } permission in this channel, { $why } (ask an admin to give it to me, or create the tournament elsewhere).
tournament-start-choice = { $text }: { $when }
tournament-start-in = in { $minutes ->
    [one] 1 minute
   *[other] { $minutes } minutes
} ({ $clock } UTC)
tournament-schedule-choice = { $text } — { $what }
tournament-schedule-default = the game's default levels
tournament-schedule-every-hands = { $n ->
    [one] a level every hand
   *[other] a level every { $n } hands
}
tournament-schedule-every-minutes = { $n ->
    [one] a level every minute
   *[other] a level every { $n } minutes
}
tournament-payouts-choice = { $text } — { $places ->
    [one] the winner takes all
   *[other] { $places } places paid
}

## The tournament's messages (bot/view/tournament.py)

ui-tournament-title = { $game } — tournament #{ $id }
ui-tournament-results = { $game } — tournament #{ $id }: results
ui-tournament-sit-and-go = Sit-and-go: play starts as soon as { $n ->
    [one] { $n } player has registered.
   *[other] { $n } players have registered.
}
ui-tournament-scheduled = Starts { $at } ({ $in }) if at least { $min ->
    [one] { $min } player has registered
   *[other] { $min } players have registered
}; { $n } at most.
ui-tournament-buy-in = { $n ->
    [0] Free to enter
   *[other] Buy-in: { $n ->
        [one] { $n } chip
       *[other] { $n } chips
    }, into the prize pool
}; each player starts with { $chips ->
    [one] { $chips } tournament chip
   *[other] { $chips } tournament chips
}, at tables of { $seats }.
ui-tournament-house = { $n ->
    [one] 1 house player (🤖) plays too.
   *[other] { $n } house players (🤖) play too.
}
ui-tournament-stakes = Rising stakes
ui-tournament-every = { $unit ->
    [hands] Every { $n ->
        [one] hand
       *[other] { $n } hands
    }
   *[minutes] Every { $n ->
        [one] minute
       *[other] { $n } minutes
    }
}, the ante is: { $levels }
ui-tournament-every-limits = { $unit ->
    [hands] Every { $n ->
        [one] hand
       *[other] { $n } hands
    }
   *[minutes] Every { $n ->
        [one] minute
       *[other] { $n } minutes
    }
}, ante/lowest bet/highest bet: { $levels }
ui-tournament-prizes = Prizes
ui-tournament-pool = Prize pool: { $n }.
ui-tournament-split = { $n ->
    [one] With 1 player
   *[other] With { $n } players
}: { $shares }.
ui-tournament-share = { $place }. { $share } %
ui-tournament-no-prize = No prize: entry is free.
ui-tournament-pool-empty = No prize pool yet: each player's buy-in of { $n } goes into it, and the prizes show here once players register.
ui-tournament-registered = Registered ({ $n } of { $most })
ui-tournament-nobody = Nobody yet.
ui-tournament-register-footer = Register with the button below: your buy-in goes to the prize pool, and comes back if you unregister before the start.
ui-tournament-register = Register
ui-tournament-unregister = Unregister
ui-tournament-level = Level { $level }: ante { $ante }
ui-tournament-level-limits = Level { $level }: ante { $ante }, bets from { $low } to { $high }
ui-tournament-next-hands = { $n ->
    [one] next level after 1 hand
   *[other] next level in { $n } hands
}
ui-tournament-next-time = next level { $t }
ui-tournament-last-level = the last level
ui-tournament-in = Still in ({ $n })
ui-tournament-stack = { $who } — { $chips } · table { $table }
ui-tournament-out = Out
ui-tournament-place = { $place }. { $who }
ui-tournament-prize = { $place }. { $who } — { $prize }
ui-tournament-standings = Standings
ui-tournament-paid = Over: a prize pool of { $n } was paid out.
ui-tournament-free-over = Over: the tournament was free, no prize was paid.
ui-tournament-called-off = Called off: every buy-in went back to its owner's wallet.
ui-tournament-section = Tournament #{ $id }
ui-tournament-table-title = { $game } — tournament #{ $tournament }, table { $table }
ui-tournament-final = This is the final table.
ui-tournament-left = { $n ->
    [one] 1 player still in.
   *[other] { $n } players still in.
}
ui-tournament-list = Tournaments
ui-tournament-list-empty = No tournament here yet: /tournament create opens one.
ui-tournament-list-line = #{ $id } { $game } — { $status ->
    [registering] registration open, { $n } of { $most } registered
    [running] under way, { $n } still in
    [finished] over
   *[cancelled] called off
}
ui-tournament-list-starts = , starts { $t }
ui-back = I'm back
refuse-tournament-schedule-falls = Level { $level } is below the level before it: the stakes of a tournament only rise, never fall.
refuse-tournament-schedule-last = The last level's ante is 0: the tournament would never end. Give the last level an ante of at least 1.
refuse-tournament-payouts-order = Place { $place } would be paid { $share }%, more than the { $above }% of the place above it: a payout pays no place more than the one above (like “60/30/10”).
refuse-tournament-first-level = The first level asks { $need ->
        [one] { $need } chip
       *[other] { $need } chips
    } a hand, more than the { $chips ->
        [one] { $chips } chip
       *[other] { $chips } chips
    } each player starts with: lower it or give more chips.
refuse-tournament-start-far = A scheduled start is at most { $days ->
        [one] { $days } day
       *[other] { $days } days
    } away.
refuse-tournament-member-limit = You already have { $n ->
        [one] { $n } tournament
       *[other] { $n } tournaments
    } under way: let it end (or call it off) before you create another.
refuse-tournament-server-limit = This server already has { $n ->
        [one] { $n } tournament
       *[other] { $n } tournaments
    } under way, its limit: wait for one to end (a server manager sets the limit with /tournament limits).
refuse-tournament-limits-range = Each limit is 1 to { $most } tournaments under way.
refuse-tournament-tables = { $players ->
        [one] { $players } player
       *[other] { $players } players
    } at { $seats } per table would open { $tables ->
        [one] { $tables } thread
       *[other] { $tables } threads
    } at once; a tournament opens at most { $most }: seat more players per table, or take fewer.
tournament-limits-shown = Tournaments under way at once on this server: at most { $server } in all, { $member } per member (server managers are held to the server's limit only).
tournament-won-by-stacks = Tournament { $tournament } has played its last level out: it ends on the chips each player holds. <@{ $user }> wins it{ $n ->
    [0] .
    [one] {" "}and a prize of 1 chip.
   *[other] {" "}and a prize of { $n } chips.
}
