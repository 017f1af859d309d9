"""A prepare choice told in words, in the manner of the seed's hint 8.

The answer names the ending that keeps the game winnable with the stock as
it lies, by the moves that reach it, and then gives what a player who does
not know the stock's order can weigh: after how many of the sampled orders
of the cards still to come each ending can still be won.
"""

from __future__ import annotations

from puzzlegen.catscradle.prepare import Choice, Ending, line_to
from puzzlegen.catscradle.views.prose import moves_text, number_word, spaces_phrase


def _reached(choice: Choice, ending: Ending) -> str:
    text = moves_text(line_to(choice, ending))
    return text or "no move at all"


def question(choice: Choice) -> str:
    """The puzzle's question."""
    if choice.kind == "equal":
        return (
            f"Several endings of this sequence make {spaces_phrase(choice.most)}. "
            "Which of them keeps the game winnable?"
        )
    return (
        f"This sequence can make {spaces_phrase(choice.most)}, yet stopping short is better "
        "here. Which ending keeps the game winnable, and why fewer?"
    )


def answer(choice: Choice) -> str:
    """The answer, with the chances when :func:`prepare.with_chances` gave them."""
    winners = [e for e in choice.endings if e.wins]
    if choice.kind == "equal":
        winners = [e for e in winners if e.created == choice.most]
    best = max(winners, key=lambda e: (e.chance, e.created))
    if choice.kind == "equal":
        rivals = [e for e in choice.endings if e.created == choice.most and not e.wins]
        said = (
            f"Play {_reached(choice, best)}: of the endings with "
            f"{spaces_phrase(choice.most)}, this one keeps the game winnable with the stock as "
            f"it lies, where {number_word(len(rivals))} other"
            f"{' does' if len(rivals) == 1 else 's do'} not."
        )
    else:
        rivals = [e for e in choice.endings if e.created == choice.most]
        said = (
            f"Play {_reached(choice, best)} and stop at {spaces_phrase(best.created)}: "
            f"every ending with {spaces_phrase(choice.most)} loses with the stock as it lies, "
            "while this one prepares for the cards still to come."
        )
    if choice.samples and rivals:
        rival = max(rivals, key=lambda e: e.chance)
        n = choice.samples
        said += (
            f" Not knowing the stock's order, a player can still weigh them: the game can be "
            f"won after {number_word(best.chance)} of {number_word(n)} orders of the "
            f"{number_word(len(choice.stock))} cards still to come with this ending, and "
            f"after {number_word(rival.chance)} with the best of the others."
        )
    return said
