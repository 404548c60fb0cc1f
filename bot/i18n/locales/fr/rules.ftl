# /règles : un court résumé de chaque jeu, dans ses propres mots.

rules-brelan = **Brelan** (2 à 5 joueurs, 28 cartes de l'as au 8). Chacun met sa mise à la *passe* ; trois cartes chacun et une carte tournée face visible, la *retourne*. À son tour : passer ou ouvrir d'au moins la passe ; ensuite passer (se coucher), tenir (atteindre la *vade*, l'enjeu le plus haut) ou relancer. Le meilleur jeu : le *brelan carré* (trois cartes de même rang et la retourne), puis le *brelan* (trois cartes de même rang), puis le *point* : qui possède une couleur (en tient la plus haute carte parmi les joueurs encore en jeu) compte toutes les cartes de cette couleur sur la table, mains couchées et retourne comprises. À égalité, la primauté décide : le premier après le donneur.
rules-bouillotte = **Bouillotte** : le Brelan à une table permanente de 4 ou 5 joueurs, avec une file d'attente. Cave de 30. Le premier joueur peut *carrer* à l'aveugle (miser la passe), le second *contre-carrer* (doubler), le premier *sur-carrer*. Si tous passent, c'est un *refait* : la passe grossit et le même donneur redonne. Après les tours de parole, un tour *sans plus* quand trois joueurs ou plus peuvent encore miser. Chaque brelan est payé 2 jetons par chacun (brelan carré 4). Un *décavé* quitte la table ; chacun peut *faire Charlemagne* (partir avec ses gains) à la fin d'une donne.
rules-brag = **Brag à trois cartes** (2 à 8 joueurs, 52 cartes). Mise initiale, puis chacun mise à son tour, chaque mise au moins égale à la précédente ; jouer *blind* (sans regarder ses cartes) coûte moitié prix. Quand il n'en reste que deux, l'un peut *voir* l'autre pour le double. Ordre des jeux : *prial* (3-3-3 le meilleur, puis A-A-A...), suite à la couleur, suite (A-2-3 la meilleure), couleur, paire, carte haute.

# /règles jeu : la page illustrée (bot/view/rules_page.py).

rules-page-ranking = Combinaisons, de la meilleure à la moindre
rules-page-order = Une donne, dans l'ordre
rules-page-options = Options de table (leur valeur par défaut entre parenthèses)
rules-page-learn = Apprendre
rules-picture-title = { $game } : de la meilleure à la moindre
rules-rank-line = { $k }. { $name } : { $cards }
rules-rank-line-note = { $k }. { $name } : { $cards } ({ $note })
rules-option-line = `{ $name }` (`{ $value }`) : { $help }
rules-learn-line = Une donne guidée, en privé : `/apprendre jeu:{ $game }`. Puis une table d'entraînement, avec des jetons pour rire, des joueurs de la maison et un conseil à votre tour : `/table créer jeu:{ $game } options:practice=on`.
rules-rank-square = Brelan carré
rules-rank-brelan = Brelan
rules-rank-point = Point
rules-rank-prial = Prial
rules-rank-running-flush = Suite couleur
rules-rank-run = Suite
rules-rank-flush = Couleur
rules-rank-pair = Paire
rules-rank-high-card = Carte haute
rules-note-square = la retourne de leur rang
rules-note-point = retourne comprise, 31 à cœur
rules-note-prial = 3-3-3 est le meilleur
rules-note-run = A-2-3 est la meilleure
rules-order-brelan =
    1. Chacun met la mise de base à la passe ; trois cartes chacun, puis une retournée face visible : la retourne.
    2. À tour de rôle depuis la droite du donneur : passer, ou ouvrir pour au moins la passe. Personne n'ouvre : on redonne.
    3. Puis chacun à son tour : passer (se coucher), tenir (porter sa mise à la vade, la plus haute) ou relancer, jusqu'à ce que la parole revienne au dernier à avoir relancé.
    4. Abattage : toutes les mains face visible, celles des couchés aussi. Un brelan bat tout point ; le point est la meilleure couleur dont on est maître, chaque carte de cette couleur sur la table comptant.
rules-order-bouillotte =
    1. Chacun met 1 jeton à la passe. Avant que personne ne voie ses cartes, le premier peut faire le carre (miser la passe), le deuxième contre-carrer (le double), le premier sur-carrer.
    2. Trois cartes chacun et la retourne. Sans carre, on ouvre ou on passe ; tous passent : c'est un refait, le même donneur redonne.
    3. Des tours de passer, tenir ou relancer ; puis, si trois joueurs ou plus peuvent encore miser, un tour du sans plus : sans plus ou relance, personne ne se couche.
    4. Abattage comme au Brelan ; chaque joueur paie 2 à chaque brelan montré (4 pour un brelan carré).
rules-order-brag =
    1. Chacun met la mise de base ; trois cartes chacun, face cachée. Regarder est un coup : jusque-là on joue à l'aveugle et chaque jeton misé compte double.
    2. À tour de rôle depuis la gauche du donneur : se coucher, ou miser au moins ce que comptait la dernière mise (à découvert).
    3. Quand il ne reste que deux joueurs, l'un peut voir l'autre pour le double : le joueur vu montre d'abord.
    4. La meilleure main prend le pot ; si tous sauf un se couchent, le dernier le prend sans montrer (à l'aveugle, le pot reste pour la donne suivante).
