//! Misère canonical forms of impartial games, so that the misère search
//! can replace a component by the simplest game equal to it.
//!
//! Two games are *equal* in misère play when adding either to any third
//! game gives the same misère outcome. Equal components can replace each
//! other in a sum, so the search keys its positions by canonical forms:
//! components that differ as positions but not as games meet in one entry
//! (every tame heap of a subtraction game is one of a handful of forms),
//! and a canonical form has fewer positions below it than the component.
//!
//! The test of equality used here is the sufficient condition behind the
//! Grundy–Smith simplification (Conway, ONAG ch. 12; Siegel, arXiv
//! 2012.08554, section 2): G = H when
//!
//! 1. every option of G equals an option of H or has an option equal to H,
//! 2. the same with G and H swapped, and
//! 3. (the endgame proviso) if one of them has no move, the other is a
//!    misère N-position.
//!
//! Proof, by induction on X: if G + X is a P-position it has a move, so
//! H + X is not a position without moves (by 3, H alone would be N); each
//! H + X' has the outcome of G + X' (N); each H' + X is either some G' + X
//! (N) or has the option H'' + X = G + X (P), so is N. Hence H + X is P,
//! and symmetrically. An option G' of G may therefore be deleted when G'
//! has an option equal to G without G', and if that leaves nothing, G' is
//! a P-position. [`Canon::make`] deletes such options until none is left.
//!
//! Canonical forms are interned: one number per form, its options the
//! numbers of forms. Identity of numbers is the only equality used between
//! finished forms; it is always true equality, so everything here is
//! sound. The counts of distinct forms born by days 0 to 4 (1, 2, 3, 5 and
//! 22: Conway) are reproduced in the tests, which shows the deletions find
//! every simplification on those days.

use rustc_hash::FxHashMap;

/// The canonical form of the game without moves.
pub const END: u32 = 0;

/// The forms made so far, and what is known of them.
pub struct Canon {
    /// The options of each form, sorted.
    options: Vec<Box<[u32]>>,
    index: FxHashMap<Box<[u32]>, u32>,
    /// Whether the player to move wins each form alone, in misère play.
    wins: Vec<bool>,
    /// The length of each form's longest play, which bounds the depth of
    /// the recursions here.
    birthday: Vec<u32>,
    sums: FxHashMap<(u32, u32), u32>,
    /// The form made of each list of options asked for before, as asked
    /// (before deletions): the positions of one coin string meet the same
    /// lists thousands of times, and simplifying each again cost Turning
    /// Turtles on 16 heads 40 s.
    raw: FxHashMap<Box<[u32]>, u32>,
    max_forms: usize,
    max_birthday: u32,
}

impl Canon {
    /// An empty store that makes at most `max_forms` forms, each with no
    /// play longer than `max_birthday` moves (the recursions of sums and
    /// equality go that deep).
    pub fn new(max_forms: usize, max_birthday: u32) -> Canon {
        let mut canon = Canon {
            options: Vec::new(),
            index: FxHashMap::default(),
            wins: Vec::new(),
            birthday: Vec::new(),
            sums: FxHashMap::default(),
            raw: FxHashMap::default(),
            max_forms,
            max_birthday,
        };
        canon.intern(Vec::new());
        canon
    }

    /// The options of form `x`.
    pub fn options(&self, x: u32) -> &[u32] {
        &self.options[x as usize]
    }

    /// Whether the player to move wins form `x` alone in misère play.
    pub fn mover_wins(&self, x: u32) -> bool {
        self.wins[x as usize]
    }

    /// How many forms have been made (the game without moves included).
    pub fn made(&self) -> usize {
        self.options.len()
    }

    /// The canonical form of the game whose options are the forms
    /// `options`, or `None` when it would pass the store's bounds.
    pub fn make(&mut self, mut options: Vec<u32>) -> Option<u32> {
        options.sort_unstable();
        options.dedup();
        let birthday = options
            .iter()
            .map(|&x| self.birthday[x as usize] + 1)
            .max()
            .unwrap_or(0);
        if birthday > self.max_birthday {
            return None;
        }
        // A form's own options have nothing left to delete.
        if let Some(&x) = self.index.get(options.as_slice()) {
            return Some(x);
        }
        if let Some(&x) = self.raw.get(options.as_slice()) {
            return Some(x);
        }
        let asked: Box<[u32]> = options.as_slice().into();
        // Sweeps until a whole sweep deletes nothing: a deletion changes
        // the game the other options are compared with, so an option kept
        // in one sweep may go in the next. (Starting over after every
        // deletion cost a sweep per deletion.)
        // One working memory for every option tried: a map and a list
        // made afresh for each cost a third of the time of Officers' heap
        // of 300 in misère play.
        let mut work = Work::default();
        loop {
            let before = options.len();
            let mut i = 0;
            while i < options.len() {
                if self.deletable(&options, i, &mut work) {
                    options.remove(i);
                } else {
                    i += 1;
                }
            }
            if options.len() == before {
                break;
            }
        }
        let x = match self.index.get(options.as_slice()) {
            Some(&x) => x,
            None if self.options.len() < self.max_forms => self.intern(options),
            None => return None,
        };
        self.raw.insert(asked, x);
        Some(x)
    }

    /// The canonical form of the sum of forms `a` and `b`, or `None` when
    /// it would pass the store's bounds.
    pub fn sum(&mut self, a: u32, b: u32) -> Option<u32> {
        let (a, b) = (a.min(b), a.max(b));
        if a == END {
            return Some(b);
        }
        if let Some(&s) = self.sums.get(&(a, b)) {
            return Some(s);
        }
        if self.birthday[a as usize] + self.birthday[b as usize] > self.max_birthday {
            return None;
        }
        let mut options = Vec::new();
        for i in 0..self.options[a as usize].len() {
            let x = self.options[a as usize][i];
            options.push(self.sum(x, b)?);
        }
        for i in 0..self.options[b as usize].len() {
            let y = self.options[b as usize][i];
            options.push(self.sum(a, y)?);
        }
        let s = self.make(options)?;
        self.sums.insert((a, b), s);
        Some(s)
    }

    fn intern(&mut self, options: Vec<u32>) -> u32 {
        let x = self.options.len() as u32;
        let wins = options.is_empty() || options.iter().any(|&o| !self.wins[o as usize]);
        let birthday = options
            .iter()
            .map(|&o| self.birthday[o as usize] + 1)
            .max()
            .unwrap_or(0);
        let options: Box<[u32]> = options.into();
        self.index.insert(options.clone(), x);
        self.options.push(options);
        self.wins.push(wins);
        self.birthday.push(birthday);
        x
    }

    /// Whether option `i` of the game with `options` may be deleted: it
    /// has an option equal to the game without it, and (the proviso) if
    /// nothing else is left, it is a P-position.
    fn deletable(&self, options: &[u32], i: usize, work: &mut Work) -> bool {
        let g = options[i];
        let (rest, memo) = (&mut work.rest, &mut work.memo);
        rest.clear();
        rest.extend_from_slice(&options[..i]);
        rest.extend_from_slice(&options[i + 1..]);
        if rest.is_empty() && self.wins[g as usize] {
            return false;
        }
        let rest_wins = rest.is_empty() || rest.iter().any(|&x| !self.wins[x as usize]);
        memo.clear();
        let rest = Game {
            options: rest,
            wins: rest_wins,
        };
        self.options[g as usize]
            .iter()
            .any(|&h| self.equals(h, &rest, memo))
    }

    /// Whether form `a` equals the game `k` (whose options are forms), by
    /// the sufficient condition of the module's head; `memo` holds the
    /// answers for `k` so far.
    fn equals(&self, a: u32, k: &Game<'_>, memo: &mut FxHashMap<u32, bool>) -> bool {
        if let Some(&known) = memo.get(&a) {
            return known;
        }
        let ao = &self.options[a as usize];
        let proviso = match (ao.is_empty(), k.options.is_empty()) {
            (true, false) => k.wins,
            (false, true) => self.wins[a as usize],
            _ => true,
        };
        let equal = proviso
            && k.options
                .iter()
                .all(|x| ao.binary_search(x).is_ok() || self.options[*x as usize].contains(&a))
            && ao.iter().all(|&x| {
                k.options.binary_search(&x).is_ok()
                    || self.options[x as usize]
                        .iter()
                        .any(|&y| self.equals(y, k, memo))
            });
        memo.insert(a, equal);
        equal
    }
}

/// What [`Canon::deletable`] works in: the options left without the one
/// tried, and the answers of [`Canon::equals`] for that game.
#[derive(Default)]
struct Work {
    rest: Vec<u32>,
    memo: FxHashMap<u32, bool>,
}

/// A game given by its options (forms) and its misère outcome, not
/// necessarily canonical itself.
struct Game<'a> {
    options: &'a [u32],
    wins: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every form born by `day`, from the forms born by the day before.
    fn born_by(canon: &mut Canon, day: u32) -> Vec<u32> {
        let mut forms = vec![END];
        for _ in 0..day {
            let mut next = Vec::new();
            for mask in 0u64..1 << forms.len() {
                let options = (0..forms.len())
                    .filter(|&i| mask >> i & 1 == 1)
                    .map(|i| forms[i])
                    .collect();
                next.push(canon.make(options).expect("within bounds"));
            }
            next.sort_unstable();
            next.dedup();
            forms = next;
        }
        forms
    }

    /// Conway's counts of misère games born by days 0 to 4: 1, 2, 3, 5, 22.
    #[test]
    fn the_forms_born_by_day_four_are_twenty_two() {
        let mut canon = Canon::new(1 << 20, 64);
        let counts: Vec<usize> = (0..=4).map(|d| born_by(&mut canon, d).len()).collect();
        assert_eq!(counts, [1, 2, 3, 5, 22]);
    }

    /// Nim heaps: *1 + *1 = 0 in misère play, *2 + *2 is not 0, and
    /// {*1} (one move, to *1) is 0.
    #[test]
    fn small_identities() {
        let mut c = Canon::new(1 << 10, 64);
        let star1 = c.make(vec![END]).unwrap();
        let star2 = c.make(vec![END, star1]).unwrap();
        assert_eq!(c.sum(star1, star1), Some(END));
        assert_ne!(c.sum(star2, star2), Some(END));
        assert_eq!(c.make(vec![star1]), Some(END));
        assert!(!c.mover_wins(star1) && c.mover_wins(star2) && c.mover_wins(END));
    }

    /// A list asked again is answered as the first time (from the cache
    /// of lists asked), also when the store is full: a list that
    /// simplifies to a form made is answered, and one that needs a new
    /// form is refused each time it is asked.
    #[test]
    fn lists_met_again_are_answered_alike() {
        let mut c = Canon::new(3, 64);
        let star1 = c.make(vec![END]).unwrap();
        let star2 = c.make(vec![END, star1]).unwrap();
        for _ in 0..2 {
            assert_eq!(c.make(vec![star1]), Some(END), "{{*1}} = 0");
            assert_eq!(c.make(vec![star1, END]), Some(star2), "*2 by its options");
            assert_eq!(c.make(vec![star2]), None, "{{*2}} is a fourth form");
            assert_eq!(c.make(vec![END, star1, star2]), None, "*3 is a fourth form");
        }
        assert_eq!(c.made(), 3);
    }

    #[test]
    fn bounds_are_kept() {
        let mut c = Canon::new(3, 64);
        let star1 = c.make(vec![END]).unwrap();
        let star2 = c.make(vec![END, star1]).unwrap();
        assert_eq!(c.make(vec![star2]), None, "a fourth form");
        let mut c = Canon::new(100, 1);
        let star1 = c.make(vec![END]).unwrap();
        assert_eq!(c.make(vec![star1, END]), None, "born on day 2");
    }
}
