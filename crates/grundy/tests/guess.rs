//! A player out of thinking time (`grundy::play::guess`): it moves at
//! once, plays a win that a quick look proves, and claims an outcome only
//! when the looks prove it (checked against Bouton's rules, written here
//! apart from the engine).

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use grundy::play::guess;
use grundy::{Error, Limits, Outcome, Ruleset, SpecOptions};
use proptest::prelude::*;

fn game(name: &str, misere: bool) -> Box<dyn Ruleset> {
    let options = SpecOptions {
        misere,
        ..SpecOptions::default()
    };
    grundy::parse(name, options).unwrap()
}

/// An empty Cram board of 11 rows of 10 with dominoes on the squares
/// `(row, column)` given, both counted from 0.
fn board(taken: &[(usize, usize)]) -> String {
    let rows: Vec<String> = (0..11)
        .map(|r| {
            (0..10)
                .map(|c| if taken.contains(&(r, c)) { 'x' } else { '.' })
                .collect()
        })
        .collect();
    rows.join("/")
}

/// The central domino of an odd by even board wins (the first player
/// then mirrors every move through the centre): too large a board to
/// solve in seconds, but the look at that one option sees a board its
/// own half turn maps onto itself, which Cram's theory decides at once.
#[test]
fn a_guess_finds_the_mirror_strategy_of_cram() {
    let cram = game("cram", false);
    let limits = Limits::default();
    let a = guess(&*cram, &["11x10".to_string()], &limits).unwrap();
    let centre = board(&[(5, 4), (5, 5)]);
    assert_eq!(a.outcome, Some(Outcome::N));
    assert_eq!(a.best.unwrap().next, vec![centre]);
    assert!(!a.exact);
    assert_eq!(a.value, None);
    // The opponent takes a corner: the answer is its image.
    let after = board(&[(5, 4), (5, 5), (0, 0), (0, 1)]);
    let b = guess(&*cram, &[after], &limits).unwrap();
    let mirrored = board(&[(5, 4), (5, 5), (0, 0), (0, 1), (10, 8), (10, 9)]);
    assert_eq!(
        (b.outcome, b.best.unwrap().next),
        (Some(Outcome::N), vec![mirrored])
    );
}

/// Stopped before it looks at anything, a guess still moves (the first
/// move) and claims nothing.
#[test]
fn a_stopped_guess_still_moves() {
    let cram = game("cram", false);
    let limits = Limits::default().with_stop(Arc::new(AtomicBool::new(true)));
    let a = guess(&*cram, &["11x10".to_string()], &limits).unwrap();
    assert_eq!(a.outcome, None);
    assert_eq!(a.best.unwrap().next, vec![board(&[(0, 0), (0, 1)])]);
}

/// A finished position needs no look: the player to move has lost (won,
/// misère).
#[test]
fn a_finished_position_is_decided() {
    for (misere, outcome) in [(false, Outcome::P), (true, Outcome::N)] {
        let nim = game("nim", misere);
        let a = guess(&*nim, &["0".to_string()], &Limits::default()).unwrap();
        assert_eq!((a.outcome, a.best.is_none()), (Some(outcome), true));
    }
}

/// A proven draw is no proof that the position is drawn while another
/// option is undecided: here the undecided one wins. From 1 the moves go
/// to 2, which only passes the token to 4 and back (a draw), and to 3,
/// the start of a path of 10,001 positions, too long for a look, whose
/// last has no move: 3 is lost for the player to move there.
#[test]
fn a_draw_with_an_option_undecided_is_no_proven_draw() {
    let script =
        "fn moves(n) { if n == 1 { [2, 3] } else if n == 2 { [4] } else if n == 4 { [2] } \
                  else if n >= 3 && n < 20003 { [n + 2] } else { [] } }"
            .to_string();
    let rules = grundy::parse_with("rules:path.rhai", SpecOptions::default(), &move |_| {
        Ok(script.clone())
    })
    .unwrap();
    let a = guess(&*rules, &["1".to_string()], &Limits::default()).unwrap();
    assert_eq!(a.outcome, None);
    assert_eq!(a.best.unwrap().next, vec!["2".to_string()]);
    // The whole search knows better: 3 is lost, so 1 is won.
    let whole = rules
        .analyze(&["1".to_string()], &Limits::default())
        .unwrap();
    assert_eq!(whole.outcome, Outcome::N);
}

/// The split search stops at its work bound, whatever room its table has:
/// what holds a look to a few milliseconds.
#[test]
fn the_split_search_keeps_to_its_work() {
    let cram = game("cram", false);
    let limits = Limits {
        max_work: 5000,
        max_moves: 0,
        ..Limits::default()
    };
    match cram.analyze(&[board(&[(0, 0), (0, 1)])], &limits) {
        Err(Error::Limit { what, limit }) => {
            assert!(what.contains("positions entered"), "{what}");
            assert_eq!(limit, 5000);
        }
        other => panic!("expected the work bound, got {other:?}"),
    }
}

/// Who wins Nim with `heaps`, by Bouton's rules: the nim-sum decides,
/// except in misère play when no heap exceeds 1 (then the parity of the
/// heaps does).
fn nim_outcome(heaps: &[u64], misere: bool) -> Outcome {
    let sum = heaps.iter().fold(0, |a, h| a ^ h);
    let small = heaps.iter().all(|&h| h <= 1);
    let first_wins = match (misere, small) {
        (true, true) => sum == 0,
        _ => sum != 0,
    };
    if first_wins {
        Outcome::N
    } else {
        Outcome::P
    }
}

proptest! {
    /// On positions small enough that every look decides, a guess proves
    /// the outcome and, when the position is won, plays a winning move.
    #[test]
    fn a_guess_on_small_nim_is_right(
        heaps in prop::collection::vec(0u64..8, 1..4),
        misere in any::<bool>(),
    ) {
        let nim = game("nim", misere);
        let position: Vec<String> = heaps.iter().map(u64::to_string).collect();
        let a = guess(&*nim, &position, &Limits::default()).unwrap();
        let truth = nim_outcome(&heaps, misere);
        prop_assert_eq!(a.outcome, Some(truth));
        if let Some(best) = a.best {
            let after: Vec<u64> = best.next.iter().map(|h| h.parse().unwrap()).collect();
            if truth == Outcome::N {
                prop_assert_eq!(nim_outcome(&after, misere), Outcome::P);
            }
        }
    }
}
