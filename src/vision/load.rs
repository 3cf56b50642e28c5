//! Reading and decoding photos, with every size checked before the memory it implies is
//! spent: the file's size before reading it, the image's dimensions before decoding it.

use super::error::ImportError;
use image::{DynamicImage, GrayImage, ImageBuffer, ImageFormat, ImageReader};
use std::io::{Cursor, Read};
use std::path::Path;
use zune_jpeg::zune_core::bytestream::ZCursor;
use zune_jpeg::zune_core::colorspace::ColorSpace;
use zune_jpeg::zune_core::options::DecoderOptions;
use zune_jpeg::JpegDecoder;

/// Largest photo accepted: a 100-megapixel greyscale buffer is already 100 MB, and decoders
/// need several times that transiently.
pub const MAX_PIXELS: u64 = 100_000_000;

/// Largest photo file read. A phone's 12-megapixel photo is 3 to 8 MB as JPEG and a 50-MP one
/// about 25 MB; even a lossless PNG of a 12-MP photo stays under 40 MB. 100 MB is well above
/// any photo of a newspaper page, yet small enough to hold in memory while it is decoded;
/// what it refuses (a 3 GB file, a video, a disk image) is no photo, and is refused from its
/// size alone, before a byte of it is read.
pub const MAX_FILE_BYTES: u64 = 100_000_000;

/// Reads a photo file for [`super::import_bytes`], refusing a folder, an empty file or one
/// larger than [`MAX_FILE_BYTES`] before reading it. The app and the command line both read
/// photos through here.
pub fn read_photo_file(path: &Path) -> Result<Vec<u8>, ImportError> {
    let meta = std::fs::metadata(path)?;
    if meta.is_dir() {
        return Err(ImportError::Directory);
    }
    let too_large = |bytes| ImportError::FileTooLarge {
        bytes,
        max_bytes: MAX_FILE_BYTES,
    };
    if meta.len() > MAX_FILE_BYTES {
        return Err(too_large(meta.len()));
    }
    // The size may change between the check and the read, and pipes or devices report none:
    // read one byte past the cap, never more, to tell whether it was crossed.
    let mut bytes = Vec::with_capacity(meta.len() as usize);
    std::fs::File::open(path)?
        .take(MAX_FILE_BYTES + 1)
        .read_to_end(&mut bytes)?;
    match bytes.len() as u64 {
        0 => Err(ImportError::EmptyFile),
        n if n > MAX_FILE_BYTES => Err(too_large(meta.len().max(n))),
        _ => Ok(bytes),
    }
}

/// Decodes an encoded photo to greyscale, refusing unreadable, empty or oversized images.
///
/// The orientation tag is deliberately ignored: tags are often wrong, so the upright direction
/// is decided later from the digits themselves.
///
/// A PNG is decoded row by row, each row turned to greys as it comes, so that its full-colour
/// image (800 MB for a 100-megapixel RGBA16 photo) is never held (issue 32, N5). A JPEG far
/// larger than its grid needs is decoded at a half, a quarter or an eighth of its size
/// ([`jpeg_reduction`]), so that a 100 MP one costs what a 25 MP one does (issue 31).
pub fn decode_gray(bytes: &[u8], max_pixels: u64) -> Result<Reduced<GrayImage>, ImportError> {
    if let Some(reader) = png_reader(bytes, max_pixels)? {
        return Ok(Reduced::whole(png_rows_to_grey(reader, |row| {
            row.to_luma8()
        })?));
    }
    let decoded = decode(bytes, max_pixels)?;
    Ok(Reduced {
        image: decoded.image.into_luma8(),
        reduction: decoded.reduction,
    })
}

/// An image decoded at 1/`reduction` of the photo's stored size: 1, or for a JPEG far larger
/// than reading its grid needs, 2, 4 or 8 ([`jpeg_reduction`]). Pixel `(x, y)` of `image`
/// is the average of the photo's `reduction`-pixel square from `(x, y) * reduction`.
#[derive(Debug)]
pub struct Reduced<T> {
    pub image: T,
    pub reduction: u32,
}

impl<T> Reduced<T> {
    fn whole(image: T) -> Self {
        Reduced {
            image,
            reduction: 1,
        }
    }
}

/// Chroma (grey levels from a pixel's strongest channel to its weakest) from which a pixel is
/// coloured for [`decode_colour_muted`]: above the colour noise JPEG leaves on grey pixels.
const COLOURED_CHROMA: u8 = 24;

/// Decodes an encoded photo, as [`decode_gray`] does, to greys in which colour darkens: each
/// pixel's grey less its chroma (its strongest channel less its weakest). `None` when no pixel
/// is coloured ([`COLOURED_CHROMA`]): the greys would be [`decode_gray`]'s again.
///
/// Why: an app may draw its thin grid lines in a grey as light as the pale blue or pink it
/// shades cells with, so in plain greys its lines vanish there; less their chroma, the shaded
/// cells turn darker than the grey lines, which show again.
pub fn decode_colour_muted(
    bytes: &[u8],
    max_pixels: u64,
) -> Result<Option<Reduced<GrayImage>>, ImportError> {
    if let Some(reader) = png_reader(bytes, max_pixels)? {
        let (colour, _) = reader.output_color_type();
        if matches!(
            colour,
            png::ColorType::Grayscale | png::ColorType::GrayscaleAlpha
        ) {
            return Ok(None);
        }
        let mut coloured = false;
        let muted = png_rows_to_grey(reader, |row| mute(row, &mut coloured))?;
        return Ok(coloured.then_some(Reduced::whole(muted)));
    }
    let Reduced {
        image: img,
        reduction,
    } = decode(bytes, max_pixels)?;
    if !img.color().has_color() {
        return Ok(None);
    }
    // Band by band: converting the whole image to greys and to RGB held
    // both copies beside the decoded one (issue 32, N5: 1,263 MB for a
    // 100-megapixel RGBA16 PNG). A band's conversions are the whole
    // image's, pixel for pixel, so the greys are `decode_gray`'s.
    let (width, height) = (img.width(), img.height());
    let mut muted = GrayImage::new(width, height);
    let mut coloured = false;
    let mut y = 0;
    while y < height {
        let rows = MUTED_BAND_ROWS.min(height - y);
        let band = mute(&img.crop_imm(0, y, width, rows), &mut coloured);
        let start = y as usize * width as usize;
        (*muted)[start..start + band.len()].copy_from_slice(&band);
        y += rows;
    }
    Ok(coloured.then_some(Reduced {
        image: muted,
        reduction,
    }))
}

/// The muted greys of `pixels` ([`decode_colour_muted`]): each pixel's grey, as `image`
/// converts it, less its chroma (strongest RGB channel less weakest, in 8-bit RGB), setting
/// `coloured` when any chroma reaches [`COLOURED_CHROMA`].
fn mute(pixels: &DynamicImage, coloured: &mut bool) -> GrayImage {
    let (mut greys, rgb) = (pixels.to_luma8(), pixels.to_rgb8());
    for (v, p) in greys.iter_mut().zip(rgb.pixels()) {
        let [r, g, b] = p.0;
        let chroma = r.max(g).max(b) - r.min(g).min(b);
        *coloured |= chroma >= COLOURED_CHROMA;
        *v = v.saturating_sub(chroma);
    }
    greys
}

/// Rows converted at a time by [`decode_colour_muted`]: a few megabytes
/// of a 10,000-pixel-wide photo.
const MUTED_BAND_ROWS: u32 = 64;

/// The PNG photo in `bytes` opened for reading row by row, after the checks [`decode`] makes
/// before decoding (its header read, its size within `max_pixels`); `None` for other formats.
///
/// The reader is set up as `image`'s PNG decoder sets it (palettes, transparency chunks and
/// low bit depths expanded, 16-bit samples kept, text chunks read), so that each row holds the
/// pixels `image` would decode.
fn png_reader(
    bytes: &[u8],
    max_pixels: u64,
) -> Result<Option<png::Reader<Cursor<&[u8]>>>, ImportError> {
    if bytes.is_empty() {
        return Err(ImportError::EmptyFile);
    }
    if photo_format(bytes)? != ImageFormat::Png {
        return Ok(None);
    }
    // the same limit `decode` gives `image`, which hands it to the PNG decoder
    let max_bytes = usize::try_from(max_pixels.saturating_mul(12)).unwrap_or(usize::MAX);
    let mut decoder =
        png::Decoder::new_with_limits(Cursor::new(bytes), png::Limits { bytes: max_bytes });
    decoder.set_ignore_text_chunk(false);
    let header = decoder.read_header_info().map_err(png_error)?;
    check_size(header.width, header.height, max_pixels)?;
    decoder.set_transformations(png::Transformations::EXPAND);
    decoder.read_info().map(Some).map_err(png_error)
}

/// A PNG decoding error in the words `image` gives it (`image::ImageError::from_png` is
/// private), so that a damaged PNG is refused with the message it had before rows were
/// streamed.
fn png_error(e: png::DecodingError) -> ImportError {
    use image::error::{
        DecodingError, ImageError, LimitError, LimitErrorKind, ParameterError, ParameterErrorKind,
    };
    let e = match e {
        png::DecodingError::IoError(e) => ImageError::IoError(e),
        e @ png::DecodingError::Format(_) => {
            ImageError::Decoding(DecodingError::new(ImageFormat::Png.into(), e))
        }
        e @ png::DecodingError::Parameter(_) => ImageError::Parameter(ParameterError::from_kind(
            ParameterErrorKind::Generic(e.to_string()),
        )),
        png::DecodingError::LimitsExceeded => {
            ImageError::Limits(LimitError::from_kind(LimitErrorKind::InsufficientMemory))
        }
    };
    ImportError::Corrupt(e.to_string())
}

/// Decodes a PNG's rows one at a time, turning each into 8-bit greys with `to_grey` and
/// placing them in the image they make: one grey image and one decoded row alive, never the
/// full-colour image.
///
/// Each row becomes a one-row `DynamicImage` of the colour type `image` would decode (16-bit
/// samples from PNG's big-endian order to native), so `to_grey` runs `image`'s own pixel
/// conversions, which look at one pixel at a time: a row's greys are the whole image's.
/// An interlaced PNG comes as the seven Adam7 passes' rows; their greys are spread to their
/// pixels as the PNG decoder spreads colours, 8 bits a pixel.
fn png_rows_to_grey(
    mut reader: png::Reader<Cursor<&[u8]>>,
    mut to_grey: impl FnMut(&DynamicImage) -> GrayImage,
) -> Result<GrayImage, ImportError> {
    let (width, height) = (reader.info().width, reader.info().height);
    let colour = reader.output_color_type();
    let mut out = GrayImage::new(width, height);
    let mut y = 0usize;
    while let Some(row) = reader.next_interlaced_row().map_err(png_error)? {
        let interlace = *row.interlace();
        let pixels = row_image(row.data(), colour).ok_or_else(|| {
            ImportError::Corrupt("a PNG row does not match its colour type".into())
        })?;
        let greys = to_grey(&pixels);
        match interlace {
            png::InterlaceInfo::Null(_) => {
                let start = y * width as usize;
                let line = (*out).get_mut(start..start + greys.len()).ok_or_else(|| {
                    ImportError::Corrupt("the decoded size does not match the header".into())
                })?;
                line.copy_from_slice(&greys);
                y += 1;
            }
            png::InterlaceInfo::Adam7(pass) => {
                png::expand_interlaced_row(&mut out, width as usize, &greys, &pass, 8);
            }
        }
    }
    Ok(out)
}

/// One decoded PNG row as a one-row image of the colour type `image` gives it; `None` when
/// the row's length is no whole number of pixels.
fn row_image(
    data: &[u8],
    (colour, depth): (png::ColorType, png::BitDepth),
) -> Option<DynamicImage> {
    use png::ColorType::{Grayscale, GrayscaleAlpha, Indexed, Rgb, Rgba};
    use DynamicImage as D;
    let sample_bytes = if depth == png::BitDepth::Sixteen {
        2
    } else {
        1
    };
    let width = u32::try_from(data.len() / (colour.samples() * sample_bytes)).ok()?;
    if sample_bytes == 2 {
        let samples: Vec<u16> = data
            .chunks_exact(2)
            .map(|c| u16::from_be_bytes([c[0], c[1]]))
            .collect();
        return match colour {
            Grayscale => ImageBuffer::from_raw(width, 1, samples).map(D::ImageLuma16),
            GrayscaleAlpha => ImageBuffer::from_raw(width, 1, samples).map(D::ImageLumaA16),
            Rgb => ImageBuffer::from_raw(width, 1, samples).map(D::ImageRgb16),
            Rgba => ImageBuffer::from_raw(width, 1, samples).map(D::ImageRgba16),
            Indexed => None,
        };
    }
    let samples = data.to_vec();
    match colour {
        Grayscale => ImageBuffer::from_raw(width, 1, samples).map(D::ImageLuma8),
        GrayscaleAlpha => ImageBuffer::from_raw(width, 1, samples).map(D::ImageLumaA8),
        Rgb => ImageBuffer::from_raw(width, 1, samples).map(D::ImageRgb8),
        Rgba => ImageBuffer::from_raw(width, 1, samples).map(D::ImageRgba8),
        Indexed => None,
    }
}

/// Decodes an encoded photo in its own colours, refusing what [`decode_gray`] refuses.
fn decode(bytes: &[u8], max_pixels: u64) -> Result<Reduced<DynamicImage>, ImportError> {
    if bytes.is_empty() {
        return Err(ImportError::EmptyFile);
    }
    let format = photo_format(bytes)?;
    if format == ImageFormat::Jpeg {
        return decode_jpeg(bytes, max_pixels);
    }
    let reader = ImageReader::with_format(Cursor::new(bytes), format);
    let (width, height) = reader
        .into_dimensions()
        .map_err(|e| ImportError::Corrupt(e.to_string()))?;
    check_size(width, height, max_pixels)?;
    let mut reader = ImageReader::with_format(Cursor::new(bytes), format);
    let mut limits = image::Limits::default();
    limits.max_image_width = Some(width);
    limits.max_image_height = Some(height);
    // RGBA at 4 bytes a pixel plus decoder scratch; the default 512 MiB would refuse 100 MP.
    limits.max_alloc = Some(max_pixels.saturating_mul(12));
    reader.limits(limits);
    reader
        .decode()
        .map(Reduced::whole)
        .map_err(|e| ImportError::Corrupt(e.to_string()))
}

/// The photo's size in pixels, from its header alone: what [`decode_gray`] would refuse
/// before decoding (no bytes, not an image, a format sudolens does not read, no pixels or
/// too many) is refused here too, for a caller that must answer before the photo is read
/// (the web server handing a phone's photo to the window).
pub fn photo_size(bytes: &[u8], max_pixels: u64) -> Result<(u32, u32), ImportError> {
    if bytes.is_empty() {
        return Err(ImportError::EmptyFile);
    }
    let format = photo_format(bytes)?;
    let (width, height) = ImageReader::with_format(Cursor::new(bytes), format)
        .into_dimensions()
        .map_err(|e| ImportError::Corrupt(e.to_string()))?;
    check_size(width, height, max_pixels)?;
    Ok((width, height))
}

/// The format of a photo sudolens reads, decided by its content, not its name. Images in
/// other formats are named, so that the player knows to convert them rather than to look
/// for a damaged file.
fn photo_format(bytes: &[u8]) -> Result<ImageFormat, ImportError> {
    let Ok(format) = image::guess_format(bytes) else {
        return Err(match iso_media_brand(bytes) {
            Some(what) => ImportError::UnsupportedFormat(what),
            None => ImportError::NotAnImage,
        });
    };
    match format {
        ImageFormat::Jpeg | ImageFormat::Png | ImageFormat::WebP | ImageFormat::Bmp => Ok(format),
        other => Err(ImportError::UnsupportedFormat(format_name(other))),
    }
}

fn format_name(format: ImageFormat) -> &'static str {
    match format {
        ImageFormat::Gif => "a GIF image",
        ImageFormat::Tiff => "a TIFF image",
        ImageFormat::Avif => "an AVIF image",
        ImageFormat::Ico => "an ICO icon",
        ImageFormat::Hdr => "an HDR image",
        ImageFormat::OpenExr => "an OpenEXR image",
        ImageFormat::Pnm => "a PNM image",
        ImageFormat::Tga => "a TGA image",
        ImageFormat::Dds => "a DDS texture",
        ImageFormat::Farbfeld => "a Farbfeld image",
        ImageFormat::Qoi => "a QOI image",
        _ => "an image in a format sudolens does not read",
    }
}

/// HEIC (iPhone photos) and AVIF files, which `image::guess_format` does not always know: an
/// ISO media `ftyp` box whose major or compatible brands name an image format.
fn iso_media_brand(bytes: &[u8]) -> Option<&'static str> {
    if bytes.get(4..8)? != b"ftyp" {
        return None;
    }
    let size = u32::from_be_bytes(bytes[0..4].try_into().ok()?) as usize;
    // the brands sit in the box's first bytes; a handful is all any file lists
    let boxed = bytes.get(8..size.min(bytes.len()).min(256))?;
    // major brand, minor version, then compatible brands, 4 bytes each
    let brands: Vec<&[u8]> = boxed
        .chunks_exact(4)
        .enumerate()
        .filter(|&(i, _)| i != 1)
        .map(|(_, b)| b)
        .collect();
    let has = |names: &[&[u8; 4]]| brands.iter().any(|b| names.iter().any(|n| b == n));
    if has(&[b"avif", b"avis"]) {
        Some("an AVIF image")
    } else if has(&[
        b"heic", b"heix", b"heim", b"heis", b"hevc", b"hevx", b"mif1", b"msf1",
    ]) {
        Some("a HEIC image")
    } else {
        None
    }
}

fn check_size(width: u32, height: u32, max_pixels: u64) -> Result<(), ImportError> {
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
    Ok(())
}

fn damaged(e: zune_jpeg::errors::DecodeErrors) -> ImportError {
    ImportError::Corrupt(e.to_string())
}

/// Decodes a JPEG with zune-jpeg, as `image` does, but strict about the compressed pixel
/// data. `image` runs the decoder in its lenient mode, which paints grey over whatever it
/// cannot decode and says nothing, so a damaged photo would be read as a grid of blank or
/// garbage cells. The headers stay leniently parsed, since harmless oddities there (padding
/// between markers) are common in phone photos; the scan data must decode cleanly. Data cut
/// short with an end marker appended passes even the strict decoder, which reads zeros
/// after a marker: [`super::jpeg_scan`] counts the blocks first.
///
/// The output colour space is the one `image` picks, and the grey conversion is `image`'s,
/// so the pixels are the same as `image::load` would give for an undamaged photo.
fn decode_jpeg(bytes: &[u8], max_pixels: u64) -> Result<Reduced<DynamicImage>, ImportError> {
    let lenient = DecoderOptions::default()
        .set_strict_mode(false)
        .set_max_width(usize::from(u16::MAX))
        .set_max_height(usize::from(u16::MAX));
    let mut probe = JpegDecoder::new_with_options(ZCursor::new(bytes), lenient);
    probe.decode_headers().map_err(damaged)?;
    let (w, h) = probe.dimensions().ok_or(ImportError::Empty)?;
    // JPEG dimensions are 16-bit, so these conversions cannot fail
    let (width, height) = (w as u32, h as u32);
    check_size(width, height, max_pixels)?;
    if let Some(why) = super::jpeg_scan::damage(bytes) {
        return Err(ImportError::Corrupt(why));
    }
    let reduction = jpeg_reduction(width, height);
    if reduction > 1 {
        if let Some(reduced) = decode_jpeg_reduced(bytes, reduction) {
            return Ok(reduced);
        }
    }
    let space = match probe.input_colorspace() {
        Some(s @ (ColorSpace::RGB | ColorSpace::RGBA | ColorSpace::Luma | ColorSpace::LumaA)) => s,
        _ => ColorSpace::RGB,
    };
    let mut decoder =
        JpegDecoder::new_with_options(ZCursor::new(bytes), lenient.jpeg_set_out_colorspace(space));
    decoder.decode_headers().map_err(damaged)?;
    decoder.set_options(decoder.options().set_strict_mode(true));
    let pixels = decoder.decode().map_err(damaged)?;
    let wrong_size = || ImportError::Corrupt("the decoded size does not match the header".into());
    let image = match space {
        ColorSpace::Luma => DynamicImage::ImageLuma8(
            ImageBuffer::from_raw(width, height, pixels).ok_or_else(wrong_size)?,
        ),
        ColorSpace::LumaA => DynamicImage::ImageLumaA8(
            ImageBuffer::from_raw(width, height, pixels).ok_or_else(wrong_size)?,
        ),
        ColorSpace::RGBA => DynamicImage::ImageRgba8(
            ImageBuffer::from_raw(width, height, pixels).ok_or_else(wrong_size)?,
        ),
        _ => DynamicImage::ImageRgb8(
            ImageBuffer::from_raw(width, height, pixels).ok_or_else(wrong_size)?,
        ),
    };
    Ok(Reduced::whole(image))
}

/// The long side, in pixels, down to which a large JPEG may be decoded. The cells are warped
/// from a grid [`2 * GRID`](super::cells::GRID) pixels wide (576), and a grid no smaller than
/// a fifth of the photo's long side still has that many pixels at ten times it: more is box
/// averaged away by the warp anyway. A 12-megapixel phone photo (4000 x 3000) is decoded
/// whole; a 50 MP one (8160 x 6120) at half its size, a 200 MP one at a quarter.
const REDUCED_LONG_SIDE: u32 = 10 * super::cells::GRID;

/// The largest of 1, 2, 4 and 8 by which a JPEG of `width` x `height` may be reduced in its
/// decoding, keeping its long side at least [`REDUCED_LONG_SIDE`].
fn jpeg_reduction(width: u32, height: u32) -> u32 {
    let long = width.max(height);
    [8, 4, 2]
        .into_iter()
        .find(|&k| long.div_ceil(k) >= REDUCED_LONG_SIDE)
        .unwrap_or(1)
}

/// Decodes an undamaged JPEG at 1/`reduction` of its size by a smaller inverse DCT (an 8x8
/// block's lowest 4x4, 2x2 or 1x1 frequencies give its pixels at a half, a quarter or an
/// eighth: the block averages, as a box filter would, without the full-size image ever
/// being made). Its memory is the reduced image's, a quarter or less of the whole one.
///
/// `None` when `jpeg-decoder` cannot give it (a CMYK or 16-bit photo, or one it refuses that
/// zune-jpeg reads): the caller decodes the photo whole, as before.
fn decode_jpeg_reduced(bytes: &[u8], reduction: u32) -> Option<Reduced<DynamicImage>> {
    let mut decoder = jpeg_decoder::Decoder::new(Cursor::new(bytes));
    decoder.read_info().ok()?;
    let info = decoder.info()?;
    let (w, h) = (u32::from(info.width), u32::from(info.height));
    // the smallest scale at least this size is the one asked for
    let wanted = |side: u32| u16::try_from(side.div_ceil(reduction)).ok();
    let (rw, rh) = decoder.scale(wanted(w)?, wanted(h)?).ok()?;
    let (rw, rh) = (u32::from(rw), u32::from(rh));
    if (rw, rh) != (w.div_ceil(reduction), h.div_ceil(reduction)) {
        return None;
    }
    let pixels = decoder.decode().ok()?;
    let image = match decoder.info()?.pixel_format {
        jpeg_decoder::PixelFormat::L8 => {
            DynamicImage::ImageLuma8(ImageBuffer::from_raw(rw, rh, pixels)?)
        }
        jpeg_decoder::PixelFormat::RGB24 => {
            DynamicImage::ImageRgb8(ImageBuffer::from_raw(rw, rh, pixels)?)
        }
        jpeg_decoder::PixelFormat::L16 | jpeg_decoder::PixelFormat::CMYK32 => return None,
    };
    Some(Reduced { image, reduction })
}

#[cfg(test)]
mod tests {
    use super::*;
    use image::{Rgb, RgbImage};

    /// [`decode_gray`]'s image, of a photo never reduced.
    fn grey_whole(bytes: &[u8], max_pixels: u64) -> Result<GrayImage, ImportError> {
        let greys = decode_gray(bytes, max_pixels)?;
        assert_eq!(greys.reduction, 1);
        Ok(greys.image)
    }

    /// [`decode_colour_muted`]'s image, of a photo never reduced.
    fn muted_whole(bytes: &[u8], max_pixels: u64) -> Result<Option<GrayImage>, ImportError> {
        let muted = decode_colour_muted(bytes, max_pixels)?;
        assert!(muted.as_ref().is_none_or(|m| m.reduction == 1));
        Ok(muted.map(|m| m.image))
    }

    #[test]
    fn a_jpeg_is_reduced_only_while_its_long_side_keeps_ten_grid_widths() {
        assert_eq!(REDUCED_LONG_SIDE, 2880);
        assert_eq!(jpeg_reduction(4000, 3000), 1, "a 12 MP phone photo");
        assert_eq!(jpeg_reduction(5758, 100), 1);
        assert_eq!(jpeg_reduction(5759, 100), 2);
        assert_eq!(jpeg_reduction(100, 5760), 2);
        assert_eq!(jpeg_reduction(8160, 6120), 2, "50 MP");
        assert_eq!(jpeg_reduction(10_000, 10_000), 2, "100 MP");
        assert_eq!(jpeg_reduction(16_320, 12_240), 4, "200 MP");
        assert_eq!(jpeg_reduction(65_535, 10), 8);
    }

    #[test]
    fn a_reduced_jpeg_is_the_box_average_of_the_whole_one() {
        // a strip, long enough to be halved and small enough to encode in a moment, of
        // smooth shades and sharp edges
        let (w, h) = (2 * REDUCED_LONG_SIDE + 16, 48);
        let img = RgbImage::from_fn(w, h, |x, y| {
            let v = if (x / 40 + y / 12) % 2 == 0 { 30 } else { 220 };
            Rgb([v, (x % 256) as u8, v / 2 + (y * 2) as u8])
        });
        let mut jpeg = Cursor::new(Vec::new());
        img.write_to(&mut jpeg, ImageFormat::Jpeg).unwrap();
        let jpeg = jpeg.into_inner();
        let reduced = decode_gray(&jpeg, 1 << 24).unwrap();
        assert_eq!(reduced.reduction, 2);
        assert_eq!(reduced.image.dimensions(), (w / 2, h / 2));
        let whole = decode_jpeg_whole(&jpeg);
        let boxed = super::super::ops::downscale_box(&whole, 2);
        let diffs: Vec<u32> = boxed
            .iter()
            .zip(reduced.image.iter())
            .map(|(a, b)| u32::from(a.abs_diff(*b)))
            .collect();
        let mean = f64::from(diffs.iter().sum::<u32>()) / diffs.len() as f64;
        assert!(mean < 2.0, "mean difference {mean}");
    }

    /// The whole-size greys of a JPEG, as zune-jpeg decodes it.
    fn decode_jpeg_whole(jpeg: &[u8]) -> GrayImage {
        let mut decoder = JpegDecoder::new(ZCursor::new(jpeg));
        let pixels = decoder.decode().unwrap();
        let (w, h) = decoder.dimensions().unwrap();
        let rgb = RgbImage::from_raw(w as u32, h as u32, pixels).unwrap();
        DynamicImage::ImageRgb8(rgb).into_luma8()
    }

    fn png(img: &RgbImage) -> Vec<u8> {
        let mut out = Cursor::new(Vec::new());
        img.write_to(&mut out, ImageFormat::Png).unwrap();
        out.into_inner()
    }

    /// Deflate's stored (uncompressed) blocks in a zlib stream: enough to write any PNG
    /// data, interlaced or not, which `png`'s encoder does not write.
    fn zlib_stored(data: &[u8]) -> Vec<u8> {
        let mut out = vec![0x78, 0x01];
        let blocks: Vec<&[u8]> = data.chunks(65_535).collect();
        for (i, block) in blocks.iter().enumerate() {
            out.push(u8::from(i + 1 == blocks.len()));
            let len = block.len() as u16;
            out.extend_from_slice(&len.to_le_bytes());
            out.extend_from_slice(&(!len).to_le_bytes());
            out.extend_from_slice(block);
        }
        if blocks.is_empty() {
            out.extend_from_slice(&[1, 0, 0, 0xFF, 0xFF]);
        }
        let (mut a, mut b) = (1u32, 0u32);
        for &byte in data {
            a = (a + u32::from(byte)) % 65_521;
            b = (b + a) % 65_521;
        }
        out.extend_from_slice(&((b << 16) | a).to_be_bytes());
        out
    }

    /// A `width` x `height` PNG of pseudo-random samples in `colour` at `depth`, Adam7
    /// interlaced or not, with an optional eXIf chunk: every row unfiltered, the bytes of
    /// each (pass) row drawn from a simple generator, so every sample value occurs.
    fn png_of(
        (width, height): (u32, u32),
        (colour, depth): (png::ColorType, png::BitDepth),
        interlaced: bool,
        exif: Option<&[u8]>,
    ) -> Vec<u8> {
        let mut info = png::Info::with_size(width, height);
        (info.color_type, info.bit_depth, info.interlaced) = (colour, depth, interlaced);
        if colour == png::ColorType::Indexed {
            let entries = 1usize << (depth as u8);
            info.palette = Some((0..entries * 3).map(|i| (i * 37 % 256) as u8).collect());
            // some entries transparent, some half so, the rest opaque
            info.trns = Some((0..entries / 2).map(|i| (i * 85 % 256) as u8).collect());
        }
        let passes: &[(u32, u32, u32, u32)] = if interlaced {
            &[
                (0, 0, 8, 8),
                (4, 0, 8, 8),
                (0, 4, 4, 8),
                (2, 0, 4, 4),
                (0, 2, 2, 4),
                (1, 0, 2, 2),
                (0, 1, 1, 2),
            ]
        } else {
            &[(0, 0, 1, 1)]
        };
        let bits = colour.samples() * depth as usize;
        let mut seed = 0x2545_F491u32;
        let mut next_byte = || {
            seed ^= seed << 13;
            seed ^= seed >> 17;
            seed ^= seed << 5;
            (seed >> 24) as u8
        };
        let mut raw = Vec::new();
        for &(x0, y0, dx, dy) in passes {
            let columns = width.saturating_sub(x0).div_ceil(dx) as usize;
            if columns == 0 {
                continue;
            }
            for _ in (y0..height).step_by(dy as usize) {
                // filter type None, then the row's bytes
                raw.extend(
                    std::iter::once(0)
                        .chain((0..(columns * bits).div_ceil(8)).map(|_| next_byte())),
                );
            }
        }
        let mut out = Vec::new();
        let mut writer = png::Encoder::with_info(&mut out, info)
            .unwrap()
            .write_header()
            .unwrap();
        if let Some(exif) = exif {
            writer
                .write_chunk(png::chunk::ChunkType(*b"eXIf"), exif)
                .unwrap();
        }
        writer
            .write_chunk(png::chunk::IDAT, &zlib_stored(&raw))
            .unwrap();
        writer.finish().unwrap();
        out
    }

    /// What `decode_gray` and `decode_colour_muted` gave before PNGs were streamed: the
    /// whole image decoded by `image`, then converted.
    fn whole_image_readings(bytes: &[u8]) -> (GrayImage, Option<GrayImage>) {
        let img = decode(bytes, 1 << 20).unwrap().image;
        let mut coloured = false;
        let muted = mute(&img, &mut coloured);
        let muted = (img.color().has_color() && coloured).then_some(muted);
        (img.into_luma8(), muted)
    }

    #[test]
    fn streamed_png_greys_are_the_whole_image_conversions_bit_for_bit() {
        use png::BitDepth::{Eight, Four, Sixteen, Two};
        use png::ColorType::{Grayscale, GrayscaleAlpha, Indexed, Rgb, Rgba};
        let kinds = [
            (Rgba, Sixteen),
            (Rgba, Eight),
            (Rgb, Sixteen),
            (Rgb, Eight),
            (GrayscaleAlpha, Eight),
            (GrayscaleAlpha, Sixteen),
            (Grayscale, Sixteen),
            (Grayscale, Eight),
            (Grayscale, Two),
            (Indexed, Eight),
            (Indexed, Four),
        ];
        for size in [(13, 11), (1, 1), (5, 3)] {
            for kind in kinds {
                for interlaced in [false, true] {
                    let bytes = png_of(size, kind, interlaced, None);
                    let what = format!("{size:?} {kind:?} interlaced {interlaced}");
                    let (grey, muted) = whole_image_readings(&bytes);
                    assert_eq!(grey.dimensions(), size, "{what}");
                    assert_eq!(grey_whole(&bytes, 1 << 20).unwrap(), grey, "{what}");
                    let streamed = muted_whole(&bytes, 1 << 20).unwrap();
                    assert_eq!(streamed, muted, "{what}");
                }
            }
        }
        // colour present, so the muted greys are compared, not two `None`s
        let bytes = png_of((13, 11), (Rgba, Sixteen), true, None);
        assert!(muted_whole(&bytes, 1 << 20).unwrap().is_some());
    }

    #[test]
    fn a_png_orientation_tag_is_ignored_by_the_streamed_greys_as_before() {
        // big-endian TIFF, one IFD entry: Orientation (0x0112), SHORT, 1, value 6 (90°)
        let exif = [
            b'M', b'M', 0, 42, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, 6, 0, 0, 0, 0, 0,
            0, 0, 0,
        ];
        let bytes = png_of(
            (13, 5),
            (png::ColorType::Rgb, png::BitDepth::Eight),
            false,
            Some(&exif),
        );
        let (grey, muted) = whole_image_readings(&bytes);
        let streamed = grey_whole(&bytes, 1 << 20).unwrap();
        assert_eq!(streamed.dimensions(), (13, 5), "not turned");
        assert_eq!(streamed, grey);
        assert_eq!(muted_whole(&bytes, 1 << 20).unwrap(), muted);
    }

    #[test]
    fn streamed_pngs_are_refused_as_before() {
        let bytes = png_of(
            (13, 11),
            (png::ColorType::Rgb, png::BitDepth::Eight),
            false,
            None,
        );
        // too many pixels: from the header, with the size named
        let big = grey_whole(&bytes, 100).unwrap_err();
        assert!(
            matches!(
                big,
                ImportError::TooLarge {
                    width: 13,
                    height: 11,
                    max_pixels: 100
                }
            ),
            "{big:?}"
        );
        assert!(muted_whole(&bytes, 100).is_err());
        // cut short in its pixel data: damaged, in the words `image` used
        let cut = &bytes[..bytes.len() - 40];
        let (old, new) = (
            decode(cut, 1 << 20).unwrap_err(),
            grey_whole(cut, 1 << 20).unwrap_err(),
        );
        assert_eq!(new.to_string(), old.to_string());
        assert!(matches!(new, ImportError::Corrupt(_)), "{new:?}");
        // a damaged checksum in the header
        let mut bad = bytes.clone();
        bad[29] ^= 0xFF;
        let (old, new) = (
            decode(&bad, 1 << 20).unwrap_err(),
            grey_whole(&bad, 1 << 20).unwrap_err(),
        );
        assert_eq!(new.to_string(), old.to_string());
    }

    #[test]
    fn colour_darkens_in_the_muted_greys_and_grey_images_have_none() {
        // a pale blue cell beside a grey line about as bright: one shade in plain greys
        let blue_and_grey = RgbImage::from_fn(2, 1, |x, _| {
            Rgb(if x == 0 {
                [187, 222, 251]
            } else {
                [218, 218, 218]
            })
        });
        let bytes = png(&blue_and_grey);
        let plain = grey_whole(&bytes, 100).unwrap();
        assert!(plain.get_pixel(0, 0)[0].abs_diff(plain.get_pixel(1, 0)[0]) < 6);
        let muted = muted_whole(&bytes, 100).unwrap().expect("coloured");
        assert_eq!(muted.get_pixel(1, 0), plain.get_pixel(1, 0));
        assert!(
            muted.get_pixel(0, 0)[0] + 50 < muted.get_pixel(1, 0)[0],
            "{muted:?}"
        );
        // greys only, or colours too faint to be more than JPEG's noise: nothing to mute
        let greys = RgbImage::from_fn(2, 1, |x, _| {
            Rgb(if x == 0 { [250, 240, 245] } else { [9; 3] })
        });
        assert_eq!(muted_whole(&png(&greys), 100).unwrap(), None);
        // what decode_gray refuses, this refuses too
        assert!(muted_whole(&bytes, 1).is_err());
    }
}
