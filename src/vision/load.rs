//! Decoding with the size checks done on the header, before any pixel buffer is allocated.

use super::error::ImportError;
use image::{GrayImage, ImageFormat, ImageReader};
use std::io::Cursor;

/// Largest photo accepted: a 100-megapixel greyscale buffer is already 100 MB, and decoders
/// need several times that transiently.
pub const MAX_PIXELS: u64 = 100_000_000;

/// Decodes an encoded photo to greyscale, refusing unreadable, empty or oversized images.
///
/// The orientation tag is deliberately ignored: tags are often wrong, so the upright direction
/// is decided later from the digits themselves.
pub fn decode_gray(bytes: &[u8], max_pixels: u64) -> Result<GrayImage, ImportError> {
    let format = image::guess_format(bytes).map_err(|_| ImportError::NotAnImage)?;
    if !matches!(
        format,
        ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP | ImageFormat::Bmp
    ) {
        return Err(ImportError::NotAnImage);
    }
    if format == ImageFormat::Jpeg && !jpeg_has_end(bytes) {
        // the JPEG decoder pads a cut-off scan with grey instead of failing; a half photo
        // would then be read as a grid with blank cells, so refuse it here
        return Err(ImportError::Corrupt("the JPEG data ends early".into()));
    }
    let reader = ImageReader::with_format(Cursor::new(bytes), format);
    let (width, height) = reader
        .into_dimensions()
        .map_err(|e| ImportError::Corrupt(e.to_string()))?;
    if width == 0 || height == 0 {
        return Err(ImportError::Empty);
    }
    if u64::from(width) * u64::from(height) > max_pixels {
        return Err(ImportError::TooLarge {
            width,
            height,
            max_pixels,
        });
    }
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(width);
    limits.max_image_height = Some(height);
    // RGBA at 4 bytes a pixel plus decoder scratch; the default 512 MiB would refuse 100 MP.
    limits.max_alloc = Some(max_pixels.saturating_mul(12));
    reader.limits(limits);
    let img = reader
        .decode()
        .map_err(|e| ImportError::Corrupt(e.to_string()))?;
    Ok(img.into_luma8())
}

/// Whether an end-of-image marker follows the last start-of-scan marker. Inside scan data a
/// 0xFF byte is always followed by 0x00 or a restart marker, so the markers cannot be faked by
/// pixel data; trailers some phones append after the image are allowed.
fn jpeg_has_end(bytes: &[u8]) -> bool {
    let marker = |m: u8| bytes.windows(2).rposition(|w| w[0] == 0xFF && w[1] == m);
    match (marker(0xDA), marker(0xD9)) {
        (Some(sos), Some(eoi)) => eoi > sos,
        _ => false,
    }
}
