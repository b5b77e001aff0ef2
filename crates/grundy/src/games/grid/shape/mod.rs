//! Shapes on the square grid as bit-boards: the cells of a region, row by
//! row in its bounding box, one bit each, packed into a `u128` key with
//! the box's width on top. Cram and Node Kayles on grids play on such
//! regions; both are unchanged by the grid's eight symmetries, so a region
//! is keyed by the least code of its eight images ([`canonical`]), and its
//! connected parts, found by bit-parallel flood fill ([`for_each_part`]),
//! are independent games.

use num_traits::PrimInt;

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
#[inline(always)]
pub fn ones(n: usize) -> u128 {
    u128::low(n)
}

/// A bit-board word: a region of at most 64 cells (rows at most 62 wide,
/// [`Region::fits_u64`]) is searched on `u64`,
/// whose shifts and masks cost one instruction where `u128`'s cost
/// several (Cram's placements are listed, pruned and cut on such words).
pub trait Word: PrimInt + std::hash::Hash + std::fmt::Debug + Send + Sync + 'static {
    /// The word's bits, widened (keys are 128 bits).
    fn wide(self) -> u128;
    /// The low bits of `x` (which must fit).
    fn narrow(x: u128) -> Self;
    /// The low `n` bits set.
    #[inline(always)]
    fn low(n: usize) -> Self {
        if n >= Self::BITS {
            Self::max_value()
        } else {
            (Self::one() << n) - Self::one()
        }
    }
    /// The lowest set bit alone.
    #[inline(always)]
    fn lowest(self) -> Self {
        self & (!self + Self::one())
    }
    /// Whether more than one bit is set: a part of several cells, told
    /// without counting (a dozen steps on the default x86-64 target).
    #[inline(always)]
    fn several(self) -> bool {
        self & (self - Self::one()) != Self::zero()
    }
    /// Bits in the word.
    const BITS: usize;
}

impl Word for u64 {
    const BITS: usize = 64;
    #[inline(always)]
    fn wide(self) -> u128 {
        u128::from(self)
    }
    #[inline(always)]
    fn narrow(x: u128) -> u64 {
        x as u64
    }
}

impl Word for u128 {
    const BITS: usize = 128;
    #[inline(always)]
    fn wide(self) -> u128 {
        self
    }
    #[inline(always)]
    fn narrow(x: u128) -> u128 {
        x
    }
}

/// A region of cells in a box `h` rows by `w` columns, on a word of
/// `W` bits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Region<W = u128> {
    /// Cell `(r, c)` is bit `r * w + c`.
    pub bits: W,
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

    /// The region on a word of `W` bits, which must hold its box (see
    /// [`Region::fits_u64`]).
    #[inline(always)]
    pub fn narrow<W: Word>(&self) -> Region<W> {
        Region {
            bits: W::narrow(self.bits),
            h: self.h,
            w: self.w,
        }
    }
}

impl<W: Word> Region<W> {
    /// Whether the region may be worked on a `u64` word: at most 64 cells,
    /// and rows at most 62 wide, since the steps to the cells below and
    /// diagonally below shift by the width and the width plus one (a
    /// strip of 64 cells on `u64` shifted by 64, which a release build
    /// wraps round to no shift: Cram 1x64 came out *8 instead of *4).
    #[inline(always)]
    pub fn fits_u64(&self) -> bool {
        self.h * self.w <= 64 && self.w + 1 < 64
    }

    /// The key of this region as it stands (no symmetry applied); the box
    /// must be the bounding box.
    #[inline(always)]
    pub fn key(&self) -> u128 {
        self.bits.wide() | ((self.w as u128) << WIDTH_SHIFT)
    }

    /// All the cells of the box.
    #[inline(always)]
    pub fn all(&self) -> W {
        W::low(self.h * self.w)
    }

    /// The cells of the box's first column.
    #[inline(always)]
    pub fn column_zero(&self) -> W {
        W::narrow(COLUMN_ZERO[self.w]) & self.all()
    }

    /// The cells next to `x` (sideways or up and down) inside the box.
    #[inline(always)]
    pub fn neighbours(&self, x: W) -> W {
        let col0 = self.column_zero();
        let last = col0 << (self.w - 1);
        let side = ((x << 1) & !col0) | ((x >> 1) & !last);
        (side | (x << self.w) | (x >> self.w)) & self.all()
    }

    /// The cells of the box with a cell of `x` to their left, to their
    /// right, above and below: four sets whose overlaps count, cell by
    /// cell, the neighbours it has in `x`.
    #[inline(always)]
    pub fn sides(&self, x: W) -> [W; 4] {
        let col0 = self.column_zero();
        let last = col0 << (self.w - 1);
        let all = self.all();
        [
            (x << 1) & !col0 & all,
            (x >> 1) & !last,
            (x << self.w) & all,
            x >> self.w,
        ]
    }

    /// The cells `c` of the region with `c + 1` in it, in the same row.
    #[inline(always)]
    pub fn horizontal_pairs(&self) -> W {
        let last = self.column_zero() << (self.w - 1);
        self.bits & (self.bits >> 1) & !last
    }

    /// The cells `c` of the region with the cell below in it.
    #[inline(always)]
    pub fn vertical_pairs(&self) -> W {
        self.bits & (self.bits >> self.w)
    }

    /// The same region in its bounding box.
    #[inline(always)]
    pub fn cropped(&self) -> Region<W> {
        let zero = W::zero();
        if self.bits == zero {
            return Region {
                bits: zero,
                h: 0,
                w: self.w,
            };
        }
        let top = self.bits.trailing_zeros() as usize / self.w;
        let bottom = (W::BITS - 1 - self.bits.leading_zeros() as usize) / self.w;
        let rows = self.bits >> (top * self.w);
        let h = bottom - top + 1;
        // The columns in use: the rows ORed together, folding halves.
        let mut cols = rows;
        let mut span = 1;
        while span < h {
            cols = cols | (cols >> (span * self.w));
            span *= 2;
        }
        cols = cols & W::low(self.w);
        let left = cols.trailing_zeros() as usize;
        let w = W::BITS - cols.leading_zeros() as usize - left;
        if w == self.w {
            return Region { bits: rows, h, w };
        }
        let mut bits = zero;
        for r in 0..h {
            bits = bits | (((rows >> (r * self.w + left)) & W::low(w)) << (r * w));
        }
        Region { bits, h, w }
    }

    /// The region upside down.
    #[inline(always)]
    fn flipped(&self) -> Region<W> {
        let mut bits = W::zero();
        let row = W::low(self.w);
        for r in 0..self.h {
            bits = bits | (((self.bits >> (r * self.w)) & row) << ((self.h - 1 - r) * self.w));
        }
        Region { bits, ..*self }
    }

    /// The region turned half a turn.
    #[inline(always)]
    fn turned(&self) -> Region<W> {
        let bits = self.bits.reverse_bits() >> (W::BITS - self.h * self.w);
        Region { bits, ..*self }
    }

    /// The region mirrored in its diagonal: four cells of a row at a
    /// time, spread `h` apart by [`SPREAD`] (a cell at a time when the
    /// box is taller than the table).
    #[inline(always)]
    fn transposed(&self) -> Region<W> {
        let mut bits = W::zero();
        let (nibble, one) = (W::low(4), W::one());
        for r in 0..self.h {
            let mut row = (self.bits >> (r * self.w)) & W::low(self.w);
            if self.h < SPREAD.len() {
                let mut at = r;
                while row != W::zero() {
                    let quarter = (row & nibble).wide() as usize;
                    bits = bits | (W::narrow(SPREAD[self.h][quarter]) << at);
                    row = row >> 4;
                    at += 4 * self.h;
                }
                continue;
            }
            while row != W::zero() {
                let c = row.trailing_zeros() as usize;
                row = row & (row - one);
                bits = bits | (one << (c * self.h + r));
            }
        }
        Region {
            bits,
            h: self.w,
            w: self.h,
        }
    }

    /// Whether [`Region::involution`] `s` maps the region onto itself,
    /// told for most regions by their first and last rows alone (the
    /// half turn takes the last row reversed to the first, upside down the
    /// last as it is, left to right the first reversed to itself): the
    /// search asks it of nearly every region it enters, and few are
    /// symmetric.
    #[inline(always)]
    fn fixed_by(&self, s: usize) -> bool {
        let first = self.bits & W::low(self.w);
        let quick = self.h == 0
            || match s {
                0 => {
                    first
                        == (self.bits >> ((self.h - 1) * self.w)).reverse_bits()
                            >> (W::BITS - self.w)
                }
                1 => first == self.bits >> ((self.h - 1) * self.w),
                2 => first == first.reverse_bits() >> (W::BITS - self.w),
                _ => true,
            };
        quick && self.involution(s).bits == self.bits
    }

    /// The region's image under one of the box's symmetries that are
    /// their own inverse: 0 the half turn, 1 upside down, 2 left to
    /// right, 3 and 4 the diagonals (square boxes only).
    fn involution(&self, s: usize) -> Region<W> {
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
    pub fn mirror_defects(&self) -> impl Iterator<Item = W> + '_ {
        let kinds = if self.h == self.w { 5 } else { 3 };
        (0..kinds).filter(|&s| self.fixed_by(s)).map(|s| {
            let mut defects = W::zero();
            let mut cells = self.bits;
            while cells != W::zero() {
                let cell = cells.lowest();
                cells = cells & !cell;
                let image = Region {
                    bits: cell,
                    ..*self
                }
                .involution(s)
                .bits;
                if image == cell || self.neighbours(cell) & image != W::zero() {
                    defects = defects | cell;
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
#[inline(always)]
pub fn canonical<W: Word>(r: Region<W>) -> u128 {
    /// The least key of the four images of `s` in its own orientation
    /// (a function, not a closure, so that it too is always inlined).
    #[inline(always)]
    fn least<W: Word>(s: Region<W>) -> u128 {
        let f = s.flipped();
        let bits = s.bits.min(s.turned().bits).min(f.bits.min(f.turned().bits));
        Region { bits, ..s }.key()
    }
    match r.w.cmp(&r.h) {
        std::cmp::Ordering::Greater => least(r),
        std::cmp::Ordering::Less => least(r.transposed()),
        std::cmp::Ordering::Equal => least(r).min(least(r.transposed())),
    }
}

/// Calls `f` with each connected part of `cells` (a subset of `box_`'s
/// cells), in the box's coordinates.
#[inline(always)]
pub fn for_each_part<W: Word>(box_: &Region<W>, cells: W, f: impl FnMut(W)) {
    for_each_part_cut(box_, cells, W::zero(), f);
}

/// [`for_each_part`] with the links from each cell of `cut` to the cell
/// on its right left out (a game's rule may show them irrelevant): on a
/// 64-bit word when the box fits one, half the work of 128.
#[inline(always)]
pub fn for_each_part_cut<W: Word>(box_: &Region<W>, cells: W, cut: W, mut f: impl FnMut(W)) {
    if cells == W::zero() {
        return;
    }
    let col0 = box_.column_zero();
    if W::BITS > 64 && box_.fits_u64() {
        let narrow = |x: W| x.wide() as u64;
        let (cells, cut, col0) = (narrow(cells), narrow(cut), narrow(col0));
        fill_parts(
            cells,
            cut,
            col0,
            box_.w,
            #[inline(always)]
            |p| f(W::narrow(u128::from(p))),
        );
    } else {
        fill_parts(cells, cut, col0, box_.w, f);
    }
}

/// The flood fill of [`for_each_part_cut`] in a box `w` wide whose
/// column 0 is `col0`.
#[inline(always)]
fn fill_parts<W: Word>(mut cells: W, cut: W, col0: W, w: usize, mut f: impl FnMut(W)) {
    let last = col0 << (w - 1);
    let (to_right, to_left) = (!cut, !(last | cut));
    while cells != W::zero() {
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
/// `box_`) to `out`, leaving out parts of one cell when `lone` says so
/// (a lone square is worth nothing in Cram).
///
/// A part whose cells form a path (each next to at most two others, and
/// one, an end, next to fewer) is keyed as the straight
/// strip of its length: the grid games play on which cells are neighbours, not on
/// where they lie, so every path of `n` cells is one game (Dawson's
/// Kayles for Cram, Dawson's chess for Node Kayles), and snakes of one
/// length share one entry of the table and one search.
#[inline(always)]
pub fn push_parts<W: Word>(box_: &Region<W>, cells: W, lone: bool, out: &mut Vec<u128>) {
    // No cells, no parts (and the box of an empty region may have no
    // width to read sides in).
    if cells != W::zero() {
        push_parts_sided(box_, cells, box_.sides(cells), (lone, false), out);
    }
}

/// [`push_parts`] given the [`Region::sides`] of `cells`, which a caller
/// that read them for its own rules need not have worked out twice.
/// Cells the caller knows `whole` (connected, or none) are keyed as one
/// part without a flood fill.
#[inline(always)]
pub fn push_parts_sided<W: Word>(
    box_: &Region<W>,
    cells: W,
    sides: [W; 4],
    (lone, whole): (bool, bool),
    out: &mut Vec<u128>,
) {
    let degrees = Degrees::of(cells, sides);
    match whole {
        true if cells == W::zero() => {}
        true => {
            // A disconnected set of paths would pass for one long strip.
            debug_assert!(
                {
                    let mut parts = 0;
                    for_each_part(box_, cells, |_| parts += 1);
                    parts == 1
                },
                "cells said whole are not connected: {cells:?} in {box_:?}"
            );
            push_part(box_, cells, &degrees, lone, out)
        }
        false => for_each_part(
            box_,
            cells,
            #[inline(always)]
            |p| push_part(box_, p, &degrees, lone, out),
        ),
    }
}

/// What the path test reads of a set of cells, by their `sides`: which
/// cells have three neighbours or more, and which fewer than two. Each
/// part of the cells (connected, its cells' neighbours all in it) is a
/// path when none of its cells has three and one has fewer than two: a
/// connected graph of degrees at most two is a path or a cycle, and a
/// cycle's cells all have two.
struct Degrees<W> {
    /// Cells with three neighbours or more.
    crowded: W,
    /// Cells with one neighbour or none: the ends of paths.
    ends: W,
}

impl<W: Word> Degrees<W> {
    /// The degrees of `cells`, by their [`Region::sides`].
    #[inline(always)]
    fn of(cells: W, [a, b, c, d]: [W; 4]) -> Degrees<W> {
        let two = (a & b) | (c & d) | ((a | b) & (c | d));
        Degrees {
            crowded: cells & ((a & b & (c | d)) | (c & d & (a | b))),
            ends: cells & !two,
        }
    }

    /// Whether the connected `part` (of the cells these are the degrees
    /// of) is a path.
    #[inline(always)]
    fn path(&self, part: W) -> bool {
        part & self.crowded == W::zero() && part & self.ends != W::zero()
    }
}

/// Appends the key of the connected `part` of `box_`, a part of the
/// cells whose `degrees` are given ([`push_parts`]).
#[inline(always)]
fn push_part<W: Word>(
    box_: &Region<W>,
    part: W,
    degrees: &Degrees<W>,
    lone: bool,
    out: &mut Vec<u128>,
) {
    if lone && !part.several() {
        return;
    }
    out.push(if degrees.path(part) {
        strip_key(part.count_ones() as usize)
    } else {
        canonical(
            Region {
                bits: part,
                ..*box_
            }
            .cropped(),
        )
    });
}

/// The key of the strip of `n` cells in a row (its own canonical key).
fn strip_key(n: usize) -> u128 {
    Region::<u128> {
        bits: ones(n),
        h: 1,
        w: n,
    }
    .key()
}

#[cfg(test)]
mod tests;
