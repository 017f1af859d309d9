/* Cat's Cradle on the daily page: the rules and the board's drawing.
 *
 * Cat's Cradle is a patience invented by Michael Bourne (divertimenti, 1986).
 * This file is the game's own part of the page; everything game-neutral
 * (history, hints, storage, sharing, navigation, keyboard) is the shared
 * shell's, assets/daily.js, which this file registers with.  It runs
 * unchanged under Node (module.exports), where the tests compare its move
 * generator with the Python rules on a thousand positions.
 *
 * Conventions: cells are numbered 0-15 row by row; a cell's key is
 * "ROW,COL" (zero-based, as in puzzle.json and the data-cell attributes);
 * a state is 16 arrays of card texts, bottom card first ("10H", "AS").
 */
(function (root, factory) {
  "use strict";
  const game = factory();
  if (typeof module === "object" && module.exports) {
    module.exports = game;
  } else if (root.PuzzleDaily) {
    root.PuzzleDaily.registerGame(game);
  }
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  const SIZE = 4;
  const CELLS = SIZE * SIZE;
  const CENTRE = [5, 6, 9, 10];
  // The eighteen lines, written out as the rules list them (not derived),
  // so that the differential test checks the geometry too.
  const LINES = [
    [0, 1, 2, 3], [4, 5, 6, 7], [8, 9, 10, 11], [12, 13, 14, 15],
    [0, 4, 8, 12], [1, 5, 9, 13], [2, 6, 10, 14], [3, 7, 11, 15],
    [0, 5, 10, 15], [3, 6, 9, 12], [1, 6, 11], [4, 9, 14], [2, 5, 8], [7, 10, 13],
    [2, 7], [8, 13], [1, 4], [11, 14],
  ];
  const SEES = [];
  for (let a = 0; a < CELLS; a++) {
    const seen = new Set();
    for (const line of LINES) {
      if (line.includes(a)) line.forEach((b) => b !== a && seen.add(b));
    }
    SEES.push([...seen].sort((x, y) => x - y));
  }

  const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  const RANK_WORDS = ["ace", "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king"];
  const SUITS = { C: ["♣", "clubs", false], D: ["♦", "diamonds", true],
    H: ["♥", "hearts", true], S: ["♠", "spades", false] };

  /** {rank: 1-13, suit: "C"|"D"|"H"|"S", red: bool} of a card text like "10H". */
  function card(text) {
    const m = /^(10|[2-9AJQKT])([CDHS♣♦♥♠])$/i.exec(text.trim());
    if (!m) throw new Error("unknown card " + JSON.stringify(text));
    const rankText = m[1].toUpperCase() === "T" ? "10" : m[1].toUpperCase();
    let suit = m[2].toUpperCase();
    for (const [letter, [symbol]] of Object.entries(SUITS)) if (symbol === suit) suit = letter;
    return { rank: RANKS.indexOf(rankText) + 1, suit: suit, red: SUITS[suit][2] };
  }

  /** True when `text` may rest on `ontoText`: other colour, one rank higher (K on A). */
  function fitsOn(text, ontoText) {
    const a = card(text);
    const b = card(ontoText);
    return a.red !== b.red && b.rank === (a.rank % 13) + 1;
  }

  function symbol(text) {
    const c = card(text);
    return RANKS[c.rank - 1] + SUITS[c.suit][0];
  }

  function words(text) {
    const c = card(text);
    return RANK_WORDS[c.rank - 1] + " of " + SUITS[c.suit][1];
  }

  function key(cell) {
    return Math.floor(cell / SIZE) + "," + (cell % SIZE);
  }

  function cellOf(k) {
    const [row, col] = k.split(",").map(Number);
    return row * SIZE + col;
  }

  /** The state of a position text: 16 cells, "--" a space, "8H/7S" a stack. */
  function parsePosition(text) {
    const tokens = text.trim().split(/\s+/);
    if (tokens.length !== CELLS) throw new Error("a position has 16 cells");
    return tokens.map((t) => (t === "--" ? [] : t.split("/").map((c) => {
      card(c);
      return c.toUpperCase();
    })));
  }

  function positionText(state) {
    return state.map((s) => (s.length ? s.join("/") : "--")).join(" ");
  }

  function top(state, cell) {
    const stack = state[cell];
    return stack.length ? stack[stack.length - 1] : null;
  }

  function makeMove(state, src, dst) {
    return { from: key(src), to: key(dst), src: src, dst: dst,
      card: top(state, src), onto: top(state, dst) };
  }

  /** Every legal move, by source cell then target cell (Python's order). */
  function legalMoves(state) {
    const moves = [];
    for (let src = 0; src < CELLS; src++) {
      const moving = top(state, src);
      if (moving === null) continue;
      for (const dst of SEES[src]) {
        const onto = top(state, dst);
        if (onto !== null && fitsOn(moving, onto)) moves.push(makeMove(state, src, dst));
      }
    }
    return moves;
  }

  function apply(state, move) {
    const next = state.map((s) => s.slice());
    next[move.dst].push(next[move.src].pop());
    return next;
  }

  function spaces(state) {
    return state.filter((s) => s.length === 0).length;
  }

  function numberWord(n) {
    const small = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight",
      "nine", "ten", "eleven", "twelve", "thirteen", "fourteen", "fifteen", "sixteen"];
    return n < small.length ? small[n] : String(n);
  }

  // Hints in words, one per technique tag the solver gave the best line.
  const TECHNIQUES = {
    "transfer": "The best line needs a transfer: a card already placed moves again, on to " +
      "the twin of the card it rests on, and so reaches new lines.",
    "clear-stack": "The best line empties a cell that holds a stack, moving its cards off " +
      "one at a time.",
    "clear-stack-3": "The best line empties a cell holding a stack of three cards or more.",
    "clear-stack-4": "The best line empties a cell holding a stack of four cards or more.",
    "centre": "The best line leaves at least one of the four central cells as a space.",
    "blocking": "Beware of blocking: once a card and its twin rest on both of the cards " +
      "they could go on, neither can move again.",
    "hidden-move": "No move makes a space straight away: begin with one that prepares a space.",
    "single-best": "Only one final layout reaches the best count, so the order matters.",
  };

  function techniqueHint(tags) {
    let chosen = tags.filter((t) => t in TECHNIQUES);
    // The most specific of the stack-clearing tags says it all.
    for (const [general, specific] of [["clear-stack", "clear-stack-3"],
      ["clear-stack-3", "clear-stack-4"]]) {
      if (chosen.includes(specific)) chosen = chosen.filter((t) => t !== general);
    }
    if (!chosen.length) return "No special technique: the order of the moves is the whole puzzle.";
    return chosen.map((t) => TECHNIQUES[t]).join(" ");
  }

  function cellWords(cell) {
    return "row " + (Math.floor(cell / SIZE) + 1) + ", column " + ((cell % SIZE) + 1);
  }

  function moveText(state, move) {
    const transfer = state[move.src].length > 1;
    return symbol(move.card) + " on " + symbol(move.onto) + (transfer ? " (a transfer)" : "");
  }

  function cellLabel(state, cell) {
    const stack = state[cell];
    const where = cellWords(cell).replace(/^r/, "R") + ": ";
    if (!stack.length) return where + "space";
    if (stack.length === 1) return where + words(stack[0]);
    return where + words(stack[stack.length - 1]) + " on top of a stack of " + stack.length +
      ", from the bottom " + stack.map(words).join(", ");
  }

  /** Why the top card of `cell` cannot move now. */
  function stuckText(state, cell) {
    const c = card(top(state, cell));
    return symbol(top(state, cell)) + " cannot move now: no " + (c.red ? "black " : "red ") +
      RANK_WORDS[c.rank % 13] + " lies on top of a cell on its lines.";
  }

  /** Why the top card of `src` may not go on `dst`. */
  function placeText(state, src, dst) {
    const moving = top(state, src);
    const onto = top(state, dst);
    const c = card(moving);
    if (onto === null) return "Nothing may go in a space.";
    if (!SEES[src].includes(dst)) {
      return symbol(moving) + " and " + symbol(onto) + " share no line (the lines are drawn on the board).";
    }
    return symbol(moving) + " goes only on a " + (c.red ? "black " : "red ") +
      RANK_WORDS[c.rank % 13] + ", not on " + symbol(onto) + ".";
  }

  const SVG = "http://www.w3.org/2000/svg";

  /** The centre of a cell's button, in the board's own coordinates. */
  function centreOf(board, cell) {
    const box = board.getBoundingClientRect();
    const r = board.querySelector('[data-cell="' + key(cell) + '"]').getBoundingClientRect();
    return [r.left - box.left + r.width / 2, r.top - box.top + r.height / 2, r.width];
  }

  /** The eighteen lines over the board, faint; those through `picked` stand out. */
  function drawLines(board, picked) {
    const svg = board.parentNode.querySelector("svg.lines");
    if (!svg) return;
    const box = board.getBoundingClientRect();
    svg.setAttribute("viewBox", "0 0 " + box.width + " " + box.height);
    while (svg.lastChild) svg.removeChild(svg.lastChild);
    LINES.forEach((line, n) => {
      const [x1, y1, w] = centreOf(board, line[0]);
      const [x2, y2] = centreOf(board, line[line.length - 1]);
      const len = Math.hypot(x2 - x1, y2 - y1);
      const over = (0.42 * w) / len; // run on a little past the end cells, as drawn in print
      const el = doc(svg).createElementNS(SVG, "line");
      el.setAttribute("x1", x1 - (x2 - x1) * over);
      el.setAttribute("y1", y1 - (y2 - y1) * over);
      el.setAttribute("x2", x2 + (x2 - x1) * over);
      el.setAttribute("y2", y2 + (y2 - y1) * over);
      el.setAttribute("class", picked !== null && line.includes(picked) ? "line picked" : "line");
      el.dataset.line = String(n);
      svg.appendChild(el);
    });
  }

  function doc(node) {
    return node.ownerDocument;
  }

  function cardHtml(text, cls) {
    const c = card(text);
    return '<span class="' + cls + (c.red ? " red" : " black") + '">' + RANKS[c.rank - 1] +
      '<span class="suit">' + SUITS[c.suit][0] + "</span></span>";
  }

  return {
    name: "cats-cradle",
    title: "Cat's Cradle",
    scoreName: "spaces",
    rows: SIZE,
    cols: SIZE,
    // -- rules (pure; used by the page and by the tests under Node) --------
    LINES: LINES,
    SEES: SEES,
    CENTRE: CENTRE,
    fitsOn: fitsOn,
    parsePosition: parsePosition,
    positionText: positionText,
    legalMoves: legalMoves,
    apply: apply,
    // -- what the shell asks of a game -------------------------------------
    /** The starting state of a puzzle.json. */
    initial: function (data) {
      return parsePosition(data.position);
    },
    score: spaces,
    scoreText: function (n, par) {
      return n + " of " + par + " spaces";
    },
    parText: function (par) {
      return numberWord(par) + (par === 1 ? " space" : " spaces");
    },
    /** The best line of a puzzle.json as moves, replayed from the start. */
    bestLine: function (data) {
      let state = parsePosition(data.position);
      return data.line.map((m) => {
        const move = makeMove(state, cellOf(m.from.join(",")), cellOf(m.to.join(",")));
        if (move.card !== m.card || move.onto !== m.onto) {
          throw new Error("puzzle.json's line does not replay: " + JSON.stringify(m));
        }
        state = apply(state, move);
        return move;
      });
    },
    movesFrom: function (state, k) {
      return legalMoves(state).filter((m) => m.from === k);
    },
    moveText: moveText,
    /** One share mark per move: a filled square when it made a space, else a hollow one. */
    moveMark: function (state, move) {
      return state[move.src].length === 1 ? "■" : "□";
    },
    techniqueHint: techniqueHint,
    moveHint: function (state, move, first) {
      return "Move " + symbol(move.card) + " (the " + words(move.card) + ", " +
        cellWords(move.src) + ") " + (first ? "first." : "next.");
    },
    pickedText: function (state, k) {
      return symbol(top(state, cellOf(k))) + " picked up";
    },
    canPick: function (state, k) {
      return state[cellOf(k)].length > 0;
    },
    nothingText: function () {
      return "That cell is a space: nothing to pick up, and nothing may go there.";
    },
    startText: function () {
      return "Pick up a card: it may go on a card of the other colour, one rank higher," +
        " that shares a line with it.";
    },
    stuckText: function (state, k) {
      return stuckText(state, cellOf(k));
    },
    placeText: function (state, from, to) {
      return placeText(state, cellOf(from), cellOf(to));
    },
    // -- drawing -----------------------------------------------------------
    /** Make the 16 cell buttons inside the board element, once. */
    build: function (board, doc) {
      board.style.setProperty("--cols", String(SIZE));
      for (let cell = 0; cell < CELLS; cell++) {
        const button = doc.createElement("button");
        button.type = "button";
        button.className = "cell";
        button.dataset.cell = key(cell);
        board.appendChild(button);
      }
      // The eighteen lines, drawn over the cells (under the card texts).
      const lines = doc.createElementNS(SVG, "svg");
      lines.setAttribute("class", "lines");
      lines.setAttribute("aria-hidden", "true");
      board.parentNode.insertBefore(lines, board.nextSibling);
      let picked = null;
      board.addEventListener("puzzle:drawn", (e) => { picked = e.detail; });
      doc.defaultView.addEventListener("resize", () => drawLines(board, picked));
    },
    /** Draw `state` into the cells (`ui.selected`: the key picked up, or null);
     *  return each cell's accessible name by key. */
    draw: function (board, state, ui) {
      const picked = ui && ui.selected !== null && ui.selected !== undefined
        ? cellOf(ui.selected) : null;
      const labels = {};
      for (let cell = 0; cell < CELLS; cell++) {
        const el = board.querySelector('[data-cell="' + key(cell) + '"]');
        const stack = state[cell];
        const depth = Math.min(stack.length, 4);
        el.className = "cell depth-" + depth + (CENTRE.includes(cell) ? " centre" : "");
        if (!stack.length) {
          el.innerHTML = '<span class="space-mark">space</span>';
        } else {
          let html = cardHtml(stack[stack.length - 1], "top-card");
          if (stack.length > 1) {
            html += '<span class="under">on ' + cardHtml(stack[stack.length - 2], "small") +
              "</span>";
          }
          if (stack.length > 2) html += '<span class="under count">' + stack.length + " cards</span>";
          el.innerHTML = html;
        }
        el.title = stack.length > 1 ? stack.map(symbol).join(" / ") : "";
        labels[key(cell)] = cellLabel(state, cell);
      }
      drawLines(board, picked);
      board.dispatchEvent(new CustomEvent("puzzle:drawn", { detail: picked }));
      return labels;
    },
  };
});
