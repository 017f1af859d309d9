"""Pendulum's side of ``puzzlegen deal`` and ``solve``.

``solve`` takes a deal (48 cards) and solves it under every method, or under
the one ``method`` names; it also takes a position's text (see
:mod:`puzzlegen.pendulum.position`), which carries its own method.  Either
may come as a JSON object, ``{"deal": D}`` (what ``deal --json`` prints, and
what ``solve --json`` answers with) or ``{"position": P}``, so that
``puzzlegen deal --game pendulum --seed 3 --json | puzzlegen solve --game
pendulum --json -`` works, and so does ``deal``'s text, whose first line ends with
the deal.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import TextIO

from puzzlegen import textio
from puzzlegen.errors import InvalidInputError
from puzzlegen.pendulum.methods import METHODS, Method
from puzzlegen.pendulum.position import Deal, Position
from puzzlegen.pendulum.solver import MethodResult, solve_position

#: How ``deal``'s text begins, so that ``deal | solve -`` reads the deal out of it.
_HEADING = "Deal for seed "


def deal_text(seed: str, *, as_json: bool = False) -> str:
    deal = Deal.from_seed(seed)
    if as_json:
        return json.dumps({"seed": seed, "deal": str(deal)})  # as Cat's Cradle's deal --json
    heading = f"{_HEADING}{seed!r}: {deal}"
    return "\n".join([heading, "", "Six rows, top row first:", deal.grid()])


def unwrap_json(text: str) -> str:
    """The deal or position of a JSON object ``{"deal": D}`` or ``{"position": P}``, or
    of what ``deal`` prints (its first line ends with the deal); other text as it is."""
    if text.startswith(_HEADING):  # solve - and svg - read what deal prints
        return text.splitlines()[0].rsplit(": ", 1)[-1]
    return textio.unwrap_json(
        text,
        ("deal", "position"),
        'a "deal" (48 cards row by row, as `puzzlegen deal --game pendulum --json` '
        'prints) or a "position" string',
    )


def _parse(text: str, chosen: Method | None) -> tuple[dict[str, str], list[Position]]:
    """The input's JSON key and the starting positions to solve."""
    text = unwrap_json(text)
    if "|" in text:
        position = Position.parse(text)
        if chosen is not None and chosen != position.method:
            raise InvalidInputError(
                f"--method {chosen} does not match the position's method {position.method}"
            )
        return {"position": str(position)}, [position]
    deal = Deal.parse(text)
    methods = [chosen] if chosen is not None else list(METHODS)
    return {"deal": str(deal)}, [deal.start(m) for m in methods]


def _solve(text: str, method: Method | None) -> tuple[dict[str, str], list[MethodResult]]:
    head, starts = _parse(text, method)
    return head, [solve_position(p) for p in starts]


def _method_of(method: object) -> Method | None:
    """The ``--method`` option parsed, once, before any input is read."""
    if method is None:
        return None
    if not isinstance(method, str):
        raise InvalidInputError(f"--method takes a method's name, got {method!r}")
    return Method.parse(method)


def solve_text(text: str, *, as_json: bool = False, method: object = None) -> str:
    head, results = _solve(text, _method_of(method))
    if as_json:
        return json.dumps({**head, "methods": [r.to_json() for r in results]})
    lines = []
    for r in results:
        if r.won:
            swings = "swing" if r.par == 1 else "swings"
            lines.append(f"{r.method!s:<7} wins: par {r.par} {swings}, {r.card_moves} card moves")
        else:
            lines.append(f"{r.method!s:<7} loses")
    winners = [r for r in results if r.won]
    summary = (
        f"{len(winners)} of {len(results)} methods win."
        if len(results) > 1
        else ("It wins." if winners else "It loses.")
    )
    out = [*lines, "", summary]
    if len(results) == 1 and winners:
        out += ["", "The line: " + ", ".join(str(m) for m in winners[0].moves) + "."]
    return "\n".join(out)


def solve_lines(lines: Iterable[str], out: TextIO, *, method: object = None) -> bool:
    """One JSON object a line; a bad line gets ``{"error": ...}`` and the batch goes on.
    A bad ``method`` raises before any line is read (it would spoil every line)."""
    all_valid = True
    name = _method_of(method)
    for raw in lines:
        text = raw.strip()
        if not text:
            continue
        try:
            head, results = _solve(text, name)
            payload: dict[str, object] = {**head, "methods": [r.to_json() for r in results]}
        except InvalidInputError as exc:
            payload = {"error": textio.one_line(exc)}
            all_valid = False
        out.write(json.dumps(payload) + "\n")
        out.flush()
    return all_valid
