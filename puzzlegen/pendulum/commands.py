"""Pendulum's side of ``puzzlegen deal``, ``solve`` and ``svg``.

A position is read in any of three forms (:func:`read_position`): a deal of 48
cards (``solve`` then tries all twelve methods), a position's text form
``method | foundations | rows … | right 0``, or a puzzle description
``pendulum:<kind>:<method or ->:<cards>``.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TextIO

from puzzlegen.errors import InvalidInputError
from puzzlegen.pendulum.methods import METHODS
from puzzlegen.pendulum.position import Deal, Position
from puzzlegen.pendulum.solver import MethodResult, solve_position


def read_position(text: str) -> tuple[Deal | None, Position | None]:
    """A deal (every method to try) or a position (one method)."""
    from puzzlegen.pendulum.puzzle import parse_description

    stripped = text.strip()
    if stripped.startswith("pendulum:"):
        _, deal, method = parse_description(stripped)
        return (deal, None) if method is None else (None, deal.start(method))
    if "|" in stripped:
        return None, Position.parse(stripped)
    return Deal.parse(stripped), None


def _results(text: str) -> tuple[Position | Deal, list[MethodResult]]:
    deal, position = read_position(text)
    if position is not None:
        return position, [solve_position(position)]
    assert deal is not None
    return deal, [solve_position(deal.start(m)) for m in METHODS]


def deal_text(seed: str, *, as_json: bool = False) -> str:
    deal = Deal.from_seed(seed)
    if as_json:
        return json.dumps({"seed": seed, "deal": str(deal),
                           "rows": [[str(c) for c in row] for row in deal.rows()]})
    return "\n".join([f"Pendulum deal for seed {seed!r} (the four aces start the foundations):",
                      "", deal.grid(), "", str(deal)])


def solve_text(text: str, *, as_json: bool = False) -> str:
    from puzzlegen.pendulum.views.prose import line_text

    start, results = _results(text)
    if as_json:
        return json.dumps({"position": str(start), "methods": [r.to_json() for r in results]})
    lines = [start.grid(), ""]
    for r in results:
        lines.append(f"{r.method!s:7} " + (f"wins in {r.par} swings, {r.card_moves} card moves"
                                          if r.won else "loses"))
    won = [r for r in results if r.won]
    if won:
        best = min(won, key=lambda r: (r.par or 0, r.card_moves))
        first = start if isinstance(start, Position) else start.start(best.method)
        lines += ["", line_text(first, best)]
    else:
        lines += ["", "No method wins."]
    return "\n".join(lines)


def solve_lines(lines: Iterable[str], out: TextIO) -> bool:
    all_valid = True
    for raw in lines:
        text = raw.strip()
        if not text:
            continue
        try:
            start, results = _results(text)
            payload: dict[str, object] = {"position": str(start),
                                          "methods": [r.to_json() for r in results]}
        except InvalidInputError as exc:
            payload = {"error": str(exc)}
            all_valid = False
        out.write(json.dumps(payload) + "\n")
        out.flush()
    return all_valid


def position_svg(
    text: str, *, solution: bool = False, mono: bool = False, size: float | None = None
) -> str:
    """The position drawn; a deal is drawn under up-1.  With ``solution`` the answer's
    methods and swings are written under the layout."""
    from puzzlegen.pendulum.views.prose import swings_phrase
    from puzzlegen.pendulum.views.svg import board_svg

    deal, position = read_position(text)
    start = position if position is not None else deal.start(METHODS[0])  # type: ignore[union-attr]
    caption = ""
    if solution:
        _, results = _results(text)
        won = [f"{r.method} in {swings_phrase(r.par or 0)}" for r in results if r.won]
        caption = "Wins: " + ", ".join(won) if won else "No method wins."
    return board_svg(start, mono=mono, caption=caption, size=size)
