"""The whole-game page's rules (templates/catscradle/game.js) equal Python's.

Under Node, on openings, the shared corpus of mid-game positions and
positions part-way through lines of play:

* the end positions of a sequence (every position from which no series of
  moves creates another space) are exactly the core's ``end_positions``,
  as cell heights, and ``isEnd`` agrees with the best space count;
* filling the spaces from the stock is ``Position.fill``;
* every winning line the page's search reports replays to a win under the
  Python rules (:func:`puzzlegen.catscradle.gameday.replay`), and a deal the
  most-spaces player wins is never reported lost.
"""

from __future__ import annotations

import json
from pathlib import Path

from conftest import CORPUS
from node import run_node

from puzzlegen.catscradle.gameday import expert_certifier, replay
from puzzlegen.catscradle.position import Deal, Position
from puzzlegen.catscradle.solver import best_line, end_positions
from puzzlegen.render.templating import template_dir

GAME_JS = template_dir() / "catscradle" / "game.js"


def node(script: str, stdin: str) -> list[object]:
    """Run ``script`` over ``stdin``'s lines (``input`` a list of them); its JSON lines."""
    harness = (
        "const g = require(process.argv[1]);\n"
        "const input = require('fs').readFileSync(0, 'utf8').split('\\n').filter(Boolean);\n"
        "const stacks = (t) => t.split(' ').map((c) => (c === '--' ? [] : c.split('/')));\n"
        + script
    )
    return [json.loads(line) for line in run_node(harness, GAME_JS, stdin).splitlines()]


def positions() -> list[Position]:
    found = [Deal.from_seed(f"web-game-{n}").layout for n in range(100)]
    found += CORPUS
    for n, start in enumerate(CORPUS[:200]):
        position = start
        for step in range(3):
            moves = position.legal_moves()
            if not moves:
                break
            position = position.apply(moves[(n * 5 + step * 3) % len(moves)])
            found.append(position)
    return found


def test_sequence_ends_equal_the_core() -> None:
    cases = positions()
    assert len(cases) >= 800
    answers = node(
        "for (const t of input) { const l = g.layoutOf(stacks(t));\n"
        "  console.log(JSON.stringify([g.isEnd(l.bottom, l.height),\n"
        "    g.ends(l.bottom, l.height, true).map((e) => e.height.join(',')).sort(),\n"
        "    g.ends(l.bottom, l.height).length])); }\n",
        "\n".join(map(str, cases)) + "\n",
    )
    assert len(answers) == len(cases)
    ended = 0
    for position, answer in zip(cases, answers, strict=True):
        assert isinstance(answer, list)
        is_end, every, groups = answer
        expected = sorted(",".join(str(len(s)) for s in p.cells) for p in end_positions(position))
        assert every == expected, str(position)
        assert is_end == (best_line(position).spaces == position.spaces), str(position)
        assert 1 <= groups <= len(every)
        ended += is_end
    assert 20 <= ended < len(cases)  # both answers occur


def test_fill_equals_python() -> None:
    cases = []
    for n, position in enumerate(CORPUS[:150]):
        end = best_line(position).final
        unseen = [c for c in Deal.from_seed(f"fill-{n}").cards if end.find(c) is None]
        stock = unseen[: n % 9]
        cases.append((end, stock))
    answers = node(
        "for (const t of input) { const [pos, stock] = t.split('|');\n"
        "  const l = g.layoutOf(stacks(pos)); const cls = stock.split(' ').filter(Boolean)"
        ".map(g.cardClass);\n"
        "  const f = g.fill(l.bottom, l.height, cls, 0);\n"
        "  console.log(JSON.stringify([f.bottom, f.height, f.next])); }\n",
        "".join(f"{p}|{' '.join(map(str, s))}\n" for p, s in cases),
    )
    from puzzlegen.catscradle.solver import CARD_INDEX

    for (end, stock), answer in zip(cases, answers, strict=True):
        filled, left = end.fill(stock)
        bottoms = [CARD_INDEX[s[0]] >> 1 if s else -1 for s in filled.cells]
        heights = [len(s) for s in filled.cells]
        assert answer == [bottoms, heights, len(stock) - len(left)], str(end)


def test_winning_lines_of_the_search_replay_in_python() -> None:
    deals = [Deal.from_seed(n) for n in range(120)]
    answers = node(
        "for (const t of input) { const c = t.split(' ');\n"
        "  const l = g.layoutOf(c.slice(0, 16).map((x) => [x]));\n"
        "  const r = g.winnable(l.bottom, l.height, 0, c.slice(16).map(g.cardClass), 0);\n"
        "  console.log(JSON.stringify([r.won, r.sequences])); }\n",
        "\n".join(map(str, deals)) + "\n",
    )
    won = 0
    for deal, answer in zip(deals, answers, strict=True):
        assert isinstance(answer, list)
        is_won, sequences = answer
        if not is_won:
            assert expert_certifier(deal) is None, f"the expert wins {deal} the search lost"
            continue
        won += 1
        position, stock, line = deal.layout, list(deal.stock), []
        for path in sequences:
            moves = []
            for src, dst in path:
                move, position = position.apply_cells(src, dst)
                moves.append(move)
            line.append((moves, stock[: position.spaces]))
            position, left = position.fill(stock)
            stock = list(left)
        assert len(replay(deal, line)) == len(sequences)
    assert 40 <= won <= 90  # about half of all deals can be won


def test_the_search_agrees_with_the_solver() -> None:
    """On 300 deals and on later sequence starts of solved games, with their stocks."""
    from puzzlegen.catscradle.gamesolver import solve, solve_deal

    cases = [
        (Deal.from_seed(f"verdict-{n}").layout, Deal.from_seed(f"verdict-{n}").stock)
        for n in range(300)
    ]
    for n in range(40):
        for turn in solve_deal(Deal.from_seed(n)).turns[1:-1:3]:
            cases.append((turn.filled, turn.stock))
    answers = node(
        "for (const t of input) { const [pos, stock] = t.split('|');\n"
        "  const l = g.layoutOf(stacks(pos));\n"
        "  const r = g.winnable(l.bottom, l.height, 0, stock.split(' ').map(g.cardClass), 0);\n"
        "  console.log(JSON.stringify(r.won)); }\n",
        "".join(f"{p}|{' '.join(map(str, s))}\n" for p, s in cases),
    )
    verdicts = [solve(p, s, line=False).won for p, s in cases]
    assert answers == verdicts
    assert 100 < sum(verdicts[:300]) < 220 and sum(verdicts[300:]) > 20


def test_path_to_reaches_the_target() -> None:
    cases = CORPUS[:100]
    answers = node(
        "for (const t of input) { const l = g.layoutOf(stacks(t));\n"
        "  const e = g.ends(l.bottom, l.height); const last = e[e.length - 1];\n"
        "  console.log(JSON.stringify([g.pathTo(l.bottom, l.height, last.height),\n"
        "    last.path, last.height])); }\n",
        "\n".join(map(str, cases)) + "\n",
    )
    for position, answer in zip(cases, answers, strict=True):
        assert isinstance(answer, list)
        path, shortest, heights = answer
        assert len(path) == len(shortest)
        current = position
        for src, dst in path:
            _, current = current.apply_cells(src, dst)
        assert [len(s) for s in current.cells] == heights


def test_game_js_is_the_page_asset(tmp_path: Path) -> None:
    # The worker is built from the module's own source: it must be one function.
    out = run_node(
        "const g = require(process.argv[1]);"
        "const again = eval(g.factorySource);"
        "console.log(typeof again.winnable, again.SEES.length);",
        GAME_JS,
    )
    assert out.split() == ["function", "16"]
