# Texts of cogs/tables.py.

tables-nobody-waiting = Nobody is waiting.
tables-cards-are-dealt = Cards are dealt.
tables-played = Played: { $v }
