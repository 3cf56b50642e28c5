// Pip's paged dialogue, as in the window: paragraphs of lines (each with the
// board highlights that go with it) from the server; Previous and Next move
// line by line, and Next past the very last line asks for the next hint.
// A nested forcing chain's inner chains, which its lines name, open on More
// in place of its lines, until Back (or paging). The model is apart from
// its drawing.

export class Dialogue {
  constructor() {
    this.paragraphs = [];
    this.para = 0;
    this.line = 0;
  }

  /// Appends the server's paragraphs ({kind, title, lines}) with what Pip
  /// offers on the last one's last line, and moves to the last one's start;
  /// with `stay`, stays on the paragraph being read (when there is one), so
  /// that the new one waits behind Next.
  push(said, offers = [], { stay = false } = {}) {
    const reading = stay && this.current() ? this.current() : null;
    const list = (said || []).filter((p) => p && Array.isArray(p.lines) && p.lines.length);
    list.forEach((p, k) => {
      const mine = {
        kind: p.kind,
        lang: p.lang || null,
        title: p.title,
        lines: p.lines,
        offers: [],
        inner: p.inner || [],
        back: p.back || "",
        opened: [],
        places: p.places || null,
        other: p.other || null,
      };
      if (k === list.length - 1) mine.offers = offers;
      this.paragraphs.push(mine);
    });
    // a long conversation keeps its last paragraphs only
    while (this.paragraphs.length > 40) this.paragraphs.shift();
    if (reading) {
      // the paragraph being read may have moved up as the oldest were dropped
      this.para = Math.max(0, this.paragraphs.indexOf(reading));
    } else if (list.length) {
      this.para = this.paragraphs.length - 1;
      this.line = 0;
    }
  }

  current() {
    return this.paragraphs[this.para] || null;
  }

  /// The current line's highlights, with the paragraph's chain links whose
  /// two ends were shown by this line or an earlier one: the chain grows on
  /// the board as it is read (the window does the same). A line with links
  /// of its own (a forcing chain's branch) shows only those.
  highlights() {
    const p = this.current();
    if (!p) return null;
    // An inner chain's last line carries the whole chain and its contradiction.
    const inner = this.innerShown();
    if (inner) return structuredClone(inner.lines[inner.lines.length - 1]?.highlights || {});
    // A step on a grid of another size than 9×9 is shown as it is told, as
    // the window does: its houses from the first line, its cells from the
    // second, what it places or removes on the last (a nudge gives no more
    // than where to look).
    if (p.places) {
      const shown = structuredClone(p.places);
      const last = p.lines.length - 1;
      if (this.line < 1) shown.cells = shown.candidates = [];
      if (this.line < last) shown.placed = shown.deleted = [];
      return shown;
    }
    const shown = structuredClone(p.lines[this.line].highlights || {});
    // A line that names its own links (a branch of a forcing chain read so
    // far) shows those and no other branch's.
    if (shown.links?.length) return shown;
    const longest = p.lines.map((l) => l.highlights?.links || []).reduce((a, b) => (b.length > a.length ? b : a), []);
    if (longest.length) {
      const key = (c) => c.cell + "=" + c.digit;
      const seen = new Set();
      for (const l of p.lines.slice(0, this.line + 1)) {
        const h = l.highlights || {};
        for (const list of [h.candidates, h.secondary, h.placed, h.deleted]) for (const c of list || []) seen.add(key(c));
      }
      shown.links = shown.links || [];
      const has = (link) => shown.links.some((s) => key(s.from) === key(link.from) && key(s.to) === key(link.to));
      for (const link of longest) {
        if (seen.has(key(link.from)) && seen.has(key(link.to)) && !has(link)) shown.links.push(link);
      }
    }
    return shown;
  }

  atEnd() {
    const p = this.current();
    return !p || (this.para === this.paragraphs.length - 1 && this.line === p.lines.length - 1);
  }

  atParagraphEnd() {
    const p = this.current();
    return !p || this.line === p.lines.length - 1;
  }

  canGoBack() {
    return this.para > 0 || this.line > 0;
  }

  /// More: inner chain `k` of the paragraph being read is shown in place of
  /// its lines (an inner chain may name others: the last opened is shown).
  openInner(k) {
    const p = this.current();
    if (p && (p.inner || []).some((c) => c.number === k)) (p.opened ||= []).push(k);
  }

  /// Back: the inner chain shown closes, back to the one that names it.
  closeInner() {
    this.current()?.opened?.pop();
  }

  /// The inner chain shown ({number, title, more, lines}), or null.
  innerShown() {
    const p = this.current();
    const k = p?.opened?.at(-1);
    return k === undefined ? null : (p.inner || []).find((c) => c.number === k) || null;
  }

  /// Paging goes back to the paragraph's lines.
  closeAllInner() {
    const p = this.current();
    if (p) p.opened = [];
  }

  forward() {
    this.closeAllInner();
    const p = this.current();
    if (!p) return false;
    if (this.line + 1 < p.lines.length) this.line++;
    else if (this.para + 1 < this.paragraphs.length) {
      this.para++;
      this.line = 0;
    } else return false;
    return true;
  }

  back() {
    this.closeAllInner();
    if (this.line > 0) this.line--;
    else if (this.para > 0) {
      this.para--;
      this.line = this.paragraphs[this.para].lines.length - 1;
    } else return false;
    return true;
  }

  /// Every paragraph told again in `lang` (each comes from the server in
  /// both languages): the language switch re-says what is on screen, on the
  /// same line, as the window does.
  speak(lang) {
    for (const p of this.paragraphs) {
      if (p.lang === lang || p.other?.lang !== lang) continue;
      const { lang: was, title, lines, inner, back } = p;
      const o = p.other;
      Object.assign(p, { lang: o.lang, title: o.title, lines: o.lines, inner: o.inner || [], back: o.back || "" });
      p.other = { kind: p.kind, lang: was, title, lines, inner, back };
    }
    const p = this.current();
    if (p) this.line = Math.min(this.line, p.lines.length - 1);
  }

  /// The board's cells were numbered anew (an endless carpet's view
  /// moved): the lines stay, without the highlights that named cells.
  forgetPlaces() {
    const bare = (lines) => (lines || []).map((l) => ({ ...l, highlights: {} }));
    for (const p of this.paragraphs) {
      p.lines = bare(p.lines);
      p.places = null;
      p.inner = (p.inner || []).map((c) => ({ ...c, lines: bare(c.lines) }));
      if (p.other) p.other = { ...p.other, lines: bare(p.other.lines), inner: (p.other.inner || []).map((c) => ({ ...c, lines: bare(c.lines) })) };
    }
  }

  /// Offers go when used, or when the board changed under them.
  clearOffers() {
    for (const p of this.paragraphs) p.offers = [];
  }

  /// The offers to show now: on the last line of their paragraph only.
  offersNow() {
    const p = this.current();
    return p && this.atParagraphEnd() ? p.offers : [];
  }

  toJSON() {
    return { paragraphs: this.paragraphs.slice(-10).map((p) => ({ ...p, offers: [], opened: [] })) };
  }

  static fromJSON(saved) {
    const d = new Dialogue();
    if (saved && Array.isArray(saved.paragraphs)) {
      d.push(saved.paragraphs);
    }
    return d;
  }
}

/// Draws the speech bubble: the title, the paragraph up to the current line
/// (earlier lines dimmed), the paging buttons and the offers. The current
/// line is also put in the live region `#pip-said`, alone, when it changes:
/// a screen reader says it once, not the whole paragraph at each redraw.
/// A line that names inner chains has their More buttons under it
/// (`data-inner`); an inner chain opened is drawn whole in place of the
/// lines, with Back among the offers (`data-back`).
export function drawDialogue(root, dialogue, labels, busy) {
  const p = dialogue.current();
  const inner = dialogue.innerShown();
  root.querySelector("#pip-title").textContent = inner ? inner.title : p ? p.title : "Pip";
  const lines = root.querySelector("#pip-lines");
  lines.replaceChildren();
  let current = "";
  const said = (l, className) => {
    const e = document.createElement("p");
    e.textContent = l.text;
    e.className = className;
    lines.appendChild(e);
    if (!l.inner?.length) return;
    const row = document.createElement("div");
    row.className = "more";
    for (const c of p.inner || []) {
      if (!l.inner.includes(c.number)) continue;
      const b = document.createElement("button");
      b.type = "button";
      b.className = "small";
      b.dataset.inner = c.number;
      b.textContent = c.more;
      row.appendChild(b);
    }
    lines.appendChild(row);
  };
  if (inner) {
    // An inner chain is read whole, from its start: it was asked for.
    inner.lines.forEach((l) => said(l, "said inner"));
    current = inner.title;
    lines.scrollTop = 0;
  } else if (p) {
    p.lines.slice(0, dialogue.line + 1).forEach((l, k) => said(l, k === dialogue.line ? "said current" : "said past"));
    current = p.lines[dialogue.line].text;
    // The bubble scrolls to its last line, never the page: scrollIntoView
    // would move the whole page to bring Pip into view at every redraw.
    lines.scrollTop = lines.scrollHeight;
  }
  const live = root.querySelector("#pip-said");
  if (live.textContent !== current) live.textContent = current;
  const count = root.querySelector("#pip-count");
  count.textContent = p ? `${dialogue.line + 1}/${p.lines.length}` : "";
  root.querySelector("#pip-prev").disabled = !dialogue.canGoBack();
  root.querySelector("#pip-next").disabled = busy;
  const offers = root.querySelector("#pip-offers");
  offers.replaceChildren();
  if (inner) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "back";
    b.dataset.back = "true";
    b.textContent = p.back;
    offers.appendChild(b);
  }
  for (const o of dialogue.offersNow()) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "offer";
    b.dataset.offer = o;
    b.textContent = labels(o);
    b.disabled = busy;
    offers.appendChild(b);
  }
}
