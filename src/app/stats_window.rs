//! The Statistics window (Game > Statistics): per level, the games played
//! and solved, the best and median times and the hints per game; the
//! streak of puzzles of the day; and a plot of the solve times at the level
//! chosen in the table; then the duels with Pip per strength (played, won,
//! lost, each side's average penalties and jokers). It draws the
//! [`Statistics`] the history thread sends and keeps only which level is
//! chosen.

use egui::{RichText, Ui};
use egui_plot::{Line, Plot, PlotPoints, Points};

use super::i18n::{count_text, fill, level_text, Texts};
use crate::hint::duel as duel_words;
use crate::hint::{self, Lang};
use crate::history::{DailyToday, DuelStats, GameResult, LevelStats, Statistics};
use crate::logic::Level;

/// The window's state.
#[derive(Default)]
pub(super) struct StatsWindow {
    pub open: bool,
    /// Statistics were asked for and have not come yet.
    pub waiting: bool,
    stats: Option<Statistics>,
    /// The level whose solve times are plotted.
    chosen: Option<Level>,
}

/// `m:ss`, or `h:mm:ss` past an hour.
pub fn clock(seconds: u64) -> String {
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m}:{s:02}")
    }
}

impl StatsWindow {
    /// New statistics arrived. The plot starts on the level with the most
    /// recent solve (else the most games), until the player picks one.
    pub(super) fn show_statistics(&mut self, stats: Statistics) {
        self.waiting = false;
        if self.chosen.is_none() {
            let latest = stats
                .levels
                .iter()
                .filter_map(|s| Some((s.solve_times.last()?.finished_at, s.level)))
                .max()
                .map(|(_, level)| level);
            let busiest = stats.levels.iter().max_by_key(|s| s.games).map(|s| s.level);
            self.chosen = latest.or(busiest);
        }
        self.stats = Some(stats);
    }

    /// The statistics shown, for tests.
    pub(super) fn statistics(&self) -> Option<&Statistics> {
        self.stats.as_ref()
    }

    /// Draws the window while it is open. `off` is why the history is off, if it is.
    pub(super) fn show(&mut self, ctx: &egui::Context, t: &Texts, lang: Lang, off: Option<&str>) {
        if !self.open {
            return;
        }
        let mut open = true;
        egui::Window::new(t.statistics)
            .open(&mut open)
            .default_width(560.0)
            .resizable(true)
            .show(ctx, |ui| {
                if let Some(why) = off {
                    ui.label(fill(t.stats_off, &[&why]));
                    return;
                }
                let Some(stats) = self.stats.clone() else {
                    ui.horizontal(|ui| {
                        ui.spinner();
                        ui.label(t.stats_loading);
                    });
                    return;
                };
                self.streak(ui, &stats, t);
                ui.add_space(6.0);
                self.table(ui, &stats, t);
                ui.add_space(8.0);
                let level = self.chosen.unwrap_or(Level::Easy);
                plot(ui, stats.level(level), t, lang);
                ui.add_space(8.0);
                game_list(ui, &stats, t, lang);
                ui.add_space(8.0);
                shapes(ui, &stats.shapes, t, lang);
                ui.add_space(8.0);
                duels(ui, &stats.duels, t, lang);
            });
        self.open = open;
    }

    fn streak(&self, ui: &mut Ui, stats: &Statistics, t: &Texts) {
        let daily = stats.daily;
        let text = count_text(
            daily.current as usize,
            t.stats_streak_none,
            t.stats_streak_one,
            t.stats_streak,
        );
        ui.label(RichText::new(fill(text, &[&daily.current, &daily.best])).strong());
        ui.label(match stats.daily_today {
            DailyToday::Solved => t.stats_today_done,
            DailyToday::Helped => t.stats_today_helped,
            DailyToday::Started => t.stats_today_started,
            DailyToday::Open => t.stats_today_open,
        });
    }

    /// One row per level; clicking a level plots its times.
    fn table(&mut self, ui: &mut Ui, stats: &Statistics, t: &Texts) {
        egui::Grid::new("statistics-table")
            .striped(true)
            .num_columns(7)
            .spacing([18.0, 4.0])
            .show(ui, |ui| {
                for head in [
                    t.stats_level,
                    t.stats_games,
                    t.stats_solved,
                    t.stats_helped,
                    t.stats_best,
                    t.stats_median,
                    t.stats_hints,
                ] {
                    let label = ui.label(RichText::new(head).strong());
                    if head == t.stats_helped {
                        label.on_hover_text(t.stats_helped_hover);
                    }
                }
                ui.end_row();
                for s in &stats.levels {
                    let chosen = self.chosen == Some(s.level);
                    if ui
                        .selectable_label(chosen, level_text(t, s.level))
                        .clicked()
                    {
                        self.chosen = Some(s.level);
                    }
                    let time = |x: Option<u64>| x.map_or_else(|| "–".to_string(), clock);
                    ui.label(s.games.to_string());
                    ui.label(s.solved.to_string());
                    ui.label((s.assisted + s.revealed).to_string());
                    ui.label(time(s.best));
                    ui.label(time(s.median));
                    let hints = s
                        .hints_per_game()
                        .map_or_else(|| "–".to_string(), |h| format!("{h:.1}"));
                    let cell = ui.label(hints);
                    if !s.hints_by_depth.is_empty() {
                        cell.on_hover_text(depth_text(s, t));
                    }
                    ui.end_row();
                }
            });
    }
}

/// What the list says of a game's result.
pub(super) fn result_text(t: &Texts, result: GameResult) -> &'static str {
    match result {
        GameResult::Solved => t.stats_result_solved,
        GameResult::Assisted => t.stats_result_assisted,
        GameResult::Revealed => t.stats_result_revealed,
        GameResult::Unfinished => t.stats_result_unfinished,
    }
}

/// Every game played, latest first: when, the level, the time, the hints
/// and how it ended.
fn game_list(ui: &mut Ui, stats: &Statistics, t: &Texts, lang: Lang) {
    ui.label(RichText::new(t.stats_list_title).strong());
    if stats.games.is_empty() {
        ui.label(t.stats_list_none);
        return;
    }
    let this_year = crate::generate::Date::today_utc().year();
    egui::ScrollArea::vertical()
        .id_salt("statistics-games")
        .max_height(180.0)
        .show(ui, |ui| {
            egui::Grid::new("statistics-game-list")
                .striped(true)
                .num_columns(5)
                .spacing([14.0, 4.0])
                .show(ui, |ui| {
                    for head in [
                        t.stats_date,
                        t.stats_level,
                        t.stats_time,
                        t.stats_list_hints,
                        t.stats_result,
                    ] {
                        ui.label(RichText::new(head).strong());
                    }
                    ui.end_row();
                    for g in &stats.games {
                        ui.label(hint::date_words(g.started_on, this_year, lang));
                        ui.label(level_text(t, g.level));
                        ui.label(clock(g.seconds));
                        ui.label(g.hints.to_string());
                        ui.label(result_text(t, g.result));
                        ui.end_row();
                    }
                });
        });
}

/// The duels with Pip, one row per strength played against.
/// The games by shape, each with its own best time: a 6×6 or an X-Sudoku
/// is not timed against the classic. Shown once a variant has been played.
fn shapes(ui: &mut Ui, stats: &[crate::history::ShapeStats], t: &Texts, lang: Lang) {
    if stats.iter().all(|s| s.shape == "classic") {
        return;
    }
    ui.label(RichText::new(t.stats_by_shape).strong());
    egui::Grid::new("shape-statistics")
        .striped(true)
        .num_columns(4)
        .spacing([14.0, 4.0])
        .show(ui, |ui| {
            for head in [t.shape_menu, t.stats_games, t.stats_solved, t.stats_best] {
                ui.label(RichText::new(head).strong());
            }
            ui.end_row();
            for s in stats {
                ui.label(shape_words(&s.shape, lang));
                ui.label(s.games.to_string());
                ui.label(s.solved.to_string());
                ui.label(s.best.map_or("–".to_string(), clock));
                ui.end_row();
            }
        });
}

/// A shape's title ("X-Sudoku", "Sudoku 6×6") from the name the history
/// keeps; a jigsaw's or an odd/even's title needs no map, so any one drawn
/// for its name serves.
fn shape_words(name: &str, lang: Lang) -> String {
    crate::grid::ShapeName::parse(name)
        .ok()
        .and_then(|n| crate::generate::random_shape(n, 0).ok())
        .map_or_else(|| name.to_string(), |s| crate::hint::shape_title(&s, lang))
}

fn duels(ui: &mut Ui, stats: &[DuelStats], t: &Texts, lang: Lang) {
    ui.label(RichText::new(t.stats_duels_title).strong());
    if stats.iter().all(|s| s.played == 0) {
        ui.label(t.stats_duels_none);
        return;
    }
    egui::Grid::new("duel-statistics")
        .striped(true)
        .num_columns(8)
        .spacing([14.0, 4.0])
        .show(ui, |ui| {
            for head in [
                t.stats_duel_strength,
                t.stats_duels_played,
                t.stats_duels_won,
                t.stats_duels_lost,
                t.stats_duel_your_penalties,
                t.stats_duel_your_jokers,
                t.stats_duel_pip_penalties,
                t.stats_duel_pip_jokers,
            ] {
                ui.label(RichText::new(head).strong());
            }
            ui.end_row();
            for s in stats.iter().filter(|s| s.played > 0) {
                ui.label(duel_words::strength_name(s.strength, lang));
                ui.label(s.played.to_string());
                ui.label(s.won.to_string());
                ui.label(s.lost.to_string());
                for total in [
                    s.player_penalties,
                    s.player_jokers,
                    s.pip_penalties,
                    s.pip_jokers,
                ] {
                    let mean = s.average(total).unwrap_or(0.0);
                    ui.label(format!("{mean:.1}"));
                }
                ui.end_row();
            }
        });
    ui.label(RichText::new(t.stats_duel_averages).small());
}

/// How far the hints of a level were read, one line per depth.
fn depth_text(s: &LevelStats, t: &Texts) -> String {
    let mut out = t.stats_depth_title.to_string();
    for (i, n) in s.hints_by_depth.iter().enumerate().filter(|(_, &n)| n > 0) {
        out.push('\n');
        out.push_str(&fill(t.stats_depth_line, &[&(i + 1), n]));
    }
    out
}

/// The solve times of one level, oldest first, in minutes read as m:ss
/// (the y axis too); hovering a point shows its date and time.
fn plot(ui: &mut Ui, s: &LevelStats, t: &Texts, lang: Lang) {
    let level = level_text(t, s.level);
    ui.label(RichText::new(fill(t.stats_plot_title, &[&level])).strong());
    if s.solve_times.is_empty() {
        ui.label(fill(t.stats_no_times, &[&level]));
        return;
    }
    let points: Vec<[f64; 2]> = s
        .solve_times
        .iter()
        .enumerate()
        .map(|(i, st)| [i as f64 + 1.0, st.seconds as f64 / 60.0])
        .collect();
    let times = s.solve_times.clone();
    let this_year = crate::generate::Date::today_utc().year();
    Plot::new("solve-times")
        .height(170.0)
        .allow_zoom(false)
        .allow_drag(false)
        .allow_scroll(false)
        .allow_boxed_zoom(false)
        .include_y(0.0)
        .include_x(0.5)
        .include_x(points.len() as f64 + 0.5)
        .x_axis_label(t.stats_x_axis)
        .y_axis_label(t.stats_y_axis)
        .y_axis_formatter(|mark, _| {
            let minutes = mark.value;
            if minutes < 0.0 {
                String::new()
            } else {
                clock((minutes * 60.0).round() as u64)
            }
        })
        .x_axis_formatter(|mark, _| {
            let n = mark.value;
            if n >= 1.0 && n.fract() == 0.0 {
                format!("{n}")
            } else {
                String::new()
            }
        })
        .label_formatter(move |hover| {
            let egui_plot::HoverPosition::NearDataPoint { index, .. } = hover else {
                return None;
            };
            let st = times.get(*index)?;
            let day = hint::date_words(st.finished_on, this_year, lang);
            Some(format!("{day}: {}", clock(st.seconds)))
        })
        .show(ui, |p| {
            p.line(Line::new(level, PlotPoints::from(points.clone())));
            p.points(Points::new(level, PlotPoints::from(points)).radius(3.5));
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_read_as_a_clock() {
        assert_eq!(clock(5), "0:05");
        assert_eq!(clock(14 * 60 + 10), "14:10");
        assert_eq!(clock(3600 + 62), "1:01:02");
    }
}
