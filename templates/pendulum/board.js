/* Pendulum on the daily page: the rules and the board's drawing.
 *
 * Pendulum is a patience from an old book of patience games (author not
 * known); the rules are the project's contract, PENDULUM.md, as the Python
 * rules module (puzzlegen/pendulum/position.py) implements them.  This file
 * registers with the shared shell (assets/daily.js), which does the picking
 * up and placing, undo, hints, "show me" and storage.  It runs unchanged under
 * Node (module.exports), where the tests compare its moves with the Python
 * rules and replay the solver's lines through it.
 *
 * Conventions: cells are numbered 0-47 row by row, row 0 the top row; a
 * cell's key is "ROW,COL" (the data-cell attribute); the four foundations
 * are drawn above the layout, two at each side as in the printed diagrams:
 * clubs and diamonds at keys "-1,0" and "-1,1", hearts and spades at "-1,6"
 * and "-1,7"; between them, the method's order ("up-1: A 2 3 … K").  Cards are texts like "10H".  A state is
 *   {step, cells, next, inARow, swings}
 * step the method's step up (1-12; null until the player chooses one),
 * cells 48 arrays of cards base first, next "right" or "left", inARow the
 * swings since a card last moved, swings the swings made so far.
 * A move has a kind ("out", "pack", "crown", "swing", "method") and the
 * shell's keys: from/to.  Swings are played from the key "swing" and a
 * choice of method from the key "method" (to = "up-3").
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

  const ROWS = 6;
  const COLS = 8;
  const CELLS = ROWS * COLS;
  const CORNERS = [0, COLS - 1];
  const SUITS = ["C", "D", "H", "S"];
  const SUIT_SYMBOLS = { C: "♣", D: "♦", H: "♥", S: "♠" };
  const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
  const RED = { C: false, D: true, H: true, S: false };
  const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];
  const RANK_WORDS = ["ace", "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "knave", "queen", "king"];
  const STEP_WORDS = ["", "ones", "twos", "threes", "fours", "fives", "sixes"];
  const FOUNDATION_COLS = [0, 1, 6, 7]; // clubs, diamonds at the left; hearts, spades at the right

  // -- cards and methods ----------------------------------------------------
  /** [value 1-13, suit letter] of a card text; throws on a bad one. */
  function card(text) {
    const m = /^(10|[2-9AJQKT])([CDHS♣♦♥♠])$/i.exec(String(text).trim());
    if (!m) throw new Error("unknown card " + JSON.stringify(text));
    const rank = m[1].toUpperCase() === "T" ? "10" : m[1].toUpperCase();
    let suit = m[2].toUpperCase();
    for (const s of SUITS) if (SUIT_SYMBOLS[s] === suit) suit = s;
    return [RANKS.indexOf(rank) + 1, suit];
  }

  function cardText(value, suit) {
    return RANKS[value - 1] + suit;
  }

  function norm(text) {
    const [v, s] = card(text);
    return cardText(v, s);
  }

  /** The step (1-12) of a method name: "up-3" is 3, "down-2" (and "up-11") is 11. */
  function parseMethod(text) {
    const m = /^(up|down)[-_ ]?(\d{1,2})$/.exec(String(text).trim().toLowerCase());
    if (!m || Number(m[2]) < 1 || Number(m[2]) > 12) {
      throw new Error("unknown method " + JSON.stringify(text));
    }
    return m[1] === "up" ? Number(m[2]) : 13 - Number(m[2]);
  }

  function methodName(step) {
    return step <= 6 ? "up-" + step : "down-" + (13 - step);
  }

  function methodWords(step) {
    return step <= 6 ? "building up by " + STEP_WORDS[step]
      : "building down by " + STEP_WORDS[13 - step];
  }

  /** The twelve methods in their printed order: up-1 … up-6, down-1 … down-6. */
  const METHODS = [1, 2, 3, 4, 5, 6, 12, 11, 10, 9, 8, 7];

  // INDEX[step][value] = where the value comes in the order (0 the ace, 12 the crown).
  const INDEX = [null];
  for (let step = 1; step <= 12; step++) {
    const table = [];
    for (let i = 0; i < 13; i++) table[1 + ((i * step) % 13)] = i;
    INDEX.push(table);
  }

  function valueAt(step, i) {
    return 1 + ((i * step) % 13);
  }

  function index(step, text) {
    return INDEX[step][card(text)[0]];
  }

  /** The card after `text` in its suit's order, or null after the crown. */
  function next(step, text) {
    const [v, s] = card(text);
    const i = INDEX[step][v];
    return i === 12 ? null : cardText(valueAt(step, i + 1), s);
  }

  // -- positions --------------------------------------------------------------
  function key(cell) {
    return Math.floor(cell / COLS) + "," + (cell % COLS);
  }

  function cellOf(k) {
    const [row, col] = k.split(",").map(Number);
    return row * COLS + col;
  }

  function foundationKey(suit) {
    return "-1," + FOUNDATION_COLS[SUITS.indexOf(suit)];
  }

  /** The method's order of values, as the diagrams print it: "up-3: A 4 7 10 K 3 6 9 Q 2 5 8 J". */
  function orderText(step) {
    const values = [];
    for (let i = 0; i < 13; i++) values.push(RANKS[valueAt(step, i) - 1]);
    return methodName(step) + ": " + values.join(" ");
  }

  /** The opening state of a deal's 48 cards (text, row by row) under a method (or none yet). */
  function start(dealText, method) {
    const tokens = String(dealText).trim().split(/\s+/);
    if (tokens.length !== CELLS) throw new Error("a Pendulum deal has 48 cards");
    const cells = tokens.map((t) => [norm(t)]);
    const step = method === null || method === undefined ? null : parseMethod(method);
    return { step: step, cells: cells, next: "right", inARow: 0, swings: 0 };
  }

  /** The start state of a puzzle.json: its position is a deal's 48 cards or a position
   *  text; choose-method puzzles start with no method. */
  function puzzleStart(data) {
    const method = data.kind === "choose-method" ? null : data.method;
    if (String(data.position).indexOf("|") < 0) return start(data.position, method);
    const state = parsePosition(data.position);
    return Object.assign(state, { step: method === null ? null : parseMethod(method) });
  }

  /** The state of a position text, as the Python rules write it. */
  function parsePosition(text) {
    const parts = text.split("|").map((p) => p.trim());
    if (parts.length !== ROWS + 3) throw new Error("a position has nine fields");
    const cells = [];
    for (const row of parts.slice(2, 2 + ROWS)) {
      const tokens = row.split(/\s+/);
      if (tokens.length !== COLS) throw new Error("a row has eight cells");
      for (const t of tokens) cells.push(t === "--" ? [] : t.split("/").map(norm));
    }
    const [side, inARow] = parts[ROWS + 2].split(/\s+/);
    return { step: parseMethod(parts[0]), cells: cells, next: side.toLowerCase(),
      inARow: Number(inARow), swings: 0 };
  }

  function top(pile) {
    return pile[pile.length - 1];
  }

  /** How many cards of `suit` are out (1 for the ace alone): the first index still laid out. */
  function foundationCount(state, suit) {
    let least = 13;
    for (const pile of state.cells) {
      for (const c of pile) {
        if (c[c.length - 1] === suit) least = Math.min(least, index(state.step, c));
      }
    }
    return least;
  }

  function foundationTop(state, suit) {
    return cardText(valueAt(state.step, foundationCount(state, suit) - 1), suit);
  }

  function cardsOut(state) {
    return 52 - state.cells.reduce((n, p) => n + p.length, 0);
  }

  function exposed(state, cell) {
    return cell >= (ROWS - 1) * COLS || state.cells[cell + COLS].length === 0;
  }

  function isWon(state) {
    return state.cells.every((p) => p.length === 0);
  }

  function outMove(src, c) {
    const suit = c[c.length - 1];
    return { kind: "out", card: c, from: key(src), to: foundationKey(suit), src: src };
  }

  /** Every legal out, pack and crown move, by cell of the moving pile (Python's order). */
  function cardMoves(state) {
    const moves = [];
    if (state.step === null) return moves;
    const step = state.step;
    const tops = {};
    state.cells.forEach((p, i) => {
      if (p.length) tops[top(p)] = i;
    });
    const emptyTop = [];
    for (let c = 0; c < COLS; c++) if (!state.cells[c].length) emptyTop.push(c);
    const home = {};
    for (const s of SUITS) home[s] = foundationCount(state, s);
    state.cells.forEach((pile, i) => {
      if (!pile.length || !exposed(state, i)) return;
      const t = top(pile);
      const base = pile[0];
      if (index(step, t) === home[t[t.length - 1]]) moves.push(outMove(i, t));
      const target = next(step, base);
      if (target === null) {
        if (i >= COLS) {
          for (const c of emptyTop) {
            moves.push({ kind: "crown", card: base, col: c, from: key(i), to: key(c), src: i });
          }
        }
        return;
      }
      const j = tops[target];
      if (j !== undefined && (exposed(state, j) || j === i - COLS || CORNERS.includes(j))) {
        moves.push({ kind: "pack", card: base, onto: target, from: key(i), to: key(j), src: i,
          dst: j });
      }
    });
    return moves;
  }

  /** The cells with rows 1-5 closed up towards `side`; the top row stays. */
  function swung(cells, side) {
    const out = cells.slice(0, COLS);
    for (let r = 1; r < ROWS; r++) {
      const piles = cells.slice(r * COLS, (r + 1) * COLS).filter((p) => p.length);
      const gap = Array.from({ length: COLS - piles.length }, () => []);
      out.push(...(side === "right" ? gap.concat(piles) : piles.concat(gap)));
    }
    return out;
  }

  function sameCells(a, b) {
    return a.every((p, i) => p.length === b[i].length && p.every((c, n) => c === b[i][n]));
  }

  /** Why the pendulum may not swing now, or null when it may. */
  function swingRefusal(state) {
    if (state.step === null) return "Choose a building method first.";
    if (isWon(state)) return "The game is won: no more swings.";
    if (cardMoves(state).length) {
      return "A card can still move: the pendulum swings only when no card can move.";
    }
    if (state.inARow >= 2) {
      return "The pendulum has swung twice in a row with no card moved: it may not swing again.";
    }
    if (sameCells(swung(state.cells, state.next), state.cells)) {
      return "A swing " + state.next + " would change nothing.";
    }
    return null;
  }

  function swingMove(state) {
    return { kind: "swing", side: state.next, from: "swing", to: state.next };
  }

  /** The card moves, or the swing when no card can move and it is allowed; before a
   *  method is chosen, the twelve choices. */
  function legalMoves(state) {
    if (state.step === null) {
      return METHODS.map((s) => ({ kind: "method", step: s, from: "method", to: methodName(s) }));
    }
    const moves = cardMoves(state);
    if (moves.length || isWon(state)) return moves;
    return swingRefusal(state) === null ? [swingMove(state)] : [];
  }

  /** The state after a legal move (the caller took it from legalMoves). */
  function apply(state, move) {
    if (move.kind === "method") {
      return { step: move.step, cells: state.cells, next: state.next, inARow: 0, swings: 0 };
    }
    if (move.kind === "swing") {
      return { step: state.step, cells: swung(state.cells, state.next),
        next: state.next === "right" ? "left" : "right", inARow: state.inARow + 1,
        swings: state.swings + 1 };
    }
    const cells = state.cells.slice();
    const src = move.src;
    if (move.kind === "out") {
      cells[src] = cells[src].slice(0, -1);
    } else if (move.kind === "pack") {
      cells[move.dst] = cells[move.dst].concat(cells[src]);
      cells[src] = [];
    } else {
      cells[move.col] = cells[src];
      cells[src] = [];
    }
    return { step: state.step, cells: cells, next: state.next, inARow: 0, swings: state.swings };
  }

  /** The legal move a move of PENDULUM.md's JSON notation names; throws if it is not legal. */
  function fromJson(state, m) {
    const found = legalMoves(state).find((move) => {
      if ("swing" in m) return move.kind === "swing" && move.side === m.swing;
      if (move.kind === "swing" || move.kind === "method" || move.card !== norm(m.card)) {
        return false;
      }
      if (m.to === "foundation") return move.kind === "out";
      if (Array.isArray(m.to)) return move.kind === "crown" && m.to[0] === 0 && move.col === m.to[1];
      return move.kind === "pack" && move.onto === norm(m.to);
    });
    if (!found) throw new Error("not a legal move here: " + JSON.stringify(m));
    return found;
  }

  /** The state after each move of a JSON line in turn (each must be legal). */
  function replay(state, line) {
    const states = [];
    for (const m of line) {
      state = apply(state, fromJson(state, m));
      states.push(state);
    }
    return states;
  }

  function positionText(state) {
    const homes = SUITS.map((s) => foundationTop(state, s)).join(" ");
    const rows = [];
    for (let r = 0; r < ROWS; r++) {
      rows.push(state.cells.slice(r * COLS, (r + 1) * COLS)
        .map((p) => (p.length ? p.join("/") : "--")).join(" "));
    }
    return [methodName(state.step), homes].concat(rows, [state.next + " " + state.inARow])
      .join(" | ");
  }

  // -- words --------------------------------------------------------------------
  function symbol(text) {
    const [v, s] = card(text);
    return RANKS[v - 1] + SUIT_SYMBOLS[s];
  }

  function words(text) {
    const [v, s] = card(text);
    return RANK_WORDS[v - 1] + " of " + SUIT_WORDS[s];
  }

  function numberWord(n) {
    const small = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight",
      "nine", "ten", "eleven", "twelve"];
    return n < small.length ? small[n] : String(n);
  }

  function swingsText(n) {
    return numberWord(n) + (n === 1 ? " swing" : " swings");
  }

  function cellWords(cell) {
    const row = Math.floor(cell / COLS);
    return (row === 0 ? "top row" : "row " + (row + 1)) + ", column " + ((cell % COLS) + 1);
  }

  function moveText(state, move) {
    if (move.kind === "method") return "Chose " + methodName(move.step) + ", " + methodWords(move.step);
    if (move.kind === "swing") return "Swing to the " + move.side;
    if (move.kind === "out") return symbol(move.card) + " goes out";
    const pile = state.cells[move.src];
    const what = pile.length > 1 ? symbol(move.card) + " with its pile of " + pile.length
      : symbol(move.card);
    if (move.kind === "crown") return what + " up to the empty " + cellWords(move.col);
    return what + " on " + symbol(move.onto);
  }

  /** The solver's line for the page: the puzzle's method, else the winning method with
   *  fewest swings, then fewest card moves (as the Python puzzle's `best`). */
  function answerFor(data) {
    const wins = (data.answer || []).filter((a) => a.won);
    if (data.method) return wins.find((a) => parseMethod(a.method) === parseMethod(data.method));
    const cost = (a) => [a.par, a.moves.filter((m) => !("swing" in m)).length,
      METHODS.indexOf(parseMethod(a.method))];
    return wins.slice().sort((a, b) => {
      const x = cost(a);
      const y = cost(b);
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2];
    })[0];
  }

  /** The names of the methods that win a choose-method puzzle. */
  function winningMethods(data) {
    return (data.answer || []).filter((a) => a.won).map((a) => a.method);
  }

  /** How many winning methods are neither in `found` nor won by `state`. */
  function winnersLeft(data, state, found) {
    const have = (found || []).concat(isWon(state) ? [methodName(state.step)] : []);
    return winningMethods(data).filter((m) => have.indexOf(m) < 0).length;
  }

  function parOf(data, step) {
    const found = (data.answer || []).find((a) => a.won && parseMethod(a.method) === step);
    return found ? found.par : null;
  }

  /** Why the pile at `cell` cannot move now. */
  function stuckText(state, cell) {
    const pile = state.cells[cell];
    const name = pile.length > 1 ? "The pile under " + symbol(top(pile)) : symbol(top(pile));
    if (!exposed(state, cell)) {
      return name + " is covered: a pile moves only when nothing lies just below it.";
    }
    const t = top(pile);
    const suit = t[t.length - 1];
    const n = foundationCount(state, suit);
    const needs = n < 13 ? symbol(cardText(valueAt(state.step, n), suit)) : null;
    const after = next(state.step, pile[0]);
    const pack = after === null
      ? symbol(pile[0]) + " is a crown, and no top-row cell is empty"
      : "after " + symbol(pile[0]) + " comes " + symbol(after) +
        ", which is not exposed, just above, or in a corner";
    return name + " cannot move now: " + (needs ? "its foundation needs " + needs + " next, and "
      : "") + pack + ".";
  }

  /** Why the pile at `src` may not go to `to` (a cell or a foundation key). */
  function placeText(state, src, to) {
    const pile = state.cells[src];
    const what = symbol(pile.length > 1 ? pile[0] : top(pile));
    if (to[0] === "-") {
      const suit = SUITS[FOUNDATION_COLS.indexOf(Number(to.split(",")[1]))];
      const n = foundationCount(state, suit);
      const needs = n < 13 ? "takes " + symbol(cardText(valueAt(state.step, n), suit)) + " next"
        : "is complete";
      return "The foundation of " + SUIT_WORDS[suit] + " " + needs + ", not " +
        symbol(top(pile)) + ".";
    }
    const dst = cellOf(to);
    const after = next(state.step, pile[0]);
    if (!state.cells[dst].length) {
      return dst < COLS ? "Only a pile that starts with a crown may go up into an empty top-row cell."
        : "Nothing may go into an empty cell below the top row.";
    }
    if (after === null) return what + " is a crown: it goes up into an empty top-row cell.";
    return "A pile starting " + what + " packs only on " + symbol(after) + ", not on " +
      symbol(top(state.cells[dst])) + ".";
  }

  function lossText(state) {
    if (state.inARow >= 2) {
      return "Lost: no card can move, and the pendulum has swung twice in a row.";
    }
    return "Lost: no card can move, and a swing would change nothing.";
  }

  const TECHNIQUES = {
    vertical: "The answer packs a pile on the card just above it in its column, " +
      "though that card is not exposed.",
    corner: "The answer packs on a privileged corner of the top row while something " +
      "still lies below it.",
    crown: "The answer moves a crown up into an empty cell of the top row.",
    "double-swing": "The answer lets the pendulum swing twice in a row with no card moved " +
      "between.",
  };

  function cardHtml(text, cls) {
    const [v, s] = card(text);
    return '<span class="' + cls + (RED[s] ? " red" : " black") + '">' + RANKS[v - 1] +
      '<span class="suit">' + SUIT_SYMBOLS[s] + "</span></span>";
  }

  function pileLabel(state, cell) {
    const pile = state.cells[cell];
    let where = cellWords(cell);
    where = where.charAt(0).toUpperCase() + where.slice(1);
    if (CORNERS.includes(cell)) where += " (privileged corner)";
    if (!pile.length) return where + ": empty";
    const open = exposed(state, cell) ? "exposed" : "covered";
    if (pile.length === 1) return where + ": " + words(pile[0]) + ", " + open;
    return where + ": " + words(top(pile)) + " on top of a pile of " + pile.length +
      ", from the bottom " + pile.map(words).join(", ") + "; " + open;
  }

  // The page's state, kept for draw() (the shell asks for a state at a time).
  let pageData = null;

  return {
    name: "pendulum",
    title: "Pendulum",
    scoreName: "out",
    rows: ROWS,
    cols: COLS,
    arrows: "latest",
    // -- rules (pure; used by the page and by the tests under Node) --------
    METHODS: METHODS,
    parseMethod: parseMethod,
    methodName: methodName,
    start: start,
    puzzleStart: puzzleStart,
    parsePosition: parsePosition,
    positionText: positionText,
    cardMoves: cardMoves,
    legalMoves: legalMoves,
    swingRefusal: swingRefusal,
    apply: apply,
    fromJson: fromJson,
    replay: replay,
    isWon: isWon,
    answerFor: answerFor,
    // -- what the shell asks of a game -------------------------------------
    initial: function (data) {
      pageData = data;
      return puzzleStart(data);
    },
    score: cardsOut,
    /** Solved: won, and for win-in-par within par swings; for choose-method, every
     *  winning method has been won (`found`: the methods won before, kept by the shell). */
    isSolved: function (state, par, found) {
      if (state.step === null || !isWon(state)) return false;
      if (pageData && pageData.kind === "choose-method") {
        return winnersLeft(pageData, state, found) === 0;
      }
      return !(pageData && pageData.kind === "win-in-par") || state.swings <= par;
    },
    /** What a won game adds to the day's record: its method, on a choose-method day. */
    collect: function (state) {
      const choosing = pageData && pageData.kind === "choose-method";
      return choosing && state.step !== null && isWon(state) ? methodName(state.step) : null;
    },
    statusText: function (state, par, showing, found) {
      const head = showing ? "Answer: " : "";
      if (state.step === null) return head + "Choose a method";
      if (!showing && pageData && pageData.kind === "choose-method" && isWon(state)) {
        const all = winningMethods(pageData).length;
        const left = winnersLeft(pageData, state, found);
        if (left > 0) {
          return methodName(state.step) + " wins · " + (all - left) + " of " + all +
            " winning methods found — choose another method";
        }
      }
      const swings = swingsText(state.swings) +
        (pageData && pageData.kind === "win-in-par" ? " (par " + par + ")" : "");
      return head + methodName(state.step) + " · " + cardsOut(state) + " of 52 out · " + swings;
    },
    scoreText: function (n) {
      return n + " of 52 cards out";
    },
    parText: function (par) {
      return swingsText(par);
    },
    endText: function (state, par, found) {
      if (isWon(state) && pageData && pageData.kind === "choose-method" &&
          winnersLeft(pageData, state, found) > 0) {
        // The status already asks for another method: this says how (it said it again).
        const left = winnersLeft(pageData, state, found);
        return "Start again to find " + (left === 1 ? "the other." : "the other " + left + ".");
      }
      if (isWon(state)) {
        return "Won, with " + swingsText(state.swings) + "; par is " + swingsText(par) +
          ". Undo, or start again, to win in fewer.";
      }
      return lossText(state) + " Undo, or start again.";
    },
    solvedText: function (state, s, best, par) {
      const data = pageData;
      const name = methodName(state.step);
      const mpar = parOf(data, state.step);
      let text = "Won " + methodWords(state.step) + " (" + name + ") with " +
        swingsText(state.swings) + " and " + s.moves + " moves; ";
      if (mpar !== null && state.swings <= mpar) {
        text += state.swings < mpar ? "fewer swings than the solver's par of " + mpar + "!"
          : "that is par, the fewest swings there are.";
      } else if (mpar !== null) {
        text += "par for this method is " + swingsText(mpar) + ".";
      }
      if (data.kind === "choose-method") {
        const wins = data.answer.filter((a) => a.won).map((a) => a.method + " (par " + a.par + ")");
        text += " You have won with every method that wins this deal: " + wins.join(", ") + ".";
      }
      return text;
    },
    oneGame: function () {
      return !pageData || pageData.kind !== "choose-method" || winningMethods(pageData).length === 1;
    },
    shareScore: function (state, par) {
      if (pageData && pageData.kind === "choose-method") {
        // Naming a method would give the day's answer away.
        const all = winningMethods(pageData).length;
        return "found " + (all === 1 ? "the one winning method" : "all " + numberWord(all) +
          " winning methods");
      }
      const mpar = parOf(pageData, state.step);
      return "won " + methodName(state.step) + " in " + swingsText(state.swings) +
        (mpar !== null ? " (par " + mpar + ")" : "");
    },
    bestLine: function (data) {
      const answer = answerFor(data);
      if (!answer) throw new Error("puzzle.json has no winning line");
      let state = puzzleStart(data);
      const moves = [];
      if (state.step === null) {
        const choose = legalMoves(state).find((m) => m.step === parseMethod(answer.method));
        moves.push(choose);
        state = apply(state, choose);
      }
      for (const m of answer.moves) {
        const move = fromJson(state, m);
        moves.push(move);
        state = apply(state, move);
      }
      if (!isWon(state)) throw new Error("puzzle.json's line does not win");
      return moves;
    },
    movesFrom: function (state, k) {
      return legalMoves(state).filter((m) => m.from === k);
    },
    refusalText: function (state, from) {
      if (from === "swing") return swingRefusal(state) || "";
      if (from === "method") return "The method is chosen: start again to choose another.";
      return "";
    },
    moveText: moveText,
    /** Share marks: a swing is an arrow its way; card moves leave no mark. */
    moveMark: function (state, move) {
      return move.kind === "swing" ? (move.side === "right" ? "→" : "←") : "";
    },
    techniqueHint: function (tags) {
      const chosen = tags.filter((t) => t in TECHNIQUES);
      if (!chosen.length) {
        return "No special move is needed: plan which cards go out before each swing.";
      }
      return chosen.map((t) => TECHNIQUES[t]).join(" ");
    },
    moveHint: function (state, move, first) {
      if (move.kind === "method") return "Try " + methodWords(move.step) + " (" + methodName(move.step) + ").";
      const head = first ? "First move: " : "Next move: ";
      if (move.kind === "swing") return head + "swing to the " + move.side + ".";
      return head + moveText(state, move) + " (" + cellWords(move.src) + ").";
    },
    pickedText: function (state, k) {
      // A pile moves whole, named by its base card as the moves name it ("K♠ with its
      // pile of 2 up to ..."; it was named by its top card, "Q♠ picked up"); only its
      // top card goes out, so a pile whose every move is out is named by that card.
      const pile = state.cells[cellOf(k)];
      const moves = cardMoves(state).filter((m) => m.from === k);
      const whole = pile.length > 1 && moves.some((m) => m.kind !== "out");
      return whole ? symbol(pile[0]) + " with its pile of " + pile.length + " picked up"
        : symbol(top(pile)) + " picked up";
    },
    canPick: function (state, k) {
      return state.step !== null && k[0] !== "-" && state.cells[cellOf(k)].length > 0;
    },
    nothingText: function (state, k) {
      if (state.step === null) return "Choose a building method first.";
      if (k[0] === "-") return "A foundation: cards go out on to it, and never come back.";
      return "That cell is empty: only a crown may go into an empty cell of the top row.";
    },
    startText: function (state) {
      return state.step === null ? "Choose a building method to begin."
        : "Pick up an exposed pile (nothing lies below it); swing when no card can move.";
    },
    stuckText: function (state, k) {
      return stuckText(state, cellOf(k));
    },
    placeText: function (state, from, to) {
      return placeText(state, cellOf(from), to);
    },
    // -- drawing -----------------------------------------------------------
    /** Make the foundations, the 48 cells, the method chooser and the Swing button, once. */
    build: function (board, doc) {
      board.classList.add("pendulum");
      board.parentNode.classList.add("pendulum");
      board.style.setProperty("--cols", String(COLS));
      const add = (tag, className, fill) => {
        const node = doc.createElement(tag);
        node.className = className;
        fill(node);
        board.appendChild(node);
      };
      const cellButton = (className, cellKey) => add("button", className, (button) => {
        button.type = "button";
        button.dataset.cell = cellKey;
      });
      cellButton("cell foundation", foundationKey("C"));
      cellButton("cell foundation", foundationKey("D"));
      add("div", "pd-info", (info) => {
        info.innerHTML = '<span id="pd-method"></span><span id="pd-next"></span>';
      });
      cellButton("cell foundation", foundationKey("H"));
      cellButton("cell foundation", foundationKey("S"));
      for (let cell = 0; cell < CELLS; cell++) cellButton("cell", key(cell));
      // The method chooser, above the board (shown until a method is chosen).
      const chooser = doc.createElement("fieldset");
      chooser.id = "pd-methods";
      chooser.className = "pd-methods";
      chooser.innerHTML = "<legend>Choose a building method</legend>";
      for (const s of METHODS) {
        const b = doc.createElement("button");
        b.type = "button";
        b.className = "action";
        b.dataset.moveFrom = "method";
        b.dataset.moveTo = methodName(s);
        b.textContent = (s <= 6 ? "up " + s : "down " + (13 - s));
        b.setAttribute("aria-label", b.textContent + ": " + methodWords(s) + " (" + methodName(s) + ")");
        chooser.appendChild(b);
      }
      const wrap = board.parentNode;
      wrap.parentNode.insertBefore(chooser, wrap);
      const swing = doc.createElement("button");
      swing.type = "button";
      swing.className = "action swing";
      swing.id = "swing";
      swing.dataset.moveFrom = "swing";
      const controls = doc.querySelector(".controls");
      controls.insertBefore(swing, controls.firstChild);
    },
    /** Draw `state`; return each cell's accessible name by key. */
    draw: function (board, state) {
      const doc = board.ownerDocument;
      const labels = {};
      const chosen = state.step !== null;
      doc.getElementById("pd-methods").hidden = chosen;
      doc.getElementById("pd-method").textContent = chosen ? orderText(state.step)
        : "Choose a method";
      doc.getElementById("pd-next").textContent = chosen ? "next swing: " + state.next +
        (state.next === "right" ? " →" : " ←") : "";
      const swing = doc.getElementById("swing");
      swing.textContent = state.next === "right" ? "Swing right →" : "← Swing left";
      const refusal = swingRefusal(state);
      swing.setAttribute("aria-disabled", refusal === null ? "false" : "true");
      swing.classList.toggle("is-ready", refusal === null);
      swing.title = refusal || "No card can move: swing the rows " + state.next + ".";
      const won = chosen && isWon(state);
      board.dataset.swings = String(state.swings);
      board.dataset.method = chosen ? methodName(state.step) : "";
      board.dataset.state = !chosen ? "choosing" : won ? "won"
        : legalMoves(state).length ? "playing" : "lost";
      for (const s of SUITS) {
        const k = foundationKey(s);
        const el = board.querySelector('[data-cell="' + k + '"]');
        const n = chosen ? foundationCount(state, s) : 1;
        const topCard = chosen ? foundationTop(state, s) : "A" + s;
        const needs = chosen && n < 13 ? cardText(valueAt(state.step, n), s) : null;
        el.className = "cell foundation";
        el.innerHTML = cardHtml(topCard, "pd-card full") + '<span class="pd-needs">' +
          (needs ? "next " + symbol(needs) : n === 13 ? "done" : "") + "</span>";
        labels[k] = "Foundation of " + SUIT_WORDS[s] + ": " + words(topCard) + " on top, " +
          n + " of 13 out" + (needs ? ", " + words(needs) + " goes next" : "");
      }
      for (let cell = 0; cell < CELLS; cell++) {
        const el = board.querySelector('[data-cell="' + key(cell) + '"]');
        const pile = state.cells[cell];
        const open = pile.length > 0 && exposed(state, cell);
        el.className = "cell pd-cell" + (pile.length ? "" : " depth-0") +
          (CORNERS.includes(cell) ? " corner" : "") + (cell < COLS ? " top-row" : "") +
          (open ? " exposed" : "");
        let html = "";
        pile.forEach((c, n) => {
          html += cardHtml(c, n === pile.length - 1 ? "pd-card full" : "pd-card strip");
        });
        if (!pile.length && CORNERS.includes(cell)) html = '<span class="pd-mark">corner</span>';
        el.innerHTML = html;
        el.title = pile.length > 1 ? pile.map(symbol).join(" / ") : "";
        labels[key(cell)] = pileLabel(state, cell);
      }
      return labels;
    },
  };
});
