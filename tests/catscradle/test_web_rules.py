"""The daily page's move generator (templates/catscradle/board.js) equals Python's rules.

The page's script runs under Node on openings, the shared corpus of mid-game
positions, and positions part-way through lines of play (stacks built by
transfers included); every position's moves must be exactly
``Position.legal_moves()``, in the same order.
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import CORPUS
from node import run_node

from puzzlegen.catscradle.position import Deal, Position
from puzzlegen.render.templating import template_dir

BOARD_JS = template_dir() / "catscradle" / "board.js"

# Reads one position text a line; writes its moves as a JSON list a line.
HARNESS = """
const game = require(process.argv[1]);
const lines = require("fs").readFileSync(0, "utf8").split("\\n").filter(Boolean);
const out = lines.map((text) => JSON.stringify(
  game.legalMoves(game.parsePosition(text)).map((m) => [m.card, m.onto, m.src, m.dst])));
process.stdout.write(out.join("\\n") + "\\n");
"""


def positions() -> list[Position]:
    """Openings, the mid-game corpus, and positions part-way through lines of play."""
    found = [Deal.from_seed(f"web-{n}").layout for n in range(300)]
    found += CORPUS
    for n, start in enumerate(CORPUS):
        position = start
        for step in range(4):
            moves = position.legal_moves()
            if not moves:
                break
            # A fixed walk: a different move choice per position and step.
            position = position.apply(moves[(n * 7 + step * 3) % len(moves)])
            found.append(position)
    return found


def test_page_moves_equal_python_moves(tmp_path: Path) -> None:
    cases = positions()
    assert len(cases) >= 1000
    assert sum(1 for p in cases if any(len(s) > 2 for s in p.cells)) >= 100
    answers = run_node(HARNESS, BOARD_JS, "\n".join(map(str, cases)) + "\n").splitlines()
    assert len(answers) == len(cases)
    for position, answer in zip(cases, answers, strict=True):
        expected = [[str(m.card), str(m.onto), m.src, m.dst] for m in position.legal_moves()]
        assert json.loads(answer) == expected, str(position)


def test_page_rejects_a_move_into_a_space(tmp_path: Path) -> None:
    # 9C sees the space beside it and 10H; the only red card is 10H.
    text = "9C -- 10H 2S  3S 4S 5S 6S  7S 8S 2C 10S  JS QS KS AS"
    script = (
        "const g = require(process.argv[1]);"
        f"console.log(JSON.stringify(g.legalMoves(g.parsePosition({json.dumps(text)}))"
        ".map((m) => [m.card, m.onto])));"
    )
    expected = [[str(m.card), str(m.onto)] for m in Position.parse(text).legal_moves()]
    assert json.loads(run_node(script, BOARD_JS)) == expected == [["9C", "10H"]]
