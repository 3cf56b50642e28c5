"""Writes a trained network's ONNX file again with the graph train.py writes now, the weights
(temperature already divided in) unchanged: how the bundled networks got the two-pass max
pooling without retraining. The outputs are the same to the bit (a max is exact).
Usage: rewrite_graph.py IN.onnx OUT.onnx"""
import sys
import numpy as np
import analyze_lib
from train import from_onnx, parse_stages, to_onnx


def main():
    src, dst = sys.argv[1], sys.argv[2]
    # three convolutions, one a stage: from_onnx takes the channels from the weights
    params = from_onnx(src, parse_stages("1,1,1"))
    to_onnx(params, parse_stages("1,1,1"), dst, temperature=1.0)
    x = np.random.default_rng(0).random((64, 1, 32, 32), dtype=np.float32) ** 3
    analyze_lib.load(src)
    before = analyze_lib.fwd(x)
    analyze_lib.load(dst)
    after = analyze_lib.fwd(x)
    print(dst, "largest difference in 64 random tiles' outputs:", float(np.abs(before - after).max()))


if __name__ == "__main__":
    main()
