# Ce à quoi sert au bot chaque permission (bot/ui/permissions.py) : la fin d'un refus
# « il me faut la permission « Joindre des fichiers » dans ce salon, … », à /table créer,
# /tournoi créer et dans le message privé d'une table fermée au démarrage faute d'une permission.

permission-for-see = pour voir le salon
permission-for-table = pour afficher la table (son message, avec les places et les cartes)
permission-for-turns = pour prévenir chaque joueur que c'est son tour
permission-for-showdown = pour poster l'image des mains montrées après chaque donne
permission-for-tournament = pour poster le message du tournoi et ses annonces
permission-for-threads = pour ouvrir un fil par table
permission-for-thread-tables = pour tenir ses tables dans ces fils (leurs messages et leurs images)
permission-for-answers = pour répondre aux commandes par des pages, des images et des fichiers (/règles, /rejouer)
