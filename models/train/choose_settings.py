"""The orientation threshold from data: how plausible an upright reading is, on the validation
part of the training photos (tiles as the pipeline cuts them, upright: extract_pipeline.py
--split calib), never on the held-out photos.

For each grid, the score of a quarter turn is the mean log-probability of the most likely
digit class over the inked cells (probability of "empty" under 0.5), each tile turned: what
src/vision/orientation.rs computes, over every inked cell and over the nine cells it looks at
first. The upright grids' worst score and the turned grids' best score bound the threshold
UPRIGHT_PLAUSIBLE; the midpoint is printed. A grid whose reading agrees with its labels on
under half of the cells was cut wrong by the pipeline (its tiles are not the cells, upright or
turned) and tells nothing about orientation: it is left out and named.

It also bounds HALF_TURN_GAP: for the nine cells read first (chosen from the reading as the
tiles lie), how many more printed digits (the sum of each cell's likeliest printed digit's
probability) they read as they lie than half a turn over, per cell, on the upright grids that
pass UPRIGHT_PLAUSIBLE and on the same grids upside down that pass it; and it checks the rule
that decides otherwise (the turn under which every inked cell reads the most printed digits)
on every grid in its four orientations.

Usage: choose_settings.py ../digits.onnx real_pipeline_calib.npz
"""
import sys
import numpy as np
import analyze_lib as A
from train import normalize_batch

ASYMMETRIC = {2, 3, 4, 5, 7}
UPRIGHT_PLAUSIBLE = -0.044  # src/vision/orientation.rs


def digit_score(p):
    return float(np.mean(np.log(np.maximum(p[:, 1:].max(1), 1e-6)))) if len(p) else 0.0


def printed_count(p):
    return float(p[:, 1:10].max(1).sum())


def telling(p):
    """The nine cells orientation.rs reads first: printed digits, and among them those no
    quarter turn maps onto another digit."""
    top = p[:, 1:].argmax(1) + 1
    digit = np.where(top > 9, top - 9, top)
    score = p[:, 1:10].sum(1) + np.isin(digit, list(ASYMMETRIC))
    return np.argsort(-score, kind="stable")[:9]


def main():
    model, tiles_path = sys.argv[1:3]
    A.load(model)
    d = np.load(tiles_path)
    tiles, names, labels = d["tiles"], d["names"], d["labels"]
    upright = {"all": [], "nine": []}
    turned = {"all": [], "nine": []}
    gaps = {0: [], 2: []}
    most_printed_right, grids_turned = 0, 0
    for s in range(0, len(tiles), 81):
        t = tiles[s:s + 81]
        p = A.fwd(normalize_batch(t))
        inked = np.nonzero(p[:, 0] < 0.5)[0]
        if len(inked) == 0:
            continue
        if np.mean(p.argmax(1) == labels[s:s + 81]) < 0.5:
            print(f"left out: {names[s]} (cut wrong: under half of its cells read as labelled)")
            continue
        nine = inked[telling(p[inked])]
        # the grid in each orientation, as a photo would show it: the nine chosen as it lies
        by_turn = {q: A.fwd(normalize_batch(np.stack([np.rot90(t[i], -q) for i in inked])))
                   for q in (1, 2, 3)}
        by_turn[0] = p[inked]
        for lies in range(4):
            # the grid lies turned by `lies`; reading it turned by q more shows it at lies + q
            seen = {q: by_turn[(lies + q) % 4] for q in range(4)}
            counts = [printed_count(seen[q]) for q in range(4)]
            most_printed_right += int(np.argmax(counts) == (4 - lies) % 4)
            grids_turned += 1
            if lies in (0, 2):
                pick = telling(seen[0])
                if digit_score(seen[0][pick]) >= UPRIGHT_PLAUSIBLE:
                    gap = (printed_count(seen[0][pick]) - printed_count(seen[2][pick])) / len(pick)
                    gaps[lies].append((gap, names[s]))
        for key, cells in [("all", inked), ("nine", nine)]:
            upright[key].append((digit_score(p[cells]), names[s]))
            for q in (1, 2, 3):
                tq = np.stack([np.rot90(t[i], -q) for i in cells])
                turned[key].append((digit_score(A.fwd(normalize_batch(tq))), f"{names[s]} turned {q * 90}"))
    for key in ["all", "nine"]:
        worst = min(upright[key])
        best = max(turned[key])
        print(f"{key} inked cells: upright grids score {worst[0]:.4f} at worst ({worst[1]}), "
              f"turned grids {best[0]:.4f} at best ({best[1]}); midpoint {(worst[0] + best[0]) / 2:.4f}")
    print(f"{len(upright['all'])} grids")
    up = min(gaps[0])
    print(f"half-turn gap of the nine, per cell, among grids passing UPRIGHT_PLAUSIBLE: upright "
          f"grids {up[0]:.3f} at least ({up[1]})", end="")
    if gaps[2]:
        down = max(gaps[2])
        print(f", upside-down grids {down[0]:.3f} at most ({down[1]}, {len(gaps[2])} pass); "
              f"midpoint {(up[0] + down[0]) / 2:.3f}")
    else:
        print("; no upside-down grid passes")
    print(f"the turn reading the most printed digits is upright in {most_printed_right} of "
          f"{grids_turned} grid orientations")


if __name__ == "__main__":
    main()
