//! Why a photo import failed ([`ImportError`]): the English message the
//! command line and the logs print, and a stable kind for JSON and scripts.
//! The window words each kind in the player's language in `hint::errors`.

use std::fmt;
use std::path::PathBuf;

/// Why an import failed. Every message says what was wrong with the input in words a player
/// can act on (retake the photo, pick another file), not how the decoder failed internally.
/// `Display` is the English message of the command line and the logs; the window words each
/// kind in the player's language through `hint::import_error`.
#[derive(Debug)]
pub enum ImportError {
    /// The file could not be read at all.
    Io(std::io::Error),
    /// The path names a folder, not a photo.
    Directory,
    /// The file holds no bytes at all.
    EmptyFile,
    /// The file is larger than any photo ([`super::load::MAX_FILE_BYTES`]); refused before
    /// reading it.
    FileTooLarge { bytes: u64, max_bytes: u64 },
    /// The bytes are not an image at all.
    NotAnImage,
    /// An image in a format sudolens does not read: "a GIF image", "a HEIC image"...
    UnsupportedFormat(&'static str),
    /// The header announces a zero-sized image.
    Empty,
    /// The header announces more pixels than we are willing to decode.
    TooLarge {
        width: u32,
        height: u32,
        max_pixels: u64,
    },
    /// The image header is valid but decoding failed (truncated or corrupt data).
    Corrupt(String),
    /// The photo has no structure that looks like a 9x9 Sudoku grid.
    NoGrid,
    /// The bundled digit model could not be loaded or run.
    Model(String),
    /// The folder asked for the debug images cannot be created or written.
    DebugDir { dir: PathBuf, error: std::io::Error },
}

impl ImportError {
    /// A short stable name for the error, for JSON output and scripts.
    pub fn kind(&self) -> &'static str {
        match self {
            ImportError::Io(_) => "io",
            ImportError::Directory => "directory",
            ImportError::EmptyFile => "empty_file",
            ImportError::FileTooLarge { .. } => "file_too_large",
            ImportError::NotAnImage => "not_an_image",
            ImportError::UnsupportedFormat(_) => "unsupported_format",
            ImportError::Empty => "empty_image",
            ImportError::TooLarge { .. } => "too_many_pixels",
            ImportError::Corrupt(_) => "damaged",
            ImportError::NoGrid => "no_grid",
            ImportError::Model(_) => "model",
            ImportError::DebugDir { .. } => "debug_dir",
        }
    }

    /// A size in bytes as people read it: "3.2 GB", "180 MB", "4 KB" with
    /// `units` `["bytes", "KB", "MB", "GB", "TB"]` and the decimal point
    /// `decimal`; the French wording (`hint`) passes its own.
    pub(crate) fn size_in_words(bytes: u64, units: [&str; 5], decimal: char) -> String {
        if bytes < 1000 {
            return format!("{bytes} {}", units[0]);
        }
        let mut size = bytes as f64 / 1000.0;
        let mut unit = 1;
        while size >= 1000.0 && unit + 1 < units.len() {
            size /= 1000.0;
            unit += 1;
        }
        let number = if size < 10.0 {
            format!("{size:.1}")
        } else {
            format!("{size:.0}")
        };
        format!(
            "{} {}",
            number.replace('.', &decimal.to_string()),
            units[unit]
        )
    }
}

/// A size in bytes as people read it in English: "3.2 GB", "180 MB", "4 KB".
fn human_bytes(bytes: u64) -> String {
    ImportError::size_in_words(bytes, ["bytes", "KB", "MB", "GB", "TB"], '.')
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Io(e) => write!(f, "cannot read the file: {e}"),
            ImportError::Directory => write!(f, "this is a folder, not a photo"),
            ImportError::EmptyFile => write!(f, "the file is empty (0 bytes): it holds no photo"),
            ImportError::FileTooLarge { bytes, max_bytes } => write!(
                f,
                "the file is too large for a photo: {} ({bytes} bytes), more than the {} sudolens reads",
                human_bytes(*bytes),
                human_bytes(*max_bytes)
            ),
            ImportError::NotAnImage => {
                write!(f, "not an image sudolens can read (JPEG, PNG, WebP or BMP expected)")
            }
            ImportError::UnsupportedFormat(what) => {
                write!(f, "{what}; sudolens reads JPEG, PNG, WebP or BMP")
            }
            ImportError::Empty => write!(f, "the image has zero width or height"),
            ImportError::TooLarge { width, height, max_pixels } => write!(
                f,
                "the image is {width}x{height} pixels, more than the {} megapixels sudolens accepts",
                max_pixels / 1_000_000
            ),
            ImportError::Corrupt(msg) => {
                write!(f, "the image data is damaged or truncated ({msg})")
            }
            ImportError::NoGrid => write!(
                f,
                "no Sudoku grid found in the photo: photograph the whole grid, flat and in focus"
            ),
            ImportError::Model(msg) => write!(f, "the digit model failed: {msg}"),
            ImportError::DebugDir { dir, error } => write!(
                f,
                "cannot write the debug images to {}: {error}",
                dir.display()
            ),
        }
    }
}

impl std::error::Error for ImportError {}

impl From<std::io::Error> for ImportError {
    fn from(e: std::io::Error) -> Self {
        ImportError::Io(e)
    }
}

#[cfg(test)]
mod tests {
    use super::human_bytes;

    #[test]
    fn sizes_read_as_people_write_them() {
        assert_eq!(human_bytes(0), "0 bytes");
        assert_eq!(human_bytes(4_096), "4.1 KB");
        assert_eq!(human_bytes(104_857_600), "105 MB");
        assert_eq!(human_bytes(3_221_225_472), "3.2 GB");
    }
}
