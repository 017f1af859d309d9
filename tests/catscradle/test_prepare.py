"""Prepare choices: endings with as many spaces but not the same future (seed's hint 8)."""

from __future__ import annotations

from puzzlegen.catscradle.gamesolver import solve
from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.prepare import Ending, choices_in, classify, line_to, with_chances


def test_choices_along_a_certified_line_are_exact() -> None:
    found = [c for seed in range(12) for c in choices_in(Deal.from_seed(seed))]
    assert {c.kind for c in found} == {"equal", "fewer"}
    for choice in found[:6]:
        most = choice.most
        top = [e for e in choice.endings if e.created == most]
        if choice.kind == "equal":
            assert any(e.wins for e in top) and not all(e.wins for e in top)
        else:
            assert not any(e.wins for e in top) and any(e.wins for e in choice.endings)
        for ending in choice.endings:
            # Each verdict is the solver's on the position the ending leaves, spaces filled.
            filled, left = ending.final.fill(choice.stock)
            assert ending.wins == (not left or solve(filled, left, line=False).won)
            line = line_to(choice, ending)
            assert line.final.spaces == ending.final.spaces
            assert [len(s) for s in line.final.cells] == [len(s) for s in ending.final.cells]


def test_chances_are_seeded_and_bounded() -> None:
    choice = next(choices_in(Deal.from_seed(2)))
    rated = with_chances(choice, "t", samples=8)
    assert rated == with_chances(choice, "t", samples=8)
    assert all(0 <= e.chance <= 8 for e in rated.endings) and rated.samples == 8
    assert any(e.chance for e in rated.endings)


def test_classify() -> None:
    p = Deal.from_seed(0).layout
    assert classify([]) is None
    assert classify([Ending(p, 2, True), Ending(p, 2, False)]) == "equal"
    assert classify([Ending(p, 3, False), Ending(p, 2, True)]) == "fewer"
    assert classify([Ending(p, 3, True), Ending(p, 2, False)]) is None


def test_question_and_answer_in_words() -> None:
    from puzzlegen.catscradle.views.preparation import answer, question

    told = 0
    for seed in range(8):
        for choice in choices_in(Deal.from_seed(seed)):
            rated = with_chances(choice, f"q{seed}", samples=4)
            q, a = question(rated), answer(rated)
            assert q.endswith("?") and a.startswith("Play ")
            assert ("stop at" in a) == (rated.kind == "fewer")
            assert "of four orders" in a
            told += 1
            if told == 4:
                return
    raise AssertionError("fewer than four prepare choices in eight deals")
