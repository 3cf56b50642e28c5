"""Cut labelled cell tiles out of the dataset photos with sudolens's own pipeline, so the model
trains on exactly the tiles it will see: the grid sudolens detects, its per-cell lattice warp
and its orientation. Photos where the pipeline finds no grid, or a grid that disagrees with the
labels (wrong grid, wrong turn), are left out; extract_real.py covers them with the marked
outlines. Usage: extract_pipeline.py --bin target/release/sudolens --photos DIR --out F.npz
"""
import argparse, json, os, subprocess, tempfile
import numpy as np
import cv2
from common import grid_tiles, read_dat, class_of, in_split


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--bin", default="../../target/release/sudolens")
    ap.add_argument("--photos", default="../../../shared/photos")
    ap.add_argument("--split", default="train", choices=["train", "calib", "heldout", "all"])
    ap.add_argument("--min-agree", type=float, default=0.75,
                    help="share of cells whose digit the pipeline read right to trust its grid")
    ap.add_argument("--out", default="real_pipeline.npz")
    a = ap.parse_args()
    tiles, labels, names = [], [], []
    skipped = []
    for kind in ["printed", "handwritten"]:
        d = os.path.join(a.photos, kind)
        for fn in sorted(os.listdir(d)):
            name = fn[:-4]
            if not fn.endswith(".jpg") or not os.path.exists(os.path.join(d, name + ".dat")):
                continue
            if not in_split(name, a.split):
                continue
            digits = read_dat(os.path.join(d, name + ".dat"))
            pdig = read_dat(os.path.join(a.photos, "printed", name + ".dat"))
            lab = [class_of(x, kind == "handwritten" and p == 0) for x, p in zip(digits, pdig)]
            with tempfile.TemporaryDirectory() as tmp:
                r = subprocess.run([a.bin, "import", "--json", "--debug-dir", tmp, os.path.join(d, fn)],
                                   capture_output=True, text=True)
                if r.returncode not in (0, 2, 3, 4) or not r.stdout.strip():
                    skipped.append(f"{kind}/{name}: no grid"); continue
                res = json.loads(r.stdout)
                warped = cv2.imread(os.path.join(tmp, "warped.png"), cv2.IMREAD_GRAYSCALE)
            warped = np.rot90(warped, -(res["orientation"] // 90)).copy()
            agree = np.mean([c["digit"] == x for c, x in zip(res["cells"], digits)])
            if agree < a.min_agree:
                skipped.append(f"{kind}/{name}: only {agree:.0%} of digits agree"); continue
            tiles.append(grid_tiles(warped)); labels.extend(lab); names.extend([f"{kind}/{name}"] * 81)
    for s in skipped:
        print("skipped", s)
    tiles = np.concatenate(tiles)
    np.savez_compressed(a.out, tiles=tiles, labels=np.array(labels, dtype=np.int64), names=np.array(names))
    print(a.out, tiles.shape, np.bincount(labels, minlength=19))


if __name__ == "__main__":
    main()
