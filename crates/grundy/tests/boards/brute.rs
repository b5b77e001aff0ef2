//! The brute forces and sample boards of the board tests: plain memoised
//! mex over whole positions, written here from the rules, sharing no code
//! with the engine.

use std::collections::HashMap;

pub fn mex(mut seen: Vec<u64>) -> u64 {
    seen.sort_unstable();
    seen.dedup();
    seen.iter()
        .enumerate()
        .take_while(|&(i, &v)| i as u64 == v)
        .count() as u64
}

/// Whole-position search over a set of free cells (`u64` bit set) whose
/// moves remove the sets `moves(position)` lists.
fn brute(p: u64, moves: &dyn Fn(u64) -> Vec<u64>, memo: &mut HashMap<u64, u64>) -> u64 {
    if let Some(&v) = memo.get(&p) {
        return v;
    }
    let opts: Vec<u64> = moves(p)
        .into_iter()
        .map(|q| brute(q, moves, memo))
        .collect();
    let v = mex(opts);
    memo.insert(p, v);
    v
}

/// Cram on an `h` by `w` board whose free cells are `free`.
pub fn cram_brute(free: u64, h: usize, w: usize) -> u64 {
    let moves = move |p: u64| {
        let mut out = Vec::new();
        for r in 0..h {
            for c in 0..w {
                let i = r * w + c;
                for (ok, j) in [(c + 1 < w, i + 1), (r + 1 < h, i + w)] {
                    if ok && p >> i & 1 == 1 && p >> j & 1 == 1 {
                        out.push(p & !(1 << i) & !(1 << j));
                    }
                }
            }
        }
        out
    };
    brute(free, &moves, &mut HashMap::new())
}

pub fn map(free: u64, h: usize, w: usize) -> String {
    let rows: Vec<String> = (0..h)
        .map(|r| {
            (0..w)
                .map(|c| {
                    if free >> (r * w + c) & 1 == 1 {
                        '.'
                    } else {
                        'x'
                    }
                })
                .collect()
        })
        .collect();
    rows.join("/")
}

/// Node Kayles on the graph `adj` (neighbour sets).
pub fn node_kayles_brute(adj: &[u64]) -> u64 {
    let moves = |p: u64| {
        (0..adj.len())
            .filter(|&v| p >> v & 1 == 1)
            .map(|v| p & !(adj[v] | 1 << v))
            .collect()
    };
    brute((1 << adj.len()) - 1, &moves, &mut HashMap::new())
}

/// Chomp on row lengths (the top-left square poisoned, never bitten).
pub fn chomp_brute(rows: &[u8], memo: &mut HashMap<Vec<u8>, u64>) -> u64 {
    if let Some(&v) = memo.get(rows) {
        return v;
    }
    let mut opts = Vec::new();
    for i in 0..rows.len() {
        for j in 0..rows[i] {
            if i == 0 && j == 0 {
                continue;
            }
            let next: Vec<u8> = rows
                .iter()
                .enumerate()
                .map(|(k, &r)| if k >= i { r.min(j) } else { r })
                .filter(|&r| r > 0)
                .collect();
            opts.push(chomp_brute(&next, memo));
        }
    }
    let v = mex(opts);
    memo.insert(rows.to_vec(), v);
    v
}

/// The cell sets of an `h` by `w` box that the half turn, a mirror or
/// (square boxes) a diagonal maps onto themselves: where the search's
/// mirror strategy applies.
pub fn symmetric_sets(h: usize, w: usize) -> Vec<u64> {
    let map = |kind: usize, r: usize, c: usize| match kind {
        0 => (h - 1 - r, w - 1 - c),
        1 => (h - 1 - r, c),
        2 => (r, w - 1 - c),
        3 => (c, r),
        _ => (w - 1 - c, h - 1 - r),
    };
    let image = |p: u64, kind: usize| {
        let mut q = 0u64;
        for i in (0..h * w).filter(|i| p >> i & 1 == 1) {
            let (r, c) = map(kind, i / w, i % w);
            q |= 1 << (r * w + c);
        }
        q
    };
    let kinds = if h == w { 5 } else { 3 };
    (0..1u64 << (h * w))
        .filter(|&p| (0..kinds).any(|kind| image(p, kind) == p))
        .collect()
}

/// A fixed pseudo-random sequence (xorshift) from `seed`.
pub fn xorshift(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

/// Free sets of an `h` by `w` box from a fixed pseudo-random sequence,
/// three cells in four free: dense enough for leaves and bridges.
pub fn sample_maps(h: usize, w: usize, n: usize, seed: u64) -> Vec<u64> {
    let mut next = xorshift(seed);
    (0..n)
        .map(|_| (next() | next()) & ((1 << (h * w)) - 1))
        .collect()
}

/// Induced paths ("snakes") grown by a fixed pseudo-random walk in an
/// `h` by `w` box: each new cell is next to the last one and to no other
/// cell of the snake.
pub fn snakes(h: usize, w: usize, n: usize, seed: u64) -> Vec<u64> {
    let mut next = xorshift(seed);
    let near = |i: usize| {
        let (r, c) = (i / w, i % w);
        let mut out = Vec::new();
        if c > 0 {
            out.push(i - 1);
        }
        if c + 1 < w {
            out.push(i + 1);
        }
        if r > 0 {
            out.push(i - w);
        }
        if r + 1 < h {
            out.push(i + w);
        }
        out
    };
    (0..n)
        .map(|_| {
            let mut last = next() as usize % (h * w);
            let mut snake = 1u64 << last;
            loop {
                let free: Vec<usize> = near(last)
                    .into_iter()
                    .filter(|&j| snake >> j & 1 == 0)
                    .filter(|&j| near(j).iter().all(|&k| k == last || snake >> k & 1 == 0))
                    .collect();
                if free.is_empty() || next().is_multiple_of(8) {
                    return snake;
                }
                last = free[next() as usize % free.len()];
                snake |= 1 << last;
            }
        })
        .collect()
}
