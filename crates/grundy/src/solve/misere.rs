//! Misère outcomes by memoised search: the last player to move loses, so
//! a position with no move is a win for the player to move.
//!
//! Misère play has no Sprague-Grundy values to add up (the XOR rule fails:
//! equal pairs do not cancel), so the general way to decide a position is
//! to search it whole. [`MisereSearch`] does so with an explicit stack
//! (deep games cannot overflow the call stack) and stops at the first
//! winning option. [`SumSpace`] is the space of sums of a game's
//! components, each position the sorted multiset of its components. Equal
//! pairs cannot be cancelled, but a component can be replaced by any game
//! equal to it in misère play, so each is written as its misère canonical
//! form ([`canon`]: the Grundy–Smith simplification) when that form is
//! small enough: components that are different positions but the same
//! game meet in one entry, the forms have fewer positions below them than
//! the components, and forms without moves (not only components without
//! moves) drop out. Wythoff's 9,11 + 8,13 + 6,7 + 5,5 took longer than two
//! minutes without the forms and takes three seconds with them.

pub mod canon;

use std::hash::Hash;

use rustc_hash::FxHashMap;

use crate::error::{Error, Result};
use crate::game::{ComponentOptions, Limits, StateSpace};
use canon::{Canon, END};

/// A position waiting for its options' outcomes.
struct Frame<P> {
    pos: P,
    options: Vec<P>,
    next: usize,
}

/// The misère outcomes of one space's positions, kept between questions so
/// that the winning moves of a position reuse its search.
pub struct MisereSearch<S: StateSpace> {
    space: S,
    limits: Limits,
    /// Whether the player to move wins; `None` while being searched.
    known: FxHashMap<S::Position, Option<bool>>,
}

impl<S: StateSpace> MisereSearch<S> {
    /// An empty search of `space` storing at most `limits.max_states`
    /// positions.
    pub fn new(space: S, limits: Limits) -> Self {
        MisereSearch {
            space,
            limits,
            known: FxHashMap::default(),
        }
    }

    /// The space searched, for turning moves into its positions.
    pub fn space(&mut self) -> &mut S {
        &mut self.space
    }

    /// Whether the player to move from `p` wins under misère play. A
    /// position reached again while being searched is a cycle: misère play
    /// of a loopy game is refused with [`Error::Unsupported`].
    pub fn mover_wins(&mut self, p: &S::Position) -> Result<bool> {
        let result = self.search(p);
        if result.is_err() {
            self.known.retain(|_, v| v.is_some());
        }
        result
    }

    fn open(&mut self, pos: S::Position) -> Result<Frame<S::Position>> {
        self.limits
            .check_states(self.known.len() as u64 + 1, "this misère search")?;
        self.limits.check("this misère search")?;
        self.limits
            .check_map_growth(&self.known, "this misère search")?;
        let mut options = Vec::new();
        self.space.moves(&pos, &mut options)?;
        self.known.insert(pos.clone(), None);
        self.limits.tell_stored(self.known.len() as u64);
        Ok(Frame {
            pos,
            options,
            next: 0,
        })
    }

    fn search(&mut self, root: &S::Position) -> Result<bool> {
        if let Some(&Some(w)) = self.known.get(root) {
            return Ok(w);
        }
        let mut stack = vec![self.open(root.clone())?];
        // The outcome of the frame just closed, for its parent.
        let mut closed: Option<bool> = None;
        loop {
            let top = stack.last_mut().expect("the stack holds the root");
            let wins = match closed.take() {
                // A child the mover loses from is a winning move.
                Some(false) => Some(true),
                Some(true) => {
                    top.next += 1;
                    None
                }
                None => None,
            };
            let wins = wins.or_else(|| {
                // No option left that wins: a win only with no move at all.
                (top.next == top.options.len()).then_some(top.options.is_empty())
            });
            if let Some(w) = wins {
                let frame = stack.pop().expect("the top frame");
                self.known.insert(frame.pos, Some(w));
                if stack.is_empty() {
                    return Ok(w);
                }
                closed = Some(w);
                continue;
            }
            let child = top.options[top.next].clone();
            match self.known.get(&child) {
                Some(&Some(w)) => closed = Some(w),
                Some(None) => return Err(cycle()),
                None => {
                    let frame = self.open(child)?;
                    stack.push(frame);
                }
            }
        }
    }
}

/// Sums of a game's components for the misère search: a position
/// is the sorted multiset of its components, each written as its misère
/// canonical form (see [`canon`]) when that form is small enough to make,
/// and otherwise as the component's number tagged [`RAW`] (each distinct
/// component numbered once, its options listed once). Components equal to
/// the game without moves are dropped.
pub struct SumSpace<'a, C> {
    options_of: ComponentOptions<'a, C>,
    limits: Limits,
    numbers: FxHashMap<C, u32>,
    /// The options of each numbered component, each a position of its
    /// parts, once listed.
    options: Vec<Option<Vec<Vec<u32>>>>,
    /// Whether each numbered component has a move, once asked.
    movable: Vec<Option<bool>>,
    /// The components, by number, to list their options.
    comps: Vec<C>,
    /// Each numbered component's canonical form once tried: `Some(None)`
    /// when it is too big to make.
    forms: Vec<Option<Option<u32>>>,
    /// Whether each numbered component is on the stack of [`Self::form`]
    /// (met again there, it is on a cycle).
    pending: Vec<bool>,
    canon: Canon,
}

/// The tag of a component kept as itself (by number) in a position, its
/// canonical form being too big; untagged entries are canonical forms.
pub const RAW: u32 = 1 << 31;

/// At most this many canonical forms are made for one search (and at most
/// this many components explored for one form), none with a play longer
/// than [`MAX_BIRTHDAY`]; components beyond these are searched as
/// themselves.
const MAX_FORMS: usize = 1 << 16;
const MAX_BIRTHDAY: u32 = 256;

impl<'a, C: Clone + Eq + Hash> SumSpace<'a, C> {
    /// The sums of the components whose options `options_of` lists.
    pub fn new(options_of: ComponentOptions<'a, C>, limits: Limits) -> Self {
        let max_forms = MAX_FORMS.min(usize::try_from(limits.max_states).unwrap_or(usize::MAX));
        SumSpace {
            options_of,
            limits,
            numbers: FxHashMap::default(),
            options: Vec::new(),
            movable: Vec::new(),
            comps: Vec::new(),
            forms: Vec::new(),
            pending: Vec::new(),
            canon: Canon::new(max_forms.max(1), MAX_BIRTHDAY),
        }
    }

    /// The position made of `comps`: their canonical forms (or tagged
    /// numbers), the games without moves left out, sorted.
    pub fn position(&mut self, comps: &[C]) -> Result<Vec<u32>> {
        let numbers: Vec<u32> = comps.iter().map(|c| self.number(c)).collect();
        self.position_of(&numbers)
    }

    /// [`Self::position`] of components already numbered.
    fn position_of(&mut self, numbers: &[u32]) -> Result<Vec<u32>> {
        let mut pos = Vec::with_capacity(numbers.len());
        for &n in numbers {
            match self.form(n)? {
                Some(END) => {}
                Some(x) => pos.push(x),
                None => {
                    if self.has_move(n)? {
                        pos.push(n | RAW);
                    }
                }
            }
        }
        pos.sort_unstable();
        Ok(pos)
    }

    fn number(&mut self, c: &C) -> u32 {
        if let Some(&n) = self.numbers.get(c) {
            return n;
        }
        let n = self.comps.len() as u32;
        self.numbers.insert(c.clone(), n);
        self.comps.push(c.clone());
        self.options.push(None);
        self.movable.push(None);
        self.forms.push(None);
        self.pending.push(false);
        n
    }

    /// Whether component `n` has a move (its first option is enough:
    /// asking never lists the options of options, so deep and cyclic
    /// games are only ever searched by the explicit stack).
    fn has_move(&mut self, n: u32) -> Result<bool> {
        if let Some(m) = self.movable[n as usize] {
            return Ok(m);
        }
        let mut any = false;
        (self.options_of)(&self.comps[n as usize], &self.limits, &mut |_| {
            any = true;
            false
        })?;
        self.movable[n as usize] = Some(any);
        Ok(any)
    }

    /// The parts of each option of component `n`, as numbers.
    fn parts_of(&mut self, n: u32) -> Result<Vec<Vec<u32>>> {
        let mut raw: Vec<Vec<C>> = Vec::new();
        let mut over = None;
        let (options_of, limits) = (self.options_of, &self.limits);
        options_of(&self.comps[n as usize], limits, &mut |parts| {
            if raw.len() as u64 >= limits.max_states {
                over = Some(Error::limit(
                    "listing a component's moves",
                    limits.max_states,
                ));
                return false;
            }
            raw.push(parts.to_vec());
            true
        })?;
        if let Some(e) = over {
            return Err(e);
        }
        let parts = raw
            .iter()
            .map(|parts| parts.iter().map(|c| self.number(c)).collect())
            .collect();
        // Each component met is stored (its number, its form): a game of
        // many components (20 coins have a million) is bounded by
        // `--max-states` before its canonical forms take minutes.
        self.limits.check_states(
            self.comps.len() as u64,
            "listing this misère search's components",
        )?;
        Ok(parts)
    }

    /// The options of raw component `n`, listed on first use.
    fn listed(&mut self, n: u32) -> Result<&[Vec<u32>]> {
        if self.options[n as usize].is_none() {
            let mut opts = Vec::new();
            for parts in self.parts_of(n)? {
                opts.push(self.position_of(&parts)?);
            }
            opts.sort_unstable();
            opts.dedup();
            self.options[n as usize] = Some(opts);
        }
        Ok(self.options[n as usize].as_deref().expect("just listed"))
    }

    /// The canonical form of component `n`, made from the forms of its
    /// options' parts by an explicit stack (components can be deep), or
    /// `None` when it passes the bounds of the store.
    fn form(&mut self, n: u32) -> Result<Option<u32>> {
        if let Some(known) = self.forms[n as usize] {
            return Ok(known);
        }
        let mut stack = Vec::new();
        let made = self.make_form(n, &mut stack);
        // On an error the components left on the stack stay untried.
        for p in &stack {
            self.pending[p.n as usize] = false;
        }
        made
    }

    fn make_form(&mut self, n: u32, stack: &mut Vec<Pending>) -> Result<Option<u32>> {
        stack.push(Pending::open(self, n)?);
        let mut opened = 1;
        loop {
            let top = stack.last_mut().expect("the stack holds the root");
            let Some(parts) = top.parts.get(top.next) else {
                let done = stack.pop().expect("the top");
                self.pending[done.n as usize] = false;
                let form = self.canon.make(done.got);
                self.forms[done.n as usize] = Some(form);
                match (form, stack.last_mut()) {
                    (None, _) => return Ok(self.give_up(stack)),
                    (Some(x), None) => return Ok(Some(x)),
                    // A part of the parent's current option: the parent
                    // takes up that option again, its parts now made.
                    (Some(_), Some(_)) => {}
                }
                continue;
            };
            if let Some(&m) = parts.iter().find(|&&m| self.forms[m as usize].is_none()) {
                if self.pending[m as usize] {
                    return Err(cycle());
                }
                self.limits.check("the search of misère canonical forms")?;
                opened += 1;
                if opened > MAX_FORMS {
                    return Ok(self.give_up(stack));
                }
                let pending = Pending::open(self, m)?;
                stack.push(pending);
                continue;
            }
            let mut total = Some(END);
            for &m in parts {
                let part = self.forms[m as usize].expect("made above");
                total = match (total, part) {
                    (Some(t), Some(p)) => self.canon.sum(t, p),
                    _ => None,
                };
            }
            let Some(total) = total else {
                return Ok(self.give_up(stack));
            };
            // Sums of large forms take long: a time limit is heard here.
            self.limits.check("the search of misère canonical forms")?;
            let top = stack.last_mut().expect("the stack holds the root");
            top.got.push(total);
            top.next += 1;
        }
    }

    /// Marks the components waiting on a form too big to make as too big
    /// themselves (each would contain it).
    fn give_up(&mut self, stack: &mut Vec<Pending>) -> Option<u32> {
        for p in stack.drain(..) {
            self.forms[p.n as usize] = Some(None);
            self.pending[p.n as usize] = false;
        }
        None
    }
}

/// A component whose canonical form waits for the forms of its options.
struct Pending {
    n: u32,
    parts: Vec<Vec<u32>>,
    next: usize,
    got: Vec<u32>,
}

impl Pending {
    fn open<C: Clone + Eq + Hash>(space: &mut SumSpace<'_, C>, n: u32) -> Result<Pending> {
        let parts = space.parts_of(n)?;
        space.pending[n as usize] = true;
        Ok(Pending {
            n,
            parts,
            next: 0,
            got: Vec::new(),
        })
    }
}

fn cycle() -> Error {
    Error::unsupported(
        "the moves have a cycle, and misère play (the last player to move loses) is analysed only for games that end",
    )
}

impl<C: Clone + Eq + Hash> StateSpace for SumSpace<'_, C> {
    type Position = Vec<u32>;

    fn moves(&mut self, p: &Vec<u32>, out: &mut Vec<Vec<u32>>) -> Result<()> {
        for (i, &x) in p.iter().enumerate() {
            if i > 0 && p[i - 1] == x {
                continue; // Equal components have the same moves.
            }
            let opts: Vec<Vec<u32>> = if x & RAW != 0 {
                self.listed(x & !RAW)?.to_vec()
            } else {
                let forms = self.canon.options(x);
                forms
                    .iter()
                    .map(|&o| if o == END { vec![] } else { vec![o] })
                    .collect()
            };
            for parts in opts {
                let mut next = Vec::with_capacity(p.len() + parts.len());
                next.extend_from_slice(&p[..i]);
                next.extend_from_slice(&p[i + 1..]);
                next.extend_from_slice(&parts);
                next.sort_unstable();
                out.push(next);
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::game::Visit;

    /// Misère Nim heaps as a state space of sorted heap lists.
    struct Heaps;

    impl StateSpace for Heaps {
        type Position = Vec<u64>;
        fn moves(&mut self, p: &Vec<u64>, out: &mut Vec<Vec<u64>>) -> Result<()> {
            for i in 0..p.len() {
                for to in 0..p[i] {
                    let mut next = p.clone();
                    next[i] = to;
                    next.retain(|&h| h > 0);
                    next.sort_unstable();
                    out.push(next);
                }
            }
            Ok(())
        }
    }

    /// Bouton: misère Nim is lost by the mover exactly when some heap is
    /// big and the XOR is 0, or no heap is big and the number of 1-heaps
    /// is odd.
    #[test]
    fn misere_nim_follows_bouton() {
        let mut s = MisereSearch::new(Heaps, Limits::default());
        for a in 0..5u64 {
            for b in 0..5 {
                for c in 0..5 {
                    let mut p: Vec<u64> = [a, b, c].into_iter().filter(|&h| h > 0).collect();
                    p.sort_unstable();
                    let big = p.iter().any(|&h| h >= 2);
                    let lost = if big {
                        a ^ b ^ c == 0
                    } else {
                        p.len() % 2 == 1
                    };
                    assert_eq!(s.mover_wins(&p).unwrap(), !lost, "{a} {b} {c}");
                }
            }
        }
    }

    /// A cycle is refused, and a search too large for its budget says so.
    #[test]
    fn cycles_and_budgets_are_errors() {
        let mut s = MisereSearch::new(crate::solve::fixtures::Loop, Limits::default());
        assert!(matches!(s.mover_wins(&0), Err(Error::Unsupported(m)) if m.contains("cycle")));
        let mut s = MisereSearch::new(Heaps, Limits::with_max_states(10));
        let err = s.mover_wins(&vec![5, 6, 7]).unwrap_err();
        assert!(matches!(err, Error::Limit { .. }), "{err}");
    }

    /// The form of a heap that splits without removing (4.7: a heap of
    /// `n` becomes `a + (n - a)`) is made from its options alone, whether
    /// the smaller heaps' forms were made before or while making it. A
    /// made part was once also taken for an option of the heap that
    /// needed it, which turned the P-positions below into N-positions
    /// (each checked by an independent search of the rules).
    #[test]
    fn forms_do_not_depend_on_the_order_they_are_made_in() {
        use crate::heap::HeapRules;
        let code = crate::heap::Code::parse("4.7").unwrap();
        let lost: [&[u64]; 6] = [
            &[3, 10],
            &[7, 12],
            &[8, 13],
            &[12, 12],
            &[3, 4, 6, 9],
            &[1, 3, 5, 10],
        ];
        for warm in [false, true] {
            let options = |c: &u64, _: &Limits, f: Visit<u64>| {
                code.for_each_option(*c, f);
                Ok(())
            };
            let mut space = SumSpace::new(&options, Limits::default());
            if warm {
                for n in 1..=13 {
                    space.position(&[n]).unwrap();
                }
            }
            let fresh = space.position(&[3]).unwrap();
            let mut search = MisereSearch::new(space, Limits::default());
            for heaps in lost {
                let p = search.space().position(heaps).unwrap();
                assert!(!search.mover_wins(&p).unwrap(), "{heaps:?} (warm: {warm})");
            }
            // A heap of 3 (options 1+2, 2 and 1+1) equals a heap of 1.
            let one = search.space().position(&[1]).unwrap();
            assert_eq!(fresh, one, "warm: {warm}");
        }
    }
}
