/* Escape on the daily page: the rules, the computer players and the page.
 *
 * Escape is a two-player game of cat and mouse by Qualt for its Sigma cards;
 * the card faces are the project's reconstruction (shared/ESCAPE.md, read as
 * docs/escape-rules.md says).  The rules here are those of the Python module
 * puzzlegen/escape/position.py, move for move: the tests run this file under
 * Node and compare its placements, gaps, results, refusals and texts with
 * Python's on many positions.
 *
 * The file has three parts:
 *   rules()    the rules, the text forms, the computer players and an exact
 *              solver: pure functions, no page.  It runs under Node
 *              (module.exports), on the page, and inside a Web Worker made
 *              from its own source (a Blob, so it works from file:// too), in
 *              which the computer thinks while the page stays responsive;
 *   the page   registered with the shared shell (assets/daily.js) through
 *              `startPage`: Escape is played against the computer, so it runs
 *              its own board, hands and controls, and borrows the shell's
 *              storage, statistics and navigation.
 *
 * Cells: [row, col], rows downward, the Nothing square at [0, 0].  Inside,
 * a cell is one integer (row + 512) * 1024 + (col + 512), so neighbours are
 * k +- 1 and k +- 1024 and sorting the integers sorts cells row by row, as
 * the Python rules do.  A position is
 *   {white: Set, black: Set, wh: [ids], bh: [ids], toMove: "white"|"black"}
 * never changed in place.  A move is {card, turns, at: [r, c]} or {pass: true};
 * its text is Python's: "W10@0,1", "B1r1@-1,2", "pass".
 *
 * The page's automation contract (the README's "Playing the daily pages"):
 *   [data-cell="ROW,COL"]   a board cell, in the game's coordinates;
 *   [data-card="ID"]        a card in a hand (data-side white/black); pressing
 *                           one of the player's picks it up;
 *   #rotate (or the key R)  turns the card picked up a quarter clockwise; the
 *                           card's data-turns says how far it is turned;
 *   clicking a cell         lays the card picked up with its first square (the
 *                           top row's leftmost square of the turned card) on
 *                           that cell;
 *   #pass                   passes, when passing is the only legal move;
 *   #board                  data-position (the position's text), data-to-move,
 *                           data-outcome ("white"/"black" once over, else ""),
 *                           data-solved ("true" once the day's puzzle is won),
 *                           data-thinking ("true" while the computer thinks);
 *   #status                 what the last action did, data-kind "move",
 *                           "refused" (with the reason), "thinking", "end" or
 *                           "solved".
 */
(function (root, factory) {
  "use strict";
  const api = factory();
  if (typeof module === "object" && module.exports) {
    module.exports = api.rules;
  } else if (root.PuzzleDaily) {
    root.PuzzleDaily.registerGame(api.game);
  }
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  /** The rules, text forms, players and solver: no page, no globals.  Its source
   *  is also the Web Worker's, so it must stand alone. */
  function rules() {
    const WHITE = "white";
    const BLACK = "black";
    const STRIDE = 1024;
    const BIAS = 512;
    const ORIGIN = BIAS * STRIDE + BIAS;
    const NEIGHBOURS = [1, -1, STRIDE, -STRIDE];
    const REACH = 400;
    const SURROUNDED = "surrounded";
    const FILLED = "filled own last gap";
    const STUCK = "white cannot play";
    const ALL_PLAYED = "all cards played";
    const BLACK_STUCK = "black cannot play";

    // The 21 cards (ESCAPE.md §4): rows joined by "|", X a printed square.
    const FACES = [
      ["W1", "dot", "X"], ["W2", "dot", "X"], ["W3", "domino", "XX"], ["W4", "domino", "XX"],
      ["W5", "diagonal pair", "X.|.X"], ["W6", "diagonal pair", "X.|.X"],
      ["W7", "L-tromino", "X.|XX"], ["W8", "L-tromino", "X.|XX"],
      ["W9", "split pair", "X.X"], ["W10", "I-tromino", "XXX"],
      ["B1", "I-tetromino", "XXXX"], ["B2", "I-tetromino", "XXXX"], ["B3", "I-tetromino", "XXXX"],
      ["B4", "V-pentomino", "X..|X..|XXX"], ["B5", "L-tetromino", "X..|XXX"],
      ["B6", "L-tetromino", "X..|XXX"], ["B7", "I-tromino", "XXX"],
      ["B8", "diagonal pair", "X.|.X"], ["B9", "split pair", "X.X"],
    ];
    const CARDS = {};
    for (const [id, shape, face] of FACES) {
      const squares = [];
      face.split("|").forEach((row, r) => {
        for (let c = 0; c < row.length; c++) if (row[c] === "X") squares.push([r, c]);
      });
      CARDS[id] = { id: id, colour: id[0] === "W" ? WHITE : BLACK, shape: shape, face: face,
        squares: squares };
    }
    const WHITE_HAND = FACES.filter((f) => f[0][0] === "W").map((f) => f[0]);
    const BLACK_HAND = FACES.filter((f) => f[0][0] === "B").map((f) => f[0]);
    const NOTHING = [[0, 0]];
    const SPECIAL = [[-1, -1], [-1, 0], [-1, 1], [0, -1], [1, -1], [1, 0], [1, 1]];

    function idOrder(a, b) {
      const ka = (a[0] === "W" ? 0 : 1000) + Number(a.slice(1));
      const kb = (b[0] === "W" ? 0 : 1000) + Number(b.slice(1));
      return ka - kb;
    }

    function cmpCells(a, b) {
      return a[0] - b[0] || a[1] - b[1];
    }

    /** offsets turned clockwise `turns` times, moved to (0, 0), sorted. */
    function turn(offsets, turns) {
      let cells = offsets.map((x) => x.slice());
      for (let t = 0; t < ((turns % 4) + 4) % 4; t++) {
        const h = Math.max.apply(null, cells.map((x) => x[0])) + 1;
        cells = cells.map(([r, c]) => [c, h - 1 - r]);
      }
      const top = Math.min.apply(null, cells.map((x) => x[0]));
      const left = Math.min.apply(null, cells.map((x) => x[1]));
      return cells.map(([r, c]) => [r - top, c - left]).sort(cmpCells);
    }

    /** Each face's distinct turned shapes, fewest turns first: {turns, squares, window}. */
    const ORIENTATIONS = {};
    for (const id of Object.keys(CARDS)) {
      const face = CARDS[id].face;
      if (ORIENTATIONS[face]) continue;
      const seen = [];
      for (let t = 0; t < 4; t++) {
        const shape = turn(CARDS[id].squares, t);
        const text = JSON.stringify(shape);
        if (seen.some((o) => o.text === text)) continue;
        const h = Math.max.apply(null, shape.map((x) => x[0])) + 1;
        const w = Math.max.apply(null, shape.map((x) => x[1])) + 1;
        const window = [];
        for (let r = 0; r < h; r++) for (let c = 0; c < w; c++) window.push([r, c]);
        seen.push({ turns: t, squares: shape, window: window, text: text, height: h, width: w });
      }
      ORIENTATIONS[face] = seen;
    }

    function shapeOf(card, turns) {
      return turn(CARDS[card].squares, turns);
    }

    function key(r, c) {
      return (r + BIAS) * STRIDE + c + BIAS;
    }

    function cell(k) {
      const r = Math.floor(k / STRIDE);
      return [r - BIAS, k - r * STRIDE - BIAS];
    }

    function cellText(k) {
      const [r, c] = cell(k);
      return "[" + r + "," + c + "]";
    }

    function other(colour) {
      return colour === WHITE ? BLACK : WHITE;
    }

    // -- positions --------------------------------------------------------------
    function make(white, black, wh, bh, toMove) {
      return { white: white, black: black, wh: wh, bh: bh, toMove: toMove, memo: {} };
    }

    function start() {
      return make(new Set(NOTHING.map(([r, c]) => key(r, c))),
        new Set(SPECIAL.map(([r, c]) => key(r, c))), WHITE_HAND.slice(), BLACK_HAND.slice(), WHITE);
    }

    function hand(p, colour) {
      return colour === WHITE ? p.wh : p.bh;
    }

    function flood(startKey, cells) {
      const seen = new Set([startKey]);
      const stack = [startKey];
      while (stack.length) {
        const k = stack.pop();
        for (const d of NEIGHBOURS) {
          const n = k + d;
          if (cells.has(n) && !seen.has(n)) {
            seen.add(n);
            stack.push(n);
          }
        }
      }
      return seen;
    }

    function mainGroup(p) {
      if (!p.memo.main) p.memo.main = flood(ORIGIN, p.white);
      return p.memo.main;
    }

    /** The blank cells next to the main group. */
    function gaps(p) {
      if (!p.memo.gaps) {
        const out = new Set();
        for (const k of mainGroup(p)) {
          for (const d of NEIGHBOURS) {
            const n = k + d;
            if (!p.white.has(n) && !p.black.has(n)) out.add(n);
          }
        }
        p.memo.gaps = out;
      }
      return p.memo.gaps;
    }

    function fits(base, offs, win, own, theirs, anchors, isWhite) {
      const n = offs.length;
      for (let i = 0; i < n; i++) {
        const k = base + offs[i];
        if (theirs.has(k) || (isWhite && own.has(k))) return false;
      }
      for (let i = 0; i < win.length; i++) if (theirs.has(base + win[i])) return false;
      for (let i = 0; i < n; i++) {
        const k = base + offs[i];
        if (own.has(k)) continue;
        for (let j = 0; j < 4; j++) {
          const m = k + NEIGHBOURS[j];
          if (anchors.has(m) && offs.indexOf(m - base) < 0) return true;
        }
      }
      return false;
    }

    function computePlacements(p, colour) {
      const ids = hand(p, colour);
      if (!ids.length) return [];
      const isWhite = colour === WHITE;
      const own = isWhite ? p.white : p.black;
      const theirs = isWhite ? p.black : p.white;
      const anchors = isWhite ? mainGroup(p) : p.black;
      const targetSet = new Set();
      for (const k of anchors) {
        for (const d of NEIGHBOURS) {
          const n = k + d;
          if (!own.has(n) && !theirs.has(n)) targetSet.add(n);
        }
      }
      const targets = Array.from(targetSet).sort((a, b) => a - b);
      const result = [];
      const facesDone = new Set();
      for (const id of ids) {
        const face = CARDS[id].face;
        if (facesDone.has(face)) continue;
        facesDone.add(face);
        for (const o of ORIENTATIONS[face]) {
          const offs = o.squares.map(([r, c]) => r * STRIDE + c);
          const win = o.window.map(([r, c]) => r * STRIDE + c);
          const seen = new Set();
          for (const t of targets) {
            for (const off of offs) {
              const base = t - off;
              if (seen.has(base)) continue;
              seen.add(base);
              if (fits(base, offs, win, own, theirs, anchors, isWhite)) {
                result.push({ card: id, turns: o.turns, at: cell(base) });
              }
            }
          }
        }
      }
      result.sort((a, b) => idOrder(a.card, b.card) || a.turns - b.turns ||
        a.at[0] - b.at[0] || a.at[1] - b.at[1]);
      return result;
    }

    /** Every legal placement of `colour` (default: the side to move), named and
     *  sorted as Python names and sorts them. */
    function placements(p, colour) {
      const side = colour || p.toMove;
      if (side !== p.toMove) return computePlacements(p, side);
      if (!p.memo.placements) p.memo.placements = computePlacements(p, side);
      return p.memo.placements;
    }

    /** [winner, reason] once the game is over, else null. */
    function outcome(p) {
      if (p.memo.outcome !== undefined) return p.memo.outcome;
      let result = null;
      if (!gaps(p).size) {
        result = [BLACK, p.toMove === BLACK ? FILLED : SURROUNDED];
      } else if (p.toMove === WHITE) {
        if (p.wh.length) result = placements(p).length ? null : [BLACK, STUCK];
        else if (!p.bh.length) result = [WHITE, ALL_PLAYED];
      } else if (!(p.bh.length && placements(p).length)) {
        if (!p.wh.length) result = [WHITE, p.bh.length ? BLACK_STUCK : ALL_PLAYED];
      }
      p.memo.outcome = result;
      return result;
    }

    const PASS = { pass: true };

    function legalMoves(p) {
      if (outcome(p) !== null) return [];
      const found = placements(p);
      return found.length ? found : [PASS];
    }

    function moveSquares(move) {
      return shapeOf(move.card, move.turns).map(([r, c]) => [move.at[0] + r, move.at[1] + c]);
    }

    function moveKeys(move) {
      return moveSquares(move).map(([r, c]) => key(r, c));
    }

    /** `move` named as placements() names it: the lowest identical id in the hand,
     *  the fewest turns giving the same squares. */
    function canonical(p, move) {
      if (move.pass) return move;
      const face = CARDS[move.card].face;
      const id = hand(p, CARDS[move.card].colour).find((c) => CARDS[c].face === face) || move.card;
      const shape = JSON.stringify(shapeOf(move.card, move.turns));
      const o = ORIENTATIONS[face].find((x) => x.text === shape);
      return { card: id, turns: o.turns, at: move.at.slice() };
    }

    function check(p, id, squares, window) {
      const colour = CARDS[id].colour;
      const own = colour === WHITE ? p.white : p.black;
      const theirs = colour === WHITE ? p.black : p.white;
      for (const k of squares.slice().sort((a, b) => a - b)) {
        if (theirs.has(k) || (colour === WHITE && own.has(k))) {
          return "square " + cellText(k) + " is not blank";
        }
      }
      for (const k of window.slice().sort((a, b) => a - b)) {
        if (theirs.has(k)) return "the card would lie over " + other(colour) + "'s square " +
          cellText(k);
      }
      const anchors = colour === WHITE ? mainGroup(p) : own;
      for (const k of squares) {
        if (own.has(k)) continue;
        for (const d of NEIGHBOURS) {
          const n = k + d;
          if (anchors.has(n) && squares.indexOf(n) < 0) return null;
        }
      }
      if (colour === WHITE) return "no square of the card touches White's main group";
      return "no new square of the card touches a black square it does not cover";
    }

    function windowKeys(move) {
      const sq = moveSquares(move);
      const rows = sq.map((x) => x[0]);
      const cols = sq.map((x) => x[1]);
      const out = [];
      for (let r = Math.min.apply(null, rows); r <= Math.max.apply(null, rows); r++) {
        for (let c = Math.min.apply(null, cols); c <= Math.max.apply(null, cols); c++) {
          out.push(key(r, c));
        }
      }
      return out;
    }

    /** null if `move` is legal here, else the reason in a few words (Python's words). */
    function whyIllegal(p, move) {
      const over = outcome(p);
      if (over !== null) return "the game is over (" + over[0] + " won: " + over[1] + ")";
      if (move.pass) {
        return placements(p).length ? p.toMove + " has a legal placement, so may not pass" : null;
      }
      const card = CARDS[move.card];
      if (card.colour !== p.toMove) {
        return "it is " + p.toMove + "'s turn, and " + move.card + " is " + card.colour +
          "'s card";
      }
      if (hand(p, p.toMove).indexOf(move.card) < 0) {
        return move.card + " is not in " + p.toMove + "'s hand";
      }
      return check(p, move.card, moveKeys(move), windowKeys(move));
    }

    /** The lowest card identical to `card` in the hand `h` (`card` when none is lower). */
    function lowestHeld(h, card) {
      const face = CARDS[card].face;
      return h.find((c) => CARDS[c].face === face && idOrder(c, card) < 0) || card;
    }

    /** The position after `move` (unchecked: use whyIllegal first).  The card taken
     *  from the hand is the lowest identical one held (W1 and W2 are the same card). */
    function apply(p, move) {
      const next = other(p.toMove);
      if (move.pass) return make(p.white, p.black, p.wh, p.bh, next);
      const keys = moveKeys(move);
      if (p.toMove === WHITE) {
        const white = new Set(p.white);
        for (const k of keys) white.add(k);
        const gone = lowestHeld(p.wh, move.card);
        return make(white, p.black, p.wh.filter((c) => c !== gone), p.bh, next);
      }
      const black = new Set(p.black);
      for (const k of keys) black.add(k);
      const gone = lowestHeld(p.bh, move.card);
      return make(p.white, black, p.wh, p.bh.filter((c) => c !== gone), next);
    }

    function play(p, move) {
      const why = whyIllegal(p, move);
      if (why !== null) throw new Error("illegal move '" + moveText(move) + "': " + why);
      return apply(p, move);
    }

    function cardsLeft(p) {
      return p.wh.length + p.bh.length;
    }

    // -- text forms (Python's) ----------------------------------------------------
    function moveText(move) {
      if (move.pass) return "pass";
      return move.card + (move.turns ? "r" + move.turns : "") + "@" + move.at[0] + "," + move.at[1];
    }

    function parseMove(text) {
      const t = String(text).trim();
      if (t.toLowerCase() === "pass") return PASS;
      const m = /^([WB]\d+)(?:r([0-3]))?@(-?\d+),(-?\d+)$/.exec(t);
      if (!m) throw new Error("cannot read move " + JSON.stringify(text));
      if (!CARDS[m[1]]) throw new Error("unknown card " + JSON.stringify(m[1]));
      return { card: m[1], turns: Number(m[2] || 0), at: [Number(m[3]), Number(m[4])] };
    }

    function sameMove(a, b) {
      return moveText(a) === moveText(b);
    }

    function bounds(p) {
      let top = Infinity;
      let left = Infinity;
      let bottom = -Infinity;
      let right = -Infinity;
      for (const set of [p.white, p.black]) {
        for (const k of set) {
          const [r, c] = cell(k);
          top = Math.min(top, r);
          left = Math.min(left, c);
          bottom = Math.max(bottom, r);
          right = Math.max(right, c);
        }
      }
      return [top, left, bottom, right];
    }

    function positionText(p) {
      const [top, left, bottom, right] = bounds(p);
      const rows = [];
      for (let r = top; r <= bottom; r++) {
        let row = "";
        for (let c = left; c <= right; c++) {
          const k = key(r, c);
          row += p.white.has(k) ? "o" : p.black.has(k) ? "#" : ".";
        }
        rows.push(row);
      }
      const handText = (h) => (h.length ? h.join(" ") : "-");
      return [p.toMove, handText(p.wh), handText(p.bh), top + "," + left, rows.join(" / ")]
        .join(" | ");
    }

    function parsePosition(text) {
      const fields = String(text).trim().split("|").map((f) => f.trim());
      if (fields.length !== 5) throw new Error("a position has 5 fields, got " + fields.length);
      const [toMove, whText, bhText, corner, rowsText] = fields;
      const m = /^(-?\d+)\s*,\s*(-?\d+)$/.exec(corner);
      if (!m) throw new Error("cannot read the grid's corner " + JSON.stringify(corner));
      const top = Number(m[1]);
      const left = Number(m[2]);
      const white = new Set();
      const black = new Set();
      rowsText.split("/").map((r) => r.trim()).forEach((row, i) => {
        for (let j = 0; j < row.length; j++) {
          const r = top + i;
          const c = left + j;
          if (Math.abs(r) > REACH || Math.abs(c) > REACH) throw new Error("cell too far");
          if (row[j] === "o") white.add(key(r, c));
          else if (row[j] === "#") black.add(key(r, c));
          else if (row[j] !== "." && row[j] !== "*") {
            throw new Error("unknown square " + JSON.stringify(row[j]));
          }
        }
      });
      if (!white.has(ORIGIN)) throw new Error("the Nothing square [0,0] must be white");
      const ids = (t, colour) => {
        const list = t === "-" ? [] : t.replace(/,/g, " ").split(/\s+/).filter(Boolean);
        for (const id of list) {
          if (!CARDS[id] || CARDS[id].colour !== colour) {
            throw new Error("card " + JSON.stringify(id) + " is not " + colour + "'s");
          }
        }
        return list.sort(idOrder);
      };
      const side = toMove.toLowerCase();
      if (side !== WHITE && side !== BLACK) throw new Error("unknown side " + toMove);
      return make(white, black, ids(whText, WHITE), ids(bhText, BLACK), side);
    }

    // -- the computer players ----------------------------------------------------
    const WIN = 1000;

    /** The blank cells White can still reach once closed in, or null when open
     *  (more than `limit` of them): Python's analysis.pocket. */
    function pocket(p, limit) {
      const seen = new Set(mainGroup(p));
      const stack = Array.from(seen);
      let blanks = 0;
      while (stack.length) {
        const k = stack.pop();
        for (const d of NEIGHBOURS) {
          const n = k + d;
          if (p.black.has(n) || seen.has(n)) continue;
          seen.add(n);
          stack.push(n);
          if (!p.white.has(n)) {
            blanks += 1;
            if (blanks > limit) return null;
          }
        }
      }
      return blanks;
    }

    /** How well White stands, higher better for White: Python's players.evaluate. */
    function evaluate(p) {
      let over = p.toMove === WHITE ? outcome(p) : null;
      if (over === null && !gaps(p).size) over = [BLACK, ""];
      if (over !== null) return over[0] === WHITE ? WIN : -WIN;
      const g = gaps(p);
      let whiteSquares = 0;
      for (const c of p.wh) whiteSquares += CARDS[c].squares.length;
      const room = pocket(p, 40);
      if (room !== null) return room - whiteSquares - 50;
      const seen = new Set(g);
      let frontier = Array.from(g);
      for (let step = 0; step < 3; step++) {
        const next = [];
        for (const k of frontier) {
          for (const d of NEIGHBOURS) {
            const n = k + d;
            if (!p.white.has(n) && !p.black.has(n) && !seen.has(n)) {
              seen.add(n);
              next.push(n);
            }
          }
        }
        frontier = next;
      }
      return 2 * g.size + seen.size;
    }

    /** Moves scored for the side to move (higher better for it), best first; ties
     *  keep the rules' order, so every choice is the same on every machine. */
    function ranked(p, moves) {
      const sign = p.toMove === WHITE ? 1 : -1;
      return moves.map((m, i) => ({ score: sign * evaluate(apply(p, m)), move: m, i: i }))
        .sort((a, b) => b.score - a.score || a.i - b.i);
    }

    class Unknown extends Error {}

    /** An exact solver: does the side to move win with perfect play?  Throws
     *  Unknown past `budget` positions (or when `deadline`, a time in ms, passes). */
    function makeSolver(budget, deadline) {
      const table = new Map();
      let nodes = 0;
      function tkey(p) {
        const w = Array.from(p.white).sort((a, b) => a - b).join(",");
        const b = Array.from(p.black).sort((a, b2) => a - b2).join(",");
        const faces = (h) => h.map((c) => CARDS[c].face).sort().join(";");
        return w + "/" + b + "/" + faces(p.wh) + "/" + faces(p.bh) + "/" + p.toMove;
      }
      function children(p) {
        const moves = legalMoves(p);
        if (moves.length === 1) return [apply(p, moves[0])];
        const own = p.toMove === WHITE ? p.white : p.black;
        const seen = new Set();
        const kids = [];
        const g = gaps(p);
        for (const m of moves) {
          const fresh = moveKeys(m).filter((k) => !own.has(k)).sort((a, b) => a - b);
          const mark = CARDS[m.card].face + ":" + fresh.join(",");
          if (seen.has(mark)) continue;
          seen.add(mark);
          const child = apply(p, m);
          const covered = fresh.filter((k) => g.has(k)).length;
          kids.push({ child: child, order: p.toMove === BLACK ? -covered : -gaps(child).size });
        }
        kids.sort((a, b) => a.order - b.order);
        return kids.map((k) => k.child);
      }
      function wins(p) {
        const over = outcome(p);
        if (over !== null) return over[0] === p.toMove;
        const k = tkey(p);
        const known = table.get(k);
        if (known !== undefined) return known;
        nodes += 1;
        if (nodes > budget) throw new Unknown("undecided after " + budget + " positions");
        if (deadline && nodes % 64 === 0 && Date.now() > deadline) throw new Unknown("out of time");
        let result = false;
        for (const child of children(p)) {
          if (!wins(child)) {
            result = true;
            break;
          }
        }
        table.set(k, result);
        return result;
      }
      return {
        wins: wins,
        /** "white" or "black": who wins from p with perfect play. */
        winner: function (p) {
          const over = outcome(p);
          if (over !== null) return over[0];
          return wins(p) ? p.toMove : other(p.toMove);
        },
        nodes: () => nodes,
      };
    }

    /** The computer's move in `p`.  Levels: "greedy" (one move deep), "lookahead"
     *  (two), "search" (lookahead, and an exact search once few cards are left).
     *  With `line` (the puzzle's stored answer, as moves from the puzzle's start)
     *  and `played` (the moves so far), the stored reply is kept while the reader
     *  follows the line; off it, the computer defends with an exact search. */
    function chooseMove(p, level, options) {
      const opts = options || {};
      const moves = legalMoves(p);
      if (!moves.length) return null;
      if (moves.length === 1) return moves[0];
      if (opts.line && opts.played) {
        const n = opts.played.length;
        const onLine = n < opts.line.length &&
          opts.played.every((m, i) => sameMove(m, opts.line[i]));
        if (onLine) return opts.line[n];
      }
      const exactCards = level === "search" ? 7 : level === "exact" ? 40 : -1;
      if (cardsLeft(p) <= exactCards) {
        const solver = makeSolver(opts.budget || 60000, opts.deadline);
        try {
          const order = ranked(p, moves);
          for (const { move } of order) {
            const child = apply(p, move);
            if (solver.winner(child) === p.toMove) return move;
          }
        } catch (e) {
          if (!(e instanceof Unknown)) throw e;
        }
      }
      const first = ranked(p, moves);
      if (level === "greedy") return first[0].move;
      const rescored = first.slice(0, 6).map(({ score, move, i }) => {
        const child = apply(p, move);
        if (Math.abs(score) >= WIN || outcome(child) !== null) return { score, move, i };
        const replies = ranked(child, legalMoves(child));
        return { score: -replies[0].score, move: move, i: i };
      });
      rescored.sort((a, b) => b.score - a.score || a.i - b.i);
      return rescored[0].move;
    }

    return {
      WHITE, BLACK, CARDS, ORIENTATIONS, WHITE_HAND, BLACK_HAND, PASS, Unknown,
      SURROUNDED, FILLED, STUCK, ALL_PLAYED, BLACK_STUCK,
      key, cell, turn, shapeOf, start, make, mainGroup, gaps, placements, outcome, legalMoves,
      whyIllegal, apply, play, canonical, moveSquares, cardsLeft, moveText, parseMove,
      sameMove, positionText, parsePosition, bounds, evaluate, pocket, makeSolver, chooseMove,
      idOrder,
    };
  }

  const R = rules();

  // == the page ====================================================================
  const LEVELS = { greedy: "Easy", lookahead: "Medium", search: "Hard" };
  const GAMES_KEY = "escape-games";
  const TECHNIQUES = {
    turned: "The winning card is laid turned.",
    overlap: "The winning black card lies partly on black squares already down.",
    reconnect: "The winning card joins a cut-off white square back to the main group.",
    squeeze: "White can only fill its own blank spaces: count them against the cards.",
    stuck: "The game ends with White holding a card it cannot lay.",
    "closed-in": "White's group is already closed in: count the blank cells inside.",
  };

  function startPage(shell) {
    const doc = document;
    const $ = (id) => doc.getElementById(id);
    const body = doc.body;
    const date = body.dataset.date;
    const playEl = $("play");
    const board = $("board");
    const keepFocus = shell.keepFocus(board);
    let data;
    let puzzleStart;
    let line;
    try {
      data = JSON.parse($("puzzle-data").textContent);
      if (!data || typeof data !== "object" || data.date !== date) {
        throw new Error("it is not this day's puzzle");
      }
      puzzleStart = R.parsePosition(data.position);
      line = data.answer.map(R.parseMove);
      let check = puzzleStart;
      for (const m of line) check = R.play(check, m);
      if (!line.length) throw new Error("it has no line of play");
    } catch (e) {
      shell.damaged(e);
      return;
    }
    const readerSide = data.kind === "capture" ? R.BLACK : R.WHITE;

    // -- state ------------------------------------------------------------------
    const ui = {
      mode: "puzzle",
      side: readerSide, // the reader's side in the current mode
      level: "search",
      positions: [puzzleStart], // every position so far, the current last
      moves: [],
      selected: null, // card id picked up
      turnIndex: 0, // index into the card's ORIENTATIONS
      focus: null, // the data-cell key with the roving tab stop
      hover: null, // the cell under the pointer or focus, for the preview
      thinking: false,
      hints: 0,
      showing: false,
      showStep: 0,
      since: null,
      elapsed: 0,
      solvedNow: false,
      gameOverCounted: false,
    };
    const saved = shell.store.get("escape:" + date) || {};
    const record = shell.dayRecord(saved);

    function saveRecord() {
      const out = Object.assign({}, record);
      if (ui.mode === "puzzle" && !ui.solvedNow) {
        out.progress = ui.moves.map(R.moveText);
      } else if (saved.progress && ui.mode !== "puzzle") {
        out.progress = saved.progress;
      }
      shell.store.set("escape:" + date, out);
    }

    const current = () => ui.positions[ui.positions.length - 1];
    const shown = () => {
      if (!ui.showing) return current();
      let p = puzzleStart;
      for (let i = 0; i < ui.showStep; i++) p = R.apply(p, line[i]);
      return p;
    };

    function announce(text, kind) {
      const status = $("status");
      status.textContent = text;
      status.dataset.kind = kind || "move";
    }

    // -- words ------------------------------------------------------------------
    const cap = (s) => s.charAt(0).toUpperCase() + s.slice(1);
    function cellWords(r, c) {
      return "[" + r + "," + c + "]";
    }

    /** A cell's name as a screen reader says it: "Row minus 1, column 2" (the
     *  notation's "[-1,2]" was read out bracket, dash and comma). */
    function spokenCell(r, c) {
      const n = (v) => (v < 0 ? "minus " + -v : String(v));
      return "Row " + n(r) + ", column " + n(c);
    }

    function moveWords(p, move) {
      const side = cap(p.toMove);
      if (move.pass) return side + " passes";
      const sq = R.moveSquares(move);
      return side + " lays " + move.card + " (" + R.CARDS[move.card].shape +
        (move.turns ? ", turned " + move.turns + (move.turns === 1 ? " quarter" : " quarters") : "") +
        ") on " + sq.map(([r, c]) => cellWords(r, c)).join(" ");
    }

    const REASONS = {
      surrounded: "Black closed the last blank space around White's group",
      "filled own last gap": "White filled its own last blank space",
      "white cannot play": "White holds a card that fits nowhere",
      "all cards played": "every card is down and White's group still has a blank space",
      "black cannot play": "Black has no card that fits and White's hand is empty",
    };

    function endWords(p) {
      const over = R.outcome(p);
      if (!over) return "";
      return cap(over[0]) + " wins: " + REASONS[over[1]] + ".";
    }

    function whoseTurn(p) {
      const over = R.outcome(p);
      if (over) return endWords(p);
      const g = R.gaps(p).size;
      const blanks = g + (g === 1 ? " blank space" : " blank spaces") + " around White's group";
      if (p.toMove === ui.side) {
        const moves = R.legalMoves(p);
        if (moves.length === 1 && moves[0].pass) return blanks + ". No card of yours fits: pass";
        return blanks + ". Your turn (" + cap(p.toMove) + ")";
      }
      return blanks + ". The computer's turn (" + cap(p.toMove) + ")";
    }

    // -- the board ----------------------------------------------------------------
    let view = null; // {top, left, rows, cols}
    const MARGIN = 3;

    /** The cells drawn: every square of the positions of this game, and MARGIN
     *  around them, so a card can be laid on any cell it could reach. */
    function wantedView() {
      let top = Infinity;
      let left = Infinity;
      let bottom = -Infinity;
      let right = -Infinity;
      const list = ui.showing ? [shown()] : ui.positions;
      for (const p of list.concat([puzzleStart])) {
        const [t, l, b, r] = R.bounds(p);
        top = Math.min(top, t);
        left = Math.min(left, l);
        bottom = Math.max(bottom, b);
        right = Math.max(right, r);
      }
      return { top: top - MARGIN, left: left - MARGIN, rows: bottom - top + 1 + 2 * MARGIN,
        cols: right - left + 1 + 2 * MARGIN };
    }

    function buildBoard() {
      const v = wantedView();
      if (view && v.top >= view.top && v.left >= view.left &&
          v.top + v.rows <= view.top + view.rows && v.left + v.cols <= view.left + view.cols) {
        return;
      }
      view = v;
      board.textContent = "";
      board.style.setProperty("--cols", String(v.cols));
      for (let i = 0; i < v.rows; i++) {
        for (let j = 0; j < v.cols; j++) {
          const el = doc.createElement("button");
          el.type = "button";
          el.className = "es-cell";
          el.dataset.cell = (v.top + i) + "," + (v.left + j);
          el.tabIndex = -1;
          board.appendChild(el);
        }
      }
      if (!ui.focus || !board.querySelector('[data-cell="' + ui.focus + '"]')) ui.focus = "0,1";
    }

    function orientation() {
      if (!ui.selected) return null;
      const list = R.ORIENTATIONS[R.CARDS[ui.selected].face];
      return list[ui.turnIndex % list.length];
    }

    /** The move that lays the card picked up with its first square on `cellKey`. */
    function moveAt(cellKey) {
      const o = orientation();
      if (!o) return null;
      const [r, c] = cellKey.split(",").map(Number);
      const first = o.squares[0];
      return { card: ui.selected, turns: o.turns, at: [r - first[0], c - first[1]] };
    }

    function readerToMove() {
      const p = current();
      return ui.mode !== "none" && !ui.showing && !ui.thinking && R.outcome(p) === null &&
        p.toMove === ui.side;
    }

    /** The cells where the card picked up, as turned, may be laid (its first square's cell). */
    function targets() {
      if (!ui.selected || !readerToMove()) return new Set();
      const o = orientation();
      const first = o.squares[0];
      const out = new Set();
      for (const m of R.placements(current())) {
        const same = R.CARDS[m.card].face === R.CARDS[ui.selected].face && m.turns === o.turns;
        if (same) out.add((m.at[0] + first[0]) + "," + (m.at[1] + first[1]));
      }
      return out;
    }

    function render() {
      buildBoard();
      const p = shown();
      const main = R.mainGroup(p);
      const gaps = R.gaps(p);
      const last = ui.showing ? (ui.showStep ? line[ui.showStep - 1] : null)
        : ui.moves.length ? ui.moves[ui.moves.length - 1] : null;
      const lastKeys = new Set(last && !last.pass
        ? R.moveSquares(last).map(([r, c]) => r + "," + c) : []);
      const lit = targets();
      let ghost = new Set();
      let ghostBad = false;
      if (ui.selected && ui.hover && readerToMove()) {
        const m = moveAt(ui.hover);
        ghost = new Set(R.moveSquares(m).map(([r, c]) => r + "," + c));
        ghostBad = R.whyIllegal(current(), m) !== null;
      }
      for (const el of board.children) {
        const k = el.dataset.cell;
        const [r, c] = k.split(",").map(Number);
        const ck = R.key(r, c);
        const isWhite = p.white.has(ck);
        const isBlack = p.black.has(ck);
        let cls = "es-cell" + (isWhite ? " white" : isBlack ? " black" : " blank");
        let name = spokenCell(r, c) + ": ";
        if (r === 0 && c === 0) {
          cls += " nothing";
          name += "the Nothing square, white";
        } else if (isWhite) {
          name += main.has(ck) ? "white, main group" : "white, cut off from the main group";
          if (!main.has(ck)) cls += " detached";
        } else if (isBlack) {
          name += "black";
        } else {
          name += gaps.has(ck) ? "blank space of White's group" : "blank";
          if (gaps.has(ck)) cls += " gap";
        }
        if (lastKeys.has(k)) {
          cls += " last";
          name += ", laid last";
        }
        if (lit.has(k)) {
          cls += " is-target";
          name += ", the card's first square may go here";
        }
        if (ghost.has(k)) cls += ghostBad ? " ghost bad" : " ghost";
        el.className = cls;
        el.setAttribute("aria-label", name);
        el.tabIndex = k === ui.focus ? 0 : -1;
        el.textContent = isWhite && !main.has(ck) ? "×" : gaps.has(ck) ? "○" : "";
      }
      board.dataset.position = R.positionText(p);
      board.dataset.toMove = p.toMove;
      const over = R.outcome(p);
      board.dataset.outcome = over ? over[0] : "";
      board.dataset.thinking = ui.thinking ? "true" : "false";
      board.dataset.solved = ui.mode === "puzzle" && puzzleWon(current()) ? "true" : "false";
      board.classList.toggle("is-showing", ui.showing);
      renderHands(p);
      renderControls();
      keepFocus();
    }

    function miniShape(shape) {
      const h = Math.max.apply(null, shape.map((x) => x[0])) + 1;
      const w = Math.max.apply(null, shape.map((x) => x[1])) + 1;
      const grid = doc.createElement("span");
      grid.className = "es-shape";
      grid.style.setProperty("--w", String(w));
      grid.setAttribute("aria-hidden", "true");
      for (let r = 0; r < h; r++) {
        for (let c = 0; c < w; c++) {
          const dot = doc.createElement("span");
          dot.className = shape.some(([a, b]) => a === r && b === c) ? "sq" : "no";
          grid.appendChild(dot);
        }
      }
      return grid;
    }

    function renderHands(p) {
      for (const colour of [R.WHITE, R.BLACK]) {
        const holder = $("hand-" + colour);
        const ids = colour === R.WHITE ? p.wh : p.bh;
        const mine = colour === ui.side && ui.mode !== "none";
        holder.textContent = "";
        $("hand-" + colour + "-title").textContent = cap(colour) + (mine ? " (you)" :
          " (the computer)") + ": " + (ids.length ? ids.length + (ids.length === 1 ? " card" :
          " cards") : "no cards left");
        for (const id of ids) {
          const card = R.CARDS[id];
          const el = doc.createElement("button");
          el.type = "button";
          el.className = "es-card " + colour;
          el.dataset.card = id;
          el.dataset.side = colour;
          const picked = ui.selected === id;
          const o = picked ? orientation() : R.ORIENTATIONS[card.face][0];
          el.dataset.turns = String(o.turns);
          el.appendChild(miniShape(o.squares));
          const label = doc.createElement("span");
          label.className = "es-id";
          label.textContent = id;
          el.appendChild(label);
          el.setAttribute("aria-label", id + ", " + card.shape + ", " + colour +
            (o.turns ? ", turned " + o.turns : "") + (picked ? ", picked up" : "") +
            (mine ? "" : ", the computer's card"));
          el.setAttribute("aria-pressed", picked ? "true" : "false");
          if (picked) el.classList.add("is-selected");
          if (!mine) el.classList.add("theirs");
          holder.appendChild(el);
        }
      }
    }

    function renderControls() {
      const p = current();
      const puzzle = ui.mode === "puzzle";
      $("rotate").disabled = !ui.selected;
      const moves = readerToMove() ? R.legalMoves(p) : [];
      $("pass").hidden = !(moves.length === 1 && moves[0].pass);
      $("undo").disabled = ui.showing || ui.thinking || !readerMoveCount();
      $("reset").disabled = ui.showing || ui.thinking || !ui.moves.length;
      $("hint").hidden = !puzzle;
      $("showme").hidden = !puzzle || ui.showing;
      $("hint").disabled = ui.hints >= 3 || ui.showing;
      $("hint").textContent = ["Hint", "Another hint", "Show the whole line", "Hint"][ui.hints];
      $("showme-bar").hidden = !ui.showing;
      if (ui.showing) {
        $("show-prev").disabled = ui.showStep === 0;
        $("show-next").disabled = ui.showStep === line.length;
        let text = "The answer, " + line.length + " plays: ";
        if (ui.showStep === 0) {
          text += "the puzzle's position.";
        } else {
          let q = puzzleStart;
          for (let i = 0; i < ui.showStep - 1; i++) q = R.apply(q, line[i]);
          text += "play " + ui.showStep + ", " + moveWords(q, line[ui.showStep - 1]) + ".";
        }
        $("show-step").textContent = text;
      }
      $("count").textContent = ui.showing ? "Showing the answer" : whoseTurn(p);
      // Both sides' plays, and the reader's, which the solved panel counts.
      const mine = readerMoveCount();
      $("moves").textContent = ui.moves.length + (ui.moves.length === 1 ? " play" : " plays") +
        (ui.moves.length && ui.mode === "puzzle" ? " · " + mine + " yours" : "");
      $("goal-line").hidden = !puzzle;
      $("game-setup").hidden = puzzle;
      for (const b of doc.querySelectorAll("[data-mode-button]")) {
        b.setAttribute("aria-pressed", b.dataset.modeButton === ui.mode ? "true" : "false");
      }
      for (const b of doc.querySelectorAll("[data-side-button]")) {
        b.setAttribute("aria-pressed", b.dataset.sideButton === gameSide ? "true" : "false");
      }
      $("level").value = ui.level;
      playEl.dataset.mode = ui.mode;
      renderSolved();
      renderGameStats();
    }

    function readerMoveCount() {
      let n = 0;
      for (let i = 0; i < ui.moves.length; i++) if (ui.positions[i].toMove === ui.side) n++;
      return n;
    }

    // -- the puzzle's end -----------------------------------------------------------
    function puzzleWon(p) {
      const over = R.outcome(p);
      return over !== null && over[0] === readerSide;
    }

    function renderSolved() {
      const done = ui.mode === "puzzle" && !ui.showing && ui.solvedNow;
      $("solved").hidden = !done;
      const before = $("already");
      before.hidden = !(ui.mode === "puzzle" && record.solved && !done);
      if (record.solved && !done) {
        before.textContent = (record.shown
          ? "You have played this puzzle through after seeing the answer, so it counts as shown"
          : "You have solved this puzzle in this browser") + ". Play it again if you like.";
      }
      if (!done) return;
      $("solved-title").textContent = record.shown ? "Done, with the answer shown" : "Solved!";
      const plays = readerMoveCount();
      $("solved-text").textContent = "You won as " +
        (readerSide === R.WHITE ? "White" : "Black") + " in " + plays +
        (plays === 1 ? " play" : " plays") + "; the answer takes " +
        line.filter((m, i) => i % 2 === 0).length + ". Time: " + shell.minutes(ui.elapsed) + "." +
        (record.shown ? " You saw the answer first, so this day counts as shown, not solved." : "");
      $("share-text").value = "Escape · " + date + " · " + data.level + "\n" +
        (record.shown ? "shown the answer, then " : "") + "won as " + readerSide + " in " + plays +
        (plays === 1 ? " play" : " plays") + (ui.hints ? " · " + ui.hints +
        (ui.hints === 1 ? " hint" : " hints") : "") + " · " + shell.minutes(ui.elapsed);
      shell.showStatistics("escape", $("stats-list"));
    }

    function markShown() {
      if (record.solved || record.shown) return "";
      record.shown = true;
      return " This day now counts as shown, not solved.";
    }

    // -- whole games' statistics, kept apart from the puzzles' ------------------------
    function gameStats() {
      const s = shell.store.get(GAMES_KEY) || {};
      const side = (x) => ({ won: (x && x.won) || 0, lost: (x && x.lost) || 0 });
      return { white: side(s.white), black: side(s.black) };
    }

    function renderGameStats() {
      const s = gameStats();
      shell.showList($("game-stats"), [["Won as White", s.white.won],
        ["Lost as White", s.white.lost], ["Won as Black", s.black.won],
        ["Lost as Black", s.black.lost]]);
    }

    function countGame(p) {
      if (ui.gameOverCounted) return;
      ui.gameOverCounted = true;
      const s = gameStats();
      const over = R.outcome(p);
      if (over[0] === ui.side) s[ui.side].won += 1;
      else s[ui.side].lost += 1;
      shell.store.set(GAMES_KEY, s);
    }

    // -- the computer ---------------------------------------------------------------
    let worker = null;
    let ask = 0;
    function makeWorker() {
      if (typeof Worker === "undefined" || typeof Blob === "undefined") return null;
      try {
        const source = "\"use strict\";\nconst R = (" + rules.toString() + ")();\n" +
          "self.onmessage = function (e) {\n" +
          "  const q = e.data;\n" +
          "  const p = R.parsePosition(q.position);\n" +
          "  const opts = {budget: q.budget, deadline: Date.now() + q.ms};\n" +
          "  if (q.line) { opts.line = q.line.map(R.parseMove); opts.played = q.played.map(R.parseMove); }\n" +
          "  const m = R.chooseMove(p, q.level, opts);\n" +
          "  self.postMessage({id: q.id, move: m ? R.moveText(m) : null});\n" +
          "};\n";
        const url = URL.createObjectURL(new Blob([source], { type: "text/javascript" }));
        const w = new Worker(url);
        return w;
      } catch (e) {
        return null; // no workers here: the computer thinks on the page (small searches)
      }
    }

    function request(p, then) {
      ask += 1;
      const id = ask;
      const q = { id: id, position: R.positionText(p), level: ui.level, budget: 150000, ms: 4000 };
      if (ui.mode === "puzzle") {
        q.level = "exact";
        q.line = line.map(R.moveText);
        q.played = ui.moves.map(R.moveText);
      }
      if (!worker) worker = makeWorker();
      if (worker) {
        worker.onmessage = (e) => {
          if (e.data.id === ask) then(e.data.move ? R.parseMove(e.data.move) : null);
        };
        worker.onerror = () => {
          worker = null;
          then(local(q));
        };
        worker.postMessage(q);
      } else {
        setTimeout(() => { if (id === ask) then(local(q)); }, 0);
      }
    }

    function local(q) {
      const opts = { budget: 20000, deadline: Date.now() + 1500 };
      if (q.line) {
        opts.line = q.line.map(R.parseMove);
        opts.played = q.played.map(R.parseMove);
      }
      return R.chooseMove(R.parsePosition(q.position), q.level, opts);
    }

    /** Stop any search under way (its answer, if it comes, is ignored). */
    function cancelThinking() {
      ask += 1;
      if (ui.thinking && worker) {
        worker.terminate();
        worker = null;
      }
      ui.thinking = false;
    }

    function computerTurn() {
      const p = current();
      if (R.outcome(p) !== null || p.toMove === ui.side || ui.mode === "none") return;
      ui.thinking = true;
      announce("The computer is thinking…", "thinking");
      render();
      request(p, (move) => {
        ui.thinking = false;
        if (!move) {
          render();
          return;
        }
        const before = current();
        const named = R.canonical(before, move);
        ui.positions.push(R.apply(before, named));
        ui.moves.push(named);
        afterPlay("The computer: " + moveWords(before, named) + ".");
      });
    }

    // -- playing ------------------------------------------------------------------------
    function afterPlay(said) {
      const p = current();
      const over = R.outcome(p);
      let text = said;
      let kind = "move";
      if (over) {
        if (ui.mode === "puzzle") {
          if (puzzleWon(p)) {
            if (!ui.solvedNow) solved();
            text += " " + endWords(p) + (record.shown ? " Solved, after the answer was shown."
              : " Solved!");
            kind = "solved";
          } else {
            text += " " + endWords(p) + " You lost this line: undo, or start again.";
            kind = "end";
          }
        } else {
          countGame(p);
          text += " " + endWords(p) + (over[0] === ui.side ? " You win!" : " The computer wins.") +
            " Press “New game” to play again.";
          kind = "end";
        }
      } else {
        text += " " + whoseTurn(p) + ".";
      }
      announce(text, kind);
      if (ui.mode === "puzzle") saveRecord();
      render();
      if (kind === "solved") $("solved").scrollIntoView({ block: "nearest" });
      if (!over && p.toMove !== ui.side) computerTurn();
    }

    function solved() {
      ui.solvedNow = true;
      if (ui.since !== null) {
        ui.elapsed += Date.now() - ui.since;
        ui.since = null;
      }
      if (!record.solved) {
        record.solved = true;
        record.on = shell.today();
        record.moves = readerMoveCount();
        record.ms = ui.elapsed;
        record.hints = ui.hints;
      }
    }

    function playMove(move) {
      const before = current();
      const why = R.whyIllegal(before, move);
      if (why !== null) {
        announce(cap(why) + ".", "refused");
        render();
        return false;
      }
      if (ui.since === null && ui.mode === "puzzle" && !ui.solvedNow) ui.since = Date.now();
      const named = R.canonical(before, move);
      ui.positions.push(R.apply(before, named));
      ui.moves.push(named);
      ui.selected = null;
      ui.turnIndex = 0;
      ui.hover = null;
      afterPlay("You: " + moveWords(before, named) + ".");
      return true;
    }

    function refusal() {
      const p = current();
      if (ui.showing) return "Showing the answer: press “Back to my game” to play.";
      if (ui.thinking) return "Wait: the computer is thinking.";
      if (R.outcome(p) !== null) return "The game is over: " + endWords(p);
      if (p.toMove !== ui.side) return "It is the computer's turn.";
      return "";
    }

    function activateCell(k) {
      ui.focus = k;
      ui.hover = k;
      const why = refusal();
      if (why) {
        announce(why, "refused");
        render();
        return;
      }
      if (!ui.selected) {
        const hasCard = hand(current(), ui.side).length > 0;
        announce(hasCard ? "Pick up a card from your hand first, then choose where it goes."
          : "You have no cards left: pass.", "refused");
        render();
        return;
      }
      playMove(moveAt(k));
    }

    function hand(p, side) {
      return side === R.WHITE ? p.wh : p.bh;
    }

    function pickCard(id, byKey) {
      const card = R.CARDS[id];
      if (card.colour !== ui.side) {
        announce(id + " is the computer's card: you play " + cap(ui.side) + ".", "refused");
        render();
        return;
      }
      const why = refusal();
      if (why) {
        announce(why, "refused");
        render();
        return;
      }
      if (ui.selected === id) {
        ui.selected = null;
        announce("Put back.");
        render();
        return;
      }
      ui.selected = id;
      ui.turnIndex = 0;
      announcePicked();
      render();
      if (byKey) {
        const first = Array.from(targets())[0];
        if (first) {
          ui.focus = first;
          ui.hover = first;
          render();
          focusCell(first);
        }
      }
    }

    function announcePicked() {
      const n = targets().size;
      const o = orientation();
      announce(ui.selected + " picked up" + (o.turns ? ", turned " + o.turns +
        (o.turns === 1 ? " quarter" : " quarters") : "") + ": " + (n ? n + (n === 1 ? " place"
        : " places") + " for its first square (marked)." : "it fits nowhere turned this way; " +
        "turn it with R or the Turn button."), n ? "move" : "refused");
    }

    function rotate() {
      if (!ui.selected) {
        announce("Pick up a card first, then turn it.", "refused");
        render();
        return;
      }
      const n = R.ORIENTATIONS[R.CARDS[ui.selected].face].length;
      ui.turnIndex = (ui.turnIndex + 1) % n;
      if (n === 1) {
        announce(ui.selected + " looks the same turned.");
      } else {
        announcePicked();
      }
      render();
    }

    function pass() {
      const why = refusal();
      if (why) {
        announce(why, "refused");
        render();
        return;
      }
      playMove(R.PASS);
    }

    function undo() {
      if (ui.showing || ui.thinking || !readerMoveCount()) return;
      // Back to the reader's last turn: its play and the computer's answers after it.
      while (ui.moves.length) {
        ui.moves.pop();
        ui.positions.pop();
        if (current().toMove === ui.side) break;
      }
      ui.selected = null;
      ui.solvedNow = false;
      ui.gameOverCounted = false;
      announce("Undone. " + whoseTurn(current()) + ".");
      if (ui.mode === "puzzle") saveRecord();
      render();
    }

    function reset() {
      cancelThinking();
      ui.positions = [ui.positions[0]];
      ui.moves = [];
      ui.selected = null;
      ui.solvedNow = false;
      ui.gameOverCounted = false;
      announce("Back to the start. " + whoseTurn(current()) + ".");
      if (ui.mode === "puzzle") saveRecord();
      render();
      computerTurn();
    }

    // -- hints and "show me" -------------------------------------------------------------
    // The positions the answer's line passes through, as text, from the puzzle's start.
    const linePositions = line.reduce((list, m) =>
      list.concat([R.apply(list[list.length - 1], m)]), [puzzleStart]);
    const lineTexts = linePositions.map(R.positionText);

    /** How far along the answer's line the table stands: k when it shows the position
     *  the line's first k plays reach, else -1 (the plays have left the line). */
    function alongLine() {
      return lineTexts.lastIndexOf(R.positionText(current()));
    }

    /** What the card of `move` is ("uses W3 (domino), turned"), or that it is a pass. */
    function playWords(move) {
      return move.pass ? "is a pass" : "uses " + move.card + " (" + R.CARDS[move.card].shape +
        ")" + (move.turns ? ", turned" : "");
    }

    /** The second hint, for the table as it stands: the reader's next play on the
     *  answer's line while the plays so far are its first ones, else its first play
     *  from the start, and how to get back there. */
    function nextPlayHint() {
      let along = alongLine();
      // The computer's answer still to come: the reader's play after it.
      if (along >= 0 && along < line.length && linePositions[along].toMove !== ui.side) along += 1;
      if (along >= line.length) return "You have played the answer's line to its end.";
      if (along === 0) return "The first play " + playWords(line[0]) + ".";
      if (along > 0) return "Your next play " + playWords(line[along]) + ".";
      return "Your plays have left the answer's line, so this hint is from the start: the " +
        "first play " + playWords(line[0]) + ". “" + $("reset").textContent +
        "” puts the cards back where they began.";
    }

    function hint() {
      if (ui.hints >= 3 || ui.mode !== "puzzle") return;
      ui.hints += 1;
      record.hints = Math.max(record.hints, ui.hints);
      let text;
      let counts = "";
      if (ui.hints === 1) {
        const tags = (data.tags || []).filter((t) => TECHNIQUES[t]);
        text = tags.length ? TECHNIQUES[tags[0]] : "Count White's blank spaces against the " +
          "squares each side still holds: one play only keeps the count in your favour.";
      } else if (ui.hints === 2) {
        text = nextPlayHint();
      } else {
        counts = markShown();
        let p = puzzleStart;
        text = "The whole answer: " + line.map((m, i) => {
          const said = i + 1 + ". " + moveWords(p, m);
          p = R.apply(p, m);
          return said;
        }).join("; ") + ".";
      }
      const item = doc.createElement("li");
      item.textContent = text;
      $("hint-list").appendChild(item);
      $("hint-list").hidden = false;
      announce("Hint " + ui.hints + ": " + text + counts);
      saveRecord();
      render();
    }

    function showMe(on) {
      if (on && ui.thinking) return;
      ui.showing = on;
      ui.showStep = 0;
      ui.selected = null;
      if (on) {
        const counts = markShown();
        saveRecord();
        announce("Showing the answer from the puzzle's position: " + line.length +
          " plays. Use Next." + counts);
      } else {
        announce("Back to your game. " + whoseTurn(current()) + ".");
      }
      render();
      if (on) $("show-next").focus();
    }

    function step(delta) {
      ui.showStep = Math.max(0, Math.min(line.length, ui.showStep + delta));
      render();
      if (ui.showStep > 0) {
        let p = puzzleStart;
        for (let i = 0; i < ui.showStep - 1; i++) p = R.apply(p, line[i]);
        announce("Play " + ui.showStep + ": " + moveWords(p, line[ui.showStep - 1]) + "." +
          (ui.showStep === line.length ? " " + endWords(R.apply(p, line[ui.showStep - 1])) : ""));
      } else {
        announce("The puzzle's start."); // the step line, no longer spoken, said it
      }
    }

    // -- modes -------------------------------------------------------------------------------
    let gameSide = R.WHITE;
    function toPuzzle() {
      cancelThinking();
      ui.mode = "puzzle";
      ui.side = readerSide;
      ui.positions = [puzzleStart];
      ui.moves = [];
      ui.selected = null;
      ui.solvedNow = false;
      view = null;
      restoreProgress();
      announce(ui.moves.length ? "Back to the puzzle: your plays so far are on the board. " +
        whoseTurn(current()) + "." : startWords());
      render();
    }

    function startWords() {
      return (readerSide === R.WHITE ? "White to play and escape" : "Black to play and capture") +
        ": you play " + cap(readerSide) + ", the computer defends. Pick up a card from your hand.";
    }

    function newGame() {
      cancelThinking();
      ui.mode = "game";
      ui.side = gameSide;
      ui.level = $("level").value in LEVELS ? $("level").value : "search";
      ui.positions = [R.start()];
      ui.moves = [];
      ui.selected = null;
      ui.showing = false;
      ui.gameOverCounted = false;
      view = null;
      announce("A new game from the start, " + LEVELS[ui.level].toLowerCase() + " computer: you play " +
        cap(gameSide) + "." + (gameSide === R.WHITE ? " White plays first: pick up a card." : ""));
      render();
      computerTurn();
    }

    function restoreProgress() {
      if (!Array.isArray(saved.progress) || record.solved) return;
      for (const text of saved.progress) {
        let move;
        try {
          move = R.parseMove(text);
        } catch (e) {
          break;
        }
        if (R.whyIllegal(current(), move) !== null) break;
        ui.positions.push(R.apply(current(), move));
        ui.moves.push(move);
      }
      // A saved line that stopped on the computer's turn is cut back to the reader's.
      while (ui.moves.length && current().toMove !== ui.side && R.outcome(current()) === null) {
        ui.moves.pop();
        ui.positions.pop();
      }
      saved.progress = null;
    }

    // -- keyboard --------------------------------------------------------------------------
    function focusCell(k) {
      const el = board.querySelector('[data-cell="' + k + '"]');
      if (el) el.focus();
    }

    function onBoardKey(event) {
      const el = event.target.closest("[data-cell]");
      if (!el) return;
      const [row, col] = el.dataset.cell.split(",").map(Number);
      const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
      if (event.key in steps) {
        const [dr, dc] = steps[event.key];
        const next = (row + dr) + "," + (col + dc);
        if (board.querySelector('[data-cell="' + next + '"]')) {
          ui.focus = next;
          ui.hover = next;
          render();
          focusCell(next);
        }
        event.preventDefault();
      } else if (event.key === "Tab" && ui.selected && !event.altKey && !event.ctrlKey) {
        // With a card picked up, Tab goes from place to place for it.
        const all = Array.from(board.children).map((c) => c.dataset.cell);
        const lit = targets();
        const order = event.shiftKey ? all.slice().reverse() : all;
        const next = order.slice(order.indexOf(el.dataset.cell) + 1).find((k) => lit.has(k));
        if (next) {
          ui.focus = next;
          ui.hover = next;
          render();
          focusCell(next);
          event.preventDefault();
        }
      }
    }

    function onPageKey(event) {
      if (event.target.closest("textarea, input, select") || event.altKey || event.metaKey) return;
      if ((event.key === "r" || event.key === "R") && !event.ctrlKey) {
        rotate();
        event.preventDefault();
      } else if (event.key === "Escape" && ui.selected) {
        ui.selected = null;
        announce("Put back.");
        render();
      } else if (event.ctrlKey && event.key === "z") {
        undo();
      }
    }

    // -- wiring ------------------------------------------------------------------------------
    board.addEventListener("click", (event) => {
      const el = event.target.closest("[data-cell]");
      if (!el) return;
      activateCell(el.dataset.cell);
      focusCell(ui.focus);
    });
    board.addEventListener("pointerover", (event) => {
      const el = event.target.closest("[data-cell]");
      if (el && ui.selected && el.dataset.cell !== ui.hover) {
        ui.hover = el.dataset.cell;
        render();
      }
    });
    board.addEventListener("keydown", onBoardKey);
    $("hands").addEventListener("click", (event) => {
      const el = event.target.closest("[data-card]");
      if (el) {
        pickCard(el.dataset.card, event.detail === 0);
      }
    });
    doc.addEventListener("keydown", onPageKey);
    $("rotate").addEventListener("click", rotate);
    $("pass").addEventListener("click", pass);
    $("undo").addEventListener("click", undo);
    $("reset").addEventListener("click", reset);
    $("hint").addEventListener("click", hint);
    $("showme").addEventListener("click", () => showMe(true));
    $("show-exit").addEventListener("click", () => showMe(false));
    $("show-prev").addEventListener("click", () => step(-1));
    $("show-next").addEventListener("click", () => step(1));
    shell.wireCopy(doc);
    for (const b of doc.querySelectorAll("[data-mode-button]")) {
      b.addEventListener("click", () => {
        if (b.dataset.modeButton === "puzzle") toPuzzle();
        else newGame();
      });
    }
    for (const b of doc.querySelectorAll("[data-side-button]")) {
      b.addEventListener("click", () => {
        gameSide = b.dataset.sideButton;
        newGame();
      });
    }
    $("new-game").addEventListener("click", newGame);
    $("level").addEventListener("change", () => {
      ui.level = $("level").value;
    });

    shell.navigate(date);
    playEl.hidden = false;
    board.setAttribute("role", "group");
    toPuzzle();
    // The hints given before, again, over the plays restored (the second follows the
    // table); #status keeps saying where the puzzle was left.
    if (record.hints) {
      const said = [$("status").textContent, $("status").dataset.kind];
      const n = record.hints;
      for (let i = 0; i < n; i++) hint();
      announce(said[0], said[1]);
    }
  }

  return { rules: R, game: { name: "escape", title: "Escape", startPage: startPage } };
});
