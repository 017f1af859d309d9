"""What a book prints from its options: the copyright year, and only text its fonts can set.

Refusals come before any puzzle is made, so these tests are fast.
"""

from __future__ import annotations

import re
from pathlib import Path

import pdfplumber
import pytest
from pypdf import PdfReader

from puzzlegen.cli import main
from puzzlegen.render.pdf import font_has, unprintable


@pytest.mark.parametrize(
    ("title", "why"),
    [
        ("Cats \U0001f984", "cannot print"),  # an emoji DejaVu Sans lacks: an empty box
        ("猫の本", "cannot print"),  # CJK
        ("Tab\there", "control character U+0009"),
        ("Zero\u200bwidth", "control character U+200B"),
        ("שלום", "right-to-left"),  # Hebrew: reportlab would set it reversed
        ("كتاب", "right-to-left"),  # Arabic: reversed and unshaped
    ],
)
def test_text_the_fonts_cannot_print_is_refused_before_any_work(
    title: str, why: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "b.pdf"
    assert main(["book", "--count", "2", "--title", title, "-o", str(path)]) == 2
    err = capsys.readouterr().err
    assert "'--title'" in err and why in err and err.count("\n") <= 2
    assert not path.exists()


def test_what_the_fonts_have_is_accepted() -> None:
    for text in ("Café Cats – Ω", "Cats ♠♥♦♣", "Ünïcödé — “quoted”"):
        assert unprintable(text) is None, text
    assert font_has("é") and not font_has("\U0001f984")
    assert "'猫' (U+732B CJK UNIFIED IDEOGRAPH-732B), which" in (unprintable("猫") or "")
    assert unprintable("Author\x00") is not None
    # DejaVu draws 😀, but reportlab's text layer would name it U+1F60 (ὠ).
    assert font_has("\U0001f600")
    assert "text layer" in (unprintable("Hi \U0001f600") or "")


def _created(path: Path) -> str:
    info = PdfReader(path).metadata
    assert info is not None
    return str(info["/CreationDate"])


def test_the_year_and_the_ids_are_printed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "b.pdf"
    assert main(["book", "--count", "2", "--seed", "yr", "--year", "2031", "-o", str(path)]) == 0
    with pdfplumber.open(path) as pdf:
        assert "© 2031 puzzlegen" in (pdf.pages[1].extract_text() or "")
        words = " ".join((p.extract_text() or "") for p in pdf.pages[:12])
        ids = [  # the ids under the boards, in 7 pt, wherever the puzzle pages begin
            c
            for p in pdf.pages[:12]
            for c in p.chars
            if c["text"] == "C" and abs(c["size"] - 7.0) < 0.01
        ]
        for page in pdf.pages:
            page.close()
    assert "CC-" in words and ids
    # The file's dates are the copyright year's first day, not a fixed 2000.
    assert _created(path).startswith("D:20310101000000")
    # Without --year: SOURCE_DATE_EPOCH's year, the reproducible-builds convention.
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1893456000")  # 2030-01-01
    assert main(["book", "--count", "2", "--seed", "yr", "-o", str(path)]) == 0
    with pdfplumber.open(path) as pdf:
        assert "© 2030 puzzlegen" in (pdf.pages[1].extract_text() or "")
    assert _created(path).startswith("D:20300101000000")


@pytest.mark.parametrize(
    "epoch", ["999999999999999", "²", "abc", "1.5e9", "9" * 5000, "0" * 5000, "0" * 20 + "9" * 12]
)
def test_a_bad_source_date_epoch_is_one_line_before_any_page_is_set(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
    epoch: str,
) -> None:
    # A year past 9999, a digit to str.isdigit() alone, text reportlab would int(): tracebacks.
    monkeypatch.setenv("SOURCE_DATE_EPOCH", epoch)
    path = tmp_path / "b.pdf"
    for year in ([], ["--year", "2031"]):  # reportlab reads it whatever the year
        assert main(["book", "--count", "2", *year, "-o", str(path)]) == 1
        err = capsys.readouterr().err
        assert "SOURCE_DATE_EPOCH=" in err and "is not a time" in err and err.count("\n") == 1
        assert not path.exists()


def test_a_title_past_kdps_200_characters_is_refused(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "b.pdf"
    assert main(["book", "--count", "2", "--title", "A" * 201, "-o", str(path)]) == 2
    err = capsys.readouterr().err
    assert "the title is 201 characters" in err and err.count("\n") <= 2
    assert not path.exists()


def test_a_long_title_keeps_the_front_matter_on_its_pages(tmp_path: Path) -> None:
    # 200 characters (spaces trimmed), and a long publisher: the title page and the
    # copyright page still hold all they hold, and the contents still open on page 3.
    title = "  " + " ".join(["Very long title word"] * 10)[:200] + " "
    publisher = " ".join(["Long Publishing House"] * 6)
    path = tmp_path / "b.pdf"
    argv = ["book", "--count", "2", "--title", title, "--publisher", publisher]
    assert main([*argv, "-o", str(path)]) == 0
    with pdfplumber.open(path) as pdf:
        first, second, third = ((p.extract_text() or "") for p in pdf.pages[:3])
    assert "2 puzzles with solutions" in first and "puzzlegen" in first.splitlines()[-1]
    assert "Published by Long" in second and "Cat’s Cradle is a patience" in second
    assert third.startswith("Contents")
    info = PdfReader(path).metadata
    assert info is not None and str(info["/Title"]) == title.strip()


def test_the_choices_are_taken_in_any_case(tmp_path: Path) -> None:
    path = tmp_path / "b.pdf"
    argv = ["book", "--count", "2", "--page-size", "A4", "--color", "Gray"]
    assert main([*argv, "-o", str(path)]) == 0
    box = PdfReader(path).pages[0].trimbox
    assert round(float(box.width) / 72 * 25.4) == 210


def test_the_index_of_techniques_says_its_numbers_are_puzzles(tmp_path: Path) -> None:
    path = tmp_path / "b.pdf"
    assert main(["book", "--count", "8", "--seed", "ix", "-o", str(path)]) == 0
    with pdfplumber.open(path) as pdf:
        texts = [page.extract_text() or "" for page in pdf.pages]
        for page in pdf.pages:
            page.close()
    (index,) = [t for t in texts if "Index of techniques\nThe numbers" in t]
    # "Blocking 18" read as page 18: the note says they are the puzzles' numbers.
    assert "The numbers are puzzle numbers." in index
    after = index.split("The numbers are puzzle numbers.", 1)[1]
    entries = [line for line in after.splitlines() if line and not line.isdigit()]
    numbers = {int(n) for line in entries for n in re.findall(r"\b(\d+)\b", line)}
    assert entries and numbers and numbers <= set(range(1, 9))


@pytest.mark.parametrize("game", ["cats-cradle", "escape"])
def test_a_book_of_one_puzzle_says_puzzle_in_the_singular(tmp_path: Path, game: str) -> None:
    # The title page said "1 puzzles with solutions", and the metadata "1 puzzles".
    path = tmp_path / "one.pdf"
    assert main(["book", "--game", game, "--count", "1", "-o", str(path)]) == 0
    with pdfplumber.open(path) as pdf:
        first = " ".join((pdf.pages[0].extract_text() or "").split())
    assert "1 puzzle with its solution" in first and "1 puzzles" not in first
    info = PdfReader(path).metadata
    assert info is not None and str(info["/Subject"]).startswith("1 puzzle; ")


@pytest.mark.parametrize(
    "names",
    [
        ("cats-cradle",),
        ("pendulum",),
        ("escape",),
        ("cats-cradle", "pendulum"),
        ("pendulum", "escape"),
        ("cats-cradle", "escape"),
        ("cats-cradle", "pendulum", "escape"),
    ],
)
def test_the_imprint_credits_the_inventors_once(names: tuple[str, ...]) -> None:
    # A book of Cat's Cradle and Escape said "This book credits the inventor." twice,
    # after each game's credit; Pendulum's author is not known, so it is not credited.
    from puzzlegen.registry import get_game
    from puzzlegen.render.book import BookOptions, _styles
    from puzzlegen.render.book.flowables import curly
    from puzzlegen.render.book.front import _copyright

    games = [get_game(name) for name in names]
    imprint = _copyright(BookOptions(), "T", games, _styles("rgb"))
    words = " ".join(p.text for p in imprint if hasattr(p, "text"))
    sentences = re.split(r"(?<=\.) ", words)
    assert len(sentences) == len(set(sentences)), sentences
    assert words.count("This book credits") == (0 if names == ("pendulum",) else 1)
    known = [curly(g.title) for g in games if g.name != "pendulum"]
    if len(games) == 1 and known:
        assert "This book credits the inventor." in words
    elif len(known) == 1:
        assert f"This book credits the inventor of {known[0]}." in words
    elif known:
        assert "This book credits the inventors of Cat’s Cradle and Escape." in words
