"""What a game's told answer is made of, beyond paragraphs and figures.

A book sets a :class:`Step` as one compact line of play: its ``lead`` in bold
("Before swing 2"), then the moves, in the answers' smaller type with a
hanging indent.  A step is a ``str``, so anything that reads a story as
paragraphs (a test, a plain-text view) still reads it.
"""

from __future__ import annotations


class Step(str):
    """One line of play in a told answer: a bold lead, then the moves."""

    lead: str

    def __new__(cls, lead: str, text: str) -> Step:
        step = super().__new__(cls, f"{lead}: {text}")
        step.lead = lead
        return step

    @property
    def moves(self) -> str:
        """The text after the lead."""
        return self[len(self.lead) + 2 :]


__all__ = ["Step"]
