from __future__ import annotations

import io
import os
import signal

import pytest

from puzzlegen.errors import InvalidInputError
from puzzlegen.textio import (
    MAX_LINE,
    Stopped,
    check_arguments,
    numbered_lines,
    plain_when_needed,
    read_text,
    stop_on_signals,
)


def test_a_byte_order_mark_is_dropped_from_one_read_as_from_lines() -> None:
    # A Windows editor's file piped to 'solve -': "got '\ufeffwhite'".
    assert read_text(io.BytesIO(b"\xef\xbb\xbfwhite | W1")) == "white | W1"
    assert read_text(io.BytesIO("white \ufeff".encode())) == "white \ufeff"  # only at the start


def test_lines_are_decoded_one_by_one() -> None:
    stream = io.BytesIO(b"\xef\xbb\xbfAS 2H\nJ\xe2\x99\xa3\nbad \xff here\n\nlast")
    lines = list(numbered_lines(stream))
    assert [n for n, _ in lines] == [1, 2, 3, 4, 5]
    assert lines[0][1] == "AS 2H\n" and lines[1][1] == "J♣\n" and lines[4][1] == "last"
    error = lines[2][1]
    assert isinstance(error, InvalidInputError)
    assert str(error).startswith("line 3 is not valid UTF-8 text (byte 5 is b'\\xff')")


def test_a_long_line_is_skipped_and_quoted_by_its_start() -> None:
    stream = io.BytesIO(b"AS " * 50_000 + b"\nKS\n")
    (n1, first), (n2, second) = numbered_lines(stream)
    assert (n1, n2, second) == (1, 2, "KS\n")
    assert isinstance(first, InvalidInputError)
    assert f"line 1 is longer than {MAX_LINE} bytes" in str(first) and len(str(first)) < 120
    # Exactly at the limit is fine.
    exact = b"x" * (MAX_LINE - 1) + b"\n"
    assert list(numbered_lines(io.BytesIO(exact))) == [(1, exact.decode())]
    # A byte-order mark does not hide a first line one byte too long, whose end
    # was then answered as a line of its own, every answer after it out of step.
    over = b"\xef\xbb\xbf" + b"x" * MAX_LINE + b"X\nKS\n"
    lines = list(numbered_lines(io.BytesIO(over)))
    assert [n for n, _ in lines] == [1, 2] and isinstance(lines[0][1], InvalidInputError)
    # And the mark's three bytes do not count: a line of the limit after it is read.
    fits = b"\xef\xbb\xbf" + b"x" * MAX_LINE + b"\nKS\n"
    assert list(numbered_lines(io.BytesIO(fits))) == [(1, "x" * MAX_LINE + "\n"), (2, "KS\n")]


def test_read_text_is_bounded_and_utf8() -> None:
    assert read_text(io.BytesIO("4♥ 5♠".encode())) == "4♥ 5♠"
    with pytest.raises(InvalidInputError, match=f"longer than {MAX_LINE} bytes: 'AS AS"):
        read_text(io.BytesIO(b"AS " * 30_000))
    with pytest.raises(InvalidInputError, match="not valid UTF-8"):
        read_text(io.BytesIO(b"4\xe9"))


def test_suits_print_as_letters_where_the_encoding_lacks_them() -> None:
    raw = io.BytesIO()
    stream = io.TextIOWrapper(raw, encoding="latin-1")
    plain_when_needed(stream)
    stream.write("J♣ on Q♥ — giving 6 spaces; é stays\n")
    stream.flush()
    assert raw.getvalue().decode("latin-1") == "JC on QH - giving 6 spaces; é stays\n"


def test_arguments_must_be_utf8() -> None:
    check_arguments(["deal", "--seed", "J♣"])
    bad = os.fsdecode(b"\xffx")
    with pytest.raises(InvalidInputError, match=r"--seed is not valid UTF-8 text: b'\\xffx'"):
        check_arguments(["deal", "--seed", bad])
    with pytest.raises(InvalidInputError, match="--title is not valid UTF-8"):
        check_arguments(["book", f"--title={bad}"])
    with pytest.raises(InvalidInputError, match="argument 2 is not valid UTF-8"):
        check_arguments(["solve", bad])


def test_sigterm_stops_like_ctrl_c() -> None:
    with pytest.raises(Stopped) as caught, stop_on_signals():
        os.kill(os.getpid(), signal.SIGTERM)
        signal.sigtimedwait([], 0)  # let the handler run
        for _ in range(10**6):
            pass
    assert caught.value.signum == signal.SIGTERM and str(caught.value) == "SIGTERM"


def test_without_a_stop_the_handlers_are_put_back() -> None:
    before = {s: signal.getsignal(s) for s in (signal.SIGINT, signal.SIGTERM)}
    with stop_on_signals():
        assert signal.getsignal(signal.SIGINT) != before[signal.SIGINT]
    assert {s: signal.getsignal(s) for s in before} == before


def _signalled(signum: int) -> None:
    os.kill(os.getpid(), signum)
    for _ in range(10**6):  # the handler runs between bytecodes
        pass


@pytest.mark.parametrize("first", [signal.SIGINT, signal.SIGTERM])
def test_the_first_stop_wins_and_a_second_cannot_break_into_the_clean_up(first: int) -> None:
    # 'timeout -s INT' signals the command and then its process group: the second
    # Ctrl-C broke into the wait for the worker pool, and the exit hung for ever.
    cleaned = False
    with pytest.raises((KeyboardInterrupt, Stopped)), stop_on_signals():
        try:
            _signalled(first)
        finally:
            _signalled(signal.SIGINT)
            _signalled(signal.SIGTERM)
            cleaned = True
    # Nor the exit after the block: the stops stay ignored.
    _signalled(signal.SIGINT)
    assert cleaned and signal.getsignal(signal.SIGINT) is signal.SIG_IGN


def test_unwrap_json_is_one_function_for_every_game() -> None:
    from puzzlegen.textio import unwrap_json

    keys, needs = ("deal", "position"), 'a "deal" or a "position" string'
    assert unwrap_json("2C 3C", keys, needs) == "2C 3C"
    assert unwrap_json('{"position": "P", "deal": "D"}', keys, needs) == "D"
    assert unwrap_json('{"deal": 3, "position": "P"}', keys, needs) == "P"
    with pytest.raises(InvalidInputError, match=r"^a JSON line needs a \"deal\" or a "):
        unwrap_json('{"layout": "L"}', keys, needs)
    with pytest.raises(InvalidInputError, match=r"like \{\"layout\": \"…\"\}: Expecting"):
        unwrap_json("{nope", keys, needs, example="layout")
    with pytest.raises(InvalidInputError, match=r": Unterminated string starting at column 10 "):
        unwrap_json('{"deal": "AS 2S', keys, needs)  # json's message ends "at": not "at at"
    with pytest.raises(InvalidInputError, match=r"^2 lines where one position was expected: "):
        unwrap_json('{"deal": "A"}\n{"deal": "B"}\n', keys, needs)  # not "Extra data"
