"""Synthetic screenshots of Sudoku apps and web pages: whole images with their ground truth,
and (--tiles-out) the cell tiles cut from them for training.

A screenshot here is a grid drawn at 300-800 px (cells about 30-90 px), in thin and light
sans-serif weights as apps use them (Roboto Thin/Light, Lato Hairline/Thin/Light, Open Sans
Light, DejaVu Sans ExtraLight, M+ Thin/Light, JetBrains Mono Thin, ... and regular weights;
the tests' screens use the held-out families Inter, Cantarell and Manrope: --fonts test),
anti-aliased, sometimes with sub-pixel colour fringes (text rendered at 3x
horizontally, one third of a pixel per R/G/B channel, with FreeType's LCD filter), light or
dark theme, cells shaded as apps shade them (the selected cell, its row, column and box, cells
holding the selected digit, pale colour fills), thin light grid lines and heavier box lines,
page furniture around it (title, timer, a number pad), optionally resized as a browser zoom
or a phone screenshot does, then PNG or JPEG of quality 50-95. Screens show printed digits
only: every digit is a given; some show the player's pencil marks (small digits in empty
cells, which stay empty).

Everything is deterministic from --seed: screenshot k uses the random stream (seed, k).

Training tiles:     gen_screens.py --count 3000 --seed 1 --tiles-out screens.npz
The committed test set (tests/data/screens/), other seed, held-out font families:
                    gen_screens.py --count 200 --seed 2027 --fonts test --small \
                        --images-out ../../tests/data/screens

truth.txt: one line per image: `name givens81 handwritten theme x0,y0,x1,y1,x2,y2,x3,y3`
(givens as 81 characters, `.` for an empty cell; handwritten is always 0 here; the outer
grid corners clockwise from top-left, in pixels of the saved image).

Dark themes (light digits on a dark background): the Rust pipeline and the model work on grey
where ink is darker than paper, so the tiles written with --tiles-out are taken from the
inverted grey image, as the pipeline must invert such a screenshot before detecting the grid.
"""
import argparse, glob, io, os
from multiprocessing import Pool
import numpy as np
import cv2
from PIL import Image, ImageDraw, ImageFont
from common import GRID, HELD_OUT_FONTS, OVERSAMPLE, box_down2, grid_tiles, class_of

# Font families split in two: the screens drawn for training use the first lists; the
# screens of the tests and the bench use the held-out families (common.HELD_OUT_FONTS), which
# no training data ever shows, so the screens figure measures fonts the model never saw.
THIN_FONTS = {
    "train": ["Roboto-Thin", "Roboto-Light", "Lato-Hairline", "Lato-Thin", "Lato-Light",
              "OpenSans-Light", "NotoSans-Thin", "NotoSans-ExtraLight", "NotoSans-Light",
              "DejaVuSans-ExtraLight", "Mplus1-Thin", "Mplus1-ExtraLight", "Mplus1-Light",
              "Mplus2-Thin", "Mplus2-Light", "Comfortaa-Light", "Quicksand-Light",
              "JetBrainsMono-Thin", "JetBrainsMono-ExtraLight", "JetBrainsMono-Light",
              "LeagueSpartan-ExtraLight", "LeagueSpartan-Light", "Karla-ExtraLight", "Karla-Light"],
    "test": ["InterDisplay-Thin", "InterDisplay-ExtraLight", "InterDisplay-Light", "Inter-Thin",
             "Inter-Light", "Inter-ExtraLight", "Cantarell-Thin", "Cantarell-Light",
             "Manrope-ExtraLight", "Manrope-Light"],
}
REGULAR_FONTS = {
    "train": ["Roboto-Regular", "Roboto-Medium", "Lato-Regular", "OpenSans-Regular",
              "NotoSans-Regular", "DejaVuSans", "LiberationSans-Regular", "Arimo-Regular",
              "NotoSerif-Regular", "Lato-Bold", "Mplus1-Regular", "Comfortaa-Regular",
              "Quicksand-Regular", "Quicksand-Medium", "JetBrainsMono-Regular",
              "LeagueSpartan-Regular", "Oxygen-Sans", "Karla-Regular", "B612-Regular",
              "Andika-Regular"],
    "test": ["Inter-Regular", "Inter-Medium", "Cantarell-Regular", "Manrope-Regular",
             "Manrope-Medium"],
}


def find_fonts(names):
    out = []
    for n in names:
        hits = sorted(glob.glob(f"/usr/share/fonts/**/{n}.[ot]tf", recursive=True))
        if hits:
            out.append(hits[0])
    return out


def font_lists(which):
    """(thin, regular) font files of the `train` or `test` families; training fonts never
    include a held-out family."""
    thin, regular = find_fonts(THIN_FONTS[which]), find_fonts(REGULAR_FONTS[which])
    if which == "train":
        assert not any(HELD_OUT_FONTS.search(f) for f in thin + regular)
    else:
        assert all(HELD_OUT_FONTS.search(f) for f in thin + regular)
    return thin, regular


# ---------------------------------------------------------------- puzzles

def _candidates(g, i):
    r, c = divmod(i, 9)
    used = set(g[r * 9:r * 9 + 9]) | set(g[c::9])
    br, bc = r // 3 * 3, c // 3 * 3
    used |= {g[(br + y) * 9 + bc + x] for y in range(3) for x in range(3)}
    return [d for d in range(1, 10) if d not in used]


def count_solutions(g, limit=2):
    g = list(g)
    best, cands = None, None
    for i in range(81):
        if g[i] == 0:
            cs = _candidates(g, i)
            if not cs:
                return 0
            if best is None or len(cs) < len(cands):
                best, cands = i, cs
                if len(cs) == 1:
                    break
    if best is None:
        return 1
    n = 0
    for d in cands:
        g[best] = d
        n += count_solutions(g, limit - n)
        if n >= limit:
            break
    return n


def solved_grid(rng):
    """A random full grid: a base pattern permuted (digits, rows and columns within bands,
    bands, stacks, transposition), which covers a large, varied set of grids."""
    base = [[(3 * (r % 3) + r // 3 + c) % 9 + 1 for c in range(9)] for r in range(9)]
    g = np.array(base)
    digits = rng.permutation(9) + 1
    g = digits[g - 1]
    rows = np.concatenate([b * 3 + rng.permutation(3) for b in rng.permutation(3)])
    cols = np.concatenate([b * 3 + rng.permutation(3) for b in rng.permutation(3)])
    g = g[rows][:, cols]
    if rng.random() < 0.5:
        g = g.T
    return [int(v) for v in g.reshape(-1)]


def make_puzzle(rng, unique=True, target=(24, 36)):
    """Givens (81 ints, 0 = empty). With unique=True, cells are removed while the puzzle keeps
    one solution, down to a random number of givens in `target`."""
    sol = solved_grid(rng)
    g = list(sol)
    want = int(rng.integers(target[0], target[1] + 1))
    order = rng.permutation(81)
    left = 81
    for i in order:
        if left <= want:
            break
        keep = g[i]
        g[i] = 0
        if unique and count_solutions(g) != 1:
            g[i] = keep
        else:
            left -= 1
    return g


# ---------------------------------------------------------------- drawing

# share of screens showing the player's pencil marks in empty cells
NOTES_SHARE = 0.15


def rgb(v):
    return tuple(int(max(0, min(255, x))) for x in v)


def theme(rng):
    dark = rng.random() < 0.3
    if dark:
        bg = rng.integers(12, 48)
        page = rgb(np.full(3, bg) + rng.integers(-6, 7, 3))
        cell = rgb(np.full(3, bg + rng.integers(0, 18)) + rng.integers(-5, 6, 3))
        thin = rgb(np.full(3, rng.integers(60, 120)) + rng.integers(-8, 9, 3))
        thick = rgb(np.full(3, rng.integers(110, 200)) + rng.integers(-8, 9, 3))
        ink = rgb([rng.integers(200, 256)] * 3) if rng.random() < 0.6 else \
            rgb([rng.integers(120, 200), rng.integers(170, 230), rng.integers(220, 256)])
        shades = [rgb(np.array(cell) + rng.integers(10, 40) + rng.integers(-6, 10, 3)) for _ in range(3)]
    else:
        page = rgb(np.full(3, rng.integers(225, 256)) - rng.integers(0, 12, 3))
        cell = (255, 255, 255) if rng.random() < 0.7 else rgb(np.full(3, rng.integers(238, 256)) - rng.integers(0, 8, 3))
        thin = rgb(np.full(3, rng.integers(170, 230)) + rng.integers(-10, 10, 3))
        thick = rgb(np.full(3, rng.integers(20, 150)) + rng.integers(-10, 10, 3))
        ink = rgb([rng.integers(0, 90)] * 3) if rng.random() < 0.7 else \
            rgb([rng.integers(20, 90), rng.integers(40, 110), rng.integers(90, 180)])
        pale = [(226, 235, 243), (187, 222, 251), (255, 249, 196), (232, 245, 233), (243, 229, 245),
                (255, 236, 179), (220, 220, 220), (200, 230, 255)]
        shades = [rgb(np.array(pale[int(rng.integers(len(pale)))]) + rng.integers(-12, 6, 3)) for _ in range(3)]
    return dict(dark=dark, page=page, cell=cell, thin=thin, thick=thick, ink=ink, shades=shades)


def lcd_text(mask3):
    """Coverage at 3x horizontal resolution -> per-channel coverage (H, W, 3), with FreeType's
    default LCD filter (1/9, 2/9, 3/9, 2/9, 1/9) against strong fringes."""
    k = np.array([1, 2, 3, 2, 1], np.float32) / 9
    m = cv2.filter2D(mask3, -1, k[None, :], borderType=cv2.BORDER_CONSTANT)
    w = m.shape[1] // 3
    return np.stack([m[:, 0:3 * w:3], m[:, 1:3 * w:3], m[:, 2:3 * w:3]], axis=2)


def render_screen(rng, puzzle, fonts_thin, fonts_reg, small=False):
    th = theme(rng)
    side = int(rng.integers(300, 560 if small else 801))
    cell = side / 9
    # page: margins around the grid, furniture above and below
    ml, mr = int(rng.integers(4, 60)), int(rng.integers(4, 60))
    mt, mb = int(rng.integers(6, 90)), int(rng.integers(6, 140))
    if small:
        ml, mr, mt, mb = ml // 2, mr // 2, mt // 2 + 4, mb // 2 + 4
    W, H = side + ml + mr + 1, side + mt + mb + 1
    img = Image.new("RGB", (W, H), th["page"])
    d = ImageDraw.Draw(img)
    x0, y0 = ml, mt
    ex = lambda k: x0 + round(k * cell)
    ey = lambda k: y0 + round(k * cell)
    d.rectangle([x0, y0, x0 + side, y0 + side], fill=th["cell"])
    # shading: selected cell, its row/column/box, cells with the same digit, pale fills
    sel = int(rng.integers(81))
    sr, sc = divmod(sel, 9)
    style = rng.random()
    fills = {}
    if style < 0.75:
        for i in range(81):
            r, c = divmod(i, 9)
            if r == sr or c == sc or (r // 3 == sr // 3 and c // 3 == sc // 3):
                if rng.random() < 0.9 or style < 0.5:
                    fills[i] = th["shades"][0]
        if puzzle[sel] and rng.random() < 0.6:
            for i in range(81):
                if puzzle[i] == puzzle[sel]:
                    fills[i] = th["shades"][1]
        fills[sel] = th["shades"][2]
    elif style < 0.9:
        for i in rng.choice(81, int(rng.integers(3, 20)), replace=False):
            fills[int(i)] = th["shades"][int(rng.integers(3))]
    if rng.random() < 0.2:  # alternating box backgrounds
        for i in range(81):
            r, c = divmod(i, 9)
            if (r // 3 + c // 3) % 2 == 1 and i not in fills:
                fills[i] = th["shades"][0]
    for i, f in fills.items():
        r, c = divmod(i, 9)
        d.rectangle([ex(c), ey(r), ex(c + 1), ey(r + 1)], fill=f)
    # grid lines: thin light cell lines, heavier box lines (sometimes all alike)
    thin_w = 1 if rng.random() < 0.8 else 2
    thick_w = int(rng.integers(1, 5)) if rng.random() < 0.85 else thin_w
    border_w = max(thick_w, int(rng.integers(1, 6)))
    thick_col = th["thick"] if rng.random() < 0.8 else th["thin"]
    for k in range(10):
        if k % 3:
            w, col = thin_w, th["thin"]
        else:
            w, col = (border_w if k in (0, 9) else thick_w), thick_col
        a = -(w // 2)
        d.rectangle([ex(k) + a, y0, ex(k) + a + w - 1, y0 + side], fill=col)
        d.rectangle([x0, ey(k) + a, x0 + side, ey(k) + a + w - 1], fill=col)
    # furniture
    text_font = ImageFont.truetype(fonts_reg[int(rng.integers(len(fonts_reg)))], int(rng.integers(12, 24)))
    furn_col = th["ink"] if rng.random() < 0.5 else th["thick"]
    if mt > 30:
        d.text((x0 + 4, mt // 2 - 8), str(rng.choice(["Sudoku", "Daily Sudoku", "Easy", "Medium",
               "Hard", "Expert", "Mistakes: 0/3", "Level 12"])), font=text_font, fill=furn_col)
        d.text((x0 + side - 60, mt // 2 - 8), f"{int(rng.integers(0, 60)):02d}:{int(rng.integers(0, 60)):02d}",
               font=text_font, fill=furn_col)
    if mb > 70 and rng.random() < 0.7:  # a number pad under the grid
        pad_font = ImageFont.truetype(fonts_reg[int(rng.integers(len(fonts_reg)))], int(min(mb * 0.4, cell * 0.7)))
        for k in range(9):
            d.text((x0 + (k + 0.5) * side / 9, y0 + side + mb * 0.45), str(k + 1), font=pad_font,
                   fill=th["ink"] if rng.random() < 0.5 else th["thick"], anchor="mm")
    if rng.random() < NOTES_SHARE:
        # a game in progress: the player's pencil marks, small digits at their place in a
        # 3x3 layout of empty cells, paler than the givens; the cells stay empty
        note_font = ImageFont.truetype(fonts_reg[int(rng.integers(len(fonts_reg)))],
                                       max(6, int(cell * rng.uniform(0.2, 0.3))))
        mix = rng.uniform(0.45, 0.85)
        note_col = rgb(np.array(th["ink"]) * mix + np.array(th["cell"]) * (1 - mix))
        share = rng.uniform(0.2, 0.8)
        for i, v in enumerate(puzzle):
            if v or rng.random() > share:
                continue
            r, c = divmod(i, 9)
            for n in rng.choice(9, int(rng.integers(1, 6)), replace=False):
                nx = x0 + (c + (0.5 + n % 3) / 3) * cell
                ny = y0 + (r + (0.5 + n // 3) / 3) * cell
                d.text((nx, ny), str(n + 1), font=note_font, fill=note_col, anchor="mm")
    # digits: one font, size and colour per screen (apps are consistent)
    font_path = (fonts_thin if rng.random() < 0.7 else fonts_reg)
    font_path = font_path[int(rng.integers(len(font_path)))]
    size = int(cell * rng.uniform(0.45, 0.78))
    dx, dy = rng.uniform(-0.04, 0.04) * cell, rng.uniform(-0.06, 0.06) * cell
    subpixel = rng.random() < 0.4
    k3 = 3 if subpixel else 1
    # coverage layer, at 3x in both directions for sub-pixel text (then 3x horizontal only)
    scale = 3 if subpixel else 1
    layer = Image.new("L", (W * scale, H * scale), 0)
    ld = ImageDraw.Draw(layer)
    font = ImageFont.truetype(font_path, size * scale)
    for i, v in enumerate(puzzle):
        if v:
            r, c = divmod(i, 9)
            ld.text(((x0 + (c + 0.5) * cell + dx) * scale, (y0 + (r + 0.5) * cell + dy) * scale),
                    str(v), font=font, fill=255, anchor="mm")
    cov = np.asarray(layer, np.float32) / 255
    if subpixel:
        cov = cov.reshape(H, 3, W * 3).mean(1)          # 3x horizontal only
        cov = lcd_text(cov)
        if rng.random() < 0.3:
            cov = cov[:, :, ::-1]                         # BGR panels
    else:
        cov = np.repeat(cov[:, :, None], 3, axis=2)
    a = np.asarray(img, np.float32)
    ink = np.array(th["ink"], np.float32)
    a = a * (1 - cov) + ink * cov
    corners = np.array([[x0, y0], [x0 + side, y0], [x0 + side, y0 + side], [x0, y0 + side]], np.float64)
    out = np.clip(a + 0.5, 0, 255).astype(np.uint8)
    # browser zoom / phone screenshot scaling
    if rng.random() < 0.35 and not small:
        f = rng.uniform(0.7, 1.3)
        nw, nh = max(1, int(W * f)), max(1, int(H * f))
        out = cv2.resize(out, (nw, nh), interpolation=cv2.INTER_AREA if f < 1 else cv2.INTER_LINEAR)
        corners = corners * [nw / W, nh / H]
    return out, corners, th["dark"], dict(font=os.path.basename(font_path), subpixel=subpixel)


def encode(rng, rgb_img, small=False):
    """PNG or JPEG (quality 50-95) bytes and the extension."""
    bgr = rgb_img[:, :, ::-1]
    if rng.random() < (0.2 if small else 0.3):
        ok, enc = cv2.imencode(".png", bgr, [cv2.IMWRITE_PNG_COMPRESSION, 9])
        return enc.tobytes(), "png"
    q = int(rng.integers(50, 96))
    ok, enc = cv2.imencode(".jpg", bgr, [cv2.IMWRITE_JPEG_QUALITY, q])
    return enc.tobytes(), "jpg"


def grey_of(data):
    """Greyscale as the Rust pipeline decodes it (image crate: BT.709 weights for RGB)."""
    img = cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR)[:, :, ::-1].astype(np.float32)
    g = img[:, :, 0] * 0.2126 + img[:, :, 1] * 0.7152 + img[:, :, 2] * 0.0722
    return np.clip(g + 0.5, 0, 255).astype(np.uint8)


def cut_tiles(rng, grey, corners, jitter):
    big = GRID * OVERSAMPLE
    dst = np.array([[0, 0], [big, 0], [big, big], [0, big]], np.float32)
    side = np.linalg.norm(corners[1] - corners[0])
    c = corners + rng.normal(0, jitter * side, corners.shape)
    m = cv2.getPerspectiveTransform(c.astype(np.float32), dst)
    w = cv2.warpPerspective(grey, m, (big, big), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return grid_tiles(box_down2(w))


def one(args):
    seed, k, unique, small, want_tiles, which = args
    rng = np.random.default_rng([seed, k])
    fonts_thin, fonts_reg = font_lists(which)
    puzzle = make_puzzle(rng, unique=unique)
    img, corners, dark, info = render_screen(rng, puzzle, fonts_thin, fonts_reg, small)
    data, ext = encode(rng, img, small)
    tiles = None
    if want_tiles:
        grey = grey_of(data)
        if dark:
            grey = 255 - grey          # what the pipeline must do for a dark theme
        tiles = cut_tiles(rng, grey, corners, 0.004)
    return k, puzzle, data, ext, corners, dark, info, tiles


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--count", type=int, default=12)
    ap.add_argument("--seed", type=int, default=2027)
    ap.add_argument("--images-out", help="folder for the screenshots and truth.txt")
    ap.add_argument("--tiles-out", help=".npz of cell tiles for training")
    ap.add_argument("--small", action="store_true", help="small files (grids 300-560 px) for the repository")
    ap.add_argument("--empty-keep", type=float, default=0.35,
                    help="share of empty-cell tiles kept in --tiles-out (most screen cells are empty)")
    ap.add_argument("--fonts", choices=["train", "test"], default="train",
                    help="font families: those for training, or the held-out ones of the tests")
    ap.add_argument("--workers", type=int, default=os.cpu_count())
    a = ap.parse_args()
    thin, regular = font_lists(a.fonts)
    print(len(thin), "thin fonts,", len(regular), "regular fonts", f"({a.fonts} families)")
    jobs = [(a.seed, k, bool(a.images_out), a.small, bool(a.tiles_out), a.fonts) for k in range(a.count)]
    with Pool(a.workers) as p:
        res = p.map(one, jobs, chunksize=4)
    if a.images_out:
        os.makedirs(a.images_out, exist_ok=True)
        lines = []
        for k, puzzle, data, ext, corners, dark, info, _ in res:
            name = f"screen{k + 1:03d}.{ext}"
            open(os.path.join(a.images_out, name), "wb").write(data)
            givens = "".join(str(v) if v else "." for v in puzzle)
            pts = ",".join(f"{v:.1f}" for v in corners.reshape(-1))
            lines.append(f"{name} {givens} 0 {'dark' if dark else 'light'} {pts}")
        with open(os.path.join(a.images_out, "truth.txt"), "w") as f:
            f.write("# name givens81 handwritten theme corners(x,y clockwise from top-left); "
                    "made by models/train/gen_screens.py --seed %d --count %d%s\n"
                    % (a.seed, a.count, " --small" if a.small else ""))
            f.write("\n".join(lines) + "\n")
        sizes = [len(r[2]) for r in res]
        print(a.images_out, len(res), "images,", sum(sizes), "bytes, largest", max(sizes))
    if a.tiles_out:
        tiles = np.concatenate([r[7] for r in res])
        labels = np.array([class_of(v, False) for r in res for v in r[1]], np.int64)
        names = np.array([f"screen{r[0]}" for r in res for _ in range(81)])
        keep = (labels > 0) | (np.random.default_rng(a.seed).random(len(labels)) < a.empty_keep)
        tiles, labels, names = tiles[keep], labels[keep], names[keep]
        np.savez_compressed(a.tiles_out, tiles=tiles, labels=labels, names=names)
        print(a.tiles_out, tiles.shape, np.bincount(labels, minlength=19))


if __name__ == "__main__":
    main()
