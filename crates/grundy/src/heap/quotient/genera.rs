//! Conway's genus of each heap, read off a misère quotient.
//!
//! For any position X, X + *m is a misère P-position exactly when the
//! misère Grundy value of X is m (by induction on X and m). The quotient
//! of a game's heaps often holds Nim heaps already: `*m` plays as a sum
//! `Z` of heaps beside every sum (and beside other such Nim heaps) when
//! the options of `Z` have exactly the elements of `*0 .. *(m-1)`
//! (induction on the sum), as 4.7's `*1`, `*2` and `*3` are heap 1, heap 2
//! and their sum. With `*0 .. *M` found so, the misère value of any sum of
//! heaps and Nim heaps up to M is read off the quotient: the one m <= M
//! that puts it plus `*m` in the P-portion; none means it is above M, and
//! only those positions are searched, over their options with values
//! above M too (few: for 4.7, fewer than the heap's size). `γk` of heap n
//! is the misère value of heap n plus k Nim heaps of 2, and it alternates
//! from index `4h + 1` at the latest, h the longest play from the heap
//! (each move adds at most four to an option's settling index, see
//! [`crate::heap::genus::GAMMAS`]). The recurrence over sums
//! ([`crate::heap::genus::GenusTable`]) visits every multiset of heaps,
//! which grows like the partitions of n.

use rustc_hash::FxHashMap;

use super::build::Build;
use super::MisereQuotient;
use crate::error::{Error, Result};
use crate::game::Limits;
use crate::heap::genus::Genus;
use crate::nimber::MexSet;

/// Most Nim heaps looked for among the quotient's elements.
const MAX_NIM: usize = 64;

/// A heap's genus as the quotient gives it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct HeapGenus {
    /// The genus.
    pub genus: Genus,
    /// Whether the heap is hereditarily tame: its genus and that of every
    /// position reachable from it are genera of misère Nim positions.
    pub tame: bool,
}

/// A position of the search: heaps of the game (sorted, each with a
/// move), how many Nim heaps of 2, and whether a Nim heap of 1 (two of
/// them are the empty game).
type Pos = (Box<[u64]>, u32, bool);

impl MisereQuotient {
    /// The genus of every heap the quotient was built for (`0..=heaps()`),
    /// proven as the quotient is. Fails when the quotient holds no `*2`
    /// (the genus is about sums with heaps of 2), or on a bound.
    pub fn genera(&self, limits: &Limits) -> Result<Vec<HeapGenus>> {
        let mut reader = Reader::new(&self.built, limits.clone())?;
        let normal = normal_values(&self.built);
        let height = heights(&self.built);
        let mut out: Vec<HeapGenus> = Vec::with_capacity(normal.len());
        for (n, &g) in normal.iter().enumerate() {
            let genus = Genus::settled(g, reader.gammas(n as u64, height[n])?);
            let options_tame =
                (self.built.options.of(n)).all(|o| o.iter().all(|&h| out[h as usize].tame));
            let tame = genus.is_tame() && options_tame;
            out.push(HeapGenus { genus, tame });
        }
        Ok(out)
    }
}

/// The normal-play value of each heap (the mex over its options of the
/// XOR of the heaps each leaves).
fn normal_values(built: &Build) -> Vec<u32> {
    let mut values: Vec<u32> = Vec::with_capacity(built.options.len());
    let mut mex = MexSet::new();
    for options in built.options.each() {
        mex.clear();
        for o in options {
            mex.insert(o.iter().fold(0, |x, &h| x ^ values[h as usize]) as u64);
        }
        values.push(mex.mex() as u32);
    }
    values
}

/// The longest play from each heap (the plays of a sum's heaps add up).
fn heights(built: &Build) -> Vec<u64> {
    let mut values: Vec<u64> = Vec::with_capacity(built.options.len());
    for options in built.options.each() {
        let longest = options
            .map(|o| 1 + o.iter().map(|&h| values[h as usize]).sum::<u64>())
            .max();
        values.push(longest.unwrap_or(0));
    }
    values
}

/// `gammas`, checked to alternate from index `j` on (Conway: the values
/// of a heap plus k heaps of 2 alternate from some k on).
fn settled(gammas: Vec<u32>, j: usize) -> Result<Vec<u32>> {
    match (j + 2..gammas.len()).all(|k| gammas[k] == gammas[k - 2]) {
        true => Ok(gammas),
        false => Err(Error::unsupported(
            "the misère quotient gives a genus that does not settle into two values",
        )),
    }
}

/// Misère values of positions, from the quotient where it knows them and
/// by search over the rest.
struct Reader<'a> {
    built: &'a Build,
    limits: Limits,
    /// The elements of `*0 .. *M`.
    nims: Vec<u32>,
    /// `*2` to the power k, for each k needed so far.
    twos: Vec<u32>,
    /// The values searched (all above M).
    memo: FxHashMap<Pos, u32>,
    /// Positions looked at, for checking the bounds now and then.
    steps: u64,
}

/// What the search computes, in errors.
const WHAT: &str = "the genera read off the misère quotient";

impl<'a> Reader<'a> {
    fn new(built: &'a Build, limits: Limits) -> Result<Self> {
        let reps = built.rep_options();
        let mut nims = vec![0u32];
        while nims.len() < MAX_NIM {
            let mut t = nims.clone();
            t.sort_unstable();
            t.dedup();
            match reps.iter().position(|o| *o == t) {
                Some(x) => nims.push(x as u32),
                None => break,
            }
        }
        if nims.len() < 3 {
            return Err(Error::unsupported(
                "no sum of the heaps plays as a Nim heap of 2, so the quotient cannot give genera",
            ));
        }
        Ok(Reader {
            built,
            limits,
            twos: vec![0, nims[2]],
            nims,
            memo: FxHashMap::default(),
            steps: 0,
        })
    }

    /// `γ0, γ1, ...` of heap `n`, whose longest play is `height`, up to
    /// where they alternate for ever. That is proven in one of two ways:
    /// the elements of heap n + k·*2 repeat (from k = j on, with period
    /// p) and every value from j to j + p - 1 is the quotient's (a
    /// function of the element), so the values repeat too; or the values
    /// are read to index 4·height + 3, past the settling bound.
    fn gammas(&mut self, n: u64, height: u64) -> Result<Vec<u32>> {
        let last = 4 * height + 3;
        let mut gammas: Vec<u32> = Vec::new();
        let mut seen: FxHashMap<u32, usize> = FxHashMap::default();
        let mut searched: Option<usize> = None;
        for k in 0..=last {
            let k = u32::try_from(k).map_err(|_| Error::limit(WHAT, k))?;
            let pos = self.pos(&[n], k);
            let y = self.element(&pos);
            if let Some(&j) = seen.get(&y) {
                if searched.is_none_or(|s| s < j) {
                    // γk = γj: one more value shows the alternation.
                    let next = gammas.get(j + 1).copied().unwrap_or(gammas[j]);
                    gammas.extend([gammas[j], next]);
                    return settled(gammas, j);
                }
            }
            seen.insert(y, k as usize);
            let v = match self.known(&pos) {
                Some(v) => v,
                None => {
                    searched = Some(k as usize);
                    self.value(pos)?
                }
            };
            gammas.push(v);
        }
        Ok(gammas)
    }

    /// The position of `heaps` (heaps without a move left out) plus `k`
    /// Nim heaps of 2.
    fn pos(&self, heaps: &[u64], k: u32) -> Pos {
        let mut h: Vec<u64> = heaps
            .iter()
            .copied()
            .filter(|&h| !self.built.options.none(h as usize))
            .collect();
        h.sort_unstable();
        (h.into_boxed_slice(), k, false)
    }

    /// The element of `pos`.
    fn element(&mut self, (heaps, k, one): &Pos) -> u32 {
        let q = &self.built.monoid;
        while self.twos.len() <= *k as usize {
            let last = *self.twos.last().expect("*2^0 is there");
            self.twos.push(q.mul(last, self.nims[2]));
        }
        let x = q.product(heaps.iter().map(|&h| self.built.heaps[h as usize]));
        let x = q.mul(x, self.twos[*k as usize]);
        match one {
            true => q.mul(x, self.nims[1]),
            false => x,
        }
    }

    /// The misère value of `pos` when it is at most M: the m that puts
    /// `pos + *m` in P.
    fn known(&mut self, pos: &Pos) -> Option<u32> {
        let x = self.element(pos);
        let q = &self.built.monoid;
        (0..self.nims.len())
            .find(|&m| q.p[q.mul(x, self.nims[m]) as usize])
            .map(|m| m as u32)
    }

    /// The misère value of `root`, searching the positions above M with
    /// an explicit stack.
    fn value(&mut self, root: Pos) -> Result<u32> {
        if let Some(v) = self.known(&root).or_else(|| self.memo.get(&root).copied()) {
            return Ok(v);
        }
        let floor = self.nims.len() as u32;
        let mut stack: Vec<(Pos, Vec<Pos>, Vec<u32>)> =
            vec![(root.clone(), self.above(&root), Vec::new())];
        while let Some((pos, options, got)) = stack.last_mut() {
            self.steps += 1;
            if self.steps.is_multiple_of(1024) {
                self.limits.check(WHAT)?;
            }
            if let Some(o) = options.get(got.len()) {
                match self.memo.get(o) {
                    Some(&v) => got.push(v),
                    None => {
                        let o = o.clone();
                        let above = self.above(&o);
                        stack.push((o, above, Vec::new()));
                    }
                }
                continue;
            }
            // Every value up to M is an option's (the value is above M).
            let v = (floor..)
                .find(|v| !got.contains(v))
                .expect("a value is missing");
            if self.memo.len() as u64 >= self.limits.max_states {
                return Err(Error::limit(WHAT, self.limits.max_states));
            }
            self.memo.insert(pos.clone(), v);
            stack.pop();
            match stack.last_mut() {
                Some((_, _, got)) => got.push(v),
                None => return Ok(v),
            }
        }
        Err(Error::unsupported("the genus search lost its position"))
    }

    /// The options of `pos` whose values are above M (the others have
    /// values the quotient gives, every one up to M among them).
    fn above(&mut self, pos: &Pos) -> Vec<Pos> {
        let (heaps, k, one) = pos;
        let mut out: Vec<Pos> = Vec::new();
        for (i, &h) in heaps.iter().enumerate() {
            if i > 0 && heaps[i - 1] == h {
                continue;
            }
            for left in self.built.options.of(h as usize) {
                let rest: Vec<u64> = heaps[..i]
                    .iter()
                    .chain(&heaps[i + 1..])
                    .chain(left)
                    .copied()
                    .collect();
                let (h, _, _) = self.pos(&rest, 0);
                out.push((h, *k, *one));
            }
        }
        if *k > 0 {
            out.push((heaps.clone(), k - 1, *one));
            out.push((heaps.clone(), k - 1, !one));
        }
        if *one {
            out.push((heaps.clone(), *k, false));
        }
        out.sort_unstable();
        out.dedup();
        out.retain(|o| self.known(o).is_none());
        out
    }
}
