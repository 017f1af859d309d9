from __future__ import annotations

import json

import pytest
from conftest import CORPUS, DATA, disguises, positions
from elsewhere import python_elsewhere
from hypothesis import given
from hypothesis import strategies as st
from oracle import oracle_best_spaces, oracle_can_create_space

from puzzlegen.catscradle.canonical import Disguise
from puzzlegen.catscradle.position import Deal, Move, Position
from puzzlegen.catscradle.solver import Line, analyse, best_line, end_positions, novice_line
from puzzlegen.catscradle.wholegame import play, seeded_positions

WORKED = "JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S"


def replay(line: Line) -> Position:
    position = line.position
    for move in line.moves:
        position = position.apply(move)  # raises if illegal
    return position


def test_worked_example() -> None:
    position = Position.parse(WORKED)
    seed_line = "JC on QH, 8H on 9C, 3C on 4D, 3C on 4H, 2H on 3C, AS on 2H"
    for text in seed_line.split(", "):
        position = position.apply(Move.parse(text, position))
    assert position.spaces == 5
    best = best_line(Position.parse(WORKED))
    assert best.spaces == 6
    assert replay(best) == best.final


def test_best_line_is_deterministic_and_shortest() -> None:
    first = best_line(Position.parse(WORKED))
    # The same lines in another interpreter, hash seed and locale: no set or
    # dict order, no locale, decides which of two equally good lines wins.
    texts = [WORKED, *(str(p) for p in CORPUS[::10])]
    here = [best_line(Position.parse(text)).to_json() for text in texts]
    code = (
        "import json; from puzzlegen.catscradle.position import Position; "
        "from puzzlegen.catscradle.solver import best_line; "
        f"print(json.dumps([best_line(Position.parse(t)).to_json() for t in {texts!r}]))"
    )
    assert json.loads(python_elsewhere(code)) == here
    # Six spaces from a full layout need at least six moves that empty a cell.
    assert len(first.moves) == 7


def _hint_rows() -> list[list[str]]:
    rows = []
    for line in (DATA / "hints.txt").read_text().splitlines():
        if line and not line.startswith("#"):
            rows.append(line.split(" | "))
    return rows


@pytest.mark.parametrize("row", _hint_rows(), ids=lambda row: row[0])
def test_hints_section_regressions(row: list[str]) -> None:
    _name, text, best, lines = row
    position = Position.parse(text)
    for described in lines.split(" ; "):
        moves, spaces = described.split(" => ")
        current = position
        for move in moves.split(", "):
            current = current.apply(Move.parse(move, current))
        assert current.spaces - position.spaces == int(spaces), described
    line = best_line(position)
    assert line.spaces == int(best) == oracle_best_spaces(position)
    assert replay(line) == line.final


def test_hints_file_is_what_the_reconstruction_builds() -> None:
    from data.reconstruct_hints import EXAMPLES, build

    rows = {row[0]: row[1] for row in _hint_rows()}
    for example in EXAMPLES:
        assert str(build(example)) == rows[example.name]


@pytest.mark.parametrize("chunk", range(8))
def test_fast_solver_agrees_with_the_oracle(chunk: int) -> None:
    # 2,400 positions from seeded play: openings and mid-game stacks.
    corpus = list(seeded_positions(300, first_seed=1000 + 100 * chunk))
    for position in corpus:
        assert best_line(position).spaces == oracle_best_spaces(position), str(position)


@given(positions)
def test_best_line_replays_legally_to_its_count(position: Position) -> None:
    line = best_line(position)
    assert replay(line) == line.final
    assert line.final.spaces == line.spaces
    assert not oracle_can_create_space(line.final)


@given(positions, disguises)
def test_disguises_keep_the_best_space_count(position: Position, disguise: Disguise) -> None:
    assert best_line(disguise.apply(position)).spaces == best_line(position).spaces


@given(positions, disguises)
def test_disguises_map_moves_to_moves(position: Position, disguise: Disguise) -> None:
    moved = disguise.apply(position)
    expected = {(disguise.cell(m.src), disguise.cell(m.dst)) for m in position.legal_moves()}
    assert {(m.src, m.dst) for m in moved.legal_moves()} == expected


def test_novice_line_only_empties_cells_and_takes_the_first() -> None:
    position = Position.parse(WORKED)
    line = novice_line(position)
    assert [str(m) for m in line.moves] == ["JC on QH", "8H on 9S", "3C on 4D", "AS on 2H"]
    assert line.spaces == 4
    current = position
    for move in line.moves:
        assert len(current.cells[move.src]) == 1
        current = current.apply(move)
    assert all(len(current.cells[m.src]) > 1 for m in current.legal_moves())


@given(positions)
def test_novice_never_beats_best(position: Position) -> None:
    assert novice_line(position).spaces <= best_line(position).spaces


@given(st.sampled_from(CORPUS[:150]))
def test_end_positions_are_exactly_the_stopping_points(position: Position) -> None:
    analysis = analyse(position)
    finals = [line.final for line in analysis.ends]
    # The best line's end is among them, and none beats it.
    assert max(f.spaces for f in finals) == analysis.best.spaces
    assert any(f.spaces == analysis.best.spaces for f in finals)
    for line in analysis.ends:
        assert replay(line) == line.final
        assert not oracle_can_create_space(line.final)


def test_end_positions_of_worked_example() -> None:
    ends = end_positions(Position.parse(WORKED))
    assert max(p.spaces for p in ends) == 6
    assert len(set(ends)) == len(ends)


def test_a_game_ends_won_or_lost() -> None:
    outcomes = set()
    for seed in range(30):
        deal = Deal.from_seed(seed)
        position, stock = deal.layout, deal.stock
        turns = list(play(deal))
        for number, turn in enumerate(turns, 1):
            # Each sequence starts where the last one's filling left off and plays the best line.
            assert turn.number == number and turn.start == position
            assert turn.line == best_line(position)
            # Its spaces are filled from the top of the stock in cell order, checked by hand.
            final = turn.line.final
            spaces = [i for i in range(16) if not final.cells[i]]
            dealt = stock[: len(spaces)] if turn.created else ()
            for i in range(16):
                expected = (
                    (dealt[spaces.index(i)],) if i in spaces[: len(dealt)] else final.cells[i]
                )
                assert turn.filled.cells[i] == expected
            assert turn.stock == stock[len(dealt) :]
            # No card is lost or doubled.
            cards = [card for cell in turn.filled.cells for card in cell] + list(turn.stock)
            assert sorted(cards, key=str) == sorted(deal.cards, key=str)
            position, stock = turn.filled, turn.stock
        last = turns[-1]
        # Play stops at the first sequence that creates nothing or uses up the stock.
        assert all(t.created > 0 and t.stock for t in turns[:-1])
        assert last.created == 0 or not last.stock
        outcomes.add("won" if last.won else "lost")
        assert last.won == (last.created > 0)
    assert outcomes == {"won", "lost"}
