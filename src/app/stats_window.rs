//! The Statistics window (Game > Statistics): per level, the games played
//! and solved, the best and median times and the hints per game; the
//! streak of puzzles of the day; and a plot of the solve times at the level
//! chosen in the table. It draws the [`Statistics`] the history thread
//! sends and keeps only which level is chosen.

use egui::{RichText, Ui};
use egui_plot::{Line, Plot, PlotPoints, Points};

use super::i18n::{count_text, fill, level_text, Texts};
use crate::hint::{self, Lang};
use crate::history::{LevelStats, Statistics};
use crate::logic::Level;

/// The window's state.
#[derive(Default)]
pub struct StatsWindow {
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
    pub fn show_statistics(&mut self, stats: Statistics) {
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
    pub fn statistics(&self) -> Option<&Statistics> {
        self.stats.as_ref()
    }

    /// Draws the window while it is open. `off` is why the history is off, if it is.
    pub fn show(&mut self, ctx: &egui::Context, t: &Texts, lang: Lang, off: Option<&str>) {
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
        ui.label(if daily.today_done {
            t.stats_today_done
        } else {
            t.stats_today_open
        });
    }

    /// One row per level; clicking a level plots its times.
    fn table(&mut self, ui: &mut Ui, stats: &Statistics, t: &Texts) {
        egui::Grid::new("statistics-table")
            .striped(true)
            .num_columns(6)
            .spacing([18.0, 4.0])
            .show(ui, |ui| {
                for head in [
                    t.stats_level,
                    t.stats_games,
                    t.stats_solved,
                    t.stats_best,
                    t.stats_median,
                    t.stats_hints,
                ] {
                    ui.label(RichText::new(head).strong());
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

/// How far the hints of a level were read, one line per depth.
fn depth_text(s: &LevelStats, t: &Texts) -> String {
    let mut out = t.stats_depth_title.to_string();
    for (i, n) in s.hints_by_depth.iter().enumerate().filter(|(_, &n)| n > 0) {
        out.push('\n');
        out.push_str(&fill(t.stats_depth_line, &[&(i + 1), n]));
    }
    out
}

/// The solve times of one level, oldest first, in minutes; hovering a
/// point shows its date and time.
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
