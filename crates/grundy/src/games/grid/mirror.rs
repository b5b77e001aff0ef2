//! The mirror strategy on grid regions, for the games played by taking
//! cells of a board (Cram's dominoes, Node Kayles' vertices with their
//! neighbours). A symmetry of the box that is its own inverse and maps the
//! region onto itself is an automorphism of the region; when it moves no
//! cell onto or next to itself, a move and its image never touch, so the
//! second player answers each move with its image and wins: the region is
//! worth 0. When the only cells in the way (its defects) are taken by one
//! move of the first player's, which leaves a position with none, the
//! first player makes it and then mirrors: the region is not worth 0.

use super::shape::{Region, Word};

/// The first move that clears a symmetry's defects, as a game knows it.
pub trait MirrorOpening {
    /// Whether one move takes exactly the cells `defects` (those the
    /// symmetry leaves in place or moves next to themselves) of `r` and
    /// leaves a position the symmetry maps onto itself.
    fn opens<W: Word>(r: &Region<W>, defects: W) -> bool;
}

/// What the mirror strategy says of the region `key` (as
/// [`crate::solve::split::Split::zero_by_theory`] says it): `Some(true)`
/// when the second player mirrors, `Some(false)` when the first player
/// opens and then mirrors, `None` otherwise. Asked of nearly every region
/// a search enters, most of which fit 64 bits.
pub fn mirror_theory<O: MirrorOpening>(key: u128) -> Option<bool> {
    let r = Region::from_key(key);
    if r.fits_u64() {
        mirror_play::<O, u64>(r.narrow::<u64>())
    } else {
        mirror_play::<O, u128>(r)
    }
}

fn mirror_play<O: MirrorOpening, W: Word>(r: Region<W>) -> Option<bool> {
    let mut nonzero = None;
    for defects in r.mirror_defects() {
        if defects == W::zero() {
            return Some(true);
        }
        if O::opens(&r, defects) {
            nonzero = Some(false);
        }
    }
    nonzero
}
