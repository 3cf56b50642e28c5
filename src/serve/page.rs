//! The web page, compiled into the binary: plain HTML, CSS and JavaScript
//! modules from `assets/web/`, with no build step and nothing fetched from
//! elsewhere, so the page works with no internet.
//!
//! The page lives at `/?t=TOKEN`; its files at `/s/TOKEN/NAME`, which its
//! `<base>` points at, so that the scripts' relative imports carry the
//! token too (no cookie is ever set).

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};

use super::token::Token;
use super::wire::ApiError;

/// One file of the page.
struct Asset {
    name: &'static str,
    content_type: &'static str,
    bytes: &'static [u8],
}

macro_rules! assets {
    ($($name:literal: $type:literal,)*) => {
        /// Every file of `assets/web/` (a test checks that none is missing).
        const ASSETS: &[Asset] = &[$(Asset {
            name: $name,
            content_type: $type,
            bytes: include_bytes!(concat!("../../assets/web/", $name)),
        },)*];
    };
}

assets! {
    "index.html": "text/html; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
    "app.js": "text/javascript; charset=utf-8",
    "api.js": "text/javascript; charset=utf-8",
    "game.js": "text/javascript; charset=utf-8",
    "board.js": "text/javascript; charset=utf-8",
    "zoom.js": "text/javascript; charset=utf-8",
    "dialogue.js": "text/javascript; charset=utf-8",
    "pip.js": "text/javascript; charset=utf-8",
    "photo.js": "text/javascript; charset=utf-8",
    "i18n.js": "text/javascript; charset=utf-8",
    "pip.svg": "image/svg+xml",
}

/// Where `index.html` says its files are; replaced by `/s/TOKEN/`.
const BASE_PLACEHOLDER: &str = "__ASSETS__/";

/// The page itself, with its `<base>` pointing at this server's token. Never
/// cached: it holds the token.
pub fn index(token: &Token) -> Response {
    let html = std::str::from_utf8(find("index.html").map_or(&[][..], |a| a.bytes))
        .unwrap_or_default()
        .replace(BASE_PLACEHOLDER, &format!("/s/{}/", token.as_str()));
    let mut r = (StatusCode::OK, html).into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static("text/html; charset=utf-8"),
    );
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    r
}

fn find(name: &str) -> Option<&'static Asset> {
    ASSETS.iter().find(|a| a.name == name)
}

/// One of the page's files, by its exact name: there is no file system
/// behind this, only the table above. The page's files never change while
/// the server runs (they are in the binary, and the token in their path is
/// new at every start), so the browser may keep them.
pub fn asset(name: &str) -> Response {
    let Some(a) = find(name).filter(|a| a.name != "index.html") else {
        return ApiError::new(StatusCode::NOT_FOUND, "not_found", "no such file").into_response();
    };
    let mut r = (StatusCode::OK, a.bytes).into_response();
    let h = r.headers_mut();
    h.insert(
        header::CONTENT_TYPE,
        HeaderValue::from_static(a.content_type),
    );
    h.insert(
        header::CACHE_CONTROL,
        HeaderValue::from_static("private, max-age=86400, immutable"),
    );
    r
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_of_the_page_is_served_and_only_those() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("assets/web");
        let mut on_disk: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        on_disk.sort();
        let mut served: Vec<String> = ASSETS.iter().map(|a| a.name.to_string()).collect();
        served.sort();
        assert_eq!(served, on_disk, "assets! lists every file of assets/web");
        let html = std::str::from_utf8(find("index.html").unwrap().bytes).unwrap();
        assert!(
            html.contains(BASE_PLACEHOLDER),
            "index.html has its <base> placeholder"
        );
    }

    #[test]
    fn the_page_carries_the_token_in_its_base_and_is_never_cached() {
        let token = Token::generate().unwrap();
        let r = index(&token);
        assert_eq!(r.headers()[header::CACHE_CONTROL], "no-store");
        assert_eq!(asset("index.html").status(), StatusCode::NOT_FOUND);
        assert_eq!(asset("../Cargo.toml").status(), StatusCode::NOT_FOUND);
        assert_eq!(asset("app.js").status(), StatusCode::OK);
    }
}
