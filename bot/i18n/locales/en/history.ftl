# Texts of cogs/history.py.

history-get-hand-s-file-with = Get a hand's file with /replay.
history-there-no-hand-in-this = There is no hand { $hand } in this server.
history-latest-hands = {"*"}*Latest hands**
history-hand-its-pack-still-in = Hand { $n } ({ $game }): its pack is still in play at the table, so this file shows only the cards you saw. The whole hand will be here once the pack is shuffled or the table closes.
history-hand-every-card-included-keep = Hand { $n } ({ $game }), every card included: keep it to yourself. Replay it with `python -m bot.games.replay { $file }`.
history-no-hand-has-been-finished = No hand has been finished in this server yet.
history-hand-was-called-off-before = Hand { $n } was called off before its end; there is nothing to replay.
history-only-players-hand-or-members = Only the players of hand { $n }, or members with the Manage Server permission, can get its file: it shows every card, folded ones included.
