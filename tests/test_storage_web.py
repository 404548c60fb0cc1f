"""The web pages' storage (schema v7, bot/storage/web.py) and the read-only readers
(bot/storage/readonly.py), on both backends."""

from __future__ import annotations

import pytest

from bot.storage import MIGRATIONS, Database, HandStats, Transaction
from bot.storage.readonly import SchemaNotReady, open_reader
from bot.storage.schema_pg import PG_MIGRATIONS
from bot.storage.web import DEFAULT_MIN_HANDS, WebMember

G, ALICE, BOB, CAROL = 7, 100_001, 100_002, 100_003


async def test_a_server_without_settings_has_members_visibility_and_no_key(db_target: str) -> None:
    async with Database(db_target) as db:
        settings = await db.query(Transaction.web_settings, G)
        assert (settings.visibility, settings.link_key, settings.min_hands) == (
            "members",
            None,
            DEFAULT_MIN_HANDS,
        )
        assert not await db.query(Transaction.guild_known, G)
        made = await db.write(Transaction.change_web_settings, G, name="Le salon")
        assert made.link_key is not None and len(made.link_key) == 64
        assert await db.query(Transaction.guild_known, G)
        same = await db.write(Transaction.change_web_settings, G, visibility="public", min_hands=3)
        assert (same.visibility, same.min_hands, same.link_key) == ("public", 3, made.link_key)
        rotated = await db.write(Transaction.change_web_settings, G, rotate=True)
        assert rotated.link_key != made.link_key and rotated.name == "Le salon"
        with pytest.raises(ValueError):
            await db.write(Transaction.change_web_settings, G, visibility="everyone")


async def test_members_are_stored_renamed_and_hidden(db_target: str) -> None:
    async with Database(db_target) as db:
        await db.write(Transaction.remember_member, G, ALICE, "Alice", "https://a/1.png")
        await db.write(Transaction.remember_member, G + 1, ALICE, "Ali (nick)", "https://a/1.png")
        await db.write(Transaction.remember_member, G, BOB, "Bob", "")
        # Alice changes her own name: the server that showed it follows, not the nickname
        changed = await db.write(
            Transaction.rename_member, ALICE, ("Alice", "https://a/1.png"), ("Alix", "https://a/2")
        )
        assert changed == 3  # one name, two avatars
        await db.write(Transaction.set_member_hidden, G, BOB, "Bob", True)
        await db.write(Transaction.set_member_hidden, G, CAROL, "Carol", True)
        members = await db.query(Transaction.web_members, G, [ALICE, BOB, CAROL, 12, 999])
        assert members == {
            ALICE: WebMember(ALICE, "Alix", "https://a/2", False),
            BOB: WebMember(BOB, "Bob", "", True),
            CAROL: WebMember(CAROL, "Carol", "", True),
        }
        other = await db.query(Transaction.web_members, G + 1, [ALICE])
        assert other[ALICE].name == "Ali (nick)"


async def test_hand_lines_give_last_best_hands_and_the_chart(db_target: str) -> None:
    async with Database(db_target) as db:
        for hand_id, net in ((1, 5), (2, -3), (3, 12), (4, -1)):
            alice = HandStats(ALICE, won=net > 0, net=net, pot=max(net, 0))
            lines = [alice, HandStats(21, net=-net)]
            await db.write(Transaction.record_hand_players, G, hand_id, "brelan", lines)
        last = await db.query(Transaction.player_hands, G, ALICE, limit=2)
        assert [(h.hand_id, h.net, h.won) for h in last] == [(4, -1, False), (3, 12, True)]
        best = await db.query(Transaction.player_hands, G, ALICE, best=True)
        assert [h.hand_id for h in best] == [3, 1]
        assert await db.query(Transaction.net_series, G, ALICE) == [5, 2, 14, 13]
        assert await db.query(Transaction.net_series, G, ALICE, limit=2) == [12, 11]
        assert await db.query(Transaction.player_hands, G, 21) == []  # the house keeps none


async def test_the_ranking_pages_sorts_and_leaves_out_the_few_hands(db_target: str) -> None:
    async with Database(db_target) as db, db.transaction() as tx:
        for _ in range(3):
            await tx.record_hand_stats(G, [HandStats(ALICE, won=True, net=10, pot=10)])
            await tx.record_hand_stats(G, [HandStats(BOB, net=10, pot=0)])
        await tx.record_hand_stats(G, [HandStats(CAROL, won=True, net=50, pot=50)])
        await tx.record_hand_stats(G + 1, [HandStats(CAROL, won=True, net=99, pot=99)])
    async with Database(db_target) as db:
        lines, total = await db.query(Transaction.ranked, G, "net_chips", "all")
        assert total == 3
        assert [(line.rank, line.user_id) for line in lines] == [(1, CAROL), (2, ALICE), (2, BOB)]
        assert lines[1].values["hands_won"] == 3 and lines[1].values["hands_played"] == 3
        lines, total = await db.query(Transaction.ranked, G, "net_chips", "week", min_hands=2)
        assert total == 2 and [line.user_id for line in lines] == [ALICE, BOB]
        lines, _ = await db.query(
            Transaction.ranked, G, "hands_won", "all", ascending=True, limit=1, offset=1
        )
        assert [(line.rank, line.user_id) for line in lines] == [(2, CAROL)]


async def test_a_reader_reads_and_refuses_to_write(db_target: str) -> None:
    async with Database(db_target) as db:
        await db.write(Transaction.change_web_settings, G, visibility="public")
    reader = await open_reader(db_target)
    try:
        assert (await reader.query(Transaction.web_settings, G)).visibility == "public"
        with pytest.raises(RuntimeError):
            await reader.write(Transaction.change_web_settings, G, visibility="off")
        with pytest.raises(RuntimeError):
            async with reader.transaction():
                pass
        assert not await reader.writable()
    finally:
        await reader.close()


@pytest.mark.sqlite_only("a read-only SQLite connection")
async def test_a_reader_sees_the_writer_commit_and_never_blocks_it(tmp_path) -> None:
    path = tmp_path / "bot.db"
    async with Database(path) as db:
        reader = await open_reader(path)
        try:
            async with reader.read() as seen:  # a read left open meanwhile
                assert (await seen.web_settings(G)).visibility == "members"
                await db.write(Transaction.change_web_settings, G, visibility="off")
                # each statement reads the last commit (autocommit: no snapshot to hold)
                assert (await seen.web_settings(G)).visibility == "off"
            assert await db.writable()
        finally:
            await reader.close()


async def test_a_reader_refuses_a_database_the_bot_has_not_migrated(
    backend: str,
    tmp_path,
    pg_server,
) -> None:
    if backend == "sqlite":
        target = str(tmp_path / "old.db")
        async with Database(target, migrations=MIGRATIONS[:6]):
            pass
    else:
        target = await pg_server.create(migrated=False)
        async with Database(target, migrations=PG_MIGRATIONS[:6]):
            pass
    try:
        with pytest.raises(SchemaNotReady, match="start the bot once"):
            await open_reader(target)
    finally:
        if backend != "sqlite":
            await pg_server.drop(target)


async def test_the_migration_fills_the_hand_lines_of_the_hands_already_finished(
    backend: str,
    tmp_path,
    pg_server,
) -> None:
    if backend == "sqlite":
        target, migrations = str(tmp_path / "old.db"), MIGRATIONS
    else:
        target, migrations = await pg_server.create(migrated=False), PG_MIGRATIONS
    try:
        async with Database(target, migrations=migrations[:6]) as db:
            table = await db.write(Transaction.create_table, G, 55, "brelan", ALICE)
            for user in (ALICE, BOB):
                await db.write(Transaction.grant, G, user, 100)
                await db.write(Transaction.seat, table.id, user, buy_in=50)
            record = {
                "game": "brelan",
                "players": [
                    {"name": str(ALICE), "stack": 50},
                    {"name": str(BOB), "stack": 50},
                    {"name": "Anon", "stack": 1},
                ],
                "actions": [],
            }
            hand = await db.write(Transaction.create_hand, table.id, record)
            await db.write(
                Transaction.finish_hand,
                hand.id,
                {"stacks": {str(ALICE): 58, str(BOB): 42}},
                {ALICE: 58, BOB: 42},
            )
        async with Database(target, migrations=migrations) as db:
            alice = await db.query(Transaction.player_hands, G, ALICE)
            bob = await db.query(Transaction.player_hands, G, BOB)
        assert [(h.hand_id, h.game, h.net, h.won) for h in alice] == [(hand.id, "brelan", 8, True)]
        assert [(h.net, h.won) for h in bob] == [(-8, False)]
    finally:
        if backend != "sqlite":
            await pg_server.drop(target)
