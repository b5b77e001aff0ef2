//! Errors of the web API: an HTTP status and one line of JSON.
//!
//! Every failure a client can cause becomes `{"error": "..."}` with a 4xx
//! status, and the server's own limits (busy, out of time) a 503, so that
//! the page and scripts can always show the reason instead of guessing it.

use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// Why a request was not answered.
#[derive(Debug)]
pub enum ApiError {
    /// Malformed input: a bad parameter, game name or position (400).
    Bad(String),
    /// The query string is longer than the server accepts (414).
    TooLong(String),
    /// No such route (404).
    NotFound(String),
    /// The answer would take more states than a request may use (422).
    TooBig(String),
    /// The engine failed, e.g. by refusing a position; mapped by kind.
    Engine(grundy::Error),
    /// Out of time or no free worker: try again or ask for less (503).
    Unavailable(String),
    /// A bug: a computation panicked (500). The server stays up.
    Internal(String),
}

impl From<grundy::Error> for ApiError {
    fn from(e: grundy::Error) -> Self {
        ApiError::Engine(e)
    }
}

#[derive(Serialize)]
struct Body<'a> {
    error: &'a str,
}

impl ApiError {
    /// The status and the one-line message.
    pub fn parts(&self) -> (StatusCode, String) {
        use grundy::Error as E;
        match self {
            ApiError::Bad(m) => (StatusCode::BAD_REQUEST, m.clone()),
            ApiError::TooLong(m) => (StatusCode::URI_TOO_LONG, m.clone()),
            ApiError::NotFound(m) => (StatusCode::NOT_FOUND, m.clone()),
            ApiError::TooBig(m) => (StatusCode::UNPROCESSABLE_ENTITY, m.clone()),
            ApiError::Unavailable(m) => (StatusCode::SERVICE_UNAVAILABLE, m.clone()),
            ApiError::Internal(m) => (StatusCode::INTERNAL_SERVER_ERROR, m.clone()),
            ApiError::Engine(e) => match e {
                E::Parse(_) | E::Unsupported(_) => (StatusCode::BAD_REQUEST, api_words(e)),
                E::Limit { what, limit } => (
                    StatusCode::UNPROCESSABLE_ENTITY,
                    format!(
                        "{what} needs more than {limit} states, the most this server allows per request; ask for a smaller position"
                    ),
                ),
                E::Memory { what, limit } => (
                    StatusCode::UNPROCESSABLE_ENTITY,
                    format!(
                        "{what} needs more than {} of memory, the most this server allows; ask for a smaller position",
                        grundy::error::bytes_text(*limit)
                    ),
                ),
                E::Cyclic(_) => (StatusCode::UNPROCESSABLE_ENTITY, api_words(e)),
                E::Internal(_) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()),
                // Turned into a message naming the time limit by the
                // bounds; this is the fallback wording.
                E::Interrupted(what) => (
                    StatusCode::SERVICE_UNAVAILABLE,
                    format!("stopped by the server's time limit while {what}"),
                ),
            },
        }
    }
}

/// Engine messages written for the command line, and what the API says
/// instead: a client of the API has parameters and routes, not flags and
/// commands.
const API_WORDS: &[(&str, &str)] = &[
    ("--ground works with", "`ground` works with"),
    ("--misere", "`misere=true`"),
    ("--ground V", "`ground=V`"),
    ("--ground", "`ground`"),
    ("use `grundy value`", "use /api/value"),
    ("try `grundy games`", "see /api/games"),
    ("`grundy games` lists them all", "/api/games lists them all"),
];

/// The engine's message for `e` in the API's terms. Text in backquotes
/// is left as it is: it quotes the client's input (a part `nim 3
/// --misere`), as Python's messages leave it.
fn api_words(e: &grundy::Error) -> String {
    // The commands named in backquotes first; then the flags, outside them.
    let (commands, flags): (Vec<_>, Vec<_>) =
        API_WORDS.iter().partition(|(cli, _)| cli.contains('`'));
    let message = (commands.iter()).fold(e.to_string(), |m, (cli, api)| m.replace(cli, api));
    let mut out = String::with_capacity(message.len());
    for (i, (part, quoted)) in grundy::error::quoted_pieces(&message).enumerate() {
        if i > 0 {
            out.push('`');
        }
        match quoted {
            true => out.push_str(part),
            false => out.push_str(
                &(flags.iter()).fold(part.to_string(), |m, (cli, api)| m.replace(cli, api)),
            ),
        }
    }
    out
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let (status, message) = self.parts();
        let one_line = message.replace(['\n', '\r'], " ");
        let mut body = serde_json::to_string(&Body { error: &one_line })
            .unwrap_or_else(|_| r#"{"error":"unprintable error"}"#.to_string());
        body.push('\n');
        (
            status,
            [(header::CONTENT_TYPE, "application/json; charset=utf-8")],
            body,
        )
            .into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_errors_map_to_statuses() {
        let status = |e: grundy::Error| ApiError::Engine(e).parts().0;
        assert_eq!(status(grundy::Error::parse("bad")), StatusCode::BAD_REQUEST);
        assert_eq!(
            status(grundy::Error::limit("x", 5)),
            StatusCode::UNPROCESSABLE_ENTITY
        );
        assert_eq!(
            status(grundy::Error::Interrupted("x".into())),
            StatusCode::SERVICE_UNAVAILABLE
        );
    }

    #[test]
    fn engine_messages_name_no_command_line_flag_or_command() {
        let message = |name: &str, misere: bool, ground: Option<u64>| {
            let options = grundy::SpecOptions { misere, ground };
            let e = grundy::spec::parse(name, options).err().expect(name);
            ApiError::Engine(e).parts().1
        };
        let texts = [
            message("cutting", true, None),
            message("nim", false, Some(1)),
            message("", false, None),
            message("Nim", false, None),
        ];
        for text in &texts {
            assert!(!text.contains("--") && !text.contains("`grundy "), "{text}");
        }
        assert!(
            texts[0].contains("`cutting` has no misère play: "),
            "{}",
            texts[0]
        );
        assert!(
            texts[1].contains("`ground` works with hackenbush"),
            "{}",
            texts[1]
        );
        assert!(texts[2].contains("see /api/games"), "{}", texts[2]);
        assert!(
            texts[3].ends_with("(/api/games lists them all)"),
            "{}",
            texts[3]
        );
        let seq = grundy::spec::parse("wythoff", grundy::SpecOptions::default())
            .unwrap()
            .sequence(
                &grundy::heap::SeqRequest { to: Some(3) },
                &grundy::Limits::default(),
            )
            .unwrap_err();
        assert!(ApiError::Engine(seq).parts().1.ends_with("use /api/value"));
        // The client's own text, in backquotes, is quoted as typed.
        let typed =
            grundy::Error::parse("the part `nim 3 --misere` holds `--misere`: see --misere");
        assert_eq!(
            ApiError::Engine(typed).parts().1,
            "the part `nim 3 --misere` holds `--misere`: see `misere=true`"
        );
    }
}
