//! Whether a connected region stays connected once a domino is taken
//! out, told by the cells around the domino alone: its ring (the window
//! one cell wider than the domino all round, less the domino) decides
//! it whenever the ring's cells next to the domino meet inside the ring.
//! Then every path of the region through the domino can go round it, so
//! what is left is one part, and the flood fill that would find the parts
//! can be skipped (it took about a third of the time spent keying parts
//! in Cram 4x11). When they do not meet in the ring, the region may still
//! be connected by a longer way round: the answer is then "unsure", and
//! the caller fills.
//!
//! The ring is read as twelve bits (three rows of four cells for a domino
//! across, four rows of three for one down, the domino's own bits always
//! clear) from the region framed in empty cells ([`Windows`], so that no
//! edge of the box needs a test), and looked up in a table of 4096 bits
//! made at compile time.

use crate::games::grid::shape::{Region, Word};

/// For each pattern of the window of a domino across (rows of four, the
/// domino at bits 5 and 6), whether the cells of the pattern next to the
/// domino are connected inside the pattern.
const ACROSS: [u64; 64] = table(3, 4, 5, 6);

/// The same for a domino down (rows of three, the domino at bits 4 and
/// 7).
const DOWN: [u64; 64] = table(4, 3, 4, 7);

/// The table of windows `rows` by `cols` whose domino is at bits `a` and
/// `b`: bit `p` tells whether the cells of pattern `p` beside the domino
/// are connected in `p` (none or one of them counts as connected).
const fn table(rows: usize, cols: usize, a: usize, b: usize) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut p = 0;
    while p < 4096 {
        if p & (1 << a | 1 << b) == 0 && beside_connected(p, rows, cols, a, b) {
            t[p / 64] |= 1 << (p % 64);
        }
        p += 1;
    }
    t
}

/// The cells of a `rows` by `cols` window next to `x` (no wrapping).
const fn around(x: usize, rows: usize, cols: usize) -> usize {
    let mut out = 0;
    let mut i = 0;
    while i < rows * cols {
        if x >> i & 1 == 1 {
            let (r, c) = (i / cols, i % cols);
            if c > 0 {
                out |= 1 << (i - 1);
            }
            if c + 1 < cols {
                out |= 1 << (i + 1);
            }
            if r > 0 {
                out |= 1 << (i - cols);
            }
            if r + 1 < rows {
                out |= 1 << (i + cols);
            }
        }
        i += 1;
    }
    out
}

/// Whether the cells of `p` next to the domino at `a` and `b` lie in one
/// connected part of `p`.
const fn beside_connected(p: usize, rows: usize, cols: usize, a: usize, b: usize) -> bool {
    let beside = around(1 << a | 1 << b, rows, cols) & p;
    if beside == 0 {
        return true;
    }
    let mut part = beside & beside.wrapping_neg();
    loop {
        let grown = (part | around(part, rows, cols)) & p;
        if grown == part {
            return beside & !part == 0;
        }
        part = grown;
    }
}

/// A region framed by an empty row above and below and an empty column
/// on each side, row by row in one word, so that every domino's window
/// is three shifts and masks, with no edge to test: made once per
/// listing of a region's placements.
pub struct Windows {
    /// The framed cells: cell `(r, c)` at bit `(r + 1) * stride + c + 1`.
    framed: u128,
    /// Bits per framed row: the box's width and two.
    stride: usize,
}

impl Windows {
    /// The windows of the connected region `r`, when its frame fits a
    /// word and a down window (three framed rows and three cells) fits
    /// 64 bits (boxes up to 18 wide); `None` for others, whose placements
    /// are then filled.
    #[inline(always)]
    pub fn of<W: Word>(r: &Region<W>) -> Option<Windows> {
        let stride = r.w + 2;
        if (r.h + 2) * stride > 128 || 3 * stride + 3 > 64 {
            return None;
        }
        let row = W::low(r.w);
        let mut framed = 0u128;
        for at in 0..r.h {
            let cells = ((r.bits >> (at * r.w)) & row).wide();
            framed |= cells << ((at + 1) * stride + 1);
        }
        Some(Windows { framed, stride })
    }

    /// Whether the region without the domino on the cell at `row` and
    /// column `c` and the cell to its right (`across`) or below is surely
    /// connected: true when its window says so, false when unsure.
    #[inline(always)]
    pub fn stays_whole(&self, row: usize, c: usize, across: bool) -> bool {
        // The window's top-left cell, framed: `(row - 1, c - 1)`.
        let near = (self.framed >> (row * self.stride + c)) as u64;
        let s = self.stride;
        let p = if across {
            near & 0xF | (near >> s & 0b1001) << 4 | (near >> (2 * s) & 0xF) << 8
        } else {
            near & 0b111
                | (near >> s & 0b101) << 3
                | (near >> (2 * s) & 0b101) << 6
                | (near >> (3 * s) & 0b111) << 9
        };
        let table = if across { &ACROSS } else { &DOWN };
        table[(p >> 6) as usize] >> (p & 63) & 1 == 1
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::grid::shape::for_each_part;

    /// The parts of `cells` in the box of `r`, counted by flood fill.
    fn parts<W: Word>(r: &Region<W>, cells: W) -> usize {
        let mut n = 0;
        for_each_part(r, cells, |_| n += 1);
        n
    }

    /// Every domino of every connected part of random boards: a window
    /// that says "whole" is never wrong, and says it often.
    #[test]
    fn a_whole_window_leaves_one_part() {
        let mut rng = crate::testing::Xorshift(0x9E37_79B9_7F4A_7C15);
        let (mut sure, mut whole) = (0, 0);
        for h in 1..=9usize {
            for w in 1..=(120 / h).min(20) {
                for _ in 0..40 {
                    let seed = rng.next();
                    let dense = u128::from(seed) << 64 | u128::from(seed.rotate_left(21) | seed);
                    let b = Region {
                        bits: dense & crate::games::grid::shape::ones(h * w),
                        h,
                        w,
                    };
                    let mut regions = Vec::new();
                    for_each_part(&b, b.bits, |p| regions.push(Region { bits: p, ..b }));
                    for r in regions {
                        let n = r.narrow::<u64>();
                        let Some(windows) = Windows::of(&r) else {
                            continue;
                        };
                        if h * w <= 64 {
                            assert_eq!(Windows::of(&n).map(|x| x.framed), Some(windows.framed));
                        }
                        for (pairs, other) in [(r.horizontal_pairs(), 1), (r.vertical_pairs(), w)] {
                            let mut pairs = pairs;
                            while pairs != 0 {
                                let i = pairs.trailing_zeros() as usize;
                                pairs &= pairs - 1;
                                let left = r.bits & !(1 << i | 1 << (i + other));
                                let (row, c) = (i / w, i % w);
                                let says = windows.stays_whole(row, c, other == 1);
                                let one = parts(&r, left) <= 1;
                                assert!(!says || one, "{h}x{w} {:b} at {i}", r.bits);
                                sure += usize::from(says);
                                whole += usize::from(one);
                            }
                        }
                    }
                }
            }
        }
        // Most placements that leave one part are told so by the window
        // (69,543 of 97,500 on these boards).
        assert!(sure * 10 > whole * 6, "{sure} of {whole}");
    }

    /// The window reads the box's edges: the same shapes, hand-checked.
    #[test]
    fn windows_at_the_edges() {
        // A 2x3 block less the domino across its top row's left: the
        // rest (two cells in the top row's right and the bottom row)
        // is whole.
        let full = Region {
            bits: 0b111_111u64,
            h: 2,
            w: 3,
        };
        let whole =
            |r: &Region<u64>, row, c, across| Windows::of(r).unwrap().stays_whole(row, c, across);
        assert!(whole(&full, 0, 0, true));
        assert!(whole(&full, 0, 0, false));
        // A U: taking the bottom's middle pair leaves two arms, each a
        // column (cut apart).
        let u = Region {
            bits: 0b1111_1001_1001u64,
            h: 3,
            w: 4,
        };
        assert!(!whole(&u, 2, 1, true));
        // A ring of 3x3: a domino on it leaves a path, but the window
        // cannot see round the ring, so it is unsure.
        let ring = Region {
            bits: 0b111_101_111u64,
            h: 3,
            w: 3,
        };
        assert!(!whole(&ring, 0, 0, true));
    }
}
