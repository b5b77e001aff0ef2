//! The one error type of the engine.
//!
//! Every failure a user can cause (a bad game name, a position out of range,
//! a computation that would exceed its budget) is an [`enum@Error`] with a
//! one-line message, so front ends can print it and exit without a panic.

use thiserror::Error;

/// Why the engine could not answer.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum Error {
    /// The text of a game name or a position is malformed.
    #[error("{0}")]
    Parse(String),
    /// The game does not support what was asked (for example `seq` on a
    /// game whose positions are not heaps).
    #[error("{0}")]
    Unsupported(String),
    /// A computation would exceed its state budget.
    #[error("{what} needs more than {limit} states; raise the limit (--max-states) to go further")]
    Limit {
        /// What was being computed.
        what: String,
        /// The budget that was hit.
        limit: u64,
    },
    /// A computation would hold more memory than its budget.
    #[error("{what} needs more than {} of memory; raise the limit (--memory) to go further", bytes_text(*.limit))]
    Memory {
        /// What was being computed.
        what: String,
        /// The budget that was hit, in bytes.
        limit: u64,
    },
    /// The move graph has a cycle where a finite (acyclic) game was required.
    #[error("the game graph has a cycle through {0}; this computation needs an acyclic game")]
    Cyclic(String),
    /// The computation was stopped by its time limit or by the user.
    #[error("stopped: {0}")]
    Interrupted(String),
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
    format!("{bytes} bytes")
}

/// The start of `s` for quoting in a message: long garbage is cut so that
/// messages stay one short line.
pub fn shorten_quote(s: &str) -> String {
    match s.char_indices().nth(40) {
        Some((i, _)) => format!("{}...", &s[..i]),
        None => s.to_string(),
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
        assert_eq!(bytes_text(3 << 29), "1.5 GiB");
        assert_eq!(bytes_text(u64::MAX), "17179869183.9 GiB");
    }
}
