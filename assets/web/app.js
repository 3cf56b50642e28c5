// The page: a Sudoku game with Pip's hints, and a photo reader, on the
// sudolens server's API. This module wires the parts together: the game
// (game.js), the board (board.js), Pip and its dialogue (pip.js,
// dialogue.js), the correction screen (photo.js) and the labels (i18n.js).

import { api } from "./api.js";
import { BoardView } from "./board.js";
import { Dialogue, drawDialogue } from "./dialogue.js";
import { Game, parseLine } from "./game.js";
import { browserLang, t } from "./i18n.js";
import { Correction } from "./photo.js";
import { createPip } from "./pip.js";

const $ = (id) => document.getElementById(id);
const LANG_KEY = "sudolens-lang";
const LEVEL_KEY = "sudolens-level";
const SHAPE_KEY = "sudolens-shape";

const state = {
  lang: localStorage.getItem(LANG_KEY) || browserLang(),
  info: null,
  game: null,
  dialogue: new Dialogue(),
  /// The board after the step Pip explains, for Apply.
  pending: null,
  /// The player's entries crossed out by Check or a hint: kept with the
  /// game, so that a reload shows them still.
  get crossed() {
    return state.game?.crossed || [];
  },
  set crossed(cells) {
    if (state.game) state.game.crossed = cells;
  },
  busy: false,
  /// The endless carpet's view is to follow the selection once the
  /// request under way is answered.
  followLater: false,
  /// Cancels the new puzzle being made (an AbortController), while one is.
  making: null,
  status: "",
  statusError: false,
  /// Houses just completed (indices into the shape's houses), animated for a moment.
  celebrate: [],
  justSolved: false,
};

const L = (key, ...args) => t(state.lang, key, ...args);
let pip, board, correction;

// ----- drawing -----

/// A grid of overlapping ones, as the player names it: "top-left grid",
/// "grid 4".
function gridLabel(geo, k) {
  const grid = geo.grids[k];
  if (!grid || grid.name === "grid") return L("grid_numbered", k + 1);
  return L("grid_" + grid.name);
}

/// A cell as the player finds it: "r4c7" on one grid; on overlapping
/// grids, its row and column in every grid holding it ("top-left grid
/// r7c7, centre grid r1c1").
function placeLabel(i) {
  const g = state.game;
  const places = g.geo.memberships[i] || [];
  if (!g.geo.plane || !places.length) return g.cellName(i);
  return places.map(([k, r, c]) => gridLabel(g.geo, k) + " r" + (r + 1) + "c" + (c + 1)).join(", ");
}

function cellLabel(i, conflict) {
  const g = state.game;
  const d = g.value(i);
  let s = placeLabel(i) + ": ";
  if (d) {
    s += g.geo.symbol(d);
    if (g.isGiven(i)) s += " (" + L("cell_given") + ")";
  } else {
    const n = g.noteDigits(i);
    s += n.length ? L("cell_notes") + " " + n.map((v) => g.geo.symbol(v)).join(" ") : L("cell_empty");
  }
  if (conflict) s += ", " + L("cell_conflict");
  return s;
}

function boardHighlights() {
  const h = state.dialogue.highlights();
  const has = h && Object.values(h).some((v) => Array.isArray(v) && v.length);
  if (has) return { h, shown: true };
  return { h: { wrong: state.crossed.map((i) => state.game.cellName(i)) }, shown: false };
}

function drawBoard() {
  const g = state.game;
  if (!g) return;
  const { h, shown } = boardHighlights();
  board.draw({
    geo: g.geo,
    value: (i) => g.value(i),
    given: (i) => g.isGiven(i),
    notes: (i) => g.noteDigits(i),
    revealed: (i) => g.revealed[i],
    selected: g.selected,
    quiet: shown,
    conflicts: g.conflicts(),
    highlights: h,
    // an endless carpet's middle grid (the view's grid 5 of 3 × 3)
    here: g.endless ? 4 : -1,
    hiddenText: g.paused ? L("paused") : null,
    celebrate: state.celebrate,
    solved: state.justSolved,
    label: L("board"),
    cellLabel,
  });
}

function labels() {
  document.documentElement.lang = state.lang;
  for (const e of document.querySelectorAll("[data-label]")) e.textContent = L(e.dataset.label);
  const langButton = $("lang");
  langButton.textContent = L("language");
  langButton.title = L("language_title");
  $("photo").textContent = state.info?.window ? L("photo_to_window") : L("photo");
  const select = $("level");
  select.setAttribute("aria-label", L("level"));
  $("daily").title = L("daily_title");
  const shapeSelect = $("shape");
  shapeSelect.setAttribute("aria-label", L("shape"));
  const shapeChosen = shapeSelect.value || localStorage.getItem(SHAPE_KEY) || "classic";
  shapeSelect.replaceChildren();
  for (const shape of state.info?.shapes || [{ id: "classic" }]) {
    const o = document.createElement("option");
    o.value = shape.id;
    o.textContent = shapeLabel(shape.id);
    shapeSelect.appendChild(o);
  }
  if ([...shapeSelect.options].some((o) => o.value === shapeChosen)) shapeSelect.value = shapeChosen;
  levelChoices();
  for (const [id, key] of [["zoom-in", "zoom_in"], ["zoom-out", "zoom_out"], ["zoom-fit", "zoom_fit"]]) {
    $(id).title = L(key);
    $(id).setAttribute("aria-label", L(key));
  }
  const banner = $("banner");
  banner.hidden = !state.info?.window;
  banner.textContent = L("window_banner");
}

/// A shape's name in the menu: its label; a family of overlapping grids
/// (`carpet-3-dense`) by its label with the size, dense or not.
function shapeLabel(id) {
  const family = /^(diagonal|carpet|torus)-(\d+)(-dense)?$/.exec(id);
  if (family) {
    const n = Number(family[2]);
    return L("shape_" + family[1], n, n) + (family[3] ? L("shape_dense") : "");
  }
  return L("shape_" + id.replace("+", "_").replace("-", "_"));
}

/// The level menu: the levels the chosen shape reaches (a 4×4 is all
/// singles: Easy only), keeping the level chosen when the shape has it.
function levelChoices() {
  const select = $("level");
  const shapeId = $("shape").value || "classic";
  const shape = (state.info?.shapes || []).find((s) => s.id === shapeId);
  const ids = shape ? shape.levels : (state.info?.levels || []).map((l) => l.id);
  const chosen = select.value || localStorage.getItem(LEVEL_KEY) || "medium";
  select.replaceChildren();
  for (const id of ids) {
    const o = document.createElement("option");
    o.value = id;
    o.textContent = L("level_" + id);
    select.appendChild(o);
  }
  if (ids.includes(chosen)) select.value = chosen;
  else if (ids.includes("medium")) select.value = "medium";
}

/// The pad holds the shape's symbols, one button each (rebuilt when the
/// shape changes); 12 or 16 of them wrap to rows that stay tappable. The
/// correction screen's grid is a photo's 9×9: its pad is 1 to 9.
function pad(geo) {
  const p = $("pad");
  const symbols = geo ? geo.symbols : ["1", "2", "3", "4", "5", "6", "7", "8", "9"];
  if (p.dataset.symbols === symbols.join("")) return;
  p.dataset.symbols = symbols.join("");
  p.dataset.count = String(symbols.length);
  p.replaceChildren();
  symbols.forEach((sym, k) => {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "digit";
    b.dataset.digit = String(k + 1);
    b.textContent = sym;
    p.appendChild(b);
  });
}

function formatClock(seconds) {
  const s = Math.floor(seconds);
  const h = Math.floor(s / 3600), m = Math.floor((s % 3600) / 60), r = s % 60;
  const two = (n) => String(n).padStart(2, "0");
  return h ? `${h}:${two(m)}:${two(r)}` : `${m}:${two(r)}`;
}

function render() {
  const g = state.game;
  const correcting = correction.open;
  $("play").hidden = correcting;
  $("correction").hidden = !correcting;
  document.body.classList.toggle("correcting", correcting);
  if (correcting) correction.draw();
  else drawBoard();
  if (g) {
    $("clock").textContent = formatClock(g.elapsed);
    $("clock").setAttribute("aria-label", L("time") + " " + formatClock(g.elapsed));
    $("pause").textContent = g.paused ? L("resume") : L("pause");
    const notes = $("notes");
    notes.textContent = g.notesMode ? L("notes_on") : L("notes_off");
    notes.setAttribute("aria-pressed", String(g.notesMode));
    notes.classList.toggle("on", g.notesMode);
    $("undo").disabled = correcting || !g.history.length;
    $("redo").disabled = correcting || !g.redoStack.length;
    // a symbol placed in every row is done: its pad button says so
    pad(correcting ? null : g.geo);
    for (const b of document.querySelectorAll("#pad .digit")) {
      const d = Number(b.dataset.digit);
      let n = 0;
      for (let i = 0; i < g.cells; i++) if (g.value(i) === d) n++;
      b.classList.toggle("done", !correcting && n >= g.cells / g.side);
    }
  }
  // zoom buttons for a plane larger than one grid (overlapping grids)
  $("zoom").hidden = correcting || !g?.geo.plane;
  for (const id of ["hint", "check", "solve", "new", "daily", "photo"]) $(id).disabled = state.busy;
  // New and Daily wait for the correction's end: a game swapped behind it
  // would be lost unseen, and the correction is the player's work.
  for (const id of ["hint", "check", "solve", "erase", "notes", "new", "daily", "level", "shape"]) {
    if (correcting) $(id).disabled = true;
  }
  $("level").disabled = correcting;
  $("shape").disabled = correcting;
  $("erase").disabled = false;
  const status = $("status");
  const st = state.status;
  status.textContent = !st ? "" : st.texts ? st.texts[state.lang] || "" : L(st.key, ...st.args);
  status.classList.toggle("error", state.statusError);
  drawDialogue($("pip-panel"), state.dialogue, (o) => L(o), state.busy);
}

/// The status line: `key` of the page's words with `args`, drawn in the
/// language of the moment (the switch says it again), or "" for none.
function setStatus(key, args = [], error = false) {
  state.status = key ? { key, args } : null;
  state.statusError = error;
}

/// The status line from the server's words in both languages ({en, fr}).
function setStatusTexts(texts) {
  state.status = { texts };
  state.statusError = false;
}

/// Pip's pose for what it just said.
function moodFor(said, asking) {
  const last = said && said[said.length - 1];
  if (!last) return "idle";
  if (asking) return "idle";
  if (last.kind === "solved") return "cheering";
  if (["invalid", "stuck", "wrong_entries"].includes(last.kind)) return "sorry";
  return "idle";
}

/// Pip says `said`; with `stay`, after what it is saying now (read with Next).
function say(said, offers = [], asking = false, { stay = false } = {}) {
  state.dialogue.push(said, offers, { stay });
  if (!stay) pip.setMood(moodFor(said, asking));
  saveDialogue();
}

function saveDialogue() {
  try {
    sessionStorage.setItem("sudolens-dialogue", JSON.stringify(state.dialogue.toJSON()));
  } catch {
    // the dialogue is only a convenience across reloads
  }
}

// ----- the game -----

/// What a change of the board means: the step shown no longer applies, a
/// completed unit is celebrated, and a grid just solved by the player too.
function afterEdit(result) {
  if (result === "given") {
    setStatus("given_refused", [placeLabel(state.game.selected)], true);
    return;
  }
  if (!result) return;
  setStatus("");
  state.pending = null;
  state.dialogue.clearOffers();
  state.crossed = state.crossed.filter((i) => state.game.value(i));
  state.game.save();
}

/// Runs an edit and celebrates what it completed.
function edit(fn, { celebrate = true } = {}) {
  const g = state.game;
  const before = new Set(g.completeUnits());
  const wasSolved = g.isSolved();
  const result = fn(g);
  afterEdit(result);
  // a grid of the endless carpet filled: Pip cheers it when it is solved
  if (result === true && celebrate && g.endless && g.gridFilled()) endlessFilled();
  if (result === true && celebrate) {
    const fresh = g.completeUnits().filter((k) => !before.has(k));
    // an endless carpet's view full is not the end: the carpet goes on
    if (g.isSolved() && !wasSolved && !g.endless) {
      state.justSolved = true;
      pip.setMood("cheering");
      if (state.info) say([state.info.said.solved]);
      setTimeout(() => {
        state.justSolved = false;
        render();
      }, 1600);
    } else if (fresh.length) {
      state.celebrate = fresh;
      setTimeout(() => {
        state.celebrate = [];
        render();
      }, 900);
    }
  }
  render();
}

function typeDigit(d, asNote) {
  if (correction.open) {
    correction.type(d);
    render();
    return;
  }
  edit((g) => g.type(d, asNote));
}

function erase() {
  if (correction.open) {
    correction.type(0);
    render();
    return;
  }
  edit((g) => g.erase(), { celebrate: false });
}

/// Shows why a request failed, in the status line.
function failed(r) {
  if (r.status === 0) setStatus("offline", [], true);
  // a puzzle not made in the server's time (a big carpet at a hard level)
  else if (r.body?.kind === "timeout") setStatus("too_slow", [], true);
  else if (r.status === 503 || r.status === 429) setStatus("busy", [], true);
  else setStatus("server_said", [r.body?.error || "HTTP " + r.status], true);
  pip.setMood("idle");
}

/// Runs one request with Pip thinking and the buttons held. An error shown
/// before goes once a request succeeds.
async function ask(request) {
  if (state.busy) return null;
  state.busy = true;
  pip.setMood("thinking");
  render();
  try {
    const r = await request();
    if (r?.ok && state.statusError) setStatus("");
    return r;
  } finally {
    state.busy = false;
    // the selection left an endless carpet's middle grid while Pip was busy
    if (state.followLater) {
      state.followLater = false;
      setTimeout(() => state.game?.leftTheMiddle() && followEndless());
    }
  }
}

/// Makes `g` the game played, saved at once; nothing of the game before
/// (a step shown, entries crossed out, a celebration under way) carries over.
function startGame(g) {
  state.game = g;
  state.pending = null;
  g.crossed = [];
  state.celebrate = [];
  state.justSolved = false;
  g.save();
}

/// Time before a puzzle being made shows its progress: most come sooner.
const MAKING_SHOWN_MS = 700;

/// A new puzzle from the server, made the game: `request(signal)` asks
/// for it (`/api/new` or `/api/daily`), `progress(seconds)` words its
/// progress. A slow one (an Extreme may take seconds) shows its progress
/// under the board with Cancel, which keeps the game in progress. With
/// `quiet`, Pip's welcome waits behind what Pip is saying (the first
/// visit's intro). Returns the game, or null.
async function makePuzzle(request, progress, { quiet = false } = {}) {
  const abort = new AbortController();
  const started = Date.now();
  const tick = () => {
    const ms = Date.now() - started;
    if (ms < MAKING_SHOWN_MS) return;
    $("making-text").textContent = progress(Math.floor(ms / 1000));
    $("making").hidden = false;
  };
  const timer = setInterval(tick, 250);
  state.making = abort;
  let r;
  try {
    r = await ask(() => request(abort.signal));
  } finally {
    clearInterval(timer);
    $("making").hidden = true;
    state.making = null;
  }
  if (!r) return null;
  if (r.cancelled) {
    setStatus("making_cancelled");
    pip.setMood("idle");
    render();
    return null;
  }
  if (!r.ok) return failed(r), render(), null;
  const fresh = Game.fromGivens(r.body.givens, r.body.shape);
  const g = fresh && r.body.endless ? Game.onView(r.body.endless, fresh.geo) : fresh;
  if (!g) return setStatus("bad_puzzle", [], true), render(), null;
  g.level = r.body.level || null;
  startGame(g);
  setStatus("");
  if (g.endless) setStatusTexts(g.endless.place);
  say(r.body.said, [], false, { stay: quiet });
  render();
  if (g.endless) lookAtTheMiddle();
  return g;
}

async function newGame(level, shape, options) {
  const made = await makePuzzle(
    (signal) => api.newPuzzle(level, shape === "classic" ? undefined : shape, state.lang, signal),
    (seconds) => L("making", L("level_" + level), seconds),
    options,
  );
  if (made) {
    localStorage.setItem(LEVEL_KEY, level);
    localStorage.setItem(SHAPE_KEY, shape);
  }
}

async function dailyGame() {
  await makePuzzle(
    (signal) => api.daily(state.lang, signal),
    (seconds) => L("making_daily", seconds),
  );
}

async function askHint() {
  const g = state.game;
  if (!g || g.paused || correction.open) return;
  const r = await ask(() => api.hint(g.request(state.lang)));
  if (!r) return;
  if (!r.ok) return failed(r), render();
  const body = r.body;
  if (body.filled_notes) {
    g.fillNotes(body.filled_notes);
    g.save();
  }
  state.pending = body.after || null;
  state.crossed = (body.crossed || []).map((c) => g.cellIndex(c)).filter((i) => i >= 0);
  g.save();
  say(body.said, body.after ? ["apply"] : [], body.asking);
  render();
}

async function verdict(solve) {
  const g = state.game;
  if (!g || g.paused || correction.open) return;
  const req = g.request(state.lang);
  const r = await ask(() => (solve ? api.solve(req) : api.check(req)));
  if (!r) return;
  if (!r.ok) return failed(r), render();
  const body = r.body;
  state.crossed = (body.crossed || []).map((c) => g.cellIndex(c)).filter((i) => i >= 0);
  g.save();
  if (body.solution) {
    // Solve is not the player's win: no celebration
    edit((game) => game.reveal(body.solution), { celebrate: false });
    say(body.said);
    pip.setMood("cheering");
  } else {
    say(body.said, body.offers || [], body.asking);
  }
  render();
}

function offer(name) {
  const g = state.game;
  if (name === "apply" && state.pending) {
    const after = state.pending;
    state.crossed = [];
    edit((game) => game.applyBoard(after, true));
  } else if (name === "remove_wrong") {
    const cells = state.crossed;
    state.crossed = [];
    edit((game) => game.removeEntries(cells), { celebrate: false });
  } else if (name === "reset") {
    state.crossed = [];
    edit((game) => game.reset(), { celebrate: false });
  }
  state.dialogue.clearOffers();
  pip.setMood("idle");
  render();
  return g;
}

function next() {
  if (!state.dialogue.forward() && !state.busy) askHint();
  render();
}

function previous() {
  state.dialogue.back();
  render();
}

function togglePause() {
  const g = state.game;
  if (!g || correction.open) return;
  g.paused = !g.paused;
  g.save();
  render();
}

// ----- photos -----

async function photoPicked(file) {
  if (!file || !state.info) return;
  if (file.size > state.info.limits.max_upload_bytes) {
    say([state.info.said.too_large]);
    render();
    return;
  }
  if (state.info.window) {
    const r = await ask(() => api.toWindow(file, state.lang));
    if (!r) return;
    if (r.body?.said) say(r.body.said);
    else failed(r);
    render();
    return;
  }
  say([state.info.said.reading]);
  setStatus("reading");
  const r = await ask(() => api.photo(file, state.lang));
  if (!r) return;
  setStatus("");
  if (r.ok) {
    correction.show(r.body, file);
    say(r.body.said);
  } else if (r.body?.said) {
    say(r.body.said);
  } else {
    failed(r);
  }
  render();
}

async function useGrid() {
  const grids = correction.grids();
  const r = await ask(() =>
    api.start({ lang: state.lang, givens: grids.givens, entries: grids.entries, name: correction.name }),
  );
  if (!r) return;
  if (!r.ok) return failed(r), render();
  if (!r.body.ok) {
    say(r.body.said);
    render();
    return;
  }
  const g = Game.fromGivens(grids.givens);
  g.entries = parseLine(grids.entries);
  g.readings = parseLine(grids.readings);
  g.selected = g.firstEmpty();
  g.level = null;
  startGame(g);
  correction.close();
  say(r.body.said);
  render();
}

// ----- input -----

function moveSelection(dr, dc) {
  const g = state.game;
  if (correction.open) {
    const i = Math.max(0, correction.selected);
    correction.select(((Math.floor(i / 9) + dr + 9) % 9) * 9 + (((i % 9) + dc + 9) % 9));
    render();
    return;
  }
  const i = g.selected, n = g.side;
  // on overlapping grids, across the plane from one grid into the next
  if (g.geo.plane) g.selected = g.geo.step(Math.max(0, i), dr, dc);
  else g.selected = ((Math.floor(i / n) + dr + n) % n) * n + (((i % n) + dc + n) % n);
  afterSelect();
}

/// After the selection moved: the status line clears, and on an endless
/// carpet the view follows the selection out of its middle grid.
function afterSelect() {
  const g = state.game;
  if (!g?.endless) setStatus("");
  render();
  if (g?.leftTheMiddle()) followEndless();
}

/// How far a new endless carpet is zoomed in: 14 cells across, the middle
/// grid with a box of each neighbour around it, as the window opens it.
const ENDLESS_ZOOM = 1.5;

/// The view zoomed in on its middle grid (the plane's centre).
function lookAtTheMiddle() {
  const z = board.zoom;
  z.scale = ENDLESS_ZOOM;
  z.cx = z.world.x + z.world.w / 2;
  z.cy = z.world.y + z.world.h / 2;
  z.changed();
}

/// A grid holding the selection was just filled: the server, which knows
/// the carpet's solution, says whether it is solved, and Pip cheers it.
async function endlessFilled() {
  const g = state.game;
  const r = await ask(() => api.endlessMove(g.moveRequest(state.lang)));
  if (!r || !r.ok || state.game !== g) return render();
  g.endless.carpet = r.body.carpet;
  g.save();
  if (r.body.said?.length) {
    say(r.body.said);
    pip.setMood("cheering");
  } else pip.setMood("idle");
  render();
}

/// The selection left the middle grid of an endless carpet's view: the
/// server keeps the entries in the carpet and makes the view again around
/// the grid the selection went into. The camera moves with the plane, so
/// the same cells stay on screen; Pip's steps told so far no longer point
/// at cells, whose numbers changed.
async function followEndless() {
  const g = state.game;
  if (state.busy) {
    state.followLater = true;
    return;
  }
  const r = await ask(() => api.endlessMove(g.moveRequest(state.lang)));
  if (!r || state.game !== g) return render();
  if (!r.ok) return failed(r), render();
  pip.setMood("idle");
  if (!r.body.moved) return render();
  const next = Game.onView(r.body, g.geo);
  if (!next) return setStatus("bad_puzzle", [], true), render();
  next.elapsed = g.elapsed;
  next.level = g.level;
  next.paused = g.paused;
  next.notesMode = g.notesMode;
  startGame(next);
  state.dialogue.forgetPlaces();
  state.dialogue.clearOffers();
  saveDialogue();
  setStatusTexts(next.endless.place);
  const [dr, dc] = r.body.shift || [0, 0];
  board.zoom.cx += dc * board.zoom.cell;
  board.zoom.cy += dr * board.zoom.cell;
  render();
  board.zoom.changed();
}

function onKey(e) {
  if (e.target.closest("input, select, textarea")) return;
  const g = state.game;
  if (!g) return;
  const mod = e.ctrlKey || e.metaKey;
  const code = e.code || "";
  // the shape's symbols: digits, and letters on a 12×12 or 16×16 (a hex
  // grid's 0 is a symbol too); Shift writes a note
  const typed = /^(Digit|Numpad)([0-9])$/.exec(code)?.[2] || /^Key([A-G])$/.exec(code)?.[1] || e.key;
  const one = typeof typed === "string" && typed.length === 1;
  // the correction screen fixes a photo's 9×9: digits only
  const value = !one ? 0 : correction.open ? (/^[1-9]$/.test(typed) ? Number(typed) : 0) : g.geo.valueOf(typed);
  const digit = value || null;
  let handled = true;
  if (mod && (e.key === "z" || e.key === "Z")) {
    if (e.shiftKey) edit((x) => x.redo(), { celebrate: false });
    else edit((x) => x.undo(), { celebrate: false });
  } else if (mod && (e.key === "y" || e.key === "Y")) edit((x) => x.redo(), { celebrate: false });
  else if (mod) handled = false;
  else if (digit) typeDigit(Number(digit), e.shiftKey || g.notesMode);
  else if (["Backspace", "Delete", "0"].includes(e.key)) erase();
  else if (e.key === "ArrowUp") moveSelection(-1, 0);
  else if (e.key === "ArrowDown") moveSelection(1, 0);
  else if (e.key === "ArrowLeft") moveSelection(0, -1);
  else if (e.key === "ArrowRight") moveSelection(0, 1);
  else if (e.key === "n" || e.key === "N") {
    g.notesMode = !g.notesMode;
    g.save();
    render();
  } else if (e.key === "h" || e.key === "H") askHint();
  else if (e.key === "p" || e.key === "P") togglePause();
  else if (e.key === "PageDown") next();
  else if (e.key === "PageUp") previous();
  else handled = false;
  if (handled) e.preventDefault();
}

function wire() {
  document.addEventListener("keydown", onKey);
  $("pad").addEventListener("click", (e) => {
    const b = e.target.closest("[data-digit]");
    if (b) typeDigit(Number(b.dataset.digit), state.game?.notesMode);
  });
  $("erase").addEventListener("click", erase);
  $("notes").addEventListener("click", () => {
    state.game.notesMode = !state.game.notesMode;
    state.game.save();
    render();
  });
  $("undo").addEventListener("click", () => edit((g) => g.undo(), { celebrate: false }));
  $("redo").addEventListener("click", () => edit((g) => g.redo(), { celebrate: false }));
  $("hint").addEventListener("click", askHint);
  $("check").addEventListener("click", () => verdict(false));
  $("solve").addEventListener("click", () => verdict(true));
  $("new").addEventListener("click", () => newGame($("level").value || "medium", $("shape").value || "classic"));
  $("shape").addEventListener("change", () => {
    levelChoices();
    render();
  });
  $("daily").addEventListener("click", dailyGame);
  $("making-cancel").addEventListener("click", () => state.making?.abort());
  $("pause").addEventListener("click", togglePause);
  $("zoom-in").addEventListener("click", () => board.zoom.zoomBy(1.5));
  $("zoom-out").addEventListener("click", () => board.zoom.zoomBy(1 / 1.5));
  $("zoom-fit").addEventListener("click", () => board.zoom.fit());
  $("pip-next").addEventListener("click", next);
  $("pip-prev").addEventListener("click", previous);
  $("pip-offers").addEventListener("click", (e) => {
    if (e.target.closest("[data-back]")) {
      state.dialogue.closeInner();
      return render();
    }
    const b = e.target.closest("[data-offer]");
    if (b) offer(b.dataset.offer);
  });
  $("pip-lines").addEventListener("click", (e) => {
    const b = e.target.closest("[data-inner]");
    if (!b) return;
    state.dialogue.openInner(Number(b.dataset.inner));
    render();
  });
  $("photo").addEventListener("click", () => $("photo-input").click());
  $("photo-input").addEventListener("change", (e) => {
    const file = e.target.files?.[0];
    e.target.value = "";
    photoPicked(file);
  });
  $("use-grid").addEventListener("click", useGrid);
  $("cancel-grid").addEventListener("click", () => {
    correction.close();
    render();
  });
  $("kind").addEventListener("click", () => {
    correction.toggleKind();
    render();
  });
  $("lang").addEventListener("click", async () => {
    state.lang = state.lang === "fr" ? "en" : "fr";
    localStorage.setItem(LANG_KEY, state.lang);
    await loadInfo();
    state.dialogue.speak(state.lang);
    saveDialogue();
    labels();
    render();
  });
  addEventListener("resize", () => {
    if (correction.open) correction.layoutPhoto();
  });
  const keep = () => state.game?.save();
  addEventListener("pagehide", keep);
  document.addEventListener("visibilitychange", keep);
  // The clock: one second at a time while the page is seen and the game on.
  setInterval(() => {
    const g = state.game;
    if (!g || g.paused || document.hidden || correction.open || g.isSolved()) return;
    g.elapsed += 1;
    $("clock").textContent = formatClock(g.elapsed);
    if (Math.floor(g.elapsed) % 10 === 0) g.save();
  }, 1000);
}

async function loadInfo() {
  const r = await api.info(state.lang);
  if (r.ok) state.info = r.body;
  else failed(r);
}

async function main() {
  pip = createPip($("pip"));
  board = new BoardView($("board"), (i) => {
    if (!state.game) return;
    state.game.selected = i;
    afterSelect();
  });
  correction = new Correction(
    {
      board: $("corr-board"),
      photo: $("photo-img"),
      outline: $("photo-outline"),
      frame: $("photo-frame"),
      inner: $("photo-inner"),
      crop: $("crop-img"),
      cropFrame: $("crop"),
      cropInner: $("crop-inner"),
      question: $("crop-question"),
      choices: $("crop-choices"),
      kind: $("kind"),
    },
    L,
    () => state.lang,
  );
  wire();
  await loadInfo();
  labels();
  const saved = Game.load();
  if (saved) {
    state.game = saved;
    let dialogue = null;
    try {
      dialogue = Dialogue.fromJSON(JSON.parse(sessionStorage.getItem("sudolens-dialogue") || "null"));
    } catch {
      dialogue = null;
    }
    if (dialogue && dialogue.current()) {
      // another tab may have switched the language since
      dialogue.speak(state.lang);
      state.dialogue = dialogue;
    }
    if (state.info) say([state.info.said.restored]);
    if (saved.endless) setStatusTexts(saved.endless.place);
    render();
    if (saved.endless) lookAtTheMiddle();
  } else {
    // The first visit: Pip's intro stays on screen, the new puzzle's
    // welcome behind it (Next).
    if (state.info) say([state.info.said.intro]);
    pip.setMood("hello");
    await newGame($("level").value || "medium", $("shape").value || "classic", { quiet: !!state.info });
  }
  document.body.dataset.ready = "true";
  render();
}

main();
