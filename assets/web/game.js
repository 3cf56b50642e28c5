// The game in progress, apart from any drawing: the givens, the player's
// entries and notes, an undo history of moves (the same shape as a
// sudolens save file), the clock, and what the server told about cells
// (digits revealed by Solve or Apply, entries read from a photo). Kept in
// the browser's local storage, so that a reload finds the game again.

export const CELLS = 81;
const STORAGE_KEY = "sudolens-game";

/// "r1c1" for cell index 0.
export function cellName(i) {
  return "r" + (Math.floor(i / 9) + 1) + "c" + ((i % 9) + 1);
}

/// The index of "r1c1"; -1 when it is not a cell name.
export function cellIndex(name) {
  const m = /^r([1-9])c([1-9])$/.exec(name || "");
  return m ? (m[1] - 1) * 9 + (m[2] - 1) : -1;
}

/// The cells of a unit named as the server writes it ("row 3", "column 4",
/// "box 5"; "r3", "c4", "b5" too).
export function unitCells(name) {
  const m = /^(row|column|box|r|c|b)\s*([1-9])$/.exec(String(name).trim().toLowerCase());
  if (!m) return [];
  const k = m[2] - 1;
  const out = [];
  for (let j = 0; j < 9; j++) {
    if (m[1] === "row" || m[1] === "r") out.push(k * 9 + j);
    else if (m[1] === "column" || m[1] === "c") out.push(j * 9 + k);
    else out.push((Math.floor(k / 3) * 3 + Math.floor(j / 3)) * 9 + (k % 3) * 3 + (j % 3));
  }
  return out;
}

/// The 27 units, each as its 9 cell indices: rows, columns, boxes.
export const UNITS = (() => {
  const all = [];
  for (const kind of ["row", "column", "box"]) {
    for (let k = 1; k <= 9; k++) all.push(unitCells(kind + " " + k));
  }
  return all;
})();

const PEERS = Array.from({ length: CELLS }, (_, i) => {
  const s = new Set();
  for (const u of UNITS) if (u.includes(i)) u.forEach((c) => c !== i && s.add(c));
  return [...s];
});

export function peers(i) {
  return PEERS[i];
}

function parseLine(line) {
  const out = new Uint8Array(CELLS);
  if (typeof line !== "string" || line.length !== CELLS) return null;
  for (let i = 0; i < CELLS; i++) {
    const ch = line[i];
    if (ch >= "1" && ch <= "9") out[i] = ch.charCodeAt(0) - 48;
    else if (ch !== "." && ch !== "0") return null;
  }
  return out;
}

function toLine(digits) {
  return Array.from(digits, (d) => (d ? String(d) : ".")).join("");
}

/// Notes as a bit set (bit d for digit d) <-> "137".
function notesText(bits) {
  let s = "";
  for (let d = 1; d <= 9; d++) if (bits & (1 << d)) s += d;
  return s;
}

function notesBits(text) {
  let bits = 0;
  for (const ch of String(text || "")) if (ch >= "1" && ch <= "9") bits |= 1 << (ch.charCodeAt(0) - 48);
  return bits;
}

export class Game {
  constructor(givens) {
    this.givens = givens || new Uint8Array(CELLS);
    this.entries = new Uint8Array(CELLS);
    this.notes = new Uint16Array(CELLS);
    this.history = [];
    this.redoStack = [];
    /// Digits placed by Solve or an applied hint, drawn apart.
    this.revealed = new Uint8Array(CELLS);
    /// Entries read from a photo that the player has not written over.
    this.readings = new Uint8Array(CELLS);
    /// The player's entries crossed out by Check or a hint (cell indices).
    this.crossed = [];
    this.elapsed = 0;
    this.paused = false;
    this.notesMode = false;
    this.level = null;
    this.selected = this.firstEmpty();
  }

  static fromGivens(line) {
    const g = parseLine(line);
    return g ? new Game(g) : null;
  }

  firstEmpty() {
    for (let i = 0; i < CELLS; i++) if (!this.givens[i] && !this.entries?.[i]) return i;
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
    for (let d = 1; d <= 9; d++) if (this.notes[i] & (1 << d)) out.push(d);
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
      for (const p of PEERS[i]) {
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
    for (let i = 0; i < CELLS; i++) changes.push([i, { entry: 0, notes: 0 }]);
    this.revealed.fill(0);
    return this.move(changes);
  }

  /// Sets the board to a state the server sent ({entries, notes}) as one
  /// undoable move; digits that appear are `revealed` when asked.
  applyBoard(state, reveal) {
    const entries = parseLine(state.entries);
    if (!entries || !Array.isArray(state.notes) || state.notes.length !== CELLS) return false;
    const changes = [];
    for (let i = 0; i < CELLS; i++) {
      if (this.isGiven(i)) continue;
      const next = { entry: entries[i], notes: notesBits(state.notes[i]) };
      if (reveal && next.entry && next.entry !== this.entries[i]) this.revealed[i] = next.entry;
      changes.push([i, next]);
    }
    return this.move(changes);
  }

  /// Sets the notes the server pencilled in (one undoable move).
  fillNotes(notes) {
    return this.applyBoard({ entries: toLine(this.entries), notes }, false);
  }

  /// Fills every empty cell from the solution line (one move), revealed.
  reveal(solution) {
    const s = parseLine(solution);
    if (!s) return false;
    const changes = [];
    for (let i = 0; i < CELLS; i++) {
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
    for (const u of UNITS) {
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

  /// The units holding 1 to 9, as indices into UNITS.
  completeUnits() {
    const out = [];
    UNITS.forEach((u, k) => {
      const ds = new Set(u.map((i) => this.value(i)));
      if (!ds.has(0) && ds.size === 9) out.push(k);
    });
    return out;
  }

  isSolved() {
    return this.completeUnits().length === UNITS.length;
  }

  /// The board as the API reads it.
  request(lang) {
    return {
      lang,
      givens: toLine(this.givens),
      entries: toLine(this.entries),
      notes: Array.from(this.notes, notesText),
      readings: toLine(this.readings),
    };
  }

  /// The game as kept in local storage: a sudolens save file (the window
  /// opens it too), with the page's own state beside it.
  toJSON() {
    const move = (m) => ({
      changes: m.map((c) => ({
        cell: cellName(c.cell),
        before: { entry: c.before.entry, notes: notesText(c.before.notes) },
        after: { entry: c.after.entry, notes: notesText(c.after.notes) },
      })),
    });
    return {
      format: "sudolens-game",
      version: 1,
      givens: toLine(this.givens),
      entries: toLine(this.entries),
      notes: Array.from(this.notes, notesText),
      history: this.history.map(move),
      redo: this.redoStack.map(move),
      elapsed_seconds: Math.floor(this.elapsed),
      page: {
        revealed: toLine(this.revealed),
        readings: toLine(this.readings),
        paused: this.paused,
        notes_mode: this.notesMode,
        level: this.level,
        selected: this.selected,
        crossed: this.crossed.map(cellName),
      },
    };
  }

  /// A game from its saved form; null when it is not one.
  static fromJSON(saved) {
    if (!saved || saved.format !== "sudolens-game") return null;
    const givens = parseLine(saved.givens);
    const entries = parseLine(saved.entries);
    if (!givens || !entries || !Array.isArray(saved.notes) || saved.notes.length !== CELLS) return null;
    const g = new Game(givens);
    g.entries = entries;
    g.notes = Uint16Array.from(saved.notes, notesBits);
    const move = (m) =>
      (m.changes || []).map((c) => ({
        cell: cellIndex(c.cell),
        before: { entry: c.before.entry | 0, notes: notesBits(c.before.notes) },
        after: { entry: c.after.entry | 0, notes: notesBits(c.after.notes) },
      }));
    const valid = (m) => m.every((c) => c.cell >= 0 && !givens[c.cell]);
    g.history = (saved.history || []).map(move).filter(valid);
    g.redoStack = (saved.redo || []).map(move).filter(valid);
    g.elapsed = Number(saved.elapsed_seconds) || 0;
    const page = saved.page || {};
    g.revealed = parseLine(page.revealed) || new Uint8Array(CELLS);
    g.readings = parseLine(page.readings) || new Uint8Array(CELLS);
    g.paused = !!page.paused;
    g.notesMode = !!page.notes_mode;
    g.level = page.level || null;
    g.crossed = (Array.isArray(page.crossed) ? page.crossed : []).map(cellIndex).filter((i) => i >= 0 && g.entries[i]);
    const sel = Number(page.selected);
    g.selected = sel >= 0 && sel < CELLS ? sel : g.firstEmpty();
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
