"""Preflight reads each page's characters against its embedded fonts: an empty box fails.

The PDFs are made directly with reportlab, so the input checks of ``book``
(which refuse such text before any work) are bypassed.
"""

from __future__ import annotations

import io
import re
from pathlib import Path
from typing import Any

import pytest
from test_preflight import make_pdf

from puzzlegen.cli import main
from puzzlegen.registry import get_game
from puzzlegen.render.pdf import FONT, FONT_BOLD
from puzzlegen.render.preflight import INCH, preflight

RULE = "every character has a glyph in its font"


def with_title(text: str, page: int = 5) -> bytes:
    """A good 24-page PDF but for ``text`` in bold on ``page``."""

    def title(canvas: Any, number: int, x0: float) -> None:
        if number == page:
            canvas.setFont(FONT_BOLD, 12)
            canvas.drawString(x0 + INCH, 6 * INCH, text)

    return make_pdf(draw=title)


def glyph_check(data: bytes) -> Any:
    return next(c for c in preflight(data).checks if c.rule == RULE)


def test_a_character_dejavu_lacks_fails_on_its_page(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    data = with_title("Title 中 here")
    report = preflight(data)
    assert [(c.rule, c.where) for c in report.failures] == [(RULE, "page 5")]
    # reportlab draws a missing character with code 0, which it records as U+0000:
    # the report says so and quotes the line, so the character can be found.
    found = report.failures[0].found
    assert "DejaVuSans-Bold has no glyph" in found and "U+0000" in found
    assert "'Title ▯ here'" in found
    path = tmp_path / "cjk.pdf"
    path.write_bytes(data)
    assert main(["preflight", str(path)]) == 1
    out = capsys.readouterr().out
    assert re.search(r"^FAILS: 1 rule$", out, re.M) and "page 5" in out


def test_a_missing_character_the_pdf_names_is_named() -> None:
    from pypdf import PdfReader, PdfWriter
    from pypdf.generic import NameObject, StreamObject

    # The same PDF as another writer would make it: its ToUnicode says which character
    # code 0 stands for, though the font still has no glyph for it.
    reader = PdfReader(io.BytesIO(with_title("Title 中 here", page=3)))
    writer = PdfWriter(clone_from=reader)
    for page in writer.pages:
        resources: Any = page["/Resources"]
        fonts: Any = resources["/Font"]
        for ref in fonts.values():
            font = ref.get_object()
            if "DejaVuSans-Bold" in str(font.get("/BaseFont")):
                stream = font["/ToUnicode"].get_object()
                text = stream.get_data().replace(b"<00> <0000>", b"<00> <4E2D>")
                fixed = StreamObject()
                fixed.set_data(text)
                font[NameObject("/ToUnicode")] = writer._add_object(fixed)
    buffer = io.BytesIO()
    writer.write(buffer)
    check = glyph_check(buffer.getvalue())
    assert not check.ok and check.where == "page 3"
    assert "no glyph for '中' (U+4E2D)" in check.found


def test_what_the_fonts_have_passes() -> None:
    check = glyph_check(with_title("Café ♠♥♦♣ – Ω “quoted”"))
    assert check.ok and check.found == "all drawn"


def test_a_bad_title_past_the_input_check_is_refused_by_the_books_own_preflight() -> None:
    # Every real book is preflighted as it is made, so each book the suite builds
    # passes this check too; here one is made with a title the CLI would refuse.
    from puzzlegen.generator import puzzles_from_seed
    from puzzlegen.render.book import BookError, BookOptions, build_book

    game = get_game("cats-cradle")
    puzzles = puzzles_from_seed(1, seed="glyphs", level=None, game=game)
    with pytest.raises(BookError) as refused:
        build_book(game, puzzles, BookOptions(title="Cats 猫", page_size="6x9"))
    message = str(refused.value)
    assert "\n" not in message and RULE in message and "'Cats ▯'" in message, message
    assert "(pages 1, 2)" in message  # the title page and the running heads' first page
    assert FONT in message
