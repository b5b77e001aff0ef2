//! The notation `FILE~u-v~x-y`: a graph file with edges cut, written and
//! read in this one place.
//!
//! Winning moves of graphs too long to print are named this way
//! ([`write()`]); front ends read such a name back as a position with
//! [`split`], which turns the cuts into the file lines `~u v` that the
//! graph reader applies. The engine does no I/O, so [`split`] asks the
//! front end which paths are files.

use crate::error::{Error, Result};

/// The name of the move that cuts edge `u-v` of the graph read from the
/// file `name`.
pub fn write(name: &str, u: u64, v: u64) -> String {
    format!("{name}~{u}-{v}")
}

/// The file a component names and the cut lines to add to its text:
/// `None` when it names no file. The longest existing file before a `~`
/// whose remainder is a list of cuts wins, so that files whose own names
/// hold a `~` (`p.txt~`, an editor's backup) work too; a whole name that
/// is a file is read whole. Text after a file that is not a list of cuts
/// is an error, not an inline graph.
pub fn split<'a>(
    component: &'a str,
    is_file: &dyn Fn(&str) -> bool,
) -> Result<Option<(&'a str, String)>> {
    if is_file(component) {
        return Ok(Some((component, String::new())));
    }
    let mut unreadable = None;
    for (i, _) in component.rmatch_indices('~') {
        let path = &component[..i];
        if path.is_empty() || !is_file(path) {
            continue;
        }
        match cut_lines(&component[i + 1..]) {
            Ok(lines) => return Ok(Some((path, lines))),
            Err(cut) => {
                unreadable.get_or_insert((path, cut));
            }
        }
    }
    match unreadable {
        Some((path, cut)) => Err(Error::parse(format!(
            "{component}: after the file `{path}`, cut edges are written `~u-v`, got `~{cut}`"
        ))),
        None => Ok(None),
    }
}

/// The comment line before the cut lines a name adds to its file's text:
/// the reader then tells a user's cut by its name (`~5-6`), not by a line
/// number past the end of the file.
pub const NAMED_CUTS: &str = "# the cuts of the name";

/// `u-v~x-y` as the file lines `~u v` and `~x y` (after [`NAMED_CUTS`]),
/// or the first piece that is not a cut.
fn cut_lines(cuts: &str) -> std::result::Result<String, &str> {
    let mut lines = format!("{NAMED_CUTS}\n");
    for cut in cuts.split('~') {
        let number = |w: &str| !w.is_empty() && w.bytes().all(|b| b.is_ascii_digit());
        match cut.split_once('-') {
            Some((u, v)) if number(u) && number(v) => lines.push_str(&format!("~{u} {v}\n")),
            _ => return Err(cut),
        }
    }
    Ok(lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// What is written reads back: the file and its cut line.
    #[test]
    fn a_named_cut_reads_back() {
        let files = |p: &str| p == "g.txt" || p == "p.txt~";
        let name = write("g.txt", 3, 14);
        assert_eq!(name, "g.txt~3-14");
        assert_eq!(
            split(&name, &files).unwrap(),
            Some(("g.txt", format!("{NAMED_CUTS}\n~3 14\n")))
        );
        assert_eq!(
            split("p.txt~~1-2~2-3", &files).unwrap(),
            Some(("p.txt~", format!("{NAMED_CUTS}\n~1 2\n~2 3\n")))
        );
        assert_eq!(
            split("g.txt", &files).unwrap(),
            Some(("g.txt", String::new()))
        );
        assert_eq!(split("0-1,1-2", &files).unwrap(), None);
        let err = split("g.txt~1-x", &files).unwrap_err().to_string();
        assert_eq!(
            err,
            "g.txt~1-x: after the file `g.txt`, cut edges are written `~u-v`, got `~1-x`"
        );
    }

    /// A cut of the name that finds no edge is told by its name, not by a
    /// line past the end of the file; a cut in the file keeps its line.
    #[test]
    fn a_missing_cut_is_told_where_it_was_written() {
        use crate::games::hackenbush::Drawing;
        let files = |p: &str| p == "g.txt";
        let file = "0 1\n1 2\n~1 2\n";
        let read = |name: &str| {
            let (_, cuts) = split(name, &files).unwrap().unwrap();
            let err = Drawing::parse_lines(&format!("{file}\n{cuts}"), 0).unwrap_err();
            err.to_string()
        };
        assert_eq!(
            read("g.txt~5-6"),
            "the cut `~5-6`: no edge `5 6` left to cut"
        );
        assert_eq!(
            read("g.txt~0-1~0-1"),
            "the cut `~0-1`: no edge `0 1` left to cut"
        );
        // A vertex number too large for a vertex, likewise.
        assert_eq!(
            read("g.txt~1-2~3-99999999999999999999"),
            "the cut `~3-99999999999999999999`: vertex number `99999999999999999999` is too large"
        );
        let err = Drawing::parse_lines("0 1\n1 99999999999999999999\n", 0)
            .unwrap_err()
            .to_string();
        assert!(err.starts_with("line 2: vertex number"), "{err}");
        let err = Drawing::parse_lines("0 1\n~1 2\n", 0)
            .unwrap_err()
            .to_string();
        assert_eq!(err, "line 2: no edge `1 2` left to cut");
        // A file that holds the comment line itself keeps its lines.
        let (_, cuts) = split("g.txt~0-1", &files).unwrap().unwrap();
        let own = format!("0 1\n{NAMED_CUTS}\n~5 6\n\n{cuts}");
        let err = Drawing::parse_lines(&own, 0).unwrap_err().to_string();
        assert_eq!(err, "line 3: no edge `5 6` left to cut");
    }
}
