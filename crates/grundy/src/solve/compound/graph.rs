//! One component of a compound as an explicit graph, and the numbers each
//! compound's theory reads off it.
//!
//! Every compound other than the sum needs more of a component than its
//! nimber: the least number of moves to its end (remoteness), the most
//! (suspense), the values of the game cut short before its end. All of
//! them are one pass over the component's positions, leaves first, so a
//! component is explored once into a [`ComponentGraph`] whose positions
//! are numbers; typed positions stay inside the exploration.

use std::hash::{Hash, Hasher};

use rustc_hash::{FxHashMap, FxHashSet, FxHasher};

use crate::answer::ListedMove;
use crate::error::{Error, Result};
use crate::game::{ComponentOptions, Limits};
use crate::nimber::MexSet;
use crate::solve::retro::MoveGraph;

/// A component of a compound: every position reachable from it, numbered
/// (`0` is the component itself), with its moves.
#[derive(Clone, Debug)]
pub struct ComponentGraph {
    graph: MoveGraph,
    /// Every position, options before the positions they are options of.
    order: Vec<u32>,
    /// The moves of the component itself, as they are reported, with the
    /// position each leads to.
    pub root_moves: Vec<(u32, ListedMove)>,
}

/// The number the theory of remoteness or suspense gives a position, with
/// whether the player to move wins it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Count {
    /// Whether the player to move wins the component played alone.
    pub wins: bool,
    /// How many moves it lasts with the theory's play.
    pub moves: u32,
}

/// What the diminished sum knows of a position: it has ended, it can be
/// ended by one move, or the value of the game played short of those.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Cut {
    /// No move is left: the compound has ended.
    Ended,
    /// One move ends it (in normal play, whoever may move wins at once).
    CanEnd,
    /// The value of the game in which moves to `Ended` (and, in normal
    /// play, to `CanEnd`) are not made.
    Value(u64),
}

impl ComponentGraph {
    /// A component from its move graph (position 0 the component), with
    /// the reported moves of position 0. Fails when the game has a cycle:
    /// the compounds are defined for games that end.
    pub fn new(graph: MoveGraph, root_moves: Vec<(u32, ListedMove)>) -> Result<Self> {
        let order = leaves_first(&graph)?;
        Ok(ComponentGraph {
            graph,
            order,
            root_moves,
        })
    }

    /// The options of position `v`, each once.
    pub fn options(&self, v: u32) -> &[u32] {
        self.graph.options(v)
    }

    /// How many positions the component reaches.
    pub fn len(&self) -> usize {
        self.order.len()
    }

    /// Whether the component has no positions (never: it has itself).
    pub fn is_empty(&self) -> bool {
        self.order.is_empty()
    }

    /// The Sprague-Grundy value of every position.
    pub fn nimbers(&self) -> Vec<u64> {
        let mut out = vec![0; self.len()];
        let mut mex = MexSet::new();
        for &v in &self.order {
            mex.clear();
            for &w in self.options(v) {
                mex.insert(out[w as usize]);
            }
            out[v as usize] = mex.mex();
        }
        out
    }

    /// Whether the player to move wins each position played alone, in
    /// normal play or misère (where a position without a move is won).
    pub fn wins(&self, misere: bool) -> Vec<bool> {
        let mut out = vec![false; self.len()];
        for &v in &self.order {
            let opts = self.options(v);
            out[v as usize] = match opts.is_empty() {
                true => misere,
                false => opts.iter().any(|&w| !out[w as usize]),
            };
        }
        out
    }

    /// Remoteness (`longest == false`: the winner hurries, the loser
    /// delays) or suspense (`longest == true`: the winner delays, the
    /// loser hurries) of every position. A position without a move lasts
    /// 0 moves and is won in misère play, lost in normal play.
    pub fn counts(&self, misere: bool, longest: bool) -> Vec<Count> {
        let mut out = vec![Count::default(); self.len()];
        for &v in &self.order {
            let opts = self.options(v);
            let of = |w: &u32| out[*w as usize];
            let lost = opts.iter().map(of).filter(|c| !c.wins).map(|c| c.moves);
            let winning = match longest {
                true => lost.max(),
                false => lost.min(),
            };
            out[v as usize] = match (opts.is_empty(), winning) {
                (true, _) => Count {
                    wins: misere,
                    moves: 0,
                },
                (false, Some(m)) => Count {
                    wins: true,
                    moves: m + 1,
                },
                (false, None) => {
                    let all = opts.iter().map(|w| of(w).moves);
                    let m = match longest {
                        true => all.min(),
                        false => all.max(),
                    };
                    Count {
                        wins: false,
                        moves: m.unwrap_or(0) + 1,
                    }
                }
            };
        }
        out
    }

    /// The diminished sum's view of every position: moves that end the
    /// component are taken only when they win at once (normal play) and
    /// never otherwise (misère play, where ending it loses), so the rest
    /// of the game is played on the positions short of them.
    pub fn cuts(&self, misere: bool) -> Vec<Cut> {
        let mut out = vec![Cut::Ended; self.len()];
        let mut mex = MexSet::new();
        for &v in &self.order {
            let opts = self.options(v);
            if opts.is_empty() {
                continue;
            }
            let ends = opts.iter().any(|&w| out[w as usize] == Cut::Ended);
            if ends && !misere {
                out[v as usize] = Cut::CanEnd;
                continue;
            }
            mex.clear();
            for &w in opts {
                if let Cut::Value(x) = out[w as usize] {
                    mex.insert(x);
                }
            }
            out[v as usize] = Cut::Value(mex.mex());
        }
        out
    }
}

/// The positions of `graph` with every option before the positions it is
/// an option of (a depth-first post-order from position 0, on an explicit
/// stack); fails on a cycle.
fn leaves_first(graph: &MoveGraph) -> Result<Vec<u32>> {
    const NEW: u8 = 0;
    const OPEN: u8 = 1;
    const DONE: u8 = 2;
    let n = graph.vertex_count();
    let mut state = vec![NEW; n];
    let mut order = Vec::with_capacity(n);
    let mut stack: Vec<(u32, usize)> = Vec::new();
    if n > 0 {
        stack.push((0, 0));
        state[0] = OPEN;
    }
    while let Some(&mut (v, ref mut next)) = stack.last_mut() {
        let opts = graph.options(v);
        if *next == opts.len() {
            state[v as usize] = DONE;
            order.push(v);
            stack.pop();
            continue;
        }
        let w = opts[*next];
        *next += 1;
        match state[w as usize] {
            NEW => {
                state[w as usize] = OPEN;
                stack.push((w, 0));
            }
            OPEN => {
                return Err(Error::unsupported(
                    "a component can come back to a position it left; \
                     the compounds, and sums in misère play, are defined for games that end",
                ))
            }
            _ => {}
        }
    }
    Ok(order)
}

/// The key that puts the parts of a position in one order, so that the
/// same sum reached in two orders is one position (parts of equal key
/// keep their order, which costs at most a repeated position).
fn part_key<C: Hash>(c: &C) -> u64 {
    let mut h = FxHasher::default();
    c.hash(&mut h);
    h.finish()
}

/// Every position reachable from the sum `comps` of a game, numbered
/// breadth first, as a [`ComponentGraph`]: `options_of` lists a
/// component's options, and `write(to, parts)` writes a move of the root
/// to the position `to` whose moved component became `parts`. Fails past
/// `limits.max_states` positions, on a cycle, and when asked to stop.
pub fn explore_sum<C: Clone + Eq + Hash>(
    comps: &[C],
    options_of: ComponentOptions<'_, C>,
    write: &dyn Fn(&[C], &[C]) -> ListedMove,
    limits: &Limits,
) -> Result<ComponentGraph> {
    let what = "exploring a component of the compound";
    let mut root = comps.to_vec();
    root.sort_by_cached_key(part_key);
    let mut positions = vec![root.clone()];
    let mut index: FxHashMap<Vec<C>, u32> = FxHashMap::default();
    index.insert(root, 0);
    let (mut offsets, mut targets) = (vec![0u32], Vec::new());
    let mut root_moves = Vec::new();
    let mut failure = None;
    let mut v = 0;
    while v < positions.len() {
        // Every position: one may have a million options (a heap of Nim),
        // and a thousand of them filled gigabytes between two checks.
        limits.check(what)?;
        // The component's own moves are reported in the order its parts
        // were given, each part replaced where it stood.
        let here = match v {
            0 => comps.to_vec(),
            _ => positions[v].clone(),
        };
        let mut seen = FxHashSet::default();
        for i in 0..here.len() {
            options_of(&here[i], limits, &mut |parts| {
                let mut shown: Vec<C> = here[..i].to_vec();
                shown.extend_from_slice(parts);
                shown.extend_from_slice(&here[i + 1..]);
                let mut next = shown.clone();
                next.sort_by_cached_key(part_key);
                let id = match index.get(&next) {
                    Some(&id) => id,
                    None => {
                        let id = positions.len() as u32;
                        limits.tell_stored(id as u64 + 1);
                        let room = (limits.check_states(id as u64 + 1, what))
                            .and_then(|()| limits.check_map_growth(&index, what))
                            .and_then(|()| limits.check_vec_growth(&positions, what));
                        if let Err(e) = room {
                            failure = Some(e);
                            return false;
                        }
                        index.insert(next.clone(), id);
                        positions.push(next.clone());
                        id
                    }
                };
                if seen.insert(id) {
                    if let Err(e) = limits.check_vec_growth(&targets, what) {
                        failure = Some(e);
                        return false;
                    }
                    targets.push(id);
                    if v == 0 {
                        root_moves.push((id, write(&shown, parts)));
                    }
                }
                true
            })?;
            if let Some(e) = failure.take() {
                return Err(e);
            }
        }
        offsets.push(targets.len() as u32);
        v += 1;
    }
    ComponentGraph::new(MoveGraph::from_csr(offsets, targets)?, root_moves)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A chain 0 -> 1 -> 2 -> 3 with a shortcut 0 -> 3.
    fn chain() -> ComponentGraph {
        let g = MoveGraph::from_edges(4, &[(0, 1), (1, 2), (2, 3), (0, 3)]).unwrap();
        ComponentGraph::new(g, Vec::new()).unwrap()
    }

    #[test]
    fn remoteness_and_suspense_of_a_chain() {
        let g = chain();
        // Position 0 wins by moving to the end at once (remoteness 1), and
        // can also win slowly, through 1 and 2 (suspense 3).
        let r = g.counts(false, false);
        assert_eq!((r[0].wins, r[0].moves), (true, 1));
        let s = g.counts(false, true);
        assert_eq!((s[0].wins, s[0].moves), (true, 3));
        // Misère: 3 is won by the player to move, so 2 is lost, 1 won,
        // and 0, whose options 1 and 3 are both won, is lost.
        let m = g.counts(true, false);
        assert_eq!(
            m.iter().map(|c| c.wins).collect::<Vec<_>>(),
            [false, true, false, true]
        );
        assert_eq!(g.nimbers(), [1, 0, 1, 0]);
        assert_eq!(
            g.cuts(false),
            [Cut::CanEnd, Cut::Value(0), Cut::CanEnd, Cut::Ended]
        );
    }

    #[test]
    fn a_cycle_is_refused() {
        let g = MoveGraph::from_edges(2, &[(0, 1), (1, 0)]).unwrap();
        let err = ComponentGraph::new(g, Vec::new()).unwrap_err().to_string();
        assert!(err.contains("games that end"), "{err}");
    }
}
