"""Pendulum answers as a book prints them: the decisive point first, a compact step per swing.

Made from stored puzzles: the three of ``data/pendulum_book.jsonl`` and the
twelve that ``puzzlegen book --game pendulum --count 12`` deals
(``data/pendulum_book12.jsonl``), each replayed when read.
"""

from __future__ import annotations

import io
import itertools
import json
import statistics
from collections.abc import Sequence

import pdfplumber
import pytest
from conftest import DATA

from puzzlegen.diagram import Text
from puzzlegen.pendulum import puzzle as pp
from puzzlegen.pendulum.plugin import PENDULUM
from puzzlegen.pendulum.views.board import board_diagram
from puzzlegen.pendulum.views.prose import number, swings_phrase
from puzzlegen.pendulum.views.story import (
    REST_GO_OUT,
    rest_go_out,
    segments,
    solution_story,
    turning_part,
)
from puzzlegen.render.book import BookOptions, build_book
from puzzlegen.telling import Step


def stored(name: str = "pendulum_book12.jsonl") -> list[pp.Puzzle]:
    lines = (DATA / name).read_text().splitlines()
    return [PENDULUM.puzzle_from_json(json.loads(line)) for line in lines]


def every() -> list[pp.Puzzle]:
    return stored("pendulum_book.jsonl") + stored()


def texts(rows: Sequence[object]) -> list[str]:
    return [b for b in rows if isinstance(b, str)]


def test_the_answer_opens_with_every_winning_method_and_its_par() -> None:
    chosen = [p for p in every() if p.kind == pp.CHOOSE]
    assert len(chosen) >= 5
    for puzzle in chosen:
        opening = texts(solution_story(puzzle))[0]
        assert not isinstance(opening, Step)
        count = number(len(puzzle.results))
        assert opening.lower().startswith(f"{count} of the twelve methods") or (
            len(puzzle.results) == 1 and "one" in opening.lower()
        )
        for result in puzzle.results:
            assert str(result.method) in opening
            assert number(result.par or 0) in opening
        quickest = [r for r in puzzle.results if r.par == puzzle.best.par]
        if len(quickest) > 1:  # a tie is named, never hidden behind "the quickest"
            assert "Of the quickest" in opening
            assert all(str(r.method) in opening.split("Of the quickest")[1] for r in quickest)


def test_a_win_in_par_answer_names_method_and_par_and_says_where_it_turns() -> None:
    for puzzle in [p for p in every() if p.kind == pp.WIN_IN_PAR]:
        opening = texts(solution_story(puzzle))[0]
        assert str(puzzle.best.method) in opening and swings_phrase(puzzle.par) in opening
        assert "swing" in opening.split(".")[-2]  # the last sentence: where the game turns


def test_a_step_per_swing_tells_every_pack_until_only_outs_remain() -> None:
    for puzzle in every():
        best = puzzle.best
        story = solution_story(puzzle)
        steps = [b for b in story if isinstance(b, Step)]
        told = rest_go_out(best.moves)
        packs = sum(m.kind in ("pack", "crown") for m in best.moves[:told])
        pieces = [p for s in steps for p in s.moves.rstrip(".").split("; ")]
        assert sum(" on " in p or " up to the top row" in p for p in pieces) == packs
        swings = sum(m.kind == "swing" for m in best.moves)
        assert len(steps) <= len(segments(best.moves))
        assert steps[0].lead in ("Start", "Swing 1 (right)")
        assert steps[-1].endswith("All fifty-two cards are out.")
        if told < len(best.moves):
            outs = sum(m.kind == "out" for m in best.moves[told:])
            assert outs >= REST_GO_OUT and "the rest go out" in steps[-1]
        leads = " ".join(s.lead for s in steps)
        assert f"{swings} (" in leads or f"–{swings} (" in leads or told < len(best.moves)


def test_one_layout_is_drawn_where_the_game_turns() -> None:
    for puzzle in every():
        story = solution_story(puzzle)
        figures = [b for b in story if isinstance(b, list)]
        parts = segments(puzzle.best.moves)
        assert len(figures) == (1 if turning_part(parts) is not None else 0)
        assert figures[0][0][1].startswith("Where it turns: the layout before the ")


def test_a_compact_board_draws_a_long_pile_as_base_count_and_top() -> None:
    puzzle = max(every(), key=lambda p: p.best.par or 0)
    position = puzzle.deal.start(puzzle.best.method)
    longest = 0
    for move in puzzle.best.moves:
        position = position.play(move)
        tallest = max(len(p) for p in position.cells)
        if tallest > longest:
            longest, kept = tallest, position
    assert longest > 3
    full, compact = board_diagram(kept), board_diagram(kept, compact=True)
    assert compact.height < full.height

    def texts_of(items: tuple[object, ...]) -> list[str]:
        found = []
        for item in items:
            if isinstance(item, Text):
                found.append(item.text)
            found += texts_of(getattr(item, "items", ()))
        return found

    counts = [t for t in texts_of(compact.items) if t.startswith("+")]
    piles = [p for p in kept.cells if len(p) > 3]
    assert sorted(counts) == sorted(f"+{len(p) - 2}" for p in piles)


def test_answers_vary_and_are_the_same_every_time() -> None:
    puzzles = every()
    first = [texts(solution_story(p))[0] for p in puzzles]
    assert first == [texts(solution_story(p))[0] for p in puzzles]
    openings = {" ".join(t.split()[:3]) for t in first}
    assert len(openings) >= 4


@pytest.mark.slow
def test_a_twelve_puzzle_book_fits_36_pages_an_answer_to_a_page() -> None:
    data = build_book(PENDULUM, stored(), BookOptions(page_size="6x9"), check=False)
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        assert len(pdf.pages) <= 36
        heads: list[tuple[int, float]] = []
        for index, page in enumerate(pdf.pages):
            for line in page.extract_text_lines():
                if line["text"].startswith("Puzzle ") and " · " in line["text"]:
                    heads.append((index, float(line["top"])))
            page.close()
        frame = 9 * 72 - 2 * 0.8 * 72
    assert len(heads) == 12
    lengths = [(b[0] - a[0]) + (b[1] - a[1]) / frame for a, b in itertools.pairwise(heads)]
    assert statistics.median(lengths) <= 1.0, lengths
