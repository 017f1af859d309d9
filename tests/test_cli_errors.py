"""The command under hostile conditions: odd bytes, odd locales, odd files, signals.

Whatever happens, the user gets one clear line (or a JSON error for one
batch line), a non-zero exit, and nothing committed is lost.  Commands run
in a subprocess where the environment (locale, stdin bytes, argv bytes,
signals) is the point.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from puzzlegen.catalog import SCHEMA_VERSION, Catalog
from puzzlegen.cli import main
from puzzlegen.errors import CatalogError
from puzzlegen.generator import cpu_count, generate
from puzzlegen.registry import DEFAULT_GAME, get_game

WORKED = "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S"
SPACE_FIRST = "-- 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S"
ENTRY = "import sys; from puzzlegen.cli import main; sys.exit(main())"


def command(
    *argv: str | bytes, stdin: bytes = b"", env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[bytes]:
    """Run ``puzzlegen argv`` in a fresh interpreter; ``env`` adds to the environment."""
    environment = {k: v for k, v in os.environ.items() if not k.startswith(("LC_", "PYTHONIO"))}
    environment.update(env or {})
    return subprocess.run(
        [sys.executable, "-c", ENTRY, *argv],
        input=stdin,
        capture_output=True,
        env=environment,
        timeout=120,
        check=False,
    )


def one_line(stderr: bytes) -> str:
    text = stderr.decode("utf-8", "replace").strip()
    assert "Traceback" not in text
    assert len(text.splitlines()) == 1, text
    return text


# -- encodings and input size --------------------------------------------------


def _without_progress(err: str) -> str:
    """stderr without the progress lines a long run prints to a log ("... (5 s)")."""
    return "\n".join(
        line
        for line in err.strip().splitlines()
        if not re.fullmatch(r"puzzlegen: .* \(\d+ s\)", line)
    ).strip()

def test_invalid_utf8_in_a_batch_spoils_only_its_line() -> None:
    stdin = f"{WORKED}\n".encode() + b"JC 9S \xff\xfe 3C\n" + f"{SPACE_FIRST}\n".encode()
    result = command("solve", "--json", "-", stdin=stdin)
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.returncode == 1 and "Traceback" not in result.stderr.decode()
    assert ["error" in row for row in rows] == [False, True, False]
    assert "line 2" in rows[1]["error"] and "UTF-8" in rows[1]["error"]
    assert rows[1]["line"] == 2


@pytest.mark.parametrize(
    ("game", "good"),
    [
        ("cats-cradle", WORKED),
        ("pendulum", None),  # a deal's JSON line
        ("escape", "white | W1 | B7 | -1,-1 | ### / #o. / ###"),
    ],
)
def test_each_error_of_a_batch_names_its_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, game: str,
    good: str | None,
) -> None:
    # Blank lines get no answer, so an error could not be told to its line.
    import io

    if good is None:
        assert main(["deal", "--game", game, "--seed", "7", "--json"]) == 0
        good = capsys.readouterr().out.strip()
    stdin = f"{good}\nbad\n\n   \n{good}\nworse\n".encode() + b"\xff\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(stdin)))
    assert main(["solve", "--game", game, "--json", "-"]) == 1
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert [row.get("line") for row in rows] == [None, 2, None, 6, 7]
    assert all(("error" in row) == ("line" in row) for row in rows)


def test_a_huge_line_is_refused_quoting_only_its_start() -> None:
    huge = b"JC " * 40_000  # 120 KB on one line
    result = command("solve", "--json", "-", stdin=huge + b"\n" + WORKED.encode() + b"\n")
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert result.returncode == 1 and len(rows) == 2
    assert "65536 bytes" in rows[0]["error"] and len(rows[0]["error"]) < 200
    assert rows[1]["best_spaces"] == 6
    single = command("solve", "-", stdin=huge)
    assert single.returncode == 1 and len(one_line(single.stderr)) < 200


@pytest.mark.parametrize(
    "env", [{"PYTHONIOENCODING": "latin-1"}, {"LC_ALL": "C", "PYTHONUTF8": "0"}], ids=str
)
def test_a_non_utf8_locale_gets_letters_not_a_traceback(env: dict[str, str]) -> None:
    solved = command("solve", WORKED, env=env)
    assert solved.returncode == 0, solved.stderr.decode()
    # Latin-1 has no suits: letters.  ASCII is taken (by click) for a
    # misconfigured terminal and gets UTF-8.
    assert b"JC on QH" in solved.stdout or "J♣ on Q♥".encode() in solved.stdout
    daily = command("daily", "--date", "2026-11-23", "--solution", env=env)
    assert daily.returncode == 0, daily.stderr.decode()
    drawn = command(
        "svg", "-", stdin="J♣ 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S".encode(), env=env
    )
    assert drawn.returncode == 0, drawn.stderr.decode()
    assert drawn.stdout.decode("utf-8").lstrip().startswith(("<?xml", "<svg"))


def test_non_utf8_bytes_in_options_are_named() -> None:
    for argv in (("deal", "--seed", b"\xffx"), ("book", "--count", "1", "--title", b"A\xe9")):
        result = command(*argv)
        assert result.returncode == 2
        message = one_line(result.stderr)
        assert "UTF-8" in message and argv[-2] in message


def test_a_position_whose_first_cell_is_a_space(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", SPACE_FIRST]) == 0
    assert "space" in capsys.readouterr().out
    assert main(["solve", "--json", SPACE_FIRST]) == 0
    assert json.loads(capsys.readouterr().out)["best_spaces"] == 6
    assert main(["svg", SPACE_FIRST]) == 0
    assert capsys.readouterr().out.startswith(("<?xml", "<svg"))
    # A mistyped option is still one.
    assert main(["solve", "--jsn", WORKED]) == 2
    assert "--jsn" in capsys.readouterr().err


def test_an_unquoted_empty_cell_is_explained(capsys: pytest.CaptureFixture[str]) -> None:
    # The shell passes a bare --, which ends the options: the cell was lost, and the
    # error ("16 cells, got 15"; "No such option '-o'") did not say why.
    cells = WORKED.split()
    cells[1] = "--"
    for argv in (["solve", *cells], ["svg", *cells, "-o", "x.svg"]):
        assert main(argv) != 0
        err = capsys.readouterr().err
        assert len(err.strip().splitlines()) == 1
        assert "an unquoted -- ends the options" in err and "quote the position" in err
    assert main(["solve", " ".join(cells)]) == 0  # quoted, it is the empty cell
    capsys.readouterr()
    assert main(["solve", "JC"]) == 1
    assert "unquoted" not in capsys.readouterr().err


def test_an_output_named_for_another_format_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # 'book -o book.svg' wrote a PDF there, 'svg -o x.png' SVG text.
    for argv, named, wanted in (
        (["book", "--count", "2"], "b.svg", "b.pdf"),
        (["svg", WORKED], "x.png", "x.svg"),
    ):
        assert main([*argv, "-o", str(tmp_path / named)]) == 1
        err = capsys.readouterr().err
        assert f"names a .{named.split('.')[1]} file" in err and f"{wanted}'" in err
        assert not (tmp_path / named).exists()
    # No ending, or an ending of no known format, is the user's to choose.
    assert main(["svg", WORKED, "-o", str(tmp_path / "layout")]) == 0
    assert main(["svg", WORKED, "-o", str(tmp_path / "layout.v2")]) == 0


def test_the_bare_dashes_hint_only_where_a_cell_was_lost(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A quoted position after --, or an error of another kind, gets no hint.
    short = " ".join(WORKED.split()[:15])
    assert main(["solve", "--", short]) == 1
    assert "unquoted" not in capsys.readouterr().err
    assert main(["svg", "-o", str(tmp_path / "x.png"), "--", WORKED]) == 1
    assert "unquoted" not in capsys.readouterr().err


@pytest.mark.parametrize("size", ["inf", "nan", "-inf", "1e400"])
def test_svg_size_must_be_a_finite_number(size: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["svg", WORKED, "--size", size]) == 2
    assert "--size" in capsys.readouterr().err


# -- output files ------------------------------------------------------------


def test_a_trailing_slash_names_a_folder(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["svg", WORKED, "-o", f"{tmp_path}/new/"]) == 0
    (svg,) = (tmp_path / "new").iterdir()
    assert svg.name.startswith("cats-cradle-") and svg.suffix == ".svg"
    assert main(["book", "--count", "1", "--seed", "s", "-o", f"{tmp_path}/books/"]) == 0
    assert [p.name for p in (tmp_path / "books").iterdir()] == ["book.pdf"]


def test_output_to_a_device_or_pipe(tmp_path: Path) -> None:
    out = tmp_path / "stdout"
    out.symlink_to("/dev/stdout")  # never /dev/stdout itself: old code replaced the node
    result = command("svg", WORKED, "-o", str(out))
    assert result.returncode == 0 and result.stdout.lstrip().startswith((b"<?xml", b"<svg"))
    if Path("/dev/full").is_char_device():
        full = tmp_path / "full"
        full.symlink_to("/dev/full")
        result = command("svg", WORKED, "-o", str(full))
        assert result.returncode == 1
        assert (
            one_line(result.stderr) == f"puzzlegen: error: No space left on device: {str(full)!r}"
        )


# -- catalogs ----------------------------------------------------------------


def test_a_foreign_sqlite_file_is_left_untouched(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    other = tmp_path / "notes.sqlite"
    with sqlite3.connect(other) as db:
        db.execute("CREATE TABLE notes (text TEXT)")
    before = other.read_bytes()
    for argv in (["catalog"], ["catalog", "--list"], ["generate", "--count", "1"]):
        assert main([*argv, "--db", str(other)]) == 1
        assert "not a puzzlegen catalog" in capsys.readouterr().err
    assert other.read_bytes() == before
    assert not Path(f"{other}-wal").exists()


def _catalog(path: Path, count: int, seed: str) -> None:
    with Catalog(path) as catalog:
        generate(catalog, count, seed=seed, game=get_game(DEFAULT_GAME))


def test_a_bad_catalog_is_one_line_and_no_book(tmp_path: Path) -> None:
    newer, corrupt = tmp_path / "newer.sqlite", tmp_path / "corrupt.sqlite"
    for path in (newer, corrupt):
        _catalog(path, 30, "b")
    with sqlite3.connect(newer) as db:
        db.execute(f"PRAGMA user_version = {SCHEMA_VERSION + 1}")
    data = bytearray(corrupt.read_bytes())
    data[4096:] = b"\xa5" * (len(data) - 4096)
    corrupt.write_bytes(bytes(data))
    for path, reason in ((newer, "newer"), (corrupt, "is damaged")):
        for argv in (["catalog"], ["book", "--count", "2", "-o", str(tmp_path / "b.pdf")]):
            result = command(*argv, "--db", str(path))
            assert result.returncode == 1 and reason in one_line(result.stderr)
        assert not (tmp_path / "b.pdf").exists()


def test_two_books_at_once_never_share_a_puzzle(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    _catalog(db, 16, "two")
    with Catalog(db, readonly=True) as catalog:
        levels = [p["level"] for p in catalog.puzzles()]
    level = max(set(levels), key=levels.count)
    each = levels.count(level) // 2
    assert each >= 2
    argv = [sys.executable, "-c", ENTRY, "book", "--count", str(each), "--level", level]
    runs = [
        subprocess.Popen(
            [*argv, "--db", str(db), "--title", name, "-o", str(tmp_path / f"{name}.pdf")],
            stderr=subprocess.PIPE,
        )
        for name in ("One", "Two")
    ]
    errors = [run.communicate(timeout=120)[1].decode() for run in runs]
    assert [run.returncode for run in runs] == [0, 0], errors
    with Catalog(db, readonly=True) as catalog:
        venues = [catalog.publications(p["key"]) for p in catalog.puzzles()]
    assert all(len(v) <= 1 for v in venues), "a puzzle went into two books"
    assert sorted(v[0] for v in venues if v) == ["book:One"] * each + ["book:Two"] * each


def test_daily_pages_with_a_catalog_record_their_dates(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    assert (
        main(["daily", "--date", "2026-11-23", "-o", str(tmp_path / "daily"), "--db", str(db)]) == 0
    )
    with Catalog(db, readonly=True) as catalog:
        (puzzle,) = catalog.puzzles()
        assert catalog.publications(puzzle["key"]) == ["daily:2026-11-23"]


def test_a_daily_that_starts_a_catalog_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A mistyped --db would otherwise record the days where no book will look.
    db = tmp_path / "typo.sqlite"
    assert main(["daily", "--date", "2026-11-23", "--db", str(db)]) == 0
    err = capsys.readouterr().err
    assert f"note: there was no catalog at {str(db)!r}: a new one there now records" in err
    assert main(["daily", "--date", "2026-11-24", "--db", str(db)]) == 0
    assert "no catalog" not in capsys.readouterr().err  # said once, when it was made


# -- workers and signals -----------------------------------------------------


def test_a_stopped_pool_ends_its_workers_at_once() -> None:
    # What a worker does when the command stops is dropped: waiting for it
    # (a long grading, a hard deal) kept Ctrl-C from stopping within seconds.
    from puzzlegen.workers import local_pool, submit

    started = time.monotonic()
    with pytest.raises(KeyboardInterrupt), local_pool(2) as pool:
        busy = submit(pool, time.sleep, 60)
        while not busy.running():
            time.sleep(0.05)
        workers = list(pool._processes.values())
        raise KeyboardInterrupt
    assert time.monotonic() - started < 30
    assert workers and not any(w.is_alive() for w in workers)


def _own_group() -> None:
    os.setsid()


@pytest.mark.parametrize(
    ("signum", "whole_group"),
    [(signal.SIGTERM, True), (signal.SIGTERM, False), (signal.SIGHUP, True)],
    ids=["term-group", "term-parent", "hup-group"],
)
def test_a_stopped_generate_says_so_in_one_line(
    tmp_path: Path, signum: signal.Signals, whole_group: bool
) -> None:
    db = tmp_path / "c.sqlite"
    argv = [sys.executable, "-c", ENTRY, "generate", "--count", "100000", "--jobs", "2"]
    process = subprocess.Popen(
        [*argv, "--db", str(db)], stderr=subprocess.PIPE, text=True, preexec_fn=_own_group
    )
    for _ in range(300):
        with contextlib.suppress(CatalogError), Catalog(db, readonly=True) as catalog:
            if len(catalog) >= 10:
                break
        time.sleep(0.1)
    if whole_group:
        os.killpg(process.pid, signum)
    else:
        os.kill(process.pid, signum)
    _, err = process.communicate(timeout=60)
    assert _without_progress(err) == f"puzzlegen: stopped by {signum.name}"
    assert process.returncode == 128 + signum
    with Catalog(db, readonly=True) as catalog:
        kept = [p["id"] for p in catalog.puzzles()]
    assert len(kept) >= 10 and len(set(kept)) == len(kept)


def test_more_jobs_than_cpus_is_capped_with_a_warning(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    jobs = cpu_count() + 3
    db = str(tmp_path / "c.sqlite")
    assert main(["generate", "--count", "1", "--jobs", str(jobs), "--db", db]) == 0
    err = capsys.readouterr().err
    assert f"--jobs {jobs}" in err and f"{cpu_count()} CPU" in err


@pytest.mark.skipif(not Path("/dev/full").is_char_device(), reason="no /dev/full")
def test_a_book_that_cannot_be_written_publishes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "c.sqlite"
    _catalog(db, 8, "full")
    with Catalog(db, readonly=True) as catalog:
        levels = [p["level"] for p in catalog.puzzles()]
    level = max(set(levels), key=levels.count)
    full = tmp_path / "full.pdf"
    full.symlink_to("/dev/full")
    argv = ["book", "--count", str(levels.count(level)), "--level", level, "--db", str(db)]
    assert main([*argv, "-o", str(full)]) == 1
    assert "No space left on device" in capsys.readouterr().err
    with Catalog(db, readonly=True) as catalog:
        assert len(catalog.puzzles(unpublished=True)) == 8
    assert main([*argv, "-o", str(tmp_path / "book.pdf")]) == 0
    with Catalog(db, readonly=True) as catalog:
        assert len(catalog.puzzles(unpublished=True)) == 8 - levels.count(level)



def test_dash_means_standard_output_only_for_svg(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 'book -o -' wrote a file named '-'; 'daily -o -' and 'study -o -' a folder so named.
    monkeypatch.chdir(tmp_path)
    for argv in (["book", "--count", "1"], ["daily", "--date", "2026-11-23"],
                 ["study", "--deals", "1"]):
        assert main([*argv, "-o", "-"]) == 2, argv
        err = capsys.readouterr().err
        assert "'-' is not standard output here" in err and err.count("\n") == 1, err
    assert list(tmp_path.iterdir()) == []
    assert main(["svg", WORKED, "-o", "-"]) == 0
    assert "<svg" in capsys.readouterr().out


@pytest.mark.skipif(not os.path.isdir("/sys/kernel"), reason="needs a read-only /sys")
def test_a_diagram_folder_that_cannot_be_written_is_named_as_given(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The refusal named '/sys/kernel/x/diagram.svg', a name svg never writes.
    assert main(["svg", WORKED, "-o", "/sys/kernel/x/"]) == 1
    err = capsys.readouterr().err
    assert "'/sys/kernel/x'" in err and "diagram.svg" not in err

def test_a_bad_output_is_refused_before_the_work(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def no_work(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("the work started before -o was checked")

    monkeypatch.setattr("puzzlegen.publish.choose_chapters", no_work)
    monkeypatch.setattr("puzzlegen.daily.daily_puzzle", no_work)
    monkeypatch.setattr(type(get_game(DEFAULT_GAME)), "position_svg", no_work)
    a_file = tmp_path / "notes.txt"
    a_file.write_text("x")
    for argv, bad in [
        (["book", "--count", "1", "-o", f"{a_file}/book.pdf"], f"{a_file}/book.pdf"),
        (["svg", WORKED, "-o", f"{a_file}/x.svg"], f"{a_file}/x.svg"),
        (["svg", WORKED, "--solution", "-o", f"{a_file}/"], f"{a_file}/"),
        (["daily", "--date", "2026-11-23", "-o", f"{a_file}/daily"], f"{a_file}/daily"),
    ]:
        assert main(argv) == 1, argv
        out, err = capsys.readouterr()
        # The file in the way is named ("Not a directory: {bad!r}" hid which part was wrong).
        assert bad.startswith(f"{a_file}/")
        assert err == f"puzzlegen: error: {str(a_file)!r} is a file, not a folder\n" and out == ""
    assert a_file.read_text() == "x" and [p.name for p in tmp_path.iterdir()] == ["notes.txt"]


def test_a_file_where_a_catalogs_folder_must_be_is_named(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # It said "File exists: 'afile'", which reads as if a file were wrongly there already.
    monkeypatch.chdir(tmp_path)
    (tmp_path / "afile").write_text("mine")
    assert main(["generate", "--count", "1", "--db", "afile/c.sqlite"]) == 1
    err = capsys.readouterr().err
    assert err == "puzzlegen: error: 'afile' is a file, not a folder\n"
    assert (tmp_path / "afile").read_text() == "mine"


def test_ctrl_c_is_one_line_with_no_blank_line_above_it_in_a_log(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Click printed an empty line first (for the terminal's ^C), also into logs.
    import puzzlegen.daily

    def stopped(*_args: object, **_kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(puzzlegen.daily, "daily_puzzle", stopped)
    assert main(["daily", "--date", "2026-11-23"]) == 130
    assert capsys.readouterr().err == "puzzlegen: interrupted\n"


def test_a_pipe_other_than_standard_output_breaking_is_an_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # Only the reader of standard output going away ('| head -1') is no error of ours.
    import puzzlegen.daily

    def broken(*_args: object, **_kwargs: object) -> None:
        raise BrokenPipeError(32, "Broken pipe")

    monkeypatch.setattr(puzzlegen.daily, "daily_puzzle", broken)
    assert main(["daily", "--date", "2026-11-23"]) == 1
    assert capsys.readouterr().err == "puzzlegen: error: a pipe broke: the other end went away\n"


def test_diagrams_in_a_folder_never_replace_each_other(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Each was 'position.svg', replacing the last (another game's too).
    folder = f"{tmp_path}/d/"
    deal = "QD 7S 4D 4C KS 9D 8D 3S JH 9C JS KD 5D KC 6H 2C JC 3C 3D 5S 9S 2D 3H 2S " \
        "10H 10S QS QC 8H QH 9H 2H 4S 8C 4H 7H 6S 6C 10C 5C 7D KH 8S JD 6D 7C 5H 10D"
    for argv in (
        ["svg", WORKED, "-o", folder],
        ["svg", WORKED, "--solution", "-o", folder],
        ["svg", " ".join(WORKED.split()[::-1]), "-o", folder],
        ["svg", "--game", "pendulum", deal, "-o", folder],
    ):
        assert main(argv) == 0
    names = sorted(p.name for p in (tmp_path / "d").iterdir())
    assert len(names) == 4 and sum(n.endswith("-solution.svg") for n in names) == 1
    assert sum(n.startswith("pendulum-") for n in names) == 1
    # The same position given otherwise (spaced, suits as symbols) is the same diagram;
    # drawn otherwise (--mono), another.
    symbols = WORKED.replace("C", "♣").replace("S", "♠").replace("H", "♥").replace("D", "♦")
    for given in ("  ".join(WORKED.split()), symbols):
        assert main(["svg", given, "-o", folder]) == 0
    assert len(list((tmp_path / "d").iterdir())) == 4
    assert main(["svg", WORKED, "--mono", "-o", folder]) == 0
    assert len(list((tmp_path / "d").iterdir())) == 5
