from __future__ import annotations

import multiprocessing
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from elsewhere import python_elsewhere

from puzzlegen.catalog import SCHEMA_VERSION, Catalog
from puzzlegen.catscradle.canonical import Disguise
from puzzlegen.catscradle.plugin import CATS_CRADLE
from puzzlegen.catscradle.puzzle import from_position, make_puzzle
from puzzlegen.errors import CatalogError
from puzzlegen.games import Puzzle
from puzzlegen.generator import generate, puzzles_from_catalog


def ids(path: Path) -> list[str]:
    with Catalog(path) as catalog:
        return [p["id"] for p in catalog.puzzles()]


def _without_progress(err: str) -> str:
    """stderr without the progress lines a long run prints to a log ("... (5 s)")."""
    return "\n".join(
        line
        for line in err.strip().splitlines()
        if not re.fullmatch(r"puzzlegen: .* \(\d+ s\)", line)
    ).strip()

def test_generate_is_the_same_for_any_number_of_jobs(tmp_path: Path) -> None:
    with Catalog(tmp_path / "one.sqlite") as one:
        generate(one, 40, seed="t", jobs=1, game=CATS_CRADLE)
    # The second run in another interpreter, hash seed and locale, with workers.
    python_elsewhere(
        "from puzzlegen.catalog import Catalog; from puzzlegen.generator import generate; "
        "from puzzlegen.registry import get_game; "
        f"generate(Catalog({str(tmp_path / 'two.sqlite')!r}), 40, seed='t', jobs=2, "
        "game=get_game('cats-cradle'))"
    )
    assert ids(tmp_path / "one.sqlite") == ids(tmp_path / "two.sqlite")
    assert len(ids(tmp_path / "one.sqlite")) == 40


def test_runs_resume_where_the_last_commit_left_off(tmp_path: Path) -> None:
    with Catalog(tmp_path / "whole.sqlite") as whole:
        generate(whole, 30, seed="r", game=CATS_CRADLE)
    with Catalog(tmp_path / "parts.sqlite") as parts:
        generate(parts, 12, seed="r", game=CATS_CRADLE)
    with Catalog(tmp_path / "parts.sqlite") as parts:
        generate(parts, 18, seed="r", game=CATS_CRADLE)
    assert ids(tmp_path / "parts.sqlite") == ids(tmp_path / "whole.sqlite")


def _generate_forever(path: str) -> None:
    with Catalog(path) as catalog:
        generate(catalog, 10_000, seed="k", game=CATS_CRADLE)


def test_a_killed_run_loses_nothing_committed(tmp_path: Path) -> None:
    path = tmp_path / "killed.sqlite"
    process = multiprocessing.get_context("spawn").Process(
        target=_generate_forever, args=(str(path),)
    )
    process.start()
    deadline = 200
    while deadline and (not path.exists() or len(ids(path)) < 15):
        process.join(0.1)
        deadline -= 1
    process.kill()
    process.join()
    kept = ids(path)
    assert len(kept) >= 15
    with Catalog(path) as catalog:
        generate(catalog, 10, seed="k", game=CATS_CRADLE)
    with Catalog(tmp_path / "fresh.sqlite") as fresh:
        generate(fresh, len(kept) + 10, seed="k", game=CATS_CRADLE)
    # Nothing lost, nothing repeated: the resumed catalog is a prefix-extension.
    assert ids(path)[: len(kept)] == kept
    # The resumed stream is exactly what one uninterrupted run produces.
    assert ids(path) == ids(tmp_path / "fresh.sqlite")
    assert len(set(ids(path))) == len(ids(path)) == len(kept) + 10


def test_level_and_kind_filters(tmp_path: Path) -> None:
    with Catalog(tmp_path / "c.sqlite") as catalog:
        added = generate(catalog, 6, seed="f", kind="midgame", level="Medium", game=CATS_CRADLE)
        assert all(p["kind"] == "midgame" and p["level"] == "Medium" for p in added)
        assert catalog.counts()["level"]["Medium"] == 6


def test_unique_by_canonical_key(tmp_path: Path) -> None:
    puzzle = make_puzzle("opening", "1")
    assert puzzle is not None
    disguised = from_position(
        Disguise(symmetry=5, swap_colours=True, shift=3).apply(puzzle.position)
    )
    with Catalog(tmp_path / "c.sqlite") as catalog:
        assert catalog.add(puzzle.to_json())
        assert not catalog.add(disguised.to_json())
        assert len(catalog) == 1


def test_publications_are_recorded(tmp_path: Path) -> None:
    with Catalog(tmp_path / "c.sqlite") as catalog:
        generate(catalog, 5, seed="p", game=CATS_CRADLE)
        first = catalog.puzzles()[0]
        catalog.record_publication(first["key"], "book:Test")
        assert catalog.publications(first["key"]) == ["book:Test"]
        assert len(catalog.puzzles(unpublished=True)) == 4
        assert catalog.counts()["published"]["published"] == 1


def test_not_a_catalog(tmp_path: Path) -> None:
    bogus = tmp_path / "bogus.sqlite"
    bogus.write_text("this is not a database" * 100)
    with pytest.raises(CatalogError, match="not a puzzlegen catalog"):
        Catalog(bogus)
    with pytest.raises(CatalogError, match="is a folder"):
        Catalog(tmp_path)


def test_catalog_is_plain_sqlite(tmp_path: Path) -> None:
    with Catalog(tmp_path / "c.sqlite") as catalog:
        generate(catalog, 3, seed="q", game=CATS_CRADLE)
    rows = sqlite3.connect(tmp_path / "c.sqlite").execute("SELECT id, par FROM puzzles").fetchall()
    assert len(rows) == 3 and all(par > 0 for _, par in rows)


def test_ctrl_c_with_workers_stops_cleanly_and_keeps_the_catalog(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"

    def own_group() -> None:  # like a terminal: Ctrl-C goes to the whole group
        os.setsid()
        signal.signal(signal.SIGINT, signal.SIG_DFL)

    argv = [
        sys.executable,
        "-m",
        "puzzlegen.cli",
        "generate",
        "--count",
        "100000",
        "--jobs",
        "2",
        "--db",
        str(db),
    ]
    process = subprocess.Popen(argv, stderr=subprocess.PIPE, text=True, preexec_fn=own_group)
    for _ in range(300):
        if db.exists() and len(ids(db)) >= 20:
            break
        time.sleep(0.1)
    os.killpg(process.pid, signal.SIGINT)
    _, err = process.communicate(timeout=60)
    assert process.returncode == 130
    assert _without_progress(err) == "puzzlegen: interrupted"
    kept = ids(db)
    assert len(kept) >= 20 and len(set(kept)) == len(kept)


def _tables(path: Path) -> set[str]:
    with sqlite3.connect(path) as db:
        return {row[0] for row in db.execute("SELECT name FROM sqlite_master WHERE type='table'")}


def test_a_new_catalog_records_its_schema_version(tmp_path: Path) -> None:
    with Catalog(tmp_path / "c.sqlite"):
        pass
    db = sqlite3.connect(tmp_path / "c.sqlite")
    assert db.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION >= 1
    db.close()


def test_a_newer_catalog_is_refused_by_name(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    with Catalog(path) as catalog:
        generate(catalog, 2, seed="n", game=CATS_CRADLE)
    with sqlite3.connect(path) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    for readonly in (False, True):
        with pytest.raises(CatalogError, match=f"schema version {SCHEMA_VERSION + 1}, newer"):
            Catalog(path, readonly=readonly)


def test_another_sqlite_file_is_left_alone(tmp_path: Path) -> None:
    path = tmp_path / "notes.sqlite"
    with sqlite3.connect(path) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    for readonly in (True, False):
        with pytest.raises(CatalogError, match=r"not a puzzlegen catalog.*'notes'"):
            Catalog(path, readonly=readonly)
    assert _tables(path) == {"notes"}
    db = sqlite3.connect(path)
    assert db.execute("PRAGMA journal_mode").fetchone()[0] == "delete"
    db.close()


def test_reading_an_empty_file_creates_nothing(tmp_path: Path) -> None:
    path = tmp_path / "empty.sqlite"
    path.write_bytes(b"")
    with pytest.raises(CatalogError, match="not a puzzlegen catalog"):
        Catalog(path, readonly=True)
    assert path.read_bytes() == b""
    with pytest.raises(CatalogError, match="no catalog at"):
        Catalog(tmp_path / "missing.sqlite", readonly=True)
    assert not (tmp_path / "missing.sqlite").exists()


def test_a_corrupt_catalog_fails_with_catalog_error(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    with Catalog(path) as catalog:
        generate(catalog, 30, seed="c", game=CATS_CRADLE)
    data = bytearray(path.read_bytes())
    assert len(data) > 8192
    data[4096:] = b"\xa5" * (len(data) - 4096)  # keep the header, spoil every other page
    path.write_bytes(bytes(data))
    with pytest.raises(CatalogError, match=r"c\.sqlite"), Catalog(path) as catalog:
        catalog.puzzles()
        generate(catalog, 2, seed="c", game=CATS_CRADLE)


def test_a_read_only_catalog_fails_with_catalog_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "c.sqlite"
    with Catalog(path) as catalog:
        generate(catalog, 2, seed="r", game=CATS_CRADLE)
    real_connect = sqlite3.connect

    def read_only(database: str, **kwargs: Any) -> sqlite3.Connection:
        # What SQLite falls back to for a file it may not write (root ignores chmod).
        if not kwargs.pop("uri", False):
            database = f"{Path(database).resolve().as_uri()}?mode=ro"
        return real_connect(database, uri=True, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(sqlite3, "connect", read_only)
    with pytest.raises(CatalogError, match="cannot be written"), Catalog(path) as catalog:
        generate(catalog, 2, seed="r2", game=CATS_CRADLE)
    with Catalog(path, readonly=True) as catalog:
        assert len(catalog) == 2


def _claim(path: str, venue: str, ready: Any, go: Any) -> list[str]:
    with Catalog(path) as catalog:
        ready.wait()
        go.wait()
        chosen = catalog.claim(
            venue, lambda: puzzles_from_catalog(catalog, 4, game=CATS_CRADLE, level="Easy")
        )
        return [puzzle.key for puzzle in chosen]


def test_claims_at_the_same_time_never_share_a_puzzle(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    with Catalog(path) as catalog:
        generate(catalog, 8, seed="s", game=CATS_CRADLE, level="Easy")
    context = multiprocessing.get_context("spawn")
    with context.Manager() as manager, context.Pool(2) as pool:
        ready, go = manager.Barrier(3), manager.Event()
        results = [pool.apply_async(_claim, (str(path), f"book:{n}", ready, go)) for n in range(2)]
        ready.wait(60)
        go.set()
        first, second = (result.get(60) for result in results)
    assert len(first) == len(second) == 4 and not set(first) & set(second)
    with Catalog(path) as catalog:
        assert catalog.puzzles(unpublished=True) == []


def test_a_short_claim_records_nothing_and_a_release_undoes_a_claim(tmp_path: Path) -> None:
    with Catalog(tmp_path / "c.sqlite") as catalog:
        generate(catalog, 6, seed="q", game=CATS_CRADLE)
        levels = Counter(p["level"] for p in catalog.puzzles())
        level, have = levels.most_common(1)[0]

        def choose(count: int) -> Callable[[], list[Puzzle]]:
            return lambda: puzzles_from_catalog(catalog, count, game=CATS_CRADLE, level=level)

        short = f"has {have} unpublished {level} Cat's Cradle puzzles"
        with pytest.raises(CatalogError, match=short) as info:
            catalog.claim("book:X", choose(have + 2))
        # Made for what is missing (two), not for the whole quota.
        assert f"generate --count 2 --level {level.lower()} " in str(info.value)
        assert len(catalog.puzzles(unpublished=True)) == 6
        chosen = catalog.claim("book:X", choose(have))
        assert {p.level for p in chosen} == {level} and len(chosen) == have
        assert len(catalog.puzzles(unpublished=True)) == 6 - have
        assert catalog.publications(chosen[0].key) == ["book:X"]
        catalog.release([p.key for p in chosen], "book:X")
        assert len(catalog.puzzles(unpublished=True)) == 6


def test_a_catalog_that_shows_nothing_says_why(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from puzzlegen.cli import main

    monkeypatch.setenv("COLUMNS", "400")  # rich would break the long path anywhere

    db = str(tmp_path / "p.sqlite")
    assert main(["generate", "--game", "pendulum", "--count", "1", "--db", db]) == 0
    capsys.readouterr()
    # Another game's catalog looked at without --game: the game that is there.
    assert main(["catalog", "--db", db]) == 0
    err = capsys.readouterr().err
    assert "no Cat's Cradle puzzles in this catalog; it holds Pendulum (1: --game pendulum)" in err
    assert main(["catalog", "--db", db, "--game", "pendulum"]) == 0
    assert capsys.readouterr().out.startswith(f"1 Pendulum puzzle in {db} (1 in all)")
    # No puzzle matches: a line, not an empty table; --json stays JSON lines.
    for extra in (["--list"], ["--json"]):
        argv = ["catalog", "--db", db, "--game", "pendulum", "--level", "Expert", *extra]
        assert main([*argv, "--kind", "win-in-par", "--tag", "crown", "--unpublished"]) == 0
        out, err = capsys.readouterr()
        assert out == "" and "no Pendulum puzzle matches these choices" in err


def test_a_short_catalog_asks_for_as_many_puzzles_as_are_missing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import shlex

    from puzzlegen.cli import main

    db = str(tmp_path / "c.sqlite")
    assert main(["generate", "--count", "2", "--level", "easy", "--seed", "short", "--db", db]) == 0
    capsys.readouterr()
    book = ["book", "--count", "5", "--level", "easy", "--db", db, "-o", str(tmp_path / "b.pdf")]
    assert main(book) == 1
    err = capsys.readouterr().err
    # Three missing, three asked for (it asked for nine: minutes of CPU for a rare level).
    asked = re.search(r"add some with '(puzzlegen generate [^']*)'", err)
    assert asked is not None and "--count 3 --level easy" in asked[1], err
    assert main(shlex.split(asked[1])[1:]) == 0
    assert main(book) == 0, "what it asked for was enough"
