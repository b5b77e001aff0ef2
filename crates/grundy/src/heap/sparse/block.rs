//! Blocks of consecutive heaps whose rare x common splits are marked
//! together.
//!
//! The rare x common pass of one heap reads the partner `G(m - a)` of
//! each rare heap `a` at a scattered place of the table, and marks one
//! value: a load that misses the first-level cache now and then, and a
//! store whose address hangs on it. For the heaps `n0..n0 + 16`, the
//! partners of one rare heap are 16 consecutive values of the table. So
//! a block reads them together and marks each in the row of its heap:
//! the loads of a rare heap touch one or two cache lines, and sixteen
//! splits cost about as much as four did one heap at a time.
//!
//! A block marks the rare heaps from [`HEAPS`] on, whose partners all lie
//! below `n0` (already valued; in a window, `ahead` heaps past the table,
//! from `ahead + HEAPS` on), and is made only where every rare heap
//! is below half of every heap's split total, so that no split is the
//! barred equal one and no rare heap is the larger part. Each heap of the
//! block then starts from its row and marks the few smaller rare heaps
//! itself. Any change to the rare list voids every block.

use super::{Scratch, SparseEngine};

/// Heaps in a block.
pub(super) const HEAPS: usize = 16;

/// Bytes of the marks of a block: a row of `2^16` values for each heap.
const SIZE: usize = HEAPS << 16;

/// The marks of a block of heaps: heap `n0 + j` has seen value `v` when
/// `marks[j << shift | v]` is set.
pub(super) struct Block {
    /// The first heap of the block.
    n0: usize,
    /// Every value was below `2^shift` when the block was marked.
    shift: u32,
    /// Rare heaps from this place of the rare list on are marked.
    from: usize,
    /// The engine's count of changes to the rare list when the block was
    /// marked: a rare heap found since (a window's heaps are recorded
    /// while its blocks are still read), or a partition's new list, is in
    /// no block's marks.
    rare_gen: u64,
    /// Whether the block was marked (else a block could not be made).
    valid: bool,
    marks: Box<[u8; SIZE]>,
}

impl Block {
    fn new() -> Box<Block> {
        Box::new(Block {
            n0: 0,
            shift: 0,
            from: 0,
            rare_gen: 0,
            valid: false,
            marks: vec![0u8; SIZE]
                .into_boxed_slice()
                .try_into()
                .expect("1 MiB"),
        })
    }
}

impl SparseEngine {
    /// Starts the marks of heap `n = t.len()`, valued one at a time, from
    /// its block in `s`, marking a new block when `n` is in none and one
    /// pays. Returns the place in the rare list from which rare heaps are
    /// marked already: the list's length without a block.
    pub(super) fn start_marks(&self, t: &[u16], s: &mut Scratch) -> usize {
        let n = t.len();
        // A block that could not be marked is void: the row start clears.
        if !self.holds(s.block.as_deref(), n) && n + HEAPS <= self.next_review {
            self.mark_block(t, 0, &mut s.block);
        }
        self.start_row(n, s.block.as_deref(), &mut s.marks)
    }

    /// Whether `block` is marked for heap `n` and the rare list as it is:
    /// the one test of a block, for heaps one at a time and in windows.
    fn holds(&self, block: Option<&Block>, n: usize) -> bool {
        block.is_some_and(|b| {
            b.valid && (b.n0..b.n0 + HEAPS).contains(&n) && b.rare_gen == self.rare_gen
        })
    }

    /// Starts the marks of heap `n` from its row of `block` when that
    /// holds `n` ([`Self::holds`]), and clears them otherwise; returns
    /// where the rare heaps marked already start in the rare list.
    pub(super) fn start_row(
        &self,
        n: usize,
        block: Option<&Block>,
        marks: &mut [u8; 1 << 16],
    ) -> usize {
        let Some(b) = block.filter(|_| self.holds(block, n)) else {
            return self.start_fresh(marks);
        };
        let row = 1usize << b.shift;
        let j = n - b.n0;
        marks[..row].copy_from_slice(&b.marks[j * row..(j + 1) * row]);
        marks[row..1usize << self.vbits].fill(0);
        b.from
    }

    /// Where the rare heaps a block of heaps `n0..n0 + HEAPS` would mark
    /// start in the rare list, when the table is `ahead` heaps short of
    /// `n0`: the rare heaps from `ahead + HEAPS` on, whose partners are
    /// all valued. `None` when no block can be made there or it would not
    /// pay: some rare heap is not below half of some split total, or too
    /// few rare heaps are left for it.
    pub(super) fn block_from(&self, n0: usize, ahead: usize) -> Option<usize> {
        let last = *self.rare.last()? as usize;
        let kmax = self.split_k.iter().map(|s| s.0).max()?;
        let from = self.rare.partition_point(|&a| (a as usize) < ahead + HEAPS);
        let pays = self.rare.len() - from >= HEAPS && self.vbits <= 16;
        (2 * last + kmax < n0 && pays).then_some(from)
    }

    /// Marks the block of heaps `n0..n0 + HEAPS`, `n0 = t.len() + ahead`
    /// (a window values heaps `ahead` beyond the table), into `slot`,
    /// when [`Self::block_from`] allows; false otherwise (the block is then
    /// void).
    pub(super) fn mark_block(
        &self,
        t: &[u16],
        ahead: usize,
        slot: &mut Option<Box<Block>>,
    ) -> bool {
        let n0 = t.len() + ahead;
        let Some(from) = self.block_from(n0, ahead) else {
            if let Some(b) = slot {
                b.valid = false;
            }
            return false;
        };
        let b = slot.get_or_insert_with(Block::new);
        let shift = self.vbits;
        b.marks[..HEAPS << shift].fill(0);
        let marks = &mut *b.marks;
        let (rare, rare_g) = (&self.rare[from..], &self.rare_g[from..]);
        for &(k, _) in &self.split_k {
            // Heap n0 + j splits into a + (n0 + j - k - a): the partners
            // of a are consecutive, and all in t.
            let m0 = n0 - k;
            for (&a, &g) in rare.iter().zip(rare_g) {
                let start = m0 - a as usize;
                let partners = &t[start..start + HEAPS];
                for (j, &p) in partners.iter().enumerate() {
                    // Below SIZE: j < 16, and values are below 2^shift.
                    marks[((j << shift) | usize::from(p ^ g)) & (SIZE - 1)] = 1;
                }
            }
        }
        (b.n0, b.shift, b.from, b.valid) = (n0, shift, from, true);
        b.rare_gen = self.rare_gen;
        true
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::code::Code;
    use super::super::super::values::HeapValues;
    use super::super::super::{extend_one_by_one, NaiveEngine, SeqEngine};
    use super::*;
    use crate::game::Limits;

    fn values(engine: &mut dyn SeqEngine, n: usize) -> HeapValues {
        let mut table = HeapValues::new();
        extend_one_by_one(engine, &mut table, n, &Limits::default()).unwrap();
        table
    }

    /// Heaps valued from blocks get the naive mex's values: codes whose
    /// rare heaps end early enough for blocks, one with a single-heap
    /// move beside its split and one splitting after removing two.
    #[test]
    fn heaps_valued_in_blocks_match_the_naive_mex() {
        for (code, n) in [("0.174", 3000), ("0.644", 2500), ("0.046", 1500)] {
            let code = Code::parse(code).unwrap();
            let mut sparse = SparseEngine::new(&code);
            let got = values(&mut sparse, n);
            let made = sparse.scratch[0].block.as_ref().is_some_and(|b| b.n0 > 0);
            assert!(made, "{code:?}: no block was made");
            assert_eq!(
                got,
                values(&mut NaiveEngine::new(code.clone()), n),
                "{code:?}"
            );
        }
    }

    /// The reversed copy of the values grows to the run's last heap when
    /// it is known, not to twice the heaps so far (a run to 2^32 - 3
    /// resumed at 3.9 billion heaps asked for 15 GB more than it needed),
    /// and past that heap it grows as before.
    #[test]
    fn the_reversed_copy_stops_at_the_last_heap_expected() {
        let code = Code::parse("0.6").unwrap();
        let mut plain = SparseEngine::new(&code);
        let want = values(&mut plain, 5000);
        assert!(plain.rev.len() >= 8000, "{}", plain.rev.len());
        let mut hinted = SparseEngine::new(&code);
        hinted.expect_last(5000);
        let mut table = values(&mut hinted, 5000);
        assert_eq!(table, want);
        assert!(hinted.rev.len() <= 5003, "{}", hinted.rev.len());
        extend_one_by_one(&mut hinted, &mut table, 6000, &Limits::default()).unwrap();
        assert!(hinted.rev.len() >= 10_000, "{}", hinted.rev.len());
        assert_eq!(table, values(&mut SparseEngine::new(&code), 6000));
    }

    /// A block's row starts a heap's marks only for the heaps of the
    /// block and while the rare list is as it was when it was marked: a
    /// rare heap found since (a window records its heaps while its blocks
    /// are still read) has splits that no row holds.
    #[test]
    fn a_block_holds_its_own_heaps_and_only_until_a_rare_heap_is_found() {
        let mut e = SparseEngine::new(&Code::parse("0.174").unwrap());
        let table = values(&mut e, 3000);
        let HeapValues::Narrow(t) = &table else {
            panic!("narrow values")
        };
        let (n, mut slot) = (t.len(), None);
        assert!(e.mark_block(t, 0, &mut slot));
        let mut marks = Box::new([0u8; 1 << 16]);
        for j in 0..HEAPS {
            let from = e.start_row(n + j, slot.as_deref(), &mut marks);
            assert!(from < e.rare.len(), "heap {} from its row", n + j);
        }
        let after = e.start_row(n + HEAPS, slot.as_deref(), &mut marks);
        assert_eq!(after, e.rare.len(), "a heap past the block");
        let rare = e.rare_vals[n & 1][0];
        e.record(n, rare.into());
        let from = e.start_row(n + 1, slot.as_deref(), &mut marks);
        assert_eq!(from, e.rare.len(), "after a new rare heap");
        assert!(marks.iter().all(|&m| m == 0), "marks cleared");
    }
}
