# Texts of bot/ui/economy_text.py.

wallet-refait-stay-on-table = refait: { $c } stay on the table
wallet-welcome-grant = welcome grant
wallet-daily-bonus = daily bonus
wallet-cave-at-table = cave at table { $t }
wallet-back-from-table = back from table { $t }
wallet-received-from = received from { $who }
wallet-won-by-pot = won by { $w }, pot { $pot }
wallet-given = given to { $who }
wallet-granted-by-admin = granted by an admin
wallet-taken-back-by-admin = taken back by an admin
wallet-starting-grant = Starting grant: { $g }
wallet-daily-bonus-every = Daily bonus: { $b } every { $d }
wallet-language-public-messages = Language of public messages: { $l }
wallet-bots-do-not-play-for = Bots do not play for chips and have no wallet.
wallet-wallet = Wallet: { $n }
wallet-at-tables = At tables: { $n }
wallet-total = Total: { $n }
wallet-your-chips = {"*"}*Your chips**
wallet-chips = {"*"}*Chips of { $who }**
wallet-daily-bonus-your-wallet-holds = Daily bonus: +{ $n }. Your wallet holds { $total }; the next bonus is ready { $at }.
wallet-you-cannot-give-chips-yourself = You cannot give chips to yourself.
wallet-gives = { $giver } gives { $n } to { $receiver }.
wallet-your-wallet-now-holds = Your wallet now holds { $n }.
wallet-leaderboard = Leaderboard · { $metric } · { $period }
wallet-latest-movements = Latest movements:
wallet-there-no-daily-bonus-in = There is no daily bonus in this server.
wallet-leaderboard-for-empty-nobody-has = The leaderboard for { $metric } ({ $period }) is empty: nobody has scored yet.
wallet-daily-bonus-ready-claim-it = Daily bonus: ready, claim it with /daily.
wallet-daily-bonus-ready = Daily bonus: ready { $at }.
wallet-your-daily-bonus-not-ready = Your daily bonus is not ready yet: come back { $at } ({ $date }).
wallet-you-have-only-in-your = You have only { $have } in your wallet; you cannot give { $n }.
metric-net_chips = Net chips
metric-hands_won = Hands won
metric-hands_played = Hands played
metric-biggest_pot = Biggest pot
metric-brelans = Brelans
metric-square_brelans = Square brelans (brelans carrés)
metric-prials = Prials shown
period-all = All time
period-week = This week
language-name = { $code ->
    [fr] French
   *[en] English
}
wallet-give-at-least-1-chip = Give at least 1 chip: chips come in whole numbers above zero.

# A tournament's chips in a wallet's history (issue 48).
wallet-tournament-movement = { $what ->
    [prize] prize of tournament no. { $n }
    [refund] buy-in of tournament no. { $n } refunded
   *[other] buy-in of tournament no. { $n }
}
