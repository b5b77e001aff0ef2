//! Moves chosen on a drawing: by the keys of a [`Figure`] typed as
//! coordinates (`b3-b4` for a domino, `c2` for a bite, `1-2` for an edge,
//! `2,5` for two coins; `2:b3-b4` in component 2).

use crate::answer::drawing::{Drawing, Figure};

/// The keys of component `component` (from 1) that `way` is made of, or
/// `None` when it is a way in another component.
fn keys_in(way: &[String], component: usize) -> Option<Vec<&str>> {
    way.iter()
        .map(|k| {
            let (c, key) = k.split_once(':')?;
            (c.parse() == Ok(component)).then_some(key)
        })
        .collect()
}

/// How move `k` of `figure` is typed: its first way's keys joined by `-`
/// (`b3-b4`; coins by `,`, `2,5`), with the component's number when the position has several
/// (`2:b3-b4`); `None` for a move not chosen on the drawing.
pub fn move_keys(figure: &Figure, k: usize) -> Option<String> {
    let way = figure.marks.get(k)?.first()?;
    let (c, _) = way.first()?.split_once(':')?;
    let c: usize = c.parse().ok()?;
    // Coins are a list (`2,5`); squares and ends are a span (`b1-b2`).
    let joint = match figure.parts.get(c.checked_sub(1)?) {
        Some(Drawing::Coins { .. }) => ",",
        _ => "-",
    };
    let keys = keys_in(way, c)?.join(joint);
    Some(if figure.parts.len() > 1 {
        format!("{c}:{keys}")
    } else {
        keys
    })
}

/// The typed keys of `text`: the whole text when it is one key of the
/// drawing (an edge `1-2`), else its words split at `-`, `,` and spaces;
/// with the component they are in (`2:` before them, or every component
/// when none is said).
fn typed(figure: &Figure, text: &str) -> (Option<usize>, Vec<String>) {
    let (component, rest) = match text.split_once(':') {
        Some((c, rest)) if c.trim().parse::<usize>().is_ok() => {
            (c.trim().parse().ok(), rest.trim())
        }
        _ => (None, text.trim()),
    };
    let whole = figure
        .marks
        .iter()
        .flatten()
        .flatten()
        .any(|k| k.split_once(':').is_some_and(|(_, key)| key == rest));
    let keys = if whole {
        vec![rest.to_string()]
    } else {
        rest.split(['-', ',', ' '])
            .filter(|w| !w.is_empty())
            .map(str::to_string)
            .collect()
    };
    (component, keys)
}

/// The move of `figure` that `text` chooses by its keys: `Ok(Some(k))`
/// for move `k`, `Ok(None)` when `text` names no key of any move (it may
/// be a position), and a short line saying what is missing when it names
/// part of a move, or several moves.
pub fn choose_by_keys(figure: &Figure, text: &str) -> Result<Option<usize>, String> {
    let (component, mut keys) = typed(figure, text);
    keys.sort_unstable();
    keys.dedup();
    if keys.is_empty() {
        return Ok(None);
    }
    let mut exact = Vec::new();
    let mut wider = Vec::new();
    for (k, ways) in figure.marks.iter().enumerate() {
        for way in ways {
            let c = way
                .first()
                .and_then(|key| key.split_once(':')?.0.parse().ok())
                .unwrap_or(0);
            if component.is_some_and(|want| want != c) {
                continue;
            }
            let Some(mut have) = keys_in(way, c) else {
                continue;
            };
            have.sort_unstable();
            if have == keys {
                exact.push((k, c));
            } else if keys.iter().all(|key| have.contains(&key.as_str())) {
                wider.push(k);
            }
        }
    }
    exact.dedup();
    wider.dedup();
    let mut parts: Vec<usize> = exact.iter().map(|&(_, c)| c).collect();
    parts.sort_unstable();
    parts.dedup();
    let names = |ks: &[usize]| -> String {
        let mut names: Vec<String> = ks.iter().filter_map(|&k| move_keys(figure, k)).collect();
        names.dedup();
        names.truncate(8);
        names.join(", ")
    };
    match (&exact[..], &wider[..]) {
        ([(k, _)], _) => Ok(Some(*k)),
        ([], []) => Ok(None),
        ([], more) => Err(format!("`{text}` is part of a move: {}", names(more))),
        // The same keys in several components: the component is missing.
        (_, _) if parts.len() > 1 => Err(format!(
            "`{text}` is a move in components {}: say which, e.g. {}:{text}",
            crate::error::listed(&parts, "and"),
            parts[0]
        )),
        (several, _) => Err(format!(
            "`{text}` is {} moves here; type the position it should leave, or `#K` from `moves`",
            several.len()
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn figure(parts: usize, marks: &[&[&[&str]]]) -> Figure {
        Figure {
            parts: vec![Drawing::Heap { size: 1 }; parts],
            marks: marks
                .iter()
                .map(|ways| {
                    ways.iter()
                        .map(|w| w.iter().map(|k| k.to_string()).collect())
                        .collect()
                })
                .collect(),
        }
    }

    #[test]
    fn dominoes_are_chosen_by_both_squares_in_either_order() {
        let f = figure(1, &[&[&["1:a1", "1:b1"]], &[&["1:a1", "1:a2"]]]);
        assert_eq!(choose_by_keys(&f, "a1-b1"), Ok(Some(0)));
        assert_eq!(choose_by_keys(&f, "b1 a1"), Ok(Some(0)));
        assert_eq!(choose_by_keys(&f, "1:a2-a1"), Ok(Some(1)));
        let half = choose_by_keys(&f, "a1").unwrap_err();
        assert!(half.contains("a1-b1, a1-a2"), "{half}");
        assert_eq!(choose_by_keys(&f, "c9"), Ok(None));
        assert_eq!(choose_by_keys(&f, "2:a1-b1"), Ok(None));
        assert_eq!(move_keys(&f, 1).as_deref(), Some("a1-a2"));
    }

    #[test]
    fn components_are_told_apart_and_edges_are_one_key() {
        let f = figure(2, &[&[&["1:1-2"]], &[&["2:1-2"]], &[&["2:a"], &["2:b"]]]);
        let both = choose_by_keys(&f, "1-2").unwrap_err();
        assert!(
            both.contains("components 1 and 2: say which, e.g. 1:1-2"),
            "{both}"
        );
        assert_eq!(choose_by_keys(&f, "2:1-2"), Ok(Some(1)));
        assert_eq!(choose_by_keys(&f, "b"), Ok(Some(2)));
        assert_eq!(move_keys(&f, 0).as_deref(), Some("1:1-2"));
        // Two moves of one component are no component missing.
        let one = figure(1, &[&[&["1:a"]], &[&["1:a"]]]);
        assert!(choose_by_keys(&one, "a").unwrap_err().contains("2 moves"));
    }
}
