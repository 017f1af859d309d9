"""What ``puzzlegen game`` and ``puzzlegen study`` do for Cat's Cradle, as text.

The commands (:mod:`puzzlegen.cli.wholegames`) parse options, show progress
and write files; they reach this module through the registry
(:data:`puzzlegen.registry.WHOLE_GAMES`), so the shared command line names
no game.  :data:`WHOLE_GAME` is the object they call.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

from puzzlegen.catscradle.gameplayers import PLAYER_NAMES, GameRecord, player_name
from puzzlegen.catscradle.position import Deal, Position


def game_output(
    *, deal_text: str | None, seed: str | None, player: str, player_seed: str, as_json: bool
) -> str:
    """The whole game of the deal (``deal_text``, or the deal of ``seed``) played by ``player``.

    Given both (a ``deal --json`` line read back), ``seed`` only names the
    deal, and only if the deal is that seed's.
    """
    from puzzlegen.catscradle.gameplayers import play_game
    from puzzlegen.catscradle.gamesolver import turn_json

    name = player_name(player)
    if deal_text is not None:
        deal = Deal.parse(deal_text)
        if seed is not None and str(Deal.from_seed(seed)) != str(deal):
            seed = None
    elif seed is not None:
        deal = Deal.from_seed(seed)
    else:
        raise ValueError("game_output needs a deal or a seed")
    record = play_game(deal, name, seed=player_seed)
    if not as_json:
        return game_text(record, seed)
    lines = [json.dumps(turn_json(turn), ensure_ascii=False) for turn in record.turns]
    summary = {
        "won": record.won,
        "sequences": record.sequences,
        "player": name,
        "player_seed": player_seed,
        "seed": seed,
        "deal": str(deal),
        "stock_left": record.stock_left,
    }
    lines.append(json.dumps(summary, ensure_ascii=False))
    return "\n".join(lines)


def game_text(record: GameRecord, seed: str | None) -> str:
    """The game as text: each sequence (start, moves, spaces, cards dealt), then the result."""
    from puzzlegen.catscradle.views.prose import moves_text, number_word, spaces_phrase

    def cards(n: int) -> str:
        return f"{number_word(n)} card{'' if n == 1 else 's'}"

    def sequences(n: int) -> str:
        return f"{number_word(n)} sequence{'' if n == 1 else 's'}"

    if seed is None:
        which = "The deal"
    else:  # 'Deal 42', and a word as 'deal' prints it: "The deal for seed 'a b'"
        # Not '05', another seed than 5 (and no int(): 5,000 digits would raise).
        number = seed.isascii() and seed.isdigit() and (seed == "0" or seed[0] != "0")
        which = f"Deal {seed}" if number else f"The deal for seed {seed!r}"
    lines = [f"{which}, played by the {record.player} player.", ""]
    for turn in record.turns:
        lines.append(f"Sequence {turn.number}, from:")
        lines.append(symbol_grid(turn.start))
        moves = moves_text(turn.line) if turn.line.moves else "no move"
        if turn.created:
            dealt = ", ".join(c.symbol() for c in turn.dealt)
            them = "it" if turn.created == 1 else "them"
            into = f"dealt {dealt} into {them}" if dealt else "nothing left to deal"
            lines.append(
                f"  {moves} — {spaces_phrase(turn.created)} created; {into} "
                f"({cards(len(turn.stock))} left in the stock)."
            )
        elif turn.line.moves:  # every player plays a sequence to its end
            lines.append(f"  {moves} — no space created.")
        else:  # 'no move' read as none legal, where a transfer or a move may be
            lines.append("  No series of moves makes a space.")
        lines.append("")
    if record.won:
        lines.append(f"Won in {sequences(record.sequences)}: the stock is used up.")
    else:
        last = "it" if record.sequences == 1 else "the last"
        lines.append(
            f"Lost after {sequences(record.sequences)}: {last} created no space "
            f"({cards(record.stock_left)} left in the stock)."
        )
    return "\n".join(lines)


def symbol_grid(position: Position) -> str:
    """The position as four indented rows of suit symbols."""
    return "\n".join("  " + row for row in position.grid(symbols=True).splitlines())


def study_output(
    *,
    seeds: range,
    store: Path,
    player_seed: str,
    jobs: int,
    client: Any,
    on_done: Callable[[int, int], None] | None,
) -> tuple[str, str, str]:
    """Run (or resume) a study; return its JSON, its HTML page and a one-line summary."""
    from puzzlegen.catscradle.study import StudyStore, figures, run_study
    from puzzlegen.catscradle.views.study import render

    with StudyStore(store) as the_store:
        results = run_study(
            the_store, seeds, strong_seed=player_seed, jobs=jobs, client=client, on_done=on_done
        )
    fig = figures(results)
    fig["player_seed"] = player_seed  # with the deals, what it takes to play the study again
    wins = ", ".join(
        f"{name} {100 * p['wins']['rate']:.1f}%" for name, p in fig["players"].items()
    )
    return json.dumps(fig, indent=2, sort_keys=True) + "\n", render(fig), f"wins: {wins}"


class _WholeGame:
    """The functions the ``game`` and ``study`` commands call (one object, loaded by name)."""

    players = PLAYER_NAMES
    #: The players whose play --player-seed changes (the strong player's sampling).
    seeded_players = ("strong",)
    check_player = staticmethod(player_name)
    game_output = staticmethod(game_output)
    study_output = staticmethod(study_output)


WHOLE_GAME = _WholeGame()
