# L'avis de tour et la place de la table dans le salon.

turn-ping = <@{ $user }>, à vous de parler (donne { $hand }) : [vers la table]({ $link })
turn-dm = À vous de parler (donne { $hand }) : [vers la table]({ $link })
turn-bumped = La table est de nouveau en bas du salon.
ui-bump = 🔝 Remonter
notify-choice-table = Comme la table le dit
notify-choice-mention = Une mention dans le salon
notify-choice-dm = Un message privé
notify-choice-off = Rien
notify-now = Vous êtes prévenu que c'est à vous par : { $mode ->
    [mention] une mention dans le salon de la table (effacée une fois que vous avez joué).
    [dm] un message privé.
    [off] rien (surveillez le message de la table).
   *[table] le réglage de la table (une mention, sauf si la table en dit autrement).
}
