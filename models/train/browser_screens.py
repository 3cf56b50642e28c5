"""Screenshots of Sudoku web pages as a browser draws them: a measurement the other screens
cannot give, since both of those (gen_screens.py in Python, tests/common/screen_maker.rs in
Rust) draw their text with FreeType through code of ours. Here Chromium lays the page out
(CSS grid, borders, fractional cell sizes) and Skia draws it (its own anti-aliasing, hinting
and sub-pixel placement), as on the web pages a player screenshots. Nothing here is used to
train or to choose a setting: it only measures.

Each page: a puzzle of ../shared/puzzles in a grid of 290-790 CSS pixels, in a held-out font family
(common.HELD_OUT_FONTS: no training tile shows them) at weights 100-500, light or dark theme,
the app's shading (the selected cell, its row, column and box, the cells holding its digit),
the player's typed digits in the app's blue (read as digits of the grid: a screen has no
handwriting), pencil marks in some empty cells (they stay empty), a title, a timer and a
number pad around the grid, on some pages a column of newspaper text full of figures beside
it, the device's pixel ratio 1, 1.5 or 2, sometimes scaled down as a phone screenshot is
shared (never under a 300 px grid), then PNG or JPEG of quality 50-95.

Draw:   python3 browser_screens.py --count 200 --seed 1 --out /tmp/browser_screens \
            --sudolens target/release/sudolens
Check:  python3 browser_screens.py --check /tmp/browser_screens --sudolens target/release/sudolens
(the check prints each miss and the count read right: every digit, no digit taken for
handwriting, upright). Needs Chromium (`apt-get install chromium`).
"""
import argparse, glob, io, json, os, subprocess, sys, tempfile
from multiprocessing import Pool
import numpy as np
from PIL import Image

HERE = os.path.dirname(os.path.abspath(__file__))
PUZZLES = os.path.join(HERE, "..", "..", "..", "shared", "puzzles")

# held-out families (common.HELD_OUT_FONTS) installed here, with the weights they carry
FAMILIES = [("Inter", [100, 200, 300, 400, 500]), ("Inter Display", [100, 200, 300, 400]),
            ("Cantarell", [100, 300, 400]), ("Manrope", [200, 300, 400, 500])]
LIGHT = dict(page=["#ffffff", "#f5f5f5", "#fafafa", "#eef1f5"], cell=["#ffffff", "#fdfdfd"],
             digit=["#000000", "#344861", "#222222", "#555555", "#1a1a1a"],
             typed=["#325aaf", "#4a90e2", "#1565c0"], thin=["#bec6d4", "#cccccc", "#dddddd",
             "#e0e0e0", "#b0b0b0"], box=["#344861", "#000000", "#555555", "#888888"],
             selected=["#bbdefb", "#c2ddf8"], peers=["#e2ebf3", "#f0f4f8", "#eeeeee"],
             same=["#c3d7ea", "#d4e3f5"], pencil=["#6e7c8c", "#999999"])
DARK = dict(page=["#121212", "#1e1e1e", "#202124"], cell=["#1e1e1e", "#2b2b2b", "#181818"],
            digit=["#e0e0e0", "#ffffff", "#cfd8dc", "#bbbbbb"],
            typed=["#82b1ff", "#64b5f6", "#90caf9"], thin=["#3a3a3a", "#444444", "#555555"],
            box=["#9e9e9e", "#bbbbbb", "#777777"], selected=["#2c4a6e", "#3a5f8a"],
            peers=["#26303b", "#2a2a2a"], same=["#34506f", "#3b4f66"],
            pencil=["#8a8a8a", "#a0a0a0"])


ARTICLE = [
    "Puzzle No. 4,821, 27 November 2026. Fill the grid so that every row, every column and "
    "every 3 by 3 box holds the digits 1 to 9 once. Yesterday's solution on page 38.",
    "Rated 3 of 5 stars: 1,204 readers solved it in under 12 minutes; the record stands at "
    "4 min 56 s, set on 14 March 2024 by a reader from Lyon.",
    "Scores, 25 Nov: 1. M. Dubois 312; 2. A. Khan 298; 3. J. Smith 287; 4. L. Rossi 265; "
    "5. K. Tanaka 241. Entries close at 18:00 on Friday 29 November.",
    "Call 0900 123 4567 (calls cost 65p a minute) or text SUDOKU 8 to 84425 for a clue. "
    "Terms and conditions at page 71, section 9.",
    "Tomorrow: a killer Sudoku, cages 3 to 45, and the 19th round of our crossword league, "
    "with 6 prizes of 250 pounds each.",
]


def puzzles():
    lines = []
    for path in sorted(glob.glob(os.path.join(PUZZLES, "*.txt"))):
        for line in open(path, encoding="utf-8", errors="replace"):
            s = line.strip()[:81]
            if len(s) == 81 and all(c in "0123456789." for c in s):
                lines.append(s.replace("0", "."))
    return lines


def page(rng, puzzle, solution):
    """The HTML of one page and its truth (the 81 digits the screen shows, `.` for empty)."""
    theme = "dark" if rng.random() < 0.3 else "light"
    palette = DARK if theme == "dark" else LIGHT
    # one colour per role for the whole page, as an app's style sheet has
    colours = {k: v[int(rng.integers(len(v)))] for k, v in palette.items()}
    pick = colours.__getitem__
    family, weights = FAMILIES[int(rng.integers(len(FAMILIES)))]
    weight = weights[int(rng.integers(len(weights)))]
    cell = float(rng.uniform(32, 88))
    thin = 1 if rng.random() < 0.8 else 0.5
    box = int(rng.integers(2, 4))
    size = cell * float(rng.uniform(0.5, 0.72))
    # the player's typed digits, the solution's (a wrong one would leave the grid without a
    # solution, and the rules would then doubt the reading rather than the player)
    shown = list(puzzle)
    typed = set()
    if rng.random() < 0.6:
        for i in rng.permutation(81)[: int(rng.integers(3, 20))]:
            if shown[i] == ".":
                shown[i] = solution[i]
                typed.add(i)
    selected = int(rng.integers(81)) if rng.random() < 0.7 else None
    shaded = peers(selected) if selected is not None else set()
    cells = []
    for i in range(81):
        r, c = divmod(i, 9)
        bg = pick("cell")
        if selected is not None:
            if i == selected:
                bg = pick("selected")
            elif i in shaded:
                bg = pick("peers")
            elif shown[selected] != "." and shown[i] == shown[selected]:
                bg = pick("same")
        css = [f"background:{bg}"]
        right = box if c in (2, 5) else thin
        bottom = box if r in (2, 5) else thin
        if c < 8:
            css.append(f"border-right:{right}px solid {pick('box') if c in (2, 5) else pick('thin')}")
        if r < 8:
            css.append(f"border-bottom:{bottom}px solid {pick('box') if r in (2, 5) else pick('thin')}")
        if shown[i] != ".":
            colour = pick("typed") if i in typed else pick("digit")
            inner = f'<span style="color:{colour}">{shown[i]}</span>'
        elif rng.random() < 0.15:
            marks = [str(d) for d in range(1, 10) if rng.random() < 0.4]
            inner = '<div class="pm" style="color:%s">%s</div>' % (pick("pencil"), "".join(
                f"<i>{d if str(d) in marks else ''}</i>" for d in range(1, 10)))
        else:
            inner = ""
        cells.append(f'<div style="{";".join(css)}">{inner}</div>')
    pad = ""
    if rng.random() < 0.5:
        pad = '<div class="pad">%s</div>' % "".join(f"<b>{d}</b>" for d in range(1, 10))
    # a newspaper's web page: the puzzle beside a column of text full of figures
    article = ""
    if rng.random() < 0.35:
        article = '<div class="article">%s</div>' % "".join(
            f"<p>{ARTICLE[(j + int(rng.integers(3))) % len(ARTICLE)]}</p>"
            for j in range(int(rng.integers(2, 6))))
    html = f"""<!doctype html><html><head><meta charset="utf-8"><style>
body {{ margin:0; background:{pick('page')}; font-family:'{family}'; font-weight:{weight};
       color:{pick('digit')}; padding:{int(rng.integers(8, 40))}px }}
h1 {{ font-size:22px; font-weight:500; margin:0 0 6px 0 }}
.bar {{ font-size:14px; margin-bottom:10px; opacity:0.7 }}
.grid {{ display:grid; grid-template-columns:repeat(9,{cell:.2f}px);
        grid-auto-rows:{cell:.2f}px; border:{box + 1}px solid {pick('box')};
        width:max-content; box-sizing:content-box }}
.grid > div {{ display:flex; align-items:center; justify-content:center;
              font-size:{size:.1f}px; box-sizing:border-box }}
.pm {{ display:grid; grid-template-columns:repeat(3,1fr); width:100%; height:100%;
      font-size:{cell * 0.24:.1f}px; text-align:center; align-items:center }}
.pm i {{ font-style:normal }}
.pad {{ display:flex; gap:6px; margin-top:12px }}
.pad b {{ font-weight:{weight}; font-size:{min(cell, 60) * 0.6:.0f}px; padding:4px 10px;
         border-radius:6px; background:{pick('peers')} }}
.page {{ display:flex; gap:24px; align-items:flex-start }}
.article {{ width:260px; font:15px/1.45 'DejaVu Serif', serif; color:{pick('digit')} }}
</style></head><body><h1>Sudoku</h1><div class="bar">Medium &middot; 04:{int(rng.integers(10, 60))}</div>
<div class="page"><div><div class="grid">{''.join(cells)}</div>{pad}</div>{article}</div>
</body></html>"""
    return html, "".join(shown), theme, cell


def peers(i):
    r, c = divmod(i, 9)
    out = {r * 9 + k for k in range(9)} | {k * 9 + c for k in range(9)}
    out |= {(r // 3 * 3 + a) * 9 + c // 3 * 3 + b for a in range(3) for b in range(3)}
    out.discard(i)
    return out


def screenshot(html, css_w, css_h, ratio):
    """The page `html` as headless Chromium draws it in a window of `css_w` x `css_h` CSS
    pixels at device pixel ratio `ratio`, as an RGB image."""
    with tempfile.TemporaryDirectory() as tmp:
        src, png = os.path.join(tmp, "p.html"), os.path.join(tmp, "p.png")
        with open(src, "w") as f:
            f.write(html)
        subprocess.run(["chromium", "--headless", "--no-sandbox", "--disable-gpu",
                        "--hide-scrollbars", f"--force-device-scale-factor={ratio}",
                        f"--window-size={css_w},{css_h}", f"--screenshot={png}",
                        "file://" + src], check=True, capture_output=True, timeout=60)
        return Image.open(png).convert("RGB")


def solve_all(sudolens, chosen):
    """The solutions of the puzzles `chosen`, by `sudolens solve`."""
    return subprocess.run([sudolens, "solve", "-"], input="\n".join(chosen) + "\n",
                          capture_output=True, text=True, check=True).stdout.split()


def draw(job):
    k, seed, puzzle, solution, out = job
    rng = np.random.default_rng([seed, k])
    html, truth, theme, cell = page(rng, puzzle, solution)
    ratio = [1, 1, 1.5, 2][int(rng.integers(4))]
    css_w = int(cell * 9 + (420 if 'class="article"' in html else 120))
    css_h = int(cell * 9 + (220 if "pad" in html else 150))
    img = screenshot(html, css_w, css_h, ratio)
    # a phone's screenshot shared at a smaller size; never below a 300 px grid
    if ratio > 1 and rng.random() < 0.5:
        scale = float(rng.uniform(max(0.5, 300 / (cell * 9 * ratio)), 1.0))
        img = img.resize((round(img.width * scale), round(img.height * scale)), Image.LANCZOS)
    name = f"browser{k:04d}"
    if rng.random() < 0.75:
        name += ".jpg"
        img.save(os.path.join(out, name), quality=int(rng.integers(50, 96)))
    else:
        name += ".png"
        img.save(os.path.join(out, name))
    return f"{name} {truth} 0 {theme}"


def draw_all(draw_one, jobs, out, header):
    """Draws every job with `draw_one` on two processes (each returns its truth line) and
    writes `out`/truth.txt, `header` first as a comment."""
    with Pool(2) as p:
        rows = p.map(draw_one, jobs)
    with open(os.path.join(out, "truth.txt"), "w") as f:
        f.write(f"# {header}\n" + "\n".join(rows) + "\n")


def check(folder, sudolens, what="browser screens"):
    lines = [l.split() for l in open(os.path.join(folder, "truth.txt")) if not l.startswith("#")]
    names = [os.path.join(folder, l[0]) for l in lines]
    out = subprocess.run([sudolens, "import", "--json", *names], capture_output=True, text=True)
    readings = {}
    for line in out.stdout.splitlines():
        d = json.loads(line)
        readings[d["file"]] = d
    right = 0
    for fields, path in zip(lines, names):
        # an optional fifth field: the clockwise turn that makes the image upright
        name, truth, _, theme = fields[:4]
        upright = int(fields[4]) if len(fields) > 4 else 0
        d = readings.get(path, {})
        if "error" in d or not d:
            print(f"{name} ({theme}): {d.get('error', 'no reading')}")
            continue
        why = []
        if d["orientation"] != upright:
            why.append(f"turned {d['orientation']}")
        if d["entries"] != "." * 81:
            why.append("handwriting at " + " ".join(
                f"r{i // 9 + 1}c{i % 9 + 1}" for i, e in enumerate(d["entries"]) if e != "."))
        wrong = [f"r{i // 9 + 1}c{i % 9 + 1} {t}->{g}"
                 for i, (t, g) in enumerate(zip(truth, d["givens"])) if t != g]
        if wrong:
            why.append("givens " + " ".join(wrong))
        if why:
            print(f"{name} ({theme}): " + "; ".join(why))
        else:
            right += 1
    print(f"{what} read right: {right}/{len(lines)}")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="/tmp/browser_screens")
    ap.add_argument("--check", help="a folder drawn before: read it with --sudolens")
    ap.add_argument("--sudolens", default="target/release/sudolens",
                    help="the sudolens binary: it solves the puzzles and reads the screens")
    a = ap.parse_args()
    if a.check:
        return check(a.check, a.sudolens)
    os.makedirs(a.out, exist_ok=True)
    pool = puzzles()
    rng = np.random.default_rng(a.seed)
    chosen = [pool[int(rng.integers(len(pool)))] for _ in range(a.count)]
    solved = solve_all(a.sudolens, chosen)
    jobs = [(k, a.seed, p, s, a.out) for k, (p, s) in enumerate(zip(chosen, solved))]
    draw_all(draw, jobs, a.out, f"name shown81 handwritten theme; made by browser_screens.py "
             f"--seed {a.seed} --count {a.count}")


if __name__ == "__main__":
    sys.exit(main())
