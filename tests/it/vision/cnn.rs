//! The digit networks' own runtime (crates/cnn): its matrix product's SIMD and portable paths
//! agree, it computes what the operators define on a small hand-written model, and it refuses
//! a damaged or unsupported ONNX file with a typed error instead of a panic.

use sudolens::vision::{DigitModel, ImportError, BUNDLED_ONNX, SECOND_OPINION_ONNX};
use sudolens_cnn::matmul::{matmul_add, portable_matmul_add};
use sudolens_cnn::onnx::read_model;
use sudolens_cnn::{ModelError, Network, Shape};

/// Deterministic values in [-1, 1) (a linear congruential sequence).
fn values(len: usize, seed: u32) -> Vec<f32> {
    let mut s = seed;
    (0..len)
        .map(|_| {
            s = s.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (s >> 8) as f32 / (1u32 << 23) as f32 - 1.0
        })
        .collect()
}

/// `c + a × b` by definition, in f64.
fn product(a: &[f32], b: &[f32], c: &[f32], m: usize, k: usize, n: usize) -> Vec<f64> {
    (0..m * n)
        .map(|ij| {
            let (i, j) = (ij / n, ij % n);
            let dot: f64 = (0..k)
                .map(|kk| a[i * k + kk] as f64 * b[kk * n + j] as f64)
                .sum();
            c[ij] as f64 + dot
        })
        .collect()
}

#[test]
fn the_simd_and_portable_matrix_products_agree_with_the_definition() {
    // the networks' shapes (full blocks) and others with leftover rows and columns
    for (m, k, n) in [
        (16, 9, 1024),
        (7, 144, 40),
        (9, 1280, 128),
        (9, 128, 19),
        (1, 3, 5),
    ] {
        let (a, b, c) = (values(m * k, 1), values(k * n, 2), values(m * n, 3));
        let want = product(&a, &b, &c, m, k, n);
        let rows: Vec<usize> = (0..k).map(|kk| kk * n).collect();
        let mut fast = c.clone();
        matmul_add(&a, &b, &rows, &mut fast, m, n);
        let mut portable = c.clone();
        portable_matmul_add(&a, &b, &rows, &mut portable, m, n);
        let tol = 1e-6 * k as f64;
        for (i, w) in want.iter().enumerate() {
            assert!((fast[i] as f64 - w).abs() < tol, "{m}x{k}x{n} [{i}]: fast");
            assert!((portable[i] as f64 - w).abs() < tol, "{m}x{k}x{n} [{i}]");
        }
    }
}

#[cfg(target_arch = "x86_64")]
#[test]
fn this_machine_takes_the_simd_path() {
    // the test above compares the SIMD path only where the CPU has AVX2 and FMA: on such a
    // CPU the fused multiply-adds round differently from the portable path somewhere, which
    // shows that `matmul_add` took the SIMD path
    if !(is_x86_feature_detected!("avx2") && is_x86_feature_detected!("fma")) {
        eprintln!("no AVX2 + FMA on this CPU: only the portable path is tested");
        return;
    }
    let (m, k, n) = (6, 300, 16);
    let (a, b) = (values(m * k, 4), values(k * n, 5));
    let rows: Vec<usize> = (0..k).map(|kk| kk * n).collect();
    let mut fast = vec![0.0; m * n];
    matmul_add(&a, &b, &rows, &mut fast, m, n);
    let mut portable = vec![0.0; m * n];
    portable_matmul_add(&a, &b, &rows, &mut portable, m, n);
    assert_ne!(fast, portable);
}

/// Protobuf encoding, just enough to write small ONNX models by hand.
mod pb {
    pub fn varint(mut v: u64, out: &mut Vec<u8>) {
        while v >= 0x80 {
            out.push(v as u8 | 0x80);
            v >>= 7;
        }
        out.push(v as u8);
    }
    pub fn int(field: u64, v: i64, out: &mut Vec<u8>) {
        varint(field << 3, out);
        varint(v as u64, out);
    }
    pub fn bytes(field: u64, b: &[u8], out: &mut Vec<u8>) {
        varint((field << 3) | 2, out);
        varint(b.len() as u64, out);
        out.extend_from_slice(b);
    }
    pub fn ints_attr(name: &str, v: &[i64]) -> Vec<u8> {
        let mut a = Vec::new();
        bytes(1, name.as_bytes(), &mut a);
        v.iter().for_each(|&i| int(8, i, &mut a));
        int(20, 7, &mut a);
        a
    }
    pub fn int_attr(name: &str, v: i64) -> Vec<u8> {
        let mut a = Vec::new();
        bytes(1, name.as_bytes(), &mut a);
        int(3, v, &mut a);
        int(20, 2, &mut a);
        a
    }
    pub fn node(op: &str, inputs: &[&str], output: &str, attrs: &[Vec<u8>]) -> Vec<u8> {
        let mut n = Vec::new();
        inputs.iter().for_each(|i| bytes(1, i.as_bytes(), &mut n));
        bytes(2, output.as_bytes(), &mut n);
        bytes(3, format!("{op}_0").as_bytes(), &mut n);
        bytes(4, op.as_bytes(), &mut n);
        attrs.iter().for_each(|a| bytes(5, a, &mut n));
        n
    }
    /// A float tensor, its values as raw little-endian bytes.
    pub fn tensor(name: &str, dims: &[i64], data: &[f32]) -> Vec<u8> {
        let mut t = Vec::new();
        dims.iter().for_each(|&d| int(1, d, &mut t));
        int(2, 1, &mut t);
        bytes(8, name.as_bytes(), &mut t);
        let raw: Vec<u8> = data.iter().flat_map(|v| v.to_le_bytes()).collect();
        bytes(9, &raw, &mut t);
        t
    }
    /// A graph input or output `name` of shape `dims` (0 for a symbolic dimension).
    pub fn value_info(name: &str, dims: &[i64]) -> Vec<u8> {
        let mut shape = Vec::new();
        for &d in dims {
            let mut dim = Vec::new();
            if d == 0 {
                bytes(2, b"N", &mut dim);
            } else {
                int(1, d, &mut dim);
            }
            bytes(1, &dim, &mut shape);
        }
        let mut tensor = Vec::new();
        int(1, 1, &mut tensor);
        bytes(2, &shape, &mut tensor);
        let mut ty = Vec::new();
        bytes(1, &tensor, &mut ty);
        let mut v = Vec::new();
        bytes(1, name.as_bytes(), &mut v);
        bytes(2, &ty, &mut v);
        v
    }
    pub fn model(nodes: &[Vec<u8>], inits: &[Vec<u8>], input: &[u8], output: &[u8]) -> Vec<u8> {
        let mut g = Vec::new();
        nodes.iter().for_each(|n| bytes(1, n, &mut g));
        inits.iter().for_each(|t| bytes(5, t, &mut g));
        bytes(11, input, &mut g);
        bytes(12, output, &mut g);
        let mut m = Vec::new();
        int(1, 8, &mut m);
        bytes(7, &g, &mut m);
        m
    }
}

/// A 2-channel 5x4 input, a 3-channel Conv 3x2 with stride (2, 1) and pads (1, 0, 0, 1),
/// then Relu, MaxPool 2x2 stride 1, Flatten and Gemm (transB, alpha 0.5, beta 2) to 2.
/// A hand-written model and its weights.
struct Small {
    onnx: Vec<u8>,
    w: Vec<f32>,
    b: Vec<f32>,
    gw: Vec<f32>,
    gb: Vec<f32>,
}

fn small_model(conv_attrs: Vec<Vec<u8>>) -> Small {
    let w = values(3 * 2 * 3 * 2, 7);
    let b = values(3, 8);
    // conv output: height (5 + 1 - 3) / 2 + 1 = 2, width (4 + 1 - 2) + 1 = 4; pooled 1 x 3
    let gw = values(2 * 9, 9);
    let gb = values(2, 10);
    let nodes = [
        pb::node("Conv", &["x", "w", "b"], "c", &conv_attrs),
        pb::node("Relu", &["c"], "r", &[]),
        pb::node(
            "MaxPool",
            &["r"],
            "p",
            &[
                pb::ints_attr("kernel_shape", &[2, 2]),
                pb::ints_attr("strides", &[1, 1]),
            ],
        ),
        pb::node("Flatten", &["p"], "f", &[pb::int_attr("axis", 1)]),
        pb::node("Gemm", &["f", "gw", "gb"], "y", &gemm_attrs()),
    ];
    let inits = [
        pb::tensor("w", &[3, 2, 3, 2], &w),
        pb::tensor("b", &[3], &b),
        pb::tensor("gw", &[2, 9], &gw),
        pb::tensor("gb", &[2], &gb),
    ];
    let onnx = pb::model(
        &nodes,
        &inits,
        &pb::value_info("x", &[0, 2, 5, 4]),
        &pb::value_info("y", &[0, 2]),
    );
    Small { onnx, w, b, gw, gb }
}

fn gemm_attrs() -> Vec<Vec<u8>> {
    let alpha = {
        let mut a = Vec::new();
        pb::bytes(1, b"alpha", &mut a);
        pb::varint((2 << 3) | 5, &mut a);
        a.extend_from_slice(&0.5f32.to_le_bytes());
        pb::int(20, 1, &mut a);
        a
    };
    vec![alpha, pb::int_attr("transB", 1), {
        let mut a = Vec::new();
        pb::bytes(1, b"beta", &mut a);
        pb::varint((2 << 3) | 5, &mut a);
        a.extend_from_slice(&2.0f32.to_le_bytes());
        pb::int(20, 1, &mut a);
        a
    }]
}

fn small_conv_attrs() -> Vec<Vec<u8>> {
    vec![
        pb::ints_attr("kernel_shape", &[3, 2]),
        pb::ints_attr("strides", &[2, 1]),
        pb::ints_attr("pads", &[1, 0, 0, 1]),
    ]
}

#[test]
fn a_small_model_computes_what_the_operators_define() {
    let Small { onnx, w, b, gw, gb } = small_model(small_conv_attrs());
    let net = Network::from_onnx(&onnx).unwrap();
    assert_eq!(net.input_shape(), Shape::Image(2, 5, 4));
    assert_eq!(net.output_shape(), Shape::Flat(2));
    let x = values(2 * 2 * 5 * 4, 11);
    let got = net.run(&x, 2);
    assert_eq!(got.len(), 4);
    for s in 0..2 {
        let xs = &x[s * 40..][..40];
        let px = |c: usize, y: i64, x: i64| {
            if (0..5).contains(&y) && (0..4).contains(&x) {
                xs[c * 20 + y as usize * 4 + x as usize] as f64
            } else {
                0.0
            }
        };
        // the definitions, written directly: conv (cross-correlation, zero padding), relu
        let mut conv = [[[0.0f64; 4]; 2]; 3];
        for (co, plane) in conv.iter_mut().enumerate() {
            for (oy, row) in plane.iter_mut().enumerate() {
                for (ox, v) in row.iter_mut().enumerate() {
                    let mut sum = b[co] as f64;
                    for ci in 0..2 {
                        for ky in 0..3 {
                            for kx in 0..2 {
                                let (iy, ix) = (oy as i64 * 2 + ky - 1, ox as i64 + kx);
                                let wt = w[((co * 2 + ci) * 3 + ky as usize) * 2 + kx as usize];
                                sum += wt as f64 * px(ci, iy, ix);
                            }
                        }
                    }
                    *v = sum.max(0.0);
                }
            }
        }
        // max pooling 2x2 stride 1 over 2x4: 1x3, flattened channel-major
        let flat: Vec<f64> = (0..3)
            .flat_map(|c| (0..3).map(move |x| (c, x)))
            .map(|(c, x)| {
                let p = &conv[c];
                p[0][x].max(p[0][x + 1]).max(p[1][x]).max(p[1][x + 1])
            })
            .collect();
        for j in 0..2 {
            let dot: f64 = (0..9).map(|k| gw[j * 9 + k] as f64 * flat[k]).sum();
            let want = 0.5 * dot + 2.0 * gb[j] as f64;
            let got = got[s * 2 + j] as f64;
            assert!(
                (got - want).abs() < 1e-5,
                "sample {s} output {j}: {got} vs {want}"
            );
        }
    }
}

#[test]
fn a_damaged_onnx_file_is_a_typed_error_not_a_panic() {
    for onnx in [&*BUNDLED_ONNX, &*SECOND_OPINION_ONNX] {
        for cut in [1, 3, 10, 100, 5000, onnx.len() / 2, onnx.len() - 1] {
            match Network::from_onnx(&onnx[..cut]) {
                Err(ModelError::Malformed(_)) => {}
                other => panic!("cut at {cut}: {other:?}"),
            }
            let err = DigitModel::from_bytes(&onnx[..cut]).err().unwrap();
            assert!(matches!(err, ImportError::Model(_)), "{err:?}");
            assert_eq!(err.kind(), "model");
        }
    }
    assert!(matches!(
        Network::from_onnx(b"not an onnx file at all"),
        Err(ModelError::Malformed(_))
    ));
    assert!(matches!(
        Network::from_onnx(b""),
        Err(ModelError::Malformed(_))
    ));
}

/// The bundled network with the first occurrence of `from` replaced by `to` (same length, so
/// every protobuf length stays right).
fn patched(from: &str, to: &str) -> Vec<u8> {
    assert_eq!(from.len(), to.len());
    let mut onnx = BUNDLED_ONNX.to_vec();
    let at = onnx
        .windows(from.len())
        .position(|w| w == from.as_bytes())
        .unwrap();
    onnx[at..at + to.len()].copy_from_slice(to.as_bytes());
    onnx
}

/// The error of loading `onnx`, which must be an unsupported model naming `name`.
fn refusal(onnx: &[u8], name: &str) {
    match Network::from_onnx(onnx) {
        Err(ModelError::Unsupported(m)) => assert!(m.contains(name), "{m}"),
        other => panic!("{name}: {other:?}"),
    }
    let err = DigitModel::from_bytes(onnx).err().unwrap();
    assert!(err.to_string().contains(name), "{err}");
}

#[test]
fn an_unsupported_operator_or_attribute_is_refused_by_name() {
    // the patched bytes are the node's op_type or an attribute's name
    refusal(&patched("Softmax", "Softmin"), "Softmin");
    refusal(&patched("MaxPool", "AvgPool"), "AvgPool");
    refusal(&patched("kernel_shape", "kernel_shapf"), "kernel_shapf");
    let mut grouped = small_conv_attrs();
    grouped.push(pb::int_attr("group", 2));
    refusal(&small_model(grouped).onnx, "grouped");
    let mut dilated = small_conv_attrs();
    dilated.push(pb::ints_attr("dilations", &[2, 2]));
    refusal(&small_model(dilated).onnx, "dilated");
    let mut same = small_conv_attrs();
    same.push({
        let mut a = Vec::new();
        pb::bytes(1, b"auto_pad", &mut a);
        pb::bytes(4, b"SAME_UPPER", &mut a);
        pb::int(20, 3, &mut a);
        a
    });
    refusal(&small_model(same).onnx, "auto_pad");
    // a model of another interface is refused by the digit reader
    let err = DigitModel::from_bytes(&small_model(small_conv_attrs()).onnx)
        .err()
        .unwrap();
    assert!(err.to_string().contains("expected"), "{err}");
}

#[test]
fn the_bundled_networks_are_the_chain_the_model_card_describes() {
    // models/README.md, "Interface": 3 x (Conv 3x3 pad 1 -> Relu -> MaxPool 2x1 -> MaxPool
    // 1x2) -> Flatten -> Gemm 128 -> Relu -> Gemm 19 -> Softmax
    for (onnx, channels) in [
        (&*BUNDLED_ONNX, [16, 32, 80]),
        (&*SECOND_OPINION_ONNX, [32, 64, 96]),
    ] {
        let g = read_model(onnx).unwrap();
        let ops: Vec<&str> = g.nodes.iter().map(|n| n.op_type.as_str()).collect();
        let mut want = ["Conv", "Relu", "MaxPool", "MaxPool"].repeat(3);
        want.extend(["Flatten", "Gemm", "Relu", "Gemm", "Softmax"]);
        assert_eq!(ops, want);
        let convs: Vec<Vec<usize>> = g
            .nodes
            .iter()
            .filter(|n| n.op_type == "Conv")
            .map(|n| g.initializer(&n.inputs[1]).unwrap().dims.clone())
            .collect();
        let mut inputs = 1;
        for (dims, c) in convs.iter().zip(channels) {
            assert_eq!(dims, &[c, inputs, 3, 3]);
            inputs = c;
        }
        let net = Network::from_onnx(onnx).unwrap();
        assert_eq!(net.input_shape(), Shape::Image(1, 32, 32));
        assert_eq!(net.output_shape(), Shape::Flat(19));
    }
}
