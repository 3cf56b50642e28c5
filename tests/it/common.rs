//! What many integration tests share: puzzle literals, running the `sudolens`
//! binary, and spreading slow readings over the machine's cores.

use std::path::PathBuf;
use std::process::{Command, Output};

/// An easy puzzle (singles only).
pub const EASY: &str =
    "..3.2.6..9..3.5..1..18.64....81.29..7.......8..67.82....26.95..8..2.3..9..5.1.3..";

/// A hard puzzle with 17 givens, and its solution.
pub const HARD: &str =
    "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
pub const HARD_SOLUTION: &str =
    "417369825632158947958724316825437169791586432346912758289643571573291684164875293";

/// A complete, valid grid.
pub const SOLVED: &str =
    "483921657967345821251876493548132976729564138136798245372689514814253769695417382";

/// Runs `sudolens` with `args` and waits for it.
pub fn sudolens(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .args(args)
        .output()
        .expect("the binary runs")
}

/// Output bytes as text, for messages and assertions.
pub fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// A file holding `contents` in this test run's scratch folder.
pub fn temp_file(name: &str, contents: &[u8]) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudolens-it-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, contents).unwrap();
    path
}

/// The synthetic sample photos of `samples/`.
pub fn samples() -> PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("samples")
}

/// The sample print `printed_serif.jpg` in grey, and its givens (a line of 81), for tests that
/// bend, fade or thin it in code.
pub fn sample_print() -> (image::GrayImage, String) {
    let path = samples().join("printed_serif.jpg");
    let print = image::open(&path).unwrap().to_luma8();
    let truth: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path.with_extension("json")).unwrap())
            .unwrap();
    (print, truth["givens"].as_str().unwrap().to_string())
}

/// `img` encoded as PNG.
pub fn png_bytes(img: &image::GrayImage) -> Vec<u8> {
    let mut bytes = std::io::Cursor::new(Vec::new());
    img.write_to(&mut bytes, image::ImageFormat::Png).unwrap();
    bytes.into_inner()
}

/// A grey PNG of `w` x `h` pixels, pixel (x, y) of value `f(x, y)`.
pub fn png(w: u32, h: u32, f: impl Fn(u32, u32) -> u8) -> Vec<u8> {
    let img = image::GrayImage::from_fn(w, h, |x, y| image::Luma([f(x, y)]));
    let mut out = std::io::Cursor::new(Vec::new());
    img.write_to(&mut out, image::ImageFormat::Png).unwrap();
    out.into_inner()
}

/// A BMP header announcing `w` x `h` pixels, with no pixel data behind it.
pub fn bmp_header(w: i32, h: i32) -> Vec<u8> {
    let mut b = b"BM".to_vec();
    b.extend_from_slice(&57u32.to_le_bytes());
    b.extend_from_slice(&[0; 4]);
    b.extend_from_slice(&54u32.to_le_bytes());
    b.extend_from_slice(&40u32.to_le_bytes());
    b.extend_from_slice(&w.to_le_bytes());
    b.extend_from_slice(&h.to_le_bytes());
    b.extend_from_slice(&1u16.to_le_bytes());
    b.extend_from_slice(&24u16.to_le_bytes());
    b.extend_from_slice(&[0; 27]);
    b
}

/// Threads a slow test spreads its readings over: the machine's two cores.
pub const WORKERS: usize = 2;

/// `work` done on each of `items` by [`WORKERS`] threads that each take the next item not yet
/// taken. The results come back in the order of `items`, whichever thread did what, so a
/// report built from them does not depend on the scheduling.
///
/// Why: the photo and screen tests each read a hundred images or more, and run last of the
/// binary's tests; read one by one, the other core sits idle while they finish.
pub fn map_in_parallel<T: Sync, R: Send>(items: &[T], work: impl Fn(&T) -> R + Sync) -> Vec<R> {
    let next = std::sync::atomic::AtomicUsize::new(0);
    let take_some = || {
        let mut mine = Vec::new();
        loop {
            let i = next.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
            let Some(item) = items.get(i) else {
                return mine;
            };
            mine.push((i, work(item)));
        }
    };
    let mut out: Vec<Option<R>> = items.iter().map(|_| None).collect();
    std::thread::scope(|s| {
        let workers: Vec<_> = (0..WORKERS).map(|_| s.spawn(take_some)).collect();
        for w in workers {
            for (i, result) in w.join().expect("a worker thread panicked") {
                out[i] = Some(result);
            }
        }
    });
    out.into_iter()
        .map(|r| r.expect("every item is taken by some thread"))
        .collect()
}
