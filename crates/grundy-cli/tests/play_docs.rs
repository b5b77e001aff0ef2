//! The games the book shows being played (a ```text block that starts
//! `$ grundy play ...`, which trycmd cannot run: the moves are typed at
//! prompts) are what `grundy play` prints when those moves are typed: the
//! words after each prompt are given on stdin, which `play` echoes after
//! the prompt, so the whole transcript is its stdout. The pages cannot
//! drift from the game.

use std::path::{Path, PathBuf};

/// The prompts after which a transcript shows a typed move.
const PROMPTS: [&str; 2] = [
    "your move> ",
    "your move (new position, or #K from `moves`)> ",
];

/// A game shown in the book: where, the arguments of `grundy play`, and
/// the transcript's lines.
struct Shown {
    page: PathBuf,
    args: Vec<String>,
    transcript: Vec<String>,
}

fn pages(dir: &Path, found: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap().flatten() {
        let path = entry.path();
        if path.is_dir() {
            pages(&path, found);
        } else if path.extension().is_some_and(|e| e == "md") {
            found.push(path);
        }
    }
}

fn shown_games(root: &Path) -> Vec<Shown> {
    let mut paths = Vec::new();
    pages(&root.join("docs/book/src"), &mut paths);
    paths.push(root.join("README.md"));
    let mut games = Vec::new();
    for page in paths {
        let text = std::fs::read_to_string(&page).unwrap();
        let mut lines = text.lines();
        while let Some(line) = lines.next() {
            if line != "```text" {
                continue;
            }
            let block: Vec<String> = lines
                .by_ref()
                .take_while(|l| !l.starts_with("```"))
                .map(str::to_string)
                .collect();
            let Some(command) = block.first().and_then(|l| l.strip_prefix("$ grundy play ")) else {
                continue;
            };
            assert!(
                !command.contains(['\'', '"', '\\']),
                "{}: quote-free arguments only: {command}",
                page.display()
            );
            games.push(Shown {
                page: page.clone(),
                args: command.split_whitespace().map(str::to_string).collect(),
                transcript: block[1..].to_vec(),
            });
        }
    }
    games
}

/// The moves typed in a transcript, in order.
fn typed(transcript: &[String]) -> String {
    let mut input = String::new();
    for line in transcript {
        if let Some(word) = PROMPTS.iter().find_map(|p| line.strip_prefix(p)) {
            input.push_str(word);
            input.push('\n');
        }
    }
    input
}

#[test]
fn every_game_shown_in_the_book_plays_as_shown() {
    let root = Path::new(concat!(env!("CARGO_MANIFEST_DIR"), "/../.."));
    let games = shown_games(root);
    assert!(games.len() >= 4, "the play page's games were not found");
    for game in games {
        let input = typed(&game.transcript);
        let out = assert_cmd::Command::cargo_bin("grundy")
            .unwrap()
            .arg("play")
            .args(&game.args)
            .current_dir(root)
            .write_stdin(input.clone())
            .output()
            .unwrap();
        let printed = String::from_utf8(out.stdout).unwrap();
        let want = game.transcript.join("\n") + "\n";
        assert_eq!(
            printed,
            want,
            "{}: `grundy play {}` typed {input:?}; stderr: {}",
            game.page.display(),
            game.args.join(" "),
            String::from_utf8_lossy(&out.stderr)
        );
        assert_eq!(out.status.code(), Some(0), "{}", game.page.display());
    }
}
