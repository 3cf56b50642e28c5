//! The web server: a third front end beside the window and the command line,
//! on the same library. It serves the page (`assets/web/`, compiled in) and
//! a JSON API for it; `sudolens serve` runs it in a terminal, and the
//! window's phone panel runs it on the LAN to receive a phone's photos.
//!
//! Built on axum over hyper and tokio (the `web` cargo feature): HTTP/1
//! only, one runtime thread, blocking work (the solver, the rule engine,
//! photo import) on tokio's blocking pool.
//!
//! Every request must name this server in `Host` and come from its own page
//! when it says where from (`Origin`: [`hosts`]), and carry the token
//! ([`token`]); every response carries strict security headers; sizes,
//! times, imports at once, each client's rate and connections are bounded
//! ([`limits`], [`connections`]). Nothing a request without the token does
//! can spend what the player's requests need: it has a small budget of its
//! own, and its connection is closed once it is answered. Nothing from the file system is served
//! or echoed: the page's files are in the binary ([`page`]), and a photo's
//! name is shown back without any folder ([`photo::plain_name`]).
//!
//! - `mod.rs`: [`Server`] (start, URL, stop), the routes and the middleware
//!   (host and origin, token, rate limits, time limit, headers);
//! - `accept.rs`: the accept loop; `connections.rs`: the open connections;
//!   `hosts.rs`: the names this server answers to;
//! - `game.rs`: info, hint, check, solve; `sized.rs`: hint, check and
//!   solve on grids of another size than 9×9; `start.rs`: a grid to play;
//! - `new_puzzle.rs`: new puzzles by level, and the puzzle of the day;
//! - `photo.rs`: import, photo for the page, photo for the window;
//! - `wire.rs`: the JSON shapes; `shaped.rs`: a puzzle's shape on the
//!   wire; `page.rs`: the page's files;
//!   `lan.rs`: the LAN address.

mod accept;
mod connections;
mod endless;
mod game;
mod hosts;
mod lan;
mod limits;
mod new_puzzle;
mod page;
mod photo;
mod shaped;
mod sized;
mod start;
mod token;
mod wire;

pub use lan::lan_address;
pub use limits::Limits;
pub use photo::{plain_name, PhonePhoto, PhotoSink};
pub use token::Token;

use std::future::Future;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::{Path, Request, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode, Uri};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use tokio::sync::{oneshot, Semaphore};

use accept::Peer;
use hosts::{Foreign, Hosts};
use limits::{ImportGate, RateLimiter};
use wire::ApiError;

/// How to run the server.
#[derive(Clone)]
pub struct ServerConfig {
    /// The address to listen on: loopback by default, the LAN address for
    /// phones ([`lan_address`]).
    pub ip: IpAddr,
    /// The port; 0 lets the system pick a free one.
    pub port: u16,
    pub limits: Limits,
    /// Photos sent from the page go to this window (the phone panel).
    pub window: Option<PhotoSink>,
    /// Ctrl+C stops the server cleanly (`sudolens serve`).
    pub stop_on_ctrl_c: bool,
}

/// The port `sudolens serve` and the phone panel try first: fixed, so that a
/// page reloaded after a restart finds its game in the browser's storage
/// (kept per address and port).
pub const DEFAULT_PORT: u16 = 8137;

impl Default for ServerConfig {
    fn default() -> Self {
        ServerConfig {
            ip: IpAddr::V4(Ipv4Addr::LOCALHOST),
            port: DEFAULT_PORT,
            limits: Limits::default(),
            window: None,
            stop_on_ctrl_c: false,
        }
    }
}

/// What every request handler shares.
pub(crate) struct Shared {
    token: Token,
    /// The names requests may give in `Host` and `Origin`.
    hosts: Hosts,
    limits: Limits,
    /// Requests with the token, per client address.
    rate: RateLimiter,
    /// Requests without the token (refused), per client address: apart, so
    /// that they never spend the player's budget.
    tokenless: RateLimiter,
    imports: ImportGate,
    /// Engine work (hints, verdicts, ratings) running at once; more wait.
    engine: Arc<Semaphore>,
    /// Puzzles being generated at once; more wait their turn.
    generations: Arc<Semaphore>,
    /// The puzzle of the day last made, kept for the day.
    daily: std::sync::Mutex<Option<(crate::generate::Date, Arc<crate::generate::Generated>)>>,
    window: Option<PhotoSink>,
}

/// Engine jobs that run at the same time (the rest wait their turn within
/// the request's time limit).
const ENGINE_AT_ONCE: usize = 4;

/// Puzzles generated at the same time: one per core of a small machine,
/// apart from the engine's permits so that hints never wait for them.
const GENERATIONS_AT_ONCE: usize = 2;

/// 500: a worker thread failed.
fn internal() -> ApiError {
    ApiError::new(
        StatusCode::INTERNAL_SERVER_ERROR,
        "internal",
        "sudolens failed on this board",
    )
}

impl Shared {
    /// Runs engine work on the blocking pool, a few at a time.
    async fn blocking<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, ApiError> {
        let permit = self
            .engine
            .clone()
            .acquire_owned()
            .await
            .map_err(|_| internal())?;
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            work()
        })
        .await
        .map_err(|_| internal())
    }
}

/// A running server; dropping it stops it.
pub struct Server {
    url: String,
    addr: SocketAddr,
    stop: Option<oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl Server {
    /// Binds the address and starts serving on a thread of its own. The
    /// error is the system's when the address cannot be bound.
    pub fn start(config: ServerConfig) -> std::io::Result<Server> {
        let token = Token::generate()?;
        let listener = std::net::TcpListener::bind((config.ip, config.port))?;
        listener.set_nonblocking(true)?;
        let addr = listener.local_addr()?;
        let url = format!("http://{addr}/?t={}", token.as_str());
        let shared = Arc::new(Shared {
            token,
            hosts: Hosts::of(addr, addr.ip().is_unspecified().then(lan_address).flatten()),
            rate: RateLimiter::new(config.limits.burst, config.limits.per_second),
            tokenless: RateLimiter::new(
                config.limits.tokenless_burst,
                config.limits.tokenless_per_second,
            ),
            imports: ImportGate::new(&config.limits),
            engine: Arc::new(Semaphore::new(ENGINE_AT_ONCE)),
            generations: Arc::new(Semaphore::new(GENERATIONS_AT_ONCE)),
            daily: std::sync::Mutex::new(None),
            window: config.window.clone(),
            limits: config.limits.clone(),
        });
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .max_blocking_threads(
                2 * ENGINE_AT_ONCE + GENERATIONS_AT_ONCE + config.limits.imports_at_once,
            )
            .build()?;
        let (stop, stopped) = oneshot::channel::<()>();
        // Ctrl+C is caught from now on, before the caller prints the URL: a
        // key pressed at once still stops the server cleanly.
        let ctrl_c = if config.stop_on_ctrl_c {
            let _runtime = runtime.enter();
            Some(ctrl_c_listener()?)
        } else {
            None
        };
        let thread = std::thread::Builder::new()
            .name("sudolens-serve".into())
            .spawn(move || {
                runtime.block_on(async move {
                    let stop = async move {
                        match ctrl_c {
                            Some(ctrl_c) => tokio::select! {
                                _ = stopped => {}
                                _ = ctrl_c => {}
                            },
                            None => {
                                let _ = stopped.await;
                            }
                        }
                    };
                    if let Ok(listener) = tokio::net::TcpListener::from_std(listener) {
                        accept::serve(listener, shared, stop).await;
                    }
                });
                // imports still running are abandoned rather than waited for
                runtime.shutdown_timeout(Duration::from_secs(1));
            })?;
        Ok(Server {
            url,
            addr,
            stop: Some(stop),
            thread: Some(thread),
        })
    }

    /// The page's address with its token: `http://127.0.0.1:8137/?t=...`.
    pub fn url(&self) -> &str {
        &self.url
    }

    pub fn addr(&self) -> SocketAddr {
        self.addr
    }

    /// Blocks until the server stops (on Ctrl+C, when it was asked to).
    pub fn wait(mut self) {
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }

    /// Stops accepting, lets the requests in flight finish (two seconds at
    /// most), and returns once the server is down.
    pub fn stop(mut self) {
        self.shut_down();
    }

    fn shut_down(&mut self) {
        if let Some(s) = self.stop.take() {
            let _ = s.send(());
        }
        if let Some(t) = self.thread.take() {
            let _ = t.join();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.shut_down();
    }
}

/// Ctrl+C, listened to from the moment this returns (the handler is in
/// place); call it inside the runtime.
fn ctrl_c_listener() -> std::io::Result<impl Future<Output = ()> + Send> {
    #[cfg(unix)]
    let mut signal = tokio::signal::unix::signal(tokio::signal::unix::SignalKind::interrupt())?;
    #[cfg(windows)]
    let mut signal = tokio::signal::windows::ctrl_c()?;
    Ok(async move {
        signal.recv().await;
    })
}

/// The routes, behind the guard (rate, token, time) and the headers.
fn router(shared: Arc<Shared>) -> Router {
    let json_limit = shared.limits.max_json_bytes;
    let api = Router::new()
        .route("/api/info", get(game::info))
        .route("/api/new", get(new_puzzle::new_puzzle))
        .route("/api/daily", get(new_puzzle::daily))
        .route("/api/hint", post(game::hint))
        .route("/api/check", post(game::check))
        .route("/api/solve", post(game::solve))
        .route("/api/start", post(start::start))
        .route("/api/endless/move", post(endless::move_view))
        .layer(axum::extract::DefaultBodyLimit::max(json_limit));
    let photos = Router::new()
        .route("/api/import", post(photo::import_photo))
        .route("/api/photo", post(photo::read_photo))
        .route("/api/window/photo", post(photo::to_window))
        // the photo handlers read and cap their bodies themselves
        .layer(axum::extract::DefaultBodyLimit::disable());
    Router::new()
        .route("/", get(index))
        .route("/s/{token}/{name}", get(asset))
        .merge(api)
        .merge(photos)
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed)
        .layer(middleware::from_fn_with_state(shared.clone(), guard))
        .layer(middleware::map_response(security_headers))
        .with_state(shared)
}

async fn index(State(shared): State<Arc<Shared>>) -> Response {
    page::index(&shared.token)
}

async fn asset(Path((_token, name)): Path<(String, String)>) -> Response {
    page::asset(&name)
}

async fn not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "not_found",
        "no such page or endpoint",
    )
}

async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "this endpoint does not take that method",
    )
}

/// The token a request carries: `?t=` in the query, `Authorization:
/// Bearer`, or the first segment after `/s/` for the page's files.
fn presented_token<'a>(uri: &'a Uri, headers: &'a HeaderMap) -> Option<&'a str> {
    if let Some(rest) = uri.path().strip_prefix("/s/") {
        return rest.split('/').next();
    }
    let in_query = uri
        .query()
        .and_then(|q| q.split('&').find_map(|pair| pair.strip_prefix("t=")));
    let in_header = || {
        headers
            .get(header::AUTHORIZATION)?
            .to_str()
            .ok()?
            .strip_prefix("Bearer ")
    };
    in_query.or_else(in_header)
}

/// Before any route: the host and origin, then the token, then the
/// client's rate, then the time limit. A request refused before its token
/// was seen spends only the tokenless budget, and its connection is closed
/// once it is answered, so that it holds no place a player could use.
async fn guard(State(shared): State<Arc<Shared>>, req: Request, next: Next) -> Response {
    if let Err(foreign) = check_host_and_origin(&shared.hosts, &req) {
        return closing(refused_foreign(foreign));
    }
    let peer = req.extensions().get::<Peer>().map(|p| p.0);
    let token = presented_token(req.uri(), req.headers());
    if !token.is_some_and(|t| shared.token.matches(t)) {
        if let Some(ip) = peer {
            if let Err(wait) = shared.tokenless.take(ip, Instant::now()) {
                return closing(too_many(wait));
            }
        }
        return closing(unauthorized(req.uri().path().starts_with("/api/")));
    }
    if let Some(ip) = peer {
        if let Err(wait) = shared.rate.take(ip, Instant::now()) {
            return too_many(wait);
        }
    }
    match tokio::time::timeout(shared.limits.request_time, next.run(req)).await {
        Ok(response) => response,
        Err(_) => ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "timeout",
            format!(
                "the request took longer than {} s",
                shared.limits.request_time.as_secs()
            ),
        )
        .retry_after(5)
        .into_response(),
    }
}

/// The request's `Host` and `Origin` against this server's names. Apart
/// from the guard: what it borrows from the request must not live across
/// the guard's awaits (the request's body is not `Sync`).
fn check_host_and_origin(hosts: &Hosts, req: &Request) -> Result<(), Foreign> {
    let text = |name| req.headers().get(name).and_then(|v| v.to_str().ok());
    // HTTP/1.1 may name the host in the request line instead (absolute form)
    let host = text(header::HOST).or_else(|| req.uri().authority().map(|a| a.as_str()));
    hosts.check(host, text(header::ORIGIN))
}

/// 429, with when to come back.
fn too_many(wait: Duration) -> Response {
    ApiError::new(
        StatusCode::TOO_MANY_REQUESTS,
        "too_many_requests",
        "too many requests from this device: slow down",
    )
    .retry_after(wait.as_secs_f64().ceil() as u64)
    .into_response()
}

/// 421 for a request that names another host (DNS rebinding), 403 for one
/// from another site's page.
fn refused_foreign(foreign: Foreign) -> Response {
    match foreign {
        Foreign::Host => ApiError::new(
            StatusCode::MISDIRECTED_REQUEST,
            "wrong_host",
            "this server answers only to the address it printed (or localhost)",
        ),
        Foreign::Origin => ApiError::new(
            StatusCode::FORBIDDEN,
            "foreign_origin",
            "requests from another site's page are refused",
        ),
    }
    .into_response()
}

/// The response, with the connection closed after it.
fn closing(mut response: Response) -> Response {
    response
        .headers_mut()
        .insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// 401: JSON for the API, a plain sentence for a person at the browser.
fn unauthorized(api: bool) -> Response {
    if api {
        return ApiError::new(
            StatusCode::UNAUTHORIZED,
            "unauthorized",
            "this request needs the server's token (?t=... or Authorization: Bearer ...)",
        )
        .into_response();
    }
    let text = "sudolens: open the whole link that sudolens printed or showed as a QR code; \
                it ends with ?t= and a token.\n";
    let mut r = (StatusCode::UNAUTHORIZED, text).into_response();
    r.headers_mut().insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/plain; charset=utf-8"),
    );
    r
}

/// The page may load its own files and talk to this server only: no other
/// origin, no inline script or style, no frames, no referrer (the URL holds
/// the token).
const CSP: &str = "default-src 'none'; script-src 'self'; style-src 'self'; \
                   img-src 'self' blob:; connect-src 'self'; base-uri 'self'; \
                   form-action 'none'; frame-ancestors 'none'";

async fn security_headers(mut response: Response) -> Response {
    let h = response.headers_mut();
    let set = |h: &mut HeaderMap, name: &'static str, value: &'static str| {
        h.insert(name, HeaderValue::from_static(value));
    };
    set(h, "content-security-policy", CSP);
    set(h, "x-content-type-options", "nosniff");
    set(h, "referrer-policy", "no-referrer");
    set(h, "x-frame-options", "DENY");
    set(h, "cross-origin-opener-policy", "same-origin");
    set(h, "cross-origin-resource-policy", "same-origin");
    set(
        h,
        "permissions-policy",
        "geolocation=(), microphone=(), payment=(), usb=()",
    );
    if !h.contains_key(header::CACHE_CONTROL) {
        set(h, "cache-control", "no-store");
    }
    response
}
