//! Shapes on the wire: how a request names its board's shape (`"shape"`,
//! absent for the classic), and how a reply describes one for the page to
//! draw and play ([`ShapeInfo`]): its side, symbols, houses, region map and
//! shading. The page keeps the description with its game and sends it
//! back as it came.

use axum::http::StatusCode;
use serde::{Deserialize, Serialize};

use super::wire::ApiError;
use crate::grid::{GridName, Parity, Shape, ShapeError, ShapeName, Symbols, Unit};

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
    /// The shape, or what is wrong with its name or maps: any shape the
    /// generator makes, overlapping grids (a samurai...) included.
    pub fn shape(&self) -> Result<Shape, ApiError> {
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
    /// How many cells: the side squared for one grid, fewer than the
    /// plane's places for overlapping grids (a cell two grids share is
    /// one cell).
    cell_count: usize,
    /// Overlapping grids: where each cell lies on the plane and which
    /// grids hold it. Absent for a shape of one grid, whose cells lie in
    /// reading order on its side × side square.
    #[serde(skip_serializing_if = "Option::is_none")]
    plane: Option<PlaneInfo>,
}

/// The plane of an overlapping shape, as the page draws it and moves
/// across it.
#[derive(Clone, Debug, Serialize)]
pub struct PlaneInfo {
    rows: usize,
    cols: usize,
    /// A torus's plane wraps around: leaving it on one side comes back on
    /// the other.
    wraps: bool,
    /// Each cell's `[row, column]` on the plane, 0-based.
    positions: Vec<(usize, usize)>,
    /// The grids, in the order [`Shape::grids`] numbers them.
    grids: Vec<GridInfo>,
    /// Each cell's places in the grids holding it: `[grid, row, column]`,
    /// 0-based, two or more for a cell in a shared box.
    memberships: Vec<Vec<(u8, u8, u8)>>,
}

/// One grid of an overlapping shape: how the page names it (the key of
/// its label, `top_left` ... `centre`, or its number in a family) and its
/// top-left cell on the plane.
#[derive(Clone, Debug, Serialize)]
pub struct GridInfo {
    name: &'static str,
    /// 1-based, in reading order of the plane.
    number: usize,
    top: usize,
    left: usize,
}

/// A grid's name as the page's labels key it; `grid` for a family's
/// numbered grids (the page says its number).
fn grid_key(name: GridName) -> &'static str {
    match name {
        GridName::TopLeft => "top_left",
        GridName::TopRight => "top_right",
        GridName::BottomLeft => "bottom_left",
        GridName::BottomRight => "bottom_right",
        GridName::Centre => "centre",
        GridName::Top => "top",
        GridName::Bottom => "bottom",
        GridName::Left => "left",
        GridName::Right => "right",
        GridName::Numbered(_) => "grid",
    }
}

impl PlaneInfo {
    fn of(shape: &Shape) -> Option<PlaneInfo> {
        let overlap = shape.overlap()?;
        let (rows, cols) = shape.plane_size();
        // grids are placed in boxes; the page counts in cells
        let box_rows = usize::from(shape.spec().size.box_rows);
        let box_cols = usize::from(shape.spec().size.box_cols);
        Some(PlaneInfo {
            rows,
            cols,
            wraps: overlap.period().is_some(),
            positions: (0..shape.cell_count()).map(|i| shape.position(i)).collect(),
            grids: shape
                .grids()
                .iter()
                .enumerate()
                .map(|(k, g)| GridInfo {
                    name: grid_key(g.name),
                    number: k + 1,
                    top: g.top * box_rows,
                    left: g.left * box_cols,
                })
                .collect(),
            memberships: (0..shape.cell_count())
                .map(|i| shape.grids_of(i).to_vec())
                .collect(),
        })
    }
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
            cell_count: shape.cell_count(),
            plane: PlaneInfo::of(shape),
        }
    }
}
