//! Heaps that are hereditarily tame: Conway's genus theory says how their
//! sums play (like misère Nim), so the quotient needs no check for them,
//! and a tame heap whose class a sum of smaller heaps has already is that
//! sum's element, with no construction at all.

use super::{add_heap, light_options, Build, Progress, Snapshot};
use crate::error::Result;
use crate::game::Limits;
use crate::heap::genus::{GenusTable, TameClass};
use crate::heap::HeapSequence;

/// The state budget of the genera that show heaps tame, besides two
/// states a heap: a game whose tameness needs more is checked sum by sum.
/// (Listing the options costs more than the states for games with many
/// options a heap, such as Nim, but no more than building the quotient of
/// the same heaps does.)
const TAME_STATES: u64 = 1 << 16;

/// The classes of heaps `0..=m`, for the largest `m <= to` with heaps
/// `1..=m` all hereditarily tame, as far as their genera fit a small
/// budget (only heap 0's when heap 1 is not, or does not fit), and each
/// heap's options lighter than the heap.
pub(super) fn tame_prefix(moves: &dyn HeapSequence, to: u64, limits: &Limits) -> Vec<TameClass> {
    let budget = limits.within_states(TAME_STATES.saturating_add(to.saturating_mul(2)));
    let mut table = GenusTable::new(moves, budget);
    let mut classes = vec![TameClass::EMPTY];
    for n in 1..=to {
        // A heap with a heavier option ends the prefix before its genus is
        // sought (which would follow the moves up, for as long as they
        // go): building the quotient then refuses that heap in its own
        // words.
        if light_options(moves, n, limits).is_err() || !table.is_tame(n).unwrap_or(false) {
            break;
        }
        match table.heap(n) {
            Ok(genus) => classes.push(TameClass::of(genus.normal, &genus.gammas)),
            Err(_) => break,
        }
    }
    classes
}

/// The element heap `n` is, tame like every heap below it (`classes`
/// holds their classes and its own), when some element's lightest sum has
/// heap `n`'s class: then heap `n` plays as that sum does in every sum of
/// these heaps, and the quotient does not change. Nim's heap 3 is heap 1
/// times heap 2: only its heaps 1, 2, 4, 8, ... grow the quotient.
fn same_element(built: &Build, n: u64, classes: &[TameClass]) -> Option<u32> {
    let class_of_sum = |heaps: &[u64]| {
        heaps
            .iter()
            .fold(TameClass::EMPTY, |c, &h| c.plus(classes[h as usize]))
    };
    let class = classes[n as usize];
    (0..built.monoid.order as u32).find(|&x| class_of_sum(&built.reps[x as usize]) == class)
}

/// Adds heap `n` to `built`: a tame heap (`n` within `tame`) as the
/// element of its class when the quotient has one, else by [`add_heap`](super::add_heap)
/// (with no check for a tame heap). With the step's result comes the
/// quotient as it was before heap `n` for the answer when the step fails
/// (`None`: unchanged), copied only for a step that may change it, and
/// without the heaps' options, which only grow ([`Build::restored`]).
/// `checked`, the states the proofs so far walked, goes into the
/// snapshots of heap `n - 1` that heap `n`'s repairs offer.
pub(super) fn next_heap(
    built: &mut Build,
    (n, checked): (u64, usize),
    (moves, limits): (&dyn HeapSequence, &Limits),
    tame: &[TameClass],
    on: &mut dyn FnMut(Progress<'_>),
) -> (Result<usize>, Option<Build>) {
    let is_tame = n < tame.len() as u64;
    if let Some(x) = is_tame.then(|| same_element(built, n, tame)).flatten() {
        // Checked before the heap is added: a failed step leaves `built`
        // as it was.
        let options = limits
            .check("computing the misère quotient")
            .and_then(|()| light_options(moves, n, limits));
        let added = options.and_then(|o| built.add_heap_as(&o, x, limits));
        return (added.map(|()| 0), None);
    }
    // The copy is refused, not made, when it would pass the budget (Nim's
    // table at 4,096 heaps is 64 MiB).
    if let Err(e) = limits.check_room(built.copy_bytes(), "computing the misère quotient") {
        return (Err(e), None);
    }
    let base = built.without_options();
    let step = match is_tame {
        true => light_options(moves, n, limits).and_then(|o| built.add_heap(&o, limits).map(|_| 0)),
        false => {
            let proven = |later: &Build| Snapshot::before(&base, later, checked);
            add_heap(built, n, (moves, limits), &proven, on)
        }
    };
    (step, Some(base))
}
