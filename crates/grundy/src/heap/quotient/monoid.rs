//! Finite commutative monoids with a marked subset (the P-portion): the
//! bipartite monoids of misère quotients, by multiplication table.

use rustc_hash::FxHashMap;

use crate::error::Result;
use crate::game::Limits;

/// A finite commutative monoid with its P-portion. Element 0 is the
/// identity; elements are numbered in the order their shortest words
/// were found, so tables print in a stable, readable order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Bipartite {
    /// How many elements.
    pub order: usize,
    /// `mul[x * order + y]` = xy.
    pub mul: Vec<u32>,
    /// Whether each element is in the P-portion (a sum it stands for is
    /// a misère P-position: the player to move loses).
    pub p: Vec<bool>,
}

/// A monoid reduced by [`Bipartite::reduce`].
pub struct Reduction {
    /// The reduced monoid.
    pub monoid: Bipartite,
    /// The class of each element of the monoid reduced.
    pub class_of: Vec<u32>,
    /// The element that names each class: its first by the order key.
    pub firsts: Vec<u32>,
}

impl Bipartite {
    /// The trivial monoid {1}, whose one element (the empty sum, a win
    /// for the player to move in misère play) is not in P.
    pub fn trivial() -> Self {
        Bipartite {
            order: 1,
            mul: vec![0],
            p: vec![false],
        }
    }

    /// The product xy.
    pub fn mul(&self, x: u32, y: u32) -> u32 {
        self.mul[x as usize * self.order + y as usize]
    }

    /// The index of x: the least i with x^i = x^j for some j > i.
    pub fn index_of(&self, x: u32) -> u32 {
        let mut seen = vec![u32::MAX; self.order];
        let (mut power, mut i) = (0u32, 0u32);
        while seen[power as usize] == u32::MAX {
            seen[power as usize] = i;
            power = self.mul(power, x);
            i += 1;
        }
        seen[power as usize]
    }

    /// The product of `elements` (1 when empty).
    pub fn product(&self, elements: impl IntoIterator<Item = u32>) -> u32 {
        elements.into_iter().fold(0, |acc, x| self.mul(acc, x))
    }

    /// The reduced quotient: x and y are merged when no z tells them
    /// apart (xz in P exactly when yz in P), which is a congruence (if x
    /// and y agree on every z, they agree on every wz). Returns the
    /// reduced monoid, the class of each element and the element that
    /// names each class: classes are numbered in the order of `order_key`
    /// (smallest first), the identity first, each named by its first.
    pub fn reduce(&self, order_key: &[u64], limits: &Limits) -> Result<Reduction> {
        self.reduce_by(&self.p, order_key, limits)
    }

    /// [`Bipartite::reduce`] with `marked` standing for the P-portion (a
    /// kind's winning elements, for the check's congruences), without a
    /// copy of the table.
    pub fn reduce_by(
        &self,
        marked: &[bool],
        order_key: &[u64],
        limits: &Limits,
    ) -> Result<Reduction> {
        reduce_product(self.order, |x, y| self.mul(x, y), marked, order_key, limits)
    }
}

/// The reduction of the monoid of `order` elements whose product is `mul`
/// and whose marked subset is `marked` (see [`Bipartite::reduce`]): a
/// candidate quotient is reduced from its product rule, without its
/// table, which for a large candidate would not fit where the reduced one
/// does. A reduction costs the square of the order in products. Each
/// class found is an element of the reduced table, so the table of the
/// classes found so far is checked against the limits as they grow: a
/// candidate whose reduced table cannot fit is refused as soon as that
/// is certain rather than at its end (0.67's heap 15 made a candidate of
/// about 90,000 elements that took 50 s and 1 GB before its table was
/// refused), and nothing that fits is refused. The stop flag is read
/// every 1024 elements.
pub fn reduce_product(
    order: usize,
    mul: impl Fn(u32, u32) -> u32,
    marked: &[bool],
    order_key: &[u64],
    limits: &Limits,
) -> Result<Reduction> {
    let n = order;
    // Which z put xz in `marked`, as bits.
    let row = |x: u32| {
        let mut bits = vec![0u64; n.div_ceil(64)];
        for z in 0..n {
            if marked[mul(x, z as u32) as usize] {
                bits[z / 64] |= 1 << (z % 64);
            }
        }
        bits
    };
    let mut classes: FxHashMap<Vec<u64>, u32> = FxHashMap::default();
    let mut class_of = vec![0u32; n];
    // Elements by key, so that each class is named by its first.
    let mut by_key: Vec<u32> = (0..n as u32).collect();
    by_key.sort_by_key(|&x| (x != 0, order_key[x as usize], x));
    let mut firsts = Vec::new();
    for (i, &x) in by_key.iter().enumerate() {
        if i % 1024 == 1023 {
            limits.check("reducing the misère quotient")?;
        }
        let next = classes.len() as u32;
        let c = *classes.entry(row(x)).or_insert(next);
        if c == next {
            firsts.push(x);
            // The states of the table of the classes so far, counted as
            // `room_for_table` counts them (its memory is checked there,
            // once the rows are dropped).
            let found = firsts.len() as u64;
            limits.check_states(
                found * found / 64,
                "reducing the misère quotient's candidate",
            )?;
        }
        class_of[x as usize] = c;
    }
    drop(classes);
    let order = firsts.len();
    super::room_for_table(order, limits)?;
    let mut table = vec![0u32; order * order];
    for (i, &x) in firsts.iter().enumerate() {
        if i % 256 == 255 {
            limits.check("reducing the misère quotient")?;
        }
        for (j, &y) in firsts.iter().enumerate() {
            table[i * order + j] = class_of[mul(x, y) as usize];
        }
    }
    let p = firsts.iter().map(|&x| marked[x as usize]).collect();
    Ok(Reduction {
        monoid: Bipartite {
            order,
            mul: table,
            p,
        },
        class_of,
        firsts,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Z/4 with P = {2}: 0 and 2 are told apart by z = 0, 1 and 3 by
    /// z = 1; nothing merges. With P = {1, 3} (the odd ones), Z/4 reduces
    /// to Z/2.
    #[test]
    fn reduction_merges_exactly_the_indistinguishable() {
        let mul: Vec<u32> = (0..16).map(|i| ((i / 4 + i % 4) % 4) as u32).collect();
        let z4 = |p: Vec<bool>| Bipartite {
            order: 4,
            mul: mul.clone(),
            p,
        };
        let none = Limits::default();
        let r = z4(vec![false, false, true, false])
            .reduce(&[0, 1, 2, 3], &none)
            .unwrap();
        assert_eq!(r.monoid.order, 4);
        let r = z4(vec![false, true, false, true])
            .reduce(&[0, 1, 2, 3], &none)
            .unwrap();
        let q = r.monoid;
        assert_eq!(q.order, 2);
        assert_eq!(r.class_of, vec![0, 1, 0, 1]);
        assert_eq!(r.firsts, vec![0, 1]);
        assert_eq!(q.p, vec![false, true]);
        assert_eq!(q.mul(1, 1), 0);
    }
}
