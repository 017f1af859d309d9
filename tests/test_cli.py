from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from puzzlegen.catscradle.position import Deal, Move, Position
from puzzlegen.cli import main

WORKED = "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S"
MIDGAME = "8D AC 2C 7S/6D 8H/7C 5S/4H 6H/5C 4C 6C 9S 4D 3S 8C 10C JC QC"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_deal_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "--seed", "42")
    # RULES.md: "Print uses the symbols", in the heading, the layout and the stock.
    cards = Deal.from_seed(42).cards
    assert status == 0 and " ".join(c.symbol() for c in cards) in out
    assert "7♥  2♥  6♣  2♣" in out and " ".join(c.symbol() for c in cards[16:]) in out
    status, out, _ = run(capsys, "deal", "--seed", "42", "--json")
    payload = json.loads(out)
    assert payload["deal"] == str(Deal.from_seed(42))
    assert payload["layout"] == str(Deal.from_seed(42).layout)
    assert len(payload["stock"]) == 36


def test_solve_writes_the_line_in_words(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", WORKED)
    assert status == 0
    assert "The best line of play is J♣ on Q♥" in out
    assert "— giving six spaces." in out


def test_solve_accepts_unquoted_cells(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", *WORKED.split())
    assert status == 0 and "six spaces" in out


def test_solve_batch_json(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    lines = f"{WORKED}\n\n   \nJC JC\n{MIDGAME}\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(lines.encode())))
    status, out, _ = run(capsys, "solve", "--json", "-")
    assert status == 1  # one line was invalid
    objects = [json.loads(line) for line in out.splitlines()]
    assert len(objects) == 3
    assert objects[1] == {"error": "a position has 16 cells, got 2 in 'JC JC'", "line": 4}
    for obj, text in ((objects[0], WORKED), (objects[2], MIDGAME)):
        assert obj["position"] == text
        assert set(obj) == {"position", "best_spaces", "moves", "final"}
        position = Position.parse(text)
        for m in obj["moves"]:
            move = Move.parse(f"{m['card']} on {m['onto']}", position)
            assert [move.src // 4, move.src % 4] == m["from"]
            assert [move.dst // 4, move.dst % 4] == m["to"]
            position = position.apply(move)
        assert str(position) == obj["final"]
        assert position.spaces == obj["best_spaces"]


def test_solve_reads_what_deal_prints(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # 'deal | solve -' took all 52 cards and the words around them: "got 113 cells".
    status, printed, _ = run(capsys, "deal", "--seed", "5")
    layout = str(Deal.from_seed("5").layout)
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(printed.encode())))
    status, out, err = run(capsys, "solve", "-")
    assert status == 0, err
    assert out == run(capsys, "solve", layout)[1]


def test_solve_reads_a_deal_saved_with_windows_line_ends(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    _, printed, _ = run(capsys, "deal", "--seed", "5")
    text = printed.replace("\n", "\r\n")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(text.encode()), newline=""))
    status, out, err = run(capsys, "solve", "-")
    assert status == 0 and "The best line of play" in out, err


def test_solve_batch_all_valid_exits_zero(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(f"{WORKED}\n".encode())))
    status, out, _ = run(capsys, "solve", "--json", "-")
    assert status == 0 and json.loads(out)["best_spaces"] == 6


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["solve", WORKED.replace("6S", "6X")], "unknown card '6X' in cell 15"),
        (["solve", "JC 9S"], "16 cells, got 2"),
        (["deal"], "Missing option '--seed'"),
        (["frobnicate"], "No such command 'frobnicate'"),
    ],
)
def test_errors_are_one_line_without_traceback(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    status, out, err = run(capsys, *argv)
    assert status != 0
    assert needle in err
    assert len(err.strip().splitlines()) == 1
    assert "Traceback" not in err and out == ""


@pytest.mark.parametrize("command", ["deal", "solve"])
def test_help_teaches_with_an_example(capsys: pytest.CaptureFixture[str], command: str) -> None:
    status, out, _ = run(capsys, command, "--help")
    assert status == 0 and "Example" in out and f"puzzlegen {command}" in out


def test_generate_catalog_and_daily_commands(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = str(tmp_path / "cat.sqlite")
    status, out, _ = run(capsys, "generate", "--count", "12", "--seed", "c", "--db", db)
    assert status == 0 and out.startswith("Added 12 puzzles to ")
    status, out, _ = run(capsys, "catalog", "--db", db)
    # At the start: "12 ... puzzles" anywhere would also match "112 ... puzzles".
    assert status == 0 and out.startswith("12 Cat's Cradle puzzles in ")
    assert "Easy" in out and "transfer" in out
    status, out, _ = run(capsys, "catalog", "--db", db, "--json")
    rows = [json.loads(line) for line in out.splitlines()]
    assert len(rows) == 12
    for row in rows:
        for field in ("id", "kind", "position", "par", "level", "tags", "line", "novice_spaces"):
            assert field in row
    status, out, _ = run(capsys, "catalog", "--db", db, "--list", "--kind", "midgame")
    assert status == 0 and "midgame" in out and "opening" not in out
    status, out, _ = run(capsys, "daily", "--date", "2026-11-23", "--db", db, "--solution")
    assert status == 0 and "Monday 23 November 2026" in out and "The best line of play" in out
    # As the pages say it: "Tuesday 1 December", not "Tuesday 01 December".
    status, out, _ = run(capsys, "daily", "--date", "2026-12-01")
    assert status == 0 and out.startswith("Tuesday 1 December 2026: ")
    status, out, _ = run(capsys, "catalog", "--db", db, "--unpublished", "--json")
    assert len(out.splitlines()) == 12  # the daily puzzle was added, and marked published
    rows = [json.loads(line) for line in out.splitlines()]
    easy = sum(row["level"] == "Easy" for row in rows)
    # The summary's choices count, as they do for --list: they were ignored.
    status, out, _ = run(capsys, "catalog", "--db", db, "--unpublished", "--level", "easy")
    assert status == 0 and out.startswith(f"{easy} Cat's Cradle puzzles (level Easy, unpublished)")
    # Beside each count, how many a book can still take.
    status, out, _ = run(capsys, "catalog", "--db", db)
    level = {
        cells[0]: cells[1:]
        for line in out.splitlines()
        if len(cells := line.strip("│┃ ").replace("│", " ").split()) == 3
    }
    assert level["Easy"][1] == str(easy) and int(level["Easy"][0]) >= easy
    status, _, err = run(capsys, "catalog", "--db", db, "--limit", "3")
    assert status == 2 and "--limit is for --list and --json" in err


def test_catalog_names_are_printed_as_they_are_not_as_markup(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # rich read 'c[red].sqlite' as a red 'c.sqlite', and '[/x]' as a broken tag (a traceback).
    for name in ("c[red].sqlite", "c[/x].sqlite", "c:smile:.sqlite"):
        db = str(tmp_path / name)
        assert run(capsys, "generate", "--count", "2", "--db", db)[0] == 0
        status, out, _ = run(capsys, "catalog", "--db", db)
        assert status == 0 and f"in {db} (2 in all)" in out.replace("\n", "")


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["generate", "--count", "0"], "'--count': 0 is not in the range"),
        (["generate", "--count", "5", "--level", "tricky"], "'tricky' is not one of"),
        (["daily", "--date", "2026-13-01"], "'2026-13-01'"),
        (["daily"], "give either --date, or both --from and --to"),
        # Given but empty: it said "give both --from and --to" when both were given.
        (["daily", "--from", "2026-11-23", "--to", ""], "'--to': give a date, YYYY-MM-DD"),
        (["daily", "--date", " "], "'--date': give a date, YYYY-MM-DD"),
        # It was taken and ignored.
        (["daily", "--date", "2026-11-23", "--solution", "-o", "out/"], "with -o each day's"),
        (["catalog", "--db", "/nonexistent/x.sqlite"], "no catalog at '/nonexistent/x.sqlite'"),
    ],
)
def test_more_one_line_errors(
    capsys: pytest.CaptureFixture[str], argv: list[str], needle: str
) -> None:
    status, _, err = run(capsys, *argv)
    assert status != 0 and needle in err and len(err.strip().splitlines()) == 1


@pytest.mark.parametrize("command", ["generate", "catalog", "daily"])
def test_help_of_pipeline_commands(capsys: pytest.CaptureFixture[str], command: str) -> None:
    status, out, _ = run(capsys, command, "--help")
    out = " ".join(out.split())
    assert status == 0 and "Example" in out
    if command != "daily":
        assert "Levels: difficulty points from a ladder of simulated players" in out
        assert "Kinds (--kind): choose-method, win-in-par;" in out
        # The tags are named with the option that takes them ('generate' has none).
        tag = "--tag" if command == "catalog" else "catalog --tag"
        assert f"win-in-par; tags ({tag}): one-method," in out


@pytest.mark.parametrize(
    "command", ["deal", "solve", "svg", "generate", "catalog", "daily", "book"]
)
def test_every_game_has_an_example_in_the_help(
    capsys: pytest.CaptureFixture[str], command: str
) -> None:
    _, out, _ = run(capsys, command, "--help")
    examples = out.split("Example")[1].split("Options:")[0]
    for game in ("pendulum", "escape"):
        assert f"--game {game}" in examples, (command, game)


def test_solve_accepts_a_puzzle_description(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(
        capsys, "solve", "--json", "cc:JC.9S.8H.3C.QH.AS.9C.9D.7S.QD.2H.2C.4D.4H.6D.6S"
    )
    assert status == 0 and json.loads(out)["position"] == WORKED


def test_solve_counts_spaces_already_there(capsys: pytest.CaptureFixture[str]) -> None:
    # The worked example with 6S gone: its best line still finds six, so seven in all.
    status, out, _ = run(capsys, "solve", WORKED.replace("6S", "--"))
    assert status == 0 and "— giving seven spaces." in out


def test_solve_batch_reads_what_deal_json_prints(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # `deal --json | solve --json -`: the deal's layout is solved, in the console
    # script's fast lane and in the full command alike; other JSON is one error line.
    from puzzlegen import launch

    assert main(["deal", "--seed", "3", "--json"]) == 0
    dealt = capsys.readouterr().out
    lines = dealt + '{"stock": []}\n{"layout": \n'
    answers = []
    for entry in (launch.main, main):
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(lines.encode())))
        assert entry(["solve", "--json", "-"]) == 1
        answers.append([json.loads(x) for x in capsys.readouterr().out.splitlines()])
    assert answers[0] == answers[1]
    good, no_layout, broken = answers[0]
    assert good["position"] == json.loads(dealt)["layout"] and good["best_spaces"] >= 0
    assert '"layout"' in no_layout["error"] and "JSON object" in broken["error"]


@pytest.mark.parametrize(
    "argv",
    [
        ("deal", "--seed", ""),
        ("deal", "--game", "pendulum", "--seed", "  "),
        ("generate", "--seed", " ", "--count", "1", "--db", "unused.sqlite"),
        ("book", "--seed", "\t", "--count", "1", "-o", "unused.pdf"),
    ],
)
def test_a_blank_seed_is_refused(
    argv: tuple[str, ...], capsys: pytest.CaptureFixture[str], tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.chdir(tmp_path)
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert len(err.strip().splitlines()) == 1 and "is blank" in err
    assert list(tmp_path.iterdir()) == []


def test_the_help_says_which_commands_take_game(capsys: pytest.CaptureFixture[str]) -> None:
    _, out, _ = run(capsys, "--help")
    assert "Every command but preflight takes --game" in " ".join(out.split())
    for name in ("deal", "solve", "svg", "generate", "catalog", "book", "daily"):
        assert "--game" in run(capsys, name, "--help")[1]
    assert "--game" not in run(capsys, "preflight", "--help")[1]


@pytest.mark.parametrize(
    ("game", "seed"), [("cats-cradle", "42"), ("pendulum", "7"), ("escape", "3")]
)
def test_svg_reads_what_deal_json_prints(
    game: str, seed: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # `deal --json | solve -` worked for every game; `deal --json | svg -` did not.
    status, dealt, _ = run(capsys, "deal", "--game", game, "--seed", seed, "--json")
    assert status == 0
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(dealt.encode())))
    status, out, err = run(capsys, "svg", "--game", game, "-")
    assert status == 0, err
    assert out.startswith("<svg") or out.startswith("<?xml"), out[:80]


def test_daily_date_given_twice_writes_both_days(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # The first --date was dropped without a word, and one page written.
    out = tmp_path / "site"
    assert main(["daily", "--date", "2026-12-05", "--date", "2026-11-23", "-o", str(out)]) == 0
    assert "Wrote 2 daily pages" in capsys.readouterr().out
    assert (out / "2026-11-23" / "index.html").is_file()
    assert (out / "2026-12-05" / "index.html").is_file()
    assert main(["daily", "--date", "2026-11-23", "--date", ""]) == 2
