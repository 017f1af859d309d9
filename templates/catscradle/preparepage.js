/* Cat's Cradle, Sunday's prepare puzzle: the page.
 *
 * Cat's Cradle is a patience invented by Michael Bourne (divertimenti, 1986).
 * Two kinds of page load this script, told apart by <body data-page>:
 *   "prepare-index"  prepare/index.html: the list, marked where played here;
 *   "prepare-day"    prepare/DATE/index.html: the puzzle itself.
 * The rules of a move and the board's drawing are the daily puzzle's own
 * (assets/cats-cradle.js, loaded after this file: it registers with
 * assets/site.js, loaded first, which also keeps the browser's records and
 * the dates every page shares); whether a sequence is over is
 * assets/cats-cradle-game.js's (the same test the whole-game page uses).
 *
 * The player plays one sequence from the position in puzzle.json; when no
 * series of moves can make another space, the ending reached (told apart by
 * its stacks' heights, as the solver tells end positions apart) is looked up
 * in puzzle.json's endings and judged: right or wrong, with the reason.
 *
 * Automation contract (see the README): every cell has data-cell="ROW,COL";
 * #board has data-spaces, data-created (spaces this sequence made),
 * data-state ("playing", "right", "wrong"), data-solved ("true" once right)
 * and data-ending (the index in puzzle.json's endings of the ending reached,
 * else "").  #status says what the last action did, with data-kind "move",
 * "refused", "right" or "wrong" (its text gives the reason).  #reveal shows
 * the answer.  Records: localStorage "puzzlegen:cats-cradle-prepare:DATE".
 */
(function () {
  "use strict";

  const site = window.PuzzleSite;
  const store = site.store;
  const HEAD = "cats-cradle-prepare:";
  const today = site.today;
  const listedDays = site.listedDays;
  const plural = site.plural;

  const symbol = (text) =>
    text.replace(/[CDHS]$/, (s) => ({ C: "♣", D: "♦", H: "♥", S: "♠" })[s]);

  // -- the list ------------------------------------------------------------------
  function startIndex() {
    // No link offers a day after today; before the first Sunday, a note says when it is.
    const sundays = Array.from(document.querySelectorAll("tr[data-date]"), (r) => r.dataset.date);
    site.archiveUpTo(sundays.sort(), "prepare puzzle", "prepare puzzles");
    for (const row of document.querySelectorAll("tr[data-date]")) {
      const date = row.dataset.date;
      const record = store.get(HEAD + date);
      const cell = row.querySelector(".solved-cell");
      if (record && record.result) {
        cell.textContent = record.shown && !record.solved ? "shown"
          : record.result === "right" ? "solved" : "tried";
        row.classList.add(record.result === "right" ? "is-solved" : "is-started");
      }
    }
  }

  // -- the puzzle ----------------------------------------------------------------
  function startDay() {
    const rules = window.CatsCradleGame;
    const game = site.game("cats-cradle");
    const play = document.getElementById("play");
    if (!rules || !game || !play) return; // a script is missing: the static page remains
    const $ = (id) => document.getElementById(id);
    const data = JSON.parse($("puzzle-data").textContent);
    const date = document.body.dataset.date;
    const board = $("board");
    const keepFocus = site.keepFocus(board);
    const first = game.initial(data);
    const spaces = (state) => state.filter((s) => s.length === 0).length;
    const heights = (state) => state.map((s) => s.length).join(",");
    const endings = data.endings.map((e) => e.heights.join(","));

    const saved = store.get(HEAD + date) || {};
    const record = {
      result: saved.result === "right" || saved.result === "wrong" ? saved.result : null,
      solved: saved.result === "right",
      tries: saved.tries || 0,
      shown: !!saved.shown,
    };
    const ui = { states: [first], moves: [], selected: null, focus: "0,0", verdict: null };

    function current() {
      return ui.states[ui.states.length - 1];
    }

    function created() {
      return spaces(current()) - spaces(first);
    }

    function findMove(state, from, to) {
      return game.movesFrom(state, from).find((m) => m.to === to) || null;
    }

    function save() {
      const out = Object.assign({}, record);
      out.current = ui.moves.map((m) => [m.from, m.to]);
      store.set(HEAD + date, out);
    }

    /** Why the ending at index `i` is right or wrong, in words. */
    function reason(i) {
      const e = data.endings[i];
      const made = plural(e.spaces, "space", "spaces");
      const dealt = e.dealt.map(symbol).join(", ");
      const next = e.next === null
        ? "its spaces take the last cards of the stock, " + dealt + ", and the game is won"
        : "dealt " + dealt + ", the next sequence can make " + plural(e.next, "space", "spaces");
      const odds = "over " + data.samples + " random orders of the stock, the game could " +
        "still be won after " + e.chance + " of them";
      if (e.right) {
        return "Right: this ending makes " + made + " and keeps the game winnable with the " +
          "stock as it lies (" + next + "; " + odds + ").";
      }
      if (!e.wins) {
        return "Not this ending: it makes " + made + ", but with the stock as it lies the " +
          "game can no longer be won after it (" + next + "; " + odds + "). Undo, or start " +
          "again, to try another.";
      }
      return "Not this ending: it keeps the game winnable, but makes only " + made +
        "; the question asks for one of the endings with the most spaces. Undo, or start " +
        "again, to try another.";
    }

    function judge() {
      ui.verdict = null;
      const l = rules.layoutOf(current());
      if (!created() || !rules.isEnd(l.bottom, l.height)) return;
      const index = endings.indexOf(heights(current()));
      ui.verdict = { index: index, right: index >= 0 && data.endings[index].right };
    }

    function statusText() {
      if (ui.verdict) {
        if (ui.verdict.index < 0) {
          return "This ending is not among the puzzle's endings: the page and the puzzle " +
            "disagree. Undo, or start again.";
        }
        return reason(ui.verdict.index);
      }
      const n = created();
      return (n ? "So far this sequence has made " + plural(n, "space", "spaces") + ". "
        : "") + "Play on: a series of moves can still make another space.";
    }

    function setStatus(kind, text) {
      const status = $("status");
      status.dataset.kind = kind;
      status.textContent = text;
      $("announce").textContent = text;
    }

    function settle() {
      judge();
      if (!ui.verdict) return "move";
      const right = ui.verdict.right;
      record.tries += 1;
      if (!record.result) {
        record.result = right ? "right" : "wrong";
        record.solved = right && !record.shown;
      }
      if (right && record.result === "wrong") record.later = true;
      return right ? "right" : "wrong";
    }

    function playMove(move) {
      const before = current();
      ui.states.push(game.apply(before, move));
      ui.moves.push(move);
      ui.selected = null;
      ui.focus = move.to;
      const kind = settle();
      setStatus(kind, kind === "move" ? game.moveText(before, move) + ". " + statusText()
        : statusText());
      save();
      render();
    }

    function undo() {
      if (!ui.moves.length) return;
      const move = ui.moves.pop();
      ui.states.pop();
      ui.selected = null;
      judge();
      setStatus("move", "Undone: " + game.moveText(current(), move) + ". " + statusText());
      save();
      render();
    }

    function restart() {
      if (!ui.moves.length) return;
      ui.states = [first];
      ui.moves = [];
      ui.selected = null;
      ui.verdict = null;
      setStatus("move", "Back to the start of the sequence. " + statusText());
      save();
      render();
    }

    function reveal() {
      if (!record.result) record.shown = true;
      $("answer").hidden = false;
      save();
      render();
      $("answer").scrollIntoView({ block: "nearest" });
    }

    function activate(k, byKey) {
      ui.focus = k;
      const state = current();
      let refused = "";
      if (ui.verdict) {
        setStatus(ui.verdict.right ? "right" : "wrong", statusText());
        render();
        return;
      }
      if (ui.selected !== null) {
        const move = findMove(state, ui.selected, k);
        if (move) {
          playMove(move);
          return;
        }
        if (k === ui.selected) {
          ui.selected = null;
          setStatus("move", "Put back.");
          render();
          return;
        }
        // Not a place for it: said, as the puzzle pages say it.
        refused = game.placeText(state, ui.selected, k);
        ui.selected = null;
        if (!game.canPick(state, k) || !game.movesFrom(state, k).length) {
          setStatus("refused", refused + " Put back.");
          render();
          return;
        }
        refused += " ";
      }
      if (!game.canPick(state, k)) {
        ui.selected = null;
        setStatus("refused", game.nothingText(state, k));
      } else if (!game.movesFrom(state, k).length) {
        ui.selected = null;
        setStatus("refused", game.stuckText(state, k));
      } else {
        ui.selected = k;
        const places = game.movesFrom(state, k);
        setStatus(refused ? "refused" : "move", refused + game.pickedText(state, k) + ": " +
          plural(places.length, "place", "places") + " to put it.");
        if (byKey) ui.focus = places[0].to; // by the keyboard, on to the first place
      }
      render();
    }

    function shareText() {
      const how = record.shown && !record.solved ? "answer shown"
        : record.result === "right" ? "right first time"
          : record.later ? "right after a wrong ending" : "a wrong ending";
      return "Cat's Cradle, Sunday's prepare puzzle · " + date + "\n" + data.level + " · " + how;
    }

    function render() {
      const state = current();
      const labels = game.draw(board, state, { selected: ui.selected });
      const lit = ui.selected === null ? [] : game.movesFrom(state, ui.selected).map((m) => m.to);
      site.markCells(cells, labels, { selected: ui.selected, lit: lit, focus: ui.focus });
      const phase = ui.verdict ? (ui.verdict.right ? "right" : "wrong") : "playing";
      board.dataset.spaces = String(spaces(state));
      board.dataset.created = String(created());
      board.dataset.state = phase;
      board.dataset.solved = phase === "right" ? "true" : "false";
      board.dataset.ending = ui.verdict && ui.verdict.index >= 0 ? String(ui.verdict.index) : "";
      document.body.dataset.state = phase;
      $("status").className = "game-status is-" +
        (phase === "right" ? "won" : phase === "wrong" ? "lost" : "playing");
      $("count").textContent = plural(spaces(state), "space", "spaces");
      $("created").textContent = "Made this sequence: " + created();
      $("undo").disabled = ui.moves.length === 0;
      $("reset").disabled = ui.moves.length === 0;
      const panel = $("result");
      panel.hidden = !record.result;
      if (!panel.hidden) {
        $("result-title").textContent = record.result === "right" ? "Solved" : "Tried";
        $("result-text").textContent = record.result === "right"
          ? "Your first ending kept the game winnable."
          : "Your first ending lost the game" +
            (record.later ? "; you found a right one after." : ": try another, or see the answer.");
        $("share-text").value = shareText();
      }
      keepFocus();
    }

    // -- wiring ------------------------------------------------------------------
    game.build(board, document);
    play.hidden = false;
    board.setAttribute("role", "group");
    const cells = Array.from(board.querySelectorAll("[data-cell]"));
    site.wireBoard(board, ui, { activate: activate, render: render,
      putBack: () => setStatus("move", "Put back.") });
    $("undo").addEventListener("click", undo);
    $("reset").addEventListener("click", restart);
    $("reveal").addEventListener("click", reveal);
    site.wireCopy(document);

    // Navigation: other Sundays up to today, and this day's puzzle when the site has it.
    site.linkDays(date, listedDays(window.PREPARE_DAYS).filter((d) => d <= today()));
    site.linkPuzzleDay(date);

    // Pick up where this browser left off (the moves of the sequence under way).
    for (const pair of Array.isArray(saved.current) ? saved.current : []) {
      const move = Array.isArray(pair) ? findMove(current(), pair[0], pair[1]) : null;
      if (!move) break;
      ui.states.push(game.apply(current(), move));
      ui.moves.push(move);
    }
    judge();
    setStatus(ui.verdict ? (ui.verdict.right ? "right" : "wrong") : "move",
      (ui.moves.length ? "Welcome back: your sequence so far is on the board. " : "") +
        (ui.verdict ? "" : "Pick up a card to begin. ") + statusText());
    if (record.shown) $("answer").hidden = false;
    render();
  }

  document.addEventListener("DOMContentLoaded", function () {
    const page = document.body.dataset.page;
    if (page === "prepare-index") startIndex();
    else if (page === "prepare-day") startDay();
  });
})();
