//! The photo endpoints: the body is the photo itself (JPEG, PNG, WebP or
//! BMP, as a phone's browser sends a picked file).
//!
//! - `POST /api/import`: exactly what `sudolens import --json` prints for it;
//! - `POST /api/photo`: the same object under `import`, with what the page's
//!   correction screen needs besides (Pip's paragraph, the level, each
//!   cell's likely digits and question);
//! - `POST /api/window/photo`: the photo handed to the window that runs the
//!   server, to open on its correction screen as if dropped on it.
//!
//! An upload over [`Limits::max_upload_bytes`](super::Limits) is refused
//! from its `Content-Length` before a byte of its body is read; only a few
//! imports run at once ([`super::limits::ImportGate`]).

use std::collections::BTreeMap;
use std::sync::{Arc, OnceLock};

use axum::body::Body;
use axum::extract::rejection::QueryRejection;
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use http_body_util::BodyExt;
use serde::{Deserialize, Serialize};

use super::game::query;
use super::limits::{Busy, Ticket};
use super::wire::{in_both_languages, lang_of, ApiError, Said};
use super::Shared;
use crate::hint::{self, Lang};
use crate::vision::{self, DigitModel, ImportError, ImportOptions, ImportResult};

/// A photo sent from the page to the window.
#[derive(Clone, Debug)]
pub struct PhonePhoto {
    /// The file's name on the phone, without any folder.
    pub name: String,
    pub bytes: Vec<u8>,
}

/// Where the window takes the phone's photos (called on a server thread).
pub type PhotoSink = Arc<dyn Fn(PhonePhoto) + Send + Sync>;

/// Longest name kept from the client's `name`.
const MAX_NAME_CHARS: usize = 80;

/// The name a client gave its photo, as shown back: its last path
/// component only (a phone may send `C:\fakepath\x.jpg`), without control
/// characters, at most [`MAX_NAME_CHARS`] characters; `photo` when empty.
pub fn plain_name(name: &str) -> String {
    let last = name.rsplit(['/', '\\']).next().unwrap_or_default();
    let kept: String = last
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME_CHARS)
        .collect();
    match kept.trim() {
        "" | "." | ".." => "photo".to_string(),
        t => t.to_string(),
    }
}

#[derive(Debug, Deserialize)]
pub(super) struct PhotoQuery {
    name: Option<String>,
    lang: Option<String>,
}

/// The digit model, loaded once on first use and shared by every import.
fn digit_model() -> Result<&'static DigitModel, ImportError> {
    static MODEL: OnceLock<Result<DigitModel, String>> = OnceLock::new();
    MODEL
        .get_or_init(|| DigitModel::bundled().map_err(|e| e.to_string()))
        .as_ref()
        .map_err(|e| ImportError::Model(e.clone()))
}

/// The HTTP status of a photo that could not be read.
fn error_status(error: &ImportError) -> StatusCode {
    match error {
        ImportError::FileTooLarge { .. } | ImportError::TooLarge { .. } => {
            StatusCode::PAYLOAD_TOO_LARGE
        }
        ImportError::NotAnImage | ImportError::UnsupportedFormat(_) => {
            StatusCode::UNSUPPORTED_MEDIA_TYPE
        }
        ImportError::Model(_) | ImportError::Io(_) | ImportError::DebugDir { .. } => {
            StatusCode::INTERNAL_SERVER_ERROR
        }
        _ => StatusCode::UNPROCESSABLE_ENTITY,
    }
}

/// A photo refused or not read, in the shape of `import --json`'s error
/// line (`file`, `error`, `kind`); with Pip's words too when a language is
/// given (`{"import": ..., "said": [...]}`).
fn refused(file: &str, error: &ImportError, lang: Option<Lang>) -> Response {
    let mut body = vision::error_json(file, error);
    if let Some(lang) = lang {
        body = serde_json::json!({
            "import": body,
            "said": [Said::new(lang, |lang| hint::photo_not_read(error, lang))],
        });
    }
    let status = error_status(error);
    let mut response = (status, Json(body)).into_response();
    if status == StatusCode::PAYLOAD_TOO_LARGE {
        // the rest of the body is never read: the connection cannot be reused
        let close = header::HeaderValue::from_static("close");
        response.headers_mut().insert(header::CONNECTION, close);
    }
    response
}

/// Why reading the upload stopped.
enum UploadError {
    /// Over the size cap (announced, or counted while reading).
    TooLarge(ImportError),
    /// The client went away or sent a broken body.
    Broken,
}

/// The announced body size, when the client gave a valid one.
fn content_length(headers: &HeaderMap) -> Option<u64> {
    headers
        .get(header::CONTENT_LENGTH)?
        .to_str()
        .ok()?
        .trim()
        .parse()
        .ok()
}

/// Whether the upload says it is an image (`Content-Type: image/...`). A
/// page on another site may send a POST without asking the server first
/// only as `text/plain` or a form; an image type makes the browser ask
/// first (a CORS preflight), which this server never grants.
fn says_image(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .and_then(|essence| essence.trim().split_once('/'))
        .is_some_and(|(kind, sub)| kind.eq_ignore_ascii_case("image") && !sub.trim().is_empty())
}

/// 415: the upload does not say it is an image.
fn not_an_image_upload() -> Response {
    ApiError::new(
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "not_an_image_upload",
        "a photo is sent as an image: Content-Type: image/jpeg, image/png, image/webp or image/bmp",
    )
    .into_response()
}

/// Refuses an upload announced over the cap, before any of it is read.
fn check_announced(shared: &Shared, headers: &HeaderMap) -> Result<(), ImportError> {
    let max_bytes = shared.limits.max_upload_bytes;
    match content_length(headers) {
        Some(bytes) if bytes > max_bytes => Err(ImportError::FileTooLarge { bytes, max_bytes }),
        _ => Ok(()),
    }
}

/// Reads the body, stopping as soon as it passes the cap (a client that
/// announced no length, or lied).
async fn read_upload(
    shared: &Shared,
    headers: &HeaderMap,
    body: Body,
) -> Result<Vec<u8>, UploadError> {
    let max_bytes = shared.limits.max_upload_bytes;
    let mut body = body;
    let mut bytes =
        Vec::with_capacity(content_length(headers).unwrap_or(0).min(max_bytes) as usize);
    while let Some(frame) = body.frame().await {
        let frame = frame.map_err(|_| UploadError::Broken)?;
        if let Some(data) = frame.data_ref() {
            if (bytes.len() + data.len()) as u64 > max_bytes {
                return Err(UploadError::TooLarge(ImportError::FileTooLarge {
                    bytes: (bytes.len() + data.len()) as u64,
                    max_bytes,
                }));
            }
            bytes.extend_from_slice(data);
        }
    }
    Ok(bytes)
}

fn busy(why: Busy) -> ApiError {
    let message = match why {
        Busy::QueueFull => "too many photos are being read right now: try again in a moment",
        Busy::WaitedTooLong => "the photos before this one took too long: try again in a moment",
    };
    ApiError::new(StatusCode::SERVICE_UNAVAILABLE, "busy", message).retry_after(2)
}

/// A photo received whole, with its place in the import queue.
struct Upload {
    /// The name the client gave it, without any folder ([`plain_name`]).
    file: String,
    /// Pip's language, for the endpoints that answer in Pip's words.
    lang: Option<Lang>,
    ticket: Ticket,
    bytes: Vec<u8>,
}

/// The query, a place in the import queue, then the whole body: the steps
/// every photo endpoint takes before it looks at the photo. `with_pip`:
/// refusals carry Pip's words in the query's language.
async fn receive(
    shared: &Shared,
    q: Result<Query<PhotoQuery>, QueryRejection>,
    headers: &HeaderMap,
    body: Body,
    with_pip: bool,
) -> Result<Upload, Response> {
    let q = query(q).map_err(IntoResponse::into_response)?;
    let lang = with_pip.then(|| lang_of(q.lang.as_deref()));
    let file = plain_name(q.name.as_deref().unwrap_or("photo"));
    if !says_image(headers) {
        return Err(not_an_image_upload());
    }
    if let Err(e) = check_announced(shared, headers) {
        return Err(refused(&file, &e, lang));
    }
    let ticket = shared
        .imports
        .enter()
        .map_err(|b| busy(b).into_response())?;
    match read_upload(shared, headers, body).await {
        Ok(bytes) => Ok(Upload {
            file,
            lang,
            ticket,
            bytes,
        }),
        Err(UploadError::TooLarge(e)) => Err(refused(&file, &e, lang)),
        Err(UploadError::Broken) => Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "broken_upload",
            "the photo did not arrive whole: send it again",
        )
        .into_response()),
    }
}

/// A photo read (or why not), and its puzzle's level when asked for.
type Read = (
    Result<ImportResult, ImportError>,
    Option<crate::logic::Level>,
);

/// Reads the photo on an import thread once the queue gives it a turn;
/// the turn is held until the import ends, even if the request timed out.
async fn import(
    shared: &Shared,
    ticket: Ticket,
    bytes: Vec<u8>,
    rate: bool,
) -> Result<Read, ApiError> {
    // The size from the header first: a photo over the cap is refused at
    // once, without waiting for a turn, and a large one is read alone.
    let pixels = match vision::photo_size(&bytes, shared.limits.max_pixels) {
        Ok((w, h)) => u64::from(w) * u64::from(h),
        Err(e) => return Ok((Err(e), None)),
    };
    let alone = pixels > shared.limits.alone_pixels;
    let turn = shared.imports.turn(ticket, alone).await.map_err(busy)?;
    let opts = ImportOptions {
        max_pixels: shared.limits.max_pixels,
        debug_dir: None,
    };
    let work = move || {
        let outcome = digit_model().and_then(|model| vision::import_bytes(&bytes, model, &opts));
        let level = match &outcome {
            Ok(r) if rate && r.verdict.is_unique() && r.shape.is_9x9() => {
                Some(crate::logic::rate_grid(&r.givens).level)
            }
            _ => None,
        };
        (outcome, level)
    };
    shared.imports.run(turn, work).await.ok_or_else(|| {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal",
            "the import failed",
        )
    })
}

/// A photo received, then read: what both reading endpoints do first.
/// `for_page` (the page's correction screen): refusals carry Pip's words in
/// the query's language, and the puzzle is rated. Returns the photo's name,
/// Pip's language and the reading.
async fn receive_and_read(
    shared: &Shared,
    q: Result<Query<PhotoQuery>, QueryRejection>,
    headers: &HeaderMap,
    body: Body,
    for_page: bool,
) -> Result<(String, Option<Lang>, Read), Response> {
    let upload = receive(shared, q, headers, body, for_page).await?;
    let read = import(shared, upload.ticket, upload.bytes, for_page)
        .await
        .map_err(IntoResponse::into_response)?;
    Ok((upload.file, upload.lang, read))
}

pub(super) async fn import_photo(
    State(shared): State<Arc<Shared>>,
    q: Result<Query<PhotoQuery>, QueryRejection>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, Response> {
    let (file, _, (outcome, _)) = receive_and_read(&shared, q, &headers, body, false).await?;
    Ok(match outcome {
        Ok(read) => Json(vision::outcome_json(&file, &Ok(read))).into_response(),
        Err(e) => refused(&file, &e, None),
    })
}

/// What the correction screen shows for one cell.
#[derive(Serialize)]
pub(super) struct CellHelp {
    /// The likely digits as one-tap choices, the solution's first (0: empty).
    choices: Vec<u8>,
    /// Pip's question beside the cell's crop, in both languages (`en`,
    /// `fr`): the page's language switch says it again at once.
    question: BTreeMap<&'static str, String>,
}

#[derive(Serialize)]
pub(super) struct PhotoReply {
    /// Exactly what `POST /api/import` answers.
    import: serde_json::Value,
    said: Vec<Said>,
    /// The puzzle's level, when the printed digits have one solution.
    level: Option<crate::logic::Level>,
    /// The 81 cells, row by row.
    cells: Vec<CellHelp>,
}

pub(super) async fn read_photo(
    State(shared): State<Arc<Shared>>,
    q: Result<Query<PhotoQuery>, QueryRejection>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, Response> {
    let (file, lang, (outcome, level)) = receive_and_read(&shared, q, &headers, body, true).await?;
    let lang = lang.unwrap_or_default();
    let read = outcome
        .as_ref()
        .map_err(|e| refused(&file, e, Some(lang)))?;
    let reading = hint::PhotoReading::from_import(read, level);
    let cells = read
        .cells
        .iter()
        .map(|c| CellHelp {
            choices: c.likely_digits(read.solution.as_ref()),
            question: in_both_languages(|l| {
                let handwritten = c.kind == vision::CellKind::Handwritten;
                hint::crop_question(c.digit, handwritten, l)
            }),
        })
        .collect();
    let reply = PhotoReply {
        import: vision::outcome_json(&file, &outcome),
        said: vec![Said::new(lang, |lang| hint::photo_read(&reading, lang))],
        level,
        cells,
    };
    Ok(Json(reply).into_response())
}

pub(super) async fn to_window(
    State(shared): State<Arc<Shared>>,
    q: Result<Query<PhotoQuery>, QueryRejection>,
    headers: HeaderMap,
    body: Body,
) -> Result<Response, Response> {
    let Some(sink) = shared.window.clone() else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            "no_window",
            "no sudolens window is listening: this server was started by `sudolens serve`",
        )
        .into_response());
    };
    let Upload {
        file, lang, bytes, ..
    } = receive(&shared, q, &headers, body, true).await?;
    // What the window would refuse anyway is said on the phone, at once: the
    // window reads photos as the command line does, with its own cap.
    let window_cap = ImportOptions::default().max_pixels;
    vision::photo_size(&bytes, window_cap).map_err(|e| refused(&file, &e, lang))?;
    let lang = lang.unwrap_or_default();
    sink(PhonePhoto { name: file, bytes });
    let said = [Said::new(lang, hint::photo_sent_to_window)];
    Ok((
        StatusCode::ACCEPTED,
        Json(serde_json::json!({ "said": said })),
    )
        .into_response())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_keep_no_folder_and_no_control_characters() {
        assert_eq!(plain_name("IMG_0042.jpg"), "IMG_0042.jpg");
        assert_eq!(plain_name("/home/me/secret/IMG.jpg"), "IMG.jpg");
        assert_eq!(plain_name("C:\\fakepath\\grid.png"), "grid.png");
        assert_eq!(plain_name("a\nb\u{7}.jpg"), "ab.jpg");
        assert_eq!(plain_name(""), "photo");
        assert_eq!(plain_name("dir/.."), "photo");
        assert_eq!(plain_name(&"x".repeat(500)).len(), MAX_NAME_CHARS);
    }
}
