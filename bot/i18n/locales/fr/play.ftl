## Jeu hors ligne dans un terminal (python -m bot.play).

play-welcome = { $game } dans le terminal : vous ({ $name }) contre { $n ->
    [0] aucun joueur de la maison
    [one] un joueur de la maison
   *[other] { $n } joueurs de la maison
}. Tapez le numéro d'un coup ; « q » pour quitter.
play-your-cards = Vos cartes : { $cards }
play-your-turn = À vous de jouer :
play-in-time = { $m ->
    [0] dans { $s } s
   *[other] dans { $m } min { $s } s
}
play-time-left = ⏱ temps restant : { $m ->
    [0] { $s } s
   *[other] { $m } min { $s } s
}
play-choice-range = { $label } (de { $low } à { $high } : tapez { $number } puis le montant)
play-hint-how = Tapez h pour un conseil : ce que jouerait le joueur fort de la maison, et pourquoi.
play-prompt = Votre choix (numéro, puis un montant s'il le faut ; q pour quitter) :
play-not-a-choice = « { $text } » n'est pas l'un des coups : tapez un numéro de 1 à { $n }.
play-need-amount = Donnez un montant de { $low } à { $high } après le numéro, comme « { $number } { $low } ».
play-discard-which = Quelles cartes écartez-vous ? Tapez leurs numéros : { $cards }
play-recave-ask = Vous êtes décavé. Reprendre une cave, prêtée par la maison ? (Entrée ou o : oui ; n ou q : finir la partie)
play-house-out = Tous les joueurs de la maison sont décavés : vous gagnez la table avec { $n ->
    [0] aucun jeton
    [one] un jeton
   *[other] { $n } jetons
}.
play-house-ask = De nouveaux joueurs de la maison s'assoient ? (Entrée ou o : oui ; n ou q : finir la partie)
play-bye = La table est fermée : { $n ->
    [0] aucune donne jouée
    [one] une donne jouée
   *[other] { $n } donnes jouées
}. Merci d'avoir joué !
play-no-amount = « { $text } » : le coup { $number } ne prend pas de montant ; tapez { $number } seul.
play-choose-number = Tapez le numéro d'un coup, de 1 à { $n }.
play-card-numbers = Tapez les numéros des cartes, de 1 à { $n }, séparés par des espaces.
play-yes-or-no = « { $text } » n'est ni oui ni non : Entrée ou o pour oui, n ou q pour non.
play-typed-ahead = (Les touches tapées avant cette question ont été ignorées.)
play-interrupted = Interrompu : la table est fermée. Merci d'avoir joué !
play-nobody-seated = Personne n'est encore assis.
play-not-started = La première donne vient dès que deux joueurs ou plus sont assis.
play-house-gives-seat = Un joueur de la maison vous cède sa place à la fin de cette donne.
play-seed-revealed = 🔓 Graine du serveur révélée (engagement { $commitment }…, { $n ->
    [one] { $n } donne
   *[other] { $n } donnes
}) : { $seed }.
play-hint-real-table = Les conseils sont réservés aux tables d'entraînement (--options practice=on) : à cette table, vous jouez seul.
