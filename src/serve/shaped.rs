//! Shapes on the wire: how a request names its board's shape (`"shape"`,
//! absent for the classic), and how a reply describes one for the page to
//! draw and play ([`ShapeInfo`]): its side, symbols, houses, region map and
//! shading. The page keeps the description with its game and sends it
//! back as it came.

use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use super::wire::ApiError;
use crate::grid::{Parity, Shape, ShapeError, ShapeName, Symbols, Unit};

/// A shape in a request: its name alone (`"6x6"`, `"x+hyper"`), or the
/// description a reply gave ([`ShapeInfo`]), whose maps a jigsaw and an
/// odd/even need.
#[derive(Clone, Debug, Deserialize)]
#[serde(untagged)]
pub enum ShapeRequest {
    Name(String),
    Described(ShapeDescription),
}

/// The parts of a [`ShapeInfo`] a request is read from; its other fields
/// are ignored.
#[derive(Clone, Debug, Deserialize)]
pub struct ShapeDescription {
    name: String,
    /// Each cell's region (0-based, reading order): read for a jigsaw.
    #[serde(default)]
    regions: Option<Vec<u8>>,
    /// Whether each cell is shaded: read for an odd/even.
    #[serde(default)]
    shaded: Option<Vec<bool>>,
    #[serde(default)]
    shaded_even: Option<bool>,
    /// A 16×16 written `0`–`F`.
    #[serde(default)]
    hex: bool,
}

/// 422 `bad_shape`: the shape named, or its maps, are not a Sudoku.
fn bad_shape(e: ShapeError) -> ApiError {
    ApiError::new(
        StatusCode::UNPROCESSABLE_ENTITY,
        "bad_shape",
        format!("shape: {e}"),
    )
}

impl ShapeRequest {
    /// The shape, or what is wrong with its name or maps. Overlapping
    /// grids (a samurai...) are not played on the page yet: refused.
    pub fn shape(&self) -> Result<Shape, ApiError> {
        let shape = self.any_shape()?;
        match shape.overlap() {
            Some(o) => Err(ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "bad_shape",
                format!("shape: {o} is not played on the page yet: use the command line"),
            )),
            None => Ok(shape),
        }
    }

    fn any_shape(&self) -> Result<Shape, ApiError> {
        let d = match self {
            ShapeRequest::Name(name) => {
                return Shape::parse_name(name).map_err(bad_shape);
            }
            ShapeRequest::Described(d) => d,
        };
        let name = ShapeName::parse(&d.name).map_err(bad_shape)?;
        let parity = d.shaded.clone().map(|shaded| Parity {
            shaded,
            shaded_even: d.shaded_even.unwrap_or(true),
        });
        let mut spec = name
            .into_spec(d.regions.clone(), parity)
            .map_err(bad_shape)?;
        if d.hex {
            spec.symbols = Symbols::Hex;
        }
        Shape::new(spec).map_err(bad_shape)
    }
}

/// The shape a request names; the classic when it names none.
pub fn shape_of(request: Option<&ShapeRequest>) -> Result<Shape, ApiError> {
    request.map_or(Ok(Shape::classic()), ShapeRequest::shape)
}

/// One house for the page: its name as Pip's highlights name it (`"row
/// 3"`, `"region 4"`, `"diagonal 1"`) and its cells.
#[derive(Clone, Debug, Serialize)]
pub struct HouseInfo {
    name: Unit,
    cells: Vec<u16>,
}

/// A shape as the page draws and plays it; sent back in requests as it
/// came (see [`ShapeRequest`]).
#[derive(Clone, Debug, Serialize)]
pub struct ShapeInfo {
    name: String,
    side: usize,
    box_rows: u8,
    box_cols: u8,
    /// The symbols of values 1 to `side`, as the lines write them.
    symbols: Vec<String>,
    hex: bool,
    /// Each cell's box or jigsaw region (0-based, reading order): thick
    /// lines are drawn where it changes.
    regions: Vec<u8>,
    jigsaw: bool,
    /// Cells of the extra houses (X's diagonals, Hyper's windows), shaded.
    extra: Vec<u16>,
    /// Odd/even: the shaded cells, which hold even digits (odd ones when
    /// `shaded_even` is false).
    #[serde(skip_serializing_if = "Option::is_none")]
    shaded: Option<Vec<bool>>,
    shaded_even: bool,
    /// Every house: rows, columns, boxes or regions, then the extras.
    houses: Vec<HouseInfo>,
}

impl ShapeInfo {
    pub fn of(shape: &Shape) -> ShapeInfo {
        let spec = shape.spec();
        let symbols = shape.symbols();
        let side = shape.side();
        ShapeInfo {
            name: shape.name(),
            side,
            box_rows: spec.size.box_rows,
            box_cols: spec.size.box_cols,
            symbols: (1..=side as u8)
                .map(|v| symbols.char_of(v).to_string())
                .collect(),
            hex: symbols == Symbols::Hex,
            regions: (0..shape.cell_count())
                .map(|i| shape.region_at(i) as u8)
                .collect(),
            jigsaw: spec.regions.is_some(),
            extra: shape
                .in_extra_house()
                .iter()
                .enumerate()
                .filter(|(_, &x)| x)
                .map(|(i, _)| i as u16)
                .collect(),
            shaded: spec.parity.as_ref().map(|p| p.shaded.clone()),
            shaded_even: spec.parity.as_ref().is_none_or(|p| p.shaded_even),
            houses: shape
                .houses()
                .iter()
                .map(|h| HouseInfo {
                    name: h.unit,
                    cells: h.cells.clone(),
                })
                .collect(),
        }
    }
}
