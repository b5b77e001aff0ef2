//! The rows of `grundy table --out` files carry checksums: a row changed
//! after it was written is refused by name, while files of versions that
//! wrote no checksums still resume.

mod support;

use support::{fails, scratch_dir, text};

/// A finished sweep's file, and the arguments that resume it.
fn finished(name: &str) -> (String, Vec<String>) {
    let path = scratch_dir(name).join("out.jsonl");
    let path = path.to_str().unwrap().to_string();
    let args: Vec<String> = ["table", "0.[0-3]7", "--to", "200", "--out", &path]
        .map(String::from)
        .to_vec();
    text(&args.iter().map(String::as_str).collect::<Vec<_>>());
    (path, args)
}

#[test]
fn a_row_changed_after_it_was_written_is_refused() {
    let (path, args) = finished("table-sealed");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let merge = ["table", "--merge", &path];
    let before = std::fs::read_to_string(&path).unwrap();
    assert!(before
        .lines()
        .next()
        .unwrap()
        .ends_with(",\"sealed\":true}"));
    let row = before.lines().nth(1).unwrap();
    assert!(row.contains(",\"crc\":\""), "{row}");
    // A value changed by one digit still reads as a row.
    let max = row.split("\"max_value\":").nth(1).unwrap();
    let digit = max.chars().next().unwrap().to_digit(10).unwrap();
    let changed = row.replacen(
        &format!("\"max_value\":{digit}"),
        &format!("\"max_value\":{}", (digit + 1) % 10),
        1,
    );
    assert_ne!(changed, row);
    std::fs::write(&path, before.replacen(row, &changed, 1)).unwrap();
    for args in [&args[..], &merge[..]] {
        let err = fails(args, "line 2: damaged row (its checksum does not match");
        assert!(err.contains("delete the line"), "{err}");
    }
    // A sealed file's row without its checksum is refused too.
    let bare = row.split(",\"crc\":").next().unwrap().to_string() + "}";
    std::fs::write(&path, before.replacen(row, &bare, 1)).unwrap();
    fails(&args, "line 2: damaged row (its checksum is missing)");
    // The line deleted, the sweep computes that game again, as it was.
    let without: String = before
        .lines()
        .filter(|l| *l != row)
        .map(|l| l.to_string() + "\n")
        .collect();
    std::fs::write(&path, without).unwrap();
    text(&args);
    let again = std::fs::read_to_string(&path).unwrap();
    assert!(again.lines().any(|l| l == row), "{again}");
}

#[test]
fn files_of_versions_without_checksums_resume() {
    let (path, args) = finished("table-unsealed");
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let before = std::fs::read_to_string(&path).unwrap();
    let old: String = before
        .replacen(",\"sealed\":true", "", 1)
        .lines()
        .map(|l| {
            l.split(",\"crc\":")
                .next()
                .unwrap()
                .trim_end_matches('}')
                .to_string()
                + "}\n"
        })
        .collect();
    assert!(!old.contains("crc"));
    std::fs::write(&path, &old).unwrap();
    assert!(text(&args).contains("\n4 games"));
    assert!(text(&["table", "--merge", &path]).contains("\n4 games"));
}
