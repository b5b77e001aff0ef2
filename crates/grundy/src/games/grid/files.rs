//! Boards and graphs given as files (`grundy value cram board.txt`): the
//! front end reads the file, the game parses its lines here, and errors
//! name the file and the line. The two formats:
//!
//! - a board: one row per line, `.` a free square and `x` (or `#`) a
//!   blocked one, every row as long as the first; blank lines and text
//!   after `//` are ignored;
//! - a graph: one edge `u v` (or `u-v`) or one lone vertex `w` per line,
//!   names of letters, digits and `_`; blank lines and text after `#`
//!   are ignored.

use super::shape::Region;
use super::text::parse_board;
use crate::error::{shorten_quote, Error, Result};
use crate::games::content_lines;

/// The board a file draws, one row per line.
pub fn parse_board_lines(text: &str, what: &str) -> Result<Region> {
    let mut rows: Vec<&str> = Vec::new();
    let mut width = 0;
    for (n, row) in content_lines(text, "//") {
        if let Some(ch) = row.chars().find(|c| !matches!(c, '.' | 'x' | 'X' | '#')) {
            return Err(Error::parse(format!(
                "line {n}: `{ch}` is neither `.` (free) nor `x` (blocked) in the row `{}`",
                shorten_quote(row)
            )));
        }
        let len = row.chars().count();
        if rows.is_empty() {
            width = len;
        } else if len != width {
            return Err(Error::parse(format!(
                "line {n}: a row of {len} squares, but the first row has {width}; every row of {what} is as long as the first"
            )));
        }
        rows.push(row);
    }
    if rows.is_empty() {
        return Err(Error::parse(format!(
            "no rows: {what} file holds one row per line, like `..x.`"
        )));
    }
    parse_board(&rows.join("/"), what)
}

/// A graph's lone vertices and its edges, by name.
pub type NamedGraph = (Vec<String>, Vec<(String, String)>);

/// The edges and lone vertices of a graph file, one per line.
pub fn parse_graph_lines(text: &str) -> Result<NamedGraph> {
    let mut names = Vec::new();
    let mut edges = Vec::new();
    for (n, line) in content_lines(text, "#") {
        let words: Vec<&str> = line
            .split(|c: char| c == '-' || c.is_whitespace())
            .filter(|w| !w.is_empty())
            .collect();
        let good = |w: &&str| w.chars().all(|c| c.is_alphanumeric() || c == '_');
        match words[..] {
            [v] if good(&v) => names.push(v.to_string()),
            [u, v] if good(&u) && good(&v) => edges.push((u.to_string(), v.to_string())),
            _ => {
                return Err(Error::parse(format!(
                    "line {n}: a line is an edge `u v` (or `u-v`) or a lone vertex `w`, names of letters, digits and `_`; got `{}`",
                    shorten_quote(line)
                )))
            }
        }
    }
    Ok((names, edges))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::testing::refuses;

    #[test]
    fn board_files_read_as_their_maps() {
        let b = parse_board_lines("// a board\n..x\n\n... // last\n", "a board").unwrap();
        assert_eq!(b, parse_board("..x/...", "a board").unwrap());
        refuses(
            |t| parse_board_lines(t, "a board"),
            &[
                ("..\n.o\n", "line 2: `o` is neither"),
                (
                    "...\n\n..\n",
                    "line 3: a row of 2 squares, but the first row has 3",
                ),
                ("// nothing\n", "no rows"),
            ],
        );
    }

    #[test]
    fn graph_files_list_edges_and_lone_vertices() {
        let (names, edges) = parse_graph_lines("# a triangle\na b\nb-c\nc a # back\nd\n").unwrap();
        assert_eq!(names, ["d"]);
        assert_eq!(edges.len(), 3);
        assert_eq!(edges[1], ("b".to_string(), "c".to_string()));
        refuses(
            parse_graph_lines,
            &[
                ("a b\na b c\n", "line 2: a line is an edge"),
                ("a\n\nb,c\n", "line 3:"),
            ],
        );
    }
}
