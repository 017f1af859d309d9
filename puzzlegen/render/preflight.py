"""Preflight: check a PDF against the paperback rules print-on-demand printers apply.

The rules are those KDP and IngramSpark publish for a paperback interior:

* every page has the same trim box; with bleed the media box is the trim plus
  0.125 in at the outside edge, the top and the bottom;
* 24 to 828 pages;
* every font embedded, and every character drawn with a glyph its font has
  (:mod:`puzzlegen.render.glyphs`: else it prints as an empty box);
* no text under 7 pt and no stroke under 0.75 pt;
* all ink inside the safe area: at least 0.375 in from the trim with bleed
  (0.25 in without) at the outside, top and bottom, and at least the gutter
  from the spine, the gutter growing with the page count (:func:`gutter_for`);
* the colour spaces used; with ``color="gray"`` or ``"cmyk"``, no RGB at all
  and black text in black ink only (no "rich black" of four inks).

Two printer profiles (:data:`PRINTERS`): ``kdp`` (the default) and
``ingramspark``, which asks 0.5 in of safety margin on every side, the spine
included.  Each check names the source of its rule.  Before anything is
parsed, a file is refused that has no pages, or whose compressed streams
inflate past :data:`MAX_INFLATE` (a compression bomb); pdfplumber's pages
are closed as they are read, so memory stays flat however long the book.

Page 1 is a recto (right-hand page): its spine edge is on the left.
Coordinates are PDF points, origin at the bottom left of the media box.
pdfplumber reads what a page paints (every character's size, every stroke's
width with the drawing's scale applied, every shape's bounds); pypdf reads the
boxes, the fonts and the colour operators of the content streams.

>>> gutter_for(100), gutter_for(151), gutter_for(828)
(27.0, 36.0, 63.0)
"""

from __future__ import annotations

import io
import re
from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pdfplumber
from pypdf import PdfReader

from puzzlegen.render.glyphs import GlyphCheck
from puzzlegen.textio import counted

INCH = 72.0
BLEED = 0.125 * INCH
MIN_PAGES = 24
MAX_PAGES = 828
MIN_TEXT = 7.0
MIN_STROKE = 0.75
#: Minimum distance of ink from the trim at the outside, top and bottom.
SAFE_WITH_BLEED = 0.375 * INCH
SAFE_NO_BLEED = 0.25 * INCH
#: (last page count, minimum gutter in inches), from the paperback margin tables.
GUTTERS = ((150, 0.375), (300, 0.5), (500, 0.625), (700, 0.75), (MAX_PAGES, 0.875))
COLORS = ("rgb", "gray", "cmyk")
#: The most a PDF's streams may inflate to, in all, before it is refused unread.
MAX_INFLATE = 512 * 1024 * 1024

KDP_MARGINS = (
    "KDP Help, 'Set trim size, bleed, and margins' (kdp.amazon.com/help/topic/GVBQ3CMEQW3W6VWG)"
)
KDP_PAGES = "KDP Help, 'Paperback and hardcover page limits' (kdp.amazon.com/help)"
INGRAM_MARGINS = (
    "IngramSpark, 'File requirements for print books': margins of at least 0.5 in from "
    "the trim on all sides (ingramspark.com/blog/file-requirements-for-print-books)"
)
INGRAM_FILES = (
    "IngramSpark File Creation Guide (help.ingramspark.com): fonts embedded, bleed 0.125 in"
)
HOUSE = "puzzlegen's house rule: the common print-on-demand legibility minimum"
GLYPHS = (
    "puzzlegen's house rule: a character its font has no glyph for prints as an empty box"
)


@dataclass(frozen=True)
class Printer:
    """A printer's rules for a paperback interior, each with where it comes from."""

    name: str
    #: Ink from the trim at the outside, top and bottom: (with bleed, without)
    safe: tuple[float, float]
    #: The least inside margin; None: the page-count gutter table
    spine: float | None
    sources: dict[str, str]
    #: Whether an RGB file is taken (IngramSpark asks for CMYK or grayscale files)
    rgb: bool = True

    def safe_area(self, bleed: bool) -> float:
        return self.safe[0] if bleed else self.safe[1]

    def gutter(self, pages: int) -> float:
        return gutter_for(pages) if self.spine is None else max(self.spine, 0.0)


PRINTERS = {
    "kdp": Printer(
        "KDP",
        (SAFE_WITH_BLEED, SAFE_NO_BLEED),
        None,
        {
            "pages": KDP_PAGES,
            "boxes": KDP_MARGINS,
            "fonts": "KDP Help, 'Paperback manuscript guidelines': embed all fonts",
            "glyphs": GLYPHS,
            "text": HOUSE,
            "stroke": HOUSE,
            "safe": KDP_MARGINS,
            "gutter": KDP_MARGINS + ", gutter by page count",
            "colour": "KDP Help, 'Paperback manuscript guidelines': black ink interiors",
        },
    ),
    "ingramspark": Printer(
        "IngramSpark",
        (0.5 * INCH, 0.5 * INCH),
        0.5 * INCH,
        {
            "pages": KDP_PAGES + " (the stricter of the two)",
            "boxes": INGRAM_FILES,
            "fonts": INGRAM_FILES,
            "glyphs": GLYPHS,
            "text": HOUSE,
            "stroke": HOUSE,
            "safe": INGRAM_MARGINS,
            "gutter": INGRAM_MARGINS,
            "colour": INGRAM_FILES + ": CMYK or grayscale, no RGB",
        },
        rgb=False,
    ),
}


class PreflightError(ValueError):
    """A file preflight refuses to read (no pages, a compression bomb)."""


class UnreadablePdfError(ValueError):
    """A file the PDF readers fail on part way: a damaged stream, object or table."""


#: Python's own errors that a damaged file raises: objects of the wrong type where a
#: dictionary or an array belongs (a changed byte makes ``/Resources`` a number).
#: Taken as damage only when raised inside a reader, or by preflight's own walk of
#: the file's objects about one of pypdf's (:func:`_is_damage`): other ones are bugs.
_DAMAGE: tuple[type[Exception], ...] = (AttributeError, TypeError, RecursionError)

#: Where the readers' code lives (the last frame of a traceback raised in them).
_READERS = ("pypdf", "pdfminer", "pdfplumber")


def _readers_errors() -> tuple[type[Exception], ...]:
    """The readers' own error classes, imported where they are needed."""
    import zlib

    from pdfminer.pdfexceptions import PDFException
    from pdfminer.psexceptions import PSException
    from pdfplumber.utils.exceptions import PdfminerException
    from pypdf.errors import PyPdfError

    return (PdfminerException, PDFException, PSException, PyPdfError, zlib.error)


def _is_damage(exc: BaseException) -> bool:
    """Whether ``exc`` (one of :data:`_DAMAGE`) comes of the file, not of a bug here:
    raised in pypdf's, pdfminer's or pdfplumber's code, or naming one of pypdf's
    object types ("'NumberObject' object has no attribute 'values'")."""
    from pypdf import generic

    tb = exc.__traceback__
    while tb is not None and tb.tb_next is not None:
        tb = tb.tb_next
    if tb is not None:
        parts = Path(tb.tb_frame.f_code.co_filename).parts
        if any(name in parts for name in _READERS):
            return True
    said = str(exc)
    return any(f"'{name}'" in said for name in generic.__all__ if name.endswith("Object"))


def check_inflation(data: bytes, limit: int = MAX_INFLATE) -> int:
    """The bytes ``data``'s Flate streams inflate to; raises :class:`PreflightError` past ``limit``.

    Streams are inflated a chunk at a time and thrown away, so the check
    itself needs little memory whatever the stream holds.
    """
    import zlib

    total = 0
    for match in re.finditer(rb"stream\r?\n", data):
        start = match.end()
        inflater = zlib.decompressobj()
        chunk = data[start : start + (1 << 16)]
        offset = start
        while chunk:
            try:
                out = inflater.decompress(chunk, 1 << 20)
            except zlib.error:
                break  # not Flate, or not compressed: the parser will judge it
            total += len(out)
            while inflater.unconsumed_tail and not inflater.eof and total <= limit:
                try:
                    out = inflater.decompress(inflater.unconsumed_tail, 1 << 20)
                except zlib.error:
                    break  # damaged part way: the parser will judge it
                if not out:
                    break
                total += len(out)
            if total > limit:
                raise PreflightError(
                    f"its streams inflate past {limit // (1024 * 1024)} MB "
                    "(a compression bomb?): refused unread"
                )
            if inflater.eof:
                break
            offset += len(chunk)
            chunk = data[offset : offset + (1 << 16)]
    return total


#: Rounding slack: reportlab writes coordinates to a few decimals.
_EPS = 0.01


def gutter_for(pages: int) -> float:
    """The minimum inside margin, in points, for a book of ``pages`` pages."""
    for last, inches in GUTTERS:
        if pages <= last:
            return inches * INCH
    return GUTTERS[-1][1] * INCH


@dataclass(frozen=True)
class Check:
    """One row of the preflight table."""

    rule: str
    found: str
    ok: bool
    where: str = ""  # the first offending page(s), if any
    source: str = ""  # where the rule comes from


@dataclass(frozen=True)
class Report:
    pages: int
    checks: tuple[Check, ...]

    @property
    def ok(self) -> bool:
        return all(check.ok for check in self.checks)

    @property
    def failures(self) -> tuple[Check, ...]:
        return tuple(check for check in self.checks if not check.ok)


@dataclass
class _Box:
    x0: float
    y0: float
    x1: float
    y1: float

    @classmethod
    def of(cls, box: Any) -> _Box:
        return cls(float(box.left), float(box.bottom), float(box.right), float(box.top))

    def close_to(self, other: _Box) -> bool:
        return all(
            abs(a - b) < _EPS
            for a, b in zip(
                (self.x0, self.y0, self.x1, self.y1),
                (other.x0, other.y0, other.x1, other.y1),
                strict=True,
            )
        )

    def size_in(self) -> str:
        return _size(self.x1 - self.x0, self.y1 - self.y0)


def _size(width: float, height: float) -> str:
    """A page size in points as a printer's form asks for it: "8.268×11.693 in (210×297 mm)"."""
    w, h = width / INCH, height / INCH
    return f"{round(w, 3):g}×{round(h, 3):g} in ({w * 25.4:.0f}×{h * 25.4:.0f} mm)"


@dataclass
class _Extremes:
    """The worst value of a measure and the pages where it breaks its rule."""

    value: float | None = None
    bad_pages: list[int] = field(default_factory=list)

    def low(self, value: float, page: int, floor: float) -> None:
        if self.value is None or value < self.value:
            self.value = value
        if value < floor - _EPS and (not self.bad_pages or self.bad_pages[-1] != page):
            self.bad_pages.append(page)


def _pages_text(pages: list[int]) -> str:
    if not pages:
        return ""
    shown = ", ".join(str(p) for p in pages[:8])
    return f"page{'s' if len(pages) > 1 else ''} {shown}" + (" …" if len(pages) > 8 else "")


def _fonts(resources: Any, seen: set[int]) -> Iterator[tuple[str, bool]]:
    """(name, embedded) of every font a resource dictionary uses, forms included."""
    if resources is None:
        return
    resources = resources.get_object()
    for font in (resources.get("/Font") or {}).values():
        font = font.get_object()
        if id(font) in seen:
            continue
        seen.add(id(font))
        name = str(font.get("/BaseFont", "?")).lstrip("/")
        subtype = font.get("/Subtype")
        if subtype == "/Type3":  # glyphs drawn in the PDF itself
            yield name, True
            continue
        fonts = [font]
        if subtype == "/Type0":
            fonts = [f.get_object() for f in font.get("/DescendantFonts", [])]
        embedded = bool(fonts)
        for f in fonts:
            descriptor = f.get("/FontDescriptor")
            descriptor = descriptor.get_object() if descriptor is not None else {}
            if not any(k in descriptor for k in ("/FontFile", "/FontFile2", "/FontFile3")):
                embedded = False
        yield name, embedded
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Form":
            yield from _fonts(xobject.get("/Resources"), seen)


#: Colour operators in a content stream: three numbers and rg/RG (RGB), one and
#: g/G (gray), four and k/K (CMYK), or a named space set with cs/CS.
_NUMBER = rb"[-+]?(?:\d+\.?\d*|\.\d+)"
_COLOUR_OPS = re.compile(
    rb"(?:^|\s)(?:(?:%(n)s\s+){3}(?P<rgb>rg|RG)|(?:%(n)s\s+){4}(?P<cmyk>k|K)"
    rb"|%(n)s\s+(?P<gray>g|G)|/(?P<named>[^\s/\[\]()<>]+)\s+(?:cs|CS))(?=\s|$)" % {b"n": _NUMBER}
)


def _space_name(space: Any, resources: Any) -> str:
    space = space.get_object() if hasattr(space, "get_object") else space
    if isinstance(space, list):  # [/ICCBased stream], [/Separation ...], [/Indexed ...]
        return str(space[0]).lstrip("/") if space else "?"
    name = str(space)
    if name in ("/DeviceRGB", "/DeviceGray", "/DeviceCMYK", "/Pattern"):
        return name.lstrip("/")
    named = (resources.get("/ColorSpace") or {}) if resources is not None else {}
    if name in named:
        return _space_name(named[name], None)
    return name.lstrip("/")


def _colour_spaces(page: Any, resources: Any, out: set[str]) -> None:
    """The colour spaces a page (or form) sets, read from its content stream's operators."""
    resources = resources.get_object() if resources is not None else None
    if hasattr(page, "get_contents"):
        contents = page.get_contents()
        data = contents.get_data() if contents is not None else b""
    else:
        data = page.get_data()
    for match in _COLOUR_OPS.finditer(data):
        if match["rgb"]:
            out.add("DeviceRGB")
        elif match["cmyk"]:
            out.add("DeviceCMYK")
        elif match["gray"]:
            out.add("DeviceGray")
        else:
            out.add(_space_name("/" + match["named"].decode("latin-1"), resources))
    if resources is None:
        return
    for xobject in (resources.get("/XObject") or {}).values():
        xobject = xobject.get_object()
        if xobject.get("/Subtype") == "/Image":
            space = xobject.get("/ColorSpace")
            if space is not None:
                out.add(_space_name(space, resources))
        elif xobject.get("/Subtype") == "/Form":
            _colour_spaces(xobject, xobject.get("/Resources"), out)


def _is_rich_black(colour: Any) -> bool:
    """A near-black made of several inks (which misregisters on press)."""
    if not isinstance(colour, tuple) or len(colour) != 4:
        return False
    c, m, y, k = (float(v) for v in colour)
    return k > 0.5 and max(c, m, y) > 0.02


def _is_rgb(colour: Any) -> bool:
    return isinstance(colour, tuple) and len(colour) == 3


def _is_colour_ink(colour: Any) -> bool:
    """Any ink but black: RGB, or CMYK with cyan, magenta or yellow."""
    if _is_rgb(colour):
        return True
    return isinstance(colour, tuple) and len(colour) == 4 and max(colour[:3]) > 0


def _ink(page: Any) -> Iterable[tuple[float, float, float, float]]:
    """The bounds (x0, y0, x1, y1, PDF space) of everything a page paints."""
    for char in page.chars:
        if char["text"].strip():
            yield char["x0"], char["y0"], char["x1"], char["y1"]
    for kind in ("lines", "rects", "curves"):
        for obj in getattr(page, kind):
            if not (obj.get("stroke") or obj.get("fill")):
                continue
            half = (obj.get("linewidth") or 0.0) / 2 if obj.get("stroke") else 0.0
            yield obj["x0"] - half, obj["y0"] - half, obj["x1"] + half, obj["y1"] + half
    for image in page.images:
        yield image["x0"], image["y0"], image["x1"], image["y1"]


def preflight(
    pdf: bytes | Path,
    *,
    trim: tuple[float, float] | None = None,
    bleed: bool | None = None,
    color: str | None = None,
    printer: str = "kdp",
) -> Report:
    """Check ``pdf`` against the paperback rules of ``printer`` (:data:`PRINTERS`).

    ``trim`` is the expected trim size in points (default: the first page's
    trim box); ``bleed`` whether the pages must carry bleed (default: whether
    the first page's media box is larger than its trim box); ``color`` the
    promised colour ("gray" and "cmyk" forbid RGB and rich black text).
    Raises :class:`PreflightError` for a file it will not read, and
    :class:`UnreadablePdfError` for one the readers fail on part way.
    """
    profile = PRINTERS[printer]
    data = pdf.read_bytes() if isinstance(pdf, Path) else pdf
    check_inflation(data)
    with _quiet_readers():
        try:
            return _preflight(data, trim, bleed, color, profile)
        except _readers_errors() as exc:
            raise UnreadablePdfError(_first_words(exc)) from None
        except _DAMAGE as exc:
            if not _is_damage(exc):
                raise
            raise UnreadablePdfError(_first_words(exc)) from None


def _first_words(exc: Exception, limit: int = 100) -> str:
    """A reader's complaint on one short line (pdfminer's quote whole dictionaries)."""
    text = " ".join(str(exc).split()) or type(exc).__name__
    return text if len(text) <= limit else text[: limit - 1].rstrip() + "…"


@contextmanager
def _quiet_readers() -> Iterator[None]:
    """pypdf and pdfminer log what they repair ("Not adding object 13 to xref");
    preflight's own report, or its one-line refusal, says what matters."""
    import logging

    loggers = [logging.getLogger(name) for name in ("pypdf", "pdfminer")]
    levels = [logger.level for logger in loggers]
    for logger in loggers:
        logger.setLevel(logging.CRITICAL)
    try:
        yield
    finally:
        for logger, level in zip(loggers, levels, strict=True):
            logger.setLevel(level)


def _preflight(
    data: bytes,
    trim: tuple[float, float] | None,
    bleed: bool | None,
    color: str | None,
    profile: Printer,
) -> Report:
    reader = PdfReader(io.BytesIO(data))
    count = len(reader.pages)
    if count == 0:
        raise PreflightError("it has no pages")
    checks: list[Check] = []
    src = profile.sources
    first = reader.pages[0]
    first_trim = _Box.of(first.trimbox)
    if trim is None:
        trim = (first_trim.x1 - first_trim.x0, first_trim.y1 - first_trim.y0)
    if bleed is None:
        bleed = not _Box.of(first.mediabox).close_to(first_trim)
    tw, th = trim
    safe = profile.safe_area(bleed)
    gutter = profile.gutter(count)

    checks.append(
        Check(
            f"page count {MIN_PAGES}–{MAX_PAGES}",
            str(count),
            MIN_PAGES <= count <= MAX_PAGES,
            source=src["pages"],
        )
    )

    bad_trim: list[int] = []
    bad_bleed: list[int] = []
    trims: list[_Box] = []
    for number, page in enumerate(reader.pages, start=1):
        media, box = _Box.of(page.mediabox), _Box.of(page.trimbox)
        trims.append(box)
        if abs(box.x1 - box.x0 - tw) > _EPS or abs(box.y1 - box.y0 - th) > _EPS:
            bad_trim.append(number)
        recto = number % 2 == 1
        if bleed:
            # The bleed: outside edge (right of a recto, left of a verso), top, bottom.
            want = _Box(
                box.x0 - (0 if recto else BLEED),
                box.y0 - BLEED,
                box.x1 + (BLEED if recto else 0),
                box.y1 + BLEED,
            )
            bleed_box = _Box.of(page.bleedbox)
            if not (media.close_to(want) and bleed_box.close_to(want)):
                bad_bleed.append(number)
        elif not media.close_to(box):
            bad_bleed.append(number)
    checks.append(
        Check(
            f"trim box {_size(tw, th)}",
            first_trim.size_in() if not bad_trim else trims[bad_trim[0] - 1].size_in(),
            not bad_trim,
            _pages_text(bad_trim),
            src["boxes"],
        )
    )
    checks.append(
        Check(
            "bleed 0.125 in outside, top, bottom" if bleed else "no bleed (media = trim)",
            "as required" if not bad_bleed else "wrong media or bleed box",
            not bad_bleed,
            _pages_text(bad_bleed),
            src["boxes"],
        )
    )

    seen: set[int] = set()
    fonts: dict[str, bool] = {}
    for page in reader.pages:
        for name, embedded in _fonts(page.get("/Resources"), seen):
            fonts[name] = fonts.get(name, True) and embedded
    missing = sorted(name for name, embedded in fonts.items() if not embedded)
    checks.append(
        Check(
            "fonts embedded",
            f"{len(fonts)} font(s)" + (f", not embedded: {', '.join(missing)}" if missing else ""),
            not missing,
            source=src["fonts"],
        )
    )

    text = _Extremes()
    stroke = _Extremes()
    outside = _Extremes()
    spine = {True: _Extremes(), False: _Extremes()}
    rgb_pages: list[int] = []
    rich_pages: list[int] = []
    colour_pages: list[int] = []
    with pdfplumber.open(io.BytesIO(data)) as plumber:
        glyphs = GlyphCheck(plumber.rsrcmgr)
        for number, sheet in enumerate(plumber.pages, start=1):
            glyphs.page(number, sheet.page_obj.resources, sheet.chars)
            for char in sheet.chars:
                if char["text"].strip():
                    text.low(float(char["size"]), number, MIN_TEXT)
                    if _is_rich_black(char.get("non_stroking_color")) and number not in rich_pages:
                        rich_pages.append(number)
            for kind in ("lines", "rects", "curves"):
                for obj in getattr(sheet, kind):
                    if obj.get("stroke"):
                        stroke.low(float(obj.get("linewidth") or 0.0), number, MIN_STROKE)
            box = trims[number - 1]
            recto = number % 2 == 1
            for x0, y0, x1, y1 in _ink(sheet):
                # Distances from each trim edge (negative: beyond the trim).
                left, right = x0 - box.x0, box.x1 - x1
                bottom, top = y0 - box.y0, box.y1 - y1
                inner, outer = (left, right) if recto else (right, left)
                outside.low(min(outer, top, bottom), number, safe)
                spine[recto].low(inner, number, gutter)
            if (color in ("gray", "cmyk") or not profile.rgb) and number not in rgb_pages:
                objs = [*sheet.chars, *sheet.lines, *sheet.rects, *sheet.curves]
                if any(
                    _is_rgb(o.get("non_stroking_color")) or _is_rgb(o.get("stroking_color"))
                    for o in objs
                ):
                    rgb_pages.append(number)
            if color == "gray" and number not in colour_pages:
                objs = [*sheet.chars, *sheet.lines, *sheet.rects, *sheet.curves]
                if any(
                    _is_colour_ink(o.get("non_stroking_color"))
                    or _is_colour_ink(o.get("stroking_color"))
                    for o in objs
                ):
                    colour_pages.append(number)
            # Read and done with: pdfplumber keeps every page's objects until closed.
            sheet.close()

    unchecked = glyphs.unchecked
    checks.append(
        Check(
            "every character has a glyph in its font",
            glyphs.describe()
            or (
                "all drawn"
                + (
                    f"; {len(unchecked)} font(s) not checked (not TrueType): "
                    + ", ".join(name.split("+", 1)[-1] for name in unchecked[:3])
                    + (" …" if len(unchecked) > 3 else "")
                    if unchecked
                    else ""
                )
            ),
            not glyphs.pages,
            _pages_text(glyphs.pages),
            src["glyphs"],
        )
    )
    checks.append(
        Check(
            f"smallest text ≥ {MIN_TEXT:g} pt",
            "no text" if text.value is None else f"{text.value:.2f} pt",
            not text.bad_pages,
            _pages_text(text.bad_pages),
            src["text"],
        )
    )
    checks.append(
        Check(
            f"thinnest stroke ≥ {MIN_STROKE:g} pt",
            "no strokes" if stroke.value is None else f"{stroke.value:.2f} pt",
            not stroke.bad_pages,
            _pages_text(stroke.bad_pages),
            src["stroke"],
        )
    )
    checks.append(
        Check(
            f"ink ≥ {safe / INCH:g} in from trim (outside, top, bottom)",
            "no ink" if outside.value is None else f"{outside.value / INCH:.3f} in",
            not outside.bad_pages,
            _pages_text(outside.bad_pages),
            src["safe"],
        )
    )
    for recto in (True, False):
        side = spine[recto]
        checks.append(
            Check(
                f"gutter ≥ {gutter / INCH:g} in, {'recto (odd)' if recto else 'verso (even)'}",
                "no ink" if side.value is None else f"{side.value / INCH:.3f} in",
                not side.bad_pages,
                _pages_text(side.bad_pages),
                src["gutter"],
            )
        )

    spaces: set[str] = set()
    for page in reader.pages:
        _colour_spaces(page, page.get("/Resources"), spaces)
    used = ", ".join(sorted(spaces)) or "none"
    if color not in ("gray", "cmyk"):
        has_rgb = not profile.rgb and ("DeviceRGB" in spaces or bool(rgb_pages))
        rule = "colour spaces" if profile.rgb else f"colour spaces ({profile.name}: no RGB)"
        checks.append(
            Check(rule, used, not has_rgb, _pages_text(rgb_pages) if has_rgb else "",
                  src["colour"])
        )
    else:
        has_rgb = "DeviceRGB" in spaces or bool(rgb_pages)
        checks.append(
            Check(
                f"colour spaces ({color}: no RGB)",
                used,
                not has_rgb,
                _pages_text(rgb_pages),
                src["colour"],
            )
        )
        checks.append(
            Check(
                "black text in black ink only",
                "rich black found" if rich_pages else "K only",
                not rich_pages,
                _pages_text(rich_pages),
                src["colour"],
            )
        )
    if color == "gray":
        checks.append(
            Check(
                "gray: black ink only",
                "colour ink found" if colour_pages else "K only",
                not colour_pages,
                _pages_text(colour_pages),
                src["colour"],
            )
        )
    checks += _output_intent(reader, data, spaces)
    return Report(count, tuple(checks))


def _output_intent(reader: PdfReader, data: bytes, spaces: set[str]) -> list[Check]:
    """The PDF/X-4 output intent, checked when present; "none" (information) when absent."""
    from puzzlegen.render.pdfx import PDFX4, ProfileError, check_profile

    root: Any = reader.trailer["/Root"].get_object()
    intents = root.get("/OutputIntents")
    pdfx = [
        intent.get_object()
        for intent in (intents.get_object() if intents is not None else [])
        if intent.get_object().get("/S") == "/GTS_PDFX"
    ]
    if not pdfx:
        return [Check("output intent (PDF/X)", "no output intent (not PDF/X)", True, source=PDFX4)]
    checks: list[Check] = []
    intent = pdfx[0]
    problems: list[str] = []
    found = "?"
    profile_ref = intent.get("/DestOutputProfile")
    if profile_ref is None:
        problems.append("no DestOutputProfile")
    else:
        stream = profile_ref.get_object()
        try:
            profile = check_profile(stream.get_data(), "its DestOutputProfile")
            found = f"{profile.description} (ICC {profile.version})"
            if stream.get("/N") != 4:
                problems.append("DestOutputProfile /N is not 4")
        except ProfileError as exc:
            problems.append(str(exc))
    if not str(intent.get("/OutputConditionIdentifier", "")).strip():
        problems.append("no OutputConditionIdentifier")
    if len(pdfx) > 1:
        problems.append(f"{len(pdfx)} GTS_PDFX intents (one allowed)")
    identifier = intent.get("/OutputConditionIdentifier", "")
    checks.append(
        Check(
            "PDF/X output intent: one GTS_PDFX, CMYK output profile",
            "; ".join(problems) if problems else f"{found}, identifier {identifier}",
            not problems,
            source=PDFX4,
        )
    )
    info: Any = reader.metadata or {}
    version = str(info.get("/GTS_PDFXVersion", ""))
    trapped = str(info.get("/Trapped", ""))
    header = data[5:8].decode("latin-1", "replace")
    metadata = root.get("/Metadata")
    xmp = metadata.get_object().get_data() if metadata is not None else b""
    wrong = []
    if not version.startswith("PDF/X-4"):
        wrong.append(f"GTS_PDFXVersion {version or 'missing'}")
    if trapped not in ("/True", "/False"):
        wrong.append(f"Trapped {trapped or 'missing'}")
    if header < "1.6":
        wrong.append(f"header PDF-{header}")
    if b"<pdfxid:GTS_PDFXVersion>PDF/X-4" not in xmp:
        wrong.append("XMP without pdfxid:GTS_PDFXVersion")
    for key in (b"xmpMM:DocumentID", b"xmpMM:RenditionClass", b"xmp:ModifyDate"):
        if key not in xmp:
            wrong.append(f"XMP without {key.decode()}")
    checks.append(
        Check(
            "PDF/X-4 version keys (Info, XMP, header 1.6, Trapped)",
            "; ".join(wrong) if wrong else f"{version}, PDF-{header}, Trapped {trapped[1:]}",
            not wrong,
            source=PDFX4,
        )
    )
    untrimmed = [
        n
        for n, page in enumerate(reader.pages, start=1)
        if "/TrimBox" not in page and "/ArtBox" not in page
    ]
    checks.append(
        Check(
            "PDF/X: a trim box on every page",
            "on every page" if not untrimmed else f"missing on {counted(len(untrimmed), 'page')}",
            not untrimmed,
            _pages_text(untrimmed),
            PDFX4,
        )
    )
    checks.append(
        Check(
            "PDF/X: no RGB with a CMYK output intent",
            "DeviceRGB used" if "DeviceRGB" in spaces else "none",
            "DeviceRGB" not in spaces,
            source=PDFX4,
        )
    )
    return checks


def render_table(report: Report, name: str, printer: str = "kdp") -> Any:
    """The report as a rich table (imported lazily by the CLI), the sources listed under it."""
    from rich.markup import escape
    from rich.table import Table

    # Names and fonts come from the file and its PDF: '[bold]c.pdf' is printed as it is.
    sources = list(dict.fromkeys(c.source for c in report.checks if c.source))
    title = escape(f"Preflight of {name} for {PRINTERS[printer].name}: {report.pages} pages")
    caption = "\n".join(escape(f"[{i}] {s}") for i, s in enumerate(sources, 1))
    table = Table(title=title, caption=caption)
    table.add_column("rule")
    table.add_column("found")
    table.add_column("")
    table.add_column("where")
    table.add_column("source")
    for check in report.checks:
        table.add_row(
            escape(check.rule),
            escape(check.found),
            "ok" if check.ok else "[bold red]FAIL[/]",
            escape(check.where),
            escape(f"[{sources.index(check.source) + 1}]") if check.source else "",
        )
    return table
