"""Books: geometry by construction, legible pages, cross references, size and colour rules.

Every book is parsed back: pypdf for boxes and metadata, pdfplumber for where
every character and stroke landed.  Books are small (a few puzzles) to keep
the suite fast; ruled notes pages bring them to the 24-page minimum.
"""

from __future__ import annotations

import io
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pdfplumber
import pytest
from conftest import own
from elsewhere import command_elsewhere
from pypdf import PdfReader
from test_preflight import make_pdf

from puzzlegen.catalog import Catalog
from puzzlegen.catscradle.plugin import CATS_CRADLE
from puzzlegen.catscradle.views.prose import number_word, read_moves
from puzzlegen.cli import main
from puzzlegen.generator import generate, mix_quotas, puzzles_from_seed
from puzzlegen.render import book as book_module
from puzzlegen.render.book import (
    MARGINS,
    BookError,
    BookOptions,
    Chapter,
    build_book,
    build_chapters,
    check_isbn,
)
from puzzlegen.render.book import geometry as book_geometry
from puzzlegen.render.preflight import BLEED, Printer, preflight

INCH = 72.0


def make(tmp: Path, name: str, *args: str) -> Path:
    path = tmp / f"{name}.pdf"
    assert main(["book", *args, "-o", str(path)]) == 0
    return path


@pytest.fixture(scope="module")
def books(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    tmp = tmp_path_factory.mktemp("books")
    return {
        "6x9": make(
            tmp,
            "6x9",
            "--count",
            "6",
            "--mix",
            "--seed",
            "t",
            "--page-size",
            "6x9",
            "--bleed",
            "--title",
            "Test <Book> & Co",
            "--author",
            "A. Setter",
            "--publisher",
            "Pip Press",
            "--isbn",
            "978-0-306-40615-7",
            "--edition",
            "Second edition",
        ),
        "a4": make(
            tmp,
            "a4",
            "--count",
            "5",
            "--level",
            "easy",
            "--seed",
            "a",
            "--page-size",
            "a4",
            "--color",
            "cmyk",
        ),
        "letter": make(
            tmp, "letter", "--count", "5", "--seed", "l", "--page-size", "letter", "--color", "gray"
        ),
    }


@dataclass
class Page:
    """What a test needs of one page, read once per book."""

    number: int
    text: str
    body: str  # only the 9.5 and 8.8 pt text: headings and prose, no diagram labels
    chars: list[dict[str, Any]]
    strokes: list[float]
    trim: tuple[float, float, float, float]
    height: float


_PARSED: dict[Path, list[Page]] = {}


def parsed(path: Path) -> list[Page]:
    if path not in _PARSED:
        reader = PdfReader(path)
        pages = []
        with pdfplumber.open(path) as pdf:
            for number, (page, meta) in enumerate(zip(pdf.pages, reader.pages, strict=True), 1):
                body = page.filter(
                    lambda o: o["object_type"] != "char"
                    or min(abs(o["size"] - 9.5), abs(o["size"] - 8.8)) < 0.01
                )
                trim = meta.trimbox
                pages.append(
                    Page(
                        number,
                        " ".join((page.extract_text() or "").split()),
                        " ".join((body.extract_text() or "").split()),
                        [c for c in page.chars if c["text"].strip()],
                        [
                            float(o["linewidth"])
                            for o in [*page.lines, *page.rects, *page.curves]
                            if o["stroke"]
                        ],
                        (float(trim.left), float(trim.bottom), float(trim.right), float(trim.top)),
                        float(page.height),
                    )
                )
        _PARSED[path] = pages
    return _PARSED[path]


def page_texts(path: Path, *, size: float | None = None) -> list[str]:
    """Each page's text; with ``size`` 9.5, only headings and prose."""
    return [p.body if size else p.text for p in parsed(path)]


@pytest.mark.parametrize("name", ["6x9", "a4", "letter"])
def test_every_page_is_printable(books: dict[str, Path], name: str) -> None:
    color = {"6x9": "rgb", "a4": "cmyk", "letter": "gray"}[name]
    report = preflight(books[name], color=color)
    assert report.ok, report.failures
    assert report.pages >= 24 and report.pages % 2 == 0


@pytest.mark.parametrize("name", ["6x9", "a4", "letter"])
def test_text_block_sits_by_the_real_page_number(books: dict[str, Path], name: str) -> None:
    """Body text keeps the inside margin from the spine: left on odd pages, right on even."""
    inside = MARGINS[name][0]
    for page in parsed(books[name]):
        left, _, right, _ = page.trim
        if page.number <= 2 or not page.chars:
            continue
        if page.number % 2:  # recto: spine on the left
            assert min(c["x0"] for c in page.chars) - left >= inside - 0.5, page.number
        else:
            assert right - max(c["x1"] for c in page.chars) >= inside - 0.5, page.number
        assert min(c["size"] for c in page.chars) >= 7 - 1e-6, page.number
        assert min(page.strokes, default=1) >= 0.75 - 1e-6, page.number


def test_bleed_boxes(books: dict[str, Path]) -> None:
    for number, page in enumerate(PdfReader(books["6x9"]).pages, start=1):
        media, trim = page.mediabox, page.trimbox
        assert (float(media.width), float(media.height)) == (6.125 * INCH, 9.25 * INCH)
        assert (float(trim.width), float(trim.height)) == (6 * INCH, 9 * INCH)
        assert float(trim.left) == (0 if number % 2 else BLEED)
        assert float(trim.bottom) == BLEED


def test_cross_references_resolve_both_ways(books: dict[str, Path]) -> None:
    for path in books.values():
        texts = page_texts(path)
        solution_of: dict[int, int] = {}
        puzzle_of: dict[int, int] = {}
        for index, text in enumerate(texts, start=1):
            labels = re.findall(r"Puzzle (\d+) [●○]{4}", text)
            refs = re.findall(r"Solution on page (\d+)", text)
            if refs:
                assert len(labels) == len(refs), index
                for label, ref in zip(labels, refs, strict=True):
                    solution_of[int(label)] = int(ref)
                    puzzle_of.setdefault(int(label), index)
        assert solution_of
        # Headings and words only: an answer's heading may sit beside its board.
        words = page_texts(path, size=9.5)
        for number, page in solution_of.items():
            assert f"Puzzle {number} · " in texts[page - 1]
            back = re.search(
                # Beside a board the reference has a line of its own, without the dot.
                rf"Puzzle {number} · [●○]{{4}} \w+\s+(?:·\s+)?puzzle on page (\d+)",
                words[page - 1],
            )
            assert back is not None and int(back[1]) == puzzle_of[number]


def test_running_heads_and_folios(books: dict[str, Path]) -> None:
    texts = page_texts(books["6x9"])
    for index, text in enumerate(texts, start=1):
        numbers = [int(n) for n in re.findall(r"Puzzle (\d+) · ", text)]
        if numbers and "Solutions" not in text.split()[:1]:
            first, last = min(numbers), max(numbers)
            head = f"Solutions {first}–{last}" if first != last else f"Solution {first}"
            assert text.startswith(head), (index, text[:40])
        if index > 2:
            assert text.endswith(str(index)), index
    # The folio stands at the outside edge, in line with the text block.
    for page in parsed(books["6x9"])[4:6]:
        # Below the text block (the rules' words may run down to its foot).
        below = page.trim[1] + MARGINS["6x9"][3]
        folio = [c for c in page.chars if c["top"] > page.height - below]
        middle = page.trim[0] + 3 * INCH
        assert (folio[0]["x0"] > middle) == (page.number % 2 == 1)



def test_a_chapters_opening_page_has_its_title_not_a_running_head(
    books: dict[str, Path],
) -> None:
    # Books leave the running head off the page that opens a chapter: the title is
    # there.  These pages used to carry both ("Solutions 1–2" above "Solutions").
    texts = page_texts(books["6x9"])
    for title in ("Contents", "How to play Cat’s Cradle", "Hints", "Solutions", "Notes"):
        opening = next(i for i, t in enumerate(texts) if i >= 2 and t.startswith(title))
        assert texts[opening].count(title) == 1, (title, texts[opening][:60])
        assert texts[opening].endswith(str(opening + 1)), "the folio stays"
    # The pages after an opening carry the head again.
    notes = [t for t in texts if "Notes" in t]
    assert len(notes) >= 2 and all(t.count("Notes") == 1 for t in notes)
    solutions = next(i for i, t in enumerate(texts) if t.startswith("Solutions"))
    assert re.match(r"Solutions? \d", texts[solutions + 1])

def test_a_solution_reference_sits_under_its_own_board(tmp_path: Path) -> None:
    # Beside a taller board it was set at the row's foot, an inch below its own.
    path = tmp_path / "letter.pdf"
    assert main(["book", "--count", "24", "--page-size", "letter", "-o", str(path)]) == 0
    gaps = []
    with pdfplumber.open(path) as pdf:
        for page in pdf.pages:
            words = page.extract_words()
            for i, word in enumerate(words):
                if word["text"] != "Solution" or words[i + 1]["text"] != "on":
                    continue
                middle = (word["x0"] + words[i + 2]["x1"]) / 2
                above = [
                    r["bottom"]
                    for r in page.rects
                    if r["x0"] <= middle <= r["x1"] and r["bottom"] <= word["top"]
                ]
                gaps.append(word["top"] - max(above))
            page.close()
    assert len(gaps) == 24 and max(gaps) < 8, sorted(gaps)[-3:]


def test_per_page_is_honoured(books: dict[str, Path]) -> None:
    counts = [len(re.findall(r"Solution on page", t)) for t in page_texts(books["a4"])]
    # Five Easy puzzles, four to a page at most: the first ones below the rules, as many as
    # fit there, the rest on the next page.
    pages = [c for c in counts if c]
    assert sum(pages) == 5 and max(pages) <= 4 and len(pages) == 2
    counts = [len(re.findall(r"Solution on page", t)) for t in page_texts(books["6x9"])]
    assert max(counts) == 2


def test_front_matter_and_metadata(books: dict[str, Path]) -> None:
    reader = PdfReader(books["6x9"])
    meta = reader.metadata
    assert meta is not None and meta.title == "Test <Book> & Co" and meta.author == "A. Setter"
    keywords = meta.get("/Keywords") or ""
    for words in ("ISBN 978-0-306-40615-7", "publisher Pip Press", "Second edition"):
        assert words in keywords
    texts = page_texts(books["6x9"])
    copyright_page = texts[1]
    for words in (
        "Second edition",
        "© 2026 A. Setter",
        "Published by Pip Press",
        "ISBN 978-0-306-40615-7",
        "invented by Michael Bourne",
    ):
        assert words in copyright_page
    contents = texts[2]
    for heading in ("How to play Cat’s Cradle", "Easy puzzles", "Solutions", "Notes"):
        assert heading in contents
    assert "Notes" in texts[-1] or texts[-1].startswith("Notes")
    cmyk = PdfReader(books["a4"]).metadata
    assert cmyk is not None and "SWOP" in (cmyk.get("/Subject") or "")


def test_decisive_point_first_and_every_line_replays(books: dict[str, Path]) -> None:
    text = " ".join(page_texts(books["6x9"], size=9.5))  # headings and prose
    levels = ["Easy", "Medium", "Hard", "Expert"]
    ordered = sorted(
        puzzles_from_seed(6, seed="t", game=CATS_CRADLE), key=lambda p: levels.index(p.level)
    )
    pattern = re.compile(
        r"Puzzle (\d+) · [●○]{4} (\w+) (.*?)The "
        r"best line of play is (.*?) — giving (\w+) space"
    )
    found = pattern.findall(text)
    assert len(found) == 6
    words = {number_word(n): n for n in range(13)}
    for number, level, opening, moves, spaces in found:
        # The decisive point comes first, never a bare list of moves.
        assert len(opening.split()) >= 8 and opening.rstrip().endswith(".")
        puzzle = own(ordered[int(number) - 1])
        assert puzzle.level == level
        position = puzzle.position
        for move in read_moves(moves, position):
            position = position.apply(move)
        assert position.spaces - puzzle.position.spaces == words[spaces] == puzzle.par
    assert "A hasty player" not in text


def test_colour_modes_use_black_ink_for_black(books: dict[str, Path]) -> None:
    for name in ("a4", "letter"):
        reader = PdfReader(books[name])
        for page in reader.pages[:12]:
            data = page.get_contents().get_data()  # type: ignore[union-attr]
            assert b" rg" not in data and b" RG" not in data
    data = PdfReader(books["a4"]).pages[2].get_contents().get_data()  # type: ignore[union-attr]
    assert b"0 0 0 1 k" in data


def test_same_inputs_same_bytes(tmp_path: Path) -> None:
    # The second book comes from another interpreter, hash seed and locale:
    # two builds in one process could not see an order set by str hashing.
    a, b = tmp_path / "a.pdf", tmp_path / "b.pdf"
    argv = ["book", "--count", "2", "--seed", "bytes", "--page-size", "a4", "--mono", "-o"]
    assert main([*argv, str(a)]) == 0
    command_elsewhere(*argv, str(b))
    assert a.read_bytes() == b.read_bytes()


def test_size_rules(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # Too many pages: refused, saying how many puzzles would fit; no file written.
    monkeypatch.setattr(book_module, "MAX_PAGES", 20)
    path = tmp_path / "big.pdf"
    assert main(["book", "--count", "4", "--seed", "s", "-o", str(path)]) == 1
    err = capsys.readouterr().err
    assert "more than the 20 a paperback can have" in err and "puzzles or fewer" in err
    assert not path.exists()


def test_a_failing_book_is_refused(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    narrow = dict(MARGINS, **{"6x9": (0.3 * INCH, 0.2 * INCH, 0.8 * INCH, 0.8 * INCH)})
    # Geometry is made in render/book/geometry.py: narrow the margins where it reads them.
    monkeypatch.setattr(book_geometry, "MARGINS", narrow)
    # ... and lay it out for a printer that asks no safe area (preflight still checks KDP's).
    lax = Printer("lax", (0.0, 0.0), 0.0, {})
    monkeypatch.setattr(book_geometry, "PRINTERS", {"kdp": lax})
    path = tmp_path / "bad.pdf"
    assert main(["book", "--count", "2", "--seed", "s", "-o", str(path)]) == 1
    assert "fails preflight: ink ≥ 0.25 in from trim" in capsys.readouterr().err
    assert not path.exists()


def test_per_page_that_cannot_be_legible_is_refused() -> None:
    puzzles = puzzles_from_seed(2, seed="p", game=CATS_CRADLE)
    with pytest.raises(BookError, match="--per-page 4 does not fit a 6x9 page"):
        build_book(CATS_CRADLE, puzzles, BookOptions(per_page=4))


def test_chapters_number_through_and_each_has_its_rules() -> None:
    first, second = (
        puzzles_from_seed(1, seed="c1", game=CATS_CRADLE),
        puzzles_from_seed(1, seed="c2", game=CATS_CRADLE),
    )
    data = build_chapters(
        [Chapter(CATS_CRADLE, first), Chapter(CATS_CRADLE, second)],
        BookOptions(title="Two parts"),
        check=False,
    )
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        text = " ".join((p.extract_text() or "") for p in pdf.pages)
    assert text.count("How to play Cat’s Cradle") >= 4  # two in contents, two headings
    for number in (1, 2):
        assert f"Puzzle {number} " in text


def test_isbn_and_option_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert check_isbn("0-306-40615-2") == "0-306-40615-2"
    for bad in ("978-0-306-40615-8", "12345"):
        with pytest.raises(ValueError):
            check_isbn(bad)
    assert (
        main(["book", "--count", "2", "--isbn", "978-0-306-40615-8", "-o", str(tmp_path / "x.pdf")])
        == 2
    )
    assert "check digit is wrong" in capsys.readouterr().err
    assert main(["book", "--count", "3", "--level", "easy", "--mix"]) == 2
    assert "give --level or --mix" in capsys.readouterr().err
    assert main(["book", "--count", "3", "--page-size", "a5"]) == 2
    assert "'a5' is not one of" in capsys.readouterr().err
    assert main(["book", "--count", "3", "--db", str(tmp_path / "none.sqlite")]) == 1
    assert not (tmp_path / "none.sqlite").exists()


def test_preflight_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good, short = tmp_path / "good.pdf", tmp_path / "short.pdf"
    good.write_bytes(make_pdf(bleed=True))
    short.write_bytes(make_pdf(pages=10))
    assert main(["preflight", str(good), "--trim", "6x9", "--bleed"]) == 0
    out = capsys.readouterr().out
    assert "passes" in out and "smallest text" in out
    assert main(["preflight", str(good), "--trim", "letter"]) == 1
    assert "FAIL" in capsys.readouterr().out
    assert main(["preflight", str(short)]) == 1
    assert "page count" in capsys.readouterr().out
    junk = tmp_path / "junk.pdf"
    junk.write_text("not a pdf")
    assert main(["preflight", str(junk)]) == 1
    assert "is not a PDF (it has no %PDF- header)" in capsys.readouterr().err


def test_mix_quotas_and_levels() -> None:
    assert mix_quotas(10) == {"Easy": 3, "Medium": 3, "Hard": 2, "Expert": 2}
    puzzles = puzzles_from_seed(6, seed="q", level="Hard", game=CATS_CRADLE)
    assert all(p.level == "Hard" for p in puzzles)


def test_books_from_a_catalog_never_repeat(tmp_path: Path) -> None:
    db = tmp_path / "c.sqlite"
    with Catalog(db) as catalog:
        generate(catalog, 8, seed="bk", kind="opening", level="Medium", game=CATS_CRADLE)
    for title in ("One", "Two"):
        argv = f"book --count 3 --level medium --db {db} -o {tmp_path / title}.pdf".split()
        assert main([*argv, "--title", title]) == 0
    with Catalog(db) as catalog:
        published = [p for p in catalog.puzzles() if catalog.publications(p["key"])]
        assert len(published) == 6
    third = tmp_path / "3.pdf"
    assert (
        main(["book", "--count", "5", "--level", "medium", "--db", str(db), "-o", str(third)]) == 1
    )
    assert not third.exists()


def _unused(*_: Any) -> None:  # keep imports honest for mypy
    pass


def test_a_story_that_cannot_be_laid_out_is_one_clear_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    from reportlab.platypus.doctemplate import LayoutError

    def too_tall(*_args: object, **_kwargs: object) -> None:
        raise LayoutError("Flowable <Table@0x7f> too large on page 5 in frame 'normal'")

    monkeypatch.setattr(book_module._Book, "build", too_tall)
    with pytest.raises(BookError, match="cannot be laid out on 6x9 pages: Flowable"):
        build_book(CATS_CRADLE, puzzles_from_seed(1, seed="lay", game=CATS_CRADLE), BookOptions())


def test_a_figure_sits_beside_words_in_image_and_flowables() -> None:
    # _Figure stands in for an Image through reportlab's private _restrictSize and
    # _unRestrictSize (see render/book.py): a release that drops them fails here.
    from reportlab.pdfgen.canvas import Canvas
    from reportlab.platypus import ImageAndFlowables, Paragraph

    diagram = CATS_CRADLE.diagram(puzzles_from_seed(1, seed="fig", game=CATS_CRADLE)[0])
    styles = book_module._styles("rgb")
    figure = book_module._Figure((diagram, "A caption."), 0.8, "rgb", styles)
    words = Paragraph("Words set beside the figure. " * 40, styles["body"])
    flow = ImageAndFlowables(figure, [words], imageSide="left", imageRightPadding=10)
    flow.canv = Canvas(io.BytesIO())
    _, height = flow.wrap(400, 700)
    assert height > figure.height  # the words run on below the figure, at its own size


def test_the_first_puzzles_follow_the_rules_on_their_last_page(books: dict[str, Path]) -> None:
    with pdfplumber.open(books["6x9"]) as pdf:
        texts = [page.extract_text() or "" for page in pdf.pages]
        rules = [n for n, text in enumerate(texts, start=1) if text.startswith("How to play")]
        first = next(n for n, t in enumerate(texts, start=1) if re.search(r"Puzzle 1\s+●", t))
        # The last page headed "How to play" (not the chapter's opening) holds the rules'
        # last words (body type, 9.5 pt) and, below them, the easy puzzles' heading and
        # puzzle 1: the rules it begins with head it.
        assert rules and first == rules[-1] and first > rules[0]
        assert "Easy puzzles" in texts[first - 1]
        assert any(round(float(c["size"]), 1) == 9.5 for c in pdf.pages[first - 1].chars)
        assert "Your task is" in " ".join(" ".join(texts[rules[0] - 1 : first]).split())
    # The contents send the reader to that page for the easy puzzles.
    assert re.search(rf"Easy puzzles\s*{first}\b", texts[2])


def test_a_page_that_begins_with_the_rules_is_headed_by_them(tmp_path: Path) -> None:
    # The default book's page 6 was headed "Puzzle 1" above a page of how-to-play, with
    # puzzle 1 at its foot; the puzzles' numbers head the pages they begin.
    path = make(tmp_path, "default", "--count", "24", "--mix")
    texts = page_texts(path)
    first = next(n for n, t in enumerate(texts) if re.search(r"Puzzle 1\s+●", t))
    assert "Easy puzzles" in texts[first] and "answered by a single move" in texts[first]
    assert texts[first].startswith("How to play Cat’s Cradle "), texts[first][:40]
    assert re.match(r"Puzzles 2–\d+ Puzzle 2 ", texts[first + 1]), texts[first + 1][:40]


@pytest.mark.parametrize(
    "args", [("--kind", "prepare", "--count", "3"), ("--game", "pendulum", "--count", "2")]
)
def test_one_board_a_page_stands_at_the_top_under_its_label(
    tmp_path: Path, args: tuple[str, ...]
) -> None:
    # On 6x9 pages of one board it was centred: a third of the page blank above it.
    path = make(tmp_path, "one-a-page", *args, "--page-size", "6x9")
    top = MARGINS["6x9"][2]  # the text block's top, from the trim (no bleed)
    alone = 0
    for page in parsed(path):
        if page.text.count("Solution on page") != 1 or "Solutions" in page.text:
            continue
        alone += 1
        # The label's bold 10 pt "Puzzle N": at the top, under the level's heading if any.
        label = min(c["top"] for c in page.chars if round(c["size"]) == 10 and c["text"] == "P")
        headed = "puzzles Puzzle" in page.text
        assert label - top <= (26 if headed else 0) + 4, (page.number, label - top)
    assert alone >= 2


def test_the_words_after_a_floating_figure_keep_their_paragraph_spacing() -> None:
    # Set whole, a how-to-play figure's following paragraphs ran together.
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, Spacer

    from puzzlegen.render.book.flowables import _Float

    style = ParagraphStyle("body", fontSize=10, leading=12, spaceBefore=2, spaceAfter=6)
    words = [Paragraph("One.", style), Paragraph("Two.", style)]
    float_ = _Float([Spacer(1, 40)], words)
    _, height = float_.wrap(300, 500)
    assert height == 40 + 2 + 12 + 6 + 12  # the figure, then each line, 6 pt between them
    assert float_.getSpaceBefore() == 0 and float_.getSpaceAfter() == 6


def test_a_floating_figure_lets_the_words_after_it_fill_the_page(tmp_path: Path) -> None:
    from reportlab.lib.styles import getSampleStyleSheet
    from reportlab.platypus import Flowable, Paragraph, SimpleDocTemplate, Spacer

    from puzzlegen.render.book.flowables import _Float

    class Box(Flowable):  # type: ignore[misc]
        def __init__(self, height: float) -> None:
            super().__init__()
            self.height = height

        def wrap(self, aw: float, ah: float) -> tuple[float, float]:
            return aw, self.height

        def draw(self) -> None:
            self.canv.drawString(0, 0, "FIGURE")

    body = getSampleStyleSheet()["BodyText"]

    def pages(story: list[Flowable]) -> list[list[str]]:
        path = tmp_path / "float.pdf"
        margins = {f"{side}Margin": 10 for side in ("left", "right", "top", "bottom")}
        SimpleDocTemplate(str(path), pagesize=(300, 400), **margins).build(story)
        return [p.extract_text().split() for p in PdfReader(path).pages]

    long = Paragraph(" ".join(["beta"] * 150), body)
    after = [Paragraph("alpha", body), long, Paragraph("gamma", body)]
    first, second = pages([Spacer(1, 200), _Float([Box(250)], after)])
    # What follows fills the first page (the long paragraph split across it); the
    # figure heads the next page, as a book floats it, and the words go on below it.
    assert first[0] == "alpha" and set(first[1:]) == {"beta"}
    assert second == ["FIGURE", *["beta"] * (150 - len(first) + 1), "gamma"]
    # Where it fits, the figure comes first, as a plain figure would.
    assert pages([_Float([Box(100)], [Paragraph("alpha", body)])]) == [["FIGURE", "alpha"]]


def test_curly_quotes_keep_backslashes_and_a_possessive_after_a_tag() -> None:
    from puzzlegen.render.book.flowables import curly

    # smartypants reads backslashes as escapes: a title's C:\\Games lost one.
    assert curly('The "Best" C:\\Games \\-x') == "The “Best” C:\\Games \\-x"
    # After a tag, 's is a possessive, not an opening quote.
    assert curly("<font name='X'>10♥</font>'s turn") == "<font name='X'>10♥</font>’s turn"
    assert curly("Cat's &amp; 'quoted' &nbsp;x") == "Cat’s &amp; ‘quoted’ &nbsp;x"


def test_no_paragraph_leaves_one_line_alone_at_a_page_top_or_foot() -> None:
    # "top card." alone at the top of a how-to-play page; a first line alone at a foot.
    from reportlab.platypus import Paragraph

    from puzzlegen.render.book.flowables import _styles

    styles = _styles("rgb")
    for name in ("body", "small", "step", "answer"):
        style = styles[name]
        lines = 6
        paragraph = Paragraph(" ".join(["word"] * 400), style)
        width = 200.0
        total = paragraph.wrap(width, 1e6)[1] / style.leading
        assert total > lines + 2
        # Room for all but its last line: the split leaves two lines, not one, below.
        room = (round(total) - 1) * style.leading
        _first, rest = paragraph.split(width, room)
        assert rest.wrap(width, 1e6)[1] >= 2 * style.leading - 0.01, name
        # Room for one line at a page's foot: none of it goes there.
        assert paragraph.split(width, style.leading * 1.5) == [], name


def test_a_line_or_two_past_a_board_stays_beside_it() -> None:
    # "are out." alone below a Pendulum board, under the board's caption.
    from reportlab.lib.styles import ParagraphStyle
    from reportlab.platypus import Paragraph, Spacer

    from puzzlegen.render.book.answers import _beside

    style = ParagraphStyle("step", fontSize=10, leading=12)
    board = Spacer(200, 100)  # a board 200 wide and 100 high, padded 6 below

    def bottom_padding(lines: int) -> float:
        words = Paragraph("<br/>".join(["word"] * lines), style)  # 12 pt a line
        (board_and_words,) = _beside(board, [words], (8, 6), None, {}, 308)
        return float(board_and_words._ibpad)

    assert bottom_padding(8) == 6  # 96 pt: beside the board's 106
    assert bottom_padding(9) == 6 + 2 + 1  # 2 pt past: the padding holds them
    assert bottom_padding(11) == 6 + 26 + 1  # two lines past: still beside
    assert bottom_padding(12) == 6  # three lines past: on below the board, full width
    # Spaced paragraphs: between two, the larger space; none after the last.
    spaced = ParagraphStyle("body", fontSize=10, leading=12, spaceBefore=2, spaceAfter=6)
    four = [Paragraph("<br/>".join(["word"] * 4), spaced) for _ in range(2)]
    (fits,) = _beside(board, four, (8, 6), None, {}, 308)
    assert float(fits._ibpad) == 6  # 48 + 6 + 48 = 102 pt: within the board's 106
