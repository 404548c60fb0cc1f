## Joueurs de la maison : joueurs de l'ordinateur que le créateur d'une table fait asseoir (🤖 et un prénom).

house-level-easy = facile
house-level-normal = moyen
house-level-strong = fort
refuse-house-who = Seul le joueur qui a ouvert cette table (ou un gérant du serveur) peut asseoir ou renvoyer les joueurs de la maison.
refuse-house-level = Il n'y a pas de niveau « { $level } » ; choisissez { $levels }.
refuse-house-most = Une table prend au plus { $n ->
        [one] { $n } joueur
       *[other] { $n } joueurs
    } de la maison.
refuse-no-house = Aucun joueur de la maison n'est assis à cette table.
refuse-house-gives-seat = Un joueur de la maison vous cède sa place à la fin de cette donne : appuyez alors de nouveau sur Rejoindre.
done-house-added = <@{ $user }> ({ $who }) s'assied pour la maison.
done-house-removed = <@{ $user }> quitte la table (à la fin de la donne s'il y est servi).
refuse-house-character = La maison n'a pas de « { $name } » ; ses joueurs sont { $names }.
refuse-house-character-seated = <@{ $user }> est déjà assis à cette table.
house-character = { $name } — { $who }
house-who = niveau { $level }, { $trait }
house-trait-tight = serré
house-trait-loose = large
house-trait-carre = amateur de carre
house-trait-blind = joue à l'aveugle
house-trait-plain = sans manières
log-house-talk = <@{ $user }> : « { $line } »

## Ce que dit un joueur de la maison de temps en temps (l'option talk) : des mots de salon.

talk-carre-1 = Je fais mon carre.
talk-carre-2 = Carre, messieurs.
talk-carre-3 = Animons un peu la partie : carre.
talk-contre-1 = Contre-carre !
talk-contre-2 = Je double.
talk-sur-1 = Sur-carre, et n'en parlons plus.
talk-sur-2 = J'aurai le dernier mot : sur-carre.
talk-sans-plus-1 = Sans plus.
talk-sans-plus-2 = Sans plus, messieurs.
talk-sans-plus-3 = Je m'en tiens là.
talk-hold-1 = Je tiens.
talk-hold-2 = Je tiens, pour l'honneur.
talk-hold-3 = Soit, je suis.
talk-raise-1 = Et un peu plus.
talk-raise-2 = Rendons la chose intéressante.
talk-raise-3 = Je relance.
talk-all-in-1 = Tout mon reste.
talk-all-in-2 = Va-tout, messieurs.
talk-all-in-3 = La fortune sourit aux audacieux.
talk-see-1 = Je vous vois.
talk-see-2 = Montrez donc.
talk-see-3 = Voyons cela.
talk-blind-1 = Je joue sans regarder.
talk-blind-2 = À quoi bon regarder ?
talk-fold-1 = C'est trop cher pour moi.
talk-fold-2 = Je vous la laisse.
talk-sigh-1 = Hélas !
talk-sigh-2 = La fortune est capricieuse.
talk-sigh-3 = Eh bien… c'est le jeu.

## Les raisons du niveau fort (« que feriez-vous ici, et pourquoi ») : conseils et leçons.

advice-only-move = Il n'y a qu'un coup possible.
advice-value = Miser pour être payé : environ { $chance } % de gagner l'abattage, et les autres paient pour voir.
advice-pressure = Miser : ceux qui restent se couchent assez souvent pour que cela rapporte ({ $chance } % de gagner un abattage).
advice-bluff = Un bluff de temps en temps, aux mêmes mises qu'un beau jeu, pour qu'une mise ne soit jamais un signe sûr.
advice-slow-play = Jouer en dessous : un très beau jeu ({ $chance } %) se contente parfois de suivre, pour cacher sa force.
advice-pot-odds = Suivre : environ { $chance } % de gagner vaut le prix au regard du pot.
advice-too-weak = Laisser aller : environ { $chance } % de gagner ne vaut pas le prix.
advice-carre-pays = Carre : les autres y renoncent assez souvent pour qu'une mise à l'aveugle rapporte.
advice-carre-costs = Pas de carre : joué à l'aveugle, il coûterait ici plus qu'il ne rapporte.
advice-keep-blind = Garder la main aveugle pour la donne suivante.
advice-discard = Écarter { $n ->
    [0] aucune carte.
    [one] la carte qui ne fait pas les trois meilleures.
   *[other] les { $n } cartes qui ne font pas les trois meilleures.
}
advice-keep-hand = Garder cette main : elle bat environ { $chance } % des mains.
advice-throw-hand = Jeter cette main : elle ne bat qu'environ { $chance } % des mains.
advice-blind = Rester à l'aveugle : les mises à l'aveugle coûtent moitié, et personne n'a misé à découvert.
advice-blind-see = Voir : les deux mains sont aveugles, et le pot le vaut.
advice-look = Regarder ses cartes : vous avez assez misé à l'aveugle ; jouez maintenant ce que vous tenez.
advice-look-short = Regarder ses cartes : vos jetons ne suffisent plus pour continuer à l'aveugle.
advice-look-bet-open = Regarder ses cartes : un adversaire a misé sur des cartes qu'il a vues ; contre lui, une main à l'aveugle serait un coup de dés.
advice-look-crowd = Regarder ses cartes : avec autant de joueurs encore en jeu, une main à l'aveugle tient rarement.
advice-look-blind-rival = Regarder ses cartes : un adversaire encore à l'aveugle peut demander à voir votre main aussi peu cher que vous misez.
advice-see = Voir : environ { $chance } % de gagner, et miser encore coûterait davantage.
advice-agree = Accepter d'abattre : environ { $chance } % d'avoir la meilleure main.
advice-refuse = Refuser d'abattre : environ { $chance } % est trop peu.
advice-plain = Rester dans le coup au moindre prix que permet la règle.
