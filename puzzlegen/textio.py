"""Text at the edges of the command: input bytes, terminal encodings, argv and signals.

Input is read as bytes and decoded as UTF-8 here, whatever the locale, with
a bound on its length, so a bad or huge line becomes one clear error naming
the line (and quoting only its start) instead of a traceback or a gigabyte
of memory.  Output to a terminal whose encoding lacks the suit symbols
falls back to letters (``4♥`` prints as ``4H``).  SIGTERM and SIGHUP stop
the command the way Ctrl-C does.
"""

from __future__ import annotations

import codecs
import io
import os
import signal
import sys
import threading
from collections import deque
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import contextmanager
from types import FrameType
from typing import TYPE_CHECKING, BinaryIO, TextIO, cast

from puzzlegen.errors import InvalidArgumentError, InvalidInputError, PuzzlegenError

if TYPE_CHECKING:
    from json import JSONDecodeError

#: The longest input line (and standard input for one position) accepted, in bytes.
MAX_LINE = 64 * 1024

#: How much of a rejected input an error message quotes.
QUOTE = 40

#: Plain stand-ins for the few non-ASCII characters puzzlegen prints.
_PLAIN = {
    "♣": "C",
    "♦": "D",
    "♥": "H",
    "♠": "S",
    "—": "-",
    "–": "-",
    "…": "...",
    "×": "x",
    "→": "->",
    "’": "'",
    "‘": "'",
    "“": '"',
    "”": '"',
}
_ERRORS = "puzzlegen-plain"


def counted(n: int, one: str, many: str = "") -> str:
    """``n`` and its noun, singular for one: ``counted(1, "page")`` is "1 page"."""
    return f"{n} {one if n == 1 else many or one + 's'}"


def _plain(exc: UnicodeError) -> tuple[str, int]:
    if not isinstance(exc, UnicodeEncodeError):
        raise exc
    return "".join(_PLAIN.get(ch, "?") for ch in exc.object[exc.start : exc.end]), exc.end


codecs.register_error(_ERRORS, _plain)


def plain_when_needed(stream: TextIO) -> None:
    """Let ``stream`` print what its encoding cannot: suits as letters, other marks as ASCII."""
    if isinstance(stream, io.TextIOWrapper) and stream.errors == "strict":
        stream.reconfigure(errors=_ERRORS)


def quote_start(data: bytes | str) -> str:
    """The start of a rejected input, for an error message: ``'JC JC JC'…``."""
    text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
    return repr(text[:QUOTE]) + ("…" if len(text) > QUOTE else "")


def interrupted() -> str:
    """What Ctrl-C prints: on a line of its own after a terminal's ^C, and with no
    blank line above it in a log."""
    try:
        terminal = sys.stderr is not None and sys.stderr.isatty()
    except ValueError:  # closed
        terminal = False
    return ("\n" if terminal else "") + "puzzlegen: interrupted"


#: The longest error message printed whole; a longer one keeps its start and end.
MAX_MESSAGE = 400


def one_line(message: object) -> str:
    """``message`` for the error line: one that quotes a huge input in full (a deal of
    20,000 cards) keeps its start and its end, and says how much it left out."""
    text = str(message)
    if len(text) <= MAX_MESSAGE:
        return text
    head, tail = text[: MAX_MESSAGE - 100], text[-80:]
    return f"{head} … ({len(text) - len(head) - len(tail)} characters left out) … {tail}"


def decode(data: bytes, where: str) -> str:
    """``data`` as UTF-8 text; an :class:`InvalidInputError` naming ``where`` otherwise."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        bad = data[exc.start : exc.start + 1]
        raise InvalidInputError(
            f"{where} is not valid UTF-8 text (byte {exc.start + 1} is {bad!r}): "
            f"{quote_start(data)}"
        ) from None


def read_text(stream: BinaryIO, *, limit: int = MAX_LINE, where: str = "standard input") -> str:
    """All of ``stream`` as text, refusing more than ``limit`` bytes.

    A byte-order mark at the start (a Windows editor's) is dropped, as the
    batch reader drops it.
    """
    data = stream.read(limit + 1)
    if len(data) > limit:
        raise InvalidInputError(f"{where} is longer than {limit} bytes: {quote_start(data)}")
    return decode(data.removeprefix(codecs.BOM_UTF8), where)


#: What a second JSON line is told, where one position was expected (by solve or svg:
#: the advice fits both; it named only solve, no help to one drawing diagrams).
MANY_POSITIONS = (
    "'puzzlegen solve --json -', with the same --game, solves many, one a line; "
    "svg draws one position per run"
)


def several_lines(
    text: str, exc: JSONDecodeError, *, one: str = "position", many: str = MANY_POSITIONS
) -> None:
    """Raise a clear error if ``exc`` failed on a second JSON line in ``text``: json's
    own message, "Extra data at column 1", names nothing a user can act on.  ``one``
    names what was expected, ``many`` where several of them go."""
    if exc.msg == "Extra data" and "\n" in text[: exc.pos]:
        lines = sum(1 for line in text.splitlines() if line.strip())
        raise InvalidInputError(
            f"{lines} lines where one {one} was expected: give one ({many})"
        ) from None


def unwrap_json(
    text: str,
    keys: Sequence[str],
    needs: str,
    *,
    example: str = "",
    one: str = "position",
    many: str = MANY_POSITIONS,
) -> str:
    """The string (or list of strings, joined by spaces) under the first of ``keys``
    that has one in a JSON object line; any text that does not start with ``{`` as it
    is.  ``needs`` says, after "a JSON line needs", what the object should hold;
    ``example`` (default: the first key) is the key a broken line's message shows;
    ``one`` and ``many`` what a second line is told (:func:`several_lines`)."""
    import json

    stripped = text.strip()
    if not stripped.startswith("{"):
        return text
    quoted = repr(stripped if len(stripped) <= 60 else stripped[:60] + "…")
    try:
        data = json.loads(stripped)
    except json.JSONDecodeError as exc:
        several_lines(stripped, exc, one=one, many=many)
        like = json.dumps({example or keys[0]: "…"}, ensure_ascii=False)
        raise InvalidInputError(
            f"a line starting with '{{' must be a JSON object like {like}: "
            f"{exc.msg.removesuffix(' at')} at column {exc.colno} of {quoted}"
        ) from None
    except RecursionError:
        raise InvalidInputError(
            f"a JSON line is nested too deeply to be a position: {quoted}"
        ) from None
    for key in keys:
        value = data.get(key) if isinstance(data, dict) else None
        if isinstance(value, str):
            return value
        # A list of cards (a daily whole game's game.json writes its deal so) as words.
        if isinstance(value, list) and value and all(isinstance(v, str) for v in value):
            return " ".join(value)
    raise InvalidInputError(f"a JSON line needs {needs}, got {quoted}")


def numbered_lines(
    stream: BinaryIO, *, limit: int = MAX_LINE
) -> Iterator[tuple[int, str | InvalidInputError]]:
    r"""Each line of ``stream`` with its number, as text or as the error that spoils it.

    A line longer than ``limit`` bytes is skipped without being held in memory.

    >>> [str(text)[:23] for _, text in numbered_lines(io.BytesIO(b"AS 2H\n\xff\n"))]
    ['AS 2H\n', 'line 2 is not valid UTF']
    """
    number = 0
    while raw := stream.readline(limit + 1):
        number += 1
        if number == 1 and raw.startswith(codecs.BOM_UTF8):
            raw = raw[len(codecs.BOM_UTF8) :]
            if not raw.endswith(b"\n"):  # the mark's bytes do not count against the limit
                raw += stream.readline(limit + 1 - len(raw))
        if len(raw) > limit and not raw.endswith(b"\n"):
            start = raw
            while raw and not raw.endswith(b"\n"):
                raw = stream.readline(limit)
            yield (
                number,
                InvalidInputError(
                    f"line {number} is longer than {limit} bytes: {quote_start(start)}"
                ),
            )
            continue
        try:
            yield number, decode(raw, f"line {number}")
        except InvalidInputError as exc:
            yield number, exc


def solve_in_runs(
    solve_lines: Callable[[Iterable[str], TextIO], bool], stream: BinaryIO, out: TextIO
) -> bool:
    """Answer one position a line of ``stream`` with ``solve_lines``; False if any line was bad.

    Lines are read as UTF-8 and bounded in length here, for every game and
    every entry point: a line that cannot be read gets its ``{"error": ...}``
    in its place, and ``solve_lines`` answers the runs of good lines between
    such lines, so the batch goes on in order.
    """
    import json

    # Answers are flushed when the command is about to wait for input, not
    # after every line: whoever feeds lines one at a time still gets each
    # answer before the next is read, and a batch from a file or a fast pipe
    # costs one write per buffer instead of one per line.
    lines = numbered_lines(io.BufferedReader(_FlushBeforeReading(stream, out)))
    # The numbers of the lines handed to solve_lines and not yet answered: each
    # answer takes the first, and an error names its line (blank lines get no answer).
    waiting: deque[int] = deque()
    answers = cast(TextIO, _Unflushed(out, waiting))
    all_valid = True
    while True:
        spoiled: list[tuple[int, InvalidInputError]] = []

        def good_run(spoiled: list[tuple[int, InvalidInputError]] = spoiled) -> Iterator[str]:
            for number, line in lines:
                if isinstance(line, InvalidInputError):
                    spoiled.append((number, line))
                    return
                if line.strip():
                    waiting.append(number)
                yield line

        all_valid &= solve_lines(good_run(), answers)
        if not spoiled:
            out.flush()
            return all_valid
        number, error = spoiled[0]
        out.write(json.dumps({"error": one_line(error), "line": number}) + "\n")
        out.flush()
        all_valid = False


class _FlushBeforeReading(io.RawIOBase):
    """``stream`` read as raw bytes, flushing ``out`` before each read (which may wait)."""

    def __init__(self, stream: BinaryIO, out: TextIO) -> None:
        super().__init__()
        self._stream, self._out = stream, out
        # read1: one read of what is there, never waiting for a whole buffer.
        read1 = getattr(stream, "read1", None)
        self._read = read1 if read1 is not None else stream.read

    def readable(self) -> bool:
        return True

    def readinto(self, buffer: memoryview) -> int:  # type: ignore[override]
        self._out.flush()
        data = self._read(len(buffer))
        buffer[: len(data)] = data
        return len(data)


def _numbered(answer: str, number: int | None) -> str:
    """``answer`` with ``"line": number`` added if it is an ``{"error": …}`` object."""
    import json

    if number is None or not answer.startswith('{"error"'):
        return answer
    return json.dumps({**json.loads(answer), "line": number})


class _Unflushed(io.TextIOBase):
    """Writes answers to ``out``, one line each, the next of ``waiting`` (the input
    line it answers) added to an ``{"error": …}`` as ``"line"``; flushing is left to
    :class:`_FlushBeforeReading`."""

    def __init__(self, out: TextIO, waiting: deque[int]) -> None:
        super().__init__()
        self._out, self._waiting = out, waiting
        self._partial = ""

    def write(self, text: str) -> int:
        if not self._partial and text.endswith("\n") and text.count("\n") == 1:
            # One whole answer, as every game writes them: the quick way.
            number = self._waiting.popleft() if self._waiting else None
            self._out.write(_numbered(text[:-1], number) + "\n" if text[0] == "{" else text)
            return len(text)
        *whole, self._partial = (self._partial + text).split("\n")
        for line in whole:
            number = self._waiting.popleft() if self._waiting else None
            self._out.write(_numbered(line, number) + "\n")
        return len(text)

    def flush(self) -> None:
        pass


class ClosedStream(io.TextIOBase):
    """Stands for standard input or output when the command was started with it closed
    (``<&-``, ``>&-``): using it is one clear error, where Python would give a
    traceback (reading) or write nothing and exit 0 (printing)."""

    def __init__(self, name: str, hint: str) -> None:
        super().__init__()
        self._name, self._hint = name, hint

    @property
    def buffer(self) -> ClosedStream:
        return self

    def _closed(self) -> PuzzlegenError:
        return PuzzlegenError(f"{self._name} is closed: {self._hint}")

    def read(self, _size: int | None = -1) -> str:
        raise self._closed()

    def read1(self, _size: int = -1) -> str:
        raise self._closed()

    def readline(self, _size: int | None = -1) -> str:  # type: ignore[override]
        raise self._closed()

    def write(self, _text: object) -> int:
        raise self._closed()

    def flush(self) -> None:
        pass  # nothing was written: nothing to lose


def stand_in_for_closed_streams() -> None:
    """Put a :class:`ClosedStream` where standard input or output was closed at start.

    The closed descriptor is also opened on the null device, so that no file
    opened later (a catalog, a PDF) takes its number and receives what a
    child process writes to it.
    """
    for fd in (0, 1):
        try:
            os.fstat(fd)
        except OSError:
            null = os.open(os.devnull, os.O_RDWR)
            if null != fd:  # another lower descriptor was free: keep things as they were
                os.close(null)
    if sys.stdin is None:
        sys.stdin = ClosedStream("standard input", "give the input some other way (e.g. '< file')")
    if sys.stdout is None:
        sys.stdout = ClosedStream("standard output", "send it to a file or a pipe (e.g. '> file')")


def check_arguments(argv: Sequence[str]) -> None:
    """Refuse, by option name, an argument that is not UTF-8 (argv holds it as surrogates)."""
    for i, arg in enumerate(argv):
        try:
            arg.encode("utf-8")
        except UnicodeEncodeError:
            raw = os.fsencode(arg)
            if arg.startswith("--") and "=" in arg:
                owner = arg.split("=", 1)[0]
            elif i and argv[i - 1].startswith("-") and argv[i - 1] != "-":
                owner = argv[i - 1]
            else:
                owner = f"argument {i + 1}"
            raise InvalidArgumentError(
                f"{owner} is not valid UTF-8 text: {raw[: QUOTE * 2]!r}"
            ) from None


class Stopped(BaseException):
    """The command was asked to stop by a signal (SIGTERM, SIGHUP): like Ctrl-C, not a bug."""

    def __init__(self, signum: int) -> None:
        self.signum = signum
        super().__init__(signal.Signals(signum).name)


def _stop(signum: int, _frame: FrameType | None) -> None:
    # Stop once: a second signal during the clean-up must not interrupt it.
    _ignore_stops()
    raise Stopped(signum)


def _interrupt(_signum: int, _frame: FrameType | None) -> None:
    # Ctrl-C, once: a second one (an impatient user, or 'timeout', which signals
    # the command and then its process group) broke into the clean-up of the
    # first, which then never finished.
    _ignore_stops()
    raise KeyboardInterrupt


def _ignore_stops() -> None:
    for other in (signal.SIGINT, *_STOP_SIGNALS):
        signal.signal(other, signal.SIG_IGN)


_STOP_SIGNALS = tuple(
    getattr(signal, name) for name in ("SIGTERM", "SIGHUP") if hasattr(signal, name)
)


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """Within the block, SIGTERM and SIGHUP raise :class:`Stopped` (main thread only).

    Ctrl-C (SIGINT) raises :exc:`KeyboardInterrupt` even when the process was
    started with SIGINT ignored, as a shell does for a command run in the
    background with ``&``: a user who sends SIGINT on purpose
    (``kill -INT``) means stop.  The first stop signal wins: the others are
    ignored from then on, after the block too (the command is ending), so
    nothing breaks into the clean-up or the exit.
    """
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signum: signal.signal(signum, _stop) for signum in _STOP_SIGNALS}
    previous[signal.SIGINT] = signal.signal(signal.SIGINT, _interrupt)
    try:
        yield
    finally:
        if signal.getsignal(signal.SIGINT) is not signal.SIG_IGN:  # no stop came
            for signum, handler in previous.items():
                signal.signal(signum, handler)
