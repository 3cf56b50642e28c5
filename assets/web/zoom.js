// Zoom and pan over a board larger than the screen (overlapping grids: a
// samurai's 21×21 plane is 19 px a cell on a phone). The board's SVG keeps
// its place on the page; what it shows is a window on the plane, its
// viewBox: pinch with two fingers or turn the mouse wheel to zoom, drag
// with one finger or the mouse to pan, or use the +/− buttons. A tap that
// did not move still selects a cell: only a drag or a pinch swallows the
// click that follows it.

/// How far (CSS px) a finger or the mouse moves before a tap becomes a drag.
const DRAG_PX = 8;
/// The closest view shows this many cells across.
const CLOSEST_CELLS = 5;

export class Zoom {
  /// `svg`: the board; `cell`: one cell in SVG units; `onChange()` runs
  /// when the view moves (the page stays as drawn, only the window moves).
  constructor(svg, cell, onChange = () => {}) {
    this.svg = svg;
    this.cell = cell;
    this.onChange = onChange;
    /// The whole plane in SVG units (x, y, width, height), margin included.
    this.world = { x: 0, y: 0, w: 1, h: 1 };
    this.scale = 1;
    this.cx = 0.5;
    this.cy = 0.5;
    this.enabled = false;
    this.key = null;
    this.pointers = new Map();
    this.gesture = null;
    this.swallow = false;
    svg.addEventListener("pointerdown", (e) => this.down(e));
    svg.addEventListener("pointermove", (e) => this.move(e));
    for (const type of ["pointerup", "pointercancel", "pointerleave"]) svg.addEventListener(type, (e) => this.up(e));
    svg.addEventListener("wheel", (e) => this.wheel(e), { passive: false });
    // a drag or a pinch ends in a click the player did not mean
    svg.addEventListener(
      "click",
      (e) => {
        if (!this.swallow) return;
        this.swallow = false;
        e.stopImmediatePropagation();
        e.preventDefault();
      },
      true,
    );
  }

  /// The plane drawn now: `world` its extent in SVG units, `enabled` when
  /// it may be zoomed, `key` the shape (a new shape starts with the whole
  /// plane in view; the same one keeps the view across redraws).
  setPlane(world, enabled, key) {
    const same = this.key === key && this.enabled === enabled;
    this.world = world;
    this.enabled = enabled;
    this.key = key;
    this.svg.classList.toggle("zoomable", enabled);
    if (!same) {
      this.scale = 1;
      this.cx = world.x + world.w / 2;
      this.cy = world.y + world.h / 2;
    }
    this.apply();
  }

  /// The largest zoom: a few cells across the board.
  maxScale() {
    const cells = Math.max(this.world.w, this.world.h) / this.cell;
    return Math.max(1, cells / CLOSEST_CELLS);
  }

  /// The part of the plane in view (SVG units).
  view() {
    const w = this.world.w / this.scale, h = this.world.h / this.scale;
    return { x: this.cx - w / 2, y: this.cy - h / 2, w, h };
  }

  /// Keeps the view on the plane, then shows it.
  apply() {
    this.scale = Math.min(this.maxScale(), Math.max(1, this.scale));
    const w = this.world.w / this.scale, h = this.world.h / this.scale;
    const clamp = (v, lo, hi) => Math.min(hi, Math.max(lo, v));
    this.cx = clamp(this.cx, this.world.x + w / 2, this.world.x + this.world.w - w / 2);
    this.cy = clamp(this.cy, this.world.y + h / 2, this.world.y + this.world.h - h / 2);
    const v = this.view();
    this.svg.setAttribute("viewBox", [v.x, v.y, v.w, v.h].map((n) => Math.round(n * 100) / 100).join(" "));
    this.svg.dataset.zoom = this.scale.toFixed(3);
  }

  /// SVG units per CSS pixel of the board on screen.
  unitsPerPixel() {
    const r = this.svg.getBoundingClientRect();
    const v = this.view();
    // the viewBox is fitted inside the element (preserveAspectRatio meet)
    return Math.max(v.w / (r.width || 1), v.h / (r.height || 1));
  }

  /// The plane's point under a point of the screen.
  toPlane(clientX, clientY) {
    const r = this.svg.getBoundingClientRect();
    const v = this.view(), k = this.unitsPerPixel();
    return { x: v.x + v.w / 2 + (clientX - (r.left + r.width / 2)) * k, y: v.y + v.h / 2 + (clientY - (r.top + r.height / 2)) * k };
  }

  /// Zooms by `factor`, keeping the plane's point at (clientX, clientY)
  /// where it is on screen (the view's centre when not told).
  zoomBy(factor, clientX, clientY) {
    if (!this.enabled) return;
    const r = this.svg.getBoundingClientRect();
    const [x, y] = clientX === undefined ? [r.left + r.width / 2, r.top + r.height / 2] : [clientX, clientY];
    const before = this.toPlane(x, y);
    this.scale = Math.min(this.maxScale(), Math.max(1, this.scale * factor));
    this.apply();
    const after = this.toPlane(x, y);
    this.cx += before.x - after.x;
    this.cy += before.y - after.y;
    this.changed();
  }

  /// The whole plane in view.
  fit() {
    this.scale = 1;
    this.changed();
  }

  changed() {
    this.apply();
    this.onChange();
  }

  /// Brings a rectangle of the plane into view (with a cell of margin):
  /// panned to; with `fit`, zoomed out until it fits whole.
  show(rect, { fit = false } = {}) {
    if (!this.enabled || !rect) return;
    const m = this.cell / 2;
    const want = { x: rect.x - m, y: rect.y - m, w: rect.w + 2 * m, h: rect.h + 2 * m };
    if (fit) {
      const needed = Math.min(this.world.w / want.w, this.world.h / want.h);
      if (needed < this.scale) this.scale = Math.max(1, needed);
    }
    this.apply();
    const v = this.view();
    const shift = (lo, len, vlo, vlen) => {
      if (len >= vlen) return lo + len / 2 - (vlo + vlen / 2);
      if (lo < vlo) return lo - vlo;
      if (lo + len > vlo + vlen) return lo + len - (vlo + vlen);
      return 0;
    };
    const dx = shift(want.x, want.w, v.x, v.w), dy = shift(want.y, want.h, v.y, v.h);
    if (!dx && !dy) return;
    this.cx += dx;
    this.cy += dy;
    this.changed();
  }

  // ----- fingers and the mouse -----

  down(e) {
    if (!this.enabled) return;
    if (e.pointerType === "mouse" && e.button !== 0) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    this.start();
  }

  /// A gesture begins (again) with the pointers down now: one drags, two
  /// pinch around their middle.
  start() {
    const p = [...this.pointers.values()];
    if (p.length === 1) {
      this.gesture = { kind: "drag", x: p[0].x, y: p[0].y, cx: this.cx, cy: this.cy, moved: false };
    } else if (p.length >= 2) {
      const [a, b] = p;
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      this.gesture = { kind: "pinch", dist: Math.hypot(a.x - b.x, a.y - b.y) || 1, scale: this.scale, anchor: this.toPlane(mid.x, mid.y), moved: true };
      this.swallow = true;
    }
  }

  move(e) {
    if (!this.pointers.has(e.pointerId) || !this.gesture) return;
    this.pointers.set(e.pointerId, { x: e.clientX, y: e.clientY });
    const g = this.gesture;
    const p = [...this.pointers.values()];
    if (g.kind === "pinch" && p.length >= 2) {
      const [a, b] = p;
      const mid = { x: (a.x + b.x) / 2, y: (a.y + b.y) / 2 };
      this.scale = Math.min(this.maxScale(), Math.max(1, g.scale * (Math.hypot(a.x - b.x, a.y - b.y) / g.dist)));
      this.apply();
      // the plane's point first under the fingers stays under them: a
      // two-finger move pans as well
      const now = this.toPlane(mid.x, mid.y);
      this.cx += g.anchor.x - now.x;
      this.cy += g.anchor.y - now.y;
      this.changed();
      e.preventDefault();
    } else if (g.kind === "drag") {
      const dx = e.clientX - g.x, dy = e.clientY - g.y;
      if (!g.moved && Math.hypot(dx, dy) < DRAG_PX) return;
      g.moved = true;
      this.swallow = true;
      const k = this.unitsPerPixel();
      this.cx = g.cx - dx * k;
      this.cy = g.cy - dy * k;
      this.changed();
      e.preventDefault();
    }
  }

  up(e) {
    if (!this.pointers.delete(e.pointerId)) return;
    const moved = this.gesture?.moved;
    this.gesture = null;
    // the finger left after a pinch drags on from where it is
    if (this.pointers.size) {
      this.start();
      if (this.gesture) this.gesture.moved = true;
    }
    // a click comes after the last pointer up, if at all: forget the
    // swallow soon, so that the next plain tap selects
    if (moved) setTimeout(() => (this.swallow = false), 400);
  }

  wheel(e) {
    if (!this.enabled) return;
    e.preventDefault();
    // a trackpad's or a shifted wheel's sideways scroll pans; the wheel zooms
    if (e.shiftKey || Math.abs(e.deltaX) > Math.abs(e.deltaY)) {
      const k = this.unitsPerPixel();
      this.cx += (e.shiftKey ? e.deltaY : e.deltaX) * k;
      this.changed();
      return;
    }
    const lines = e.deltaMode === 1 ? 16 : e.deltaMode === 2 ? 400 : 1;
    this.zoomBy(Math.exp((-e.deltaY * lines) / 400), e.clientX, e.clientY);
  }
}
