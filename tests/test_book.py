from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from conftest import own
from pypdf import PdfReader

from puzzlegen.catalog import Catalog
from puzzlegen.catscradle.plugin import CATS_CRADLE
from puzzlegen.catscradle.position import Position
from puzzlegen.catscradle.views.prose import number_word, read_moves
from puzzlegen.cli import main
from puzzlegen.generator import generate, mix_quotas, puzzles_from_seed
from puzzlegen.render.book import BookOptions, build_book

INCH = 72.0


@pytest.fixture(scope="module")
def small_book(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("book") / "book.pdf"
    argv = [
        "book",
        "--count",
        "8",
        "--mix",
        "--seed",
        "t",
        "--page-size",
        "6x9",
        "--bleed",
        "--title",
        "Test <Book> & Co",
        "-o",
        str(path),
    ]
    assert main(argv) == 0
    return path


def fonts(reader: PdfReader) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for page in reader.pages:
        resources: Any = page["/Resources"]
        for font in resources["/Font"].values():
            font = font.get_object()
            found[str(font["/BaseFont"])] = font
    return found


def test_print_ready_boxes_and_even_pages(small_book: Path) -> None:
    reader = PdfReader(small_book)
    assert len(reader.pages) % 2 == 0
    for number, page in enumerate(reader.pages, start=1):
        media, trim = page.mediabox, page.trimbox
        assert (float(media.width), float(media.height)) == (6.125 * INCH, 9.25 * INCH)
        assert (float(trim.width), float(trim.height)) == (6 * INCH, 9 * INCH)
        # The bleed is on the outside edge: right of a recto page, left of a verso.
        assert float(trim.left) == (0 if number % 2 else 0.125 * INCH)
        assert float(trim.bottom) == 0.125 * INCH


def test_every_font_is_embedded(small_book: Path) -> None:
    found = fonts(PdfReader(small_book))
    assert found
    for name, font in found.items():
        descriptor = font["/FontDescriptor"].get_object()
        assert "/FontFile2" in descriptor or "/FontFile" in descriptor, name


def test_metadata_and_sections(small_book: Path) -> None:
    reader = PdfReader(small_book)
    assert reader.metadata is not None
    assert reader.metadata.title == "Test <Book> & Co"
    assert reader.metadata.author == "puzzlegen"
    text = "\n".join(page.extract_text() for page in reader.pages)
    assert "Michael Bourne" in text
    for heading in ("Contents", "How to play", "Easy puzzles", "Expert puzzles", "Solutions"):
        assert heading in text
    for number in range(1, 9):
        assert f"Puzzle {number} ·" in text
    outline = [item.title for item in reader.outline if not isinstance(item, list)]
    assert outline[0] == "How to play" and "Solutions" in outline


def test_every_printed_line_replays_to_its_count(small_book: Path) -> None:
    reader = PdfReader(small_book)
    text = " ".join(page.extract_text() for page in reader.pages)
    text = " ".join(text.split())
    levels = ["Easy", "Medium", "Hard", "Expert"]
    ordered = sorted(
        puzzles_from_seed(8, seed="t", game=CATS_CRADLE), key=lambda p: levels.index(p.level)
    )
    puzzles = dict(enumerate(ordered, start=1))
    pattern = re.compile(
        r"Puzzle (\d+) \((\w+), (\w+) spaces?\) .*? best line of play is (.*?) — giving (\w+) space"
    )
    found = pattern.findall(text)
    assert len(found) == 8
    words = {number_word(n): n for n in range(13)}
    for number, level, head_spaces, moves, spaces in found:
        puzzle = own(puzzles[int(number)])
        assert puzzle.level == level and head_spaces == spaces
        start = puzzle.position
        position = start
        for move in read_moves(moves, start):
            position = position.apply(move)
        assert position.spaces - start.spaces == words[spaces] == puzzle.par


def test_same_inputs_same_bytes(tmp_path: Path) -> None:
    puzzles = puzzles_from_seed(4, seed="bytes", game=CATS_CRADLE)
    options = BookOptions(page_size="a4", mono=True)
    assert build_book(CATS_CRADLE, puzzles, options) == build_book(CATS_CRADLE, puzzles, options)
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    for path in (a, b):
        assert (
            main(["book", "--count", "4", "--seed", "x", "--page-size", "letter", "-o", str(path)])
            == 0
        )
    assert a.read_bytes() == b.read_bytes()
    assert float(PdfReader(a).pages[0].mediabox.width) == 612


def test_mirrored_margins(small_book: Path) -> None:
    # Folios sit at the outside edge: right on recto pages, left on verso pages.
    reader = PdfReader(small_book)
    for index in (4, 5):
        page = reader.pages[index]
        xs: list[float] = []

        def visit(
            text: str, cm: Any, tm: Any, *_: Any, xs: list[float] = xs, folio: str = str(index + 1)
        ) -> None:
            if text.strip() == folio:
                xs.append(tm[4])

        page.extract_text(visitor_text=visit)
        assert xs, f"no folio on page {index + 1}"
        trim_left = float(page.trimbox.left)
        middle = trim_left + 3 * INCH
        assert (xs[-1] > middle) == ((index + 1) % 2 == 1)


def test_mix_quotas_and_levels() -> None:
    assert mix_quotas(10) == {"Easy": 3, "Medium": 3, "Hard": 2, "Expert": 2}
    puzzles = puzzles_from_seed(6, seed="q", level="Hard", game=CATS_CRADLE)
    assert all(p.level == "Hard" for p in puzzles)
    assert len({p.key for p in puzzles}) == 6


def test_books_from_a_catalog_never_repeat(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    with Catalog(db) as catalog:
        generate(catalog, 12, seed="bk", kind="opening", level="Medium", game=CATS_CRADLE)
    for title in ("One", "Two"):
        argv = f"book --count 5 --level medium --db {db} -o {tmp_path / title}.pdf".split()
        assert main([*argv, "--title", title]) == 0
    with Catalog(db) as catalog:
        published = [p for p in catalog.puzzles() if catalog.publications(p["key"])]
        assert len(published) == 10
        venues = {v for p in published for v in catalog.publications(p["key"])}
        assert venues == {"book:One", "book:Two"}
    # Not enough left: a clear error, and no PDF written.
    third = tmp_path / "3.pdf"
    assert (
        main(["book", "--count", "5", "--level", "medium", "--db", str(db), "-o", str(third)]) == 1
    )
    assert not third.exists()


def test_how_to_play_has_the_lines_diagram_and_credit() -> None:
    puzzles = puzzles_from_seed(1, seed="h", level="Easy", game=CATS_CRADLE)
    reader = PdfReader(__import__("io").BytesIO(build_book(CATS_CRADLE, puzzles, BookOptions())))
    text = " ".join(p.extract_text() for p in reader.pages)
    assert "invented by Michael Bourne" in text
    assert "eighteen lines" in text


def test_book_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert main(["book", "--count", "3", "--level", "easy", "--mix"]) == 2
    assert "give --level or --mix" in capsys.readouterr().err
    assert main(["book", "--count", "3", "--page-size", "a5"]) == 2
    assert "'a5' is not one of" in capsys.readouterr().err
    assert main(["book", "--count", "3", "--db", str(tmp_path / "none.sqlite")]) == 1
    assert not (tmp_path / "none.sqlite").exists()


def test_position_text_in_book_is_canonical() -> None:
    puzzle = own(puzzles_from_seed(1, seed="c", level="Easy", game=CATS_CRADLE)[0])
    assert Position.parse(str(puzzle.position)) == puzzle.position
