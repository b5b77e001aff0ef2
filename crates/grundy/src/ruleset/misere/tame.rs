//! Misère sums of tame heaps decided by Conway's genus rule: when every
//! heap of a sum is hereditarily tame, the sum plays like misère Nim, so
//! its misère value comes from the heaps' normal values alone (their xor,
//! flipped by 1 when no heap has the genus of a Nim heap of 2 or more),
//! and a sum of any number of heaps costs one genus a heap size.

use std::collections::BTreeSet;
use std::sync::MutexGuard;

use rustc_hash::FxHashMap;

use super::{decided, winning_moves, HeapSum, Misere, BY_GENUS};
use crate::answer::Analysis;
use crate::error::Result;
use crate::game::Limits;
use crate::heap::genus::GenusTable;
use crate::heap::HeapSequence;
use crate::ruleset::Game;

/// The state budget of the genera computed for a sum, besides two states
/// for each heap the largest heap reaches by moves leaving one heap (a
/// heap of 100000 in `sub:1` needs one state a heap); a heap whose genus
/// needs more is left to the quotient and search rather than failing.
/// The genus of sums of many heaps costs tens of microseconds a state, so
/// this stays a fraction of a second.
const GENUS_STATES: u64 = 1 << 14;

/// The most options listed to find the single heaps a heap reaches,
/// besides [`OPTIONS_A_HEAP`] for each heap reached. In most octal games
/// a heap reaches every smaller heap, each with options of its own, so
/// that walk costs the square of the heap: without this bound Kayles'
/// heap of a million, which its quotient decides at once, spent hours
/// proving itself not tame (0.75's heap of 30,000: 11 s). A subtraction
/// game lists a few options a heap, and walks its heaps to the end.
const GENUS_OPTIONS: usize = 1 << 20;

/// The options a heap reached may list, on average, past
/// [`GENUS_OPTIONS`].
const OPTIONS_A_HEAP: usize = 8;

/// What the genus rule needs of a hereditarily tame heap.
#[derive(Clone, Copy, Debug)]
pub(super) struct TameHeap {
    /// Its normal-play value.
    normal: u32,
    /// Whether its genus is `0^120` or `1^031` (that of the empty game or
    /// of a heap of 1 in Nim) rather than `g^{g, g xor 2}`.
    small: bool,
}

/// The heaps of a game asked so far: `None` for a heap that is not
/// hereditarily tame or whose genus did not fit the budget (play asks
/// about the same heaps every move).
pub(super) type TameHeaps = FxHashMap<u64, Option<TameHeap>>;

/// The tame heaps known, and a genus table to learn more (made only when
/// a heap is not known yet).
struct Genera<'a> {
    known: MutexGuard<'a, TameHeaps>,
    moves: &'a dyn HeapSequence,
    /// The user's limits; the table's budget is set when it is made.
    limits: Limits,
    table: Option<GenusTable<'a>>,
}

impl Genera<'_> {
    /// The heap `h` if it is hereditarily tame.
    fn get(&mut self, h: u64) -> Option<TameHeap> {
        if let Some(&t) = self.known.get(&h) {
            return t;
        }
        let tame = match self.single_heaps_tame(h) {
            true => self.compute(h),
            false => None,
        };
        // A stop is no answer: the heap is tried again next time.
        if !self.limits.stopped() {
            self.known.insert(h, tame);
        }
        tame
    }

    /// Whether every heap that `h` reaches by moves that leave one heap is
    /// hereditarily tame (as `h` must be to be tame itself), checked
    /// smallest first: a wild game is found wild at its first wild heap
    /// (Kayles' heap 60 at heap 5) instead of through the genus of every
    /// sum reachable from `h`. False too when there are more such heaps
    /// than the budget or twice `h` (a script whose heaps grow), or when
    /// finding them lists more options than [`GENUS_OPTIONS`] and
    /// [`OPTIONS_A_HEAP`] allow.
    fn single_heaps_tame(&mut self, h: u64) -> bool {
        let mut reached = BTreeSet::new();
        let mut stack = vec![h];
        let mut out = Vec::new();
        let mut listed = 0;
        while let Some(x) = stack.pop() {
            out.clear();
            // Stopped (a time limit): not known tame, and the search that
            // follows stops at its first check.
            let allowed = |reached: usize| GENUS_OPTIONS.max(OPTIONS_A_HEAP * reached);
            let room = allowed(reached.len() + 1).saturating_sub(listed) as u64;
            let room = self.limits.within_states(room);
            if self.limits.stopped() || self.moves.heap_options(x, &room, &mut out).is_err() {
                return false;
            }
            for parts in &out {
                if let [k] = parts[..] {
                    if k != h && reached.insert(k) {
                        stack.push(k);
                    }
                }
            }
            listed += out.len();
            if listed > allowed(reached.len()) {
                return false;
            }
            if reached.len() as u64 > self.limits.max_states.min(GENUS_STATES.max(2 * h)) {
                return false;
            }
        }
        if self.table.is_none() {
            let budget = GENUS_STATES + 2 * reached.len() as u64;
            self.limits.max_states = self.limits.max_states.min(budget);
        }
        reached.into_iter().all(|k| {
            let t = match self.known.get(&k) {
                Some(&t) => t,
                None => self.compute(k),
            };
            self.known.insert(k, t);
            t.is_some()
        })
    }

    /// The heap `h` if its genus (within the budget) says it is
    /// hereditarily tame.
    fn compute(&mut self, h: u64) -> Option<TameHeap> {
        let (moves, limits) = (self.moves, &self.limits);
        let table = self
            .table
            .get_or_insert_with(|| GenusTable::new(moves, limits.clone()));
        match table.is_tame(h) {
            Ok(true) => table.heap(h).ok().map(|g| TameHeap {
                normal: g.normal,
                small: g.normal < 2 && g.misere_value() == g.normal ^ 1,
            }),
            Ok(false) | Err(_) => None,
        }
    }
}

/// The misère value (`γ0`) of a sum of tame heaps, from the xor of their
/// normal values and how many are not small.
fn misere_value(xor: u32, big: usize) -> u32 {
    if big == 0 {
        xor ^ 1
    } else {
        xor
    }
}

impl<G: Game + 'static> Misere<G> {
    /// A sum of heaps decided by the genus rule, when every heap of the sum
    /// (and every heap a winning move leaves) is hereditarily tame within
    /// the budget; `None` leaves the sum to the next method.
    pub(super) fn by_genus(&self, sum: &HeapSum<'_, G::Comp>) -> Option<Result<Analysis>> {
        let (p, limits) = (sum.p, sum.limits);
        let mut genera = Genera {
            known: self.tame.lock().unwrap_or_else(|e| e.into_inner()),
            moves: sum.moves,
            limits: limits.clone(),
            table: None,
        };
        // Largest first, whose single heaps set the budget and include
        // most of the others.
        let mut sizes = sum.heaps.clone();
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        sizes.dedup();
        for &h in &sizes {
            genera.get(h)?;
        }
        let tame: Vec<TameHeap> = (sum.heaps.iter())
            .map(|&h| genera.get(h))
            .collect::<Option<_>>()?;
        let xor = tame.iter().fold(0, |x, t| x ^ t.normal);
        let big = tame.iter().filter(|t| !t.small).count();
        let wins = misere_value(xor, big) != 0;
        let game = &self.game;
        let mut wild = false;
        let found = winning_moves(game, p, wins, limits, |i, parts| {
            let (mut x, mut b) = (xor ^ tame[i].normal, big - usize::from(!tame[i].small));
            for c in parts {
                match game.as_heap(c).and_then(|h| genera.get(h)) {
                    Some(t) => {
                        x ^= t.normal;
                        b += usize::from(!t.small);
                    }
                    None => wild = true,
                }
            }
            Ok(!wild && misere_value(x, b) == 0)
        });
        if wild {
            return None;
        }
        Some(found.map(|(moves, truncated)| Analysis {
            moves_truncated: truncated,
            ..decided(game.name(), p, wins, moves, BY_GENUS)
        }))
    }
}
