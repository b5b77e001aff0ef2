//! POJ 3710 input (Christmas Game), a judge's format for sums of
//! Hackenbush trees: `k`, then for each of the `k` trees a header `n m`
//! and `m` edges `a b` on the vertices `1..=n`, rooted at vertex 1. A
//! judge's file may hold several such test cases one after another.
//!
//! All the roots are one ground (putting trees side by side on the ground
//! adds them), so a test case is one graph: the roots become the ground
//! vertex, vertex `v >= 2` of tree `t` is numbered `v` plus the vertex
//! counts of the trees before `t` (so the first tree keeps its numbers).

use crate::error::{Error, Result};

/// Whether a graph file's text is POJ 3710 input: its first line that is
/// not blank, a comment or a cut holds a single number (the number of
/// trees), which an edge list never does.
pub fn detect(text: &str) -> bool {
    data_lines(text)
        .next()
        .is_some_and(|(_, line)| !line.contains(char::is_whitespace) && line.parse::<u64>().is_ok())
}

/// The lines that hold data: comments (`#`) and blank lines dropped, cut
/// lines (`~u v`) left to the graph reader; numbered from 1.
fn data_lines(text: &str) -> impl Iterator<Item = (usize, &str)> {
    text.lines().enumerate().filter_map(|(n, raw)| {
        let line = raw.split('#').next().unwrap_or("").trim();
        (!line.is_empty() && !line.starts_with('~')).then_some((n + 1, line))
    })
}

/// Reads POJ 3710 test cases one at a time, so that a judge's program can
/// answer each before it reads the next; errors name the line.
pub struct Poj3710<'a> {
    words: Vec<(usize, &'a str)>,
    at: usize,
    lines: usize,
    ground: u64,
}

impl<'a> Poj3710<'a> {
    /// A reader of `text` whose roots become the vertex `ground`.
    pub fn new(text: &'a str, ground: u64) -> Poj3710<'a> {
        let words = data_lines(text)
            .flat_map(|(n, line)| line.split_whitespace().map(move |w| (n, w)))
            .collect();
        Poj3710 {
            words,
            at: 0,
            lines: text.lines().count(),
            ground,
        }
    }

    /// The line of the next word, if any is left.
    pub fn next_line(&self) -> Option<usize> {
        self.words.get(self.at).map(|w| w.0)
    }

    fn next(&mut self, what: &str) -> Result<Option<u64>> {
        let Some(&(line, word)) = self.words.get(self.at) else {
            return Ok(None);
        };
        self.at += 1;
        match word.parse() {
            Ok(v) => Ok(Some(v)),
            Err(_) => Err(Error::parse(format!(
                "line {line}: expected {what}, got `{}`",
                crate::error::shorten_quote(word)
            ))),
        }
    }

    fn need(&mut self, what: &str) -> Result<u64> {
        self.next(what)?.ok_or_else(|| {
            Error::parse(format!(
                "input ended after line {} where {what} was expected",
                self.lines
            ))
        })
    }

    /// The next test case as the edges of one graph (vertex numbers as in
    /// the module's summary), or `None` at the end of the text.
    pub fn next_test(&mut self) -> Option<Result<Vec<(u64, u64)>>> {
        self.test().transpose()
    }

    fn test(&mut self) -> Result<Option<Vec<(u64, u64)>>> {
        let Some(trees) = self.next("the number of trees")? else {
            return Ok(None);
        };
        let mut edges = Vec::new();
        let mut offset = 0u64;
        for _ in 0..trees {
            let n = self.need("the number of vertices")?;
            let m = self.need("the number of edges")?;
            // `m` is the input's word, not a promise: edges are read one
            // by one and nothing is reserved for them.
            for _ in 0..m {
                let a = self.vertex(n, offset)?;
                let b = self.vertex(n, offset)?;
                edges.push((a, b));
            }
            offset = offset.saturating_add(n);
        }
        Ok(Some(edges))
    }

    /// A vertex of a tree on `1..=n`, renumbered.
    fn vertex(&mut self, n: u64, offset: u64) -> Result<u64> {
        let v = self.need("a vertex")?;
        let line = self.words[self.at - 1].0;
        if !(1..=n).contains(&v) {
            return Err(Error::parse(format!(
                "line {line}: vertex {v} is not one of 1..={n}"
            )));
        }
        if v == 1 {
            return Ok(self.ground);
        }
        match v.checked_add(offset).filter(|_| offset < u64::MAX) {
            Some(label) if label != self.ground => Ok(label),
            Some(_) => Err(Error::parse(format!(
                "line {line}: vertex {v} would be numbered like the ground {}; leave out --ground for POJ 3710 input",
                self.ground
            ))),
            None => Err(Error::parse(format!(
                "line {line}: the trees have more vertices in all than grundy can number (2^64)"
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trees_share_the_ground_and_are_renumbered() {
        let text = "2\n2 1\n1 2\n4 4\n1 2\n2 3\n2 4\n3 4\n1\n3 1\n2 1\n";
        assert!(detect(text));
        assert!(detect("# judge input\n\n1\n2 1\n1 2\n"));
        assert!(!detect("4 4\n1 2\n"));
        let mut r = Poj3710::new(text, 0);
        let first = r.next_test().unwrap().unwrap();
        assert_eq!(first, [(0, 2), (0, 4), (4, 5), (4, 6), (5, 6)]);
        assert_eq!(r.next_line(), Some(9));
        assert_eq!(r.next_test().unwrap().unwrap(), [(2, 0)]);
        assert!(r.next_test().is_none());
    }

    #[test]
    fn errors_name_the_line() {
        let err = |t: &str| {
            Poj3710::new(t, 0)
                .next_test()
                .unwrap()
                .unwrap_err()
                .to_string()
        };
        assert_eq!(
            err("1\n3 2\n1 2\n2 x\n"),
            "line 4: expected a vertex, got `x`"
        );
        assert_eq!(
            err("1\n3 2\n1 2\n2 7\n"),
            "line 4: vertex 7 is not one of 1..=3"
        );
        assert_eq!(
            err("1\n2 1000000000000\n1 2\n"),
            "input ended after line 3 where a vertex was expected"
        );
        let clash = Poj3710::new("1\n2 1\n1 2\n", 2).next_test().unwrap();
        assert!(clash.unwrap_err().to_string().contains("--ground"));
        // A first tree of 2^64 - 1 vertices leaves no numbers for the
        // next: that was blamed on --ground, which was not given.
        assert_eq!(
            err("2\n18446744073709551615 0\n2 1\n1 2\n"),
            "line 4: the trees have more vertices in all than grundy can number (2^64)"
        );
    }
}
