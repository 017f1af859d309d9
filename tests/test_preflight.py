"""Preflight fails on deliberately bad PDFs (made here with reportlab) and passes a good one."""

from __future__ import annotations

import io
from collections.abc import Callable
from typing import Any

import pytest

from puzzlegen.render.pdf import FONT, register_fonts
from puzzlegen.render.preflight import BLEED, INCH, Report, gutter_for, preflight

W, H = 6 * INCH, 9 * INCH


def make_pdf(
    pages: int = 24,
    *,
    bleed: bool = False,
    cmyk: bool = False,
    draw: Callable[[Any, int, float], None] | None = None,
) -> bytes:
    """A 6×9 PDF whose pages carry 9 pt embedded text and a 1 pt rule inside the safe area.

    ``draw(canvas, page_number, trim_left)`` adds something to each page.
    """
    from reportlab.pdfgen.canvas import Canvas

    register_fonts()
    buffer = io.BytesIO()
    media = (W + BLEED, H + 2 * BLEED) if bleed else (W, H)
    canvas = Canvas(buffer, pagesize=media, invariant=1, initialFontName=FONT)
    for number in range(1, pages + 1):
        recto = number % 2 == 1
        x0 = 0.0 if recto or not bleed else BLEED
        y0 = BLEED if bleed else 0.0
        if bleed:
            canvas.setTrimBox((x0, y0, x0 + W, y0 + H))
            canvas.setBleedBox((0, 0, *media))
        canvas.setFont(FONT, 9)
        if cmyk:
            canvas.setFillColorCMYK(0, 0, 0, 1)
            canvas.setStrokeColorCMYK(0, 0, 0, 1)
        else:
            canvas.setFillColorRGB(0, 0, 0)
        canvas.drawString(x0 + 1 * INCH, y0 + H / 2, f"Page {number}")
        canvas.setLineWidth(1)
        canvas.line(x0 + 1 * INCH, y0 + 2 * INCH, x0 + 5 * INCH, y0 + 2 * INCH)
        if draw is not None:
            draw(canvas, number, x0)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def failed(report: Report) -> dict[str, str]:
    return {check.rule: check.where for check in report.failures}


def test_a_good_pdf_passes() -> None:
    for bleed in (False, True):
        report = preflight(make_pdf(bleed=bleed), color="rgb")
        assert report.ok, report.failures
        assert report.pages == 24


def test_tiny_text_fails_on_its_page() -> None:
    def tiny(canvas: Any, number: int, x0: float) -> None:
        if number == 5:
            canvas.setFont(FONT, 6)
            canvas.drawString(x0 + INCH, 3 * INCH, "too small")

    report = preflight(make_pdf(draw=tiny))
    assert failed(report) == {"smallest text ≥ 7 pt": "page 5"}


def test_a_scaled_down_drawing_counts_at_its_printed_size() -> None:
    # A 9 pt text and 1 pt line drawn at half scale print at 4.5 pt and 0.5 pt.
    def shrunk(canvas: Any, number: int, x0: float) -> None:
        if number == 2:
            canvas.saveState()
            canvas.translate(x0 + INCH, 3 * INCH)
            canvas.scale(0.5, 0.5)
            canvas.setFont(FONT, 9)
            canvas.drawString(0, 0, "half")
            canvas.setLineWidth(1)
            canvas.line(0, 20, 100, 20)
            canvas.restoreState()

    assert failed(preflight(make_pdf(draw=shrunk))) == {
        "smallest text ≥ 7 pt": "page 2",
        "thinnest stroke ≥ 0.75 pt": "page 2",
    }


def test_thin_line_fails() -> None:
    def thin(canvas: Any, number: int, x0: float) -> None:
        if number in (3, 4):
            canvas.setLineWidth(0.3)
            canvas.line(x0 + INCH, 4 * INCH, x0 + 2 * INCH, 4 * INCH)

    report = preflight(make_pdf(draw=thin))
    assert failed(report) == {"thinnest stroke ≥ 0.75 pt": "pages 3, 4"}
    assert "0.30 pt" in {c.found for c in report.checks}


def test_ink_in_the_margin_fails() -> None:
    def folio_too_low(canvas: Any, number: int, x0: float) -> None:
        if number == 7:
            canvas.setFont(FONT, 9)
            canvas.drawString(x0 + 3 * INCH, 0.2 * INCH, "7")

    report = preflight(make_pdf(draw=folio_too_low))
    assert list(failed(report)) == ["ink ≥ 0.25 in from trim (outside, top, bottom)"]

    # With bleed the safe area is wider: 0.3 in from the trim is no longer enough.
    def at_point_three(canvas: Any, number: int, x0: float) -> None:
        if number == 7:
            canvas.setFont(FONT, 9)
            canvas.drawString(x0 + 3 * INCH, BLEED + 0.35 * INCH, "7")

    assert preflight(make_pdf(draw=at_point_three)).ok
    report = preflight(make_pdf(bleed=True, draw=at_point_three))
    assert failed(report) == {"ink ≥ 0.375 in from trim (outside, top, bottom)": "page 7"}


def test_gutter_is_measured_from_the_spine_of_each_side() -> None:
    # 0.3 in from the left edge: the outside of a verso page (fine), the spine of a recto.
    def near_left(canvas: Any, number: int, x0: float) -> None:
        if number in (8, 9):
            canvas.setFont(FONT, 9)
            canvas.drawString(x0 + 0.3 * INCH, 5 * INCH, "x")

    report = preflight(make_pdf(draw=near_left))
    assert failed(report) == {"gutter ≥ 0.375 in, recto (odd)": "page 9"}


def test_gutter_grows_with_the_page_count() -> None:
    assert [gutter_for(n) / INCH for n in (24, 150, 151, 300, 301, 500, 700, 828)] == [
        0.375, 0.375, 0.5, 0.5, 0.625, 0.625, 0.75, 0.875,
    ]  # fmt: skip


def test_page_count_and_boxes() -> None:
    report = preflight(make_pdf(pages=10))
    assert list(failed(report)) == ["page count 24–828"]
    # Pages of another size, or bleed promised but missing.
    report = preflight(make_pdf(), trim=(8.5 * INCH, 11 * INCH))
    assert list(failed(report)) == ["trim box 8.5×11 in (216×279 mm)"]
    report = preflight(make_pdf(), bleed=True)
    assert "bleed 0.125 in outside, top, bottom" in failed(report)


def test_unembedded_font_fails() -> None:
    def helvetica(canvas: Any, number: int, x0: float) -> None:
        if number == 1:
            canvas.setFont("Helvetica", 9)
            canvas.drawString(x0 + INCH, 3 * INCH, "standard font, not embedded")

    report = preflight(make_pdf(draw=helvetica))
    assert failed(report) == {"fonts embedded": ""}
    assert "Helvetica" in report.failures[0].found


@pytest.mark.parametrize("color", ["gray", "cmyk"])
def test_gray_and_cmyk_books_allow_no_rgb(color: str) -> None:
    report = preflight(make_pdf(), color=color)
    assert f"colour spaces ({color}: no RGB)" in failed(report)
    assert preflight(make_pdf(cmyk=True), color=color).ok

    def rich_black(canvas: Any, number: int, x0: float) -> None:
        if number == 4:
            canvas.setFillColorCMYK(0.6, 0.4, 0.4, 1)
            canvas.setFont(FONT, 9)
            canvas.drawString(x0 + INCH, 3 * INCH, "rich")

    report = preflight(make_pdf(cmyk=True, draw=rich_black), color=color)
    assert failed(report)["black text in black ink only"] == "page 4"
    # A gray book may use black ink alone; cmyk may use every ink.
    assert ("gray: black ink only" in failed(report)) == (color == "gray")
