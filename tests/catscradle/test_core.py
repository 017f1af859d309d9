"""The solver's two cores agree byte for byte, and with the oracle.

The compiled core (``_ccore``) must be built for these tests (``pip install
-e .`` builds it where a C compiler works); they fail rather than skip when it
is missing, unless ``PUZZLEGEN_PURE_CORE`` says the pure core was chosen on
purpose.
"""

from __future__ import annotations

import importlib
import os
from types import ModuleType

import pytest
from conftest import CORPUS, DATA
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from oracle import oracle_best_spaces

from puzzlegen.catscradle import _pycore, core
from puzzlegen.catscradle.position import Deal, Move, Position
from puzzlegen.catscradle.solver import best_line, layout


def _compiled() -> ModuleType:
    if os.environ.get("PUZZLEGEN_PURE_CORE", "") not in ("", "0"):
        pytest.skip("PUZZLEGEN_PURE_CORE is set: the compiled core is not in use")
    return importlib.import_module("puzzlegen.catscradle._ccore")


def _regressions() -> list[tuple[str, int, str]]:
    rows = []
    for line in (DATA / "solver_lines.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            text, best, moves = line.split(" | ")
            rows.append((text, int(best), moves))
    return rows


REGRESSIONS = _regressions()


def _path_text(position: Position, path: bytes) -> str:
    moves = []
    for k in range(0, len(path), 2):
        move, position = position.apply_cells(path[k], path[k + 1])
        moves.append(str(move))
    return ", ".join(moves)


def test_the_core_in_use_is_named() -> None:
    assert core.CORE in ("compiled", "pure Python")
    if os.environ.get("PUZZLEGEN_PURE_CORE", "") in ("", "0"):
        assert core.CORE == "compiled"  # built in CI; see the module docstring


@pytest.mark.parametrize(("text", "best", "moves"), REGRESSIONS, ids=lambda v: str(v)[:24])
def test_both_cores_give_the_pinned_line(text: str, best: int, moves: str) -> None:
    compiled = _compiled()
    position = Position.parse(text)
    encoded = layout(position)
    path = compiled.best_path(encoded)
    assert _pycore.best_path(encoded) == path
    assert _path_text(position, path) == moves
    assert best_line(position).spaces == best


@pytest.mark.parametrize(("text", "best", "moves"), REGRESSIONS, ids=lambda v: str(v)[:24])
def test_pinned_counts_are_the_oracles(text: str, best: int, moves: str) -> None:
    # The oracle walks real cards, so twins multiply its positions: it takes
    # minutes on the larger rows (their counts were checked with it when the
    # file was written; bench_solver.py --reference-worst checks the hardest).
    position = Position.parse(text)
    if _compiled().explore(layout(position))[0] > 3000:
        pytest.skip("too large for the oracle in the test suite")
    assert oracle_best_spaces(position) == best


@pytest.mark.parametrize("chunk", range(4))
def test_cores_explore_alike_on_the_corpus(chunk: int) -> None:
    compiled = _compiled()
    for position in CORPUS[chunk * 100 : (chunk + 1) * 100]:
        encoded = layout(position)
        assert compiled.explore(encoded) == _pycore.explore(encoded), str(position)
        assert compiled.best_path(encoded) == _pycore.best_path(encoded), str(position)
        assert compiled.end_layouts(encoded) == _pycore.end_layouts(encoded), str(position)


def test_both_stores_of_the_compiled_core_agree() -> None:
    # Positions met in play always pack their states into one number (see
    # _ccore.c); the indexed store, kept for any that would not, must agree.
    compiled = _compiled()
    rows = [Position.parse(text) for text, _best, _moves in REGRESSIONS] + CORPUS[:200]
    for position in rows:
        encoded = layout(position)
        assert compiled._best_path_indexed(encoded) == compiled.best_path(encoded), str(position)


@st.composite
def played_positions(draw: st.DrawFn) -> Position:
    """A deal, then random legal moves, with spaces filled from the stock now and then.

    Reaches tall stacks, spaces and transfers that seeded best play rarely shows.
    """
    deal = Deal.from_seed(draw(st.integers(0, 10**6)))
    position, stock = deal.layout, deal.stock
    for choice in draw(st.lists(st.integers(0, 10**6), max_size=40)):
        moves = position.legal_moves()
        if choice % 7 == 0 and stock:
            position, stock = position.fill(stock)
        elif moves:
            move: Move = moves[choice % len(moves)]
            position = position.apply(move)
    return position


@settings(max_examples=1000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(played_positions())
def test_cores_agree_on_random_play(position: Position) -> None:
    compiled = _compiled()
    encoded = layout(position)
    path = compiled.best_path(encoded)
    assert _pycore.best_path(encoded) == path
    # The batch fast path writes what the object model would, in both cores.
    expected = _json(best_line(position).to_json())
    assert compiled.solve_json(str(position)) == expected
    assert _pycore.solve_json(str(position)) == expected


@given(played_positions())
def test_cores_agree_with_the_oracle(position: Position) -> None:
    compiled = _compiled()
    encoded = layout(position)
    assert compiled.explore(encoded) == _pycore.explore(encoded)
    assert compiled.end_layouts(encoded) == _pycore.end_layouts(encoded)
    states, path, _ends = compiled.explore(encoded)
    assert path == compiled.best_path(encoded)
    if states <= 3000:  # the oracle walks real cards: twins multiply its positions
        assert best_line(position).spaces == oracle_best_spaces(position)


def _json(payload: dict[str, object]) -> str:
    import json

    return json.dumps(payload)


@pytest.mark.parametrize(
    "text",
    [
        "jc 9s 8h 3c qh as 9c 9d 7s qd 2h 2c 4d 4h 6d 6s",  # any case
        "JC 9S 8H tC QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S",  # T for 10
        "JC 9♠ 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S",  # symbols: Python reads them
        "JC\x1c9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S",  # str.split() splits there
        "JC\t9S\r8H 3C QH AS 9C 9D 7S\x0bQD 2H 2C 4D 4H 6D 6S",
        "-- 9S 8H/7S -- QH/JC -- 9C 9D -- QD -- 2C 4D 4H/3C -- 6S",
        "-- -- -- -- -- -- -- -- -- -- -- -- -- -- -- --",
    ],
)
def test_fast_text_path_reads_what_the_parser_reads(text: str) -> None:
    expected = _json(best_line(Position.parse(text)).to_json())
    assert core.solve_json(text) == expected
    assert _pycore.solve_json(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "JC JC",
        "cc:JC.9S.8H.3C.QH.AS.9C.9D.7S.QD.2H.2C.4D.4H.6D.6S",
        "JC/ 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S",
        "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S 5S",
        "1C 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S",
        "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D JC",
        "JC 9S 8H/9C 3C QH AS 7S QD 2H 2C 4D 4H 6D 6S 5S KD",
        "- 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S",
        "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D \udcff",
    ],
)
def test_fast_text_path_leaves_the_rest_to_the_parser(text: str) -> None:
    compiled = _compiled()
    assert compiled.solve_json(text) is None
    assert _pycore.solve_json(text) is None


def test_layout_errors_are_value_errors() -> None:
    compiled = _compiled()
    for bad in (b"", bytes([1] * 16), bytes([1] * 16) + bytes([60] * 16)):
        with pytest.raises(ValueError):
            compiled.best_path(bad)
        with pytest.raises(ValueError):
            compiled.explore(bad)
