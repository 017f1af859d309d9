"""Books of Pendulum puzzles, and mixed books of both games.

Pendulum puzzles take the solver seconds to make, so these books are made
from stored puzzles (``data/pendulum_book.jsonl``: a choose-the-method
puzzle, a long win-in-par line and a short one), put in a catalog and
printed with ``--db`` as a user would.  Each stored line is replayed when it
is read, so a stale file fails loudly rather than printing a wrong answer.
``book`` writes only a book that passes preflight (for its trim, bleed and
colour), so the tests do not run that slow check a second time.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import DATA
from elsewhere import command_elsewhere
from pypdf import PdfReader
from test_book import page_texts
from test_book_print import card_index_sizes

from puzzlegen.catalog import Catalog
from puzzlegen.catscradle.plugin import CATS_CRADLE
from puzzlegen.cli import main
from puzzlegen.generator import puzzles_from_seed
from puzzlegen.pendulum import puzzle as pp
from puzzlegen.pendulum.plugin import PENDULUM
from puzzlegen.pendulum.views.prose import swings_phrase
from puzzlegen.pendulum.views.story import key_swings, segments, told_story
from puzzlegen.render.book import BookError, BookOptions, check_per_page, per_page_for
from puzzlegen.render.svg import to_svg


def stored() -> list[pp.Puzzle]:
    lines = (DATA / "pendulum_book.jsonl").read_text().splitlines()
    return [PENDULUM.puzzle_from_json(json.loads(line)) for line in lines]


def catalog(path: Path, *, cats_cradle: int = 0) -> Path:
    with Catalog(path) as cat:
        for puzzle in stored():
            cat.add(puzzle.to_json())
        for other in puzzles_from_seed(cats_cradle, seed="mixed", game=CATS_CRADLE):
            cat.add(other.to_json())
    return path


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("pendulum-books")
    out = {}
    db = catalog(tmp / "p.sqlite")
    out["6x9"] = tmp / "6x9.pdf"
    assert (
        main(["book", "--game", "pendulum", "--count", "3", "--db", str(db), "-o", str(out["6x9"])])
        == 0
    )
    mixed = catalog(tmp / "m.sqlite", cats_cradle=2)
    shutil.copy(mixed, tmp / "m2.sqlite")
    out["mixed"] = tmp / "mixed.pdf"
    argv = [
        "book",
        "--game",
        "cats-cradle",
        "--game",
        "pendulum",
        "--count",
        "3",
        "--page-size",
        "a4",
        "--bleed",
        "--color",
        "cmyk",
    ]
    assert main([*argv, "--db", str(mixed), "-o", str(out["mixed"])]) == 0
    out["again"] = tmp / "again.pdf"
    command_elsewhere(*argv, "--db", str(tmp / "m2.sqlite"), "-o", str(out["again"]))
    return out


def test_a_pendulum_book_with_default_options(books: dict[str, Path]) -> None:
    path = books["6x9"]
    assert PdfReader(path).metadata is not None  # written, so it passed preflight
    texts = page_texts(path)
    # One board to a 6x9 page, the largest number that is legible there.
    counts = [len(re.findall(r"Solution on page", t)) for t in texts]
    assert [c for c in counts if c] == [1, 1, 1]
    assert "Pendulum is a patience from an old book of patience games" in texts[0]
    assert "Anonymous" not in " ".join(texts[:3])
    assert "How to play Pendulum" in texts[2]


def test_solutions_open_with_the_decisive_point_and_share_pages(
    books: dict[str, Path],
) -> None:
    texts = page_texts(books["6x9"])
    prose = " ".join(page_texts(books["6x9"], size=9.5))
    puzzles = sorted(stored(), key=lambda p: pp.LEVELS.index(p.level))
    starts = []
    for number, puzzle in enumerate(puzzles, start=1):
        best = puzzle.best
        start = texts.index(next(t for t in texts if f"Puzzle {number} · " in t))
        starts.append(start)
        head = re.search(rf"Puzzle {number} · [●○]{{4}} \w+ · puzzle on page (\d+)", texts[start])
        assert head is not None
        assert f"Puzzle {number} " in texts[int(head[1]) - 1]  # the puzzle's own page
        assert str(best.method) in prose and swings_phrase(best.par or 0) in prose
        # One layout drawn, where the game turns.
        told = " ".join(texts[start : start + 3])
        assert "Where it turns:" in told
        # The heading and opening words share a page with the board and the line:
        # alone at a page's foot, the answer went on over the page as "continued".
        assert "Where it turns:" in texts[start] and "Start " in texts[start]
    # Three compact answers share their pages: never a page or more each.
    assert starts[-1] - starts[0] <= 3
    assert "Start " in " ".join(texts) and "the rest go out" in " ".join(texts)
    assert "Three of the twelve methods win:" in prose
    assert not any("continued" in t for t in texts)


def test_a_choose_method_puzzle_does_not_print_its_answer() -> None:
    puzzle = next(p for p in stored() if p.kind == pp.CHOOSE)
    diagram = PENDULUM.diagram(puzzle)
    best = str(puzzle.best.method)
    # Nowhere in the file: not the heading, not the <desc> a screen reader reads aloud.
    svg = to_svg(diagram)
    assert best not in svg and "<desc>" in svg
    assert "Which methods win?" in svg
    assert f"{best}:" in str(PENDULUM.diagram(puzzle, solution=True))


def test_a_choose_method_puzzle_page_does_not_print_its_answer(books: dict[str, Path]) -> None:
    texts = page_texts(books["6x9"])
    puzzles = sorted(stored(), key=lambda p: pp.LEVELS.index(p.level))
    chosen = [n for n, p in enumerate(puzzles, start=1) if p.kind == pp.CHOOSE]
    assert chosen
    for number in chosen:
        best = str(puzzles[number - 1].best.method)
        page = next(t for t in texts
                    if re.search(rf"Puzzle {number} [●○]{{4}} .*Solution on page", t, re.S))
        assert "Which methods win?" in page and best not in page


def test_the_long_telling_draws_the_key_swings_only() -> None:
    long = max(stored(), key=lambda p: p.best.par or 0)
    parts = segments(long.best.moves)
    assert sum(m.kind == "swing" for part in parts for m in part) == long.best.par
    assert len(parts) - 1 > 4 and len(key_swings(parts)) == 4
    story = told_story(long)
    assert sum(isinstance(b, list) for b in story) == 4
    assert isinstance(story[0], str) and isinstance(story[-1], str)
    # Paragraphs after the first each begin with the swing they follow.
    assert all(b.startswith("Swing to the") for b in story[2:] if isinstance(b, str))


def test_a_mixed_book_has_a_chapter_per_game(books: dict[str, Path]) -> None:
    path = books["mixed"]
    meta = PdfReader(path).metadata  # written, so it passed preflight in CMYK with bleed
    assert meta is not None and "SWOP" in (meta.get("/Subject") or "")
    texts = page_texts(path)
    assert "Cat’s Cradle and Pendulum Puzzles" in texts[0]
    assert "Cat’s Cradle was invented by Michael Bourne" in texts[0]
    assert "old book of patience games" in texts[0]
    # No word alone on the title page's last line ("known"); one sentence each on the
    # copyright page, and the words' maker named once, not once a game.
    assert "known" not in [line.strip() for line in texts[0].splitlines()]
    assert "its author is not known." in texts[1]
    assert texts[1].count("Every word of this book was written by puzzlegen.") == 1
    assert texts[1].count("every word") == 0
    # Each game's hints stand apart: Pendulum's key was set hard against the rows above.
    import pdfplumber

    with pdfplumber.open(path) as pdf:
        (page,) = [p for p in pdf.pages if "First round" in (p.extract_text() or "")]
        words = page.extract_words()
        for word in words:
            if word["text"] == "Pendulum:":
                above = max(w["bottom"] for w in words if w["bottom"] < word["top"] - 1)
                assert word["top"] - above >= 10, word["top"] - above
    contents = texts[2]
    for line in ("How to play Cat’s Cradle", "How to play Pendulum", "Pendulum: ", "Solutions"):
        assert line in contents
    assert contents.index("How to play Cat’s Cradle") < contents.index("How to play Pendulum")
    # Each line of the contents is said on the page it gives (the answers were headed
    # "Cat's Cradle" where the contents said "Cat's Cradle: solutions").
    listed = re.findall(r"([^\d]+?) (\d+)", contents.removeprefix("Contents "))
    where = {label.strip(): int(number) for label, number in listed}
    assert "Cat’s Cradle: solutions" in where and "Pendulum: solutions" in where
    for label, number in where.items():
        assert label in texts[number - 1], (label, number)
    # The index gives each game's techniques under its name (one list mixed the terms).
    index = " ".join(texts).split("The numbers are puzzle numbers.")[1]
    assert "Pendulum: " in index and index.index("Pendulum: ") < index.index("A crown")
    # --count 3 over two games: two Cat's Cradle puzzles (1-2), then one Pendulum (3).
    assert any("Cat’s Cradle: " in t and "Puzzle 1 " in t for t in texts)
    assert any("Pendulum: " in t and "Puzzle 3 " in t for t in texts)
    # Quotes and apostrophes as print sets them, curly: Pendulum's notation is quoted.
    assert not [t for t in texts if "'" in t or '"' in t]
    assert any("“" in t for t in texts) and any("’" in t for t in texts)
    assert "Puzzle 4 " not in " ".join(texts)
    # Both chapters' answers, in their own manners, and the same bytes from the same options.
    prose = " ".join(" ".join(texts).split())  # a phrase may break across lines
    assert "The best line of" in prose and "Where it turns:" in prose
    assert books["mixed"].read_bytes() == books["again"].read_bytes()


@pytest.mark.parametrize(("size", "most"), [("6x9", 1), ("a4", 4), ("letter", 4)])
def test_the_game_sets_how_many_boards_a_page_holds(size: str, most: int) -> None:
    assert per_page_for(PENDULUM, BookOptions(page_size=size)) == most
    assert per_page_for(CATS_CRADLE, BookOptions(page_size=size)) == (2 if size == "6x9" else 4)
    check_per_page([PENDULUM], BookOptions(page_size=size, per_page=most))
    with pytest.raises(BookError, match=f"--per-page {most + 1} does not fit"):
        check_per_page([PENDULUM], BookOptions(page_size=size, per_page=most + 1))
    with pytest.raises(BookError, match=r"\(at most 1 for Pendulum\)"):
        check_per_page([CATS_CRADLE, PENDULUM], BookOptions(page_size="6x9", per_page=2))
    with pytest.raises(BookError, match=r"--per-page 3 does not fit a 6x9 page .*at most 2\)"):
        check_per_page([CATS_CRADLE], BookOptions(page_size="6x9", per_page=3))


def test_a_per_page_that_cannot_fit_is_refused_before_any_puzzle_is_made(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def never(*_args: object, **_kwargs: object) -> None:
        raise AssertionError("a puzzle was made")

    monkeypatch.setattr(PENDULUM, "make_puzzle", never)
    path = tmp_path / "b.pdf"
    for argv in (["--game", "pendulum"], ["--game", "cats-cradle", "--game", "pendulum"]):
        assert main(["book", *argv, "--count", "8", "--per-page", "2", "-o", str(path)]) == 1
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and "--per-page 2 does not fit a 6x9 page" in err
        assert not path.exists()
    assert main(["book", "--game", "pendulum", "--game", "pendulum", "--count", "2"]) == 2
    assert "given twice" in capsys.readouterr().err
    assert main(["book", "--game", "pendulum", "--game", "cats-cradle", "--count", "1"]) == 2
    assert "fewer than the 2 games" in capsys.readouterr().err


def test_one_level_from_a_catalog_on_letter_in_black_ink(tmp_path: Path) -> None:
    # 6x9 in colour and a4 with bleed in CMYK are made above; this is the third size.
    db = catalog(tmp_path / "c.sqlite")
    path = tmp_path / "hard.pdf"
    argv = ["book", "--game", "pendulum", "--level", "hard", "--count", "1", "--db", str(db)]
    assert main([*argv, "--page-size", "letter", "--color", "gray", "-o", str(path)]) == 0
    contents = page_texts(path)[2]
    assert "Hard puzzles" in contents and "Easy puzzles" not in contents
    for page in PdfReader(path).pages[:12]:
        content = page.get_contents()
        assert content is not None and b" rg" not in content.get_data()
    # The catalog had one Hard puzzle, now published: a second such book is refused.
    again = tmp_path / "again.pdf"
    assert main([*argv, "-o", str(again)]) == 1 and not again.exists()


def test_too_few_puzzles_suggests_generating_the_books_game(tmp_path: Path) -> None:
    from puzzlegen.errors import CatalogError
    from puzzlegen.generator import puzzles_from_catalog

    with Catalog(catalog(tmp_path / "p.sqlite", cats_cradle=1)) as cat:
        with pytest.raises(CatalogError) as pendulum:
            puzzles_from_catalog(cat, 9, game=PENDULUM, level="Hard")
        with pytest.raises(CatalogError) as cats:
            puzzles_from_catalog(cat, 9, game=CATS_CRADLE, level="Hard")
    # The command it suggests makes the book's game's puzzles, not the default game's,
    # as many as are missing (the catalog has one Pendulum puzzle of the nine).
    assert "'puzzlegen generate --game pendulum --count 8 --level hard --db " in str(
        pendulum.value
    )
    assert "'puzzlegen generate --count 9 --level hard --db " in str(cats.value)


def test_a_one_puzzle_book_says_puzzle(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    db = catalog(tmp_path / "p.sqlite")
    out = tmp_path / "one.pdf"
    argv = ["book", "--game", "pendulum", "--count", "1", "--level", "easy"]
    assert main([*argv, "--db", str(db), "-o", str(out)]) == 0
    assert f"Wrote {out}: 1 puzzle, " in capsys.readouterr().out


def test_the_page_check_says_the_same_before_and_while_typesetting() -> None:
    from puzzlegen.render.book import build_book

    options = BookOptions(page_size="6x9", per_page=2)
    with pytest.raises(BookError) as early:
        check_per_page([PENDULUM], options)
    with pytest.raises(BookError) as typeset:
        build_book(PENDULUM, stored()[:2], options)
    assert str(early.value) == str(typeset.value) == (
        "--per-page 2 does not fit a 6x9 page at a legible size (at most 1)"
    )


def test_catalog_list_gives_a_pendulum_puzzle_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("COLUMNS", "120")
    db = catalog(tmp_path / "p.sqlite")
    assert main(["catalog", "--list", "--game", "pendulum", "--db", str(db)]) == 0
    rows = [line for line in capsys.readouterr().out.splitlines() if line.startswith("│")]
    assert len(rows) == len(stored())  # not a dozen wrapped lines each
    for row, puzzle in zip(rows, stored(), strict=True):
        assert puzzle.id in row and row.rstrip(" │").endswith("…")


def test_puzzle_and_answer_boards_share_one_scale(books: dict[str, Path]) -> None:
    # Pendulum's bold labels and answer leads are 8.5 pt and up; its boards' indices smaller.
    sizes = card_index_sizes(books["6x9"].read_bytes(), below=8.5)
    assert sizes["puzzles"] and sizes["puzzles"] == sizes["answers"]
    assert min(sizes["puzzles"]) >= 7.0


@pytest.mark.parametrize(("room_used", "shown"), [(150.0, False), (500.0, True)])
def test_a_solution_block_that_starts_a_page_is_labelled_continued(
    tmp_path: Path, room_used: float, shown: bool
) -> None:
    """The label shows only where the board it goes with begins a page, and then
    above it (not left behind, empty, at the foot of the page before)."""
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import SimpleDocTemplate, Spacer

    from puzzlegen.render.book.flowables import _Continued

    path = tmp_path / "c.pdf"
    board = Spacer(100, 300)  # a board: it cannot be split
    label = _Continued("Puzzle 3, continued", ParagraphStyle("h"), board)
    doc = SimpleDocTemplate(str(path), pagesize=(300, 700), topMargin=20, bottomMargin=20)
    doc.build([Spacer(10, room_used), label, board])
    texts = [page.extract_text().strip() for page in PdfReader(path).pages]
    if shown:
        assert texts == ["", "Puzzle 3, continued"]
    else:
        assert texts == [""]
