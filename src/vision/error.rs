use std::fmt;

/// Why an import failed. Every message says what was wrong with the input in words a player
/// can act on (retake the photo, pick another file), not how the decoder failed internally.
#[derive(Debug)]
pub enum ImportError {
    /// The file could not be read at all.
    Io(std::io::Error),
    /// The bytes are not an image format sudolens reads.
    NotAnImage,
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
}

impl fmt::Display for ImportError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ImportError::Io(e) => write!(f, "cannot read the file: {e}"),
            ImportError::NotAnImage => {
                write!(f, "not an image sudolens can read (JPEG, PNG, WebP or BMP expected)")
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
        }
    }
}

impl std::error::Error for ImportError {}

impl From<std::io::Error> for ImportError {
    fn from(e: std::io::Error) -> Self {
        ImportError::Io(e)
    }
}
