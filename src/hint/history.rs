//! Pip's words about the game history: a puzzle recognised as one played
//! before ("You solved this one on 12 May, in 14 minutes"), a history that
//! is off or was started over, and the dates and durations they use (the
//! Statistics window shows the same).

use super::{plain, Lang, Paragraph, ParagraphKind};
use crate::generate::Date;
use crate::history::{ErrorKind, HistoryError, PastGame};

/// "12 May" / "12 mai", with the year when it is not `this_year`.
pub fn date_words(date: Date, this_year: u16, lang: Lang) -> String {
    const EN: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    const FR: [&str; 12] = [
        "janvier",
        "février",
        "mars",
        "avril",
        "mai",
        "juin",
        "juillet",
        "août",
        "septembre",
        "octobre",
        "novembre",
        "décembre",
    ];
    let month = match lang {
        Lang::En => EN,
        Lang::Fr => FR,
    }[usize::from(date.month()) - 1];
    let day = match (lang, date.day()) {
        (Lang::Fr, 1) => "1er".to_string(),
        (_, d) => d.to_string(),
    };
    if date.year() == this_year {
        format!("{day} {month}")
    } else {
        format!("{day} {month} {}", date.year())
    }
}

/// "14 minutes", "1 hour 5 minutes", "45 seconds" / "14 minutes",
/// "1 heure 5 minutes", "45 secondes": rounded to the minute past a minute.
pub fn duration_words(seconds: u64, lang: Lang) -> String {
    let unit = |n: u64, en: &str, fr: &str| {
        let word = match lang {
            Lang::En => en,
            Lang::Fr => fr,
        };
        if n == 1 {
            format!("1 {word}")
        } else {
            format!("{n} {word}s")
        }
    };
    if seconds < 60 {
        return unit(seconds, "second", "seconde");
    }
    let minutes = (seconds + 30) / 60;
    let (h, m) = (minutes / 60, minutes % 60);
    match (h, m) {
        (0, m) => unit(m, "minute", "minute"),
        (h, 0) => unit(h, "hour", "heure"),
        (h, m) => format!(
            "{} {}",
            unit(h, "hour", "heure"),
            unit(m, "minute", "minute")
        ),
    }
}

/// "on 12 May" / "le 12 mai", or "earlier today" / "plus tôt aujourd'hui".
fn on_day(date: Date, today: Date, lang: Lang) -> String {
    if date == today {
        return say!(lang, "earlier today", "plus tôt aujourd'hui");
    }
    let d = date_words(date, today.year(), lang);
    say!(lang, "on {d}", "le {d}")
}

/// Pip recognises a puzzle played before: the game that matters most (the
/// latest one solved, else the latest), whether it was the same puzzle in
/// disguise, and how many times it was played. `past` is latest first;
/// `today` is the local date.
pub fn played_before(
    puzzle: &crate::grid::ShapedGrid,
    past: &[PastGame],
    today: Date,
    lang: Lang,
) -> Paragraph {
    let Some(game) = past.iter().find(|g| g.solved()).or(past.first()) else {
        return Paragraph {
            kind: ParagraphKind::Info,
            lines: Vec::new(),
        };
    };
    let time = duration_words(game.seconds_played, lang);
    let mut lines = vec![match game.finished {
        Some((_, day)) if game.solved() => {
            let when = on_day(day, today, lang);
            say!(
                lang,
                "I know this puzzle! You solved it {when}, in {time}.",
                "Je connais cette grille ! Tu l'as résolue {when}, en {time}."
            )
        }
        Some((_, day)) => {
            let when = on_day(day, today, lang);
            say!(
                lang,
                "I know this puzzle! You played it {when} and asked me for its solution.",
                "Je connais cette grille ! Tu l'as jouée {when} et tu m'as demandé sa solution."
            )
        }
        None => {
            let when = on_day(game.started_on, today, lang);
            say!(
                lang,
                "I know this puzzle! You started it {when} and played {time} without finishing it.",
                "Je connais cette grille ! Tu l'as commencée {when} et jouée {time} sans la finir."
            )
        }
    }];
    if game.puzzle != *puzzle {
        lines.push(say!(
            lang,
            "It was turned, mirrored or its digits swapped, but it is the same puzzle.",
            "Elle était tournée, retournée ou ses chiffres échangés, mais c'est la même grille."
        ));
    }
    if past.len() > 1 {
        let n = past.len();
        lines.push(say!(
            lang,
            "You have played it {n} times before.",
            "Tu l'as déjà jouée {n} fois."
        ));
    }
    Paragraph {
        kind: ParagraphKind::Info,
        lines: lines.into_iter().map(plain).collect(),
    }
}

/// The history was damaged: kept aside as `aside`, and a new one begun.
pub fn history_started_over(aside: &std::path::Path, lang: Lang) -> Paragraph {
    let name = aside.file_name().map_or_else(
        || aside.display().to_string(),
        |n| n.to_string_lossy().into_owned(),
    );
    let lines = [
        say!(
            lang,
            "Your game history was damaged, so your past games are off for now.",
            "Ton historique de parties était abîmé : tes parties passées sont donc absentes pour l'instant."
        ),
        say!(
            lang,
            "I kept the file aside as {name}, untouched, and started a new history from this game on.",
            "J'ai mis le fichier de côté sous le nom {name}, sans y toucher, et commencé un nouvel historique à partir de cette partie."
        ),
    ];
    Paragraph {
        kind: ParagraphKind::Info,
        lines: lines.into_iter().map(plain).collect(),
    }
}

/// The lock that turned the history off has gone: it is back on, and the
/// games played meanwhile are in it.
pub fn history_back(lang: Lang) -> Paragraph {
    one_line_info(say!(
        lang,
        "Your game history is back on: the games you played meanwhile are in it.",
        "Ton historique de parties est revenu : les parties jouées entre-temps y sont."
    ))
}

fn one_line_info(text: String) -> Paragraph {
    Paragraph {
        kind: ParagraphKind::Info,
        lines: vec![plain(text)],
    }
}

/// The history is off, and why (for this session, or until a lock goes);
/// play goes on.
pub fn history_off(error: &HistoryError, lang: Lang) -> Paragraph {
    let path = error.path.display();
    let detail = &error.detail;
    let why = match error.kind {
        ErrorKind::Locked => say!(
            lang,
            "Your game history is off for now: another program is holding {path} locked. I will write your games as soon as it lets go.",
            "Ton historique de parties est coupé pour l'instant : un autre programme garde {path} verrouillé. J'écrirai tes parties dès qu'il le lâchera."
        ),
        ErrorKind::Newer => say!(
            lang,
            "Your game history is off: {path} was written by a newer sudolens, so I leave it as it is.",
            "Ton historique de parties est coupé : {path} a été écrit par un sudolens plus récent, alors je n'y touche pas."
        ),
        ErrorKind::Damaged => match &error.set_aside {
            Some(aside) => {
                let aside = aside.display();
                say!(
                    lang,
                    "Your game history is off: it was damaged. I kept the file aside as {aside}, untouched.",
                    "Ton historique de parties est coupé : il était abîmé. J'ai mis le fichier de côté sous le nom {aside}, sans y toucher."
                )
            }
            None => say!(
                lang,
                "Your game history is off: {path} is damaged ({detail}).",
                "Ton historique de parties est coupé : {path} est abîmé ({detail})."
            ),
        },
        ErrorKind::Unavailable => say!(
            lang,
            "Your game history is off: {path} cannot be used ({detail}).",
            "Ton historique de parties est coupé : {path} est inutilisable ({detail})."
        ),
    };
    let then = if error.kind == ErrorKind::Locked {
        say!(lang, "Play on as usual.", "Joue comme d'habitude.")
    } else {
        say!(
            lang,
            "Play on as usual: only your statistics miss these games.",
            "Joue comme d'habitude : seules tes statistiques ne compteront pas ces parties."
        )
    };
    Paragraph {
        kind: ParagraphKind::Info,
        lines: vec![plain(why), plain(then)],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Grid, Shape, ShapedGrid};
    use crate::history::{GameId, Origin};
    use crate::logic::Level;

    fn date(s: &str) -> Date {
        s.parse().unwrap()
    }

    fn classic(grid: &Grid) -> ShapedGrid {
        ShapedGrid::from_grid(Shape::classic(), grid).unwrap()
    }

    fn past(puzzle: Grid, finished: Option<&str>, seconds: u64, solve_used: bool) -> PastGame {
        PastGame {
            id: GameId(1),
            puzzle: classic(&puzzle),
            origin: Origin::Pasted,
            level: Level::Hard,
            started_at: 0,
            started_on: date("2025-05-11"),
            finished: finished.map(|d| (0, date(d))),
            seconds_played: seconds,
            solve_used,
            hints: 0,
            moves: None,
            pip_moves: 0,
        }
    }

    #[test]
    fn dates_and_durations_read_naturally() {
        assert_eq!(date_words(date("2025-05-12"), 2025, Lang::En), "12 May");
        assert_eq!(
            date_words(date("2024-03-01"), 2025, Lang::Fr),
            "1er mars 2024"
        );
        assert_eq!(duration_words(45, Lang::En), "45 seconds");
        assert_eq!(duration_words(1, Lang::Fr), "1 seconde");
        assert_eq!(duration_words(14 * 60 + 10, Lang::En), "14 minutes");
        assert_eq!(duration_words(89, Lang::En), "1 minute");
        assert_eq!(duration_words(3600 + 5 * 60, Lang::Fr), "1 heure 5 minutes");
        assert_eq!(duration_words(2 * 3600, Lang::En), "2 hours");
    }

    #[test]
    fn pip_recognises_a_puzzle_played_before() {
        let p = Grid::parse(crate::test_puzzles::HARD_17).unwrap();
        let today = date("2025-06-01");
        let solved = past(p, Some("2025-05-12"), 14 * 60, false);
        let said = played_before(&classic(&p), std::slice::from_ref(&solved), today, Lang::En);
        assert_eq!(
            said.lines[0].text,
            "I know this puzzle! You solved it on 12 May, in 14 minutes."
        );
        assert_eq!(said.lines.len(), 1);
        // In disguise, and played twice: the solved game is the one told.
        let other = crate::generate::Transformation::random(5).apply(&p);
        let unfinished = past(p, None, 300, false);
        let said = played_before(
            &classic(&other),
            &[unfinished.clone(), solved],
            today,
            Lang::Fr,
        );
        let text: Vec<&str> = said.lines.iter().map(|l| l.text.as_str()).collect();
        assert_eq!(
            text,
            [
                "Je connais cette grille ! Tu l'as résolue le 12 mai, en 14 minutes.",
                "Elle était tournée, retournée ou ses chiffres échangés, mais c'est la même grille.",
                "Tu l'as déjà jouée 2 fois."
            ]
        );
        let said = played_before(&classic(&p), &[unfinished], date("2025-05-11"), Lang::En);
        assert!(said.lines[0]
            .text
            .contains("started it earlier today and played 5 minutes"));
        let revealed = past(p, Some("2025-05-12"), 100, true);
        let said = played_before(&classic(&p), &[revealed], today, Lang::En);
        assert!(said.lines[0].text.contains("asked me for its solution"));
    }

    #[test]
    fn history_off_says_why_and_that_play_goes_on() {
        let e = HistoryError {
            kind: ErrorKind::Locked,
            path: "/d/history.sqlite3".into(),
            detail: "database is locked".into(),
            set_aside: None,
        };
        let said = history_off(&e, Lang::En);
        assert!(said.lines[0].text.contains("off") && said.lines[0].text.contains("locked"));
        assert!(history_off(&e, Lang::Fr).lines[1].text.contains("Joue"));
        let over = history_started_over(
            std::path::Path::new("/d/history.damaged-1.sqlite3"),
            Lang::En,
        );
        assert!(over.lines[1].text.contains("history.damaged-1.sqlite3"));
    }
}
