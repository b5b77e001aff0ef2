//! The architecture invariants of docs/dev/architecture.md, checked on the
//! engine's source text: which module may import which, and where I/O,
//! clocks, JSON and threads may appear. A change that breaks one fails
//! here with the file and line, instead of drifting silently.

mod source;

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use source::rust_files;

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
const CLOCKS: &[&str] = &[
    "heap/sparse/window/mod.rs",
    "heap/sparse/window/crew.rs",
    "games/rules/script.rs",
];

/// Files that may start threads: the sparse engine's windows of heaps, a
/// module that only the `parallel` feature compiles, and the split
/// searches, whose parallel parts only that feature compiles.
const THREADS: &[&str] = &[
    "heap/sparse/window/mod.rs",
    "heap/sparse/window/crew.rs",
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
    sources_of(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"))
}

/// The sources of the crate whose `src` folder is `root`.
fn sources_of(root: &Path) -> Vec<Source> {
    let mut files = Vec::new();
    rust_files(root, &mut files);
    files
        .into_iter()
        .map(|p| {
            let path = p
                .strip_prefix(root)
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

fn layer_of(module: &str) -> Option<usize> {
    LAYERS.iter().position(|l| l.contains(&module))
}

/// The lines of `code` holding `needle`, numbered from 1.
/// Where each needle appears outside its allowed files (`path:line:
/// text`), and the (needle, allowed file) pairs where it does appear.
fn needles_outside<'n>(rules: &[(&'n str, &[&str])]) -> (Vec<String>, BTreeSet<(&'n str, String)>) {
    let mut found = Vec::new();
    let mut seen = BTreeSet::new();
    for s in sources() {
        for &(needle, allowed) in rules {
            let hits = lines_with(&s.code, needle);
            if hits.is_empty() {
                continue;
            }
            if allowed.contains(&s.path.as_str()) {
                seen.insert((needle, s.path.clone()));
                continue;
            }
            for (line, text) in hits {
                found.push(format!("{}:{line}: {text}", s.path));
            }
        }
    }
    (found, seen)
}

fn lines_with<'a>(code: &'a str, needle: &str) -> Vec<(usize, &'a str)> {
    code.lines()
        .enumerate()
        .filter(|(_, l)| l.contains(needle))
        .map(|(i, l)| (i + 1, l.trim()))
        .collect()
}

/// Every path a module names counts: `crate::` paths and groups,
/// `super::` chains, and names the crate root re-exports (a `use
/// crate::Ruleset` in the solvers is a use of `ruleset`).
#[test]
fn modules_use_only_their_layer_and_below() {
    let mut wrong = Vec::new();
    for (own, used) in imports(&sources()) {
        let from = own.split('/').next().unwrap_or("");
        if from.is_empty() {
            continue;
        }
        let Some(layer) = layer_of(from) else {
            wrong.push(format!("{own}: module `{from}` has no layer in LAYERS"));
            continue;
        };
        for t in used {
            let top = t.split('/').next().unwrap_or("");
            if layer_of(top).is_some_and(|l| l > layer) {
                wrong.push(format!("{own}: `{from}` uses `{t}`, a layer above it"));
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
    let (found, seen) = needles_outside(&[
        ("Instant", CLOCKS),
        ("SystemTime", CLOCKS),
        ("std::thread", THREADS),
        ("rayon", THREADS),
    ]);
    assert!(found.is_empty(), "{}", found.join("\n"));
    // The allowed places are real: a stale list would allow too much.
    for a in CLOCKS.iter().chain(THREADS) {
        assert!(
            seen.iter().any(|(_, path)| path == a),
            "{a} is listed but uses no clock or thread"
        );
    }
}

/// The processor's instructions are chosen in one place: only
/// `games/grid/bit_ops.rs` builds code for instructions beyond the
/// default target and asks the processor whether it has them, so one
/// binary runs on every x86-64 and each listing decides it once. The
/// processor's intrinsics are called only by the table's prefetch (SSE,
/// which every x86-64 has).
#[test]
fn instructions_are_chosen_in_one_place() {
    let (found, seen) = needles_outside(&[
        ("target_feature", &["games/grid/bit_ops.rs"]),
        ("feature_detected", &["games/grid/bit_ops.rs"]),
        ("std::arch", &["solve/split/buckets.rs"]),
        ("core::arch", &["solve/split/buckets.rs"]),
    ]);
    assert!(found.is_empty(), "{}", found.join("\n"));
    for needle in ["target_feature", "feature_detected"] {
        assert!(
            seen.iter().any(|(n, _)| *n == needle),
            "games/grid/bit_ops.rs has no {needle}"
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

/// The module a file is (`heap/code.rs` and `heap/code/mod.rs` are
/// `heap/code`; the crate root is the empty path).
fn module_path(file: &str) -> String {
    let m = file.trim_end_matches(".rs");
    let m = m.strip_suffix("/mod").unwrap_or(m);
    if m == "lib" || m == "main" {
        String::new()
    } else {
        m.to_string()
    }
}

/// The modules of one crate that each module's code names (`crate::`,
/// `super::` and `self::` paths, groups `{a, b::c}` included, resolved to
/// the longest module they start with, and names the crate root
/// re-exports to the module they come from), leaving out a module's own
/// ancestors (a child may use its parent, which declares it).
fn imports(sources: &[Source]) -> BTreeMap<String, Vec<String>> {
    let modules: Vec<String> = sources.iter().map(|s| module_path(&s.path)).collect();
    let reexports = root_reexports(sources);
    let mut out = BTreeMap::new();
    for (s, own) in sources.iter().zip(&modules) {
        let own_parts: Vec<&str> = own.split('/').filter(|p| !p.is_empty()).collect();
        let mut used = Vec::new();
        for kind in ["crate::", "super::", "self::"] {
            for (i, _) in s.code.match_indices(kind) {
                let before = s.code[..i].chars().last();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == ':') {
                    continue;
                }
                let mut base: Vec<String> = match kind {
                    "crate::" => Vec::new(),
                    "self::" => own_parts.iter().map(|p| p.to_string()).collect(),
                    _ => own_parts[..own_parts.len().saturating_sub(1)]
                        .iter()
                        .map(|p| p.to_string())
                        .collect(),
                };
                let mut rest = &s.code[i + kind.len()..];
                while kind == "super::" && rest.starts_with("super::") {
                    rest = &rest["super::".len()..];
                    base.pop();
                }
                for path in expand(rest) {
                    let mut full = base.clone();
                    full.extend(path);
                    if let Some(m) = reexports.get(full.first().map_or("", String::as_str)) {
                        if full.len() == 1 || !modules.contains(&full[0]) {
                            full = vec![m.clone()];
                        }
                    }
                    let target = (1..=full.len())
                        .rev()
                        .map(|n| full[..n].join("/"))
                        .find(|m| modules.contains(m));
                    if let Some(t) = target {
                        let ancestor = own == &t || own.starts_with(&format!("{t}/"));
                        if !ancestor && !used.contains(&t) {
                            used.push(t);
                        }
                    }
                }
            }
        }
        out.insert(own.clone(), used);
    }
    out
}

/// The paths a use of `text` (what follows `crate::` and the like) names:
/// `a::b::C` is one, `a::{b, c::{d, e}}` is `a::b`, `a::c::d`, `a::c::e`.
fn expand(text: &str) -> Vec<Vec<String>> {
    let mut head = Vec::new();
    let mut rest = text;
    loop {
        if let Some(group) = rest.strip_prefix('{') {
            let mut out = Vec::new();
            for item in split_group(group) {
                for tail in expand(item.trim()) {
                    let mut p = head.clone();
                    p.extend(tail);
                    out.push(p);
                }
            }
            return out;
        }
        let name: String = rest
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        rest = &rest[name.len()..];
        if !name.is_empty() {
            head.push(name);
        }
        match rest.strip_prefix("::") {
            Some(after) => rest = after,
            None => return vec![head],
        }
    }
}

/// The items of a `{...}` group (`text` starts after the brace), split at
/// its own commas, up to its closing brace.
fn split_group(text: &str) -> Vec<&str> {
    let (mut depth, mut start, mut items) = (0, 0, Vec::new());
    for (i, c) in text.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(&text[start..i]);
                return items;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&text[start..i]);
                start = i + 1;
            }
            _ => {}
        }
    }
    items
}

/// The names the crate root re-exports (`pub use game::{Limits, ..}`),
/// each with the top-level module it comes from.
fn root_reexports(sources: &[Source]) -> BTreeMap<String, String> {
    let mut out = BTreeMap::new();
    let Some(lib) = sources.iter().find(|s| s.path == "lib.rs") else {
        return out;
    };
    for stmt in lib.code.split(';') {
        let Some(at) = stmt.find("pub use ") else {
            continue;
        };
        for path in expand(stmt[at + "pub use ".len()..].trim()) {
            if let (Some(module), Some(name)) = (path.first(), path.last()) {
                if path.len() > 1 {
                    out.insert(name.clone(), module.clone());
                }
            }
        }
    }
    out
}

/// A cycle of imports in `graph`, if there is one.
fn find_cycle(graph: &BTreeMap<String, Vec<String>>) -> Option<Vec<String>> {
    // 0: not seen, 1: on the current path, 2: done.
    let mut state: BTreeMap<&str, u8> = BTreeMap::new();
    for start in graph.keys() {
        if state.contains_key(start.as_str()) {
            continue;
        }
        let mut path: Vec<(&str, usize)> = vec![(start, 0)];
        state.insert(start, 1);
        while let Some((node, next)) = path.last_mut() {
            let edges = graph.get(*node).map(Vec::as_slice).unwrap_or(&[]);
            let Some(to) = edges.get(*next) else {
                state.insert(node, 2);
                path.pop();
                continue;
            };
            *next += 1;
            match state.get(to.as_str()) {
                Some(1) => {
                    let at = path.iter().position(|(n, _)| *n == to).unwrap();
                    let mut cycle: Vec<String> =
                        path[at..].iter().map(|(n, _)| n.to_string()).collect();
                    cycle.push(to.clone());
                    return Some(cycle);
                }
                Some(_) => {}
                None => {
                    state.insert(to, 1);
                    path.push((to, 0));
                }
            }
        }
    }
    None
}

/// Every crate of the workspace.
const CRATES: &[&str] = &[
    "grundy",
    "grundy-files",
    "grundy-cli",
    "grundy-cluster",
    "grundy-py",
];

/// No crate compiles another crate's file through `#[path]`: what two
/// front ends share is a crate (`grundy-files`), so each is built and
/// tested once.
#[test]
fn no_crate_includes_another_crates_file() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for name in CRATES {
        for s in sources_of(&crates.join(name).join("src")) {
            assert!(
                !s.code.contains("#[path"),
                "{name}/src/{}: a #[path] include",
                s.path
            );
        }
    }
}

/// The cluster opens no socket of its own and reads no panic text: timely
/// connects its processes, carries its messages and fails its run when a
/// peer is lost.
#[test]
fn the_cluster_leaves_the_network_to_timely() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../grundy-cluster/src");
    let mut found = Vec::new();
    for s in sources_of(&root) {
        for needle in [
            "TcpStream",
            "TcpListener",
            "UdpSocket",
            "communication error",
        ] {
            for (line, text) in lines_with(&s.code, needle) {
                found.push(format!("grundy-cluster/src/{}:{line}: {text}", s.path));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
}

/// The command line replaces and locks files in one place,
/// `checkpoint.rs`: every state file is written whole (a temporary file
/// renamed over it) and held by one run, whichever command saves it.
#[test]
fn files_are_replaced_and_locked_only_by_the_checkpoint_module() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../grundy-cli/src");
    let mut found = Vec::new();
    let mut seen = BTreeSet::new();
    for s in sources_of(&root) {
        for needle in ["fs::rename", "try_lock", "TryLockError"] {
            let hits = lines_with(&s.code, needle);
            let allowed =
                s.path == "checkpoint.rs" || (s.path == "table/file.rs" && needle != "fs::rename");
            if allowed && !hits.is_empty() {
                seen.insert((needle, s.path.clone()));
            }
            for (line, text) in hits.into_iter().filter(|_| !allowed) {
                found.push(format!("grundy-cli/src/{}:{line}: {text}", s.path));
            }
        }
    }
    assert!(found.is_empty(), "{}", found.join("\n"));
    // The rule looks where the renaming and the locking are.
    assert!(seen.contains(&("fs::rename", "checkpoint.rs".to_string())));
    assert!(seen.contains(&("try_lock", "checkpoint.rs".to_string())));
}

/// No two modules of a crate import each other, directly or round a
/// longer loop: each crate's modules can be read bottom-up.
#[test]
fn no_import_cycles() {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    for name in CRATES {
        let graph = imports(&sources_of(&crates.join(name).join("src")));
        assert!(graph.len() > 1 || *name != "grundy", "no modules read");
        if let Some(cycle) = find_cycle(&graph) {
            panic!("{name}: modules import each other: {}", cycle.join(" -> "));
        }
    }
}

/// Paths are read through groups, nested groups and renames.
#[test]
fn use_paths_are_read_through_groups() {
    let paths = |t: &str| -> Vec<String> { expand(t).iter().map(|p| p.join("::")).collect() };
    assert_eq!(paths("game::Limits;"), ["game::Limits"]);
    assert_eq!(
        paths("{nimber::Nimber as N, heap::{code::Code, sparse}};"),
        ["nimber::Nimber", "heap::code::Code", "heap::sparse"]
    );
    assert_eq!(
        paths("solve::{self, split::Split}"),
        ["solve::self", "solve::split::Split"]
    );
}

/// The cycle finder sees a loop through three modules, resolves `super::`
/// paths, and lets a child use its parent.
#[test]
fn the_cycle_finder_sees_cycles() {
    let source = |path: &str, code: &str| Source {
        path: path.to_string(),
        code: code.to_string(),
    };
    let looped = [
        source("a.rs", "use crate::b::X;"),
        source("b.rs", "use crate::c::Y;"),
        source("c.rs", "use crate::a::Z;"),
    ];
    assert_eq!(
        find_cycle(&imports(&looped)),
        Some(vec!["a".into(), "b".into(), "c".into(), "a".into()])
    );
    let tree = [
        source("h/mod.rs", "mod x; use self::x::T;"),
        source("h/x.rs", "use super::Parent; use super::y::U;"),
        source("h/y.rs", "use crate::h::Parent;"),
    ];
    assert_eq!(find_cycle(&imports(&tree)), None);
    let mutual = [
        source("h/mod.rs", ""),
        source("h/x.rs", "use super::y::U;"),
        source("h/y.rs", "use super::x::T;"),
    ];
    assert!(find_cycle(&imports(&mutual)).is_some());
}
