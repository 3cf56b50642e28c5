//! New puzzles for the page, made by the generator (`crate::generate`), as
//! the window's Game → New makes them:
//!
//! - `GET /api/new?level=&shape=`: a fresh puzzle rated at one of the six
//!   levels, classic or of another shape (`x`, `jigsaw`, `6x6`, `16x16`...:
//!   the shapes Game > New makes; and the overlapping grids, `samurai`,
//!   `carpet-3`...), refused at a level the shape cannot reach;
//! - `GET /api/daily?date=`: the puzzle of the day (today, UTC, by default).
//!
//! Generating is CPU work of a few milliseconds (Easy) to a few seconds
//! (Extreme), so it runs on the blocking pool, a few at a time and apart
//! from the engine's permits (a slow Extreme never holds up a hint), under
//! [`Limits::generate_time`](super::Limits::generate_time): past it, or when
//! the client goes away, the search is cancelled and the answer is 503.

use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Instant;

use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::StatusCode;
use axum::Json;
use serde::{Deserialize, Serialize};

use super::game::query;
use super::shaped::ShapeInfo;
use super::wire::{lang_of, ApiError, Said};
use super::Shared;
use crate::generate::{
    self, DailyPuzzle, Date, Generated, GeneratedShaped, Options, ShapedGenerateError,
};
use crate::grid::{Overlap, Shape, ShapeName};
use crate::hint::{self, Lang, PuzzleSource};
use crate::logic::Level;

/// One shape the page's New offers, by name, with the levels made in it.
#[derive(Clone, Serialize)]
pub(super) struct ShapeChoice {
    id: String,
    levels: Vec<String>,
}

/// The shapes of [`generate::SHAPES_MADE`], then the other overlapping
/// grids of [`Overlap::examples`] (each family at sizes 2 and 3 with its
/// dense form), with their levels, asked of the generator
/// once (a jigsaw's or an odd/even's levels do not depend on its maps).
pub(super) fn shape_choices() -> Vec<ShapeChoice> {
    static CHOICES: std::sync::LazyLock<Vec<ShapeChoice>> = std::sync::LazyLock::new(|| {
        // the examples Game > New does not already offer
        let overlapping = Overlap::examples()
            .into_iter()
            .map(Overlap::name)
            .filter(|name| !generate::SHAPES_MADE.contains(&name.as_str()));
        generate::SHAPES_MADE
            .into_iter()
            .map(String::from)
            .chain(overlapping)
            .map(|id| ShapeChoice {
                levels: ShapeName::parse(&id)
                    .ok()
                    .and_then(|name| generate::random_shape(name, 0).ok())
                    .map(|shape| generate::levels_made(&shape))
                    .unwrap_or_else(|| vec![Level::Easy])
                    .into_iter()
                    .map(level_id)
                    .collect(),
                id,
            })
            .chain(std::iter::once(ShapeChoice {
                id: "endless".to_string(),
                levels: super::endless::ENDLESS_LEVELS
                    .into_iter()
                    .map(level_id)
                    .collect(),
            }))
            .collect()
    });
    CHOICES.clone()
}

/// A level in URLs and JSON: `easy` ... `extreme`, its stable key
/// ([`Level::id`]) in small letters (read back in any case).
pub(super) fn level_id(level: Level) -> String {
    level.id().to_ascii_lowercase()
}

#[derive(Debug, Deserialize)]
pub(super) struct NewQuery {
    level: Option<String>,
    lang: Option<String>,
    /// Makes the same puzzle again (tests, sharing); a fresh seed otherwise.
    seed: Option<u64>,
    /// The shape's name (`6x6`, `jigsaw+x`); the classic when absent.
    shape: Option<String>,
}

#[derive(Debug, Deserialize)]
pub(super) struct DailyQuery {
    lang: Option<String>,
    /// `YYYY-MM-DD`; today (UTC) when absent.
    date: Option<String>,
}

/// The reply to New and to the puzzle of the day: the puzzle, its level and Pip's welcome.
#[derive(Serialize)]
pub(super) struct NewPuzzleReply {
    /// The givens, one symbol per cell of the shape.
    givens: String,
    /// The shape, as the page draws it and sends it back.
    shape: ShapeInfo,
    /// The level it rates at, by id (`"hard"`).
    level: String,
    /// The same, as the engine names it (`"Hard"`).
    rating: Level,
    /// The seed that makes it again with `/api/new?level=&seed=`.
    seed: u64,
    /// The puzzle of the day's date.
    #[serde(skip_serializing_if = "Option::is_none")]
    date: Option<String>,
    said: Vec<Said>,
    /// An endless carpet's view (`shape=endless`): the carpet to send
    /// back with each move and board request, and where the player is.
    #[serde(skip_serializing_if = "Option::is_none")]
    endless: Option<super::endless::EndlessView>,
}

impl NewPuzzleReply {
    fn of(made: &Generated, source: &PuzzleSource, lang: Lang) -> NewPuzzleReply {
        let welcome = |lang| hint::welcome(source, made.puzzle.filled_count(), &made.rating, lang);
        NewPuzzleReply {
            givens: made.puzzle.to_line(),
            shape: ShapeInfo::of(&Shape::classic()),
            level: level_id(made.rating.level),
            rating: made.rating.level,
            seed: made.seed,
            date: match source {
                PuzzleSource::Daily(date) => Some(date.to_string()),
                _ => None,
            },
            said: vec![Said::new(lang, welcome)],
            endless: None,
        }
    }
}

impl NewPuzzleReply {
    /// A puzzle of another shape than the classic.
    fn of_shaped(made: &GeneratedShaped, source: &PuzzleSource, lang: Lang) -> NewPuzzleReply {
        let shape = made.puzzle.shape();
        let givens = made.puzzle.filled_count();
        let welcome = |lang| match &made.rating {
            Some(rating) if shape.is_9x9() => hint::welcome(source, givens, rating, lang),
            _ => hint::sized_welcome(shape, givens, made.level, lang),
        };
        NewPuzzleReply {
            givens: made.puzzle.to_line(),
            shape: ShapeInfo::of(shape),
            level: level_id(made.level),
            rating: made.level,
            seed: made.seed,
            date: None,
            said: vec![Said::new(lang, welcome)],
            endless: None,
        }
    }
}

fn bad_query(message: String) -> ApiError {
    ApiError::new(StatusCode::BAD_REQUEST, "bad_query", message)
}

pub(super) async fn new_puzzle(
    State(shared): State<Arc<Shared>>,
    q: Result<Query<NewQuery>, QueryRejection>,
) -> Result<Json<NewPuzzleReply>, ApiError> {
    let q = query(q)?;
    let lang = lang_of(q.lang.as_deref());
    let level = match q.level.as_deref() {
        None => None,
        Some(id) => Some(id.parse::<Level>().map_err(|e| bad_query(e.to_string()))?),
    };
    let seed = q.seed.unwrap_or_else(generate::random_seed);
    let source = PuzzleSource::Generated { seed };
    if q.shape.as_deref() == Some("endless") {
        let level = level.unwrap_or(Level::Medium);
        let made = shared
            .run_generator(level, move |_| super::endless::new_view(seed, level, lang))
            .await??;
        let (view, said) = made;
        return Ok(Json(NewPuzzleReply {
            givens: view.givens().to_string(),
            shape: view.shape().clone(),
            level: level_id(level),
            rating: level,
            seed,
            date: None,
            said,
            endless: Some(view),
        }));
    }
    let name = match q.shape.as_deref() {
        None => None,
        Some(text) => Some(ShapeName::parse(text).map_err(|e| bad_query(e.to_string()))?),
    };
    let name = name.filter(|n| !matches!(n.into_spec(None, None), Ok(spec) if spec.is_classic()));
    let Some(name) = name else {
        let options = Options::new(level.unwrap_or(Level::Medium));
        let made = shared.generate(options, seed).await?;
        return Ok(Json(NewPuzzleReply::of(&made, &source, lang)));
    };
    let made = shared.generate_named(name, level, seed).await?;
    let source = PuzzleSource::Generated { seed: made.seed };
    Ok(Json(NewPuzzleReply::of_shaped(&made, &source, lang)))
}

pub(super) async fn daily(
    State(shared): State<Arc<Shared>>,
    q: Result<Query<DailyQuery>, QueryRejection>,
) -> Result<Json<NewPuzzleReply>, ApiError> {
    let q = query(q)?;
    let lang = lang_of(q.lang.as_deref());
    let date = match q.date.as_deref() {
        None => Date::today_utc(),
        Some(text) => text
            .parse::<Date>()
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, "bad_query", e.to_string()))?,
    };
    let day = DailyPuzzle::for_date(date);
    let cached = shared.daily_cache().filter(|(d, _)| *d == date);
    let made = match cached {
        Some((_, made)) => made,
        None => {
            let made = Arc::new(shared.generate(day.options, day.seed).await?);
            *shared.daily.lock().unwrap_or_else(|e| e.into_inner()) = Some((date, made.clone()));
            made
        }
    };
    Ok(Json(NewPuzzleReply::of(
        &made,
        &PuzzleSource::Daily(date),
        lang,
    )))
}

/// Sets its flag when dropped: a request dropped (timed out, or its client
/// gone) stops the search it started.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// The level made in the shape `name` nearest to `wanted` (Medium when
/// none is asked: a 4×4 is made at Easy only).
fn nearest_level(name: ShapeName, seed: u64, wanted: Level) -> Level {
    let rank = |l: Level| Level::ALL.iter().position(|&k| k == l).unwrap_or(0);
    generate::random_shape(name, seed)
        .map(|shape| generate::levels_made(&shape))
        .unwrap_or_default()
        .into_iter()
        .min_by_key(|&l| rank(l).abs_diff(rank(wanted)))
        .unwrap_or(Level::Easy)
}

impl Shared {
    /// The puzzle of the day last made, if any.
    fn daily_cache(&self) -> Option<(Date, Arc<Generated>)> {
        self.daily.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    /// Runs the generator on the blocking pool, at most
    /// [`super::GENERATIONS_AT_ONCE`] at a time, within
    /// [`super::Limits::generate_time`] from now (waiting for a turn
    /// included): 503 `timeout` past it.
    async fn generate(&self, options: Options, seed: u64) -> Result<Generated, ApiError> {
        let level = options.level;
        let made = self
            .run_generator(level, move |stop| {
                generate::generate_with(&options, seed, |_| stop())
            })
            .await?;
        made.map_err(|_| self.too_slow(level))
    }

    /// A puzzle of the shape `name` asks for (its maps drawn from the
    /// seed), as [`Shared::generate`] runs the classic's: at `level`, or
    /// Medium when the shape reaches it and its nearest level otherwise.
    /// A level the shape cannot reach is refused (422
    /// `level_out_of_reach`), saying which it reaches.
    async fn generate_named(
        &self,
        name: ShapeName,
        level: Option<Level>,
        seed: u64,
    ) -> Result<GeneratedShaped, ApiError> {
        // the shape's levels are asked of the generator, on the worker: a
        // 16×16's maps take a solution to draw
        let (level, made) = self
            .run_generator(level.unwrap_or(Level::Medium), move |stop| {
                let level = level.unwrap_or_else(|| nearest_level(name, seed, Level::Medium));
                let options = Options::new(level);
                let made = generate::generate_named(name, &options, seed, |_| stop());
                (level, made)
            })
            .await?;
        made.map_err(|e| match e {
            ShapedGenerateError::LevelOutOfReach { .. } => ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "level_out_of_reach",
                e.to_string(),
            ),
            ShapedGenerateError::NotFound { shape, level, .. } => ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "no_puzzle",
                format!(
                    "no {shape} puzzle at {} came out from these seeds: try again",
                    hint::level_name(level, Lang::En)
                ),
            )
            .retry_after(1),
            ShapedGenerateError::Cancelled => self.too_slow(level),
        })
    }

    /// 503 `timeout`: no puzzle at `level` within the time limit.
    fn too_slow(&self, level: Level) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "timeout",
            format!(
                "no {} puzzle found within {} s: try again",
                hint::level_name(level, Lang::En),
                self.limits.generate_time.as_secs_f64()
            ),
        )
        .retry_after(1)
    }

    /// Runs `job` on the blocking pool when its turn comes, giving it the
    /// stop signal its search polls: set past the time limit or when the
    /// request is dropped.
    async fn run_generator<T: Send + 'static>(
        &self,
        level: Level,
        job: impl FnOnce(&dyn Fn() -> ControlFlow<()>) -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let deadline = Instant::now() + self.limits.generate_time;
        let turn = self.generations.clone().acquire_owned();
        let permit = match tokio::time::timeout_at(deadline.into(), turn).await {
            Err(_) => return Err(self.too_slow(level)),
            Ok(permit) => permit.map_err(|_| super::internal())?,
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let _cancel_on_drop = CancelOnDrop(cancel.clone());
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            let stop = || {
                if cancel.load(Ordering::Relaxed) || Instant::now() >= deadline {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            };
            job(&stop)
        })
        .await
        .map_err(|_| super::internal())
    }
}
