//! The ground truth beside each photo of the Wicht-Hennebert newspaper dataset, which
//! `sudolens import` scores several photos against and the accuracy tests read.

use std::path::Path;

/// The digits (0 for none) of a `.dat` file: two header lines (phone, resolution), then nine
/// rows of nine whitespace-separated digits. `None` when the file is missing or malformed.
pub fn read_dat(path: &Path) -> Option<[u8; 81]> {
    let text = std::fs::read_to_string(path).ok()?;
    let digits: Vec<u8> = text
        .lines()
        .skip(2)
        .flat_map(|l| l.split_whitespace())
        .map(|t| t.parse::<u8>().ok().filter(|&d| d <= 9))
        .collect::<Option<Vec<u8>>>()?;
    (digits.len() == 81).then(|| std::array::from_fn(|i| digits[i]))
}
