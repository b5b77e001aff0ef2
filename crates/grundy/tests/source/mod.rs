//! The Rust files below a folder, for the tests that read the sources
//! (`architecture.rs`, `sizes.rs`).

use std::path::{Path, PathBuf};

/// Every `.rs` file below `dir`, its subfolders included.
pub fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let p = entry.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|e| e == "rs") {
            out.push(p);
        }
    }
}
