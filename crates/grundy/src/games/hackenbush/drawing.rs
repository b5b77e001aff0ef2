//! Green Hackenbush drawings (graphs with a ground) as text, both ways.
//!
//! Two grammars, because graphs come from two places. Files (read by a
//! front end, which passes their text) hold one edge `u v` per line, with
//! `#` comments and blank lines; errors name the line. Inline graphs fit on
//! a command line: `0-1,1-2,2-0`, items separated by commas; errors name the
//! item. Inline items may also be a lone vertex (`0`, so that the empty
//! graph has a text) or a cut edge `~u-v`, which is not part of the graph:
//! winning moves print the graph they leave with the cut edge marked, so
//! that people see which edge to cut and programs can still read it back.
//! Files may hold cut lines too: `~u v` removes one edge `u v` listed in
//! the file, so that a move on a graph too big to print can be written
//! as the file and the edge it cuts (the command line's `FILE~u-v`).

use std::sync::{Arc, OnceLock};

use rustc_hash::FxHashMap;

use super::{poj, Fusion};
use crate::error::{shorten_quote, Error, Result};
use crate::games::content_lines;
use crate::ruleset::NAMES_NO_FILE;

/// A Hackenbush drawing: a multigraph of edges with a ground vertex, as
/// written.
///
/// Vertices keep the numbers the user wrote (`labels`); edges refer to
/// them by index so that the algorithms work on dense arrays. The ground is
/// always index 0, whether or not an edge touches it. Two graphs are equal
/// when they are written the same: same ground, same edges in the same
/// order. Cut marks are for display and take no part in equality.
#[derive(Clone, Debug)]
pub struct Drawing {
    labels: Vec<u64>,
    edges: Vec<(u32, u32)>,
    /// Cut edges `~u-v` to show before `edges[i]` (`i == edges.len()`: at
    /// the end). They are not edges of the graph.
    marks: Vec<(usize, u32, u32)>,
    /// Vertex number to index, built when first needed (a cache of
    /// `labels`).
    index: Option<FxHashMap<u64, u32>>,
    /// The fused form, computed once: valuing a graph and then finding
    /// its winning cuts both need it, and for a million edges it is most
    /// of the work.
    fused: OnceLock<Arc<Fusion>>,
    /// What the graph was read from (a file's path, with its cuts), so
    /// that a move on a graph too big to print can be named by it.
    name: Option<Arc<str>>,
}

impl PartialEq for Drawing {
    fn eq(&self, other: &Drawing) -> bool {
        self.ground() == other.ground()
            && self.edges.len() == other.edges.len()
            && (0..self.edges.len()).all(|i| self.edge(i) == other.edge(i))
    }
}

impl Eq for Drawing {}

impl std::hash::Hash for Drawing {
    fn hash<H: std::hash::Hasher>(&self, h: &mut H) {
        self.ground().hash(h);
        for i in 0..self.edges.len() {
            self.edge(i).hash(h);
        }
    }
}

impl Drawing {
    /// The graph with only the ground vertex `ground`.
    pub fn new(ground: u64) -> Drawing {
        Drawing {
            labels: vec![ground],
            edges: Vec::new(),
            marks: Vec::new(),
            index: None,
            fused: OnceLock::new(),
            name: None,
        }
    }

    /// The graph with ground `ground` and the given edges (self-loops and
    /// repeated edges allowed).
    ///
    /// Vertex numbers are mapped to indices through a plain table when
    /// they are small (the usual case: files number vertices `0..n`) and a
    /// hash map otherwise, so a million edges load in milliseconds.
    pub fn from_edges(ground: u64, edges: impl IntoIterator<Item = (u64, u64)>) -> Drawing {
        let pairs: Vec<(u64, u64)> = edges.into_iter().collect();
        let top = pairs.iter().map(|&(u, v)| u.max(v)).max().unwrap_or(0);
        let dense = top.max(ground) <= 4 * pairs.len() as u64 + 1024;
        if !dense {
            let mut g = Drawing::new(ground);
            g.edges.reserve(pairs.len());
            for (u, v) in pairs {
                g.add_edge(u, v);
            }
            return g;
        }
        let mut table = vec![u32::MAX; top.max(ground) as usize + 1];
        let mut labels = vec![ground];
        table[ground as usize] = 0;
        let mut index = |label: u64| {
            let slot = &mut table[label as usize];
            if *slot == u32::MAX {
                *slot = labels.len() as u32;
                labels.push(label);
            }
            *slot
        };
        let edges = pairs.iter().map(|&(u, v)| (index(u), index(v))).collect();
        Drawing {
            labels,
            edges,
            marks: Vec::new(),
            index: None,
            fused: OnceLock::new(),
            name: None,
        }
    }

    /// Adds the edge `u v`.
    pub fn add_edge(&mut self, u: u64, v: u64) {
        let (a, b) = (self.vertex(u), self.vertex(v));
        self.edges.push((a, b));
        self.fused.take();
    }

    /// The fused form of the graph (computed on first use).
    pub(super) fn fused(&self) -> &Fusion {
        self.fused
            .get_or_init(|| Arc::new(Fusion::new(self.labels.len(), &self.edges, 0, None)))
    }

    fn vertex(&mut self, label: u64) -> u32 {
        let labels = &mut self.labels;
        let index = self.index.get_or_insert_with(|| {
            labels
                .iter()
                .enumerate()
                .map(|(i, &l)| (l, i as u32))
                .collect()
        });
        let next = labels.len() as u32;
        let i = *index.entry(label).or_insert(next);
        if i == next {
            labels.push(label);
        }
        i
    }

    /// The ground's vertex number.
    pub fn ground(&self) -> u64 {
        self.labels[0]
    }

    /// How many vertices are named (the ground included).
    pub fn vertex_count(&self) -> usize {
        self.labels.len()
    }

    /// The edges as pairs of vertex indices (0 is the ground), in input
    /// order.
    pub fn edge_indices(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// The number written for the vertex of index `i`.
    pub fn label(&self, i: u32) -> u64 {
        self.labels[i as usize]
    }

    /// Edge `i` as the user wrote it.
    pub fn edge(&self, i: usize) -> (u64, u64) {
        let (a, b) = self.edges[i];
        (self.label(a), self.label(b))
    }

    /// The edge a move cut to leave this graph (its cut mark), as the user
    /// wrote it.
    pub fn cut_edge(&self) -> Option<(u64, u64)> {
        self.marks
            .first()
            .map(|&(_, a, b)| (self.label(a), self.label(b)))
    }

    /// Which copy of its edge (0 for the first written) the cut of
    /// [`Drawing::cut_edge`] was: copies written before a cut one keep
    /// their ends, so all of them are still here, before its mark.
    pub fn cut_copy(&self) -> Option<usize> {
        let &(at, a, b) = self.marks.first()?;
        let same = |&(x, y): &(u32, u32)| (x, y) == (a, b) || (x, y) == (b, a);
        Some(
            self.edges[..at.min(self.edges.len())]
                .iter()
                .filter(|e| same(e))
                .count(),
        )
    }

    /// The graph without its cut marks.
    pub fn unmarked(mut self) -> Drawing {
        self.marks.clear();
        self
    }

    /// The number of edges.
    pub fn edge_count(&self) -> usize {
        self.edges.len()
    }

    /// The graph under a name (a file's path): its moves, when their
    /// graphs are too long to print, are written `NAME~u-v`, which a graph
    /// file's text with the line `~u v` added reads back.
    pub fn named(mut self, name: &str) -> Drawing {
        self.name = Some(name.into());
        self
    }

    /// The name given by [`Drawing::named`].
    pub fn name(&self) -> Option<&str> {
        self.name.as_deref()
    }

    /// The graph that keeps the edges for which `keep(i)` holds, with edge
    /// `cut` (an index into this graph) shown as `~u-v` where it was.
    pub(crate) fn subgraph(&self, keep: impl Fn(usize) -> bool, cut: Option<usize>) -> Drawing {
        let mut g = Drawing {
            labels: self.labels.clone(),
            edges: Vec::new(),
            marks: Vec::new(),
            index: None,
            fused: OnceLock::new(),
            name: None,
        };
        for (i, &(a, b)) in self.edges.iter().enumerate() {
            if cut == Some(i) {
                g.marks.push((g.edges.len(), a, b));
            } else if keep(i) {
                g.edges.push((a, b));
            }
        }
        g
    }

    /// Reads a graph file: one edge `u v` per line, `#` comments, blank
    /// lines ignored; or, when its first line is a single number, one
    /// test case of POJ 3710 input (see [`super::poj`]). A line `~u v`
    /// cuts one edge `u v` (either way round) listed anywhere in the file;
    /// what that leaves cut off from the ground goes with it. Errors name
    /// the line (counted from 1).
    pub fn parse_lines(text: &str, ground: u64) -> Result<Drawing> {
        let mut pairs = Vec::new();
        let mut cuts = Vec::new();
        let text = crate::games::without_bom(text);
        let poj = poj::detect(text);
        if poj {
            pairs = one_poj_test(text, ground)?;
        }
        // Lines after the name's cuts are past the file's own end.
        // The last such line: a file may hold one of its own before it.
        let named = (text.lines().enumerate())
            .filter(|(_, l)| *l == super::named_cut::NAMED_CUTS)
            .last()
            .map_or(usize::MAX, |(i, _)| i + 1);
        for (n, line) in content_lines(text, "#") {
            let at = |msg: String| match n > named {
                // A cut of the name (`~u v`), told as the user wrote it.
                true => Error::parse(format!("the cut `{}`: {msg}", line.replacen(' ', "-", 1))),
                false => Error::parse(format!("line {n}: {msg}")),
            };
            let (cut, body) = match line.strip_prefix('~') {
                Some(rest) => (true, rest),
                None if poj => continue,
                None => (false, line),
            };
            let mut words = body.split_whitespace();
            match (words.next(), words.next(), words.next()) {
                (Some(u), Some(v), None) => {
                    let u = vertex_number(u).map_err(at)?;
                    let v = vertex_number(v).map_err(at)?;
                    if cut {
                        cuts.push((n, u, v));
                    } else {
                        pairs.push((u, v));
                    }
                }
                _ => {
                    let what = if cut {
                        "a cut `~u v`"
                    } else {
                        "two vertices `u v`"
                    };
                    return Err(at(format!(
                        "expected {what}, got `{}`",
                        shorten_quote(line)
                    )));
                }
            }
        }
        if cuts.is_empty() {
            return Ok(Drawing::from_edges(ground, pairs));
        }
        remove_cuts(&mut pairs, &cuts, named)?;
        Ok(super::attached(&Drawing::from_edges(ground, pairs), None))
    }

    /// What is probably not meant in a graph's text (`file`: a file's,
    /// else an inline graph): no edge touching the ground, so that the
    /// graph is worth 0 (vertices numbered from 1, as judges do, without
    /// `--ground 1`), and a first line that looks like a judge's header
    /// `n m` but is read as an edge. Unreadable texts give none: their
    /// errors come with the analysis.
    pub fn warnings(text: &str, file: bool, ground: u64) -> Vec<String> {
        let parsed = if file || text.contains(['\n', '#']) {
            Drawing::parse_lines(text, ground)
        } else {
            Drawing::parse_inline(text, ground)
        };
        let Ok(g) = parsed else {
            return Vec::new();
        };
        let mut out = Vec::new();
        if file && !poj::detect(text) {
            out.extend(header_warning(text));
        }
        let grounded = g.edges.iter().any(|&(a, b)| a == 0 || b == 0);
        let lowest = (1..g.labels.len()).map(|i| g.labels[i]).min();
        if let (false, false, Some(lowest)) = (grounded, g.edges.is_empty(), lowest) {
            out.push(format!(
                "no edge touches the ground (vertex {ground}), so the graph is worth 0; \
                 to root it at vertex {lowest}, say --ground {lowest}"
            ));
        }
        out
    }

    /// Reads an inline graph `0-1,1-2,2-0`. Items are edges `u-v`, cut
    /// edges `~u-v` (not part of the graph) and lone vertices `u`. Errors
    /// name the item (counted from 1).
    pub fn parse_inline(text: &str, ground: u64) -> Result<Drawing> {
        let mut g = Drawing::new(ground);
        let text = text.trim();
        if text.is_empty() {
            return Err(Error::parse(
                "an empty graph is written as its ground vertex, e.g. `0`",
            ));
        }
        // A path, or a file with cuts (`FILE~u-v`) whose file is missing.
        // The path is quoted whole: a long one keeps its start and its end
        // (the file's name) when the message is made one line.
        let cut_inside = text.split(',').any(|item| item.trim().find('~') > Some(0));
        if text.contains(['/', '.']) || cut_inside {
            let file = text.split('~').next().unwrap_or(text);
            let mut msg = format!("`{file}` {NAMES_NO_FILE} (one that exists, not a folder or device; the web page reads none)");
            match file == text {
                true => msg.push_str(", and is"),
                false => msg.push_str(&format!(", and `{text}` is")),
            }
            msg.push_str(" not an inline graph like `0-1,1-2`");
            return Err(Error::parse(msg));
        }
        for (n, raw) in text.split(',').enumerate() {
            let item = raw.trim();
            let at = |msg: String| Error::parse(format!("graph item {} `{item}`: {msg}", n + 1));
            let (cut, body) = match item.strip_prefix('~') {
                Some(rest) => (true, rest.trim()),
                None => (false, item),
            };
            match body.split_once('-') {
                Some((u, v)) => {
                    let u = vertex_number(u.trim()).map_err(at)?;
                    let v = vertex_number(v.trim()).map_err(at)?;
                    if cut {
                        let (a, b) = (g.vertex(u), g.vertex(v));
                        g.marks.push((g.edges.len(), a, b));
                    } else {
                        g.add_edge(u, v);
                    }
                }
                None if !cut && !body.is_empty() && body.bytes().all(|b| b.is_ascii_digit()) => {
                    g.vertex(vertex_number(body).map_err(at)?);
                }
                None => {
                    return Err(at(
                        "expected an edge `u-v` (or the name of a file that exists)".to_string(),
                    ))
                }
            }
        }
        Ok(g)
    }

    /// The inline form, which [`Drawing::parse_inline`] reads back: edges in
    /// order, cut edges as `~u-v`, and the ground alone for an empty graph.
    pub fn format_inline(&self) -> String {
        use std::fmt::Write;
        let mut out = String::with_capacity(8 * (self.edges.len() + self.marks.len()));
        let item = |out: &mut String, cut: bool, a: u32, b: u32| {
            let sep = if out.is_empty() { "" } else { "," };
            let mark = if cut { "~" } else { "" };
            let _ = write!(out, "{sep}{mark}{}-{}", self.label(a), self.label(b));
        };
        let mut marks = self.marks.iter().peekable();
        for (i, &(a, b)) in self.edges.iter().enumerate() {
            while let Some(&(_, u, v)) = marks.next_if(|m| m.0 == i) {
                item(&mut out, true, u, v);
            }
            item(&mut out, false, a, b);
        }
        for &(_, u, v) in marks {
            item(&mut out, true, u, v);
        }
        if out.is_empty() {
            out = self.ground().to_string();
        }
        out
    }
}

/// A warning when an edge list's first line `n m` looks like a judge's
/// header: `m` edge lines follow, on vertices up to `n`.
fn header_warning(text: &str) -> Option<String> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(n, l)| (n + 1, l.split('#').next().unwrap_or("").trim()))
        .filter(|(_, l)| !l.is_empty() && !l.starts_with('~'));
    let (line, head) = lines.next()?;
    let mut head = head.split_whitespace().map(|w| w.parse::<u64>().ok());
    let (Some(Some(n)), Some(Some(m))) = (head.next(), head.next()) else {
        return None;
    };
    let mut count = 0u64;
    for (_, l) in lines {
        count += 1;
        if !l
            .split_whitespace()
            .all(|w| w.parse::<u64>().is_ok_and(|v| v <= n))
        {
            return None;
        }
    }
    (count == m).then(|| {
        format!(
            "line {line} `{n} {m}` is read as an edge; if it is a header (vertices, edges), \
             start the file with the number of trees for POJ 3710 input"
        )
    })
}

/// The edges of the one POJ 3710 test case a graph file holds.
fn one_poj_test(text: &str, ground: u64) -> Result<Vec<(u64, u64)>> {
    let mut reader = poj::Poj3710::new(text, ground);
    let pairs = reader.next_test().unwrap_or(Ok(Vec::new()))?;
    match reader.next_line() {
        Some(line) => Err(Error::parse(format!(
            "line {line}: a second POJ 3710 test case; a file holds one position, so give each test case its own file"
        ))),
        None => Ok(pairs),
    }
}

/// Removes one edge per cut `(line, u, v)`, the first still listed that
/// joins `u` and `v`; cuts on lines past `named` come from the file's
/// name (`FILE~u-v`) and are told as written there. Only the edges some
/// cut names are indexed, so a million-edge file with a few cuts costs one
/// pass.
fn remove_cuts(
    pairs: &mut Vec<(u64, u64)>,
    cuts: &[(usize, u64, u64)],
    named: usize,
) -> Result<()> {
    let key = |u: u64, v: u64| (u.min(v), u.max(v));
    let mut listed: FxHashMap<(u64, u64), Vec<usize>> = cuts
        .iter()
        .map(|&(_, u, v)| (key(u, v), Vec::new()))
        .collect();
    for (i, &(u, v)) in pairs.iter().enumerate().rev() {
        if let Some(at) = listed.get_mut(&key(u, v)) {
            at.push(i);
        }
    }
    let mut gone = vec![false; pairs.len()];
    for &(line, u, v) in cuts {
        match listed.get_mut(&key(u, v)).and_then(Vec::pop) {
            Some(i) => gone[i] = true,
            None if line > named => {
                return Err(Error::parse(format!(
                    "the cut `~{u}-{v}`: no edge `{u} {v}` left to cut"
                )))
            }
            None => {
                return Err(Error::parse(format!(
                    "line {line}: no edge `{u} {v}` left to cut"
                )))
            }
        }
    }
    let mut i = 0;
    pairs.retain(|_| {
        i += 1;
        !gone[i - 1]
    });
    Ok(())
}

/// A vertex number: a non-negative integer.
fn vertex_number(word: &str) -> std::result::Result<u64, String> {
    let mut v = 0u64;
    for b in word.bytes() {
        if !b.is_ascii_digit() {
            return Err(format!(
                "`{}` is not a vertex number (a non-negative integer)",
                shorten_quote(word)
            ));
        }
        v = v
            .checked_mul(10)
            .and_then(|v| v.checked_add(u64::from(b - b'0')))
            .ok_or_else(|| format!("vertex number `{}` is too large", shorten_quote(word)))?;
    }
    if word.is_empty() {
        return Err("a vertex number is missing".to_string());
    }
    Ok(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_and_inline_agree() {
        let file = "# a triangle on a stalk\n0 1\n\n1 2   # comment\n2 3\n3 1\n";
        let a = Drawing::parse_lines(file, 0).unwrap();
        let b = Drawing::parse_inline("0-1, 1-2,2-3,3-1", 0).unwrap();
        assert_eq!(a, b);
        assert_eq!(a.format_inline(), "0-1,1-2,2-3,3-1");
        assert_eq!(a.edge(3), (3, 1));
    }

    #[test]
    fn empty_graphs_and_marks_round_trip() {
        for (text, shown) in [
            ("0", "0"),
            ("7", "0"),
            ("~0-1", "~0-1"),
            ("0-1,~1-2,1-3", "0-1,~1-2,1-3"),
            ("~5-5,2-2", "~5-5,2-2"),
        ] {
            let g = Drawing::parse_inline(text, 0).unwrap();
            assert_eq!(g.format_inline(), shown);
            let again = Drawing::parse_inline(shown, 0).unwrap();
            assert_eq!(again.format_inline(), shown);
        }
        assert_eq!(Drawing::parse_inline("~0-1", 0).unwrap().edge_count(), 0);
    }

    #[test]
    fn cut_lines_remove_one_edge_and_what_falls() {
        let cut = |t: &str| Drawing::parse_lines(t, 0).map(|g| g.format_inline());
        // Cutting 1-2 (written either way round) drops 2-3 with it.
        assert_eq!(cut("0 1\n1 2\n2 3\n~2 1\n").unwrap(), "0-1");
        // One of two parallel edges goes; the other still holds.
        assert_eq!(cut("0 1\n1 0\n1 2\n~0 1\n").unwrap(), "1-0,1-2");
        assert_eq!(cut("\u{feff}0 1\r\n1 2\r\n").unwrap(), "0-1,1-2");
        // A cut may come before the edge it names.
        assert_eq!(cut("~3 3\n0 3\n3 3\n").unwrap(), "0-3");
        let err = cut("0 1\n~0 1\n~1 0\n").unwrap_err().to_string();
        assert_eq!(err, "line 3: no edge `1 0` left to cut");
        let err = cut("0 1\n~1\n").unwrap_err().to_string();
        assert_eq!(err, "line 2: expected a cut `~u v`, got `~1`");
        let err = cut("0 1\n~0 -1\n").unwrap_err().to_string();
        assert!(err.starts_with("line 2: `-1` is not a vertex"), "{err}");
    }

    #[test]
    fn errors_name_the_place() {
        let lines = |t: &str| Drawing::parse_lines(t, 0).unwrap_err().to_string();
        let inline = |t: &str| Drawing::parse_inline(t, 0).unwrap_err().to_string();
        let starts = |err: String, with: &str| assert!(err.starts_with(with), "{err}");
        let holds = |err: String, part: &str| assert!(err.contains(part), "{err}");
        starts(lines("0 1\n1\n"), "line 2: expected two vertices");
        starts(lines("0 1\n# x\n1 x\n"), "line 3: `x` is not a vertex");
        holds(lines("1 -2"), "`-2`");
        starts(inline("0-1,1-x"), "graph item 2 `1-x`");
        holds(inline("tree.txt"), "file");
        starts(
            inline("tree~0-1"),
            "`tree` names no file grundy could read (one that exists, not a folder or device; the web page reads none), and `tree~0-1`",
        );
        // A path quoted once, and whole: its end names the file.
        let long = format!("/{}/tree.txt", "deep/".repeat(8));
        assert_eq!(
            inline(&long),
            format!("`{long}` names no file grundy could read (one that exists, not a folder or device; the web page reads none), and is not an inline graph like `0-1,1-2`")
        );
        starts(inline("0-1,"), "graph item 2");
        assert!(Drawing::parse_inline("", 0).is_err());
        holds(lines("0 99999999999999999999999"), "too large");
    }
}
