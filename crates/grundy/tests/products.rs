//! Products of coin games against a brute force of the two-dimensional
//! game written here: every position of a small board valued by the mex
//! rule over the moves of the product (a row move times a column move,
//! the farthest coin heads to tails), and the engine's values and winning
//! moves compared with it.

use grundy::{Limits, SpecOptions};
use proptest::prelude::*;

/// The sets of coins (1-based, the head last) a 1-D rule may turn from a
/// head at `x`, written from the rules' definitions.
fn turns(rule: &str, x: u64) -> Vec<Vec<u64>> {
    let mut out = Vec::new();
    match rule {
        "twins" => out.extend((1..x).map(|a| vec![a, x])),
        "turtles" | "mock-turtles" => {
            out.push(vec![x]);
            out.extend((1..x).map(|a| vec![a, x]));
            if rule == "mock-turtles" {
                for a in 1..x {
                    out.extend((a + 1..x).map(|b| vec![a, b, x]));
                }
            }
        }
        "ruler" => out.extend((1..=x).map(|len| (x + 1 - len..=x).collect())),
        _ => unreachable!("{rule}"),
    }
    out
}

/// A `w x h` board: coin `(x, y)` (1-based) is bit `(x-1) * h + (y-1)`.
struct Board {
    h: u64,
    /// For each coin, the coins each move from a head there turns, as a
    /// mask to XOR.
    turns: Vec<Vec<u32>>,
    /// The value of every position (bitmask of heads).
    sg: Vec<u8>,
}

impl Board {
    fn bit(&self, x: u64, y: u64) -> u32 {
        ((x - 1) * self.h + (y - 1)) as u32
    }

    /// Every position one move from `mask`.
    fn moves(&self, mask: u32) -> Vec<u32> {
        let mut out = Vec::new();
        for (coin, turns) in self.turns.iter().enumerate() {
            if mask >> coin & 1 == 1 {
                out.extend(turns.iter().map(|t| mask ^ t));
            }
        }
        out
    }

    /// Every position valued, smallest mask first (a move always lowers
    /// the mask: the head is the highest bit it turns).
    fn solve(rows: &str, columns: &str, w: u64, h: u64) -> Board {
        let mut b = Board {
            h,
            turns: Vec::new(),
            sg: Vec::new(),
        };
        for x in 1..=w {
            for y in 1..=h {
                let mut each = Vec::new();
                for a in turns(rows, x) {
                    for c in turns(columns, y) {
                        let m = a.iter().flat_map(|&i| c.iter().map(move |&j| (i, j)));
                        each.push(m.fold(0u32, |acc, (i, j)| acc ^ 1 << b.bit(i, j)));
                    }
                }
                b.turns.push(each);
            }
        }
        let n = 1usize << (w * h);
        b.sg = vec![0; n];
        let mut seen = [false; 256];
        for mask in 0..n as u32 {
            seen.fill(false);
            for next in b.moves(mask) {
                assert!(next < mask);
                seen[b.sg[next as usize] as usize] = true;
            }
            b.sg[mask as usize] = seen.iter().position(|&s| !s).unwrap() as u8;
        }
        b
    }

    fn heads(&self, mask: u32) -> Vec<String> {
        let w = self.turns.len() as u64 / self.h;
        let mut out = Vec::new();
        for x in 1..=w {
            for y in 1..=self.h {
                if mask >> self.bit(x, y) & 1 == 1 {
                    out.push(format!("{x},{y}"));
                }
            }
        }
        out
    }
}

/// The heads of a position as the engine writes them: `0`, `x,y`,
/// `(x,y)(x,y)` or a grid `THT/HTT` (row `y`, column `x`).
fn read(board: &Board, text: &str) -> u32 {
    let mut mask = 0;
    let mut add = |x: u64, y: u64| mask ^= 1 << board.bit(x, y);
    if text.starts_with(['T', 'H', 't', 'h']) {
        for (y, row) in text.split('/').enumerate() {
            for (x, ch) in row.chars().enumerate() {
                if ch.eq_ignore_ascii_case(&'H') {
                    add(x as u64 + 1, y as u64 + 1);
                }
            }
        }
    } else if text != "0" {
        for item in text
            .trim_start_matches('(')
            .trim_end_matches(')')
            .split(")(")
        {
            let (x, y) = item.split_once(',').unwrap();
            add(x.parse().unwrap(), y.parse().unwrap());
        }
    }
    mask
}

/// The engine's value and the positions its winning moves reach, against
/// the brute force, for position `mask` (written as its heads, and as a
/// grid).
fn check(game: &dyn grundy::Ruleset, board: &Board, mask: u32, grid: (u64, u64)) {
    let heads = board.heads(mask);
    let as_heads = match heads.len() {
        0 => "0".to_string(),
        1 => heads[0].clone(),
        _ => heads.iter().map(|h| format!("({h})")).collect(),
    };
    let as_grid: Vec<String> = (1..=grid.1)
        .map(|y| {
            (1..=grid.0)
                .map(|x| {
                    if mask >> board.bit(x, y) & 1 == 1 {
                        'H'
                    } else {
                        'T'
                    }
                })
                .collect()
        })
        .collect();
    for text in [as_heads, as_grid.join("/")] {
        assert_eq!(read(board, &text), mask);
        let a = game
            .analyze(std::slice::from_ref(&text), &Limits::default())
            .unwrap();
        assert_eq!(
            a.grundy.unwrap().finite().unwrap().0,
            board.sg[mask as usize] as u64,
            "{text}"
        );
        assert!(!a.moves_truncated);
        let mut got: Vec<u32> = a.winning_moves.iter().map(|m| read(board, &m.to)).collect();
        got.sort_unstable();
        got.dedup();
        let mut want: Vec<u32> = board
            .moves(mask)
            .into_iter()
            .filter(|&n| board.sg[n as usize] == 0)
            .collect();
        want.sort_unstable();
        want.dedup();
        assert_eq!(got, want, "winning moves of {text}");
    }
}

#[test]
fn turning_corners_is_twins_times_twins_on_a_5x5_board() {
    let board = Board::solve("twins", "twins", 5, 5);
    let game = grundy::parse("turning-corners", SpecOptions::default()).unwrap();
    // Every lone head: (x, y) is worth (x-1) * (y-1), nim product.
    for x in 1..=5 {
        for y in 1..=5 {
            let v = board.sg[1 << board.bit(x, y)] as u64;
            assert_eq!(v, grundy::nim_mul(x - 1, y - 1), "({x},{y})");
        }
    }
    // Every position of up to three heads, values and winning moves.
    let n = 25;
    for a in 0..n {
        for b in a..n {
            for c in b..n {
                check(&*game, &board, 1 << a | 1 << b | 1 << c, (5, 5));
            }
        }
    }
}

const RULES: [&str; 4] = ["twins", "turtles", "mock-turtles", "ruler"];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// Any two coin games, any position of a 4x4 board.
    #[test]
    fn products_of_coin_games(r in 0..4usize, c in 0..4usize, masks in prop::collection::vec(1u32..1 << 16, 8)) {
        let board = Board::solve(RULES[r], RULES[c], 4, 4);
        let name = format!("product:{},{}", RULES[r], RULES[c]);
        let game = grundy::parse(&name, SpecOptions::default()).unwrap();
        for mask in masks {
            check(&*game, &board, mask, (4, 4));
        }
    }
}

/// A head far along one axis and near the other has few moves in one
/// factor and a billion in the other: its winning moves are found by
/// listing the few and asking the other factor for the value that wins
/// (a listing of the billion once ran out of budget and answered N with
/// no move). Each move listed leaves a position worth 0.
#[test]
fn far_heads_near_an_axis_list_their_winning_moves() {
    let far = ["(1000000000,2)(500000000,2)", "(1000000000,3)(500000000,2)"];
    for rows in RULES {
        for columns in RULES {
            let game = grundy::parse(&format!("product:{rows},{columns}"), SpecOptions::default())
                .unwrap();
            for text in far.iter().flat_map(|t| [t.to_string(), transpose(t)]) {
                let a = game.analyze(std::slice::from_ref(&text), &Limits::default());
                let a = a.unwrap();
                if a.grundy.unwrap().finite().unwrap().0 == 0 {
                    continue;
                }
                assert!(!a.winning_moves.is_empty(), "{rows} x {columns}: {text}");
                for m in &a.winning_moves {
                    let left = game.analyze(std::slice::from_ref(&m.to), &Limits::default());
                    let v = left.unwrap().grundy.unwrap().finite().unwrap().0;
                    assert_eq!(v, 0, "{rows} x {columns}: {text} -> {}", m.to);
                }
            }
        }
    }
    // Turning Corners: one column move at y = 2, so each head has exactly
    // one winning move, found without a search.
    let game = grundy::parse("turning-corners", SpecOptions::default()).unwrap();
    for text in [far[0].to_string(), transpose(far[0])] {
        let a = game
            .analyze(std::slice::from_ref(&text), &Limits::default())
            .unwrap();
        assert!(!a.moves_truncated, "{text}");
        assert_eq!(a.winning_moves.len(), 1, "{text}");
    }
}

/// `(x,y)(x,y)` with every `x` and `y` swapped.
fn transpose(heads: &str) -> String {
    (heads.trim_matches(|c| c == '(' || c == ')').split(")("))
        .map(|h| {
            let (x, y) = h.split_once(',').unwrap();
            format!("({y},{x})")
        })
        .collect()
}
