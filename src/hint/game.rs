//! Pip's words about the game as a whole, outside any one step: who Pip
//! is, when it offers to pencil in notes and what filling them did,
//! welcomes to a new, restored or practice game, and what Solve and Check
//! found.

use super::words::{cell, technique_name};
use super::{line, plain, Lang, Paragraph, ParagraphKind, Wording};
use crate::logic::{Candidate, Highlights, Rating, Technique};

/// Who Pip is and how the dialogue works.
pub fn intro(lang: Lang) -> Paragraph {
    let lines = match lang {
        Lang::En => vec![
            "Hello, I'm Pip! Two dice stacked up: my top die shows a 2 (my eyes), my bottom one a 3 (my buttons).",
            "I never just tell you the answer: I show you the next logical step, one line at a time.",
            "First a nudge where to look. Press Next for the technique, the cells that prove it, and what it gives.",
            "At the end of a step, Next plays it and goes on to the next one; Apply plays it and stops there. Or place the digit yourself.",
            "If you write a wrong digit, I will point at it gently before anything else.",
        ],
        Lang::Fr => vec![
            "Bonjour, je suis Pip ! Deux dés empilés : celui du haut montre un 2 (mes yeux), celui du bas un 3 (mes boutons).",
            "Je ne donne jamais la réponse d'un coup : je montre la prochaine étape logique, une ligne à la fois.",
            "D'abord un indice sur où regarder. Appuie sur Suivant pour la technique, les cases qui la prouvent et ce qu'elle donne.",
            "À la fin d'une étape, Suivant la joue et passe à la suivante ; Appliquer la joue et s'arrête là. Ou place le chiffre toi-même.",
            "Si tu écris un chiffre faux, je te le montrerai gentiment avant toute autre chose.",
        ],
    };
    Paragraph {
        kind: ParagraphKind::Intro,
        lines: lines.into_iter().map(|t| plain(t.to_string())).collect(),
    }
}

/// The first step that needs candidates has come (singles need none): Pip
/// asks before it pencils them in.
pub fn notes_question(lang: Lang) -> Paragraph {
    let texts = [
        say!(lang, "From here we need pencil marks: the next step is read in the candidates, every digit each empty cell can still take.", "À partir d'ici, il nous faut des notes : la prochaine étape se lit dans les candidats, tous les chiffres encore possibles dans chaque case vide."),
        say!(lang, "Shall I fill them in? Your own notes stay: I only remove digits already placed in their row, column or box, and add what is missing.", "Veux-tu que je les remplisse ? Tes propres notes restent : je retire seulement les chiffres déjà placés dans leur ligne, colonne ou bloc, et j'ajoute ce qui manque."),
    ];
    Paragraph {
        kind: ParagraphKind::Notes,
        lines: texts.into_iter().map(plain).collect(),
    }
}

/// Pip filled the notes; `restored` are the candidates the player had
/// crossed out although they are still possible, which Pip put back.
pub fn notes_filled(restored: &[Candidate], lang: impl Into<Wording>) -> Paragraph {
    let lang = lang.into();
    let mut lines = vec![plain(say!(
        lang,
        "Done: every empty cell has its candidates. When a step removes one, I cross it out in the notes.",
        "Voilà : chaque case vide a ses candidats. Quand une étape en supprime un, je le raye dans les notes."
    ))];
    for c in restored {
        let (name, d) = (cell(c.cell, lang), c.digit);
        lines.push(line(
            say!(
                lang,
                "I put back {d} in {name}: your notes had crossed it out, but nothing rules it out there.",
                "J'ai remis le {d} en {name} : tes notes l'avaient rayé, mais rien ne l'exclut ici."
            ),
            Highlights {
                candidates: vec![*c],
                ..Highlights::default()
            },
        ));
    }
    Paragraph {
        kind: ParagraphKind::Notes,
        lines,
    }
}

/// The nudge is all Pip says while the hint budget is on, until the player
/// asks for more.
pub fn budget_stop(lang: Lang) -> String {
    say!(
        lang,
        "Try to find it from there. Press More help when you want the next clue.",
        "Essaie de trouver à partir de là. Appuie sur Plus d'aide pour l'indice suivant."
    )
}

/// "What is an X-Wing?": the dialogue's way into the technique guide.
pub fn what_is(t: Technique, lang: Lang) -> String {
    let name = technique_name(t, lang);
    match lang {
        Lang::En if name.ends_with('s') => format!("What are {name}?"),
        Lang::En => {
            // "an" before a vowel sound: X-Wing, ALS, Empty; "a Unique ..."
            let vowel = name.starts_with(['A', 'E', 'I', 'O', 'X'])
                || (name.starts_with('U') && !name.starts_with("Uni"));
            let article = if vowel { "an" } else { "a" };
            format!("What is {article} {name}?")
        }
        Lang::Fr => format!("{name} : c'est quoi ?"),
    }
}

/// Welcome to a practice puzzle from the technique guide, whose next step
/// needs `t`.
pub fn practice(t: Technique, lang: Lang) -> Paragraph {
    let name = technique_name(t, lang);
    Paragraph {
        kind: ParagraphKind::Info,
        lines: vec![
            plain(say!(
                lang,
                "Here is a fresh puzzle to practise {name}: its next step needs it. Can you find it?",
                "Voici une nouvelle grille pour t'entraîner : sa prochaine étape demande la technique « {name} ». Sauras-tu la trouver ?"
            )),
            plain(say!(
                lang,
                "The notes are filled in as far as the puzzle has gone. Ask me for a hint (H) whenever you like.",
                "Les notes sont remplies là où en est la grille. Demande-moi un indice (H) quand tu veux."
            )),
        ],
    }
}

/// Pip cheers.
pub fn solved(lang: Lang) -> Paragraph {
    Paragraph {
        kind: ParagraphKind::Solved,
        lines: vec![
            plain(say!(
                lang,
                "Solved! Every row, column and box holds 1 to 9.",
                "Résolu ! Chaque ligne, colonne et bloc contient 1 à 9."
            )),
            plain(say!(
                lang,
                "Well done: each digit went in by logic, no guessing.",
                "Bravo : chaque chiffre est venu par la logique, sans deviner."
            )),
        ],
    }
}

/// One plain line of the given kind.
fn one_line(kind: ParagraphKind, text: String) -> Paragraph {
    Paragraph {
        kind,
        lines: vec![plain(text)],
    }
}

/// Where a new puzzle comes from, for Pip's welcome.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PuzzleSource {
    /// Made by the generator (Game > New, at a level), from this seed.
    Generated { seed: u64 },
    /// The puzzle of the day of this date.
    Daily(crate::generate::Date),
    /// Pasted.
    Pasted,
    /// Opened from a file, by its name.
    File(String),
}

/// Pip's welcome to a new proper puzzle with `givens` givens: where it
/// comes from and its level (a pasted one also says how many givens were
/// read, so the player can tell the paste was whole), then the technique
/// its hardest point needs, without saying where that point is.
pub fn welcome(source: &PuzzleSource, givens: usize, rating: &Rating, lang: Lang) -> Paragraph {
    let level = super::level_name(rating.level, lang);
    let text = match source {
        PuzzleSource::Generated { .. } => say!(
            lang,
            "Here is a new {level} puzzle, made for you. Have fun!",
            "Voici une nouvelle grille de niveau {level}, faite pour toi. Amuse-toi bien !"
        ),
        PuzzleSource::Daily(date) => {
            let day = super::date_words(*date, date.year(), lang);
            say!(
                lang,
                "Here is the puzzle of the day, {day}: it rates {level}, and everyone gets the same one today.",
                "Voici la grille du jour, le {day} : niveau {level}, la même pour tout le monde aujourd'hui."
            )
        }
        PuzzleSource::Pasted => say!(
            lang,
            "Got it: the puzzle you pasted has {givens} givens and rates {level}. Have fun!",
            "C'est noté : la grille que tu as collée a {givens} données, niveau {level}. Amuse-toi bien !"
        ),
        PuzzleSource::File(name) => say!(
            lang,
            "Here is a puzzle from {name}: it rates {level}. Have fun!",
            "Voici une grille de {name} : niveau {level}. Amuse-toi bien !"
        ),
    };
    let mut lines = vec![plain(text)];
    if let Some(hardest) = rating.hardest {
        let name = super::technique_name(hardest, lang);
        lines.push(plain(if rating.solved_by_logic {
            say!(
                lang,
                "At its hardest point you will need this technique: {name}. I won't say where!",
                "Au moment le plus difficile, il te faudra cette technique : {name}. Je ne dis pas où !"
            )
        } else {
            say!(
                lang,
                "It goes beyond the techniques I know: past a {name}, even I would have to try a digit and see.",
                "Elle dépasse les techniques que je connais : après {name}, même moi je devrais essayer un chiffre pour voir."
            )
        }));
    }
    Paragraph {
        kind: ParagraphKind::Info,
        lines,
    }
}

/// The autosaved game came back at start.
pub fn restored(lang: Lang) -> Paragraph {
    one_line(
        ParagraphKind::Info,
        say!(
            lang,
            "Welcome back! I restored your last game.",
            "Re-bonjour ! J'ai repris ta dernière partie."
        ),
    )
}

/// The first start (no game kept yet): Pip names the three ways in, which
/// the board's place shows as buttons until one is taken (issue 30: the
/// window started a clock on a Medium puzzle, and nothing said it reads
/// photos).
pub fn first_start(lang: Lang) -> Paragraph {
    let texts = [
        say!(lang, "Let's start! There are three ways in, beside me:", "Commençons ! Il y a trois façons d'entrer, à côté de moi :"),
        say!(lang, "a photo of the grid you are playing, from a newspaper, a book or a screen: I read it and you check what I read;", "une photo de la grille que tu joues, dans un journal, un livre ou sur un écran : je la lis et tu vérifies ma lecture ;"),
        say!(lang, "a new puzzle that I make for you, at the level you choose;", "une nouvelle grille que je fais pour toi, au niveau que tu choisis ;"),
        say!(lang, "or a puzzle you paste: 81 digits, with dots or zeros for the empty cells. The clock starts with the game.", "ou une grille que tu colles : 81 chiffres, avec des points ou des zéros pour les cases vides. L'horloge démarre avec la partie."),
    ];
    Paragraph {
        kind: ParagraphKind::Info,
        lines: texts.into_iter().map(plain).collect(),
    }
}

/// The photo button: what to choose, and the other way a photo comes in.
pub fn choose_photo(lang: Lang) -> Paragraph {
    one_line(
        ParagraphKind::Info,
        say!(
            lang,
            "Choose the photo of your grid (JPEG, PNG, WebP or BMP), or take one with your phone: Game > Use your phone.",
            "Choisis la photo de ta grille (JPEG, PNG, WebP ou BMP), ou prends-la avec ton téléphone : Partie > Utiliser ton téléphone."
        ),
    )
}

/// The player filled the last cell.
pub fn well_done(lang: Lang) -> Paragraph {
    one_line(
        ParagraphKind::Solved,
        say!(lang, "Solved! Well done.", "Résolu ! Bravo."),
    )
}

/// Solve revealed the whole solution.
pub fn solution_shown(lang: Lang) -> Paragraph {
    one_line(
        ParagraphKind::Solved,
        say!(
            lang,
            "Here is the whole solution. Undo (Ctrl+Z) takes it back.",
            "Voici toute la solution. Annuler (Ctrl+Z) la retire."
        ),
    )
}

/// Solve revealed the whole solution, said on the web page: its Undo is a
/// button, and a phone has no Ctrl+Z.
pub fn solution_shown_on_page(lang: Lang) -> Paragraph {
    one_line(
        ParagraphKind::Solved,
        say!(
            lang,
            "Here is the whole solution. Undo takes it back.",
            "Voici toute la solution. Annuler la retire."
        ),
    )
}

/// Check found every entry right.
pub fn entries_all_right(lang: Lang) -> Paragraph {
    one_line(
        ParagraphKind::Info,
        say!(
            lang,
            "Everything you wrote so far is right. Keep going!",
            "Tout ce que tu as écrit est juste. Continue !"
        ),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::logic::Level;

    #[test]
    fn pip_introduces_itself_and_welcomes_in_both_languages() {
        assert!(intro(Lang::En).lines[0].text.contains("Pip"));
        assert_eq!(notes_question(Lang::Fr).kind, ParagraphKind::Notes);
        assert_eq!(what_is(Technique::XWing, Lang::En), "What is an X-Wing?");
        assert_eq!(
            what_is(Technique::UniqueRectangle1, Lang::En),
            "What is a Unique Rectangle Type 1?"
        );
        assert_eq!(
            what_is(Technique::Pointing, Lang::En),
            "What are Pointing Candidates?"
        );
        assert_eq!(
            what_is(Technique::HiddenPair, Lang::Fr),
            "Paire cachée : c'est quoi ?"
        );
        let back = notes_filled(&[Candidate::new(crate::grid::Cell::new(2, 4), 7)], Lang::En);
        assert_eq!(
            back.lines[1].text,
            "I put back 7 in row 3, column 5: your notes had crossed it out, but nothing rules it out there."
        );
        let rating = |level, hardest| Rating {
            level,
            score: 4.0,
            hardest: Some(hardest),
            steps: 40,
            solved_by_logic: true,
        };
        let en = welcome(
            &PuzzleSource::Pasted,
            24,
            &rating(Level::Hard, crate::logic::Technique::XWing),
            Lang::En,
        );
        assert_eq!(
            en.lines[0].text,
            "Got it: the puzzle you pasted has 24 givens and rates Hard. Have fun!"
        );
        assert_eq!(
            en.lines[1].text,
            "At its hardest point you will need this technique: X-Wing. I won't say where!"
        );
        let fr = welcome(
            &PuzzleSource::File("x.sdk".into()),
            30,
            &rating(Level::Easy, crate::logic::Technique::HiddenSingle),
            Lang::Fr,
        );
        assert!(fr.lines[0].text.contains("x.sdk") && fr.lines[0].text.contains("Facile"));
        assert!(
            fr.lines[1].text.contains("Singleton"),
            "{}",
            fr.lines[1].text
        );
        let daily = PuzzleSource::Daily("2025-05-14".parse().unwrap());
        let en = welcome(
            &daily,
            26,
            &rating(Level::Expert, crate::logic::Technique::XWing),
            Lang::En,
        );
        assert!(en.lines[0]
            .text
            .starts_with("Here is the puzzle of the day, 14 May: it rates Expert"));
    }
}
