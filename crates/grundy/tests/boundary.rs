//! The boundary between the engine and presentation (see the crate doc):
//! no module of the engine core imports `present`.

use std::fs;
use std::path::{Path, PathBuf};

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

#[test]
fn the_engine_core_does_not_import_presentation() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    sources(&src, &mut files);
    let core: Vec<&PathBuf> = files
        .iter()
        .filter(|p| !p.starts_with(src.join("present")) && !p.ends_with("lib.rs"))
        .collect();
    // The engine's modules, and no more: a file moved out of the tree
    // would otherwise pass unseen.
    assert!(core.iter().any(|p| p.ends_with("answer.rs")));
    assert!(core.iter().any(|p| p.ends_with("play.rs")));
    assert!(core.len() > 40, "only {} engine files found", core.len());
    let offenders: Vec<String> = core
        .iter()
        .filter(|p| {
            let text = fs::read_to_string(p).unwrap();
            text.contains("present::") || text.contains("crate::present")
        })
        .map(|p| p.display().to_string())
        .collect();
    assert!(
        offenders.is_empty(),
        "engine files that import presentation: {offenders:?}"
    );
}
