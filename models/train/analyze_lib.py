"""Runs a digit model ONNX file written by train.py with numpy alone (its few operators: Conv
3x3, Relu, MaxPool with kernel = stride, Flatten, Gemm, Softmax), for the scripts that judge a
trained model: fix_orientation.py, choose_settings.py, rewrite_graph.py."""
import numpy as np
import onnx
from onnx import numpy_helper

GRAPH = {}


def load(path):
    m = onnx.load(path)
    GRAPH["init"] = {i.name: numpy_helper.to_array(i) for i in m.graph.initializer}
    GRAPH["nodes"] = list(m.graph.node)


def conv(x, w, b):
    n, c, h, ww = x.shape
    o = w.shape[0]
    xp = np.pad(x, ((0, 0), (0, 0), (1, 1), (1, 1)))
    cols = np.stack([xp[:, :, dy:dy + h, dx:dx + ww] for dy in range(3) for dx in range(3)], 2)  # n c 9 h w
    cols = cols.reshape(n, c * 9, h * ww)
    # a batched matrix product (BLAS), where a plain einsum loops in numpy: minutes -> seconds
    return np.matmul(w.reshape(o, c * 9), cols).reshape(n, o, h, ww) + b[None, :, None, None]


def fwd(x, logits=False, bs=2048):
    """Class probabilities (or the logits, before the softmax) of normalised tiles (N,1,32,32)."""
    return np.concatenate([_fwd(x[i:i + bs], logits) for i in range(0, len(x), bs)])


def _fwd(x, logits):
    vals = {"input": x.astype(np.float32)}
    w = GRAPH["init"]
    for node in GRAPH["nodes"]:
        a = [vals[i] if i in vals else w[i] for i in node.input]
        if node.op_type == "Conv":
            y = conv(a[0], a[1], a[2])
        elif node.op_type == "Relu":
            y = np.maximum(a[0], 0)
        elif node.op_type == "MaxPool":
            # kernel = stride, no padding: 2x2, or the 2x1 and 1x2 passes train.py writes
            ky, kx = next(list(at.ints) for at in node.attribute if at.name == "kernel_shape")
            n, c, h, ww = a[0].shape
            y = a[0].reshape(n, c, h // ky, ky, ww // kx, kx).max((3, 5))
        elif node.op_type == "Flatten":
            y = a[0].reshape(len(a[0]), -1)
        elif node.op_type == "Gemm":
            y = a[0] @ a[1].T + a[2]
        elif node.op_type == "Softmax":
            if logits:
                return a[0]
            e = np.exp(a[0] - a[0].max(1, keepdims=True))
            y = e / e.sum(1, keepdims=True)
        else:
            raise ValueError(f"operator {node.op_type} not supported here")
        vals[node.output[0]] = y
    return vals["probs"]
