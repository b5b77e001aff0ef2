//! Shapes on the square grid as bit-boards: the cells of a region, row by
//! row in its bounding box, one bit each, packed into a `u128` key with
//! the box's width on top. Cram and Node Kayles on grids play on such
//! regions; both are unchanged by the grid's eight symmetries, so a region
//! is keyed by the least code of its eight images ([`canonical`]), and its
//! connected parts, found by bit-parallel flood fill ([`for_each_part`]),
//! are independent games.

/// The most cells a board may have: the key keeps bits 121 to 127 for
/// the width.
pub const MAX_CELLS: usize = 120;

/// Where the width sits in a key.
const WIDTH_SHIFT: u32 = 121;

/// For each width `w`, the bits of column 0 of a box of that width (as
/// many rows as fit in 128 bits).
const COLUMN_ZERO: [u128; 128] = {
    let mut t = [0u128; 128];
    let mut w = 1;
    while w < 128 {
        let mut i = 0;
        while i < 128 {
            t[w] |= 1u128 << i;
            i += w;
        }
        w += 1;
    }
    t
};

/// For a stride `h` below 16 and four bits `b`, bit `j` of `b` moved to
/// `j * h`: a quarter row of a region, turned into a quarter column.
const SPREAD: [[u128; 16]; 16] = {
    let mut t = [[0u128; 16]; 16];
    let mut h = 1;
    while h < 16 {
        let mut b = 0;
        while b < 16 {
            let mut j = 0;
            while j < 4 {
                if b >> j & 1 == 1 {
                    t[h][b] |= 1u128 << (j * h);
                }
                j += 1;
            }
            b += 1;
        }
        h += 1;
    }
    t
};

/// The low `n` bits set.
#[inline]
pub fn ones(n: usize) -> u128 {
    if n >= 128 {
        u128::MAX
    } else {
        (1u128 << n) - 1
    }
}

/// A region of cells in a box `h` rows by `w` columns.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Region {
    /// Cell `(r, c)` is bit `r * w + c`.
    pub bits: u128,
    /// Rows of the box.
    pub h: usize,
    /// Columns of the box.
    pub w: usize,
}

impl Region {
    /// The region a key holds (its box is the region's bounding box).
    pub fn from_key(key: u128) -> Region {
        let w = (key >> WIDTH_SHIFT) as usize;
        let bits = key & ones(WIDTH_SHIFT as usize);
        let h = if bits == 0 {
            0
        } else {
            (127 - bits.leading_zeros() as usize) / w + 1
        };
        Region { bits, h, w }
    }

    /// The key of this region as it stands (no symmetry applied); the box
    /// must be the bounding box.
    pub fn key(&self) -> u128 {
        self.bits | ((self.w as u128) << WIDTH_SHIFT)
    }

    /// The cells of the box's first column.
    pub fn column_zero(&self) -> u128 {
        COLUMN_ZERO[self.w] & ones(self.h * self.w)
    }

    /// The cells next to `x` (sideways or up and down) inside the box.
    #[inline]
    pub fn neighbours(&self, x: u128) -> u128 {
        let col0 = self.column_zero();
        let last = col0 << (self.w - 1);
        let side = ((x << 1) & !col0) | ((x >> 1) & !last);
        (side | (x << self.w) | (x >> self.w)) & ones(self.h * self.w)
    }

    /// The cells of the box with a cell of `x` to their left, to their
    /// right, above and below: four sets whose overlaps count, cell by
    /// cell, the neighbours it has in `x`.
    #[inline]
    pub fn sides(&self, x: u128) -> [u128; 4] {
        let col0 = self.column_zero();
        let last = col0 << (self.w - 1);
        let all = ones(self.h * self.w);
        [
            (x << 1) & !col0 & all,
            (x >> 1) & !last,
            (x << self.w) & all,
            x >> self.w,
        ]
    }

    /// The cells `c` of the region with `c + 1` in it, in the same row.
    pub fn horizontal_pairs(&self) -> u128 {
        let last = self.column_zero() << (self.w - 1);
        self.bits & (self.bits >> 1) & !last
    }

    /// The cells `c` of the region with the cell below in it.
    pub fn vertical_pairs(&self) -> u128 {
        self.bits & (self.bits >> self.w)
    }

    /// The same region in its bounding box.
    pub fn cropped(&self) -> Region {
        if self.bits == 0 {
            return Region {
                bits: 0,
                h: 0,
                w: self.w,
            };
        }
        let top = self.bits.trailing_zeros() as usize / self.w;
        let bottom = (127 - self.bits.leading_zeros() as usize) / self.w;
        let rows = self.bits >> (top * self.w);
        let h = bottom - top + 1;
        // The columns in use: the rows ORed together, folding halves.
        let mut cols = rows;
        let mut span = 1;
        while span < h {
            cols |= cols >> (span * self.w);
            span *= 2;
        }
        cols &= ones(self.w);
        let left = cols.trailing_zeros() as usize;
        let w = 128 - cols.leading_zeros() as usize - left;
        if w == self.w {
            return Region { bits: rows, h, w };
        }
        let mut bits = 0;
        for r in 0..h {
            bits |= ((rows >> (r * self.w + left)) & ones(w)) << (r * w);
        }
        Region { bits, h, w }
    }

    /// The region upside down.
    fn flipped(&self) -> Region {
        let mut bits = 0;
        for r in 0..self.h {
            bits |= ((self.bits >> (r * self.w)) & ones(self.w)) << ((self.h - 1 - r) * self.w);
        }
        Region { bits, ..*self }
    }

    /// The region turned half a turn.
    fn turned(&self) -> Region {
        let bits = self.bits.reverse_bits() >> (128 - self.h * self.w);
        Region { bits, ..*self }
    }

    /// The region mirrored in its diagonal: four cells of a row at a
    /// time, spread `h` apart by [`SPREAD`] (a cell at a time when the
    /// box is taller than the table).
    fn transposed(&self) -> Region {
        let mut bits = 0;
        for r in 0..self.h {
            let mut row = (self.bits >> (r * self.w)) & ones(self.w);
            if self.h < SPREAD.len() {
                let mut at = r;
                while row != 0 {
                    bits |= SPREAD[self.h][(row & 15) as usize] << at;
                    row >>= 4;
                    at += 4 * self.h;
                }
                continue;
            }
            while row != 0 {
                let c = row.trailing_zeros() as usize;
                row &= row - 1;
                bits |= 1u128 << (c * self.h + r);
            }
        }
        Region {
            bits,
            h: self.w,
            w: self.h,
        }
    }
}

impl Region {
    /// The region's image under one of the box's symmetries that are
    /// their own inverse: 0 the half turn, 1 upside down, 2 left to
    /// right, 3 and 4 the diagonals (square boxes only).
    fn involution(&self, s: usize) -> Region {
        match s {
            0 => self.turned(),
            1 => self.flipped(),
            2 => self.flipped().turned(),
            3 => self.transposed(),
            _ => self.transposed().turned(),
        }
    }

    /// For each symmetry of the box that is its own inverse and maps the
    /// region onto itself, the cells it leaves in place or moves next to
    /// themselves: the obstacles to a player who answers every move with
    /// its mirror image.
    pub fn mirror_defects(&self) -> impl Iterator<Item = u128> + '_ {
        let kinds = if self.h == self.w { 5 } else { 3 };
        (0..kinds)
            .filter(|&s| self.involution(s).bits == self.bits)
            .map(|s| {
                let mut defects = 0;
                let mut cells = self.bits;
                while cells != 0 {
                    let cell = cells & cells.wrapping_neg();
                    cells &= cells - 1;
                    let image = Region {
                        bits: cell,
                        ..*self
                    }
                    .involution(s)
                    .bits;
                    if image == cell || self.neighbours(cell) & image != 0 {
                        defects |= cell;
                    }
                }
                defects
            })
    }
}

/// The least key among the four images of a cropped region in its wider
/// orientation (both when its box is square): the key of its class under
/// the grid's eight symmetries. The wider orientation, rather than the
/// least key of all eight, because regions of wide boards are mostly
/// wide already and turning a region over its diagonal costs a step per
/// cell, the most of any image.
pub fn canonical(r: Region) -> u128 {
    let least = |s: Region| {
        let f = s.flipped();
        [s, s.turned(), f, f.turned()]
            .iter()
            .map(Region::key)
            .min()
            .unwrap_or(u128::MAX)
    };
    match r.w.cmp(&r.h) {
        std::cmp::Ordering::Greater => least(r),
        std::cmp::Ordering::Less => least(r.transposed()),
        std::cmp::Ordering::Equal => least(r).min(least(r.transposed())),
    }
}

/// Calls `f` with each connected part of `cells` (a subset of `box_`'s
/// cells), in the box's coordinates: on 64-bit words when the box fits
/// one, half the work of 128.
#[inline]
pub fn for_each_part(box_: &Region, cells: u128, f: impl FnMut(u128)) {
    for_each_part_cut(box_, cells, 0, f);
}

/// [`for_each_part`] with the links from each cell of `cut` to the cell
/// on its right left out (a game's rule may show them irrelevant).
#[inline]
pub fn for_each_part_cut(box_: &Region, cells: u128, cut: u128, mut f: impl FnMut(u128)) {
    if cells == 0 {
        return;
    }
    let col0 = box_.column_zero();
    if box_.h * box_.w <= 64 {
        let (cells, cut, col0) = (cells as u64, cut as u64, col0 as u64);
        fill_parts(cells, cut, col0, box_.w, |p| f(u128::from(p)));
    } else {
        fill_parts(cells, cut, col0, box_.w, f);
    }
}

/// A bit-board word: [`fill_parts`] on 64 or 128 bits.
trait Word:
    Copy
    + Eq
    + std::ops::BitAnd<Output = Self>
    + std::ops::BitOr<Output = Self>
    + std::ops::Not<Output = Self>
    + std::ops::Shl<usize, Output = Self>
    + std::ops::Shr<usize, Output = Self>
{
    const ZERO: Self;
    fn lowest(self) -> Self;
}

impl Word for u64 {
    const ZERO: u64 = 0;
    fn lowest(self) -> u64 {
        self & self.wrapping_neg()
    }
}

impl Word for u128 {
    const ZERO: u128 = 0;
    fn lowest(self) -> u128 {
        self & self.wrapping_neg()
    }
}

/// The flood fill of [`for_each_part_cut`] in a box `w` wide whose
/// column 0 is `col0`.
#[inline]
fn fill_parts<W: Word>(mut cells: W, cut: W, col0: W, w: usize, mut f: impl FnMut(W)) {
    let last = col0 << (w - 1);
    let (to_right, to_left) = (!cut, !(last | cut));
    while cells != W::ZERO {
        let mut part = cells.lowest();
        loop {
            let side = (((part & to_right) << 1) & !col0) | ((part >> 1) & to_left);
            let grown = (part | side | (part << w) | (part >> w)) & cells;
            if grown == part {
                break;
            }
            part = grown;
        }
        f(part);
        cells = cells & !part;
    }
}

/// Appends the canonical keys of the connected parts of `cells` (in
/// `box_`) to `out`, leaving out parts of `skip` cells or fewer.
pub fn push_parts(box_: &Region, cells: u128, skip: u32, out: &mut Vec<u128>) {
    for_each_part(box_, cells, |part| {
        if part.count_ones() > skip {
            let r = Region {
                bits: part,
                ..*box_
            }
            .cropped();
            out.push(canonical(r));
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn region(rows: &[&str]) -> Region {
        let w = rows[0].len();
        let mut bits = 0;
        for (r, row) in rows.iter().enumerate() {
            for (c, ch) in row.chars().enumerate() {
                if ch == '#' {
                    bits |= 1u128 << (r * w + c);
                }
            }
        }
        Region {
            bits,
            h: rows.len(),
            w,
        }
    }

    #[test]
    fn the_eight_images_of_an_l_share_a_key() {
        let images = [
            region(&["#.", "#.", "##"]),
            region(&[".#", ".#", "##"]),
            region(&["##", "#.", "#."]),
            region(&["##", ".#", ".#"]),
            region(&["###", "#.."]),
            region(&["###", "..#"]),
            region(&["#..", "###"]),
            region(&["..#", "###"]),
        ];
        let key = canonical(images[0]);
        for r in images {
            assert_eq!(canonical(r), key, "{r:?}");
        }
        assert_ne!(canonical(region(&["###", ".#."])), key);
        assert_eq!(Region::from_key(key).cropped().bits.count_ones(), 4);
    }

    #[test]
    fn images_and_crops_agree_with_cell_by_cell_definitions() {
        let mut seed = 0x2545_F491_4F6C_DD1Du64;
        for h in 1..=20usize {
            for w in 1..=(120 / h).min(20) {
                for _ in 0..20 {
                    seed ^= seed << 13;
                    seed ^= seed >> 7;
                    seed ^= seed << 17;
                    let bits =
                        (u128::from(seed) << 64 | u128::from(seed.rotate_left(29))) & ones(h * w);
                    let r = Region { bits, h, w };
                    let cells = (0..h * w).filter(|&i| bits >> i & 1 == 1);
                    let by_cell = cells
                        .clone()
                        .fold(0u128, |t, i| t | 1 << ((i % w) * h + i / w));
                    assert_eq!(r.transposed().bits, by_cell, "{h}x{w} {bits:b}");
                    let mut parts = 0;
                    for_each_part(&r, bits, |p| {
                        assert_eq!(parts & p, 0);
                        parts |= p;
                    });
                    assert_eq!(parts, bits);
                    if bits != 0 {
                        let (rows, cols) = cells.fold((vec![], vec![]), |(mut a, mut b), i| {
                            a.push(i / w);
                            b.push(i % w);
                            (a, b)
                        });
                        let c = r.cropped();
                        assert_eq!(
                            c.h,
                            rows.iter().max().unwrap() - rows.iter().min().unwrap() + 1
                        );
                        assert_eq!(
                            c.w,
                            cols.iter().max().unwrap() - cols.iter().min().unwrap() + 1
                        );
                        assert_eq!(c.bits.count_ones(), bits.count_ones());
                    }
                }
            }
        }
    }

    #[test]
    fn parts_are_found_and_cropped() {
        let b = region(&["##.#", "...#", "#..."]);
        let mut parts = Vec::new();
        for_each_part(&b, b.bits, |p| parts.push(p));
        assert_eq!(parts.len(), 3);
        let r = Region {
            bits: parts[1],
            ..b
        };
        assert_eq!(r.cropped(), region(&["#", "#"]));
        assert_eq!(Region::from_key(r.cropped().key()), region(&["#", "#"]));
    }
}
