//! What a shape is made of ([`ShapeSpec`]), its command-line name, and the
//! checks that make it a proper Sudoku geometry.

use super::overlap::Overlap;
use std::fmt;

/// The grid's side and its boxes: 4×4 with 2×2 boxes, 6×6 with 2×3, 9×9
/// with 3×3, 12×12 with 3×4, 16×16 with 4×4.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Size {
    pub side: u8,
    pub box_rows: u8,
    pub box_cols: u8,
}

impl Size {
    /// Every size the program knows, smallest first.
    pub const ALL: [Size; 5] = [
        Size::new(4, 2, 2),
        Size::new(6, 2, 3),
        Size::new(9, 3, 3),
        Size::new(12, 3, 4),
        Size::new(16, 4, 4),
    ];

    const fn new(side: u8, box_rows: u8, box_cols: u8) -> Size {
        Size {
            side,
            box_rows,
            box_cols,
        }
    }

    /// The size of a side, if the program knows it.
    pub fn of_side(side: usize) -> Option<Size> {
        Size::ALL.into_iter().find(|s| s.side as usize == side)
    }
}

/// How a shape's symbols are written: `1`–`9` then `A`, `B`... for 10 and
/// up (a 12×12 shows 1–9, A–C; a 16×16 1–9, A–G), or hexadecimal `0`–`F`
/// as hexadoku prints it (the value 1 is written `0`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Symbols {
    #[default]
    Digits,
    Hex,
}

impl Symbols {
    /// The character for value `v` (1..=side); `.` for 0.
    pub fn char_of(self, v: u8) -> char {
        match (self, v) {
            (_, 0) => '.',
            (Symbols::Digits, 1..=9) => (b'0' + v) as char,
            (Symbols::Digits, _) => (b'A' + v - 10) as char,
            (Symbols::Hex, _) => {
                char::from_digit(u32::from(v - 1), 16).map_or('?', |c| c.to_ascii_uppercase())
            }
        }
    }

    /// The value a character stands for in a grid of `side` (0 for an
    /// empty cell), `None` when it is not a cell of that grid.
    pub fn value_of(self, ch: char, side: u8) -> Option<u8> {
        if ch == '.' {
            return Some(0);
        }
        let v = match self {
            Symbols::Digits => match ch {
                '0' => return Some(0),
                '1'..='9' => ch as u8 - b'0',
                'a'..='z' | 'A'..='Z' => ch.to_ascii_uppercase() as u8 - b'A' + 10,
                _ => return None,
            },
            Symbols::Hex => ch.to_digit(16)? as u8 + 1,
        };
        (1..=side).contains(&v).then_some(v)
    }

    /// How a player names value `v`: "7", "12" ("C" in letter grids is
    /// still the value twelve), or "A" in hexadecimal.
    pub fn name_of(self, v: u8) -> String {
        match self {
            Symbols::Digits => v.to_string(),
            Symbols::Hex => self.char_of(v).to_string(),
        }
    }
}

/// Odd/even Sudoku: the shaded cells hold even digits (or odd ones, as
/// the puzzle's legend says).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct Parity {
    /// Whether each cell (reading order) is shaded.
    pub shaded: Vec<bool>,
    /// `true` when shaded cells hold even digits, `false` for odd ones.
    pub shaded_even: bool,
}

/// Everything that makes a shape: size, boxes or jigsaw regions, extra
/// houses, parity and the way symbols are written.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct ShapeSpec {
    pub size: Size,
    /// Jigsaw: each cell's region (0-based, reading order); `None` for boxes.
    pub regions: Option<Vec<u8>>,
    /// X: both main diagonals are houses.
    pub diagonals: bool,
    /// Hyper (Windoku): four extra 3×3 windows (9×9 only).
    pub windows: bool,
    pub parity: Option<Parity>,
    pub symbols: Symbols,
    /// Overlapping 9×9 grids (samurai, carpets...): `None` for one grid.
    pub overlap: Option<Overlap>,
}

/// A shape's name parsed, before the maps a jigsaw or odd/even needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShapeName {
    pub size: Size,
    pub jigsaw: bool,
    pub diagonals: bool,
    pub windows: bool,
    pub odd_even: bool,
    pub overlap: Option<Overlap>,
}

/// Why a shape or its name is not a proper Sudoku geometry.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ShapeError {
    /// A name part that is not a known shape.
    UnknownName(String),
    /// Two sizes named, or `classic` with anything else.
    Conflicting(String),
    /// A jigsaw needs its region map (from a file's `regions:` block).
    NeedsRegionMap,
    /// An odd/even puzzle needs its shading (from a file's `shaded:` block).
    NeedsParityMap,
    /// Hyper's windows are defined on the 9×9 only.
    WindowsNeed9x9,
    /// A map of the wrong number of cells.
    MapSize {
        what: &'static str,
        found: usize,
        expected: usize,
    },
    /// A region with too many or too few cells.
    RegionSize {
        region: usize,
        found: usize,
        expected: usize,
    },
    /// A region whose cells do not touch each other.
    RegionSplit { region: usize },
    /// A family of overlapping grids named without its size (`carpet`
    /// for `carpet-3`).
    NeedsSize(String),
    /// A family's size below the smallest it takes.
    SizeOutOfRange { family: String, size: u8, min: u8 },
    /// A dense torus of a size the carpet document proves impossible.
    DenseTorus { size: u8 },
    /// An overlapping shape past the cells the engine holds.
    TooLarge {
        name: String,
        cells: usize,
        max: usize,
    },
    /// A grid that would overlap itself around a torus.
    MeetsItself { name: String },
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::UnknownName(n) => write!(
                f,
                "'{n}' is not a shape; the shapes are classic, x, hyper, jigsaw, odd-even, 4x4, 6x6, 12x12 and 16x16, joined with + (x+hyper), and the overlapping grids twin, sohei, samurai, windmill, flower, diagonal-N, carpet-N and torus-N (-dense after N for the dense forms: carpet-3-dense)"
            ),
            ShapeError::Conflicting(n) => write!(
                f,
                "'{n}' names two sizes, classic with a variant, or overlapping grids with anything else"
            ),
            ShapeError::NeedsRegionMap => write!(
                f,
                "a jigsaw needs its regions: give a file whose header has a 'regions:' map"
            ),
            ShapeError::NeedsParityMap => write!(
                f,
                "an odd/even puzzle needs its shaded cells: give a file whose header has a 'shaded:' map"
            ),
            ShapeError::WindowsNeed9x9 => write!(f, "hyper windows exist on the 9x9 grid only"),
            ShapeError::MapSize {
                what,
                found,
                expected,
            } => write!(f, "the {what} map has {found} cells, expected {expected}"),
            ShapeError::RegionSize {
                region,
                found,
                expected,
            } => write!(
                f,
                "region {} has {found} cells, expected {expected}",
                region + 1
            ),
            ShapeError::RegionSplit { region } => {
                write!(f, "region {} is in pieces: its cells must touch", region + 1)
            }
            ShapeError::NeedsSize(family) => write!(
                f,
                "'{family}' needs its size N: {family}-2, {family}-3... ({family}-3-dense for the dense form)"
            ),
            ShapeError::SizeOutOfRange { family, size, min } => {
                write!(f, "a {family} of size {size} does not exist: the size is {min} or more")
            }
            ShapeError::DenseTorus { size } => write!(
                f,
                "no dense torus of size {size}: a dense torus needs N >= n and N ≡ 0 mod n (n = 3 for 9x9 grids), as the carpet document proves: torus-3-dense, torus-6-dense..."
            ),
            ShapeError::TooLarge { name, cells, max } => write!(
                f,
                "{name} has {cells} cells, more than the {max} an overlapping shape may have"
            ),
            ShapeError::MeetsItself { name } => {
                write!(f, "{name}: a grid would overlap itself around the torus")
            }
        }
    }
}

impl std::error::Error for ShapeError {}

/// `regions` renumbered by their first cells in reading order, so that two
/// maps of one partition are equal.
pub fn regions_in_reading_order(regions: &[u8]) -> Vec<u8> {
    let mut names = [u8::MAX; 256];
    let mut next = 0;
    regions
        .iter()
        .map(|&r| {
            let name = &mut names[usize::from(r)];
            if *name == u8::MAX {
                *name = next;
                next += 1;
            }
            *name
        })
        .collect()
}

impl ShapeName {
    /// Parses `classic`, `x`, `hyper`, `windoku`, `jigsaw`, `odd-even`,
    /// `4x4`... joined with `+`, in any order and case; or one overlapping
    /// form alone (`samurai`, `carpet-3-dense`: see
    /// [`Overlap::parse`](super::Overlap::parse)).
    pub fn parse(name: &str) -> Result<ShapeName, ShapeError> {
        let mut out = ShapeName {
            size: Size::ALL[2],
            jigsaw: false,
            diagonals: false,
            windows: false,
            odd_even: false,
            overlap: None,
        };
        let (mut sized, mut classic, mut variant) = (false, false, false);
        let parts: Vec<&str> = name.split('+').collect();
        for part in &parts {
            let part = part.trim().to_ascii_lowercase();
            if let Some(overlap) = super::overlap::Overlap::parse(&part) {
                if parts.len() > 1 {
                    return Err(ShapeError::Conflicting(name.to_string()));
                }
                out.overlap = Some(overlap?);
                return Ok(out);
            }
            match part.as_str() {
                "classic" | "sudoku" => classic = true,
                "x" | "diagonal-x" | "x-sudoku" => out.diagonals = true,
                "hyper" | "windoku" => out.windows = true,
                "jigsaw" | "irregular" => out.jigsaw = true,
                "odd-even" | "oddeven" | "even-odd" => out.odd_even = true,
                _ => {
                    let side = part
                        .split_once('x')
                        .filter(|(a, b)| a == b)
                        .and_then(|(a, _)| a.parse::<usize>().ok())
                        .and_then(Size::of_side)
                        .ok_or_else(|| ShapeError::UnknownName(part.clone()))?;
                    if sized {
                        return Err(ShapeError::Conflicting(name.to_string()));
                    }
                    sized = true;
                    out.size = side;
                }
            }
            variant |= !matches!(part.as_str(), "classic" | "sudoku");
        }
        if classic && variant {
            return Err(ShapeError::Conflicting(name.to_string()));
        }
        Ok(out)
    }

    /// The spec, given the maps a jigsaw and an odd/even need.
    pub fn into_spec(
        self,
        regions: Option<Vec<u8>>,
        parity: Option<Parity>,
    ) -> Result<ShapeSpec, ShapeError> {
        if self.jigsaw && regions.is_none() {
            return Err(ShapeError::NeedsRegionMap);
        }
        if self.odd_even && parity.is_none() {
            return Err(ShapeError::NeedsParityMap);
        }
        let spec = ShapeSpec {
            size: self.size,
            regions: regions.filter(|_| self.jigsaw),
            diagonals: self.diagonals,
            windows: self.windows,
            parity: parity.filter(|_| self.odd_even),
            symbols: Symbols::Digits,
            overlap: self.overlap,
        };
        spec.check()?;
        Ok(spec)
    }
}

impl ShapeSpec {
    /// Whether `self` and `other` are one geometry: the same houses and
    /// shading, their jigsaw regions compared as partitions (the numbers a
    /// region map gives its regions are only names).
    pub fn same_geometry(&self, other: &ShapeSpec) -> bool {
        let partition = |s: &ShapeSpec| s.regions.as_deref().map(regions_in_reading_order);
        self.size == other.size
            && self.diagonals == other.diagonals
            && self.windows == other.windows
            && self.parity == other.parity
            && self.symbols == other.symbols
            && self.overlap == other.overlap
            && partition(self) == partition(other)
    }

    /// The classic 9×9.
    pub fn classic() -> ShapeSpec {
        ShapeSpec {
            size: Size::ALL[2],
            regions: None,
            diagonals: false,
            windows: false,
            parity: None,
            symbols: Symbols::Digits,
            overlap: None,
        }
    }

    /// Overlapping 9×9 grids.
    pub fn overlapping(overlap: Overlap) -> ShapeSpec {
        ShapeSpec {
            overlap: Some(overlap),
            ..ShapeSpec::classic()
        }
    }

    /// The plain grid of a size (boxes, no extras).
    pub fn sized(size: Size) -> ShapeSpec {
        ShapeSpec {
            size,
            ..ShapeSpec::classic()
        }
    }

    pub fn is_classic(&self) -> bool {
        *self == ShapeSpec::classic()
    }

    /// The parts of the name, as [`ShapeName`] holds them.
    pub fn name_parts(&self) -> ShapeName {
        ShapeName {
            size: self.size,
            jigsaw: self.regions.is_some(),
            diagonals: self.diagonals,
            windows: self.windows,
            odd_even: self.parity.is_some(),
            overlap: self.overlap,
        }
    }

    /// `classic`, or the parts joined with `+`: size, jigsaw, x, hyper,
    /// odd-even (`6x6+x`, `jigsaw+x`).
    pub fn name(&self) -> String {
        if let Some(o) = self.overlap {
            return o.name();
        }
        let mut parts: Vec<String> = Vec::new();
        if self.size.side != 9 {
            parts.push(format!("{0}x{0}", self.size.side));
        }
        if self.regions.is_some() {
            parts.push("jigsaw".into());
        }
        if self.diagonals {
            parts.push("x".into());
        }
        if self.windows {
            parts.push("hyper".into());
        }
        if self.parity.is_some() {
            parts.push("odd-even".into());
        }
        if parts.is_empty() {
            "classic".into()
        } else {
            parts.join("+")
        }
    }

    /// Checks the maps: sizes, region counts and connectedness.
    pub fn check(&self) -> Result<(), ShapeError> {
        let n = self.size.side as usize;
        let cells = n * n;
        if let Some(o) = self.overlap {
            let alone = ShapeSpec {
                symbols: self.symbols,
                ..ShapeSpec::overlapping(o)
            };
            if *self != alone || self.symbols != Symbols::Digits {
                return Err(ShapeError::Conflicting(self.name()));
            }
            return o.check();
        }
        if self.windows && n != 9 {
            return Err(ShapeError::WindowsNeed9x9);
        }
        if let Some(p) = &self.parity {
            if p.shaded.len() != cells {
                return Err(ShapeError::MapSize {
                    what: "shading",
                    found: p.shaded.len(),
                    expected: cells,
                });
            }
        }
        let Some(regions) = &self.regions else {
            return Ok(());
        };
        if regions.len() != cells {
            return Err(ShapeError::MapSize {
                what: "region",
                found: regions.len(),
                expected: cells,
            });
        }
        for region in 0..n {
            let members: Vec<usize> = (0..cells)
                .filter(|&i| regions[i] as usize == region)
                .collect();
            if members.len() != n {
                return Err(ShapeError::RegionSize {
                    region,
                    found: members.len(),
                    expected: n,
                });
            }
            if !connected(&members, n) {
                return Err(ShapeError::RegionSplit { region });
            }
        }
        if let Some(&bad) = regions.iter().find(|&&r| r as usize >= n) {
            return Err(ShapeError::RegionSize {
                region: bad as usize,
                found: 0,
                expected: n,
            });
        }
        Ok(())
    }
}

/// Whether cells (indices on a grid of side `n`) form one piece through
/// shared edges: a flood fill from the first.
pub(crate) fn connected(members: &[usize], n: usize) -> bool {
    let Some(&first) = members.first() else {
        return true;
    };
    let mut reached = vec![first];
    let mut i = 0;
    while i < reached.len() {
        let c = reached[i];
        let (r, col) = (c / n, c % n);
        let around = [
            (r > 0).then(|| c - n),
            (r + 1 < n).then(|| c + n),
            (col > 0).then(|| c - 1),
            (col + 1 < n).then(|| c + 1),
        ];
        for next in around.into_iter().flatten() {
            if members.contains(&next) && !reached.contains(&next) {
                reached.push(next);
            }
        }
        i += 1;
    }
    reached.len() == members.len()
}
