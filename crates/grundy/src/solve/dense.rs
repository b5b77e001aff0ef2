//! Bottom-up tables for games on small integers.
//!
//! When every option of position `n` is a smaller integer (or a sum of
//! smaller integers), values can be filled in increasing order with no
//! search at all: one pass, one reusable mex set, contiguous memory.

use crate::error::Result;
use crate::game::Limits;
use crate::nimber::MexSet;

/// A game whose positions are `0, 1, 2, ...` and whose options of `n` are
/// (sums of) positions below `n`.
pub trait DenseGame {
    /// Calls `emit` with the value of every option of `n`. `table[m]` holds
    /// the value of every `m < n`; an option that is a sum emits the XOR of
    /// its parts.
    fn option_values(&self, n: usize, table: &[u32], emit: &mut dyn FnMut(u32));
}

/// Values of positions `0..=upto`.
///
/// Fails if the table would exceed `limits.max_states` entries or the
/// computation is asked to stop.
pub fn dense_table<G: DenseGame + ?Sized>(
    game: &G,
    upto: u64,
    limits: &Limits,
) -> Result<Vec<u32>> {
    limits.check_states(upto.saturating_add(1), "this table")?;
    let len = upto as usize + 1;
    let mut table: Vec<u32> = Vec::with_capacity(len);
    let mut set = MexSet::new();
    for n in 0..len {
        if n % 65536 == 0 {
            limits.check("table")?;
        }
        set.clear();
        game.option_values(n, &table, &mut |v| set.insert(v as u64));
        table.push(set.mex() as u32);
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Sub(Vec<usize>);
    impl DenseGame for Sub {
        fn option_values(&self, n: usize, table: &[u32], emit: &mut dyn FnMut(u32)) {
            for &s in &self.0 {
                if n >= s {
                    emit(table[n - s]);
                }
            }
        }
    }

    #[test]
    fn subtraction_1_to_k_is_n_mod_k_plus_1() {
        let t = dense_table(&Sub(vec![1, 2, 3]), 100, &Limits::default()).unwrap();
        assert!(t.iter().enumerate().all(|(n, &g)| g as usize == n % 4));
    }

    #[test]
    fn budget_is_checked_before_allocating() {
        assert!(dense_table(&Sub(vec![1]), 1 << 40, &Limits::default()).is_err());
    }
}
