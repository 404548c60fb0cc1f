# Texts of bot/ui/economy_text.py.

wallet-refait-stay-on-table = refait : { $c } restent sur la table
wallet-welcome-grant = dotation de bienvenue
wallet-daily-bonus = bonus quotidien
wallet-cave-at-table = cave à la table { $t }
wallet-back-from-table = retour de la table { $t }
wallet-received-from = reçus de { $who }
wallet-won-by-pot = gagnée par { $w }, pot de { $pot }
wallet-given = donnés à { $who }
wallet-granted-by-admin = accordés par un admin
wallet-taken-back-by-admin = repris par un admin
wallet-starting-grant = Dotation de départ : { $g }
wallet-daily-bonus-every = Bonus quotidien : { $b } toutes les { $d }
wallet-language-public-messages = Langue des messages publics : { $l }
wallet-bots-do-not-play-for = Les bots ne jouent pas de jetons et n'ont pas de portefeuille.
wallet-wallet = Portefeuille : { $n }
wallet-at-tables = En jeu aux tables : { $n }
wallet-total = Total : { $n }
wallet-your-chips = {"*"}*Vos jetons**
wallet-chips = {"*"}*Jetons de { $who }**
wallet-daily-bonus-your-wallet-holds = Bonus quotidien : +{ $n }. Votre portefeuille contient { $total } ; le prochain bonus sera prêt { $at }.
wallet-you-cannot-give-chips-yourself = Vous ne pouvez pas vous donner des jetons à vous-même.
wallet-gives = { $giver } donne { $n } à { $receiver }.
wallet-your-wallet-now-holds = Votre portefeuille contient maintenant { $n }.
wallet-leaderboard = Classement · { $metric } · { $period }
wallet-latest-movements = Derniers mouvements :
wallet-there-no-daily-bonus-in = Il n'y a pas de bonus quotidien sur ce serveur.
wallet-leaderboard-for-empty-nobody-has = Le classement { $metric } ({ $period }) est vide : personne n'a encore marqué.
wallet-daily-bonus-ready-claim-it = Bonus quotidien : disponible, réclamez-le avec /quotidien.
wallet-daily-bonus-ready = Bonus quotidien : disponible { $at }.
wallet-your-daily-bonus-not-ready = Votre bonus quotidien n'est pas encore prêt : revenez { $at } ({ $date }).
wallet-you-have-only-in-your = Vous n'avez que { $have } dans votre portefeuille ; impossible d'en donner { $n }.
metric-net_chips = Gains nets
metric-hands_won = Donnes gagnées
metric-hands_played = Donnes jouées
metric-biggest_pot = Plus gros pot
metric-brelans = Brelans
metric-square_brelans = Brelans carrés
metric-prials = Prials montrés
period-all = Depuis toujours
period-week = Cette semaine
language-name = { $code ->
    [fr] français
   *[en] anglais
}
wallet-give-at-least-1-chip = Donnez au moins 1 jeton : les jetons se comptent en nombres entiers positifs.

# A tournament's chips in a wallet's history (issue 48).
wallet-tournament-movement = { $what ->
    [prize] prix du tournoi n°{ $n }
    [refund] inscription au tournoi n°{ $n } remboursée
   *[other] inscription au tournoi n°{ $n }
}
