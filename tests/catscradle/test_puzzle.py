from __future__ import annotations

from collections import Counter
from dataclasses import replace
from statistics import mean, median

import pytest
from conftest import CORPUS, DATA, disguises
from hypothesis import given
from hypothesis import strategies as st

from puzzlegen.catscradle.board import CENTRE
from puzzlegen.catscradle.canonical import Disguise, canonical_key
from puzzlegen.catscradle.players import LADDER, random_play_share
from puzzlegen.catscradle.position import Deal, Position
from puzzlegen.catscradle.puzzle import (
    POINT_CUTS,
    RUNG_LEVELS,
    TAGS,
    Puzzle,
    blocked_pairs,
    cleared_stacks,
    describe,
    from_position,
    level_for,
    make_puzzle,
    position_from_description,
    puzzle_from_json,
    transfers,
)
from puzzlegen.catscradle.solver import analyse
from puzzlegen.errors import InvalidInputError, PuzzleIdError
from puzzlegen.games import LEVELS, parse_level

HINTS = {
    row.split(" | ")[0]: Position.parse(row.split(" | ")[1])
    for row in (DATA / "hints.txt").read_text().splitlines()
    if row and not row.startswith("#")
}


def generated(count: int) -> list[Puzzle]:
    puzzles = []
    for i in range(count):
        puzzle = make_puzzle(("opening", "midgame")[i % 2], f"grading-{i}")
        if puzzle is not None:
            puzzles.append(puzzle)
    return puzzles


def check_tags(puzzle: Puzzle) -> None:
    """Every tag is true of the lines, replayed."""
    best, novice = puzzle.best, puzzle.novice
    tags = set(puzzle.tags)
    position = best.position
    moved_from_stack = False
    for move in best.moves:
        moved_from_stack |= len(position.cells[move.src]) > 1
        position = position.apply(move)
    assert position == best.final
    assert ("transfer" in tags) == moved_from_stack
    cleared = max(cleared_stacks(best), default=0)
    for size, tag in ((2, "clear-stack"), (3, "clear-stack-3"), (4, "clear-stack-4")):
        assert (tag in tags) == (cleared >= size)
    assert ("centre" in tags) == any(
        best.position.cells[i] and not best.final.cells[i] for i in CENTRE
    )
    new_best = blocked_pairs(best.final) - blocked_pairs(best.position)
    new_novice = blocked_pairs(novice.final) - blocked_pairs(best.position)
    assert ("blocking" in tags) == bool(new_best or new_novice)
    assert ("hidden-move" in tags) == (not novice.moves and bool(best.moves))
    assert ("single-best" in tags) == (len(analyse(best.position).best_ends) == 1)


def test_grading_is_meaningful_on_thousands_of_puzzles() -> None:
    puzzles = generated(2400)
    assert len(puzzles) > 2000
    by_level = {level: [p for p in puzzles if p.level == level] for level in LEVELS}
    assert all(len(group) >= 20 for group in by_level.values()), Counter(p.level for p in puzzles)
    # The level is the weakest player's who reaches par: no weaker one does.
    for puzzle in puzzles[:300]:
        reached = [player.spaces(puzzle.position) >= puzzle.par for player in LADDER]
        assert reached[puzzle.rung] and not any(reached[: puzzle.rung])
        assert puzzle.grade == LADDER[puzzle.rung].name
        # v3: points from the rung, par and the spaces the hasty player misses, cut.
        hasty = LADDER[0].spaces(puzzle.position)
        assert puzzle.points == puzzle.rung + puzzle.par + 2 * (puzzle.par - hasty)
        assert puzzle.level == LEVELS[sum(puzzle.points >= cut for cut in POINT_CUTS)]
        assert replace(puzzle, grading="v2").level == RUNG_LEVELS[puzzle.rung]
    # Checked against a measure that is not the grade: random play reaches par
    # less often, level by level (benchmarks/bench_grading.py does this at scale).
    sample = [p for p in puzzles[:1200] if p.publishable]
    shares = {
        level: median(random_play_share(p.position, 12, p.id) for p in sample if p.level == level)
        for level in LEVELS
    }
    assert [shares[level] for level in LEVELS] == sorted(shares.values(), reverse=True), shares
    assert len(set(shares.values())) == len(LEVELS), shares
    # v1, kept for the dailies of 2026: ordered by par and by insight together.
    old = [replace(p, grading="v1") for p in puzzles]
    scores = [mean(p.par + p.insight for p in old if p.level == level) for level in LEVELS]
    assert scores == sorted(scores) and len(set(scores)) == len(scores)
    for a in old[:300]:
        for b in old[:300]:
            if a.par >= b.par and a.insight >= b.insight:
                assert LEVELS.index(a.level) >= LEVELS.index(b.level)
    seen_tags = Counter(tag for p in puzzles for tag in p.tags)
    for puzzle in puzzles[:400]:
        check_tags(puzzle)
    for tag in TAGS:
        if tag != "clear-stack-4":  # rare: see test_clear_stack_4_occurs_in_generated_play
            assert seen_tags[tag] > 0, tag


def test_one_move_puzzles_are_not_publishable() -> None:
    one = from_position(HINTS["optional-moves"])
    assert len(one.best.moves) == 1 and not one.publishable
    assert from_position(HINTS["complicated-ii"]).publishable


def test_gradings() -> None:
    puzzle = from_position(HINTS["complicated-ii"], "midgame")
    assert puzzle.grading == "v3" and puzzle.grade == "look-ahead-3"
    # Rung 3, par 5, and the hasty player finds 2 of the 5 spaces: 3 + 5 + 2 * 3 = 14.
    assert (puzzle.par, puzzle.novice_spaces, puzzle.points, puzzle.level) == (5, 2, 14, "Hard")
    v2 = from_position(HINTS["complicated-ii"], "midgame", grading="v2")
    assert v2.level == "Hard" and puzzle_from_json(v2.to_json()) == v2
    old = from_position(HINTS["complicated-ii"], "midgame", grading="v1")
    assert old.level == level_for(old.par, old.insight)
    assert puzzle_from_json(old.to_json()).level == old.level
    assert puzzle_from_json(puzzle.to_json()) == puzzle
    with pytest.raises(InvalidInputError, match="'v9'"):
        from_position(HINTS["complicated-ii"], grading="v9")


def test_clear_stack_4_occurs_in_generated_play() -> None:
    # Clearing a stack of four in one sequence is "quite rare" (the seed); the
    # generator's midgame stream produces one at this seed (found by scanning 2,672).
    puzzle = make_puzzle("midgame", "scan-2671")
    assert puzzle is not None
    check_tags(puzzle)
    assert "clear-stack-4" in puzzle.tags


@pytest.mark.parametrize(
    ("name", "tag"),
    [
        ("complicated-ii", "transfer"),
        ("clear-a-stack", "clear-stack-4"),
        ("take-a-good-look", "blocking"),
        ("take-a-good-look", "hidden-move"),
        ("centre-and-blocking", "centre"),
    ],
)
def test_hint_layouts_carry_the_techniques_they_teach(name: str, tag: str) -> None:
    puzzle = from_position(HINTS[name], "midgame")
    check_tags(puzzle)
    assert tag in puzzle.tags


def test_level_thresholds() -> None:
    assert level_for(3, 0) == "Easy"
    assert level_for(5, 0) == "Medium"
    assert level_for(7, 0) == "Hard"
    assert level_for(9, 0) == "Expert"
    assert level_for(3, 2) == "Medium"
    assert level_for(3, 4) == "Hard"
    assert level_for(9, 9) == "Expert"
    assert parse_level(" hard ") == "Hard"
    with pytest.raises(InvalidInputError, match="unknown level 'tricky'"):
        parse_level("tricky")


@given(st.sampled_from(CORPUS))
def test_description_and_json_round_trip(position: Position) -> None:
    assert position_from_description(describe(position)) == position
    puzzle = from_position(position, "midgame", "s")
    assert puzzle_from_json(puzzle.to_json()).to_json() == puzzle.to_json()


def test_puzzles_rebuild_from_seed_and_from_position_alone() -> None:
    puzzle = make_puzzle("opening", "42")
    assert puzzle is not None and puzzle.position == Deal.from_seed("42").layout
    again = make_puzzle("opening", "42")
    assert again is not None and again.to_json() == puzzle.to_json()
    rebuilt = from_position(position_from_description(puzzle.description), "opening", "42")
    assert rebuilt.to_json() == puzzle.to_json()
    assert puzzle.id.startswith("CC-") and len(puzzle.id) == 13


def test_puzzle_ids_are_pinned() -> None:
    worked = Position.parse("JC 9S 8H 3C QH AS 9C 9D 7S QD 2H 2C 4D 4H 6D 6S")
    assert describe(worked) == "cc:JC.9S.8H.3C.QH.AS.9C.9D.7S.QD.2H.2C.4D.4H.6D.6S"
    assert from_position(worked).id == "CC-PADVU6WUKV"
    midgame = make_puzzle("midgame", "7")
    assert midgame is not None and any(len(s) > 1 for s in midgame.position.cells)


@pytest.mark.parametrize(
    "desc", ["cc:JC.9S", "cc:JC.9S.8H.3C.QH.AS.9C.9D.7S.QD.2H.2C.4D.4H.6D.6", "cc:" + "." * 15]
)
def test_bad_descriptions(desc: str) -> None:
    with pytest.raises(PuzzleIdError):
        position_from_description(desc)


def test_unknown_kind() -> None:
    with pytest.raises(InvalidInputError, match="unknown kind 'endgame'"):
        make_puzzle("endgame", "1")


@given(st.sampled_from(CORPUS), disguises)
def test_disguised_puzzle_has_same_key_and_par(position: Position, disguise: Disguise) -> None:
    original, disguised = from_position(position), from_position(disguise.apply(position))
    assert disguised.key == original.key
    assert disguised.par == original.par


def test_different_puzzles_have_different_keys() -> None:
    keys = {canonical_key(p) for p in CORPUS}
    assert len(keys) == len(set(CORPUS))


def test_transfers_counted() -> None:
    puzzle = from_position(HINTS["complicated-ii"], "midgame")
    assert transfers(puzzle.best) >= 3


def test_the_rules_text_states_the_level_cut_offs() -> None:
    from puzzlegen.render.templating import render

    text = " ".join(render("catscradle/how_to_play.txt.j2", spaces_puzzles=True).split())
    easy, hard, expert = POINT_CUTS
    assert (f"Up to {easy - 1} points is Easy, {easy} to {hard - 1} Medium, {hard} to "
            f"{expert - 1} Hard and {expert} or more Expert") in text


def test_a_blocked_pair_stays_blocked_with_a_card_on_it() -> None:
    # RULES.md: "both stacks are blocked.  Cards can still be placed on them."  Only
    # pairs of top cards were counted, so 6S on 7H unblocked the pair.
    rest = "2C 3D 4S 5H KC KD QS JH 10C 9D 5C 3S AH 6H"
    tops = Position.parse(f"8C/7H 8S/7D {rest}")
    covered = Position.parse(f"8C/7H/6S 8S/7D {rest}")
    assert blocked_pairs(tops) == blocked_pairs(covered) == {frozenset({0, 1})}
    # One red seven resting on a black eight, the other not: nothing is blocked.
    assert blocked_pairs(Position.parse(f"8C/7H/6S 7D {rest.replace('2C', '8S')}")) == set()



def test_the_blocked_twins_are_named_not_the_cards_on_them() -> None:
    # "4♠ and 3♥ end up blocked" was said of 5H/4S and 5D/4C/3H: the tops, where the
    # blocked twins are 4♠ and 4♣.
    from puzzlegen.catscradle.puzzle import blocked_twins

    rest = "2C 3D 4H KC KD QS JH 10C 9D 5C 3S AH 6H JC"
    position = Position.parse(f"5H/4S 5D/4C/3H {rest}")
    (pair,) = blocked_pairs(position)
    assert [str(c) for c in blocked_twins(position, pair)] == ["4S", "4C"]
