# A table closed on its own: its channel deleted, the bot's access lost, the bot removed
# from the server (cogs/lifecycle.py). Sent privately to the table's creator.

lifecycle-table-gone = Your { $game } table (table { $table }){ $named ->
    [yes] {" "}on { $server }
   *[no] {""}
} is closed: { $reason ->
    [channel] its channel or thread was deleted.
    [guild] the bot was removed from the server.
   *[access] the bot can no longer see or post in its channel.
} { $voided ->
    [yes] Hand { $hand } was called off, and every chip at the table went back to its owner's wallet.
   *[no] Every chip at the table went back to its owner's wallet.
}

# /admin audit and /wallet: a cash-out of a table the bot closed on its own.
lifecycle-back-from-gone-table = back from table { $t } ({ $reason ->
    [channel] its channel was deleted
    [guild] the bot was removed from the server
   *[access] the bot lost access to its channel
})

# After lifecycle-table-gone, for a table closed at start because a permission it needs was
# taken away (bot/ui/permissions.py): which one, and what for.
lifecycle-table-lacks = The bot lacks the { $p } permission there, { $why }: ask an admin to give it back before opening a table there again.
