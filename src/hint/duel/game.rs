//! Pip's words about a duel as a whole: the strengths, the welcome and the
//! rules, the score, refused moves and answers, the result, what the duel
//! window says of Pip at work (dealing, thinking, refusing help), and what
//! the command line says around a game.

use super::{cell_name, info, shared_unit};
use crate::duel::{AnswerError, Answering, DuelResult, Ending, MoveError, Side, Strength, Tally};
use crate::hint::words::{capitalised, cells, cells_within, unit_name};
use crate::hint::{plain, Lang, Paragraph, Wording};
use crate::logic::Level;

/// Pip's strength as it is named to the player.
pub fn strength_name(s: Strength, lang: Lang) -> &'static str {
    match (lang, s) {
        (Lang::En, Strength::Beginner) => "Beginner",
        (Lang::En, Strength::Club) => "Club player",
        (Lang::En, Strength::Master) => "Master",
        (Lang::Fr, Strength::Beginner) => "Débutant",
        (Lang::Fr, Strength::Club) => "Joueur de club",
        (Lang::Fr, Strength::Master) => "Maître",
    }
}

/// What Pip knows at a strength, in one sentence.
pub fn strength_blurb(s: Strength, lang: Lang) -> String {
    match s {
        Strength::Beginner => say!(
            lang,
            "I only fill holes where a single value fits; otherwise I take a joker.",
            "Je ne remplis que les trous où une seule valeur tient ; sinon je prends un joker."
        ),
        Strength::Club => say!(
            lang,
            "I also look for hidden singles and pairs, triples and quads, and when I am stuck I guess only when a guess costs less than a joker on average.",
            "Je cherche aussi les singletons cachés et les paires, triplets et quadruplets, et quand je bloque je ne devine que si deviner coûte en moyenne moins qu'un joker."
        ),
        Strength::Master => say!(
            lang,
            "I use every technique I know, proof by contradiction included; when even that is not enough, I weigh a guess against a joker.",
            "J'utilise toutes les techniques que je connais, y compris le raisonnement par l'absurde ; quand ça ne suffit pas, je compare deviner et prendre un joker."
        ),
    }
}

/// The start of a duel: the grids exchanged and the rules.
pub fn welcome(
    strength: Strength,
    answering: Answering,
    level: Option<Level>,
    holes: (usize, usize),
    lang: Lang,
) -> Paragraph {
    let (yours, mine) = holes;
    let level = level.map(|l| crate::hint::level_name(l, lang));
    let name = strength_name(strength, lang);
    let mut lines = vec![
        plain(match level {
            Some(level) => say!(
                lang,
                "Let's duel! I handed you a grid with {yours} holes, rated {level}, and you handed me one with {mine}.",
                "En garde ! Je t'ai donné une grille avec {yours} trous, de niveau {level}, et tu m'en as donné une avec {mine}."
            ),
            None => say!(
                lang,
                "Let's duel! I handed you a grid with {yours} holes, and you handed me one with {mine}.",
                "En garde ! Je t'ai donné une grille avec {yours} trous, et tu m'en as donné une avec {mine}."
            ),
        }),
        plain(say!(
            lang,
            "Each turn, fill one hole. A wrong value costs a penalty point, and so does a joker, which asks me for a hole's value.",
            "À chaque tour, remplis un trou. Une valeur fausse coûte un point de pénalité, et un joker aussi : il me demande la valeur d'un trou."
        )),
        plain(say!(
            lang,
            "When both grids are complete, the fewer penalty points win.",
            "Quand les deux grilles sont complètes, le moins de points de pénalité gagne."
        )),
        plain(format!(
            "{} {}",
            say!(lang, "I play as a {name}.", "Je joue en {name}."),
            strength_blurb(strength, lang)
        )),
    ];
    if answering == Answering::ByHand {
        lines.push(plain(say!(
            lang,
            "You answer my moves yourself. Careful: I check every answer, and I will know if you lie.",
            "Tu réponds toi-même à mes coups. Attention : je vérifie chaque réponse, et je saurai si tu mens."
        )));
    }
    lines.push(plain(say!(lang, "You start!", "À toi de commencer !")));
    info(lines)
}

/// Why a move was refused, and that it cost nothing.
pub fn move_refused(error: MoveError, lang: impl Into<Wording>) -> String {
    let lang: Wording = lang.into();
    // A plain cell name may open the sentence: "Row 1, column 2 already ...".
    capitalised(match error {
        MoveError::GameOver => say!(lang, "The duel is over.", "Le duel est terminé."),
        MoveError::NotYourTurn => say!(
            lang,
            "Wait for your turn: it is mine.",
            "Attends ton tour : c'est à moi."
        ),
        MoveError::WaitingForAnswer => {
            say!(lang, "Answer my move first.", "Réponds d'abord à mon coup.")
        }
        MoveError::NotAHole { cell, digit } => {
            let c = cell_name(cell, lang);
            say!(
                lang,
                "{c} already holds {digit}: it is not a hole. No penalty.",
                "{c} contient déjà {digit} : ce n'est pas un trou. Pas de pénalité."
            )
        }
        MoveError::NotADigit { .. } => say!(
            lang,
            "Only a digit from 1 to 9 can go in a hole. No penalty.",
            "Seul un chiffre de 1 à 9 peut aller dans un trou. Pas de pénalité."
        ),
        MoveError::AlreadyInUnit { cell, digit, seen } => {
            // "in row 1, in column 2": the seen cell named within the unit.
            let unit = shared_unit(cell, seen);
            let (c, s) = (cell_name(cell, lang), cells_within(&[seen], unit, lang));
            let u = unit_name(unit, lang);
            say!(
                lang,
                "{digit} is already in {u}, in {s}: it cannot go in {c}. No penalty.",
                "Le {digit} est déjà dans {u}, en {s} : il ne peut pas aller en {c}. Pas de pénalité."
            )
        }
        MoveError::AlreadyRefused { cell, digit } => {
            let c = cell_name(cell, lang);
            say!(
                lang,
                "You already tried {digit} in {c}, and it was wrong. No penalty.",
                "Tu as déjà essayé {digit} en {c}, et c'était faux. Pas de pénalité."
            )
        }
    })
}

/// Why an answer to Pip's move was refused.
pub fn answer_refused(error: AnswerError, lang: Lang) -> String {
    match error {
        AnswerError::NoQuestion => {
            say!(lang, "I have not asked anything.", "Je n'ai rien demandé.")
        }
        AnswerError::RightOrWrong => say!(
            lang,
            "Tell me whether my value is right or wrong.",
            "Dis-moi si ma valeur est juste ou fausse."
        ),
        AnswerError::ValueExpected => say!(
            lang,
            "Tell me the hole's value, a digit from 1 to 9.",
            "Dis-moi la valeur du trou, un chiffre de 1 à 9."
        ),
    }
}

/// "3 penalty points (2 wrong values, 1 joker)".
pub fn tally_text(t: &Tally, lang: Lang) -> String {
    let p = t.penalties();
    let (w, j) = (t.wrong, t.jokers);
    let points = match (lang, p) {
        (Lang::En, 1) => "1 penalty point".to_string(),
        (Lang::En, p) => format!("{p} penalty points"),
        (Lang::Fr, 0 | 1) => format!("{p} point de pénalité"),
        (Lang::Fr, p) => format!("{p} points de pénalité"),
    };
    let wrong = match (lang, w) {
        (Lang::En, 1) => "1 wrong value".to_string(),
        (Lang::En, w) => format!("{w} wrong values"),
        (Lang::Fr, 0 | 1) => format!("{w} valeur fausse"),
        (Lang::Fr, w) => format!("{w} valeurs fausses"),
    };
    let jokers = match (lang, j) {
        (Lang::En, 1) => "1 joker".to_string(),
        (_, j) => format!("{j} jokers"),
    };
    let jokers = if lang == Lang::Fr && j <= 1 {
        format!("{j} joker")
    } else {
        jokers
    };
    let and = say!(lang, "and", "et");
    format!("{points} ({wrong} {and} {jokers})")
}

/// The end of a duel: who won and each side's penalties. A cheat is told
/// first, by [`super::cheat`].
pub fn outcome(outcome: &DuelResult, lang: impl Into<Wording>) -> Paragraph {
    let lang: Wording = lang.into();
    let mut lines = Vec::new();
    match &outcome.ending {
        Ending::Cheating { cheat } => lines.extend(super::cheat(cheat, lang)),
        Ending::Resigned => lines.push(plain(say!(
            lang,
            "You resign: the duel stops here.",
            "Tu abandonnes : le duel s'arrête là."
        ))),
        Ending::Completed => lines.push(plain(say!(
            lang,
            "Both grids are complete!",
            "Les deux grilles sont complètes !"
        ))),
    }
    let (p, q) = (outcome.player.penalties(), outcome.pip.penalties());
    let (you, me) = (
        tally_text(&outcome.player, lang.lang),
        tally_text(&outcome.pip, lang.lang),
    );
    lines.push(plain(say!(lang, "You: {you}.", "Toi : {you}.")));
    lines.push(plain(say!(lang, "Me: {me}.", "Moi : {me}.")));
    lines.push(plain(match (&outcome.ending, outcome.winner) {
        (Ending::Cheating { .. }, _) => say!(
            lang,
            "That is cheating: the duel ends here, and I win.",
            "C'est de la triche : le duel s'arrête là, et je gagne."
        ),
        (Ending::Resigned, _) => say!(
            lang,
            "So I win this one. Another duel when you like!",
            "Je gagne donc celui-ci. Un autre duel quand tu veux !"
        ),
        (_, Some(Side::Player)) => say!(
            lang,
            "You win, {p} to {q}. Well played!",
            "Tu gagnes, {p} à {q}. Bien joué !"
        ),
        (_, Some(Side::Pip)) => say!(
            lang,
            "I win, {q} to {p}. Another one?",
            "Je gagne, {q} à {p}. On en refait une ?"
        ),
        (_, None) => say!(
            lang,
            "A draw, {p} to {q}. Well matched!",
            "Match nul, {p} à {q}. Bien joué tous les deux !"
        ),
    }));
    info(lines)
}

/// The two grids' titles: the one the player fills, and Pip's progress on
/// the player's.
pub fn grid_titles(lang: Lang) -> (String, String) {
    (
        say!(lang, "Your grid (from Pip)", "Ta grille (de Pip)"),
        say!(lang, "Pip's grid (from you)", "La grille de Pip (de toi)"),
    )
}

/// Whose turn it is, in a few words.
pub fn whose_turn(side: Side, lang: Lang) -> String {
    match side {
        Side::Player => say!(lang, "your turn", "à toi"),
        Side::Pip => say!(lang, "Pip's turn", "au tour de Pip"),
    }
}

/// Shown instead of whose turn it is while Pip thinks over its move.
pub fn pip_thinking(lang: Lang) -> String {
    say!(lang, "Pip is thinking…", "Pip réfléchit…")
}

/// Shown beside the spinner while Pip deals the player's grid.
pub fn pip_dealing(lang: Lang) -> String {
    say!(lang, "Pip is making your grid…", "Pip prépare ta grille…")
}

/// Why Hint, Solve, Check and the undo commands do nothing during a duel.
pub fn no_help_during_duel(lang: Lang) -> String {
    say!(
        lang,
        "Not during a duel: that would be cheating!",
        "Pas pendant un duel : ce serait tricher !"
    )
}

/// What the holes the player made leave of the grid handed to Pip: one
/// completion, or several (then only the player's secret decides).
pub fn completions(one: bool, lang: Lang) -> String {
    if one {
        say!(
            lang,
            "one completion: every value can be deduced, if Pip is strong enough",
            "une seule solution : chaque valeur peut se déduire, si Pip est assez fort"
        )
    } else {
        say!(
            lang,
            "several completions: only your secret decides, Pip will have to guess or take jokers",
            "plusieurs solutions : seul ton secret décide, Pip devra deviner ou prendre des jokers"
        )
    }
}

/// How a side is named on the score line.
pub fn side_name(side: Side, lang: Lang) -> &'static str {
    match (side, lang) {
        (Side::Player, Lang::En) => "You",
        (Side::Player, Lang::Fr) => "Toi",
        (Side::Pip, _) => "Pip",
    }
}

/// One side's score line: `who`, its penalties and its holes left.
pub fn score(who: &str, tally: &Tally, holes_left: usize, lang: Lang) -> String {
    let t = tally_text(tally, lang);
    match holes_left {
        1 => say!(
            lang,
            "{who}: {t}, 1 hole left",
            "{who} : {t}, 1 trou restant"
        ),
        n => say!(
            lang,
            "{who}: {t}, {n} holes left",
            "{who} : {t}, {n} trous restants"
        ),
    }
}

/// The two Pips of a game between Pips: the one in the player's seat is
/// Pip 1.
pub fn seat_name(side: Side) -> &'static str {
    match side {
        Side::Player => "Pip 1",
        Side::Pip => "Pip 2",
    }
}

/// The final score of a game between Pips.
pub fn pip_vs_pip_result(outcome: &DuelResult, lang: Lang) -> String {
    let (a, b) = (
        tally_text(&outcome.player, lang),
        tally_text(&outcome.pip, lang),
    );
    let winner = match outcome.winner {
        Some(side) => {
            let w = seat_name(side);
            say!(lang, "{w} wins.", "{w} gagne.")
        }
        None => say!(lang, "A draw.", "Match nul."),
    };
    say!(
        lang,
        "Final score: Pip 1, {a}; Pip 2, {b}. {winner}",
        "Score final : Pip 1, {a} ; Pip 2, {b}. {winner}"
    )
}

/// Why a grid cannot be the player's grid for Pip.
pub fn players_grid_refused(
    e: &crate::duel::deal::PlayersGridError,
    lang: impl Into<Wording>,
) -> String {
    let lang: Wording = lang.into();
    use crate::duel::deal::PlayersGridError as E;
    match e {
        E::Repeated(c) => {
            let (d, u) = (c.digit, unit_name(c.unit, lang));
            let list = cells(&c.cells, lang);
            say!(
                lang,
                "This grid holds {d} more than once in {u} ({list}): a secret grid never repeats a digit.",
                "Cette grille contient le {d} plusieurs fois dans {u} ({list}) : une grille secrète ne répète jamais un chiffre."
            )
        }
        E::SeveralCompletions => say!(
            lang,
            "This grid has holes and several ways to complete it, so I cannot tell which one is your secret: give the complete grid, or answer me by hand.",
            "Cette grille a des trous et plusieurs façons d'être complétée, donc je ne peux pas savoir laquelle est ta grille secrète : donne la grille complète, ou réponds-moi toi-même."
        ),
        E::NoCompletion => say!(
            lang,
            "This grid cannot be completed: no secret grid fits it.",
            "Cette grille ne peut pas être complétée : aucune grille secrète ne lui correspond."
        ),
        E::Empty => say!(
            lang,
            "This grid is empty: give me a complete grid, or one with its holes made.",
            "Cette grille est vide : donne-moi une grille complète, ou une grille avec ses trous."
        ),
    }
}

/// An unfinished duel came back (at start, or opened from a file).
pub fn restored(lang: Lang) -> String {
    say!(
        lang,
        "Welcome back! Our duel goes on where we left it.",
        "Re-bonjour ! Notre duel reprend là où nous l'avions laissé."
    )
}

/// The result in one line, for the status bar.
pub fn tally_summary(outcome: &DuelResult, lang: Lang) -> String {
    let (you, me) = (
        tally_text(&outcome.player, lang),
        tally_text(&outcome.pip, lang),
    );
    say!(lang, "You: {you}. Pip: {me}.", "Toi : {you}. Pip : {me}.")
}

/// What the player types in a terminal duel, for the command line.
pub fn input_help(by_hand: bool, lang: Lang) -> String {
    let mut text = say!(
        lang,
        "Type a move as a cell and a digit (r4c9 6), or joker and a cell (joker r4c9). Ctrl+D leaves.",
        "Tape un coup : une case et un chiffre (r4c9 6), ou joker et une case (joker r4c9). Ctrl+D pour quitter."
    );
    if by_hand {
        text.push(' ');
        text.push_str(&say!(
            lang,
            "To my moves, answer right or wrong (r, w); to my jokers, the digit.",
            "À mes coups, réponds juste ou faux (j, f) ; à mes jokers, le chiffre."
        ));
    }
    text
}

/// The duel stopped before its end (Ctrl+D), saved in `saved` or not.
pub fn left_unfinished(saved: Option<&std::path::Path>, lang: Lang) -> String {
    match saved {
        Some(path) => {
            let p = path.display();
            say!(
                lang,
                "Duel left unfinished and saved in {p}: resume it with sudolens duel --resume {p}",
                "Duel laissé en cours et enregistré dans {p} : reprends-le avec sudolens duel --resume {p}"
            )
        }
        None => say!(
            lang,
            "Duel left unfinished. See you soon!",
            "Duel laissé en cours. À bientôt !"
        ),
    }
}

/// A line the command line could not read as a move.
pub fn not_a_move(text: &str, lang: Lang) -> String {
    let text = text.trim();
    say!(
        lang,
        "'{text}' is not a move: type a cell and a digit (r4c9 6), or joker and a cell (joker r4c9). No penalty.",
        "« {text} » n'est pas un coup : tape une case et un chiffre (r4c9 6), ou joker et une case (joker r4c9). Pas de pénalité."
    )
}

/// A line of input past `max` bytes: ignored, whatever it held.
pub fn line_too_long(max: usize, lang: Lang) -> String {
    say!(
        lang,
        "That line is longer than {max} characters: it is not a move, and is ignored. No penalty.",
        "Cette ligne fait plus de {max} caractères : ce n'est pas un coup, elle est ignorée. Pas de pénalité."
    )
}

/// A line of Pip's as the terminal prints it: "Pip says: …".
pub fn pip_says(text: &str, lang: Lang) -> String {
    say!(lang, "Pip says: {text}", "Pip dit : {text}")
}
