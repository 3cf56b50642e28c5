use super::*;
use crate::test_puzzles::JIGSAW_REGIONS;

pub(crate) fn region_map(text: &str) -> Vec<u8> {
    text.chars()
        .filter(|c| c.is_ascii_digit())
        .map(|c| c as u8 - b'1')
        .collect()
}

#[test]
fn the_classic_shape_matches_the_static_tables() {
    let s = Shape::classic();
    assert!(s.is_classic() && s.is_9x9());
    assert_eq!(s.units(), &Unit::ALL[..]);
    for cell in Cell::ALL {
        assert_eq!(
            s.peer_mask(cell),
            crate::grid::masks::PEER_MASKS[cell.index()]
        );
        assert_eq!(s.units_of(cell), &cell.units()[..]);
        assert_eq!(s.peers_of(cell.index()).len(), 20);
    }
    for u in Unit::ALL {
        assert_eq!(s.unit_cells(u), u.cells());
    }
}

#[test]
fn names_parse_in_any_order_and_print_in_one() {
    for (given, name) in [
        ("classic", "classic"),
        ("X", "x"),
        ("hyper+x", "x+hyper"),
        ("6x6", "6x6"),
        ("x+6x6", "6x6+x"),
        ("16x16", "16x16"),
        ("windoku", "hyper"),
    ] {
        assert_eq!(Shape::parse_name(given).unwrap().name(), name, "{given}");
    }
    assert_eq!(Shape::parse_name("jigsaw"), Err(ShapeError::NeedsRegionMap));
    assert_eq!(
        Shape::parse_name("odd-even"),
        Err(ShapeError::NeedsParityMap)
    );
    assert_eq!(
        Shape::parse_name("6x6+hyper"),
        Err(ShapeError::WindowsNeed9x9)
    );
    assert!(matches!(
        Shape::parse_name("hexagon"),
        Err(ShapeError::UnknownName(_))
    ));
    assert!(matches!(
        Shape::parse_name("classic+x"),
        Err(ShapeError::Conflicting(_))
    ));
    assert!(matches!(
        Shape::parse_name("4x4+6x6"),
        Err(ShapeError::Conflicting(_))
    ));
}

#[test]
fn x_and_hyper_add_their_houses_and_peers() {
    let xh = Shape::parse_name("x+hyper").unwrap();
    assert_eq!(xh.units().len(), 27 + 2 + 4);
    // r5c5 is on both diagonals: 20 classic peers + 8 + 8 - (4 already in
    // its box) ... counted from the tables, checked against a brute count.
    let centre = Cell::new(4, 4);
    let brute = Cell::ALL
        .iter()
        .filter(|&&o| {
            o != centre
                && xh
                    .units()
                    .iter()
                    .any(|&u| xh.unit_cells(u).contains(&o) && xh.unit_cells(u).contains(&centre))
        })
        .count();
    assert_eq!(xh.peer_mask(centre).count_ones() as usize, brute);
    assert!(xh.sees(Cell::new(1, 1), Cell::new(3, 3)), "window 1");
    assert!(!Shape::classic().sees(Cell::new(1, 1), Cell::new(3, 3)));
    assert_eq!(
        xh.units_of(Cell::new(2, 2)).len(),
        5,
        "row, column, box, diagonal, window"
    );
}

#[test]
fn a_jigsaw_has_regions_in_place_of_boxes() {
    let spec = ShapeName::parse("jigsaw")
        .unwrap()
        .into_spec(Some(region_map(JIGSAW_REGIONS)), None)
        .unwrap();
    let s = Shape::new(spec).unwrap();
    assert_eq!(s.name(), "jigsaw");
    assert!(!s.has_plain_houses() && !s.allows_uniqueness());
    assert_eq!(s.region_of(Cell::new(2, 3)), Unit::Region(1));
    assert_eq!(s.unit_cells(Unit::Region(3)).len(), 9);
    assert!(s.units().iter().all(|u| !matches!(u, Unit::Box(_))));
}

#[test]
fn broken_region_maps_are_refused_with_the_region_named() {
    let mut map = region_map(JIGSAW_REGIONS);
    map.swap(0, 80);
    let name = ShapeName::parse("jigsaw").unwrap();
    assert!(matches!(
        name.into_spec(Some(map), None),
        Err(ShapeError::RegionSplit { .. })
    ));
    let mut map = region_map(JIGSAW_REGIONS);
    map[0] = 1;
    assert_eq!(
        name.into_spec(Some(map), None),
        Err(ShapeError::RegionSize {
            region: 0,
            found: 8,
            expected: 9
        })
    );
    assert!(matches!(
        name.into_spec(Some(vec![0; 80]), None),
        Err(ShapeError::MapSize { .. })
    ));
}

#[test]
fn parity_restricts_the_shaded_cells() {
    let mut shaded = vec![false; 81];
    shaded[0] = true;
    let spec = ShapeName::parse("odd-even")
        .unwrap()
        .into_spec(
            None,
            Some(Parity {
                shaded,
                shaded_even: true,
            }),
        )
        .unwrap();
    let s = Shape::new(spec).unwrap();
    assert_eq!(s.allowed(0).iter().collect::<Vec<_>>(), vec![2, 4, 6, 8]);
    assert_eq!(s.allowed(1), Candidates::ALL);
    let mut g = Grid::empty();
    g.set(Cell::new(0, 0), 3);
    assert_eq!(s.parity_breaks(&g), vec![Cell::new(0, 0)]);
}

#[test]
fn other_sizes_have_their_boxes() {
    let six = Shape::parse_name("6x6").unwrap();
    assert_eq!(six.cell_count(), 36);
    assert_eq!(six.houses().len(), 18);
    // Box 2 of a 6x6 (2 rows of 3) starts at row 1, column 4.
    assert_eq!(six.houses()[12 + 1].cells[0], 3);
    assert!(!six.is_9x9() && six.units().is_empty());
    let sixteen = Shape::parse_name("16x16").unwrap();
    assert!(sixteen.houses().iter().all(|h| h.cells.len() == 16));
    assert_eq!(sixteen.peers_of(0).len(), 15 + 15 + 9);
    assert_eq!(sixteen.allowed_bits(0), 0xffff);
}

#[test]
fn symbols_read_and_write_both_ways() {
    for side in [4u8, 9, 12, 16] {
        for v in 0..=side {
            let ch = Symbols::Digits.char_of(v);
            assert_eq!(Symbols::Digits.value_of(ch, side), Some(v));
        }
    }
    assert_eq!(Symbols::Hex.char_of(1), '0');
    assert_eq!(Symbols::Hex.char_of(16), 'F');
    assert_eq!(Symbols::Hex.value_of('f', 16), Some(16));
    assert_eq!(Symbols::Digits.value_of('G', 16), Some(16));
    assert_eq!(Symbols::Digits.value_of('7', 6), None);
}

#[test]
fn a_sub_shape_keeps_some_grids_and_their_shared_boxes_in_place() {
    let samurai = Shape::parse_name("samurai").unwrap();
    let centre = samurai.sub_grids(&[2]).unwrap();
    assert_eq!(centre.cell_count(), 81);
    assert_eq!(centre.houses().len(), 27);
    assert_eq!(centre.plane_size(), samurai.plane_size());
    assert_eq!(centre.kept_grids(), Some(&[2][..]));
    for i in 0..81 {
        // Each cell at its place in the whole, its peers those of a classic.
        let (r, c) = centre.position(i);
        assert_eq!(centre.cell_at(r, c), Some(i));
        assert!(samurai.cell_at(r, c).is_some());
        assert_eq!(centre.peers_of(i).len(), 20);
    }
    // The top-left and centre grids share one box: 2 × 81 - 9 cells.
    let pair = samurai.sub_grids(&[2, 0, 2]).unwrap();
    assert_eq!(pair.cell_count(), 153);
    assert_eq!(pair.name(), "samurai (grids 1, 3)");
    assert_eq!(pair.grids().len(), 2);
    assert_ne!(pair, samurai);
    assert_eq!(pair, samurai.sub_grids(&[0, 2]).unwrap());
    // A torus's sub-shape keeps the wrap: grids 1 and 2 of torus-2 share
    // boxes on both sides.
    let torus = Shape::parse_name("torus-2").unwrap();
    assert_eq!(
        torus.sub_grids(&[0, 1]).unwrap().cell_count(),
        2 * 81 - 2 * 27
    );
    assert!(samurai.sub_grids(&[]).is_none());
    assert!(samurai.sub_grids(&[5]).is_none());
    assert!(pair.sub_grids(&[0]).is_none());
    assert!(Shape::classic().sub_grids(&[0]).is_none());
}
