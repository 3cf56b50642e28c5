// The correction screen for a photo read by the server: the photo (turned
// so that the grid is upright) with the outline found, the grid read (the
// cells to check marked with a dashed frame and "?"), and for the cell
// tapped, its crop from the photo beside Pip's question and the likely
// digits as one-tap choices. The player fixes cells by touch or the number
// pad, switches a digit between printed and handwritten, then uses the grid.

import { BoardView } from "./board.js";
import { cellName } from "./game.js";

const NS = "http://www.w3.org/2000/svg";
const CROP_PX = 112;

/// A point of the grid at (u, v) in [0, 1]^2 (u along a row), from its four
/// corners (top-left, top-right, bottom-right, bottom-left, photo pixels):
/// bilinear, close enough to the true perspective for a crop with a margin.
function gridPoint(corners, u, v) {
  const [a, b, c, d] = corners;
  return [0, 1].map((k) => (1 - u) * (1 - v) * a[k] + u * (1 - v) * b[k] + u * v * c[k] + (1 - u) * v * d[k]);
}

function cellQuad(corners, i) {
  const r = Math.floor(i / 9), c = i % 9;
  return [
    gridPoint(corners, c / 9, r / 9),
    gridPoint(corners, (c + 1) / 9, r / 9),
    gridPoint(corners, (c + 1) / 9, (r + 1) / 9),
    gridPoint(corners, c / 9, (r + 1) / 9),
  ];
}

export class Correction {
  /// `els`: the screen's elements; `labels(key)`: the page's labels.
  /// `labels(key)` gives the page's words, `lang()` the language they are in.
  constructor(els, labels, lang) {
    this.els = els;
    this.labels = labels;
    this.lang = lang;
    this.board = new BoardView(els.board, (i) => this.select(i));
    this.readings = null;
    this.selected = -1;
    this.url = null;
  }

  get open() {
    return this.readings !== null;
  }

  /// Opens the screen on a server reply to POST /api/photo, for `file`.
  show(reply, file) {
    const imp = reply.import;
    this.name = imp.file;
    this.size = [imp.width, imp.height];
    this.corners = imp.corners;
    this.turn = imp.orientation || 0;
    this.readings = imp.cells.map((c, i) => ({
      digit: c.digit,
      entry: c.kind === "handwritten",
      uncertain: c.uncertain,
      confirmed: false,
      choices: reply.cells?.[i]?.choices || [],
      // Pip's question in both languages, {en, fr}: the switch re-says it
      question: reply.cells?.[i]?.question || {},
    }));
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = URL.createObjectURL(file);
    this.els.photo.src = this.url;
    this.els.crop.src = this.url;
    this.selected = this.readings.findIndex((r) => r.uncertain);
    this.drawOutline();
    this.draw();
  }

  close() {
    this.readings = null;
    if (this.url) URL.revokeObjectURL(this.url);
    this.url = null;
    this.els.photo.removeAttribute("src");
    this.els.crop.removeAttribute("src");
  }

  select(i) {
    this.selected = i;
    this.draw();
  }

  /// Sets the selected cell's digit (0 empties it): it is now what the
  /// player says the photo shows, no longer a question.
  type(digit) {
    const r = this.readings?.[this.selected];
    if (!r) return;
    r.digit = digit;
    r.uncertain = false;
    r.confirmed = true;
    if (digit === 0) r.entry = false;
    this.draw();
  }

  toggleKind() {
    const r = this.readings?.[this.selected];
    if (!r || !r.digit) return;
    r.entry = !r.entry;
    r.confirmed = true;
    this.draw();
  }

  /// The grid as the player fixed it: printed givens, handwritten entries,
  /// and the entries still only Pip's reading (asked about later, never
  /// called wrong).
  grids() {
    const line = (pick) => this.readings.map((r) => (pick(r) && r.digit ? String(r.digit) : ".")).join("");
    return {
      givens: line((r) => !r.entry),
      entries: line((r) => r.entry),
      readings: line((r) => r.entry && !r.confirmed),
    };
  }

  /// The photo turned upright in its frame, the outline over it.
  drawOutline() {
    const [w, h] = this.size;
    const svg = this.els.outline;
    svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
    svg.replaceChildren();
    const poly = document.createElementNS(NS, "polygon");
    poly.setAttribute("points", this.corners.map((p) => p.join(",")).join(" "));
    poly.setAttribute("class", "outline");
    poly.setAttribute("stroke-width", String(Math.max(w, h) / 250));
    svg.appendChild(poly);
    this.cellMark = document.createElementNS(NS, "polygon");
    this.cellMark.setAttribute("class", "outline-cell");
    this.cellMark.setAttribute("stroke-width", String(Math.max(w, h) / 300));
    svg.appendChild(this.cellMark);
    this.layoutPhoto();
  }

  /// Sizes the frame to the width available, the photo turned by
  /// `this.turn` degrees clockwise about its centre.
  layoutPhoto() {
    if (!this.open) return;
    const [w, h] = this.size;
    const sideways = this.turn % 180 !== 0;
    const [sw, sh] = sideways ? [h, w] : [w, h];
    const frame = this.els.frame;
    const room = frame.parentElement.clientWidth || 300;
    // at most a third of a phone's height, so that the grid read shows too
    const tallest = Math.max(200, Math.min(420, innerHeight * 0.32));
    const scale = Math.min(room / sw, tallest / sh);
    frame.style.width = sw * scale + "px";
    frame.style.height = sh * scale + "px";
    const inner = this.els.inner;
    inner.style.width = w * scale + "px";
    inner.style.height = h * scale + "px";
    inner.style.transform = `translate(-50%, -50%) rotate(${this.turn}deg)`;
  }

  /// The selected cell's crop: its box with a margin, scaled to the crop
  /// frame and turned upright.
  drawCrop() {
    const i = this.selected;
    const inner = this.els.cropInner;
    // no cell chosen (none is doubtful): no empty grey frame either
    this.els.cropFrame.hidden = i < 0;
    if (i < 0) {
      this.cellMark.setAttribute("points", "");
      inner.hidden = true;
      return;
    }
    inner.hidden = false;
    const quad = cellQuad(this.corners, i);
    this.cellMark.setAttribute("points", quad.map((p) => p.join(",")).join(" "));
    const xs = quad.map((p) => p[0]), ys = quad.map((p) => p[1]);
    const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
    const side = Math.max(x1 - x0, y1 - y0) * 1.7;
    const k = CROP_PX / side;
    const [cx, cy] = [(x0 + x1) / 2, (y0 + y1) / 2];
    const [w, h] = this.size;
    inner.style.width = w * k + "px";
    inner.style.height = h * k + "px";
    inner.style.transformOrigin = `${cx * k}px ${cy * k}px`;
    inner.style.transform = `translate(${CROP_PX / 2 - cx * k}px, ${CROP_PX / 2 - cy * k}px) rotate(${this.turn}deg)`;
  }

  draw() {
    if (!this.open) return;
    this.layoutPhoto();
    const rs = this.readings;
    const sel = this.selected;
    this.board.draw({
      value: (i) => rs[i].digit,
      given: (i) => rs[i].digit !== 0 && !rs[i].entry,
      entry: (i) => rs[i].entry,
      notes: () => [],
      revealed: () => 0,
      selected: sel,
      check: new Set(rs.flatMap((r, i) => (r.uncertain ? [i] : []))),
      label: this.labels("board"),
      cellLabel: (i) => {
        const r = rs[i];
        let s = cellName(i) + ": " + (r.digit ? r.digit + " (" + this.labels(r.entry ? "handwritten" : "printed") + ")" : this.labels("cell_empty"));
        if (r.uncertain) s += ", " + this.labels("to_check");
        return s;
      },
    });
    this.drawCrop();
    const r = rs[sel];
    const q = this.els.question;
    const choices = this.els.choices;
    choices.replaceChildren();
    const kind = this.els.kind;
    if (!r) {
      q.textContent = "";
      kind.hidden = true;
      return;
    }
    q.textContent = r.confirmed ? "" : r.question[this.lang()] || "";
    for (const d of r.choices.length ? r.choices : [r.digit]) {
      const b = document.createElement("button");
      b.type = "button";
      b.className = "choice" + (d === r.digit ? " current" : "");
      b.dataset.choice = String(d);
      b.textContent = d ? String(d) : this.labels("empty_choice");
      b.addEventListener("click", () => this.type(d));
      choices.appendChild(b);
    }
    kind.hidden = !r.digit;
    kind.textContent = this.labels(r.entry ? "handwritten" : "printed");
    kind.setAttribute("aria-pressed", String(r.entry));
  }

  /// How many cells are left to check.
  toCheck() {
    return this.readings ? this.readings.filter((r) => r.uncertain).length : 0;
  }
}

