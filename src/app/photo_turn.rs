//! Phones store a portrait photo sideways and tag it with an EXIF
//! orientation. The correction screen shows the photo the way its tag says
//! it was taken, while the importer reads the stored pixels (and decides
//! the reading's orientation from the digits, since tags are often wrong).
//! [`PhotoTurn`] maps the grid's corners between the two frames.

use egui::{Pos2, Vec2};
use image::metadata::Orientation;

/// How the shown photo relates to the stored pixels.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct PhotoTurn {
    orientation: Orientation,
    /// Width and height of the stored pixels.
    stored: Vec2,
}

impl PhotoTurn {
    pub(super) fn new(orientation: Orientation, stored: Vec2) -> Self {
        PhotoTurn {
            orientation,
            stored,
        }
    }

    /// No turn: the photo is shown as stored.
    pub(super) fn upright(stored: Vec2) -> Self {
        Self::new(Orientation::NoTransforms, stored)
    }

    /// Whether the shown photo swaps width and height.
    fn swaps_sides(&self) -> bool {
        use Orientation::*;
        matches!(
            self.orientation,
            Rotate90 | Rotate270 | Rotate90FlipH | Rotate270FlipH
        )
    }

    /// Width and height of the photo as shown.
    pub(super) fn shown_size(&self) -> Vec2 {
        if self.swaps_sides() {
            Vec2::new(self.stored.y, self.stored.x)
        } else {
            self.stored
        }
    }

    /// A point of the stored pixels, where it appears on the shown photo
    /// (the turns of `image`'s `apply_orientation`: clockwise rotations,
    /// then a horizontal flip).
    pub(super) fn to_shown(self, p: Pos2) -> Pos2 {
        use Orientation::*;
        let (w, h) = (self.stored.x, self.stored.y);
        let (x, y) = (p.x, p.y);
        let (u, v) = match self.orientation {
            NoTransforms => (x, y),
            Rotate90 => (h - y, x),
            Rotate180 => (w - x, h - y),
            Rotate270 => (y, w - x),
            FlipHorizontal => (w - x, y),
            FlipVertical => (x, h - y),
            Rotate90FlipH => (y, x),
            Rotate270FlipH => (h - y, w - x),
        };
        Pos2::new(u, v)
    }

    /// A point of the shown photo, where it lies in the stored pixels: the
    /// inverse of [`Self::to_shown`].
    pub(super) fn to_stored(self, p: Pos2) -> Pos2 {
        use Orientation::*;
        let (w, h) = (self.stored.x, self.stored.y);
        let (u, v) = (p.x, p.y);
        let (x, y) = match self.orientation {
            NoTransforms => (u, v),
            Rotate90 => (v, h - u),
            Rotate180 => (w - u, h - v),
            Rotate270 => (w - v, u),
            FlipHorizontal => (w - u, v),
            FlipVertical => (u, h - v),
            Rotate90FlipH => (v, u),
            Rotate270FlipH => (w - v, h - u),
        };
        Pos2::new(x, y)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{DynamicImage, GrayImage, Luma};

    const ALL: [Orientation; 8] = [
        Orientation::NoTransforms,
        Orientation::Rotate90,
        Orientation::Rotate180,
        Orientation::Rotate270,
        Orientation::FlipHorizontal,
        Orientation::FlipVertical,
        Orientation::Rotate90FlipH,
        Orientation::Rotate270FlipH,
    ];

    /// Each mapping agrees with where `image` moves a marked pixel, and
    /// `to_stored` undoes `to_shown`.
    #[test]
    fn points_follow_the_pixels_image_turns() {
        let (w, h) = (7u32, 4u32);
        let (px, py) = (5u32, 1u32);
        for o in ALL {
            let mut img = GrayImage::new(w, h);
            img.put_pixel(px, py, Luma([255]));
            let mut shown = DynamicImage::ImageLuma8(img);
            shown.apply_orientation(o);
            let shown = shown.into_luma8();
            let turn = PhotoTurn::new(o, Vec2::new(w as f32, h as f32));
            let size = turn.shown_size();
            assert_eq!((size.x as u32, size.y as u32), shown.dimensions(), "{o:?}");
            // The marked pixel's centre lands in the centre of the lit pixel.
            let p = turn.to_shown(Pos2::new(px as f32 + 0.5, py as f32 + 0.5));
            let lit = shown.enumerate_pixels().find(|(_, _, l)| l.0[0] == 255);
            let (lx, ly, _) = lit.unwrap();
            assert_eq!((p.x, p.y), (lx as f32 + 0.5, ly as f32 + 0.5), "{o:?}");
            let back = turn.to_stored(p);
            assert_eq!(
                (back.x, back.y),
                (px as f32 + 0.5, py as f32 + 0.5),
                "{o:?}"
            );
        }
    }
}
