"""Escape's side of ``puzzlegen deal`` and ``solve``.

Escape has one start (both hands face up), so ``deal`` prints the start
position whatever the seed, and with the seed a sample game between two
greedy players.  ``solve`` takes a position in the text notation, a puzzle
description (``escape:<kind>:<position>``) or a JSON object (ESCAPE.md §7,
or ``{"position": P}``) and says who wins with perfect play and with which
moves, within the exact solver's budget.  With ``--json`` the moves are
ESCAPE.md §7's move objects and ``deal``'s sample game a §7 game record.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from typing import Any, NamedTuple, TextIO

from puzzlegen.errors import InvalidInputError, PositionError
from puzzlegen.escape.position import Move, Position, game_record
from puzzlegen.escape.proof import ProofSolver
from puzzlegen.escape.puzzle import plain_position
from puzzlegen.escape.solver import Solver, Unknown
from puzzlegen.textio import one_line, several_lines

#: Positions the solver may search before it answers "undecided".
SOLVE_BUDGET = 20_000
#: Then expansions of proof-number search (:mod:`.proof`), a move at a time.
PROOF_BUDGET = 1_000


#: What ``deal`` prints first, the start on the line below it (read back by solve - and svg -).
_START = "Escape has one start: both hands lie face up."


def deal_text(seed: str, *, as_json: bool = False) -> str:
    from puzzlegen.escape.players import play_game

    start = Position.start()
    moves, end = play_game("greedy-e", "greedy-e", seed)
    assert end.outcome is not None
    if as_json:
        # "position" stays the text that solve and svg read back (deal --json | solve -);
        # the sample game is a §7 game record, its moves §7 move objects.
        return json.dumps({"position": str(start), "sample_game": game_record(moves)})
    return "\n".join([
        _START,
        str(start),
        "",
        f"A sample game for seed {seed!r} (two greedy players, one random move in five):",
        " ".join(str(m) for m in moves),
        f"{end.outcome[0].capitalize()} wins: {end.outcome[1]}.",
    ])


def read_position(text: str) -> Position:
    """A position from text, a puzzle description, JSON, or what ``deal`` prints."""
    stripped = text.strip()
    if stripped.startswith(_START):  # the start is the line below, then a sample game
        below = stripped[len(_START):].strip().splitlines()
        if not below:
            raise PositionError(
                "deal's first line alone holds no position: give its second line too"
            )
        stripped = below[0]
    if stripped.startswith("{"):
        try:
            data: Any = json.loads(stripped)
        except json.JSONDecodeError as exc:
            several_lines(stripped, exc)
            raise PositionError(f"cannot read JSON {stripped[:40]!r}: {exc.msg}") from None
        if isinstance(data, dict) and "position" in data and "escape" not in data:
            return Position.parse(plain_position(str(data["position"])))
        if isinstance(data, dict) and "escape" not in data:
            # Another game's line, most likely: say what an Escape line holds.
            keys = ", ".join(repr(k) for k in list(data)[:3]) or "no keys"
            raise PositionError(
                'an Escape JSON line holds a "position" string (as deal --game escape '
                f'--json writes) or a position object with "escape": 1; this one has {keys}'
                " (another game's? give its --game)"
            )
        return Position.from_json(data)
    return Position.parse(plain_position(stripped))


class Verdict(NamedTuple):
    """What :func:`solve` finds: the winner (None if undecided), the reason when the
    game is over or undecided, and the winning moves of the side to move."""

    winner: str | None
    reason: str | None
    moves: tuple[Move, ...]


def solve(position: Position) -> Verdict:
    if position.outcome is not None:
        return Verdict(position.outcome[0], position.outcome[1], ())
    solver = Solver(budget=SOLVE_BUDGET)
    try:
        good = solver.winning_moves(position)
    except Unknown:
        # The verdicts are exact, so proof-number search only answers what alpha-beta
        # could not; every position alpha-beta decides keeps its answer.
        try:
            good = ProofSolver(budget=PROOF_BUDGET).winning_moves(position)
        except Unknown:
            return Verdict(None, f"undecided within {SOLVE_BUDGET} positions and "
                                 f"{PROOF_BUDGET} proof-number expansions", ())
    winner = position.to_move if good else ("black" if position.to_move == "white" else "white")
    return Verdict(winner, None, tuple(good))


def solve_json(position: Position) -> dict[str, object]:
    """The answer ``solve --json`` writes; its moves are §7 move objects."""
    verdict = solve(position)
    result: dict[str, object] = {"position": str(position), "to_move": position.to_move,
                                 "winner": verdict.winner}
    if verdict.reason is not None:
        result["reason"] = verdict.reason
    if verdict.winner is not None:
        result["moves"] = [m.to_json() for m in verdict.moves]
    return result


def solve_text(text: str, *, as_json: bool = False) -> str:
    position = read_position(text)
    if as_json:
        return json.dumps(solve_json(position))
    verdict = solve(position)
    if verdict.winner is None:
        reason = str(verdict.reason)  # 'undecided within N positions and ...'
        return f"{reason[:1].upper()}{reason[1:]}."
    if position.outcome is not None:
        return f"The game is over: {verdict.winner.capitalize()} has won ({verdict.reason})."
    mover = position.to_move.capitalize()
    if verdict.moves:
        return f"{mover} to play wins, with: {', '.join(str(m) for m in verdict.moves)}."
    # The sides are capitalised in prose, as the seed text and the book write them.
    return f"{mover} to play loses whatever it plays: {verdict.winner.capitalize()} wins."


def solve_lines(lines: Iterable[str], out: TextIO) -> bool:
    all_valid = True
    for raw in lines:
        text = raw.strip()
        if not text:
            continue
        try:
            payload = solve_json(read_position(text))
        except InvalidInputError as exc:
            payload = {"error": one_line(exc)}
            all_valid = False
        out.write(json.dumps(payload) + "\n")
        out.flush()
    return all_valid
