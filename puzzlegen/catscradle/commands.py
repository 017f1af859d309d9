"""Cat's Cradle's side of ``puzzlegen deal``, ``solve`` and ``svg``.

The command line parses the options; these functions read the game's
notation, solve and format.  Drawing and prose modules are imported only by
the functions that need them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TextIO

from puzzlegen import textio
from puzzlegen.errors import InvalidInputError


def deal_text(seed: str, *, as_json: bool = False) -> str:
    from puzzlegen.catscradle.position import Deal

    the_deal = Deal.from_seed(seed)
    if as_json:
        payload = {
            "seed": seed,
            "deal": str(the_deal),
            "layout": str(the_deal.layout),
            "stock": [str(c) for c in the_deal.stock],
        }
        return json.dumps(payload)
    return "\n".join(
        [
            # RULES.md: "Print uses the symbols"; every line reads back as a deal.
            f"Deal for seed {seed!r}: {' '.join(c.symbol() for c in the_deal.cards)}",
            "",
            "Layout:",
            the_deal.layout.grid(symbols=True),
            "",
            "Stock, top card first:",
            " ".join(c.symbol() for c in the_deal.stock),
        ]
    )


def unwrap_json(text: str) -> str:
    """The layout of a JSON object ``{"layout": L}`` (what ``deal --json`` prints) or
    ``{"position": P}`` (what ``solve --json`` answers with); other text as it is."""
    return textio.unwrap_json(
        text,
        ("position", "layout"),
        'a "layout" (16 cards, as `puzzlegen deal --json` prints) or a "position" string',
        example="layout",
    )


def solve_text(text: str, *, as_json: bool = False) -> str:
    from puzzlegen.catscradle.puzzle import position_from_description
    from puzzlegen.catscradle.solver import best_line

    start = position_from_description(unwrap_json(text))
    line = best_line(start)
    if as_json:
        return json.dumps(line.to_json())
    from puzzlegen.catscradle.views.prose import best_line_sentence

    grids = start.grid(symbols=True), line.final.grid(symbols=True)  # "Print uses the symbols"
    return "\n".join([grids[0], "", best_line_sentence(line), "", grids[1]])


def solve_lines(lines: Iterable[str], out: TextIO) -> bool:
    """``solve --json -``: one JSON line per non-blank input line; False if any was bad.

    Streams: each answer is written before the next line is read, so memory
    stays constant however long the input.  Plain valid positions go straight
    from text to JSON in the solver core (:func:`core.solve_json`); anything
    else (puzzle descriptions, mistakes) goes through the full parser, whose
    error messages name the fault.  Output is flushed after each line unless
    it goes to a regular file, where nobody waits for it line by line.
    """
    from puzzlegen.catscradle.core import solve_json

    flush = out.flush if _waits_for_lines(out) else _nothing
    all_valid = True
    for raw in lines:
        text = raw.strip()
        if not text:
            continue
        answer = solve_json(text)
        if answer is None:
            answer, valid = _solve_slowly(text)
            all_valid = all_valid and valid
        out.write(answer + "\n")
        flush()
    return all_valid


def _solve_slowly(text: str) -> tuple[str, bool]:
    """The JSON line for ``text`` through the full parser: the answer, or the error."""
    from puzzlegen.catscradle.puzzle import position_from_description
    from puzzlegen.catscradle.solver import best_line

    try:
        return json.dumps(best_line(position_from_description(unwrap_json(text))).to_json()), True
    except InvalidInputError as exc:
        return json.dumps({"error": textio.one_line(exc)}), False


def _waits_for_lines(out: TextIO) -> bool:
    """Whether someone may be reading ``out`` line by line (a pipe, a terminal, a test)."""
    import os
    import stat

    try:
        return not stat.S_ISREG(os.fstat(out.fileno()).st_mode)
    except (AttributeError, OSError, ValueError):  # io.StringIO and friends have no file
        return True


def _nothing() -> None:
    pass


def position_svg(
    text: str,
    *,
    solution: bool = False,
    mono: bool = False,
    size: float | None = None,
    lines: bool = False,
    coordinates: bool = False,
) -> str:
    from puzzlegen.catscradle.puzzle import position_from_description
    from puzzlegen.catscradle.solver import best_line
    from puzzlegen.catscradle.views.svg import board_svg

    start = position_from_description(unwrap_json(text))
    return board_svg(
        start,
        size=size,
        mono=mono,
        lines=lines,
        coordinates=coordinates,
        arrows=best_line(start).moves if solution else (),
    )
