//! The Cutting Game (POJ 2311): a move cuts one piece of paper along a
//! grid line into two; whoever cuts out a 1x1 piece wins.
//!
//! This is not played by the normal rule as stated, but it reduces to one.
//! A cut that leaves a strip of width 1 (and length at least 2) loses at
//! once: the opponent cuts a 1x1 off it. So while every piece is at least
//! 2x2, sensible players only make cuts that leave both parts at least 2
//! wide, and the player who has no such cut left must make a strip and
//! lose: the normal-play game on those cuts. Its values
//! `G(w, h) = mex { G(a, h) ^ G(w - a, h), G(w, b) ^ G(w, h - b) }`
//! (`a, w - a, b, h - b >= 2`) fill a dense table by rows, with a second,
//! transposed copy so that both inner loops read memory in order.
//!
//! Pieces with a side of 1 are outside the reduced game and are answered
//! by the real rules: a `1xk` piece (`k >= 2`) lets the player to move cut
//! out a 1x1 and win at once (outcome N, no value), and a `1x1` piece means
//! somebody already cut it out, so the game is over and the player to move
//! has lost (outcome P). A move is written `4x2 -> 2x2+2x2`.

use crate::solve::GrowingTable;

use crate::entry::Entry;
use crate::error::{Error, Result};
use crate::game::Visit;
use crate::game::{Limits, Outcome};
use crate::games::grid::text::{read_dims, Dims};
use crate::nimber::{MexSet, Nimber};
use crate::ruleset::{analyze_parsed, Analysis, Game, Move, PositionMove, Value};
use crate::ruleset::{MiserePlay, Parsed};

/// The longest side accepted.
pub const MAX_SIDE: u64 = 1 << 20;

/// The most cut evaluations one table may take (a few seconds): a
/// 1000x1000 table takes about 2.5 * 10^8.
pub const MAX_WORK: u64 = 4_000_000_000;

/// The Cutting values `G(i, j)` of every piece up to `short` x `long`
/// (`i <= short`, `j <= long`, both from 2).
struct CuttingValues {
    short: usize,
    long: usize,
    /// `rows[i * (long + 1) + j] = G(i, j)`.
    rows: Vec<u16>,
    /// `cols[j * (short + 1) + i] = G(i, j)`.
    cols: Vec<u16>,
}

impl CuttingValues {
    fn compute(short: usize, long: usize, limits: &Limits) -> Result<CuttingValues> {
        let (w, h) = (long + 1, short + 1);
        let what = || format!("the Cutting Game table up to {short}x{long}");
        limits.check_states((w as u64).saturating_mul(h as u64), &what())?;
        // About half the cells (the other half are mirrors), each with
        // about (i + j) / 2 cuts.
        let work = (w as u64 * h as u64 / 2) * ((w + h) as u64 / 2);
        if work > MAX_WORK {
            return Err(Error::unsupported(format!(
                "{} would take about {work} cut evaluations (at most {MAX_WORK})",
                what()
            )));
        }
        // A value is at most the number of cuts, (i + j) / 2: u16 holds it
        // for every table within MAX_WORK, but say so rather than wrap.
        if short + long >= 2 * u16::MAX as usize {
            return Err(Error::unsupported(format!("{} is too long", what())));
        }
        let mut rows = vec![0u16; h * w];
        let mut cols = vec![0u16; w * h];
        let mut set = MexSet::new();
        for i in 2..=short {
            if i % 16 == 0 {
                limits.check("the Cutting Game table")?;
            }
            for j in 2..=long {
                // A row of a long thin table is long work by itself.
                if j % 1024 == 0 {
                    limits.check("the Cutting Game table")?;
                }
                let v = if j < i {
                    // The mirror (j, i) is an earlier row.
                    rows[j * w + i]
                } else {
                    set.clear();
                    let col = &cols[j * h..(j + 1) * h];
                    for a in 2..=i / 2 {
                        set.insert(u64::from(col[a] ^ col[i - a]));
                    }
                    let row = &rows[i * w..(i + 1) * w];
                    for b in 2..=j / 2 {
                        set.insert(u64::from(row[b] ^ row[j - b]));
                    }
                    set.mex() as u16
                };
                rows[i * w + j] = v;
                cols[j * h + i] = v;
            }
        }
        Ok(CuttingValues {
            short,
            long,
            rows,
            cols,
        })
    }

    fn covers(&self, short: usize, long: usize) -> bool {
        short <= self.short && long <= self.long
    }

    fn get(&self, a: usize, b: usize) -> u64 {
        let (s, l) = (a.min(b), a.max(b));
        debug_assert_eq!(
            self.cols[l * (self.short + 1) + s],
            self.rows[s * (self.long + 1) + l]
        );
        u64::from(self.rows[s * (self.long + 1) + l])
    }
}

/// The Cutting Game on sums of pieces `WxH`.
#[derive(Default)]
pub struct Cutting {
    table: GrowingTable<CuttingValues>,
}

/// `cutting`.
pub const CUTTING: Entry = Entry::of::<Cutting>("cutting", "pieces WxH", "4x2")
    .about("Cutting Game: cut a piece in two; cutting out a 1x1 wins (POJ 2311)");

impl Cutting {
    /// `G(w, h)` of the reduced game (both sides at least 2), growing the
    /// table to cover it.
    pub fn value_of(&self, w: u64, h: u64, limits: &Limits) -> Result<u64> {
        self.with_table(&[(w, h)], limits, |t| t.get(w as usize, h as usize))
    }

    /// Makes the table cover every piece in `pieces` at once (one
    /// computation for a whole sum).
    fn prepare(&self, pieces: &[(u64, u64)], limits: &Limits) -> Result<()> {
        self.with_table(pieces, limits, |_| ())
    }

    /// `read` of a table that covers every piece in `pieces`.
    fn with_table<R>(
        &self,
        pieces: &[(u64, u64)],
        limits: &Limits,
        read: impl FnOnce(&CuttingValues) -> R,
    ) -> Result<R> {
        let short = pieces.iter().map(|&(w, h)| w.min(h)).max().unwrap_or(0) as usize;
        let long = pieces.iter().map(|&(w, h)| w.max(h)).max().unwrap_or(0) as usize;
        let grow = |old: Option<&CuttingValues>| {
            let (s0, l0) = old.map_or((0, 0), |t| (t.short, t.long));
            CuttingValues::compute(short.max(s0).max(2), long.max(l0).max(2), limits)
        };
        self.table.read(|t| t.covers(short, long), grow, read)
    }

    /// Outcome and moves by the real rules when a piece has a side of 1.
    fn analyze_thin(
        &self,
        shown: &[String],
        pieces: &[(u64, u64)],
        limits: &Limits,
    ) -> Result<Analysis> {
        let wide: Vec<(u64, u64)> = pieces
            .iter()
            .copied()
            .filter(|&(w, h)| w >= 2 && h >= 2)
            .collect();
        self.prepare(&wide, limits)?;
        let mut values = Vec::with_capacity(pieces.len());
        for &(w, h) in pieces {
            values.push(if w >= 2 && h >= 2 {
                Some(Value::Finite(Nimber(self.value_of(w, h, limits)?)))
            } else {
                None
            });
        }
        let over = pieces.contains(&(1, 1));
        let winning_moves = if over {
            Vec::new()
        } else {
            pieces
                .iter()
                .enumerate()
                .filter_map(|(i, &(w, h))| {
                    let rest = match (w, h) {
                        (1, h) => format!("1x{}", h - 1),
                        (w, 1) => format!("{}x1", w - 1),
                        _ => return None,
                    };
                    Some(Move::in_component(i, vec!["1x1".into(), rest], None))
                })
                .collect()
        };
        let outcome = if over { Outcome::P } else { Outcome::N };
        Ok(Analysis {
            values: Some(values),
            ..Analysis::by_outcome(Game::name(self), shown, outcome, winning_moves)
        })
    }
}

impl Game for Cutting {
    type Comp = (u64, u64);

    fn name(&self) -> String {
        "cutting".to_string()
    }

    fn parse_component(&self, text: &str) -> Result<(u64, u64)> {
        let t = text.trim();
        let bad = || {
            Error::parse(format!(
                "a Cutting Game piece is `WxH` with sides from 1 to {MAX_SIDE}, e.g. `4x2`; got `{t}`"
            ))
        };
        match read_dims(t) {
            Dims::Sides(w, h) if w.max(h) as u64 <= MAX_SIDE => Ok((w as u64, h as u64)),
            _ => Err(bad()),
        }
    }

    fn format_component(&self, c: &(u64, u64)) -> String {
        format!("{}x{}", c.0, c.1)
    }

    /// The reduced game's value; pieces with a side of 1 have none.
    fn value(&self, c: &(u64, u64), limits: &Limits) -> Result<Nimber> {
        if c.0 < 2 || c.1 < 2 {
            return Err(Error::unsupported(format!(
                "a {}x{} piece has no Sprague-Grundy value: the game is decided at once",
                c.0, c.1
            )));
        }
        self.value_of(c.0, c.1, limits).map(Nimber)
    }

    /// The cuts of the reduced game, each pair of parts once.
    fn for_each_option(&self, c: &(u64, u64), _: &Limits, f: Visit<(u64, u64)>) -> Result<()> {
        let (w, h) = *c;
        for a in 2..=w / 2 {
            if !f(&[(a, h), (w - a, h)]) {
                return Ok(());
            }
        }
        for b in 2..=h / 2 {
            if !f(&[(w, b), (w, h - b)]) {
                return Ok(());
            }
        }
        Ok(())
    }

    /// The game is won by cutting out a 1x1 piece, not by moving last.
    fn misere_play(&self) -> MiserePlay {
        MiserePlay::Refused(
            "the Cutting Game is won by cutting out a 1x1 piece, not by the last move, so it has no misère form",
        )
    }

    /// Pieces with a side of 1 decide the game at once
    /// (`Cutting::analyze_thin`); the others are valued from the table.
    fn analyze_position(&self, p: Parsed<'_, (u64, u64)>, limits: &Limits) -> Result<Analysis> {
        if p.comps.iter().any(|&(w, h)| w < 2 || h < 2) {
            return self.analyze_thin(p.texts, p.comps, limits);
        }
        self.prepare(p.comps, limits)?;
        analyze_parsed(self, p, limits)
    }

    /// The moves of the real game, which play and pictures follow: any
    /// cut of any piece, strips included (a losing move, but a legal one),
    /// and none once a 1x1 piece has been cut out (its cutter has won).
    /// The reduced game's values stay with `value`; outcomes agree.
    fn moves_of_position(
        &self,
        p: Parsed<'_, (u64, u64)>,
        limits: &Limits,
    ) -> Result<Vec<PositionMove>> {
        if p.comps.contains(&(1, 1)) {
            return Ok(Vec::new());
        }
        let cuts: u64 = p.comps.iter().map(|&(w, h)| w / 2 + h / 2).sum();
        limits.check_states(cuts, "listing the cuts")?;
        let mut moves = Vec::with_capacity(cuts as usize);
        for (i, &(w, h)) in p.comps.iter().enumerate() {
            let halves = (1..=w / 2)
                .map(|a| [(a, h), (w - a, h)])
                .chain((1..=h / 2).map(|b| [(w, b), (w, h - b)]));
            for parts in halves {
                let mv = Move::in_component(i, self.option_parts(&parts), None);
                moves.push(PositionMove::new(mv, p.texts));
            }
        }
        Ok(moves)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ruleset::{Ruleset, SumRuleset};
    use crate::testing::texts;

    /// `G(w, h)` within the default limits.
    fn value(c: &Cutting, w: u64, h: u64) -> u64 {
        c.value_of(w, h, &Limits::default()).unwrap()
    }

    #[test]
    fn poj_2311_samples() {
        let c = Cutting::default();
        assert_eq!(value(&c, 2, 2), 0);
        assert_eq!(value(&c, 3, 2), 0);
        assert_ne!(value(&c, 4, 2), 0);
    }

    #[test]
    fn the_table_is_symmetric_and_grows() {
        let c = Cutting::default();
        let small = value(&c, 5, 9);
        assert_eq!(value(&c, 9, 5), small);
        let _ = value(&c, 30, 40);
        assert_eq!(value(&c, 5, 9), small);
    }

    #[test]
    fn pieces_parse() {
        let c = Cutting::default();
        assert_eq!(c.parse_component(" 4x2 ").unwrap(), (4, 2));
        assert_eq!(c.parse_component("3X7").unwrap(), (3, 7));
        for bad in [
            "4",
            "4x",
            "0x3",
            "4x-2",
            "ax2",
            "4x2x1",
            "+4x2",
            "4 x 2",
            "1048577x2",
        ] {
            let err = c.parse_component(bad).unwrap_err().to_string();
            assert!(err.contains("WxH"), "{bad}: {err}");
        }
    }

    #[test]
    fn thin_pieces_decide_at_once() {
        let c = SumRuleset(Cutting::default());
        let l = Limits::default();
        let a = c
            .analyze(&["1x5".to_string(), "4x2".to_string()], &l)
            .unwrap();
        assert_eq!(a.outcome, Outcome::N);
        assert_eq!(a.grundy, None);
        assert_eq!(a.winning_moves[0].to, "1x1+1x4");
        let over = c
            .analyze(&["1x1".to_string(), "4x2".to_string()], &l)
            .unwrap();
        assert_eq!(over.outcome, Outcome::P);
        assert!(over.winning_moves.is_empty());
    }

    #[test]
    fn play_follows_the_real_rules() {
        let c = SumRuleset(Cutting::default());
        let l = Limits::default();
        let tos = |v: &[&str]| -> Vec<String> {
            let moves = c.position_moves(&texts(v), &l).unwrap();
            moves.into_iter().map(|m| m.mv.to).collect()
        };
        // A strip may be cut (and its 1x1 wins); a 2x2 only into strips.
        assert_eq!(tos(&["1x3"]), ["1x1+1x2"]);
        assert_eq!(tos(&["2x2"]), ["1x2+1x2", "2x1+2x1"]);
        assert_eq!(tos(&["3x2"]), ["1x2+2x2", "3x1+3x1"]);
        // Once a 1x1 is out the game is over.
        assert!(tos(&["4x2", "1x1"]).is_empty());
        let m = &c.position_moves(&texts(&["2x2", "1x3"]), &l).unwrap()[2];
        assert_eq!(m.next, texts(&["2x2", "1x1", "1x2"]));
        assert_eq!(m.mv.component, Some(1));
    }
}
