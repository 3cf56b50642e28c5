//! The variant community's exchange format: f-puzzles JSON, and the links
//! f-puzzles and SudokuPad open (`https://www.f-puzzles.com/?load=…`,
//! `https://sudokupad.app/fpuzzles…`: the JSON compressed with lz-string's
//! base64 form).
//!
//! What sudolens reads and writes of it: `size` (4, 6, 9, 12, 16), the
//! `grid` of cells with their `value` and `given`, a cell's `region` (a
//! jigsaw), `diagonal-` and `diagonal+` (X-Sudoku: both, as sudolens's X
//! has them), `extraregion` (Hyper's four windows), and `odd` or `even`
//! (cells shaded for one parity). Any other constraint present is refused
//! by name: dropping one silently would make "one solution" a claim about
//! another puzzle.

use super::ShapedGrid;
use crate::grid::{Parity, Shape, ShapeSpec, Size, Symbols, Unit};
use serde_json::{json, Map, Value};
use std::fmt;

/// Why an f-puzzles document or link could not be read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExchangeError {
    /// Not JSON, or the link's data does not decompress.
    Unreadable(String),
    /// A field of the wrong type or value (`size`, a cell, a region).
    Field(String),
    /// Constraints sudolens does not play, by their f-puzzles names.
    Unsupported(Vec<String>),
}

impl fmt::Display for ExchangeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ExchangeError::Unreadable(why) => write!(f, "not an f-puzzles puzzle: {why}"),
            ExchangeError::Field(why) => write!(f, "f-puzzles puzzle: {why}"),
            ExchangeError::Unsupported(names) => write!(
                f,
                "this puzzle has constraints sudolens does not play: {}",
                names.join(", ")
            ),
        }
    }
}

impl std::error::Error for ExchangeError {}

/// Keys that carry no rule: safe to ignore.
const METADATA: &[&str] = &[
    "title",
    "author",
    "ruleset",
    "solution",
    "highlightConflicts",
    "disabledlogic",
    "truecandidatesoptions",
];

/// Where a link opens.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkSite {
    FPuzzles,
    SudokuPad,
}

/// `R4C7` (1-based) for row 3, column 6.
fn cell_name(index: usize, side: usize) -> String {
    format!("R{}C{}", index / side + 1, index % side + 1)
}

/// The index of `R4C7` on a grid of `side`.
fn cell_index(name: &str, side: usize) -> Option<usize> {
    let rest = name.trim().strip_prefix(['R', 'r'])?;
    let (r, c) = rest.split_once(['C', 'c'])?;
    let (r, c): (usize, usize) = (r.parse().ok()?, c.parse().ok()?);
    (1..=side)
        .contains(&r)
        .then_some(())
        .filter(|_| (1..=side).contains(&c))
        .map(|_| (r - 1) * side + c - 1)
}

/// The f-puzzles JSON of a grid (its givens; empty cells as `{}`).
pub fn to_fpuzzles(grid: &ShapedGrid) -> Value {
    let shape = grid.shape();
    let spec = shape.spec();
    let n = shape.side();
    let rows: Vec<Value> = (0..n)
        .map(|r| {
            let cells: Vec<Value> = (0..n)
                .map(|c| {
                    let i = r * n + c;
                    let mut cell = Map::new();
                    let v = grid.get(i);
                    if v != 0 {
                        cell.insert("value".into(), json!(v));
                        cell.insert("given".into(), json!(true));
                    }
                    if let Some(map) = &spec.regions {
                        cell.insert("region".into(), json!(map[i]));
                    }
                    Value::Object(cell)
                })
                .collect();
            Value::Array(cells)
        })
        .collect();
    let mut doc = Map::new();
    doc.insert("size".into(), json!(n));
    doc.insert("grid".into(), Value::Array(rows));
    if spec.diagonals {
        doc.insert("diagonal+".into(), json!(true));
        doc.insert("diagonal-".into(), json!(true));
    }
    if spec.windows {
        let windows: Vec<Value> = (0..4u8)
            .map(|w| {
                let cells: Vec<String> = Unit::Window(w)
                    .cells()
                    .iter()
                    .map(|c| cell_name(c.index(), n))
                    .collect();
                json!({ "cells": cells })
            })
            .collect();
        doc.insert("extraregion".into(), Value::Array(windows));
    }
    if let Some(p) = &spec.parity {
        let cells: Vec<Value> = (0..n * n)
            .filter(|&i| p.shaded[i])
            .map(|i| json!({ "cell": cell_name(i, n) }))
            .collect();
        let key = if p.shaded_even { "even" } else { "odd" };
        doc.insert(key.into(), Value::Array(cells));
    }
    Value::Object(doc)
}

/// A link that opens the grid in f-puzzles or SudokuPad.
pub fn to_link(grid: &ShapedGrid, site: LinkSite) -> String {
    let data = lz_str::compress_to_base64(to_fpuzzles(grid).to_string().as_str());
    match site {
        LinkSite::FPuzzles => format!("https://www.f-puzzles.com/?load={data}"),
        LinkSite::SudokuPad => format!("https://sudokupad.app/fpuzzles{data}"),
    }
}

/// Whether a text is an f-puzzles or SudokuPad link rather than a grid.
pub fn is_link(text: &str) -> bool {
    let t = text.trim();
    t.contains("f-puzzles.com/") && t.contains("load=") || t.contains("sudokupad.app/fpuzzles")
}

/// Whether a text looks like an f-puzzles JSON document.
pub fn is_fpuzzles_json(text: &str) -> bool {
    let t = text.trim_start();
    t.starts_with('{') && t.contains("\"grid\"") && t.contains("\"size\"")
}

/// Reads an f-puzzles or SudokuPad link.
pub fn from_link(url: &str) -> Result<ShapedGrid, ExchangeError> {
    let url = url.trim();
    let data = if let Some((_, rest)) = url.split_once("load=") {
        rest.split('&').next().unwrap_or(rest)
    } else if let Some((_, rest)) = url.split_once("sudokupad.app/fpuzzles") {
        rest.split(['?', '#']).next().unwrap_or(rest)
    } else {
        return Err(ExchangeError::Unreadable(
            "not an f-puzzles or SudokuPad link".into(),
        ));
    };
    // Links pasted from a browser may have their base64 escaped.
    let data = data
        .replace("%2B", "+")
        .replace("%2F", "/")
        .replace("%3D", "=")
        .replace(' ', "+");
    let words = lz_str::decompress_from_base64(&data)
        .ok_or_else(|| ExchangeError::Unreadable("the link's data does not decompress".into()))?;
    let text = String::from_utf16(&words)
        .map_err(|_| ExchangeError::Unreadable("the link's data is not text".into()))?;
    from_fpuzzles(&text)
}

/// Reads an f-puzzles JSON document.
pub fn from_fpuzzles(text: &str) -> Result<ShapedGrid, ExchangeError> {
    let doc: Value =
        serde_json::from_str(text).map_err(|e| ExchangeError::Unreadable(e.to_string()))?;
    let obj = doc
        .as_object()
        .ok_or_else(|| ExchangeError::Unreadable("the document is not an object".into()))?;
    let field = |why: String| ExchangeError::Field(why);
    let n = obj
        .get("size")
        .and_then(Value::as_u64)
        .ok_or_else(|| field("no size".into()))? as usize;
    let size =
        Size::of_side(n).ok_or_else(|| field(format!("size {n} is not 4, 6, 9, 12 or 16")))?;
    let rows = obj
        .get("grid")
        .and_then(Value::as_array)
        .filter(|rows| rows.len() == n)
        .ok_or_else(|| field(format!("the grid is not {n} rows")))?;
    let mut values = vec![0u8; n * n];
    let mut regions: Vec<Option<u8>> = vec![None; n * n];
    for (r, row) in rows.iter().enumerate() {
        let row = row
            .as_array()
            .filter(|row| row.len() == n)
            .ok_or_else(|| field(format!("row {} is not {n} cells", r + 1)))?;
        for (c, cell) in row.iter().enumerate() {
            let i = r * n + c;
            let given = cell.get("given").and_then(Value::as_bool).unwrap_or(false);
            if let Some(v) = cell.get("value").and_then(Value::as_u64).filter(|_| given) {
                if v == 0 || v as usize > n {
                    return Err(field(format!(
                        "{}: {v} is not a digit from 1 to {n}",
                        cell_name(i, n)
                    )));
                }
                values[i] = v as u8;
            }
            if let Some(region) = cell.get("region").and_then(Value::as_u64) {
                regions[i] = Some(region as u8);
            }
        }
    }
    let mut unsupported = Vec::new();
    let truthy = |v: &Value| match v {
        Value::Bool(b) => *b,
        Value::Array(a) => !a.is_empty(),
        Value::Null => false,
        _ => true,
    };
    let (plus, minus) = (
        obj.get("diagonal+").is_some_and(truthy),
        obj.get("diagonal-").is_some_and(truthy),
    );
    if plus != minus {
        unsupported.push(
            if plus {
                "diagonal+ alone"
            } else {
                "diagonal- alone"
            }
            .to_string(),
        );
    }
    let windows = match obj.get("extraregion").filter(|v| truthy(v)) {
        None => false,
        Some(v) => {
            let is_hyper = n == 9 && extra_regions(v, n) == Some(hyper_windows());
            if !is_hyper {
                unsupported.push("extraregion (other than Hyper's four windows)".into());
            }
            is_hyper
        }
    };
    let odd = parity_cells(obj.get("odd"), n);
    let even = parity_cells(obj.get("even"), n);
    let parity = match (odd, even) {
        (Some(_), Some(_)) => {
            unsupported.push("odd and even cells in one puzzle".into());
            None
        }
        (Some(cells), None) | (None, Some(cells)) => {
            let shaded_even = obj.get("even").is_some_and(truthy);
            let mut shaded = vec![false; n * n];
            for i in cells {
                shaded[i] = true;
            }
            Some(Parity {
                shaded,
                shaded_even,
            })
        }
        (None, None) => None,
    };
    let handled = [
        "size",
        "grid",
        "diagonal+",
        "diagonal-",
        "extraregion",
        "odd",
        "even",
    ];
    for (key, value) in obj {
        if !handled.contains(&key.as_str()) && !METADATA.contains(&key.as_str()) && truthy(value) {
            unsupported.push(key.clone());
        }
    }
    if !unsupported.is_empty() {
        return Err(ExchangeError::Unsupported(unsupported));
    }
    let jigsaw = regions.iter().any(Option::is_some);
    let regions = if jigsaw {
        let map: Option<Vec<u8>> = regions.into_iter().collect();
        Some(map.ok_or_else(|| field("some cells have a region and others none".into()))?)
    } else {
        None
    };
    let spec = ShapeSpec {
        size,
        regions,
        diagonals: plus && minus,
        windows,
        parity,
        symbols: Symbols::Digits,
        overlap: None,
    };
    let shape = Shape::new(spec).map_err(|e| field(e.to_string()))?;
    ShapedGrid::new(shape, values).ok_or_else(|| field("the values do not fit the grid".into()))
}

/// The cells of each `extraregion` entry, sorted.
fn extra_regions(v: &Value, n: usize) -> Option<Vec<Vec<usize>>> {
    let mut out: Vec<Vec<usize>> = v
        .as_array()?
        .iter()
        .map(|r| {
            let mut cells: Vec<usize> = r
                .get("cells")?
                .as_array()?
                .iter()
                .map(|c| cell_index(c.as_str()?, n))
                .collect::<Option<_>>()?;
            cells.sort_unstable();
            Some(cells)
        })
        .collect::<Option<_>>()?;
    out.sort();
    Some(out)
}

fn hyper_windows() -> Vec<Vec<usize>> {
    let mut out: Vec<Vec<usize>> = (0..4u8)
        .map(|w| Unit::Window(w).cells().iter().map(|c| c.index()).collect())
        .collect();
    out.sort();
    out
}

/// The cells of an `odd` or `even` list (`[{"cell": "R1C1"}, …]`).
fn parity_cells(v: Option<&Value>, n: usize) -> Option<Vec<usize>> {
    let list = v?.as_array().filter(|a| !a.is_empty())?;
    list.iter()
        .map(|e| cell_index(e.get("cell")?.as_str()?, n))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::parse_shaped;

    fn grid(text: &str) -> ShapedGrid {
        parse_shaped(text).unwrap()[0].grid.clone().unwrap()
    }

    #[test]
    fn every_shape_round_trips_through_json_and_both_links() {
        let texts = [
            format!("shape: x+hyper\n{}", crate::test_puzzles::X_SUDOKU),
            format!(
                "shape: jigsaw\nregions:\n{}\n{}",
                crate::test_puzzles::JIGSAW_REGIONS,
                ".25.83...6.....253..............59..5...4...1..83..............297.....5...13.62."
            ),
            format!(
                "shape: odd-even\nshaded: odd\n{}{}",
                "#........\n".repeat(9),
                ".".repeat(81)
            ),
            format!("shape: 6x6\n{}", "1.....".repeat(6)),
        ];
        for text in texts {
            let g = grid(&text);
            let json = to_fpuzzles(&g).to_string();
            assert_eq!(from_fpuzzles(&json).unwrap(), g, "{json}");
            for site in [LinkSite::FPuzzles, LinkSite::SudokuPad] {
                let link = to_link(&g, site);
                assert!(is_link(&link), "{link}");
                assert_eq!(from_link(&link).unwrap(), g, "{link}");
            }
        }
    }

    #[test]
    fn a_document_from_f_puzzles_reads_and_unknown_rules_are_refused_by_name() {
        let mut cells = vec![vec![json!({}); 4]; 4];
        cells[0][0] = json!({"value": 1, "given": true});
        cells[3][3] = json!({"value": 2});
        let doc =
            json!({"size": 4, "title": "t", "grid": cells, "diagonal-": true, "diagonal+": true});
        let g = from_fpuzzles(&doc.to_string()).unwrap();
        assert_eq!(g.shape().name(), "4x4+x");
        assert_eq!(
            (g.get(0), g.get(15)),
            (1, 0),
            "a value not given is the player's"
        );
        let mut thermo = doc.clone();
        thermo["thermometer"] = json!([{"lines": [["R1C1", "R1C2"]]}]);
        assert_eq!(
            from_fpuzzles(&thermo.to_string()),
            Err(ExchangeError::Unsupported(vec!["thermometer".into()]))
        );
        let mut one = doc;
        one["diagonal+"] = json!(false);
        assert!(matches!(
            from_fpuzzles(&one.to_string()),
            Err(ExchangeError::Unsupported(_))
        ));
        assert!(from_link("https://sudokupad.app/fpuzzles!!!").is_err());
    }
}
