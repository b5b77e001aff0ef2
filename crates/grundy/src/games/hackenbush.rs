//! Green Hackenbush: cut an edge of a graph rooted at the ground; whatever
//! no longer reaches the ground disappears; who cannot cut loses.
//!
//! Two principles value every graph (Winning Ways, chapter 7). Colon: the
//! branches at a vertex add like Nim heaps, so on a tree
//! `g(v) = xor over children c of (g(c) + 1)`. Fusion: the vertices of a
//! cycle may be fused into one, its edges becoming loops, and a loop is worth
//! `*1`. Fusing every cycle collapses each 2-edge-connected part (the parts
//! left when the bridges are removed) into one vertex carrying one loop per
//! edge, so the graph becomes a tree of parts joined by bridges: a part is
//! worth the parity of its edge count xor the Colon sum of what hangs below
//! it. Bridges come from one iterative depth-first search (low links over
//! edge ids, so that parallel edges are not mistaken for bridges), so a
//! million edges take a fraction of a second and no call stack.
//!
//! Winning cuts come from the same tree, read top down: for each part, the
//! value it must take for the whole graph to reach the target follows from
//! its parent's (`need(d) = (need(c) ^ g(c) ^ (g(d) + 1)) - 1`), which
//! decides every bridge and loop in constant time. Cutting an edge inside a
//! part re-shapes that part, so such a cut is checked by valuing the part
//! without it (with what hangs below folded in), within the state budget.

mod drawing;
mod fusion;
mod inside;
pub mod named_cut;
mod picture;
pub mod poj;

pub use drawing::Drawing;

use fusion::{Adjacency, Fusion, NONE};
use inside::Inside;

use crate::entry::{Accepts, Entry};
use crate::error::Result;
use crate::game::Limits;
use crate::game::Visit;
use crate::nimber::Nimber;
use crate::ruleset::{analyze_parsed, list_options, Analysis, Game, ListedMove, MAX_LISTED_TEXT};
use crate::ruleset::{boxed, in_file, read_components, FilePosition, FileRef, IsFile, Parsed};

/// The value of a Green Hackenbush drawing (only what reaches the ground
/// counts).
pub fn drawing_value(g: &Drawing) -> Nimber {
    Nimber(g.fused().value[0])
}

/// The edges (indices in input order) whose cut leaves a graph of value
/// `target`: at most `max` of them, and whether more exist or were not
/// checked. Bridges and loops cost O(1) each; an edge inside a larger
/// 2-edge-connected part costs a revaluation of that part, and these stop
/// once `budget` vertices and edges have been spent on them.
pub fn cuts_to_value(g: &Drawing, target: Nimber, budget: u64, max: usize) -> (Vec<usize>, bool) {
    let f = g.fused();
    let n = g.vertex_count();
    let edges = g.edge_indices();
    // need[top]: the value that part must take for the graph to be `target`.
    let mut need = vec![None; n];
    need[0] = Some(target.0);
    for &v in &f.order[1..] {
        let vi = v as usize;
        if f.part[vi] == v {
            let up = f.part[f.parent(v) as usize] as usize;
            need[vi] = need[up].and_then(|nc: u64| {
                let x = nc ^ f.value[up] ^ (f.value[vi] + 1);
                x.checked_sub(1)
            });
        }
    }
    let mut inside: Option<Inside> = None;
    let mut spent = 0u64;
    let mut found = Vec::new();
    let mut truncated = false;
    for (e, &(a, b)) in edges.iter().enumerate() {
        let top = f.part[a as usize];
        if top == NONE {
            continue; // not connected to the ground
        }
        let wins = if f.bridge[e] {
            let d = if f.parent_edge(b) == e as u32 { b } else { a };
            let up = f.part[f.parent(d) as usize] as usize;
            need[up] == Some(f.value[up] ^ (f.value[d as usize] + 1))
        } else if a == b {
            need[top as usize] == Some(f.value[top as usize] ^ 1)
        } else {
            let Some(nc) = need[top as usize] else {
                continue;
            };
            if spent >= budget {
                truncated = true;
                continue;
            }
            let inside = inside.get_or_insert_with(|| Inside::new(edges, f));
            let cost = inside.cost(top);
            if spent + cost > budget {
                truncated = true;
                continue;
            }
            spent += cost;
            inside.value_without(edges, top, e) == nc
        };
        if wins {
            if found.len() == max {
                return (found, true);
            }
            found.push(e);
        }
    }
    (found, truncated)
}

/// The graph left after cutting edge `cut`: what still reaches the ground,
/// with the cut edge marked `~u-v`.
pub fn after_cut(g: &Drawing, cut: usize) -> Drawing {
    attached(g, Some(cut))
}

/// What still reaches the ground once edge `cut` (if any) is gone, with
/// that edge marked.
fn attached(g: &Drawing, cut: Option<usize>) -> Drawing {
    let reached = reached(g, cut);
    let edges = g.edge_indices();
    g.subgraph(|e| reached[edges[e].0 as usize], cut)
}

/// The length of the inline text of the edges `keep` selects.
fn text_len(g: &Drawing, keep: impl Fn(usize) -> bool) -> usize {
    let digits = |v: u32| g.label(v).checked_ilog10().unwrap_or(0) as usize + 1;
    g.edge_indices()
        .iter()
        .enumerate()
        .filter(|&(e, _)| keep(e))
        .map(|(_, &(a, b))| digits(a) + digits(b) + 2)
        .sum()
}

/// Which vertices reach the ground without edge `cut`.
fn reached(g: &Drawing, cut: Option<usize>) -> Vec<bool> {
    let adj = Adjacency::new(g.vertex_count(), g.edge_indices());
    let mut reached = vec![false; g.vertex_count()];
    reached[0] = true;
    let mut stack = vec![0u32];
    while let Some(v) = stack.pop() {
        for &(w, e) in adj.around(v) {
            if Some(e as usize) != cut && !reached[w as usize] {
                reached[w as usize] = true;
                stack.push(w);
            }
        }
    }
    reached
}

/// The cuts, keeping the first of each pair of end vertices: cutting one
/// of several parallel edges (or loops at one vertex) leaves the same
/// graph, so it is one move.
fn distinct(g: &Drawing, cuts: Vec<usize>) -> Vec<usize> {
    let mut seen = rustc_hash::FxHashSet::default();
    let mut cuts = cuts;
    cuts.retain(|&e| {
        let (u, v) = g.edge(e);
        seen.insert((u.min(v), u.max(v)))
    });
    cuts
}

/// Whether the part of `g` that reaches the ground prints longer than
/// [`MAX_LISTED_TEXT`] (then so do the cuts inside its cycles).
fn too_long_to_print(g: &Drawing) -> bool {
    let f = g.fused();
    text_len(g, |e| f.part[g.edge_indices()[e].0 as usize] != NONE) > MAX_LISTED_TEXT
}

/// Winning cuts by [`cuts_to_value`] as the graphs they leave, listed
/// while their texts stay within [`MAX_LISTED_TEXT`]; also whether the
/// list was cut short, and whether that was because the moves' texts
/// together ran over. A cut inside a 2-edge-connected part leaves
/// everything attached, so when the graph is already `too_long` to print
/// (see [`too_long_to_print`]), such cuts are not even looked for.
fn printable_cuts(
    g: &Drawing,
    target: Nimber,
    limits: &Limits,
    max: usize,
    too_long: bool,
) -> Result<(Vec<Vec<Drawing>>, bool, bool)> {
    let budget = if too_long { 0 } else { limits.max_states };
    let (cuts, truncated) = cuts_to_value(g, target, budget, max);
    let mut found = Vec::new();
    let mut text = 0;
    for (i, &e) in distinct(g, cuts).iter().enumerate() {
        if i % 64 == 0 {
            limits.check("listing Hackenbush moves")?;
        }
        // Measure before building: a cut near the top of a huge graph
        // leaves a text too long to list.
        let reached = reached(g, Some(e));
        text += text_len(g, |k| k != e && reached[g.edge_indices()[k].0 as usize]);
        if text > MAX_LISTED_TEXT {
            return Ok((found, true, true));
        }
        found.push(vec![after_cut(g, e)]);
    }
    Ok((found, truncated, false))
}

/// Winning cuts named `NAME~u-v` (the named file with edge `u-v` cut),
/// for graphs whose cuts are too long to print; cuts inside
/// 2-edge-connected parts are looked for within `--max-states`, as they
/// no longer have to be printed.
fn named_cuts(
    g: &Drawing,
    name: &str,
    target: Nimber,
    limits: &Limits,
    max: usize,
) -> (Vec<ListedMove>, bool) {
    let (cuts, more) = cuts_to_value(g, target, limits.max_states, usize::MAX);
    let cuts = distinct(g, cuts);
    let moves = cuts
        .iter()
        .take(max)
        .map(|&e| {
            let (u, v) = g.edge(e);
            let to = named_cut::write(name, u, v);
            ListedMove {
                parts: vec![to.clone()],
                to,
                note: Some(format!("cut {u}-{v}")),
            }
        })
        .collect();
    (moves, more || cuts.len() > max)
}

/// Green Hackenbush on sums of graphs, with a chosen ground vertex.
#[derive(Clone, Debug, Default)]
pub struct Hackenbush {
    /// The ground's vertex number (0 unless `--ground` says otherwise).
    pub ground: u64,
}

/// `hackenbush`, with `--ground V`.
pub const HACKENBUSH: Entry = Entry::plain("hackenbush", COMPONENTS, "0-1,1-2,2-0", |b| {
    Ok(boxed(Hackenbush::new(b.options.ground.unwrap_or(0))))
})
.about("Green Hackenbush: cut an edge; what loses the ground goes (--ground V)")
.accepting(Accepts::MISERE_AND_GROUND);

/// What a Hackenbush component is, for `grundy games`.
const COMPONENTS: &str = "graph files or inline graphs 0-1,1-2";

impl Hackenbush {
    /// Hackenbush whose graphs are rooted at vertex `ground`.
    pub fn new(ground: u64) -> Hackenbush {
        Hackenbush { ground }
    }
}

impl Game for Hackenbush {
    type Comp = Drawing;

    fn name(&self) -> String {
        "hackenbush".to_string()
    }

    /// Text with a line break or a `#` is a graph file's; anything else is
    /// an inline graph.
    fn parse_component(&self, text: &str) -> Result<Drawing> {
        if text.contains(['\n', '#']) {
            Drawing::parse_lines(text, self.ground)
        } else {
            Drawing::parse_inline(text, self.ground)
        }
    }

    fn format_component(&self, g: &Drawing) -> String {
        g.format_inline()
    }

    fn unmarked(&self, g: Drawing) -> Drawing {
        g.unmarked()
    }

    fn value(&self, g: &Drawing, _limits: &Limits) -> Result<Nimber> {
        Ok(drawing_value(g))
    }

    /// Every cut builds the graph it leaves, so listing them all costs
    /// the square of the edge count; that is charged up front, so that play
    /// on a huge graph says so instead of hanging. The charge is against
    /// the state budget but never less than the default one: commands that
    /// keep few states (a picture) still list the cuts of a modest graph.
    fn for_each_option(&self, g: &Drawing, limits: &Limits, f: Visit<Drawing>) -> Result<()> {
        let edges = g.edge_count() as u64;
        let budget = Limits::with_max_states(limits.max_states.max(Limits::DEFAULT_MAX_STATES));
        budget.check_states(
            edges.saturating_mul(edges),
            &format!(
                "listing every cut of a Hackenbush graph of {edges} edges (each cut is a whole \
                 graph: {edges} x {edges} edges, counted against the larger of --max-states and {})",
                Limits::DEFAULT_MAX_STATES
            ),
        )?;
        let fusion = g.fused();
        for (e, &(a, _)) in g.edge_indices().iter().enumerate() {
            if fusion.part[a as usize] != NONE && !f(&[after_cut(g, e)]) {
                break;
            }
        }
        Ok(())
    }

    fn options_with_value(
        &self,
        g: &Drawing,
        target: Nimber,
        limits: &Limits,
        max: usize,
    ) -> Result<(Vec<Vec<Drawing>>, bool)> {
        let (found, truncated, _) = printable_cuts(g, target, limits, max, too_long_to_print(g))?;
        Ok((found, truncated))
    }

    /// A named graph (one read from a file) whose winning cuts are too
    /// long to print has them named instead (`named_cuts`).
    fn listed_options(
        &self,
        g: &Drawing,
        target: Nimber,
        limits: &Limits,
        max: usize,
    ) -> Result<(Vec<ListedMove>, bool)> {
        let too_long = too_long_to_print(g);
        if let Some(name) = g.name().filter(|_| too_long) {
            return Ok(named_cuts(g, name, target, limits, max));
        }
        let (found, truncated, overflowed) = printable_cuts(g, target, limits, max, too_long)?;
        match g.name().filter(|_| overflowed) {
            Some(name) => Ok(named_cuts(g, name, target, limits, max)),
            None => Ok((list_options(self, &found), truncated)),
        }
    }

    fn describe_option(&self, parts: &[Drawing]) -> Option<String> {
        let (u, v) = parts.first()?.cut_edge()?;
        Some(format!("cut {u}-{v}"))
    }

    /// A cut always leaves one graph; the empty one is its ground alone.
    fn format_option(&self, parts: &[Drawing]) -> String {
        match parts.first() {
            Some(g) => g.format_inline(),
            None => self.ground.to_string(),
        }
    }

    fn draw(&self, g: &Drawing) -> Option<crate::answer::drawing::Drawing> {
        picture::picture(g)
    }

    /// A cut is chosen by the edge cut.
    fn marks(&self, from: &Drawing, to: &[Drawing]) -> Vec<Vec<String>> {
        let key = to.first().and_then(|t| picture::cut_key(from, t));
        key.map(|k| vec![vec![k]]).unwrap_or_default()
    }

    fn reads_files(&self) -> bool {
        true
    }

    fn file_warnings(&self, position: &FilePosition) -> Vec<String> {
        let mut out = Vec::new();
        for (i, text) in position.texts.iter().enumerate() {
            let file = position.files.get(i).and_then(Option::as_ref);
            let name = file.map_or_else(|| crate::error::shorten_quote(text), String::clone);
            for w in Drawing::warnings(text, file.is_some(), self.ground) {
                out.push(format!("{name}: {w}"));
            }
        }
        out
    }

    fn file_reference<'a>(&self, component: &'a str, is_file: IsFile) -> Result<FileRef<'a>> {
        named_cut::split(component, is_file)
    }

    /// A file holds a graph in the line grammar, whatever it holds.
    fn parse_file(&self, text: &str) -> Result<Drawing> {
        Drawing::parse_lines(text, self.ground)
    }

    /// A graph read from a file is named by its path, so that its moves
    /// read back as the file with cut lines; errors start with the path.
    fn analyze_files(&self, position: &FilePosition, limits: &Limits) -> Result<Analysis> {
        let from_file = |text: &str, path: &str| {
            let g = self.parse_file(text).map_err(|e| in_file(path, e))?;
            Ok(g.named(path))
        };
        let (shown, graphs) = read_components(position, from_file, |t| self.parse_component(t))?;
        analyze_parsed(self, Parsed::new(&shown, &graphs), limits)
    }
}

#[cfg(test)]
mod tests;
