// The grid drawn as SVG: givens shaded, the player's digits blue, revealed
// ones purple with a corner diamond, notes small; conflicts red AND
// underlined, wrong entries crossed out, so nothing relies on colour alone.
// A hint's highlights are drawn by role, as in the window: the pattern's
// cells framed, proving candidates circled, removed ones struck out,
// placed digits on a disc, units hatched, chain links as arrows.
//
// The board draws from a plain "view" object, and reports taps on cells.

import { CELLS, UNITS, cellIndex, cellName, peers, unitCells } from "./game.js";

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

const cellX = (i) => (i % 9) * S;
const cellY = (i) => Math.floor(i / 9) * S;

/// The centre of candidate `d` inside cell `i`.
function candPos(i, d) {
  return [cellX(i) + ((d - 1) % 3) * (S / 3) + S / 6, cellY(i) + Math.floor((d - 1) / 3) * (S / 3) + S / 6];
}

/// Cells and candidates of a highlight list, as indices.
const cells = (list) => (list || []).map(cellIndex).filter((i) => i >= 0);
const cands = (list) =>
  (list || []).map((c) => ({ i: cellIndex(c.cell), d: c.digit })).filter((c) => c.i >= 0 && c.d >= 1 && c.d <= 9);

export class BoardView {
  /// `onTap(cellIndex)` is called when a cell is tapped or clicked.
  constructor(svg, onTap) {
    this.svg = svg;
    svg.setAttribute("viewBox", "-4 -4 908 908");
    this.defs();
    this.layer = el("g", {}, svg);
    svg.addEventListener("click", (e) => {
      const g = e.target.closest("[data-cell]");
      if (g) onTap(cellIndex(g.dataset.cell));
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

  /// Draws `v`: {values(i), given(i), notes(i) -> digits, selected, revealed,
  /// conflicts:Set, highlights, quiet, hiddenText, celebrate: [unit indices],
  /// solved, check: Set of cells to check (correction screen), entry(i)}.
  draw(v) {
    // no role of its own: the rows below are the grid's own children
    const root = el("g", { role: "none" });
    const h = v.highlights || {};
    const sel = v.quiet ? -1 : v.selected;
    const selDigit = sel >= 0 ? v.value(sel) : 0;
    // An ARIA grid of 9 rows of 9 cells (a screen reader moves through it as
    // a table); while the grid is hidden (paused), one picture saying so.
    this.svg.setAttribute("role", v.hiddenText ? "img" : "grid");
    this.svg.setAttribute("aria-label", v.hiddenText || v.label || "");

    // Backgrounds: givens shaded, selection and its peers, step units hatched.
    const bg = el("g", { "aria-hidden": "true" }, root);
    const peerSet = new Set(sel >= 0 ? peers(sel) : []);
    for (let i = 0; i < CELLS; i++) {
      let cls = "cell-bg";
      if (v.given(i)) cls += " given";
      if (i === sel) cls += " selected";
      else if (peerSet.has(i)) cls += " peer";
      el("rect", { x: cellX(i), y: cellY(i), width: S, height: S, class: cls }, bg);
    }
    for (const u of h.units || []) {
      const cs = unitCells(u);
      if (!cs.length) continue;
      const xs = cs.map(cellX), ys = cs.map(cellY);
      const x = Math.min(...xs), y = Math.min(...ys);
      el("rect", { x, y, width: Math.max(...xs) - x + S, height: Math.max(...ys) - y + S, fill: "url(#hatch)", class: "unit" }, bg);
    }
    for (const k of v.celebrate || []) {
      for (const i of UNITS[k]) el("rect", { x: cellX(i), y: cellY(i), width: S, height: S, class: "celebrate" }, bg);
    }

    if (v.hiddenText) {
      el("rect", { x: 0, y: 0, width: 9 * S, height: 9 * S, class: "cover" }, root);
      this.lines(root);
      text(root, 450, 450, v.hiddenText, "cover-text", 40);
      this.layer.replaceWith(root);
      this.layer = root;
      return;
    }
    this.lines(root);

    // Digits and notes, each cell a grid cell (in its row) for taps and
    // screen readers.
    const conflicts = v.conflicts || new Set();
    const rows = Array.from({ length: 9 }, () => el("g", { role: "row" }, root));
    for (let i = 0; i < CELLS; i++) {
      const g = el("g", { "data-cell": cellName(i), role: "gridcell", "aria-selected": String(i === v.selected), class: "cell" + (v.solved ? " wave" : "") }, rows[Math.floor(i / 9)]);
      g.style.setProperty("--delay", ((i % 9) + Math.floor(i / 9)) * 40 + "ms");
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
        text(g, cx, cy + 3, String(d), cls, v.given(i) ? 66 : 60);
        if (!v.given(i) && v.revealed(i) === d && !conflict) {
          el("path", { d: `M${cx + 35},${cy - 42} l7,7 l-7,7 l-7,-7 z`, class: "diamond" }, g);
        }
        if (conflict) {
          el("line", { x1: cx - 25, y1: cy + 33, x2: cx + 25, y2: cy + 33, class: "conflict-line" }, g);
        }
      } else {
        for (const n of v.notes(i)) {
          const [x, y] = candPos(i, n);
          text(g, x, y, String(n), n === selDigit ? "note same" : "note", 24);
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
  }

  lines(root) {
    const g = el("g", { class: "lines", "aria-hidden": "true" }, root);
    for (let k = 0; k <= 9; k++) {
      const cls = k % 3 === 0 ? "line thick" : "line";
      el("line", { x1: k * S, y1: 0, x2: k * S, y2: 9 * S, class: cls }, g);
      el("line", { x1: 0, y1: k * S, x2: 9 * S, y2: k * S, class: cls }, g);
    }
  }

  /// A step's highlights, by role (the window's board draws the same).
  highlights(root, h) {
    const g = el("g", { class: "highlights", "aria-hidden": "true" }, root);
    for (const i of cells(h.cells)) {
      el("rect", { x: cellX(i) + 3, y: cellY(i) + 3, width: S - 6, height: S - 6, class: "hl-cell" }, g);
      el("rect", { x: cellX(i) + 9, y: cellY(i) + 9, width: S - 18, height: S - 18, class: "hl-cell-inner" }, g);
    }
    const r = 15;
    for (const c of cands(h.secondary)) {
      const [x, y] = candPos(c.i, c.d);
      el("rect", { x: x - r, y: y - r, width: 2 * r, height: 2 * r, class: "hl-secondary" }, g);
      text(g, x, y, String(c.d), "hl-secondary-text", 24);
    }
    for (const c of cands(h.candidates)) {
      const [x, y] = candPos(c.i, c.d);
      el("circle", { cx: x, cy: y, r, class: "hl-candidate" }, g);
      text(g, x, y, String(c.d), "hl-candidate-text", 24);
    }
    for (const c of cands(h.deleted)) {
      const [x, y] = candPos(c.i, c.d);
      text(g, x, y, String(c.d), "hl-deleted-text", 24);
      el("line", { x1: x - r, y1: y + r, x2: x + r, y2: y - r, class: "hl-deleted" }, g);
    }
    for (const c of cands(h.placed)) {
      const cx = cellX(c.i) + S / 2, cy = cellY(c.i) + S / 2;
      el("circle", { cx, cy, r: 36, class: "hl-placed" }, g);
      text(g, cx, cy + 2, String(c.d), "hl-placed-text", 50);
    }
    for (const link of h.links || []) {
      const a = cellIndex(link.from?.cell), b = cellIndex(link.to?.cell);
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
