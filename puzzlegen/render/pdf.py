"""PDF backend: draws a :class:`Diagram` on a reportlab canvas, and as a flowable.

The diagram model has y pointing down; the canvas is flipped once per
diagram, and each text is flipped back where it is drawn.  Text is set in
DejaVu Sans, shipped with puzzlegen and embedded (subset) in every PDF, so
print shops get every glyph, the suit symbols of the prose included.

Colours are the model's RGB hex strings, converted here for the book's
colour mode (:data:`COLOR_MODES`): ``rgb`` as they are; ``cmyk`` with every
grey (black included) in black ink alone and other colours converted; ``gray``
everything in black ink alone, by lightness.  Shapes fill by the nonzero
rule, so a pip made of overlapping parts (the club) fills solid.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path as FilePath
from typing import Any

from reportlab.lib.colors import CMYKColor, Color, HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont
from reportlab.pdfgen.canvas import FILL_NON_ZERO
from reportlab.platypus import Flowable

from puzzlegen.diagram import PIPS, Diagram, Group, Ops, Path, Pip, Rect, Text

FONT = "DejaVuSans"
FONT_BOLD = "DejaVuSans-Bold"
_FONT_DIR = FilePath(__file__).resolve().parent.parent / "fonts"


@cache
def register_fonts() -> None:
    """Register DejaVu Sans (regular and bold) with reportlab, once."""
    pdfmetrics.registerFont(TTFont(FONT, str(_FONT_DIR / "DejaVuSans.ttf")))
    pdfmetrics.registerFont(TTFont(FONT_BOLD, str(_FONT_DIR / "DejaVuSans-Bold.ttf")))
    pdfmetrics.registerFontFamily(
        FONT, normal=FONT, bold=FONT_BOLD, italic=FONT, boldItalic=FONT_BOLD
    )


def unprintable(text: str) -> str | None:
    """Why ``text`` cannot be set in the book's fonts, or None if it can.

    Refused: control and format characters, characters neither DejaVu Sans
    nor its bold has a glyph for (emoji, CJK …; they would print as empty
    boxes), characters past U+FFFF (the few emoji it has: reportlab's text
    layer cannot name them), and right-to-left scripts (Hebrew, Arabic …),
    which reportlab sets letter by letter left to right, unshaped and reversed.
    """
    import unicodedata

    register_fonts()
    faces = [pdfmetrics.getFont(name).face for name in (FONT, FONT_BOLD)]
    for char in text:
        if unicodedata.category(char) in ("Cc", "Cf", "Cs", "Co", "Cn"):
            return f"the control character U+{ord(char):04X}"
        if unicodedata.bidirectional(char) in ("R", "AL", "RLE", "RLO", "RLI"):
            name = _char_name(char)
            return f"{char!r} ({name}): right-to-left text cannot be set (it would print reversed)"
        if char.isspace():
            continue
        if not all(ord(char) in face.charToGlyph for face in faces):
            name = _char_name(char)
            return f"{char!r} ({name}), which the book's font (DejaVu Sans) cannot print"
        if ord(char) > 0xFFFF:  # reportlab's ToUnicode map keeps four hex digits of it
            name = _char_name(char)
            return (
                f"{char!r} ({name}), beyond the characters the PDF's text layer can carry "
                "(copying, searching and screen readers would get another character)"
            )
    return None


def _char_name(char: str) -> str:
    """``U+732B CJK UNIFIED IDEOGRAPH-732B``: the code point and Unicode's own name."""
    import unicodedata

    name = unicodedata.name(char, "")
    return f"U+{ord(char):04X} {name}".rstrip()


def font_has(char: str) -> bool:
    """Whether DejaVu Sans (regular and bold) has a glyph for ``char``."""
    register_fonts()
    return all(ord(char) in pdfmetrics.getFont(n).face.charToGlyph for n in (FONT, FONT_BOLD))


def _ops(path: Any, ops: Ops, scale: float = 1.0, dx: float = 0.0, dy: float = 0.0) -> None:
    cur = (0.0, 0.0)

    def pt(i: int, op: tuple[object, ...]) -> tuple[float, float]:
        x, y = op[i], op[i + 1]
        assert isinstance(x, int | float) and isinstance(y, int | float)
        return dx + x * scale, dy + y * scale

    for op in ops:
        kind = op[0]
        if kind == "M":
            cur = pt(1, op)
            path.moveTo(*cur)
        elif kind == "L":
            cur = pt(1, op)
            path.lineTo(*cur)
        elif kind == "Q":  # a quadratic is a cubic with control points 2/3 along
            (qx, qy), end = pt(1, op), pt(3, op)
            c1 = (cur[0] + 2 / 3 * (qx - cur[0]), cur[1] + 2 / 3 * (qy - cur[1]))
            c2 = (end[0] + 2 / 3 * (qx - end[0]), end[1] + 2 / 3 * (qy - end[1]))
            path.curveTo(*c1, *c2, *end)
            cur = end
        elif kind == "C":
            c1, c2, cur = pt(1, op), pt(3, op), pt(5, op)
            path.curveTo(*c1, *c2, *cur)
        elif kind == "Z":
            path.close()


COLOR_MODES = ("rgb", "gray", "cmyk")


def ink(hex_colour: str, mode: str = "rgb") -> Color:
    """The reportlab colour of ``hex_colour`` in colour ``mode``.

    >>> ink("#000000", "cmyk").cmyk(), ink("#808080", "gray").cmyk()
    ((0, 0, 0, 1.0), (0, 0, 0, 0.498039))
    """
    colour = HexColor(hex_colour)
    if mode == "rgb":
        return colour
    r, g, b = colour.red, colour.green, colour.blue
    if mode == "gray" or r == g == b:
        lightness = 0.299 * r + 0.587 * g + 0.114 * b if mode == "gray" else r
        return CMYKColor(0, 0, 0, round(1 - lightness, 6))
    k = 1 - max(r, g, b)
    c, m, y = ((1 - v - k) / (1 - k) for v in (r, g, b))
    return CMYKColor(round(c, 4), round(m, 4), round(y, 4), round(k, 4))


def _paint(
    canvas: Any, fill: str | None, stroke: str | None, width: float, mode: str
) -> tuple[int, int]:
    if fill:
        canvas.setFillColor(ink(fill, mode))
    if stroke:
        canvas.setStrokeColor(ink(stroke, mode))
        canvas.setLineWidth(width)
    return int(bool(stroke)), int(bool(fill))


def _draw(canvas: Any, item: Rect | Text | Pip | Path | Group, mode: str) -> None:
    if isinstance(item, Group):
        for child in item.items:
            _draw(canvas, child, mode)
        return
    canvas.saveState()
    if isinstance(item, Rect):
        stroke, fill = _paint(canvas, item.fill, item.stroke, item.stroke_width, mode)
        if item.dash:
            canvas.setDash(list(item.dash))
        if item.radius:
            canvas.roundRect(item.x, item.y, item.w, item.h, item.radius, stroke=stroke, fill=fill)
        else:
            canvas.rect(item.x, item.y, item.w, item.h, stroke=stroke, fill=fill)
    elif isinstance(item, Text):
        canvas.setFillColor(ink(item.fill, mode))
        canvas.translate(item.x, item.y)
        canvas.scale(1, -1)
        font = FONT_BOLD if item.bold else FONT
        canvas.setFont(font, item.size)
        draw = {
            "start": canvas.drawString,
            "middle": canvas.drawCentredString,
            "end": canvas.drawRightString,
        }[item.anchor]
        draw(0, 0, item.text)
    elif isinstance(item, Pip):
        stroke, fill = _paint(canvas, item.fill, item.stroke, item.stroke_width, mode)
        path = canvas.beginPath()
        _ops(path, PIPS[item.suit], item.size, item.x, item.y)
        canvas.drawPath(path, stroke=stroke, fill=fill, fillMode=FILL_NON_ZERO)
    else:
        stroke, fill = _paint(canvas, item.fill, item.stroke, item.stroke_width, mode)
        if item.dash:
            canvas.setDash(list(item.dash))
        canvas.setLineCap(1)
        path = canvas.beginPath()
        _ops(path, item.ops)
        canvas.drawPath(path, stroke=stroke, fill=fill, fillMode=FILL_NON_ZERO)
    canvas.restoreState()


def _smallest(items: tuple[Rect | Text | Pip | Path | Group, ...]) -> tuple[float, float]:
    text, stroke = math.inf, math.inf
    for item in items:
        if isinstance(item, Group):
            t, s = _smallest(item.items)
            text, stroke = min(text, t), min(stroke, s)
        elif isinstance(item, Text):
            text = min(text, item.size)
        elif item.stroke and item.stroke_width > 0:
            stroke = min(stroke, item.stroke_width)
    return text, stroke


def legible_scale(diagram: Diagram, *, min_text: float = 7.0, min_stroke: float = 0.75) -> float:
    """The smallest scale at which every text and stroke of ``diagram`` stays printable."""
    text, stroke = _smallest(diagram.items)
    return max(
        min_text / text if text < math.inf else 0.0,
        min_stroke / stroke if stroke < math.inf else 0.0,
    )


def draw_diagram(
    canvas: Any, diagram: Diagram, x: float, y: float, width: float, *, color: str = "rgb"
) -> float:
    """Draw ``diagram`` with its top left at ``(x, y)`` (PDF coordinates), ``width`` wide.

    ``color`` is one of :data:`COLOR_MODES`.  Returns the height drawn.
    """
    register_fonts()
    scale = width / diagram.width
    canvas.saveState()
    canvas.translate(x, y)
    canvas.scale(scale, -scale)
    for group in diagram.items:
        _draw(canvas, group, color)
    canvas.restoreState()
    return diagram.height * scale


class DiagramFlowable(Flowable):  # type: ignore[misc]
    """A diagram in a platypus story, scaled to ``width`` (and at most ``max_height``)."""

    def __init__(
        self,
        diagram: Diagram,
        width: float,
        max_height: float | None = None,
        *,
        color: str = "rgb",
    ) -> None:
        super().__init__()
        self.diagram = diagram
        self.color = color
        scale = width / diagram.width
        if max_height is not None:
            scale = min(scale, max_height / diagram.height)
        self.scale = scale
        self.draw_width = diagram.width * scale
        self.draw_height = diagram.height * scale
        self.width = width
        self.hAlign = "CENTER"

    def wrap(self, available_width: float, available_height: float) -> tuple[float, float]:
        return self.width, self.draw_height

    def draw(self) -> None:
        left = (self.width - self.draw_width) / 2
        draw_diagram(
            self.canv, self.diagram, left, self.draw_height, self.draw_width, color=self.color
        )
