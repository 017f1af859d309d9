"""The console script's fast lane for ``solve --json -`` behaves exactly like the full command."""

from __future__ import annotations

import io
from collections.abc import Iterator

import pytest

from puzzlegen import launch
from puzzlegen.catscradle import commands, core
from puzzlegen.cli import main as full_main
from puzzlegen.pendulum import core as pendulum_core

WORKED = "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S"
MIXED = "\n".join(
    [
        WORKED,
        "",
        "   ",
        "JC JC",  # an error line, named by the full parser
        "jc 9♠ 8h 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S",  # symbols and case
        "cc:JC.9S.8H.3C.QH.AS.9C.9D.7S.QD.2H.2C.4D.4H.6D.6S",  # a puzzle description
        "8D AC 2C 7S/6D 8H/7C 5S/4H 6H/5C 4C 6C 9S 4D 3S 8C 10C JC QC",
        "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6X",
    ]
)


def _run(
    entry: object,
    argv: list[str],
    text: str | bytes,
    monkeypatch: pytest.MonkeyPatch,
    capsys: object,
) -> tuple[int, str, str]:
    data = text.encode() if isinstance(text, str) else text
    monkeypatch.setattr("sys.stdin", io.TextIOWrapper(io.BytesIO(data)))
    status = entry(argv)  # type: ignore[operator]
    out, err = capsys.readouterr()  # type: ignore[attr-defined]
    return status, out, err


# Bytes that are not UTF-8 and a line over the 64 KB bound: each line answered alone.
SPOILED = b"JC 9S \xff\n" + b"AS " * 30_000 + b"\n" + WORKED.encode() + b"\n"


#: The spellings of the batch solve that take the fast lane.
FAST = (
    ["solve", "--json", "-"],
    ["solve", "-", "--json"],
    ["solve", "--json", "--game", "cats-cradle", "-"],
    ["solve", "--game", "cats-cradle", "--json", "-"],
)


def test_which_invocations_take_the_fast_lane() -> None:
    assert [launch.fast_lane_game(argv) for argv in FAST] == ["cats-cradle"] * 4
    for other in (["solve", "--json", "x"], ["solve", "-"], ["deal", "--json", "-"], ["solve"]):
        assert launch.fast_lane_game(other) is None
    assert launch.fast_lane_game(["solve", "--game", "toy", "--json", "-"]) == "toy"


@pytest.mark.parametrize("argv", FAST)
@pytest.mark.parametrize("text", [MIXED, WORKED + "\n", "", SPOILED])
def test_fast_lane_matches_the_full_command(
    argv: list[str],
    text: str | bytes,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    fast = _run(launch.main, argv, text, monkeypatch, capsys)
    full = _run(full_main, argv, text, monkeypatch, capsys)
    assert fast == full
    if text == MIXED:
        assert fast[0] == 1 and len(fast[1].splitlines()) == 6
    if text == SPOILED:
        errors = [line for line in fast[1].splitlines() if line.startswith('{"error"')]
        assert fast[0] == 1 and len(fast[1].splitlines()) == 3 and len(errors) == 2


def test_other_commands_go_to_the_full_command_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, _ = _run(launch.main, ["solve", WORKED], "", monkeypatch, capsys)
    assert status == 0 and "six spaces" in out
    status, out, _ = _run(launch.main, ["--version"], "", monkeypatch, capsys)
    assert (
        status == 0
        and out.startswith("puzzlegen ")
        and f"(cats-cradle solver core: {core.CORE}; pendulum solver core: {pendulum_core.CORE})"
        in out
    )


def test_batch_streams_a_line_at_a_time() -> None:
    # Each answer is written before the next line is read: constant memory
    # however long the input (shown on a generator, not by timing).
    read = 0
    written: list[int] = []

    def lines() -> Iterator[str]:
        nonlocal read
        for _ in range(1000):
            read += 1
            yield WORKED + "\n"

    class Out(io.StringIO):
        def write(self, text: str) -> int:
            written.append(read)
            return len(text)

    assert commands.solve_lines(lines(), Out())
    assert written == list(range(1, 1001))


@pytest.mark.parametrize("entry", ["puzzlegen.launch", "puzzlegen.cli"])
def test_each_answer_comes_before_the_command_waits_for_the_next_line(entry: str) -> None:
    # Output is flushed only when the command is about to wait for input (not
    # after every line): a program feeding one line at a time over a pipe
    # still reads each answer before it writes the next line.
    import os
    import select
    import subprocess
    import sys

    code = f"import sys; from {entry} import main; sys.exit(main())"
    env = {k: v for k, v in os.environ.items() if k != "PYTHONUNBUFFERED"}  # buffered, as usual
    with subprocess.Popen(
        [sys.executable, "-c", code, "solve", "--json", "-"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
    ) as process:
        assert process.stdin is not None and process.stdout is not None
        for text in (WORKED, "JC JC", WORKED):
            process.stdin.write(text.encode() + b"\n")
            process.stdin.flush()
            ready, _, _ = select.select([process.stdout], [], [], 60)
            assert ready, f"no answer to {text!r} while the pipe stayed open"
            answer = process.stdout.readline()
            assert answer.startswith(b'{"position"' if text == WORKED else b'{"error"')
        process.stdin.close()
        assert process.stdout.read() == b"" and process.wait(60) == 1
