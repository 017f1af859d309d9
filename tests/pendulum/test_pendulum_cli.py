"""``puzzlegen deal`` and ``solve`` with ``--game pendulum``."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from puzzlegen.cli import main
from puzzlegen.pendulum.methods import METHODS
from puzzlegen.pendulum.position import Deal, Move
from puzzlegen.pendulum.solver import solve

DEAL = str(Deal.from_seed(0))


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_deal(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "deal", "--game", "pendulum", "--seed", "0")
    assert status == 0 and DEAL in out and "10S  KS" in out
    status, out, _ = run(capsys, "deal", "--game", "pendulum", "--seed", "0", "--json")
    assert status == 0 and json.loads(out) == {"seed": "0", "deal": DEAL}  # as Cat's Cradle's


def test_solve_every_method_in_text(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "--game", "pendulum", DEAL)
    assert status == 0
    for method in METHODS:
        result = solve(Deal.from_seed(0), method)
        line = next(x for x in out.splitlines() if x.startswith(f"{method} "))
        assert ("wins: par" in line) == result.won
    assert "7 of 12 methods win." in out


def test_solve_reads_what_deal_prints(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # `deal | solve -` said "a Pendulum deal has 48 cards, got 105".
    for seed in ("0", "a: b"):
        _, printed, _ = run(capsys, "deal", "--game", "pendulum", "--seed", seed)
        monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(printed.encode())))
        status, out, _ = run(capsys, "solve", "--game", "pendulum", "--method", "up-1", "-")
        _, direct, _ = run(capsys, "solve", "--game", "pendulum", "--method", "up-1",
                           str(Deal.from_seed(seed)))
        assert status == 0 and out == direct


def test_solve_one_method_json(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "solve", "--game", "pendulum", "--json", "--method", "up-11", DEAL)
    assert status == 0
    payload = json.loads(out)
    assert payload["deal"] == DEAL and len(payload["methods"]) == 1
    entry = payload["methods"][0]
    assert entry["method"] == "down-2" and entry["won"] is True
    position = Deal.from_seed(0).start("down-2")
    for data in entry["moves"]:
        position = position.play(Move.from_json(data))
    assert position.won
    assert sum(1 for m in entry["moves"] if "swing" in m) == entry["par"]


def test_solve_batch_goes_on_after_a_bad_line(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    bad = DEAL.replace("KS", "AS")
    lines = f"{DEAL}\n\n{bad}\n{DEAL}\n"
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(lines.encode())))
    status, out, _ = run(capsys, "solve", "--game", "pendulum", "--json", "--method", "up-4", "-")
    assert status == 1
    rows = [json.loads(x) for x in out.splitlines()]
    assert len(rows) == 3
    assert rows[0] == {"deal": DEAL, "methods": [{"method": "up-4", "won": False}]}
    assert "ace 'AS'" in rows[1]["error"]
    assert rows[2] == rows[0]


def test_a_bad_method_is_one_error_before_any_line_is_read(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    stdin = io.BytesIO(f"{DEAL}\n{DEAL}\n".encode())
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(stdin))
    argv = ["solve", "--game", "pendulum", "--json", "--method", "bogus", "-"]
    status, out, err = run(capsys, *argv)
    assert status != 0 and out == ""
    assert err.strip().splitlines() == [err.strip()] and "unknown method 'bogus'" in err
    # up-9 solved as down-4 looked like a slip: the message says the long names are read.
    assert "up-7 … up-12 and down-7 … down-12 are read too: up-9 is down-4" in err
    assert stdin.tell() == 0


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--method", "sideways-2", DEAL], "unknown method 'sideways-2'"),
        (["2C 3C"], "got 2"),
        ([DEAL.replace("KS", "10S")], "'10S' appears twice"),
    ],
)
def test_bad_input_is_one_line(
    capsys: pytest.CaptureFixture[str], argv: list[str], named: str
) -> None:
    status, out, err = run(capsys, "solve", "--game", "pendulum", *argv)
    assert status != 0 and out == ""
    assert named in err and len(err.strip().splitlines()) == 1


def test_method_is_pendulums_only(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(
        capsys, "solve", "--method", "up-1", "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S"
    )
    assert status != 0 and "--method does not apply to Cat's Cradle" in err


def test_svg_is_made_now(capsys: pytest.CaptureFixture[str]) -> None:
    # pendpub: the plugin draws Pendulum now (tests/pendulum/test_pendulum_plugin.py).
    status, out, _ = run(capsys, "svg", "--game", "pendulum", DEAL)
    assert status == 0 and out.startswith("<svg")


def test_solve_batch_reads_what_deal_json_prints(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    status, dealt, _ = run(capsys, "deal", "--game", "pendulum", "--seed", "0", "--json")
    start = Deal.from_seed(0).start("up-4")
    lines = dealt + json.dumps({"position": str(start)}) + '\n{"deal": 48}\n{"deal\n'
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(lines.encode())))
    status, out, _ = run(capsys, "solve", "--game", "pendulum", "--json", "--method", "up-4", "-")
    assert status == 1
    by_deal, by_position, wrong_type, broken = (json.loads(x) for x in out.splitlines())
    assert by_deal == {"deal": DEAL, "methods": [{"method": "up-4", "won": False}]}
    assert by_position["position"] == str(start) and by_position["methods"] == by_deal["methods"]
    assert "needs a \"deal\"" in wrong_type["error"] and "JSON object" in broken["error"]
    # One deal given as JSON on the command line, too.
    status, out, _ = run(capsys, "solve", "--game", "pendulum", dealt.strip())
    assert status == 0 and "7 of 12 methods win." in out


def test_svg_reads_what_deal_prints(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # 'deal | svg -' said "a Pendulum deal has 48 cards, got 105", where solve read it.
    _, printed, _ = run(capsys, "deal", "--game", "pendulum", "--seed", "3")
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(printed.encode())))
    piped, direct = tmp_path / "piped.svg", tmp_path / "direct.svg"
    assert run(capsys, "svg", "--game", "pendulum", "-", "-o", str(piped))[0] == 0
    deal = str(Deal.from_seed("3"))
    assert run(capsys, "svg", "--game", "pendulum", deal, "-o", str(direct))[0] == 0
    assert piped.read_bytes() == direct.read_bytes()
