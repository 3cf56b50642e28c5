//! `--size N` and `--dense`, the other way to name a family of overlapping
//! grids: `--shape diagonal --size 3 --dense` is `--shape diagonal-3-dense`.

use clap::Args;

/// The families that take a size (see `sudolens::grid::Overlap`).
const SIZED_FAMILIES: [&str; 3] = ["diagonal", "carpet", "torus"];

/// The size options, flattened into every command that takes `--shape`.
#[derive(Args, Clone, Debug, Default)]
pub struct SizeArgs {
    /// With --shape diagonal, carpet or torus: the family's size N
    /// (`--shape carpet --size 3` is `--shape carpet-3`).
    #[arg(long, value_name = "N", requires = "shape")]
    size: Option<u8>,
    /// With --shape diagonal, carpet or torus: the dense form
    /// (`--shape torus --size 3 --dense` is `--shape torus-3-dense`).
    #[arg(long, requires = "shape")]
    dense: bool,
}

impl SizeArgs {
    /// The shape name `--shape` and these options give together; an error
    /// naming the option when the shape takes no size or already has one.
    /// The name is checked later, as `--shape`'s is (an impossible dense
    /// torus is refused there, with its reason).
    pub fn shape_name(&self, shape: Option<&str>) -> Result<Option<String>, String> {
        let Some(shape) = shape else {
            return Ok(None);
        };
        if self.size.is_none() && !self.dense {
            return Ok(Some(shape.to_string()));
        }
        let option = if self.size.is_some() {
            "--size"
        } else {
            "--dense"
        };
        let lower = shape.trim().to_ascii_lowercase();
        let mut words = lower.split('-');
        let family = words.next().unwrap_or_default();
        let rest: Vec<&str> = words.collect();
        if !SIZED_FAMILIES.contains(&family) || lower.contains('+') {
            return Err(format!(
                "{option}: the shape '{shape}' has no size; {option} goes with --shape diagonal, carpet or torus"
            ));
        }
        match (rest.as_slice(), self.size) {
            ([], Some(size)) => {
                let dense = if self.dense { "-dense" } else { "" };
                Ok(Some(format!("{family}-{size}{dense}")))
            }
            ([], None) => Err(format!(
                "--dense: give the size too: --shape {family} --size N --dense"
            )),
            (_, Some(_)) => Err(format!(
                "--size: the shape '{shape}' already names its size; give --shape {family} --size N"
            )),
            ([_, "dense"], None) => Ok(Some(lower)),
            ([_], None) => Ok(Some(format!("{lower}-dense"))),
            _ => Ok(Some(lower)),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn name(shape: &str, size: Option<u8>, dense: bool) -> Result<Option<String>, String> {
        SizeArgs { size, dense }.shape_name(Some(shape))
    }

    #[test]
    fn size_and_dense_name_the_family_s_form() {
        let same = |s: &str| Ok(Some(s.to_string()));
        assert_eq!(name("diagonal", Some(3), true), same("diagonal-3-dense"));
        assert_eq!(name("Carpet", Some(2), false), same("carpet-2"));
        assert_eq!(name("torus-3", None, true), same("torus-3-dense"));
        assert_eq!(name("samurai", None, false), same("samurai"));
        assert_eq!(SizeArgs::default().shape_name(None), Ok(None));
    }

    #[test]
    fn a_shape_without_a_size_is_refused_naming_the_option() {
        let e = name("samurai", Some(3), false).unwrap_err();
        assert!(
            e.starts_with("--size:") && e.contains("'samurai' has no size"),
            "{e}"
        );
        let e = name("x+hyper", None, true).unwrap_err();
        assert!(e.starts_with("--dense:"), "{e}");
        let e = name("diagonal", None, true).unwrap_err();
        assert!(e.starts_with("--dense:") && e.contains("--size N"), "{e}");
        let e = name("carpet-2", Some(3), false).unwrap_err();
        assert!(e.starts_with("--size:") && e.contains("already"), "{e}");
    }
}
