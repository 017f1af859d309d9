/* What every playable page of a puzzlegen site shares: one copy, assets/site.js,
 * loaded before the page's own script.
 *
 * The daily pages (assets/daily.js, and Escape's page through its shell), the
 * whole game of the day (assets/cats-cradle-gamepage.js) and Sunday's prepare
 * puzzle (assets/cats-cradle-preparepage.js) take from window.PuzzleSite:
 *   game(name)         the rules a board script registered, or null: a game's
 *                      script (assets/GAME.js, loaded after this file) calls
 *                      PuzzleDaily.registerGame(game), defined here;
 *   store              this browser's records: get(key), set(key, value) and
 *                      records(head), under localStorage "puzzlegen:" + key;
 *   dayRecord(saved)   a daily record as the pages keep it, whatever an older
 *                      page wrote (a record without `on`, say, is still read:
 *                      it counts as played and solved, but in no streak);
 *   today(), addDays(), longDate(), listedDays(), minutes(), plural()   dates
 *                      and words;
 *   keepToday(href)    a link or redirect to another page of the site, carrying
 *                      this page's ?today= on (the page's own links to .html
 *                      pages get it when the page is read), so a preview of a
 *                      date stays one from page to page;
 *   streaks(dates)     the current and longest run of consecutive dates;
 *   showList(list, rows)   a <dl> of statistics;
 *   openToday(days)    a kind's index.html: on to today's day, else the latest
 *                      before it, else the archive; never a day after today;
 *   archiveUpTo(days, one, many)   an archive.html without the days after today,
 *                      saying when the first comes if that leaves none;
 *   linkDays(date, days, upTo)   the "earlier" and "later" links of a day;
 *   whenListed(root, path, name, then)   another kind's list of days (path from
 *                      the site's root, e.g. "game/days.js"), loaded only when
 *                      lists.js says the site holds it: then(window[name]);
 *   linkPuzzleDay(date)   a whole-game or prepare page's link to its date's
 *                      puzzle page, shown only when the site holds that day;
 *   wireCopy(doc)      the Copy button that puts the share text on the clipboard;
 *   wireBoard(board, ui, on), markCells(cells, labels, marks)   a board of
 *                      data-cell buttons played by pointer and keyboard;
 *   keepFocus(board)   the focus a control loses by going away (by the keyboard)
 *                      goes to the same cell or hand card drawn again, else the board.
 * The keys it keeps (the pages name them):
 *   puzzlegen:GAME:DATE                 a daily puzzle (daily.js)
 *   puzzlegen:escape-games              Escape's games against the computer
 *   puzzlegen:cats-cradle-game:DATE     a whole game of the day
 *   puzzlegen:cats-cradle-prepare:DATE  a prepare puzzle
 * Nothing here reaches the network, and a browser without storage (or with a
 * damaged entry) still plays: it only forgets.
 */
(function () {
  "use strict";

  // -- the games' rules, registered by their board scripts ------------------------
  const games = {};
  window.PuzzleDaily = {
    registerGame: function (game) {
      games[game.name] = game;
    },
  };

  // -- storage ---------------------------------------------------------------
  const PREFIX = "puzzlegen:";
  const store = {
    /** The record at `key`, or null (none, not an object, damaged, no storage). */
    get: function (key) {
      try {
        const raw = window.localStorage.getItem(PREFIX + key);
        const value = raw ? JSON.parse(raw) : null;
        return value && typeof value === "object" ? value : null;
      } catch (e) {
        return null; // storage disabled or a damaged entry: play on without it
      }
    },
    set: function (key, value) {
      try {
        window.localStorage.setItem(PREFIX + key, JSON.stringify(value));
      } catch (e) {
        /* storage full or disabled: the game still works, it just forgets */
      }
    },
    /** Every record under "puzzlegen:HEAD:", by the rest of its key (a date). */
    records: function (head) {
      const found = {};
      try {
        const ls = window.localStorage;
        const start = PREFIX + head + ":";
        for (let i = 0; i < ls.length; i++) {
          const k = ls.key(i);
          if (k && k.indexOf(start) === 0) {
            const value = JSON.parse(ls.getItem(k));
            if (value && typeof value === "object") found[k.slice(start.length)] = value;
          }
        }
      } catch (e) {
        /* as above */
      }
      return found;
    },
  };

  /** A daily puzzle's record as the pages keep it, from what is stored (or {}). */
  function dayRecord(saved) {
    return {
      solved: !!saved.solved, moves: saved.moves || null, ms: saved.ms || null,
      marks: saved.marks || "", hints: saved.hints || 0, shown: !!saved.shown,
      on: typeof saved.on === "string" ? saved.on : null,
      found: Array.isArray(saved.found) ? saved.found.filter((x) => typeof x === "string") : [],
    };
  }

  // -- dates and words -----------------------------------------------------------
  function pad(n) {
    return (n < 10 ? "0" : "") + n;
  }

  function isoDate(d) {
    return d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate());
  }

  /** This page's ?today=YYYY-MM-DD, or null when its address has none well formed. */
  function preview() {
    const asked = new URLSearchParams(window.location.search).get("today");
    return asked && /^\d{4}-\d{2}-\d{2}$/.test(asked) ? asked : null;
  }

  /** The browser's local date, or ?today=YYYY-MM-DD (for tests and previews). */
  function today() {
    return preview() || isoDate(new Date());
  }

  /** `href`, the address of another page of this site, with this page's ?today=
   *  carried on: a preview stays one through every redirect and link. */
  function keepToday(href) {
    const asked = preview();
    if (!asked) return href;
    const hash = href.indexOf("#");
    const [path, fragment] = hash < 0 ? [href, ""] : [href.slice(0, hash), href.slice(hash)];
    return path + (path.indexOf("?") < 0 ? "?" : "&") + "today=" + asked + fragment;
  }

  /** Carry ?today= onto the page's own links to the site's pages (relative
   *  addresses of .html files); the links the scripts make use keepToday(). */
  function keepTodayOnLinks(doc) {
    if (!preview()) return;
    for (const a of doc.querySelectorAll("a[href]")) {
      const href = a.getAttribute("href");
      if (/^[^:?#]*\.html(#.*)?$/.test(href) && href.indexOf("//") !== 0) a.href = keepToday(href);
    }
  }

  const WEEKDAYS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday",
    "Saturday"];
  const MONTHS = ["January", "February", "March", "April", "May", "June", "July", "August",
    "September", "October", "November", "December"];

  /** "Sunday 29 November 2026" for "2026-11-29": the date as the pages' headings say
   *  it (puzzlegen.daily.long_date), whatever the browser's language. */
  function longDate(iso) {
    const [y, m, d] = iso.split("-").map(Number);
    return WEEKDAYS[new Date(y, m - 1, d).getDay()] + " " + d + " " + MONTHS[m - 1] + " " + y;
  }

  function addDays(iso, n) {
    const [y, m, d] = iso.split("-").map(Number);
    return isoDate(new Date(y, m - 1, d + n));
  }

  /** The dates of a days.js list ({days: [{date}, ...]}), oldest first. */
  function listedDays(data) {
    return data && Array.isArray(data.days) ? data.days.map((d) => d.date).sort() : [];
  }

  function minutes(ms) {
    const s = Math.max(0, Math.round(ms / 1000));
    return Math.floor(s / 60) + ":" + pad(s % 60);
  }

  function plural(n, one, many) {
    return n + " " + (n === 1 ? one : many);
  }

  // -- sharing -------------------------------------------------------------------------
  /** Wires the page's Copy button (#copy) to put the share text (#share-text) on the
   *  clipboard, saying how it went in #copy-status; where the clipboard cannot be
   *  written (an older browser, or one that refuses the page), the text is selected so the
   *  reader can copy it by hand. */
  function wireCopy(doc) {
    const area = doc.getElementById("share-text");
    const status = doc.getElementById("copy-status");
    const done = () => { status.textContent = "Copied."; };
    const byHand = () => {
      area.focus();
      area.select();
      try {
        if (!doc.execCommand("copy")) throw new Error("not copied");
        done();
      } catch (e) {
        status.textContent = "Select the text and copy it.";
      }
    };
    doc.getElementById("copy").addEventListener("click", () => {
      status.textContent = "";
      const clip = window.navigator.clipboard;
      if (clip && clip.writeText) clip.writeText(area.value).then(done, byHand);
      else byHand();
    });
  }

  // -- statistics --------------------------------------------------------------------
  /** The current run of consecutive dates (ending today, or yesterday while today
   *  is still to play) and the longest, among `dates` (sorted). */
  function streaks(dates) {
    let longest = 0;
    let run = 0;
    let previous = null;
    for (const d of dates) {
      run = previous !== null && addDays(previous, 1) === d ? run + 1 : 1;
      longest = Math.max(longest, run);
      previous = d;
    }
    const set = new Set(dates);
    let current = 0;
    let day = set.has(today()) ? today() : addDays(today(), -1);
    while (set.has(day)) {
      current += 1;
      day = addDays(day, -1);
    }
    return { current: current, longest: longest };
  }

  /** Fill the <dl> `list` with [name, value] rows. */
  function showList(list, rows) {
    list.textContent = "";
    for (const [name, value] of rows) {
      const dt = document.createElement("dt");
      dt.textContent = name;
      const dd = document.createElement("dd");
      dd.textContent = String(value);
      list.append(dt, dd);
    }
  }

  // -- a kind's index and archive -------------------------------------------------------
  // The puzzles' pages (daily.js) and the whole games' (gamepage.js) share these, so the
  // two kinds cannot differ on which days they offer: a site may be written ahead of its
  // dates, and no link or redirect offers a day after today.

  /** index.html: go on to today's day among `days` (sorted), else the latest before
   *  today; before the first day, to archive.html, which says when it comes.  The
   *  page's #today-link (its fallback) gets the same address, a preview's date on. */
  function openToday(days) {
    if (!days.length) return;
    const t = today();
    const past = days.filter((d) => d <= t);
    const target = keepToday(past.length ? past[past.length - 1] + "/index.html" : "archive.html");
    const link = document.getElementById("today-link");
    if (link) link.href = target;
    window.location.replace(target);
  }

  /** archive.html: take out the rows (tr[data-date]) of days after today, and a month
   *  (a section of <main>) left empty; with no row left, a note (#no-days) says when
   *  the first of `days` (sorted) comes, or that there is none yet, in the words
   *  `one` and `many` ("puzzle", "puzzles"). */
  function archiveUpTo(days, one, many) {
    const t = today();
    for (const row of document.querySelectorAll("tr[data-date]")) {
      if (row.dataset.date > t) row.remove();
    }
    for (const part of document.querySelectorAll("main section, main table")) {
      if (!part.querySelector("tr[data-date]")) part.remove(); // no empty month or table
    }
    if (document.querySelector("tr[data-date]")) return;
    const note = document.createElement("p");
    note.id = "no-days";
    note.textContent = days.length ? "The first " + one + " is for " + longDate(days[0]) +
      ": come back then." : "No " + many + " yet.";
    document.querySelector("main").appendChild(note);
  }

  // -- a day's page --------------------------------------------------------------------
  /** Show #nav-prev and #nav-next on the days before and after `date` among `days`
   *  (sorted); with `upTo`, no later day after it. */
  function linkDays(date, days, upTo) {
    const earlier = days.filter((d) => d < date);
    const later = days.filter((d) => d > date && (!upTo || d <= upTo));
    if (earlier.length) {
      document.getElementById("nav-prev").href =
        keepToday("../" + earlier[earlier.length - 1] + "/index.html");
      document.getElementById("nav-prev").hidden = false;
    }
    if (later.length) {
      document.getElementById("nav-next").href = keepToday("../" + later[0] + "/index.html");
      document.getElementById("nav-next").hidden = false;
    }
  }

  /** Play a board of data-cell="ROW,COL" buttons: a click (or Enter, Space) calls
   *  on.activate(key, byKey) and keeps the focus on ui.focus (byKey: Enter or Space,
   *  whose click has no pointer's detail); the arrow keys move the focus; Escape
   *  puts back what is picked up (ui.selected) with on.putBack(). */
  function wireBoard(board, ui, on) {
    board.addEventListener("click", (event) => {
      const el = event.target.closest("[data-cell]");
      if (el) {
        on.activate(el.dataset.cell, event.detail === 0);
        board.querySelector('[data-cell="' + ui.focus + '"]').focus();
      }
    });
    board.addEventListener("keydown", (event) => {
      const el = event.target.closest("[data-cell]");
      if (!el) return;
      const [row, col] = el.dataset.cell.split(",").map(Number);
      const steps = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] };
      if (event.key in steps) {
        const [dr, dc] = steps[event.key];
        const next = board.querySelector('[data-cell="' + (row + dr) + "," + (col + dc) + '"]');
        if (next) {
          ui.focus = next.dataset.cell;
          on.render();
          next.focus();
        }
        event.preventDefault();
      } else if (event.key === "Escape" && ui.selected !== null) {
        ui.selected = null;
        on.putBack();
        on.render();
      }
    });
  }

  /** Mark each cell: picked up (marks.selected), a place for it (marks.lit), the
   *  hinted start (marks.hint, said as marks.hintWords), the roving tab stop
   *  (marks.focus); its accessible name is labels[key] with what those marks mean. */
  function markCells(cells, labels, marks) {
    for (const el of cells) {
      const k = el.dataset.cell;
      const selected = k === marks.selected;
      const target = marks.lit.includes(k);
      const hinted = k === marks.hint;
      el.classList.toggle("is-selected", selected);
      el.classList.toggle("is-target", target);
      if (marks.hint !== undefined) el.classList.toggle("is-hint", hinted);
      el.tabIndex = k === marks.focus ? 0 : -1;
      el.setAttribute("aria-pressed", selected ? "true" : "false");
      // With marks.seen the name starts with the text the cell shows ("10♥ on 9♣"),
      // so speech input and screen readers agree with what is seen.
      const seen = marks.seen ? (el.innerText || "").replace(/\s+/g, " ").trim() : "";
      let label = (seen ? seen + ". " : "") + labels[k];
      if (selected) label += ", picked up";
      if (target) label += ", you may place the card here";
      if (hinted) label += marks.hintWords || ", the hinted move starts here";
      el.setAttribute("aria-label", label);
    }
  }

  /** Keeps the keyboard's place on a page whose controls come and go.  A focused
   *  control that is disabled, hidden or taken away (Undo after the last move, the
   *  third hint, Deal, the last step of "show me", a board drawn again larger) left
   *  the focus on <body>, where a keyboard user starts again from the top; the focus
   *  goes instead to the same cell of the board if it is still there, else to the
   *  board's tab stop.  Checked after each click and key, and by the returned
   *  function, which a page calls after each redraw (for changes that come later:
   *  the computer's reply, a search's answer). */
  function keepFocus(board) {
    let last = null;
    // Only a keyboard's place is kept: a tap or a click leaves the focus where the
    // browser puts it (moving it scrolled a phone's page away from the hint just
    // asked for).
    let byKey = false;
    document.addEventListener("focusin", (event) => { last = event.target; });
    document.addEventListener("keydown", () => { byKey = true; }, true);
    document.addEventListener("pointerdown", () => { byKey = false; }, true);
    const usable = (el) => el.isConnected && !el.disabled && el.getClientRects().length > 0;
    // The same cell of the board, or the same card of a hand (both drawn again).
    const same = (el) => {
      const data = el.dataset || {};
      if (data.cell !== undefined) return board.querySelector('[data-cell="' + data.cell + '"]');
      if (data.card !== undefined) return document.querySelector('[data-card="' + data.card + '"]');
      return null;
    };
    function check() {
      const now = document.activeElement;
      if (last === null || !byKey) return;
      const lost = !now || now === document.body;
      if (lost ? usable(last) : now !== last || usable(now)) return;
      const again = same(last);
      const to = (again && usable(again) && again) ||
        board.querySelector('[data-cell][tabindex="0"]') || board.querySelector("[data-cell]");
      if (to && to !== now) to.focus({ preventScroll: true });
    }
    const later = () => setTimeout(check, 0);
    document.addEventListener("click", later, true);
    document.addEventListener("keyup", later, true);
    return check;
  }

  function whenListed(root, path, name, then) {
    if (!(window.SITE_LISTS || []).includes(path)) return;
    const script = document.createElement("script");
    script.src = root + path;
    script.onload = () => then(window[name]);
    document.body.appendChild(script);
  }

  // A whole-game or prepare page's link to its date's puzzle page (#puzzle-link), shown
  // and given its address only when the site holds that day: a crawler finds no link
  // to a page that is not there.
  function linkPuzzleDay(date) {
    whenListed("../../", "days.js", "PUZZLE_DAYS", (days) => {
      if (!listedDays(days).includes(date)) return;
      const span = document.getElementById("puzzle-link");
      span.querySelector("a").href = keepToday("../../" + date + "/index.html");
      span.hidden = false;
    });
  }

  window.PuzzleSite = {
    game: (name) => games[name] || null,
    store: store, dayRecord: dayRecord,
    today: today, addDays: addDays, longDate: longDate, listedDays: listedDays,
    minutes: minutes, plural: plural,
    streaks: streaks, showList: showList, openToday: openToday, archiveUpTo: archiveUpTo,
    linkDays: linkDays, wireCopy: wireCopy,
    wireBoard: wireBoard, markCells: markCells, keepFocus: keepFocus, whenListed: whenListed,
    linkPuzzleDay: linkPuzzleDay, keepToday: keepToday,
  };

  // The page's own links keep a preview as well, once the page is read.
  const doc = window.document;
  if (doc && doc.readyState === "loading") {
    doc.addEventListener("DOMContentLoaded", () => keepTodayOnLinks(doc));
  } else if (doc) {
    keepTodayOnLinks(doc);
  }
})();
