# Texts of cogs/tables.py.

tables-nobody-waiting = Nobody is waiting.
tables-cards-are-dealt = Cards are dealt.
tables-played = Played: { $v }
tables-act-choice = { $label } — { $help }
tables-act-choice-range = { $label } — { $help } ({ $low } to { $high })
tables-watch-spectator = You are watching this table: this is what everyone sees, never a card. To play, press Join on the table message in <#{ $channel }>.
tables-watch-seated = You are seated at this table: your own cards are in your DMs, or use /cards.
