//! Boards as people write them: `RxC` for an empty rectangle, or a map of
//! rows separated by `/`, `.` a free square and `x` (or `#`) a blocked one
//! (`..x/...`), and `0` for a board with nothing left.

use super::shape::{ones, Region, MAX_CELLS};
use crate::answer::drawing::{square_key, Drawing, Square};
use crate::error::{shorten_quote, Error, Result};

/// How a text reads as a size `RxC`: the one place that decides it, for
/// boards, Chomp bars and graph families.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dims {
    /// Not written as a size: a map, a list or a name.
    NotASize,
    /// Digits alone: a Chomp bar's one row, or a size without its `x`.
    /// A number too long to count reads as `usize::MAX`.
    Number(usize),
    /// Written as a size (digits and `x` or `X`, nothing else), but not
    /// two positive sides: `0x5`, `5x`, `3x3x3`.
    NotPositive,
    /// The two sides. A side too long to count reads as `usize::MAX`, so
    /// the caller's limit on squares refuses it in its own words.
    Sides(usize, usize),
}

/// What a text written as a size without two positive sides is told
/// ([`Dims::NotPositive`]), by every game that reads sizes.
pub const NOT_POSITIVE: &str = "`RxC` needs two positive sizes";

/// Reads `text` (trimmed by the caller) as a size: see [`Dims`].
pub fn read_dims(text: &str) -> Dims {
    let (digit, x) = (|b: u8| b.is_ascii_digit(), |b: u8| b == b'x' || b == b'X');
    let sized =
        text.bytes().any(digit) && text.bytes().any(x) && text.bytes().all(|b| digit(b) || x(b));
    if !text.is_empty() && text.bytes().all(digit) {
        return Dims::Number(text.parse().unwrap_or(usize::MAX));
    }
    let Some((r, c)) = text.split_once(['x', 'X']).filter(|_| sized) else {
        return Dims::NotASize;
    };
    let side = |s: &str| -> Option<usize> {
        let digits = !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        let zero = s.bytes().all(|b| b == b'0');
        (digits && !zero).then(|| s.parse().unwrap_or(usize::MAX))
    };
    match (side(r), side(c)) {
        (Some(r), Some(c)) => Dims::Sides(r, c),
        _ => Dims::NotPositive,
    }
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
    match read_dims(t) {
        Dims::Sides(h, w) if h.saturating_mul(w) > MAX_CELLS => {
            return Err(bad("too many squares"))
        }
        Dims::Sides(h, w) => {
            return Ok(Region {
                bits: ones(h * w),
                h,
                w,
            })
        }
        Dims::NotPositive => return Err(bad(NOT_POSITIVE)),
        Dims::Number(_) => return Err(bad("a size needs an `x`, as in `RxC`")),
        Dims::NotASize => {}
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
                ("00x3", "`RxC` needs two positive sizes"),
                ("12", "a size needs an `x`"),
                ("1x1000000", "too many squares"),
                ("99999999999999999999999x1", "too many squares"),
            ],
        );
    }

    #[test]
    fn a_size_is_told_from_a_map_in_one_place() {
        assert_eq!(read_dims("3x4"), Dims::Sides(3, 4));
        assert_eq!(read_dims("03X4"), Dims::Sides(3, 4));
        assert_eq!(
            read_dims("1x99999999999999999999"),
            Dims::Sides(1, usize::MAX)
        );
        for not_positive in ["0x4", "3x", "x3", "3x3x3"] {
            assert_eq!(read_dims(not_positive), Dims::NotPositive, "{not_positive}");
        }
        assert_eq!(read_dims("8"), Dims::Number(8));
        assert_eq!(
            read_dims("99999999999999999999999"),
            Dims::Number(usize::MAX)
        );
        for not_a_size in ["xx", "..x/...", "5,3,1", "", "3 x 4"] {
            assert_eq!(read_dims(not_a_size), Dims::NotASize, "{not_a_size}");
        }
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
