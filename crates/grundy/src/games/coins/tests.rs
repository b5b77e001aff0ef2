//! Unit tests of coin rows and coin games.

use super::*;
use crate::testing::refuses;

#[test]
fn positions_read_and_write_back() {
    for text in ["THHTH", "T", "TTT", "2,3,5", "0", "hHHTt"] {
        assert_eq!(Coins::parse(text).unwrap().format(), text);
    }
    assert_eq!(Coins::parse("5, 2,3").unwrap().format(), "2,3,5");
    assert_eq!(
        Coins::parse("THHTH").unwrap(),
        Coins::parse("thhtH").unwrap()
    );
    let c = Coins::parse("THHTH").unwrap();
    assert_eq!(c.turn(&[1, 5]).format(), "hHHTt");
    assert_eq!(c.turn(&[2, 3, 5]).format(), "TttTt");
    assert_eq!(
        Coins::parse("2,3,5").unwrap().turn(&[1, 5]).format(),
        "1,2,3"
    );
}

#[test]
fn errors_name_the_coin() {
    refuses(
        Coins::parse,
        &[
            ("THxT", "coin 3 of `THxT` is `x`"),
            ("", "coin string"),
            ("2,x", "head 2 `x`"),
            ("2,0", "numbered from 1"),
            ("3,3", "listed twice"),
            ("99999999999999999999", "2^62"),
        ],
    );
}

#[test]
fn turtles_winning_move() {
    // Heads 2, 3, 5: 2^3^5 = 4. Turn 5 and 1 (5 -> 1 in Nim terms).
    let g = CoinGame::turtles();
    let c = Coins::parse("THHTH").unwrap();
    assert_eq!(g.value(&c, &Limits::default()).unwrap(), Nimber(4));
    let (turns, more) = g
        .turns_to_value(&c, Nimber(0), &Limits::default(), 10)
        .unwrap();
    assert_eq!(turns, vec![vec![1, 5]]);
    assert!(!more);
}

/// Far heads of Mock Turtles: every value is odious, so two other coins
/// never turn a value of odd weight, and a value above every coin's is
/// out of reach. The one winning move of each position is listed as all
/// there is, without a scan of a billion coins (which ran out of budget
/// and said more moves might exist).
#[test]
fn mock_turtles_far_heads_list_their_only_winning_move() {
    let g = CoinGame::mock_turtles();
    for (text, turn) in [
        ("1000000000,3", vec![3, 1_000_000_000]),
        ("1000000000,999999999", vec![999_999_999, 1_000_000_000]),
    ] {
        let c = Coins::parse(text).unwrap();
        let (turns, more) = g
            .turns_to_value(&c, Nimber(0), &Limits::default(), 10)
            .unwrap();
        assert_eq!(turns, vec![turn], "{text}");
        assert!(!more, "{text}");
    }
}

/// Every move from `text`, or the error that stopped the listing.
fn moves_of(game: &CoinGame, text: &str, limits: &Limits) -> Result<Vec<String>> {
    let mut out = Vec::new();
    game.for_each_option(&Coins::parse(text)?, limits, &mut |parts| {
        out.push(parts[0].format());
        true
    })?;
    Ok(out)
}

#[test]
fn runs_of_a_huge_head_visit_only_the_allowed_lengths() {
    // Before the fix this loop ran over all 2^62 lengths.
    let game = CoinGame::from_args("run:2,3").unwrap();
    let head = "4611686018427387904";
    let moves = moves_of(&game, head, &Limits::with_max_states(10)).unwrap();
    assert_eq!(
        moves,
        [
            "4611686018427387903",
            "4611686018427387902,4611686018427387903"
        ]
    );
    // Ruler's runs are as long as the head: the coins they turn are
    // paid for, so the listing stops at the budget instead of growing
    // quadratically.
    let ruler = CoinGame::ruler();
    let err = moves_of(&ruler, head, &Limits::with_max_states(1000)).unwrap_err();
    assert!(matches!(err, Error::Limit { limit: 1000, .. }), "{err}");
    // Heads 2, 3, 4 have 2 + 3 + 4 runs turning 3 + 6 + 10 coins.
    let thhh = |max| moves_of(&ruler, "THHH", &Limits::with_max_states(max));
    assert_eq!(thhh(19).unwrap().len(), 9);
    assert!(thhh(18).is_err());
    // A run as long as the head is refused before it is built.
    let long = CoinGame::from_args(&format!("run:{head}")).unwrap();
    assert!(moves_of(&long, head, &Limits::default()).is_err());
}

#[test]
fn listing_moves_stops_when_asked() {
    let limits = super::super::stopped_limits();
    let err = moves_of(&CoinGame::turtles(), "THHTH", &limits).unwrap_err();
    assert!(matches!(err, Error::Interrupted(_)), "{err}");
}

/// A row typed as a move is an option exactly when the listing has it,
/// for every rule kind (counts, runs of any or some lengths) and every
/// row of up to six coins, in both writings; a listed one comes back
/// marked as listed.
#[test]
fn typed_rows_are_options_exactly_when_listed() {
    let games = ["any:1,2", "any:1,2,3", "any:2,4", "run:1,3", "run:2"];
    let mut games: Vec<CoinGame> = games
        .iter()
        .map(|a| CoinGame::from_args(a).unwrap())
        .collect();
    games.push(CoinGame::ruler());
    for g in &games {
        assert!(g.tells_options());
        for n in 1..=6u64 {
            for bits in 0..1u64 << n {
                let heads: Vec<u64> = (1..=n).filter(|i| bits >> (i - 1) & 1 == 1).collect();
                let row = |h: &[u64]| Coins {
                    len: Some(n),
                    heads: h.to_vec(),
                    turned: Ignored(Vec::new()),
                };
                let c = row(&heads);
                let mut listed = Vec::new();
                g.for_each_option(&c, &Limits::default(), &mut |p| {
                    listed.push(p[0].clone());
                    true
                })
                .unwrap();
                for to_bits in 0..1u64 << n {
                    let to_heads: Vec<u64> =
                        (1..=n).filter(|i| to_bits >> (i - 1) & 1 == 1).collect();
                    let mut parts = [row(&to_heads)];
                    let said = g.is_option(&c, &mut parts).unwrap();
                    let found = listed.iter().find(|o| o.heads == to_heads);
                    assert_eq!(
                        said,
                        found.is_some(),
                        "{}: {} -> {}",
                        g.name(),
                        c.format(),
                        parts[0].format()
                    );
                    if let Some(o) = found {
                        assert_eq!(parts[0].format(), o.format());
                    }
                }
                // A row written otherwise (a list of heads) is no move of
                // a coin string, nor a row of two parts.
                let listed_heads = Coins {
                    len: None,
                    ..c.clone()
                };
                assert_eq!(g.is_option(&c, &mut [listed_heads]), Some(false));
                assert_eq!(g.is_option(&c, &mut [c.clone(), c.clone()]), Some(false));
            }
        }
    }
}

#[test]
fn general_rules_parse() {
    assert_eq!(
        CoinGame::from_args("any:2,1").unwrap().name(),
        "coins:any:1,2"
    );
    assert_eq!(
        CoinGame::from_args("run:3,1").unwrap().name(),
        "coins:run:1,3"
    );
    for bad in ["any", "any:", "any:0", "any:99", "run:x", "left:1"] {
        assert!(CoinGame::from_args(bad).is_err(), "{bad}");
    }
}
