"""The schema as an ordered list of migrations, tracked with ``PRAGMA user_version``.

Migration *n* (1-based) moves the database from version *n - 1* to *n*. Never edit a
migration that has shipped: append a new one instead.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Sequence
from typing import Final

import aiosqlite

from bot.storage.errors import SchemaTooNew

V1: Final = """
CREATE TABLE guilds (
    guild_id        INTEGER PRIMARY KEY,
    starting_grant  INTEGER NOT NULL DEFAULT 1000 CHECK (starting_grant >= 0),
    daily_bonus     INTEGER NOT NULL DEFAULT 100 CHECK (daily_bonus >= 0),
    daily_cooldown  INTEGER NOT NULL DEFAULT 72000 CHECK (daily_cooldown >= 0),
    locale          TEXT    NOT NULL DEFAULT 'en',
    table_defaults  TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(table_defaults)),
    flambeau_jar    INTEGER NOT NULL DEFAULT 0 CHECK (flambeau_jar >= 0)
);

CREATE TABLE wallets (
    guild_id    INTEGER NOT NULL REFERENCES guilds (guild_id),
    user_id     INTEGER NOT NULL,
    balance     INTEGER NOT NULL DEFAULT 0 CHECK (balance >= 0),
    last_daily  REAL,
    created_at  REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);

CREATE TABLE card_tables (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL REFERENCES guilds (guild_id),
    channel_id   INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    options      TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    status       TEXT    NOT NULL DEFAULT 'open'
                 CHECK (status IN ('open', 'playing', 'closed')),
    creator_id   INTEGER NOT NULL,
    message_ids  TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(message_ids)),
    pot          INTEGER NOT NULL DEFAULT 0 CHECK (pot >= 0),
    created_at   REAL    NOT NULL,
    closed_at    REAL
);
CREATE UNIQUE INDEX card_tables_one_live_per_channel
    ON card_tables (channel_id) WHERE status <> 'closed';
CREATE INDEX card_tables_guild ON card_tables (guild_id, status);

CREATE TABLE hands (
    id             INTEGER PRIMARY KEY,
    table_id       INTEGER NOT NULL REFERENCES card_tables (id),
    guild_id       INTEGER NOT NULL REFERENCES guilds (guild_id),
    hand_no        INTEGER NOT NULL CHECK (hand_no >= 1),
    game           TEXT    NOT NULL,
    record         TEXT    NOT NULL CHECK (json_valid(record)),
    status         TEXT    NOT NULL DEFAULT 'in_progress'
                   CHECK (status IN ('in_progress', 'finished', 'void')),
    result         TEXT    CHECK (result IS NULL OR json_valid(result)),
    flambeau       INTEGER NOT NULL DEFAULT 0,
    turn_deadline  REAL,
    created_at     REAL    NOT NULL,
    updated_at     REAL    NOT NULL,
    UNIQUE (table_id, hand_no)
);
CREATE UNIQUE INDEX hands_one_in_progress_per_table
    ON hands (table_id) WHERE status = 'in_progress';
CREATE INDEX hands_guild_recent ON hands (guild_id, id);

CREATE TABLE ledger (
    id              INTEGER PRIMARY KEY,
    guild_id        INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    amount          INTEGER NOT NULL CHECK (amount <> 0),
    kind            TEXT    NOT NULL CHECK (kind IN
                    ('grant', 'daily', 'buy_in', 'cash_out', 'transfer', 'admin')),
    table_id        INTEGER REFERENCES card_tables (id),
    hand_id         INTEGER REFERENCES hands (id),
    counterpart_id  INTEGER,
    note            TEXT,
    created_at      REAL    NOT NULL,
    FOREIGN KEY (guild_id, user_id) REFERENCES wallets (guild_id, user_id)
);
CREATE INDEX ledger_wallet ON ledger (guild_id, user_id, id);
CREATE INDEX ledger_guild_kind ON ledger (guild_id, kind);

-- A wallet only ever changes through its ledger, and the ledger is append-only.
CREATE TRIGGER ledger_apply AFTER INSERT ON ledger BEGIN
    UPDATE wallets SET balance = balance + NEW.amount
     WHERE guild_id = NEW.guild_id AND user_id = NEW.user_id;
END;
CREATE TRIGGER ledger_no_update BEFORE UPDATE ON ledger BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;
CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;

CREATE TABLE seats (
    table_id       INTEGER NOT NULL REFERENCES card_tables (id),
    seat_no        INTEGER NOT NULL CHECK (seat_no >= 1),
    guild_id       INTEGER NOT NULL,
    user_id        INTEGER NOT NULL,
    stack          INTEGER NOT NULL DEFAULT 0 CHECK (stack >= 0),
    status         TEXT    NOT NULL DEFAULT 'playing'
                   CHECK (status IN ('playing', 'sitting_out', 'leaving')),
    timeouts       INTEGER NOT NULL DEFAULT 0 CHECK (timeouts >= 0),
    hands_sat_out  INTEGER NOT NULL DEFAULT 0 CHECK (hands_sat_out >= 0),
    joined_at      REAL    NOT NULL,
    PRIMARY KEY (table_id, seat_no),
    UNIQUE (table_id, user_id),
    FOREIGN KEY (guild_id, user_id) REFERENCES wallets (guild_id, user_id)
);
CREATE INDEX seats_guild ON seats (guild_id);

CREATE TABLE queue (
    position   INTEGER PRIMARY KEY AUTOINCREMENT,
    table_id   INTEGER NOT NULL REFERENCES card_tables (id),
    user_id    INTEGER NOT NULL,
    joined_at  REAL    NOT NULL,
    UNIQUE (table_id, user_id)
);

-- A user is in a seat or in the line for a table, never both.
CREATE TRIGGER seat_not_queued BEFORE INSERT ON seats
WHEN EXISTS (SELECT 1 FROM queue WHERE table_id = NEW.table_id AND user_id = NEW.user_id)
BEGIN
    SELECT RAISE(ABORT, 'already queued at this table');
END;
CREATE TRIGGER queue_not_seated BEFORE INSERT ON queue
WHEN EXISTS (SELECT 1 FROM seats WHERE table_id = NEW.table_id AND user_id = NEW.user_id)
BEGIN
    SELECT RAISE(ABORT, 'already seated at this table');
END;

CREATE TABLE stats (
    guild_id        INTEGER NOT NULL REFERENCES guilds (guild_id),
    period          TEXT    NOT NULL,
    user_id         INTEGER NOT NULL,
    hands_played    INTEGER NOT NULL DEFAULT 0,
    hands_won       INTEGER NOT NULL DEFAULT 0,
    net_chips       INTEGER NOT NULL DEFAULT 0,
    biggest_pot     INTEGER NOT NULL DEFAULT 0,
    brelans         INTEGER NOT NULL DEFAULT 0,
    square_brelans  INTEGER NOT NULL DEFAULT 0,
    prials          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, period, user_id)
);
"""

V2: Final = """
-- Retention (docs/storage.md): old ledger rows may leave the live database once a checkpoint
-- sums them up: a balance per wallet and the chips they minted, per guild.
CREATE TABLE ledger_checkpoints (
    guild_id    INTEGER PRIMARY KEY,
    through_id  INTEGER NOT NULL,
    minted      INTEGER NOT NULL,
    created_at  REAL    NOT NULL
);
CREATE TABLE ledger_snapshots (
    guild_id  INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    balance   INTEGER NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
DROP TRIGGER ledger_no_delete;
-- Still append-only, except the rows a checkpoint has summed up (archived first).
CREATE TRIGGER ledger_no_delete BEFORE DELETE ON ledger
WHEN NOT EXISTS (SELECT 1 FROM ledger_checkpoints AS c
                  WHERE c.guild_id = OLD.guild_id AND OLD.id <= c.through_id)
BEGIN
    SELECT RAISE(ABORT, 'the ledger is append-only');
END;
"""

V3: Final = """
-- Fair dealing (FAIRNESS.md, docs/fairness.md): each table's server seeds, one current; the
-- players' client seeds per table.
CREATE TABLE server_seeds (
    id            INTEGER PRIMARY KEY,
    table_id      INTEGER NOT NULL REFERENCES card_tables (id),
    server_seed   TEXT    NOT NULL CHECK (length(server_seed) = 64),
    commitment    TEXT    NOT NULL UNIQUE CHECK (length(commitment) = 64),
    deals         INTEGER NOT NULL DEFAULT 0 CHECK (deals >= 0),
    status        TEXT    NOT NULL DEFAULT 'current'
                  CHECK (status IN ('current', 'retired', 'revealed')),
    reseed_asked  INTEGER NOT NULL DEFAULT 0,
    last_deal     INTEGER,
    shuffled_at   INTEGER,
    created_at    REAL    NOT NULL,
    revealed_at   REAL
);
CREATE UNIQUE INDEX server_seeds_one_current ON server_seeds (table_id)
    WHERE status = 'current';
CREATE INDEX server_seeds_table ON server_seeds (table_id, id);
CREATE TABLE client_seeds (
    table_id    INTEGER NOT NULL REFERENCES card_tables (id),
    user_id     INTEGER NOT NULL,
    seed        TEXT    NOT NULL,
    updated_at  REAL    NOT NULL,
    PRIMARY KEY (table_id, user_id)
);
"""

V4: Final = """
-- Several processes on one database (docs/scaling.md): the process that runs a table holds its
-- lease and renews it; a lease not renewed by ``expires_at`` may be taken over by another.
CREATE TABLE table_leases (
    table_id    INTEGER PRIMARY KEY REFERENCES card_tables (id),
    owner       TEXT    NOT NULL,
    expires_at  REAL    NOT NULL
);
"""

V5: Final = """
-- Integrity (docs/security.md): the chips that went from one member to another, per pair and
-- direction: ``chips`` every chip (pots and gifts), ``hands`` the hands that moved some,
-- ``gifts`` the chips of those that were /give. And the evidence: each hand where a member
-- folded a strong hand to the member who took the pot.
CREATE TABLE chip_flows (
    guild_id   INTEGER NOT NULL REFERENCES guilds (guild_id),
    from_user  INTEGER NOT NULL,
    to_user    INTEGER NOT NULL,
    chips      INTEGER NOT NULL DEFAULT 0 CHECK (chips >= 0),
    hands      INTEGER NOT NULL DEFAULT 0 CHECK (hands >= 0),
    gifts      INTEGER NOT NULL DEFAULT 0 CHECK (gifts >= 0 AND gifts <= chips),
    last_at    REAL    NOT NULL,
    PRIMARY KEY (guild_id, from_user, to_user),
    CHECK (from_user <> to_user)
);
CREATE TABLE strong_folds (
    id          INTEGER PRIMARY KEY,
    guild_id    INTEGER NOT NULL REFERENCES guilds (guild_id),
    hand_id     INTEGER NOT NULL,
    from_user   INTEGER NOT NULL,
    to_user     INTEGER NOT NULL,
    chips       INTEGER NOT NULL DEFAULT 0 CHECK (chips >= 0),
    holding     TEXT    NOT NULL,
    created_at  REAL    NOT NULL
);
CREATE INDEX strong_folds_pair ON strong_folds (guild_id, from_user, to_user, id);
"""

V6: Final = """
-- Tournaments (docs/tournaments.md): the buy-ins wait in ``pool`` (wallet chips, counted by the
-- census) until the prizes are paid or the buy-ins refunded; the entrants, their places and
-- prizes; and the card tables each tournament plays on (their seats hold tournament chips,
-- which are not wallet chips: the census leaves them out).
CREATE TABLE tournaments (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL REFERENCES guilds (guild_id),
    channel_id   INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    creator_id   INTEGER NOT NULL,
    options      TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(options)),
    status       TEXT    NOT NULL DEFAULT 'registering'
                 CHECK (status IN ('registering', 'running', 'finished', 'cancelled')),
    pool         INTEGER NOT NULL DEFAULT 0 CHECK (pool >= 0),
    state        TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(state)),
    message_ids  TEXT    NOT NULL DEFAULT '{}' CHECK (json_valid(message_ids)),
    created_at   REAL    NOT NULL,
    started_at   REAL,
    ended_at     REAL
);
CREATE INDEX tournaments_guild ON tournaments (guild_id, status);
CREATE TABLE tournament_entries (
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    user_id        INTEGER NOT NULL,
    guild_id       INTEGER NOT NULL,
    buy_in         INTEGER NOT NULL DEFAULT 0 CHECK (buy_in >= 0),
    table_id       INTEGER REFERENCES card_tables (id),
    place          INTEGER CHECK (place IS NULL OR place >= 1),
    prize          INTEGER CHECK (prize IS NULL OR prize >= 0),
    busted_hand    INTEGER,
    registered_at  REAL    NOT NULL,
    busted_at      REAL,
    PRIMARY KEY (tournament_id, user_id)
);
CREATE TABLE tournament_tables (
    table_id       INTEGER PRIMARY KEY REFERENCES card_tables (id),
    tournament_id  INTEGER NOT NULL REFERENCES tournaments (id),
    table_no       INTEGER NOT NULL CHECK (table_no >= 1),
    UNIQUE (tournament_id, table_no)
);
"""

V7: Final = """
-- The salon's web pages (docs/web.md): each server's consent (who may read its pages), the key
-- its members' signed links are made with (rotating it revokes every link) and the fewest
-- hands to be ranked; the names and avatars its members show there (stored when they play)
-- and whether each keeps his name off public pages; one line per player and finished hand
-- (what the profile's chart, best and last hands read; kept when hands are archived, like the
-- statistics).
CREATE TABLE web_guilds (
    guild_id    INTEGER PRIMARY KEY,
    visibility  TEXT    NOT NULL DEFAULT 'members'
                CHECK (visibility IN ('public', 'members', 'off')),
    link_key    TEXT    NOT NULL CHECK (length(link_key) = 64),
    min_hands   INTEGER NOT NULL DEFAULT 10 CHECK (min_hands >= 0),
    name        TEXT    NOT NULL DEFAULT '',
    rotated_at  REAL    NOT NULL
);
CREATE TABLE web_members (
    guild_id    INTEGER NOT NULL,
    user_id     INTEGER NOT NULL,
    name        TEXT    NOT NULL,
    avatar      TEXT    NOT NULL DEFAULT '',
    hidden      INTEGER NOT NULL DEFAULT 0 CHECK (hidden IN (0, 1)),
    updated_at  REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
CREATE INDEX web_members_user ON web_members (user_id);
CREATE TABLE hand_players (
    guild_id  INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    hand_id   INTEGER NOT NULL,
    game      TEXT    NOT NULL,
    won       INTEGER NOT NULL DEFAULT 0 CHECK (won IN (0, 1)),
    net       INTEGER NOT NULL DEFAULT 0,
    pot       INTEGER NOT NULL DEFAULT 0 CHECK (pot >= 0),
    at        REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id, hand_id)
);
-- The hands already finished, from their records: a player's net is his stack after (the
-- result's) minus before (the record's); won when he ended up; members only (house players
-- have small ids).
INSERT OR IGNORE INTO hand_players (guild_id, user_id, hand_id, game, won, net, pot, at)
SELECT guild_id, user_id, hand_id, game, net > 0, net, 0, at FROM (
    SELECT h.guild_id AS guild_id, CAST(json_extract(p.value, '$.name') AS INTEGER) AS user_id,
           h.id AS hand_id, h.game AS game, h.updated_at AS at,
           COALESCE(json_extract(h.result, '$.stacks."' || json_extract(p.value, '$.name') || '"'),
                    json_extract(p.value, '$.stack')) - json_extract(p.value, '$.stack') AS net
      FROM hands AS h, json_each(h.record, '$.players') AS p
     WHERE h.status = 'finished'
       AND json_extract(p.value, '$.name') NOT GLOB '*[^0-9]*'
       AND length(json_extract(p.value, '$.name')) > 2
) AS lines;
"""

V8: Final = """
-- Seasons (docs/seasons.md): a server's seasons, numbered from 1, at most one open (ended_at
-- NULL). While one is open each hand's statistics also go to the period 'season-<n>' of
-- stats; its end moves those lines to season_standings in one transaction, and nothing
-- changes them afterwards (neither the statistics, nor retention, nor archived hands).
CREATE TABLE seasons (
    guild_id    INTEGER NOT NULL REFERENCES guilds (guild_id),
    season      INTEGER NOT NULL CHECK (season >= 1),
    name        TEXT    NOT NULL DEFAULT '',
    started_at  REAL    NOT NULL,
    started_by  INTEGER NOT NULL,
    ended_at    REAL,
    ended_by    INTEGER,
    PRIMARY KEY (guild_id, season),
    CHECK ((ended_at IS NULL) = (ended_by IS NULL))
);
CREATE UNIQUE INDEX seasons_one_open ON seasons (guild_id) WHERE ended_at IS NULL;
CREATE TABLE season_standings (
    guild_id        INTEGER NOT NULL,
    season          INTEGER NOT NULL,
    user_id         INTEGER NOT NULL,
    hands_played    INTEGER NOT NULL DEFAULT 0,
    hands_won       INTEGER NOT NULL DEFAULT 0,
    net_chips       INTEGER NOT NULL DEFAULT 0,
    biggest_pot     INTEGER NOT NULL DEFAULT 0,
    brelans         INTEGER NOT NULL DEFAULT 0,
    square_brelans  INTEGER NOT NULL DEFAULT 0,
    prials          INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (guild_id, season, user_id),
    FOREIGN KEY (guild_id, season) REFERENCES seasons (guild_id, season)
);
CREATE TRIGGER season_standings_no_update BEFORE UPDATE ON season_standings BEGIN
    SELECT RAISE(ABORT, 'an ended season never changes');
END;
CREATE TRIGGER season_standings_no_delete BEFORE DELETE ON season_standings BEGIN
    SELECT RAISE(ABORT, 'an ended season never changes');
END;
"""

V9: Final = """
-- Members who left a server (left, kicked or banned), for its web pages (docs/web.md): a
-- member's link made before he left opens nothing, at once; one made after (he came back and
-- asked /web again) does. A line older than the longest link is of no use and is dropped.
CREATE TABLE web_departed (
    guild_id  INTEGER NOT NULL,
    user_id   INTEGER NOT NULL,
    left_at   REAL    NOT NULL,
    PRIMARY KEY (guild_id, user_id)
);
CREATE INDEX web_departed_left ON web_departed (left_at);
"""

MIGRATIONS: Final[tuple[str, ...]] = (V1, V2, V3, V4, V5, V6, V7, V8, V9)
"""Every migration in order; ``len(MIGRATIONS)`` is the current schema version."""


async def user_version(conn: aiosqlite.Connection) -> int:
    """The schema version recorded in the database file."""
    async with conn.execute("PRAGMA user_version") as cur:
        row = await cur.fetchone()
    return int(row[0]) if row else 0


def split_statements(script: str) -> list[str]:
    r"""Split an SQL script into complete statements (trigger bodies stay whole).

    >>> split_statements("CREATE TABLE t (x);\nCREATE TRIGGER g AFTER INSERT ON t BEGIN\n"
    ...     "  SELECT 1;\nEND;\n")
    ['CREATE TABLE t (x);', 'CREATE TRIGGER g AFTER INSERT ON t BEGIN\n  SELECT 1;\nEND;']
    """
    statements: list[str] = []
    buffer = ""
    for line in script.splitlines(keepends=True):
        buffer += line
        if sqlite3.complete_statement(buffer):
            statements.append(buffer.strip())
            buffer = ""
    if buffer.strip() and not all(
        not ln.strip() or ln.strip().startswith("--") for ln in buffer.splitlines()
    ):
        raise ValueError(f"incomplete SQL statement at the end of a migration: {buffer!r}")
    return statements


async def run_sql(conn: aiosqlite.Connection, sql: str) -> None:
    """Execute one statement and close its cursor at once.

    A cursor left open keeps its statement "in progress" until it is garbage collected,
    and SQLite refuses to COMMIT meanwhile; closing it explicitly does not depend on when
    the collector runs.
    """
    async with conn.execute(sql):
        pass


async def migrate(conn: aiosqlite.Connection, migrations: Sequence[str] = MIGRATIONS) -> int:
    """Apply the migrations the database lacks, each in its own ``BEGIN IMMEDIATE`` transaction.

    The version is read again once the write lock is held, so two processes opening the same
    file cannot both apply a migration. Returns the resulting version; raises
    :class:`SchemaTooNew` for a database newer than ``migrations``. The connection must be in
    autocommit mode (``isolation_level=None``).
    """
    while True:
        await run_sql(conn, "BEGIN IMMEDIATE")
        try:
            current = await user_version(conn)
            if current > len(migrations):
                raise SchemaTooNew(current, len(migrations))
            if current == len(migrations):
                await run_sql(conn, "COMMIT")
                return current
            for statement in split_statements(migrations[current]):
                await run_sql(conn, statement)
            await run_sql(conn, f"PRAGMA user_version = {current + 1:d}")
            await run_sql(conn, "COMMIT")
        except BaseException:
            await run_sql(conn, "ROLLBACK")
            raise
