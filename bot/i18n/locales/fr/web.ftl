# Les pages web du salon (bot/web) et ce qu'en dit Discord (cogs/web.py, /admin web, les
# liens sous l'abattage, /historique et /classement).

web-salon = Salon
web-home = Accueil
web-leaderboard = Classement
web-server-n = Serveur { $n }
web-index = Les pages de chaque serveur ont leur propre adresse : demandez-la sur le serveur avec /web.
web-reading-as-member = Vous lisez en membre de ce serveur, par votre propre lien.
web-reading-public = Vous lisez les pages publiques de ce serveur.
web-times-utc = Les heures sont en UTC.
web-open-tables = Tables ouvertes
web-no-open-table = Aucune table n'est ouverte en ce moment.
web-last-hands = Dernières donnes
web-no-hand-yet = Aucune donne n'est encore terminée.
web-best-players = Meilleurs joueurs
web-nobody-ranked = Personne n'est encore classé : il faut { $n ->
    [one] { $n } donne
   *[other] { $n } donnes
} pour être classé.
web-whole-leaderboard = Tout le classement
web-hand = Donne
web-game = Jeu
web-when = Quand
web-outcome = Issue
web-net = Jetons
web-carried = refait : { $chips } restent sur la table
web-player = Joueur
web-hidden-player = Un joueur
web-count = { NUMBER($n) }
web-ranked-from = { $total ->
    [one] { $total } joueur classé
   *[other] { $total } joueurs classés
}, à partir de { $n ->
    [one] { $n } donne jouée
   *[other] { $n } donnes jouées
}.
web-previous = ← Précédente
web-next = Suivante →
web-page-of = Page { $n } sur { $pages }
web-net-over-hands = Jetons gagnés ou perdus, donne après donne
web-chart-label = Jetons gagnés ou perdus sur { $n ->
    [0] aucune donne
    [one] la dernière donne
   *[other] les { $n } dernières donnes
}
web-chart-caption = Sur { $n ->
    [0] aucune donne
    [one] la dernière donne
   *[other] les { $n } dernières donnes
} : { $total }.
web-best-hands = Meilleures donnes
web-no-hand-won = Aucune donne gagnée pour l'instant.
web-not-found-title = Rien ici
web-not-found = Cette page n'existe pas, ou ce serveur ne montre pas ses pages.
web-members-only-title = Réservé aux membres du serveur
web-members-only = Ce serveur ne montre ses pages qu'à ses membres. Tapez /web sur le serveur : le bot vous répond en privé avec votre propre lien, qui les ouvre pendant une semaine.
web-link-refused-title = Ce lien n'ouvre plus les pages
web-link-refused = Votre lien a expiré, ou les gérants du serveur ont révoqué tous les liens. Tapez /web sur le serveur pour en obtenir un nouveau.
web-too-many-requests-title = Doucement
web-too-many-requests = Trop de pages demandées depuis votre adresse en peu de temps : attendez quelques secondes et réessayez.
web-refused-title = Refusé
web-refused = Cette demande ne peut pas être servie.

# Le rejoueur d'une donne et son vérificateur (bot/web/hands.py)
web-hand-heading = Donne n° { $id }
web-hand-facts = { $game } · table n° { $table }, sa donne { $no } · { $when }
web-step-of = Étape { $n } sur { $steps }
web-first-step = Première
web-last-step = Dernière
web-steps = Les étapes
web-keys = Au clavier : ← et → reculent et avancent d'une étape, Début et Fin mènent à la distribution et aux paiements.
web-hand-public = Chaque étape montre les cartes que la table voyait à ce moment-là.
web-hand-own-cards = Chaque étape montre les cartes que la table voyait à ce moment-là, et les vôtres dès que vous les avez regardées.
web-hand-not-yet-title = Pas encore
web-hand-not-over = Cette donne est encore en cours : on pourra la rejouer quand elle sera finie.
web-hand-void-title = Donne annulée
web-hand-void = Cette donne a été annulée avant la fin : il n'y a rien à rejouer.
web-hand-unreadable-title = Impossible à montrer
web-fair-title = Donne équitable
web-verify-intro = La graine du serveur est révélée : votre navigateur peut recalculer le paquet de cette donne à partir des graines, et y comparer chaque main.
web-verify-sealed = 🔒 La graine du serveur est encore secrète : elle sera révélée dans { $n ->
    [one] { $n } donne
   *[other] { $n } donnes
} à cette table, quand un joueur le demandera (/table nouvelle-graine) ou à la fermeture de la table. Cette donne pourra alors être vérifiée ici.
web-verify-sealed-retired = 🔒 La graine du serveur est retirée : elle sera révélée dès que les cartes de son paquet ne pourront plus être distribuées. Cette donne pourra alors être vérifiée ici.
web-download = Télécharger le fichier de la donne (JSON, comme le donne /rejouer)
web-verify-file = Vérifier un fichier de donne à vous :
web-verify-file-help = Choisissez un fichier que /rejouer vous a donné : votre navigateur le vérifie de la même façon, sans l'envoyer nulle part.
web-verify-title = Vérifier une donne

# Discord
web-your-link = Votre propre lien vers les pages du serveur, valable { $days ->
    [one] { $days } jour
   *[other] { $days } jours
} : { $link }
    Gardez-le pour vous : il ouvre les pages en votre nom.
web-public-home = Les pages du serveur sont publiques : { $link }
web-name-shown = Votre nom et votre avatar figurent sur les pages publiques (`/web nom: masquer` pour les retirer).
web-name-hidden = Votre nom et votre avatar sont retirés des pages publiques (`/web nom: montrer` pour les remettre).
web-pages-off = Les gérants de ce serveur ont désactivé ses pages web (/admin web).
web-no-public-url = Les pages web du bot n'ont pas d'adresse publique (son opérateur règle WEB_PUBLIC_URL) : il n'y a pas de lien à donner.
web-settings-no-public-url = Aucune adresse publique n'est réglée pour les pages (WEB_PUBLIC_URL, dans les réglages du bot) : le bot n'y fait aucun lien.
web-open-page = Ouvrir la page
web-replay-hand = Rejouer la donne
web-history-on-the-web = Sur le web : { $link }
web-visibility-public = publiques : quiconque a l'adresse les lit (sauf les membres qui masquent leur nom)
web-visibility-members = membres : chaque membre les ouvre avec son propre lien (/web)
web-visibility-off = désactivées : aucune page
web-settings = Pages web : { $visibility }
    Donnes pour être classé : { $min }
web-links-revoked = Tous les liens donnés jusqu'ici sont révoqués : les membres en redemandent un avec /web.
web-home-address = Adresse : { $link }
