# Texts of cogs/tables.py.

tables-nobody-waiting = Personne n'attend.
tables-cards-are-dealt = Cartes données.
tables-played = Joué : { $v }
tables-act-choice = { $label } — { $help }
tables-act-choice-range = { $label } — { $help } (de { $low } à { $high })
tables-watch-spectator = Vous regardez cette table : voici ce que tout le monde voit, jamais une carte. Pour jouer, appuyez sur Rejoindre sous le message de la table dans <#{ $channel }>.
tables-watch-seated = Vous êtes assis à cette table : vos cartes sont dans vos messages privés, ou utilisez /cartes.
