//! Input handling shared by the seed programs: whitespace-separated tokens
//! from stdin, and a one-line error with exit code 2 on bad input that
//! names the line.
// Each example uses only some of these helpers.
#![allow(dead_code)]

use std::io::Read;
use std::str::FromStr;

/// The whitespace-separated tokens of stdin, each with its line number.
pub struct Tokens {
    words: std::vec::IntoIter<(usize, String)>,
    /// The line of the last token read (0 before the first).
    line: usize,
    /// The number of lines in the input.
    lines: usize,
}

impl Tokens {
    /// Reads all of stdin.
    pub fn from_stdin() -> Self {
        let mut text = String::new();
        if let Err(e) = std::io::stdin().read_to_string(&mut text) {
            fail(&format!("cannot read stdin: {e}"));
        }
        let words: Vec<(usize, String)> = text
            .lines()
            .enumerate()
            .flat_map(|(i, l)| l.split_whitespace().map(move |w| (i + 1, w.to_string())))
            .collect();
        Tokens {
            words: words.into_iter(),
            line: 0,
            lines: text.lines().count(),
        }
    }

    /// The line of the last token read, for messages about its value.
    pub fn line(&self) -> usize {
        self.line
    }

    /// The next token as a number, `None` at the end of input.
    pub fn next<T: FromStr>(&mut self, what: &str) -> Option<T> {
        let (line, word) = self.words.next()?;
        self.line = line;
        match word.parse() {
            Ok(v) => Some(v),
            Err(_) => fail(&format!("line {line}: expected {what}, got `{word}`")),
        }
    }

    /// The next token as a number; the input must not end here.
    pub fn need<T: FromStr>(&mut self, what: &str) -> T {
        self.next(what).unwrap_or_else(|| {
            fail(&format!(
                "input ended after line {} where {what} was expected",
                self.lines
            ))
        })
    }
}

/// Prints `error: msg` and exits with code 2.
pub fn fail(msg: &str) -> ! {
    eprintln!("error: {msg}");
    std::process::exit(2)
}
