//! Work done off the UI thread: solving, hints, file dialogs and photo
//! import. Each job runs on its own thread and sends its outcome
//! back; the UI polls once per frame, so no frame ever waits.

use std::sync::mpsc::{channel, Receiver, Sender};
use std::sync::{Arc, OnceLock};

use crate::grid::{Board, Grid};
use crate::logic;
use crate::solver::Verdict;
use crate::vision::{self, DigitModel, ImportOptions, ImportResult};
use image::metadata::Orientation;
use image::ImageDecoder;

/// Why a verdict was asked for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Purpose {
    /// Fill the grid with the solution.
    Solve,
    /// Tell the player about wrong entries.
    Check,
    /// A puzzle was just loaded: warn when it is not a proper puzzle.
    Loaded,
    /// The grid read from a photo: accept it only if it is a proper puzzle.
    Import,
}

/// What a file dialog was opened for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum DialogFor {
    Open,
    Save,
}

/// What a finished job sends back.
#[derive(Debug)]
pub(super) enum Reply {
    /// The verdicts on the board's grid and, when that one is not a proper
    /// puzzle, on the givens alone. `generation` is the board's edit count
    /// when asked, so stale answers are dropped.
    Verdicts {
        purpose: Purpose,
        generation: u64,
        current: Verdict,
        givens: Option<Verdict>,
        /// The puzzle's rating, for a newly loaded proper puzzle.
        rating: Option<logic::Rating>,
    },
    /// The rule engine's answer for the board of `generation`.
    Hint {
        generation: u64,
        outcome: logic::NextStep,
    },
    /// The sized rule engine's next step on a board of another size than
    /// 9×9 (`None` when logic finds none: solved, or stuck).
    SizedHint {
        generation: u64,
        step: Option<Box<logic::sized::SizedStep>>,
    },
    /// The board of `generation` with a step applied (one undoable move).
    Applied {
        generation: u64,
        board: Box<Board>,
        step: Box<logic::Step>,
    },
    /// A practice puzzle for the guide's "Try one": a fresh grid whose next
    /// step needs `technique`; `None` when there is no example of it.
    Practice {
        technique: logic::Technique,
        board: Option<Box<Board>>,
    },
    /// A periodic autosave finished; the error message if it failed.
    Autosaved {
        generation: u64,
        error: Option<String>,
    },
    /// Game > New's puzzle was made (see `new_game.rs`), or cancelled.
    Generated {
        job: u64,
        result: Result<Box<super::new_game::Made>, super::new_game::NotMade>,
        /// The shape it was made in (a variant's, with its maps).
        shape: crate::grid::Shape,
    },
    /// A photo was read, or could not be. `preview` is the photo to show,
    /// decoded only on the first reading (not when corners were moved).
    Photo {
        name: String,
        bytes: Arc<Vec<u8>>,
        reread: bool,
        /// Boxed: a reading holds three grids, which would make every reply as large.
        result: Result<Box<ImportResult>, vision::ImportError>,
        /// The photo turned upright, and the EXIF orientation that turned it.
        preview: Option<(egui::ColorImage, Orientation)>,
        /// The level of the puzzle read, when its givens have one solution.
        level: Option<crate::logic::Level>,
    },
}

/// Longest side of the photo shown on the correction screen: enough for a
/// sharp preview, far below a 12-megapixel texture.
const PREVIEW_MAX_SIDE: u32 = 1600;

/// The digit model, loaded once on first use (about a tenth of a second)
/// and shared by every later import.
fn digit_model() -> Result<&'static DigitModel, vision::ImportError> {
    static MODEL: OnceLock<Result<DigitModel, String>> = OnceLock::new();
    MODEL
        .get_or_init(|| DigitModel::bundled().map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|e| vision::ImportError::Model(e.clone()))
}

/// The photo as the correction screen shows it: scaled down, and turned
/// upright as its EXIF orientation says (phones store portrait photos
/// sideways). Also returns that orientation, to map the grid's corners.
fn preview(bytes: &[u8]) -> Option<(egui::ColorImage, Orientation)> {
    let mut decoder = image::ImageReader::new(std::io::Cursor::new(bytes))
        .with_guessed_format()
        .ok()?
        .into_decoder()
        .ok()?;
    let orientation = decoder.orientation().unwrap_or(Orientation::NoTransforms);
    let mut img = image::DynamicImage::from_decoder(decoder).ok()?;
    img.apply_orientation(orientation);
    let img = if img.width().max(img.height()) > PREVIEW_MAX_SIDE {
        img.thumbnail(PREVIEW_MAX_SIDE, PREVIEW_MAX_SIDE)
    } else {
        img
    };
    let rgba = img.to_rgba8();
    let image = egui::ColorImage::from_rgba_unmultiplied(
        [rgba.width() as usize, rgba.height() as usize],
        rgba.as_raw(),
    );
    Some((image, orientation))
}

/// Runs jobs on background threads.
pub(super) struct Worker {
    tx: Sender<Reply>,
    rx: Receiver<Reply>,
    running: usize,
}

impl Default for Worker {
    fn default() -> Self {
        let (tx, rx) = channel();
        Worker { tx, rx, running: 0 }
    }
}

impl Worker {
    /// Runs `job` on a new thread; the UI is woken when it is done.
    pub(super) fn spawn(
        &mut self,
        ctx: &egui::Context,
        job: impl FnOnce() -> Reply + Send + 'static,
    ) {
        let tx = self.tx.clone();
        let ctx = ctx.clone();
        self.running += 1;
        std::thread::spawn(move || {
            let _ = tx.send(job());
            ctx.request_repaint();
        });
    }

    /// Asks the solver about `grid` (and `givens` when `grid` is not a
    /// proper puzzle).
    pub(super) fn verdicts(
        &mut self,
        ctx: &egui::Context,
        purpose: Purpose,
        generation: u64,
        shape: crate::grid::Shape,
        (grid, givens): (Grid, Grid),
    ) {
        self.spawn(ctx, move || {
            let (current, givens) = crate::hint::answers::board_verdicts(&shape, &grid, &givens);
            let rating = (purpose == Purpose::Loaded && current.is_unique())
                .then(|| logic::solve_path_in(&shape, &grid).ok())
                .flatten()
                .map(|path| logic::rate(&path));
            Reply::Verdicts {
                purpose,
                generation,
                current,
                givens,
                rating,
            }
        });
    }

    /// Reads the Sudoku in a photo: found by detection, or inside the
    /// `corners` the player placed on the correction screen.
    pub(super) fn read_photo(
        &mut self,
        ctx: &egui::Context,
        name: String,
        bytes: Arc<Vec<u8>>,
        corners: Option<[[f64; 2]; 4]>,
    ) {
        self.spawn(ctx, move || {
            let opts = ImportOptions::default();
            let result = digit_model().and_then(|model| {
                match corners {
                    None => vision::import_bytes(&bytes, model, &opts),
                    Some(c) => vision::import_bytes_with_corners(&bytes, c, model, &opts),
                }
                .map(Box::new)
            });
            let preview = match (&result, corners) {
                (Ok(_), None) => preview(&bytes),
                _ => None,
            };
            // rated here, off the UI thread: a hard puzzle's path takes a while
            let level = match &result {
                Ok(r) if r.verdict.is_unique() && r.shape.is_9x9() => {
                    Some(crate::logic::rate_grid(&r.givens).level)
                }
                _ => None,
            };
            Reply::Photo {
                name,
                bytes,
                reread: corners.is_some(),
                result,
                preview,
                level,
            }
        });
    }

    /// Asks the rule engine for the next thing to tell about `board`.
    pub(super) fn hint(&mut self, ctx: &egui::Context, generation: u64, board: Board) {
        self.spawn(ctx, move || Reply::Hint {
            generation,
            outcome: logic::next_outcome(&board),
        });
    }

    /// Asks the sized rule engine for the next step on `board`, a grid of
    /// another size than 9×9 whose entries break no rule (a 16×16's chains
    /// can take a moment, so off the frame).
    pub(super) fn sized_hint(&mut self, ctx: &egui::Context, generation: u64, board: &Board) {
        let (shape, values) = (board.shape().clone(), board.values());
        self.spawn(ctx, move || Reply::SizedHint {
            generation,
            step: logic::sized::SizedMarks::new(&shape, &values)
                .and_then(|marks| logic::sized::next_sized_step(&marks))
                .map(Box::new),
        });
    }

    /// Plays `step` on a copy of `board`.
    pub(super) fn apply(
        &mut self,
        ctx: &egui::Context,
        generation: u64,
        mut board: Board,
        step: logic::Step,
    ) {
        self.spawn(ctx, move || {
            logic::apply(&mut board, &step);
            Reply::Applied {
                generation,
                board: Box::new(board),
                step: Box::new(step),
            }
        });
    }

    /// Finds a fresh puzzle whose next step needs `technique` (the engine
    /// checks each disguise it tries).
    pub(super) fn practice(&mut self, ctx: &egui::Context, technique: logic::Technique, seed: u64) {
        self.spawn(ctx, move || Reply::Practice {
            technique,
            board: crate::guide::practice(technique, seed).map(Box::new),
        });
    }

    /// Runs `write`, the autosave of the game on screen (see `library`), in the
    /// background; unlike other jobs it does not make the app busy.
    pub(super) fn autosave(
        &mut self,
        ctx: &egui::Context,
        generation: u64,
        write: impl FnOnce() -> Result<(), String> + Send + 'static,
    ) {
        let tx = self.tx.clone();
        let ctx = ctx.clone();
        std::thread::spawn(move || {
            let error = write().err();
            if let Some(e) = &error {
                log::warn!("background autosave failed: {e}");
            }
            let _ = tx.send(Reply::Autosaved { generation, error });
            ctx.request_repaint();
        });
    }

    /// Outcomes of finished jobs, without waiting.
    pub(super) fn poll(&mut self) -> Vec<Reply> {
        let done: Vec<Reply> = self.rx.try_iter().collect();
        let counted = done
            .iter()
            .filter(|o| !matches!(o, Reply::Autosaved { .. }))
            .count();
        self.running = self.running.saturating_sub(counted);
        done
    }

    /// Whether a job is still running.
    pub(super) fn busy(&self) -> bool {
        self.running > 0
    }
}
