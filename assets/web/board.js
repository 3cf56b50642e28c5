// The grid drawn as SVG: givens shaded, the player's digits blue, revealed
// ones purple with a corner diamond, notes small; conflicts red AND
// underlined, wrong entries crossed out, so nothing relies on colour alone.
// A hint's highlights are drawn by role, as in the window: the pattern's
// cells framed, proving candidates circled, removed ones struck out,
// placed digits on a disc, units hatched, chain links as arrows.
//
// Any shape: the side and the symbols are the shape's, thick lines run
// between boxes or jigsaw regions (from the region map), the cells of X's
// diagonals and Hyper's windows are tinted, an odd/even's shaded cells
// carry a grey disc; notes sit in the box's own layout (up to 4×4).
//
// Overlapping grids (a samurai...) are drawn on their plane: only the
// cells that exist (the holes stay the page's background), thick lines
// round every box and along the covered area's edge, each grid's outline
// in a colour of its own just inside it, the shared boxes tinted. Such a
// board zooms and pans (zoom.js); the selection and a hint's cells are
// brought into view.
//
// The board draws from a plain "view" object, and reports taps on cells.

import { CLASSIC, cellIndex, cellName } from "./game.js";
import { Zoom } from "./zoom.js";

const NS = "http://www.w3.org/2000/svg";
const S = 100; // one cell, in SVG units

function el(name, attrs = {}, parent = null) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  if (parent) parent.appendChild(e);
  return e;
}

function text(parent, x, y, content, cls, size) {
  const t = el("text", { x, y, class: cls, "font-size": size, "text-anchor": "middle", "dominant-baseline": "central" }, parent);
  t.textContent = content;
  return t;
}

// The geometry drawn now (set by each draw).
let geo = CLASSIC;
const cellX = (i) => geo.positions[i][1] * S;
const cellY = (i) => geo.positions[i][0] * S;
/// Grid outlines this far inside their grid, so that two grids' outlines
/// never lie on one line.
const OUTLINE_INSET = 7;
/// The grids' outline colours, in turn.
const GRID_COLOURS = 6;

/// The notes' layout in a cell: the box's rows and columns (3×3 on a 9×9,
/// 4×4 on a 16×16, 2×3 on a 6×6), so that every value has its place.
const noteCols = () => geo.info.box_cols || 3;
const noteRows = () => geo.info.box_rows || 3;
const noteSize = () => Math.round(72 / Math.max(noteCols(), noteRows()));

/// The centre of candidate `d` inside cell `i`.
function candPos(i, d) {
  const [w, h] = [S / noteCols(), S / noteRows()];
  return [cellX(i) + ((d - 1) % noteCols()) * w + w / 2, cellY(i) + Math.floor((d - 1) / noteCols()) * h + h / 2];
}

/// Cells and candidates of a highlight list, as indices.
const at = (name) => cellIndex(name, geo.side, geo.cells);
const cells = (list) => (list || []).map(at).filter((i) => i >= 0);
const cands = (list) =>
  (list || [])
    .map((c) => ({ i: at(c.cell), d: c.digit }))
    .filter((c) => c.i >= 0 && c.d >= 1 && c.d <= geo.side);

export class BoardView {
  /// `onTap(cellIndex)` is called when a cell is tapped or clicked.
  constructor(svg, onTap) {
    this.svg = svg;
    this.defs();
    this.layer = el("g", {}, svg);
    this.zoom = new Zoom(svg, S);
    /// What was last brought into view: the selection, a hint's cells.
    this.shown = { selected: -1, highlights: "" };
    svg.addEventListener("click", (e) => {
      const g = e.target.closest("[data-cell]");
      if (g) onTap(Number(g.dataset.index));
    });
  }

  defs() {
    const defs = el("defs", { "aria-hidden": "true" }, this.svg);
    const hatch = el("pattern", { id: "hatch", width: 24, height: 24, patternUnits: "userSpaceOnUse", patternTransform: "rotate(-45)" }, defs);
    el("rect", { width: 24, height: 24, class: "unit-bg" }, hatch);
    el("line", { x1: 0, y1: 0, x2: 0, y2: 24, class: "unit-hatch" }, hatch);
    for (const [id, cls] of [["arrow-strong", "link-strong"], ["arrow-weak", "link-weak"]]) {
      const m = el("marker", { id, viewBox: "0 0 10 10", refX: 9, refY: 5, markerWidth: 5, markerHeight: 5, orient: "auto-start-reverse" }, defs);
      el("path", { d: "M0,0 L10,5 L0,10 z", class: cls + "-head" }, m);
    }
  }

  /// Draws `v`: {geo (the shape, classic when absent), values(i), given(i),
  /// notes(i) -> digits, selected, revealed, conflicts:Set, highlights,
  /// quiet, hiddenText, celebrate: [house indices], solved, check: Set of
  /// cells to check (correction screen), entry(i)}.
  draw(v) {
    geo = v.geo || CLASSIC;
    /// The grid the player is in, outlined apart (an endless carpet's
    /// middle grid: on a carpet every box edge is some grid's edge).
    this.here = Number.isInteger(v.here) ? v.here : -1;
    const n = geo.side, W = geo.cols * S, H = geo.rows * S;
    const newPlane = this.zoom.key !== geo;
    this.zoom.setPlane({ x: -4, y: -4, w: W + 8, h: H + 8 }, !!geo.plane, geo);
    if (newPlane) this.shown = { selected: -1, highlights: "" };
    const sym = (d) => geo.symbol(d);
    // no role of its own: the rows below are the grid's own children
    const root = el("g", { role: "none" });
    const h = v.highlights || {};
    const sel = v.quiet ? -1 : v.selected;
    const selDigit = sel >= 0 ? v.value(sel) : 0;
    // An ARIA grid of rows of cells (a screen reader moves through it as
    // a table); while the grid is hidden (paused), one picture saying so.
    this.svg.setAttribute("role", v.hiddenText ? "img" : "grid");
    this.svg.setAttribute("aria-label", v.hiddenText || v.label || "");

    // Backgrounds: givens shaded, selection and its peers, step units hatched.
    const bg = el("g", { "aria-hidden": "true" }, root);
    const peerSet = new Set(sel >= 0 ? geo.peerList[sel] : []);
    for (let i = 0; i < geo.cells; i++) {
      let cls = "cell-bg";
      if (v.given(i)) cls += " given";
      if (i === sel) cls += " selected";
      else if (peerSet.has(i)) cls += " peer";
      else if (geo.extra.has(i)) cls += " extra";
      else if (geo.memberships[i].length > 1) cls += " shared";
      el("rect", { x: cellX(i), y: cellY(i), width: S, height: S, class: cls }, bg);
      if (geo.shaded && geo.shaded[i]) {
        el("circle", { cx: cellX(i) + S / 2, cy: cellY(i) + S / 2, r: S * 0.42, class: "parity" }, bg);
      }
    }
    // a house's cells one by one: a diagonal or a jigsaw region is no rectangle
    for (const u of h.units || []) {
      for (const i of geo.houseCells(u)) {
        el("rect", { x: cellX(i), y: cellY(i), width: S, height: S, fill: "url(#hatch)", class: "unit" }, bg);
      }
    }
    for (const k of v.celebrate || []) {
      for (const i of geo.houses[k] || []) el("rect", { x: cellX(i), y: cellY(i), width: S, height: S, class: "celebrate" }, bg);
    }

    if (v.hiddenText) {
      el("rect", { x: 0, y: 0, width: W, height: H, class: "cover" }, root);
      this.lines(root);
      text(root, W / 2, H / 2, v.hiddenText, "cover-text", 40 * (Math.max(geo.rows, geo.cols) / 9));
      this.layer.replaceWith(root);
      this.layer = root;
      return;
    }
    this.lines(root);

    // Digits and notes, each cell a grid cell (in its row) for taps and
    // screen readers.
    const conflicts = v.conflicts || new Set();
    const rows = Array.from({ length: geo.rows }, () => el("g", { role: "row" }, root));
    const noteFont = noteSize();
    const wave = Math.round(360 / Math.max(geo.rows, geo.cols));
    for (let i = 0; i < geo.cells; i++) {
      const [r, c] = geo.positions[i];
      const g = el("g", { "data-cell": cellName(i, n), "data-index": i, role: "gridcell", "aria-selected": String(i === v.selected), class: "cell" + (v.solved ? " wave" : "") }, rows[r]);
      g.style.setProperty("--delay", (r + c) * wave + "ms");
      el("rect", { x: cellX(i), y: cellY(i), width: S, height: S, class: "hit" }, g);
      const d = v.value(i);
      const cx = cellX(i) + S / 2, cy = cellY(i) + S / 2;
      if (d) {
        const conflict = conflicts.has(i);
        let cls = v.given(i) ? "digit given" : v.revealed(i) === d ? "digit revealed" : "digit entry";
        if (v.entry && v.entry(i)) cls = "digit entry";
        if (conflict) cls += " conflict";
        if (selDigit && d === selDigit && i !== sel) {
          el("rect", { x: cellX(i) + 10, y: cellY(i) + 10, width: S - 20, height: S - 20, rx: 20, class: "same-digit" }, g);
        }
        // two-character symbols (10 to 16 written as numbers) are narrower
        const wide = sym(d).length > 1 ? 0.75 : 1;
        text(g, cx, cy + 3, sym(d), cls, (v.given(i) ? 66 : 60) * wide);
        if (!v.given(i) && v.revealed(i) === d && !conflict) {
          el("path", { d: `M${cx + 35},${cy - 42} l7,7 l-7,7 l-7,-7 z`, class: "diamond" }, g);
        }
        if (conflict) {
          el("line", { x1: cx - 25, y1: cy + 33, x2: cx + 25, y2: cy + 33, class: "conflict-line" }, g);
        }
      } else {
        for (const n of v.notes(i)) {
          const [x, y] = candPos(i, n);
          text(g, x, y, sym(n), n === selDigit ? "note same" : "note", noteFont);
        }
      }
      if (v.check && v.check.has(i)) {
        el("rect", { x: cellX(i) + 5, y: cellY(i) + 5, width: S - 10, height: S - 10, class: "to-check" }, g);
        text(g, cellX(i) + S - 14, cellY(i) + 16, "?", "to-check-mark", 24);
      }
      g.setAttribute("aria-label", v.cellLabel(i, conflicts.has(i)));
    }

    this.highlights(root, h);
    if (v.selected >= 0) {
      el("rect", { x: cellX(v.selected) + 2, y: cellY(v.selected) + 2, width: S - 4, height: S - 4, rx: 3, class: "selection", "aria-hidden": "true" }, root);
    }
    this.layer.replaceWith(root);
    this.layer = root;
    if (geo.plane) this.intoView(v.selected, v.quiet ? h : null);
  }

  /// On a plane larger than the screen: a selection just moved, or a
  /// hint's cells just shown, brought into view (the hint's zoomed out to
  /// fit whole); the view is left alone otherwise, where the player put it.
  intoView(selected, h) {
    const key = h ? JSON.stringify(h) : "";
    if (key && key !== this.shown.highlights) {
      const all = [...cells(h.cells), ...cells(h.wrong)];
      for (const list of [h.candidates, h.secondary, h.placed, h.deleted]) all.push(...cands(list).map((c) => c.i));
      for (const u of h.units || []) all.push(...geo.houseCells(u));
      for (const link of h.links || []) all.push(at(link.from?.cell), at(link.to?.cell));
      this.zoom.show(boundsOf(all.filter((i) => i >= 0)), { fit: true });
    } else if (selected >= 0 && selected !== this.shown.selected) {
      this.zoom.show(boundsOf([selected]));
    }
    this.shown = { selected, highlights: key };
  }

  /// Thin lines between all cells, thick ones where the box or jigsaw
  /// region changes (drawn from the region map), and round the grid.
  lines(root) {
    const g = el("g", { class: "lines", "aria-hidden": "true" }, root);
    if (geo.plane) return this.planeLines(g);
    const n = geo.side, W = n * S, reg = geo.regions;
    for (let k = 1; k < n; k++) {
      el("line", { x1: k * S, y1: 0, x2: k * S, y2: W, class: "line" }, g);
      el("line", { x1: 0, y1: k * S, x2: W, y2: k * S, class: "line" }, g);
    }
    const thick = el("path", { class: "line thick", fill: "none", "stroke-linecap": "square" }, g);
    let d = `M0,0 H${W} V${W} H0 Z`;
    for (let i = 0; i < geo.cells; i++) {
      const [r, c] = [Math.floor(i / n), i % n];
      if (c + 1 < n && reg[i] !== reg[i + 1]) d += ` M${(c + 1) * S},${r * S} v${S}`;
      if (r + 1 < n && reg[i] !== reg[i + n]) d += ` M${c * S},${(r + 1) * S} h${S}`;
    }
    thick.setAttribute("d", d);
  }

  /// The lines of overlapping grids, cell by cell (holes have none): thin
  /// between the cells of a box, thick between boxes and along the edge of
  /// the covered area; then each grid's outline, inset.
  planeLines(g) {
    const reg = geo.regions;
    let thin = "", thick = "";
    for (let i = 0; i < geo.cells; i++) {
      const [r, c] = geo.positions[i];
      const [x, y] = [c * S, r * S];
      const right = geo.at(r, c + 1), down = geo.at(r + 1, c);
      const edge = (j) => j < 0 || reg[i] !== reg[j];
      if (edge(right)) thick += ` M${x + S},${y} v${S}`;
      else thin += ` M${x + S},${y} v${S}`;
      if (edge(down)) thick += ` M${x},${y + S} h${S}`;
      else thin += ` M${x},${y + S} h${S}`;
      if (geo.at(r, c - 1) < 0) thick += ` M${x},${y} v${S}`;
      if (geo.at(r - 1, c) < 0) thick += ` M${x},${y} h${S}`;
    }
    if (thin) el("path", { d: thin, class: "line", fill: "none" }, g);
    el("path", { d: thick, class: "line thick", fill: "none", "stroke-linecap": "square" }, g);
    // each grid's cells, then the edges where it ends, drawn just inside
    geo.grids.forEach((grid, k) => {
      const mine = new Set();
      geo.memberships.forEach((m, i) => {
        if (m.some(([gk]) => gk === k)) mine.add(i);
      });
      const inside = (r, c) => mine.has(geo.at(r, c));
      const d = OUTLINE_INSET;
      let path = "";
      for (const i of mine) {
        const [r, c] = geo.positions[i];
        const [x, y] = [c * S, r * S];
        if (!inside(r - 1, c)) path += ` M${x},${y + d} h${S}`;
        if (!inside(r + 1, c)) path += ` M${x},${y + S - d} h${S}`;
        if (!inside(r, c - 1)) path += ` M${x + d},${y} v${S}`;
        if (!inside(r, c + 1)) path += ` M${x + S - d},${y} v${S}`;
      }
      const here = k === this.here ? " here" : "";
      el("path", { d: path, class: "grid-outline grid-" + (k % GRID_COLOURS) + here, fill: "none", "data-grid": k + 1 }, g);
    });
  }

  /// A step's highlights, by role (the window's board draws the same).
  highlights(root, h) {
    const g = el("g", { class: "highlights", "aria-hidden": "true" }, root);
    for (const i of cells(h.cells)) {
      el("rect", { x: cellX(i) + 3, y: cellY(i) + 3, width: S - 6, height: S - 6, class: "hl-cell" }, g);
      el("rect", { x: cellX(i) + 9, y: cellY(i) + 9, width: S - 18, height: S - 18, class: "hl-cell-inner" }, g);
    }
    const r = Math.round(45 / Math.max(noteCols(), noteRows()));
    const fs = noteSize();
    const sym = (d) => geo.symbol(d);
    for (const c of cands(h.secondary)) {
      const [x, y] = candPos(c.i, c.d);
      el("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, class: "hl-secondary" }, g);
      text(g, x, y, sym(c.d), "hl-secondary-text", fs);
    }
    for (const c of cands(h.candidates)) {
      const [x, y] = candPos(c.i, c.d);
      el("circle", { cx: x, cy: y, r, class: "hl-candidate" }, g);
      text(g, x, y, sym(c.d), "hl-candidate-text", fs);
    }
    for (const c of cands(h.deleted)) {
      const [x, y] = candPos(c.i, c.d);
      text(g, x, y, sym(c.d), "hl-deleted-text", fs);
      el("line", { x1: x - r, y1: y + r, x2: x + r, y2: y - r, class: "hl-deleted" }, g);
    }
    for (const c of cands(h.placed)) {
      const cx = cellX(c.i) + S / 2, cy = cellY(c.i) + S / 2;
      el("circle", { cx, cy, r: 36, class: "hl-placed" }, g);
      text(g, cx, cy + 2, sym(c.d), "hl-placed-text", sym(c.d).length > 1 ? 40 : 50);
    }
    for (const link of h.links || []) {
      const a = at(link.from?.cell), b = at(link.to?.cell);
      if (a < 0 || b < 0) continue;
      let [x1, y1] = candPos(a, link.from.digit);
      let [x2, y2] = candPos(b, link.to.digit);
      const len = Math.hypot(x2 - x1, y2 - y1) || 1;
      const [ux, uy] = [(x2 - x1) / len, (y2 - y1) / len];
      [x1, y1, x2, y2] = [x1 + ux * r, y1 + uy * r, x2 - ux * r, y2 - uy * r];
      const strong = link.kind === "strong";
      el("line", { x1, y1, x2, y2, class: strong ? "link-strong" : "link-weak", "marker-end": `url(#${strong ? "arrow-strong" : "arrow-weak"})` }, g);
    }
    for (const i of cells(h.wrong)) {
      const x = cellX(i) + 12, y = cellY(i) + 12, w = S - 24;
      el("line", { x1: x, y1: y, x2: x + w, y2: y + w, class: "wrong" }, g);
      el("line", { x1: x + w, y1: y, x2: x, y2: y + w, class: "wrong" }, g);
    }
  }
}

/// The rectangle (SVG units) round cells `list`; null when empty.
function boundsOf(list) {
  if (!list.length) return null;
  const xs = list.map(cellX), ys = list.map(cellY);
  const [x, y] = [Math.min(...xs), Math.min(...ys)];
  return { x, y, w: Math.max(...xs) + S - x, h: Math.max(...ys) + S - y };
}
