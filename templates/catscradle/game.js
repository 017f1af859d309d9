/* Cat's Cradle, the whole game: sequences, the stock, and the search behind
 * "Still winnable?".
 *
 * Cat's Cradle is a patience invented by Michael Bourne (divertimenti, 1986).
 * This file holds only rules, no drawing: the whole-game page
 * (gamepage.js) uses it to know when a sequence is over and to deal, and a
 * Web Worker runs its search so the page never freezes.  It runs unchanged
 * under Node (module.exports), where the tests compare it with the Python
 * rules (tests/catscradle/test_web_game.py).
 *
 * The search rests on the same fact as the Python core's: during a sequence
 * the bottom card of a cell never changes and every stack descends one rank
 * at a time in alternating colours from it, so a cell is its bottom card's
 * class (rank and colour: twins share one) and its height.  A *layout* here
 * is {bottom: 16 classes (-1 for a space), height: 16 ints}.
 *
 * Sequence ends.  A move from a cell of height 1 empties it (creates a
 * space); any other move is a transfer, which keeps the spaces and can be
 * undone.  So the positions of one space count fall into groups that reach
 * each other by transfers, and a position is an *end* (no series of moves
 * creates another space) exactly when no position of its group has a move
 * that empties a cell.  Every position of an end group leads to the same
 * future, so the search keeps one per group.
 */
(function (root, factory) {
  "use strict";
  const rules = factory();
  rules.factorySource = "(" + factory.toString() + ")()";
  if (typeof module === "object" && module.exports) {
    module.exports = rules;
  } else {
    root.CatsCradleGame = rules;
  }
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

  const SIZE = 4;
  const CELLS = 16;
  // The eighteen lines, as the rules list them.
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

  /** A card text's class: 2 * (rank - 1) + red ("10H" -> 19). */
  function cardClass(text) {
    const m = /^(10|[2-9AJQKT])([CDHS])$/i.exec(String(text).trim());
    if (!m) throw new Error("unknown card " + JSON.stringify(text));
    const rank = m[1].toUpperCase() === "T" ? 9 : RANKS.indexOf(m[1].toUpperCase());
    const suit = m[2].toUpperCase();
    return 2 * rank + (suit === "D" || suit === "H" ? 1 : 0);
  }

  /** The class a card of class c rests on: one rank higher, the other colour. */
  function support(c) {
    return 2 * (((c >> 1) + 1) % 13) + (1 - (c & 1));
  }

  /** The class `depth` steps down a stack from a card of class c. */
  function below(c, depth) {
    return 2 * ((((c >> 1) - depth) % 13 + 13) % 13) + (((c & 1) + depth) % 2);
  }

  // TOP[c * 53 + h]: the class on top of a stack of height h on a bottom card of
  // class c; NEED[c * 53 + h]: the class that top card may be placed on.  53
  // heights cover any stack one pack can build.
  const TOP = new Int8Array(26 * 53).fill(-1);
  const NEED = new Int8Array(26 * 53).fill(-1);
  for (let c = 0; c < 26; c++) {
    for (let h = 1; h < 53; h++) {
      TOP[c * 53 + h] = below(c, h - 1);
      NEED[c * 53 + h] = support(below(c, h - 1));
    }
  }

  function topClass(bottom, h) {
    return TOP[bottom * 53 + h];
  }

  /** The layout of a state of card texts (16 stacks, bottom card first). */
  function layoutOf(stacks) {
    const bottom = [];
    const height = [];
    for (const stack of stacks) {
      bottom.push(stack.length ? cardClass(stack[0]) : -1);
      height.push(stack.length);
    }
    return { bottom: bottom, height: height };
  }

  function spacesOf(height) {
    let n = 0;
    for (let i = 0; i < CELLS; i++) if (height[i] === 0) n++;
    return n;
  }

  /** Every move of a layout at `height`, as [src, dst] in (src, dst) order. */
  function moves(bottom, height, emptyingOnly) {
    const found = [];
    for (let src = 0; src < CELLS; src++) {
      const h = height[src];
      if (!h || (emptyingOnly && h > 1)) continue;
      const need = NEED[bottom[src] * 53 + h];
      for (const dst of SEES[src]) {
        const hd = height[dst];
        if (hd && topClass(bottom[dst], hd) === need) found.push([src, dst]);
      }
    }
    return found;
  }

  function hasEmptyingMove(bottom, height) {
    for (let src = 0; src < CELLS; src++) {
      if (height[src] !== 1) continue;
      const need = support(bottom[src]);
      for (const dst of SEES[src]) {
        const hd = height[dst];
        if (hd && topClass(bottom[dst], hd) === need) return true;
      }
    }
    return false;
  }

  function key(height) {
    return String.fromCharCode.apply(null, height);
  }

  function moved(height, src, dst) {
    const next = height.slice();
    next[src] -= 1;
    next[dst] += 1;
    return next;
  }

  /** Whether no series of moves from this layout can create another space. */
  function isEnd(bottom, height) {
    const seen = new Set([key(height)]);
    const queue = [height];
    for (let at = 0; at < queue.length; at++) {
      const h = queue[at];
      if (hasEmptyingMove(bottom, h)) return false;
      for (const [src, dst] of moves(bottom, h, false)) {
        const next = moved(h, src, dst);
        const k = key(next);
        if (!seen.has(k)) {
          seen.add(k);
          queue.push(next);
        }
      }
    }
    return true;
  }

  /** The end positions reachable from a layout, one per end group (with `every`,
   * all of them), breadth-first: [{height, spaces, path: [[src, dst], ...]}]
   * (path: the shortest way there). */
  function ends(bottom, height, every) {
    // Breadth-first over every reachable state, noting on the way which states
    // have a move that empties a cell and joining the states a transfer links
    // (union-find: transfers can be undone, so they join groups).
    const index = new Map([[key(height), 0]]);
    const states = [height];
    const parent = [-1];
    const via = [null];
    const root = [0];
    const open = [0];
    const find = (i) => {
      while (root[i] !== i) {
        root[i] = root[root[i]];
        i = root[i];
      }
      return i;
    };
    for (let at = 0; at < states.length; at++) {
      const h = states[at];
      for (const m of moves(bottom, h, false)) {
        const src = m[0];
        if (h[src] === 1) open[at] = 1;
        const next = moved(h, src, m[1]);
        const k = key(next);
        let j = index.get(k);
        if (j === undefined) {
          j = states.length;
          index.set(k, j);
          states.push(next);
          parent.push(at);
          via.push(m);
          root.push(j);
          open.push(0);
        }
        if (h[src] > 1) {
          const a = find(at);
          const b = find(j);
          if (a !== b) root[Math.max(a, b)] = Math.min(a, b);
        }
      }
    }
    const groupOpen = new Uint8Array(states.length);
    for (let i = 0; i < states.length; i++) if (open[i]) groupOpen[find(i)] = 1;
    const result = [];
    const taken = new Uint8Array(states.length);
    for (let i = 0; i < states.length; i++) {
      const g = find(i);
      if (groupOpen[g] || (taken[g] && !every)) continue;
      taken[g] = 1;
      const path = [];
      for (let j = i; parent[j] >= 0; j = parent[j]) path.push(via[j]);
      path.reverse();
      result.push({ height: states[i], spaces: spacesOf(states[i]), path: path });
    }
    return result;
  }

  /** Fill the spaces of a layout in cell order from `stock` (classes) at `next`:
   * {bottom, height, next} (next: the stock's new top). */
  function fill(bottom, height, stock, next) {
    const b = bottom.slice();
    const h = height.slice();
    for (let i = 0; i < CELLS && next < stock.length; i++) {
      if (h[i] === 0) {
        b[i] = stock[next++];
        h[i] = 1;
      }
    }
    return { bottom: b, height: h, next: next };
  }

  /** Can the game be won from this layout, `startSpaces` being the spaces the
   * current sequence began with and stock[next...] the cards still to come?
   *
   * Depth-first over end positions, most spaces first; a layout and stock
   * place found lost once is not searched again.  Returns {won, sequences,
   * layouts} where `sequences` is a winning line (each an end's path from
   * the start of its sequence) and `layouts` counts the sequences searched.
   * With `budget`, gives up (won: null) after that many sequences. */
  function winnable(bottom, height, startSpaces, stock, next, budget) {
    const lost = new Set();
    let searched = 0;
    const limit = budget || Infinity;
    function go(b, h, start, at) {
      searched++;
      if (searched > limit) throw new Error("budget");
      const found = ends(b, h).filter((e) => e.spaces > start);
      found.sort((x, y) => y.spaces - x.spaces);
      for (const end of found) {
        const filled = fill(b, end.height, stock, at);
        if (filled.next >= stock.length) return [end.path];
        const k = String(filled.next) + ":" + key(filled.bottom.map((x) => x + 1)) +
          key(filled.height);
        if (lost.has(k)) continue;
        const rest = go(filled.bottom, filled.height, spacesOf(filled.height), filled.next);
        if (rest) return [end.path].concat(rest);
        lost.add(k);
      }
      return null;
    }
    try {
      const line = go(bottom, height, startSpaces, next);
      return { won: line !== null, sequences: line || [], layouts: searched };
    } catch (e) {
      if (e.message !== "budget") throw e;
      return { won: null, sequences: [], layouts: searched };
    }
  }

  /** A shortest series of moves from `height` to exactly `target`, as [src, dst]
   * pairs, or null when there is none. */
  function pathTo(bottom, height, target) {
    const goal = key(target);
    const parent = new Map([[key(height), null]]);
    const queue = [height];
    for (let at = 0; at < queue.length; at++) {
      const k = key(queue[at]);
      if (k === goal) {
        const path = [];
        for (let step = parent.get(k); step !== null; step = parent.get(step[0])) {
          path.push(step[1]);
        }
        return path.reverse();
      }
      for (const m of moves(bottom, queue[at], false)) {
        const next = moved(queue[at], m[0], m[1]);
        const nk = key(next);
        if (!parent.has(nk)) {
          parent.set(nk, [k, m]);
          queue.push(next);
        }
      }
    }
    return null;
  }

  /** The most spaces any series of moves from this layout can reach, and a
   * shortest line there (the expert's aim). */
  function bestEnd(bottom, height) {
    let best = null;
    for (const end of ends(bottom, height)) {
      if (best === null || end.spaces > best.spaces ||
        (end.spaces === best.spaces && end.path.length < best.path.length)) best = end;
    }
    return best;
  }

  return {
    SIZE: SIZE,
    CELLS: CELLS,
    SEES: SEES,
    cardClass: cardClass,
    support: support,
    layoutOf: layoutOf,
    spacesOf: spacesOf,
    moves: moves,
    isEnd: isEnd,
    ends: ends,
    fill: fill,
    winnable: winnable,
    bestEnd: bestEnd,
    pathTo: pathTo,
  };
});
