//! Peak memory of a large colour photo with no grid (issue 32, N5): the
//! colour-muted second reading held three decoded copies at once (1,263 MB
//! for a 100-megapixel RGBA16 PNG, where the first reading takes about the
//! decoded image and its greys); now a PNG is decoded row by row into greys
//! and no decoded copy is held at all. The photo is written here, a flat colour
//! compressed by a few lines of deflate, so that making it costs nothing.

#![cfg(target_os = "linux")]

/// Bits written least significant first, as deflate packs them.
#[derive(Default)]
struct Bits {
    bytes: Vec<u8>,
    acc: u64,
    count: u32,
}

impl Bits {
    fn put(&mut self, value: u32, bits: u32) {
        self.acc |= u64::from(value) << self.count;
        self.count += bits;
        while self.count >= 8 {
            self.bytes.push(self.acc as u8);
            self.acc >>= 8;
            self.count -= 8;
        }
    }

    /// A Huffman code, sent most significant bit first.
    fn code(&mut self, code: u32, bits: u32) {
        let reversed = code.reverse_bits() >> (32 - bits);
        self.put(reversed, bits);
    }

    /// A symbol of the fixed literal/length code.
    fn symbol(&mut self, s: u32) {
        match s {
            0..=143 => self.code(0x30 + s, 8),
            144..=255 => self.code(0x190 + s - 144, 9),
            256..=279 => self.code(s - 256, 7),
            _ => self.code(0xC0 + s - 280, 8),
        }
    }

    /// A match of `length` (3 to 258) at distance 8.
    fn match8(&mut self, length: u32) {
        const BASE: [u32; 29] = [
            3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99,
            115, 131, 163, 195, 227, 258,
        ];
        const EXTRA: [u32; 29] = [
            0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0,
        ];
        let i = BASE.iter().rposition(|&b| b <= length).unwrap();
        self.symbol(257 + i as u32);
        self.put(length - BASE[i], EXTRA[i]);
        // distance code 5: 7 plus one extra bit
        self.code(5, 5);
        self.put(1, 1);
    }
}

fn crc32(data: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in data {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 {
                (crc >> 1) ^ 0xEDB8_8320
            } else {
                crc >> 1
            };
        }
    }
    !crc
}

fn chunk(png: &mut Vec<u8>, kind: &[u8; 4], data: &[u8]) {
    png.extend_from_slice(&(data.len() as u32).to_be_bytes());
    let start = png.len();
    png.extend_from_slice(kind);
    png.extend_from_slice(data);
    let crc = crc32(&png[start..]);
    png.extend_from_slice(&crc.to_be_bytes());
}

/// A `side` x `side` RGBA16 PNG of one colour (yellow: chroma everywhere).
fn flat_rgba16_png(side: u32) -> Vec<u8> {
    let pixel = [0xFF, 0xFF, 0xFF, 0xFF, 0, 0, 0xFF, 0xFF];
    let mut bits = Bits::default();
    bits.put(1, 1); // the last block
    bits.put(1, 2); // fixed Huffman codes
    let (mut a, mut b) = (1u32, 0u32);
    let mut adler = |byte: u8, times: u32| {
        for _ in 0..times {
            a = (a + u32::from(byte)) % 65_521;
            b = (b + a) % 65_521;
        }
    };
    for _ in 0..side {
        // filter byte 0, the first pixel, then the row's rest copied from it
        bits.symbol(0);
        adler(0, 1);
        for &byte in &pixel {
            bits.symbol(u32::from(byte));
        }
        let mut left = 8 * (side - 1);
        while left > 0 {
            let take = if left > 258 && left - 258 < 3 {
                left - 3
            } else {
                left.min(258)
            };
            bits.match8(take);
            left -= take;
        }
        for _ in 0..side {
            for &byte in &pixel {
                adler(byte, 1);
            }
        }
    }
    bits.symbol(256);
    bits.put(0, 7); // flush the last byte
    let mut zlib = vec![0x78, 0x01];
    zlib.extend_from_slice(&bits.bytes);
    zlib.extend_from_slice(&((b << 16) | a).to_be_bytes());

    let mut png = b"\x89PNG\r\n\x1a\n".to_vec();
    let mut header = side.to_be_bytes().to_vec();
    header.extend_from_slice(&side.to_be_bytes());
    header.extend_from_slice(&[16, 6, 0, 0, 0]); // 16 bits, RGBA
    chunk(&mut png, b"IHDR", &header);
    chunk(&mut png, b"IDAT", &zlib);
    chunk(&mut png, b"IEND", &[]);
    png
}

#[test]
fn the_generated_photo_decodes_to_its_colour() {
    let png = flat_rgba16_png(40);
    let img = image::load_from_memory(&png).unwrap();
    assert_eq!(img.color(), image::ColorType::Rgba16);
    let rgb = img.to_rgb8();
    assert!(rgb.pixels().all(|p| p.0 == [255, 255, 0]));
}

/// Runs `sudolens import` on `png` and returns its exit code and peak
/// memory (its own VmHWM) in KiB.
// The child is reaped by `wait_with_peak` (waitpid).
#[allow(clippy::zombie_processes)]
fn import_peak_kib(name: &str, png: &[u8]) -> (i32, i64) {
    let path = crate::common::temp_file(name, png);
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .args(["import", path.to_str().unwrap()])
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .spawn()
        .unwrap();
    crate::batch::wait_with_peak(&child)
}

/// The goal of issue 32 (N5): a 100-megapixel (9999 x 9999) RGBA16 photo
/// with no grid imports in no more than the 877 MB it took two turns ago.
/// Decoded whole it is 800 MB before its greys are made (931 MB at peak
/// with the second reading's copies freed); decoded row by row into greys,
/// the full-colour image is never held: the plain and the muted greys
/// (95 MiB each) and the rest of the command, 244 MB when written. The
/// test holds it to half the goal, 440 MB.
#[test]
fn a_100_megapixel_colour_photo_imports_within_half_of_877_mb() {
    let side = 9999u32;
    let (code, peak_kib) = import_peak_kib("flat_rgba16_100mp.png", &flat_rgba16_png(side));
    assert_eq!(code, 5, "no grid in a flat colour");
    let limit_kib = 440 * 1024;
    eprintln!(
        "100 MP RGBA16 import: peak {} MB (limit {} MB, half the 877 MB goal)",
        peak_kib / 1024,
        limit_kib / 1024
    );
    assert!(
        peak_kib <= limit_kib,
        "peak {peak_kib} KiB, more than {limit_kib} KiB"
    );
}

/// A 36-megapixel RGBA16 photo is 288 MB decoded, its greys 36 MB. The
/// second reading held the first greys, the muted greys and an RGB copy
/// (108 MB) beside the decoded image: 468 MB. Now the first greys are freed
/// and the PNG is decoded row by row into greys (`vision::load`): two grey
/// images at most, plus the rest of the command (the digit model); 118 MB
/// when written.
#[test]
fn a_large_colour_photo_with_no_grid_keeps_no_decoded_copy() {
    let side = 6000u32;
    let (code, peak_kib) = import_peak_kib("flat_rgba16.png", &flat_rgba16_png(side));
    assert_eq!(code, 5, "no grid in a flat colour");
    let pixels = u64::from(side) * u64::from(side);
    let grey_kib = (pixels / 1024) as i64;
    // two grey images, and 80 MB for the model and the rest; no decoded copy
    let limit = 2 * grey_kib + 80 * 1024;
    eprintln!("peak {} MB (limit {} MB)", peak_kib / 1024, limit / 1024);
    assert!(
        peak_kib < limit,
        "peak {peak_kib} KiB, more than {limit} KiB"
    );
}

/// `sudolens import --json` of the photo at `path`, parsed.
fn import_json(path: &std::path::Path) -> serde_json::Value {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .args(["import", "--json", path.to_str().unwrap()])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

/// A 50-megapixel JPEG (a phone's largest mode; 8192 x 6144 here) is decoded at half its
/// size by a smaller inverse DCT (issue 31): whole, its colours and greys alone were 201 MB.
/// It reads as the photo it was made from, and its size and corners are said in its own
/// pixels.
#[test]
fn a_50_megapixel_jpeg_is_decoded_at_half_size_and_reads_as_its_sample() {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"));
    let (w, h) = (8192u32, 6144u32);
    let jpeg = crate::big_photo::printed_serif_jpeg(root, w, h);
    let (code, peak_kib) = import_peak_kib("printed_serif_50mp.jpg", &jpeg);
    assert_eq!(code, 0);
    let whole_kib = (u64::from(w) * u64::from(h) * 4 / 1024) as i64;
    // decoded at half size: its colours and greys are a quarter of the whole ones; the
    // rest of the command (the model, the file) was 45 MB beside the 36 MP PNG's greys
    let limit = whole_kib / 4 + 100 * 1024;
    eprintln!(
        "50 MP JPEG import: peak {} MB (limit {} MB; decoded whole, its colours and greys \
         alone are {} MB)",
        peak_kib / 1024,
        limit / 1024,
        whole_kib / 1024
    );
    assert!(
        peak_kib < limit,
        "peak {peak_kib} KiB, more than {limit} KiB"
    );

    let big = import_json(&crate::common::temp_file("printed_serif_50mp.jpg", &jpeg));
    let sample = import_json(&root.join("samples/printed_serif.jpg"));
    assert_eq!(
        (big["width"].as_u64(), big["height"].as_u64()),
        (Some(8192), Some(6144))
    );
    assert_eq!(big["givens"], sample["givens"]);
    assert_eq!(big["entries"], sample["entries"]);
    assert_eq!(big["verdict"], "unique");
    // eight times the sample's corners, give or take a few of the sample's pixels
    let corners = |v: &serde_json::Value| -> Vec<f64> {
        v["corners"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|c| c.as_array().unwrap().iter().map(|x| x.as_f64().unwrap()))
            .collect()
    };
    for (b, s) in corners(&big).iter().zip(corners(&sample)) {
        assert!(
            (b - ((s + 0.5) * 8.0 - 0.5)).abs() < 8.0 * 3.0,
            "corner {b} in the 50 MP photo, {s} in the sample: {:?}",
            corners(&big)
        );
    }

    // corners the player places are in the photo's pixels too: the sample's, eight times
    // over and a little inwards, read the same grid
    use sudolens::vision::{self, DigitModel, ImportOptions};
    let model = DigitModel::bundled().expect("bundled model loads");
    let s = corners(&sample);
    let (cx, cy) = (
        (s[0] + s[2] + s[4] + s[6]) / 4.0,
        (s[1] + s[3] + s[5] + s[7]) / 4.0,
    );
    let placed = std::array::from_fn(|i| {
        let (x, y) = (s[2 * i], s[2 * i + 1]);
        [
            (x + (cx - x) * 0.02 + 0.5) * 8.0 - 0.5,
            (y + (cy - y) * 0.02 + 0.5) * 8.0 - 0.5,
        ]
    });
    let r = vision::import_bytes_with_corners(&jpeg, placed, &model, &ImportOptions::default())
        .expect("the outlined grid reads");
    assert_eq!(r.givens.to_string(), sample["givens"].as_str().unwrap());
    assert_eq!((r.width, r.height), (w, h));
}
