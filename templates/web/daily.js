/* The daily pages' shared script: game-neutral, one copy for every day.
 *
 * Three kinds of page load it, told apart by <body data-page>:
 *   "today"   the archive's index.html: opens today's puzzle, else the latest;
 *   "archive" archive.html: marks the days this browser solved, shows statistics;
 *   "day"     DATE/index.html: the playable puzzle.
 * A game's own script (assets/GAME.js, loaded after this one) registers the
 * rules and the drawing with PuzzleDaily.registerGame() (assets/site.js,
 * loaded before this one, keeps them, with the browser's records and the
 * dates every page shares); this file does the rest: picking up and placing,
 * undo and redo, the live count, hints, "show me", the solved panel and share
 * text, statistics, and navigation from days.js (the list of days the archive
 * holds).
 *
 * Nothing here reaches the network: the puzzle travels inside the page (a
 * <script type="application/json">) because file:// pages cannot fetch.
 * "Today" is the browser's local date, or ?today=YYYY-MM-DD (for tests and
 * for previews); it only picks a page, never what a puzzle is.
 *
 * Automation contract (see the README): every cell has data-cell="ROW,COL";
 * the board has data-SCORE (data-spaces for Cat's Cradle) with the live
 * count and data-solved="true" once par is reached; #status shows (and
 * announces) what the last action did, every refusal with its reason and
 * every end state, with data-kind "move", "refused", "end" or "solved".
 *
 * The record of a day (localStorage, puzzlegen:GAME:DATE) is honest: a day
 * whose answer was shown ("show me", or the last hint's whole line) before it
 * was solved counts as shown, not solved, in the statistics, the streaks, the
 * archive and the share text; and a streak counts only days solved on their
 * own date (`on`), so catching up on old days does not build today's streak.
 *
 * What a game's script registers (templates/catscradle/board.js is the
 * model).  States are the game's own values, never changed in place; a move
 * is an object with at least `from` and `to`, the data-cell keys it joins.
 *   name, title         "cats-cradle", "Cat's Cradle" (name = <body data-game>)
 *   scoreName           the board attribute of the live count: data-<scoreName>
 *   initial(data)       the start state of the page's puzzle.json
 *   bestLine(data)      puzzle.json's best line as moves, replayed from the start
 *   legalMoves(state)   every legal move; movesFrom(state, key) those from one cell
 *   canPick(state, key) whether the cell holds something to pick up; if not,
 *   nothingText(state, key) says why
 *   apply(state, move)  the next state; score(state) the count par is measured in
 *   scoreText(n, par)   "3 of 6 spaces"; parText(par) "six spaces"
 *   moveText(state, move), pickedText(state, key)   words for the live region
 *   moveMark(state, move)   one character per move for the share text
 *   techniqueHint(tags), moveHint(state, move, first)  the first two hints: the
 *                       second names the best line's move `move` from `state`, the
 *                       line's first move when `first`, else its next
 *   build(board, document)  make the cells (elements with data-cell), once
 *   draw(board, state, {selected})  draw a state (selected: the key picked up, or
 *                       null); return each cell's accessible name by key
 * or, for a game played against the computer (templates/escape/board.js),
 *   startPage(shell)    runs the whole day's page itself; shell holds store,
 *                       dayRecord, today, minutes, showList, damaged,
 *                       showStatistics, navigate(date), wireCopy(doc) and
 *                       keepFocus(board) (site.js's)
 * and, optionally, for a game whose goal is not "reach par" or whose moves
 * are not all from one cell to another (templates/pendulum/board.js):
 *   isSolved(state, par, found)  solved? (default: score(state) >= par); `found`
 *                           is the list of what collect() returned on earlier games
 *   collect(state)          a name this state earns for the day (kept in the saved
 *                           record, e.g. a method won), or null
 *   statusText(state, par, showing, found)  the live status line (default from scoreText)
 *   endText(state, par, found)  said when no move is left and the puzzle is not solved
 *   solvedText(state, solve, best, par), shareScore(state, par)  the solved panel's
 *                           words and the share text's score (the shell adds the time)
 *   startText(state, data)  what #status says before the first move
 *   refusalText(state, from)  why a control's move is refused now
 *   stuckText(state, key)   why the pile at key cannot move now
 *   placeText(state, from, to)  why what is picked up at from may not go to to
 *   shareSolved(state, par)  the share text's score on a solved day, when the default
 *                           (shareScore) would give away the answer
 *   oneGame(state)          false when the day is solved over several games (each
 *                           winning method of a Pendulum deal): the share text then
 *                           gives no count of moves against the best line, nor marks
 *   arrows: "latest"        "show me" draws only the latest move's arrow
 * Buttons with data-move-from="KEY" (and data-move-to="TO") that build() makes
 * play movesFrom(state, KEY) (the one going to TO) like a click on a cell: a
 * swing, a choice of method.  A move whose keys name no cell draws no arrow.
 */
(function () {
  "use strict";

  const site = window.PuzzleSite;
  const store = site.store;
  const today = site.today;
  const minutes = site.minutes;

  function archiveDays() {
    return site.listedDays(window.PUZZLE_DAYS);
  }

  /** How a record counts: "solved" (by the player), "shown" (solved or not, after
   *  the answer was shown), "started" or null. */
  function outcome(record) {
    if (!record) return null;
    if (record.shown) return "shown";
    return record.solved ? "solved" : "started";
  }

  /** Played, solved, shown, and the current and longest streak of consecutive
   *  dates each solved on its own date without being shown the answer. */
  function statistics(gameName) {
    const records = store.records(gameName);
    const dates = Object.keys(records);
    const solved = dates.filter((d) => outcome(records[d]) === "solved").sort();
    const onTheDay = solved.filter((d) => records[d].on === d);
    const runs = site.streaks(onTheDay);
    return { played: dates.length, solved: solved.length,
      shown: dates.filter((d) => outcome(records[d]) === "shown").length,
      current: runs.current, longest: runs.longest };
  }

  function showStatistics(gameName, list) {
    if (!list) return;
    const s = statistics(gameName);
    const rows = [["Played", s.played], ["Solved", s.solved], ["Shown the answer", s.shown],
      ["Current streak", s.current], ["Longest streak", s.longest]];
    site.showList(list, rows);
  }

  // -- archive.html ------------------------------------------------------------
  // (index.html, today's puzzle, is site.openToday's: today's, else the latest
  // before it, else the archive; never a day after today.)
  function startArchive() {
    const gameName = document.body.dataset.game;
    const records = store.records(gameName);
    const t = today();
    site.archiveUpTo(archiveDays(), "puzzle", "puzzles"); // no day after today
    const words = { solved: "✓ solved", shown: "shown the answer", started: "started" };
    for (const row of document.querySelectorAll("tr[data-date]")) {
      const how = outcome(records[row.dataset.date]);
      const cell = row.querySelector(".solved-cell");
      if (!cell || !how) continue;
      cell.textContent = words[how];
      row.classList.add("is-" + how);
    }
    const todayRow = document.querySelector('tr[data-date="' + t + '"]');
    if (todayRow) todayRow.classList.add("is-today");
    showStatistics(gameName, document.getElementById("stats-list"));
  }

  // -- a day's page --------------------------------------------------------------
  /** Links to the days before and after `date` from the archive's list of days. */
  function navigate(date) {
    site.linkDays(date, archiveDays(), today()); // never on to a day after today
  }

  function startDay() {
    const body = document.body;
    const game = site.game(body.dataset.game);
    const play = document.getElementById("play");
    if (!game || !play) return; // no board script for this game: the static page remains
    const date = body.dataset.date;
    if (game.startPage) {
      // A game played against the computer (Escape) runs its own page, with these.
      game.startPage({ store: store, dayRecord: site.dayRecord, today: today, minutes: minutes,
        showList: site.showList, damaged: damaged, showStatistics: showStatistics,
        navigate: navigate, wireCopy: site.wireCopy, keepFocus: site.keepFocus });
      return;
    }
    const board = document.getElementById("board");
    const keepFocus = site.keepFocus(board);
    const $ = (id) => document.getElementById(id);
    // The puzzle inside the page: a damaged one gets a clear message and the
    // page's picture of the puzzle, never an empty page.
    let data;
    let start;
    let best;
    try {
      data = JSON.parse(document.getElementById("puzzle-data").textContent);
      if (!data || typeof data !== "object" || data.date !== date) {
        throw new Error("it is not this day's puzzle");
      }
      start = game.initial(data);
      best = game.bestLine(data);
      if (!best.length) throw new Error("it has no line of play");
    } catch (e) {
      damaged(e);
      return;
    }
    const par = data.par;
    const isSolved = (state) =>
      game.isSolved ? game.isSolved(state, par, record.found) : game.score(state) >= par;
    const statusOf = (state, showing) => game.statusText
      ? game.statusText(state, par, showing, record.found)
      : (showing ? "Best line: " : "") + game.scoreText(game.score(state), par);
    const isCell = (k) => board.querySelector('[data-cell="' + k + '"]') !== null;
    // The states the best line passes through, from the start to its end.
    const bestStates = best.reduce((states, m) =>
      states.concat([game.apply(states[states.length - 1], m)]), [start]);

    const ui = {
      states: [start], moves: [], undone: [], selected: null, focus: null,
      showing: false, showStep: 0, hints: 0, elapsed: 0, since: null, solvedNow: false,
    };
    const saved = store.get(game.name + ":" + date) || {};
    const record = site.dayRecord(saved);

    function save(progress) {
      const out = Object.assign({}, record);
      if (progress) {
        out.progress = ui.moves.map((m) => [m.from, m.to]);
        out.elapsed = elapsedMs();
      }
      store.set(game.name + ":" + date, out);
    }

    function current() {
      return ui.states[ui.states.length - 1];
    }

    function elapsedMs() {
      return ui.elapsed + (ui.since === null ? 0 : Date.now() - ui.since);
    }

    /** Say `text` in #status, seen and announced; `kind` is "move", "refused",
     *  "end" or "solved" (a refusal and an end state stand out). */
    function announce(text, kind) {
      const status = $("status");
      status.textContent = text;
      status.dataset.kind = kind || "move";
    }

    /** The answer was shown before the day was solved: it counts as shown.
     *  Returns the words that say so when this is the moment it starts to. */
    function markShown() {
      if (record.solved || record.shown) return "";
      record.shown = true;
      return " This day now counts as shown, not solved.";
    }

    game.build(board, document);
    play.hidden = false;
    board.setAttribute("role", "group");
    const cells = Array.from(board.querySelectorAll("[data-cell]"));
    ui.focus = cells[0].dataset.cell;

    function shownState() {
      if (!ui.showing) return current();
      let state = start;
      for (let i = 0; i < ui.showStep; i++) state = game.apply(state, best[i]);
      return state;
    }

    /** How far along the best line the board stands: k when it shows the state the
     *  line's first k moves reach (in whatever order they were played), else -1 (the
     *  player has left the line). */
    function alongBest() {
      const now = current();
      for (let k = bestStates.length - 1; k >= 0; k--) {
        if (sameState(bestStates[k], now)) return k;
      }
      return -1;
    }

    function targets() {
      if (ui.showing || ui.selected === null) return [];
      return game.movesFrom(current(), ui.selected).map((m) => m.to);
    }

    function render() {
      const state = shownState();
      const labels = game.draw(board, state, { selected: ui.showing ? null : ui.selected });
      const lit = targets();
      // The second hint's cell follows the board: the best line's next move while the
      // moves played are its first ones; none once the player has left it.
      const along = ui.hints >= 2 && !ui.showing ? alongBest() : -1;
      const hintCell = along >= 0 && along < best.length ? best[along].from : null;
      site.markCells(cells, labels, { selected: ui.selected, lit: lit, focus: ui.focus,
        hint: hintCell, seen: true,
        hintWords: along === 0 ? ", the first move starts here" : ", the next move starts here" });
      const score = game.score(current());
      board.setAttribute("data-" + game.scoreName, String(score));
      board.dataset.solved = isSolved(current()) ? "true" : "false";
      board.classList.toggle("is-showing", ui.showing);
      $("count").textContent = ui.showing
        ? statusOf(state, true)
        : statusOf(current(), false);
      $("moves").textContent = ui.moves.length + (ui.moves.length === 1 ? " move" : " moves");
      $("undo").disabled = ui.showing || ui.moves.length === 0;
      $("redo").disabled = ui.showing || ui.undone.length === 0;
      $("reset").disabled = ui.showing || ui.moves.length === 0;
      $("hint").disabled = ui.hints >= 3;
      $("hint").textContent = ["Hint", "Another hint", "Show the whole line", "Hint"][ui.hints];
      drawArrows();
      renderShowBar();
      renderSolved();
      keepFocus();
    }

    // -- picking up and placing ----------------------------------------------
    /** Click, tap or Enter on cell k: pick up, place, or say why not.  By the
     *  keyboard, picking up moves the focus to the first place to put it. */
    function activate(k, byKey) {
      ui.focus = k;
      if (ui.showing) {
        announce("Showing the best line: press “Back to my game” to play.", "refused");
        render();
        return;
      }
      const state = current();
      let refused = "";
      if (ui.selected !== null) {
        const move = game.movesFrom(state, ui.selected).find((m) => m.to === k);
        if (move) {
          play_(move);
          return;
        }
        if (k === ui.selected) {
          ui.selected = null;
          announce("Put back.");
          render();
          return;
        }
        const from = ui.selected;
        ui.selected = null;
        refused = (game.placeText && game.placeText(state, from, k)) ||
          game.pickedText(state, from).replace(" picked up", "") + " may not go there.";
        // A card that can move is picked up instead, as a click on it says.
        if (!game.canPick(state, k) || !game.movesFrom(state, k).length) {
          announce(refused + " Put back.", "refused");
          render();
          return;
        }
        refused += " ";
      }
      if (!game.canPick(state, k)) {
        ui.selected = null;
        announce(game.nothingText(state, k), "refused");
      } else if (!game.movesFrom(state, k).length) {
        ui.selected = null;
        announce((game.stuckText && game.stuckText(state, k)) ||
          game.pickedText(state, k).replace(" picked up", "") + " cannot move now.", "refused");
      } else {
        ui.selected = k;
        const n = game.movesFrom(state, k).length;
        announce(refused + game.pickedText(state, k) + ": " + n + (n === 1 ? " place" : " places") +
          " to put it.", refused ? "refused" : "move");
        if (byKey) ui.focus = targets()[0];
      }
      render();
    }

    function play_(move) {
      const before = current();
      if (ui.since === null && !record.solved) ui.since = Date.now();
      ui.states.push(game.apply(before, move));
      ui.moves.push(move);
      ui.undone = [];
      ui.selected = null;
      if (isCell(move.to)) ui.focus = move.to;
      afterMove(game.moveText(before, move));
    }

    /** What the board says when no move is left and the puzzle is not solved, or "". */
    function endOf(state) {
      if (isSolved(state) || game.legalMoves(state).length) return "";
      return game.endText ? game.endText(state, par, record.found)
        : "No moves left, short of " + game.parText(par) + ": undo, or start again.";
    }

    function afterMove(said) {
      const state = current();
      const done = isSolved(state);
      const earned = game.collect ? game.collect(state) : null;
      let text = said + ". " + statusOf(state, false) + ".";
      let kind = "move";
      const fresh = done && !ui.solvedNow;
      if (fresh) {
        ui.solvedNow = true;
        solved();
        text += record.shown ? " Solved, after the answer was shown." : " Solved!";
        kind = "solved";
      } else if (!done) {
        const end = endOf(state);
        if (end) {
          text += " " + end;
          kind = "end";
        }
      }
      if (earned !== null && record.found.indexOf(earned) < 0) record.found.push(earned);
      announce(text, kind);
      save(!done);
      render();
      // On a phone the solved panel lies below the board: bring it into view.
      if (fresh) $("solved").scrollIntoView({ block: "nearest" });
    }

    function solved() {
      if (ui.since !== null) {
        ui.elapsed += Date.now() - ui.since;
        ui.since = null;
      }
      let state = start;
      let marks = "";
      for (const m of ui.moves) {
        marks += game.moveMark(state, m);
        state = game.apply(state, m);
      }
      ui.solve = { moves: ui.moves.length, ms: ui.elapsed, marks: marks, hints: ui.hints };
      if (!record.solved) {
        record.solved = true;
        record.on = today();
        record.moves = ui.moves.length;
        record.ms = ui.elapsed;
        record.marks = marks;
        record.hints = ui.hints;
      }
    }

    function undo() {
      if (ui.showing || !ui.moves.length) return;
      const move = ui.moves.pop();
      ui.states.pop();
      ui.undone.push(move);
      ui.selected = null;
      if (!isSolved(current())) ui.solvedNow = false;
      announce("Undone: " + game.moveText(current(), move) + ". " +
        statusOf(current(), false) + ".", endOf(current()) ? "end" : "move");
      save(true);
      render();
    }

    function redo() {
      if (ui.showing || !ui.undone.length) return;
      const move = ui.undone.pop();
      const before = current();
      ui.states.push(game.apply(before, move));
      ui.moves.push(move);
      ui.selected = null;
      afterMove("Redone: " + game.moveText(before, move));
    }

    function reset() {
      if (ui.showing) return;
      ui.states = [start];
      ui.moves = [];
      ui.undone = [];
      ui.selected = null;
      ui.solvedNow = false;
      announce("Back to the start. " + statusOf(start, false) + ".");
      save(true);
      render();
    }

    // -- hints and "show me" -------------------------------------------------
    function hint() {
      if (ui.hints >= 3) return;
      ui.hints += 1;
      record.hints = Math.max(record.hints, ui.hints);
      const list = $("hint-list");
      let text;
      let counts = "";
      if (ui.hints === 1) {
        text = game.techniqueHint(data.tags || []);
      } else if (ui.hints === 2) {
        text = nextMoveHint();
      } else {
        counts = markShown();
        let state = start;
        text = "The whole line: " + best.map((m, i) => {
          const said = i + 1 + ". " + game.moveText(state, m);
          state = game.apply(state, m);
          return said;
        }).join("; ") + ".";
      }
      const item = document.createElement("li");
      item.textContent = text;
      list.appendChild(item);
      list.hidden = false;
      announce("Hint " + ui.hints + ": " + text + counts);
      save(!ui.solvedNow);
      render();
    }

    /** The second hint, for the board as it stands: the best line's next move while the
     *  moves played are its first ones, else its first move from the start, and how to
     *  get back there. */
    function nextMoveHint() {
      const along = alongBest();
      if (along === best.length) return "You have played the best line to its end.";
      if (along >= 0) return game.moveHint(bestStates[along], best[along], along === 0);
      return "Your moves have left the best line, so this hint is from the start: " +
        game.moveHint(start, best[0], true) + " “" + $("reset").textContent +
        "” puts the cards back where they began.";
    }

    function showMe(on) {
      ui.showing = on;
      ui.showStep = 0;
      ui.selected = null;
      if (on) {
        const counts = markShown();
        save(!ui.solvedNow);
        announce("Showing the best line from the start: " + best.length + " moves. Use Next." +
          counts);
      } else {
        announce("Back to your game. " + statusOf(current(), false) + ".");
      }
      render();
      if (on) $("show-next").focus();
    }

    function step(delta) {
      ui.showStep = Math.max(0, Math.min(best.length, ui.showStep + delta));
      render();
      if (ui.showStep > 0) {
        let state = start;
        for (let i = 0; i < ui.showStep - 1; i++) state = game.apply(state, best[i]);
        announce("Move " + ui.showStep + ": " + game.moveText(state, best[ui.showStep - 1]) + ".");
      } else {
        announce("The starting layout."); // the step line, no longer spoken, said it
      }
    }

    function renderShowBar() {
      const bar = $("showme-bar");
      bar.hidden = !ui.showing;
      $("showme").hidden = ui.showing;
      if (!ui.showing) return;
      $("show-prev").disabled = ui.showStep === 0;
      $("show-next").disabled = ui.showStep === best.length;
      let text = "The best line, " + best.length + " moves: ";
      if (ui.showStep === 0) {
        text += "the starting layout.";
      } else {
        let state = start;
        for (let i = 0; i < ui.showStep - 1; i++) state = game.apply(state, best[i]);
        text += "move " + ui.showStep + ", " + game.moveText(state, best[ui.showStep - 1]) + ".";
      }
      $("show-step").textContent = text;
    }

    // Numbered arrows over the board, from cell centre to cell centre.
    function drawArrows() {
      const svg = $("arrows");
      const NS = "http://www.w3.org/2000/svg";
      while (svg.lastChild && svg.lastChild.nodeName !== "defs") svg.removeChild(svg.lastChild);
      if (!ui.showing || ui.showStep === 0) return;
      const box = board.getBoundingClientRect();
      svg.setAttribute("viewBox", "0 0 " + box.width + " " + box.height);
      const centre = (k) => {
        const r = board.querySelector('[data-cell="' + k + '"]').getBoundingClientRect();
        return [r.left - box.left + r.width / 2, r.top - box.top + r.height / 2];
      };
      const seen = {};
      const first = game.arrows === "latest" ? ui.showStep - 1 : 0;
      for (let i = first; i < ui.showStep; i++) {
        if (!isCell(best[i].from) || !isCell(best[i].to)) continue;
        const [x1, y1] = centre(best[i].from);
        const [x2, y2] = centre(best[i].to);
        const latest = i === ui.showStep - 1;
        // Earlier moves fade (1, 0.55, 0.3, then 0.15) so the cards under them read.
        const age = ui.showStep - 1 - i;
        const fade = String([1, 0.55, 0.3][age] || 0.15);
        const len = Math.hypot(x2 - x1, y2 - y1) || 1;
        const edge = board.querySelector('[data-cell="' + best[i].to + '"]')
          .getBoundingClientRect();
        const [r1, c1] = best[i].from.split(",").map(Number);
        const [r2, c2] = best[i].to.split(",").map(Number);
        const apart = Math.max(Math.abs(r2 - r1), Math.abs(c2 - c1), 1);
        // Past a card on the way (a move along a line skips over cards) the arrow
        // bows to the side, so it does not strike through that card's text.
        // It bows towards the board's middle, never off the board's edge.
        let nx = -(y2 - y1) / len;
        let ny = (x2 - x1) / len;
        const mx = (x1 + x2) / 2;
        const my = (y1 + y2) / 2;
        if (nx * (box.width / 2 - mx) + ny * (box.height / 2 - my) < 0) {
          nx = -nx;
          ny = -ny;
        }
        const bow = apart > 1 ? Math.min(edge.width, edge.height) * 0.62 : 0;
        const cx = mx + nx * bow;
        const cy = my + ny * bow;
        // The head stops near the target card's edge, off its text, along the
        // direction the arrow arrives in.
        const trim = Math.max(Math.min(len / 2.2, Math.min(edge.width, edge.height) * 0.4),
          Math.min(18, len / 4));
        const tl = Math.hypot(x2 - cx, y2 - cy) || 1;
        const ex = x2 - ((x2 - cx) / tl) * trim;
        const ey = y2 - ((y2 - cy) / tl) * trim;
        const at = (t) => [(1 - t) * (1 - t) * x1 + 2 * (1 - t) * t * cx + t * t * ex,
          (1 - t) * (1 - t) * y1 + 2 * (1 - t) * t * cy + t * t * ey];
        const line = document.createElementNS(NS, "path");
        line.setAttribute("d", "M " + x1 + " " + y1 + " Q " + cx + " " + cy + " " + ex + " " + ey);
        line.setAttribute("class", latest ? "arrow latest" : "arrow");
        line.setAttribute("marker-end", latest ? "url(#head-latest)" : "url(#head)");
        line.setAttribute("opacity", fade);
        svg.appendChild(line);
        // The number sits in a gap between cells, off the cards' texts: the first
        // gap after the start; moves along the same path (or its reverse) take
        // the next gaps, then either side of them.
        const path = [best[i].from, best[i].to].sort().join(" ");
        seen[path] = (seen[path] || 0) + 1;
        const k = seen[path] - 1;
        const t = (((k % apart) + 0.5) / apart) + [0, -0.14, 0.14][Math.floor(k / apart) % 3] / apart;
        const g = document.createElementNS(NS, "g");
        g.setAttribute("class", latest ? "step latest" : "step");
        g.setAttribute("opacity", fade);
        g.dataset.step = String(i + 1);
        const circle = document.createElementNS(NS, "circle");
        const [bx, by] = bow ? at(t) : [x1 + (x2 - x1) * t, y1 + (y2 - y1) * t];
        circle.setAttribute("cx", bx);
        circle.setAttribute("cy", by);
        circle.setAttribute("r", latest ? 11 : 9);
        const label = document.createElementNS(NS, "text");
        label.setAttribute("x", bx);
        label.setAttribute("y", by);
        label.setAttribute("dy", "0.35em");
        label.textContent = String(i + 1);
        g.append(circle, label);
        svg.appendChild(g);
      }
    }

    // -- solved panel and share text --------------------------------------------
    function renderSolved() {
      const panel = $("solved");
      const done = isSolved(current()) && !ui.showing && ui.solve;
      panel.hidden = !done;
      const before = $("already");
      before.hidden = !(record.solved && !done);
      if (record.solved && !done) {
        before.textContent = (record.shown
          ? "You have played this puzzle through in this browser after seeing the answer, so it counts as shown, not solved"
          : "You have solved this puzzle in this browser" +
            (record.moves ? ", in " + record.moves + " moves and " + minutes(record.ms) : "")) +
          ". Play it again if you like.";
      }
      if (!done) return;
      $("solved-title").textContent = record.shown ? "Done, with the answer shown" : "Solved!";
      const s = ui.solve;
      const diff = s.moves - best.length;
      const said = game.solvedText ? game.solvedText(current(), s, best, par)
        : "You found " + game.parText(par) + " in " + s.moves +
          (s.moves === 1 ? " move" : " moves") + "; the best line takes " + best.length +
          (diff > 0 ? " (" + diff + " more than needed)." : diff === 0 ? " — a perfect line." :
            " — fewer than the best line!");
      $("solved-text").textContent = said + " Time: " + minutes(s.ms) + "." + (record.shown
        ? " You saw the answer first, so this day counts as shown, not solved, and does not" +
          " add to your streak." : "");
      $("share-text").value = shareText(s);
      showStatistics(game.name, $("stats-list"));
    }

    function shareText(s) {
      const help = s.hints ? " · " + s.hints + (s.hints === 1 ? " hint" : " hints") : "";
      const head = game.title + " · " + date + " · " + data.level + "\n" +
        (record.shown ? "shown the answer, then " : "");
      // The last game's moves are not the day's when it took several games to solve.
      if (game.oneGame && !game.oneGame(current())) {
        return head + game.shareScore(current(), par) + help + " · " + minutes(s.ms);
      }
      return head +
        (game.shareScore ? game.shareScore(current(), par) + ", " :
          game.scoreText(par, par) + " in ") + s.moves + " moves (best " + best.length + ")" +
        help + " · " + minutes(s.ms) + "\n" + s.marks;
    }

    // -- keyboard ------------------------------------------------------------------
    /** Tab and Shift+Tab on the board go straight to the next cell worth a key
     *  press: a card that can move, or, with one picked up, a place for it.
     *  Past the last one the focus leaves the board as usual. */
    function tabStop(el, back) {
      if (ui.showing) return null;
      const state = current();
      const stops = ui.selected !== null ? targets().concat([ui.selected])
        : cells.map((c) => c.dataset.cell).filter((k) => game.canPick(state, k) &&
          game.movesFrom(state, k).length > 0);
      const order = back ? cells.slice().reverse() : cells;
      const here = order.indexOf(el);
      return order.slice(here + 1).find((c) => stops.includes(c.dataset.cell)) || null;
    }

    function onKey(event) {
      const el = event.target.closest("[data-cell]");
      if (!el) return;
      if (event.key === "Tab" && !event.altKey && !event.ctrlKey && !event.metaKey) {
        const next = tabStop(el, event.shiftKey);
        if (next) {
          ui.focus = next.dataset.cell;
          render();
          next.focus();
          event.preventDefault();
        }
        return;
      }
      const [row, col] = el.dataset.cell.split(",").map(Number);
      const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1],
        ArrowRight: [0, 1] };
      if (event.key in steps) {
        const [dr, dc] = steps[event.key];
        const next = board.querySelector('[data-cell="' + (row + dr) + "," + (col + dc) + '"]');
        if (next) {
          ui.focus = next.dataset.cell;
          render();
          next.focus();
        }
        event.preventDefault();
      } else if (event.key === "Escape" && ui.selected !== null) {
        ui.focus = ui.selected;
        ui.selected = null;
        announce("Put back.");
        render();
        board.querySelector('[data-cell="' + ui.focus + '"]').focus();
      }
    }

    board.addEventListener("click", (event) => {
      const el = event.target.closest("[data-cell]");
      if (el) {
        // detail 0: a click made by the keyboard (Enter or Space on the button).
        activate(el.dataset.cell, event.detail === 0);
        board.querySelector('[data-cell="' + ui.focus + '"]').focus();
      }
    });
    board.addEventListener("keydown", onKey);
    // A game's own controls (a swing, a choice of method) play moves too.
    play.addEventListener("click", (event) => {
      const button = event.target.closest("[data-move-from]");
      if (!button || ui.showing) return;
      const from = button.dataset.moveFrom;
      const to = button.dataset.moveTo;
      const move = game.movesFrom(current(), from).find((m) => to === undefined || m.to === to);
      if (move) {
        play_(move);
      } else {
        announce((game.refusalText && game.refusalText(current(), from, to)) || "Not now.",
          "refused");
        render();
      }
    });
    $("undo").addEventListener("click", undo);
    $("redo").addEventListener("click", redo);
    $("reset").addEventListener("click", reset);
    $("hint").addEventListener("click", hint);
    $("showme").addEventListener("click", () => showMe(true));
    $("show-exit").addEventListener("click", () => showMe(false));
    $("show-prev").addEventListener("click", () => step(-1));
    $("show-next").addEventListener("click", () => step(1));
    site.wireCopy(document);
    document.addEventListener("keydown", (event) => {
      const typing = event.target.closest("textarea, input");
      if (typing || event.altKey || event.metaKey) return;
      if (event.ctrlKey && event.key === "z") undo();
      else if (event.ctrlKey && event.key === "y") redo();
    });
    window.addEventListener("resize", drawArrows);

    navigate(date);

    announce(game.startText ? game.startText(start, data) : "Your move: pick up a card.");
    // Pick up where this browser left off.
    if (Array.isArray(saved.progress)) {
      for (const [from, to] of saved.progress) {
        const move = game.movesFrom(current(), from).find((m) => m.to === to);
        if (!move) break;
        ui.states.push(game.apply(current(), move));
        ui.moves.push(move);
      }
      ui.elapsed = saved.elapsed || 0;
      if (ui.moves.length) {
        const end = endOf(current());
        announce("Welcome back: your moves so far are on the board." + (end ? " " + end : ""),
          end ? "end" : "move");
      }
    }
    // The hints given before, again, over the moves restored; #status keeps saying
    // where the day was left (the last hint given again took its place), as Escape's.
    if (record.hints) {
      const said = [$("status").textContent, $("status").dataset.kind];
      const n = record.hints;
      for (let i = 0; i < n; i++) hint();
      announce(said[0], said[1]);
    }
    render();
  }

  /** Whether two states of a game are the same: plain objects, arrays and values
   *  compared member by member, whatever order an object's keys were set in. */
  function sameState(a, b) {
    if (a === b) return true;
    if (typeof a !== "object" || typeof b !== "object" || a === null || b === null ||
        Array.isArray(a) !== Array.isArray(b)) return false;
    const keys = Object.keys(a);
    return keys.length === Object.keys(b).length &&
      keys.every((k) => Object.prototype.hasOwnProperty.call(b, k) && sameState(a[k], b[k]));
  }

  /** A day whose embedded puzzle cannot be read: say so plainly, and show the
   *  page's picture of the puzzle and its solution (the no-script fallback). */
  function damaged(error) {
    const main = document.querySelector("main");
    const note = document.createElement("div");
    note.id = "damaged";
    note.className = "panel damaged";
    note.setAttribute("role", "alert");
    const head = document.createElement("p");
    head.innerHTML = "<strong>This day’s puzzle cannot be played here:</strong> the puzzle" +
      " data inside the page is damaged.";
    const why = document.createElement("p");
    why.className = "meta";
    why.textContent = "What is wrong: " + (error && error.message ? error.message : String(error)) +
      ". The puzzle's picture and its solution are below; other days are in ";
    const link = document.createElement("a");
    link.href = site.keepToday("../archive.html");
    link.textContent = "the archive";
    why.append(link, ".");
    note.append(head, why);
    const play = document.getElementById("play");
    play.parentNode.insertBefore(note, play);
    const fallback = main.querySelector("noscript");
    if (fallback) fallback.insertAdjacentHTML("afterend", fallback.textContent);
  }

  document.addEventListener("DOMContentLoaded", function () {
    const page = document.body.dataset.page;
    if (page === "today") site.openToday(archiveDays());
    else if (page === "archive") startArchive();
    else if (page === "day") startDay();
  });
})();
