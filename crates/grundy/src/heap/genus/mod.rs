//! Conway's genus of heap games and their sums, for misère play.
//!
//! Misère values do not add up the way nimbers do, but the genus
//! `g^{γ0 γ1 γ2 ...}` (the normal value `g`, and `γk`, the misère Grundy
//! value of the position plus `k` heaps of 2) does decide sums of *tame*
//! positions, those that behave like misère Nim. [`GenusTable`] computes
//! genera exactly by the recurrence over a position's options, memoised on
//! sorted multisets of heaps, and skips the search for sums of
//! hereditarily tame heaps, whose genus the Nim rule gives.

mod report;
mod table;

pub use report::{misere_sequence, MisereSeqReport, SeqProgress, DEFAULT_MISERE_TO};
pub use table::GenusTable;

use serde::Serialize;

/// How many of `γ0, γ1, ...` a [`Genus`] lists at least.
///
/// The sequence alternates between two values from some index on, and an
/// option whose sequence alternates from index `d` makes its parent's
/// alternate from `d + 4` at the latest (past every option's settling,
/// `γk` is a mex over one of two fixed option sets, by the parity of `k`,
/// and the pair `{γ(k-1), γ(k-1) xor 1}`, so it is a function of the
/// parity and `γ(k-1)` alone, and such a sequence settles within four
/// steps): the table keeps each sequence as far as it has settled,
/// however long, and a genus lists it to at least this many values.
pub const GAMMAS: usize = 16;

/// The genus of a position: what misère play needs to know of it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Genus {
    /// The normal-play Grundy value `g`.
    pub normal: u32,
    /// `γ0, γ1, ...`, at least [`GAMMAS`] values and at least until the
    /// last two repeat forever: `γk` is the misère Grundy value of the
    /// position plus `k` heaps of 2 (`γ0` is its own misère value).
    pub gammas: Vec<u32>,
}

impl Genus {
    /// Conway's symbol: `g^γ0γ1...`, listing the superscripts up to where
    /// the last two repeat forever (`0^120`, `4^146`); values of 10 or
    /// more are written in parentheses with commas, as CGSuite does
    /// (`6^(1,9,10,8)`).
    pub fn symbol(&self) -> String {
        let listed = &self.gammas[..listed_len(&self.gammas)];
        let sup: Vec<String> = listed.iter().map(u32::to_string).collect();
        if listed.iter().any(|&v| v >= 10) {
            format!("{}^({})", self.normal, sup.join(","))
        } else {
            format!("{}^{}", self.normal, sup.concat())
        }
    }

    /// Whether this is the genus of a misère Nim position (`0^120`,
    /// `1^031`, or `g^{g, g xor 2}`): the genera whose sums follow the
    /// Nim rule.
    pub fn is_tame(&self) -> bool {
        is_tame_seq(self.normal, &self.gammas[..listed_len(&self.gammas)])
    }

    /// The genus of normal value `normal` whose `γ` sequence alternates
    /// between the last two values of `gammas` from there on.
    pub(crate) fn settled(normal: u32, gammas: Vec<u32>) -> Genus {
        let len = listed_len(&gammas);
        Genus {
            normal,
            gammas: expand(&gammas[..len], GAMMAS),
        }
    }

    /// The misère Grundy value `G-` of the position (`γ0`).
    pub fn misere_value(&self) -> u32 {
        self.gammas[0]
    }
}

/// How many superscripts the symbol lists: up to the index from which
/// every value equals the one two before it (at least two).
fn listed_len(gammas: &[u32]) -> usize {
    let mut m = gammas.len() - 1;
    while m > 1 && gammas[m] == gammas[m - 2] {
        m -= 1;
    }
    m + 1
}

/// The sequence `gammas` (as far as it has settled: from its end on, the
/// last two values alternate) listed to `len` values at least.
fn expand(gammas: &[u32], len: usize) -> Vec<u32> {
    (0..len.max(gammas.len()))
        .map(|k| gamma_at(gammas, k))
        .collect()
}

/// `γk` of a settled sequence: past its end, the last two values
/// alternate.
fn gamma_at(gammas: &[u32], k: usize) -> u32 {
    let n = gammas.len();
    if k < n {
        gammas[k]
    } else {
        gammas[n - 2 + (k - n) % 2]
    }
}

/// The tame genus of normal value `g`, as far as it has settled: `small`
/// is the form of the empty game and of `*1` (`0^120`, `1^031`, only for
/// `g < 2`), otherwise that of a Nim position with a heap of 2 or more
/// (`g^{g, g xor 2}`).
fn tame_gammas(g: u32, small: bool) -> Vec<u32> {
    if small {
        vec![g ^ 1, g ^ 2, g]
    } else {
        vec![g, g ^ 2]
    }
}

/// Whether `gammas`, as far as they have settled, are those of a tame
/// genus of normal value `normal`.
fn is_tame_seq(normal: u32, gammas: &[u32]) -> bool {
    gammas == tame_gammas(normal, false) || (normal < 2 && gammas == tame_gammas(normal, true))
}

/// Whether a tame genus has the small form (`0^120` or `1^031`).
fn is_small(normal: u32, gammas: &[u32]) -> bool {
    normal < 2 && gammas[0] == normal ^ 1
}

/// What decides how a tame position plays in any sum of tame positions:
/// its normal value, and whether it is "small", playing like a sum of
/// heaps of one (genus `0^120` or `1^031`), or not (`0^02`, `1^13`,
/// `g^{g, g xor 2}` for `g >= 2`). A tame sum's class is the nim-sum of
/// the values, small when every part is; its genus follows
/// ([`TameClass::gammas`]), so it is a misère P-position when its class
/// is `(0, big)` or `(1, small)`, and two tame positions of one class are
/// indistinguishable in sums of tame positions. The genus table's
/// shortcut for tame sums and the misère quotient's tame heaps both go by
/// it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct TameClass {
    normal: u32,
    small: bool,
}

impl TameClass {
    /// The class of the sum of nothing: heap 0, and any heap with no move.
    pub(crate) const EMPTY: TameClass = TameClass {
        normal: 0,
        small: true,
    };

    /// The class of a tame genus of normal value `normal`.
    pub(crate) fn of(normal: u32, gammas: &[u32]) -> TameClass {
        TameClass {
            normal,
            small: is_small(normal, gammas),
        }
    }

    /// The class of the sum of positions of classes `self` and `other`.
    pub(crate) fn plus(self, other: TameClass) -> TameClass {
        TameClass {
            normal: self.normal ^ other.normal,
            small: self.small && other.small,
        }
    }

    /// The normal value of the class.
    fn normal(self) -> u32 {
        self.normal
    }

    /// The genus superscripts of the class, as far as they have settled.
    fn gammas(self) -> Vec<u32> {
        tame_gammas(self.normal, self.small)
    }
}
