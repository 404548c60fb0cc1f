# Texts of bot/app.py.

app-you-need-manage-server-permission = Il vous faut la permission Gérer le serveur pour cela.
app-this-command-works-in-server = Cette commande s'utilise dans un salon de serveur, pas en message privé.
app-you-cannot-use-this-command = Commande impossible ici.
app-something-went-wrong-on-our = Une erreur est survenue de notre côté ; rien n'a changé. Réessayez.
