//! Every shell example in the README and the user guide (`docs/book`) is
//! run and its output compared, so the docs cannot drift from the binary
//! (trycmd: a ```console block's `$ grundy ...` lines are run, their
//! output, stderr merged, must read as written; `...` stands for lines
//! left out and `[..]` for part of a line). Commands run in the
//! repository's root, so files are named as a user there names them
//! (`rules/cutting_game.rhai`, `docs/book/examples/...`). `GRUNDY_DOCS=GLOB` checks only
//! the pages it matches (relative to the repository), and `TRYCMD=overwrite`
//! writes the outputs the binary gives.

#[test]
fn docs_examples_run_as_written() {
    let root = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");
    std::env::set_current_dir(root).expect("the repository's root");
    // The files the examples write (`target/docs-*`) go first, so that
    // every run starts as a clean clone's does: a run again would find
    // its checkpoints and say it resumes.
    for entry in std::fs::read_dir("target").into_iter().flatten().flatten() {
        if entry.file_name().to_string_lossy().starts_with("docs-") {
            let _ = std::fs::remove_file(entry.path());
        }
    }
    let cases = trycmd::TestCases::new();
    cases.register_bin("grundy", trycmd::cargo::cargo_bin!("grundy"));
    match std::env::var("GRUNDY_DOCS") {
        Ok(glob) => {
            cases.case(format!("{root}/{glob}"));
        }
        Err(_) => {
            cases.case(format!("{root}/README.md"));
            cases.case(format!("{root}/docs/book/src/**/*.md"));
        }
    }
}
