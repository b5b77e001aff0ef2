//! Positions of scripted games: integers, booleans, strings and lists.
//!
//! Scripts hand positions over as Rhai values; the engine needs them
//! hashable (for the memo) and printable (for moves and play). The text
//! form is what users type: `7`, `true`, `THHT` or `"a b"`, and lists in
//! brackets, `[3, 4]`, `[[2, 3], [2, 5]]`.

use std::fmt;

use rhai::{Array, Dynamic};

use crate::error::{Error, Result};

/// A position of a scripted game.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Pos {
    /// An integer (a heap size, a counter).
    Int(i64),
    /// A flag.
    Bool(bool),
    /// A string (a row of coins, a board).
    Str(String),
    /// A list (a pair of piles, a board of rows, a sum of parts).
    List(Vec<Pos>),
}

/// Lists nested deeper than this are refused (as the text parser's
/// recursion bound).
const MAX_DEPTH: usize = 32;

impl Pos {
    /// The position a script returned; `what` says where it came from.
    pub fn from_dynamic(d: &Dynamic, what: &str) -> Result<Pos> {
        Self::from_dynamic_at(d, what, 0)
    }

    fn from_dynamic_at(d: &Dynamic, what: &str, depth: usize) -> Result<Pos> {
        if depth > MAX_DEPTH {
            return Err(Error::parse(format!("{what}: lists nested too deeply")));
        }
        if let Ok(i) = d.as_int() {
            return Ok(Pos::Int(i));
        }
        if let Ok(b) = d.as_bool() {
            return Ok(Pos::Bool(b));
        }
        if d.is_string() {
            let s = d.clone().into_immutable_string().expect("a string");
            return Ok(Pos::Str(s.to_string()));
        }
        if d.is_array() {
            let items = d.clone().into_array().expect("an array");
            return items
                .iter()
                .map(|x| Self::from_dynamic_at(x, what, depth + 1))
                .collect::<Result<Vec<_>>>()
                .map(Pos::List);
        }
        Err(Error::parse(format!(
            "{what}: positions must be integers, booleans, strings or arrays, not {}",
            type_of(d)
        )))
    }

    /// The Rhai value scripts receive.
    pub fn to_dynamic(&self) -> Dynamic {
        match self {
            Pos::Int(i) => Dynamic::from_int(*i),
            Pos::Bool(b) => Dynamic::from_bool(*b),
            Pos::Str(s) => Dynamic::from(s.clone()),
            Pos::List(items) => {
                Dynamic::from_array(items.iter().map(Pos::to_dynamic).collect::<Array>())
            }
        }
    }

    /// Reads the text form.
    pub fn parse(text: &str) -> Result<Pos> {
        let mut p = Parser {
            s: text.trim().as_bytes(),
            i: 0,
            text,
        };
        let pos = p.value(0)?;
        p.space();
        if p.i != p.s.len() {
            return Err(p.err("unexpected text after the position"));
        }
        Ok(pos)
    }
}

/// A bare word prints without quotes when it reads back as itself.
fn bare(s: &str) -> bool {
    !s.is_empty()
        && s.bytes()
            .all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b == b'-')
        && s.parse::<i64>().is_err()
        && s != "true"
        && s != "false"
}

/// As typed (`[1, "a"]`), not as Rust's enum (`List([Int(1), ...])`): the
/// solver quotes positions in its errors with `{:?}`.
impl fmt::Debug for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self, f)
    }
}

impl fmt::Display for Pos {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pos::Int(i) => write!(f, "{i}"),
            Pos::Bool(b) => write!(f, "{b}"),
            Pos::Str(s) if bare(s) => f.write_str(s),
            Pos::Str(s) => {
                // Control characters as `\u{1b}`, so that a script's string
                // reaches no terminal raw and reads back as itself.
                f.write_str("\"")?;
                for c in s.chars() {
                    match c {
                        '\\' | '"' => write!(f, "\\{c}")?,
                        c if c.is_control() => write!(f, "\\u{{{:x}}}", u32::from(c))?,
                        c => write!(f, "{c}")?,
                    }
                }
                f.write_str("\"")
            }
            Pos::List(items) => {
                f.write_str("[")?;
                for (k, x) in items.iter().enumerate() {
                    if k > 0 {
                        f.write_str(", ")?;
                    }
                    write!(f, "{x}")?;
                }
                f.write_str("]")
            }
        }
    }
}

struct Parser<'a> {
    s: &'a [u8],
    i: usize,
    text: &'a str,
}

impl Parser<'_> {
    fn err(&self, why: &str) -> Error {
        Error::parse(format!(
            "position `{}`, character {}: {why}",
            self.text.trim(),
            self.i + 1
        ))
    }

    fn space(&mut self) {
        while self.i < self.s.len() && self.s[self.i].is_ascii_whitespace() {
            self.i += 1;
        }
    }

    fn value(&mut self, depth: usize) -> Result<Pos> {
        if depth > MAX_DEPTH {
            return Err(self.err("lists nested too deeply"));
        }
        self.space();
        match self.s.get(self.i) {
            None => Err(self.err("a position is missing")),
            Some(b'[') => {
                self.i += 1;
                let mut items = Vec::new();
                self.space();
                if self.s.get(self.i) == Some(&b']') {
                    self.i += 1;
                    return Ok(Pos::List(items));
                }
                loop {
                    items.push(self.value(depth + 1)?);
                    self.space();
                    match self.s.get(self.i) {
                        Some(b',') => self.i += 1,
                        Some(b']') => {
                            self.i += 1;
                            return Ok(Pos::List(items));
                        }
                        _ => return Err(self.err("expected `,` or `]`")),
                    }
                }
            }
            Some(b'"') => self.string(),
            Some(_) => {
                let start = self.i;
                while self.i < self.s.len()
                    && !matches!(self.s[self.i], b',' | b']' | b'[' | b'"')
                    && !self.s[self.i].is_ascii_whitespace()
                {
                    self.i += 1;
                }
                let word = std::str::from_utf8(&self.s[start..self.i]).expect("ASCII boundaries");
                if word.is_empty() {
                    return Err(self.err("a position is missing"));
                }
                Ok(match word {
                    "true" => Pos::Bool(true),
                    "false" => Pos::Bool(false),
                    w => match w.parse::<i64>() {
                        Ok(i) => Pos::Int(i),
                        Err(_)
                            if w.starts_with(|c: char| c == '-' || c.is_ascii_digit())
                                && w[1..].bytes().all(|b| b.is_ascii_digit()) =>
                        {
                            return Err(self.err("the number is too large"))
                        }
                        Err(_) => Pos::Str(w.to_string()),
                    },
                })
            }
        }
    }

    /// A quoted string (the opening quote is next), a backslash escaping
    /// the byte after it.
    fn string(&mut self) -> Result<Pos> {
        self.i += 1;
        let mut out = Vec::new();
        loop {
            match self.s.get(self.i) {
                None => return Err(self.err("the string is not closed")),
                Some(b'"') => {
                    self.i += 1;
                    break;
                }
                Some(b'\\') if self.s[self.i..].starts_with(b"\\u{") => {
                    let c = self.unicode_escape()?;
                    out.extend_from_slice(c.encode_utf8(&mut [0; 4]).as_bytes());
                }
                Some(b'\\') if self.i + 1 < self.s.len() => {
                    out.push(self.s[self.i + 1]);
                    self.i += 2;
                }
                Some(&b) => {
                    out.push(b);
                    self.i += 1;
                }
            }
        }
        String::from_utf8(out)
            .map(Pos::Str)
            .map_err(|_| self.err("the string is not UTF-8"))
    }

    /// The character of an escape `\u{1b}` (as positions print control
    /// characters), the parser past it.
    fn unicode_escape(&mut self) -> Result<char> {
        let start = self.i + 3;
        let end = (self.s[start..].iter().position(|&b| b == b'}')).map(|k| start + k);
        let c = end
            .and_then(|end| std::str::from_utf8(&self.s[start..end]).ok())
            .and_then(|hex| u32::from_str_radix(hex, 16).ok())
            .and_then(char::from_u32);
        match (c, end) {
            (Some(c), Some(end)) => {
                self.i = end + 1;
                Ok(c)
            }
            _ => Err(self.err("an escape `\\u{...}` needs a character's number in hexadecimal")),
        }
    }
}

/// The type of `d` as a script's writer knows it: Rhai names most values
/// by their script names (`f64`, `map`, `char`) but ranges by their Rust
/// types (`core::ops::range::Range<i64>`).
pub(super) fn type_of(d: &Dynamic) -> String {
    let name = d.type_name();
    match name.rsplit("::").next() {
        Some(last) if last.starts_with("Range") => {
            "a range (list its numbers in an array instead)".to_string()
        }
        Some(last) if name.contains("::") => last.to_string(),
        _ => name.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::refuses;

    #[test]
    fn text_round_trips() {
        for text in [
            "7",
            "-3",
            "true",
            "THHT",
            "[3, 4]",
            "[[2, 3], [2, 5]]",
            "[]",
            "\"a b\"",
            "[x, \"1\"]",
            "\"a\\\"b\\\\c\"",
            "\"\\u{1b}[31mred\\u{7f}\"",
        ] {
            let p = Pos::parse(text).unwrap();
            assert_eq!(p.to_string(), text, "{text}");
            assert_eq!(Pos::parse(&p.to_string()).unwrap(), p);
        }
        assert_eq!(Pos::parse(" [1,2] ").unwrap().to_string(), "[1, 2]");
        // A script's control characters print escaped, never raw.
        let esc = Pos::Str("\u{1b}[0m\n".to_string());
        assert_eq!(esc.to_string(), "\"\\u{1b}[0m\\u{a}\"");
        assert_eq!(Pos::parse(&esc.to_string()).unwrap(), esc);
    }

    #[test]
    fn dynamic_round_trips() {
        let p = Pos::parse("[[1, true], abc, 5]").unwrap();
        assert_eq!(Pos::from_dynamic(&p.to_dynamic(), "test").unwrap(), p);
    }

    #[test]
    fn bad_text_is_explained() {
        refuses(
            Pos::parse,
            &[
                ("[1, 2", "expected `,` or `]`"),
                ("\"open", "not closed"),
                ("99999999999999999999", "too large"),
                ("[1] x", "unexpected text"),
                ("", "missing"),
                ("\"\\u{zz}\"", "hexadecimal"),
                ("\"\\u{d800}\"", "hexadecimal"),
                ("\"\\u{1b\"", "hexadecimal"),
            ],
        );
    }
}
