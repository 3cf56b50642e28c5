"""Train the sudolens cell classifier with JAX on CPU, calibrate it, and write models/digits.onnx.

Classes: 0 empty, 1..9 printed digit, 10..18 handwritten digit (class - 9).
Input: (N,1,32,32) float32 produced by common.normalize_tile; output: (N,19) softmax.

The network: stages of 3x3 convolutions (each followed by ReLU), a 2x2 max pool after each
stage, then a hidden fully connected layer with ReLU (dropout while training) and the 19
outputs. `--stages 32,64,96 --hidden 128` is three stages of one convolution each; `32x2`
would give a stage two convolutions.

Data: each --data file is `path[:weight]`; an epoch draws --per-epoch samples, each file's
samples drawn `weight` times as often as plain ones. Tiles are shifted by up to --shift pixels
at random (edge pixels repeated), as a grid found a pixel or two off shifts them.

Calibration: after training, one temperature T divides the logits so that the probabilities
match how often the readings are right on --calib (the validation part of the *training*
photos, never the held-out ones): T minimises their negative log-likelihood. It is baked into
the last layer's weights, so the ONNX model's softmax gives calibrated probabilities. The
reliability table before and after goes to --report (JSON) and the console.

Also writes reference tiles, inputs and outputs that tests/it/vision/model.rs replays through
tract, so the Rust preprocessing and inference are checked against this framework.
"""
import argparse, json, os, time
import numpy as np
import jax, jax.numpy as jnp
from jax import lax
import onnx
from onnx import helper, TensorProto, numpy_helper
from common import CELL, N_CLASSES, normalize_tile


def normalize_batch(tiles):
    """Vectorised common.normalize_tile (checked equal below)."""
    t = tiles.reshape(len(tiles), -1)
    s = np.sort(t, axis=1)
    paper = s[:, 767].astype(np.float32)[:, None]
    dark = s[:, 10].astype(np.float32)[:, None]
    rng = np.maximum(paper - dark, np.float32(48.0))
    x = (paper - t.astype(np.float32)) / rng
    return np.clip(x, 0, 1).astype(np.float32).reshape(len(tiles), 1, CELL, CELL)


def parse_stages(spec):
    """"32,64x2,96" -> [[32], [64, 64], [96]]"""
    out = []
    for part in spec.split(","):
        ch, _, n = part.partition("x")
        out.append([int(ch)] * int(n or 1))
    return out


def init(key, stages, hidden):
    convs, fcs = [], []
    cin = 1
    for stage in stages:
        for cout in stage:
            key, k = jax.random.split(key)
            convs.append((jax.random.normal(k, (cout, cin, 3, 3)) * np.sqrt(2 / (cin * 9)), jnp.zeros(cout)))
            cin = cout
    flat = cin * (CELL // 2 ** len(stages)) ** 2
    for fin, fout in [(flat, hidden), (hidden, N_CLASSES)]:
        key, k = jax.random.split(key)
        fcs.append((jax.random.normal(k, (fout, fin)) * np.sqrt(2 / fin), jnp.zeros(fout)))
    return {"convs": convs, "fcs": fcs}


def forward(params, x, stages, drop_key=None, drop=0.0):
    k = 0
    for stage in stages:
        for _ in stage:
            w, b = params["convs"][k]
            k += 1
            x = lax.conv_general_dilated(x, w, (1, 1), ((1, 1), (1, 1)), dimension_numbers=("NCHW", "OIHW", "NCHW"))
            x = jax.nn.relu(x + b[None, :, None, None])
        x = lax.reduce_window(x, -jnp.inf, lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")
    x = x.reshape(x.shape[0], -1)
    w, b = params["fcs"][0]
    x = jax.nn.relu(x @ w.T + b)
    if drop_key is not None and drop > 0:
        keep = jax.random.bernoulli(drop_key, 1 - drop, x.shape)
        x = jnp.where(keep, x / (1 - drop), 0.0)
    w, b = params["fcs"][1]
    return x @ w.T + b


def make_step(stages, wd, drop):
    def loss_fn(params, x, y, key):
        logits = forward(params, x, stages, key, drop)
        ll = jax.nn.log_softmax(logits)
        nll = -jnp.mean(jnp.take_along_axis(ll, y[:, None], axis=1))
        reg = sum(jnp.sum(w * w) for w, _ in params["convs"] + params["fcs"])
        return nll + wd * reg

    @jax.jit
    def step(params, m, v, t, x, y, lr, key):
        g = jax.grad(loss_fn)(params, x, y, key)
        b1, b2 = 0.9, 0.999
        m = jax.tree_util.tree_map(lambda m, g: b1 * m + (1 - b1) * g, m, g)
        v = jax.tree_util.tree_map(lambda v, g: b2 * v + (1 - b2) * g * g, v, g)
        mh = jax.tree_util.tree_map(lambda m: m / (1 - b1 ** t), m)
        vh = jax.tree_util.tree_map(lambda v: v / (1 - b2 ** t), v)
        params = jax.tree_util.tree_map(lambda p, a, b: p - lr * a / (jnp.sqrt(b) + 1e-8), params, mh, vh)
        return params, m, v
    return step


def logits_all(params, stages, x, bs=1024):
    f = jax.jit(lambda p, x: forward(p, x, stages))
    return np.concatenate([np.asarray(f(params, x[i:i + bs])) for i in range(0, len(x), bs)])


def softmax(z):
    e = np.exp(z - z.max(1, keepdims=True))
    return e / e.sum(1, keepdims=True)


def to_onnx(params, stages, path, temperature=1.0):
    """The graph with plain ONNX operators (opset 13) that tract 0.23 loads; the temperature
    divides the last layer's weights and bias."""
    nodes, inits = [], []
    cur = "input"
    k = 0
    for s, stage in enumerate(stages):
        for _ in stage:
            w, b = params["convs"][k]
            inits += [numpy_helper.from_array(np.asarray(w, np.float32), f"conv{k}.w"),
                      numpy_helper.from_array(np.asarray(b, np.float32), f"conv{k}.b")]
            nodes.append(helper.make_node("Conv", [cur, f"conv{k}.w", f"conv{k}.b"], [f"c{k}"], kernel_shape=[3, 3], pads=[1, 1, 1, 1]))
            nodes.append(helper.make_node("Relu", [f"c{k}"], [f"r{k}"]))
            cur = f"r{k}"
            k += 1
        # 2x2 max pooling as two passes, down the columns then along the rows: the same
        # values, but tract 0.23 runs the pair a fifth faster than its one 2x2 pooling (whose
        # stride-2 path is a scalar loop), a tenth of a photo's reading (models/README.md)
        nodes.append(helper.make_node("MaxPool", [cur], [f"p{s}v"], kernel_shape=[2, 1], strides=[2, 1]))
        nodes.append(helper.make_node("MaxPool", [f"p{s}v"], [f"p{s}"], kernel_shape=[1, 2], strides=[1, 2]))
        cur = f"p{s}"
    nodes.append(helper.make_node("Flatten", [cur], ["flat"], axis=1))
    for i, (w, b) in enumerate(params["fcs"]):
        w, b = np.asarray(w, np.float32), np.asarray(b, np.float32)
        if i == 1:
            w, b = w / np.float32(temperature), b / np.float32(temperature)
        inits += [numpy_helper.from_array(w, f"fc{i}.w"), numpy_helper.from_array(b, f"fc{i}.b")]
        src = "flat" if i == 0 else "h0"
        out = "h0pre" if i == 0 else "logits"
        nodes.append(helper.make_node("Gemm", [src, f"fc{i}.w", f"fc{i}.b"], [out], transB=1))
        if i == 0:
            nodes.append(helper.make_node("Relu", ["h0pre"], ["h0"]))
    nodes.append(helper.make_node("Softmax", ["logits"], ["probs"], axis=1))
    graph = helper.make_graph(nodes, "sudolens_digits",
                              [helper.make_tensor_value_info("input", TensorProto.FLOAT, ["N", 1, CELL, CELL])],
                              [helper.make_tensor_value_info("probs", TensorProto.FLOAT, ["N", N_CLASSES])], inits)
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 13)], producer_name="sudolens-train")
    model.ir_version = 7
    onnx.checker.check_model(model)
    onnx.save(model, path)


def from_onnx(path, stages):
    w = {i.name: numpy_helper.to_array(i) for i in onnx.load(path).graph.initializer}
    n = sum(len(s) for s in stages)
    return {"convs": [(jnp.asarray(w[f"conv{i}.w"]), jnp.asarray(w[f"conv{i}.b"])) for i in range(n)],
            "fcs": [(jnp.asarray(w[f"fc{i}.w"]), jnp.asarray(w[f"fc{i}.b"])) for i in range(2)]}


def shift_tiles(rng, tiles, most):
    """Each tile moved by up to `most` pixels each way (edge pixels repeated), half of them."""
    out = tiles.copy()
    if most <= 0:
        return out
    n = len(tiles)
    p = np.pad(tiles, ((0, 0), (most, most), (most, most)), mode="edge")
    dx = rng.integers(-most, most + 1, n)
    dy = rng.integers(-most, most + 1, n)
    moved = rng.random(n) < 0.5
    for i in np.nonzero(moved)[0]:
        out[i] = p[i, most + dy[i]:most + dy[i] + CELL, most + dx[i]:most + dx[i] + CELL]
    return out


def nll_at(z, y, t):
    """The mean negative log-likelihood of the labels `y` under softmax(z / t)."""
    zz = z / t
    zz = zz - zz.max(1, keepdims=True)
    lse = np.log(np.exp(zz).sum(1))
    return float(np.mean(lse - zz[np.arange(len(y)), y]))


def fit_temperature(z, y):
    """The T > 0 minimising the mean negative log-likelihood of softmax(z / T): golden-section
    search on log T (the NLL is convex in 1/T)."""
    def nll(logt):
        return nll_at(z, y, np.exp(logt))
    a, b = np.log(0.25), np.log(8.0)
    g = (np.sqrt(5) - 1) / 2
    c, d = b - g * (b - a), a + g * (b - a)
    for _ in range(60):
        if nll(c) < nll(d):
            b = d
        else:
            a = c
        c, d = b - g * (b - a), a + g * (b - a)
    t = float(np.exp((a + b) / 2))
    return t, nll(0.0), nll(np.log(t))


BINS = [0.0, 0.5, 0.9, 0.99, 0.999, 0.9999, 1.0001]


def reliability(p, y):
    """Per confidence bin: readings, mean confidence, share right; and the expected
    calibration error (the bins' |confidence - accuracy| weighted by their size)."""
    conf = p.max(1)
    right = p.argmax(1) == y
    rows, ece = [], 0.0
    for lo, hi in zip(BINS, BINS[1:]):
        sel = (conf >= lo) & (conf < hi)
        n = int(sel.sum())
        if n == 0:
            continue
        mc, acc = float(conf[sel].mean()), float(right[sel].mean())
        ece += n / len(y) * abs(mc - acc)
        rows.append({"bin": [lo, min(hi, 1.0)], "n": n, "confidence": mc, "accuracy": acc,
                     "wrong": int(n - right[sel].sum())})
    return rows, ece


def print_table(name, rows, ece):
    print(f"{name}: expected calibration error {ece:.5f}")
    for r in rows:
        print(f"  confidence [{r['bin'][0]:.4f}, {r['bin'][1]:.4f}): {r['n']:6d} readings, "
              f"mean confidence {r['confidence']:.5f}, right {r['accuracy']:.5f} ({r['wrong']} wrong)")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", nargs="+", required=True, help="path[:weight] ...")
    ap.add_argument("--calib", required=True, help="tiles of the validation part of the training photos")
    ap.add_argument("--stages", default="32,64,96")
    ap.add_argument("--hidden", type=int, default=128)
    ap.add_argument("--dropout", type=float, default=0.3)
    ap.add_argument("--wd", type=float, default=1e-5)
    ap.add_argument("--shift", type=int, default=2)
    ap.add_argument("--epochs", type=int, default=30)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--init", help="continue from the weights of an ONNX file this script wrote (temperature 1)")
    ap.add_argument("--per-epoch", type=int, default=60000, help="samples drawn per epoch")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--out", default="../digits.onnx")
    ap.add_argument("--raw-out", help="also write the uncalibrated model here (temperature 1), for --init")
    ap.add_argument("--temperature", type=float,
                    help="keep this temperature instead of fitting one on --calib: for a network that "
                         "trained on the --calib tiles too, which can no longer measure its calibration")
    ap.add_argument("--from-calibrated", type=float, metavar="T",
                    help="--init is a calibrated file whose temperature T is baked into its last layer")
    ap.add_argument("--report", default="../calibration.json")
    ap.add_argument("--testdata", default="../testdata")
    a = ap.parse_args()
    stages = parse_stages(a.stages)
    tiles, labels, weights = [], [], []
    for spec in a.data:
        path, _, w = spec.partition(":")
        d = np.load(path)
        tiles.append(d["tiles"]); labels.append(d["labels"])
        weights.append(np.full(len(d["labels"]), float(w or 1.0)))
        print(f"{path}: {len(d['labels'])} tiles, weight {float(w or 1.0)}", flush=True)
    tiles, labels, weights = np.concatenate(tiles), np.concatenate(labels), np.concatenate(weights)
    probs = weights / weights.sum()
    x_check = normalize_batch(tiles[::max(1, len(tiles) // 7)])
    for k, i in enumerate(range(0, len(tiles), max(1, len(tiles) // 7))):
        assert np.array_equal(x_check[k, 0], normalize_tile(tiles[i])), "vectorised preprocessing drifted"
    cd = np.load(a.calib)
    cx, cy = normalize_batch(cd["tiles"]), cd["labels"]
    print("train", tiles.shape, np.bincount(labels, minlength=N_CLASSES), "calib", cx.shape, flush=True)
    key = jax.random.PRNGKey(a.seed)
    params = from_onnx(a.init, stages) if a.init else init(key, stages, a.hidden)
    if a.init and a.from_calibrated:
        w, b = params["fcs"][1]
        params["fcs"][1] = (w * a.from_calibrated, b * a.from_calibrated)
    nparams = sum(int(np.prod(w.shape)) + int(np.prod(b.shape)) for w, b in params["convs"] + params["fcs"])
    print(f"{nparams} parameters", flush=True)
    m = jax.tree_util.tree_map(jnp.zeros_like, params)
    v = jax.tree_util.tree_map(jnp.zeros_like, params)
    step = make_step(stages, a.wd, a.dropout)
    rng = np.random.default_rng(a.seed)
    steps_per = a.per_epoch // a.batch
    total = steps_per * a.epochs
    t = 0
    digit = lambda c: np.where(c > 9, c - 9, c)
    for ep in range(a.epochs):
        t0 = time.time()
        idx_all = rng.choice(len(tiles), steps_per * a.batch, p=probs)
        for s in range(steps_per):
            idx = idx_all[s * a.batch:(s + 1) * a.batch]
            t += 1
            lr = a.lr * 0.5 * (1 + np.cos(np.pi * t / total))
            xb = normalize_batch(shift_tiles(rng, tiles[idx], a.shift))
            key, k = jax.random.split(key)
            params, m, v = step(params, m, v, t, jnp.asarray(xb), jnp.asarray(labels[idx]), lr, k)
        pred = logits_all(params, stages, cx).argmax(1)
        print(f"epoch {ep + 1}: {time.time() - t0:.0f}s calib cells exact {np.mean(pred == cy):.4f} "
              f"digit {np.mean(digit(pred) == digit(cy)):.4f}", flush=True)
        if a.raw_out:
            to_onnx(params, stages, a.raw_out)
    z = logits_all(params, stages, cx)
    if a.temperature:
        temp, nll_before, nll_after = a.temperature, nll_at(z, cy, 1.0), nll_at(z, cy, a.temperature)
    else:
        temp, nll_before, nll_after = fit_temperature(z, cy)
    before, ece_before = reliability(softmax(z), cy)
    after, ece_after = reliability(softmax(z / temp), cy)
    print(f"temperature {temp:.4f}: calib NLL {nll_before:.5f} -> {nll_after:.5f}")
    print_table("calib before", before, ece_before)
    print_table("calib after", after, ece_after)
    to_onnx(params, stages, a.out, temp)
    if a.raw_out:
        to_onnx(params, stages, a.raw_out)
    json.dump({"stages": a.stages, "hidden": a.hidden, "parameters": nparams, "temperature": temp,
               "calib_nll": [nll_before, nll_after], "calib_ece": [ece_before, ece_after],
               "calib_reliability_before": before, "calib_reliability_after": after,
               "calib_cells": int(len(cy)), "data": a.data, "epochs": a.epochs, "per_epoch": a.per_epoch},
              open(a.report, "w"), indent=1)
    save_fixtures(params, stages, temp, a.testdata, cd, cx, cy)
    print("wrote", a.out, os.path.getsize(a.out), "bytes")


def save_fixtures(params, stages, temp, testdata, cd, cx, cy):
    """Reference fixtures: a few calib tiles of each kind with the calibrated outputs."""
    os.makedirs(testdata, exist_ok=True)
    pick = []
    for c in [0, 1, 5, 9, 10, 13, 18, 0]:
        pick.append(int(np.where(cy == c)[0][len(pick) * 3 % max(1, (cy == c).sum())]))
    rt = cd["tiles"][pick]
    rx = normalize_batch(rt)
    rp = softmax(logits_all(params, stages, rx) / temp)
    rt.astype(np.uint8).tofile(os.path.join(testdata, "ref_tiles.u8"))
    rx.astype("<f4").tofile(os.path.join(testdata, "ref_inputs.f32"))
    rp.astype("<f4").tofile(os.path.join(testdata, "ref_probs.f32"))
    json.dump({"count": len(pick), "labels": [int(cy[i]) for i in pick], "tile": [CELL, CELL],
               "classes": N_CLASSES}, open(os.path.join(testdata, "ref_meta.json"), "w"))


if __name__ == "__main__":
    main()
