"""The PDF backend draws exactly what the diagram model holds (checked with a recording canvas)."""

from __future__ import annotations

from typing import Any

from puzzlegen.catscradle.position import Position
from puzzlegen.catscradle.solver import best_line
from puzzlegen.catscradle.views.board import board_diagram
from puzzlegen.diagram import Group, Path, Pip, Rect, Text
from puzzlegen.render.pdf import draw_diagram


class RecordingCanvas:
    """Counts drawing calls; accepts every other canvas call."""

    def __init__(self) -> None:
        self.calls: dict[str, int] = {}
        self.strings: list[str] = []

    def __getattr__(self, name: str) -> Any:
        def record(*args: Any, **kwargs: Any) -> Any:
            self.calls[name] = self.calls.get(name, 0) + 1
            if name.startswith("draw") and name.endswith("String"):
                self.strings.append(args[2])
            return self if name == "beginPath" else None

        return record


def count(items: tuple[Any, ...], kind: type) -> int:
    total = 0
    for item in items:
        if isinstance(item, Group):
            total += count(item.items, kind)
        elif isinstance(item, kind):
            total += 1
    return total


def test_pdf_backend_draws_every_shape_of_the_model() -> None:
    position = Position.parse("8D AC 2C 7S/6D 8H/7C 5S/4H 6H/5C 4C 6C 9S 4D 3S 8C 10C JC QC")
    diagram = board_diagram(
        position, arrows=best_line(position).moves, show_lines=True, coordinates=True
    )
    canvas = RecordingCanvas()
    height = draw_diagram(canvas, diagram, 0, 500, diagram.width / 2)
    assert height == diagram.height / 2
    assert canvas.calls["drawPath"] == count(diagram.items, Pip) + count(diagram.items, Path)
    rects = canvas.calls.get("rect", 0) + canvas.calls.get("roundRect", 0)
    assert rects == count(diagram.items, Rect)
    assert len(canvas.strings) == count(diagram.items, Text)
    assert not set("".join(canvas.strings)) & set("♠♥♦♣")  # pips are paths, never text


def test_pips_fill_by_the_nonzero_rule() -> None:
    # Even-odd filling leaves white slivers where a club's lobes overlap.
    from reportlab.pdfgen.canvas import FILL_NON_ZERO

    modes: list[object] = []

    class Modes(RecordingCanvas):
        def drawPath(self, *args: Any, **kwargs: Any) -> None:
            modes.append(kwargs.get("fillMode"))

    diagram = board_diagram(Position.parse("AC 2C 3C 4C 5C 6C 7C 8C 9C 10C JC QC KC AS 2S 3S"))
    draw_diagram(Modes(), diagram, 0, 500, diagram.width)
    assert modes and set(modes) == {FILL_NON_ZERO}


def test_colour_modes() -> None:
    from puzzlegen.catscradle.views.board import BLACK, RED
    from puzzlegen.render.pdf import ink

    assert ink(BLACK, "cmyk").cmyk() == (0, 0, 0, 1)  # black in black ink alone
    assert ink(BLACK, "gray").cmyk() == (0, 0, 0, 1)
    assert ink("#808080", "cmyk").cmyk()[:3] == (0, 0, 0)  # greys too
    c, m, y, k = ink(RED, "cmyk").cmyk()
    assert m > 0.8 and y > 0.7 and c == 0  # red stays red
    c, m, y, k = ink(RED, "gray").cmyk()
    assert (c, m, y) == (0, 0, 0) and 0.5 < k < 0.8  # and in gray, a grey
    assert ink(RED).rgb() == ink(RED, "rgb").rgb()
