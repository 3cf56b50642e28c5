//! Pip's words while a photo is read and checked on the correction screen:
//! what it found, which cells to check and why, "everything looks right"
//! when that is so, and in plain words why a grid cannot be used.
//!
//! A reading the model doubts is always a question ("I read a 2 here: is
//! it what you wrote?"), never "you made a mistake": the player has the
//! photo, Pip only has its reading of it.

use super::verdict::verdict_lines;
use super::words::{cell, cells};
use super::{level_name, line, only_cells, plain, Lang, Paragraph, ParagraphKind, Wording};
use crate::grid::{Cell, Grid, Shape};
use crate::logic::Level;
use crate::solver::Verdict;
use crate::vision::{CellKind, ImportError, ImportResult};

/// Why a cell read from a photo should be looked at.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CheckReason {
    /// The model was unsure: it read `read` (0 for empty), `other` came next.
    Unsure { read: u8, other: u8 },
    /// The rules changed the model's first reading so that the puzzle holds
    /// together; `read` is what the cell now holds.
    ChangedByRules { read: u8 },
    /// A handwritten entry read as `read`, which does not fit the solution.
    DisagreesWithSolution { read: u8 },
}

/// One cell to check, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct CellToCheck {
    pub cell: Cell,
    pub reason: CheckReason,
}

/// What was read from a photo, for Pip to tell.
#[derive(Clone, Debug)]
pub struct PhotoReading {
    /// The printed digits read (the 9x9 view: empty on a grid of another size).
    pub givens: Grid,
    /// How many printed digits were read, on a grid of any size.
    pub printed: usize,
    /// The shape the grid was read as (a variant when its shading showed one).
    pub shape: Shape,
    /// How many handwritten entries were read.
    pub entries: usize,
    /// The solver's verdict on the givens.
    pub verdict: Verdict,
    /// The puzzle's level, when the givens have one solution.
    pub level: Option<Level>,
    /// The cells to check, in reading order.
    pub to_check: Vec<CellToCheck>,
}

impl PhotoReading {
    /// What Pip is told about a photo read: the counts, the puzzle's
    /// `level` (when its givens have one solution), and each cell to check
    /// with its reason.
    pub fn from_import(read: &ImportResult, level: Option<Level>) -> PhotoReading {
        let to_check = read
            .cells
            .iter()
            .enumerate()
            .filter(|(_, c)| c.uncertain)
            .map(|(i, c)| {
                // the cell's place in the shape's reading order: on a 6x6 not its 9x9 index
                let disagrees = c.kind == CellKind::Handwritten
                    && read
                        .shaped_solution
                        .as_ref()
                        .is_some_and(|s| s.get(i) != c.digit);
                let reason = if disagrees {
                    CheckReason::DisagreesWithSolution { read: c.digit }
                } else if c.corrected {
                    CheckReason::ChangedByRules { read: c.digit }
                } else {
                    let other = c
                        .alternatives
                        .iter()
                        .map(|a| a.digit)
                        .find(|&d| d != c.digit);
                    CheckReason::Unsure {
                        read: c.digit,
                        other: other.unwrap_or(0),
                    }
                };
                CellToCheck {
                    cell: c.cell,
                    reason,
                }
            })
            .collect();
        PhotoReading {
            givens: read.givens,
            printed: read.shaped_givens.filled_count(),
            shape: read.shape.clone(),
            entries: read.entries.filled_count(),
            verdict: read.verdict.clone(),
            level,
            to_check,
        }
    }
}

/// At most this many cells get a line of their own; the rest are listed.
const CELL_LINES: usize = 5;

/// "a 7", "an 8", "un 7"; "nothing", "rien" for an empty reading.
fn digit_words(d: u8, lang: Wording) -> String {
    match (d, lang.lang) {
        (0, _) => say!(lang, "nothing", "rien"),
        (8, Lang::En) => "an 8".to_string(),
        _ => say!(lang, "a {d}", "un {d}"),
    }
}

/// The question Pip asks about one cell.
fn check_line(c: &CellToCheck, lang: Wording) -> String {
    let cell = cell(c.cell, lang);
    match c.reason {
        CheckReason::DisagreesWithSolution { read } => {
            let r = digit_words(read, lang);
            say!(
                lang,
                "In {cell} I read {r} in your writing, which does not fit the solution: is it what you wrote? Click the cell to compare with the photo.",
                "En {cell} j'ai lu {r} de ta main, qui ne va pas avec la solution : est-ce bien ce que tu as écrit ? Clique la case pour comparer avec la photo."
            )
        }
        CheckReason::Unsure { read, other } => {
            let (r, o) = (digit_words(read, lang), digit_words(other, lang));
            say!(
                lang,
                "I'm not sure of {cell}: I read {r}, but it could be {o}.",
                "Je ne suis pas sûr de {cell} : j'ai lu {r}, mais ce pourrait être {o}."
            )
        }
        CheckReason::ChangedByRules { read } => {
            let r = digit_words(read, lang);
            say!(
                lang,
                "In {cell} my first reading broke the puzzle's rules, so I read {r} instead: please check it.",
                "En {cell} ma première lecture cassait les règles du sudoku, alors j'ai lu {r} : vérifie-la."
            )
        }
    }
}

/// Pip while a photo is being read.
pub fn photo_reading_started(lang: Lang) -> Paragraph {
    Paragraph {
        kind: ParagraphKind::Info,
        lines: vec![plain(say!(
            lang,
            "Let me read your photo: first I find the grid, then I read each cell, printed digits and your handwriting apart.",
            "Je lis ta photo : je cherche d'abord la grille, puis je lis chaque case, en distinguant les chiffres imprimés de ton écriture."
        ))],
    }
}

/// Pip when no Sudoku grid was found in a photo (noise, a wall, a page
/// with no grid, or a grid too small, cut off or blurred to be seen).
pub fn no_grid_found(lang: Lang) -> Paragraph {
    Paragraph {
        kind: ParagraphKind::Invalid,
        lines: vec![
            plain(say!(
                lang,
                "I couldn't find a Sudoku grid in this photo, so I won't guess one.",
                "Je n'ai pas trouvé de grille de sudoku sur cette photo, alors je n'en invente pas."
            )),
            plain(say!(
                lang,
                "Photograph the whole grid with its four corners in view, flat and in focus, then open it again.",
                "Photographie toute la grille avec ses quatre coins, à plat et nette, puis ouvre-la de nouveau."
            )),
        ],
    }
}

/// Pip when a photo could not be read at all, in plain words and with what
/// to do: no grid in it ([`no_grid_found`]), a file or image too large, not
/// a photo, damaged data. Sizes are said as the limits, never the file's
/// path or the decoder's message.
pub fn photo_not_read(error: &ImportError, lang: Lang) -> Paragraph {
    let text = match error {
        ImportError::NoGrid => return no_grid_found(lang),
        ImportError::FileTooLarge { max_bytes, .. } => {
            let mb = max_bytes / 1_000_000;
            say!(
                lang,
                "This photo is too large for me: I read files up to {mb} MB. Send a smaller copy, or take the photo again at a lower resolution.",
                "Cette photo est trop grande pour moi : je lis les fichiers jusqu'à {mb} Mo. Envoie une copie plus petite, ou reprends la photo en plus basse résolution."
            )
        }
        ImportError::TooLarge {
            width,
            height,
            max_pixels,
        } => {
            let mp = max_pixels / 1_000_000;
            say!(
                lang,
                "This photo is too large for me: {width}x{height} pixels, more than the {mp} megapixels I read. Take it again at a lower resolution.",
                "Cette photo est trop grande pour moi : {width}x{height} pixels, plus que les {mp} mégapixels que je lis. Reprends-la en plus basse résolution."
            )
        }
        ImportError::EmptyFile | ImportError::Empty => say!(
            lang,
            "This file is empty: there is no photo in it.",
            "Ce fichier est vide : il n'y a pas de photo dedans."
        ),
        ImportError::NotAnImage | ImportError::UnsupportedFormat(_) => say!(
            lang,
            "I can't open this file as a photo: I read JPEG, PNG, WebP and BMP pictures.",
            "Je ne peux pas ouvrir ce fichier comme une photo : je lis les images JPEG, PNG, WebP et BMP."
        ),
        ImportError::Corrupt(_) => say!(
            lang,
            "The photo's data is damaged or cut short: send it again, or take another photo.",
            "Les données de la photo sont abîmées ou incomplètes : envoie-la de nouveau, ou prends une autre photo."
        ),
        ImportError::Io(_)
        | ImportError::Directory
        | ImportError::Model(_)
        | ImportError::DebugDir { .. } => say!(
            lang,
            "Something went wrong on my side while reading the photo. Please try again.",
            "Quelque chose s'est mal passé de mon côté pendant la lecture de la photo. Réessaie, s'il te plaît."
        ),
    };
    Paragraph {
        kind: ParagraphKind::Invalid,
        lines: vec![plain(text)],
    }
}

/// Pip on the phone when a photo went to the computer's window.
pub fn photo_sent_to_window(lang: Lang) -> Paragraph {
    Paragraph {
        kind: ParagraphKind::Info,
        lines: vec![plain(say!(
            lang,
            "Your photo is on the computer now: look at its screen, where I'm reading it.",
            "Ta photo est sur l'ordinateur : regarde son écran, je suis en train de la lire."
        ))],
    }
}

/// Pip once the photo's grid is the game (Use this grid): its words about
/// the correction screen are over (issue 30: "… then press Use this grid"
/// stayed in the bubble).
pub fn photo_accepted(name: &str, lang: Lang) -> Paragraph {
    Paragraph {
        kind: ParagraphKind::Info,
        lines: vec![plain(say!(
            lang,
            "The grid from {name} is on the board now. Your turn: ask me for a hint (H) whenever you like.",
            "La grille de {name} est sur le plateau. À toi de jouer : demande-moi un indice (H) quand tu veux."
        ))],
    }
}

/// Pip when the correction screen is cancelled: back to the duel or the
/// game that was there, whatever Pip said of the photo (issue 30: "This
/// grid has a problem" stayed over the duel).
pub fn photo_cancelled(in_duel: bool, lang: Lang) -> Paragraph {
    let text = if in_duel {
        say!(
            lang,
            "The photo is put away. Back to our duel!",
            "La photo est rangée. Retour à notre duel !"
        )
    } else {
        say!(
            lang,
            "The photo is put away. Back to your game.",
            "La photo est rangée. Retour à ta partie."
        )
    };
    Paragraph {
        kind: ParagraphKind::Info,
        lines: vec![plain(text)],
    }
}

/// Pip's paragraph about a photo just read (or read again after the
/// outline moved): what it found, the cells to check and why, and whether
/// the grid can be used.
pub fn photo_read(reading: &PhotoReading, lang: impl Into<Wording>) -> Paragraph {
    let lang = lang.into();
    let printed = reading.printed;
    let entries = reading.entries;
    let mut found = match (entries, lang) {
        (0, _) => say!(
            lang,
            "I found {printed} printed digits and none of your entries.",
            "J'ai trouvé {printed} chiffres imprimés et aucun chiffre de ta main."
        ),
        (1, _) => say!(
            lang,
            "I found {printed} printed digits and 1 entry of yours.",
            "J'ai trouvé {printed} chiffres imprimés et 1 chiffre de ta main."
        ),
        _ => say!(
            lang,
            "I found {printed} printed digits and {entries} entries of yours.",
            "J'ai trouvé {printed} chiffres imprimés et {entries} chiffres de ta main."
        ),
    };
    if let (Some(level), Verdict::Unique(_)) = (reading.level, &reading.verdict) {
        let level = level_name(level, lang);
        found.push(' ');
        found.push_str(&say!(
            lang,
            "The puzzle rates {level}.",
            "La grille est de niveau {level}."
        ));
    }
    let mut lines = vec![plain(found)];
    if !reading.shape.is_9x9() {
        lines.push(plain(super::read_as_size(&reading.shape, lang)));
    } else if !reading.shape.is_classic() {
        lines.push(plain(super::read_as_variant(&reading.shape, lang)));
    }
    let proper = reading.verdict.is_unique();
    if !proper {
        lines.push(plain(say!(
            lang,
            "As I read them, the printed digits do not make a proper puzzle yet:",
            "Telle que je la lis, la grille imprimée n'est pas encore un vrai sudoku :"
        )));
        lines.extend(verdict_lines(&reading.verdict, lang));
    }
    for c in reading.to_check.iter().take(CELL_LINES) {
        lines.push(line(check_line(c, lang), only_cells(&[c.cell])));
    }
    let rest: Vec<Cell> = reading
        .to_check
        .iter()
        .skip(CELL_LINES)
        .map(|c| c.cell)
        .collect();
    if !rest.is_empty() {
        let listed = cells(&rest, lang);
        lines.push(line(
            say!(
                lang,
                "Please also check {listed}: they are marked too.",
                "Vérifie aussi {listed} : elles sont marquées aussi."
            ),
            only_cells(&rest),
        ));
    }
    lines.push(plain(match (proper, reading.to_check.is_empty()) {
        (true, true) => say!(
            lang,
            "Everything looks right. Compare with the photo, then press Use this grid.",
            "Tout a l'air juste. Compare avec la photo, puis appuie sur Utiliser cette grille."
        ),
        (true, false) => say!(
            lang,
            "Fix any cell I misread (click it and type, or pick a digit), then press Use this grid.",
            "Corrige les cases mal lues (clique et tape, ou choisis un chiffre), puis appuie sur Utiliser cette grille."
        ),
        (false, _) => say!(
            lang,
            "A printed digit is probably misread or missing: compare the marked cells with the photo, or move the outline's corners.",
            "Un chiffre imprimé est sans doute mal lu ou manquant : compare les cases marquées avec la photo, ou déplace les coins du contour."
        ),
    }));
    Paragraph {
        kind: if proper {
            ParagraphKind::Info
        } else {
            ParagraphKind::Invalid
        },
        lines,
    }
}

/// How the player can act on entries Pip asked about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ThenOffer {
    /// Apply erases the entries (a hint's wrong-entries step).
    Apply,
    /// Buttons remove the wrong entries or reset (after Check).
    RemoveOrReset,
}

/// Entries that do not fit the solution. Those read from the photo and not
/// yet typed or confirmed by the player (`read_from_photo`, with the digit
/// read) are asked about, not called wrong: Pip may have misread them. The
/// player's own (`typed`) are pointed at as wrong entries.
pub fn entries_that_do_not_fit(
    read_from_photo: &[(Cell, u8)],
    typed: &[Cell],
    then: ThenOffer,
    lang: impl Into<Wording>,
) -> Paragraph {
    let lang = lang.into();
    let mut lines = Vec::new();
    for &(at, d) in read_from_photo {
        let (r, cell) = (digit_words(d, lang), cell(at, lang));
        lines.push(line(
            say!(
                lang,
                "From your photo I read {r} in {cell}, and it does not fit the solution.",
                "Sur ta photo j'ai lu {r} en {cell}, et il ne va pas avec la solution."
            ),
            only_cells(&[at]),
        ));
    }
    let asked: Vec<Cell> = read_from_photo.iter().map(|&(c, _)| c).collect();
    lines.push(line(
        say!(
            lang,
            "Is it what you wrote? If I misread it, select the cell and type your digit.",
            "Est-ce bien ce que tu as écrit ? Si je l'ai mal lu, choisis la case et tape ton chiffre."
        ),
        only_cells(&asked),
    ));
    if !typed.is_empty() {
        let listed = cells(typed, lang);
        lines.push(line(
            say!(
                lang,
                "The digit you typed in {listed} does not match the solution either.",
                "Le chiffre que tu as tapé en {listed} ne correspond pas non plus à la solution."
            ),
            crate::logic::Highlights {
                wrong: typed.to_vec(),
                ..Default::default()
            },
        ));
    }
    lines.push(plain(match then {
        ThenOffer::Apply => say!(
            lang,
            "If you did write it, press Apply to erase what does not fit; then I can help with the next step.",
            "Si tu l'as bien écrit, appuie sur Appliquer pour effacer ce qui ne va pas ; ensuite je pourrai t'aider."
        ),
        ThenOffer::RemoveOrReset => say!(
            lang,
            "If you did write it, you can remove the entries that do not fit, or reset to the givens.",
            "Si tu l'as bien écrit, tu peux retirer les chiffres qui ne vont pas, ou revenir aux données."
        ),
    }));
    Paragraph {
        kind: match then {
            ThenOffer::Apply => ParagraphKind::WrongEntries,
            ThenOffer::RemoveOrReset => ParagraphKind::Info,
        },
        lines,
    }
}

/// The question Pip asks on the correction screen beside a cell's enlarged
/// crop: "I read a 2 here: is it what you wrote?"
pub fn crop_question(read: u8, handwritten: bool, lang: Lang) -> String {
    let lang = Wording::from(lang);
    match (read, handwritten) {
        (0, _) => say!(
            lang,
            "I read nothing here: is the cell empty?",
            "Je n'ai rien lu ici : la case est-elle vide ?"
        ),
        (d, true) => {
            let read = digit_words(d, lang);
            say!(
                lang,
                "I read {read} here, in your writing: is it what you wrote?",
                "J'ai lu {read} ici, de ta main : est-ce bien ce que tu as écrit ?"
            )
        }
        (d, false) => say!(
            lang,
            "I read a printed {d} here: is it what the paper shows?",
            "J'ai lu un {d} imprimé ici : est-ce bien ce que montre le papier ?"
        ),
    }
}

/// The correction screen's line for a cell the player changed: what was
/// read there, and what is there now (0: nothing, empty).
pub fn crop_changed(read: u8, now: u8, lang: Lang) -> String {
    let lang = Wording::from(lang);
    match (read, now) {
        (0, n) => say!(
            lang,
            "I read nothing here; it is now {n}.",
            "Je n'ai rien lu ici ; c'est maintenant {n}."
        ),
        (r, 0) => say!(
            lang,
            "I read {r} here; it is now empty.",
            "J'ai lu {r} ici ; la case est maintenant vide."
        ),
        (r, n) => say!(
            lang,
            "I read {r} here; it is now {n}.",
            "J'ai lu {r} ici ; c'est maintenant {n}."
        ),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solver::verdict;

    const PUZZLE: &str = crate::test_puzzles::HARD_17;

    fn reading(to_check: Vec<CellToCheck>) -> PhotoReading {
        let givens = Grid::parse(PUZZLE).unwrap();
        PhotoReading {
            shape: Shape::classic(),
            verdict: verdict(&givens),
            printed: givens.filled_count(),
            givens,
            entries: 3,
            level: Some(Level::Hard),
            to_check,
        }
    }

    #[test]
    fn a_clean_reading_says_what_was_found_and_that_all_looks_right() {
        for lang in [Lang::En, Lang::Fr] {
            let p = photo_read(&reading(vec![]), lang);
            assert_eq!(p.kind, ParagraphKind::Info);
            assert!(p.lines[0].text.contains("17") && p.lines[0].text.contains('3'));
            let level = level_name(Level::Hard, lang);
            assert!(p.lines[0].text.contains(level), "{:?}", p.lines[0]);
            let last = &p.lines.last().unwrap().text;
            assert!(last.contains("Everything looks right") || last.contains("Tout a l'air juste"));
        }
    }

    #[test]
    fn a_disagreeing_entry_is_asked_about_never_called_a_mistake() {
        let cell = Cell::new(0, 1);
        let c = CellToCheck {
            cell,
            reason: CheckReason::DisagreesWithSolution { read: 2 },
        };
        let p = photo_read(&reading(vec![c]), Lang::En);
        let text: Vec<&str> = p.lines.iter().map(|l| l.text.as_str()).collect();
        let asked = text
            .iter()
            .find(|t| t.contains("row 1, column 2"))
            .expect("the cell is named");
        assert!(asked.contains("I read a 2") && asked.contains("is it what you wrote?"));
        assert!(!text.iter().any(|t| t.to_lowercase().contains("mistake")));
        assert!(!text.iter().any(|t| t.contains("Everything looks right")));
        assert_eq!(p.lines[1].highlights.cells, vec![cell]);
    }

    #[test]
    fn an_unusable_grid_is_explained_in_plain_words() {
        let mut givens = Grid::parse(PUZZLE).unwrap();
        givens.set(Cell::new(0, 1), 4);
        let r = PhotoReading {
            shape: Shape::classic(),
            verdict: verdict(&givens),
            printed: givens.filled_count(),
            givens,
            entries: 0,
            level: None,
            to_check: vec![],
        };
        let p = photo_read(&r, Lang::En);
        assert_eq!(p.kind, ParagraphKind::Invalid);
        assert!(p
            .lines
            .iter()
            .any(|l| l.text.contains("4 appears twice in row 1")));
        assert!(p.lines[0].text.contains("none of your entries"));
    }

    #[test]
    fn entries_read_from_a_photo_are_asked_about_not_crossed_out() {
        let (photo, typed) = (Cell::new(0, 1), Cell::new(4, 4));
        let p = entries_that_do_not_fit(&[(photo, 5)], &[typed], ThenOffer::Apply, Lang::En);
        assert_eq!(p.kind, ParagraphKind::WrongEntries);
        assert!(p.lines[0].text.contains("I read a 5 in row 1, column 2"));
        let compact = Wording::new(Lang::En, crate::hint::Notation::Compact);
        let p = entries_that_do_not_fit(&[(photo, 5)], &[typed], ThenOffer::Apply, compact);
        assert!(p.lines[0].text.contains("I read a 5 in r1c2"));
        assert!(p.lines[1].text.starts_with("Is it what you wrote?"));
        assert!(p.lines.iter().all(|l| !l.highlights.wrong.contains(&photo)));
        assert!(p.lines.iter().any(|l| l.highlights.wrong == vec![typed]));
        assert!(!p
            .lines
            .iter()
            .any(|l| l.text.to_lowercase().contains("mistake")));
    }

    #[test]
    fn a_photo_not_read_is_said_plainly_with_what_to_do() {
        let too_large = ImportError::FileTooLarge {
            bytes: 30_000_000,
            max_bytes: 25_000_000,
        };
        let en = photo_not_read(&too_large, Lang::En);
        assert_eq!(en.kind, ParagraphKind::Invalid);
        assert!(en.lines[0].text.contains("too large") && en.lines[0].text.contains("25 MB"));
        let fr = photo_not_read(&too_large, Lang::Fr);
        assert!(fr.lines[0].text.contains("25 Mo"));
        assert_eq!(
            photo_not_read(&ImportError::NoGrid, Lang::Fr),
            no_grid_found(Lang::Fr)
        );
        let gif = photo_not_read(&ImportError::UnsupportedFormat("a GIF image"), Lang::En);
        assert!(gif.lines[0].text.contains("JPEG"));
    }

    #[test]
    fn many_cells_to_check_are_listed_after_the_first_few() {
        let to_check: Vec<CellToCheck> = (0..8)
            .map(|i| CellToCheck {
                cell: Cell::new(8, i),
                reason: CheckReason::Unsure { read: 7, other: 1 },
            })
            .collect();
        let p = photo_read(&reading(to_check), Lang::En);
        let rest = p
            .lines
            .iter()
            .find(|l| l.text.contains("also check"))
            .unwrap();
        assert_eq!(rest.highlights.cells.len(), 3);
        assert!(p.lines[1].text.contains("I read a 7, but it could be a 1"));
        assert_eq!(
            crop_question(8, true, Lang::En),
            "I read an 8 here, in your writing: is it what you wrote?"
        );
    }
}
