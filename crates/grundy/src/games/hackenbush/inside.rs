//! Revaluing one 2-edge-connected part without one of its edges: how a
//! cut inside a cycle is checked. A general part is fused again without
//! the edge (linear in the part); a part that is a plain cycle with
//! nothing hanging below it but at its top, the common shape, is walked
//! once and then answers each edge in constant time, because cutting its
//! edge number `i` (counted around from the top) leaves two paths of `i`
//! and `m - 1 - i` edges.

use super::{Fusion, NONE};

/// The 2-edge-connected parts one by one, for revaluing a part without
/// one of its edges.
pub(super) struct Inside {
    /// Vertices of each part, grouped: part `p` (by top) owns
    /// `vertices[vstart[p]..vstart[p + 1]]`; likewise its inner edges.
    vstart: Vec<u32>,
    vertices: Vec<u32>,
    estart: Vec<u32>,
    inner: Vec<u32>,
    /// What hangs at each vertex through bridges to child parts.
    hang: Vec<u64>,
    /// Scratch: vertex to index within its part.
    local: Vec<u32>,
    /// What each part (by top) is known to be.
    shape: Vec<Shape>,
    /// Each edge's number around its plain cycle, counted from the top.
    place: Vec<u32>,
}

/// The shape of a 2-edge-connected part, as far as cuts care.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Not yet looked at.
    Unseen,
    /// A plain cycle with nothing hanging below it but at its top.
    Plain,
    /// Any other part.
    Other,
}

impl Inside {
    pub(super) fn new(edges: &[(u32, u32)], f: &Fusion) -> Inside {
        let n = f.part.len();
        let group = |keys: &mut dyn Iterator<Item = u32>| {
            let keys: Vec<u32> = keys.collect();
            let mut start = vec![0u32; n + 1];
            for &k in &keys {
                if k != NONE {
                    start[k as usize + 1] += 1;
                }
            }
            for v in 0..n {
                start[v + 1] += start[v];
            }
            let mut fill = start.clone();
            let mut items = vec![0u32; start[n] as usize];
            for (i, &k) in keys.iter().enumerate() {
                if k != NONE {
                    items[fill[k as usize] as usize] = i as u32;
                    fill[k as usize] += 1;
                }
            }
            (start, items)
        };
        let (vstart, vertices) = group(&mut f.part.iter().copied());
        let (estart, inner) = group(&mut edges.iter().enumerate().map(|(e, &(a, _))| {
            if f.bridge[e] {
                NONE
            } else {
                f.part[a as usize]
            }
        }));
        let mut hang = vec![0u64; n];
        for &v in &f.order[1..] {
            if f.part[v as usize] == v {
                hang[f.parent(v) as usize] ^= f.value[v as usize] + 1;
            }
        }
        Inside {
            vstart,
            vertices,
            estart,
            inner,
            hang,
            local: vec![NONE; n],
            shape: vec![Shape::Unseen; n],
            place: vec![NONE; edges.len()],
        }
    }

    /// What checking a cut in part `top` costs against the budget: the
    /// part's size, or one step once it is known to be a plain cycle.
    pub(super) fn cost(&self, top: u32) -> u64 {
        let t = top as usize;
        if self.shape[t] == Shape::Plain {
            return 1;
        }
        u64::from(self.vstart[t + 1] - self.vstart[t] + self.estart[t + 1] - self.estart[t])
    }

    /// Whether part `top` is a plain cycle, numbering its edges around it
    /// if so. A connected part without bridges that has as many edges as
    /// vertices is a cycle (loops only come alone, and those are handled
    /// before); nothing may hang below it except at its top.
    fn is_plain_cycle(&mut self, edges: &[(u32, u32)], top: u32) -> bool {
        let t = top as usize;
        let vs = &self.vertices[self.vstart[t] as usize..self.vstart[t + 1] as usize];
        let es = &self.inner[self.estart[t] as usize..self.estart[t + 1] as usize];
        if vs.len() != es.len() || vs.iter().any(|&v| v != top && self.hang[v as usize] != 0) {
            return false;
        }
        // The two edges at each vertex, by index within the part.
        let mut at = vec![[NONE; 2]; vs.len()];
        for (i, &v) in vs.iter().enumerate() {
            self.local[v as usize] = i as u32;
        }
        for &e in es {
            let (a, b) = edges[e as usize];
            for v in [a, b] {
                let slot = &mut at[self.local[v as usize] as usize];
                let free = if slot[0] == NONE { 0 } else { 1 };
                slot[free] = e;
            }
        }
        let (mut v, mut came) = (top, NONE);
        for i in 0..es.len() as u32 {
            let [x, y] = at[self.local[v as usize] as usize];
            let e = if x != came { x } else { y };
            self.place[e as usize] = i;
            let (a, b) = edges[e as usize];
            v = if a == v { b } else { a };
            came = e;
        }
        true
    }

    /// The value of part `top` (with what hangs below it) once edge `cut`
    /// is gone.
    pub(super) fn value_without(&mut self, edges: &[(u32, u32)], top: u32, cut: usize) -> u64 {
        let t = top as usize;
        if self.shape[t] == Shape::Unseen {
            self.shape[t] = if self.is_plain_cycle(edges, top) {
                Shape::Plain
            } else {
                Shape::Other
            };
        }
        if self.shape[t] == Shape::Plain {
            // Two paths of `i` and `m - 1 - i` edges from the top.
            let m = u64::from(self.estart[t + 1] - self.estart[t]);
            let i = u64::from(self.place[cut]);
            return self.hang[t] ^ i ^ (m - 1 - i);
        }
        let vs = &self.vertices[self.vstart[t] as usize..self.vstart[t + 1] as usize];
        let mut weight = Vec::with_capacity(vs.len());
        for (i, &v) in vs.iter().enumerate() {
            self.local[v as usize] = i as u32;
            weight.push(self.hang[v as usize]);
        }
        let local_edges: Vec<(u32, u32)> = self.inner
            [self.estart[t] as usize..self.estart[t + 1] as usize]
            .iter()
            .filter(|&&e| e as usize != cut)
            .map(|&e| {
                let (a, b) = edges[e as usize];
                (self.local[a as usize], self.local[b as usize])
            })
            .collect();
        let root = self.local[t];
        Fusion::new(vs.len(), &local_edges, root, Some(&weight)).value[root as usize]
    }
}
