//! The genus of sums of heaps, by the recurrence over their options with
//! an explicit stack, and by the Nim rule for sums of tame heaps.

use rustc_hash::{FxHashMap, FxHashSet};

use crate::heap::options::HeapOptions;

use super::{expand, gamma_at, is_tame_seq, listed_len, tame_gammas, Genus, TameClass, GAMMAS};
use crate::error::{Error, Result};
use crate::game::Limits;
use crate::heap::HeapSequence;
use crate::nimber::MexSet;

/// What is known of a position: its genus (`gammas`: the number of its
/// settled sequence in the table's pool), and whether it and every
/// position reachable from it have tame genera (hereditarily tame).
#[derive(Clone, Copy, Debug)]
struct Entry {
    normal: u32,
    gammas: u32,
    tame: bool,
}

/// The number of `0^120`'s sequence in every pool.
const EMPTY_GAMMAS: u32 = 0;

impl Entry {
    /// The empty sum: `0^120`, tame.
    fn empty() -> Entry {
        Entry {
            normal: 0,
            gammas: EMPTY_GAMMAS,
            tame: true,
        }
    }
}

/// The settled `γ` sequences met so far, each kept once (a table's
/// positions share a handful), numbered for the entries.
struct Pool {
    seqs: Vec<Box<[u32]>>,
    ids: FxHashMap<Box<[u32]>, u32>,
}

impl Pool {
    fn new() -> Pool {
        let mut pool = Pool {
            seqs: Vec::new(),
            ids: FxHashMap::default(),
        };
        pool.intern(&tame_gammas(0, true));
        pool
    }

    /// The number of the settled sequence `gammas`.
    fn intern(&mut self, gammas: &[u32]) -> u32 {
        if let Some(&id) = self.ids.get(gammas) {
            return id;
        }
        let id = self.seqs.len() as u32;
        self.seqs.push(gammas.into());
        self.ids.insert(gammas.into(), id);
        id
    }

    fn get(&self, id: u32) -> &[u32] {
        &self.seqs[id as usize]
    }
}

/// What a frame of the search waits for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Stage {
    /// The single heaps of a sum, to try the Nim rule first.
    Components,
    /// The options of the position, for the recurrence.
    Options,
}

/// A position being solved: the positions it waits for and what they
/// turned out to be so far.
struct Frame {
    pos: Box<[u64]>,
    stage: Stage,
    children: Vec<Box<[u64]>>,
    got: Vec<Entry>,
}

/// Genera of the heaps of one game and of their sums, memoised across
/// calls (a sequence of heaps reuses what smaller heaps computed).
///
/// Positions are sorted multisets of heaps; heaps without a move are
/// the zero game and are dropped, which is exact in misère play too
/// (equal heaps, on the other hand, do not cancel and are kept).
pub struct GenusTable<'a> {
    moves: &'a dyn HeapSequence,
    limits: Limits,
    options: HeapOptions,
    memo: FxHashMap<Box<[u64]>, Entry>,
    pool: Pool,
    shortcut: bool,
    mex: MexSet,
    steps: u64,
}

impl<'a> GenusTable<'a> {
    /// A table for the game whose moves are `moves`, storing at most
    /// `limits.max_states` positions.
    pub fn new(moves: &'a dyn HeapSequence, limits: Limits) -> Self {
        GenusTable {
            moves,
            limits,
            options: HeapOptions::default(),
            memo: FxHashMap::default(),
            pool: Pool::new(),
            shortcut: true,
            mex: MexSet::new(),
            steps: 0,
        }
    }

    /// Replaces the bounds of the work still to come; what is stored stays.
    pub fn set_limits(&mut self, limits: Limits) {
        self.limits = limits;
    }

    /// The genus of a heap of `n`.
    pub fn heap(&mut self, n: u64) -> Result<Genus> {
        self.sum(&[n])
    }

    /// Whether a heap of `n` is hereditarily tame: its genus and that of
    /// every position reachable from it are genera of misère Nim
    /// positions, so that any sum of such heaps plays like misère Nim.
    pub fn is_tame(&mut self, n: u64) -> Result<bool> {
        Ok(self.entry(&[n])?.tame)
    }

    /// The genus of the sum of `heaps`.
    pub fn sum(&mut self, heaps: &[u64]) -> Result<Genus> {
        let e = self.entry(heaps)?;
        Ok(self.genus(&e))
    }

    /// The genus an entry stands for, listed to [`GAMMAS`] values at least.
    fn genus(&self, e: &Entry) -> Genus {
        Genus {
            normal: e.normal,
            gammas: expand(self.pool.get(e.gammas), GAMMAS),
        }
    }

    /// The entry of a sum, named in errors as the user gave it.
    fn entry(&mut self, heaps: &[u64]) -> Result<Entry> {
        let text: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let noun = if heaps.len() == 1 { "heap" } else { "sum" };
        let what = format!(
            "the genus of the {noun} {} of {}",
            text.join("+"),
            self.moves.name()
        );
        let pos = self.normalize(heaps.iter().copied(), &what)?;
        self.solve(pos, &what)
    }

    /// The options of a heap of `h`, listed once and kept.
    fn heap_options(&mut self, h: u64) -> Result<impl ExactSizeIterator<Item = &[u64]> + Clone> {
        if self.options.get(h).is_none() {
            let mut out = Vec::new();
            self.moves.heap_options(h, &self.limits, &mut out)?;
            self.options.insert(h, &out, &self.limits)?;
        }
        Ok(self.options.get(h).expect("kept just now"))
    }

    /// `heaps` as a position: sorted, heaps without a move dropped.
    fn normalize(&mut self, heaps: impl Iterator<Item = u64>, what: &str) -> Result<Box<[u64]>> {
        let mut pos = Vec::new();
        for h in heaps {
            self.tick(what)?;
            if self.heap_options(h)?.len() > 0 {
                pos.push(h);
            }
        }
        pos.sort_unstable();
        Ok(pos.into_boxed_slice())
    }

    /// Counts a step of work and checks the stop flag and memory now and
    /// then (a relaxed load each time would cost little, but this is the
    /// inner loop).
    fn tick(&mut self, what: &str) -> Result<()> {
        self.steps += 1;
        if self.steps.is_multiple_of(1024) {
            self.limits.check(what)?;
        }
        Ok(())
    }

    /// The entry of `pos` if it needs no search: the empty sum, a stored
    /// position, or (with the shortcut) a sum of hereditarily tame heaps,
    /// whose genus is that of the Nim position of the same genera.
    fn known(&mut self, pos: &[u64]) -> Option<Entry> {
        if pos.is_empty() {
            return Some(Entry::empty());
        }
        if let Some(e) = self.memo.get(pos) {
            return Some(*e);
        }
        if !self.shortcut || pos.len() < 2 {
            return None;
        }
        let mut class = TameClass::EMPTY;
        for &h in pos {
            let e = self.memo.get(&[h][..]).filter(|e| e.tame)?;
            class = class.plus(TameClass::of(e.normal, self.pool.get(e.gammas)));
        }
        Some(Entry {
            normal: class.normal(),
            gammas: self.pool.intern(&class.gammas()),
            tame: true,
        })
    }

    /// A frame for `pos`, which is not known: its unknown single heaps
    /// first when the Nim rule might apply, else its options.
    fn frame(&mut self, pos: Box<[u64]>, what: &str) -> Result<Frame> {
        let mut missing: Vec<Box<[u64]>> = Vec::new();
        if self.shortcut && pos.len() >= 2 {
            for &h in pos.iter() {
                let single: Box<[u64]> = Box::new([h]);
                if !self.memo.contains_key(&single) && missing.last() != Some(&single) {
                    missing.push(single);
                }
            }
        }
        let (stage, children) = if missing.is_empty() {
            (Stage::Options, self.options_of(&pos, what)?)
        } else {
            (Stage::Components, missing)
        };
        Ok(Frame {
            pos,
            stage,
            children,
            got: Vec::new(),
        })
    }

    /// Every option of `pos`, once each: one heap (of each size) replaced
    /// by the heaps a move leaves.
    fn options_of(&mut self, pos: &[u64], what: &str) -> Result<Vec<Box<[u64]>>> {
        let mut out = Vec::new();
        for i in 0..pos.len() {
            if i > 0 && pos[i] == pos[i - 1] {
                continue;
            }
            // Copied out: normalizing lists the options of other heaps.
            let moves: Vec<Box<[u64]>> = self.heap_options(pos[i])?.map(Box::from).collect();
            for left in moves {
                let rest = pos[..i].iter().chain(&pos[i + 1..]).copied();
                out.push(self.normalize(rest.chain(left), what)?);
            }
        }
        out.sort_unstable();
        out.dedup();
        Ok(out)
    }

    /// The entry of `pos`, searching what is not known with an explicit
    /// stack (a heap of 100000 in `sub:1` is 100000 levels deep). A
    /// position met again while it is being solved means the game can go
    /// on for ever (a `rules:` script with a cycle): no genus, an error.
    fn solve(&mut self, root: Box<[u64]>, what: &str) -> Result<Entry> {
        if let Some(e) = self.known(&root) {
            return Ok(e);
        }
        let mut open = FxHashSet::from_iter([root.clone()]);
        let mut stack = vec![self.frame(root, what)?];
        while let Some(top) = stack.last_mut() {
            self.tick(what)?;
            if let Some(child) = top.children.get(top.got.len()) {
                match self.known(child) {
                    Some(e) => top.got.push(e),
                    None if open.contains(child) => {
                        let text: Vec<String> = child.iter().map(u64::to_string).collect();
                        return Err(Error::Cyclic(format!("`{}`", text.join("+"))));
                    }
                    None => {
                        let child = child.clone();
                        open.insert(child.clone());
                        let frame = self.frame(child, what)?;
                        stack.push(frame);
                    }
                }
                continue;
            }
            let Some(done) = self.finish(top, what)? else {
                continue;
            };
            if let Some(f) = stack.pop() {
                open.remove(&f.pos);
            }
            match stack.last_mut() {
                Some(parent) => parent.got.push(done),
                None => return Ok(done),
            }
        }
        Err(Error::unsupported(format!(
            "{what}: the search lost its position"
        )))
    }

    /// The entry of a frame whose children are all known, or `None` when
    /// its single heaps turned out not all tame and it now waits for its
    /// options instead.
    fn finish(&mut self, frame: &mut Frame, what: &str) -> Result<Option<Entry>> {
        if frame.stage == Stage::Components {
            if let Some(e) = self.known(&frame.pos) {
                return Ok(Some(e));
            }
            frame.stage = Stage::Options;
            frame.children = self.options_of(&frame.pos, what)?;
            frame.got.clear();
            return Ok(None);
        }
        let e = self.combine(&frame.got, what)?;
        if self.memo.len() as u64 >= self.limits.max_states {
            return Err(Error::limit(what, self.limits.max_states));
        }
        self.limits.check_memory(what)?;
        self.limits.check_map_growth(&self.memo, what)?;
        self.memo.insert(frame.pos.clone(), e);
        Ok(Some(e))
    }

    /// The recurrence: `g` and `γ0` are mexes over the options (`γ0` is 1
    /// without options), and `γk` is the mex of the options' `γk` with
    /// `γ(k-1)` and `γ(k-1) xor 1` (the moves in one of the `k` heaps of 2),
    /// computed until the last two values repeat past every option's
    /// settling (four more values at the latest, see [`GAMMAS`]).
    fn combine(&mut self, options: &[Entry], what: &str) -> Result<Entry> {
        if options.is_empty() {
            return Ok(Entry::empty());
        }
        let settled = options
            .iter()
            .map(|o| self.pool.get(o.gammas).len())
            .max()
            .unwrap_or(2);
        let normal = mex_of(&mut self.mex, options.iter().map(|o| o.normal), &[]);
        let pool = &self.pool;
        let mut gammas = vec![mex_of(
            &mut self.mex,
            options.iter().map(|o| pool.get(o.gammas)[0]),
            &[],
        )];
        let mut k = 1;
        while k < settled + 2 || gammas[k - 1] != gammas[k - 3] || gammas[k - 2] != gammas[k - 4] {
            if k > settled + 8 {
                return Err(Error::unsupported(format!(
                    "{what}: the genus did not settle within eight values past its options'"
                )));
            }
            let prev = gammas[k - 1];
            let options_k = options.iter().map(|o| gamma_at(pool.get(o.gammas), k));
            gammas.push(mex_of(&mut self.mex, options_k, &[prev, prev ^ 1]));
            k += 1;
        }
        gammas.truncate(listed_len(&gammas));
        let tame = is_tame_seq(normal, &gammas) && options.iter().all(|o| o.tame);
        Ok(Entry {
            normal,
            gammas: self.pool.intern(&gammas),
            tame,
        })
    }
}

/// The mex of `values` and `also`, in `mex`'s reused set.
fn mex_of(mex: &mut MexSet, values: impl Iterator<Item = u32>, also: &[u32]) -> u32 {
    mex.clear();
    for v in values.chain(also.iter().copied()) {
        mex.insert(v as u64);
    }
    mex.mex() as u32
}

#[cfg(test)]
mod tests;
