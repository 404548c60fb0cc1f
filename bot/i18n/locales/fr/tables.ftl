# Texts of cogs/tables.py.

tables-nobody-waiting = Personne n'attend.
tables-cards-are-dealt = Cartes données.
tables-played = Joué : { $v }
