//! Boards as people write them: `RxC` for an empty rectangle, or a map of
//! rows separated by `/`, `.` a free square and `x` (or `#`) a blocked one
//! (`..x/...`), and `0` for a board with nothing left.

use super::shape::{ones, Region, MAX_CELLS};
use crate::answer::drawing::{square_key, Drawing, Square};
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
    // Digits and an `x` mean a size, not a map: say what a size must be.
    let sized = t.bytes().any(|b| b.is_ascii_digit());
    if sized
        && t.bytes()
            .all(|b| b.is_ascii_digit() || b == b'x' || b == b'X')
    {
        return Err(bad("`RxC` needs two positive sizes"));
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

/// The board drawn square by square: free squares are in play, the
/// others taken.
pub fn draw_board(b: &Region) -> Drawing {
    let rows = (0..b.h)
        .map(|r| {
            (0..b.w)
                .map(|c| {
                    if b.bits >> (r * b.w + c) & 1 == 1 {
                        Square::Free
                    } else {
                        Square::Taken
                    }
                })
                .collect()
        })
        .collect();
    Drawing::Board { rows }
}

/// The keys of the squares free on `from` and not on `to` (a region in
/// the same box, or `None` when nothing is left): what a move that takes
/// squares is chosen by.
pub fn taken_keys(from: &Region, to: Option<&Region>) -> Vec<String> {
    let mut gone = from.bits & !to.map_or(0, |t| t.bits);
    let mut keys = Vec::new();
    while gone != 0 {
        let i = gone.trailing_zeros() as usize;
        gone &= gone - 1;
        keys.push(square_key(i / from.w, i % from.w));
    }
    keys
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
                ("3x", "`RxC` needs two positive sizes"),
                ("0x3", "`RxC` needs two positive sizes"),
                ("x5", "`RxC` needs two positive sizes"),
                ("3x3x3", "`RxC` needs two positive sizes"),
                ("1x1000000", "`RxC` needs two positive sizes"),
            ],
        );
    }

    #[test]
    fn a_domino_is_chosen_by_the_squares_it_covers() {
        let from = parse_board("3x4", "a board").unwrap();
        let to = parse_board("..../.x../.x..", "a board").unwrap();
        assert_eq!(taken_keys(&from, Some(&to)), ["b2", "b3"]);
        assert_eq!(
            taken_keys(&parse_board("..", "a").unwrap(), None),
            ["a1", "b1"]
        );
    }
}
