//! Pip's words in a duel: the welcome and the rules, Pip's own moves told
//! line by line as a hint is ("I put 6 in r4c9: nothing else fits in that
//! cell."), its guess-or-joker reasoning, the answers to each move, moves
//! the rules refuse, and the result. The cheats Pip catches are told in
//! `duel_cheat.rs`. Highlights refer to the grid the move was played on.

use super::words::{cells, digits, tech_name, unit_name};
use super::{evidence, line, plain, Lang, Line, Paragraph, ParagraphKind};
use crate::duel::{
    odds, Action, Answer, AnswerError, Answering, Ending, MoveError, Outcome, Reason, Side,
    Strength, Tally, Turn,
};
use crate::grid::{Candidates, Cell, Unit};
use crate::logic::{Candidate, Highlights, Level, Pattern, Step};

/// A cell's name, the way every other sentence of Pip's names it.
pub(super) fn cell_name(c: Cell, lang: Lang) -> String {
    cells(&[c], lang)
}

/// The unit two cells share (row first, then column, then box).
pub(super) fn shared_unit(a: Cell, b: Cell) -> Unit {
    if a.row() == b.row() {
        Unit::Row(a.row() as u8)
    } else if a.col() == b.col() {
        Unit::Col(a.col() as u8)
    } else {
        Unit::Box(a.box_index() as u8)
    }
}

fn info(lines: Vec<Line>) -> Paragraph {
    Paragraph {
        kind: ParagraphKind::Info,
        lines,
    }
}

fn at(c: Cell) -> Highlights {
    Highlights {
        cells: vec![c],
        ..Highlights::default()
    }
}

fn placed(c: Cell, d: u8) -> Highlights {
    Highlights {
        placed: vec![Candidate::new(c, d)],
        ..Highlights::default()
    }
}

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
    let level = level.map(|l| super::level_name(l, lang));
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

/// Why Pip plays its move, line by line, before the answer: the steps that
/// sharpened its notes, then the move itself.
pub fn pip_reasoning(
    action: Action,
    reason: Reason,
    steps: &[Step],
    strength: Strength,
    lang: Lang,
) -> Vec<Line> {
    let mut lines = Vec::new();
    let (last, before) = match (reason, steps.split_last()) {
        (Reason::Forced { .. }, Some((last, before))) => (Some(last), before),
        _ => (None, steps),
    };
    for step in before {
        lines.push(elimination_line(step, lang));
    }
    let cell = action.cell();
    let c = cell_name(cell, lang);
    match (action, reason) {
        (Action::Place { digit: d, .. }, Reason::Forced { technique }) => {
            let why = match last.map(|s| &s.pattern) {
                Some(Pattern::NakedSingle { .. }) => say!(
                    lang,
                    "nothing else fits in that cell.",
                    "rien d'autre ne tient dans cette case."
                ),
                Some(Pattern::FullHouse { unit, .. }) => {
                    let u = unit_name(*unit, lang);
                    say!(
                        lang,
                        "it is the last hole of {u}.",
                        "c'est le dernier trou de {u}."
                    )
                }
                Some(Pattern::HiddenSingle { unit, .. }) => {
                    let u = unit_name(*unit, lang);
                    say!(
                        lang,
                        "it is the only place left for {d} in {u}.",
                        "c'est la seule place qui reste au {d} dans {u}."
                    )
                }
                _ => {
                    let t = tech_name(technique, lang);
                    say!(lang, "{t} proves it.", "{t} le prouve.")
                }
            };
            let mut first = placed(cell, d);
            if let Some(step) = last {
                first.units = step.highlights.units.clone();
            }
            lines.push(line(
                say!(
                    lang,
                    "I put {d} in {c}: {why}",
                    "Je mets {d} en {c} : {why}"
                ),
                first,
            ));
            if let Some(step) = last {
                // The first line said it all for the singles; a hidden
                // single adds the digits that rule the other cells out.
                match step.pattern {
                    Pattern::NakedSingle { .. } | Pattern::FullHouse { .. } => {}
                    Pattern::HiddenSingle { .. } => {
                        lines.extend(evidence(step, lang).into_iter().take(1))
                    }
                    _ => lines.extend(evidence(step, lang)),
                }
            }
        }
        (Action::Place { digit: d, .. }, Reason::Stacked { technique }) => {
            let t = tech_name(technique, lang);
            lines.push(line(
                say!(
                    lang,
                    "I put {d} in {c}: I proved it on an earlier turn ({t}).",
                    "Je mets {d} en {c} : je l'ai prouvé à un tour précédent ({t})."
                ),
                placed(cell, d),
            ));
        }
        (Action::Place { digit: d, .. }, Reason::Guess { options }) => {
            let k = options.len();
            let ds = digits(&options.iter().collect::<Vec<_>>(), lang);
            let cost = points(odds::guess_penalty(k), lang);
            lines.push(plain(say!(
                lang,
                "No value is certain for me now.",
                "Aucune valeur n'est sûre pour moi maintenant."
            )));
            lines.push(line(
                say!(
                    lang,
                    "{c} can still be {ds}: a guess between {k} costs {cost} on average, less than a joker's 1 point.",
                    "{c} peut encore valoir {ds} : deviner entre {k} coûte {cost} en moyenne, moins que le point d'un joker."
                ),
                candidates_at(cell, options),
            ));
            lines.push(line(
                say!(lang, "I guess {d} in {c}.", "Je tente {d} en {c}."),
                placed(cell, d),
            ));
        }
        (Action::Joker { .. }, Reason::Joker { options, fewest }) => {
            let n = options.len();
            if strength.guesses() {
                let cost = points(odds::guess_penalty(fewest), lang);
                lines.push(plain(say!(
                    lang,
                    "No value is certain for me now, and every hole still has {fewest} possible values or more: a guess would cost {cost} on average, no less than a joker.",
                    "Aucune valeur n'est sûre pour moi, et chaque trou a encore {fewest} valeurs possibles ou plus : deviner coûterait {cost} en moyenne, pas moins qu'un joker."
                )));
            } else {
                lines.push(plain(say!(
                    lang,
                    "No hole has a single possible value for me.",
                    "Aucun trou n'a une seule valeur possible pour moi."
                )));
            }
            lines.push(line(
                say!(
                    lang,
                    "So I take a joker where I know least: {c}, which could still be any of {n} values. What is in {c}?",
                    "Alors je prends un joker là où j'en sais le moins : {c}, qui peut encore prendre {n} valeurs. Que vaut {c} ?"
                ),
                candidates_at(cell, options),
            ));
        }
        // A reason that does not fit the action never comes from Pip's
        // reasoning; say the move plainly.
        (Action::Place { digit: d, .. }, _) => lines.push(line(
            say!(lang, "I put {d} in {c}.", "Je mets {d} en {c}."),
            placed(cell, d),
        )),
        (Action::Joker { .. }, _) => lines.push(line(
            say!(lang, "Joker: what is in {c}?", "Joker : que vaut {c} ?"),
            at(cell),
        )),
    }
    lines
}

fn candidates_at(cell: Cell, options: Candidates) -> Highlights {
    Highlights {
        cells: vec![cell],
        candidates: options.iter().map(|d| Candidate::new(cell, d)).collect(),
        ..Highlights::default()
    }
}

/// "half a point", "1 point", "1.5 points".
fn points(p: f64, lang: Lang) -> String {
    if (p - 0.5).abs() < 1e-9 {
        return say!(lang, "half a point", "un demi-point");
    }
    let n = if p.fract().abs() < 1e-9 {
        format!("{p:.0}")
    } else {
        let s = format!("{p:.2}");
        let s = s.trim_end_matches('0').to_string();
        match lang {
            Lang::En => s,
            Lang::Fr => s.replace('.', ","),
        }
    };
    if (p - 1.0).abs() < 1e-9 {
        say!(lang, "{n} point", "{n} point")
    } else {
        say!(lang, "{n} points", "{n} points")
    }
}

/// One line for a step that only sharpened Pip's notes.
fn elimination_line(step: &Step, lang: Lang) -> Line {
    let t = tech_name(step.technique, lang);
    let mut groups: Vec<(Vec<u8>, Vec<Cell>)> = Vec::new();
    for e in &step.eliminations {
        match groups.iter_mut().find(|g| g.0 == e.digits) {
            Some(g) => g.1.push(e.cell),
            None => groups.push((e.digits.clone(), vec![e.cell])),
        }
    }
    let removed: Vec<String> = groups
        .iter()
        .map(|(ds, cs)| {
            let (dl, cl) = (digits(ds, lang), cells(cs, lang));
            say!(lang, "{dl} from {cl}", "{dl} de {cl}")
        })
        .collect();
    let removed = removed.join("; ");
    line(
        say!(
            lang,
            "In my notes, {t}: I cross out {removed}.",
            "Dans mes notes, {t} : je raye {removed}."
        ),
        step.highlights.clone(),
    )
}

/// The answer to a Pip's move, as Pip takes it.
pub fn pip_answered(turn: &Turn, lang: Lang) -> Line {
    let cell = turn.action.cell();
    let c = cell_name(cell, lang);
    match (turn.action, turn.answer) {
        (Action::Place { digit: d, .. }, Answer::Right) => line(
            say!(lang, "Right: {d} in {c}.", "Juste : {d} en {c}."),
            placed(cell, d),
        ),
        (Action::Place { digit: d, .. }, _) => line(
            say!(
                lang,
                "Wrong: {c} is not {d}. A penalty point for me.",
                "Faux : {c} ne vaut pas {d}. Un point de pénalité pour moi."
            ),
            at(cell),
        ),
        (Action::Joker { .. }, Answer::Value(v)) => line(
            say!(
                lang,
                "{c} is {v}, thank you. A penalty point for me.",
                "{c} vaut {v}, merci. Un point de pénalité pour moi."
            ),
            placed(cell, v),
        ),
        (Action::Joker { .. }, _) => plain(String::new()),
    }
}

/// A Pip's move and its answer, as one paragraph: what the dialogue shows
/// after each of Pip's turns, and what the replay pages through.
pub fn pip_turn(turn: &Turn, strength: Strength, lang: Lang) -> Paragraph {
    let mut lines = match turn.reason {
        Some(reason) => pip_reasoning(turn.action, reason, &turn.steps, strength, lang),
        None => Vec::new(),
    };
    lines.push(pip_answered(turn, lang));
    info(lines)
}

/// Pip's question on its waiting move (by hand).
pub fn pip_question(action: Action, lang: Lang) -> String {
    let c = cell_name(action.cell(), lang);
    match action {
        Action::Place { digit: d, .. } => say!(
            lang,
            "Is {d} right in {c}? Answer right or wrong.",
            "{d} en {c}, c'est juste ? Réponds juste ou faux."
        ),
        Action::Joker { .. } => say!(
            lang,
            "What is the value of {c} in your secret grid?",
            "Que vaut {c} dans ta grille secrète ?"
        ),
    }
}

/// Pip's reply to the player's move.
pub fn player_move(turn: &Turn, lang: Lang) -> Line {
    let cell = turn.action.cell();
    let c = cell_name(cell, lang);
    match (turn.action, turn.answer) {
        (Action::Place { digit: d, .. }, Answer::Right) => line(
            say!(lang, "Right: {d} in {c}.", "Juste : {d} en {c}."),
            placed(cell, d),
        ),
        (Action::Place { digit: d, .. }, _) => line(
            say!(
                lang,
                "No, {c} is not {d}. A penalty point for you.",
                "Non, {c} ne vaut pas {d}. Un point de pénalité pour toi."
            ),
            at(cell),
        ),
        (Action::Joker { .. }, Answer::Value(v)) => line(
            say!(
                lang,
                "Joker: {c} is {v}. A penalty point for you.",
                "Joker : {c} vaut {v}. Un point de pénalité pour toi."
            ),
            placed(cell, v),
        ),
        (Action::Joker { .. }, _) => plain(String::new()),
    }
}

/// Why a move was refused, and that it cost nothing.
pub fn move_refused(error: MoveError, lang: Lang) -> String {
    match error {
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
            let (c, s) = (cell_name(cell, lang), cell_name(seen, lang));
            let u = unit_name(shared_unit(cell, seen), lang);
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
    }
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
/// first, by [`super::duel_cheat::cheat`].
pub fn outcome(outcome: &Outcome, lang: Lang) -> Paragraph {
    let mut lines = Vec::new();
    if let Ending::Cheating { cheat } = &outcome.ending {
        lines.extend(super::duel_cheat::cheat(cheat, lang));
    } else {
        lines.push(plain(say!(
            lang,
            "Both grids are complete!",
            "Les deux grilles sont complètes !"
        )));
    }
    let (p, q) = (outcome.player.penalties(), outcome.pip.penalties());
    let (you, me) = (
        tally_text(&outcome.player, lang),
        tally_text(&outcome.pip, lang),
    );
    lines.push(plain(say!(lang, "You: {you}.", "Toi : {you}.")));
    lines.push(plain(say!(lang, "Me: {me}.", "Moi : {me}.")));
    lines.push(plain(match (&outcome.ending, outcome.winner) {
        (Ending::Cheating { .. }, _) => say!(
            lang,
            "That is cheating: the duel ends here, and I win.",
            "C'est de la triche : le duel s'arrête là, et je gagne."
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
pub fn pip_vs_pip_result(outcome: &Outcome, lang: Lang) -> String {
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
pub fn players_grid_refused(e: &crate::duel::deal::PlayersGridError, lang: Lang) -> String {
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
pub fn tally_summary(outcome: &Outcome, lang: Lang) -> String {
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

/// Pip's moves of a finished duel, one paragraph each, for the replay.
pub fn replay(turns: &[Turn], strength: Strength, lang: Lang) -> Vec<Paragraph> {
    let pip_turns: Vec<&Turn> = turns.iter().filter(|t| t.side == Side::Pip).collect();
    let n = pip_turns.len();
    pip_turns
        .into_iter()
        .enumerate()
        .map(|(i, turn)| {
            let mut p = pip_turn(turn, strength, lang);
            let k = i + 1;
            p.lines.insert(
                0,
                plain(say!(lang, "My move {k} of {n}:", "Mon coup {k} sur {n} :")),
            );
            p
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::duel::{Duel, Setup};

    #[test]
    fn pip_tells_a_naked_single_in_one_line() {
        let mut duel = Duel::new(Setup::dealt(
            Strength::Beginner,
            Answering::Honest,
            Level::Easy,
            Some(1),
            3,
        ))
        .unwrap();
        let hole = Cell::ALL
            .into_iter()
            .find(|&c| duel.camp(Side::Player).filling.get(c) == 0)
            .unwrap();
        duel.play(Action::Joker { cell: hole }).unwrap();
        let turn = duel.pip_turn().unwrap().unwrap().clone();
        let Action::Place { cell, digit } = turn.action else {
            panic!("one hole: a forced value")
        };
        let p = pip_turn(&turn, Strength::Beginner, Lang::En);
        let first = &p.lines[0].text;
        assert!(
            first == &format!("I put {digit} in {cell}: nothing else fits in that cell.")
                || first.starts_with(&format!("I put {digit} in {cell}: it is the last hole")),
            "{first}"
        );
        assert_eq!(p.lines[1].text, format!("Right: {digit} in {cell}."));
        let fr = pip_turn(&turn, Strength::Beginner, Lang::Fr);
        assert!(fr.lines[0]
            .text
            .starts_with(&format!("Je mets {digit} en {cell}")));
    }

    #[test]
    fn points_read_as_players_say_them() {
        assert_eq!(points(0.5, Lang::En), "half a point");
        assert_eq!(points(1.0, Lang::En), "1 point");
        assert_eq!(points(1.5, Lang::Fr), "1,5 points");
        let t = Tally {
            wrong: 2,
            jokers: 1,
            moves: 9,
        };
        assert_eq!(
            tally_text(&t, Lang::En),
            "3 penalty points (2 wrong values and 1 joker)"
        );
        assert_eq!(
            tally_text(&Tally::default(), Lang::Fr),
            "0 point de pénalité (0 valeur fausse et 0 joker)"
        );
    }
}
