//! Input handling shared by the seed programs: whitespace-separated tokens
//! from stdin, and a one-line error with exit code 2 on bad input.
// Each example uses only some of these helpers.
#![allow(dead_code)]

use std::io::Read;
use std::str::FromStr;

/// The whitespace-separated tokens of stdin.
pub struct Tokens {
    words: std::vec::IntoIter<String>,
}

impl Tokens {
    /// Reads all of stdin.
    pub fn from_stdin() -> Self {
        let mut text = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut text) {
            fail(&format!("cannot read stdin: {e}"));
        }
        let words: Vec<String> = text.split_whitespace().map(String::from).collect();
        Tokens {
            words: words.into_iter(),
        }
    }

    /// The next token as a number, `None` at the end of input.
    pub fn next<T: FromStr>(&mut self, what: &str) -> Option<T> {
        let word = self.words.next()?;
        match word.parse() {
            Ok(v) => Some(v),
            Err(_) => fail(&format!("expected {what}, got `{word}`")),
        }
    }

    /// The next token as a number; the input must not end here.
    pub fn need<T: FromStr>(&mut self, what: &str) -> T {
        self.next(what)
            .unwrap_or_else(|| fail(&format!("input ended where {what} was expected")))
    }
}

/// Prints `error: msg` and exits with code 2.
pub fn fail(msg: &str) -> ! {
    eprintln!("error: {msg}");
    std::process::exit(2)
}
