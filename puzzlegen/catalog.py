"""The puzzle catalog: an SQLite file of graded puzzles and where each was published.

Puzzles are unique by canonical key, so two disguises of one puzzle are
never both stored.  Each puzzle is kept as its JSON (see
``Puzzle.to_json``) beside the columns used to choose puzzles.  A
publication row records a book or a date a puzzle appeared in, so the next
book or daily run can skip it.  Generation progress is stored per candidate
stream, in the same transaction as the puzzles it produced, so a run killed
at any moment resumes exactly where its last commit left it.
"""

from __future__ import annotations

import json
import sqlite3
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from puzzlegen.errors import CatalogError

DEFAULT_DB = Path("output") / "catalog.sqlite"

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
"""


class Catalog:
    """An open catalog file.  Use as a context manager, or call :meth:`close`."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        if self.path.exists() and self.path.is_dir():
            raise CatalogError(f"catalog path {str(self.path)!r} is a folder, not a file")
        self.path.parent.mkdir(parents=True, exist_ok=True)
        try:
            self._db = sqlite3.connect(self.path, isolation_level=None)
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.executescript(_SCHEMA)
        except sqlite3.DatabaseError as exc:
            raise CatalogError(f"{str(self.path)!r} is not a puzzlegen catalog ({exc})") from None

    def __enter__(self) -> Catalog:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def close(self) -> None:
        self._db.close()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        self._db.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self._db.execute("ROLLBACK")
            raise
        self._db.execute("COMMIT")

    # -- puzzles -----------------------------------------------------------
    def add(self, data: dict[str, Any]) -> bool:
        """Store a puzzle's JSON; False (and nothing stored) if its key is already there."""
        # The table's rowid records the order puzzles were added in.
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
        return int(self._db.execute("SELECT COUNT(*) FROM puzzles").fetchone()[0])

    def puzzles(
        self,
        *,
        game: str | None = None,
        level: str | None = None,
        kind: str | None = None,
        tag: str | None = None,
        unpublished: bool = False,
        limit: int | None = None,
    ) -> list[dict[str, Any]]:
        """Puzzles in the order they were added, filtered."""
        query = "SELECT data FROM puzzles WHERE 1=1"
        args: list[Any] = []
        if game:
            query += " AND game = ?"
            args.append(game)
        if level:
            query += " AND level = ?"
            args.append(level)
        if kind:
            query += " AND kind = ?"
            args.append(kind)
        if tag:
            query += " AND (' ' || tags || ' ') LIKE ?"
            args.append(f"% {tag} %")
        if unpublished:
            query += " AND key NOT IN (SELECT key FROM publications)"
        query += " ORDER BY rowid"
        if limit is not None:
            query += " LIMIT ?"
            args.append(limit)
        return [json.loads(row[0]) for row in self._db.execute(query, args)]

    def counts(self, game: str | None = None) -> dict[str, Counter[str]]:
        """Puzzle counts by level, by kind and by tag, and how many are published.

        With ``game``, only that game's puzzles count.
        """
        result: dict[str, Counter[str]] = {
            "level": Counter(),
            "kind": Counter(),
            "tag": Counter(),
            "published": Counter(),
        }
        for level, kind, tags, published in self._db.execute(
            "SELECT level, kind, tags, key IN (SELECT key FROM publications) FROM puzzles"
            " WHERE ? IS NULL OR game = ?",
            (game, game),
        ):
            result["level"][level] += 1
            result["kind"][kind] += 1
            result["tag"].update(tags.split())
            result["published"]["published" if published else "unpublished"] += 1
        return result

    # -- publications ------------------------------------------------------
    def record_publication(self, key: str, venue: str) -> None:
        self._db.execute(
            "INSERT OR IGNORE INTO publications (key, venue) VALUES (?, ?)", (key, venue)
        )

    def publications(self, key: str) -> list[str]:
        rows = self._db.execute(
            "SELECT venue FROM publications WHERE key = ? ORDER BY venue", (key,)
        )
        return [row[0] for row in rows]

    # -- generation progress -----------------------------------------------
    def next_index(self, stream: str) -> int:
        row = self._db.execute(
            "SELECT next_index FROM progress WHERE stream = ?", (stream,)
        ).fetchone()
        return int(row[0]) if row else 0

    def set_next_index(self, stream: str, index: int) -> None:
        self._db.execute(
            "INSERT INTO progress (stream, next_index) VALUES (?, ?)"
            " ON CONFLICT (stream) DO UPDATE SET next_index = excluded.next_index",
            (stream, index),
        )
