"""Nothing lost, round two: signals, claims, damaged data and edge inputs (issue 17).

Each test here failed before its fix.  Commands that depend on how the
process was started (signals, closed descriptors) run in a subprocess.
"""

from __future__ import annotations

import contextlib
import io
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from puzzlegen.catalog import Catalog
from puzzlegen.cli import main
from puzzlegen.errors import CatalogError
from puzzlegen.generator import generate
from puzzlegen.registry import get_game

ENTRY = "import sys; from puzzlegen.cli import main; sys.exit(main())"
LAUNCH = "import sys; from puzzlegen.launch import main; sys.exit(main())"
CATS = get_game("cats-cradle")
DATA = Path(__file__).parent / "data"


def run(
    *argv: str, stdin: bytes = b"", entry: str = LAUNCH, **kwargs: object
) -> subprocess.CompletedProcess[bytes]:
    return subprocess.run(  # type: ignore[call-overload, no-any-return]
        [sys.executable, "-c", entry, *argv],
        input=stdin,
        capture_output=True,
        timeout=120,
        check=False,
        **kwargs,
    )


def one_line(stderr: bytes) -> str:
    text = stderr.decode("utf-8", "replace").strip()
    assert "Traceback" not in text, text
    assert len(text.splitlines()) == 1, text
    return text


# -- 1. Ctrl-C stops generate --jobs 2 -----------------------------------------


def _background_of_a_script() -> None:
    # What `setsid cmd &` in a shell script gives: a new group, SIGINT ignored.
    os.setsid()
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _without_progress(err: str) -> str:
    """stderr without the progress lines a long run prints to a log ("... (5 s)")."""
    return "\n".join(
        line
        for line in err.strip().splitlines()
        if not re.fullmatch(r"puzzlegen: .* \(\d+ s\)", line)
    ).strip()


@pytest.mark.parametrize("whole_group", [True, False], ids=["group", "parent"])
def test_sigint_stops_generate_started_in_the_background(tmp_path: Path, whole_group: bool) -> None:
    db = tmp_path / "c.sqlite"
    argv = [sys.executable, "-c", ENTRY, "generate", "--count", "100000", "--jobs", "2"]
    process = subprocess.Popen(
        [*argv, "--db", str(db)],
        stderr=subprocess.PIPE,
        text=True,
        preexec_fn=_background_of_a_script,
    )
    for _ in range(300):
        with contextlib.suppress(CatalogError), Catalog(db, readonly=True) as catalog:
            if len(catalog) >= 5:
                break
        time.sleep(0.1)
    if whole_group:
        os.killpg(process.pid, signal.SIGINT)
    else:
        os.kill(process.pid, signal.SIGINT)
    try:
        _, err = process.communicate(timeout=5)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 130
    assert _without_progress(err) == "puzzlegen: interrupted"
    with Catalog(db, readonly=True) as catalog:
        kept = [p["id"] for p in catalog.puzzles()]
    assert len(kept) >= 5 and len(set(kept)) == len(kept)


# -- 2. deeply nested JSON ------------------------------------------------------

WORKED = "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S"
NESTED = '{"position": ' + "[" * 25_000 + "]" * 25_000 + "}"


@pytest.mark.parametrize("entry", [LAUNCH, ENTRY], ids=["fast-lane", "full"])
@pytest.mark.parametrize("game", ["cats-cradle", "pendulum"])
def test_a_deeply_nested_json_line_is_one_error_and_the_batch_goes_on(
    game: str, entry: str
) -> None:
    result = run(
        "solve", "--game", game, "--json", "-", stdin=f"{NESTED}\n{WORKED}\n".encode(), entry=entry
    )
    assert b"Traceback" not in result.stderr, result.stderr[-300:]
    lines = result.stdout.decode().splitlines()
    assert len(lines) == 2
    assert "nested too deeply" in json.loads(lines[0])["error"]
    assert json.loads(lines[1])["position" if game == "cats-cradle" else "error"]


def test_a_site_with_a_deeply_nested_puzzle_json_skips_it_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    site = tmp_path / "site"
    assert main(["daily", "--date", "2026-11-23", "-o", str(site)]) == 0
    (site / "2026-11-24").mkdir()
    (site / "2026-11-24" / "puzzle.json").write_text(NESTED)
    capsys.readouterr()
    assert main(["daily", "--date", "2026-11-25", "-o", str(site)]) == 0
    err = capsys.readouterr().err
    assert "2026-11-24" in err and "nested too deeply" in err
    assert "2026-11-25" in (site / "days.js").read_text()


# -- 3. kill -9 during book --db --------------------------------------------------


_MADE: dict[tuple[int, str], Path] = {}


def _small_catalog(db: Path, count: int = 6, seed: str = "lost") -> tuple[str, int]:
    """A catalog of ``count`` puzzles; its most common level and how many have it.

    Made once per (count, seed) and copied: generating is the slow part.
    """
    made = _MADE.get((count, seed))
    if made is None or not made.exists():
        made = db.with_name(f"made-{count}-{seed}.sqlite")
        with Catalog(made) as catalog:
            generate(catalog, count, seed=seed, game=CATS)
        with contextlib.closing(sqlite3.connect(made)) as conn:
            conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        _MADE[count, seed] = made
    db.write_bytes(made.read_bytes())
    with Catalog(db, readonly=True) as catalog:
        levels = [p["level"] for p in catalog.puzzles()]
    level = max(sorted(set(levels)), key=levels.count)
    return level, levels.count(level)


def _leases(db: Path) -> int:
    with contextlib.closing(sqlite3.connect(db, timeout=30)) as conn:
        try:
            return int(conn.execute("SELECT COUNT(*) FROM leases").fetchone()[0])
        except sqlite3.OperationalError:
            return 0


def test_a_book_killed_outright_gives_its_puzzles_back(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    level, have = _small_catalog(db)
    argv = ["book", "--count", str(have), "--level", level, "--db", str(db)]
    process = subprocess.Popen(
        [sys.executable, "-c", ENTRY, *argv, "-o", str(tmp_path / "b.pdf")],
        stderr=subprocess.PIPE,
    )
    try:
        for _ in range(600):
            if _leases(db) or process.poll() is not None:
                break
            time.sleep(0.02)
        assert process.poll() is None, "the book was made before it could be killed"
        process.kill()
        process.wait(30)
    finally:
        with contextlib.suppress(ProcessLookupError):
            process.kill()
    assert not (tmp_path / "b.pdf").exists()
    # A reader sees them unpublished; the next writer forgets the dead claim.
    with Catalog(db, readonly=True) as catalog:
        assert len(catalog.puzzles(unpublished=True)) == 6
        assert catalog.counts()["published"]["published"] == 0
        assert catalog.venue_counts() == []  # catalog --venues listed the dead book
    assert main([*argv, "-o", str(tmp_path / "again.pdf")]) == 0
    with Catalog(db, readonly=True) as catalog:
        assert len(catalog.puzzles(unpublished=True)) == 6 - have
    assert _leases(db) == 0


def test_a_failed_give_back_does_not_hide_why_the_book_failed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from puzzlegen.render.book.model import BookError

    db = tmp_path / "c.sqlite"
    level, have = _small_catalog(db)

    def fails(*_args: object, **_kwargs: object) -> None:
        raise BookError("the typesetting failed")

    def locked(*_args: object, **_kwargs: object) -> None:
        raise CatalogError("the catalog is locked")

    monkeypatch.setattr("puzzlegen.render.book.build_chapters", fails)
    monkeypatch.setattr(Catalog, "release", locked)
    argv = ["book", "--count", str(have), "--level", level, "--db", str(db)]
    assert main([*argv, "-o", str(tmp_path / "b.pdf")]) == 1
    err = capsys.readouterr().err
    assert "the typesetting failed" in err and "locked" not in err
    assert not (tmp_path / "b.pdf").exists()


def test_catalog_release_gives_back_a_book_s_puzzles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "c.sqlite"
    level, have = _small_catalog(db)
    argv = ["book", "--count", str(have), "--level", level, "--db", str(db), "--title", "Gone"]
    assert run(*argv, "-o", str(tmp_path / "b.pdf"), entry=ENTRY).returncode == 0
    # The book was written: its claim outlives its process.
    with Catalog(db) as catalog:
        assert len(catalog.puzzles(unpublished=True)) == 6 - have
    assert main(["catalog", "--db", str(db), "--release", "book:Nope"]) == 1
    err = capsys.readouterr().err
    assert "'book:Nope'" in err and "'book:Gone'" in err and len(err.splitlines()) == 1
    assert main(["catalog", "--db", str(db), "--release", "book:Gone"]) == 0
    assert f"Released {have} puzzle" in capsys.readouterr().out
    with Catalog(db, readonly=True) as catalog:
        assert len(catalog.puzzles(unpublished=True)) == 6


def test_release_with_game_gives_back_only_that_game_s_puzzle(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # One date's daily venue holds each game's puzzle: releasing Pendulum's gave back
    # Cat's Cradle's too, for a book to publish again.
    db = str(tmp_path / "c.sqlite")
    for game in ("cats-cradle", "pendulum"):
        assert main(["daily", "--game", game, "--date", "2026-11-23", "--db", db,
                     "-o", str(tmp_path / game)]) == 0
    argv = ["catalog", "--db", db, "--release", "daily:2026-11-23"]
    assert main([*argv, "--game", "pendulum"]) == 0
    assert "Released 1 Pendulum puzzle from" in capsys.readouterr().out
    with Catalog(Path(db), readonly=True) as catalog:
        assert catalog.venue_games("daily:2026-11-23") == {"cats-cradle": 1}
    assert main([*argv, "--game", "pendulum"]) == 1
    assert "(it holds only Cat's Cradle puzzles: --game cats-cradle)" in capsys.readouterr().err
    assert main([*argv, "--list"]) == 2  # dropped without a word, it was
    assert main([*argv, "--game", "pendulum", "--json"]) == 2
    assert "it releases every Pendulum puzzle there" in capsys.readouterr().err
    assert main(["catalog", "--db", db, "--list", "--limit", "0"]) == 2
    assert main(argv) == 0
    assert "Released 1 puzzle from" in capsys.readouterr().out


def test_a_second_book_of_the_same_title_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Both were recorded as 'book:TITLE': releasing the unprinted one gave back the
    # printed one's puzzles too, for the next book to use again.
    db = tmp_path / "c.sqlite"
    level, have = _small_catalog(db)
    assert have >= 3
    argv = ["book", "--count", "1", "--level", level, "--db", str(db)]
    assert main([*argv, "--title", "One", "-o", str(tmp_path / "a.pdf")]) == 0
    capsys.readouterr()
    assert main([*argv, "--title", "One", "-o", str(tmp_path / "b.pdf")]) == 1
    err = capsys.readouterr().err
    assert "already records a book titled 'One' (1 puzzle)" in err and len(err.splitlines()) == 1
    assert "--title of its own" in err and "--release book:One" in err
    assert not (tmp_path / "b.pdf").exists()
    with Catalog(db, readonly=True) as catalog:
        assert len(catalog.puzzles(unpublished=True)) == 5, "nothing claimed"
    # Its own title, or the first released, and it is made.
    assert main([*argv, "--title", "Two", "-o", str(tmp_path / "b.pdf")]) == 0
    assert main(["catalog", "--db", str(db), "--release", "book:One"]) == 0
    assert main([*argv, "--title", "One", "-o", str(tmp_path / "c.pdf")]) == 0


class _Key:
    def __init__(self, key: str) -> None:
        self.key = key


def test_a_title_another_run_is_making_now_is_not_to_be_released(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The refusal said to release that book: done while it was being made, that freed
    # its puzzles for reuse once it was printed.
    db = tmp_path / "c.sqlite"
    level, _ = _small_catalog(db)
    with Catalog(db) as catalog:  # a live claim of this process, as a book being made holds
        catalog.claim(
            "book:Busy", lambda: [_Key(p["key"]) for p in catalog.puzzles(limit=1)], lease=True
        )
    argv = ["book", "--count", "1", "--level", level, "--db", str(db), "--title", "Busy"]
    assert main([*argv, "-o", str(tmp_path / "b.pdf")]) == 1
    err = capsys.readouterr().err
    assert "another run is making a book titled 'Busy'" in err and "--release" not in err


def test_a_catalog_waits_for_another_opening_it(tmp_path: Path) -> None:
    # The last writer to close leaves the file out of WAL mode; switching back needs the
    # file to itself, and SQLite refused at once while another process held it open:
    # "database is locked", one time in two with two books started together.
    import threading
    import time

    db = tmp_path / "c.sqlite"
    _small_catalog(db)
    holder = sqlite3.connect(db, isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN IMMEDIATE")  # another process's write, under way
    threading.Timer(0.5, holder.rollback).start()
    start = time.monotonic()
    with Catalog(db) as catalog:
        assert len(catalog) == 6
    assert time.monotonic() - start >= 0.4
    holder.close()


# -- 4. damaged catalog rows and pages ------------------------------------------


def _damage(db: Path, rowid: int, change: object) -> str:
    """Replace row ``rowid``'s stored JSON (``change`` maps the old dict, or is text); its id."""
    with contextlib.closing(sqlite3.connect(db)) as conn, conn:
        puzzle_id, text = conn.execute(
            "SELECT id, data FROM puzzles WHERE rowid = ?", (rowid,)
        ).fetchone()
        new = change if isinstance(change, str) else json.dumps(change(json.loads(text)))  # type: ignore[operator]
        conn.execute("UPDATE puzzles SET data = ? WHERE rowid = ?", (new, rowid))
    return str(puzzle_id)


DAMAGES = {
    "bad-json": "{not json",
    "missing-key": lambda d: {k: v for k, v in d.items() if k != "position"},
    "tags-as-string": lambda d: {**d, "tags": "transfer"},
    "array": "[1, 2]",
}


@pytest.mark.parametrize("damage", list(DAMAGES))
def test_a_damaged_row_is_skipped_by_name_by_every_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], damage: str
) -> None:
    db = tmp_path / "c.sqlite"
    level, have = _small_catalog(db, 6, "damaged")
    with Catalog(db, readonly=True) as catalog:
        rowid = 1 + [p["level"] for p in catalog.puzzles()].index(level)
    puzzle_id = _damage(db, rowid, DAMAGES[damage])
    for argv in (["catalog", "--list"], ["catalog", "--json"], ["catalog"]):
        assert main([*argv, "--db", str(db)]) == 0, argv
        err = capsys.readouterr().err
        if argv != ["catalog"]:
            assert f"skipping row {rowid} (puzzle {puzzle_id!r})" in err and str(db) in err
            assert "Traceback" not in err and len(err.splitlines()) == 1
    argv = ["book", "--count", str(have), "--level", level, "--db", str(db), "--title", "T"]
    assert main([*argv, "-o", str(tmp_path / "c.pdf")]) == 1
    err = capsys.readouterr().err
    assert f"skipping row {rowid}" in err and f"catalog {str(db)!r}" in err.splitlines()[-1]


def test_a_bad_stored_position_is_skipped_alike_by_the_list_the_export_and_a_book(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "c.sqlite"
    level, have = _small_catalog(db, 6, "damaged")
    with Catalog(db, readonly=True) as catalog:
        rowid = 1 + [p["level"] for p in catalog.puzzles()].index(level)
    puzzle_id = _damage(db, rowid, lambda d: {**d, "position": "XX " + d["position"]})
    skipped = f"skipping row {rowid} (puzzle {puzzle_id!r}) of the catalog {str(db)!r}"
    for argv in (["catalog", "--list"], ["catalog", "--json"]):
        assert main([*argv, "--db", str(db)]) == 0, argv
        out, err = capsys.readouterr()
        assert skipped in err and "position does not read" in err and len(err.splitlines()) == 1
        assert puzzle_id not in out and "XX " not in out
    # --limit counts the rows shown, not the rows read.
    assert main(["catalog", "--json", "--limit", "5", "--db", str(db)]) == 0
    assert len(capsys.readouterr().out.splitlines()) == 5
    argv = ["book", "--count", str(have), "--level", level, "--db", str(db)]
    assert main([*argv, "-o", str(tmp_path / "b.pdf")]) == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and skipped in err
    assert f"the catalog {str(db)!r} has {have - 1} unpublished" in err


def test_each_game_checks_what_it_reads_of_a_stored_puzzle() -> None:
    from puzzlegen.games import stored_check
    from puzzlegen.registry import get_game

    pendulum = get_game("pendulum")
    data = json.loads((DATA / "pendulum_book.jsonl").read_text().splitlines()[0])
    check = stored_check(pendulum)
    assert check(data) is None
    problem = check({**data, "description": data["description"].replace("pendulum:", "pend:")})
    assert problem is not None and "description does not read" in problem
    cats = stored_check(CATS)
    assert cats({"position": "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S"}) is None
    assert "position does not read" in (cats({"position": "XX JC"}) or "")


def test_a_catalog_with_a_damaged_page_is_refused_alike_by_every_command(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "c.sqlite"
    _small_catalog(db, 6, "damaged")
    with contextlib.closing(sqlite3.connect(db)) as conn:
        conn.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        table_root = conn.execute(
            "SELECT rootpage FROM sqlite_master WHERE name = 'puzzles'"
        ).fetchone()[0]
        page_size = conn.execute("PRAGMA page_size").fetchone()[0]
    data = bytearray(db.read_bytes())
    start = (table_root - 1) * page_size + 8  # past the page header: the cell pointers
    data[start : start + 40] = b"\xab" * 40
    db.write_bytes(bytes(data))
    for argv in (
        ["catalog"],
        ["catalog", "--list"],
        ["catalog", "--json"],
        ["generate", "--count", "1"],
        ["book", "--count", "4"],
    ):
        assert main([*argv, "--db", str(db)]) == 1, argv
        err = capsys.readouterr().err
        assert f"the catalog {str(db)!r} is damaged" in err and len(err.splitlines()) == 1, argv


# -- 5. a daily range stopped midway -----------------------------------------------


def _days_listed(site: Path) -> set[str]:
    text = (site / "days.js").read_text()
    data = json.loads(text.split("=", 1)[1].strip().rstrip(";"))
    return {day["date"] for day in data["days"]}


def _days_on_disk(site: Path) -> set[str]:
    return {p.name for p in site.iterdir() if p.name[:1].isdigit() and p.is_dir()}


def _start(argv: list[str], **streams: Any) -> subprocess.Popen[bytes]:
    """``puzzlegen ARGV`` in a process group of its own, for a kill -9 of the group."""
    return subprocess.Popen(
        [sys.executable, "-c", ENTRY, *argv], start_new_session=True, **streams
    )


def _start_range(site: Path, *extra: str) -> subprocess.Popen[bytes]:
    argv = ["daily", "--from", "2026-01-01", "--to", "2026-02-28", "-o", str(site), *extra]
    return _start(argv, stderr=subprocess.PIPE)


@contextlib.contextmanager
def _killed_outright(process: subprocess.Popen[bytes]) -> Iterator[subprocess.Popen[bytes]]:
    """The body runs while ``process`` works; then its group is killed with SIGKILL (as
    it is, too, if the body fails, so no run outlives its test)."""
    try:
        yield process
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(30)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)


def _wait_for_days(site: Path, process: subprocess.Popen[bytes], count: int) -> None:
    for _ in range(1200):
        if site.is_dir() and len(_days_on_disk(site)) >= count:
            return
        assert process.poll() is None, process.stderr.read() if process.stderr else ""
        time.sleep(0.05)
    raise AssertionError("the range wrote too few days")


@pytest.mark.parametrize("signum", [signal.SIGTERM, signal.SIGINT])
def test_a_range_stopped_midway_lists_every_day_it_wrote(
    tmp_path: Path, signum: signal.Signals
) -> None:
    site, db = tmp_path / "site", tmp_path / "c.sqlite"
    process = _start_range(site, "--db", str(db))
    try:
        _wait_for_days(site, process, 3)
        os.kill(process.pid, signum)
        _, err = process.communicate(timeout=30)
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)
    assert process.returncode == 128 + signum, err
    on_disk = _days_on_disk(site)
    assert 3 <= len(on_disk) < 59
    assert _days_listed(site) == on_disk
    assert [p.name for p in site.iterdir() if p.name.startswith(".")] == []
    # And the catalog records them, so no book takes their puzzles (it recorded none).
    with sqlite3.connect(db) as con:
        venues = {v for (v,) in con.execute("SELECT venue FROM publications")}
    assert venues == {f"daily:{day}" for day in on_disk}


def test_days_printed_then_killed_outright_are_recorded(tmp_path: Path) -> None:
    # Printed days were recorded at the end, or on a stop the run could catch.
    db = tmp_path / "c.sqlite"
    argv = ["daily", "--from", "2026-01-01", "--to", "2026-12-31", "--db", str(db)]
    process = _start(argv, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    with _killed_outright(process):
        assert process.stdout is not None
        shown: list[str] = []
        while len(shown) < 4:
            line = process.stdout.readline().decode()
            assert line, "the run ended before four days were shown"
            if line[:1].isalpha() and ": " in line and "(CC-" in line:
                shown.append(line)
    with sqlite3.connect(db) as con:
        recorded = con.execute("SELECT COUNT(*) FROM publications").fetchone()[0]
    assert recorded >= len(shown) - 1


def test_whole_games_killed_outright_are_listed(tmp_path: Path) -> None:
    # Only the puzzles' archive was rebuilt as days were written: a whole-game run
    # killed outright left game/days.js empty, and its index opened nothing.
    site = tmp_path / "site"
    argv = ["daily", "--kind", "game", "--from", "2027-01-01", "--to", "2027-12-31",
            "-o", str(site)]
    games = site / "game"
    with _killed_outright(_start(argv, stderr=subprocess.PIPE)) as process:
        deadline = time.monotonic() + 60
        while len(_days_on_disk(games) if games.is_dir() else ()) < 3:
            assert process.poll() is None and time.monotonic() < deadline
            time.sleep(0.05)
        time.sleep(2.5)  # past one rebuild of the site
    listed = json.loads((games / "days.js").read_text().split("=", 1)[1].strip().rstrip(";"))
    assert len(listed["days"]) >= 3


def test_a_range_killed_outright_records_the_days_it_wrote(tmp_path: Path) -> None:
    # Days were recorded only when the run ended: kill -9 left pages on the site and
    # none of them in the catalog, for a book to publish again.
    site, db = tmp_path / "site", tmp_path / "c.sqlite"
    with _killed_outright(_start_range(site, "--db", str(db))) as process:
        _wait_for_days(site, process, 3)
    on_disk = _days_on_disk(site)
    with sqlite3.connect(db) as con:
        venues = {v for (v,) in con.execute("SELECT venue FROM publications")}
    recorded = {v.removeprefix("daily:") for v in venues}
    # Each day is recorded as soon as it is written: at most the last, killed between.
    assert recorded <= on_disk and len(on_disk - recorded) <= 1 and len(recorded) >= 2


def test_a_range_killed_outright_leaves_a_listed_site_and_its_leftovers_go(
    tmp_path: Path,
) -> None:
    site = tmp_path / "site"
    with _killed_outright(_start_range(site)) as process:
        _wait_for_days(site, process, 3)
        time.sleep(2.5)  # past one rebuild of the archive
    on_disk = _days_on_disk(site)
    assert _days_listed(site) >= {min(on_disk)}
    # What a kill in the middle of a day leaves: a hidden folder named for its dead process.
    dead = subprocess.run(
        [sys.executable, "-c", "import os; print(os.getpid())"],
        capture_output=True,
        text=True,
        check=True,
    )
    leftover = site / f".2026-12-30.{dead.stdout.strip()}-0123abcd.tmp"
    leftover.mkdir()
    (leftover / "puzzle.svg").write_text("<svg/>")
    # And a file a kill left half written, an hour ago; one being written now stays.
    old, new = site / ".archive.html.0123abcd.tmp", site / "assets" / ".site.css.4567cdef.tmp"
    for path in (old, new):
        path.write_text("<half")
    os.utime(old, (time.time() - 3700, time.time() - 3700))
    assert main(["daily", "--date", "2026-12-31", "-o", str(site)]) == 0
    assert not leftover.exists() and not old.exists() and new.exists()
    assert _days_listed(site) == _days_on_disk(site)


@pytest.mark.parametrize("kind", ["game", "prepare"])
def test_whole_game_pages_remove_what_a_killed_run_left(tmp_path: Path, kind: str) -> None:
    from puzzlegen.catscradle.views import gamepages, preparepages

    site = tmp_path / "site"
    folder = site / (gamepages.FOLDER if kind == "game" else preparepages.FOLDER)
    folder.mkdir(parents=True)
    leftover = folder / ".2026-11-29.999999999-0123abcd.tmp"  # no such process
    leftover.mkdir()
    half = folder / ".archive.html.0123abcd.tmp"
    half.write_text("<half")
    os.utime(half, (time.time() - 3700, time.time() - 3700))
    assert main(["daily", "--kind", kind, "--date", "2026-11-29", "-o", str(site)]) == 0
    assert not leftover.exists() and not half.exists()


@pytest.mark.parametrize("kind", ["game", "prepare"])
def test_whole_game_pages_are_refused_in_a_folder_not_their_site(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], kind: str
) -> None:
    (tmp_path / "index.html").write_text("<p>my home page</p>")
    argv = ["daily", "--kind", kind, "--date", "2026-11-29", "-o", str(tmp_path)]
    assert main(argv) == 1
    assert "not a puzzlegen daily site" in capsys.readouterr().err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.html"]
    pendulum = tmp_path / "pend"
    assert main(["daily", "--game", "pendulum", "--date", "2026-11-23", "-o", str(pendulum)]) == 0
    assert main([*argv[:-1], str(pendulum)]) == 1
    assert "is a Pendulum daily site" in capsys.readouterr().err
    assert not (pendulum / kind).exists()


# -- 8. closed standard input and output -----------------------------------------


def _with_closed(redirect: str, entry: str, *argv: str) -> subprocess.CompletedProcess[bytes]:
    """``puzzlegen argv`` started as a shell starts ``cmd <&-`` or ``cmd >&-``."""
    return subprocess.run(
        ["sh", "-c", f'exec "$@" {redirect}', "sh", sys.executable, "-c", entry, *argv],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        timeout=60,
        check=False,
    )


@pytest.mark.parametrize("entry", [LAUNCH, ENTRY], ids=["console-script", "module"])
@pytest.mark.parametrize(
    "argv",
    [["solve", "-"], ["svg", "-"], ["solve", "--json", "-"], ["solve", "--game", "pendulum", "-"]],
    ids=" ".join,
)
def test_a_closed_standard_input_is_one_clear_line(entry: str, argv: list[str]) -> None:
    result = _with_closed("<&-", entry, *argv)
    assert result.returncode == 1
    assert one_line(result.stderr) == (
        "puzzlegen: error: standard input is closed: give the input some other way (e.g. '< file')"
    )


@pytest.mark.parametrize("entry", [LAUNCH, ENTRY], ids=["console-script", "module"])
@pytest.mark.parametrize(
    "argv", [["deal", "--seed", "3"], ["solve", WORKED], ["svg", WORKED, "-o", "-"]], ids=" ".join
)
def test_a_closed_standard_output_is_an_error_not_silence(entry: str, argv: list[str]) -> None:
    result = _with_closed(">&-", entry, *argv)
    assert result.returncode == 1
    assert "standard output is closed" in one_line(result.stderr)


# -- 6. -o "" ------------------------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [["daily", "--date", "2026-11-23"], ["book", "--count", "4"], ["svg", WORKED]],
    ids=lambda argv: argv[0],
)
@pytest.mark.parametrize("blank", ["", " "])
def test_an_empty_output_is_refused_not_taken_for_the_current_folder(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    blank: str,
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "index.html").write_text("mine")
    assert main([*argv, "-o", blank]) == 2
    err = capsys.readouterr().err
    assert f"{blank!r} is empty" in err and len(err.splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.html"]
    assert (tmp_path / "index.html").read_text() == "mine"


# -- 15. messages ----------------------------------------------------------------------


@pytest.mark.skipif(not Path("/dev/full").is_char_device(), reason="no /dev/full")
def test_a_full_disk_under_the_batch_solver_names_no_none() -> None:
    with open("/dev/full", "wb") as full:
        result = subprocess.run(
            [sys.executable, "-c", LAUNCH, "solve", "--json", "-"],
            input=(WORKED + "\n").encode(),
            stdout=full,
            stderr=subprocess.PIPE,
            timeout=60,
            check=False,
        )
    assert result.returncode == 1
    assert one_line(result.stderr) == "puzzlegen: error: No space left on device"


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("0000-01-01", "years run from 0001 to 9999"),
        ("2026-13-01", "month 13 is not 01 to 12"),
        ("2026-00-10", "month 00 is not 01 to 12"),
        ("2026-02-30", "that month has no such day"),
        ("2026-1-10", "a date reads YYYY-MM-DD"),
    ],
)
def test_an_impossible_date_says_what_is_wrong_with_it(
    capsys: pytest.CaptureFixture[str], text: str, reason: str
) -> None:
    assert main(["daily", "--date", text]) == 1
    err = capsys.readouterr().err
    assert reason in err and len(err.splitlines()) == 1


def test_a_bare_puzzlegen_prints_its_help_and_exits_0() -> None:
    result = run(entry=ENTRY)
    assert result.returncode == 0 and result.stderr == b""
    assert result.stdout.decode().startswith("Usage: puzzlegen")
    assert b"Commands:" in result.stdout


# -- 14. refuse before the work --------------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["--count", "2000"],
        ["--count", "2000", "--page-size", "letter"],
        ["--count", "2000", "--page-size", "a4", "--per-page", "6"],
        ["--game", "pendulum", "--count", "500"],
        ["--game", "cats-cradle", "--game", "pendulum", "--count", "1500"],
    ],
    ids=" ".join,
)
def test_a_book_too_big_for_a_paperback_is_refused_before_any_work(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
) -> None:
    def no_work(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("puzzles were chosen for a book that cannot fit")

    monkeypatch.setattr("puzzlegen.publish.choose_chapters", no_work)
    assert main(["book", *argv, "-o", str(tmp_path / "b.pdf")]) == 1
    err = capsys.readouterr().err
    assert "more than the 828 a paperback can have" in err and len(err.splitlines()) == 1


def _most_that_fit(game: str, size: str, level: str | None) -> int:
    from puzzlegen.publish import least_pages
    from puzzlegen.render.book import BookOptions

    options = BookOptions(title="T", page_size=size)
    low, high = 1, 5000  # least_pages grows with the count: the last count that fits
    while low < high:
        mid = (low + high + 1) // 2
        if least_pages([get_game(game)], mid, options, level) <= 828:
            low = mid
        else:
            high = mid - 1
    return low


@pytest.mark.parametrize(
    ("game", "size", "level", "most"),
    [
        # The largest counts the estimate lets through; measured books of these
        # layouts run 0-10% over the estimate (benchmarks/bench_book_pages.py).
        ("cats-cradle", "6x9", None, 896),
        ("cats-cradle", "a4", None, 1091),
        ("cats-cradle", "letter", "expert", 1058),
        ("pendulum", "6x9", None, 425),
        ("pendulum", "letter", None, 706),
    ],
)
def test_a_count_just_over_what_fits_is_refused_before_any_work(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    game: str,
    size: str,
    level: str | None,
    most: int,
) -> None:
    assert _most_that_fit(game, size, level) == most

    def no_work(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("puzzles were chosen for a book that cannot fit")

    monkeypatch.setattr("puzzlegen.publish.choose_chapters", no_work)
    argv = ["book", "--game", game, "--page-size", size, *(["--level", level] if level else [])]
    assert main([*argv, "--count", str(most + 1), "-o", str(tmp_path / "b.pdf")]) == 1
    err = capsys.readouterr().err
    assert "more than the 828 a paperback can have" in err and len(err.splitlines()) == 1
    assert f"at most {most} puzzles might fit" in err
    with pytest.raises(AssertionError, match="puzzles were chosen"):
        main([*argv, "--count", str(most), "-o", str(tmp_path / "b.pdf")])


def test_the_page_estimate_stays_just_under_a_real_book() -> None:
    # Twelve stored Pendulum puzzles, three a level (the mix a book asks for): the
    # estimate must not pass the pages typeset, or a book that fits would be refused.
    from puzzlegen.publish import least_pages
    from puzzlegen.render.book import BookOptions, build_book

    pendulum = get_game("pendulum")
    lines = (DATA / "pendulum_book12.jsonl").read_text().splitlines()
    puzzles = [pendulum.puzzle_from_json(json.loads(line)) for line in lines]
    options = BookOptions(title="T", page_size="6x9")
    from pypdf import PdfReader

    pages = len(PdfReader(io.BytesIO(build_book(pendulum, puzzles, options, check=False))).pages)
    estimate = least_pages([pendulum], 12, options)
    assert 24 < estimate <= pages <= estimate + 2, (estimate, pages)


def test_a_catalog_limit_past_sqlite_s_integers_is_no_limit(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "c.sqlite"
    _small_catalog(db)
    capsys.readouterr()
    assert main(["catalog", "--json", "--db", str(db), "--limit", str(2**70)]) == 0
    out, err = capsys.readouterr()
    assert len(out.splitlines()) == 6 and err == ""


# -- 10. long file names ------------------------------------------------------------------


@pytest.mark.parametrize("length", [242, 250, 255])
def test_a_file_name_as_long_as_the_system_allows_can_be_written(
    tmp_path: Path, length: int
) -> None:
    from puzzlegen.fileio import check_writable, write_text

    path = tmp_path / ("é" * ((length - 4) // 2) + "x" * ((length - 4) % 2) + ".svg")
    assert len(path.name.encode()) == length
    check_writable(path)
    write_text(path, "<svg/>")
    assert path.read_text() == "<svg/>"
    assert [p.name for p in tmp_path.iterdir()] == [path.name]


def test_a_long_book_name_is_written_and_a_too_long_one_refused_before_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    longest = tmp_path / ("b" * 251 + ".pdf")
    assert main(["book", "--count", "2", "-o", str(longest)]) == 0
    assert longest.is_file()

    def no_work(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the work started before the name was checked")

    monkeypatch.setattr("puzzlegen.publish.choose_chapters", no_work)
    capsys.readouterr()
    assert main(["book", "--count", "2", "-o", str(tmp_path / ("b" * 252 + ".pdf"))]) == 1
    assert "File name too long" in capsys.readouterr().err


# -- 11. read-only use ---------------------------------------------------------------------


def test_a_catalog_at_rest_needs_no_files_beside_it_to_be_read(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    _small_catalog(db)
    assert main(["generate", "--count", "1", "--db", str(db), "--seed", "more"]) == 0
    # Out of WAL mode at rest (header bytes 18-19 are 1, 1): a reader writes nothing,
    # so a folder it may not write holds no obstacle, and nothing is left behind.
    assert db.read_bytes()[18:20] == b"\x01\x01"
    assert main(["catalog", "--db", str(db)]) == 0
    assert main(["catalog", "--json", "--db", str(db)]) == 0
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith("c.")) == ["c.sqlite"]


def _read_only_sqlite(monkeypatch: pytest.MonkeyPatch) -> None:
    real_connect = sqlite3.connect

    def read_only(database: str, **kwargs: Any) -> sqlite3.Connection:
        # What SQLite does with a file it may not write (root ignores chmod).
        if not kwargs.pop("uri", False):
            database = f"{Path(database).resolve().as_uri()}?mode=ro"
        return real_connect(database, uri=True, **kwargs)  # type: ignore[no-any-return]

    monkeypatch.setattr(sqlite3, "connect", read_only)


def test_a_daily_with_an_unwritable_catalog_is_refused_before_any_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    db = tmp_path / "c.sqlite"
    _small_catalog(db)
    _read_only_sqlite(monkeypatch)
    site = tmp_path / "site"
    assert main(["daily", "--date", "2026-11-23", "-o", str(site), "--db", str(db)]) == 1
    err = capsys.readouterr().err
    assert "cannot be written" in err and len(err.splitlines()) == 1
    assert not (site / "2026-11-23").exists()


def test_days_written_but_not_recorded_are_named(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def lost(*_args: object) -> None:
        raise CatalogError("the catalog 'c.sqlite' cannot be written (disk I/O error)")

    monkeypatch.setattr(Catalog, "record_publication", lost)
    site = tmp_path / "site"
    argv = ["daily", "--from", "2026-11-23", "--to", "2026-11-24", "-o", str(site)]
    assert main([*argv, "--db", str(tmp_path / "c.sqlite")]) == 1
    err = capsys.readouterr().err
    # Each day is recorded as it is written: the first that cannot be stops the run.
    assert f"the 1 day under {str(site)!r} was written but not recorded" in err
    assert _days_on_disk(site) == {"2026-11-23"}


# -- 16. permissions and folders ------------------------------------------------------------


def test_rewriting_a_day_keeps_its_folder_s_permissions(tmp_path: Path) -> None:
    site = tmp_path / "site"
    argv = ["daily", "--date", "2026-11-23", "-o", str(site)]
    assert main(argv) == 0
    day = site / "2026-11-23"
    day.chmod(0o750)
    assert main(argv) == 0
    assert day.stat().st_mode & 0o777 == 0o750


def test_a_day_folder_that_is_a_link_is_written_through(tmp_path: Path) -> None:
    site, elsewhere = tmp_path / "site", tmp_path / "elsewhere"
    site.mkdir()
    (elsewhere / "monday").mkdir(parents=True)
    (site / "2026-11-23").symlink_to(elsewhere / "monday")
    assert main(["daily", "--date", "2026-11-23", "-o", str(site)]) == 0
    assert (site / "2026-11-23").is_symlink()
    assert (elsewhere / "monday" / "puzzle.json").is_file()
    assert _days_listed(site) == {"2026-11-23"}
    assert sorted(p.name for p in elsewhere.iterdir()) == ["monday"]


# -- 13. ISBN digits ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "isbn",
    [
        "978-0-306-40615-7".translate(str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")),
        "978-0-306-40615-7".translate(str.maketrans("0123456789", "０１２３４５６７８９")),
        "978-0-306-40615-⁷",
    ],
    ids=["arabic-indic", "full-width", "superscript"],
)
def test_an_isbn_takes_only_ascii_digits(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], isbn: str
) -> None:
    assert main(["book", "--count", "2", "--isbn", isbn, "-o", str(tmp_path / "b.pdf")]) == 2
    err = capsys.readouterr().err
    assert "is not one of the digits 0-9, X or '-'" in err and len(err.splitlines()) == 1
    assert "invalid literal" not in err and not (tmp_path / "b.pdf").exists()


# -- 17. long steps say they are alive in a log ---------------------------------------------


def test_long_steps_print_a_progress_line_when_stderr_is_not_a_terminal(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("puzzlegen.cli.options.PROGRESS_EVERY", 0.0)
    argv = ["daily", "--from", "2026-11-23", "--to", "2026-11-25", "-o", str(tmp_path / "s")]
    assert main(argv) == 0
    err = capsys.readouterr().err
    # With -o each day is written as soon as it is chosen (a stopped range keeps them).
    assert "puzzlegen: Choosing and writing daily pages 1/3 (" in err
    assert "puzzlegen: Choosing and writing daily pages 3/3 (" in err
    assert main(["generate", "--count", "2", "--db", str(tmp_path / "c.sqlite")]) == 0
    assert "puzzlegen: Generating puzzles 2/2 (" in capsys.readouterr().err


def test_a_long_silent_step_still_prints_lines(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from puzzlegen.cli.options import status

    monkeypatch.setattr("puzzlegen.cli.options.PROGRESS_EVERY", 0.05)
    with status("Typesetting the book…"):
        time.sleep(0.5)
    lines = capsys.readouterr().err.splitlines()
    assert len(lines) >= 2 and all(
        line.startswith("puzzlegen: Typesetting the book (") for line in lines
    )


# -- 7. one site, one game ------------------------------------------------------------------


def test_a_daily_of_another_game_is_refused_in_a_site_before_any_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    site = tmp_path / "daily"
    assert main(["daily", "--date", "2026-11-23", "-o", str(site)]) == 0
    before = {p.name: p.read_bytes() for p in site.iterdir() if p.is_file()}

    def no_work(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a puzzle was chosen for a site of another game")

    monkeypatch.setattr("puzzlegen.daily.daily_puzzle", no_work)
    capsys.readouterr()
    argv = ["daily", "--game", "pendulum", "--date", "2026-11-23", "-o", str(site)]
    assert main(argv) == 1
    err = capsys.readouterr().err
    assert f"{str(site)!r} is a Cat's Cradle daily site" in err and "daily-pendulum" in err
    assert {p.name: p.read_bytes() for p in site.iterdir() if p.is_file()} == before
    assert json.loads((site / "2026-11-23" / "puzzle.json").read_text())["game"] == "cats-cradle"


@pytest.mark.parametrize(
    ("owner", "folder", "game", "named"),
    [
        ("escape", "daily-escape", "pendulum", "'out/daily-escape' is an Escape daily site"),
        ("escape", "daily-escape", "cats-cradle", "e.g. -o out/daily/)"),
        ("pendulum", "daily-pendulum", "escape", "e.g. -o out/daily-escape/)"),
        ("cats-cradle", "daily", "escape", "e.g. -o out/daily-escape/)"),
        # It suggested the folder it refused: "-o pend2/".
        ("pendulum", "pend2", "cats-cradle", "e.g. -o out/pend2-cats-cradle/)"),
        ("pendulum", "x-pendulum", "cats-cradle", "e.g. -o out/x/)"),
    ],
)
def test_another_games_site_suggests_the_folder_the_readme_names(
    monkeypatch: pytest.MonkeyPatch, owner: str, folder: str, game: str, named: str
) -> None:
    # It said "a Escape daily site" and suggested out/daily-escape-pendulum/.
    from puzzlegen.errors import CatalogError
    from puzzlegen.publish import check_site
    from puzzlegen.registry import get_game

    monkeypatch.setattr(
        "puzzlegen.publish.site_game", lambda out: owner if out.name == folder else None
    )
    with pytest.raises(CatalogError) as refused:
        check_site(get_game(game), Path("out") / folder)
    assert named in str(refused.value)


def test_the_folder_suggested_is_not_another_game_s_site(tmp_path: Path) -> None:
    from puzzlegen.errors import CatalogError
    from puzzlegen.publish import check_site
    from puzzlegen.registry import get_game

    for game, folder in (("pendulum", "x-pendulum"), ("escape", "x")):
        assert main(["daily", "--game", game, "--date", "2026-11-23",
                     "-o", str(tmp_path / folder)]) == 0
    with pytest.raises(CatalogError) as refused:
        check_site(get_game("cats-cradle"), tmp_path / "x-pendulum")
    assert f"e.g. -o {tmp_path / 'x-cats-cradle'}/)" in str(refused.value)


def test_daily_o_at_a_site_s_game_folder_names_the_site(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # It said "'S/game/days.js' is not the list of days puzzlegen writes: ... or remove
    # it": puzzlegen's own list of games, whose removal breaks the site.
    site = tmp_path / "site"
    assert main(["daily", "--kind", "game", "--date", "2026-11-23", "-o", str(site)]) == 0
    before = (site / "game" / "days.js").read_bytes()
    for kind in ("game", "puzzle"):
        argv = ["daily", "--kind", kind, "--date", "2026-11-24", "-o", str(site / "game")]
        assert main(argv) == 1
        err = capsys.readouterr().err
        assert f"is the whole-game part of the daily site {str(site)!r}, not a site" in err
        assert f"(-o {site}/)" in err
        assert "remove" not in err
    assert (site / "game" / "days.js").read_bytes() == before


def test_daily_o_named_as_a_page_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 'daily -o day.html' made a folder called day.html/, where svg and book refuse
    # a file name of the wrong kind.
    for name in ("day.html", "Today.JSON"):
        assert main(["daily", "--date", "2026-11-23", "-o", str(tmp_path / name)]) == 2
        assert f"{name}' names a file" in capsys.readouterr().err
    assert list(tmp_path.iterdir()) == []
    assert main(["daily", "--date", "2026-11-23", "-o", str(tmp_path / "day.html") + "/"]) == 0
    assert (tmp_path / "day.html" / "2026-11-23" / "index.html").is_file()


def test_an_empty_file_is_no_catalog_to_a_book(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 'catalog' refused it, but a book wrote a catalog's tables into it, then refused.
    db = tmp_path / "e.sqlite"
    db.write_bytes(b"")
    book = ["book", "--count", "4", "--db", str(db), "-o", str(tmp_path / "b.pdf")]
    for argv in (book, ["catalog", "--db", str(db), "--release", "book:X"]):
        assert main(argv) == 1
        assert f"no catalog at {str(db)!r}" in capsys.readouterr().err
        assert db.read_bytes() == b""
    # A command that fills a catalog makes one there, and says so, as where there is none.
    assert main(["daily", "--date", "2026-11-23", "--db", str(db)]) == 0
    assert "there was no catalog at" in capsys.readouterr().err and db.stat().st_size > 0


def test_a_folder_with_someone_else_s_index_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "index.html").write_text("<p>my home page</p>")
    assert main(["daily", "--date", "2026-11-23", "-o", str(tmp_path)]) == 1
    assert "not a puzzlegen daily site" in capsys.readouterr().err
    assert (tmp_path / "index.html").read_text() == "<p>my home page</p>"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["index.html"]


def test_a_book_without_o_keeps_an_earlier_book_unless_forced(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    earlier = tmp_path / "output" / "book.pdf"
    earlier.parent.mkdir()
    earlier.write_bytes(b"%PDF- an earlier book")
    assert main(["book", "--count", "2", "--seed", "x"]) == 2
    assert "holds an earlier book" in capsys.readouterr().err
    assert earlier.read_bytes() == b"%PDF- an earlier book"
    assert main(["book", "--count", "2", "--seed", "x", "--force"]) == 0
    assert earlier.read_bytes().startswith(b"%PDF-1")


# -- a reader that goes away ---------------------------------------------------


@pytest.mark.parametrize(
    "argv",
    [
        ["daily", "--game", "pendulum", "--from", "2026-11-23", "--to", "2026-11-24", "--solution"],
        ["solve", "--game", "pendulum", "--json", "-"],
    ],
    ids=["daily", "solve"],
)
def test_a_pipe_closed_early_is_no_error(argv: list[str]) -> None:
    # '| head -1': click's own main made it exit 1, which 'set -o pipefail' scripts
    # take for a failure.
    from puzzlegen.pendulum.position import Deal

    deals = "".join(f"{Deal.from_seed(seed)}\n" for seed in range(100)).encode()
    process = subprocess.Popen(
        [sys.executable, "-c", LAUNCH, *argv],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
    )
    assert process.stdout is not None and process.stdin is not None
    with contextlib.suppress(BrokenPipeError):  # within a pipe's buffer: written at once
        process.stdin.write(deals)
        process.stdin.close()
    process.stdout.readline()
    process.stdout.close()  # the reader goes away after one line
    assert process.wait(timeout=120) == 0
    assert process.stderr is not None and process.stderr.read() == b""


@pytest.mark.parametrize("game", ["cats-cradle", "pendulum", "escape"])
def test_an_error_quoting_a_huge_input_keeps_to_a_line_of_a_few_hundred_characters(
    game: str,
) -> None:
    # A 20,000-card "position" was quoted whole: a 60 KB error line.
    result = run("solve", "--game", game, "-", stdin=(" ".join(["QD"] * 20000) + "\n").encode())
    err = result.stderr.decode()
    assert result.returncode == 1 and err.count("\n") == 1 and len(err) < 500
    assert err.startswith("puzzlegen: error: ") and "characters left out) … " in err


@pytest.mark.parametrize("game", ["cats-cradle", "pendulum", "escape"])
def test_a_batch_lines_error_quoting_a_huge_input_is_shortened_too(game: str) -> None:
    result = run(
        "solve", "--game", game, "--json", "-", stdin=(" ".join(["QD"] * 20000) + "\n").encode()
    )
    (line,) = result.stdout.decode().splitlines()
    error = json.loads(line)["error"]
    assert len(error) < 500 and "characters left out) … " in error


def test_several_json_lines_where_one_is_read_say_so_for_every_game() -> None:
    two = b'{"deal": "AS"}\n\n{"deal": "2S"}\n'
    for game in ("cats-cradle", "pendulum", "escape"):
        result = run("solve", "--game", game, "-", stdin=two)
        assert "2 lines where one position was expected" in result.stderr.decode(), game


def test_catalog_venues_lists_where_puzzles_are_published(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Nothing listed them: only a wrong --release's error named some, cut off after 8.
    db = str(tmp_path / "c.sqlite")
    for game in ("cats-cradle", "pendulum"):
        assert main(["daily", "--game", game, "--date", "2026-11-23", "--db", db]) == 0
    assert main(["daily", "--date", "2026-11-24", "--db", db]) == 0
    capsys.readouterr()
    assert main(["catalog", "--db", db, "--venues", "--json"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert rows == [
        {"venue": "daily:2026-11-23", "game": "cats-cradle", "puzzles": 1},
        {"venue": "daily:2026-11-23", "game": "pendulum", "puzzles": 1},
        {"venue": "daily:2026-11-24", "game": "cats-cradle", "puzzles": 1},
    ]
    assert main(["catalog", "--db", db, "--venues"]) == 0
    assert capsys.readouterr().out.splitlines()[1].split() == [
        "daily:2026-11-23", "pendulum", "1", "puzzle"
    ]
    assert main(["catalog", "--db", db, "--venues", "--list"]) == 2
    assert main(["catalog", "--db", db, "--venues", "--game", "pendulum"]) == 0
    assert capsys.readouterr().out.split() == ["daily:2026-11-23", "pendulum", "1", "puzzle"]
