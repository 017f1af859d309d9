"""SVG backend: draws a :class:`Diagram` with svgwrite.

The SVG has a viewBox in points, the four suit pips defined once in
``<defs>`` and reused with ``<use>``, CSS classes on every cell, card and
arrow (for designers to restyle), the position text in ``<title>`` and
``<desc>``, and no external resources.  Numbers are written with two decimals
at most, so output is byte-for-byte stable.
"""

from __future__ import annotations

from typing import Any

import svgwrite

from puzzlegen.diagram import PIPS, Diagram, Group, Ops, Path, Pip, Rect, Text

FONT = "DejaVu Sans, Verdana, Arial, sans-serif"


def _n(value: object) -> str:
    assert isinstance(value, int | float)
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def path_data(ops: Ops) -> str:
    parts = []
    for op in ops:
        parts.append(str(op[0]) + " ".join(_n(v) for v in op[1:]))
    return " ".join(parts)


def _paint(fill: str | None, stroke: str | None, width: float) -> dict[str, Any]:
    attrs: dict[str, Any] = {"fill": fill or "none"}
    if stroke:
        attrs["stroke"] = stroke
        attrs["stroke_width"] = _n(width)
    return attrs


def _element(dwg: svgwrite.Drawing, item: Rect | Text | Pip | Path | Group) -> Any:
    if isinstance(item, Group):
        group = dwg.g(class_=item.css)
        if item.title:
            group.set_desc(title=item.title)
        for child in item.items:
            group.add(_element(dwg, child))
        return group
    if isinstance(item, Rect):
        attrs = _paint(item.fill, item.stroke, item.stroke_width)
        if item.radius:
            attrs["rx"] = attrs["ry"] = _n(item.radius)
        if item.dash:
            attrs["stroke_dasharray"] = " ".join(_n(d) for d in item.dash)
        return dwg.rect(
            insert=(_n(item.x), _n(item.y)), size=(_n(item.w), _n(item.h)), class_=item.css, **attrs
        )
    if isinstance(item, Text):
        anchor = {"start": "start", "middle": "middle", "end": "end"}[item.anchor]
        return dwg.text(
            item.text,
            insert=(_n(item.x), _n(item.y)),
            class_=item.css,
            font_size=_n(item.size),
            font_family=FONT,
            fill=item.fill,
            font_weight="bold" if item.bold else "normal",
            text_anchor=anchor,
        )
    if isinstance(item, Pip):
        # Stroke width is given in points; the pip is drawn in a unit square.
        attrs = _paint(item.fill, item.stroke, item.stroke_width / item.size)
        return dwg.use(
            f"#pip-{item.suit}",
            class_=item.css,
            transform=f"translate({_n(item.x)} {_n(item.y)}) scale({_n(item.size)})",
            **attrs,
        )
    attrs = _paint(item.fill, item.stroke, item.stroke_width)
    if item.dash:
        attrs["stroke_dasharray"] = " ".join(_n(d) for d in item.dash)
    if item.stroke:
        attrs["stroke_linecap"] = "round"
    return dwg.path(d=path_data(item.ops), class_=item.css, **attrs)


def to_svg(diagram: Diagram, *, size: float | None = None) -> str:
    """The SVG text of ``diagram``; ``size`` is its width in pixels (default: natural)."""
    width = size if size is not None else diagram.width
    height = width * diagram.height / diagram.width
    dwg = svgwrite.Drawing(size=(_n(width), _n(height)), profile="full", debug=False)
    dwg.viewbox(0, 0, float(_n(diagram.width)), float(_n(diagram.height)))
    dwg.set_desc(title=diagram.title, desc=diagram.desc)
    for suit, ops in PIPS.items():
        dwg.defs.add(dwg.path(d=path_data(ops), id=f"pip-{suit}"))
    for group in diagram.items:
        dwg.add(_element(dwg, group))
    return str(dwg.tostring()) + "\n"
