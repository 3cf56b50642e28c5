//! Reading and writing the shaped text format (see [`super`]).

use super::ShapedGrid;
use crate::grid::{Parity, Shape, ShapeError, ShapeName, Symbols};
use std::fmt;

/// What is wrong with a shaped text, and on which 1-based line.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapedParseError {
    pub line: usize,
    pub kind: ShapedErrorKind,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapedErrorKind {
    /// The shape named, or its maps, are not a proper Sudoku.
    Shape(ShapeError),
    /// A header line that is not `shape:`, `regions:`, `shaded:`,
    /// `symbols:` or `puzzle:`.
    UnknownKey(String),
    /// A map line of the wrong length or with a character not allowed.
    MapLine { found: usize, expected: usize },
    /// A character that is not a cell of this shape.
    BadChar { column: usize, ch: char },
    /// A puzzle line or block with another number of cells.
    WrongCount { found: usize, expected: usize },
    /// A block that ends before its last row.
    ShortBlock { rows: usize, expected: usize },
    /// No `shape:` line before the first puzzle.
    NoShape,
    /// An f-puzzles document or link that could not be read.
    Exchange(super::ExchangeError),
}

impl fmt::Display for ShapedParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}: ", self.line)?;
        match &self.kind {
            ShapedErrorKind::Shape(e) => write!(f, "{e}"),
            ShapedErrorKind::UnknownKey(k) => write!(
                f,
                "'{k}' is not a header line (shape:, regions:, shaded:, symbols: or puzzle:)"
            ),
            ShapedErrorKind::MapLine { found, expected } => {
                write!(f, "a map line holds {found} cells, expected {expected}")
            }
            ShapedErrorKind::BadChar { column, ch } => {
                write!(f, "column {column}: {ch:?} is not a cell of this shape")
            }
            ShapedErrorKind::WrongCount { found, expected } => {
                write!(f, "found {found} cells, expected {expected}")
            }
            ShapedErrorKind::ShortBlock { rows, expected } => {
                write!(f, "the grid stops after {rows} rows, expected {expected}")
            }
            ShapedErrorKind::NoShape => write!(f, "no 'shape:' line before the grid"),
            ShapedErrorKind::Exchange(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ShapedParseError {}

/// One puzzle of a shaped file: where it starts and what it holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapedEntry {
    pub line: usize,
    pub grid: Result<ShapedGrid, ShapedParseError>,
}

/// Whether a whole grid of `shape` is written on one line (up to 81
/// cells, one character each: every 9×9 and the small grids; overlapping
/// grids are drawn as their plane).
pub(crate) fn fits_on_a_line(shape: &Shape) -> bool {
    shape.cell_count() <= 81 && shape.overlap().is_none()
}

/// The header lines naming `shape`, with its maps.
pub(crate) fn header(shape: &Shape) -> String {
    let spec = shape.spec();
    let n = shape.side();
    let mut out = format!("shape: {}\n", shape.name());
    if let Some(map) = &spec.regions {
        out.push_str("regions:\n");
        for row in map.chunks(n) {
            out.extend(row.iter().map(|&r| Symbols::Digits.char_of(r + 1)));
            out.push('\n');
        }
    }
    if let Some(p) = &spec.parity {
        out.push_str(if p.shaded_even {
            "shaded: even\n"
        } else {
            "shaded: odd\n"
        });
        for row in p.shaded.chunks(n) {
            out.extend(row.iter().map(|&s| if s { '#' } else { '.' }));
            out.push('\n');
        }
    }
    if spec.symbols == Symbols::Hex {
        out.push_str("symbols: hex\n");
    }
    out
}

/// Whether a text starts (after blank lines) with a `shape:` header.
pub fn has_shape_header(text: &str) -> bool {
    text.lines()
        .map(str::trim)
        .find(|l| !l.is_empty())
        .is_some_and(|l| key_value(l).is_some_and(|(k, _)| k == "shape"))
}

/// `key: value` of a header line, the key lower-cased.
fn key_value(line: &str) -> Option<(String, &str)> {
    let (k, v) = line.split_once(':')?;
    let k = k.trim().to_ascii_lowercase();
    k.chars()
        .all(|c| c.is_ascii_alphabetic())
        .then_some((k, v.trim()))
}

/// The header being read: the shape's name and maps.
#[derive(Default)]
struct Header {
    name: Option<(usize, ShapeName)>,
    regions: Option<Vec<u8>>,
    parity: Option<Parity>,
    symbols: Symbols,
}

impl Header {
    fn shape(&self, line: usize) -> Result<Shape, ShapedParseError> {
        let err = |kind| ShapedParseError { line, kind };
        let Some((_, name)) = self.name else {
            return Err(err(ShapedErrorKind::NoShape));
        };
        let mut spec = name
            .into_spec(self.regions.clone(), self.parity.clone())
            .map_err(|e| err(ShapedErrorKind::Shape(e)))?;
        spec.symbols = self.symbols;
        Shape::new(spec).map_err(|e| err(ShapedErrorKind::Shape(e)))
    }

    fn side(&self) -> usize {
        self.name.map_or(9, |(_, n)| n.size.side as usize)
    }
}

/// Reads every puzzle of a shaped text. A header error fails the whole
/// text; a bad puzzle fails alone, as its own entry.
pub fn parse_shaped(text: &str) -> Result<Vec<ShapedEntry>, ShapedParseError> {
    read(text).map(|(entries, _)| entries)
}

/// The shape a header alone names (as a save file keeps it).
pub fn parse_shape_header(text: &str) -> Result<Shape, ShapedParseError> {
    let (_, header) = read(text)?;
    header.shape(text.lines().count().max(1))
}

fn read(text: &str) -> Result<(Vec<ShapedEntry>, Header), ShapedParseError> {
    let lines: Vec<&str> = text.lines().collect();
    let mut header = Header::default();
    let mut shape: Option<Shape> = None;
    let mut entries = Vec::new();
    let mut block: Vec<(usize, Vec<u8>)> = Vec::new();
    let mut i = 0;
    while i < lines.len() {
        let number = i + 1;
        let line = lines[i].trim();
        i += 1;
        if line.is_empty() {
            flush_block(&mut block, shape.as_ref(), &mut entries);
            continue;
        }
        if line.starts_with("//") || (line.starts_with('#') && shape.is_some()) {
            continue;
        }
        if let Some((key, value)) = key_value(line) {
            flush_block(&mut block, shape.as_ref(), &mut entries);
            let err = |kind| ShapedParseError { line: number, kind };
            match key.as_str() {
                "shape" => {
                    let name =
                        ShapeName::parse(value).map_err(|e| err(ShapedErrorKind::Shape(e)))?;
                    header = Header {
                        name: Some((number, name)),
                        ..Header::default()
                    };
                    shape = None;
                }
                "regions" => {
                    let side = header.side();
                    let map = read_map(&lines, &mut i, side, |ch| {
                        Symbols::Digits.value_of(ch, side as u8).filter(|&v| v > 0)
                    })?;
                    header.regions = Some(map.into_iter().map(|v| v - 1).collect());
                    shape = None;
                }
                "shaded" => {
                    let shaded_even = match value.to_ascii_lowercase().as_str() {
                        "even" | "" => true,
                        "odd" => false,
                        _ => return Err(err(ShapedErrorKind::UnknownKey(line.to_string()))),
                    };
                    let map = read_map(&lines, &mut i, header.side(), |ch| match ch {
                        '#' | 'x' | 'X' | '*' => Some(1),
                        '.' | '-' | 'o' | 'O' => Some(0),
                        _ => None,
                    })?;
                    header.parity = Some(Parity {
                        shaded: map.into_iter().map(|v| v == 1).collect(),
                        shaded_even,
                    });
                    shape = None;
                }
                "symbols" => {
                    header.symbols = match value.to_ascii_lowercase().as_str() {
                        "hex" | "0-f" => Symbols::Hex,
                        "digits" | "1-9" | "letters" => Symbols::Digits,
                        _ => return Err(err(ShapedErrorKind::UnknownKey(line.to_string()))),
                    };
                    shape = None;
                }
                "puzzle" | "puzzles" | "grid" => {}
                _ => return Err(err(ShapedErrorKind::UnknownKey(line.to_string()))),
            }
            continue;
        }
        if shape.is_none() {
            shape = Some(header.shape(number)?);
        }
        let Some(shape) = shape.as_ref() else {
            continue;
        };
        match cells_of_line(line, shape) {
            Err(kind) => entries.push(ShapedEntry {
                line: number,
                grid: Err(ShapedParseError { line: number, kind }),
            }),
            Ok(values) if values.len() == shape.cell_count() && block.is_empty() => {
                entries.push(ShapedEntry {
                    line: number,
                    grid: Ok(ShapedGrid {
                        shape: shape.clone(),
                        values,
                    }),
                })
            }
            Ok(values) => {
                block.push((number, values));
                let rows: usize = block.iter().map(|(_, v)| v.len()).sum();
                if rows >= shape.cell_count() {
                    flush_block(&mut block, Some(shape), &mut entries);
                }
            }
        }
    }
    flush_block(&mut block, shape.as_ref(), &mut entries);
    Ok((entries, header))
}

/// Ends a block of rows: one puzzle, or an error naming its first line.
fn flush_block(
    block: &mut Vec<(usize, Vec<u8>)>,
    shape: Option<&Shape>,
    out: &mut Vec<ShapedEntry>,
) {
    let (Some(shape), Some(&(line, _))) = (shape, block.first()) else {
        block.clear();
        return;
    };
    let values: Vec<u8> = block.drain(..).flat_map(|(_, v)| v).collect();
    let expected = shape.cell_count();
    let grid = if values.len() == expected {
        Ok(ShapedGrid {
            shape: shape.clone(),
            values,
        })
    } else {
        let kind = if values.len().is_multiple_of(shape.side())
            && values.len() < expected
            && shape.overlap().is_none()
        {
            ShapedErrorKind::ShortBlock {
                rows: values.len() / shape.side(),
                expected: shape.side(),
            }
        } else {
            ShapedErrorKind::WrongCount {
                found: values.len(),
                expected,
            }
        };
        Err(ShapedParseError { line, kind })
    };
    out.push(ShapedEntry { line, grid });
}

/// Grid drawing that separates cells: spaces, `|`, `-`, `+`, `=`.
fn is_drawing(ch: char) -> bool {
    ch.is_whitespace() || matches!(ch, '|' | '-' | '+' | '=')
}

/// The values of one puzzle line: one character a cell, or numbers
/// separated by spaces when the line writes two-digit values (`10 . 16`).
fn cells_of_line(line: &str, shape: &Shape) -> Result<Vec<u8>, ShapedErrorKind> {
    let side = shape.side() as u8;
    let tokens: Vec<&str> = line.split_whitespace().collect();
    let numbers = side > 9
        && shape.symbols() == Symbols::Digits
        && tokens
            .iter()
            .any(|t| t.len() >= 2 && t.bytes().all(|b| b.is_ascii_digit()));
    if numbers {
        let mut column = 1;
        let mut out = Vec::new();
        for t in line.split(' ') {
            if !t.is_empty() && !t.chars().all(is_drawing) {
                let v = match t {
                    "." | "0" => Some(0),
                    _ => t.parse::<u8>().ok().filter(|v| (1..=side).contains(v)),
                };
                let ch = t.chars().next().unwrap_or(' ');
                out.push(v.ok_or(ShapedErrorKind::BadChar { column, ch })?);
            }
            column += t.chars().count() + 1;
        }
        return Ok(out);
    }
    let mut out = Vec::new();
    for (j, ch) in line.chars().enumerate() {
        if is_drawing(ch) {
            continue;
        }
        let v = shape
            .symbols()
            .value_of(ch, side)
            .ok_or(ShapedErrorKind::BadChar { column: j + 1, ch })?;
        out.push(v);
    }
    Ok(out)
}

/// Reads `side` map lines after a map key, each character through `read`.
fn read_map(
    lines: &[&str],
    i: &mut usize,
    side: usize,
    read: impl Fn(char) -> Option<u8>,
) -> Result<Vec<u8>, ShapedParseError> {
    let mut map = Vec::with_capacity(side * side);
    for _ in 0..side {
        let number = *i + 1;
        let line = lines.get(*i).map_or("", |l| l.trim());
        *i += 1;
        let row: Vec<u8> = line
            .chars()
            .filter(|c| !c.is_whitespace())
            .map(&read)
            .collect::<Option<_>>()
            .filter(|r: &Vec<u8>| r.len() == side)
            .ok_or(ShapedParseError {
                line: number,
                kind: ShapedErrorKind::MapLine {
                    found: line.chars().filter(|c| !c.is_whitespace()).count(),
                    expected: side,
                },
            })?;
        map.extend(row);
    }
    Ok(map)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::test_puzzles::JIGSAW_REGIONS;

    #[test]
    fn a_jigsaw_round_trips_through_its_text() {
        let text = format!(
            "shape: jigsaw+x\nregions:\n{JIGSAW_REGIONS}\npuzzle:\n{}\n",
            "1".to_string() + &".".repeat(80)
        );
        let entries = parse_shaped(&text).unwrap();
        assert_eq!(entries.len(), 1);
        let grid = entries[0].grid.clone().unwrap();
        assert_eq!(grid.shape().name(), "jigsaw+x");
        assert_eq!(grid.get(0), 1);
        let again = parse_shaped(&grid.to_text()).unwrap();
        assert_eq!(again[0].grid.as_ref().unwrap(), &grid);
    }

    #[test]
    fn a_16x16_reads_in_rows_letters_hex_or_numbers() {
        let shape = Shape::parse_name("16x16").unwrap();
        let mut grid = ShapedGrid::empty(shape);
        grid.set(0, 16);
        grid.set(17, 10);
        let text = grid.to_text();
        assert!(text.contains("\nG...............\n.A"), "{text}");
        let back = parse_shaped(&text).unwrap();
        assert_eq!(back[0].grid.as_ref().unwrap(), &grid);
        // Two puzzles, the second written with numbers, a blank line apart.
        let mut numbers = String::from("16 . . . . . . . . . . . . . . .\n");
        numbers.push_str(". 10 . . . . . . . . . . . . . .\n");
        for _ in 2..16 {
            numbers.push_str(&". ".repeat(16));
            numbers.push('\n');
        }
        let two = format!("{text}\n{numbers}");
        let back = parse_shaped(&two).unwrap();
        assert_eq!(back.len(), 2);
        assert_eq!(back[1].grid.as_ref().unwrap(), &grid);
        // Hexadecimal: 0 is the value 1, F the value 16.
        let hex = "shape: 16x16\nsymbols: hex\nF".to_string() + &".".repeat(255);
        let back = parse_shaped(&hex).unwrap();
        assert_eq!(back[0].grid.as_ref().unwrap().get(0), 16);
    }

    #[test]
    fn errors_name_their_line() {
        let e = parse_shaped("shape: x\n123\n").unwrap();
        assert_eq!(
            e[0].grid.as_ref().unwrap_err().to_string(),
            "line 2: found 3 cells, expected 81"
        );
        let e = parse_shaped(
            "shape: 6x6
123456
\n",
        )
        .unwrap();
        assert_eq!(
            e[0].grid.as_ref().unwrap_err().to_string(),
            "line 2: the grid stops after 1 rows, expected 6"
        );
        let e = parse_shaped("shape: x\n12345678Z").unwrap();
        assert_eq!(
            e[0].grid.as_ref().unwrap_err().to_string(),
            "line 2: column 9: 'Z' is not a cell of this shape"
        );
        let e = parse_shaped("shape: jigsaw\n1........").unwrap_err();
        assert_eq!(e.line, 2);
        assert!(e.to_string().contains("regions"), "{e}");
        let e = parse_shaped("shape: hexagon\n").unwrap_err();
        assert_eq!(e.line, 1);
        assert!(has_shape_header("\n  Shape: x\n"));
        assert!(!has_shape_header("4.....8.5"));
    }

    #[test]
    fn overlapping_grids_round_trip_as_their_plane() {
        for name in [
            "twin",
            "sohei",
            "samurai",
            "windmill",
            "flower",
            "diagonal-3",
            "diagonal-3-dense",
            "carpet-2",
            "carpet-2-dense",
            "torus-2",
            "torus-3-dense",
        ] {
            let shape = Shape::parse_name(name).unwrap();
            let mut grid = ShapedGrid::empty(shape.clone());
            for i in (0..shape.cell_count()).step_by(7) {
                grid.set(i, (i % 9 + 1) as u8);
            }
            let text = grid.to_text();
            assert!(
                text.starts_with(&format!("shape: {name}\npuzzle:\n")),
                "{text}"
            );
            let (rows, cols) = shape.plane_size();
            assert_eq!(text.lines().count(), 2 + rows, "{name}");
            assert!(text.lines().skip(2).all(|l| l.chars().count() <= cols));
            let back = parse_shaped(&text).unwrap();
            assert_eq!(back.len(), 1, "{name}");
            assert_eq!(back[0].grid.as_ref().unwrap(), &grid, "{name}");
            // Every cell on one line reads too, and two puzzles in a row.
            let line = format!("shape: {name}\n{}\n", grid.to_line());
            assert_eq!(parse_shaped(&line).unwrap()[0].grid.as_ref(), Ok(&grid));
            let two = format!("{text}\n{}", grid.to_rows());
            assert_eq!(parse_shaped(&two).unwrap().len(), 2, "{name}");
        }
        // The samurai's top band: two grids and the gap between them.
        let samurai = ShapedGrid::empty(Shape::parse_name("samurai").unwrap());
        let rows = samurai.to_rows();
        let lines: Vec<&str> = rows.lines().collect();
        assert_eq!(lines[0], format!("{}   {}", ".".repeat(9), ".".repeat(9)));
        assert_eq!(lines[7], ".".repeat(21));
        assert_eq!(lines[10], format!("      {}", ".".repeat(9)));
        // A row missing: the whole plane's count, on the block's first line.
        let short: String = rows.lines().skip(1).map(|l| format!("{l}\n")).collect();
        let e = parse_shaped(&format!("shape: samurai\n{short}")).unwrap();
        assert_eq!(
            e[0].grid.as_ref().unwrap_err().to_string(),
            "line 2: found 351 cells, expected 369"
        );
        let e = parse_shaped("shape: torus-4-dense\n").unwrap_err();
        assert!(e.to_string().contains("N ≡ 0 mod n"), "{e}");
    }

    #[test]
    fn odd_even_shading_reads_and_writes() {
        let mut shading = String::new();
        for r in 0..9 {
            for c in 0..9 {
                shading.push(if (r + c) % 4 == 0 { '#' } else { '.' });
            }
            shading.push('\n');
        }
        let text = format!(
            "shape: odd-even\nshaded: odd\n{shading}{}\n",
            ".".repeat(81)
        );
        let g = parse_shaped(&text).unwrap()[0].grid.clone().unwrap();
        let p = g.shape().spec().parity.clone().unwrap();
        assert!(!p.shaded_even && p.shaded[0] && !p.shaded[1]);
        assert_eq!(
            parse_shaped(&g.to_text()).unwrap()[0]
                .grid
                .as_ref()
                .unwrap(),
            &g
        );
    }
}
