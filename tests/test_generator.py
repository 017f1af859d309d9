"""Worker processes of ``generate``: a dead or missing worker stops the run, never hangs it.

Also book puzzle choice: no one-move puzzles, easiest first.
"""

from __future__ import annotations

import errno
import multiprocessing
import os
import signal
import time
from pathlib import Path
from typing import Any

import pytest
from conftest import DATA, own

from puzzlegen.catalog import Catalog
from puzzlegen.catscradle.plugin import CATS_CRADLE
from puzzlegen.catscradle.position import Position
from puzzlegen.catscradle.puzzle import from_position, make_puzzle
from puzzlegen.errors import CatalogError, WorkerError
from puzzlegen.games import LEVELS
from puzzlegen.generator import difficulty, generate, puzzles_from_catalog, puzzles_from_seed

WORKER_DIED = 3


def _ids(path: Path) -> list[str]:
    with Catalog(path, readonly=True) as catalog:
        return [p["id"] for p in catalog.puzzles()]


def _kill_a_worker_after_five(path: str) -> None:
    def on_added(_data: dict[str, Any]) -> None:
        if len(added) == 4:  # the fifth is being added
            os.kill(multiprocessing.active_children()[0].pid or 0, signal.SIGKILL)
        added.append(_data)

    added: list[dict[str, Any]] = []
    with Catalog(path) as catalog:
        try:
            generate(catalog, 10_000, seed="w", jobs=2, on_added=on_added, game=CATS_CRADLE)
        except WorkerError:
            os._exit(WORKER_DIED)


def test_a_killed_worker_stops_the_run_and_keeps_what_was_committed(tmp_path: Path) -> None:
    path = tmp_path / "c.sqlite"
    process = multiprocessing.get_context("spawn").Process(
        target=_kill_a_worker_after_five, args=(str(path),)
    )
    process.start()
    process.join(90)
    if process.is_alive():  # the old pool waited for the lost result for ever
        process.kill()
        process.join()
        pytest.fail("generate hung after a worker was killed")
    assert process.exitcode == WORKER_DIED
    assert len(_ids(path)) >= 5


def test_no_process_to_start_is_a_clear_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def refuse(self: object) -> None:
        raise BlockingIOError(errno.EAGAIN, "Resource temporarily unavailable")

    monkeypatch.setattr(multiprocessing.get_context("spawn").Process, "start", refuse)
    with (
        Catalog(tmp_path / "c.sqlite") as catalog,
        pytest.raises(WorkerError, match=r"cannot start 2 worker processes.*--jobs"),
    ):
        generate(catalog, 5, seed="x", jobs=2, game=CATS_CRADLE)


def _generate_and_tell_workers(path: str, pids: str) -> None:
    def on_added(_data: dict[str, Any]) -> None:
        children = [str(child.pid) for child in multiprocessing.active_children()]
        Path(pids).write_text(" ".join(children))

    with Catalog(path) as catalog:
        generate(catalog, 10_000, seed="o", jobs=2, on_added=on_added, game=CATS_CRADLE)


def _alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="needs /proc")
def test_workers_exit_when_their_parent_is_killed(tmp_path: Path) -> None:
    pids = tmp_path / "pids"
    process = multiprocessing.get_context("spawn").Process(
        target=_generate_and_tell_workers, args=(str(tmp_path / "c.sqlite"), str(pids))
    )
    process.start()
    for _ in range(600):
        if pids.exists() and len(pids.read_text().split()) == 2:
            break
        time.sleep(0.1)
    workers = [int(pid) for pid in pids.read_text().split()]
    process.kill()
    process.join()
    for _ in range(100):
        if not any(_alive(pid) for pid in workers):
            break
        time.sleep(0.1)
    still = [pid for pid in workers if _alive(pid)]
    for pid in still:
        os.kill(pid, signal.SIGKILL)
    assert not still, "orphaned workers kept running"


# -- book puzzle choice ------------------------------------------------------------

_HINTS = {
    row.split(" | ")[0]: Position.parse(row.split(" | ")[1])
    for row in (DATA / "hints.txt").read_text().splitlines()
    if row and not row.startswith("#")
}


def test_generate_gives_up_at_the_same_candidate_whatever_its_batches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The limit was checked at batch ends, and a batch is 16 candidates a job: one job
    # gave up after 48 candidates, two after 64, and stored different next indexes.
    monkeypatch.setattr("puzzlegen.generator.MAX_TRIES_PER_PUZZLE", 40)
    monkeypatch.setattr("puzzlegen.generator.grade_candidate", lambda _job: None)
    with Catalog(tmp_path / "c.sqlite") as cat:
        with pytest.raises(CatalogError, match="41 candidates in a row from seed 's' gave no"):
            generate(cat, 1, game=CATS_CRADLE, seed="s")
        assert cat.next_index("game=cats-cradle|seed=s|kind=any|level=any") == 41


def test_books_skip_one_move_puzzles_and_run_easiest_first() -> None:
    chosen = [own(p) for p in puzzles_from_seed(12, game=CATS_CRADLE, seed="t")]
    assert [p.level for p in chosen] == [level for level in LEVELS for _ in range(3)]
    assert all(p.publishable for p in chosen)
    assert [difficulty(p) for p in chosen] == sorted(difficulty(p) for p in chosen)
    # The stream has one-move candidates; none was taken.
    candidates = [make_puzzle(("opening", "midgame")[i % 2], f"t-{i}") for i in range(40)]
    assert any(p is not None and not p.publishable for p in candidates)


def test_catalogs_hold_no_one_move_puzzle_and_books_pass_over_stale_rows(tmp_path: Path) -> None:
    with Catalog(tmp_path / "c.sqlite") as catalog:
        added = generate(catalog, 6, game=CATS_CRADLE, seed="g", level="Easy")
        assert all(len(data["line"]) > 1 for data in added)
        # A row stored by an older version: a one-move puzzle, filed as Easy.
        one_move = from_position(_HINTS["optional-moves"]).to_json()
        assert one_move["level"] == "Easy" and catalog.add(one_move)
        chosen = puzzles_from_catalog(catalog, 6, game=CATS_CRADLE, level="Easy")
        # The generated six, easiest first (an Easy puzzle may be the hasty or the careful
        # player's), and not the one-move row.
        assert sorted(p.id for p in chosen) == sorted(data["id"] for data in added)
        assert [difficulty(p) for p in chosen] == sorted(difficulty(p) for p in chosen)
        with pytest.raises(CatalogError, match="6 unpublished Easy Cat's Cradle puzzles"):
            puzzles_from_catalog(catalog, 7, game=CATS_CRADLE, level="Easy")


def test_a_book_dealt_from_a_seed_reports_each_puzzle_it_takes() -> None:
    # book showed only "Choosing puzzles (85 s)": nothing said whether the search moved.
    found: list[int] = []
    chosen = puzzles_from_seed(
        3, game=CATS_CRADLE, seed="progress", on_found=lambda: found.append(1)
    )
    assert len(chosen) == 3 and len(found) == 3


def test_a_level_stream_passes_over_the_puzzles_a_catalog_already_holds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # generate --count 2000, then --level hard on the same catalog: the level's stream
    # deals the same candidates first, all known, and gave up after 2000 of them.
    monkeypatch.setattr("puzzlegen.generator.MAX_TRIES_PER_PUZZLE", 30)
    with Catalog(tmp_path / "c.sqlite") as cat:
        known = generate(cat, 120, game=CATS_CRADLE, seed="s")
        hard = sum(data["level"] == "Hard" for data in known)
        assert 0 < hard < 120 - 30  # past the limit's worth of known candidates
        added = generate(cat, 2, game=CATS_CRADLE, seed="s", level="Hard")
        assert [data["level"] for data in added] == ["Hard", "Hard"]
        assert not {data["id"] for data in added} & {data["id"] for data in known}


def test_a_stream_of_known_puzzles_alone_still_gives_up(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Known puzzles start the miss count again; a level whose every puzzle the catalog
    # holds (or one puzzle met again in disguise) would have been searched for ever.
    with Catalog(tmp_path / "c.sqlite") as cat:
        (known,) = generate(cat, 1, game=CATS_CRADLE, seed="k")
        monkeypatch.setattr("puzzlegen.generator.grade_candidate", lambda _job: known)
        with pytest.raises(CatalogError, match="2 puzzles in a row from seed 'k' were in the "
                                               "catalog already; found 0 of 1"):
            generate(cat, 1, game=CATS_CRADLE, seed="k")
