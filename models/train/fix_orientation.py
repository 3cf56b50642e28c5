"""Some dataset photos show the grid sideways or upside down while .dat and outlines.csv are
upright: turn each extracted grid to the quarter turn under which a trained model agrees best
with the labels (usage: fix_orientation.py MODEL.onnx IN.npz OUT.npz)."""
import sys, numpy as np
sys.argv, args = sys.argv[:1], sys.argv[1:]
import analyze_lib as A
model, src, dst = args
A.load(model)
d = dict(np.load(src)); t, y, n = d["tiles"], d["labels"], d["names"]
from train import normalize_batch
turned = 0
for s in range(0, len(t), 81):
    g = t[s:s + 81].reshape(9, 9, 32, 32).transpose(0, 2, 1, 3).reshape(288, 288)
    best = None
    for k in range(4):
        gk = np.rot90(g, -k)  # clockwise quarter turns
        tk = gk.reshape(9, 32, 9, 32).transpose(0, 2, 1, 3).reshape(81, 32, 32)
        p = A.fwd(normalize_batch(tk))
        score = np.log(p[np.arange(81), y[s:s + 81]] + 1e-6).sum()
        if best is None or score > best[0]:
            best = (score, k, tk)
    if best[1]:
        turned += 1
        print(n[s], "turned", best[1] * 90)
    t[s:s + 81] = best[2]
d["tiles"] = t
np.savez_compressed(dst, **d)
print("grids turned:", turned, "of", len(t) // 81)
