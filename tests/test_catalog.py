from __future__ import annotations

import multiprocessing
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from puzzlegen.catalog import Catalog
from puzzlegen.catscradle.canonical import Disguise
from puzzlegen.catscradle.plugin import CATS_CRADLE
from puzzlegen.catscradle.puzzle import from_position, make_puzzle
from puzzlegen.errors import CatalogError
from puzzlegen.generator import generate


def ids(path: Path) -> list[str]:
    with Catalog(path) as catalog:
        return [p["id"] for p in catalog.puzzles()]


def test_generate_is_the_same_for_any_number_of_jobs(tmp_path: Path) -> None:
    with Catalog(tmp_path / "one.sqlite") as one:
        generate(one, 40, seed="t", jobs=1, game=CATS_CRADLE)
    with Catalog(tmp_path / "two.sqlite") as two:
        generate(two, 40, seed="t", jobs=2, game=CATS_CRADLE)
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
    assert err.strip() == "puzzlegen: interrupted"
    kept = ids(db)
    assert len(kept) >= 20 and len(set(kept)) == len(kept)
