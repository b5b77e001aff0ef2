//! The size rules of docs/dev/architecture.md, checked on the source
//! text: no file of the workspace's crates over about 600 lines, and no
//! function of the engine over 80. A file or a function that grows past
//! them is cut by concept, not left to grow.

mod source;

use source::rust_files;
use std::path::{Path, PathBuf};

/// The most lines a source file of the workspace may have ("about 600").
const FILE_LINES: usize = 610;

/// The most lines a function of the engine may have, its signature and
/// closing brace included.
const FUNCTION_LINES: usize = 80;

/// The `.rs` files of every crate of the workspace (sources and tests).
fn workspace_files() -> Vec<PathBuf> {
    let crates = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let mut files = Vec::new();
    for entry in std::fs::read_dir(&crates).unwrap() {
        let krate = entry.unwrap().path();
        for part in ["src", "tests", "benches"] {
            if krate.join(part).is_dir() {
                rust_files(&krate.join(part), &mut files);
            }
        }
    }
    files
}

/// The functions of `text` longer than `most` lines: name, first line
/// (from 1) and length. A function starts at a line whose code begins
/// with `fn` (after `pub`, `const` or `unsafe`) and ends at the first
/// later line that is its indentation and `}` (rustfmt's layout).
fn long_functions(text: &str, most: usize) -> Vec<(String, usize, usize)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut long = Vec::new();
    for (i, line) in lines.iter().enumerate() {
        let code = line.trim_start();
        let indent = &line[..line.len() - code.len()];
        let mut rest = code;
        for prefix in ["pub(crate) ", "pub(super) ", "pub ", "const ", "unsafe "] {
            rest = rest.strip_prefix(prefix).unwrap_or(rest);
        }
        let Some(signature) = rest.strip_prefix("fn ") else {
            continue;
        };
        // A declaration, or a function on one line.
        if line.trim_end().ends_with(';') || line.trim_end().ends_with('}') {
            continue;
        }
        let name: String = signature
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect();
        let close = format!("{indent}}}");
        if let Some(end) = (i + 1..lines.len()).find(|&j| lines[j] == close) {
            if end - i + 1 > most {
                long.push((name, i + 1, end - i + 1));
            }
        }
    }
    long
}

#[test]
fn no_file_is_over_about_600_lines() {
    let files = workspace_files();
    assert!(files.len() > 100, "the crates' files were not found");
    let over: Vec<String> = files
        .iter()
        .filter_map(|p| {
            let n = std::fs::read_to_string(p).unwrap().lines().count();
            (n > FILE_LINES).then(|| format!("{}: {n} lines", p.display()))
        })
        .collect();
    assert!(
        over.is_empty(),
        "cut these by concept:\n{}",
        over.join("\n")
    );
}

#[test]
fn no_engine_function_is_over_80_lines() {
    let mut files = Vec::new();
    rust_files(
        &Path::new(env!("CARGO_MANIFEST_DIR")).join("src"),
        &mut files,
    );
    let mut over = Vec::new();
    for p in files {
        let text = std::fs::read_to_string(&p).unwrap();
        for (name, line, n) in long_functions(&text, FUNCTION_LINES) {
            over.push(format!("{}:{line}: fn {name}, {n} lines", p.display()));
        }
    }
    assert!(over.is_empty(), "cut these up:\n{}", over.join("\n"));
}

#[test]
fn the_function_finder_sees_functions() {
    let text = "impl A {\n    pub(crate) fn a(\n        x: u8,\n    ) -> u8 {\n        x\n    }\n    fn b();\n}\nfn c() {}\nconst fn d() {\n    1\n}\n";
    assert_eq!(
        long_functions(text, 2),
        [("a".to_string(), 2, 5), ("d".to_string(), 10, 3)]
    );
    assert!(long_functions(text, 5).is_empty());
}
