//! The errors the window shows the player, each kind worded in English and
//! French with the detail that names the file, line or cell: a photo that
//! could not be read, a puzzle text that does not parse, an edit the board
//! refuses, a save file that cannot be read. In English they say what the
//! errors' own `Display` says (the command line's and the logs' wording), so
//! the English lives once, beside each error.

use super::words::{capitalised, place_name};
use super::{Lang, Wording};
use crate::grid::{EditError, ParseError, SaveError, MAX_LINE_BYTES};
use crate::vision::ImportError;

/// Why a photo could not be read, for the status line.
pub fn import_error(error: &ImportError, lang: Lang) -> String {
    let Lang::Fr = lang else {
        return error.to_string();
    };
    let size = |bytes| ImportError::size_in_words(bytes, ["octets", "Ko", "Mo", "Go", "To"], ',');
    match error {
        ImportError::Io(e) => format!("impossible de lire le fichier : {e}"),
        ImportError::Directory => "c'est un dossier, pas une photo".into(),
        ImportError::EmptyFile => {
            "le fichier est vide (0 octet) : il ne contient pas de photo".into()
        }
        ImportError::FileTooLarge { bytes, max_bytes } => format!(
            "le fichier est trop gros pour une photo : {} ({bytes} octets), plus que les {} que lit sudolens",
            size(*bytes),
            size(*max_bytes)
        ),
        ImportError::NotAnImage => {
            "ce n'est pas une image que sudolens sait lire (JPEG, PNG, WebP ou BMP attendu)".into()
        }
        ImportError::UnsupportedFormat(what) => format!(
            "{} ; sudolens lit le JPEG, le PNG, le WebP ou le BMP",
            format_in_french(what)
        ),
        ImportError::Empty => "l'image a une largeur ou une hauteur nulle".into(),
        ImportError::TooLarge {
            width,
            height,
            max_pixels,
        } => format!(
            "l'image fait {width}x{height} pixels, plus que les {} mégapixels qu'accepte sudolens",
            max_pixels / 1_000_000
        ),
        ImportError::Corrupt(detail) => {
            format!("les données de l'image sont abîmées ou incomplètes ({detail})")
        }
        ImportError::NoGrid => "aucune grille de Sudoku trouvée sur la photo : photographie la grille entière, à plat et nette".into(),
        ImportError::Model(detail) => format!("le modèle des chiffres a échoué : {detail}"),
        ImportError::DebugDir { dir, error } => format!(
            "impossible d'écrire les images de débogage dans {} : {error}",
            dir.display()
        ),
    }
}

/// An image format the importer names in English ("a GIF image", "an ICO
/// icon"), in French ("une image GIF", "une icône ICO").
fn format_in_french(what: &str) -> String {
    let named = what
        .strip_prefix("a ")
        .or_else(|| what.strip_prefix("an "))
        .and_then(|rest| rest.rsplit_once(' '));
    match named {
        Some((format, "image")) if !format.contains(' ') => format!("une image {format}"),
        Some((format, "icon")) => format!("une icône {format}"),
        Some((format, "texture")) => format!("une texture {format}"),
        _ => "une image dans un format que sudolens ne lit pas".into(),
    }
}

/// Why a puzzle text (a file, the clipboard) could not be read.
pub fn parse_error(error: &ParseError, lang: Lang) -> String {
    let Lang::Fr = lang else {
        return error.to_string();
    };
    match error {
        ParseError::BadChar { line, column, ch } => {
            format!("ligne {line}, colonne {column} : {ch:?} n'est pas un chiffre")
        }
        ParseError::WrongCount { found } => format!("{found} cases trouvées, 81 attendues"),
        ParseError::Empty => "aucune grille trouvée : le texte est vide".into(),
        ParseError::NotText { line, byte } => format!(
            "ligne {line} : pas un fichier texte : UTF-8 invalide à l'octet {byte} (est-ce une image ou un fichier binaire ?)"
        ),
        ParseError::Binary { line, column, byte } => format!(
            "ligne {line}, colonne {column} : des données binaires, pas du texte : un octet NUL (octet {byte} du texte)"
        ),
        ParseError::LineTooLong { line } => format!(
            "la ligne {line} dépasse les {MAX_LINE_BYTES} octets que peut contenir une ligne de grille : la suite n'est pas lue"
        ),
        ParseError::Io { line, message } => {
            format!("ligne {line} : la suite du texte ne peut pas être lue : {message}")
        }
        ParseError::UnsupportedBoxSize { line, text } => format!(
            "ligne {line} : l'en-tête '{text}' annonce des blocs autres que 3x3 ; seul le Sudoku 9x9 est pris en charge"
        ),
        ParseError::BadValue { cell, value } => {
            format!("case {cell} : {value} n'est pas un chiffre de 0 à 9")
        }
    }
}

/// Why the board refused an edit, the cell named as Pip names cells.
pub fn edit_refused(error: &EditError, lang: impl Into<Wording>) -> String {
    let lang: Wording = lang.into();
    // A plain cell name may open the sentence: "Row 1, column 2 is a given ...".
    capitalised(match *error {
        EditError::Given { cell: at, .. } => {
            let c = place_name(at, lang);
            say!(
                lang,
                "{c} is a given and cannot be changed",
                "{c} : c'est une donnée, elle ne peut pas être modifiée"
            )
        }
        EditError::NotADigit { cell: at, value } => {
            let (c, side) = (place_name(at, lang), at.side);
            say!(
                lang,
                "{c}: {value} is not a digit from 1 to {side}",
                "{c} : {value} n'est pas un chiffre de 1 à {side}"
            )
        }
    })
}

/// An I/O error in the player's words: the common causes said in each
/// language, any other in the system's own words (in French, named as the
/// system's).
///
/// ```
/// use sudolens::hint::{io_reason, Lang};
/// let e = std::io::Error::from(std::io::ErrorKind::NotFound);
/// assert_eq!(io_reason(&e, Lang::Fr), "aucun fichier ni dossier de ce nom");
/// ```
pub fn io_reason(e: &std::io::Error, lang: Lang) -> String {
    use std::io::ErrorKind as K;
    let said = match e.kind() {
        K::NotFound => Some((
            "no such file or folder",
            "aucun fichier ni dossier de ce nom",
        )),
        K::PermissionDenied => Some(("permission denied", "accès refusé")),
        K::AlreadyExists => Some(("it exists already", "il existe déjà")),
        K::IsADirectory => Some((
            "it is a folder, not a file",
            "c'est un dossier, pas un fichier",
        )),
        K::NotADirectory => Some((
            "a part of the path is not a folder",
            "une partie du chemin n'est pas un dossier",
        )),
        K::StorageFull => Some(("the disk is full", "le disque est plein")),
        K::ReadOnlyFilesystem => Some(("the disk is read-only", "le disque est en lecture seule")),
        K::InvalidFilename => Some(("the name is not valid here", "ce nom n'est pas valable ici")),
        _ => None,
    };
    match (said, lang) {
        (Some((en, _)), Lang::En) => en.to_string(),
        (Some((_, fr)), Lang::Fr) => fr.to_string(),
        (None, Lang::En) => crate::files::io_words(e),
        (None, Lang::Fr) => format!("erreur du système : {}", crate::files::io_words(e)),
    }
}

/// Why a saved game could not be read or written. The message of a game
/// that is not valid comes from the check that refused it, in English.
pub fn save_error(error: &SaveError, lang: Lang) -> String {
    let Lang::Fr = lang else {
        return error.to_string();
    };
    let prefix = |p: &Option<std::path::PathBuf>| match p {
        Some(p) => format!("{} : ", p.display()),
        None => String::new(),
    };
    match error {
        SaveError::Io { path, source } => {
            format!("{} : {}", path.display(), io_reason(source, lang))
        }
        SaveError::Json { path, message } => {
            format!(
                "{}pas un fichier de partie sudolens : {message}",
                prefix(path)
            )
        }
        SaveError::Invalid { path, message } => format!("{}{message}", prefix(path)),
        SaveError::TooLarge { path, bytes } => {
            let size = match bytes {
                Some(b) => format!("il fait {}", crate::grid::megabytes(*b).replace("MB", "Mo")),
                None => "il n'en finit pas".to_string(),
            };
            format!(
                "{} : pas un fichier de partie sudolens : {size}, plus que les {} que peut faire une sauvegarde",
                path.display(),
                crate::grid::megabytes(crate::grid::MAX_SAVE_BYTES).replace("MB", "Mo")
            )
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Cell;

    #[test]
    fn english_is_the_errors_own_message_and_french_keeps_the_detail() {
        let e = ParseError::BadChar {
            line: 3,
            column: 7,
            ch: 'x',
        };
        assert_eq!(parse_error(&e, Lang::En), e.to_string());
        assert_eq!(
            parse_error(&e, Lang::Fr),
            "ligne 3, colonne 7 : 'x' n'est pas un chiffre"
        );
        let e = ImportError::FileTooLarge {
            bytes: 3_221_225_472,
            max_bytes: 104_857_600,
        };
        assert_eq!(import_error(&e, Lang::En), e.to_string());
        assert_eq!(
            import_error(&e, Lang::Fr),
            "le fichier est trop gros pour une photo : 3,2 Go (3221225472 octets), plus que les 105 Mo que lit sudolens"
        );
    }

    #[test]
    fn image_formats_are_named_in_french() {
        let fr = |what| import_error(&ImportError::UnsupportedFormat(what), Lang::Fr);
        assert!(fr("a GIF image").starts_with("une image GIF ;"));
        assert!(fr("an ICO icon").starts_with("une icône ICO ;"));
        assert!(fr("a DDS texture").starts_with("une texture DDS ;"));
        assert!(fr("an image in a format sudolens does not read")
            .starts_with("une image dans un format que sudolens ne lit pas ;"));
    }

    #[test]
    fn a_refused_edit_names_its_cell_as_pip_does() {
        let given = EditError::Given {
            cell: Cell::new(0, 1).into(),
            digit: 4,
        };
        assert_eq!(
            edit_refused(&given, Lang::En),
            "Row 1, column 2 is a given and cannot be changed"
        );
        assert_eq!(
            edit_refused(&given, Lang::Fr),
            "Ligne 1, colonne 2 : c'est une donnée, elle ne peut pas être modifiée"
        );
    }
}
