# Texts of bot/app.py.

app-you-need-manage-server-permission = You need the Manage Server permission for that.
app-this-command-works-in-server = This command works in a server channel, not in private messages.
app-you-cannot-use-this-command = You cannot use this command here.
app-something-went-wrong-on-our = Something went wrong on our side; nothing was changed. Please try again.
