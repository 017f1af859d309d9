"""What every part of a book is laid out with in one typesetting pass."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from reportlab.lib.styles import ParagraphStyle

from puzzlegen.render.book.model import BookOptions


@dataclass(frozen=True)
class Setting:
    """One typesetting pass's options, styles, frame, and where things were last pass."""

    options: BookOptions
    styles: dict[str, ParagraphStyle]
    frame_w: float
    frame_h: float
    #: (kind, key) -> page, from the previous pass: cross references come from here
    known: dict[tuple[str, Any], int]
    #: whether the book has several chapters (their headings then name the game)
    several: bool
    #: each game's one board scale (by title), for its puzzle pages and its answers alike
    scales: dict[str, float] = field(default_factory=dict)

    def scale_of(self, title: str) -> float:
        """The scale all of a game's boards are drawn at in this book (1.0 if unknown)."""
        return self.scales.get(title, 1.0)

    @property
    def colour(self) -> str:
        return self.options.colour
