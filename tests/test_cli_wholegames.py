"""``puzzlegen game`` and ``puzzlegen study``: output, bad input, resuming after kill -9."""

from __future__ import annotations

import json
import os
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from puzzlegen.catscradle.gamesolver import check_line
from puzzlegen.catscradle.position import Deal
from puzzlegen.cli import main


def _run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out, err = capsys.readouterr()
    return status, out, err


def test_game_prints_each_sequence_and_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "game", "--seed", "2")
    assert status == 0
    assert out.startswith("Deal 2, played by the expert player.")
    assert "Sequence 1, from:" in out
    assert "spaces created; dealt" in out
    assert out.rstrip().splitlines()[-1].startswith(("Won in", "Lost after"))


def test_game_json_ends_with_the_verdict(capsys: pytest.CaptureFixture[str]) -> None:
    for player in ("beginner", "expert", "perfect"):
        status, out, _ = _run(capsys, "game", "--seed", "2", "--player", player, "--json")
        assert status == 0
        lines = [json.loads(line) for line in out.splitlines()]
        last = lines[-1]
        assert set(last) >= {"won", "sequences"} and isinstance(last["won"], bool)
        assert last["player_seed"] == "0"
        assert last["sequences"] == len(lines) - 1
        assert [line["sequence"] for line in lines[:-1]] == list(range(1, len(lines)))


def test_the_perfect_game_is_a_certified_line(capsys: pytest.CaptureFixture[str]) -> None:
    from puzzlegen.catscradle.gameplayers import play_game

    deal = Deal.from_seed(2)
    status, out, _ = _run(capsys, "game", "--seed", "2", "--player", "perfect", "--json")
    assert status == 0 and json.loads(out.splitlines()[-1])["won"] is True
    check_line(deal.layout, deal.stock, play_game(deal, "perfect").turns)


def test_a_lost_game_exits_0(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = _run(capsys, "game", "--seed", "0", "--json")
    assert status == 0 and json.loads(out.splitlines()[-1])["won"] is False


def test_game_reads_the_json_line_of_deal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    status, line, _ = _run(capsys, "deal", "--seed", "5", "--json")
    assert status == 0
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(line.encode())))
    status, piped, _ = _run(capsys, "game", "-", "--json")
    status2, by_seed, _ = _run(capsys, "game", "--seed", "5", "--json")
    assert status == status2 == 0
    assert piped == by_seed  # the line's seed names the game too ("seed": "5")
    assert json.loads(by_seed.splitlines()[-1])["seed"] == "5"  # a string, as deal's
    # A seed that does not deal these cards does not name them.
    other = line.replace('"seed": "5"', '"seed": "6"')
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(other.encode())))
    status, text, _ = _run(capsys, "game", "-")
    assert status == 0 and text.startswith("The deal, played by the expert player.")
    # Nor does a number too long to be a study's deal number, or a word, if not its deal.
    for seed in ("9" * 5000, str(2**63), "x"):
        other = line.replace('"seed": "5"', f'"seed": "{seed}"')
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(other.encode())))
        status, text, _ = _run(capsys, "game", "-")
        assert status == 0 and text.startswith("The deal, played by the expert player.")


@pytest.mark.parametrize("seed", ["5", "05", "it's", 'say "hi"'])
def test_game_reads_what_deal_prints(
    seed: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    status, printed, _ = _run(capsys, "deal", "--seed", seed)
    assert status == 0 and printed.startswith(f"Deal for seed {seed!r}: ")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(printed.encode())))
    status, piped, _ = _run(capsys, "game", "-")
    # '05' deals another deal than 5, and deal prints it so: its seed names it.
    named = "Deal 5" if seed == "5" else f"The deal for seed {seed!r}"
    assert status == 0 and piped.startswith(f"{named}, played by the expert player.")


def test_an_edited_layout_or_a_second_deal_in_deal_s_text_is_refused(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    printed = _run(capsys, "deal", "--seed", "42")[1]
    first, layout_row = printed.splitlines()[0], printed.splitlines()[3]
    swapped = " ".join(reversed(layout_row.split()[:2])) + "  " + " ".join(layout_row.split()[2:])
    for text, said in (
        # Both were played as deal 42, silently: the edit ignored, the second deal dropped.
        (printed.replace(layout_row, swapped), "differs from the cards on it"),
        (printed + "\n" + _run(capsys, "deal", "--seed", "43")[1], "more than one deal"),
    ):
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
        status, out, err = _run(capsys, "game", "-")
        assert status == 1 and out == "" and said in err
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(first.encode())))
    assert _run(capsys, "game", "-")[0] == 0  # the first line alone is the deal
    # The same cards spelled another way are the same deal.
    other = printed.replace(layout_row, layout_row.lower().replace("h", "♥"))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(other.encode())))
    assert _run(capsys, "game", "-")[0] == 0


def test_a_file_name_given_as_the_deal_says_to_use_standard_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "my-deal").write_text(str(Deal.from_seed(5)))
    for name in ("my-deal", "missing.txt"):
        status, _, err = _run(capsys, "game", name)
        assert status == 1 and f"give - and the file on standard input (- < {name})" in err


def test_game_reads_a_deal(capsys: pytest.CaptureFixture[str]) -> None:
    status, by_deal, _ = _run(capsys, "game", str(Deal.from_seed(5)), "--json")
    status2, by_seed, _ = _run(capsys, "game", "--seed", "5", "--json")
    assert status == status2 == 0
    assert by_deal.splitlines()[:-1] == by_seed.splitlines()[:-1]


def test_the_beginner_plays_on_where_a_longer_line_makes_a_space(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Deal 3's beginner stopped in its eighth sequence with a two-space line on the
    # board ("the hasty player sees no single move ... and stops") and lost there.
    status, text, _ = _run(capsys, "game", "--seed", "3", "--player", "beginner")
    assert status == 0 and "stops" not in text
    assert "Lost after eight sequences" not in text and "Lost after nine sequences" in text
    # Not "no move": a move may be legal (a transfer, 2♥ on 3♠ in deal 42's eighth
    # sequence) where none makes a space.
    assert text.rstrip().splitlines()[-3] == "  No series of moves makes a space."


def test_the_player_seed_changes_the_strong_players_game(
    capsys: pytest.CaptureFixture[str],
) -> None:
    lines = {
        seed: _run(capsys, "game", "--seed", "2", "--player", "strong", "--player-seed", seed)
        for seed in ("0", "1", "2", "3")
    }
    assert all(status == 0 for status, _, _ in lines.values())
    assert len({out for _, out, _ in lines.values()}) > 1


def test_one_space_is_filled_with_a_card_dealt_into_it(capsys: pytest.CaptureFixture[str]) -> None:
    said = "\n".join(_run(capsys, "game", "--seed", str(seed))[1] for seed in range(1, 8))
    ones = [line for line in said.splitlines() if "one space created; dealt" in line]
    assert ones and all(" into it (" in line for line in ones)
    assert "spaces created; dealt" in said and " into them (" in said


def test_any_seed_deal_takes_plays_that_deal(capsys: pytest.CaptureFixture[str]) -> None:
    # The daily site's whole games name seeds such as 'game-2026-12-01-1' in game.json;
    # game --seed took whole numbers only, so the page's game could not be replayed.
    for seed in ("game-2026-12-01-1", "042", " 42", "x1", "-3", str(2**63), "9" * 5000):
        deal = _run(capsys, "deal", "--seed", seed, "--json")[1]
        status, out, _ = _run(capsys, "game", "--seed", seed, "--json")
        last = json.loads(out.splitlines()[-1])
        assert status == 0 and last["seed"] == seed
        assert last["deal"] == json.loads(deal)["deal"]
    status, out, _ = _run(capsys, "game", "--seed", "game-2026-12-01-1")
    assert out.startswith("The deal for seed 'game-2026-12-01-1', played by the expert")
    assert _run(capsys, "game", "--seed", " ")[0] == 2  # blank, as deal refuses it


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--seed", "1", "--player", "wizard"], "unknown player 'wizard'"),
        (["AS 2S 3S"], "a deal has 52 cards, got 3"),
        (["--seed", "1", "--game", "pendulum"], "'pendulum' has no whole-game play"),
        # Taken and ignored, it let a user believe another seed would play another game.
        (["--seed", "1", "--player-seed", "7"], "only the strong player's play; the expert"),
        (["--seed", "1", "--player", "Perfect", "--player-seed", "0"], "the perfect player plays"),
        ([" ".join(str(c) for c in (Deal.from_seed(1).cards[:51] + Deal.from_seed(1).cards[:1]))],
         "appears twice"),
    ],
)
def test_bad_input_is_one_line_and_exit_1(
    capsys: pytest.CaptureFixture[str], args: list[str], message: str
) -> None:
    status, out, err = _run(capsys, "game", *args)
    assert status == 1 and out == ""
    assert len(err.strip().splitlines()) == 1 and message in err


@pytest.mark.parametrize("args", [["--seed", "1", "--playr", "strong"], ["--jsn", "--seed", "4"]])
def test_a_mistyped_option_beside_seed_is_named(
    capsys: pytest.CaptureFixture[str], args: list[str]
) -> None:
    # It was read as a DEAL beside --seed: "give either a DEAL or --seed, not both".
    status, _, err = _run(capsys, "game", *args)
    assert status == 2 and "No such option '--" in err and "Did you mean" in err


def test_study_bad_input(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Nothing listens at port 9: Dask retries until this deadline.
    monkeypatch.setenv("PUZZLEGEN_SCHEDULER_TIMEOUT", "0.2")
    for args, message in (
        (["--first-seed", "abc"], "bad --first-seed 'abc'"),
        (["--first-seed", "٣"], "bad --first-seed '٣'"),  # int() reads it: not a deal number
        # The store keeps deal numbers as SQLite integers: past 2**63 - 1 they overflowed.
        (["--first-seed", str(2**63 - 1)], "and 2 deals from it would pass that"),
        (["--scheduler", "nowhere"], "not an address"),
        (["--scheduler", "tcp://127.0.0.1:9"], "cannot reach the Dask scheduler"),
    ):
        status, _, err = _run(
            capsys, "study", "--deals", "2", "-o", f"{tmp_path}/o/",
            "--store", str(tmp_path / "s.sqlite"), *args,
        )
        assert status == 1, args
        assert len(err.strip().splitlines()) == 1 and message in err, err
        assert not (tmp_path / "o" / "study.json").exists()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        # An unset shell variable: -o '' wrote study.json at the file system's root.
        (["--deals", "1", "-o", ""], "'' is empty; name a file or folder"),
        # About 2 KB of figures a deal are held until the report: a billion would not fit.
        (["--deals", "1000001"], "1000001 is not in the range 1<=x<=1000000"),
        # A folder named report.html was made, study.json and study.html in it.
        (["--deals", "1", "-o", "report.html"], "'report.html' names a file: -o is the folder"),
    ],
)
def test_study_usage_errors(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, args: list[str], message: str
) -> None:
    status, _, err = _run(capsys, "study", *args, "--store", str(tmp_path / "s"))
    assert status == 2 and message in err
    assert not (tmp_path / "s").exists()


def test_study_writes_json_and_html(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, _ = _run(
        capsys, "study", "--deals", "6", "--first-seed", "100", "-o", f"{tmp_path}/",
        "--store", str(tmp_path / "s.sqlite"),
    )
    assert status == 0
    fig = json.loads((tmp_path / "study.json").read_text())
    assert fig["deals"] == 6 and fig["first_seed"] == 100
    assert fig["player_seed"] == "0"  # all it takes to play the study again
    assert set(fig["players"]) == {"beginner", "expert", "strong", "perfect"}
    assert fig["winnable"]["of"] == 6 and 0 <= fig["winnable"]["low"] <= fig["winnable"]["high"]
    html = (tmp_path / "study.html").read_text()
    assert html.count("<figure") == 4 and "about 1 in 5" in html
    assert "the strong player's sampling seeded <code>0</code>" in html
    # The inventor's text, not a deal's seed: "the seed" meant both to a reader.
    assert "Beside the inventor's figures" in html and "seed's" not in html
    assert 'name="viewport"' in html and "prefers-color-scheme:dark" in html


def test_a_blank_player_seed_is_refused_and_study_takes_output(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A blank seed (an unset shell variable) was taken, where every other seed is refused.
    for command in (["game", "--seed", "1", "--player", "strong"], ["study", "--deals", "1"]):
        status, _, err = _run(capsys, *command, "--player-seed", " ")
        assert status == 2 and "'--player-seed': ' ' is blank" in err
    # --output, as every other command names it (--out still works).
    status, _, _ = _run(
        capsys, "study", "--deals", "1", "--output", f"{tmp_path}/o/",
        "--store", str(tmp_path / "s.sqlite"),
    )
    assert status == 0 and (tmp_path / "o" / "study.json").exists()


def test_a_study_may_end_at_the_largest_deal_number(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # The store was asked for seeds below 2**63, which SQLite cannot hold: a traceback.
    args = ["study", "--deals", "2", "--first-seed", str(2**63 - 2), "-o", f"{tmp_path}/"]
    args += ["--store", str(tmp_path / "s.sqlite")]
    assert _run(capsys, *args)[0] == 0
    status, _, err = _run(capsys, *args)
    assert status == 0 and "2 of 2 deals already stored; playing 0" in err
    assert json.loads((tmp_path / "study.json").read_text())["deals"] == 2


def _studied(
    capsys: pytest.CaptureFixture[str], tmp_path: Path, deals: int
) -> tuple[Path, list[str]]:
    """A study of ``deals`` deals from seed 30 played into ``tmp_path/a/``: its store, and
    the arguments that play it again (give them an -o)."""
    store = tmp_path / "s.sqlite"
    args = ["study", "--deals", str(deals), "--first-seed", "30", "--store", str(store)]
    assert _run(capsys, *args, "-o", f"{tmp_path}/a/")[0] == 0
    return store, args


def test_a_damaged_row_of_the_store_is_played_again_with_a_warning(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    store, args = _studied(capsys, tmp_path, 5)
    with sqlite3.connect(store) as db:
        db.execute("UPDATE study_deals SET result = '{bad' WHERE seed = 31")
        db.execute("""UPDATE study_deals SET result = '{"seed": true}' WHERE seed = 33""")
    status, _, err = _run(capsys, *args, "-o", f"{tmp_path}/b/")
    assert status == 0
    # One warning for all, naming the first and why.
    assert err.count("puzzlegen: warning:") == 1
    assert "playing deal 31 and 1 more again: their rows in the study store" in err
    assert "(deal 31: not JSON)" in err and "3 of 5 deals already stored; playing 2" in err
    first, again = ((tmp_path / name / "study.json").read_bytes() for name in "ab")
    assert first == again


def test_a_catalog_is_not_taken_for_a_store_nor_a_report_half_written(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    catalog = tmp_path / "c.sqlite"
    assert _run(capsys, "generate", "--count", "1", "--db", str(catalog))[0] == 0
    before = catalog.read_bytes()
    args = ["study", "--deals", "2", "-o", f"{tmp_path}/o/"]
    status, _, err = _run(capsys, *args, "--store", str(catalog))
    assert status == 1 and "is not a study store: it holds other tables" in err
    assert catalog.read_bytes() == before  # no study table added to the catalog
    (tmp_path / "o" / "study.html").mkdir(parents=True)
    status, _, err = _run(capsys, *args, "--store", str(tmp_path / "s.sqlite"))
    # Refused before any deal: it played them all, wrote study.json, then failed.
    assert status == 1 and "study.html" in err
    assert not (tmp_path / "o" / "study.json").exists() and not (tmp_path / "s.sqlite").exists()


def test_a_damaged_or_foreign_store_is_one_line(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    store, args = _studied(capsys, tmp_path, 30)
    with sqlite3.connect(store) as db:  # the deals' rows in pages of their own
        db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        pages = int(db.execute("PRAGMA page_count").fetchone()[0])
    assert pages > 2
    data = bytearray(store.read_bytes())
    data[4096 * (pages - 1) : 4096 * pages] = b"\xff" * 4096  # its last page is noise
    store.write_bytes(bytes(data))
    status, _, err = _run(capsys, *args, "-o", f"{tmp_path}/b/")
    assert status == 1 and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert f"the study store '{store}' is damaged" in err and "remove it" in err
    assert not (tmp_path / "b").exists()
    (tmp_path / "notes.txt").write_text("my notes, not a database\n" * 100)
    notes = str(tmp_path / "notes.txt")
    status, _, err = _run(capsys, *args[:-1], notes, "-o", f"{tmp_path}/c/")
    assert status == 1 and "is not a study store" in err and "name another file" in err
    assert (tmp_path / "notes.txt").read_text().startswith("my notes")


def test_a_store_that_cannot_be_written_is_refused_before_any_deal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    import shutil
    import subprocess

    store = tmp_path / "s.sqlite"
    args = ["study", "--deals", "3", "--store", str(store)]
    assert _run(capsys, *args, "-o", f"{tmp_path}/a/")[0] == 0
    # Immutable: read-only even to root, who runs CI (a mode of 0444 would not stop root).
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", str(store)], check=False).returncode:
        pytest.skip("chattr +i is not available here")
    try:
        status, _, err = _run(capsys, "study", "--deals", "5", "--store", str(store),
                              "-o", f"{tmp_path}/b/")
    finally:
        subprocess.run([chattr, "-i", str(store)], check=True)
    assert status == 1 and len(err.strip().splitlines()) == 1
    assert f"the study store '{store}' cannot be written" in err
    assert not (tmp_path / "b").exists()


def _stored(store: Path) -> int:
    if not store.exists():
        return 0
    try:
        with sqlite3.connect(store, timeout=5) as db:
            return int(db.execute("SELECT count(*) FROM study_deals").fetchone()[0])
    except sqlite3.OperationalError:
        return 0


def test_a_study_killed_with_sigkill_resumes_without_replaying(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    deals = "12"  # enough for a kill after two stored deals and a resume; cheaper than 16
    store = tmp_path / "killed.sqlite"
    args = ["study", "--deals", deals, "--first-seed", "50", "--store", str(store)]
    child = subprocess.Popen(
        [sys.executable, "-m", "puzzlegen.cli", *args, "-o", f"{tmp_path}/killed/"],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120
    while _stored(store) < 2 and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    os.kill(child.pid, signal.SIGKILL)
    child.wait()
    kept = _stored(store)
    assert kept >= 2
    status, _, err = _run(capsys, *args, "-o", f"{tmp_path}/killed/")
    assert status == 0
    assert f"{kept} of {deals} deals already stored; playing {int(deals) - kept}" in err
    assert _stored(store) == int(deals)
    # The same figures as a study never interrupted.
    status, _, _ = _run(
        capsys, "study", "--deals", deals, "--first-seed", "50",
        "--store", str(tmp_path / "whole.sqlite"), "-o", f"{tmp_path}/whole/",
    )
    assert status == 0
    for name in ("study.json", "study.html"):
        assert (tmp_path / "killed" / name).read_bytes() == (tmp_path / "whole" / name).read_bytes()


def test_sigterm_stops_a_study_cleanly_keeping_finished_deals(tmp_path: Path) -> None:
    store = tmp_path / "s.sqlite"
    child = subprocess.Popen(
        [sys.executable, "-m", "puzzlegen.cli", "study", "--deals", "40", "--jobs", "2",
         "--store", str(store), "-o", f"{tmp_path}/o/"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 120
    while _stored(store) < 1 and child.poll() is None and time.monotonic() < deadline:
        time.sleep(0.05)
    child.send_signal(signal.SIGTERM)
    _, err = child.communicate(timeout=60)
    assert child.returncode == 128 + signal.SIGTERM
    assert err.decode().strip().splitlines()[-1] == "puzzlegen: stopped by SIGTERM"
    assert b"Traceback" not in err
    assert not (tmp_path / "o" / "study.json").exists()
    assert _stored(store) >= 1
    # What is kept and how to go on, counted as stored.
    said = err.decode().strip().splitlines()[-2]
    assert said == (
        f"puzzlegen study: {_stored(store)} of 40 deals are stored in {store}; "
        "run the same command again to play the rest"
    )


def test_a_stop_before_the_store_is_read_claims_no_count(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    # A Ctrl-C while connecting to a scheduler said "0 of 2000 deals are stored"
    # of a store that held 908.
    from puzzlegen.cli.options import ProgressLines
    from puzzlegen.cli.wholegames import _said_how_to_go_on

    lines = ProgressLines("Playing deals", 2000)
    with pytest.raises(KeyboardInterrupt), _said_how_to_go_on(lines, tmp_path / "s"):
        raise KeyboardInterrupt
    assert "stored" not in capsys.readouterr().err
    lines.done = 908
    with pytest.raises(KeyboardInterrupt), _said_how_to_go_on(lines, tmp_path / "s") as read:
        read.append(True)
        raise KeyboardInterrupt
    assert "908 of 2000 deals are stored" in capsys.readouterr().err


def test_game_help_describes_the_players_as_the_report_does() -> None:
    from puzzlegen.catscradle.playerwords import PLAYERS_IN_WORDS
    from puzzlegen.cli.wholegames import PLAYER_HELP

    assert PLAYER_HELP == PLAYERS_IN_WORDS


def test_game_reads_a_daily_whole_game_s_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # game.json writes its deal as a list of 52 cards: 'game -' refused it, saying it
    # needed "a deal of 52 cards".
    import io

    from puzzlegen.cli import main

    assert main(["daily", "--kind", "game", "--date", "2026-11-23", "-o", str(tmp_path)]) == 0
    day = (tmp_path / "game" / "2026-11-23" / "game.json").read_bytes()
    capsys.readouterr()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(day)))
    status, out, _ = _run(capsys, "game", "--player", "perfect", "-")
    seed = json.loads(day)["seed"]
    assert status == 0 and out.startswith(f"The deal for seed {seed!r}, played by the perfect")
    assert out == _run(capsys, "game", "--player", "perfect", "--seed", seed)[1]
    assert "Won in" in out  # a daily whole game is certified winnable


@pytest.mark.parametrize(
    ("given", "message"),
    [
        # It said the lines below the first differ from its cards, and to delete them.
        ("pendulum", "the deal on the first line has 48 cards, where a whole game deals 52"),
        # It named 'puzzlegen solve --json -' and called a deal a position.
        ("two", "2 lines where one deal was expected: give one ('game' plays one deal at a"),
    ],
)
def test_game_says_what_is_wrong_with_a_deal_it_cannot_play(
    given: str, message: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    import io

    if given == "pendulum":
        text = _run(capsys, "deal", "--game", "pendulum", "--seed", "1")[1]
    else:
        text = "".join(_run(capsys, "deal", "--seed", s, "--json")[1] for s in ("1", "2"))
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(text.encode())))
    status, _, err = _run(capsys, "game", "-")
    assert status == 1 and message in err and len(err.strip().splitlines()) == 1

