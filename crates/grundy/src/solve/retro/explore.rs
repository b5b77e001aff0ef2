//! From the rules of a game to its explicit graph.
//!
//! Games with cycles cannot be valued by memoised search (a position may
//! depend on itself), but when only finitely many positions are reachable
//! the whole graph can be built and solved at once with
//! [`super::Solved`]. This is how scripted games and `grundy play` reach
//! the loopy engine:
//!
//! ```
//! use grundy::solve::retro::{explore, Solved};
//! use grundy::{StateSpace, Limits, Nimber, Outcome, Value};
//!
//! /// A cycle 1 -> 2 -> 3 -> 1 with an exit 3 -> 0; 0 ends the game.
//! struct Ring;
//! impl StateSpace for Ring {
//!     type Position = u8;
//!     fn moves(&mut self, p: &u8, out: &mut Vec<u8>) -> grundy::Result<()> {
//!         match p {
//!             0 => {}
//!             3 => out.extend([1, 0]),
//!             _ => out.push(p + 1),
//!         }
//!         Ok(())
//!     }
//! }
//!
//! let limits = Limits::default();
//! let e = explore(&mut Ring, &[1], &limits).unwrap();
//! let solved = Solved::new(e.graph.clone(), &limits).unwrap();
//! let one = e.id(&1).unwrap();
//! // 3 wins by 3 -> 0, so 2 (which must go to 3) loses, and 1 wins by
//! // 1 -> 2, in three moves.
//! assert_eq!(solved.outcome(one), Outcome::N);
//! assert_eq!(solved.remoteness(one), Some(3));
//! assert_eq!(e.position(solved.best_option(one).unwrap()), &2);
//! assert_eq!(solved.value(one), Value::Finite(Nimber(1)));
//! ```

use std::sync::Arc;

use rustc_hash::FxHashMap;

use super::MoveGraph;
use crate::error::{Error, Result};
use crate::game::{Limits, StateSpace};

/// The positions reachable in a game, numbered, with their move graph.
#[derive(Clone, Debug)]
pub struct Explored<P> {
    /// The move graph: vertex `i` is `positions[i]`. Shared, so that
    /// [`super::Solved::new`] can take it without a copy.
    pub graph: Arc<MoveGraph>,
    /// The positions in the order they were found (breadth first, the
    /// starts first).
    pub positions: Vec<P>,
    index: FxHashMap<P, u32>,
}

impl<P: Clone + Eq + std::hash::Hash> Explored<P> {
    /// The vertex of position `p`, if it was reached.
    pub fn id(&self, p: &P) -> Option<u32> {
        self.index.get(p).copied()
    }

    /// The position of vertex `v`.
    pub fn position(&self, v: u32) -> &P {
        &self.positions[v as usize]
    }
}

/// Every position reachable from `starts` by [`StateSpace::moves`], breadth
/// first, with the edges between them in the order `moves` gives them.
///
/// Positions are taken whole: [`StateSpace::components`] is not used (the value
/// of a loopy sum comes from its components' values by
/// [`super::sum_values`], so a caller explores each component instead).
/// Fails with [`Error::Limit`] as soon as more than `limits.max_states`
/// positions are found, so an infinite game fails cleanly, with
/// [`Error::Memory`] when the positions fill the memory budget, and with
/// [`Error::Interrupted`] when asked to stop.
pub fn explore<G: StateSpace>(
    game: &mut G,
    starts: &[G::Position],
    limits: &Limits,
) -> Result<Explored<G::Position>> {
    let mut positions: Vec<G::Position> = Vec::new();
    let mut index: FxHashMap<G::Position, u32> = FxHashMap::default();
    let too_many = || Error::limit("exploring the game's positions", limits.max_states);
    let mut add = |p: &G::Position, positions: &mut Vec<G::Position>| -> Result<u32> {
        if let Some(&id) = index.get(p) {
            return Ok(id);
        }
        let id = positions.len();
        if id >= (u32::MAX - 1) as usize {
            return Err(too_many());
        }
        limits.check_states(id as u64 + 1, "exploring the game's positions")?;
        positions.push(p.clone());
        index.insert(p.clone(), id as u32);
        Ok(id as u32)
    };
    for s in starts {
        add(s, &mut positions)?;
    }
    let mut offsets: Vec<u32> = vec![0];
    let mut targets: Vec<u32> = Vec::new();
    let mut buf: Vec<G::Position> = Vec::new();
    let mut v = 0;
    while v < positions.len() {
        if v % 4096 == 4095 {
            limits.check("exploring the game's positions")?;
        }
        buf.clear();
        game.moves(&positions[v], &mut buf)?;
        for p in &buf {
            let id = add(p, &mut positions)?;
            targets.push(id);
        }
        if targets.len() > u32::MAX as usize {
            return Err(too_many());
        }
        offsets.push(targets.len() as u32);
        v += 1;
    }
    Ok(Explored {
        graph: Arc::new(MoveGraph { offsets, targets }),
        positions,
        index,
    })
}
