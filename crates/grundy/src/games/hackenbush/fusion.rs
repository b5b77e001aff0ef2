//! The fused form of a Green Hackenbush drawing (see the parent module):
//! bridges by one iterative depth-first search, the 2-edge-connected parts
//! they separate, and the value of each part with what hangs below it.

/// No vertex, edge or part: what a search has not reached.
pub(super) const NONE: u32 = u32::MAX;

/// Adjacency in compressed rows: the neighbours of `v` are
/// `adj[start[v]..start[v + 1]]`, each with the id of the edge reaching it.
/// Loops are left out: they never matter to connectivity.
pub(super) struct Adjacency {
    start: Vec<u32>,
    adj: Vec<(u32, u32)>,
}

impl Adjacency {
    pub(super) fn new(n: usize, edges: &[(u32, u32)]) -> Adjacency {
        let mut start = vec![0u32; n + 1];
        for &(a, b) in edges {
            if a != b {
                start[a as usize + 1] += 1;
                start[b as usize + 1] += 1;
            }
        }
        for v in 0..n {
            start[v + 1] += start[v];
        }
        let mut fill = start.clone();
        let mut adj = vec![(0, 0); start[n] as usize];
        for (e, &(a, b)) in edges.iter().enumerate() {
            if a != b {
                adj[fill[a as usize] as usize] = (b, e as u32);
                fill[a as usize] += 1;
                adj[fill[b as usize] as usize] = (a, e as u32);
                fill[b as usize] += 1;
            }
        }
        Adjacency { start, adj }
    }

    pub(super) fn around(&self, v: u32) -> &[(u32, u32)] {
        &self.adj[self.start[v as usize] as usize..self.start[v as usize + 1] as usize]
    }
}

/// Search state of one vertex, packed so that a step of the search touches
/// one cache line rather than five arrays.
#[derive(Clone, Copy, Debug)]
struct Slot {
    disc: u32,
    low: u32,
    next: u32,
    parent: u32,
    parent_edge: u32,
}

/// The fused form of the part of a graph that reaches the root.
#[derive(Debug)]
pub(super) struct Fusion {
    /// Vertices reached from the root, in depth-first preorder.
    pub(super) order: Vec<u32>,
    /// Parent in the search tree and the edge to it (`NONE` at the root
    /// and at vertices not reached).
    slot: Vec<Slot>,
    /// The top vertex (nearest the root) of each vertex's 2-edge-connected
    /// part; `NONE` when not reached. A part is named by its top.
    pub(super) part: Vec<u32>,
    /// Whether each edge is a bridge.
    pub(super) bridge: Vec<bool>,
    /// At each top: the value of its part with everything hanging below.
    pub(super) value: Vec<u64>,
}

impl Fusion {
    /// Fuses the graph on `n` vertices seen from `root`. `weight[v]`, when
    /// given, is an extra nimber attached at `v` (what hangs there in a
    /// larger graph).
    pub(super) fn new(n: usize, edges: &[(u32, u32)], root: u32, weight: Option<&[u64]>) -> Fusion {
        let (order, slot, bridge) = Self::search(n, edges, root);
        let mut part = vec![NONE; n];
        for &v in &order {
            let s = slot[v as usize];
            part[v as usize] = if v == root || bridge[s.parent_edge as usize] {
                v
            } else {
                part[s.parent as usize]
            };
        }
        let mut fusion = Fusion {
            order,
            slot,
            part,
            bridge,
            value: vec![0u64; n],
        };
        fusion.fold_values(edges, root, weight);
        fusion
    }

    /// A depth-first search from `root` (Tarjan's bridges, without
    /// recursion): the vertices reached in preorder, their slots, and which
    /// edges are bridges.
    fn search(n: usize, edges: &[(u32, u32)], root: u32) -> (Vec<u32>, Vec<Slot>, Vec<bool>) {
        let adj = Adjacency::new(n, edges);
        let mut slot = vec![
            Slot {
                disc: NONE,
                low: 0,
                next: 0,
                parent: NONE,
                parent_edge: NONE,
            };
            n
        ];
        let mut bridge = vec![false; edges.len()];
        let mut order = Vec::new();
        let mut stack = vec![root];
        slot[root as usize].disc = 0;
        slot[root as usize].next = adj.start[root as usize];
        order.push(root);
        while let Some(&v) = stack.last() {
            let vi = v as usize;
            let s = slot[vi];
            if s.next < adj.start[vi + 1] {
                slot[vi].next += 1;
                let (w, e) = adj.adj[s.next as usize];
                if e == s.parent_edge {
                    continue;
                }
                let wi = w as usize;
                if slot[wi].disc == NONE {
                    let d = order.len() as u32;
                    slot[wi] = Slot {
                        disc: d,
                        low: d,
                        next: adj.start[wi],
                        parent: v,
                        parent_edge: e,
                    };
                    order.push(w);
                    stack.push(w);
                } else {
                    slot[vi].low = s.low.min(slot[wi].disc);
                }
            } else {
                stack.pop();
                if s.parent != NONE {
                    let p = &mut slot[s.parent as usize];
                    p.low = p.low.min(s.low);
                    if s.low > p.disc {
                        bridge[s.parent_edge as usize] = true;
                    }
                }
            }
        }
        (order, slot, bridge)
    }

    /// The value of each part with everything hanging below it, by the
    /// fusion principle: a part is its loops' parity and the weights inside
    /// it, and a part hanging by a bridge adds its value plus one.
    fn fold_values(&mut self, edges: &[(u32, u32)], root: u32, weight: Option<&[u64]>) {
        let (part, value) = (&self.part, &mut self.value);
        for (e, &(a, _)) in edges.iter().enumerate() {
            let top = part[a as usize];
            if top != NONE && !self.bridge[e] {
                value[top as usize] ^= 1;
            }
        }
        if let Some(weight) = weight {
            for &v in &self.order {
                value[part[v as usize] as usize] ^= weight[v as usize];
            }
        }
        // Children come after their parents in preorder: fold bottom up.
        for &v in self.order.iter().rev() {
            let vi = v as usize;
            if part[vi] == v && v != root {
                let up = part[self.slot[vi].parent as usize] as usize;
                value[up] ^= value[vi] + 1;
            }
        }
    }

    pub(super) fn parent(&self, v: u32) -> u32 {
        self.slot[v as usize].parent
    }

    pub(super) fn parent_edge(&self, v: u32) -> u32 {
        self.slot[v as usize].parent_edge
    }
}
