"""The prepare puzzle kind: made from seeds, graded, catalogued, answered, published on Sundays."""

from __future__ import annotations

import datetime as dt
import json
import re
from pathlib import Path
from typing import Any

import pytest

from puzzlegen.cards import parse_cards
from puzzlegen.catscradle.gamesolver import solve
from puzzlegen.catscradle.position import Move, Position
from puzzlegen.catscradle.preparepuzzle import (
    LADDER_NAMES,
    RUNG_LEVELS,
    PreparePuzzle,
    make_prepare,
)
from puzzlegen.cli import main
from puzzlegen.games import LEVELS
from puzzlegen.registry import get_game

GAME = get_game("cats-cradle")
#: Seeds that give prepare puzzles of both questions (prep-9 a "fewer" one).
SEEDS = ("prep-0", "prep-9")


@pytest.fixture(scope="module")
def puzzles() -> list[PreparePuzzle]:
    made = [make_prepare(seed) for seed in SEEDS]
    assert all(p is not None for p in made)
    return [p for p in made if p is not None]


def _replay(position: Position, moves: list[dict[str, Any]]) -> Position:
    """Play the moves of a JSON line by their cells, checking each card as it goes."""
    for m in moves:
        src, dst = m["from"][0] * 4 + m["from"][1], m["to"][0] * 4 + m["to"][1]
        move, position = position.apply_cells(src, dst)
        assert (str(move.card), str(move.onto)) == (m["card"], m["onto"])
    return position


def test_answers_replay_and_keep_the_game_winnable(puzzles: list[PreparePuzzle]) -> None:
    assert {p.question for p in puzzles} == {"equal", "fewer"}
    for puzzle in puzzles:
        data = puzzle.to_json()
        start = Position.parse(data["position"])
        stock = parse_cards(data["stock"], "the stock")
        assert any(e["right"] for e in data["endings"]) and not all(
            e["right"] for e in data["endings"]
        )
        most = max(e["spaces"] for e in data["endings"])
        for ending in data["endings"]:
            final = _replay(start, ending["line"])
            assert [len(s) for s in final.cells] == ending["heights"]
            assert final.spaces - start.spaces == ending["spaces"]
            filled, left = final.fill(stock)
            # Each verdict is the solver's, on the ending's spaces filled from the stock.
            assert ending["wins"] == (not left or solve(filled, left, line=False).won)
            right = ending["wins"] and (data["question"] == "fewer" or ending["spaces"] == most)
            assert ending["right"] == right
            assert 0 <= ending["chance"] <= data["samples"] == 32
        # The answer's line is a right ending's, with par spaces.
        final = _replay(start, data["line"])
        assert puzzle.right(puzzle.ending_of(final))  # type: ignore[arg-type]
        assert final.spaces - start.spaces == data["par"]
        if data["question"] == "fewer":
            assert data["par"] < most


def test_rebuilt_from_json_and_graded_by_the_ladder(puzzles: list[PreparePuzzle]) -> None:
    from puzzlegen.catscradle.solver import best_line

    for puzzle in puzzles:
        data = puzzle.to_json()
        again = GAME.puzzle_from_json(json.loads(json.dumps(data)))
        assert again.to_json() == data
        assert puzzle.level == RUNG_LEVELS[puzzle.rung] and puzzle.level in LEVELS
        assert data["grade"] == LADDER_NAMES[puzzle.rung]
        # Easy exactly when simply making the most spaces stops in a right ending.
        most = puzzle.ending_of(best_line(puzzle.position).final)
        assert (puzzle.rung == 0) == (most is not None and puzzle.right(most))
        assert puzzle.key.startswith("prepare:") and puzzle.id.startswith("CP-")
        assert puzzle.tags == (
            ("same-spaces",) if puzzle.question == "equal" else ("fewer-spaces",)
        )


def test_mixed_streams_never_make_prepare_puzzles() -> None:
    from puzzlegen.generator import candidate

    # Streams of no named kind alternate as before the kind existed: books and catalogs
    # dealt from a seed keep their puzzles.
    assert [candidate(GAME, None, "s", i)[1] for i in range(4)] == ["opening", "midgame"] * 2
    assert candidate(GAME, "prepare", "s", 3) == ("cats-cradle", "prepare", "s-3")
    assert "prepare" in GAME.kinds


def test_words_and_drawing(puzzles: list[PreparePuzzle]) -> None:
    for puzzle in puzzles:
        said = GAME.solution_text(puzzle)
        assert said.startswith("Play this line: ") and "drawn at random" in said
        assert ("stop at" in said) == (puzzle.question == "fewer")
        goal = GAME.goal(puzzle)
        assert "keeps the game winnable" in goal
        diagram = GAME.diagram(puzzle)
        assert diagram.items[-1].css == "stock"
        assert diagram.desc.endswith(" ".join(str(c) for c in puzzle.stock))
        technique, first = GAME.hints(puzzle)  # type: ignore[attr-defined]
        assert (
            technique in ("prepare", "fewer")
            and first.split()[0] == puzzle.best.moves[0].card.symbol()
        )
    assert isinstance(puzzles[0].best.moves[0], Move)


def test_generate_and_list_prepare_puzzles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    db = tmp_path / "cat.sqlite"
    assert main(["generate", "--count", "2", "--kind", "prepare", "--db", str(db)]) == 0
    capsys.readouterr()
    assert main(["catalog", "--db", str(db), "--json", "--kind", "prepare"]) == 0
    rows = [json.loads(line) for line in capsys.readouterr().out.splitlines()]
    assert len(rows) == 2 and {r["kind"] for r in rows} == {"prepare"}
    for row in rows:
        assert GAME.puzzle_from_json(row).to_json() == row
    # A book of them, from the catalog, passes preflight.
    assert {r["level"] for r in rows} == {"Easy"}
    out = tmp_path / "prepare.pdf"
    argv = ["book", "--count", "2", "--kind", "prepare", "--level", "easy", "--db", str(db)]
    assert main([*argv, "-o", str(out)]) == 0
    assert main(["preflight", str(out)]) == 0
    assert capsys.readouterr().out.rstrip().endswith("passes")
    from pypdf import PdfReader

    text = " ".join(page.extract_text() for page in PdfReader(out).pages)
    # The long goal has a line of its own under the label, at a legible size and inside
    # the margins (sharing the label's line at 7 pt, it ran 9 pt into the margin).
    import pdfplumber

    with pdfplumber.open(out) as pdf:
        for page in pdf.pages:
            words = page.extract_words(extra_attrs=["size"])
            goal = [w for w in words if w["text"] in ("Of", "winnable.") and w["size"] < 9.6]
            if not goal:
                continue
            assert all(w["size"] >= 8.5 for w in goal), goal
            assert min(w["x0"] for w in words) >= 0.5 * 72 - 0.01
            assert max(w["x1"] for w in words) <= page.width - 0.5 * 72 + 0.01
    # Its boards come with their stocks, explained up front, indexed at the back.
    assert text.count("The stock, next card first:") == 2
    assert "Puzzles that ask you to keep the game winnable" in text
    assert "Preparing: as many spaces, another future" in text
    # Books take the kind asked for: the catalog holds no opening puzzle.
    again = ["book", "--count", "1", "--kind", "opening", "--db", str(db), "--title", "Two"]
    assert main([*again, "-o", str(out)]) == 1
    assert "0 unpublished Easy opening Cat's Cradle puzzles" in capsys.readouterr().err


def test_a_sunday_has_a_prepare_puzzle_and_other_days_none(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from puzzlegen.catscradle.prepareday import prepare_day

    day = prepare_day(dt.date(2026, 11, 29))
    # Pinned: a published daily never changes.
    assert (day.seed, day.puzzle.id, day.puzzle.level) == (
        "prepare-2026-11-29-0",
        "CP-ADABIQ2NFH",
        "Medium",
    )
    # Its text draws the position as deal and game do: four rows of card symbols, the
    # stacks included, which read back as the same position.
    assert main(["daily", "--kind", "prepare", "--date", "2026-11-29"]) == 0
    rows = capsys.readouterr().out.splitlines()[2:6]
    assert rows == day.puzzle.position.grid(symbols=True).splitlines() and "/" in "".join(rows)
    assert Position.parse("\n".join(rows)) == day.puzzle.position
    assert main(["daily", "--kind", "prepare", "--date", "2026-11-23"]) == 1
    err = capsys.readouterr().err
    assert err.strip().splitlines() == [
        "puzzlegen: error: 2026-11-23 is a Monday: prepare puzzles come out on Sundays only "
        "(2026-11-22 or 2026-11-29)"
    ]
    assert main(["daily", "--kind", "prepare", "--from", "2026-11-23", "--to", "2026-11-27"]) == 1
    assert "no Sunday from 2026-11-23 to 2026-11-27" in capsys.readouterr().err
    assert main(["daily", "--kind", "prepare", "--game", "pendulum", "--date", "2026-11-29"]) == 1
    assert "'pendulum' has no prepare puzzles" in capsys.readouterr().err
    assert main(["book", "--game", "pendulum", "--kind", "prepare", "--count", "4"]) == 2
    err = capsys.readouterr().err
    assert "'prepare' is not a kind of Pendulum puzzle" in err and "Traceback" not in err


def test_daily_prepare_pages(tmp_path: Path) -> None:
    assert main(["daily", "--kind", "prepare", "--date", "2026-11-29", "-o", str(tmp_path)]) == 0
    folder = tmp_path / "prepare" / "2026-11-29"
    assert sorted(p.name for p in folder.iterdir()) == ["index.html", "puzzle.json"]
    data = json.loads((folder / "puzzle.json").read_text())
    assert data["daily"] == "prepare-day" and data["id"] == "CP-ADABIQ2NFH"
    assert all("dealt" in e and "next" in e for e in data["endings"])
    days = (tmp_path / "prepare" / "days.js").read_text()
    assert '"date":"2026-11-29"' in days.replace(" ", "")
    page = (folder / "index.html").read_text()
    assert 'data-page="prepare-day"' in page and data["answer"] in page
    assert (tmp_path / "assets" / "cats-cradle-preparepage.js").is_file()


def test_a_prepare_page_names_its_day_once(tmp_path: Path) -> None:
    # Its title read "Cat's Cradle, Sunday's prepare puzzle, for Sunday 29 November 2026".
    assert main(["daily", "--kind", "prepare", "--date", "2026-11-29", "-o", str(tmp_path)]) == 0
    page = (tmp_path / "prepare" / "2026-11-29" / "index.html").read_text()
    for tag in ("title", "h1"):
        said = re.search(rf"<{tag}>(.*?)</{tag}>", page)
        assert said is not None
        assert said[1] == "Cat's Cradle prepare puzzle for Sunday 29 November 2026", tag


def test_one_card_to_come_is_said_in_the_singular(
    puzzles: list[PreparePuzzle], monkeypatch: pytest.MonkeyPatch
) -> None:
    # "The next cards, 6♦, do not yet show the difference" (a book's answer).
    from puzzlegen.catscradle.views import preparation

    puzzle = puzzles[0]
    one = (puzzle.stock[0],)
    monkeypatch.setattr(preparation, "next_deal", lambda _choice, _ending: (one, 2))
    said = GAME.solution_text(puzzle)
    assert f"The next card, {one[0].symbol()}, does not yet show the difference" in said
    # Of the sampled orders, "won in 14 of them", not "won after 14".
    assert re.search(r"can be won in \w+ of them with this ending and in \w+ with", said)
    monkeypatch.setattr(preparation, "next_deal", lambda _choice, _ending: (one, None))
    said = GAME.solution_text(puzzle)
    assert f"take the stock's last card, {one[0].symbol()}: the game is won" in said


def test_a_book_of_prepare_puzzles_alone_is_not_told_how_space_puzzles_work() -> None:
    # Its how-to-play set out the space-count puzzles' task and grading ("Up to 6 points
    # is Easy", "No puzzle in this book is answered by a single move") beside its own.
    from puzzlegen.render.book.model import BookGame

    assert isinstance(GAME, BookGame)
    book_game = GAME

    def words(kinds: list[str]) -> str:
        blocks = book_game.how_to_play(kinds=kinds)
        return " ".join(block for block in blocks if isinstance(block, str))

    alone = words(["prepare"])
    for said in ("points is Easy", "Your task is to find a line", "answered by a single move"):
        assert said not in alone and said in words(["opening", "prepare"]) and said in words([])
    assert "keeps the game winnable" in alone


def test_the_stock_sets_each_suit_just_after_its_rank(puzzles: list[PreparePuzzle]) -> None:
    # A fixed 7 pt a rank left a gap after a narrow J ("J ♥") and ran a 10 into its suit.
    from reportlab.pdfbase.pdfmetrics import stringWidth

    from puzzlegen.diagram import Group, Pip, Text
    from puzzlegen.render.pdf import FONT_BOLD, register_fonts

    register_fonts()
    for puzzle in puzzles:
        diagram = GAME.diagram(puzzle)
        (stock,) = [i for i in diagram.items if isinstance(i, Group) and i.css == "stock"]
        ranks = [i for i in stock.items if isinstance(i, Text) and i.css == "rank"]
        pips = [i for i in stock.items if isinstance(i, Pip)]
        assert len(ranks) == len(pips) == len(puzzle.stock)
        for rank, pip in zip(ranks, pips, strict=True):
            gap = pip.x - (rank.x + stringWidth(rank.text, FONT_BOLD, rank.size))
            assert 0 <= gap <= 1.5, (rank.text, gap)
            assert pip.x + pip.size <= diagram.width - 4  # within the board's grid


def test_no_card_of_the_stock_stands_alone_on_its_last_line(
    puzzles: list[PreparePuzzle],
) -> None:
    # A book's prepare puzzle printed a lone 10♥ on the stock's fifth line.
    from puzzlegen.cards import FULL_PACK
    from puzzlegen.catscradle.views.board import board_diagram
    from puzzlegen.catscradle.views.preparation import STOCK_ROW, STOCK_TEXT, with_stock
    from puzzlegen.diagram import Group, Text

    board = board_diagram(puzzles[0].position)
    tens = [c for c in FULL_PACK if c.rank == 10]
    pack = [*tens, *FULL_PACK] * 2  # wide tens first: every length wraps differently
    for count in range(2, 60):
        drawn = with_stock(board, pack[:count])
        stock = next(g for g in drawn.items if isinstance(g, Group) and g.css == "stock")
        ranks = [t for t in stock.items if isinstance(t, Text) and t.css == "rank"]
        assert [t.text for t in ranks] == [c.rank_name for c in pack[:count]]  # in order
        lines = sorted({t.y for t in ranks})
        last = [t for t in ranks if t.y == lines[-1]]
        assert len(lines) == 1 or len(last) >= 2, count
        assert drawn.height == lines[-1] - STOCK_TEXT + STOCK_ROW + 2  # ends below the last
        assert max(t.x for t in ranks) < board.width


def test_even_odds_are_not_said_to_favour_another_ending() -> None:
    # A 7-and-7 tie read "the odds do not favour it", as if the other ending led.
    from dataclasses import replace

    from puzzlegen.catscradle.prepareday import prepare_day
    from puzzlegen.catscradle.views.preparation import answer

    choice = prepare_day(dt.date(2026, 11, 29)).puzzle.choice
    even = replace(choice, endings=tuple(replace(e, chance=7) for e in choice.endings))
    said = answer(even)
    assert "in seven of them with this ending and in seven with the best of the others" in said
    assert "the odds are even" in said and "do not favour" not in said


def test_prepare_dates_given_one_by_one_must_each_be_a_sunday(
    capsys: pytest.CaptureFixture[str],
) -> None:
    # Several --date were read as a range: a Monday among them was dropped without a word.
    argv = ["daily", "--kind", "prepare", "--date", "2026-11-29", "--date", "2026-11-30"]
    assert main(argv) == 1
    assert "2026-11-30 is a Monday: prepare puzzles come out on Sundays only" in (
        capsys.readouterr().err
    )
