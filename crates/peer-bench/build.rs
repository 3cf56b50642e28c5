//! Compiles tdoku from `../shared/peers/tdoku` (outside the project, never
//! copied into it) with its authors' flags, for the side-by-side bench.
//!
//! The peer is compiled only for optimised builds (`cargo bench`, or
//! `cargo test --release`): a debug `cargo test` of the application never
//! waits for it. When the folder is absent, or the build is not optimised,
//! the crate is built without tdoku and says so.

use std::path::PathBuf;

fn main() {
    println!("cargo:rustc-check-cfg=cfg(tdoku)");
    let manifest = PathBuf::from(std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets it"));
    // crates/peer-bench -> the project root -> its sibling `shared`.
    let tdoku = manifest.join("../../../shared/peers/tdoku");
    println!("cargo:rerun-if-changed={}", tdoku.display());
    println!("cargo:rerun-if-env-changed=OPT_LEVEL");
    let optimised = std::env::var("OPT_LEVEL").is_ok_and(|level| level != "0");
    if !optimised {
        println!(
            "cargo:warning=tdoku is compiled for optimised builds only (cargo bench); skipped"
        );
        return;
    }
    let source = tdoku.join("src");
    if !source.join("solver_dpll_triad_simd.cc").is_file() {
        println!(
            "cargo:warning=tdoku not found at {}: the bench compares with the sudoku crate only",
            tdoku.display()
        );
        return;
    }
    // The flags from tdoku's own build (../shared/peers/README.md).
    cc::Build::new()
        .cpp(true)
        .opt_level(3)
        .flag("-march=native")
        .flag("-std=c++14")
        .flag("-fno-exceptions")
        .flag("-fno-rtti")
        .warnings(false)
        .include(tdoku.join("include"))
        .file(source.join("solver_dpll_triad_simd.cc"))
        .file(source.join("util.cc"))
        .compile("tdoku");
    println!("cargo:rustc-cfg=tdoku");
}
