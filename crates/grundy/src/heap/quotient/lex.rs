//! Lexicographically least sums: the order in which the quotient's check
//! and repair look at sums (Plambeck and Siegel's MisereSolver works in
//! it too).
//!
//! Sums of heaps are compared by their counts, the largest heap first: a
//! sum is smaller when, at the largest heap where the two differ, it has
//! fewer copies. (It is the order of the sums' heaps sorted from largest
//! down, compared as words.) It is a well-order, adding the same heaps to
//! two sums keeps their order, and an option of a sum (one heap replaced
//! by smaller ones) is smaller than the sum. So the least sum standing for
//! each element can be found by enumerating sums in this order and
//! extending only sums whose element is new: a prefix of a least sum is
//! least for its own element.

/// The weight of a heap in a sum: its square, so that every option of a
/// sum is lighter than the sum (a move leaves smaller heaps of no more
/// tokens in all, and parts a + b <= n weigh a^2 + b^2 < n^2), which
/// lets outcomes be computed lightest first.
pub fn weight(heap: u64) -> u64 {
    heap.saturating_mul(heap)
}

/// The states reached from `start` by letters `0..letters` (letter j
/// standing for a heap no smaller than letter j - 1's), in the order of
/// their least sums, and for each state reached the state and letter its
/// least sum extends (`None` for `start` and states not reached).
pub fn least_sums(
    size: usize,
    start: usize,
    letters: usize,
    apply: impl Fn(usize, usize) -> usize,
) -> (Vec<usize>, Vec<Option<(usize, usize)>>) {
    let mut parent: Vec<Option<(usize, usize)>> = vec![None; size];
    let mut seen = vec![false; size];
    seen[start] = true;
    let mut order = vec![start];
    if letters == 0 {
        return (order, parent);
    }
    // state[d]: the state of the sum whose counts of letters d.. are set.
    let mut state = vec![start; letters];
    let mut d = letters - 1;
    loop {
        while d > 0 {
            state[d - 1] = state[d];
            d -= 1;
        }
        // One more of letter d, or up a level while that is not new.
        loop {
            let t = apply(state[d], d);
            if !seen[t] {
                seen[t] = true;
                parent[t] = Some((state[d], d));
                order.push(t);
                state[d] = t;
                break;
            }
            if d + 1 == letters {
                return (order, parent);
            }
            d += 1;
        }
    }
}

/// The letters of the least sum of `state`, from `parent`.
pub fn word(parent: &[Option<(usize, usize)>], mut state: usize) -> Vec<usize> {
    let mut letters = Vec::new();
    while let Some((from, letter)) = parent[state] {
        letters.push(letter);
        state = from;
    }
    letters
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Z/2 x Z/3 by two letters: each element's least sum is the one with
    /// fewest copies of the larger letter, then of the smaller.
    #[test]
    fn least_sums_of_a_small_group() {
        // State = a + 2b for a in 0..2 (letter 0), b in 0..3 (letter 1).
        let apply = |s: usize, j: usize| match j {
            0 => (s % 2 + 1) % 2 + (s / 2) * 2,
            _ => s % 2 + ((s / 2 + 1) % 3) * 2,
        };
        let (order, parent) = least_sums(6, 0, 2, apply);
        assert_eq!(order, [0, 1, 2, 3, 4, 5]);
        assert_eq!(word(&parent, 5), [0, 1, 1]);
        assert_eq!(word(&parent, 2), [1]);
    }
}
