//! Patterns of codes: `0.[0-7][0-7]`, `4.0-7`, `[04].[13]`, and every
//! code with up to `N` digits (`--digits N`).
//!
//! A pattern is a code in which any digit may be a class: `[...]` lists
//! digits and ranges (`[13]`, `[0-37]`), a bare range `a-b` stands for
//! one digit from `a` to `b`, and `?` for any octal digit (`0.??` is
//! `0.[0-7][0-7]`). Expansion varies the last position
//! fastest, so codes come out in the order of a published table.

use crate::error::{Error, Result};
use crate::heap::Code;

/// The most codes one sweep may expand to: a table of five million rows
/// is already days of work, and a typo such as `[0-F]` repeated should be
/// refused before it allocates.
pub const MAX_CODES: usize = 5_000_000;

/// One position of a pattern: the characters it may be.
type Choices = Vec<char>;

/// Expands `pattern` into its codes, checked by [`Code::parse`].
pub fn expand(pattern: &str) -> Result<Vec<String>> {
    let positions = positions(pattern)?;
    let count = positions
        .iter()
        .try_fold(1usize, |acc, p| acc.checked_mul(p.len()))
        .filter(|&c| c <= MAX_CODES)
        .ok_or_else(|| {
            Error::parse(format!(
                "pattern `{pattern}` expands to more than {MAX_CODES} codes"
            ))
        })?;
    let mut codes: Vec<String> = Vec::with_capacity(count);
    let mut index = vec![0usize; positions.len()];
    for _ in 0..count {
        codes.push(index.iter().zip(&positions).map(|(&i, p)| p[i]).collect());
        for (i, p) in index.iter_mut().zip(&positions).rev() {
            *i += 1;
            if *i < p.len() {
                break;
            }
            *i = 0;
        }
    }
    for c in &codes {
        Code::parse(c).map_err(|e| Error::parse(format!("pattern `{pattern}`: {e}")))?;
    }
    Ok(codes)
}

/// Every code with `1..=digits` digits after the point and `0` or `4`
/// before it, shortest first: the octal games of a published table.
pub fn up_to_digits(digits: u32) -> Result<Vec<String>> {
    if !(1..=7).contains(&digits) {
        return Err(Error::parse(format!(
            "--digits {digits}: give 1 to 7 digits after the point"
        )));
    }
    let mut codes = Vec::new();
    for len in 1..=digits {
        for before in ['0', '4'] {
            let pattern = format!("{before}.{}", "[0-7]".repeat(len as usize));
            codes.extend(expand(&pattern)?);
        }
    }
    Ok(codes)
}

/// The positions of `pattern`, each with its choices, or a one-line error
/// naming the pattern and the (1-based) character at fault.
fn positions(pattern: &str) -> Result<Vec<Choices>> {
    let chars: Vec<char> = pattern.chars().collect();
    let bad = |at: usize, why: &str| {
        Error::parse(format!(
            "bad pattern `{pattern}` at character {}: {why}",
            at + 1
        ))
    };
    if chars.is_empty() {
        return Err(Error::parse(
            "empty pattern: give a code such as 0.[0-7][0-7]",
        ));
    }
    let mut out = Vec::new();
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        if c == '[' {
            let close = chars[i..]
                .iter()
                .position(|&c| c == ']')
                .ok_or_else(|| bad(i, "`[` is never closed by `]`"))?;
            let class =
                class(&chars[i + 1..i + close]).map_err(|(at, why)| bad(i + 1 + at, &why))?;
            out.push(class);
            i += close + 1;
        } else if chars.get(i + 1) == Some(&'-') {
            let range = class(&chars[i..(i + 3).min(chars.len())])
                .map_err(|(at, why)| bad(i + at, &why))?;
            out.push(range);
            i += 3;
        } else if c == '?' {
            // Any octal digit, as MisereSolver's and the tables' `0.??`.
            out.push(('0'..='7').collect());
            i += 1;
        } else if c == '.' || c == '!' || c.is_ascii_hexdigit() {
            out.push(vec![c.to_ascii_uppercase()]);
            i += 1;
        } else {
            return Err(bad(
                i,
                &format!("`{c}` is not a digit, `.`, `!`, `?`, `[...]` or a range a-b"),
            ));
        }
    }
    Ok(out)
}

/// The digits of a class body such as `0-37`, in ascending order without
/// repeats; an error gives the offset in `body` and the reason.
fn class(body: &[char]) -> std::result::Result<Choices, (usize, String)> {
    let digit = |at: usize| -> std::result::Result<u32, (usize, String)> {
        match body.get(at) {
            Some(c) => c
                .to_digit(16)
                .ok_or((at, format!("`{c}` is not a digit 0-9 or A-F"))),
            None => Err((at, "a range needs a last digit, as in 0-7".into())),
        }
    };
    let mut set = [false; 16];
    let mut at = 0;
    while at < body.len() {
        let lo = digit(at)?;
        let hi = if body.get(at + 1) == Some(&'-') {
            let hi = digit(at + 2)?;
            if hi < lo {
                return Err((
                    at,
                    format!("the range {}-{} runs backwards", body[at], body[at + 2]),
                ));
            }
            at += 3;
            hi
        } else {
            at += 1;
            lo
        };
        (lo..=hi).for_each(|d| set[d as usize] = true);
    }
    let digits: Choices = (0..16u32)
        .filter(|&d| set[d as usize])
        .filter_map(|d| char::from_digit(d, 16).map(|c| c.to_ascii_uppercase()))
        .collect();
    if digits.is_empty() {
        return Err((0, "an empty class `[]` allows no digit".into()));
    }
    Ok(digits)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::refuses;

    #[test]
    fn classes_and_ranges_expand_in_table_order() {
        assert_eq!(expand("4.0-3").unwrap(), ["4.0", "4.1", "4.2", "4.3"]);
        assert_eq!(expand("[04].[13]").unwrap(), ["0.1", "0.3", "4.1", "4.3"]);
        assert_eq!(expand("0.[0-13]7").unwrap(), ["0.07", "0.17", "0.37"]);
        assert_eq!(expand("0.[0-7][0-7][0-7]").unwrap().len(), 512);
        assert_eq!(expand("0.77").unwrap(), ["0.77"]);
        let two = up_to_digits(2).unwrap();
        assert_eq!(two.len(), 2 * (8 + 64));
        assert_eq!(
            (two[0].as_str(), two[8].as_str(), two[16].as_str()),
            ("0.0", "4.0", "0.00")
        );
    }

    #[test]
    fn bad_patterns_name_the_place() {
        refuses(
            expand,
            &[
                ("0.[0-7", "`0.[0-7` at character 3: `[` is never closed"),
                ("0.[7-0]", "at character 4: the range 7-0 runs backwards"),
                ("0.[]", "empty class"),
                ("0.x", "at character 3: `x` is not a digit"),
                ("0.[0x]", "at character 5: `x` is not a digit"),
                ("0.7-", "at character 5: a range needs a last digit"),
                ("1.[0-7]", "pattern `1.[0-7]`: bad game code `1.0`"),
                ("", "empty pattern"),
                (
                    "0.[0-F][0-F][0-F][0-F][0-F][0-F]",
                    "more than 5000000 codes",
                ),
            ],
        );
        for (digits, why) in [
            (0, "--digits 0: give 1 to 7"),
            (8, "--digits 8: give 1 to 7"),
        ] {
            let err = up_to_digits(digits).unwrap_err().to_string();
            assert!(err.contains(why), "{err}");
        }
    }
}
