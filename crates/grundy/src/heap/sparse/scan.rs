//! Step 4 of the sparse-space method: the scan of the splits that give rare
//! values, until every needed rare value has been seen.

use std::ops::ControlFlow;

use super::{Scratch, SparseEngine};

/// The splits scanned between two checks for completion: blocks that
/// double from 32 to 256 smaller parts at each end of their range. A check
/// costs about as much as 20 splits and a scan overshoots by half a block
/// on average, so short scans (Kayles: a few splits) want small blocks and
/// long ones (Officers: a few thousand) large ones.
#[derive(Clone, Copy, Debug)]
struct Span {
    start: usize,
    len: usize,
}

impl Span {
    const FIRST: Span = Span { start: 1, len: 32 };
    const LONGEST: usize = 256;

    fn next(self) -> Span {
        Span {
            start: self.start + self.len,
            len: (2 * self.len).min(Span::LONGEST),
        }
    }
}

/// What the scan of heap `n` works on: the values so far `t` and their
/// mirror image `rev` (the engine's), with the heaps from `unknown` on
/// not valued yet; `cand` is `G(n)` unless a needed value is missing.
#[derive(Clone, Copy)]
pub(super) struct Scan<'t> {
    pub(super) t: &'t [u16],
    pub(super) rev: &'t [u16],
    pub(super) n: usize,
    pub(super) unknown: usize,
    pub(super) cand: u32,
}

impl SparseEngine {
    /// Each split kind twice: from the bottom of its range, then from the
    /// top (the two ends a scan block covers).
    fn split_ends(&self) -> impl Iterator<Item = (&(usize, bool), bool)> {
        self.split_k
            .iter()
            .flat_map(|kind| [(kind, false), (kind, true)])
    }

    /// Scans the splits of heap `n` until every value in `s.needed` has
    /// been produced, and returns `G(n)`: `cand`, or the smallest needed
    /// value no split produces.
    pub(super) fn scan(&self, h: Scan<'_>, s: &mut Scratch) -> u32 {
        // All split kinds interleaved, from both ends, a block at a time.
        let mut span = Span::FIRST;
        if s.needed.len() > 64 {
            match self.scan_marking(h, s) {
                ControlFlow::Break(g) => return g,
                ControlFlow::Continue(next) => span = next,
            }
        }
        for (i, &v) in s.needed.iter().enumerate() {
            s.bits[v as usize] = 1 << i;
        }
        let full = u64::MAX >> (64 - s.needed.len());
        let bits = &*s.bits;
        let (mut seen, mut seen2) = (0u64, 0u64);
        let done = loop {
            let mut any = false;
            for (&(k, unequal), top) in self.split_ends() {
                let Some((small, large)) = Self::block(&h, k, unequal, span, top) else {
                    continue;
                };
                any = true;
                let mut pairs = small.chunks_exact(2).zip(large.chunks_exact(2));
                for (x, y) in &mut pairs {
                    seen |= bits[(x[0] ^ y[0]) as usize];
                    seen2 |= bits[(x[1] ^ y[1]) as usize];
                }
                if small.len() % 2 == 1 {
                    seen |= bits[(small[small.len() - 1] ^ large[large.len() - 1]) as usize];
                }
            }
            if (seen | seen2) == full {
                break h.cand;
            }
            if !any {
                // Exhausted: the smallest rare value never produced is G(n).
                let missing = (!(seen | seen2)).trailing_zeros() as usize;
                break s.needed[missing].into();
            }
            span = span.next();
        };
        // Leave the bit table zero.
        for &v in &s.needed {
            s.bits[v as usize] = 0;
        }
        done
    }

    /// The small and large parts of the splits of heap `n` removing `k`
    /// tokens in block `span`: smaller parts in `span` itself, or, when
    /// `top`, as many counted down from the largest smaller part; `None`
    /// when there are none. Blocks never overlap, and when both kinds are
    /// `None` every split has been seen.
    #[inline]
    fn block<'t>(
        h: &Scan<'t>,
        k: usize,
        unequal: bool,
        span: Span,
        top: bool,
    ) -> Option<(&'t [u16], &'t [u16])> {
        let (n, unknown) = (h.n, h.unknown);
        if n < k + 2 {
            return None;
        }
        let m = n - k;
        // The largest smaller part: a <= b, or a < b when unequal.
        let half = if unequal { (m - 1) / 2 } else { m / 2 };
        // Smaller parts whose partners are unknown heaps are left out.
        let first = 1 + unknown.saturating_sub(k);
        // Earlier blocks covered the smaller parts below span.start and
        // the mirror image at the top, above `ceiling`.
        let ceiling = (half + 2).saturating_sub(span.start);
        let bottom_end = span.start + span.len;
        let (start, a1) = if top {
            (
                ceiling.saturating_sub(span.len).max(bottom_end).max(first),
                ceiling,
            )
        } else {
            (span.start.max(first), bottom_end.min(ceiling))
        };
        if start >= a1 {
            return None;
        }
        let base = h.rev.len() - m;
        Some((&h.t[start..a1], &h.rev[base + start - 1..base + a1 - 1]))
    }

    /// Step 4 while more than 64 values are needed: mark every value
    /// produced. Breaks with `G(n)`, or continues with the next block once
    /// at most 64 are left for the register scan.
    fn scan_marking(&self, h: Scan<'_>, s: &mut Scratch) -> ControlFlow<u32, Span> {
        let marks = &mut *s.marks;
        let mut span = Span::FIRST;
        loop {
            let mut any = false;
            for (&(k, unequal), top) in self.split_ends() {
                if let Some((small, large)) = Self::block(&h, k, unequal, span, top) {
                    any = true;
                    for (&x, &y) in small.iter().zip(large) {
                        marks[(x ^ y) as usize] = 1;
                    }
                }
            }
            s.needed.retain(|&v| marks[v as usize] == 0);
            if s.needed.is_empty() {
                return ControlFlow::Break(h.cand);
            }
            if !any {
                // Exhausted: the smallest rare value never produced is G(n).
                return ControlFlow::Break(s.needed[0].into());
            }
            span = span.next();
            if s.needed.len() <= 64 {
                return ControlFlow::Continue(span);
            }
        }
    }
}
