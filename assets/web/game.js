// The game in progress, apart from any drawing: its shape (any size, from
// the server's description), the givens, the player's entries and notes, an undo history of moves (the same shape as a
// sudolens save file), the clock, and what the server told about cells
// (digits revealed by Solve or Apply, entries read from a photo). Kept in
// the browser's local storage, so that a reload finds the game again.

export const CELLS = 81;
const STORAGE_KEY = "sudolens-game";

/// "r1c1" for cell index 0 of a grid of `side` (9 unless told).
export function cellName(i, side = 9) {
  return "r" + (Math.floor(i / side) + 1) + "c" + ((i % side) + 1);
}

/// The index of "r1c1" in a grid of `side`; -1 when it is not one of its
/// `cells` (side × side unless told). Overlapping grids have more cells
/// than their side squared: the server names them as if their cells ran
/// on, `side` to a row (cell 100 of a samurai is "r12c2"), so a name is an
/// index there, whatever the plane.
export function cellIndex(name, side = 9, cells = side * side) {
  const m = /^r(\d+)c(\d+)$/.exec(name || "");
  if (!m) return -1;
  const [r, c] = [Number(m[1]), Number(m[2])];
  const i = (r - 1) * side + (c - 1);
  return r >= 1 && c >= 1 && c <= side && i < cells ? i : -1;
}

/// The classic's description, as the server writes a shape (`/api/new`'s
/// `shape`): games of pages before shapes, and photos, are classic.
function classicShape() {
  const houses = [];
  const box = (k, j) => (Math.floor(k / 3) * 3 + Math.floor(j / 3)) * 9 + (k % 3) * 3 + (j % 3);
  for (const [kind, at] of [["row", (k, j) => k * 9 + j], ["column", (k, j) => j * 9 + k], ["box", box]]) {
    for (let k = 0; k < 9; k++) houses.push({ name: kind + " " + (k + 1), cells: Array.from({ length: 9 }, (_, j) => at(k, j)) });
  }
  return {
    name: "classic",
    side: 9,
    box_rows: 3,
    box_cols: 3,
    symbols: ["1", "2", "3", "4", "5", "6", "7", "8", "9"],
    hex: false,
    regions: Array.from({ length: 81 }, (_, i) => Math.floor(i / 27) * 3 + Math.floor((i % 9) / 3)),
    jigsaw: false,
    extra: [],
    shaded_even: true,
    houses,
  };
}

/// A shape's geometry for playing and drawing, from its description: the
/// side, the symbols, the houses (by name too), each cell's peers.
export class Geometry {
  constructor(info) {
    const ok = info && Number.isInteger(info.side) && Array.isArray(info.houses) && Array.isArray(info.symbols);
    this.info = ok ? info : classicShape();
    const s = this.info;
    this.side = s.side;
    this.cells = Number.isInteger(s.cell_count) && s.cell_count > 0 ? s.cell_count : s.side * s.side;
    this.placePlane(s.plane);
    this.symbols = s.symbols;
    this.houses = s.houses.map((h) => h.cells);
    this.byName = new Map(s.houses.map((h) => [String(h.name), h.cells]));
    this.regions = s.regions || [];
    this.extra = new Set(s.extra || []);
    this.shaded = s.shaded || null;
    this.classic = s.name === "classic";
    const peers = Array.from({ length: this.cells }, () => new Set());
    for (const h of this.houses) for (const i of h) for (const j of h) if (i !== j) peers[i].add(j);
    this.peerList = peers.map((p) => [...p]);
  }

  /// Where the cells lie: `plane` (overlapping grids, from the server:
  /// rows, cols, each cell's position, the grids and each cell's places in
  /// them), or the side × side square in reading order.
  placePlane(plane) {
    const ok = plane && Array.isArray(plane.positions) && plane.positions.length === this.cells && Array.isArray(plane.grids);
    /// The overlapping grids' plane, or null for one grid.
    this.plane = ok ? plane : null;
    this.rows = ok ? plane.rows : this.side;
    this.cols = ok ? plane.cols : this.side;
    this.positions = ok ? plane.positions : Array.from({ length: this.cells }, (_, i) => [Math.floor(i / this.side), i % this.side]);
    this.grids = ok ? plane.grids : [];
    this.memberships = ok && Array.isArray(plane.memberships) ? plane.memberships : this.positions.map(() => []);
    this.cellAt = new Int32Array(this.rows * this.cols).fill(-1);
    this.positions.forEach(([r, c], i) => {
      if (r >= 0 && r < this.rows && c >= 0 && c < this.cols) this.cellAt[r * this.cols + c] = i;
    });
  }

  /// The cell at plane row `r`, column `c`; -1 for a hole or off the plane.
  at(r, c) {
    return r >= 0 && r < this.rows && c >= 0 && c < this.cols ? this.cellAt[r * this.cols + c] : -1;
  }

  /// The next cell from `i` moving (dr, dc) on the plane: holes (the
  /// samurai's gaps) are skipped, and the edge wraps to the other side.
  step(i, dr, dc) {
    let [r, c] = this.positions[i] || [0, 0];
    for (let k = 0; k < this.rows + this.cols; k++) {
      r = (r + dr + this.rows) % this.rows;
      c = (c + dc + this.cols) % this.cols;
      const j = this.at(r, c);
      if (j >= 0) return j;
    }
    return i;
  }

  /// The symbol of value `v` ("" for 0).
  symbol(v) {
    return v ? this.symbols[v - 1] || "?" : "";
  }

  /// The value a typed character stands for (0 when none).
  valueOf(ch) {
    const k = this.symbols.indexOf(String(ch).toUpperCase());
    return k + 1;
  }

  /// The cells of a house named as the server writes it ("row 3", "region 4").
  houseCells(name) {
    return this.byName.get(String(name).trim().toLowerCase()) || [];
  }

  /// What a request names the shape by: nothing for the classic (the API's
  /// default), else the parts of its description the server reads.
  request() {
    if (this.classic) return undefined;
    const s = this.info;
    return { name: s.name, regions: s.jigsaw ? s.regions : undefined, shaded: s.shaded, shaded_even: s.shaded_even, hex: s.hex };
  }

  /// The header a sudolens save file names its shape with (the window
  /// reads it): the name, a jigsaw's regions, an odd/even's shading.
  header() {
    if (this.classic) return undefined;
    const s = this.info;
    const rows = (f) => Array.from({ length: s.side }, (_, r) => Array.from({ length: s.side }, (_, c) => f(r * s.side + c)).join("")).join("\n") + "\n";
    let out = "shape: " + s.name + "\n";
    if (s.jigsaw) out += "regions:\n" + rows((i) => "123456789ABCDEFG"[s.regions[i]]);
    if (s.shaded) out += (s.shaded_even ? "shaded: even\n" : "shaded: odd\n") + rows((i) => (s.shaded[i] ? "#" : "."));
    if (s.hex) out += "symbols: hex\n";
    return out;
  }
}

export const CLASSIC = new Geometry(null);

function parseLine(line, geo = CLASSIC) {
  const out = new Uint8Array(geo.cells);
  if (typeof line !== "string" || line.length !== geo.cells) return null;
  for (let i = 0; i < geo.cells; i++) {
    const ch = line[i];
    if (ch === ".") continue;
    const v = geo.valueOf(ch);
    if (v) out[i] = v;
    else if (ch !== "0") return null;
  }
  return out;
}

function toLine(values, geo = CLASSIC) {
  return Array.from(values, (v) => (v ? geo.symbol(v) : ".")).join("");
}

/// Notes as a bit set (bit v for value v, up to 16) <-> "137", with "A" to
/// "G" for 10 to 16 as the server and the save files write them.
const NOTE_CHARS = "123456789ABCDEFG";
function notesText(bits) {
  let s = "";
  for (let v = 1; v <= 16; v++) if (bits & (1 << v)) s += NOTE_CHARS[v - 1];
  return s;
}

function notesBits(text) {
  let bits = 0;
  for (const ch of String(text || "").toUpperCase()) {
    const v = NOTE_CHARS.indexOf(ch) + 1;
    if (v) bits |= 1 << v;
  }
  return bits;
}

export class Game {
  constructor(givens, geo = CLASSIC) {
    /// The shape played (its geometry and description).
    this.geo = geo;
    const n = geo.cells;
    this.givens = givens || new Uint8Array(n);
    this.entries = new Uint8Array(n);
    this.notes = new Uint32Array(n);
    this.history = [];
    this.redoStack = [];
    /// Digits placed by Solve or an applied hint, drawn apart.
    this.revealed = new Uint8Array(n);
    /// Entries read from a photo that the player has not written over.
    this.readings = new Uint8Array(n);
    /// The player's entries crossed out by Check or a hint (cell indices).
    this.crossed = [];
    this.elapsed = 0;
    this.paused = false;
    this.notesMode = false;
    this.level = null;
    /// An endless carpet's view: {carpet (its save text, sent back with
    /// each request), middle (the middle grid's cells), place ({en, fr}:
    /// where the player is)}; null for any other game.
    this.endless = null;
    this.selected = this.firstEmpty();
  }

  /// The game on an endless carpet's view as the server gives it
  /// (`/api/new?shape=endless`'s `endless`, `/api/endless/move`), on `geo`
  /// (a view keeps its shape, and the camera with it); null when the view
  /// is not one of `geo`.
  static onView(view, geo) {
    const givens = parseLine(view.givens, geo);
    const entries = parseLine(view.entries, geo);
    if (!givens || !entries || !Array.isArray(view.notes) || view.notes.length !== geo.cells) return null;
    const g = new Game(givens, geo);
    g.entries = entries;
    g.notes = Uint32Array.from(view.notes, notesBits);
    g.endless = { carpet: String(view.carpet), middle: view.middle, place: view.place || {} };
    g.selected = Number.isInteger(view.selected) && view.selected < geo.cells ? view.selected : g.firstEmpty();
    return g;
  }

  /// Whether the selection left an endless carpet view's middle grid: the
  /// view is to move.
  leftTheMiddle() {
    return !!this.endless && !this.endless.middle.includes(this.selected);
  }

  /// Whether a grid holding the selected cell has every cell filled (on
  /// overlapping grids): the endless carpet asks whether it is solved.
  gridFilled() {
    const plane = this.geo.plane;
    const i = this.selected;
    if (!plane || i < 0 || !this.value(i)) return false;
    const holders = this.geo.memberships[i].map(([k]) => k);
    return holders.some((k) =>
      this.geo.memberships.every((m, j) => !m.some(([gk]) => gk === k) || this.value(j)),
    );
  }

  /// The request that moves an endless carpet's view to the selection.
  moveRequest(lang) {
    return {
      lang,
      carpet: this.endless.carpet,
      entries: toLine(this.entries, this.geo),
      notes: Array.from(this.notes, notesText),
      selected: this.selected,
    };
  }

  /// A game on `line`'s givens in the shape `shape` describes (the classic
  /// when none); null when the line is not a grid of that shape.
  static fromGivens(line, shape) {
    const geo = shape ? new Geometry(shape) : CLASSIC;
    const g = parseLine(line, geo);
    return g ? new Game(g, geo) : null;
  }

  get side() {
    return this.geo.side;
  }

  get cells() {
    return this.geo.cells;
  }

  cellName(i) {
    return cellName(i, this.geo.side);
  }

  cellIndex(name) {
    return cellIndex(name, this.geo.side, this.geo.cells);
  }

  firstEmpty() {
    for (let i = 0; i < this.geo.cells; i++) if (!this.givens[i] && !this.entries?.[i]) return i;
    return 0;
  }

  value(i) {
    return this.givens[i] || this.entries[i];
  }

  isGiven(i) {
    return this.givens[i] !== 0;
  }

  noteDigits(i) {
    const out = [];
    for (let d = 1; d <= this.geo.side; d++) if (this.notes[i] & (1 << d)) out.push(d);
    return out;
  }

  /// Plays one undoable move: `changes` maps cell -> {entry, notes(bits)}.
  /// Returns false when nothing changed.
  move(changes) {
    const recorded = [];
    for (const [i, after] of changes) {
      const before = { entry: this.entries[i], notes: this.notes[i] };
      if (before.entry === after.entry && before.notes === after.notes) continue;
      recorded.push({ cell: i, before, after: { entry: after.entry, notes: after.notes } });
    }
    if (!recorded.length) return false;
    for (const c of recorded) {
      this.entries[c.cell] = c.after.entry;
      this.notes[c.cell] = c.after.notes;
    }
    this.history.push(recorded);
    this.redoStack = [];
    return true;
  }

  /// Writes `digit` in the selected cell, or toggles it as a note. Typing the
  /// entry already there clears it. Returns "given" when refused, true when
  /// something changed.
  type(digit, asNote) {
    const i = this.selected;
    if (this.paused || i < 0) return false;
    if (this.isGiven(i)) return "given";
    if (asNote) {
      if (this.entries[i]) return false;
      return this.move([[i, { entry: 0, notes: this.notes[i] ^ (1 << digit) }]]);
    }
    this.readings[i] = 0;
    const entry = this.entries[i] === digit ? 0 : digit;
    // As in the window: a digit written clears the cell's notes and that
    // digit from its peers' notes; undo restores all of it.
    const changes = [[i, { entry, notes: entry ? 0 : this.notes[i] }]];
    if (entry) {
      for (const p of this.geo.peerList[i]) {
        if (this.notes[p] & (1 << entry)) {
          changes.push([p, { entry: this.entries[p], notes: this.notes[p] & ~(1 << entry) }]);
        }
      }
    }
    return this.move(changes);
  }

  /// Erases the selected cell's entry, or its notes when it has none.
  erase() {
    const i = this.selected;
    if (this.paused || i < 0) return false;
    if (this.isGiven(i)) return "given";
    this.readings[i] = 0;
    if (this.entries[i]) return this.move([[i, { entry: 0, notes: this.notes[i] }]]);
    return this.move([[i, { entry: 0, notes: 0 }]]);
  }

  undo() {
    if (this.paused) return false;
    const m = this.history.pop();
    if (!m) return false;
    for (const c of m) {
      this.entries[c.cell] = c.before.entry;
      this.notes[c.cell] = c.before.notes;
    }
    this.redoStack.push(m);
    return true;
  }

  redo() {
    if (this.paused) return false;
    const m = this.redoStack.pop();
    if (!m) return false;
    for (const c of m) {
      this.entries[c.cell] = c.after.entry;
      this.notes[c.cell] = c.after.notes;
    }
    this.history.push(m);
    return true;
  }

  /// Back to the givens (one undoable move).
  reset() {
    const changes = [];
    for (let i = 0; i < this.geo.cells; i++) changes.push([i, { entry: 0, notes: 0 }]);
    this.revealed.fill(0);
    return this.move(changes);
  }

  /// Sets the board to a state the server sent ({entries, notes}) as one
  /// undoable move; digits that appear are `revealed` when asked.
  applyBoard(state, reveal) {
    const entries = parseLine(state.entries, this.geo);
    if (!entries || !Array.isArray(state.notes) || state.notes.length !== this.geo.cells) return false;
    const changes = [];
    for (let i = 0; i < this.geo.cells; i++) {
      if (this.isGiven(i)) continue;
      const next = { entry: entries[i], notes: notesBits(state.notes[i]) };
      if (reveal && next.entry && next.entry !== this.entries[i]) this.revealed[i] = next.entry;
      changes.push([i, next]);
    }
    return this.move(changes);
  }

  /// Sets the notes the server pencilled in (one undoable move).
  fillNotes(notes) {
    return this.applyBoard({ entries: toLine(this.entries, this.geo), notes }, false);
  }

  /// Fills every empty cell from the solution line (one move), revealed.
  reveal(solution) {
    const s = parseLine(solution, this.geo);
    if (!s) return false;
    const changes = [];
    for (let i = 0; i < this.geo.cells; i++) {
      if (!this.value(i)) {
        changes.push([i, { entry: s[i], notes: 0 }]);
        this.revealed[i] = s[i];
      }
    }
    return this.move(changes);
  }

  /// Empties the given cells (one move).
  removeEntries(cells) {
    return this.move(cells.map((i) => [i, { entry: 0, notes: this.notes[i] }]));
  }

  /// The cells whose digit another cell of a unit also holds.
  conflicts() {
    const out = new Set();
    for (const u of this.geo.houses) {
      const seen = new Map();
      for (const i of u) {
        const d = this.value(i);
        if (!d) continue;
        if (seen.has(d)) {
          out.add(i);
          out.add(seen.get(d));
        } else seen.set(d, i);
      }
    }
    return out;
  }

  /// The houses holding every value once, as indices into the shape's houses.
  completeUnits() {
    const out = [];
    this.geo.houses.forEach((u, k) => {
      const ds = new Set(u.map((i) => this.value(i)));
      if (!ds.has(0) && ds.size === u.length) out.push(k);
    });
    return out;
  }

  isSolved() {
    return this.completeUnits().length === this.geo.houses.length;
  }

  /// The board as the API reads it.
  request(lang) {
    return {
      lang,
      shape: this.geo.request(),
      givens: toLine(this.givens, this.geo),
      entries: toLine(this.entries, this.geo),
      notes: Array.from(this.notes, notesText),
      readings: toLine(this.readings, this.geo),
      // an endless carpet's view is judged by the carpet's solution
      endless: this.endless?.carpet,
    };
  }

  /// The game as kept in local storage: a sudolens save file (the window
  /// opens it too), with the page's own state beside it.
  toJSON() {
    // a save file names a classic's cells ("r4c7"), another shape's by index
    const cell = (i) => (this.geo.classic ? cellName(i) : i);
    const move = (m) => ({
      changes: m.map((c) => ({
        cell: cell(c.cell),
        before: { entry: c.before.entry, notes: notesText(c.before.notes) },
        after: { entry: c.after.entry, notes: notesText(c.after.notes) },
      })),
    });
    return {
      format: "sudolens-game",
      version: 1,
      shape: this.geo.header(),
      givens: toLine(this.givens, this.geo),
      entries: toLine(this.entries, this.geo),
      notes: Array.from(this.notes, notesText),
      history: this.history.map(move),
      redo: this.redoStack.map(move),
      elapsed_seconds: Math.floor(this.elapsed),
      page: {
        shape: this.geo.classic ? undefined : this.geo.info,
        revealed: toLine(this.revealed, this.geo),
        readings: toLine(this.readings, this.geo),
        paused: this.paused,
        notes_mode: this.notesMode,
        level: this.level,
        selected: this.selected,
        crossed: this.crossed.map((i) => this.cellName(i)),
        endless: this.endless || undefined,
      },
    };
  }

  /// A game from its saved form; null when it is not one.
  static fromJSON(saved) {
    if (!saved || saved.format !== "sudolens-game") return null;
    const page = saved.page || {};
    const geo = page.shape ? new Geometry(page.shape) : CLASSIC;
    const n = geo.cells;
    const givens = parseLine(saved.givens, geo);
    const entries = parseLine(saved.entries, geo);
    if (!givens || !entries || !Array.isArray(saved.notes) || saved.notes.length !== n) return null;
    const g = new Game(givens, geo);
    g.entries = entries;
    g.notes = Uint32Array.from(saved.notes, notesBits);
    const at = (c) => (Number.isInteger(c) && c >= 0 && c < n ? c : cellIndex(c, geo.side, n));
    const move = (m) =>
      (m.changes || []).map((c) => ({
        cell: at(c.cell),
        before: { entry: c.before.entry | 0, notes: notesBits(c.before.notes) },
        after: { entry: c.after.entry | 0, notes: notesBits(c.after.notes) },
      }));
    const valid = (m) => m.every((c) => c.cell >= 0 && !givens[c.cell]);
    g.history = (saved.history || []).map(move).filter(valid);
    g.redoStack = (saved.redo || []).map(move).filter(valid);
    g.elapsed = Number(saved.elapsed_seconds) || 0;
    g.revealed = parseLine(page.revealed, geo) || new Uint8Array(n);
    g.readings = parseLine(page.readings, geo) || new Uint8Array(n);
    g.paused = !!page.paused;
    g.notesMode = !!page.notes_mode;
    g.level = page.level || null;
    g.crossed = (Array.isArray(page.crossed) ? page.crossed : []).map((c) => g.cellIndex(c)).filter((i) => i >= 0 && g.entries[i]);
    const e = page.endless;
    if (e && typeof e.carpet === "string" && Array.isArray(e.middle)) {
      g.endless = { carpet: e.carpet, middle: e.middle.filter((i) => Number.isInteger(i) && i >= 0 && i < n), place: e.place || {} };
    }
    const sel = Number(page.selected);
    g.selected = sel >= 0 && sel < n ? sel : g.firstEmpty();
    return g;
  }

  save() {
    try {
      localStorage.setItem(STORAGE_KEY, JSON.stringify(this.toJSON()));
    } catch {
      // storage full or disabled: the game goes on, unsaved
    }
  }

  static load() {
    try {
      return Game.fromJSON(JSON.parse(localStorage.getItem(STORAGE_KEY) || "null"));
    } catch {
      return null;
    }
  }
}

/// Pencil-mark bit sets, for the board drawing.
export { notesBits, parseLine, toLine };
