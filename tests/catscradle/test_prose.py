"""Cat's Cradle answers in words: the decisive point first, in the inventor's manner.

The seed is copyrighted: these tests also check that no answer repeats its
sentences (ours are paraphrases, never its words).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from puzzlegen.catscradle.plugin import CATS_CRADLE
from puzzlegen.catscradle.position import Position
from puzzlegen.catscradle.puzzle import Puzzle, from_position
from puzzlegen.catscradle.views.prose import decisive_point, read_moves, solution_text
from puzzlegen.generator import puzzles_from_seed

#: The seed, where the project's working copy sits beside the shared texts.
#: The seed text, in a ``shared/seeds`` folder beside any folder above the checkout
#: (its depth differs between the main checkout and a worktree).
_SEEDS = [p / "shared" / "seeds" / "cats-cradle.txt" for p in Path(__file__).resolve().parents]
SEED = next((path for path in _SEEDS if path.exists()), _SEEDS[-1])


@pytest.fixture(scope="module")
def puzzles() -> list[Puzzle]:
    chosen = puzzles_from_seed(24, seed="prose", game=CATS_CRADLE)
    return [p for p in chosen if isinstance(p, Puzzle)]


def test_every_answer_opens_with_a_point_not_a_move_list(puzzles: list[Puzzle]) -> None:
    for puzzle in puzzles:
        text = solution_text(puzzle)
        opening = decisive_point(puzzle)
        assert text.startswith(opening) and not text.startswith("The best line")
        # The line in full follows, and replays to par.
        moves = text.split("best line of play is ")[1].split(" — giving")[0]
        position = puzzle.position
        for move in read_moves(moves, position):
            position = position.apply(move)
        assert position.spaces - puzzle.position.spaces == puzzle.par


def test_where_the_hasty_line_falls_short_the_answer_says_rather_than(
    puzzles: list[Puzzle],
) -> None:
    short = [p for p in puzzles if p.novice_spaces < p.par and p.novice.moves]
    assert short
    for puzzle in short:
        opening = decisive_point(puzzle)
        assert any(w in opening for w in (" rather than ", " before ", "Do not stop", "look again"))


def test_the_moves_before_the_key_move_are_those_moves_only() -> None:
    # Q♠ on K♦ then its transfer on to K♥, the key move: "After Q♠ on K♦ and transfer
    # on to K♥, play transfer Q♠ on to K♥ …" named the key move as played, then to play.
    puzzle = from_position(
        Position.parse("QS 6S 4C 8H QC AC 8D 4S 8C 3C 2C KH 7H 10D 10S KD")
    )
    assert decisive_point(puzzle).startswith(
        "After Q♠ on K♦, transfer Q♠ on to K♥ before 7♥ on 8♣, not after."
    )
    book = puzzles_from_seed(24, seed="book", game=CATS_CRADLE)
    answers = [solution_text(p) for p in book if isinstance(p, Puzzle)]
    assert len(answers) == 24 and not any("play transfer" in text for text in answers)


def test_answers_vary_and_never_change(puzzles: list[Puzzle]) -> None:
    first = [solution_text(p) for p in puzzles]
    assert first == [solution_text(p) for p in puzzles]  # chosen by the puzzle's id
    starts = Counter(" ".join(t.split()[:2]) for t in first)
    assert len(starts) >= 5 and max(starts.values()) <= len(first) // 2


def test_a_hidden_first_move_is_called_a_preparation() -> None:
    # The seed's lifeline: no move empties a cell at once (book seed 257's mid-game).
    position = Position.parse(
        "9S 8D/7S AS 10C/9H KD AH 4D/3C 3H 4C/3D QD/JS 7D QC JC/10D/9C/8H 4H 8C/7H 6H"
    )
    puzzle = from_position(position, "midgame")
    assert "hidden-move" in puzzle.tags
    opening = decisive_point(puzzle)
    assert "prepares" in opening or "makes no space" in opening
    assert f"transfer {puzzle.best.moves[0].card.symbol()} on to" in opening


@pytest.mark.skipif(not SEED.exists(), reason="the seed text is not on this machine")
def test_no_answer_copies_a_sentence_of_the_seed(puzzles: list[Puzzle]) -> None:
    seed = " ".join(SEED.read_text(encoding="utf-8").split()).lower()
    for puzzle in puzzles:
        words = solution_text(puzzle).lower().split()
        # No run of eight words of ours appears in the seed.
        for i in range(len(words) - 7):
            assert " ".join(words[i : i + 8]) not in seed
