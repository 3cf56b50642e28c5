"""The players' real handwritten digits from the training photos, cut out as ink masks, for
gen_synth.py (--glyphs) to draw into new cells: other sizes, places, papers, grid lines, blur
and light, as it does with the MNIST samples. The photos' own tiles (extract_real.py,
extract_pipeline.py) show each digit as it was photographed; these show the same pens and
hands in many more settings.

Each photo is read by sudolens itself (`import --json`: the grid's corners, upright), warped
at --px pixels per cell, and every handwritten cell's ink kept: the paper level and contrast
as in common.normalize_tile, grid lines removed (long straight runs of ink), and the strokes
that reach into the middle of the cell cropped to their bounding box. A photo whose reading
disagrees with its labels on more than a tenth of the cells is left out (a wrong outline would
cut wrong glyphs). Only the training split by default: never the validation part or the
held-out photos.

Usage: extract_glyphs.py --bin target/release/sudolens --photos DIR --out glyphs.npz
"""
import argparse, json, os, subprocess
import numpy as np
import cv2
from common import read_dat, in_split


def ink_map(crop):
    """Ink in [0, 1] (1 = darkest), with the paper level and contrast floor of normalize_tile."""
    s = np.sort(crop.reshape(-1))
    paper = float(s[int(len(s) * 0.75)])
    dark = float(s[int(len(s) * 0.01)])
    rng = max(paper - dark, 48.0)
    return np.clip((paper - crop.astype(np.float32)) / rng, 0, 1)


def cut_glyph(grid, r, c, px):
    """The ink of the digit in cell (r, c) of the upright warped grid, or None."""
    m = int(round(0.12 * px))
    y0, x0 = r * px - m, c * px - m
    pad = np.pad(grid, m, mode="edge")
    crop = pad[y0 + m:y0 + m + px + 2 * m, x0 + m:x0 + m + px + 2 * m]
    ink = ink_map(crop)
    binary = (ink > 0.35).astype(np.uint8)
    # grid lines: straight runs of ink longer than half a cell
    run = px // 2
    lines = cv2.morphologyEx(binary, cv2.MORPH_OPEN, np.ones((1, run), np.uint8)) | \
        cv2.morphologyEx(binary, cv2.MORPH_OPEN, np.ones((run, 1), np.uint8))
    lines = cv2.dilate(lines, np.ones((3, 3), np.uint8))
    ink = ink * (1 - lines)
    binary = (ink > 0.3).astype(np.uint8)
    n, lab, stats, _ = cv2.connectedComponentsWithStats(binary, connectivity=8)
    lo, hi = m + int(0.2 * px), m + int(0.8 * px)
    keep = np.zeros(n, bool)
    for k in range(1, n):
        x, y, w, h, area = stats[k]
        if area < 0.002 * px * px:
            continue
        # a stroke of the digit reaches into the middle of the cell
        comp = lab[lo:hi, lo:hi] == k
        keep[k] = comp.any()
    if not keep.any():
        return None
    mask = cv2.dilate(keep[lab].astype(np.uint8), np.ones((3, 3), np.uint8))
    glyph = ink * mask
    ys, xs = np.nonzero(glyph > 0.3)
    g = glyph[ys.min():ys.max() + 1, xs.min():xs.max() + 1]
    h, w = g.shape
    if h < 0.15 * px or h > 1.25 * px or w > 1.25 * px:
        return None
    return g


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="../../target/release/sudolens")
    ap.add_argument("--photos", default="../../../shared/photos")
    ap.add_argument("--split", default="train", choices=["train", "calib", "heldout", "all"])
    ap.add_argument("--px", type=int, default=96, help="pixels per cell of the warp")
    ap.add_argument("--out", default="glyphs.npz")
    a = ap.parse_args()
    d = os.path.join(a.photos, "handwritten")
    glyphs, digits, heights, names = [], [], [], []
    skipped = []
    for fn in sorted(os.listdir(d)):
        name = fn[:-4]
        if not fn.endswith(".jpg") or not in_split(name, a.split):
            continue
        if not os.path.exists(os.path.join(d, name + ".dat")):
            continue
        labels = read_dat(os.path.join(d, name + ".dat"))
        printed = read_dat(os.path.join(a.photos, "printed", name + ".dat"))
        r = subprocess.run([a.bin, "import", "--json", os.path.join(d, fn)], capture_output=True, text=True)
        if not r.stdout.strip():
            skipped.append(f"{name}: no grid"); continue
        res = json.loads(r.stdout)
        if "cells" not in res:
            skipped.append(f"{name}: {res.get('error')}"); continue
        agree = np.mean([c["digit"] == x for c, x in zip(res["cells"], labels)])
        if agree < 0.9:
            skipped.append(f"{name}: only {agree:.0%} of digits agree"); continue
        gray = cv2.imread(os.path.join(d, fn), cv2.IMREAD_GRAYSCALE)
        side = 9 * a.px
        dst = np.float32([[0, 0], [side, 0], [side, side], [0, side]])
        h = cv2.getPerspectiveTransform(np.float32(res["corners"]), dst)
        grid = cv2.warpPerspective(gray, h, (side, side), flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
        for i in range(81):
            if labels[i] == 0 or printed[i] != 0:
                continue
            g = cut_glyph(grid, i // 9, i % 9, a.px)
            if g is None:
                continue
            glyphs.append(g); digits.append(labels[i]); heights.append(g.shape[0] / a.px); names.append(name)
    for s in skipped:
        print("skipped", s)
    shapes = np.array([g.shape for g in glyphs], np.int32)
    flat = np.concatenate([g.reshape(-1) for g in glyphs]).astype(np.float16)
    np.savez_compressed(a.out, flat=flat, shapes=shapes, digits=np.array(digits, np.int64),
                        heights=np.array(heights, np.float32), names=np.array(names))
    print(a.out, len(glyphs), "glyphs from", len(set(names)), "photos; per digit",
          np.bincount(digits, minlength=10)[1:], "median height", np.median(heights))


def load_glyphs(path):
    """{digit: [(mask float32, height in cells)]} from a file this script wrote."""
    d = np.load(path)
    flat = d["flat"].astype(np.float32)
    out = {k: [] for k in range(1, 10)}
    pos = 0
    for (h, w), digit, height in zip(d["shapes"], d["digits"], d["heights"]):
        g = flat[pos:pos + h * w].reshape(h, w)
        pos += h * w
        out[int(digit)].append((g, float(height)))
    return out


if __name__ == "__main__":
    main()
