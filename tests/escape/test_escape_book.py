"""Escape books: from a catalog, alone and mixed with Cat's Cradle, in colour and black ink.

Making an Escape puzzle costs the solver seconds, so the books are made from
puzzles the real generator made (``data/escape_book.jsonl``, written by
``puzzlegen generate --game escape``), put in a catalog and printed with
``--db`` as a user would.  Each stored answer is replayed when it is read,
and again here move by move.  ``book`` writes only a book that passes
preflight for its trim, bleed and colour, so a written book is a passed one.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from conftest import DATA
from pypdf import PdfReader
from test_book import page_texts

from puzzlegen.catalog import Catalog
from puzzlegen.catscradle.plugin import CATS_CRADLE
from puzzlegen.cli import main
from puzzlegen.escape import puzzle as ep
from puzzlegen.escape.plugin import ESCAPE
from puzzlegen.escape.position import Position
from puzzlegen.escape.views import book
from puzzlegen.escape.views.printboard import card_chart, print_board
from puzzlegen.escape.views.prose import answer_text
from puzzlegen.games import LEVELS
from puzzlegen.generator import puzzles_from_seed
from puzzlegen.render.book import BookOptions, build_book
from puzzlegen.render.book.flowables import curly
from puzzlegen.render.pdf import legible_scale
from puzzlegen.render.svg import to_svg


def stored(name: str = "escape_book.jsonl") -> list[ep.Puzzle]:
    lines = (DATA / name).read_text().splitlines()
    return [ESCAPE.puzzle_from_json(json.loads(line)) for line in lines]


def ordered() -> list[ep.Puzzle]:
    """The stored puzzles in the book's order: by level, then rung (stable)."""
    return sorted(stored(), key=lambda p: (LEVELS.index(p.level), p.rung))


def catalog(path: Path, *, cats_cradle: int = 0) -> Path:
    with Catalog(path) as cat:
        for puzzle in stored():
            cat.add(puzzle.to_json())
        for other in puzzles_from_seed(cats_cradle, seed="mixed", game=CATS_CRADLE):
            cat.add(other.to_json())
    return path


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("escape-books")
    count = str(len(stored()))
    levels = sorted({p.level for p in stored()}, key=LEVELS.index)
    # An even mix of levels needs every level; the stored puzzles may not have them all.
    pick = [] if len(levels) == len(LEVELS) else ["--level", levels[0].lower()]
    out = {"6x9": tmp / "6x9.pdf", "mixed": tmp / "mixed.pdf"}
    chosen = count if not pick else str(sum(p.level == levels[0] for p in stored()))
    argv = ["book", "--game", "escape", "--count", chosen, *pick]
    assert main([*argv, "--db", str(catalog(tmp / "e.sqlite")), "-o", str(out["6x9"])]) == 0
    mixed = [
        "book", "--game", "cats-cradle", "--game", "escape", "--count", "4", *pick,
        "--page-size", "a4", "--bleed", "--color", "gray",
    ]
    db = catalog(tmp / "m.sqlite", cats_cradle=8)
    assert main([*mixed, "--db", str(db), "-o", str(out["mixed"])]) == 0
    return out


@pytest.mark.parametrize("name", ["escape_book.jsonl", "escape_book12.jsonl"])
def test_every_stored_answer_replays_to_the_asked_win(name: str) -> None:
    puzzles = stored(name)  # (the second file is bench_escape_book.py's)
    assert puzzles and {p.kind for p in puzzles} == set(ep.KINDS)
    for puzzle in puzzles:
        winner = ep.SIDE[puzzle.kind]
        assert puzzle.position.to_move == winner
        current = puzzle.position
        for move in puzzle.line:
            assert move in current.legal_moves(), (puzzle.id, str(move))
            current = current.apply(move)
        assert current.outcome is not None and current.outcome[0] == winner, puzzle.id


def test_an_escape_book_from_a_catalog(books: dict[str, Path]) -> None:
    path = books["6x9"]
    assert PdfReader(path).metadata is not None  # written, so it passed preflight
    texts = page_texts(path)
    assert "Escape was invented by Qualt" in texts[0]
    # The rules' pages, and the page after them, where their last words may share the
    # page with the first puzzles (headed by those puzzles).
    rules = [n for n, t in enumerate(texts) if t.startswith("How to play Escape")]
    how = " ".join(texts[rules[0] : rules[-1] + 2])
    for words in ("The cards: White’s ten and Black’s nine", "The start", "1. White: W3",
                  "2. Black: B8", "Two blank spaces, two cards in White’s hand",
                  "numbered along the edges"):
        assert words in how, words
    prose = "".join("".join(page_texts(path, size=9.5)).split())  # headings and words only
    # Every puzzle: its page, its goal, a solution that says the answer in the book's words.
    for number, puzzle in enumerate(ordered()[: len(stored())], start=1):
        page = next(t for t in texts if re.search(rf"Puzzle {number} [●○]{{4}} ", t))
        side = "White’s one escaping play" if puzzle.kind == ep.ESCAPE else \
            "Black’s one capturing play"
        asks = "White to play and escape" if puzzle.kind == ep.ESCAPE else \
            "Black to play and capture"
        assert side in page and asks in page and puzzle.id in page
        said = "".join(curly(answer_text(puzzle.position, puzzle.line)).split())  # as set
        assert said in prose, puzzle.id
    assert any("First round: the technique" in t for t in texts)
    # Beside a board a solution's page reference has a line of its own, with no dot
    # left at its start.
    every = "\n".join(texts)
    assert "puzzle on page" in every and "· puzzle on page" not in every


def test_a_mixed_book_with_cats_cradle_in_black_ink(books: dict[str, Path]) -> None:
    path = books["mixed"]
    meta = PdfReader(path).metadata  # written, so it passed preflight (A4, bleed, gray)
    assert meta is not None and "black ink only" in (meta.get("/Subject") or "")
    reader = PdfReader(path)
    texts = [" ".join(page.extract_text().split()) for page in reader.pages]  # (pdfplumber is slow)
    contents = texts[2]
    for line in ("How to play Cat’s Cradle", "How to play Escape", "Escape: ", "Solutions"):
        assert line in contents
    assert any("Escape: " in t and ("Black to play" in t or "White to play" in t) for t in texts)
    # Quotes and apostrophes as print sets them, curly, in both games' words.
    assert not [t for t in texts if "'" in t or '"' in t]
    assert any("“" in t for t in texts) and any("’" in t for t in texts)
    for page in reader.pages:
        content = page.get_contents()
        assert content is None or b" rg" not in content.get_data()


def test_the_print_board_draws_hands_coordinates_gaps_and_the_last_play() -> None:
    puzzle = next(p for p in stored() if p.kind == ep.CAPTURE)
    diagram = print_board(puzzle.position)
    svg = to_svg(diagram)
    for card in (*puzzle.position.white_hand, *puzzle.position.black_hand):
        assert f">{card}</text>" in svg
    assert svg.count('class="cell blank gap') == len(puzzle.position.gaps)
    top, left, bottom, right = puzzle.position.bounds()
    assert svg.count("coord column") == right - left + 3
    assert svg.count("coord row") == bottom - top + 3
    # Legible at 95% (text 7 pt, strokes 0.75 pt), as the books' house rule asks.
    assert legible_scale(diagram) <= 0.95
    assert legible_scale(card_chart()) <= 0.95
    # The answer's figures outline the cards laid, and in mono a black card's
    # outline is drawn white so it shows on the black squares.
    after = puzzle.position.apply(puzzle.answer)
    marks = re.findall(r"<rect [^>]*last-mark[^>]*>", to_svg(print_board(
        after, mono=True, last=puzzle.answer)))
    assert len(marks) == len(puzzle.answer.keys)
    assert all('stroke="#ffffff"' in m for m in marks)
    colour = re.findall(r"<rect [^>]*last-mark[^>]*>", to_svg(print_board(
        after, last=puzzle.answer)))
    assert len(colour) == len(marks) and not any('stroke="#ffffff"' in m for m in colour)


def test_hints_name_the_card_and_a_cell_it_covers() -> None:
    for puzzle in stored():
        technique, first = book.hints(puzzle)
        assert technique
        card, cell = first.split(" ", 1)
        assert card == puzzle.answer.card
        assert cell in {f"[{r},{c}]" for r, c in puzzle.answer.squares}
        assert set(book.techniques(puzzle)) <= {n for n, _ in book.TECHNIQUES.values()}


def test_the_how_to_play_ending_is_the_seeds() -> None:
    from puzzlegen.escape.solver import Solver

    ending = Position.parse(book.ENDING)
    assert len(ending.gaps) == 2 and Solver().winner(ending) == "black"
    alone = Position.parse(book.ENDING.replace("W1 W2 | B7", "W1 | -"))
    assert Solver().winner(alone) == "white"


def test_letter_in_cmyk_is_the_same_bytes_twice() -> None:
    # (Preflight of letter and CMYK: the 6x9 and A4 books above are checked; see README.)
    puzzles = stored()[:1]
    options = BookOptions(page_size="letter", color="cmyk")
    first = build_book(ESCAPE, puzzles, options, check=False)
    assert first == build_book(ESCAPE, puzzles, options, check=False)


def test_a_catalog_of_one_level_suggests_a_book_of_that_level(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    levels = {p.level for p in stored()}
    if len(levels) > 1:
        pytest.skip("the stored puzzles have more than one level")
    (level,) = levels
    db = catalog(tmp_path / "e.sqlite")
    out = tmp_path / "b.pdf"
    assert main(["book", "--game", "escape", "--count", "4", "--db", str(db), "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"or make a book of one level: --level {level.lower()}" in err
    assert not out.exists()
    with Catalog(db) as cat:  # the failed book claimed nothing
        assert len(cat.puzzles(unpublished=True)) == len(stored())


@pytest.mark.parametrize(
    "argv",
    [
        ["--game", "escape", "--count", "4"],  # the default even mix asks one Expert
        ["--game", "cats-cradle", "--game", "escape", "--count", "8", "--level", "expert"],
    ],
)
def test_a_book_dealt_from_a_seed_is_refused_a_level_escape_almost_never_makes(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: list[str]
) -> None:
    # It searched for hours (2,000 candidates a puzzle, seconds each) before giving up.
    out = tmp_path / "b.pdf"
    assert main(["book", *argv, "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "almost never Expert" in err
    assert "--level easy, medium or hard" in err and not out.exists()


def test_hard_escapes_from_a_seed_are_refused_and_another_kind_suggested(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # A book of four found one in 15 minutes, then gave up: no Hard escape in 2,001
    # candidates.  Hard captures come in minutes, so the kind is what to change.
    out = tmp_path / "b.pdf"
    argv = ["book", "--game", "escape", "--count", "4", "--level", "hard", "--kind", "escape"]
    assert main([*argv, "-o", str(out)]) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "of kind 'escape'" in err and "almost never Hard" in err
    assert "--level easy or medium, another --kind" in err and not out.exists()
    assert "a catalog that holds Hard puzzles of kind 'escape'" in err


def test_packed_answers_set_their_words_at_one_left_edge(books: dict[str, Path]) -> None:
    # Each answer's words began where its own board ended: an Escape board drawn
    # narrower (a shorter hand over it) moved its words left of the next answer's.
    import itertools

    import pdfplumber

    with pdfplumber.open(books["6x9"]) as pdf:
        pages = [p for p in pdf.pages if "Solutions" in (p.extract_text() or "")[:40]]
        lefts: set[float] = set()
        for page in pages:
            words = page.extract_words()
            lefts |= {round(w["x0"], 1) for w, after in itertools.pairwise(words)
                      if w["text"] == "Puzzle" and after["text"].isdigit()}
            page.close()
    assert pages and len(lefts) == 2, lefts  # one edge on left-hand pages, one on right
