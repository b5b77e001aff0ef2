//! The top levels of the split search on rayon's pool: once the first
//! open option of a position has not won, the others are searched side
//! by side, each by a search of its own, the first that wins ending the
//! others. Only finished searches put facts in the tables, so every
//! thread count gives the same answers.

use super::{Ctx, OneFrame, Solver};
use crate::error::Result;
use crate::solve::split::Split;

/// Levels of the search whose options are tried in parallel.
#[cfg(feature = "parallel")]
const PARALLEL_DEPTH: u32 = 4;

impl Solver {
    /// Whether one of the open options after the first leaves its sum
    /// with `*n` lost, each searched on rayon's pool: the first alone, as
    /// it wins most often, and a win makes whatever the other threads
    /// searched meanwhile a waste (Cram 5x9 on two threads: 19.9 s against
    /// 21.7 s, 1.8 times one thread's speed instead of 1.66).
    ///
    /// Tried and dropped, on Cram 5x9 on two threads: calling off the
    /// searches still running once one has won (24.7 to 28.5 million
    /// positions instead of 19.6: the options searched in vain are met
    /// again later, at another nimber), and handing the options out in
    /// their order instead of rayon's halves (20.9 million instead of
    /// 18.5: neighbouring options share more of their positions).
    #[cfg(feature = "parallel")]
    pub(super) fn others_win<G: Split + ?Sized>(
        &self,
        cx: &Ctx<'_, G>,
        f: &OneFrame,
    ) -> Result<bool> {
        use crate::solve::split::lists::Lists;
        use rayon::prelude::*;
        let Lists { options, open } = &f.lists;
        let found = open[1..]
            .par_iter()
            .map(|&i| {
                let sum = options.option(i).to_vec();
                self.wins_sum(cx, sum, f.n, f.depth - 1).map(|w| !w)
            })
            .find_any(|r| !matches!(r, Ok(false)));
        found.unwrap_or(Ok(false))
    }

    /// Without threads there are no parallel levels.
    #[cfg(not(feature = "parallel"))]
    pub(super) fn others_win<G: Split + ?Sized>(
        &self,
        _cx: &Ctx<'_, G>,
        _f: &OneFrame,
    ) -> Result<bool> {
        Ok(false)
    }
}

/// Levels of the search whose options are tried in parallel: none on one
/// thread.
pub(super) fn parallel_depth() -> u32 {
    #[cfg(feature = "parallel")]
    if rayon::current_num_threads() > 1 {
        return PARALLEL_DEPTH;
    }
    0
}
