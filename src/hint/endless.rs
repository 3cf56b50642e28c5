//! What Pip says about the endless carpet (issue 34): its welcome, where
//! the player is on it, a grid solved, and a view whose rules force no step.

use super::{plain, Paragraph, ParagraphKind, Wording};
use crate::logic::Level;

/// Pip's welcome to a new endless carpet: what it is, how it grows, and
/// the order its grids are made to be solved in.
pub fn endless_welcome(level: Level, w: impl Into<Wording>) -> Paragraph {
    let w: Wording = w.into();
    let level = super::level_name(level, w.lang);
    Paragraph {
        kind: ParagraphKind::Info,
        lines: vec![
            plain(say!(
                w,
                "An endless carpet, {level}: Sudoku grids that share boxes, with no edge. Each grid is a Sudoku of its own, and a box two grids share belongs to both.",
                "Un tapis sans fin, {level} : des grilles de sudoku qui partagent des carrés, sans bord. Chaque grille est un sudoku à part entière, et un carré partagé par deux grilles appartient aux deux."
            )),
            plain(say!(
                w,
                "Move with the arrow keys, or click or tap a cell: when you leave the middle grid (outlined in blue), the view moves with you and new grids are made ahead.",
                "Déplace-toi avec les flèches, ou clique ou touche une case : quand tu quittes la grille du milieu (entourée de bleu), la vue te suit et de nouvelles grilles naissent devant toi."
            )),
            plain(say!(
                w,
                "Each new grid has one solution once the grids nearer the start are solved, so work outward from where you began.",
                "Chaque nouvelle grille a une seule solution une fois les grilles plus proches du départ résolues : avance donc depuis ton point de départ."
            )),
        ],
    }
}

/// Where grid (`y`, `x`) lies from the start, `y` growing downward: "the
/// start grid", "the grid 2 right and 1 down from the start".
pub fn endless_place(y: i32, x: i32, w: impl Into<Wording>) -> String {
    let w: Wording = w.into();
    // (steps, words for n steps one way, the other way)
    let along = |steps: i32, ahead: String, back: String| match steps.signum() {
        0 => None,
        1 => Some(ahead),
        _ => Some(back),
    };
    let (n, m) = (x.unsigned_abs(), y.unsigned_abs());
    let across = along(
        x,
        say!(w, "{n} right", "{n} vers la droite"),
        say!(w, "{n} left", "{n} vers la gauche"),
    );
    let down = along(
        y,
        say!(w, "{m} down", "{m} vers le bas"),
        say!(w, "{m} up", "{m} vers le haut"),
    );
    let way = match (across, down) {
        (Some(a), Some(d)) => say!(w, "{a} and {d}", "{a} et {d}"),
        (Some(one), None) | (None, Some(one)) => one,
        (None, None) => return say!(w, "the start grid", "la grille de départ"),
    };
    say!(
        w,
        "the grid {way} from the start",
        "la grille décalée de {way} depuis le départ"
    )
}

/// The status line when the view moved to grid (`y`, `x`).
pub fn endless_moved(y: i32, x: i32, w: impl Into<Wording>) -> String {
    let w: Wording = w.into();
    let place = endless_place(y, x, w);
    say!(
        w,
        "Now on {place}; the grids around it are ready.",
        "Te voici sur {place} ; les grilles autour sont prêtes."
    )
}

/// A grid of the carpet just solved; `count` grids solved in all.
pub fn endless_grid_solved(count: usize, w: impl Into<Wording>) -> Paragraph {
    let w: Wording = w.into();
    let solved = match count {
        1 => say!(
            w,
            "Grid solved: your first of the carpet!",
            "Grille résolue : ta première du tapis !"
        ),
        n => say!(
            w,
            "Grid solved: {n} grids of the carpet solved so far!",
            "Grille résolue : {n} grilles du tapis résolues jusqu'ici !"
        ),
    };
    Paragraph {
        kind: ParagraphKind::Solved,
        lines: vec![
            plain(solved),
            plain(say!(
                w,
                "Move on when you like: new grids are made as you go.",
                "Continue quand tu veux : de nouvelles grilles naissent à mesure que tu avances."
            )),
        ],
    }
}

/// No step is forced by the grids in view alone. The carpet is made to be
/// solved outward from the start, so what is missing may lie in the grids
/// nearer the start: Pip says so, without claiming more.
pub fn endless_stuck(w: impl Into<Wording>) -> Paragraph {
    let w: Wording = w.into();
    Paragraph {
        kind: ParagraphKind::Stuck,
        lines: vec![
            plain(say!(
                w,
                "I can't find a step that the grids in view force on their own.",
                "Je ne trouve pas d'étape que les grilles en vue imposent à elles seules."
            )),
            plain(say!(
                w,
                "The carpet is made to be solved outward from the start: the grids nearer it that are not solved yet may hold what is missing. Solve those first, and ask me again.",
                "Le tapis se résout en partant du départ : les grilles plus proches de lui qui ne sont pas encore résolues peuvent contenir ce qui manque. Résous-les d'abord, puis redemande-moi."
            )),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hint::Lang;

    #[test]
    fn places_are_named_from_the_start_in_both_languages() {
        assert_eq!(endless_place(0, 0, Lang::En), "the start grid");
        assert_eq!(
            endless_place(1, 2, Lang::En),
            "the grid 2 right and 1 down from the start"
        );
        assert_eq!(
            endless_place(-3, 0, Lang::Fr),
            "la grille décalée de 3 vers le haut depuis le départ"
        );
        assert_eq!(
            endless_place(0, -1, Lang::Fr),
            "la grille décalée de 1 vers la gauche depuis le départ"
        );
    }
}
