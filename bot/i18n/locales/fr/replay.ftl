# Le rejoueur : une main finie, pas à pas (bot/view/replay.py), et les mots de la page web
# (bot/view/html.py, le vérificateur de bot/web/static/verify.js).
replay-title = { $game } — main n° { $hand }, étape { $step } sur { $steps }
replay-the-deal = La donne
replay-the-move = Le coup
replay-the-end = Les paiements
replay-your-cards = Vos cartes
replay-carried = { $n } restent sur le tapis pour la donne suivante
replay-final-stacks = Les jetons après la main
replay-stack-line = { $who } — { $chips } { $change ->
    [up] (+{ $n })
    [down] (−{ $n })
   *[even] (±0)
}
replay-refused-in-play = Le paquet de cette main peut encore servir : on pourra la rejouer quand il sera retiré.
replay-refused-unreadable = L'historique de cette main ne se rejoue pas jusqu'au bout : elle ne peut pas être montrée.
html-someone = un joueur
