//! Cram: players in turn place a domino on two free adjacent squares of a
//! board (either way round); whoever cannot place one loses.
//!
//! A board is `RxC` (empty) or a map with blocked squares (`..x/...`,
//! see [`board::text`](crate::games::grid::text)); a move prints the
//! board it leaves. Once placed, dominoes cut the board into regions that
//! are played independently, so a board is valued by the split search
//! ([`crate::solve::split`]): regions as bit-boards keyed under the eight
//! symmetries of the grid (and every path of squares as the straight
//! strip of its length), values XORed. A lone square is worth 0 and is
//! never searched.

use crate::answer::drawing::Drawing;
use crate::entry::Entry;
use crate::error::Result;
use crate::game::{Limits, Visit};
use crate::games::grid::bit_ops;
use crate::games::grid::files::parse_board_lines;
use crate::games::grid::mirror::{mirror_theory, MirrorOpening};
use crate::games::grid::shape::{for_each_part_cut, push_parts_sided, Region, Word};
use crate::games::grid::text::{draw_board, format_board, parse_board, taken_keys};
use crate::games::grid::window::Windows;
use crate::nimber::Nimber;
use crate::ruleset::{options_where, Game, SplitComponent};
use crate::solve::split::{EachOption, OptionList};
use crate::solve::split::{SolverCell, Split, SPLIT_TABLE_CAP};

/// What errors call a board.
const BOARD: &str = "a Cram board";

/// Cram on sums of boards.
#[derive(Default)]
pub struct Cram {
    solver: SolverCell,
}

/// `cram`.
pub const CRAM: Entry = Entry::of::<Cram>("cram", "boards RxC or maps ..x/...", "2x3")
    .about("Cram: place a domino on two free adjacent squares; the last to place one wins");

/// The rules of Cram on canonical regions, for the split search.
pub struct CramMoves;

impl Split for CramMoves {
    fn options(&self, key: u128, out: &mut OptionList) {
        self.options_until(key, out, &mut |_| false);
    }

    /// Placements down the columns, then across the rows, each from the
    /// middle out (`centre_out`); an option is keyed only when the one
    /// before did not stop the listing. Built twice, for any x86-64 and
    /// for the bit-counting instructions ([`bit_ops`]).
    fn options_until(&self, key: u128, out: &mut OptionList, each: EachOption<'_>) -> bool {
        let r = Region::from_key(key);
        bit_ops::run(
            #[inline(always)]
            || {
                if r.fits_u64() {
                    list_placements(r.narrow::<u64>(), out, each)
                } else {
                    list_placements(r, out, each)
                }
            },
        )
    }

    /// The squares of the region (the width on top of the key is no
    /// measure of size).
    fn size(&self, key: u128) -> u32 {
        Region::from_key(key).bits.count_ones()
    }

    /// The mirror strategy ([`mirror_theory`]): every even by even
    /// rectangle is worth 0 by the half turn; an even by odd one is not,
    /// the first player placing the middle domino.
    fn zero_by_theory(&self, key: u128) -> Option<bool> {
        mirror_theory::<CramMoves>(key)
    }
}

/// A domino opens the mirror strategy when the cells in the way are two,
/// side by side: it covers them, and its image is itself.
impl MirrorOpening for CramMoves {
    fn opens<W: Word>(r: &Region<W>, defects: W) -> bool {
        defects.count_ones() == 2 && r.neighbours(defects.lowest()) & defects != W::zero()
    }
}

/// [`CramMoves::options_until`] on a word of `W` bits.
#[inline(always)]
fn list_placements<W: Word>(r: Region<W>, out: &mut OptionList, each: EachOption<'_>) -> bool {
    let (w, col0) = (r.w, r.column_zero());
    let (down, across) = (r.vertical_pairs(), r.horizontal_pairs());
    // Each line of placements: its pairs, the step to a pair's second
    // cell, and the line's column (down) or row (across).
    let columns = centre_out(w).map(|c| (down & (col0 << c), w, c));
    let rows = centre_out(r.h).map(|row| (across & (W::low(w) << (row * w)), 1, row));
    let windows = Windows::of(&r);
    let one = W::one();
    for (mut pairs, other, line) in columns.chain(rows) {
        while pairs != W::zero() {
            let i = pairs.trailing_zeros() as usize;
            pairs = pairs & (pairs - one);
            let domino = (one << i) | (one << (i + other));
            let whole = windows.as_ref().is_some_and(|x| match other {
                1 => x.stays_whole(line, i - line * w, true),
                _ => x.stays_whole((i as u32 / w as u32) as usize, line, false),
            });
            push_regions(&r, r.bits & !domino, whole, &mut out.parts);
            out.end_option();
            if each(out) {
                return true;
            }
        }
    }
    false
}

/// `0..n` from the middle out (`2, 3, 1, 4, 0` for 5): placements are
/// listed down the middle column first, then the columns and rows
/// further out, since a placement across the middle cuts a region in
/// two halves (which cancel when they are alike) and so wins or is
/// valued soonest.
#[inline(always)]
fn centre_out(n: usize) -> impl Iterator<Item = usize> {
    let mid = n.saturating_sub(1) / 2;
    (0..n).map(move |k| {
        if k % 2 == 0 {
            mid - k / 2
        } else {
            mid + k.div_ceil(2)
        }
    })
}

/// The canonical keys of the regions of `board` worth searching.
pub fn region_keys(board: &Region) -> Vec<u128> {
    let mut keys = Vec::new();
    if board.bits != 0 {
        push_regions(board, board.bits, false, &mut keys);
    }
    keys
}

/// Appends the canonical keys of the regions of `cells` (in the box of
/// `r`) worth searching: [`pruned`], then cut apart at [`corner_blocks`]
/// where that splits them, each new part pruned and cut in turn. When
/// the caller knows the cells `whole` (connected), and neither pruning
/// nor cutting could split them, they are keyed as one part without a
/// flood fill.
#[inline(always)]
fn push_regions<W: Word>(r: &Region<W>, cells: W, whole: bool, keys: &mut Vec<u128>) {
    let (cells, sides, bridged) = pruned_sided(r, cells);
    let cut = blocks_of(r, cells, sides);
    if cut == W::zero() {
        push_parts_sided(r, cells, sides, (true, whole && !bridged), keys);
    } else {
        push_cut(r, cells, sides, cut, keys);
    }
}

/// [`push_regions`] of pruned `cells` (their `sides` given) that corner
/// blocks `cut`: each part pruned and cut in turn. A function of its own
/// (the recursion), built for the default target only, where the
/// common case, no cut, is inlined into each build of the listing
/// ([`bit_ops`]).
fn push_cut<W: Word>(r: &Region<W>, cells: W, sides: [W; 4], cut: W, keys: &mut Vec<u128>) {
    for_each_part_cut(
        r,
        cells,
        cut,
        #[inline(always)]
        |part| {
            if part == cells {
                push_parts_sided(r, part, sides, (true, true), keys);
            } else if part.several() {
                push_regions(r, part, true, keys);
            }
        },
    );
}

/// The left cells of both rows of each 2x2 block of `cells` whose
/// top-left cell has no other neighbour in `cells` and whose
/// bottom-right cell has none either (or top-right and bottom-left): the
/// placements across such a block never matter, so the links across it
/// can be cut.
///
/// Proof, for Cram on any graph whose dominoes are its edges: let `A`,
/// `B` / `C`, `D` be the block, `A` and `D` next to `B` and `C` only, and
/// `G'` the game `G` without the edges `AB` and `CD`; by induction on the
/// cells, every option shared by `G` and `G'` has one value in both. A
/// placement away from the block keeps the block as it is (induction);
/// `AC` and `BD` leave the same graph in both; `B` with a cell outside
/// leaves `A` and `D` two leaves of `C` in `G` (one of them is worth
/// nothing, [`without_extra_leaves`]), and in `G'` the leaf `A` and an
/// isolated `D`: the same game; `C` with a cell outside likewise. The
/// options of `G` only, `AB` and `CD`, leave the graphs `G'` leaves after
/// `BD` and `AC` (up to naming the leaf on `C`, or on `B`, `D` or `A`).
/// So both games have options of the same values, and one value.
pub fn corner_blocks<W: Word>(r: &Region<W>, cells: W) -> W {
    blocks_of(r, cells, r.sides(cells))
}

/// [`corner_blocks`] given the [`Region::sides`] of `cells`.
#[inline(always)]
fn blocks_of<W: Word>(r: &Region<W>, cells: W, [left, right, above, below]: [W; 4]) -> W {
    let top_left = cells & right & below & !left & !above;
    let bottom_right = cells & left & above & !right & !below;
    let blocks = top_left & (bottom_right >> (r.w + 1));
    // The mirror image: top-right and bottom-left cells shut in.
    let top_right = cells & left & below & !right & !above;
    let bottom_left = cells & right & above & !left & !below;
    let mirrored = top_right & (bottom_left >> (r.w - 1));
    blocks | (blocks << r.w) | (mirrored >> 1) | (mirrored << (r.w - 1))
}

/// The cells with at least one and with at least two of the four `sides`
/// sets: the cells with a neighbour, and those with two.
#[inline(always)]
fn one_and_two<W: Word>([a, b, c, d]: [W; 4]) -> (W, W) {
    (a | b | c | d, (a & b) | (c & d) | ((a | b) & (c | d)))
}

/// What both pruning rules read of a set of free cells: worked out once
/// for both.
struct Look<W> {
    /// The [`Region::sides`] of the cells.
    sides: [W; 4],
    /// The cells with two neighbours or more.
    two: W,
    /// The cells with one neighbour exactly.
    leaves: W,
    /// The cells next to a leaf (the stars).
    stars: W,
    /// The cells next to two leaves or more.
    crowded: W,
}

impl<W: Word> Look<W> {
    /// The look of `cells` in the box of `r`.
    #[inline(always)]
    fn of(r: &Region<W>, cells: W) -> Look<W> {
        let sides = r.sides(cells);
        let (one, two) = one_and_two(sides);
        let leaves = cells & one & !two;
        let (stars, crowded) = if leaves == W::zero() {
            (W::zero(), W::zero())
        } else {
            one_and_two(r.sides(leaves))
        };
        Look {
            sides,
            two,
            leaves,
            stars,
            crowded: crowded & cells,
        }
    }
}

/// `cells` (free cells in the box of `r`) less the cells Cram's value does
/// not depend on, by [`without_extra_leaves`] and [`without_bridges`]
/// until neither finds any: fewer cells make fewer distinct regions to
/// search, and cut more regions apart.
pub fn pruned<W: Word>(r: &Region<W>, cells: W) -> W {
    pruned_sided(r, cells).0
}

/// [`pruned`], with the [`Region::sides`] of the cells it leaves and
/// whether it took out bridges (which may cut the cells apart: leaves
/// never do).
#[inline(always)]
fn pruned_sided<W: Word>(r: &Region<W>, mut cells: W) -> (W, [W; 4], bool) {
    let mut bridged = false;
    loop {
        let look = Look::of(r, cells);
        if look.leaves == W::zero() {
            // Both rules need a leaf (a bridge is next to stars of leaves).
            return (cells, look.sides, bridged);
        }
        let fewer = extra_leaves_out(r, cells, &look);
        if fewer != cells {
            cells = fewer;
            continue;
        }
        let fewer = bridges_out(r, cells, &look);
        if fewer == cells {
            return (cells, look.sides, bridged);
        }
        (cells, bridged) = (fewer, true);
    }
}

/// `cells` with one leaf kept of each cell that has several. Every domino
/// on a leaf covers its neighbour `s`, which kills the other leaves of
/// `s`: placing it on one leaf or another leaves the same position up to
/// dead cells, and every other move keeps them leaves of `s`; by
/// induction the two positions have options of equal values.
pub fn without_extra_leaves<W: Word>(r: &Region<W>, cells: W) -> W {
    extra_leaves_out(r, cells, &Look::of(r, cells))
}

/// [`without_extra_leaves`] given the [`Look`] of `cells`.
#[inline(always)]
fn extra_leaves_out<W: Word>(r: &Region<W>, cells: W, look: &Look<W>) -> W {
    let mut crowded = look.crowded;
    let mut out = cells;
    let one = W::one();
    while crowded != W::zero() {
        let s = crowded.lowest();
        crowded = crowded & !s;
        let mine = r.neighbours(s) & look.leaves;
        out = out & !(mine & (mine - one));
    }
    out
}

/// `cells` less its bridges: cells with two or more neighbours, none of
/// them a leaf, each of them next to a leaf (a "star"). The domino of a
/// bridge `x` and a star `s` leaves what the domino of `s` and its leaf
/// leaves in the board without `x` (the leaf dies instead of `x`, and a
/// lone cell is worth nothing); every other move keeps `x` a bridge,
/// makes it a second leaf of a star (worth nothing by
/// [`without_extra_leaves`]) or isolates it. Bridges are never next to
/// each other, so all go at once.
pub fn without_bridges<W: Word>(r: &Region<W>, cells: W) -> W {
    bridges_out(r, cells, &Look::of(r, cells))
}

/// [`without_bridges`] given the [`Look`] of `cells`.
#[inline(always)]
fn bridges_out<W: Word>(r: &Region<W>, cells: W, look: &Look<W>) -> W {
    if look.stars == W::zero() {
        return cells;
    }
    let (beside_others, _) = one_and_two(r.sides(cells & !look.stars));
    cells & !(look.two & !look.stars & !beside_others)
}

/// A table big enough for the regions of a board of `cells` squares.
pub fn table_cap(cells: u32) -> u64 {
    (64u64 << cells.min(40)).min(SPLIT_TABLE_CAP)
}

/// Cram is a sum of boards and plays misère by the generic search;
/// boards too big to type come from files.
///
/// A board file draws the board one row per line
/// ([`board::files`](crate::games::grid::files)).
impl Game for Cram {
    type Comp = Region;

    fn name(&self) -> String {
        "cram".to_string()
    }

    fn parse_component(&self, text: &str) -> Result<Region> {
        parse_board(text, BOARD)
    }

    fn format_component(&self, b: &Region) -> String {
        format_board(b, |h, w| format!("{h}x{w}"))
    }

    fn value(&self, b: &Region, limits: &Limits) -> Result<Nimber> {
        let solver = self.solver.get(limits, table_cap(b.bits.count_ones()))?;
        Ok(Nimber(solver.sum(&CramMoves, &region_keys(b), limits)?))
    }

    /// The placements leaving `target`, each decided by one outcome
    /// search (is the board left plus `*target` lost?) rather than by
    /// valuing the board left: listing winning moves costs little more
    /// than the value.
    fn options_with_value(
        &self,
        b: &Region,
        target: Nimber,
        limits: &Limits,
        max: usize,
    ) -> Result<(Vec<Vec<Region>>, bool)> {
        let solver = self.solver.get(limits, table_cap(b.bits.count_ones()))?;
        options_where(self, b, limits, max, |parts| {
            let keys = parts.first().map(region_keys).unwrap_or_default();
            solver.sum_is(&CramMoves, &keys, target.0, limits)
        })
    }

    /// Every domino placement, across then down, each leaving the whole
    /// board (nothing when no square is left free).
    fn for_each_option(&self, b: &Region, _: &Limits, f: Visit<Region>) -> Result<()> {
        if b.bits == 0 {
            return Ok(());
        }
        for (mut pairs, other) in [(b.horizontal_pairs(), 1), (b.vertical_pairs(), b.w)] {
            while pairs != 0 {
                let i = pairs.trailing_zeros() as usize;
                pairs &= pairs - 1;
                let bits = b.bits & !((1u128 << i) | (1u128 << (i + other)));
                let next = Region { bits, ..*b };
                let parts: &[Region] = if bits == 0 { &[] } else { &[next] };
                if !f(parts) {
                    return Ok(());
                }
            }
        }
        Ok(())
    }

    fn draw(&self, b: &Region) -> Option<Drawing> {
        Some(draw_board(b))
    }

    /// A domino is chosen by the two squares it covers.
    fn marks(&self, from: &Region, to: &[Region]) -> Vec<Vec<String>> {
        vec![taken_keys(from, to.first().filter(|t| t.w == from.w))]
    }

    fn split_component(&self, b: &Region) -> Option<SplitComponent> {
        Some(SplitComponent {
            rules: std::sync::Arc::new(CramMoves),
            keys: region_keys(b),
        })
    }

    fn reads_files(&self) -> bool {
        true
    }

    fn parse_file(&self, text: &str) -> Result<Region> {
        parse_board_lines(text, BOARD)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::grid::shape::ones;
    use crate::ruleset::{Ruleset, SumRuleset};
    use crate::testing::texts;

    fn value(text: &str) -> u64 {
        let c = Cram::default();
        c.value(&c.parse_component(text).unwrap(), &Limits::default())
            .unwrap()
            .0
    }

    #[test]
    fn small_boards() {
        // A domino on 1xn removes two adjacent squares: octal 0.07.
        assert_eq!(value("1x1"), 0);
        assert_eq!(value("1x2"), 1);
        assert_eq!(value("1x3"), 1);
        assert_eq!(value("2x2"), 0);
        assert_eq!(value("0"), 0);
        // Two separate regions: 1x2 and 1x3 (each *1) cancel.
        assert_eq!(value("..x.../xxxxxx"), 0);
        assert_eq!(value("1x4"), 2);
    }

    #[test]
    fn the_mirror_strategy_decides_symmetric_boards() {
        let theory = |text: &str| {
            let b = Cram::default().parse_component(text).unwrap();
            CramMoves.zero_by_theory(region_keys(&b)[0])
        };
        // Even by even: the half turn moves no square next to itself.
        assert_eq!(theory("4x6"), Some(true));
        // Even by odd: only the middle vertical domino is in the way.
        assert_eq!(theory("4x5"), Some(false));
        // The centre square stays put, and the middle column too.
        assert_eq!(theory("3x3"), None);
        // A ring is its own mirror image, no square beside its image.
        assert_eq!(theory("..../.xx./.xx./...."), Some(true));
        // 3x4 = *1: the half turn puts the middle two squares side by side.
        assert_eq!(theory("3x4"), Some(false));
    }

    #[test]
    fn placements_are_listed_from_the_middle_out() {
        assert_eq!(centre_out(5).collect::<Vec<_>>(), [2, 3, 1, 4, 0]);
        assert_eq!(centre_out(4).collect::<Vec<_>>(), [1, 2, 0, 3]);
        assert_eq!(centre_out(1).collect::<Vec<_>>(), [0]);
        assert_eq!(centre_out(0).count(), 0);
        // 2x3: the middle column's placement first, then its neighbours'.
        let b = Cram::default().parse_component("2x3").unwrap();
        let mut out = OptionList::default();
        CramMoves.options(region_keys(&b)[0], &mut out);
        assert_eq!(out.len(), 7);
        // The middle placement leaves two separate 2x1 halves, equal keys.
        assert_eq!(out.option(0).len(), 2);
        assert_eq!(out.parts[0], out.parts[1]);
    }

    #[test]
    fn both_builds_of_the_listing_agree() {
        // The listing as the processor runs it (built for the bit-counting
        // instructions when it has them) against the default build,
        // inlined here: boxes on 64-bit words and on 128. (Where the
        // processor lacks them, both sides are the default build.)
        if !crate::games::grid::bit_ops::available() {
            eprintln!("no bit-counting instructions here: one build against itself");
        }
        let mut rng = crate::testing::Xorshift(0x5851_F42D_4C95_7F2D);
        for (h, w) in [(3, 7), (5, 6), (4, 11), (8, 8), (9, 12), (11, 11)] {
            for _ in 0..30 {
                let bits = (u128::from(rng.next()) << 64 | u128::from(rng.next()))
                    | (u128::from(rng.next()) << 64 | u128::from(rng.next()));
                let board = Region {
                    bits: bits & ones(h * w),
                    h,
                    w,
                };
                for key in region_keys(&board) {
                    let (mut run, mut plain) = (OptionList::default(), OptionList::default());
                    CramMoves.options(key, &mut run);
                    let r = Region::from_key(key);
                    match r.fits_u64() {
                        true => list_placements(r.narrow::<u64>(), &mut plain, &mut |_| false),
                        false => list_placements(r, &mut plain, &mut |_| false),
                    };
                    assert_eq!((run.parts, run.ends), (plain.parts, plain.ends), "{r:?}");
                }
            }
        }
    }

    #[test]
    fn moves_print_the_board_they_leave() {
        let g = SumRuleset(Cram::default());
        let l = Limits::default();
        let moves = g.position_moves(&texts(&["1x3"]), &l).unwrap();
        let tos: Vec<&str> = moves.iter().map(|m| m.mv.to.as_str()).collect();
        assert_eq!(tos, ["xx.", ".xx"]);
        let end = g.position_moves(&texts(&["1x2"]), &l).unwrap();
        assert_eq!(end[0].mv.to, "0");
        let a = g.analyze(&texts(&["2x3"]), &l).unwrap();
        assert_eq!(a.outcome, crate::Outcome::N);
        for m in &a.winning_moves {
            assert_eq!(
                g.analyze(std::slice::from_ref(&m.to), &l).unwrap().outcome,
                crate::Outcome::P
            );
        }
    }
}
