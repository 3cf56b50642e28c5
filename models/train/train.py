"""Train the sudolens cell classifier with JAX on CPU and write models/digits.onnx.

Classes: 0 empty, 1..9 printed digit, 10..18 handwritten digit (class - 9).
Input: (N,1,32,32) float32 produced by common.normalize_tile; output: (N,19) softmax.
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

CONVS = [(1, 16), (16, 32), (32, 48)]
HIDDEN = 64
FLAT = CONVS[-1][1] * (CELL // 8) ** 2


def normalize_batch(tiles):
    """Vectorised common.normalize_tile (checked equal below)."""
    t = tiles.reshape(len(tiles), -1)
    s = np.sort(t, axis=1)
    paper = s[:, 767].astype(np.float32)[:, None]
    dark = s[:, 10].astype(np.float32)[:, None]
    rng = np.maximum(paper - dark, np.float32(48.0))
    x = (paper - t.astype(np.float32)) / rng
    return np.clip(x, 0, 1).astype(np.float32).reshape(len(tiles), 1, CELL, CELL)


def init(key):
    params = []
    for cin, cout in CONVS:
        key, k = jax.random.split(key)
        params.append((jax.random.normal(k, (cout, cin, 3, 3)) * np.sqrt(2 / (cin * 9)), jnp.zeros(cout)))
    for fin, fout in [(FLAT, HIDDEN), (HIDDEN, N_CLASSES)]:
        key, k = jax.random.split(key)
        params.append((jax.random.normal(k, (fout, fin)) * np.sqrt(2 / fin), jnp.zeros(fout)))
    return params


def forward(params, x):
    for w, b in params[:3]:
        x = lax.conv_general_dilated(x, w, (1, 1), ((1, 1), (1, 1)), dimension_numbers=("NCHW", "OIHW", "NCHW"))
        x = jax.nn.relu(x + b[None, :, None, None])
        x = lax.reduce_window(x, -jnp.inf, lax.max, (1, 1, 2, 2), (1, 1, 2, 2), "VALID")
    x = x.reshape(x.shape[0], -1)
    w, b = params[3]
    x = jax.nn.relu(x @ w.T + b)
    w, b = params[4]
    return x @ w.T + b


def loss_fn(params, x, y, wd):
    logits = forward(params, x)
    ll = jax.nn.log_softmax(logits)
    nll = -jnp.mean(jnp.take_along_axis(ll, y[:, None], axis=1))
    reg = sum(jnp.sum(w * w) for w, _ in params)
    return nll + wd * reg


@jax.jit
def step(params, m, v, t, x, y, lr):
    g = jax.grad(loss_fn)(params, x, y, 1e-5)
    b1, b2 = 0.9, 0.999
    m = jax.tree_util.tree_map(lambda m, g: b1 * m + (1 - b1) * g, m, g)
    v = jax.tree_util.tree_map(lambda v, g: b2 * v + (1 - b2) * g * g, v, g)
    mh = jax.tree_util.tree_map(lambda m: m / (1 - b1 ** t), m)
    vh = jax.tree_util.tree_map(lambda v: v / (1 - b2 ** t), v)
    params = jax.tree_util.tree_map(lambda p, a, b: p - lr * a / (jnp.sqrt(b) + 1e-8), params, mh, vh)
    return params, m, v


predict = jax.jit(lambda p, x: jax.nn.softmax(forward(p, x)))


def predict_all(params, x, bs=1024):
    return np.concatenate([np.asarray(predict(params, x[i:i + bs])) for i in range(0, len(x), bs)])


def to_onnx(params, path):
    nodes, inits = [], []
    cur = "input"
    for i, (w, b) in enumerate(params[:3]):
        inits += [numpy_helper.from_array(np.asarray(w, np.float32), f"conv{i}.w"),
                  numpy_helper.from_array(np.asarray(b, np.float32), f"conv{i}.b")]
        nodes.append(helper.make_node("Conv", [cur, f"conv{i}.w", f"conv{i}.b"], [f"c{i}"], kernel_shape=[3, 3], pads=[1, 1, 1, 1]))
        nodes.append(helper.make_node("Relu", [f"c{i}"], [f"r{i}"]))
        nodes.append(helper.make_node("MaxPool", [f"r{i}"], [f"p{i}"], kernel_shape=[2, 2], strides=[2, 2]))
        cur = f"p{i}"
    nodes.append(helper.make_node("Flatten", [cur], ["flat"], axis=1))
    for i, (w, b) in enumerate(params[3:]):
        inits += [numpy_helper.from_array(np.asarray(w, np.float32), f"fc{i}.w"),
                  numpy_helper.from_array(np.asarray(b, np.float32), f"fc{i}.b")]
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


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--data", nargs="+", default=["synth.npz", "real_train.npz"])
    ap.add_argument("--val", default="real_val.npz")
    ap.add_argument("--epochs", type=int, default=8)
    ap.add_argument("--batch", type=int, default=256)
    ap.add_argument("--lr", type=float, default=2e-3)
    ap.add_argument("--init", help="continue from the weights of an ONNX file this script wrote")
    ap.add_argument("--per-epoch", type=int, default=60000, help="samples drawn per epoch")
    ap.add_argument("--out", default="../digits.onnx")
    ap.add_argument("--testdata", default="../testdata")
    a = ap.parse_args()
    tiles = np.concatenate([np.load(p)["tiles"] for p in a.data])
    labels = np.concatenate([np.load(p)["labels"] for p in a.data])
    x = normalize_batch(tiles)
    for i in range(0, len(tiles), max(1, len(tiles) // 7)):
        assert np.array_equal(x[i, 0], normalize_tile(tiles[i])), "vectorised preprocessing drifted"
    vd = np.load(a.val)
    vx, vy = normalize_batch(vd["tiles"]), vd["labels"]
    print("train", x.shape, np.bincount(labels, minlength=N_CLASSES), "val", vx.shape, flush=True)
    params = init(jax.random.PRNGKey(0))
    if a.init:
        w = {i.name: numpy_helper.to_array(i) for i in onnx.load(a.init).graph.initializer}
        params = [(jnp.asarray(w[f"conv{i}.w"]), jnp.asarray(w[f"conv{i}.b"])) for i in range(3)] + \
                 [(jnp.asarray(w[f"fc{i}.w"]), jnp.asarray(w[f"fc{i}.b"])) for i in range(2)]
    m = jax.tree_util.tree_map(jnp.zeros_like, params)
    v = jax.tree_util.tree_map(jnp.zeros_like, params)
    rng = np.random.default_rng(0)
    steps_per = min(len(x), a.per_epoch) // a.batch
    total = steps_per * a.epochs
    t = 0
    for ep in range(a.epochs):
        t0 = time.time()
        perm = rng.permutation(len(x))
        for s in range(steps_per):
            idx = perm[s * a.batch:(s + 1) * a.batch]
            t += 1
            lr = a.lr * 0.5 * (1 + np.cos(np.pi * t / total))
            params, m, v = step(params, m, v, t, jnp.asarray(x[idx]), jnp.asarray(labels[idx]), lr)
        p = predict_all(params, vx)
        pred = p.argmax(1)
        digit = lambda c: np.where(c > 9, c - 9, c)
        save(params, a, vd, vx, vy)
        print(f"epoch {ep + 1}: {time.time() - t0:.0f}s val cells exact {np.mean(pred == vy):.4f} "
              f"digit {np.mean(digit(pred) == digit(vy)):.4f}", flush=True)
    print("wrote", a.out, os.path.getsize(a.out), "bytes")


def save(params, a, vd, vx, vy):
    """Writes the ONNX model and the reference fixtures (every epoch, so a run cut short
    still leaves a consistent pair)."""
    to_onnx(params, a.out)
    # reference fixtures: a few real validation tiles of each kind
    os.makedirs(a.testdata, exist_ok=True)
    pick = []
    for c in [0, 1, 5, 9, 10, 13, 18, 0]:
        pick.append(int(np.where(vy == c)[0][len(pick) * 3 % max(1, (vy == c).sum())]))
    rt = vd["tiles"][pick]
    rx = normalize_batch(rt)
    rp = predict_all(params, rx)
    rt.astype(np.uint8).tofile(os.path.join(a.testdata, "ref_tiles.u8"))
    rx.astype("<f4").tofile(os.path.join(a.testdata, "ref_inputs.f32"))
    rp.astype("<f4").tofile(os.path.join(a.testdata, "ref_probs.f32"))
    json.dump({"count": len(pick), "labels": [int(vy[i]) for i in pick], "tile": [CELL, CELL],
               "classes": N_CLASSES}, open(os.path.join(a.testdata, "ref_meta.json"), "w"))


if __name__ == "__main__":
    main()
