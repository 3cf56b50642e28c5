//! `--size N` and `--dense` with `--shape`: the same shape as the name
//! with its size, on every command that takes `--shape`, and an error
//! naming the option when the shape takes no size.

use crate::common::{sudolens, text};

/// Exit code, standard output and standard error.
fn run(args: &[&str]) -> (Option<i32>, String, String) {
    let out = sudolens(args);
    (out.status.code(), text(&out.stdout), text(&out.stderr))
}

#[test]
fn size_and_dense_give_the_same_shape_as_its_full_name() {
    let made = |shape: &[&str]| {
        let mut args = vec!["generate", "--level", "easy", "--seed", "1"];
        args.extend_from_slice(shape);
        let (code, out, err) = run(&args);
        assert_eq!(code, Some(0), "{shape:?}: {err}");
        out
    };
    let by_options = made(&["--shape", "diagonal", "--size", "3", "--dense"]);
    assert!(
        by_options.starts_with("shape: diagonal-3-dense\n"),
        "{by_options}"
    );
    assert_eq!(by_options, made(&["--shape", "diagonal-3-dense"]));
    assert_eq!(
        made(&["--shape", "carpet", "--size", "2"]),
        made(&["--shape", "carpet-2"])
    );
    // The puzzle on one line, its shape named both ways, reads alike.
    let line: String = by_options
        .lines()
        .skip(1)
        .flat_map(|l| l.chars())
        .filter(|c| *c != ' ')
        .collect();
    for command in ["solve", "hint"] {
        let (code, by_name, err) = run(&[command, "--shape", "diagonal-3-dense", &line]);
        assert_eq!(code, Some(0), "{command}: {err}");
        let (code, sized, err) = run(&[
            command, "--shape", "diagonal", "--size", "3", "--dense", &line,
        ]);
        assert_eq!(code, Some(0), "{command}: {err}");
        assert_eq!(sized, by_name, "{command}");
    }
}

#[test]
fn size_on_a_shape_without_one_is_an_error_naming_the_option() {
    for (args, says) in [
        (
            &["generate", "--shape", "samurai", "--size", "3"][..],
            "--size: the shape 'samurai' has no size",
        ),
        (
            &["solve", "--shape", "x", "--dense", "1"],
            "--dense: the shape 'x' has no size",
        ),
        (
            &["rate", "--shape", "carpet-2", "--size", "3", "1"],
            "--size: the shape 'carpet-2' already names its size",
        ),
        (
            &["explain", "--shape", "diagonal", "--dense", "1"],
            "--dense: give the size too",
        ),
        (
            &["generate", "--shape", "torus", "--size", "4", "--dense"],
            "N >= n and N ≡ 0 mod n",
        ),
        (&["generate", "--size", "3"], "--shape"),
    ] {
        let (code, out, err) = run(args);
        assert_eq!(code, Some(2), "{args:?}: {err}");
        assert!(
            err.contains("error:") && err.contains(says),
            "{args:?}: {err}"
        );
        assert!(out.is_empty(), "{args:?}");
    }
}
