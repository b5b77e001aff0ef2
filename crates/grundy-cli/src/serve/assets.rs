//! The page itself: HTML, CSS and JavaScript compiled into the binary.
//!
//! The machine running `grundy serve` may have no internet, and a page
//! that needs a separate install or a CDN would break there, so the five
//! hand-written files are embedded with `include_str!`.

use axum::http::header;
use axum::response::{IntoResponse, Response};

const INDEX_HTML: &str = include_str!("../../web/index.html");
const STYLE_CSS: &str = include_str!("../../web/style.css");
const APP_JS: &str = include_str!("../../web/app.js");
const PLAY_JS: &str = include_str!("../../web/play.js");
const API_JS: &str = include_str!("../../web/api.js");

/// Everything the page loads comes from this server; pictures are shown
/// from `blob:` URLs made of the API's answers.
const CSP: &str = "default-src 'self'; img-src 'self' blob: data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'";

fn asset(content_type: &'static str, body: &'static str) -> Response {
    (
        [
            (header::CONTENT_TYPE, content_type),
            (header::CACHE_CONTROL, "no-cache"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
            (header::CONTENT_SECURITY_POLICY, CSP),
        ],
        body,
    )
        .into_response()
}

/// `GET /`: the page.
pub async fn index() -> Response {
    asset("text/html; charset=utf-8", INDEX_HTML)
}

/// `GET /style.css`.
pub async fn style() -> Response {
    asset("text/css; charset=utf-8", STYLE_CSS)
}

/// `GET /app.js`.
pub async fn script() -> Response {
    asset("text/javascript; charset=utf-8", APP_JS)
}

/// `GET /play.js`: the game against the computer, apart from the rest of
/// the page's script.
pub async fn play_script() -> Response {
    asset("text/javascript; charset=utf-8", PLAY_JS)
}

/// `GET /api.js`: the page's requests to the server (its answers read
/// with big integers exact, its refusals in the page's words), loaded
/// before the rest of the page's script.
pub async fn api_script() -> Response {
    asset("text/javascript; charset=utf-8", API_JS)
}
