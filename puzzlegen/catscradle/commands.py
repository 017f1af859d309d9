"""Cat's Cradle's side of ``puzzlegen deal``, ``solve`` and ``svg``.

The command line parses the options; these functions read the game's
notation, solve and format.  Drawing and prose modules are imported only by
the functions that need them.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TextIO

from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.puzzle import position_from_description
from puzzlegen.catscradle.solver import best_line
from puzzlegen.errors import InvalidInputError


def deal_text(seed: str, *, as_json: bool = False) -> str:
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
            f"Deal for seed {seed!r}: {the_deal}",
            "",
            "Layout:",
            the_deal.layout.grid(),
            "",
            "Stock, top card first:",
            " ".join(str(c) for c in the_deal.stock),
        ]
    )


def solve_text(text: str, *, as_json: bool = False) -> str:
    start = position_from_description(text)
    line = best_line(start)
    if as_json:
        return json.dumps(line.to_json())
    from puzzlegen.catscradle.views.prose import best_line_sentence

    return "\n".join([start.grid(), "", best_line_sentence(line), "", line.final.grid()])


def solve_lines(lines: Iterable[str], out: TextIO) -> bool:
    all_valid = True
    for raw in lines:
        text = raw.strip()
        if not text:
            continue
        try:
            payload = best_line(position_from_description(text)).to_json()
        except InvalidInputError as exc:
            payload = {"error": str(exc)}
            all_valid = False
        out.write(json.dumps(payload) + "\n")
        out.flush()
    return all_valid


def position_svg(
    text: str,
    *,
    solution: bool = False,
    mono: bool = False,
    size: float | None = None,
    lines: bool = False,
    coordinates: bool = False,
) -> str:
    from puzzlegen.catscradle.views.svg import board_svg

    start = position_from_description(text)
    return board_svg(
        start,
        size=size,
        mono=mono,
        lines=lines,
        coordinates=coordinates,
        arrows=best_line(start).moves if solution else (),
    )
