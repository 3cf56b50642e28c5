//! The digit networks, compressed for the binary, and link settings for the
//! release binary.
//!
//! The two ONNX networks (`models/*.onnx`, 1.9 MB of weights) are embedded
//! deflated (a tenth smaller: trained weights are close to random bits) and
//! inflated once when the model is loaded (`vision::model`).
//!
//! On Linux with glibc 2.36 or later, the binary's relative relocations are
//! packed (`-z pack-relative-relocs`, the RELR format): a position-independent
//! executable keeps a table entry per pointer it holds (vtables, string
//! tables, static slices), 24 bytes each in the classic `.rela.dyn`, and RELR
//! writes runs of them as bitmaps instead. The code is the same; the file is
//! about a megabyte smaller.
//!
//! The loader must read RELR, which glibc does from 2.36 on (it marks this
//! with the `GLIBC_ABI_DT_RELR` version the linker then asks for), so the
//! flag is given only when the C library of the machine building it has that
//! version, and only when building for that machine: a binary built here runs
//! here. A linker too old to know the flag (GNU ld before 2.38) warns and
//! ignores it.

use std::env;
use std::path::Path;

/// The networks embedded, under `models/`.
const NETWORKS: [&str; 2] = ["digits.onnx", "second_opinion.onnx"];

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out = env::var_os("OUT_DIR").expect("cargo sets OUT_DIR for build scripts");
    for name in NETWORKS {
        let source = Path::new("models").join(name);
        println!("cargo:rerun-if-changed={}", source.display());
        let bytes = std::fs::read(&source)
            .unwrap_or_else(|e| panic!("{}: {e} (the digit network)", source.display()));
        let deflated = miniz_oxide::deflate::compress_to_vec(&bytes, 9);
        let target = Path::new(&out).join(format!("{name}.deflate"));
        std::fs::write(&target, deflated).unwrap_or_else(|e| panic!("{}: {e}", target.display()));
    }
    let target = env::var("TARGET").unwrap_or_default();
    let host = env::var("HOST").unwrap_or_default();
    let release = env::var("PROFILE").is_ok_and(|p| p == "release");
    if release && target == host && target.ends_with("-linux-gnu") && libc_reads_relr() {
        println!("cargo:rustc-link-arg-bins=-Wl,-z,pack-relative-relocs");
    }
}

/// Whether this machine's glibc loads RELR relocations: its `libc.so.6`
/// defines the `GLIBC_ABI_DT_RELR` version.
fn libc_reads_relr() -> bool {
    const PLACES: [&str; 5] = [
        "/lib/x86_64-linux-gnu/libc.so.6",
        "/lib/aarch64-linux-gnu/libc.so.6",
        "/usr/lib64/libc.so.6",
        "/lib64/libc.so.6",
        "/usr/lib/libc.so.6",
    ];
    // the first one present is the system's (a missing path is not watched:
    // cargo would run the script again at every build)
    let Some(libc) = PLACES.iter().map(Path::new).find(|p| p.exists()) else {
        return false;
    };
    println!("cargo:rerun-if-changed={}", libc.display());
    std::fs::read(libc).is_ok_and(|bytes| bytes.windows(17).any(|w| w == b"GLIBC_ABI_DT_RELR"))
}
