"""A drawing described once, for every backend: shapes in points, y pointing down.

Backends (:mod:`puzzlegen.render.svg`, :mod:`puzzlegen.render.pdf`) draw a
:class:`Diagram` item by item and decide nothing about layout, so an SVG and a
PDF of the same diagram cannot disagree.  Shapes:

* :class:`Rect`, a rectangle with optional rounded corners and dashes;
* :class:`Text`, one line of text (ranks, numbers, labels; never a suit);
* :class:`Pip`, a suit symbol drawn from a vector path of :data:`PIPS`;
* :class:`Path`, straight and curved segments (lines, arrows);
* :class:`Group`, shapes with a CSS class (cells, cards, arrows) and a title.

Path operations are tuples: ``("M", x, y)``, ``("L", x, y)``,
``("Q", cx, cy, x, y)``, ``("C", c1x, c1y, c2x, c2y, x, y)``, ``("Z",)``.
"""

from __future__ import annotations

from dataclasses import dataclass, field

Ops = tuple[tuple[object, ...], ...]


@dataclass(frozen=True)
class Rect:
    x: float
    y: float
    w: float
    h: float
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 1.0
    radius: float = 0.0
    dash: tuple[float, ...] = ()
    css: str = ""


@dataclass(frozen=True)
class Text:
    x: float
    y: float  # the baseline
    text: str
    size: float
    fill: str = "#000000"
    bold: bool = False
    anchor: str = "start"  # start, middle or end
    css: str = ""


@dataclass(frozen=True)
class Pip:
    suit: str  # C, D, H or S
    x: float  # top left of the pip's square
    y: float
    size: float
    fill: str | None
    stroke: str | None = None
    stroke_width: float = 0.0
    css: str = ""


@dataclass(frozen=True)
class Path:
    ops: Ops
    fill: str | None = None
    stroke: str | None = None
    stroke_width: float = 1.0
    dash: tuple[float, ...] = ()
    css: str = ""


@dataclass(frozen=True)
class Group:
    css: str
    items: tuple[Rect | Text | Pip | Path | Group, ...]
    title: str = ""


@dataclass(frozen=True)
class Diagram:
    width: float
    height: float
    title: str
    desc: str
    items: tuple[Group, ...] = field(default_factory=tuple)


def circle(cx: float, cy: float, r: float) -> Ops:
    """A closed circular path."""
    k = 0.5523 * r  # cubic Bézier approximation of a quarter circle
    return (
        ("M", cx + r, cy),
        ("C", cx + r, cy + k, cx + k, cy + r, cx, cy + r),
        ("C", cx - k, cy + r, cx - r, cy + k, cx - r, cy),
        ("C", cx - r, cy - k, cx - k, cy - r, cx, cy - r),
        ("C", cx + k, cy - r, cx + r, cy - k, cx + r, cy),
        ("Z",),
    )


#: Suit pips in a unit square (0..1, y down), one outline each so a hollow pip
#: (mono print of a red card) reads as clearly as a solid one.
PIPS: dict[str, Ops] = {
    "H": (
        ("M", 0.5, 0.95),
        ("C", 0.1, 0.62, -0.02, 0.4, 0.08, 0.22),
        ("C", 0.2, 0.02, 0.44, 0.04, 0.5, 0.24),
        ("C", 0.56, 0.04, 0.8, 0.02, 0.92, 0.22),
        ("C", 1.02, 0.4, 0.9, 0.62, 0.5, 0.95),
        ("Z",),
    ),
    "D": (
        ("M", 0.5, 0.02),
        ("Q", 0.68, 0.3, 0.88, 0.5),
        ("Q", 0.68, 0.7, 0.5, 0.98),
        ("Q", 0.32, 0.7, 0.12, 0.5),
        ("Q", 0.32, 0.3, 0.5, 0.02),
        ("Z",),
    ),
    "S": (
        ("M", 0.5, 0.02),
        ("C", 0.82, 0.3, 1.02, 0.46, 0.94, 0.64),
        ("C", 0.86, 0.82, 0.62, 0.82, 0.54, 0.7),
        ("Q", 0.58, 0.88, 0.7, 0.98),
        ("L", 0.3, 0.98),
        ("Q", 0.42, 0.88, 0.46, 0.7),
        ("C", 0.38, 0.82, 0.14, 0.82, 0.06, 0.64),
        ("C", -0.02, 0.46, 0.18, 0.3, 0.5, 0.02),
        ("Z",),
    ),
    "C": (
        *circle(0.5, 0.27, 0.22),
        *circle(0.26, 0.58, 0.22),
        *circle(0.74, 0.58, 0.22),
        ("M", 0.44, 0.5),
        ("L", 0.56, 0.5),
        ("Q", 0.6, 0.86, 0.72, 0.98),
        ("L", 0.28, 0.98),
        ("Q", 0.4, 0.86, 0.44, 0.5),
        ("Z",),
    ),
}
