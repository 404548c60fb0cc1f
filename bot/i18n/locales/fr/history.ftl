# Texts of cogs/history.py.

history-get-hand-s-file-with = Obtenez le fichier d'une donne avec /rejouer.
history-there-no-hand-in-this = Il n'y a pas de donne { $hand } sur ce serveur.
history-latest-hands = {"*"}*Dernières donnes**
history-hand-its-pack-still-in = Donne { $n } ({ $game }) : son paquet est encore en jeu à la table, ce fichier ne montre donc que les cartes que vous avez vues. La donne entière sera disponible quand le paquet aura été battu ou la table fermée.
history-hand-every-card-included-keep = Donne { $n } ({ $game }), avec toutes les cartes : gardez-la pour vous. Rejouez-la avec `python -m bot.games.replay { $file }`.
history-no-hand-has-been-finished = Aucune donne n'a encore été terminée sur ce serveur.
history-hand-was-called-off-before = La donne { $n } a été annulée avant sa fin ; il n'y a rien à rejouer.
history-only-players-hand-or-members = Seuls les joueurs de la donne { $n }, ou les membres ayant la permission Gérer le serveur, peuvent obtenir son fichier : il montre toutes les cartes, même celles des joueurs couchés.
