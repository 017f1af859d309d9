"""Books for a named printer (``book --printer``) and with a PDF/X-4 output intent.

One small book (two puzzles, padded to 24 pages) is made for IngramSpark with
a CMYK output intent, to keep the file fast; KDP's layout is the one every
other book test makes.
"""

from __future__ import annotations

import io
import os
import re
from pathlib import Path
from typing import Any

import pytest
from pypdf import PdfReader
from test_preflight import make_pdf

from puzzlegen.catscradle.plugin import CATS_CRADLE
from puzzlegen.cli import main
from puzzlegen.generator import puzzles_from_seed
from puzzlegen.render import pdfx
from puzzlegen.render.book import BookError, BookOptions, build_book
from puzzlegen.render.book.geometry import Geometry
from puzzlegen.render.preflight import Report, preflight

INCH = 72.0


def _profile() -> Path:
    """The system's CMYK profile; CI installs it (libgs-common), elsewhere the test skips."""
    try:
        return pdfx.default_profile()
    except pdfx.ProfileError as exc:
        if os.environ.get("CI"):
            raise
        pytest.skip(str(exc))


@pytest.fixture(scope="module")
def book() -> tuple[bytes, Path, Report]:
    profile = _profile()
    puzzles = puzzles_from_seed(2, seed="print", game=CATS_CRADLE)
    options = BookOptions(
        page_size="6x9",
        bleed=True,
        color="cmyk",
        printer="ingramspark",
        output_intent=str(profile),
    )
    data = build_book(CATS_CRADLE, puzzles, options, check=False)
    return data, profile, preflight(data, bleed=True, color="cmyk", printer="ingramspark")


def test_an_ingramspark_book_keeps_half_an_inch_and_passes_its_preflight(
    book: tuple[bytes, Path, Report],
) -> None:
    report = book[2]
    assert report.ok, report.failures
    safe = next(c for c in report.checks if c.rule.startswith("ink ≥"))
    assert safe.rule.startswith("ink ≥ 0.5 in")
    assert float(safe.found.split()[0]) >= 0.5


def test_the_book_carries_a_pdfx4_output_intent(book: tuple[bytes, Path, Report]) -> None:
    data, profile, report = book
    assert data.startswith(b"%PDF-1.6")
    reader = PdfReader(io.BytesIO(data))
    root: Any = reader.trailer["/Root"]
    (intent,) = [i.get_object() for i in root["/OutputIntents"]]
    assert intent["/Type"] == "/OutputIntent"
    assert intent["/S"] == "/GTS_PDFX"
    assert intent["/RegistryName"] == "http://www.color.org"
    assert str(intent["/OutputConditionIdentifier"]).strip()
    dest = intent["/DestOutputProfile"].get_object()
    assert dest["/N"] == 4
    assert dest.get_data() == profile.read_bytes()  # the profile itself, whole
    info: Any = reader.metadata
    assert info is not None
    assert info["/GTS_PDFXVersion"] == "PDF/X-4"
    assert info["/Trapped"] == "/False"
    assert pdfx.read_profile(profile).description in info["/Subject"]
    xmp = root["/Metadata"].get_object().get_data().decode()
    assert "<pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion>" in xmp
    assert re.search(r"<xmpMM:DocumentID>uuid:[0-9a-f-]{36}</xmpMM:DocumentID>", xmp)
    # As in Info: the first day of the copyright year (2026 by default).
    assert "<xmp:CreateDate>2026-01-01T00:00:00Z</xmp:CreateDate>" in xmp
    assert all("/TrimBox" in page and "/BleedBox" in page for page in reader.pages)
    rows = {c.rule: c for c in report.checks}
    assert rows["PDF/X-4 version keys (Info, XMP, header 1.6, Trapped)"].ok
    assert rows["PDF/X output intent: one GTS_PDFX, CMYK output profile"].ok


def test_the_output_intent_is_written_the_same_each_time(
    book: tuple[bytes, Path, Report],
) -> None:
    plain = make_pdf(24, cmyk=True)  # no trim box: the intent gives each page one
    profile = pdfx.read_profile(book[1])
    once, again = pdfx.add_output_intent(plain, profile), pdfx.add_output_intent(plain, profile)
    assert once == again
    assert all("/TrimBox" in page for page in PdfReader(io.BytesIO(once)).pages)
    assert preflight(once, color="cmyk").ok


def test_preflight_says_no_output_intent_and_fails_a_broken_one() -> None:
    plain = make_pdf(24)
    row = next(c for c in preflight(plain).checks if c.rule == "output intent (PDF/X)")
    assert row.ok and row.found == "no output intent (not PDF/X)"
    # An intent whose profile is not an ICC profile, in an RGB book, without version keys.
    fake = pdfx.Profile(b"not a profile", "Fake", "2.1")
    broken = preflight(pdfx.add_output_intent(plain, fake))
    failed = {c.rule for c in broken.failures}
    assert "PDF/X output intent: one GTS_PDFX, CMYK output profile" in failed
    assert "PDF/X: no RGB with a CMYK output intent" in failed


def test_a_bad_or_missing_profile_is_refused_in_one_line(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    rgb = tmp_path / "rgb.icc"
    header = bytearray(132)
    header[0:4] = (132).to_bytes(4, "big")
    header[12:16], header[16:20], header[36:40] = b"mntr", b"RGB ", b"acsp"
    rgb.write_bytes(bytes(header))
    out = tmp_path / "b.pdf"
    for args, said in (
        (["--output-intent", str(rgb), "--color", "cmyk"], "is for RGB colour, not CMYK"),
        (["--output-intent", str(tmp_path / "none.icc"), "--color", "cmyk"], "no ICC profile"),
        (["--pdfx"], "give --color cmyk or --color gray"),
    ):
        assert main(["book", "--count", "2", *args, "-o", str(out)]) != 0
        err = capsys.readouterr().err
        assert said in err and "Traceback" not in err and len(err.strip().splitlines()) == 1
    assert not out.exists()
    monkeypatch.setattr(pdfx, "SYSTEM_PROFILES", (("/nowhere/cmyk.icc", "none"),))
    assert main(["book", "--count", "2", "--pdfx", "--color", "gray", "-o", str(out)]) != 0
    assert "apt-get install libgs-common" in capsys.readouterr().err
    with pytest.raises(BookError, match="--color cmyk"):
        build_book(CATS_CRADLE, [], BookOptions(output_intent=str(rgb)))


def test_ingramspark_geometry_keeps_every_mark_half_an_inch_in() -> None:
    for size in ("6x9", "a4", "letter"):
        for bleed in (False, True):
            g = Geometry.make(size, bleed, 100, "ingramspark")
            _, trim_h = g.trim
            assert min(g.inside, g.outside, g.top, g.bottom) >= 0.5 * INCH
            _, y0 = g.trim_origin(1)
            assert y0 + trim_h - g.head_baseline(1) >= 0.5 * INCH + 8.5 * 0.9  # the head's ascent
            assert g.folio_baseline(1) - y0 >= 0.5 * INCH
    # KDP's own layout is untouched by the printer option.
    assert Geometry.make("6x9", True, 100) == Geometry.make("6x9", True, 100, "kdp")
    assert Geometry.make("6x9", True, 100).top == 0.7 * INCH


def card_index_sizes(data: bytes, below: float = 9.4) -> dict[str, set[float]]:
    """The type sizes of the card indices (bold ranks drawn in the boards, smaller than
    ``below``: labels and headings are larger) on the puzzle pages and on the answer
    pages, told apart by their running heads (the first answers by the title above them)."""
    import pdfplumber

    sizes: dict[str, set[float]] = {"puzzles": set(), "answers": set()}
    with pdfplumber.open(io.BytesIO(data)) as pdf:
        for page in pdf.pages:
            head = (page.extract_text() or "")[:20]
            kind = (
                "puzzles"
                if re.match(r"Puzzles? \d", head)
                else "answers"
                # Answers under their running head, or under the part's title.
                if re.match(r"Solutions?(?: \d|\n)", head)
                else None
            )
            if kind:
                labels = {"Puzzle", "Solution"}  # the bold labels above a board are not indices
                for word in page.extract_words(extra_attrs=["fontname", "size"]):
                    if (
                        "Bold" in word["fontname"]
                        and word["text"] in {*"A23456789JQK", "10"}
                        and word["text"] not in labels
                        and word["size"] < below
                    ):
                        sizes[kind].add(round(float(word["size"]), 2))
            page.close()
    return sizes


def test_puzzle_and_answer_boards_share_one_scale(book: tuple[bytes, Path, Report]) -> None:
    sizes = card_index_sizes(book[0])
    assert sizes["puzzles"] and sizes["answers"]
    assert sizes["puzzles"] == sizes["answers"]  # one board scale through the book
    assert min(sizes["puzzles"]) >= 7.0


def test_book_for_ingramspark_is_cmyk_unless_told_gray_and_never_rgb(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # IngramSpark takes CMYK or grayscale files: an RGB book passed its preflight.
    path = tmp_path / "i.pdf"
    argv = ["book", "--count", "2", "--seed", "print", "--printer", "ingramspark"]
    assert main([*argv, "--color", "rgb", "-o", str(path)]) == 2
    err = capsys.readouterr().err
    assert "IngramSpark takes CMYK or grayscale files, not RGB" in err and not path.exists()
    assert main([*argv, "-o", str(path)]) == 0
    report = preflight(path, printer="ingramspark")
    assert report.ok
    (spaces,) = [c.found for c in report.checks if c.rule.startswith("colour spaces")]
    assert "DeviceCMYK" in spaces and "RGB" not in spaces
