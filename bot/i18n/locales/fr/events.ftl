# Lignes du journal public pour les événements des moteurs : event-* (Brelan, Bouillotte),
# event-brag-* (Brag). $who : le joueur (une mention) ; les drapeaux valent "yes" ou "no".
# combo-* : une combinaison à l'abattage.

event-carried = { $amount ->
    [one] { $amount } jeton reporté
   *[other] { $amount } jetons reportés
} de la donne précédente.
event-ante = Les mises sont à la passe : { $pool ->
        [one] { $pool } jeton
       *[other] { $pool } jetons
    }.
event-deal = Cartes données ; la retourne est { $card }.
event-payment = { $to ->
    [flambeau] { $source ->
        [pool] La passe paie { $amount } au flambeau.
       *[player] { $who } paie { $amount } au flambeau.
    }
   *[other] { $who } paie { $amount } à <@{ $to }>.
}
event-carre = { $who } { $step ->
    [carre] carre
    [contre-carre] contre-carre
    [sur-carre] sur-carre
   *[other] fait le { $step }
} ({ $stake }).
event-decline = { $who } refuse le carre.
event-pass = { $who } passe.
event-fold = { $who } se couche.
event-open = { $who } ouvre à { $stake }{ $all_in ->
    [yes] {" "}(tapis)
   *[no] {""}
}.
event-hold = { $who } tient à { $stake }{ $all_in ->
    [yes] {" "}(tapis)
   *[no] {""}
}.
event-tapis = { $who } reste en jeu sans jeton (tapis), pour la passe seulement.
event-raise = { $who } relance à { $stake }{ $all_in ->
    [yes] {" "}(tapis)
   *[no] {""}
}.
event-stand = { $who } : sans plus.
event-sans-plus-round = Tour de sans plus : chacun peut tenir sans plus ou relancer une dernière fois.
event-refait = Refait : personne n'a ouvert ; { $carried ->
    [one] { $carried } jeton reste
   *[other] { $carried } jetons restent
} à la passe.
event-pot = { $who } remporte { $amount ->
    [one] { $amount } jeton
   *[other] { $amount } jetons
}{ $shown ->
    [yes] {" "}(étage { $stage }) — { $combo }
   *[no] {""}
}.
event-return = { $who } reprend { $amount ->
    [one] { $amount } jeton
   *[other] { $amount } jetons
}.
event-charlemagne = { $who } fait Charlemagne avec { $stack ->
        [one] { $stack } jeton
       *[other] { $stack } jetons
    }.
event-decave = { $who } est décavé.
event-next-cave = { $who } entame une cave de réserve de { $amount ->
    [one] { $amount } jeton
   *[other] { $amount } jetons
}.
event-recave = { $who } recave pour { $amount ->
    [one] { $amount } jeton
   *[other] { $amount } jetons
}.
event-seated = { $who } prend place.

event-brag-carried = { $next_deal ->
    [yes] { $amount ->
        [one] { $amount } jeton reste
       *[other] { $amount } jetons restent
    } sur le tapis pour la donne suivante.
   *[no] { $amount ->
        [one] { $amount } jeton reporté
       *[other] { $amount } jetons reportés
    } de la donne précédente.
}
event-brag-deal = Cartes données : { $cards } chacun.
event-brag-kept = { $who } joue une main gardée à l'aveugle.
event-brag-ante = { $who } met { $amount } au pot.
event-brag-reveal = { $face_up ->
    [yes] La main de { $who } est retournée : { $combo }.
   *[no] { $who } montre { $combo }.
}
event-brag-look = { $hand ->
    [0] { $who } regarde ses cartes.
   *[other] { $who } regarde la main { $hand }.
}
event-brag-keep = { $blind ->
    [yes] { $who } garde sa main à l'aveugle pour la donne suivante.
   *[no] { $who } garde la main { $hand }.
}
event-brag-throw = { $who } jette une main.
event-brag-discard = { $who } écarte { $count ->
    [one] { $count } carte
   *[other] { $count } cartes
}.
event-brag-fold = { $who } se couche.
event-brag-bet = { $blind ->
    [yes] { $who } mise { $amount } à l'aveugle (compte { $counts }).
   *[no] { $who } mise { $amount }.
}
event-brag-cover = { $who } couvre le pot.
event-brag-see = { $who } paie { $amount } pour voir <@{ $seen }>.
event-brag-showdown = { $proposal ->
    [yes] { $who } propose un abattage commun.
   *[no] { $who } accepte l'abattage.
}
event-brag-refuse = { $who } refuse l'abattage.
event-brag-pot = { $who } { $count ->
    [0] se partagent
    [one] remporte
   *[other] se partagent
} { $amount ->
    [one] { $amount } jeton
   *[other] { $amount } jetons
}.
event-brag-blind-win = { $who } reste seul, à l'aveugle.
event-brag-decave = { $who } est décavé.
event-brag-leave = { $who } quitte la table.
event-brag-seated = { $who } prend place.

suit-name = { $suit ->
    [s] pique
    [h] cœur
    [d] carreau
   *[c] trèfle
}
combo-square = brelan carré { $rank ->
    [14] d'as
    [13] de rois
    [12] de dames
    [11] de valets
    [10] de dix
    [9] de neuf
    [8] de huit
    [7] de sept
   *[other] de { $rank }
}
combo-brelan = brelan { $rank ->
    [14] d'as
    [13] de rois
    [12] de dames
    [11] de valets
    [10] de dix
    [9] de neuf
    [8] de huit
    [7] de sept
   *[other] de { $rank }
}
combo-point = point de { $value } à { $suit ->
    [s] pique
    [h] cœur
    [d] carreau
   *[c] trèfle
}
combo-no-point = point nul (aucune couleur)
combo-brag-prial = prial { $ranks }{ $wilds ->
    [0] {""}
   *[other] {" "}({ $wilds } joker{ $wilds ->
        [one] {""}
       *[other] s
    })
}
combo-brag-running-flush = suite couleur { $ranks }{ $wilds ->
    [0] {""}
   *[other] {" "}({ $wilds } joker{ $wilds ->
        [one] {""}
       *[other] s
    })
}
combo-brag-run = suite { $ranks }{ $wilds ->
    [0] {""}
   *[other] {" "}({ $wilds } joker{ $wilds ->
        [one] {""}
       *[other] s
    })
}
combo-brag-flush = couleur { $ranks }{ $wilds ->
    [0] {""}
   *[other] {" "}({ $wilds } joker{ $wilds ->
        [one] {""}
       *[other] s
    })
}
combo-brag-pair = paire { $ranks }{ $wilds ->
    [0] {""}
   *[other] {" "}({ $wilds } joker{ $wilds ->
        [one] {""}
       *[other] s
    })
}
combo-brag-high-card = carte haute { $ranks }{ $wilds ->
    [0] {""}
   *[other] {" "}({ $wilds } joker{ $wilds ->
        [one] {""}
       *[other] s
    })
}
