"""Cat's Cradle's annotated games for books: whole games the strong player won, told.

Each game is one the strong player (:mod:`puzzlegen.catscradle.gameplayers`:
it sees the layout and the cards dealt so far, and knows which cards are
still to come but not their order) won, on the deal of seed ``SEED-game-N``;
the first such games in seed order are the book's, so they depend on the
seed alone.  Each sequence is told by :mod:`puzzlegen.catscradle.views.annotate`;
:mod:`puzzlegen.render.book.games` lays the chapter out.
"""

from __future__ import annotations

from puzzlegen.catscradle.position import Deal
from puzzlegen.catscradle.views.annotate import AnnotatedGame, annotate
from puzzlegen.catscradle.views.prose import number_word
from puzzlegen.render.book.games import ToldGame

#: Deals tried per game asked for before giving up (the strong player wins about one in four).
TRIES_PER_GAME = 40

INTRO = (
    "These games show the patience played whole, from the first layout until the stock "
    "is used up. The player is a computer, the strongest of puzzlegen's players that "
    "cannot see the stock: it knows the layout, the cards dealt so far, and which cards are still "
    "to come, but not their order, just as you do at the table. Where a sequence has "
    "several endings it weighs them by how often the game goes on to be won when the "
    "cards still to come are shuffled many times. Each sequence is told with its moves, "
    "the reason for its ending where one stands out, what it leaves blocked and the "
    "cards dealt into its spaces; a diagram shows the sequence where the game turns."
)


def choose_games(count: int, seed: str) -> list[tuple[str, Deal, AnnotatedGame]]:
    """``count`` games the strong player wins, on the deals of seeds ``SEED-game-0``, ...

    Deterministic: the strong player is seeded by the deal's seed.
    """
    from puzzlegen.catscradle.gameplayers import play_game

    chosen: list[tuple[str, Deal, AnnotatedGame]] = []
    for index in range(count * TRIES_PER_GAME):
        if len(chosen) == count:
            break
        name = f"{seed}-game-{index}"
        deal = Deal.from_seed(name)
        record = play_game(deal, "strong", seed=name)
        if record.won:
            chosen.append((name, deal, annotate(deal, record.turns)))
    if len(chosen) < count:  # pragma: no cover - would need 40 losses a game in a row
        raise ValueError(f"only {len(chosen)} won games among the deals tried")
    return chosen


def told_games(count: int, seed: str, *, mono: bool) -> list[ToldGame]:
    """The games of :func:`choose_games`, told and drawn for the book."""
    from puzzlegen.catscradle.views.board import board_diagram, final_diagram

    result = []
    for number, (_, deal, game) in enumerate(choose_games(count, seed), 1):
        note = game.notes[game.turning]
        # In words, as the text beside it says them ("six spaces", not "6 new spaces").
        ending = f"{number_word(note.created)} new space{'s' if note.created != 1 else ''}"
        result.append(
            ToldGame(
                heading=f"Game {number}: {game.summary[:-1].lower()}",
                # When the game turns at once, its figure shows the first layout already.
                opening=()
                if game.turning == 0
                else ((board_diagram(deal.layout, mono=mono), "The first layout."),),
                under="The stock, from its top card (face down in play): "
                + " ".join(c.symbol() for c in deal.stock)
                + ".",
                notes=tuple((f"{n.number}.", n.text) for n in game.notes),
                turning=game.turning,
                turning_head=f"The game turns at sequence {note.number}. {game.why}",
                figures=(
                    (
                        board_diagram(note.line.position, arrows=note.line.moves, mono=mono),
                        f"Game {number}, sequence {note.number}: the moves in order.",
                    ),
                    (
                        final_diagram(note.line.position, note.line.final, mono=mono, small=True),
                        f"Its ending: {ending}.",
                    ),
                ),
                closing=game.summary,
            )
        )
    return result
