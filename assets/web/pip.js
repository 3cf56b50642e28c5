// Pip, the mascot, as SVG: two stacked dice, as in the window. The top die
// shows a 2 (its eyes), the bottom die a 3 (its buttons). Its mood sets its
// pose: waving hello, idle (breathing, blinking), thinking (looking up,
// thought dots), cheering (arms up, jumping), sorry (head tilted, frowning).
// The movement is CSS animation, stilled when the system asks for reduced
// motion.

const NS = "http://www.w3.org/2000/svg";

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, String(v));
  parent.appendChild(e);
  return e;
}

// Body (bottom die) and head (top die) in a 100-wide drawing.
const BODY = { cx: 50, cy: 85, half: 30 };
const HEAD = { cx: 50, cy: 29.5, half: 27 };
const SHOULDER_Y = BODY.cy - 13.5;

/// Angles of the arms from hanging down (0) towards up (180), per mood.
const ARMS = {
  hello: [35, 135],
  idle: [35, 35],
  thinking: [35, 110],
  cheering: [150, 150],
  sorry: [9, 9],
};

const MOUTHS = {
  smile: "M41,40 Q50,48 59,40",
  flat: "M41,42 L59,42",
  frown: "M41,45 Q50,37 59,45",
  grin: "M39,39 Q50,53 61,39",
};

export function createPip(container) {
  const svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "-8 -18 116 146");
  svg.setAttribute("role", "img");
  svg.classList.add("pip");
  container.appendChild(svg);
  const all = el("g", { class: "pip-all" }, svg);

  const arms = [-1, 1].map((side) => {
    const root = [BODY.cx + side * BODY.half * 0.95, SHOULDER_Y];
    const g = el("g", { class: "pip-arm " + (side < 0 ? "left" : "right") }, all);
    el("line", { x1: root[0], y1: root[1], x2: root[0], y2: root[1] + 26, class: "pip-arm-outline" }, g);
    el("line", { x1: root[0], y1: root[1], x2: root[0], y2: root[1] + 26, class: "pip-arm-fill" }, g);
    el("circle", { cx: root[0], cy: root[1] + 26, r: 5.5, class: "pip-face" }, g);
    return { g, root, side };
  });
  for (const side of [-1, 1]) {
    el("ellipse", { cx: BODY.cx + side * 15, cy: BODY.cy + BODY.half + 2, rx: 9, ry: 4.5, class: "pip-face" }, all);
  }
  el("rect", { x: BODY.cx - BODY.half, y: BODY.cy - BODY.half, width: 2 * BODY.half, height: 2 * BODY.half, rx: 9, class: "pip-face pip-die" }, all);
  for (const k of [-1, 0, 1]) {
    el("circle", { cx: BODY.cx, cy: BODY.cy + k * BODY.half * 0.55, r: 5, class: "pip-dot" }, all);
  }

  const head = el("g", { class: "pip-head" }, all);
  el("rect", { x: HEAD.cx - HEAD.half, y: HEAD.cy - HEAD.half, width: 2 * HEAD.half, height: 2 * HEAD.half, rx: 8.5, class: "pip-face pip-die" }, head);
  const eyes = el("g", { class: "pip-eyes" }, head);
  const happyEyes = el("g", { class: "pip-happy-eyes" }, head);
  const brows = el("g", { class: "pip-brows" }, head);
  const cheeks = el("g", { class: "pip-cheeks" }, head);
  for (const side of [-1, 1]) {
    const x = HEAD.cx + side * 12, y = HEAD.cy - 3.2;
    el("circle", { cx: x, cy: y, r: 5.5, class: "pip-dot" }, eyes);
    el("circle", { cx: x - 1.6, cy: y - 1.6, r: 1.6, class: "pip-shine" }, eyes);
    el("polyline", { points: `${x - 5.5},${y + 2} ${x},${y - 3} ${x + 5.5},${y + 2}`, class: "pip-line" }, happyEyes);
    el("line", { x1: x - side * 7, y1: y - 15, x2: x + side * 7, y2: y - 10, class: "pip-line" }, brows);
    el("circle", { cx: HEAD.cx + side * 16, cy: y + 11, r: 4.5, class: "pip-cheek" }, cheeks);
  }
  const mouth = el("path", { d: MOUTHS.smile, class: "pip-line pip-mouth" }, head);
  const thoughts = el("g", { class: "pip-thoughts" }, svg);
  [0, 1, 2].forEach((k) => {
    el("circle", { cx: HEAD.cx + HEAD.half * (0.7 + 0.35 * k), cy: HEAD.cy - HEAD.half * (1.05 + 0.3 * k) + 12, r: 2.5 + 1.2 * k, class: "pip-face pip-thought" }, thoughts);
  });

  let mood = null;
  let helloTimer = 0;
  function setMood(next) {
    if (next === mood) return;
    mood = next;
    clearTimeout(helloTimer);
    svg.setAttribute("class", "pip mood-" + next);
    svg.setAttribute("aria-label", "Pip (" + next + ")");
    svg.dataset.mood = next;
    const [left, right] = ARMS[next] || ARMS.idle;
    arms.forEach((a, k) => {
      const angle = k === 0 ? left : right;
      a.g.setAttribute("transform", `rotate(${a.side < 0 ? angle : -angle} ${a.root[0]} ${a.root[1]})`);
    });
    mouth.setAttribute("d", { thinking: MOUTHS.flat, sorry: MOUTHS.frown, cheering: MOUTHS.grin }[next] || MOUTHS.smile);
    head.setAttribute("transform", next === "sorry" ? `rotate(-8 ${HEAD.cx} ${HEAD.cy + HEAD.half})` : next === "thinking" ? `rotate(4 ${HEAD.cx} ${HEAD.cy + HEAD.half})` : "");
    if (next === "hello") helloTimer = setTimeout(() => setMood("idle"), 2500);
  }
  setMood("hello");
  return { setMood, get mood() { return mood; } };
}
