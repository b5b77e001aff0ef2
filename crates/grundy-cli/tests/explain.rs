//! `grundy explain`: the mex and XOR reasoning, checked against a brute
//! force written here (its own mex, its own XOR), not the engine's.

mod support;

use std::collections::BTreeSet;

use serde_json::Value;
use support::*;

/// The options of heap `n` in a subtraction game with `set`, as the game
/// lists them (largest heap left first).
fn sub_options(n: u64, set: &[u64]) -> Vec<u64> {
    set.iter().filter(|&&s| s <= n).map(|&s| n - s).collect()
}

/// The smallest number not in `values`.
fn brute_mex(values: &[u64]) -> u64 {
    (0..).find(|v| !values.contains(v)).unwrap()
}

/// G(0..=n) by the mex over every option.
fn brute_values(n: u64, set: &[u64]) -> Vec<u64> {
    let mut g = Vec::new();
    for h in 0..=n {
        let opts: Vec<u64> = sub_options(h, set).iter().map(|&o| g[o as usize]).collect();
        g.push(brute_mex(&opts));
    }
    g
}

fn u(v: &Value) -> u64 {
    v.as_u64().unwrap()
}

/// Checks the explanation of the heaps `heaps` of the subtraction game
/// `set` (named `game`) against the brute force: every option's value,
/// the mex, the binary rows, the XOR and the winning moves.
fn check_heaps(game: &str, set: &[u64], heaps: &[u64]) {
    let args: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let mut cmd = vec!["explain", game];
    cmd.extend(args.iter().map(String::as_str));
    let text = text(&cmd);
    cmd.push("--json");
    let json = json_of(&cmd);
    let g = brute_values(*heaps.iter().max().unwrap(), set);
    let total = heaps.iter().fold(0, |a, &h| a ^ g[h as usize]);
    let bits = format!(
        "{:b}",
        heaps
            .iter()
            .map(|&h| g[h as usize])
            .max()
            .unwrap()
            .max(total)
    )
    .len();
    for (i, &h) in heaps.iter().enumerate() {
        let c = &json["components"][i];
        let opts = sub_options(h, set);
        let opt_values: Vec<u64> = opts.iter().map(|&o| g[o as usize]).collect();
        assert_eq!(u(&c["value"]), brute_mex(&opt_values), "{game} {h}");
        let listed: Vec<(String, u64)> = c["options"]
            .as_array()
            .unwrap()
            .iter()
            .map(|o| (o["to"].as_str().unwrap().to_string(), u(&o["value"])))
            .collect();
        let expected: Vec<(String, u64)> = opts
            .iter()
            .map(|&o| (o.to_string(), g[o as usize]))
            .collect();
        assert_eq!(listed, expected, "{game} {h}");
        let distinct: BTreeSet<u64> = opt_values.iter().copied().collect();
        let group_values: Vec<u64> = c["groups"]
            .as_array()
            .unwrap()
            .iter()
            .map(|gr| u(&gr["value"]))
            .collect();
        assert_eq!(group_values, distinct.iter().copied().collect::<Vec<_>>());
        // The tutorials' line, word for word.
        let names: Vec<String> = opts.iter().map(|o| format!("G({o})")).collect();
        let set_text: Vec<String> = distinct.iter().map(u64::to_string).collect();
        let line = format!(
            "G({h}) = mex{{{}}} = mex{{{}}} = {}",
            names.join(", "),
            set_text.join(","),
            g[h as usize]
        );
        assert!(text.contains(&line), "`{line}` not in:\n{text}");
        let binary = format!("{:0bits$b}", g[h as usize]);
        assert_eq!(json["sum"]["binary"][i], binary.as_str());
    }
    assert_eq!(u(&json["sum"]["total"]), total);
    assert_eq!(
        json["sum"]["total_binary"],
        format!("{total:0bits$b}").as_str()
    );
    assert_eq!(json["outcome"], if total == 0 { "P" } else { "N" });
    // Winning moves: exactly the options that leave the XOR 0.
    let mut brute_wins = BTreeSet::new();
    for (i, &h) in heaps.iter().enumerate() {
        for o in sub_options(h, set) {
            if total ^ g[h as usize] ^ g[o as usize] == 0 {
                brute_wins.insert((i as u64, o.to_string()));
            }
        }
    }
    let wins: BTreeSet<(u64, String)> = json["winning_moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| {
            let i = u(&m["component"]);
            let to = m["to"].as_str().unwrap().to_string();
            let before = g[heaps[i as usize] as usize];
            assert_eq!(u(&m["value_before"]), before);
            assert_eq!(u(&m["value_after"]), g[to.parse::<usize>().unwrap()]);
            assert_eq!(u(&m["total_after"]), 0);
            (i, to)
        })
        .collect();
    assert_eq!(wins, brute_wins, "{game} {heaps:?}");
    assert_eq!(
        text.matches("so the XOR becomes 0").count(),
        brute_wins.len(),
        "{text}"
    );
}

#[test]
fn sub_134_shows_the_mex_and_the_xor() {
    check_heaps("sub:1,3,4", &[1, 3, 4], &[7, 10]);
    let out = text(&["explain", "sub:1,3,4", "7", "10"]);
    // G(7) = 0 and G(10) = 1, by hand from 0,1,0,1,2,3,2 repeating.
    assert!(
        out.contains("G(7) = mex{G(6), G(4), G(3)} = mex{1,2} = 0"),
        "{out}"
    );
    assert!(out.contains("  XOR   = 1 = 1\n"), "{out}");
    assert!(out.contains("component 2: 10 -> 9   value 1 -> 0"), "{out}");
}

#[test]
fn nim_shows_the_columns_of_bits() {
    let nim: Vec<u64> = (1..=5).collect();
    check_heaps("nim", &nim, &[3, 4, 5]);
    let out = text(&["explain", "nim", "3", "4", "5"]);
    for row in [
        "  G(3) = 3 = 011\n",
        "  G(4) = 4 = 100\n",
        "  G(5) = 5 = 101\n",
        "  XOR  = 2 = 010\n",
    ] {
        assert!(out.contains(row), "`{row}` not in:\n{out}");
    }
}

#[test]
fn a_p_position_has_no_winning_move_and_says_why() {
    check_heaps("sub:1,3,4", &[1, 3, 4], &[7, 2]);
    let out = text(&["explain", "nim", "1", "2", "3"]);
    assert!(out.contains("outcome: P"), "{out}");
    assert!(out.contains("the XOR is 0"), "{out}");
    assert!(!out.contains("winning moves"), "{out}");
}

#[test]
fn large_components_are_explained_by_their_theory() {
    // A heap of 10^15 is read off the proven period 7 of sub:1,3,4.
    let n: u64 = 1_000_000_000_000_000;
    let json = json_of(&["explain", "sub:1,3,4", &n.to_string(), "--json"]);
    let theory = &json["components"][0]["theory"];
    assert_eq!(theory["kind"], "period");
    let m = n % 7;
    assert_eq!(u(&theory["reads"][0]["heap"]), m);
    let g = brute_values(7, &[1, 3, 4]);
    assert_eq!(u(&theory["reads"][0]["value"]), g[m as usize]);
    assert_eq!(u(&json["components"][0]["value"]), g[m as usize]);
    // A Nim heap of 1000 has too many options: its closed form says it.
    let json = json_of(&["explain", "nim", "1000", "--json"]);
    let c = &json["components"][0];
    assert!(c["options"].is_null());
    assert_eq!(c["theory"]["kind"], "closed_form");
    assert_eq!(u(&c["value"]), 1000);
}

#[test]
fn coin_games_list_their_options_up_to_forty() {
    // Ruler's head 10 has 10 moves (runs of 1 to 10 coins ending at it),
    // turning 55 coins: the options were once refused as "more than 40".
    // G(n) of Ruler is the largest power of 2 dividing n.
    let json = json_of(&["explain", "ruler", "10", "--json"]);
    let c = &json["components"][0];
    assert_eq!(c["options"].as_array().map(Vec::len), Some(10), "{c}");
    assert_eq!(u(&c["value"]), 2);
    let seen: BTreeSet<u64> = c["options"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| u(&o["value"]))
        .collect();
    let mex = (0..).find(|v| !seen.contains(v)).unwrap();
    assert_eq!(mex, 2, "{c}");
    // Head 41 has 41 moves: its theory says so, truly.
    let json = json_of(&["explain", "ruler", "41", "--json"]);
    let c = &json["components"][0];
    assert!(c["options"].is_null(), "{c}");
    let why = c["theory"]["text"].as_str().unwrap();
    assert!(why.starts_with("more than 40 options"), "{why}");
}

#[test]
fn splits_are_options_written_as_sums() {
    // Kayles 4: options 3, 2, 1+2, 1+1 and 2 again; values by hand from
    // G(0..3) = 0,1,2,3: {3, 2, 1^2 = 3, 1^1 = 0} so G(4) = mex{0,2,3} = 1.
    let out = text(&["explain", "kayles", "4"]);
    assert!(out.contains("= mex{0,2,3} = 1"), "{out}");
    assert!(out.contains("G(1+2)"), "{out}");
}

#[test]
fn misere_and_whole_position_games_are_refused_in_one_line() {
    fails(&["explain", "nim", "1", "2", "--misere"], "misère");
    fails(&["explain", "moore:2", "1", "2"], "not decided by the XOR");
    for kind in [
        "continued",
        "conjunctive",
        "selective",
        "diminished",
        "shortened",
    ] {
        let err = fails(
            &["explain", "kayles", "3", "4", "--compound", kind],
            &format!("kayles ({kind} compound) is not decided by the XOR"),
        );
        assert!(err.contains("use `grundy value` for its outcome"), "{err}");
    }
    let sum = text(&["explain", "kayles", "3", "4", "--compound", "disjunctive"]);
    assert!(sum.contains("G(3) = mex{G(2), G(1), G(1+1)}"), "{sum}");
    fails(&["explain", "nim", "x"], "heap size");
}

#[test]
fn loopy_options_and_long_tables_name_where_the_value_comes_from() {
    let draws = format!(
        "rules:{}/../../rules/draws.rhai",
        env!("CARGO_MANIFEST_DIR")
    );
    // 4 moves to 3 (a draw, inf(1)) or to 0: its value 1 is no mex of
    // listed values, and the explanation says why.
    let json = json_of(&["explain", &draws, "4", "--json"]);
    let c = &json["components"][0];
    assert_eq!(u(&c["value"]), 1);
    assert!(c["options"].is_null());
    assert_eq!(c["theory"]["kind"], "game");
    let why = c["theory"]["text"].as_str().unwrap();
    assert!(
        why.contains("the option 3 has the loopy value inf(1)"),
        "{why}"
    );
    // A draw has no finite value to explain.
    fails(&["explain", &draws, "5"], "loopy value");
    // Kayles 100 has about 100 options: its value is read from the table.
    let json = json_of(&["explain", "kayles", "100", "--json"]);
    assert_eq!(json["components"][0]["theory"]["kind"], "table");
}

/// A board given as a file is explained as the board it holds, named by
/// its path (the file's text used to be read as an inline map, and
/// refused).
#[test]
fn a_board_file_is_explained_as_its_board() {
    let path = file("explain-board.txt", "...\n.x.\n");
    let from_file = json_of(&["explain", "cram", &path, "--json"]);
    let inline = json_of(&["explain", "cram", ".../.x.", "--json"]);
    assert_eq!(from_file["components"][0]["component"], path.as_str());
    assert_eq!(
        from_file["components"][0]["value"],
        inline["components"][0]["value"]
    );
    assert_eq!(from_file["components"][0]["value"], 0);
    assert_eq!(from_file["sum"], inline["sum"]);
    assert_eq!(
        from_file["components"][0]["options"],
        inline["components"][0]["options"]
    );
}

#[test]
fn a_missing_file_and_a_position_without_moves_are_told_as_value_tells_them() {
    // A path that names no file says so, as `value` does.
    let missing = "no/such/board.txt";
    for command in ["explain", "value"] {
        let (_, err, code) = run(&[command, "cram", missing], "");
        assert_eq!(code, Some(2), "{err}");
        assert!(
            err.contains("(and no file is named `no/such/board.txt`)"),
            "{command}: {err}"
        );
    }
    // Hackenbush says it of a path itself, once.
    let (_, err, _) = run(&["explain", "hackenbush", "no/such/tree.txt"], "");
    assert!(err.contains("`no/such/tree.txt` names no file"), "{err}");
    assert!(!err.contains("(and no file is named"), "{err}");
    // No options: one empty set, not the same set twice.
    let (out, err, code) = run(&["explain", "nim", "0"], "");
    assert_eq!(code, Some(0), "{err}");
    assert!(out.contains("  G(0) = mex{} = 0\n"), "{out}");
    let (out, _, _) = run(&["explain", "nim", "2"], "");
    assert!(
        out.contains("  G(2) = mex{G(1), G(0)} = mex{0,1} = 2\n"),
        "{out}"
    );
}

#[test]
fn a_sum_of_different_games_explains_each_part_by_its_own_game() {
    // Each part's options are valued by the part's game alone: nim 3 is
    // worth 3 (options 0, 1, 2), kayles 5 is worth 4, and the XOR 7 is
    // made 0 by taking kayles 5 to a position of value 3.
    let why = json_of(&["explain", "--json", "--sum", "nim 3", "kayles 5"]);
    let values: Vec<u64> = (why["components"].as_array().unwrap().iter())
        .map(|c| u(&c["value"]))
        .collect();
    assert_eq!(values, [3, 4]);
    assert_eq!(u(&why["sum"]["total"]), 7);
    let nim: Vec<u64> = (why["components"][0]["options"].as_array().unwrap().iter())
        .map(|o| u(&o["value"]))
        .collect();
    assert_eq!(nim, [2, 1, 0]);
    let text = text(&["explain", "--sum", "nim 3", "kayles 5"]);
    assert!(
        text.contains("component 2: kayles 5 -> kayles 3   value 4 -> 3"),
        "{text}"
    );
    fails(
        &["value", "--sum", "nim 3", "kayls 5"],
        "unknown game `kayls`",
    );
    // A Cutting Game part has options decided at once (a strip of width 1),
    // which have no value to list: its value (1 for 4x2) is explained by
    // its theory, and the sum still is.
    let why = json_of(&["explain", "--json", "--sum", "nim 3", "cutting 4x2"]);
    assert_eq!(u(&why["components"][1]["value"]), 1, "{why}");
    assert_eq!(u(&why["sum"]["total"]), 2, "{why}");
    assert!(why["components"][1]["options"].is_null(), "{why}");
}
