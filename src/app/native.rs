//! The native window around [`App`]: eframe's options, the settings it
//! persists, the last save on exit, and optional frame timing.

use egui::Ui;

use super::{settings, App, Config};

/// Set to print the CPU time the app spends per frame, every 5 seconds.
pub const FRAME_STATS_ENV: &str = "SUDOLENS_FRAME_STATS";

/// The eframe wrapper.
struct Native {
    app: App,
    /// Where the settings go, and the settings last written there.
    data_dir: std::path::PathBuf,
    written: Option<settings::Settings>,
    stats: Option<FrameStats>,
    /// Tells [`run`] why the game could not be saved on exit.
    unsaved: std::sync::Arc<std::sync::Mutex<Option<String>>>,
}

#[derive(Default)]
struct FrameStats {
    frames: u32,
    total: f64,
    max: f64,
    since: Option<std::time::Instant>,
}

impl FrameStats {
    /// Counts one frame; every 5 seconds prints the mean and worst.
    fn count(&mut self, start: std::time::Instant) {
        let ms = start.elapsed().as_secs_f64() * 1e3;
        self.frames += 1;
        self.total += ms;
        self.max = self.max.max(ms);
        let since = *self.since.get_or_insert(start);
        if since.elapsed().as_secs_f64() >= 5.0 {
            eprintln!(
                "frames: {} in 5 s, app CPU time per frame: mean {:.2} ms, max {:.2} ms",
                self.frames,
                self.total / self.frames as f64,
                self.max
            );
            *self = FrameStats::default();
        }
    }
}

impl eframe::App for Native {
    fn ui(&mut self, ui: &mut Ui, _frame: &mut eframe::Frame) {
        let start = std::time::Instant::now();
        if super::signals::asked_to_end() {
            self.app.close_on_signal(ui.ctx());
        }
        self.app.ui(ui);
        if let Some(s) = &mut self.stats {
            s.count(start);
        }
    }

    /// eframe's periodic and last save: the settings, written by sudolens
    /// itself when they changed (eframe's storage holds the window's place).
    fn save(&mut self, _storage: &mut dyn eframe::Storage) {
        let now = self.app.settings();
        if self.written == Some(now) {
            return;
        }
        match now.write(&self.data_dir) {
            Ok(()) => self.written = Some(now),
            Err(e) => log::warn!(
                "the settings were not saved in {}: {}",
                settings::file(&self.data_dir).display(),
                crate::files::io_words(&e)
            ),
        }
    }

    /// The last chance to save: a close that did not pass through the
    /// window's close request (the session ending, a signal) saves here.
    fn on_exit(&mut self, _gl: Option<&eframe::glow::Context>) {
        let failure = if self.app.safe_to_close() {
            self.app.exit_unsaved_reason()
        } else {
            self.app.autosave()
        };
        if let Some(e) = failure {
            log::warn!("the game was not saved on exit: {e}");
            *self.unsaved.lock().unwrap_or_else(|e| e.into_inner()) = Some(e);
        }
    }
}

/// How the window's session ended.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Ended {
    /// Why the game could not be saved, if it was not: the process then
    /// says so and exits with a failure code rather than 0.
    pub unsaved: Option<String>,
}

/// Opens the window and runs until it is closed.
pub fn run(config: Config) -> eframe::Result<Ended> {
    let unsaved = std::sync::Arc::new(std::sync::Mutex::new(None));
    let report = unsaved.clone();
    let dir = config.data_dir.clone();
    for file in [settings::file(&dir), settings::window_file(&dir)] {
        if let Some(said) = settings::set_aside_if_too_large(&file) {
            eprintln!("warning: {said}");
        }
    }
    let options = eframe::NativeOptions {
        persistence_path: Some(settings::window_file(&dir)),
        viewport: egui::ViewportBuilder::default()
            .with_title("sudolens")
            .with_inner_size([1040.0, 760.0])
            .with_min_inner_size([640.0, 520.0])
            .with_drag_and_drop(true),
        event_loop_builder: Some(Box::new(keep_to_x11)),
        ..Default::default()
    };
    eframe::run_native(
        "sudolens",
        options,
        Box::new(move |cc| {
            super::signals::watch(cc.egui_ctx.clone());
            let mut config = config;
            let written = settings::Settings::read(&dir);
            if let Some(s) = written {
                if let Some(lang) = s.lang {
                    config.lang = lang;
                    config.lang_chosen = true;
                }
                config.notes_mode = s.notes_mode;
                config.notation = s.notation;
                config.hint_budget = s.hint_budget;
            }
            Ok(Box::new(Native {
                app: App::new(config),
                data_dir: dir,
                written,
                stats: std::env::var_os(FRAME_STATS_ENV).map(|_| FrameStats::default()),
                unsaved: report,
            }))
        }),
    )?;
    let unsaved = unsaved.lock().unwrap_or_else(|e| e.into_inner()).take();
    Ok(Ended { unsaved })
}

/// The window stays on X11 (XWayland on a Wayland desktop): AccessKit's
/// winit adapter builds winit's Wayland backend, which winit would choose
/// under Wayland, but eframe's OpenGL here is built for X11 only.
#[cfg(all(
    unix,
    not(any(target_os = "macos", target_os = "ios", target_os = "android"))
))]
fn keep_to_x11(builder: &mut winit::event_loop::EventLoopBuilder<eframe::UserEvent>) {
    use winit::platform::x11::EventLoopBuilderExtX11;
    builder.with_x11();
}

/// Elsewhere the platform has one backend.
#[cfg(not(all(
    unix,
    not(any(target_os = "macos", target_os = "ios", target_os = "android"))
)))]
fn keep_to_x11(_: &mut winit::event_loop::EventLoopBuilder<eframe::UserEvent>) {}
