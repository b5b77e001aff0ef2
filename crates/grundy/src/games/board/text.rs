//! Boards as people write them: `RxC` for an empty rectangle, or a map of
//! rows separated by `/`, `.` a free square and `x` (or `#`) a blocked one
//! (`..x/...`), and `0` for a board with nothing left.

use super::shape::{ones, Region, MAX_CELLS};
use crate::error::{shorten_quote, Error, Result};

/// `R` and `C` of `RxC`, if `text` is written so (both positive).
pub fn parse_dims(text: &str) -> Option<(usize, usize)> {
    let (r, c) = text.split_once(['x', 'X'])?;
    let side = |s: &str| -> Option<usize> {
        let ok = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) && s.len() < 6;
        ok.then(|| s.parse().ok()).flatten().filter(|&v| v > 0)
    };
    Some((side(r)?, side(c)?))
}

/// The board `text`: its free squares are the region. `what` names the
/// thing for errors (`a Cram board`).
pub fn parse_board(text: &str, what: &str) -> Result<Region> {
    let t = text.trim();
    let bad = |why: &str| {
        Error::parse(format!(
            "{what} is `RxC` (e.g. `5x7`) or a map of rows like `..x/...` (`.` free, `x` blocked), at most {MAX_CELLS} squares: {why}, got `{}`",
            shorten_quote(t)
        ))
    };
    if t == "0" {
        return Ok(Region {
            bits: 0,
            h: 0,
            w: 0,
        });
    }
    if let Some((h, w)) = parse_dims(t) {
        if h * w > MAX_CELLS {
            return Err(bad("too many squares"));
        }
        return Ok(Region {
            bits: ones(h * w),
            h,
            w,
        });
    }
    let rows: Vec<&str> = t.split('/').collect();
    let w = rows[0].chars().count();
    if w == 0 || rows.iter().any(|r| r.chars().count() != w) {
        return Err(bad("rows must be non-empty and of one length"));
    }
    if rows.len() * w > MAX_CELLS {
        return Err(bad("too many squares"));
    }
    let mut bits = 0;
    for (r, row) in rows.iter().enumerate() {
        for (c, ch) in row.chars().enumerate() {
            match ch {
                '.' => bits |= 1u128 << (r * w + c),
                'x' | 'X' | '#' => {}
                _ => return Err(bad(&format!("`{ch}` is neither `.` nor `x`"))),
            }
        }
    }
    Ok(Region {
        bits,
        h: rows.len(),
        w,
    })
}

/// The board as [`parse_board`] reads it: `0` when nothing is free, the
/// map otherwise (or `RxC` when `full` names a full board so).
pub fn format_board(b: &Region, full: impl Fn(usize, usize) -> String) -> String {
    if b.bits == 0 {
        return "0".to_string();
    }
    if b.bits == ones(b.h * b.w) {
        return full(b.h, b.w);
    }
    let rows: Vec<String> = (0..b.h)
        .map(|r| {
            (0..b.w)
                .map(|c| {
                    if b.bits >> (r * b.w + c) & 1 == 1 {
                        '.'
                    } else {
                        'x'
                    }
                })
                .collect()
        })
        .collect();
    rows.join("/")
}

/// `(r, c)` as a person reads a square: `b3` is row 2, column 3.
pub fn square_name(cell: usize, w: usize) -> String {
    let (r, c) = (cell / w, cell % w);
    let row = if r < 26 {
        ((b'a' + r as u8) as char).to_string()
    } else {
        format!("r{}", r + 1)
    };
    format!("{row}{}", c + 1)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::refuses;

    #[test]
    fn boards_read_and_print_back() {
        let full = |h: usize, w: usize| format!("{h}x{w}");
        for text in ["3x4", "..x/.../x..", "0", "x./.x"] {
            let b = parse_board(text, "a board").unwrap();
            assert_eq!(format_board(&b, full), text);
        }
        assert_eq!(parse_board("#./..", "a board").unwrap().bits, 0b1110);
        assert_eq!(
            format_board(&parse_board("../..", "a").unwrap(), full),
            "2x2"
        );
        refuses(
            |t| parse_board(t, "a board"),
            &[
                ("11x11", "too many squares"),
                ("../.", "one length"),
                ("..o", "neither"),
                ("3x", "`RxC`"),
                ("0x3", "`RxC`"),
            ],
        );
    }

    #[test]
    fn squares_are_named_by_row_letter_and_column() {
        assert_eq!(square_name(0, 5), "a1");
        assert_eq!(square_name(7, 5), "b3");
    }
}
