//! Finding, and proving, the period of a Grundy sequence.
//!
//! Detection looks for the smallest period `p` that the computed tail
//! follows, and the smallest preperiod `e` from which it does. Proof uses
//! the octal periodicity theorem (Guy and Smith 1956, generalised to moves
//! that leave up to `k` heaps): if moves remove at most `t` tokens and
//! `G(n + p) = G(n)` for all `e <= n < k*e + (k-1)*p + t` (one heap more
//! when `e = 0`, see [`FiniteBound::values_needed`]), the sequence is
//! periodic from `e` for ever. For one heap (`k = 1`, subtraction games)
//! the window is `max(S)` consecutive values, the familiar argument that a
//! repeated state of the last `max(S)` values repeats for ever.

use std::collections::hash_map::{Entry, HashMap};

use serde::Serialize;

use super::values::HeapValues;

/// [`detect`] on the first `len` values of a table of either width.
pub fn detect_table(
    table: &HeapValues,
    len: usize,
    bound: Option<FiniteBound>,
) -> Option<Periodicity> {
    match table {
        HeapValues::Narrow(v) => detect(&v[..len], bound),
        HeapValues::Wide(v) => detect(&v[..len], bound),
    }
}

/// The finite shape of a heap game's moves, which the theorem needs.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct FiniteBound {
    /// The most tokens a move removes (`t`).
    pub max_removed: u64,
    /// The most heaps a move leaves (`k`, at least 1).
    pub max_heaps: u64,
    /// The least heap from which every move of the rules is open, so that
    /// for one-heap games `G(n)` is one function of the `t` values before
    /// it: `t` for subtraction games (taking exactly `n` is a move like any
    /// other), `t + 1` for codes (a move that must leave a heap, or must
    /// take all, differs at `n = t`).
    pub uniform_from: u64,
}

impl FiniteBound {
    /// How many values (from 0) must be known to prove period `p` with
    /// preperiod `e`: the window `e <= n < k*e + (k-1)*p + t` shifted by `p`
    /// (for one heap, the block of `t` values from `e`, or from
    /// `uniform_from - t` if that is later, and its repetition).
    ///
    /// From `e = 0` the window is one heap longer. The proof matches the
    /// options of `n + p` with those of `n` by taking `p` from the largest
    /// part, which is at least `e + p`; from `e = 0` that part can be `p`
    /// itself (`k` parts of `p` after removing `t`, at `n = (k-1)*p + t`),
    /// and taking `p` from it leaves no heap: a move of another kind (4.0
    /// splits 2 into 1 + 1 but cannot leave 1 alone, so `G(0) = G(1) = 0`
    /// proves nothing, and `G(2) = 1`). From `e >= 1` every part keeps a
    /// token.
    pub fn values_needed(&self, e: u64, p: u64) -> u64 {
        let k = self.max_heaps.max(1);
        if k == 1 {
            let e = e.max(self.first_window());
            return e.saturating_add(p).saturating_add(self.max_removed);
        }
        k.saturating_mul(e)
            .saturating_add(k.saturating_mul(p))
            .saturating_add(self.max_removed)
            .saturating_add(u64::from(e == 0))
    }
}

impl FiniteBound {
    /// The first block of `t` values that determines the values after it
    /// (one-heap games).
    fn first_window(&self) -> u64 {
        self.uniform_from.saturating_sub(self.max_removed)
    }
}

/// A detected period.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Periodicity {
    /// The first `n` from which `G(n + p) = G(n)` holds.
    pub preperiod: u64,
    /// The period `p`.
    pub period: u64,
    /// Whether the periodicity theorem proves it for all `n`.
    pub proven: bool,
    /// Which argument proves it, or what would be needed.
    pub proof: String,
    /// How many values (from 0) the proof needs; for an unproven period,
    /// how many were looked at.
    pub needed: u64,
}

impl Periodicity {
    /// The last heap worth showing: the preperiod, two periods, and the
    /// whole proof window.
    pub fn window_end(&self) -> u64 {
        self.needed
            .max(self.preperiod + 2 * self.period)
            .saturating_sub(1)
    }
}

/// The period of the tail of `values`, with its smallest preperiod, if
/// the data support one.
///
/// A proven period wins: the smallest `p` that the theorem proves is the
/// true period (the least eventual period divides it, starts no later, and
/// so would be proven by the same data). For one-heap games (subtraction)
/// it is found directly, as the first block of `t` values that repeats
/// (`first_repeated_window`). Otherwise a period is only observed, and
/// reported when the data back it: its periodic part must span at least
/// [`MIN_REPEATS`] periods (fewer is too easily a coincidence) and at
/// least half of the values (a tail of 9 values repeating in 300,000 says
/// nothing). Among those, the one that starts earliest, the smallest on a
/// tie: a tail that merely ends in `0, 0, 0` also "repeats with period 1",
/// but only from three values before the end.
pub fn detect<T: Copy + Eq + Into<u64>>(
    values: &[T],
    bound: Option<FiniteBound>,
) -> Option<Periodicity> {
    let len = values.len();
    if let Some(b) = bound.filter(|b| b.max_heaps <= 1) {
        let (t, from) = (b.max_removed as usize, b.first_window() as usize);
        if let Some((mut e, p)) = first_repeated_window(values, t, from) {
            // Periodic from e; and from e - 1 when G(e - 1) = G(e - 1 + p).
            while e > 0 && values[e - 1] == values[e - 1 + p] {
                e -= 1;
            }
            return Some(periodicity(e as u64, p as u64, len, bound, true));
        }
    }
    // A proof may come from a single period plus the window, so with a
    // bound every p is a candidate; without, only p <= len / 3.
    let max_p = match bound {
        Some(b) => len.saturating_sub(b.max_removed.max(1) as usize),
        None => len / 3,
    };
    // Most p fail at the first comparison; multiples of a true period walk
    // back over the whole periodic part. Cap the total walk.
    let mut budget = 64usize.saturating_mul(len).max(1 << 16);
    let mut best: Option<(usize, usize)> = None;
    for p in 1..=max_p {
        // Walk back from the end while the sequence repeats with period p.
        let mut n = len - p;
        while n > 0 && values[n - 1] == values[n - 1 + p] {
            n -= 1;
        }
        let walked = len - p - n;
        let proven = bound.is_some_and(|b| len as u64 >= b.values_needed(n as u64, p as u64));
        if proven {
            return Some(periodicity(n as u64, p as u64, len, bound, true));
        }
        let covered = len - n;
        let backed = covered >= MIN_REPEATS * p && 2 * covered >= len;
        if backed && best.is_none_or(|(e, _)| n < e) {
            best = Some((n, p));
        }
        budget = budget.saturating_sub(walked + 1);
        if budget == 0 {
            break;
        }
    }
    best.map(|(e, p)| periodicity(e as u64, p as u64, len, bound, false))
}

/// The first table length at which a run without `--to` looks for a
/// proof; later looks come each time the table doubles. The table of a
/// heap game looks at the same lengths on its own, to switch to copying
/// values once a period is proven.
pub(super) const FIRST_PROOF_CHECK: u64 = 256;

/// How many periods an observed period must span to be reported.
pub const MIN_REPEATS: usize = 3;

/// The least preperiod `e >= from` and period `p` of a sequence in which
/// each value from `from + t` on depends only on the `t` before it, when
/// `values` proves them: the first block of `t` consecutive values from
/// `from` on seen twice, at `e` and `e + p`. Everything after a block is
/// determined by it, so a repeated block repeats for ever; and the least
/// eventual period and preperiod give the first repeated block, so this
/// finds them, however short or long the period, in one pass with a
/// rolling hash (each match checked value by value, so a hash collision
/// can only cost a proof, never give a wrong one). The map of blocks seen
/// holds `e + p` entries when a proof is found, `values.len()` at most.
fn first_repeated_window<T: Copy + Eq + Into<u64>>(
    values: &[T],
    t: usize,
    from: usize,
) -> Option<(usize, usize)> {
    let values = values.get(from..)?;
    let len = values.len();
    if len <= t {
        return None;
    }
    if t == 0 {
        // No move: every value is 0, a period of 1.
        return Some((from, 1));
    }
    let digit = |i: usize| values[i].into() % MERSENNE_61;
    // The weight of the value leaving the window: BASE^(t-1).
    let mut top = 1u64;
    for _ in 1..t {
        top = mul_mod(top, BASE);
    }
    let mut hash = 0u64;
    for i in 0..t {
        hash = add_mod(mul_mod(hash, BASE), digit(i));
    }
    let mut first_seen = HashMap::new();
    for i in 0..=len - t {
        if i > 0 {
            let out = mul_mod(digit(i - 1), top);
            hash = add_mod(hash, MERSENNE_61 - out);
            hash = add_mod(mul_mod(hash, BASE), digit(i + t - 1));
        }
        match first_seen.entry(hash) {
            Entry::Occupied(o) => {
                let j: usize = *o.get();
                if values[j..j + t] == values[i..i + t] {
                    return Some((from + j, i - j));
                }
            }
            Entry::Vacant(v) => {
                v.insert(i);
            }
        }
    }
    None
}

/// The modulus of the rolling hash, a Mersenne prime.
const MERSENNE_61: u64 = (1 << 61) - 1;
/// The base of the rolling hash: any large number below the modulus.
const BASE: u64 = 0x1d8e_4e27_c47d_124f % MERSENNE_61;

fn mul_mod(a: u64, b: u64) -> u64 {
    let z = a as u128 * b as u128;
    let r = (z & MERSENNE_61 as u128) as u64 + (z >> 61) as u64;
    add_mod(r, 0)
}

fn add_mod(a: u64, b: u64) -> u64 {
    let s = a + b;
    let s = (s & MERSENNE_61) + (s >> 61);
    if s >= MERSENNE_61 {
        s - MERSENNE_61
    } else {
        s
    }
}

/// The report of period `p` from `e`, found in `len` values.
fn periodicity(
    e: u64,
    p: u64,
    len: usize,
    bound: Option<FiniteBound>,
    proven: bool,
) -> Periodicity {
    let seen = format!(
        "it holds for n = {e} to {}, {} full periods",
        len - 1,
        (len as u64 - e) / p
    );
    let proof = match bound {
        Some(b) if proven && b.max_heaps <= 1 && b.max_removed == 0 => {
            "no move exists from any heap, so every value is 0".to_string()
        }
        Some(b) if proven && b.max_heaps <= 1 => format!(
            "G(n+{p}) = G(n) for {s} <= n < {w}: a block of {t} consecutive values repeats, and each value depends only on the {t} before it (a move removes at most {t}), so the period holds for ever",
            t = b.max_removed,
            s = e.max(b.first_window()),
            w = e.max(b.first_window()) + b.max_removed,
        ),
        Some(b) if proven => format!(
            "periodicity theorem (moves remove at most t = {t} and leave at most k = {k} heaps): G(n+{p}) = G(n) for {e} <= n < k*e + (k-1)*p + t{one} = {w}",
            one = if e == 0 { " + 1" } else { "" },
            t = b.max_removed,
            k = b.max_heaps,
            w = b.values_needed(e, p) - p,
        ),
        Some(b) => format!(
            "observed, not yet proven: {seen}; the theorem needs values up to n = {}",
            b.values_needed(e, p) - 1
        ),
        None => format!("observed only: no periodicity theorem covers this game; {seen}"),
    };
    let needed = match bound {
        Some(b) => b.values_needed(e, p),
        None => len as u64,
    };
    Periodicity {
        preperiod: e,
        period: p,
        proven,
        proof,
        needed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sub134(len: usize) -> Vec<u32> {
        (0..len).map(|n| [0, 1, 0, 1, 2, 3, 2][n % 7]).collect()
    }

    #[test]
    fn subtraction_134_is_proven_after_one_period_and_a_window() {
        let b = FiniteBound {
            max_removed: 4,
            max_heaps: 1,
            uniform_from: 4,
        };
        let got = detect(&sub134(11), Some(b)).unwrap();
        assert_eq!((got.preperiod, got.period, got.proven), (0, 7, true));
        let short = detect(&sub134(10), Some(b));
        assert!(short.is_none_or(|p| !p.proven));
    }

    #[test]
    fn preperiod_is_the_smallest() {
        let mut v = vec![5, 9, 9];
        v.extend(sub134(40));
        let got = detect(&v, None).unwrap();
        assert_eq!((got.preperiod, got.period, got.proven), (3, 7, false));
        // One exceptional value at the start.
        let mut w = vec![2];
        w.extend(sub134(40).into_iter().skip(1));
        assert_eq!(detect(&w, None).unwrap().preperiod, 1);
    }

    /// Take 3 (`sub:3`): 0,0,0,1,1,1 repeating. A table ending in three
    /// equal values must not report period 1.
    fn sub3(len: usize) -> Vec<u32> {
        (0..len).map(|n| ((n / 3) % 2) as u32).collect()
    }

    #[test]
    fn a_proven_period_beats_a_coincidence_at_the_end() {
        let b = FiniteBound {
            max_removed: 3,
            max_heaps: 1,
            uniform_from: 3,
        };
        for len in 9..200 {
            let got = detect(&sub3(len), Some(b)).unwrap();
            assert_eq!(
                (got.preperiod, got.period, got.proven),
                (0, 6, true),
                "{len}"
            );
        }
        assert!(detect(&sub3(8), Some(b)).is_none_or(|p| !p.proven));
    }

    #[test]
    fn unproven_periods_start_as_early_as_they_can() {
        // Without a bound, 21 values ending in 0,0,0: period 6 from 0, not
        // period 1 from 18.
        let got = detect(&sub3(21), None).unwrap();
        assert_eq!((got.preperiod, got.period, got.proven), (0, 6, false));
    }

    #[test]
    fn aperiodic_data_gives_nothing() {
        let v: Vec<u32> = (0..100).collect();
        assert!(detect(&v, None).is_none());
    }

    /// `sub:3,7,50000` by the plain recurrence.
    fn sub_3_7_50000(len: usize) -> Vec<u32> {
        let mut g = vec![0u32; len];
        for n in 0..len {
            let mut seen = [false; 4];
            for s in [3, 7, 50000] {
                if n >= s {
                    seen[g[n - s] as usize] = true;
                }
            }
            g[n] = seen.iter().position(|&x| !x).unwrap() as u32;
        }
        g
    }

    #[test]
    fn subtraction_proofs_find_the_least_period_however_long() {
        // The values follow period 10 (that of sub:3,7) over long
        // stretches; the true period is 50003 from 50011, proven once
        // G(0..50011 + 50003 + 50000) are known.
        let b = FiniteBound {
            max_removed: 50000,
            max_heaps: 1,
            uniform_from: 50000,
        };
        let values = sub_3_7_50000(150_014);
        let got = detect(&values, Some(b)).unwrap();
        assert_eq!(
            (got.preperiod, got.period, got.proven),
            (50011, 50003, true)
        );
        assert_eq!(got.needed, 150_014);
        let short = detect(&values[..150_013], Some(b));
        assert!(short.as_ref().is_none_or(|p| !p.proven), "{short:?}");
    }

    #[test]
    fn a_short_repeat_at_the_end_of_a_long_table_is_not_a_period() {
        // Aperiodic values, then 0,1,2 three times: a period of 3 seen in
        // the last 9 of 1009 values is a coincidence, not a finding.
        let mut v: Vec<u32> = (0..1000u32).map(|n| n.count_ones() + n % 7).collect();
        v.extend([0, 1, 2, 0, 1, 2, 0, 1, 2]);
        assert_eq!(detect(&v, None), None);
        let b = FiniteBound {
            max_removed: 2,
            max_heaps: 2,
            uniform_from: 3,
        };
        assert_eq!(detect(&v, Some(b)), None);
        // A period that holds over most of the table is reported, with
        // how far it was seen.
        let mut w = vec![5, 9];
        w.extend(sub134(40));
        let got = detect(&w, None).unwrap();
        assert_eq!((got.preperiod, got.period), (2, 7));
        assert!(
            got.proof
                .ends_with("it holds for n = 2 to 41, 5 full periods"),
            "{}",
            got.proof
        );
    }

    #[test]
    fn octal_window() {
        let b = FiniteBound {
            max_removed: 2,
            max_heaps: 2,
            uniform_from: 3,
        };
        // Kayles: period 12, preperiod 71 needs 2*71 + 2*12 + 2 = 168 values.
        assert_eq!(b.values_needed(71, 12), 168);
        // 4.0 (split in two, remove nothing): G(0) = G(1) = 0 is not a
        // period; the window from 0 reaches G(2) = 1.
        let split = FiniteBound {
            max_removed: 0,
            max_heaps: 2,
            uniform_from: 1,
        };
        assert_eq!(split.values_needed(0, 1), 3);
        assert_eq!(split.values_needed(1, 1), 4);
    }
}
