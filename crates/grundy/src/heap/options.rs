//! The options of heaps, listed once and kept flat.

use rustc_hash::FxHashMap;

use crate::error::Result;
use crate::game::Limits;

/// The options of the heaps kept, each option the heaps it leaves, in two
/// flat lists and an index. A game like Nim has as many options as the
/// square of its heaps (12.5 million for 5,000 heaps): a list of its own
/// for each option, a small allocation each, costs the allocator several
/// times the bytes the memory budget counts. The misère quotient keeps
/// heaps `0, 1, 2, ...` in order; the genus table keeps them as it meets
/// them.
#[derive(Clone, Debug, Default)]
pub struct HeapOptions {
    /// The heaps of every option, one option after another.
    parts: Vec<u64>,
    /// Where each option's heaps end in `parts`.
    option_ends: Vec<usize>,
    /// Each heap kept, with the range of its options in `option_ends`.
    heaps: FxHashMap<u64, (usize, usize)>,
}

impl HeapOptions {
    /// Keeps heap `h`'s options (`h` is not kept yet), or fails with
    /// [`crate::Error::Memory`] first if the lists would grow past the
    /// memory budget.
    pub fn insert(&mut self, h: u64, options: &[Vec<u64>], limits: &Limits) -> Result<()> {
        self.check_growth(options, limits)?;
        let first = self.option_ends.len();
        for o in options {
            self.parts.extend_from_slice(o);
            self.option_ends.push(self.parts.len());
        }
        self.heaps.insert(h, (first, self.option_ends.len()));
        Ok(())
    }

    /// Keeps the options of the next heap, `len()`, of a store kept in
    /// order ([`HeapOptions::insert`]).
    pub fn push(&mut self, options: &[Vec<u64>], limits: &Limits) -> Result<()> {
        self.insert(self.len() as u64, options, limits)
    }

    /// Whether the process has room for the lists to take `options`: a
    /// full list grows by allocating twice its room while the old one is
    /// still held, so Nim's options at 4,096 heaps (64 MiB of heaps)
    /// briefly took 192 MiB, well past a budget checked only between
    /// heaps.
    fn check_growth(&self, options: &[Vec<u64>], limits: &Limits) -> Result<()> {
        const WHAT: &str = "keeping the options of the heaps";
        fn grown<T>(list: &Vec<T>, added: usize) -> u64 {
            let needed = list.len().saturating_add(added);
            match needed <= list.capacity() {
                true => 0,
                false => (needed.max(list.capacity().saturating_mul(2)) * size_of::<T>()) as u64,
            }
        }
        let parts: usize = options.iter().map(Vec::len).sum();
        let bytes =
            grown(&self.parts, parts).saturating_add(grown(&self.option_ends, options.len()));
        if bytes > 0 {
            limits.check_room(bytes, WHAT)?;
        }
        limits.check_map_growth(&self.heaps, WHAT)
    }

    /// How many heaps' options are kept.
    pub fn len(&self) -> usize {
        self.heaps.len()
    }

    /// The options of heap `h`, each the heaps it leaves, if kept.
    pub fn get(&self, h: u64) -> Option<impl ExactSizeIterator<Item = &[u64]> + Clone + '_> {
        let &(first, end) = self.heaps.get(&h)?;
        Some((first..end).map(move |i| {
            let start = i.checked_sub(1).map_or(0, |j| self.option_ends[j]);
            &self.parts[start..self.option_ends[i]]
        }))
    }

    /// The options of heap `h` of a store kept in order, `h < len()`.
    pub fn of(&self, h: usize) -> impl ExactSizeIterator<Item = &[u64]> + Clone + '_ {
        self.get(h as u64).expect("the heaps below len() are kept")
    }

    /// Whether heap `h` of a store kept in order has no move.
    pub fn none(&self, h: usize) -> bool {
        self.of(h).len() == 0
    }

    /// The options of each heap in turn, of a store kept in order.
    pub fn each(&self) -> impl Iterator<Item = impl ExactSizeIterator<Item = &[u64]> + '_> {
        (0..self.len()).map(|h| self.of(h))
    }

    /// Keeps the options of heaps `0..heaps` only, of a store kept in
    /// order.
    pub fn truncate(&mut self, heaps: usize) {
        let Some(&(first, _)) = self.heaps.get(&(heaps as u64)) else {
            return;
        };
        self.heaps.retain(|&h, _| h < heaps as u64);
        self.option_ends.truncate(first);
        let parts = self.option_ends.last().copied().unwrap_or(0);
        self.parts.truncate(parts);
    }
}

#[cfg(test)]
mod tests {
    use super::HeapOptions;
    use crate::error::Error;
    use crate::game::Limits;

    #[test]
    fn options_read_back_as_kept_and_truncate_by_heaps() {
        let heaps: Vec<Vec<Vec<u64>>> = vec![
            vec![],
            vec![vec![]],
            vec![vec![1], vec![]],
            vec![vec![1, 1], vec![2], vec![1]],
        ];
        let mut kept = HeapOptions::default();
        let any = Limits::default();
        heaps.iter().for_each(|o| kept.push(o, &any).unwrap());
        let back: Vec<Vec<Vec<u64>>> = kept
            .each()
            .map(|o| o.map(|x| x.to_vec()).collect())
            .collect();
        assert_eq!(back, heaps);
        assert!(kept.none(0) && !kept.none(1));
        kept.truncate(2);
        assert_eq!(kept.len(), 2);
        kept.push(&[vec![0, 0]], &any).unwrap();
        assert_eq!(kept.of(2).collect::<Vec<_>>(), [&[0u64, 0][..]]);
        // Out of order, as the genus table meets heaps.
        let mut met = HeapOptions::default();
        met.insert(7, &[vec![3, 3]], &any).unwrap();
        met.insert(2, &[], &any).unwrap();
        assert_eq!(met.get(7).unwrap().collect::<Vec<_>>(), [&[3u64, 3][..]]);
        assert_eq!(met.get(2).unwrap().len(), 0);
        assert!(met.get(3).is_none());
    }

    /// The lists grow by doubling while the old list is held: a heap
    /// whose options need more room than the budget leaves is refused
    /// before the lists grow, and nothing of it is kept.
    #[test]
    fn growth_past_the_budget_is_refused_first() {
        fn nothing_held() -> u64 {
            0
        }
        let options: Vec<Vec<u64>> = (0..1000).map(|i| vec![i, i]).collect();
        // 2,000 heaps of 8 bytes and 1,000 ends of 8: 24,000 bytes at
        // least, and the map's room.
        let tight = Limits::default().with_memory(20_000, nothing_held);
        let mut kept = HeapOptions::default();
        match kept.push(&options, &tight) {
            Err(Error::Memory { what, limit }) => {
                assert_eq!(
                    (what.as_str(), limit),
                    ("keeping the options of the heaps", 20_000)
                );
            }
            other => panic!("expected the memory budget, got {other:?}"),
        }
        assert_eq!(kept.len(), 0);
        let roomy = Limits::default().with_memory(1 << 20, nothing_held);
        kept.push(&options, &roomy).unwrap();
        assert_eq!(kept.of(0).len(), 1000);
    }
}
