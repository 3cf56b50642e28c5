"""Photos of newspaper pages in styles the dataset's newspaper does not print, made from pages
a browser lays out: a measurement of how the reading carries to other newspapers. Nothing here
is used to train or to choose a setting: it only measures.

A page: a Sudoku of ../shared/puzzles in a newspaper's own style (a serif or sans font at a
bold or regular weight, a heavy or light outer frame, on a third of the pages every other box
shaded grey as several papers print them), its headline and instructions, columns of text, and
beside it, on some pages, a crossword (black squares, clue numbers) and yesterday's solution as
a small filled grid, which must not be taken for the puzzle. Chromium draws it on newsprint at
a high resolution; then the camera: the page turned and seen at a slant (a perspective of up
to a tenth of its size), light falling off across it and a soft shadow, the lens's blur, the
sensor's noise, a yellowish paper, 1-3 megapixels, JPEG 60-90.

The photos are the same for the same --seed and --count (yesterday's puzzles are drawn after
the day's, so --count shifts them).

Draw:   python3 browser_newspapers.py --count 200 --seed 1 --out /tmp/newspapers \\
            --sudolens target/release/sudolens
Check:  python3 browser_screens.py --check /tmp/newspapers --sudolens target/release/sudolens
(every given right, none taken for handwriting, upright). Needs Chromium.
"""
import argparse, os, sys
import numpy as np
import cv2
from PIL import Image
from browser_screens import draw_all, puzzles, screenshot, solve_all

FONTS = [("DejaVu Serif", [400, 700]), ("Liberation Serif", [400, 700]),
         ("Nimbus Roman", [400, 700]), ("Noto Serif", [400, 700]),
         ("Linux Libertine O", [400, 700]), ("DejaVu Sans", [400, 700]),
         ("Liberation Sans", [400, 700]), ("Noto Sans", [400, 600, 700]),
         ("Inter", [500, 600, 700]), ("Cantarell", [400, 700]), ("Manrope", [500, 700])]
TEXT = ("The council voted on Tuesday to extend the opening hours of the library until 21:00, "
        "a change that will cost 140,000 a year, said its chair, who added that 3 of the 12 "
        "branches would close for repairs in 2027. Tickets for the 16 June concert go on sale "
        "at 9am. ")


def grid_html(digits, cell, size, font, weight, shaded, frame, small=False):
    """A 9x9 grid of `digits` (81 characters, `.` empty) as an HTML table, its digits `size`
    pixels high."""
    rows = []
    for r in range(9):
        tds = []
        for c in range(9):
            box = (r // 3 + c // 3) % 2 == 1
            css = [f"width:{cell:.1f}px", f"height:{cell:.1f}px"]
            css.append(f"border:{'0.5' if small else '1'}px solid #222")
            if c % 3 == 0:
                css.append(f"border-left:{frame}px solid #000")
            if r % 3 == 0:
                css.append(f"border-top:{frame}px solid #000")
            if shaded and box:
                css.append("background:#d0d0d0")
            d = digits[r * 9 + c]
            tds.append(f'<td style="{";".join(css)}">{"" if d == "." else d}</td>')
        rows.append("<tr>" + "".join(tds) + "</tr>")
    return (f'<table style="border-collapse:collapse;border:{frame + 1}px solid #000;'
            f"font-family:'{font}';font-weight:{weight};font-size:{size:.1f}px;"
            f'text-align:center;vertical-align:middle">{"".join(rows)}</table>')


def crossword_html(rng, cell):
    n = 13
    black = rng.random((n, n)) < 0.18
    number, rows = 1, []
    for r in range(n):
        tds = []
        for c in range(n):
            if black[r, c]:
                tds.append(f'<td style="width:{cell}px;height:{cell}px;background:#000"></td>')
                continue
            starts = (c == 0 or black[r, c - 1]) or (r == 0 or black[r - 1, c])
            label = f'<sup style="font-size:{cell * 0.3:.0f}px">{number}</sup>' if starts else ""
            number += starts
            tds.append(f'<td style="width:{cell}px;height:{cell}px;border:1px solid #000;'
                       f'vertical-align:top;text-align:left;padding:0">{label}</td>')
        rows.append("<tr>" + "".join(tds) + "</tr>")
    return ('<table style="border-collapse:collapse;border:2px solid #000">'
            + "".join(rows) + "</table>")


def page(rng, puzzle, yesterday):
    """The HTML of one page, its cell size (CSS pixels) and what it chose, for the report."""
    font, weights = FONTS[int(rng.integers(len(FONTS)))]
    weight = weights[int(rng.integers(len(weights)))]
    cell = float(rng.uniform(30, 44))
    shaded = rng.random() < 0.33
    frame = int(rng.integers(2, 4))
    size = cell * float(rng.uniform(0.55, 0.75))
    grid = grid_html(puzzle, cell, size, font, weight, shaded, frame)
    style = f"{font.replace(' ', '')}-{weight}-font{size / cell:.2f}"
    side = []
    if rng.random() < 0.4:
        side.append(crossword_html(rng, int(rng.integers(18, 26))))
    if rng.random() < 0.5:
        side.append('<div style="font:bold 12px sans-serif;margin:8px 0 4px">Yesterday\'s '
                    "solution</div>" + grid_html(yesterday, 11, 11 * 0.55, font, 400, shaded, 1,
                                                   small=True))
    text = "".join(f"<p>{TEXT}</p>" for _ in range(int(rng.integers(2, 5))))
    html = f"""<!doctype html><html><head><meta charset="utf-8"><style>
body {{ margin:0; padding:30px; background:#f6f3ea; color:#111;
       font:14px/1.4 'Liberation Serif', serif }}
.cols {{ display:flex; gap:28px; align-items:flex-start }}
.text {{ width:230px; column-count:1; text-align:justify }}
h2 {{ font:900 30px 'Liberation Sans', sans-serif; margin:0 0 4px; letter-spacing:2px }}
.how {{ font-size:13px; margin-bottom:10px; width:{cell * 9:.0f}px }}
</style></head><body><div class="cols">
<div class="text">{text}</div>
<div><h2>SUDOKU</h2><div class="how">Fill the grid so that every row, column and 3x3 box
contains the digits 1 to 9. Difficulty: &#9733;&#9733;&#9733;</div>{grid}</div>
<div>{'<br>'.join(side)}</div></div></body></html>"""
    return html, cell, style


def camera(rng, img, cell_px):
    """The page as a phone photographs it (see the module's docstring), and what the camera
    chose, for the report."""
    a = np.asarray(img).astype(np.float32)
    h, w = a.shape[:2]
    # a table around the page, then the page at a slant
    pad = int(0.08 * max(w, h))
    table = np.array(rng.uniform(40, 120, 3), np.float32)
    big = np.empty((h + 2 * pad, w + 2 * pad, 3), np.float32)
    big[:] = table
    big[pad:pad + h, pad:pad + w] = a
    H, W = big.shape[:2]
    src = np.float32([[0, 0], [W, 0], [W, H], [0, H]])
    jitter = rng.uniform(-0.1, 0.1, (4, 2)) * [W, H]
    dst = (src + jitter).astype(np.float32)
    angle = np.radians(rng.uniform(-8, 8))
    rot = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    dst = ((dst - [W / 2, H / 2]) @ rot.T + [W / 2, H / 2]).astype(np.float32)
    dst -= dst.min(axis=0)
    out_w, out_h = (int(v) for v in dst.max(axis=0))
    m = cv2.getPerspectiveTransform(src, dst)
    b = cv2.warpPerspective(big, m, (out_w, out_h), flags=cv2.INTER_LINEAR,
                            borderMode=cv2.BORDER_CONSTANT, borderValue=table.tolist())
    # light: a gradient across the page and a soft shadow
    yy, xx = np.mgrid[0:out_h, 0:out_w].astype(np.float32)
    gx, gy = rng.uniform(-0.35, 0.35, 2)
    light = 1.0 + gx * (xx / out_w - 0.5) + gy * (yy / out_h - 0.5)
    if rng.random() < 0.5:
        cx, cy = rng.uniform(0, out_w), rng.uniform(0, out_h)
        r = rng.uniform(0.2, 0.5) * max(out_w, out_h)
        light *= 1 - rng.uniform(0.15, 0.4) * np.exp(-((xx - cx) ** 2 + (yy - cy) ** 2) / r ** 2)
    b *= light[..., None] * float(rng.uniform(0.75, 1.0))
    b *= np.float32([1.0, 0.97, 0.9])  # newsprint and indoor light are yellowish
    # 1-3 megapixels, the lens's blur, the sensor's noise
    scale = np.sqrt(rng.uniform(1e6, 3e6) / (out_w * out_h))
    b = cv2.resize(b, (int(out_w * scale), int(out_h * scale)), interpolation=cv2.INTER_AREA)
    sigma = float(rng.uniform(0.4, 1.6))
    b = cv2.GaussianBlur(b, (0, 0), sigma)
    b += rng.normal(0, rng.uniform(2, 6), b.shape).astype(np.float32)
    tag = f"blur{sigma:.1f}-grid{int(scale * cell_px)}px"
    return Image.fromarray(np.clip(b, 0, 255).astype(np.uint8)), tag


def draw(job):
    k, seed, puzzle, yesterday, out = job
    rng = np.random.default_rng([seed, k])
    html, cell, style = page(rng, puzzle, yesterday)
    img = screenshot(html, int(cell * 9 + 720), int(cell * 9 + 260), 2)
    photo, shot = camera(rng, img, 2 * 9 * cell)
    name = f"newspaper{k:04d}.jpg"
    photo.save(os.path.join(out, name), quality=int(rng.integers(60, 91)))
    return f"{name} {puzzle} 0 {style}-{shot}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--count", type=int, default=200)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--out", default="/tmp/newspapers")
    ap.add_argument("--sudolens", default="target/release/sudolens",
                    help="the sudolens binary: it solves yesterday's puzzles")
    a = ap.parse_args()
    os.makedirs(a.out, exist_ok=True)
    pool = puzzles()
    rng = np.random.default_rng(a.seed)
    chosen = [pool[int(rng.integers(len(pool)))] for _ in range(2 * a.count)]
    solved = solve_all(a.sudolens, chosen[a.count:])
    jobs = [(k, a.seed, chosen[k], solved[k], a.out) for k in range(a.count)]
    draw_all(draw, jobs, a.out, f"name givens81 handwritten style; made by "
             f"browser_newspapers.py --seed {a.seed} --count {a.count}")


if __name__ == "__main__":
    sys.exit(main())
