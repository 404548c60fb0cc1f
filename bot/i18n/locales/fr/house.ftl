## Joueurs de la maison : joueurs de l'ordinateur que le créateur d'une table fait asseoir (🤖 et un prénom).

house-level-easy = facile
house-level-normal = moyen
house-level-strong = fort
refuse-house-who = Seul le joueur qui a ouvert cette table (ou un gérant du serveur) peut asseoir ou renvoyer les joueurs de la maison.
refuse-house-level = Il n'y a pas de niveau « { $level } » ; choisissez { $levels }.
refuse-house-most = Une table prend au plus { $n } joueurs de la maison.
refuse-no-house = Aucun joueur de la maison n'est assis à cette table.
refuse-house-gives-seat = Un joueur de la maison vous cède sa place à la fin de cette donne : appuyez alors de nouveau sur Rejoindre.
done-house-added = <@{ $user }> (niveau { $level }) s'assied pour la maison.
done-house-removed = <@{ $user }> quitte la table (à la fin de la donne s'il y est servi).
