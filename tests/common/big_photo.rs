//! A 12-megapixel phone-sized photo (4000x3000 JPEG): the synthetic serif sample scaled up.
//! Shared by the vision bench (`benches/vision.rs`) and the server's memory test
//! (`tests/it/serve/memory.rs`), which include this file by path.

use std::path::Path;

/// `samples/printed_serif.jpg` resized to 4000x3000 and encoded as JPEG.
pub fn twelve_megapixel_jpeg(root: &Path) -> Vec<u8> {
    printed_serif_jpeg(root, 4000, 3000)
}

/// `samples/printed_serif.jpg` resized to `width` x `height` and encoded as JPEG.
pub fn printed_serif_jpeg(root: &Path, width: u32, height: u32) -> Vec<u8> {
    let sample = std::fs::read(root.join("samples/printed_serif.jpg")).unwrap();
    let img = image::load_from_memory(&sample).unwrap();
    let big = img.resize_exact(width, height, image::imageops::FilterType::Triangle);
    let mut jpeg = std::io::Cursor::new(Vec::new());
    big.to_rgb8()
        .write_to(&mut jpeg, image::ImageFormat::Jpeg)
        .unwrap();
    jpeg.into_inner()
}
