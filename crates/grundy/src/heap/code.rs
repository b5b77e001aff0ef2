//! Take-and-break codes: octal and hexadecimal games.
//!
//! A code `d0.d1d2d3...` lists, for each `k`, which moves remove exactly `k`
//! tokens from a heap: bit `2^j` of digit `d_k` allows leaving exactly `j`
//! non-empty heaps (1 = take the whole heap, 2 = leave one heap, 4 = leave
//! two, 8 = leave three; so octal digits go up to 7 and hexadecimal ones to
//! F). The digit before the point removes nothing, so it may only split
//! (4, 8 or C). A `!` after a digit asks that two heaps left be unequal:
//! Grundy's game is `4!.0`.

use std::fmt;

use crate::error::{Error, Result};

/// What one digit of a code allows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Digit {
    /// Bit `j` set: a move may leave exactly `j` heaps (j = 0..=3).
    pub bits: u8,
    /// Two heaps left must differ in size.
    pub unequal: bool,
}

/// A take-and-break game given by its code.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Code {
    /// `digits[k]` governs removing `k` tokens; no trailing zero digits.
    digits: Vec<Digit>,
    /// The name shown to users: the canonical code, or a named game.
    name: String,
}

fn digit_value(c: char) -> Option<u8> {
    c.to_digit(16).map(|d| d as u8)
}

impl Code {
    /// Parses a code such as `0.77`, `.07`, `4.07`, `0.F7` or `4!.0`.
    pub fn parse(text: &str) -> Result<Code> {
        let t = text.trim();
        let bad = |why: String| Error::parse(format!("bad game code `{t}`: {why}"));
        let Some((int_part, frac)) = t.split_once('.') else {
            return Err(bad("a code needs a point, as in 0.77".into()));
        };
        let int_digits = read_digits(int_part).map_err(bad)?;
        let frac_digits = read_digits(frac).map_err(bad)?;
        if frac_digits.is_empty() {
            return Err(bad("it needs at least one digit after the point".into()));
        }
        // Leading zeros before the point are allowed ("04.3"), one digit counts.
        let significant: Vec<Digit> = int_digits
            .iter()
            .copied()
            .skip_while(|d| *d == Digit::default())
            .collect();
        if significant.len() > 1 {
            return Err(bad("only one digit may stand before the point".into()));
        }
        let d0 = significant.first().copied().unwrap_or_default();
        if d0.bits & 0b11 != 0 {
            return Err(bad(format!(
                "the digit before the point removes nothing, so it may only split (0, 4, 8 or C), not {:X}",
                d0.bits
            )));
        }
        let mut digits = vec![d0];
        digits.extend(frac_digits);
        for (k, d) in digits.iter().enumerate() {
            if d.unequal && d.bits & 0b100 == 0 {
                return Err(bad(format!(
                    "`!` asks for unequal heaps, but digit {k} does not allow leaving two heaps"
                )));
            }
        }
        while digits.len() > 1 && digits.last() == Some(&Digit::default()) {
            digits.pop();
        }
        let mut code = Code {
            digits,
            name: String::new(),
        };
        code.name = code.canonical();
        Ok(code)
    }

    /// The same code shown to users under a name of its own (`kayles`):
    /// the registry's entries for the classic games set it.
    pub fn with_name(mut self, name: &str) -> Code {
        self.name = name.to_string();
        self
    }

    /// The canonical text: one digit before the point, hexadecimal digits
    /// in upper case, no trailing zeros (`04.30` is `4.3`).
    pub fn canonical(&self) -> String {
        let mut s = String::new();
        let push = |s: &mut String, d: &Digit| {
            s.push_str(&format!("{:X}", d.bits));
            if d.unequal {
                s.push('!');
            }
        };
        push(&mut s, &self.digits[0]);
        s.push('.');
        if self.digits.len() == 1 {
            s.push('0');
        }
        for d in &self.digits[1..] {
            push(&mut s, d);
        }
        s
    }

    /// The digits, `digits()[k]` for removing `k` tokens.
    /// The name shown to users: the canonical code, or a named game.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// `digits()[k]` governs removing `k` tokens.
    pub fn digits(&self) -> &[Digit] {
        &self.digits
    }

    /// The most heaps a move can leave.
    pub fn max_heaps(&self) -> u64 {
        let all = self.digits.iter().fold(0, |a, d| a | d.bits);
        (0..4).rev().find(|j| all >> j & 1 == 1).unwrap_or(0)
    }
}

fn read_digits(s: &str) -> std::result::Result<Vec<Digit>, String> {
    let mut out: Vec<Digit> = Vec::new();
    for c in s.chars() {
        if c == '!' {
            match out.last_mut() {
                Some(d) if !d.unequal => d.unequal = true,
                _ => return Err("`!` must follow a digit".into()),
            }
            continue;
        }
        match digit_value(c) {
            Some(v) => out.push(Digit {
                bits: v,
                unequal: false,
            }),
            None => return Err(format!("`{c}` is not a digit 0-9 or A-F")),
        }
    }
    Ok(out)
}

impl fmt::Display for Code {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::HeapRules;
    use crate::testing::refuses;

    #[test]
    fn canonical_forms() {
        for (input, canon) in [
            ("0.77", "0.77"),
            (".07", "0.07"),
            ("04.30", "4.3"),
            ("4.07", "4.07"),
            ("0.f7", "0.F7"),
            ("4!.0", "4!.0"),
            ("0.6", "0.6"),
            ("0.0", "0.0"),
        ] {
            assert_eq!(Code::parse(input).unwrap().canonical(), canon, "{input}");
        }
        let kayles = Code::parse("0.77").unwrap().with_name("kayles");
        assert_eq!(kayles.to_string(), "kayles");
        assert_eq!(kayles.canonical(), "0.77");
    }

    #[test]
    fn malformed_codes() {
        refuses(
            Code::parse,
            &[
                ("0.8x", "`x` is not a digit"),
                ("0.", "at least one digit"),
                ("", "needs a point"),
                ("077", "needs a point"),
                ("1.7", "may only split"),
                ("0.G", "`G` is not a digit"),
                ("12.3", "only one digit"),
                ("0.3!", "does not allow leaving two heaps"),
                ("0.!", "must follow a digit"),
            ],
        );
    }

    #[test]
    fn bounds_for_the_theorem() {
        let kayles = Code::parse("0.77").unwrap().finite_bound().unwrap();
        assert_eq!((kayles.max_removed, kayles.max_heaps), (2, 2));
        let hex = Code::parse("0.8").unwrap().finite_bound().unwrap();
        assert_eq!(hex.max_heaps, 3);
        assert!(Code::parse("4!.0").unwrap().finite_bound().is_none());
    }
}
