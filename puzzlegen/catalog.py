"""The puzzle catalog: an SQLite file of graded puzzles and where each was published.

Puzzles are unique by canonical key, so two disguises of one puzzle are
never both stored.  Each puzzle is kept as its JSON (see
``Puzzle.to_json``) beside the columns used to choose puzzles.  A
publication row records a book or a date a puzzle appeared in, so the next
book or daily run can skip it.  Generation progress is stored per candidate
stream, in the same transaction as the puzzles it produced, so a run killed
at any moment resumes exactly where its last commit left it.

The file's ``PRAGMA user_version`` is the schema version.  A catalog is only
created in a new or empty file; an SQLite file that is not a catalog, or one
made by a newer puzzlegen, is refused by name before anything is written to
it.  Every SQLite failure (corrupt file, read-only file, full disk) becomes a
:class:`CatalogError` naming the file, so the command line prints one line.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import time
from collections import Counter
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import Any, Protocol, TypeVar

from puzzlegen.errors import CatalogError, sqlite_failure, warn

DEFAULT_DB = Path("output") / "catalog.sqlite"

#: What every stored puzzle's JSON holds, and the type of each.
_ROW_FIELDS: dict[str, type] = {
    "key": str,
    "id": str,
    "game": str,
    "kind": str,
    "level": str,
    "par": int,
    "position": str,
}


def row_problem(data: object) -> str | None:
    """What is wrong with a stored puzzle's JSON, or None if it can be used."""
    if not isinstance(data, dict):
        return f"a JSON {type(data).__name__}, not an object"
    for name, kind in _ROW_FIELDS.items():
        if name not in data:
            return f"no {name!r}"
        if not isinstance(data[name], kind) or isinstance(data[name], bool):
            return f"{name!r} is {data[name]!r}, not a {kind.__name__}"
    tags = data.get("tags")
    if not isinstance(tags, list) or not all(isinstance(tag, str) for tag in tags):
        return f"'tags' is {tags!r}, not a list of words"
    return None


#: The schema this code reads and writes, stored as ``PRAGMA user_version``.
#: Catalogs made before the version was stored have 0 and the same tables.
SCHEMA_VERSION = 1

_TABLES = ("progress", "publications", "puzzles")


class _Keyed(Protocol):
    @property
    def key(self) -> str: ...


K = TypeVar("K", bound=_Keyed)

_SCHEMA = """
CREATE TABLE IF NOT EXISTS puzzles (
    key TEXT PRIMARY KEY,
    id TEXT NOT NULL UNIQUE,
    game TEXT NOT NULL,
    kind TEXT NOT NULL,
    level TEXT NOT NULL,
    par INTEGER NOT NULL,
    tags TEXT NOT NULL,
    data TEXT NOT NULL
);
CREATE INDEX IF NOT EXISTS puzzles_choice ON puzzles (game, kind, level);
CREATE TABLE IF NOT EXISTS publications (
    key TEXT NOT NULL REFERENCES puzzles (key),
    venue TEXT NOT NULL,
    PRIMARY KEY (key, venue)
);
CREATE TABLE IF NOT EXISTS progress (
    stream TEXT PRIMARY KEY,
    next_index INTEGER NOT NULL
);
CREATE TABLE IF NOT EXISTS leases (
    key TEXT NOT NULL,
    venue TEXT NOT NULL,
    owner TEXT NOT NULL,
    PRIMARY KEY (key, venue)
);
"""

#: Keeps, of a venue's rows, those of one game's puzzles.
_OF_GAME = " AND key IN (SELECT key FROM puzzles WHERE game = ?)"

#: A publication still held by a lease whose owner process is gone is not a
#: publication: the book it was claimed for was never written.
_LEASED_BY_THE_DEAD = (
    "SELECT key, venue FROM leases WHERE owner IN (SELECT value FROM json_each(?))"
)

#: The keys published somewhere (a dead process's claims, noted by a read-only
#: catalog in ``temp.dead_leases``, are not).
_PUBLISHED = (
    "SELECT key FROM publications WHERE (key, venue) NOT IN "
    "(SELECT key, venue FROM temp.dead_leases)"
)


def _where(
    *, game: str | None, level: str | None, kind: str | None, tag: str | None, unpublished: bool
) -> tuple[str, list[Any]]:
    """The SQL condition on ``puzzles`` rows for these filters, and its arguments."""
    conditions, args = ["1=1"], []
    for column, value in (("game", game), ("level", level), ("kind", kind)):
        if value:
            conditions.append(f"{column} = ?")
            args.append(value)
    if tag:
        conditions.append("(' ' || tags || ' ') LIKE ?")
        args.append(f"% {tag} %")
    if unpublished:
        conditions.append(f"key NOT IN ({_PUBLISHED})")
    return " AND ".join(conditions), args


#: Seconds a catalog waits to enter WAL mode while others open it, as SQLite's busy
#: timeout waits for a write.
_WAL_WAIT = 30.0


class VenueUsedError(CatalogError):
    """A claim for a new venue found puzzles already published there."""

    def __init__(self, venue: str, count: int, *, making: bool = False) -> None:
        self.venue, self.count, self.making = venue, count, making
        super().__init__(f"the catalog already records puzzles published in {venue!r}")


def _start_time(pid: int) -> str:
    """When process ``pid`` started (clock ticks since boot, Linux), or "" if unknown."""
    try:
        with open(f"/proc/{pid}/stat", "rb") as handle:
            stat = handle.read().decode("ascii", "replace")
    except OSError:
        return ""
    fields = stat.rsplit(")", 1)[-1].split()
    return fields[19] if len(fields) > 19 else ""


def lease_owner() -> str:
    """This process, as a lease names it: host, pid and start time (a reused pid differs)."""
    pid = os.getpid()
    return f"{socket.gethostname()}|{pid}|{_start_time(pid)}"


def owner_alive(owner: str) -> bool:
    """Whether the process a lease names may still run (on another host: assumed so)."""
    host, _, rest = owner.partition("|")
    pid_text, _, started = rest.partition("|")
    if host != socket.gethostname() or not pid_text.isdigit():
        return True
    pid = int(pid_text)
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        pass  # alive, someone else's
    except OverflowError:
        return False
    return not started or _start_time(pid) in ("", started)



def is_new(path: Path) -> bool:
    """Whether ``path`` holds no catalog yet: no file, or an empty one (``touch c.sqlite``),
    which a command that fills a catalog makes one and a command that reads one refuses."""
    return not path.exists() or (path.is_file() and path.stat().st_size == 0)

class Catalog:
    """An open catalog file.  Use as a context manager, or call :meth:`close`.

    With ``readonly=True`` the file must already be a catalog and is opened
    read-only: nothing is created in it and its journal mode is left alone.
    """

    def __init__(self, path: Path | str, *, readonly: bool = False) -> None:
        self.path = Path(path)
        self.readonly = readonly
        if self.path.is_dir():
            raise CatalogError(f"catalog path {str(self.path)!r} is a folder, not a file")
        if readonly and not self.path.is_file():
            raise CatalogError(
                f"no catalog at {str(self.path)!r}: fill one with 'puzzlegen generate'"
            )
        with self._errors():
            if readonly:
                uri = self.path.resolve().as_uri() + "?mode=ro"
                self._db = sqlite3.connect(uri, uri=True, isolation_level=None, timeout=30)
            else:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                self._db = sqlite3.connect(self.path, isolation_level=None, timeout=30)
        try:
            with self._errors():
                self._check_schema()
                self._check_pages()
                if readonly:
                    self._release_dead_leases()
                else:
                    self._enter_wal()
                    with self.transaction():
                        # One statement at a time: executescript would commit first.
                        for statement in _SCHEMA.split(";"):
                            if statement.strip():
                                self._db.execute(statement)
                        self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
                        self._release_dead_leases()
        except BaseException:
            self._db.close()
            raise

    def _enter_wal(self) -> None:
        """Put the file in WAL mode, waiting for other connections as a write would.

        The last writer to close leaves the file out of WAL mode (:meth:`close`), and
        switching back needs the file to itself: SQLite refuses at once, with no busy
        wait, while another process is opening it too.  Two books started together
        failed so ("database is locked") about one time in two.
        """
        deadline = time.monotonic() + _WAL_WAIT
        while True:
            try:
                self._db.execute("PRAGMA journal_mode=WAL")
                return
            except sqlite3.OperationalError as exc:
                if "locked" not in str(exc) or time.monotonic() > deadline:
                    raise
                time.sleep(0.02)

    def _check_pages(self) -> None:
        """Refuse a catalog whose pages are damaged, whatever the command.

        Without this, a command that reads only sound pages (the counts) would
        use a catalog that another (a book) refuses half way through.
        """
        rows = self._db.execute("PRAGMA quick_check(1)").fetchall()
        if rows and rows[0][0] != "ok":
            self._damaged(" ".join(str(rows[0][0]).split()))

    def _damaged(self, reason: str) -> None:
        name = repr(str(self.path))
        raise CatalogError(
            f"the catalog {name} is damaged ({reason[:120]}): restore it from a copy, or "
            f"save what is left with: sqlite3 {name} .recover | sqlite3 recovered.sqlite"
        )

    def _check_schema(self) -> None:
        """Refuse a newer catalog, or an SQLite file that is something else."""
        version = int(self._db.execute("PRAGMA user_version").fetchone()[0])
        rows = self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")
        tables = {row[0] for row in rows}
        name = repr(str(self.path))
        if version > SCHEMA_VERSION:
            raise CatalogError(
                f"the catalog {name} has schema version {version}, newer than the "
                f"{SCHEMA_VERSION} this puzzlegen understands: upgrade puzzlegen to use it"
            )
        if tables and not set(_TABLES) <= tables:
            others = ", ".join(repr(t) for t in sorted(tables - set(_TABLES)))
            raise CatalogError(
                f"{name} is an SQLite file but not a puzzlegen catalog (it has tables {others})"
            )
        if not tables and self.readonly:
            raise CatalogError(f"{name} is an empty SQLite file, not a puzzlegen catalog")

    def _tables(self) -> set[str]:
        return {r[0] for r in self._db.execute("SELECT name FROM sqlite_master")}

    def _dead_owners(self) -> list[str]:
        """The owners of leases whose process is gone (a book killed while being made)."""
        if "leases" not in self._tables():
            return []
        owners = [r[0] for r in self._db.execute("SELECT DISTINCT owner FROM leases")]
        return [owner for owner in owners if not owner_alive(owner)]

    def _release_dead_leases(self) -> None:
        """Forget the claims of processes that died before their book was written.

        A read-only catalog cannot forget them, so it notes them in a
        temporary table and reads them as unpublished (see :data:`_PUBLISHED`).
        """
        dead = json.dumps(self._dead_owners())
        self._db.execute("CREATE TEMP TABLE IF NOT EXISTS dead_leases (key TEXT, venue TEXT)")
        if dead == "[]":
            return
        if self.readonly:
            self._db.execute(f"INSERT INTO temp.dead_leases {_LEASED_BY_THE_DEAD}", (dead,))
            return
        self._db.execute(
            f"DELETE FROM publications WHERE (key, venue) IN ({_LEASED_BY_THE_DEAD})", (dead,)
        )
        self._db.execute(
            "DELETE FROM leases WHERE owner IN (SELECT value FROM json_each(?))", (dead,)
        )

    @contextmanager
    def _errors(self) -> Iterator[None]:
        """Turn an SQLite failure into one line naming the catalog."""
        try:
            yield
        except sqlite3.DatabaseError as exc:
            name = repr(str(self.path))
            reason = str(exc)
            if "malformed" in reason:
                self._damaged(reason)
            if "not a database" in reason:
                raise CatalogError(f"{name} is not a puzzlegen catalog ({reason})") from None
            raise CatalogError(sqlite_failure(f"the catalog {name}", exc)) from None

    def __enter__(self) -> Catalog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        """Close the file; the last writer to close leaves it out of WAL mode.

        A catalog at rest then needs no ``-wal`` or ``-shm`` file beside it,
        so it can be read in a folder the reader may not write, and reading
        it leaves nothing behind.  While another connection is open the
        switch fails at once (no waiting) and the file stays in WAL mode for
        that one to finish.
        """
        if not self.readonly:
            with suppress(sqlite3.Error):
                self._db.execute("PRAGMA busy_timeout = 0")
                self._db.execute("PRAGMA journal_mode = DELETE")
        self._db.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        """One write transaction: all of the block is committed, or none of it."""
        with self._errors():
            self._db.execute("BEGIN IMMEDIATE")
            try:
                yield
            except BaseException:
                if self._db.in_transaction:
                    self._db.execute("ROLLBACK")
                raise
            self._db.execute("COMMIT")

    def _query(self, sql: str, args: Any = ()) -> list[Any]:
        with self._errors():
            return self._db.execute(sql, args).fetchall()

    def _rows(self, sql: str, args: Any = ()) -> Iterator[Any]:
        """The rows of a query a batch at a time, so a caller may stop early."""
        with self._errors():
            cursor = self._db.execute(sql, args)
            while batch := cursor.fetchmany(256):
                yield from batch

    # -- puzzles -----------------------------------------------------------
    def add(self, data: dict[str, Any]) -> bool:
        """Store a puzzle's JSON; False (and nothing stored) if its key is already there."""
        # The table's rowid records the order puzzles were added in.
        with self._errors():
            cursor = self._db.execute(
                "INSERT OR IGNORE INTO puzzles (key, id, game, kind, level, par, tags, data)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)",
                (
                    data["key"],
                    data["id"],
                    data["game"],
                    data["kind"],
                    data["level"],
                    data["par"],
                    " ".join(data["tags"]),
                    json.dumps(data, sort_keys=True),
                ),
            )
            return cursor.rowcount == 1

    def __len__(self) -> int:
        return int(self._query("SELECT COUNT(*) FROM puzzles")[0][0])

    def puzzles(
        self,
        *,
        game: str | None = None,
        level: str | None = None,
        kind: str | None = None,
        tag: str | None = None,
        unpublished: bool = False,
        limit: int | None = None,
        check: Callable[[dict[str, Any]], str | None] | None = None,
    ) -> list[dict[str, Any]]:
        """Puzzles in the order they were added, filtered.

        A damaged row (not JSON, a field missing or of the wrong type, or one
        ``check`` finds a problem with, such as a position that does not read:
        :func:`puzzlegen.games.stored_check`) is skipped with a
        :class:`~puzzlegen.errors.PuzzlegenWarning` naming it.  ``limit`` counts
        the rows returned, so a skipped row does not shorten the list.
        """
        where, args = _where(game=game, level=level, kind=kind, tag=tag, unpublished=unpublished)
        query = f"SELECT rowid, id, data FROM puzzles WHERE {where} ORDER BY rowid"
        found: list[dict[str, Any]] = []
        if limit == 0:
            return found
        for rowid, puzzle_id, text in self._rows(query, args):
            try:
                data = json.loads(text)
            except (ValueError, TypeError, RecursionError):
                problem: str | None = "its JSON cannot be read"
            else:
                problem = row_problem(data)
                if problem is None and check is not None:
                    problem = check(data)
            if problem is not None:
                self.skip_row(rowid, puzzle_id, problem)
                continue
            found.append(data)
            if limit is not None and len(found) >= limit:
                break
        return found

    def skip_row(self, rowid: object, puzzle_id: object, problem: str) -> None:
        """Warn that a damaged row is passed over, naming it and this catalog."""
        row = f"puzzle {puzzle_id!r}"
        if rowid is not None:
            row = f"row {rowid} ({row})"
        warn(f"skipping {row} of the catalog {str(self.path)!r}: {problem}")

    def counts(
        self,
        game: str | None = None,
        *,
        level: str | None = None,
        kind: str | None = None,
        tag: str | None = None,
        unpublished: bool = False,
    ) -> dict[str, Counter[str]]:
        """Puzzle counts by level, by kind and by tag, and how many are published; and
        under ``"unpublished level"``, ``"unpublished kind"`` and ``"unpublished tag"``
        the same counts of the puzzles not yet published (what a book can take).

        Only the puzzles :meth:`puzzles` would list with the same filters count.
        """
        names = ("level", "kind", "tag")
        result: dict[str, Counter[str]] = {
            name: Counter() for name in (*names, "published", *(f"unpublished {n}" for n in names))
        }
        where, args = _where(game=game, level=level, kind=kind, tag=tag, unpublished=unpublished)
        for row_level, row_kind, tags, published in self._query(
            f"SELECT level, kind, tags, key IN ({_PUBLISHED}) FROM puzzles WHERE {where}", args
        ):
            prefixes = ("",) if published else ("", "unpublished ")
            for prefix in prefixes:
                result[f"{prefix}level"][row_level] += 1
                result[f"{prefix}kind"][row_kind] += 1
                result[f"{prefix}tag"].update(tags.split())
            result["published"]["published" if published else "unpublished"] += 1
        return result

    def games(self) -> dict[str, int]:
        """How many puzzles each game has here, by game name."""
        rows = self._query("SELECT game, COUNT(*) FROM puzzles GROUP BY game ORDER BY game")
        return {str(game): int(count) for game, count in rows}

    # -- publications ------------------------------------------------------
    def record_publication(self, key: str, venue: str) -> None:
        with self._errors():
            self._db.execute(
                "INSERT OR IGNORE INTO publications (key, venue) VALUES (?, ?)", (key, venue)
            )

    def publications(self, key: str) -> list[str]:
        rows = self._query(
            "SELECT venue FROM publications WHERE key = ? AND (key, venue) NOT IN "
            "(SELECT key, venue FROM temp.dead_leases) ORDER BY venue",
            (key,),
        )
        return [row[0] for row in rows]

    def claim(
        self,
        venue: str,
        choose: Callable[[], Sequence[K]],
        *,
        lease: bool = False,
        new_venue: bool = False,
    ) -> list[K]:
        """Choose puzzles with ``choose()`` and record them as published in ``venue``, atomically.

        ``choose`` reads this catalog (e.g. its unpublished puzzles) and
        returns the chosen puzzles, anything with a ``key``.  Choosing and
        recording are one write transaction, so two runs at the same time
        never take the same puzzle; if ``choose`` raises, nothing is
        recorded.  Undo a claim whose publication then failed with
        :meth:`release`.

        With ``lease``, the claim is held by this process until
        :meth:`confirm`: if the process dies first (``kill -9``, a power cut),
        the next run that opens the catalog forgets the claim.

        With ``new_venue``, a venue some puzzle is already published in is refused
        (:class:`VenueUsedError`), in the same transaction: two books recorded
        under one title could only be released together.
        """
        owner = lease_owner()
        with self.transaction():
            if new_venue:
                (used,) = self._db.execute(
                    "SELECT COUNT(*) FROM publications WHERE venue = ? AND (key, venue) NOT IN "
                    "(SELECT key, venue FROM temp.dead_leases)",
                    (venue,),
                ).fetchone()
                if used:
                    # Leased, not yet confirmed: another run is making that book now.
                    (making,) = self._db.execute(
                        "SELECT COUNT(*) FROM leases WHERE venue = ? AND (key, venue) NOT IN "
                        "(SELECT key, venue FROM temp.dead_leases)",
                        (venue,),
                    ).fetchone()
                    raise VenueUsedError(venue, int(used), making=bool(making))
            chosen = list(choose())
            for item in chosen:
                self.record_publication(item.key, venue)
                if lease:
                    self._db.execute(
                        "INSERT OR REPLACE INTO leases (key, venue, owner) VALUES (?, ?, ?)",
                        (item.key, venue, owner),
                    )
        return chosen

    def confirm(self, keys: list[str], venue: str) -> None:
        """Make a leased claim lasting: what it was for has been written."""
        with self.transaction():
            self._db.executemany(
                "DELETE FROM leases WHERE key = ? AND venue = ?", [(key, venue) for key in keys]
            )

    def release_venue(self, venue: str, game: str | None = None) -> int:
        """Forget every puzzle recorded as published in ``venue`` (only ``game``'s, if
        given: one date's daily venue holds each game's puzzle); return how many."""
        only, args = ("", (venue,)) if game is None else (_OF_GAME, (venue, game))
        with self.transaction():
            count = self._db.execute(
                "DELETE FROM publications WHERE venue = ?" + only, args
            ).rowcount
            self._db.execute("DELETE FROM leases WHERE venue = ?" + only, args)
        return int(count)

    def venue_games(self, venue: str) -> dict[str, int]:
        """How many puzzles of each game are recorded as published in ``venue``."""
        rows = self._query(
            "SELECT p.game, COUNT(*) FROM publications AS v JOIN puzzles AS p ON p.key = v.key"
            " WHERE v.venue = ? GROUP BY p.game ORDER BY p.game",
            (venue,),
        )
        return {str(name): int(n) for name, n in rows}

    def venues(self) -> list[str]:
        """Every venue some puzzle is recorded as published in, sorted."""
        return [r[0] for r in self._query("SELECT DISTINCT venue FROM publications ORDER BY 1")]

    def venue_counts(self) -> list[tuple[str, str, int]]:
        """(venue, game, puzzles) for every venue some puzzle is published in, sorted."""
        rows = self._query(  # not a book killed while it was made (its claim is void)
            "SELECT v.venue, p.game, COUNT(*) FROM publications AS v"
            " JOIN puzzles AS p ON p.key = v.key"
            " WHERE (v.key, v.venue) NOT IN (SELECT key, venue FROM temp.dead_leases)"
            " GROUP BY v.venue, p.game ORDER BY 1, 2"
        )
        return [(str(venue), str(game), int(n)) for venue, game, n in rows]

    def release(self, keys: list[str], venue: str) -> None:
        """Forget that ``keys`` were published in ``venue`` (a claim whose output failed)."""
        with self.transaction(), self._errors():
            pairs = [(key, venue) for key in keys]
            self._db.executemany("DELETE FROM publications WHERE key = ? AND venue = ?", pairs)
            if "leases" in self._tables():
                self._db.executemany("DELETE FROM leases WHERE key = ? AND venue = ?", pairs)

    # -- generation progress -----------------------------------------------
    def next_index(self, stream: str) -> int:
        rows = self._query("SELECT next_index FROM progress WHERE stream = ?", (stream,))
        return int(rows[0][0]) if rows else 0

    def set_next_index(self, stream: str, index: int) -> None:
        with self._errors():
            self._db.execute(
                "INSERT INTO progress (stream, next_index) VALUES (?, ?)"
                " ON CONFLICT (stream) DO UPDATE SET next_index = excluded.next_index",
                (stream, index),
            )
