//! The one error type of the engine.
//!
//! Every failure a user can cause (a bad game name, a position out of range,
//! a computation that would exceed its budget) is an [`enum@Error`] with a
//! one-line message, so front ends can print it and exit without a panic.

use thiserror::Error;

/// Why the engine could not answer.
///
/// Messages quote what the user typed or a file held, which may be megabytes
/// long or hold line breaks: every variant displays through [`one_line`], so
/// a front end can print any of them as one short line.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// The text of a game name or a position is malformed.
    #[error("{}", one_line(.0))]
    Parse(String),
    /// The game does not support what was asked (for example `seq` on a
    /// game whose positions are not heaps).
    #[error("{}", one_line(.0))]
    Unsupported(String),
    /// A computation would exceed its state budget.
    #[error("{} needs more than {}; raise the limit (--max-states) to go further", one_line(.what), counted(*.limit, "state"))]
    Limit {
        /// What was being computed.
        what: String,
        /// The budget that was hit.
        limit: u64,
    },
    /// A computation would hold more memory than its budget.
    #[error("{} needs more than {} of memory; raise the limit (--memory) to go further", one_line(.what), bytes_text(*.limit))]
    Memory {
        /// What was being computed.
        what: String,
        /// The budget that was hit, in bytes.
        limit: u64,
    },
    /// The move graph has a cycle where a finite (acyclic) game was required.
    #[error("the game graph has a cycle through {}; this computation needs an acyclic game", one_line(.0))]
    Cyclic(String),
    /// The computation was stopped by its time limit or by the user.
    #[error("stopped: {}", one_line(.0))]
    Interrupted(String),
    /// The engine found its own answer inconsistent (a fault of grundy,
    /// never of the input): reported instead of a wrong answer.
    #[error("internal error: {}; please report this", one_line(.0))]
    Internal(String),
}

impl Error {
    /// Shorthand for a parse error with a formatted message.
    pub fn parse(msg: impl Into<String>) -> Self {
        Error::Parse(msg.into())
    }

    /// Shorthand for an unsupported-operation error.
    pub fn unsupported(msg: impl Into<String>) -> Self {
        Error::Unsupported(msg.into())
    }

    /// Shorthand for a memory budget error.
    pub fn memory(what: impl Into<String>, limit: u64) -> Self {
        Error::Memory {
            what: what.into(),
            limit,
        }
    }

    /// Shorthand for a budget error.
    pub fn limit(what: impl Into<String>, limit: u64) -> Self {
        Error::Limit {
            what: what.into(),
            limit,
        }
    }

    /// Whether a bound stopped the computation (a budget of states or
    /// memory, the time limit, the user), not a fault of the game or of
    /// the input: what it finished before stands, and more room or time
    /// may take it further.
    pub fn is_bound(&self) -> bool {
        matches!(
            self,
            Error::Limit { .. } | Error::Memory { .. } | Error::Interrupted(_)
        )
    }
}

/// A size in bytes as people write it: `512 MiB`, `4 GiB`, `1000 bytes`.
pub fn bytes_text(bytes: u64) -> String {
    const UNITS: [(&str, u32); 3] = [("GiB", 30), ("MiB", 20), ("KiB", 10)];
    for (unit, shift) in UNITS {
        if bytes >= 1 << shift {
            let whole = bytes >> shift;
            let tenths = ((bytes & ((1 << shift) - 1)) * 10) >> shift;
            return match tenths {
                0 => format!("{whole} {unit}"),
                t => format!("{whole}.{t} {unit}"),
            };
        }
    }
    counted(bytes, "byte")
}

/// `n` things, in the singular for one: `1 state`, `2 states`.
pub fn counted(n: u64, thing: &str) -> String {
    match n {
        1 => format!("1 {thing}"),
        n => format!("{n} {thing}s"),
    }
}

/// `items` as a message lists them, the last after `last` (`and`, `or`):
/// `1, 2 and 3`; one item alone. Every message's list reads the same.
pub fn listed<T: std::fmt::Display>(items: &[T], last: &str) -> String {
    let texts: Vec<String> = items.iter().map(T::to_string).collect();
    match texts.split_last() {
        Some((end, rest)) if !rest.is_empty() => format!("{} {last} {end}", rest.join(", ")),
        _ => texts.join(""),
    }
}

/// The start of `s` for quoting in a message: long garbage is cut so that
/// messages stay one short line.
pub fn shorten_quote(s: &str) -> String {
    match s.char_indices().nth(40) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s.to_string(),
    }
}

/// The longest quotation [`one_line`] keeps whole, in characters.
const QUOTE_MAX: usize = 80;
/// How much of a longer quotation [`one_line`] keeps: its start and its end
/// (the end of a long path names the file).
const QUOTE_HEAD: usize = 56;
const QUOTE_TAIL: usize = 20;
/// The longest message [`one_line`] returns, in characters.
const LINE_MAX: usize = 600;
/// How much of a longer message [`one_line`] keeps at its end: where the
/// reason and the advice are (a long path comes first).
const LINE_TAIL: usize = 160;

/// `msg` made fit for one line of a terminal, whatever it quotes.
///
/// Messages quote user input between backticks; a quotation longer than 80
/// characters is cut to its start and end around `...`. Line breaks
/// outside quotations become spaces (libraries spread messages over lines);
/// inside them, and every other control character anywhere, they are
/// escaped (`\n`, `\u{1b}`), so input cannot break the line or drive the
/// terminal. What is still longer than 600 characters is cut in the
/// middle, keeping its start and its last 160 characters (the reason).
pub fn one_line(msg: &str) -> String {
    let mut out = String::with_capacity(msg.len().min(LINE_MAX + 8));
    for (i, (part, quoted)) in quoted_pieces(msg).enumerate() {
        if i > 0 {
            out.push('`');
        }
        match quoted {
            true => push_escaped(&mut out, &excerpt(part), true),
            false => push_escaped(&mut out, part, false),
        }
    }
    let count = out.chars().count();
    if count <= LINE_MAX {
        return out;
    }
    let head: String = out.chars().take(LINE_MAX - LINE_TAIL).collect();
    let tail: String = out.chars().skip(count - LINE_TAIL).collect();
    format!("{head}...{tail}")
}

/// The pieces of `msg` between its backquotes, each with whether it is a
/// quotation of the user's input: an odd piece closed by a later
/// backquote (a lone backtick opens none). The one reading of quotations
/// that every front end shares when it rewrites a message outside them
/// (the server's parameters, Python's keywords); joined with backquotes,
/// the pieces are `msg` again.
pub fn quoted_pieces(msg: &str) -> impl Iterator<Item = (&str, bool)> {
    let count = msg.split('`').count();
    msg.split('`')
        .enumerate()
        .map(move |(i, part)| (part, i % 2 == 1 && i + 1 < count))
}

/// The start and end of a long quotation, around `...`.
fn excerpt(s: &str) -> String {
    let count = s.chars().count();
    if count <= QUOTE_MAX {
        return s.to_string();
    }
    let head: String = s.chars().take(QUOTE_HEAD).collect();
    let tail: String = s.chars().skip(count - QUOTE_TAIL).collect();
    format!("{head}...{tail}")
}

/// Appends `s` with control characters escaped; outside quotations, line
/// breaks become spaces.
fn push_escaped(out: &mut String, s: &str, quoted: bool) {
    for c in s.chars() {
        match c {
            '\n' | '\r' if !quoted => out.push(' '),
            c if c.is_control() => out.extend(c.escape_default()),
            c => out.push(c),
        }
    }
}

/// Results of the engine.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sizes_print_as_people_write_them() {
        assert_eq!(bytes_text(1000), "1000 bytes");
        assert_eq!(bytes_text(64 << 20), "64 MiB");
        assert_eq!(bytes_text(1), "1 byte");
        assert_eq!(bytes_text(3), "3 bytes");
        let one = Error::limit("heap 3 of kayles", 1).to_string();
        assert!(
            one.starts_with("heap 3 of kayles needs more than 1 state;"),
            "{one}"
        );
        assert_eq!(bytes_text(3 << 29), "1.5 GiB");
        assert_eq!(bytes_text(u64::MAX), "17179869183.9 GiB");
    }

    #[test]
    fn long_quotations_keep_their_start_and_end() {
        let long = format!("{}.txt", "7".repeat(100_000));
        let msg = Error::parse(format!("a heap size `{long}` is too large")).to_string();
        let quoted = format!("`{}...{}.txt`", "7".repeat(56), "7".repeat(16));
        assert_eq!(msg, format!("a heap size {quoted} is too large"));
        // Short quotations and the text around them are kept as they are.
        assert_eq!(one_line("bad `x` in `sub:1,2`"), "bad `x` in `sub:1,2`");
    }

    #[test]
    fn line_breaks_and_control_characters_cannot_break_the_line() {
        assert_eq!(
            one_line("cannot read\nthe file `a\nb\u{1b}[31m`"),
            "cannot read the file `a\\nb\\u{1b}[31m`"
        );
        // A lone backtick quotes nothing: the rest is still one line.
        assert_eq!(one_line("x ` y\nz"), "x ` y z");
    }

    #[test]
    fn every_message_is_at_most_600_characters() {
        let msg = one_line(&"word ".repeat(1000));
        assert_eq!(msg.chars().count(), 603);
        assert!(msg.contains("word ...word"), "{msg}");
        // A long path comes first: the reason after it is kept.
        let path = "x".repeat(5000);
        let msg = one_line(&format!("{path}: cannot read: No such file or directory"));
        assert_eq!(msg.chars().count(), 603);
        assert!(msg.starts_with("xxx") && msg.contains("x...x"), "{msg}");
        assert!(msg.ends_with("x: cannot read: No such file or directory"));
        let limit = Error::limit(format!("`{}`", "p".repeat(5000)), 9).to_string();
        assert!(limit.len() < 200, "{limit}");
    }
}
