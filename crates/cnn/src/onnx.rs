//! A small reader of ONNX model files: just what the digit networks need, decoded by hand
//! from the protobuf wire format (no code generator, no protobuf crate).
//!
//! An ONNX file is one `ModelProto` message (onnx.proto); this reader keeps its graph's nodes
//! (operator, inputs, outputs, attributes), its float32 initializers (the weights) and the
//! names and shapes of its inputs and outputs, and skips every other field. What the graph
//! *means* is [`crate::Network`]'s business: this module only refuses what it cannot decode.
//!
//! Protobuf wire format, as used here: a message is a sequence of fields, each a key varint
//! `(field_number << 3) | wire_type` then a value: wire type 0 a varint, 1 eight bytes, 2 a
//! length varint then that many bytes (a string, a sub-message or a packed repeated scalar),
//! 5 four bytes. Varints are little-endian base-128, the high bit of each byte saying "more
//! follows". A repeated scalar may come packed (one wire-type-2 field) or one field per value;
//! both are read.

use crate::ModelError;

fn bad(what: impl std::fmt::Display) -> ModelError {
    ModelError::Malformed(what.to_string())
}

/// A valid file using what this reader does not read.
fn unsupported(what: impl std::fmt::Display) -> ModelError {
    ModelError::Unsupported(what.to_string())
}

/// The graph of an ONNX model, as far as this reader understands it.
#[derive(Debug, Clone, PartialEq)]
pub struct Graph {
    /// The nodes in the file's order (ONNX requires a topological order).
    pub nodes: Vec<Node>,
    /// The constant tensors (weights and biases), by name.
    pub initializers: Vec<Tensor>,
    /// The graph's declared inputs (some files also list the initializers here).
    pub inputs: Vec<ValueInfo>,
    /// The graph's declared outputs.
    pub outputs: Vec<ValueInfo>,
}

impl Graph {
    /// The initializer called `name`, if any.
    pub fn initializer(&self, name: &str) -> Option<&Tensor> {
        self.initializers.iter().find(|t| t.name == name)
    }
}

/// One operator application.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Node {
    pub name: String,
    pub op_type: String,
    /// Operator domain; empty for the standard `ai.onnx` operators.
    pub domain: String,
    pub inputs: Vec<String>,
    pub outputs: Vec<String>,
    pub attributes: Vec<Attribute>,
}

/// A named attribute of a node.
#[derive(Debug, Clone, PartialEq)]
pub struct Attribute {
    pub name: String,
    pub value: AttributeValue,
}

/// The value of an attribute; kinds the networks never use are kept only by their ONNX type
/// number, so that the network builder can name them when it refuses them.
#[derive(Debug, Clone, PartialEq)]
pub enum AttributeValue {
    Float(f32),
    Int(i64),
    Bytes(Vec<u8>),
    Floats(Vec<f32>),
    Ints(Vec<i64>),
    Other(u64),
}

/// A float32 constant tensor.
#[derive(Debug, Clone, PartialEq)]
pub struct Tensor {
    pub name: String,
    pub dims: Vec<usize>,
    /// Row-major values, `dims.iter().product()` of them.
    pub data: Vec<f32>,
}

/// A graph input or output: its name and, when declared, its shape.
#[derive(Debug, Clone, PartialEq)]
pub struct ValueInfo {
    pub name: String,
    /// One entry a dimension: `Some(size)`, or `None` for a symbolic or unknown one.
    pub dims: Vec<Option<usize>>,
}

/// A field's value as the wire format carries it.
enum Value<'a> {
    Varint(u64),
    Fixed64,
    Bytes(&'a [u8]),
    Fixed32(u32),
}

/// Walks the fields of one message.
struct Fields<'a> {
    buf: &'a [u8],
    pos: usize,
}

impl<'a> Fields<'a> {
    fn new(buf: &'a [u8]) -> Self {
        Fields { buf, pos: 0 }
    }

    /// A base-128 varint: seven bits a byte, least significant first, at most ten bytes.
    fn varint(&mut self) -> Result<u64, ModelError> {
        let mut v = 0u64;
        for shift in (0..64).step_by(7) {
            let b = *self
                .buf
                .get(self.pos)
                .ok_or_else(|| bad("truncated varint"))?;
            self.pos += 1;
            v |= u64::from(b & 0x7f) << shift;
            if b & 0x80 == 0 {
                return Ok(v);
            }
        }
        Err(bad("varint longer than ten bytes"))
    }

    fn take(&mut self, n: usize) -> Result<&'a [u8], ModelError> {
        let end = self
            .pos
            .checked_add(n)
            .filter(|&e| e <= self.buf.len())
            .ok_or_else(|| bad("a field runs past the end of its message"))?;
        let s = &self.buf[self.pos..end];
        self.pos = end;
        Ok(s)
    }

    /// The next field's number and value, or `None` at the end of the message.
    fn next(&mut self) -> Result<Option<(u64, Value<'a>)>, ModelError> {
        if self.pos == self.buf.len() {
            return Ok(None);
        }
        let key = self.varint()?;
        let value = match key & 7 {
            0 => Value::Varint(self.varint()?),
            1 => {
                self.take(8)?;
                Value::Fixed64
            }
            2 => {
                let n = usize::try_from(self.varint()?).map_err(|_| bad("huge length"))?;
                Value::Bytes(self.take(n)?)
            }
            5 => {
                let b = self.take(4)?;
                Value::Fixed32(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            }
            t => return Err(bad(format_args!("unsupported protobuf wire type {t}"))),
        };
        Ok(Some((key >> 3, value)))
    }
}

fn string(v: Value, field: &str) -> Result<String, ModelError> {
    match v {
        Value::Bytes(b) => {
            String::from_utf8(b.to_vec()).map_err(|_| bad(format_args!("{field} is not UTF-8")))
        }
        _ => Err(bad(format_args!("{field} is not a string"))),
    }
}

fn message<'a>(v: Value<'a>, field: &str) -> Result<&'a [u8], ModelError> {
    match v {
        Value::Bytes(b) => Ok(b),
        _ => Err(bad(format_args!("{field} is not a message"))),
    }
}

fn varint(v: Value, field: &str) -> Result<u64, ModelError> {
    match v {
        Value::Varint(x) => Ok(x),
        _ => Err(bad(format_args!("{field} is not an integer"))),
    }
}

/// Appends a repeated int64 field's values, packed or not (negative values are ten-byte
/// two's-complement varints).
fn push_ints(v: Value, out: &mut Vec<i64>, field: &str) -> Result<(), ModelError> {
    match v {
        Value::Varint(x) => out.push(x as i64),
        Value::Bytes(b) => {
            let mut f = Fields::new(b);
            while f.pos < b.len() {
                out.push(f.varint()? as i64);
            }
        }
        _ => return Err(bad(format_args!("{field} is not a list of integers"))),
    }
    Ok(())
}

/// Appends a repeated float field's values, packed (four little-endian bytes each) or not.
fn push_floats(v: Value, out: &mut Vec<f32>, field: &str) -> Result<(), ModelError> {
    match v {
        Value::Fixed32(x) => out.push(f32::from_bits(x)),
        Value::Bytes(b) if b.len() % 4 == 0 => out.extend(
            b.chunks_exact(4)
                .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]])),
        ),
        _ => return Err(bad(format_args!("{field} is not a list of floats"))),
    }
    Ok(())
}

/// Reads a `ModelProto` (field 7: graph) and returns its graph.
pub fn read_model(bytes: &[u8]) -> Result<Graph, ModelError> {
    let mut graph = None;
    let mut f = Fields::new(bytes);
    while let Some((field, v)) = f.next()? {
        if field == 7 {
            graph = Some(read_graph(message(v, "ModelProto.graph")?)?);
        }
    }
    graph.ok_or_else(|| bad("no graph (not an ONNX model?)"))
}

/// `GraphProto`: node = 1, initializer = 5, input = 11, output = 12; a sparse initializer
/// (15) is refused.
fn read_graph(bytes: &[u8]) -> Result<Graph, ModelError> {
    let mut g = Graph {
        nodes: Vec::new(),
        initializers: Vec::new(),
        inputs: Vec::new(),
        outputs: Vec::new(),
    };
    let mut f = Fields::new(bytes);
    while let Some((field, v)) = f.next()? {
        match field {
            1 => g.nodes.push(read_node(message(v, "GraphProto.node")?)?),
            5 => g
                .initializers
                .push(read_tensor(message(v, "GraphProto.initializer")?)?),
            11 => g
                .inputs
                .push(read_value_info(message(v, "GraphProto.input")?)?),
            12 => g
                .outputs
                .push(read_value_info(message(v, "GraphProto.output")?)?),
            15 => return Err(unsupported("sparse initializers")),
            _ => {}
        }
    }
    Ok(g)
}

/// `NodeProto`: input = 1, output = 2, name = 3, op_type = 4, attribute = 5, domain = 7.
fn read_node(bytes: &[u8]) -> Result<Node, ModelError> {
    let mut n = Node::default();
    let mut f = Fields::new(bytes);
    while let Some((field, v)) = f.next()? {
        match field {
            1 => n.inputs.push(string(v, "NodeProto.input")?),
            2 => n.outputs.push(string(v, "NodeProto.output")?),
            3 => n.name = string(v, "NodeProto.name")?,
            4 => n.op_type = string(v, "NodeProto.op_type")?,
            5 => n
                .attributes
                .push(read_attribute(message(v, "NodeProto.attribute")?)?),
            7 => n.domain = string(v, "NodeProto.domain")?,
            _ => {}
        }
    }
    Ok(n)
}

/// `AttributeProto`: name = 1, f = 2, i = 3, s = 4, floats = 7, ints = 8, type = 20 (1 FLOAT,
/// 2 INT, 3 STRING, 6 FLOATS, 7 INTS; the others are kept as [`AttributeValue::Other`]).
fn read_attribute(bytes: &[u8]) -> Result<Attribute, ModelError> {
    let mut name = String::new();
    let (mut fl, mut i, mut s) = (0.0, 0, Vec::new());
    let (mut floats, mut ints) = (Vec::new(), Vec::new());
    let mut kind = 0;
    let mut f = Fields::new(bytes);
    while let Some((field, v)) = f.next()? {
        match (field, v) {
            (1, v) => name = string(v, "AttributeProto.name")?,
            (2, Value::Fixed32(x)) => fl = f32::from_bits(x),
            (3, v) => i = varint(v, "AttributeProto.i")? as i64,
            (4, v) => s = message(v, "AttributeProto.s")?.to_vec(),
            (7, v) => push_floats(v, &mut floats, "AttributeProto.floats")?,
            (8, v) => push_ints(v, &mut ints, "AttributeProto.ints")?,
            (20, v) => kind = varint(v, "AttributeProto.type")?,
            _ => {}
        }
    }
    let value = match kind {
        1 => AttributeValue::Float(fl),
        2 => AttributeValue::Int(i),
        3 => AttributeValue::Bytes(s),
        6 => AttributeValue::Floats(floats),
        7 => AttributeValue::Ints(ints),
        k => AttributeValue::Other(k),
    };
    Ok(Attribute { name, value })
}

/// `TensorProto`: dims = 1, data_type = 2 (1 = FLOAT, the only one read), float_data = 4,
/// name = 8, raw_data = 9 (little-endian), data_location = 14 (1 = external, refused).
fn read_tensor(bytes: &[u8]) -> Result<Tensor, ModelError> {
    let mut name = String::new();
    let mut dims = Vec::new();
    let mut data_type = 0;
    let mut floats = Vec::new();
    let mut raw = None;
    let mut external = false;
    let mut f = Fields::new(bytes);
    while let Some((field, v)) = f.next()? {
        match field {
            1 => push_ints(v, &mut dims, "TensorProto.dims")?,
            2 => data_type = varint(v, "TensorProto.data_type")?,
            4 => push_floats(v, &mut floats, "TensorProto.float_data")?,
            8 => name = string(v, "TensorProto.name")?,
            9 => raw = Some(message(v, "TensorProto.raw_data")?),
            14 => external = varint(v, "TensorProto.data_location")? == 1,
            _ => {}
        }
    }
    if external {
        return Err(unsupported(format_args!(
            "tensor {name:?} keeps its data in another file"
        )));
    }
    if data_type != 1 {
        return Err(unsupported(format_args!(
            "tensor {name:?} has ONNX data type {data_type}; only float32 (1) is read"
        )));
    }
    let dims: Vec<usize> = dims
        .iter()
        .map(|&d| usize::try_from(d))
        .collect::<Result<_, _>>()
        .map_err(|_| bad(format_args!("tensor {name:?} has a negative dimension")))?;
    let len = dims
        .iter()
        .try_fold(1usize, |a, &d| a.checked_mul(d))
        .ok_or_else(|| bad(format_args!("tensor {name:?} is too large")))?;
    let data = match raw {
        Some(r) if r.len() == len.saturating_mul(4) => r
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]))
            .collect(),
        Some(r) => {
            return Err(bad(format_args!(
                "tensor {name:?} has {} bytes of data for shape {dims:?}",
                r.len()
            )))
        }
        None if floats.len() == len => floats,
        None => {
            return Err(bad(format_args!(
                "tensor {name:?} has {} values for shape {dims:?}",
                floats.len()
            )))
        }
    };
    Ok(Tensor { name, dims, data })
}

/// `ValueInfoProto` (name = 1, type = 2) → `TypeProto` (tensor_type = 1) →
/// `TypeProto.Tensor` (shape = 2) → `TensorShapeProto` (dim = 1) → `Dimension`
/// (dim_value = 1, dim_param = 2).
fn read_value_info(bytes: &[u8]) -> Result<ValueInfo, ModelError> {
    let mut info = ValueInfo {
        name: String::new(),
        dims: Vec::new(),
    };
    let mut f = Fields::new(bytes);
    while let Some((field, v)) = f.next()? {
        match field {
            1 => info.name = string(v, "ValueInfoProto.name")?,
            2 => {
                let ty = message(v, "ValueInfoProto.type")?;
                let tensor = sub_message(ty, 1)?;
                let shape = match tensor {
                    Some(t) => sub_message(t, 2)?,
                    None => None,
                };
                if let Some(shape) = shape {
                    let mut dims = Fields::new(shape);
                    while let Some((field, v)) = dims.next()? {
                        if field == 1 {
                            info.dims.push(read_dimension(message(v, "Dimension")?)?);
                        }
                    }
                }
            }
            _ => {}
        }
    }
    Ok(info)
}

/// A dimension's fixed size, or `None` for a symbolic one.
fn read_dimension(bytes: &[u8]) -> Result<Option<usize>, ModelError> {
    let mut size = None;
    let mut f = Fields::new(bytes);
    while let Some((field, v)) = f.next()? {
        if field == 1 {
            size = usize::try_from(varint(v, "Dimension.dim_value")? as i64).ok();
        }
    }
    Ok(size)
}

/// The last field numbered `number` of a message, as a sub-message.
fn sub_message(bytes: &[u8], number: u64) -> Result<Option<&[u8]>, ModelError> {
    let mut found = None;
    let mut f = Fields::new(bytes);
    while let Some((field, v)) = f.next()? {
        if field == number {
            found = Some(message(v, "sub-message")?);
        }
    }
    Ok(found)
}
