/* Cat's Cradle, the whole game of the day: the page.
 *
 * Cat's Cradle is a patience invented by Michael Bourne (divertimenti, 1986).
 * Three kinds of page load this script, told apart by <body data-page>:
 *   "game-today"    game/index.html: opens today's game, else the latest before it;
 *   "game-archive"  game/archive.html: the days up to today, marked when played here,
 *                   and statistics;
 *   "game-day"      game/DATE/index.html: the game itself.
 * The rules of a move and the board's drawing are the daily puzzle's own
 * (assets/cats-cradle.js, loaded after this file: it registers with
 * assets/site.js, loaded first, which also keeps the browser's records and
 * the dates every page shares); when a sequence is over, the deal and the
 * search behind "Still winnable?" are assets/cats-cradle-game.js's, which
 * runs in a Web Worker.
 *
 * Automation contract (see the README): every cell has data-cell="ROW,COL";
 * #board has data-spaces (spaces on the board), data-created (spaces this
 * sequence made so far), data-sequence (the current sequence, from 1),
 * data-stock (cards left in the stock), data-state ("playing", "ended": no
 * series of moves can make another space and #deal is enabled, "won",
 * "lost") and data-solved="true" once won.  #deal deals.
 *
 * Whole-game records are kept apart from the puzzles': localStorage keys
 * "puzzlegen:cats-cradle-game:DATE".
 */
(function () {
  "use strict";

  const site = window.PuzzleSite;
  const NAME = "cats-cradle-game";
  const today = site.today;
  const listedDays = site.listedDays;
  const plural = site.plural;

  /** Played, won, current and longest streak of consecutive days won. */
  function statistics() {
    const records = site.store.records(NAME);
    const played = Object.keys(records).filter((d) => records[d].result);
    const won = played.filter((d) => records[d].result === "won").sort();
    const runs = site.streaks(won);
    return { played: played.length, won: won.length, current: runs.current,
      longest: runs.longest };
  }

  function showStatistics(list) {
    if (!list) return;
    const s = statistics();
    site.showList(list, [["Games played", s.played], ["Won", s.won],
      ["Current streak", s.current], ["Longest streak", s.longest]]);
  }

  // -- game/index.html and game/archive.html -------------------------------------
  // As the puzzles' (site.js): a site may hold games ahead of their dates, and no
  // redirect, row or link offers one after today.
  function startArchive() {
    site.archiveUpTo(listedDays(window.GAME_DAYS), "game", "games");
    const records = site.store.records(NAME);
    for (const row of document.querySelectorAll("tr[data-date]")) {
      const record = records[row.dataset.date];
      const cell = row.querySelector(".solved-cell");
      if (!cell || !record) continue;
      cell.textContent = record.result === "won" ? "✓ won" : record.result === "lost" ? "lost"
        : "started";
      row.classList.add(record.result === "won" ? "is-solved" : "is-started");
    }
    const todayRow = document.querySelector('tr[data-date="' + today() + '"]');
    if (todayRow) todayRow.classList.add("is-today");
    showStatistics(document.getElementById("stats-list"));
  }

  // -- the game ----------------------------------------------------------------
  function startDay() {
    const rules = window.CatsCradleGame;
    const game = site.game("cats-cradle");
    const play = document.getElementById("play");
    if (!rules || !game || !play) return; // a script is missing: the static page remains
    const $ = (id) => document.getElementById(id);
    const data = JSON.parse($("game-data").textContent);
    const date = document.body.dataset.date;
    const board = $("board");
    const keepFocus = site.keepFocus(board);
    const deal = data.deal;
    const stock = deal.slice(16);
    const stockClasses = stock.map(rules.cardClass);
    const first = deal.slice(0, 16).map((c) => [c]);
    const spaces = (state) => state.filter((s) => s.length === 0).length;
    const symbol = (text) => text.replace(/[CDHS]$/, (s) => ({ C: "♣", D: "♦", H: "♥", S: "♠" })[s]);

    /** Fill the spaces of `state` in cell order from the stock at `next`. */
    function dealInto(state, next) {
      const filled = state.map((s) => s.slice());
      const dealt = [];
      for (let i = 0; i < filled.length && next < stock.length; i++) {
        if (!filled[i].length) {
          filled[i] = [stock[next]];
          dealt.push(stock[next]);
          next++;
        }
      }
      return { state: filled, dealt: dealt, next: next };
    }

    function findMove(state, from, to) {
      return game.movesFrom(state, from).find((m) => m.to === to) || null;
    }

    // The certified line, replayed: each sequence's start, moves and end.
    const certified = [];
    (function () {
      let state = first;
      let next = 0;
      for (const seq of data.line) {
        const start = state;
        const moves = [];
        for (const m of seq.moves) {
          const move = findMove(state, m.from.join(","), m.to.join(","));
          if (!move || move.card !== m.card || move.onto !== m.onto) {
            throw new Error("game.json's line does not replay: " + JSON.stringify(m));
          }
          moves.push({ move: move, before: state });
          state = game.apply(state, move);
        }
        const end = state;
        const after = dealInto(end, next);
        certified.push({ start: start, moves: moves, end: end, dealt: after.dealt });
        state = after.state;
        next = after.next;
      }
    })();

    const saved = site.store.get(NAME + ":" + date) || {};
    const record = {
      result: saved.result === "won" || saved.result === "lost" ? saved.result : null,
      solved: saved.result === "won",
      hints: saved.hints || 0,
      asked: Array.isArray(saved.asked) ? saved.asked : [],
      shown: !!saved.shown,
      ms: saved.ms || null,
      sequences: saved.sequences || null,
    };

    const ui = {
      seqs: [], start: first, states: [first], moves: [], next: 0, over: null,
      end: false, selected: null, focus: "0,0", seqHints: 0, hintCell: null,
      showing: false, showStep: 0, elapsed: 0, since: null, busy: false,
    };

    function current() {
      return ui.states[ui.states.length - 1];
    }

    function elapsedMs() {
      return ui.elapsed + (ui.since === null ? 0 : Date.now() - ui.since);
    }

    function layout(state) {
      return rules.layoutOf(state);
    }

    function created() {
      return spaces(current()) - spaces(ui.start);
    }

    /** Whether no series of moves from the current state can make another space. */
    function checkEnd() {
      const l = layout(current());
      ui.end = rules.isEnd(l.bottom, l.height);
      if (ui.end && created() === 0 && !ui.over) ui.over = "lost";
    }

    function phase() {
      if (ui.over) return ui.over;
      return ui.end ? "ended" : "playing";
    }

    function save() {
      const out = Object.assign({}, record);
      out.done = ui.seqs.map((s) => s.moves.map((m) => [m.from, m.to]));
      out.current = ui.moves.map((m) => [m.from, m.to]);
      out.elapsed = elapsedMs();
      site.store.set(NAME + ":" + date, out);
    }

    function announce(text) {
      $("announce").textContent = text;
    }

    // -- playing ---------------------------------------------------------------
    function playMove(move, quiet) {
      const before = current();
      if (ui.since === null && !ui.over && !quiet) ui.since = Date.now();
      ui.states.push(game.apply(before, move));
      ui.moves.push(move);
      ui.selected = null;
      checkEnd();
      if (quiet) return;
      ui.focus = move.to;
      announce(game.moveText(before, move) + ". " + statusText());
      if (ui.over) finish();
      followHint();
      forgetAnswer();
      save();
      render();
    }

    /** "Still winnable?" answers for the board it was asked on: a move, an undo or a
     *  restart puts it away (it stayed up, "Yes" on a board that could no longer win),
     *  and a search still running for the old board is not shown when it ends. */
    function forgetAnswer() {
      asking += 1;
      $("winnable-answer").hidden = true;
    }

    /** The hinted cell follows the board: after a move (or its undoing) it marks where
     *  the hint's line goes on from here (it stayed on the cell the hint was given for,
     *  often the card just moved). */
    function followHint() {
      if (ui.seqHints < 2 || ui.over) return;
      const steps = planMoves(plan());
      ui.hintCell = steps.length ? steps[0].move.from : null;
    }

    function dealNow(quiet) {
      if (phase() !== "ended") {
        if (!quiet) announce("Not yet: a series of moves can still make another space.");
        return;
      }
      const made = created();
      const after = dealInto(current(), ui.next);
      ui.seqs.push({ moves: ui.moves.slice(), spaces: made, dealt: after.dealt });
      ui.next = after.next;
      ui.start = after.state;
      ui.states = [after.state];
      ui.moves = [];
      ui.selected = null;
      ui.seqHints = 0;
      if (ui.next >= stock.length) {
        ui.over = "won";
        ui.end = false;
      } else {
        checkEnd();
      }
      if (quiet) return;
      $("hint-list").textContent = "";
      $("hint-list").hidden = true;
      forgetAnswer(); // a search still running was for the board before
      announce("Dealt " + after.dealt.map(symbol).join(", ") + ". " + statusText());
      if (ui.over) finish();
      save();
      render();
    }

    function finish() {
      if (ui.since !== null) {
        ui.elapsed += Date.now() - ui.since;
        ui.since = null;
      }
      if (!record.result) {
        record.result = ui.over;
        record.solved = ui.over === "won";
        record.ms = ui.elapsed;
        record.sequences = ui.seqs.length + (ui.over === "lost" ? 1 : 0);
      }
    }

    function undo() {
      if (ui.showing || ui.over || !ui.moves.length) return;
      const move = ui.moves.pop();
      ui.states.pop();
      ui.selected = null;
      checkEnd();
      announce("Undone: " + game.moveText(current(), move) + ". " + statusText());
      followHint();
      forgetAnswer();
      save();
      render();
    }

    function restartSequence() {
      if (ui.showing || ui.over || !ui.moves.length) return;
      ui.states = [ui.start];
      ui.moves = [];
      ui.selected = null;
      checkEnd();
      announce("Back to the start of this sequence. " + statusText());
      followHint();
      forgetAnswer();
      save();
      render();
    }

    function playAgain() {
      ui.seqs = [];
      ui.start = first;
      ui.states = [first];
      ui.moves = [];
      ui.next = 0;
      ui.over = null;
      ui.seqHints = 0;
      ui.elapsed = 0;
      ui.since = null;
      checkEnd();
      $("hint-list").textContent = "";
      $("hint-list").hidden = true;
      forgetAnswer(); // a search still running was for the board before
      announce("The deal again, from the first layout. Your first result stays recorded.");
      save();
      render();
    }

    function activate(k, byKey) {
      ui.focus = k;
      if (ui.showing) return;
      if (ui.over) {
        announce(statusText());
        render();
        return;
      }
      const state = current();
      let refused = "";
      if (ui.selected !== null) {
        const move = findMove(state, ui.selected, k);
        if (move) {
          playMove(move, false);
          return;
        }
        if (k === ui.selected) {
          ui.selected = null;
          announce("Put back.");
          render();
          return;
        }
        // Not a place for it: said, as the puzzle pages say it (it was dropped
        // without a word, or the card there picked up instead).
        refused = game.placeText(state, ui.selected, k);
        ui.selected = null;
        if (!game.canPick(state, k) || !game.movesFrom(state, k).length) {
          announce(refused + " Put back.");
          render();
          return;
        }
        refused += " ";
      }
      if (!game.canPick(state, k)) {
        ui.selected = null;
        announce(game.nothingText(state, k));
      } else if (!game.movesFrom(state, k).length) {
        ui.selected = null;
        announce(game.pickedText(state, k).replace(" picked up", "") + " cannot move now.");
      } else {
        ui.selected = k;
        const places = game.movesFrom(state, k);
        announce(refused + game.pickedText(state, k) + ": " + places.length +
          (places.length === 1 ? " place" : " places") + " to put it.");
        if (byKey) ui.focus = places[0].to; // by the keyboard, on to the first place
      }
      render();
    }

    // -- words -----------------------------------------------------------------

    function statusText() {
      const left = stock.length - ui.next;
      switch (phase()) {
        case "won":
          return "You won! The stock is used up after " +
            plural(ui.seqs.length, "sequence", "sequences") + ".";
        case "lost":
          return "Lost: no series of moves can make a space in sequence " +
            (ui.seqs.length + 1) + ", with " + plural(left, "card", "cards") +
            " still in the stock.";
        case "ended":
          return "No series of moves can make another space: press Deal to fill the " +
            plural(spaces(current()), "space", "spaces") + " from the stock.";
        default:
          return "Sequence " + (ui.seqs.length + 1) + ": " +
            plural(created(), "space", "spaces") + " made so far.";
      }
    }

    // -- hints: the strong player's choice while the game follows the certified
    // line (the page stores it for each of the line's sequence starts), else the
    // most spaces the sequence can still make --------------------------------------
    function strongEnd(i) {
      let state = certified[i].start;
      for (const m of data.line[i].strong || []) {
        const move = findMove(state, m.from.join(","), m.to.join(","));
        if (!move) return null;
        state = game.apply(state, move);
      }
      return data.line[i].strong && data.line[i].strong.length ? state : null;
    }

    /** Where the hints lead: the winning line's ending while it can still be reached
     *  (they aimed at the strong player's, where the two differ, and that ending lost
     *  most such days), else the most spaces the sequence can still make.  ``strong``
     *  is the strong player's ending's spaces, said beside it, or null. */
    function plan() {
      const state = current();
      const l = layout(state);
      const i = ui.seqs.length;
      if (i < certified.length &&
        game.positionText(certified[i].start) === game.positionText(ui.start)) {
        const strong = strongEnd(i);
        const winning = layout(certified[i].end).height;
        const path = rules.pathTo(l.bottom, l.height, winning);
        if (path) {
          const theirs = strong ? layout(strong).height : null;
          return { path: path, spaces: spacesOfHeights(winning), winning: true,
            strong: theirs ? spacesOfHeights(theirs) : null,
            sameEnd: theirs !== null && theirs.join() === winning.join() };
        }
      }
      const best = rules.bestEnd(l.bottom, l.height);
      return { path: best.path, spaces: best.spaces, winning: false, strong: null };
    }

    function spacesOfHeights(height) {
      return height.filter((h) => h === 0).length;
    }

    function planMoves(p) {
      let state = current();
      return p.path.map(([src, dst]) => {
        const move = findMove(state, rowCol(src), rowCol(dst));
        const said = game.moveText(state, move);
        state = game.apply(state, move);
        return { move: move, text: said };
      });
    }

    function rowCol(cell) {
      return Math.floor(cell / 4) + "," + (cell % 4);
    }

    function hint() {
      if (ui.over || ui.showing || ui.seqHints >= 3) return;
      ui.seqHints += 1;
      record.hints += 1;
      const p = plan();
      const steps = planMoves(p);
      const start = layout(ui.start);
      const most = rules.bestEnd(start.bottom, start.height).spaces - spaces(ui.start);
      const aim = p.spaces - spaces(ui.start);
      let text;
      if (ui.seqHints === 1) {
        const made = plural(aim, "space", "spaces");
        if (p.winning) {
          text = "The winning line makes " + made + " in this sequence" +
            (aim < most ? ", fewer than the " + most + " it could make." : ".");
          if (p.strong !== null) {
            const theirs = p.strong - spaces(ui.start);
            text += " A strong player, who sees the cards dealt so far but not the stock's " +
              "order, would stop " + (p.sameEnd ? "there too."
              : (theirs === aim ? "at as many spaces, in another ending"
                : "at " + plural(theirs, "space", "spaces")) + ": the winning line knows " +
                "which cards come next.");
          }
        } else {
          text = "The most spaces this sequence can still reach is " + aim +
            ". Look at the blocked pairs before you choose between endings.";
        }
      } else if (ui.seqHints === 2) {
        text = steps.length ? "Move " + steps[0].text + " next." :
          "You are where the line stops: deal.";
      } else {
        text = steps.length ? "From here: " + steps.map((s, n) => (n + 1) + ". " + s.text)
          .join("; ") + ", then deal." : "You are where the line stops: deal.";
      }
      const item = document.createElement("li");
      item.textContent = text;
      $("hint-list").appendChild(item);
      $("hint-list").hidden = false;
      announce("Hint: " + text);
      followHint();
      save();
      render();
    }

    // -- still winnable? -------------------------------------------------------------
    let worker = null;
    let asking = 0;

    function workerCode() {
      return "\"use strict\";\nconst rules = " + rules.factorySource + ";\n" +
        "self.onmessage = function (event) {\n" +
        "  const q = event.data;\n  const t0 = Date.now();\n" +
        "  const r = rules.winnable(q.bottom, q.height, q.startSpaces, q.stock, q.next);\n" +
        "  self.postMessage({ id: q.id, won: r.won, layouts: r.layouts, ms: Date.now() - t0 });\n" +
        "};\n";
    }

    function search(question, reply) {
      // A worker made from a blob: file:// pages cannot start one from a file.
      if (worker === null) {
        try {
          const url = URL.createObjectURL(new Blob([workerCode()], { type: "text/javascript" }));
          worker = new Worker(url);
          worker.onmessage = (event) => reply(event.data, "worker");
        } catch (e) {
          worker = false;
        }
      }
      if (worker) {
        worker.postMessage(question);
        return;
      }
      setTimeout(() => { // no worker here: search on the page, after it has drawn "Searching…"
        const t0 = Date.now();
        const r = rules.winnable(question.bottom, question.height, question.startSpaces,
          question.stock, question.next);
        reply({ id: question.id, won: r.won, layouts: r.layouts, ms: Date.now() - t0 }, "page");
      }, 30);
    }

    function askWinnable() {
      if (ui.over || ui.showing || ui.busy) return;
      const l = layout(current());
      ui.busy = true;
      asking += 1;
      const answer = $("winnable-answer");
      answer.hidden = false;
      answer.dataset.answer = "";
      answer.textContent = "Searching every way of playing on…";
      const where = { sequence: ui.seqs.length + 1, moves: ui.moves.length };
      const t0 = performance.now();
      search({ id: asking, bottom: l.bottom, height: l.height, startSpaces: spaces(ui.start),
        stock: stockClasses, next: ui.next }, (r, how) => {
        ui.busy = false;
        if (r.id !== asking) { // asked of a board since left: the button comes back
          render();
          return;
        }
        const ms = Math.round(performance.now() - t0);
        record.asked.push({ sequence: where.sequence, moves: where.moves, won: r.won });
        answer.dataset.answer = r.won ? "yes" : "no";
        answer.dataset.ms = String(ms);
        answer.dataset.searchMs = String(r.ms);
        answer.dataset.where = how;
        answer.textContent = (r.won
          ? "Yes: from here the game can still be won."
          : "No: from here no way of playing on uses up the stock.") +
          " (" + plural(r.layouts, "sequence", "sequences") + " searched.)";
        announce(answer.textContent);
        save();
        render();
      });
      render();
    }

    // -- show me: the certified line from the deal -------------------------------------
    const steps = [];
    certified.forEach((seq, i) => {
      seq.moves.forEach((m, j) => {
        steps.push({ state: game.apply(m.before, m.move), text: "Sequence " + (i + 1) +
          ", move " + (j + 1) + ": " + game.moveText(m.before, m.move) + "." });
      });
      steps.push({ deal: i, text: "", state: null });
    });
    (function () { // each deal's state and words, the stock read in order
      let next = 0;
      for (const s of steps) {
        if (s.deal === undefined) continue;
        const seq = certified[s.deal];
        const after = dealInto(seq.end, next);
        s.state = after.state;
        next = after.next;
        s.text = "End of sequence " + (s.deal + 1) + ": " +
          plural(spaces(seq.end) - spaces(seq.start), "space", "spaces") + "; dealt " +
          after.dealt.map(symbol).join(", ") +
          (next >= stock.length ? ". The stock is used up: won." : ".");
      }
    })();

    function showMe(on) {
      ui.showing = on;
      ui.showStep = 0;
      ui.selected = null;
      if (on) {
        record.shown = true;
        save();
        announce("Showing the winning line from the deal: " + steps.length + " steps. Use Next.");
      } else {
        announce("Back to your game. " + statusText());
      }
      render();
      if (on) $("show-next").focus();
    }

    function step(delta) {
      ui.showStep = Math.max(0, Math.min(steps.length, ui.showStep + delta));
      render();
      announce(ui.showStep ? steps[ui.showStep - 1].text : "The first layout.");
    }

    // -- drawing -----------------------------------------------------------------
    function shownState() {
      if (!ui.showing) return current();
      return ui.showStep === 0 ? first : steps[ui.showStep - 1].state;
    }

    function render() {
      const state = shownState();
      const labels = game.draw(board, state, { selected: ui.showing ? null : ui.selected });
      const lit = ui.showing || ui.selected === null || ui.over ? []
        : game.movesFrom(current(), ui.selected).map((m) => m.to);
      const hintCell = !ui.showing && ui.seqHints >= 2 && !ui.over ? ui.hintCell : null;
      site.markCells(cells, labels, { selected: ui.selected, lit: lit, focus: ui.focus,
        hint: hintCell });
      const ph = phase();
      board.dataset.spaces = String(spaces(current()));
      board.dataset.created = String(created());
      board.dataset.sequence = String(ui.seqs.length + 1);
      board.dataset.stock = String(stock.length - ui.next);
      board.dataset.state = ph;
      board.dataset.solved = ph === "won" ? "true" : "false";
      board.classList.toggle("is-showing", ui.showing);
      document.body.dataset.state = ph;
      $("status").textContent = ui.showing ? "Showing the winning line: your game waits." : statusText();
      $("status").className = "game-status is-" + ph;
      $("count").textContent = plural(spaces(current()), "space", "spaces");
      $("sequence").textContent = "Sequence " + (ui.seqs.length + 1 - (ph === "won" ? 1 : 0));
      $("stock").textContent = "Stock: " + plural(stock.length - ui.next, "card", "cards");
      $("deal").disabled = ui.showing || ph !== "ended";
      $("deal").classList.toggle("is-ready", !ui.showing && ph === "ended");
      $("undo").disabled = ui.showing || !!ui.over || ui.moves.length === 0;
      $("reset").disabled = ui.showing || !!ui.over || ui.moves.length === 0;
      $("hint").disabled = ui.showing || !!ui.over || ui.seqHints >= 3;
      $("hint").textContent = ["Hint", "Another hint", "The whole sequence", "Hint"][ui.seqHints];
      $("winnable").disabled = ui.showing || !!ui.over || ui.busy;
      renderLog();
      renderShowBar();
      renderResult();
      keepFocus();
    }

    function renderLog() {
      const list = $("sequences");
      list.textContent = "";
      ui.seqs.forEach((s) => {
        const item = document.createElement("li");
        item.textContent = plural(s.moves.length, "move", "moves") + ", " +
          plural(s.spaces, "space", "spaces") + "; dealt " + s.dealt.map(symbol).join(" ") + ".";
        list.appendChild(item);
      });
      if (!ui.seqs.length) {
        const item = document.createElement("li");
        item.className = "none";
        item.textContent = "None yet: the first sequence is under way.";
        list.appendChild(item);
      }
    }

    function renderShowBar() {
      $("showme-bar").hidden = !ui.showing;
      $("showme").hidden = ui.showing;
      if (!ui.showing) return;
      $("show-prev").disabled = ui.showStep === 0;
      $("show-next").disabled = ui.showStep === steps.length;
      $("show-step").textContent = "The winning line, step " + ui.showStep + " of " +
        steps.length + ": " + (ui.showStep ? steps[ui.showStep - 1].text : "the first layout.");
    }

    function renderResult() {
      const panel = $("result");
      panel.hidden = !ui.over || ui.showing;
      if (panel.hidden) return;
      $("result-title").textContent = ui.over === "won" ? "Won!" : "Lost";
      const first = record.result && record.result !== ui.over
        ? " Your first game of this deal was " + record.result + "; that one counts." : "";
      $("result-text").textContent = (ui.over === "won"
        ? "You used up the stock in " + plural(ui.seqs.length, "sequence", "sequences") + "."
        : "Sequence " + (ui.seqs.length + 1) + " could make no space, with " +
          plural(stock.length - ui.next, "card", "cards") + " left in the stock.") +
        " Time: " + site.minutes(ui.elapsed) + "." + first;
      $("share-text").value = shareText();
      showStatistics($("stats-list"));
    }

    function shareText() {
      const help = [];
      if (record.hints) help.push(plural(record.hints, "hint", "hints"));
      const asked = record.asked.length;
      if (asked) help.push("asked “still winnable?” " + (asked === 1 ? "once" : asked + " times"));
      if (record.shown) help.push("looked at the line");
      return "Cat's Cradle, the whole game · " + date + "\n" +
        (ui.over === "won" ? "Won in " + plural(ui.seqs.length, "sequence", "sequences")
          : "Lost in sequence " + (ui.seqs.length + 1)) +
        " · " + site.minutes(ui.elapsed) + (help.length ? " · " + help.join(", ") : "") + "\n" +
        "Spaces: " + ui.seqs.map((s) => s.spaces).join("·");
    }

    // -- wiring --------------------------------------------------------------------
    game.build(board, document);
    play.hidden = false;
    board.setAttribute("role", "group");
    const cells = Array.from(board.querySelectorAll("[data-cell]"));

    site.wireBoard(board, ui, { activate: activate, render: render,
      putBack: () => announce("Put back.") });
    $("deal").addEventListener("click", () => dealNow(false));
    $("undo").addEventListener("click", undo);
    $("reset").addEventListener("click", restartSequence);
    $("hint").addEventListener("click", hint);
    $("winnable").addEventListener("click", askWinnable);
    $("showme").addEventListener("click", () => showMe(true));
    $("show-exit").addEventListener("click", () => showMe(false));
    $("show-prev").addEventListener("click", () => step(-1));
    $("show-next").addEventListener("click", () => step(1));
    site.wireCopy(document);
    const again = document.createElement("button");
    again.type = "button";
    again.className = "action";
    again.id = "again";
    again.textContent = "Play this deal again";
    again.addEventListener("click", playAgain);
    $("result").appendChild(again);
    document.addEventListener("keydown", (event) => {
      if (event.target.closest("textarea, input") || event.altKey || event.metaKey) return;
      if (event.ctrlKey && event.key === "z") undo();
    });

    // Navigation: other games up to today, and this day's puzzle when the site has it.
    site.linkDays(date, listedDays(window.GAME_DAYS), today());
    site.linkPuzzleDay(date);

    // Pick up where this browser left off: the sequences dealt, then this one's moves.
    checkEnd();
    let restored = 0;
    const replayMoves = (list) => {
      for (const pair of Array.isArray(list) ? list : []) {
        const move = Array.isArray(pair) ? findMove(current(), pair[0], pair[1]) : null;
        if (!move || ui.over) return false;
        playMove(move, true);
        restored++;
      }
      return true;
    };
    for (const seq of Array.isArray(saved.done) ? saved.done : []) {
      if (!replayMoves(seq) || phase() !== "ended") break;
      dealNow(true);
    }
    if (!ui.over) replayMoves(saved.current);
    ui.elapsed = saved.elapsed || 0;
    if (ui.over) finish();
    if (restored) announce("Welcome back: your game so far is on the board. " + statusText());
    render();
  }

  document.addEventListener("DOMContentLoaded", function () {
    const page = document.body.dataset.page;
    if (page === "game-today") site.openToday(listedDays(window.GAME_DAYS));
    else if (page === "game-archive") startArchive();
    else if (page === "game-day") startDay();
  });
})();
