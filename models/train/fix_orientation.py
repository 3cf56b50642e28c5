"""Some dataset photos show the grid sideways or upside down while .dat and outlines.csv are
upright: turn each extracted grid to the quarter turn under which a trained model agrees best
with the labels (usage: fix_orientation.py MODEL.onnx IN.npz OUT.npz).

Every grid's four turns are read in one batched JAX pass (train.logits_all): reading them grid
by grid with the numpy interpreter of analyze_lib took over an hour for the 884 grids."""
import sys
import numpy as np
from train import normalize_batch, from_onnx, logits_all, parse_stages, softmax

STAGES = parse_stages("32,64,96")


def turns_of(grids):
    """(G,81,32,32) tiles -> (4,G,81,32,32): the tiles of each grid turned k quarter turns clockwise."""
    g = grids.reshape(-1, 9, 9, 32, 32).transpose(0, 1, 3, 2, 4).reshape(-1, 288, 288)
    out = []
    for k in range(4):
        gk = np.rot90(g, -k, axes=(1, 2))
        out.append(gk.reshape(-1, 9, 32, 9, 32).transpose(0, 1, 3, 2, 4).reshape(-1, 81, 32, 32))
    return np.stack(out)


def main(model, src, dst):
    params = from_onnx(model, STAGES)
    d = dict(np.load(src))
    t, y, n = d["tiles"], d["labels"], d["names"]
    grids = t.reshape(-1, 81, 32, 32)
    turned = turns_of(grids)
    z = logits_all(params, STAGES, normalize_batch(turned.reshape(-1, 32, 32)))
    logp = np.log(softmax(z) + 1e-6).reshape(4, len(grids), 81, -1)
    labels = y.reshape(len(grids), 81)
    score = np.take_along_axis(logp, labels[None, :, :, None], 3)[..., 0].sum(2)  # (4, G)
    best = score.argmax(0)
    for gi, k in enumerate(best):
        if k:
            print(n[gi * 81], "turned", int(k) * 90)
    d["tiles"] = turned[best, np.arange(len(grids))].reshape(t.shape)
    np.savez_compressed(dst, **d)
    print("grids turned:", int((best > 0).sum()), "of", len(grids))


if __name__ == "__main__":
    main(*sys.argv[1:])
