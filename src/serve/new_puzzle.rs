//! New puzzles for the page, made by the generator (`crate::generate`), as
//! the window's Game → New makes them:
//!
//! - `GET /api/new?level=`: a fresh puzzle rated at one of the six levels;
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
use super::wire::{lang_of, ApiError, Said};
use super::Shared;
use crate::generate::{self, DailyPuzzle, Date, Generated, Options};
use crate::hint::{self, Lang, PuzzleSource};
use crate::logic::Level;

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
    givens: String,
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
}

impl NewPuzzleReply {
    fn of(made: &Generated, source: &PuzzleSource, lang: Lang) -> NewPuzzleReply {
        let welcome = hint::welcome(source, made.puzzle.filled_count(), &made.rating, lang);
        NewPuzzleReply {
            givens: made.puzzle.to_line(),
            level: level_id(made.rating.level),
            rating: made.rating.level,
            seed: made.seed,
            date: match source {
                PuzzleSource::Daily(date) => Some(date.to_string()),
                _ => None,
            },
            said: vec![Said::new(welcome, lang)],
        }
    }
}

pub(super) async fn new_puzzle(
    State(shared): State<Arc<Shared>>,
    q: Result<Query<NewQuery>, QueryRejection>,
) -> Result<Json<NewPuzzleReply>, ApiError> {
    let q = query(q)?;
    let lang = lang_of(q.lang.as_deref());
    let level = match q.level.as_deref() {
        None => Level::Medium,
        Some(id) => id
            .parse::<Level>()
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, "bad_query", e.to_string()))?,
    };
    let seed = q.seed.unwrap_or_else(generate::random_seed);
    let made = shared.generate(Options::new(level), seed).await?;
    let source = PuzzleSource::Generated { seed };
    Ok(Json(NewPuzzleReply::of(&made, &source, lang)))
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
        let limit = self.limits.generate_time;
        let deadline = Instant::now() + limit;
        let too_slow = || {
            ApiError::new(
                StatusCode::SERVICE_UNAVAILABLE,
                "timeout",
                format!(
                    "no {} puzzle found within {} s: try again",
                    hint::level_name(options.level, Lang::En),
                    limit.as_secs_f64()
                ),
            )
            .retry_after(1)
        };
        let turn = self.generations.clone().acquire_owned();
        let permit = match tokio::time::timeout_at(deadline.into(), turn).await {
            Err(_) => return Err(too_slow()),
            Ok(permit) => permit.map_err(|_| super::internal())?,
        };
        let cancel = Arc::new(AtomicBool::new(false));
        let _cancel_on_drop = CancelOnDrop(cancel.clone());
        let made = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            generate::generate_with(&options, seed, |_| {
                if cancel.load(Ordering::Relaxed) || Instant::now() >= deadline {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            })
        })
        .await
        .map_err(|_| super::internal())?;
        made.map_err(|_| too_slow())
    }
}
