//! The exact solver and the grid formats, against references and properties.

mod format_props;
mod levels;
mod props;
