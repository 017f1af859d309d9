"""The daily page's Pendulum rules (templates/pendulum/board.js) equal Python's.

The page's script runs under Node: on openings, positions along seeded games
and small late-game positions its legal moves must be exactly
``Position.legal_moves()``, in the same order; the solver's winning lines
replay through it to a win with par swings; and moves the rules forbid are
refused.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from puzzlegen.pendulum.methods import METHODS, Method
from puzzlegen.pendulum.position import Deal, Position
from puzzlegen.pendulum.solver import solve
from puzzlegen.render.templating import template_dir

sys.path.insert(0, str(Path(__file__).parent))
import node
from pendulum_helpers import deal_with, playout, small_position

BOARD_JS = template_dir() / "pendulum" / "board.js"
#: Two daily puzzles as `daily --game pendulum` wrote them (a win-in-par, a choose-method).
PAGES = Path(__file__).parents[1] / "data" / "pendulum_pages"


@pytest.fixture
def pendulum_puzzles() -> list[dict[str, Any]]:
    return [json.loads(p.read_text(encoding="utf-8")) for p in sorted(PAGES.glob("*.json"))]


# Each input line is a JSON request; each output line its JSON answer.
HARNESS = """
const g = require(process.argv[1]);
function json(m) {
  if (m.kind === "swing") return {swing: m.side};
  if (m.kind === "out") return {card: m.card, to: "foundation"};
  if (m.kind === "crown") return {card: m.card, to: [0, m.col]};
  return {card: m.card, to: m.onto};
}
const out = require("fs").readFileSync(0, "utf8").split("\\n").filter(Boolean).map((line) => {
  const q = JSON.parse(line);
  if (q.moves !== undefined) {
    return g.legalMoves(g.parsePosition(q.moves)).map(json);
  }
  if (q.replay !== undefined) {
    const start = g.start(q.replay, q.method);
    const states = g.replay(start, q.line);
    const end = states.length ? states[states.length - 1] : start;
    return {won: g.isWon(end), swings: end.swings, text: g.positionText(end)};
  }
  if (q.page !== undefined) {
    const line = g.bestLine(q.page);
    let state = g.initial(q.page);
    for (const m of line) state = g.apply(state, m);
    return {won: g.isWon(state), solved: g.isSolved(state, q.page.par, q.found || []),
      swings: state.swings, method: g.methodName(state.step), moves: line.length,
      collected: g.collect(state), end: g.endText(state, q.page.par, q.found || []),
      status: g.statusText(state, q.page.par, false, q.found || [])};
  }
  try {
    g.fromJson(g.parsePosition(q.refuse), q.move);
    return "accepted";
  } catch (e) {
    return "refused";
  }
});
process.stdout.write(out.map((x) => JSON.stringify(x)).join("\\n") + "\\n");
"""


def ask(requests: list[dict[str, Any]]) -> list[Any]:
    return node.ask(HARNESS, BOARD_JS, requests)


def positions() -> list[Position]:
    """Openings under every method, positions along seeded games, small late positions."""
    found: list[Position] = []
    for seed in range(24):
        deal = Deal.from_seed(f"web-{seed}")
        method = METHODS[seed % 12]
        found.append(deal.start(method))
        game = list(playout(deal.start(method), seed))
        found += game[1:-1:3] + game[-1:]  # every third position, and where the game ended
    found += [small_position(seed, 6 + seed % 10) for seed in range(150)]
    return found


def test_page_moves_equal_python_moves() -> None:
    cases = positions()
    assert len(cases) >= 500
    kinds = {m.kind for p in cases for m in p.legal_moves()}
    assert kinds == {"out", "pack", "crown", "swing"}
    assert sum(1 for p in cases if p.lost) >= 10  # dead ends, where the page must say "lost"
    answers = ask([{"moves": str(p)} for p in cases])
    for position, answer in zip(cases, answers, strict=True):
        assert answer == [m.to_json() for m in position.legal_moves()], str(position)


def test_solver_lines_replay_to_a_win_in_the_page() -> None:
    requests, pars = [], []
    for seed in range(3):
        deal = Deal.from_seed(f"web-line-{seed}")
        for method in (METHODS[seed], METHODS[6 + seed * 2]):
            result = solve(deal, method)
            if not result.won:
                continue
            line = [m.to_json() for m in result.moves]
            requests.append({"replay": str(deal), "method": str(method), "line": line})
            pars.append(result.par)
    assert len(requests) >= 3
    for answer, par in zip(ask(requests), pars, strict=True):
        assert answer["won"] is True and answer["swings"] == par


def test_a_daily_puzzles_answer_plays_to_a_solve(pendulum_puzzles: list[dict[str, Any]]) -> None:
    # A choose-method day is solved once every winning method has been won: here the
    # others were won before (the shell keeps them in the day's saved record).
    answers = ask([
        {"page": data, "found": [a["method"] for a in data["answer"] if a["won"]]}
        for data in pendulum_puzzles
    ])
    for data, answer in zip(pendulum_puzzles, answers, strict=True):
        assert answer["won"] and answer["solved"]
        best = min(data["answer"], key=lambda a: (a["par"], len(a["moves"])))
        if data["kind"] == "win-in-par":
            assert answer["swings"] == data["par"] and answer["method"] == data["method"]
            assert answer["collected"] is None
        else:  # the method is chosen first: one move more than the line
            assert answer["collected"] == answer["method"] == best["method"]
            assert answer["swings"] == best["par"]
            assert answer["moves"] == len(
                next(a for a in data["answer"] if a["method"] == answer["method"])["moves"]
            ) + 1


def test_one_winning_method_of_two_is_not_yet_a_solve(
    pendulum_puzzles: list[dict[str, Any]],
) -> None:
    data = next(d for d in pendulum_puzzles if d["kind"] == "choose-method")
    winners = [a["method"] for a in data["answer"] if a["won"]]
    assert len(winners) == 2
    (alone,) = ask([{"page": data}])
    assert alone["won"] is True and alone["solved"] is False
    assert alone["status"] == f"{alone['method']} wins · 1 of 2 winning methods found — " \
        "choose another method"
    assert alone["end"] == "Start again to find the other."  # not the status said again
    # The same method won twice counts once; with the other one won before, it is solved.
    again, both = ask([
        {"page": data, "found": [alone["method"]]},
        {"page": data, "found": [m for m in winners if m != alone["method"]]},
    ])
    assert again["solved"] is False and both["solved"] is True


def test_a_win_over_par_is_won_but_not_solved(pendulum_puzzles: list[dict[str, Any]]) -> None:
    data = next(d for d in pendulum_puzzles if d["kind"] == "win-in-par")
    strict = dict(data, par=data["par"] - 1)  # as if the solver had found one swing fewer
    (answer,) = ask([{"page": strict}])
    assert answer["won"] is True and answer["solved"] is False


def test_the_page_refuses_illegal_moves() -> None:
    # Under up-1: 9C lies exposed below 10C; JC is in the lowest row; 5H is covered.
    deal = deal_with({(4, 0): "10C", (5, 0): "9C", (5, 1): "JC", (4, 1): "5H", (5, 2): "QC"})
    start = deal.start(Method.parse("up-1"))
    text = str(start)
    refused = [
        {"card": "5H", "to": "foundation"},  # not next on its foundation
        {"card": "5H", "to": "6H"},  # covered
        {"card": "9C", "to": "JC"},  # not the card after 9C
        {"card": "KC", "to": [0, 3]},  # a crown, but the top-row cell is full
        {"swing": "right"},  # cards can still move
        {"swing": "left"},  # and the first swing goes right
    ]
    accepted = [{"card": "9C", "to": "10C"}]  # the seed's vertical move
    answers = ask([{"refuse": text, "move": m} for m in refused + accepted])
    assert answers == ["refused"] * len(refused) + ["accepted"] * len(accepted)
    legal = [m.to_json() for m in start.legal_moves()]
    assert not any(m in legal for m in refused) and accepted[0] in legal


def test_a_third_swing_and_a_swing_that_changes_nothing_are_refused() -> None:
    # Late positions where no card can move: the page allows the swing exactly
    # when Python does, and never a third in a row.
    blocked = [
        p
        for seed in range(24)
        for p in playout(Deal.from_seed(f"web-{seed}").start(METHODS[seed % 12]), seed)
        if not p.card_moves() and not p.won
    ]
    assert len(blocked) >= 20
    requests = [{"refuse": str(p), "move": {"swing": p.next_swing}} for p in blocked]
    third = [Position(p.method, p.cells, p.next_swing, 2) for p in blocked]
    requests += [{"refuse": str(p), "move": {"swing": p.next_swing}} for p in third]
    answers = ask(requests)
    expected = ["accepted" if p.swing_allowed() else "refused" for p in blocked]
    assert answers == expected + ["refused"] * len(third)
    assert "accepted" in expected and "refused" in expected
