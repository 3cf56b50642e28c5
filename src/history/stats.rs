//! The statistics drawn from the history: per level, the games, how many
//! the player solved, the best and median times and the hints per game;
//! and the streak of puzzles of the day solved on consecutive days. Pure
//! functions of the games, so they are tested without a database.

use std::collections::BTreeSet;

use super::{DuelStats, FinishedDuel, Origin, PastGame};
use crate::generate::Date;
use crate::logic::Level;

/// One solved game's time, for the plot.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SolveTime {
    /// Unix seconds, and the local date.
    pub finished_at: i64,
    pub finished_on: Date,
    pub seconds: u64,
}

/// The games of one level.
#[derive(Clone, Debug, PartialEq)]
pub struct LevelStats {
    pub level: Level,
    /// Every game played at this level, finished or not ([`PastGame::played`]:
    /// a puzzle opened and dropped is not a game).
    pub games: u32,
    /// Completed by the player, without Solve and with Pip playing fewer
    /// than half the moves.
    pub solved: u32,
    /// Completed by Solve.
    pub revealed: u32,
    /// Completed with Pip playing most of the moves (and no Solve).
    pub assisted: u32,
    /// The best and median times of the games solved alone, in seconds.
    pub best: Option<u64>,
    pub median: Option<u64>,
    /// Hints asked in all these games.
    pub hints: u32,
    /// Those hints by how far they were read: `[0]` stopped at the first
    /// line (the nudge where to look), `[1]` at the second, and so on.
    /// Hints whose depth is not known are counted in `hints` only.
    pub hints_by_depth: Vec<u32>,
    /// The solved games' times, oldest first.
    pub solve_times: Vec<SolveTime>,
}

impl LevelStats {
    fn empty(level: Level) -> LevelStats {
        LevelStats {
            level,
            games: 0,
            solved: 0,
            revealed: 0,
            assisted: 0,
            best: None,
            median: None,
            hints: 0,
            hints_by_depth: Vec::new(),
            solve_times: Vec::new(),
        }
    }

    /// Hints per game started at this level; `None` with no game.
    pub fn hints_per_game(&self) -> Option<f64> {
        (self.games > 0).then(|| f64::from(self.hints) / f64::from(self.games))
    }
}

/// The streak of puzzles of the day solved on consecutive dates.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Streaks {
    /// Consecutive dates up to today, or up to yesterday while today's
    /// puzzle is still to solve (a streak is not lost before the day ends).
    pub current: u32,
    /// The longest run ever.
    pub best: u32,
    /// Today's puzzle is solved.
    pub today_done: bool,
}

/// How a game in the list ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameResult {
    /// Completed by the player.
    Solved,
    /// Completed, Pip playing most of the moves.
    Assisted,
    /// Completed by Solve.
    Revealed,
    /// Not completed (yet).
    Unfinished,
}

/// One game in the Statistics window's list.
#[derive(Clone, Debug, PartialEq)]
pub struct GameLine {
    pub level: Level,
    pub origin: Origin,
    pub started_on: Date,
    pub seconds: u64,
    pub hints: u32,
    pub result: GameResult,
}

impl GameLine {
    fn of(g: &PastGame) -> GameLine {
        let result = match g.finished {
            None => GameResult::Unfinished,
            Some(_) if g.solve_used => GameResult::Revealed,
            Some(_) if g.assisted() => GameResult::Assisted,
            Some(_) => GameResult::Solved,
        };
        GameLine {
            level: g.level,
            origin: g.origin.clone(),
            started_on: g.started_on,
            seconds: g.seconds_played,
            hints: g.hints,
            result,
        }
    }
}

/// Today's puzzle of the day, as the history has it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum DailyToday {
    /// Not started.
    #[default]
    Open,
    /// Started, not completed.
    Started,
    /// Completed with Solve or with Pip playing most moves: not in the streak.
    Helped,
    /// Solved by the player.
    Solved,
}

/// The games of one shape: played, solved by the player alone, and the
/// best time among those (a 6×6 is no race against a classic).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ShapeStats {
    /// The shape's name (`classic`, `x`, `jigsaw`...).
    pub shape: String,
    pub games: u32,
    pub solved: u32,
    pub best: Option<u64>,
}

impl ShapeStats {
    /// One entry per shape played, the classic first, then by name.
    fn of(played: &[&PastGame]) -> Vec<ShapeStats> {
        let mut shapes: Vec<ShapeStats> = Vec::new();
        for g in played {
            let name = g.puzzle.shape().name();
            let i = match shapes.iter().position(|s| s.shape == name) {
                Some(i) => i,
                None => {
                    shapes.push(ShapeStats {
                        shape: name,
                        games: 0,
                        solved: 0,
                        best: None,
                    });
                    shapes.len() - 1
                }
            };
            let s = &mut shapes[i];
            s.games += 1;
            if g.solved() && !g.assisted() {
                s.solved += 1;
                let t = g.seconds_played;
                s.best = Some(s.best.map_or(t, |b| b.min(t)));
            }
        }
        shapes.sort_by(|a, b| {
            (a.shape != "classic", &a.shape).cmp(&(b.shape != "classic", &b.shape))
        });
        shapes
    }
}

/// Everything the Statistics window shows.
#[derive(Clone, Debug, PartialEq)]
pub struct Statistics {
    /// One entry per level, [`Level::ALL`]'s order.
    pub levels: Vec<LevelStats>,
    pub daily: Streaks,
    /// Today's puzzle of the day.
    pub daily_today: DailyToday,
    /// The duels with Pip: one entry per strength, `Strength::ALL`'s order.
    pub duels: Vec<DuelStats>,
    /// Every game played, latest first.
    pub games: Vec<GameLine>,
    /// The games by shape, each with its best time.
    pub shapes: Vec<ShapeStats>,
}

impl Statistics {
    /// From every game, the hint counts by (level, depth read), and the
    /// date of today's puzzle of the day.
    pub fn of(games: &[PastGame], depths: &[(Level, Option<u32>, u32)], today: Date) -> Statistics {
        let mut levels: Vec<LevelStats> = Level::ALL.into_iter().map(LevelStats::empty).collect();
        let at = |level: Level| Level::ALL.iter().position(|&l| l == level).unwrap_or(0);
        let played: Vec<&PastGame> = games.iter().filter(|g| g.played()).collect();
        for g in &played {
            let s = &mut levels[at(g.level)];
            s.games += 1;
            s.hints += g.hints;
            match g.finished {
                Some(_) if g.solve_used => s.revealed += 1,
                Some(_) if g.assisted() => s.assisted += 1,
                Some((finished_at, finished_on)) => {
                    s.solved += 1;
                    s.solve_times.push(SolveTime {
                        finished_at,
                        finished_on,
                        seconds: g.seconds_played,
                    });
                }
                None => {}
            }
        }
        for &(level, depth, n) in depths {
            let Some(depth) = depth.filter(|&d| d > 0) else {
                continue;
            };
            let by_depth = &mut levels[at(level)].hints_by_depth;
            let i = depth as usize - 1;
            if by_depth.len() <= i {
                by_depth.resize(i + 1, 0);
            }
            by_depth[i] += n;
        }
        for s in &mut levels {
            s.solve_times.sort_by_key(|t| t.finished_at);
            let mut times: Vec<u64> = s.solve_times.iter().map(|t| t.seconds).collect();
            times.sort_unstable();
            s.best = times.first().copied();
            s.median = median(&times);
        }
        let solved_alone = |g: &PastGame| g.solved() && !g.assisted();
        let solved_dailies: BTreeSet<Date> = games
            .iter()
            .filter(|g| solved_alone(g))
            .filter_map(|g| match g.origin {
                Origin::Daily(date) => Some(date),
                _ => None,
            })
            .collect();
        let todays = games
            .iter()
            .filter(|g| g.origin == Origin::Daily(today) && g.played());
        let daily_today = todays
            .map(|g| match g.finished {
                _ if solved_alone(g) => DailyToday::Solved,
                Some(_) => DailyToday::Helped,
                None => DailyToday::Started,
            })
            .max_by_key(|d| *d as u8)
            .unwrap_or_default();
        Statistics {
            levels,
            daily: streaks(&solved_dailies, today),
            daily_today,
            duels: DuelStats::of(&[]),
            games: played.iter().rev().map(|g| GameLine::of(g)).collect(),
            shapes: ShapeStats::of(&played),
        }
    }

    /// These statistics with the duels counted from `duels`.
    pub fn with_duels(self, duels: &[FinishedDuel]) -> Statistics {
        Statistics {
            duels: DuelStats::of(duels),
            ..self
        }
    }

    /// The statistics of `level`.
    pub fn level(&self, level: Level) -> &LevelStats {
        self.levels
            .iter()
            .find(|s| s.level == level)
            .expect("one entry per level")
    }

    /// Games played, at every level.
    pub fn games(&self) -> u32 {
        self.levels.iter().map(|s| s.games).sum()
    }
}

/// The middle of sorted `times`; of two middles, their mean rounded down.
fn median(sorted: &[u64]) -> Option<u64> {
    let n = sorted.len();
    match n {
        0 => None,
        _ if n % 2 == 1 => Some(sorted[n / 2]),
        _ => Some((sorted[n / 2 - 1] + sorted[n / 2]) / 2),
    }
}

/// The current and best streaks of consecutive dates in `solved`, as of `today`.
pub fn streaks(solved: &BTreeSet<Date>, today: Date) -> Streaks {
    let day = |d: Date| d.days_since_epoch();
    let (mut best, mut run, mut last) = (0u32, 0u32, None::<i64>);
    for &d in solved {
        run = if last == Some(day(d) - 1) { run + 1 } else { 1 };
        best = best.max(run);
        last = Some(day(d));
    }
    let today_done = solved.contains(&today);
    // Count back from today, or from yesterday while today is still open.
    let mut at = if today_done {
        day(today)
    } else {
        day(today) - 1
    };
    let mut current = 0;
    while solved.contains(&Date::from_days_since_epoch(at)) {
        current += 1;
        at -= 1;
    }
    Streaks {
        current,
        best,
        today_done,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::{Shape, ShapedGrid};
    use crate::history::GameId;

    fn date(s: &str) -> Date {
        s.parse().unwrap()
    }

    fn game(level: Level, finished: Option<&str>, seconds: u64, solve_used: bool) -> PastGame {
        PastGame {
            id: GameId(1),
            puzzle: ShapedGrid::empty(Shape::classic()),
            origin: Origin::Pasted,
            level,
            started_at: 0,
            started_on: date("2025-05-01"),
            finished: finished.map(|d| (date(d).days_since_epoch() * 86_400, date(d))),
            seconds_played: seconds,
            solve_used,
            hints: 2,
            moves: None,
            pip_moves: 0,
        }
    }

    #[test]
    fn dropped_games_do_not_count_and_assisted_ones_are_apart() {
        let untouched = PastGame {
            moves: Some(0),
            ..game(Level::Hard, None, 40, false)
        };
        let glanced = PastGame {
            moves: Some(2),
            ..game(Level::Hard, None, 4, false)
        };
        let pip_played = PastGame {
            moves: Some(51),
            pip_moves: 40,
            ..game(Level::Hard, Some("2025-05-03"), 100, false)
        };
        let mine = PastGame {
            moves: Some(51),
            pip_moves: 3,
            ..game(Level::Hard, Some("2025-05-04"), 700, false)
        };
        let s = Statistics::of(
            &[untouched, glanced, pip_played, mine],
            &[],
            date("2025-05-10"),
        );
        let hard = s.level(Level::Hard);
        assert_eq!((hard.games, hard.solved, hard.assisted), (2, 1, 1));
        assert_eq!(hard.best, Some(700), "Pip's game is no best time");
        let results: Vec<GameResult> = s.games.iter().map(|g| g.result).collect();
        assert_eq!(results, [GameResult::Solved, GameResult::Assisted]);
    }

    #[test]
    fn todays_puzzle_started_helped_or_solved() {
        let today = date("2025-05-10");
        let daily = |finished: Option<&str>, solve_used| PastGame {
            origin: Origin::Daily(today),
            moves: Some(5),
            ..game(Level::Easy, finished, 60, solve_used)
        };
        let of = |g: &[PastGame]| Statistics::of(g, &[], today).daily_today;
        assert_eq!(of(&[]), DailyToday::Open);
        assert_eq!(of(&[daily(None, false)]), DailyToday::Started);
        let helped = daily(Some("2025-05-10"), true);
        assert_eq!(of(std::slice::from_ref(&helped)), DailyToday::Helped);
        let solved = daily(Some("2025-05-10"), false);
        assert_eq!(of(&[helped, solved]), DailyToday::Solved);
    }

    #[test]
    fn levels_count_games_solved_best_and_median() {
        let games = [
            game(Level::Hard, Some("2025-05-03"), 900, false),
            game(Level::Hard, Some("2025-05-01"), 600, false),
            game(Level::Hard, Some("2025-05-02"), 1200, false),
            game(Level::Hard, Some("2025-05-04"), 60, true),
            game(Level::Hard, None, 30, false),
            game(Level::Easy, Some("2025-05-02"), 300, false),
            game(Level::Easy, Some("2025-05-03"), 200, false),
        ];
        let depths = [
            (Level::Hard, Some(1), 4),
            (Level::Hard, Some(3), 5),
            (Level::Hard, None, 1),
        ];
        let s = Statistics::of(&games, &depths, date("2025-05-10"));
        let hard = s.level(Level::Hard);
        assert_eq!((hard.games, hard.solved, hard.revealed), (5, 3, 1));
        assert_eq!((hard.best, hard.median), (Some(600), Some(900)));
        assert_eq!(hard.hints, 10);
        assert_eq!(hard.hints_per_game(), Some(2.0));
        assert_eq!(hard.hints_by_depth, [4, 0, 5]);
        let times: Vec<u64> = hard.solve_times.iter().map(|t| t.seconds).collect();
        assert_eq!(times, [600, 1200, 900], "in the order played");
        let easy = s.level(Level::Easy);
        assert_eq!(easy.median, Some(250), "the mean of the two middles");
        assert_eq!(s.level(Level::Master).hints_per_game(), None);
        assert_eq!(s.games(), 7);
    }

    #[test]
    fn streaks_run_up_to_today_or_yesterday() {
        let set = |days: &[&str]| days.iter().map(|d| date(d)).collect::<BTreeSet<_>>();
        let solved = set(&[
            "2025-05-01",
            "2025-05-02",
            "2025-05-03",
            "2025-05-06",
            "2025-05-07",
        ]);
        let s = streaks(&solved, date("2025-05-07"));
        assert_eq!((s.current, s.best, s.today_done), (2, 3, true));
        // Today's puzzle not solved yet: the streak still stands.
        let s = streaks(&solved, date("2025-05-08"));
        assert_eq!((s.current, s.today_done), (2, false));
        // A day missed: it is over.
        assert_eq!(streaks(&solved, date("2025-05-09")).current, 0);
        // Across a month's end and a leap day.
        let solved = set(&["2024-02-28", "2024-02-29", "2024-03-01"]);
        assert_eq!(streaks(&solved, date("2024-03-01")).current, 3);
        assert_eq!(
            streaks(&BTreeSet::new(), date("2024-03-01")),
            Streaks::default()
        );
    }
}
