# Le rejoueur : une donne finie, pas à pas (bot/view/replay.py), et les mots de la page web
# (bot/view/html.py, le vérificateur de bot/web/static/verify.js).
replay-title = { $game } — donne n° { $hand }, étape { $step } sur { $steps }
replay-the-deal = La distribution
replay-the-move = Le coup
replay-the-end = Les paiements
replay-your-cards = Vos cartes
replay-final-stacks = Les jetons après la donne
replay-stack-line = { $who } — { $chips } { $change ->
    [up] (+{ $n })
    [down] (−{ $n })
   *[even] (±0)
}
replay-refused-in-play = Le paquet de cette donne peut encore servir : on pourra la rejouer quand il sera retiré.
replay-refused-unreadable = L'historique de cette donne ne se rejoue pas jusqu'au bout : elle ne peut pas être montrée.
html-someone = un joueur
verify-web-button = Vérifier la donne dans ce navigateur
verify-web-commitment = Engagement affiché avant la donne : { $commitment }
verify-web-commitment-ok = sha256(graine du serveur { $seed }) = { $computed } : c'est l'engagement affiché avant la donne.
verify-web-commitment-bad = sha256(graine du serveur { $seed }) = { $computed }, et non l'engagement affiché avant la donne ({ $commitment }).
verify-web-seeds = Graines des joueurs : { $seeds } · numéro de donne (nonce) { $nonce }
verify-web-canonical = Le paquet de la table dans l'ordre canonique ({ $count ->
        [one] { $count } carte
       *[other] { $count } cartes
    }) : { $deck }
verify-web-shuffled = Mélangé par HMAC-SHA256 et Fisher–Yates, du dessus : { $deck }
verify-web-deck-ok = Le paquet de la donne est bien ce mélange.
verify-web-hand-ok = <@{ $user }> a reçu { $cards }, pris sur le dessus du paquet.
verify-web-retourne-ok = La retourne, { $card }, est la carte qui suit les mains.
verify-web-not-followed = Cette page vérifie les mains contre le paquet de cette donne ; le paquet lui-même découle de la donne { $deal }, ce que python -m bot.fair verify vérifie quand on lui donne les deux fichiers.
verify-web-sealed = 🔒 La graine du serveur est encore secrète : cette donne pourra être vérifiée quand elle sera révélée.
verify-web-match-continued = ✅ L'engagement tient et chaque main a été prise sur le dessus du paquet.
verify-web-failed = La vérification n'a pas pu se faire dans ce navigateur (il faut une page sécurisée : https).
verify-web-bad-file = Ce fichier n'est pas l'historique d'une donne (un fichier que donne /rejouer).
