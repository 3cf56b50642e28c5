//! The bad-input corpus of issue 11: puzzle files and photos that are empty, binary,
//! truncated, too large, in the wrong format or in the wrong place, each checked for the
//! message that names what is wrong (and where) and for its exit code. Every input is
//! generated here at run time, the damaged photos from our own synthetic `samples/`.

use crate::common::{bmp_header, png, samples};
use std::path::PathBuf;
use std::process::Command;

use crate::common::HARD as LINE;

/// One input and what the command must say about it.
struct Case {
    name: &'static str,
    /// The arguments; `{}` stands for the generated input's path.
    args: &'static [&'static str],
    input: Input,
    code: i32,
    /// Every one of these appears in the output (stdout and stderr together).
    says: &'static [&'static str],
    /// None of these does: the wrong thing named.
    not: &'static [&'static str],
}

enum Input {
    Bytes(Vec<u8>),
    Dir,
    Missing,
    /// A sparse file of this many bytes: large on paper, nothing on disk.
    Sparse(u64),
}

fn scratch() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("sudolens-corpus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn make(input: &Input, name: &str) -> PathBuf {
    let path = scratch().join(name.replace(' ', "_"));
    match input {
        Input::Bytes(b) => std::fs::write(&path, b).unwrap(),
        Input::Dir => std::fs::create_dir_all(&path).unwrap(),
        Input::Missing => {}
        Input::Sparse(len) => std::fs::File::create(&path).unwrap().set_len(*len).unwrap(),
    }
    path
}

fn run(cases: Vec<Case>) {
    let mut failures = Vec::new();
    for case in &cases {
        let path = make(&case.input, case.name);
        let args: Vec<String> = case
            .args
            .iter()
            .map(|a| a.replace("{}", path.to_str().unwrap()))
            .collect();
        let out = Command::new(env!("CARGO_BIN_EXE_sudolens"))
            .args(&args)
            .output()
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        let missing: Vec<_> = case.says.iter().filter(|s| !text.contains(*s)).collect();
        let wrong: Vec<_> = case.not.iter().filter(|s| text.contains(*s)).collect();
        if out.status.code() != Some(case.code) || !missing.is_empty() || !wrong.is_empty() {
            failures.push(format!(
                "{}: exit {:?} (want {}), missing {missing:?}, wrongly says {wrong:?}\n{text}",
                case.name,
                out.status.code(),
                case.code
            ));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

fn grid_text() -> String {
    sudolens::grid::Grid::parse(LINE).unwrap().to_grid_text()
}

fn lines(first: &str, good: usize) -> Vec<u8> {
    let mut text = format!("{first}\n");
    for _ in 0..good {
        text.push_str(LINE);
        text.push('\n');
    }
    text.into_bytes()
}

#[test]
fn bad_puzzle_files_are_named_and_coded() {
    let mut bad_char = grid_text();
    bad_char.replace_range(3 * 18 + 6..3 * 18 + 7, "#");
    let mut non_utf8 = lines(LINE, 0);
    non_utf8.extend_from_slice(b"ab\xffcd\n");
    non_utf8.extend_from_slice(&lines(LINE, 0));
    let solve = &["solve", "{}"][..];
    let rate = &["rate", "{}"][..];
    use Input::*;
    #[rustfmt::skip]
    let cases = vec![
        Case { name: "empty file", args: solve, input: Bytes(vec![]), code: 2, says: &["empty"], not: &[] },
        Case { name: "comments only", args: solve, input: Bytes(b"# none\n\n// here\n".to_vec()), code: 2, says: &["empty"], not: &[] },
        Case { name: "a directory", args: solve, input: Dir, code: 2, says: &["is a directory"], not: &["neither"] },
        Case { name: "rate on a directory", args: rate, input: Dir, code: 2, says: &["is a directory"], not: &["neither"] },
        Case { name: "missing.txt", args: solve, input: Missing, code: 2, says: &["neither a file that exists nor a puzzle"], not: &[] },
        Case { name: "png bytes", args: solve, input: Bytes(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR".to_vec()), code: 2, says: &["not a text file", "line 1"], not: &[] },
        Case { name: "NUL byte", args: solve, input: Bytes(b"4.....8\0.5\n".to_vec()), code: 2, says: &["line 1, column 8", "binary data", "NUL byte"], not: &["UTF-8"] },
        Case { name: "bad char in a grid", args: solve, input: Bytes(bad_char.into_bytes()), code: 2, says: &["line 4, column 7: '#' is not a digit"], not: &[] },
        Case { name: "2x3 header", args: solve, input: Bytes(format!("2 3\n{}", grid_text()).into_bytes()), code: 2, says: &["boxes other than 3x3"], not: &[] },
        Case { name: "79 cells", args: solve, input: Bytes(LINE.as_bytes()[..79].to_vec()), code: 2, says: &["found 79 cells, expected 81"], not: &[] },
        Case { name: "endless line", args: solve, input: Bytes(vec![b'1'; 200_000]), code: 2, says: &["line 1 is longer than the 65536 bytes"], not: &[] },
        Case { name: "bad first line", args: solve, input: Bytes(lines(&LINE[..80], 3)), code: 1, says: &["error: line 1: found 80 cells, expected 81", "4 puzzles, 3 solved"], not: &["81080", "found 323"] },
        Case { name: "rate bad first line", args: rate, input: Bytes(lines(&LINE[..80], 1)), code: 1, says: &["error: line 1: found 80 cells", "1 rated"], not: &[] },
        Case { name: "NUL in a batch", args: solve, input: Bytes([lines(LINE, 0), b"ab\0\n".to_vec(), lines(LINE, 0)].concat()), code: 1, says: &["error: line 2, column 3: binary data", "2 solved"], not: &["line 2: line 2"] },
        Case { name: "bad UTF-8 in a batch", args: solve, input: Bytes(non_utf8), code: 1, says: &["error: line 2: not a text file: invalid UTF-8 at byte 84", "2 solved"], not: &[] },
        Case { name: "bad char in a batch", args: solve, input: Bytes(lines(&format!("{}x", &LINE[..80]), 1)), code: 1, says: &["error: line 1, column 81: 'x' is not a digit"], not: &["line 1: line 1"] },
        Case { name: "several solutions", args: solve, input: Bytes(".".repeat(81).into_bytes()), code: 4, says: &["multiple solutions"], not: &[] },
        Case { name: "conflict", args: solve, input: Bytes(format!("44{}", &LINE[2..]).into_bytes()), code: 3, says: &["no solution: 4 appears twice"], not: &[] },
    ];
    run(cases);
}

fn sample_jpeg() -> Vec<u8> {
    std::fs::read(samples().join("printed_serif.jpg")).unwrap()
}

/// A PNG of `w` x `h` pixels drawn by `f`.
/// An ISO media file's first box, as HEIC and AVIF files start.
fn ftyp(major: &[u8; 4], compatible: &[&[u8; 4]]) -> Vec<u8> {
    let size = 16 + 4 * compatible.len() as u32;
    let mut b = size.to_be_bytes().to_vec();
    b.extend_from_slice(b"ftyp");
    b.extend_from_slice(major);
    b.extend_from_slice(&[0; 4]);
    for c in compatible {
        b.extend_from_slice(*c);
    }
    b.extend_from_slice(&[0; 64]);
    b
}

#[test]
fn bad_photos_are_named_and_coded() {
    let jpeg = sample_jpeg();
    let half = jpeg[..jpeg.len() / 2].to_vec();
    let half_with_end = [&jpeg[..jpeg.len() / 2], &[0xFF, 0xD9][..]].concat();
    let blank = png(640, 480, |x, y| 230 - ((x + y) % 3) as u8);
    let import = &["import", "{}"][..];
    let as_json = &["import", "--json", "{}"][..];
    use Input::*;
    #[rustfmt::skip]
    let cases = vec![
        Case { name: "empty.jpg", args: import, input: Bytes(vec![]), code: 2, says: &["empty.jpg", "the file is empty"], not: &["not an image"] },
        Case { name: "note.jpg", args: import, input: Bytes(b"r1c1 = 5, a note".to_vec()), code: 2, says: &["note.jpg", "not an image"], not: &[] },
        Case { name: "anim.gif", args: import, input: Bytes(b"GIF89a\x10\0\x10\0\0\0\0;".to_vec()), code: 2, says: &["anim.gif: a GIF image; sudolens reads JPEG, PNG, WebP or BMP"], not: &["not an image"] },
        Case { name: "scan.tif", args: import, input: Bytes(b"II*\0\x08\0\0\0\0\0\0\0".to_vec()), code: 2, says: &["a TIFF image; sudolens reads JPEG, PNG, WebP or BMP"], not: &[] },
        Case { name: "iphone.heic", args: import, input: Bytes(ftyp(b"heic", &[b"mif1", b"heic"])), code: 2, says: &["a HEIC image; sudolens reads"], not: &["not an image"] },
        Case { name: "mif1.heic", args: import, input: Bytes(ftyp(b"mif1", &[b"mif1", b"heic"])), code: 2, says: &["a HEIC image"], not: &[] },
        Case { name: "cut.jpg", args: import, input: Bytes(half), code: 2, says: &["damaged or truncated"], not: &[] },
        Case { name: "cut_with_end.jpg", args: import, input: Bytes(half_with_end.clone()), code: 2, says: &["cut_with_end.jpg", "damaged or truncated"], not: &["verdict"] },
        Case { name: "huge.bmp", args: import, input: Bytes(bmp_header(20_000, 20_000)), code: 2, says: &["20000x20000 pixels", "megapixels"], not: &[] },
        Case { name: "zero.bmp", args: import, input: Bytes(bmp_header(0, 10)), code: 2, says: &["zero.bmp"], not: &[] },
        Case { name: "big.jpg", args: import, input: Sparse(200_000_000), code: 2, says: &["big.jpg", "too large", "200 MB"], not: &[] },
        Case { name: "folder.jpg", args: import, input: Dir, code: 2, says: &["folder.jpg: this is a folder"], not: &[] },
        Case { name: "gone.jpg", args: import, input: Missing, code: 2, says: &["gone.jpg: cannot read the file"], not: &[] },
        Case { name: "blank.png", args: import, input: Bytes(blank), code: 5, says: &["no Sudoku grid found"], not: &[] },
        Case { name: "json empty.jpg", args: as_json, input: Bytes(vec![]), code: 2, says: &["\"kind\":\"empty_file\"", "\"file\":", "json_empty.jpg"], not: &[] },
        Case { name: "json cut.jpg", args: as_json, input: Bytes(half_with_end), code: 2, says: &["\"kind\":\"damaged\""], not: &[] },
    ];
    run(cases);
}

#[test]
fn a_debug_dir_that_is_a_file_is_blamed_not_the_photo() {
    let file = make(&Input::Bytes(b"not a folder".to_vec()), "debug_is_a_file");
    let photo = samples().join("printed_serif.jpg");
    let out = Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .args([
            "import",
            "--debug-dir",
            file.to_str().unwrap(),
            photo.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{stderr}");
    assert!(
        stderr.contains("--debug-dir") && stderr.contains("not a folder"),
        "{stderr}"
    );
    assert!(
        !stderr.contains("printed_serif"),
        "the photo is not to blame: {stderr}"
    );

    // a missing folder is created, with its parents
    let dir = scratch().join("debug/nested");
    let out = Command::new(env!("CARGO_BIN_EXE_sudolens"))
        .args([
            "import",
            "--debug-dir",
            dir.to_str().unwrap(),
            photo.to_str().unwrap(),
        ])
        .output()
        .unwrap();
    assert_eq!(
        out.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(dir.join("warped.png").is_file());
}
