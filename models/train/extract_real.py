"""Cut labelled cell tiles out of the dataset photos (training split only by default).

Printed photos use the hand-marked corners of outlines.csv; handwritten photos (and the one
printed photo without an outline) use a simple contour detector. Each photo is warped several
times with jittered corners so the model learns to tolerate imperfect grid detection.
Output: an .npz with tiles (N,32,32) uint8, labels (N,) and photo names.
"""
import argparse, csv, os
import numpy as np
import cv2
from common import CELL, GRID, OVERSAMPLE, box_down2, grid_tiles, read_dat, class_of, in_split


def order_corners(pts):
    pts = np.asarray(pts, dtype=np.float64)
    s = pts.sum(1); d = pts[:, 0] - pts[:, 1]
    return np.array([pts[np.argmin(s)], pts[np.argmax(d)], pts[np.argmax(s)], pts[np.argmin(d)]])


def detect_quad(gray):
    h, w = gray.shape
    blk = max(15, (min(h, w) // 40) | 1)
    th = cv2.adaptiveThreshold(cv2.GaussianBlur(gray, (5, 5), 0), 255, cv2.ADAPTIVE_THRESH_MEAN_C,
                               cv2.THRESH_BINARY_INV, blk, 7)
    cnts, _ = cv2.findContours(th, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    c = max(cnts, key=cv2.contourArea)
    pts = c.reshape(-1, 2)
    return order_corners(pts)


def warp(gray, corners):
    big = GRID * OVERSAMPLE
    dst = np.array([[0, 0], [big, 0], [big, big], [0, big]], dtype=np.float32)
    m = cv2.getPerspectiveTransform(corners.astype(np.float32), dst)
    w = cv2.warpPerspective(gray, m, (big, big), flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return box_down2(w)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--photos", default="../../shared/photos")
    ap.add_argument("--split", default="train", choices=["train", "calib", "heldout", "all"])
    ap.add_argument("--jitter", type=int, default=6, help="extra jittered warps per photo")
    ap.add_argument("--out", default="real_train.npz")
    a = ap.parse_args()
    rng = np.random.default_rng(1)
    outlines = {}
    with open(os.path.join(a.photos, "outlines.csv")) as f:
        for row in csv.DictReader(f):
            name = os.path.basename(row["filepath"])[:-4]
            outlines[name] = np.array([[float(row[f"p{i}_x"]), float(row[f"p{i}_y"])] for i in range(1, 5)])
    tiles, labels, names = [], [], []
    for kind in ["printed", "handwritten"]:
        d = os.path.join(a.photos, kind)
        for fn in sorted(os.listdir(d)):
            if not fn.endswith(".jpg"):
                continue
            name = fn[:-4]
            if not in_split(name, a.split):
                continue
            dat = os.path.join(d, name + ".dat")
            if not os.path.exists(dat):
                continue
            gray = cv2.imread(os.path.join(d, fn), cv2.IMREAD_GRAYSCALE)
            digits = read_dat(dat)
            if kind == "printed":
                lab = [class_of(x, False) for x in digits]
                corners = outlines.get(name)
            else:
                pdig = read_dat(os.path.join(a.photos, "printed", name + ".dat"))
                lab = [class_of(x, p == 0) for x, p in zip(digits, pdig)]
                corners = None
            if corners is None:
                corners = detect_quad(gray)
            side = np.linalg.norm(corners[1] - corners[0])
            for j in range(a.jitter + 1):
                c = corners if j == 0 else corners + rng.normal(0, 0.006 * side, corners.shape)
                t = grid_tiles(warp(gray, c))
                tiles.append(t); labels.extend(lab); names.extend([f"{kind}/{name}"] * 81)
    tiles = np.concatenate(tiles)
    np.savez_compressed(a.out, tiles=tiles, labels=np.array(labels, dtype=np.int64), names=np.array(names))
    print(a.out, tiles.shape, np.bincount(labels, minlength=19))


if __name__ == "__main__":
    main()
