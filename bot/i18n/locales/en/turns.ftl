# The turn notice and the table's place in the channel.

turn-ping = <@{ $user }>, it is your turn (hand { $hand }): [to the table]({ $link })
turn-dm = It is your turn (hand { $hand }): [to the table]({ $link })
turn-bumped = The table is back at the bottom of the channel.
ui-bump = 🔝 Bump
notify-choice-table = As the table says
notify-choice-mention = A mention in the channel
notify-choice-dm = A private message
notify-choice-off = Nothing
notify-now = You are told it is your turn by: { $mode ->
    [mention] a mention in the table's channel (deleted once you have played).
    [dm] a private message.
    [off] nothing (watch the table message).
   *[table] the table's own setting (a mention unless the table says otherwise).
}
