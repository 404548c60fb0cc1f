# Texts of bot/ui/abuse.py.

abuse-you-are-clicking-very-fast = You are clicking very fast: wait a few seconds, then try again.
abuse-your-discord-account-too-new = Your Discord account is too new to give chips here: wait until it is { $d ->
    [one] { $d } day
   *[other] { $d } days
} old.
abuse-you-joined-this-server-too = You joined this server too recently to give chips: wait until you have been a member for { $d ->
    [one] { $d } day
   *[other] { $d } days
}.
abuse-you-gave-chips-moment-ago = You gave chips a moment ago: try again in { $s } s.
abuse-you-may-give-at-most = You may give at most { $cap ->
    [one] { $cap } chip
   *[other] { $cap } chips
} in 24 hours here; { $left } are left for now.
abuse-i-cannot-run-table-here = I cannot run a table here: I need the { $p } permission in this channel, { $why } (ask an admin to give it to me, or open the table elsewhere).
permission-name = { $flag ->
    [view_channel] View Channel
    [send_messages_in_threads] Send Messages in Threads
    [create_public_threads] Create Public Threads
    [attach_files] Attach Files
    [embed_links] Embed Links
   *[send_messages] Send Messages
}
