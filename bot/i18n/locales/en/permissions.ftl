# What the bot needs each permission for (bot/ui/permissions.py): the end of a refusal
# "I need the Attach Files permission in this channel, …", at /table create, /tournament
# create and in the DM of a table closed at start for a permission taken away.

permission-for-see = to see the channel at all
permission-for-table = to show the table (its message, with the seats and the cards)
permission-for-turns = to tell each player when it is their turn
permission-for-showdown = to post the picture of the hands shown after each hand
permission-for-tournament = to post the tournament's message and its announcements
permission-for-threads = to open a thread for each of its tables
permission-for-thread-tables = to run its tables in those threads (their messages and pictures)
permission-for-answers = to answer commands with pages, pictures and files (/rules, /replay)
