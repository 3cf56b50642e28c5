//! XY-Wing and XYZ-Wing on a sized grid.

use super::Names;

pub(super) fn wing(pivot: u16, pincers: [u16; 2], value: u8, n: Names) -> Vec<String> {
    let (p, a, b, z) = (
        n.cell(pivot),
        n.cell(pincers[0]),
        n.cell(pincers[1]),
        n.value(value),
    );
    vec![
        say!(
            n.w,
            "The pivot {p} sees the pincers {a} and {b}.",
            "Le pivot {p} voit les pinces {a} et {b}."
        ),
        say!(
            n.w,
            "Whatever {p} holds, one of the pincers must be {z}: a cell that sees them all cannot be {z}.",
            "Quoi que vaille {p}, une des pinces vaut {z} : une case qui les voit toutes ne peut pas valoir {z}."
        ),
    ]
}
