//! The architecture invariants of docs/dev/architecture.md, checked on the
//! engine's source text: which module may import which, and where I/O,
//! clocks, JSON and threads may appear. A change that breaks one fails
//! here with the file and line, instead of drifting silently.

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

/// The engine's top-level modules from the bottom up. A module may use the
/// modules of its own layer or below, never above: the answers know no
/// games, the solvers know no names.
const LAYERS: &[&[&str]] = &[
    &["nimber", "error"],
    &["answer"],
    &["game"],
    &["solve", "heap"],
    &["ruleset"],
    &["entry", "games"],
    &["registry"],
    &["spec"],
    &["play", "explain", "compound"],
    &["present"],
];

/// Files that may read the clock: the sparse engine times its one-thread
/// and window modes, and a script call is limited in time (one Rhai
/// operation can be slow). Every other limit reaches the engine as the
/// stop flag.
const CLOCKS: &[&str] = &["heap/sparse/window.rs", "games/rules/script.rs"];

/// Files that may start threads: the sparse engine's windows of heaps, a
/// module that only the `parallel` feature compiles, and the split
/// searches, whose parallel parts only that feature compiles.
const THREADS: &[&str] = &[
    "heap/sparse/window.rs",
    "solve/split/search/parallel.rs",
    "solve/split/mex.rs",
    "solve/diagrams.rs",
];

struct Source {
    /// The path below `src/`, with `/` separators.
    path: String,
    /// The code outside `#[cfg(test)]` modules, comments removed.
    code: String,
}

fn sources() -> Vec<Source> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    collect(&root, &mut files);
    files
        .into_iter()
        .map(|p| {
            let path = p
                .strip_prefix(&root)
                .unwrap()
                .to_string_lossy()
                .replace('\\', "/");
            let text = std::fs::read_to_string(&p).unwrap();
            let code = text.split("#[cfg(test)]").next().unwrap();
            let code = code
                .lines()
                .map(|l| l.split("//").next().unwrap())
                .collect::<Vec<_>>()
                .join("\n");
            Source { path, code }
        })
        .filter(|s| !s.path.ends_with("/tests.rs") && !s.path.contains("/tests/"))
        .collect()
}

fn collect(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            collect(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// The top-level module a file belongs to (`heap/sparse.rs` is `heap`).
fn module_of(path: &str) -> &str {
    path.split('/').next().unwrap().trim_end_matches(".rs")
}

/// The lines of `code` holding `needle`, numbered from 1.
fn lines_with<'a>(code: &'a str, needle: &str) -> Vec<(usize, &'a str)> {
    code.lines()
        .enumerate()
        .filter(|(_, l)| l.contains(needle))
        .map(|(i, l)| (i + 1, l.trim()))
        .collect()
}

#[test]
fn modules_use_only_their_layer_and_below() {
    let mut wrong = Vec::new();
    for s in sources() {
        let from = module_of(&s.path);
        if from == "lib" {
            continue;
        }
        let Some(own) = layer_of(from) else {
            wrong.push(format!(
                "{}: module `{from}` has no layer in LAYERS",
                s.path
            ));
            continue;
        };
        for (line, text) in lines_with(&s.code, "crate::") {
            for used in text.split("crate::").skip(1) {
                let name: String = used
                    .chars()
                    .take_while(|c| c.is_alphanumeric() || *c == '_')
                    .collect();
                match layer_of(&name) {
                    Some(l) if l > own => wrong.push(format!(
                        "{}:{line}: `{from}` uses `{name}`, a layer above it",
                        s.path
                    )),
                    _ => {}
                }
            }
        }
    }
    assert!(wrong.is_empty(), "{}", wrong.join("\n"));
}

#[test]
fn the_engine_does_no_io_and_writes_no_json() {
    let banned = [
        "std::fs",
        "std::net",
        "std::process",
        "std::env",
        "stdin()",
        "stdout()",
        "stderr()",
        "println!",
        "eprintln!",
        "print!",
        "eprint!",
        "serde_json",
    ];
    let mut found = Vec::new();
    for s in sources() {
        for needle in banned {
            for (line, text) in lines_with(&s.code, needle) {
                found.push(format!("{}:{line}: {text}", s.path));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn clocks_and_threads_appear_only_where_allowed() {
    let mut found = Vec::new();
    let mut seen: BTreeMap<&str, bool> = BTreeMap::new();
    for s in sources() {
        for (needle, allowed) in [
            ("Instant", CLOCKS),
            ("SystemTime", CLOCKS),
            ("std::thread", THREADS),
            ("rayon", THREADS),
        ] {
            let hits = lines_with(&s.code, needle);
            if hits.is_empty() {
                continue;
            }
            if let Some(a) = allowed.iter().find(|a| **a == s.path) {
                seen.insert(a, true);
            } else {
                for (line, text) in hits {
                    found.push(format!("{}:{line}: {text}", s.path));
                }
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
    // The allowed places are real: a stale list would allow too much.
    for a in CLOCKS.iter().chain(THREADS) {
        assert!(
            seen.contains_key(a),
            "{a} is listed but uses no clock or thread"
        );
    }
}

/// No solver lives under `games/`: a game states its rules and hands its
/// positions to a solver of `solve/` (the split search, the dense table of
/// diagrams, retrograde analysis). Shared tables of atomic cells and
/// threads are what a solver is made of, so a game file holding one is a
/// solver in the wrong folder.
#[test]
fn games_hold_no_solver() {
    let mut found = Vec::new();
    for s in sources().iter().filter(|s| s.path.starts_with("games/")) {
        for needle in ["AtomicU8", "AtomicU32", "AtomicU64", "rayon", "std::thread"] {
            for (line, text) in lines_with(&s.code, needle) {
                found.push(format!("{}:{line}: {text}", s.path));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

#[test]
fn threads_are_compiled_only_with_the_parallel_feature() {
    let sparse = sources()
        .into_iter()
        .find(|s| s.path == "heap/sparse.rs")
        .expect("heap/sparse.rs");
    let lines: Vec<&str> = sparse.code.lines().map(str::trim).collect();
    let at = lines
        .iter()
        .position(|l| *l == "mod window;")
        .expect("heap/sparse.rs declares mod window");
    assert_eq!(lines[at - 1], "#[cfg(feature = \"parallel\")]");
}
