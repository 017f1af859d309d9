"""``puzzlegen deal``, ``solve`` and ``svg`` with ``--game escape``, as a user runs them."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from puzzlegen.cli import main
from puzzlegen.escape.position import Position, read_game_record

C5 = ("white | W1 W2 | B7 | -2,-2 | ....#####. / .###ooooo# / .#ooo.o.o# / .###ooooo# / "
      "....#####.")


#: The two winning moves of C5 with one dot and Black's hand empty, as §7 move objects.
DOTS = [{"card": "W1", "turns": 0, "at": [0, 3], "squares": [[0, 3]]},
        {"card": "W1", "turns": 0, "at": [0, 5], "squares": [[0, 5]]}]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_deal_prints_the_start_and_a_sample_game(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "--game", "escape", "--seed", "3", "--json")
    data = json.loads(out)
    assert status == 0 and Position.parse(data["position"]) == Position.start()
    # The sample game is ESCAPE.md §7's game record (its moves were text strings,
    # without "escape" and "cards"), and it replays to the result it states.
    game = data["sample_game"]
    assert list(game) == ["escape", "cards", "moves", "result", "reason"]
    assert game["escape"] == 1 and game["cards"] == "escape-reconstruction-1"
    assert game["result"] in ("white", "black")
    assert game["moves"][0] == {"card": "W10", "turns": 0, "at": [0, 1],
                                "squares": [[0, 1], [0, 2], [0, 3]]}
    moves, end = read_game_record(game)
    assert end.outcome == (game["result"], game["reason"])
    # The text output keeps the text notation, the same game.
    status, text, _ = run(capsys, "deal", "--game", "escape", "--seed", "3")
    assert status == 0 and " ".join(str(m) for m in moves) in text.splitlines()


def test_solve_the_seeds_ending(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "--game", "escape", C5)
    assert status == 0 and "White to play loses whatever it plays: Black wins." in out
    one_dot = C5.replace("W1 W2 | B7", "W1 | -")
    status, out, _ = run(capsys, "solve", "--game", "escape", "--json", one_dot)
    # §7 move objects (they were the text strings "W1@0,3", "W1@0,5").
    assert status == 0 and json.loads(out)["moves"] == DOTS
    status, out, _ = run(capsys, "solve", "--game", "escape", one_dot)
    assert status == 0 and out == "White to play wins, with: W1@0,3, W1@0,5.\n"


def test_solve_falls_back_on_proof_number_search(capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from puzzlegen.escape import commands

    monkeypatch.setattr(commands, "SOLVE_BUDGET", 1)  # alpha-beta gives up at once
    one_dot = C5.replace("W1 W2 | B7", "W1 | -")
    status, out, _ = run(capsys, "solve", "--game", "escape", "--json", one_dot)
    assert json.loads(out)["moves"] == DOTS
    monkeypatch.setattr(commands, "PROOF_BUDGET", 0)
    status, out, _ = run(capsys, "solve", "--game", "escape", str(Position.start()))
    assert status == 0 and out.startswith("Undecided within 1 positions and 0 ")


@pytest.mark.parametrize("bad", [
    "white | W1 | - | 0,0 | #",
    "white | W1 | B1 | nonsense",
    '{"escape": 2}',
])
def test_bad_positions_are_one_line(capsys: pytest.CaptureFixture[str], bad: str) -> None:
    status, out, err = run(capsys, "solve", "--game", "escape", bad)
    assert status != 0 and out == ""
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err


def test_svg_writes_a_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    target = tmp_path / "c5.svg"
    status, _, _ = run(capsys, "svg", "--game", "escape", "--mono", "--solution", C5,
                       "-o", str(target))
    text = target.read_text(encoding="utf-8")
    assert (status == 0 and text.startswith("<?xml")) or "<svg" in text
    assert "loses whatever it plays" in text


def test_help_explains_the_game_in_three_lines() -> None:
    from puzzlegen.registry import get_game

    assert len(get_game("escape").summary.splitlines()) == 3


def test_generate_warns_of_a_level_escape_almost_never_makes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    # The search itself is not run here (it may take hours): only what the user is told.
    monkeypatch.setattr("puzzlegen.generator.generate", lambda *a, **k: [])
    db = str(tmp_path / "e.sqlite")
    status, _, err = run(capsys, "generate", "--game", "escape", "--level", "expert",
                         "--count", "1", "--db", db)
    assert status == 0 and "Escape almost never makes Expert puzzles" in err
    status, _, err = run(capsys, "generate", "--game", "escape", "--level", "easy",
                         "--count", "1", "--db", db)
    assert status == 0 and "almost never" not in err


def test_an_unknown_tag_is_named_with_the_right_article(
    capsys: pytest.CaptureFixture[str]
) -> None:
    status, _, err = run(capsys, "catalog", "--game", "escape", "--tag", "nope")
    assert status == 2 and "'nope' is not an Escape tag (choose from" in err


def test_the_svg_is_wide_enough_for_both_full_hands() -> None:
    # The start's hands ran past the 190-point picture and Black's was cut off.
    import xml.etree.ElementTree as ET

    from puzzlegen.escape.position import Position
    from puzzlegen.escape.views.board import MARGIN, _text_width
    from puzzlegen.escape.views.svg import position_svg

    root = ET.fromstring(position_svg(str(Position.start())))
    hands = next(t for t in root.iter() if t.get("class") == "hands" or
                 (t.text or "").startswith("White: "))
    text = "".join(hands.itertext())
    assert text.endswith("Black: B1 B2 B3 B4 B5 B6 B7 B8 B9")
    assert float(root.get("width", 0)) >= _text_width(text, 7.5) + 2 * MARGIN


def test_another_games_json_line_says_what_an_escape_line_holds() -> None:
    from puzzlegen.errors import PositionError
    from puzzlegen.escape.commands import read_position

    with pytest.raises(PositionError, match=r'holds a "position" string .* has \'deal\''):
        read_position('{"deal": "2S 3S KS"}')
    start = read_position(json.dumps({"position": "white | W1 | B7 | -1,-1 | ### / #o. / ###"}))
    assert read_position(json.dumps(start.to_json())) == start


def test_svg_and_solve_read_what_deal_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 'deal | svg -' said "the grid's rows differ in length": the start is deal's second line.
    import io

    from puzzlegen.escape.commands import read_position

    _, printed, _ = run(capsys, "deal", "--game", "escape", "--seed", "3")
    assert read_position(printed) == Position.start()
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(printed.encode())))
    piped, direct = tmp_path / "piped.svg", tmp_path / "direct.svg"
    assert run(capsys, "svg", "--game", "escape", "-", "-o", str(piped))[0] == 0
    assert run(capsys, "svg", "--game", "escape", str(Position.start()), "-o", str(direct))[0] == 0
    assert piped.read_bytes() == direct.read_bytes()



def test_deal_s_heading_alone_is_one_line_not_a_traceback() -> None:
    from puzzlegen.errors import PositionError
    from puzzlegen.escape.commands import _START, read_position

    with pytest.raises(PositionError, match="first line alone holds no position"):
        read_position(_START + "\n")
