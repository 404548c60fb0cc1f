## Tournois (docs/tournaments.md) : inscriptions, nouvelles des tables, annonces.

refuse-tournament-unknown = Ce tournoi n'existe pas.
refuse-tournament-game = Le jeu { $game } n'a pas de mise à la passe à monter : il ne se joue pas en tournoi.
refuse-tournament-schedule = Impossible de lire ces paliers : écrivez-les comme « 10 donnes : 1 2 3 5 8 » (au brag « 15 minutes : 1/1/10 2/2/20 » : passe/mise minimale/mise maximale), chaque palier en jetons entiers.
refuse-tournament-schedule-every = Un palier dure de 1 à { $unit ->
    [minutes] { $most ->
        [one] { $most } minute
       *[other] { $most } minutes
    }
   *[hands] { $most ->
        [one] { $most } donne
       *[other] { $most } donnes
    }
} : écrivez le rythme comme « 10 donnes » ou « 15 minutes ».
refuse-tournament-schedule-levels = Un tournoi a au plus { $most ->
    [one] { $most } palier
   *[other] { $most } paliers
}, pas { $n }.
refuse-tournament-schedule-limits = Au Brag, chaque palier donne la passe et les deux limites de mise, comme « 2/2/20 » (passe/mise minimale/mise maximale).
refuse-tournament-schedule-ante = Au { $game ->
    [bouillotte] Bouillotte
   *[brelan] Brelan
}, un palier est la passe seule, comme « 3 » : ce jeu n'a pas de limites de mise.
refuse-tournament-schedule-chips = La passe et les mises d'un palier valent au plus { $most ->
    [one] { $most } jeton
   *[other] { $most } jetons
}.
refuse-tournament-schedule-bets = La mise minimale d'un palier est d'au moins 1 et d'au plus sa mise maximale (passe/minimale/maximale, comme « 2/2/20 »).
refuse-tournament-payouts = Impossible de lire cette répartition : donnez les parts des places payées, du vainqueur aux suivants, pour un total de 100 (comme « 60/30/10 »).
refuse-tournament-players = Un tournoi prend de 2 à { $most ->
        [one] { $most } joueur
       *[other] { $most } joueurs
    }.
refuse-tournament-min-players = Le minimum de joueurs va de 2 à { $most }.
refuse-tournament-chips = Chaque joueur commence avec 1 à { $most ->
        [one] { $most } jeton
       *[other] { $most } jetons
    } de tournoi.
refuse-tournament-house = Un tournoi prend de 0 à { $most ->
        [one] { $most } joueur
       *[other] { $most } joueurs
    } de la maison (il lui faut aussi un membre).
refuse-tournament-start-past = Le début doit être dans le futur.
refuse-tournament-house-player = Les joueurs de la maison n'entrent dans un tournoi qu'à sa création.
refuse-tournament-table = C'est une table de tournoi : son directeur y assied et y déplace les joueurs, et seule l'annulation du tournoi la ferme.
refuse-tournament-you-are-out = Vous êtes éliminé de ce tournoi : vous avez terminé { $place ->
    [1] premier
    [2] deuxième
    [3] troisième
   *[other] à la place { $place }
}. Ses tables continuent sans vous ; les résultats viendront à sa fin.
refuse-tournament-not-entered = Vous ne jouez pas dans ce tournoi : son directeur place ses joueurs à ses tables.
refuse-tournament-closed = Les inscriptions à ce tournoi sont closes.
refuse-tournament-full = Ce tournoi est complet ({ $n ->
        [one] { $n } joueur
       *[other] { $n } joueurs
    }).
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

tournament-registered = <@{ $user }> s'inscrit : { $n ->
        [one] { $n } joueur
       *[other] { $n } joueurs
    } sur { $most }.
tournament-unregistered = <@{ $user }> n'est plus inscrit : { $n ->
        [one] { $n } joueur
       *[other] { $n } joueurs
    } sur { $most }.
tournament-reminder = Le tournoi { $tournament } commence <t:{ $t }:R>.
tournament-started = Le tournoi commence : { $n ->
        [one] { $n } joueur
       *[other] { $n } joueurs
    } à { $tables ->
    [one] { $tables } table
   *[other] { $tables } tables
}.
tournament-table-broken = La table { $table } est dissoute : ses joueurs rejoignent les autres tables.
tournament-moved = <@{ $user }> passe de la table { $source } à la table { $target }.
tournament-final-table = La table finale : table { $table }, { $n ->
        [one] { $n } joueur
       *[other] { $n } joueurs
    }.
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
tournament-cancelled-field = Le tournoi { $tournament } est annulé : { $n ->
        [one] { $n } inscrit
       *[other] { $n } inscrits
    }, il en fallait { $need }. Chaque droit d'entrée est revenu dans le portefeuille de son joueur.
tournament-cancelled-threads = Le tournoi { $tournament } est annulé : je ne peux pas ouvrir les fils de ses tables dans ce salon (il me faut la permission Créer des fils publics). Chaque droit d'entrée est revenu dans le portefeuille de son joueur.

## Sur Discord : les fils, le détail des annonces, les commandes.

tournament-thread-name = Tournoi { $tournament } · table { $table }
tournament-table-where = La table { $table } joue dans { $channel } : { $players }.
tournament-moved-where = La table { $table } joue dans { $channel }.
tournament-broken-to = <@{ $user }> rejoint la table { $table }.
tournament-reminder-who = Inscrits : { $who }
refuse-tournament-none-here = Aucun tournoi en cours dans ce salon : donnez son numéro (/tournoi liste les montre).
refuse-tournament-which = Plusieurs tournois sont en cours ici ({ $ids }) : donnez le numéro de celui que vous visez.
refuse-tournament-start-format = « { $text } » n'est pas un début que je sais lire : écrivez un délai comme « 45m », « 2h » ou « 1h30 », une heure UTC comme `21:00`, ou un horodatage Discord comme « <t:1767312000> ».
refuse-tournament-in-thread = Un tournoi ne se crée pas dans un fil : ses tables ouvrent leurs propres fils. Créez-le dans un salon textuel.
refuse-tournament-permission = Je ne peux pas mener un tournoi ici : il me faut la permission « { $p } » dans ce salon, { $why } (demandez-la à un administrateur, ou créez le tournoi ailleurs).
tournament-start-choice = { $text } : { $when }
tournament-start-in = dans { $minutes ->
    [one] { $minutes } minute
   *[other] { $minutes } minutes
} ({ $clock } UTC)
tournament-schedule-choice = { $text } — { $what }
tournament-schedule-default = les paliers par défaut du jeu
tournament-schedule-every-hands = { $n ->
    [0] aucun palier
    [one] un palier à chaque donne
   *[other] un palier toutes les { $n } donnes
}
tournament-schedule-every-minutes = { $n ->
    [0] aucun palier
    [one] un palier chaque minute
   *[other] un palier toutes les { $n } minutes
}
tournament-payouts-choice = { $text } — { $places ->
    [0] aucune place payée
    [one] le vainqueur prend tout
   *[other] { $places } places payées
}

## Les messages du tournoi (bot/view/tournament.py)

ui-tournament-title = { $game } — tournoi n°{ $id }
ui-tournament-results = { $game } — tournoi n°{ $id } : résultats
ui-tournament-sit-and-go = Sit-and-go : le jeu commence dès que { $n ->
    [one] { $n } joueur est inscrit.
   *[other] { $n } joueurs sont inscrits.
}
ui-tournament-scheduled = Commence { $at } ({ $in }) si au moins { $min ->
    [one] { $min } joueur est inscrit
   *[other] { $min } joueurs sont inscrits
} ; { $n } au plus.
ui-tournament-buy-in = { $n ->
    [0] Entrée gratuite
   *[other] Droit d'entrée : { $n ->
        [one] { $n } jeton, versé
       *[other] { $n } jetons, versés
    } à la cagnotte
} ; chaque joueur commence avec { $chips ->
    [one] { $chips } jeton
   *[other] { $chips } jetons
} de tournoi, à des tables de { $seats }.
ui-tournament-house = { $n ->
    [one] { $n } joueur de la maison (🤖) joue aussi.
   *[other] { $n } joueurs de la maison (🤖) jouent aussi.
}
ui-tournament-stakes = Mises montantes
ui-tournament-every = { $unit ->
    [hands] { $n ->
        [0] Sans palier
        [one] À chaque donne
       *[other] Toutes les { $n } donnes
    }
   *[minutes] { $n ->
        [0] Sans palier
        [one] Chaque minute
       *[other] Toutes les { $n } minutes
    }
}, la mise à la passe vaut : { $levels }
ui-tournament-every-limits = { $unit ->
    [hands] { $n ->
        [0] Sans palier
        [one] À chaque donne
       *[other] Toutes les { $n } donnes
    }
   *[minutes] { $n ->
        [0] Sans palier
        [one] Chaque minute
       *[other] Toutes les { $n } minutes
    }
}, passe/mise minimale/mise maximale : { $levels }
ui-tournament-prizes = Prix
ui-tournament-pool = Cagnotte : { $n }.
ui-tournament-split = { $n ->
    [one] À { $n } joueur
   *[other] À { $n } joueurs
} : { $shares }.
ui-tournament-share = { $place }. { $share } %
ui-tournament-no-prize = Aucun prix : l'entrée est gratuite.
ui-tournament-pool-empty = Pas encore de cagnotte : le droit d'entrée de chaque joueur, { $n }, y est versé, et les prix s'affichent ici dès les premières inscriptions.
ui-tournament-registered = Inscrits ({ $n } sur { $most })
ui-tournament-nobody = Personne pour l'instant.
ui-tournament-register-footer = Inscrivez-vous avec le bouton ci-dessous : votre droit d'entrée va à la cagnotte, et vous revient si vous vous désinscrivez avant le début.
ui-tournament-register = S'inscrire
ui-tournament-unregister = Se désinscrire
ui-tournament-level = Palier { $level } : passe de { $ante }
ui-tournament-level-limits = Palier { $level } : passe de { $ante }, mises de { $low } à { $high }
ui-tournament-next-hands = { $n ->
    [one] palier suivant après { $n } donne
   *[other] palier suivant dans { $n } donnes
}
ui-tournament-next-time = palier suivant { $t }
ui-tournament-last-level = le dernier palier
ui-tournament-in = Encore en jeu ({ $n })
ui-tournament-stack = { $who } — { $chips } · table { $table }
ui-tournament-out = Éliminés
ui-tournament-place = { $place }. { $who }
ui-tournament-prize = { $place }. { $who } — { $prize }
ui-tournament-standings = Classement
ui-tournament-paid = Terminé : une cagnotte de { $n } a été distribuée.
ui-tournament-free-over = Terminé : le tournoi était gratuit, aucun prix n'a été payé.
ui-tournament-called-off = Annulé : chaque droit d'entrée est revenu dans le portefeuille de son joueur.
ui-tournament-section = Tournoi n°{ $id }
ui-tournament-table-title = { $game } — tournoi n°{ $tournament }, table { $table }
ui-tournament-final = C'est la table finale.
ui-tournament-left = { $n ->
    [one] { $n } joueur encore en jeu.
   *[other] { $n } joueurs encore en jeu.
}
ui-tournament-list = Tournois
ui-tournament-list-empty = Aucun tournoi ici pour l'instant : /tournoi créer en ouvre un.
ui-tournament-list-line = n°{ $id } { $game } — { $status ->
    [registering] inscriptions ouvertes, { $n ->
        [one] { $n } inscrit
       *[other] { $n } inscrits
    } sur { $most }
    [running] en cours, { $n } encore en jeu
    [finished] terminé
   *[cancelled] annulé
}
ui-tournament-list-starts = , commence { $t }
ui-back = Je reviens
refuse-tournament-schedule-falls = Le palier { $level } est plus bas que le précédent : les mises d'un tournoi ne font que monter, jamais descendre.
refuse-tournament-schedule-last = La passe du dernier palier vaut 0 : le tournoi ne finirait jamais. Donnez au dernier palier une passe d'au moins 1.
refuse-tournament-payouts-order = La place { $place } recevrait { $share } %, plus que les { $above } % de la place au-dessus : une répartition ne paie aucune place plus que celle qui la précède (comme « 60/30/10 »).
refuse-tournament-first-level = Le premier palier demande { $need ->
        [one] { $need } jeton
       *[other] { $need } jetons
    } par donne, plus que { $chips ->
        [one] le { $chips } jeton
       *[other] les { $chips } jetons
    } de départ de chaque joueur : baissez-le ou donnez plus de jetons.
refuse-tournament-start-far = Un début programmé est au plus dans { $days ->
        [one] { $days } jour
       *[other] { $days } jours
    }.
refuse-tournament-member-limit = Vous avez déjà { $n ->
        [one] { $n } tournoi
       *[other] { $n } tournois
    } en cours : attendez qu'il finisse (ou annulez-le) avant d'en créer un autre.
refuse-tournament-server-limit = Ce serveur a déjà { $n ->
        [one] { $n } tournoi
       *[other] { $n } tournois
    } en cours, sa limite : attendez qu'un tournoi finisse (un gérant du serveur règle la limite avec /tournoi limites).
refuse-tournament-limits-range = Chaque limite va de 1 à { $most } tournois en cours.
refuse-tournament-tables = { $players ->
        [one] { $players } joueur à { $seats } par table ouvrirait
       *[other] { $players } joueurs à { $seats } par table ouvriraient
    } { $tables ->
        [one] { $tables } fil
       *[other] { $tables } fils
    } d'un coup ; un tournoi en ouvre au plus { $most } : placez plus de joueurs par table, ou prenez-en moins.
tournament-limits-shown = Tournois en cours à la fois sur ce serveur : au plus { $server } en tout, { $member } par membre (les gérants du serveur ne sont tenus qu'à la limite du serveur).
tournament-won-by-stacks = Le tournoi { $tournament } a joué son dernier palier jusqu'au bout : il finit aux jetons de chacun. <@{ $user }> le gagne{ $n ->
    [0] .
    [one] {" "}avec un prix de { $n } jeton.
   *[other] {" "}avec un prix de { $n } jetons.
}
