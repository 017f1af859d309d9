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
