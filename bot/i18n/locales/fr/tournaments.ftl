## Tournois (docs/tournaments.md) : inscriptions, nouvelles des tables, annonces.

refuse-tournament-unknown = Ce tournoi n'existe pas.
refuse-tournament-game = Le jeu { $game } n'a pas de mise à la passe à monter : il ne se joue pas en tournoi.
refuse-tournament-schedule = Impossible de lire ces paliers : écrivez-les comme « 10 mains : 1 2 3 5 8 » (au brag « 15 minutes : 1/1/10 2/2/20 » : passe/mise minimale/mise maximale), chaque palier en jetons entiers.
refuse-tournament-payouts = Impossible de lire cette répartition : donnez les parts des places payées, du vainqueur aux suivants, pour un total de 100 (comme « 60/30/10 »).
refuse-tournament-players = Un tournoi prend de 2 à { $most } joueurs.
refuse-tournament-min-players = Le minimum de joueurs va de 2 à { $most }.
refuse-tournament-chips = Chaque joueur commence avec 1 à { $most } jetons de tournoi.
refuse-tournament-house = Un tournoi prend de 0 à { $most } joueurs de la maison (il lui faut aussi un membre).
refuse-tournament-start-past = Le début doit être dans le futur.
refuse-tournament-house-player = Les joueurs de la maison n'entrent dans un tournoi qu'à sa création.
refuse-tournament-table = C'est une table de tournoi : son directeur y assied et y déplace les joueurs, et seule l'annulation du tournoi la ferme.
refuse-tournament-closed = Les inscriptions à ce tournoi sont closes.
refuse-tournament-full = Ce tournoi est complet ({ $n } joueurs).
refuse-tournament-registered = Vous êtes déjà inscrit à ce tournoi.
refuse-tournament-not-registered = Vous n'êtes pas inscrit à ce tournoi.
refuse-tournament-over = Ce tournoi est terminé.
refuse-tournament-not-running = Ce tournoi ne se joue pas.
refuse-tournament-who = Seul le joueur qui a créé ce tournoi (ou un gérant du serveur) peut le lancer.
refuse-tournament-cancel-who = Seul un gérant du serveur peut annuler un tournoi, ou son créateur avant qu'il ne commence.
refuse-tournament-too-few = { $n ->
    [one] { $n } joueur est inscrit
   *[other] { $n } joueurs sont inscrits
} ; il en faut { $need } au tournoi (dont un membre).
refuse-chips-to-register = Vous avez { $have ->
    [one] { $have } jeton
   *[other] { $have } jetons
} ; le droit d'entrée est de { $need }.

done-tournament-registered = Vous êtes inscrit. { $n ->
    [0] Le tournoi est gratuit.
    [one] Votre droit d'entrée de { $n } jeton est dans la cagnotte.
   *[other] Votre droit d'entrée de { $n } jetons est dans la cagnotte.
}
done-tournament-unregistered = Vous n'êtes plus inscrit. { $n ->
    [0] Le tournoi était gratuit.
    [one] Votre droit d'entrée de { $n } jeton est revenu dans votre portefeuille.
   *[other] Votre droit d'entrée de { $n } jetons est revenu dans votre portefeuille.
}
done-tournament-started = Le tournoi commence.
done-tournament-cancelled = Le tournoi est annulé : chaque droit d'entrée est revenu dans le portefeuille de son joueur.

log-tournament-out = <@{ $user }> est éliminé du tournoi et termine { $place ->
    [1] premier
    [2] deuxième
    [3] troisième
   *[other] à la place { $place }
}.
log-tournament-moved-out = <@{ $user }> part à la table { $table }.
log-tournament-moved-in = <@{ $user }> arrive de la table { $table }.
log-tournament-level = Palier { $level } : la mise à la passe est de { $ante }.
log-tournament-level-limits = Palier { $level } : la mise à la passe est de { $ante }, les mises de { $low } à { $high }.
log-tournament-final = Voici la table finale.
log-tournament-over = Le tournoi est terminé.

tournament-registered = <@{ $user }> s'inscrit : { $n } joueurs sur { $most }.
tournament-unregistered = <@{ $user }> n'est plus inscrit : { $n } joueurs sur { $most }.
tournament-reminder = Le tournoi { $tournament } commence <t:{ $t }:R>.
tournament-started = Le tournoi commence : { $n } joueurs à { $tables ->
    [one] { $tables } table
   *[other] { $tables } tables
}.
tournament-table-broken = La table { $table } est dissoute : ses joueurs rejoignent les autres tables.
tournament-moved = <@{ $user }> passe de la table { $source } à la table { $target }.
tournament-final-table = La table finale : table { $table }, { $n } joueurs.
tournament-level-up = Palier { $level } : la mise à la passe monte à { $ante }.
tournament-level-up-limits = Palier { $level } : la mise à la passe monte à { $ante }, les mises vont de { $low } à { $high }.
tournament-busted = <@{ $user }> est éliminé et termine { $place ->
    [1] premier
    [2] deuxième
    [3] troisième
   *[other] à la place { $place }
} ; encore { $left } en jeu.
tournament-won = <@{ $user }> gagne le tournoi { $tournament }{ $n ->
    [0] .
    [one] {" "}et un prix de { $n } jeton.
   *[other] {" "}et un prix de { $n } jetons.
}
tournament-cancelled = Le tournoi { $tournament } est annulé : chaque droit d'entrée est revenu dans le portefeuille de son joueur.
tournament-cancelled-field = Le tournoi { $tournament } est annulé : { $n } inscrits, il en fallait { $need }. Chaque droit d'entrée est revenu dans le portefeuille de son joueur.
