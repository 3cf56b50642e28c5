//! How a game's shape and puzzle are stored: the shape by its name, with
//! its header in `layout` when the name alone does not give it back (a
//! jigsaw's regions, odd/even's shaded cells, hexadecimal symbols); the
//! puzzle as one character per cell in the shape's symbols.

use crate::grid::{parse_shape_header, Shape, ShapedGrid};

/// The `shape` and `layout` columns of a puzzle's shape.
pub(super) fn shape_columns(shape: &Shape) -> (String, Option<String>) {
    let name = shape.name();
    let named = Shape::parse_name(&name).is_ok_and(|s| s == *shape);
    (name, (!named).then(|| shape.header()))
}

/// The shape the `shape` and `layout` columns stand for; `None` when this
/// build cannot read them (a shape of a newer sudolens).
pub(super) fn shape_of_columns(name: &str, layout: Option<&str>) -> Option<Shape> {
    match layout {
        Some(header) => parse_shape_header(header).ok().filter(|s| s.name() == name),
        None => Shape::parse_name(name).ok(),
    }
}

/// A puzzle stored as one character per cell of `shape` (`.` empty).
pub(super) fn puzzle_of_line(shape: Shape, line: &str) -> Option<ShapedGrid> {
    let side = shape.side() as u8;
    let symbols = shape.symbols();
    let values = line
        .chars()
        .map(|c| symbols.value_of(c, side))
        .collect::<Option<Vec<u8>>>()?;
    ShapedGrid::new(shape, values)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shape_is_read_back_from_its_columns() {
        let jigsaw_header = "shape: jigsaw\nregions:\n111222333\n111222333\n111222333\n444555666\n444555666\n444555666\n777888999\n777888999\n777888999\n";
        let shapes = [
            Shape::classic(),
            Shape::parse_name("x+hyper").unwrap(),
            Shape::parse_name("6x6").unwrap(),
            Shape::parse_name("16x16").unwrap(),
            parse_shape_header("shape: 16x16\nsymbols: hex\n").unwrap(),
            parse_shape_header(jigsaw_header).unwrap(),
        ];
        for shape in shapes {
            let (name, layout) = shape_columns(&shape);
            let back = shape_of_columns(&name, layout.as_deref());
            assert_eq!(back.as_ref(), Some(&shape), "{name} {layout:?}");
        }
        // the name says it all for the plain shapes: no layout stored
        assert_eq!(shape_columns(&Shape::classic()).1, None);
        assert!(shape_columns(&parse_shape_header(jigsaw_header).unwrap())
            .1
            .is_some());
    }

    #[test]
    fn a_puzzle_line_must_fit_its_shape() {
        let six = Shape::parse_name("6x6").unwrap();
        let line = "1.....".repeat(6);
        assert_eq!(
            puzzle_of_line(six.clone(), &line).unwrap().filled_count(),
            6
        );
        assert!(
            puzzle_of_line(six.clone(), &line[1..]).is_none(),
            "35 cells"
        );
        assert!(
            puzzle_of_line(six, &"7.....".repeat(6)).is_none(),
            "7 in a 6x6"
        );
    }
}
