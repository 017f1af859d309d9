"""Which characters of a PDF its embedded fonts cannot draw (preflight's glyph check).

A PDF does not hold characters but codes, each drawn with a glyph of the
font in use; a code the font program has no glyph for is drawn with the
font's ``.notdef`` glyph, an empty box on the printed page.  A character a
book's font lacks is refused when it is typed (``book --title``), but a PDF
made another way, or by a future bug, can still carry one: this module finds
them in the PDF itself.

For each font a page uses, the embedded TrueType program (``FontFile2``) is
read with fontTools, and every code the font can be shown with is followed to
its glyph as the PDF specification says (9.6.6.4 for simple TrueType fonts:
the (1,0) or (3,0) cmap, else the (3,1) cmap of the code's Unicode value;
9.7.4.2 for CID fonts: the ``CIDToGIDMap``).  A code whose glyph is 0
(``.notdef``) or past the font's last glyph cannot be drawn.  pdfplumber gives
each character drawn as its font's name and its text (the font's
``ToUnicode`` or encoding, read by pdfminer, whose font objects are used here
too), so a character is refused when its text is one only undrawable codes of
its font give.  Fonts of other kinds (Type 1, CFF, Type 3) are not checked;
the report counts them.

reportlab draws a character its TrueType font lacks with code 0, which its
``ToUnicode`` maps to U+0000: the character itself is not in the file, so the
report names the text around it instead.
"""

from __future__ import annotations

import io
import logging
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any

from pdfminer.pdffont import PDFCIDFont, PDFFont
from pdfminer.pdfinterp import PDFResourceManager
from pdfminer.pdftypes import PDFObjRef, PDFStream, resolve1
from pdfminer.psparser import PSLiteral

#: How many characters either side of a missing one the report quotes.
CONTEXT = 12


@dataclass
class FontGlyphs:
    """What one font object of a PDF can and cannot draw, by the text of each code."""

    name: str
    checked: bool
    #: Texts only codes without a glyph give; texts some drawable code gives.
    missing: set[str] = field(default_factory=set)
    drawn: set[str] = field(default_factory=set)
    #: For "(cid:N)" texts (no Unicode known): code -> has a glyph.
    by_code: dict[int, bool] = field(default_factory=dict)
    #: A CID font's codes are too many to list: the others are looked up when met.
    of_code: Callable[[int], bool] | None = None

    def lacks(self, text: str) -> bool:
        """Whether a character drawn with this font with ``text`` has no glyph."""
        if not self.checked:
            return False
        if text.startswith("(cid:") and text.endswith(")"):
            try:
                code = int(text[5:-1])
            except ValueError:
                return False
            if code not in self.by_code and self.of_code is not None:
                self.by_code[code] = self.of_code(code)
            return not self.by_code.get(code, True)
        return text in self.missing and text not in self.drawn


def _name(value: Any) -> str:
    value = resolve1(value)
    if isinstance(value, PSLiteral):
        return str(value.name)
    return value.decode("latin-1") if isinstance(value, bytes) else str(value)


def _program(descriptor: Mapping[str, Any]) -> Any:
    """The font's TrueType program parsed by fontTools, or None if it has none."""
    stream = resolve1(descriptor.get("FontFile2"))
    if not isinstance(stream, PDFStream):
        return None
    from fontTools.ttLib import TTFont

    # fontTools logs what it repairs in odd fonts; the report says what matters.
    logging.getLogger("fontTools").setLevel(logging.ERROR)
    return TTFont(io.BytesIO(stream.get_data()), lazy=True)


def _simple_glyphs(font: PDFFont, program: Any) -> dict[int, bool] | None:
    """Code -> has a glyph, for a simple TrueType font's 256 codes (PDF 9.6.6.4)."""
    tables = {(t.platformID, t.platEncID): t.cmap for t in program["cmap"].tables}
    count = int(program["maxp"].numGlyphs)
    order = program.getGlyphOrder()

    def gid(name: str | None) -> int:
        if name is None:
            return 0
        try:
            return int(program.getGlyphID(name))
        except KeyError:
            return 0

    result: dict[int, bool] = {}
    for code in range(256):
        if (1, 0) in tables:
            glyph = gid(tables[(1, 0)].get(code))
        elif (3, 0) in tables:
            table = tables[(3, 0)]
            name = next(
                (table[c] for c in (code, 0xF000 + code, 0xF100 + code, 0xF200 + code)
                 if c in table),
                None,
            )
            glyph = gid(name)
        elif (3, 1) in tables:
            try:
                text = font.to_unichr(code)
            except Exception:  # no Unicode value: the font's own code is all there is
                text = ""
            glyph = gid(tables[(3, 1)].get(ord(text))) if len(text) == 1 else 0
        else:
            return None
        result[code] = 0 < glyph < count and glyph < len(order)
    return result


def _cid_glyphs(spec: Mapping[str, Any], program: Any, cids: Iterator[int]) -> dict[int, bool]:
    """CID -> has a glyph, for a CIDFontType2 font (PDF 9.7.4.2), for ``cids``."""
    count = int(program["maxp"].numGlyphs)
    mapping = resolve1(spec.get("CIDToGIDMap"))
    table = mapping.get_data() if isinstance(mapping, PDFStream) else None
    result: dict[int, bool] = {}
    for cid in cids:
        if table is None:
            glyph = cid  # /Identity
        elif 2 * cid + 1 < len(table):
            glyph = table[2 * cid] << 8 | table[2 * cid + 1]
        else:
            glyph = 0
        result[cid] = 0 < glyph < count
    return result


def font_glyphs(font: PDFFont, spec: Mapping[str, Any]) -> FontGlyphs:
    """What ``font`` (pdfminer's object for the font dictionary ``spec``) can draw."""
    glyphs = FontGlyphs(str(font.fontname), checked=False)
    subtype = _name(spec.get("Subtype"))
    try:
        if subtype == "TrueType":
            descriptor = resolve1(spec.get("FontDescriptor")) or {}
            program = _program(descriptor)
            codes = _simple_glyphs(font, program) if program is not None else None
        elif subtype == "Type0" and isinstance(font, PDFCIDFont):
            descendants = resolve1(spec.get("DescendantFonts")) or []
            child = resolve1(descendants[0]) if descendants else {}
            if _name(child.get("Subtype")) != "CIDFontType2":
                return glyphs
            program = _program(resolve1(child.get("FontDescriptor")) or {})
            if program is None:
                return glyphs
            known = font.unicode_map.cid2unichr if font.unicode_map is not None else {}
            codes = _cid_glyphs(child, program, iter(sorted(known)))
            glyphs.of_code = lambda cid: _cid_glyphs(child, program, iter((cid,)))[cid]
        else:
            return glyphs
    except Exception:  # a font program fontTools cannot read is not checked, not fatal
        return glyphs
    if codes is None:
        return glyphs
    glyphs.checked = True
    glyphs.by_code = codes
    for code, drawable in codes.items():
        try:
            text = font.to_unichr(code)
        except Exception:
            continue
        (glyphs.drawn if drawable else glyphs.missing).add(text)
    return glyphs


class GlyphCheck:
    """The glyph check of one PDF, page by page (fonts read once, whatever the page count).

    ``rsrcmgr`` is the resource manager pdfplumber reads the PDF with, so a
    font is parsed once for both.
    """

    def __init__(self, rsrcmgr: PDFResourceManager) -> None:
        self.rsrcmgr = rsrcmgr
        self.fonts: dict[object, FontGlyphs] = {}
        #: (page, font name, the missing character's text, the text around it)
        self.found: list[tuple[int, str, str, str]] = []
        self.pages: list[int] = []

    def _page_fonts(self, resources: Any, into: dict[str, list[FontGlyphs]], depth: int) -> None:
        resources = resolve1(resources)
        if not isinstance(resources, dict) or depth > 8:
            return
        for ref in (resolve1(resources.get("Font")) or {}).values():
            key: object = ref.objid if isinstance(ref, PDFObjRef) else id(resolve1(ref))
            if key not in self.fonts:
                spec = resolve1(ref)
                if not isinstance(spec, dict):
                    continue
                font = self.rsrcmgr.get_font(key if isinstance(ref, PDFObjRef) else None, spec)
                self.fonts[key] = font_glyphs(font, spec)
            glyphs = self.fonts[key]
            into.setdefault(glyphs.name, []).append(glyphs)
        for xobject in (resolve1(resources.get("XObject")) or {}).values():
            xobject = resolve1(xobject)
            if isinstance(xobject, PDFStream) and _name(xobject.get("Subtype")) == "Form":
                self._page_fonts(xobject.get("Resources"), into, depth + 1)

    def page(self, number: int, resources: Any, chars: list[dict[str, Any]]) -> None:
        """Check the characters pdfplumber read from page ``number``."""
        fonts: dict[str, list[FontGlyphs]] = {}
        self._page_fonts(resources, fonts, 0)
        for index, char in enumerate(chars):
            text = str(char.get("text", ""))
            checked = [f for f in fonts.get(str(char.get("fontname")), []) if f.checked]
            if not checked or not all(f.lacks(text) for f in checked):
                continue
            if not self.pages or self.pages[-1] != number:
                self.pages.append(number)
            if len(self.found) < 50:
                self.found.append((number, str(char.get("fontname")), text, _around(chars, index)))

    @property
    def unchecked(self) -> list[str]:
        """The names of the fonts whose glyphs were not checked (not TrueType)."""
        return sorted({g.name for g in self.fonts.values() if not g.checked})

    def describe(self) -> str:
        """The first character found, for preflight's table ("" if none)."""
        if not self.found:
            return ""
        _page, font, text, around = self.found[0]
        face = font.split("+", 1)[-1]
        if len(text) == 1 and text.isprintable() and text.strip():
            what = f"{text!r} (U+{ord(text):04X})"
        elif len(text) == 1:
            what = f"a character (the PDF records it as U+{ord(text):04X}, not itself)"
        else:
            what = f"{text!r}"
        more = len({(f, t) for _, f, t, _ in self.found}) - 1
        return (
            f"{face} has no glyph for {what}: an empty box in {around!r}"
            + (f"; and {more} more" if more > 0 else "")
        )


def _around(chars: list[dict[str, Any]], index: int) -> str:
    """The text of the line around ``chars[index]``, the missing character shown as ▯."""
    top = chars[index].get("top")
    picked = []
    for i in range(max(0, index - CONTEXT), min(len(chars), index + CONTEXT + 1)):
        char = chars[i]
        if top is not None and abs(float(char.get("top", top)) - float(top)) > 1:
            continue
        text = str(char.get("text", ""))
        picked.append("▯" if i == index or not text.isprintable() else text)
    return "".join(picked).strip()
