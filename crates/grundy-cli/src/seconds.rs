//! Seconds given on the command line, read in one place: every option
//! that takes seconds (`--timeout`, `play --think`, `--checkpoint-every`, `table --time`,
//! `serve --time-limit` and `--idle-timeout`, `--wait`) is parsed by clap
//! through one of the readers here, so each refuses what no clock can wait
//! (`1e20` overflows a `Duration`, `nan` and `-1` mean nothing) in the
//! same words, naming its own bound.

use std::time::Duration;

/// A number of seconds an option gave, within that option's range, so it
/// always fits a [`Duration`].
#[derive(Clone, Copy, Debug, PartialEq, PartialOrd)]
pub struct Seconds(f64);

impl Seconds {
    /// The seconds as given (a checkpoint's header records them).
    pub fn get(self) -> f64 {
        self.0
    }

    /// The seconds as a duration, for a clock.
    pub fn duration(self) -> Duration {
        Duration::from_secs_f64(self.0)
    }
}

/// Where an option's seconds may lie: from 0.001 (or from 0, where 0 means
/// "at once") up to `most`, which `said` writes for the user.
struct Range {
    zero: bool,
    most: f64,
    said: &'static str,
}

/// The least number of seconds a clock is given, where 0 is not allowed: a
/// millisecond. Below it a timer fires before the computation starts, and
/// a tiny number (`1e-300`) would be printed back as 300 digits.
const LEAST: f64 = 0.001;

/// Reads `text` as seconds within `range`, or says the range in one line.
fn read(text: &str, range: Range) -> Result<Seconds, String> {
    let low = |s: f64| s >= LEAST || (range.zero && s == 0.0);
    match text.trim().parse::<f64>() {
        // Adding 0 turns a `-0` into 0.
        Ok(s) if s.is_finite() && low(s) && s <= range.most => Ok(Seconds(s + 0.0)),
        _ => Err(match range.zero {
            true => format!(
                "give 0 or a number of seconds from 0.001 to {}, e.g. 60 or 0.5",
                range.said
            ),
            false => format!(
                "give a number of seconds from 0.001 to {}, e.g. 60 or 0.5",
                range.said
            ),
        }),
    }
}

/// `--timeout`: from 0.001, at most 1e9 (about 31 years).
pub fn timeout(text: &str) -> Result<Seconds, String> {
    read(
        text,
        Range {
            zero: false,
            most: 1e9,
            said: "1e9",
        },
    )
}

/// `table --time`, the budget of each game: as `--timeout`.
pub fn game_budget(text: &str) -> Result<Seconds, String> {
    timeout(text)
}

/// `--checkpoint-every`: from 0 (after every step) to a year.
pub fn checkpoint_every(text: &str) -> Result<Seconds, String> {
    let year = Range {
        zero: true,
        most: 365.0 * 24.0 * 3600.0,
        said: "31536000 (a year)",
    };
    read(text, year)
}

/// `serve --time-limit` and `--idle-timeout`: from 0.001, at most an hour,
/// beyond which a client has long given up.
pub fn request(text: &str) -> Result<Seconds, String> {
    read(
        text,
        Range {
            zero: false,
            most: 3600.0,
            said: "3600 (an hour)",
        },
    )
}

/// `--wait` for a cluster's processes: from 0 to a day.
pub fn wait(text: &str) -> Result<Seconds, String> {
    read(
        text,
        Range {
            zero: true,
            most: 86_400.0,
            said: "86400 (a day)",
        },
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_reader_keeps_to_its_range() {
        assert_eq!(timeout("0.5").map(Seconds::get), Ok(0.5));
        assert_eq!(timeout(" 60 ").map(Seconds::get), Ok(60.0));
        assert_eq!(timeout("0.001").map(Seconds::get), Ok(0.001));
        for bad in [
            "0", "-1", "nan", "inf", "1e20", "", "ten", "0.0009", "1e-300",
        ] {
            let e = timeout(bad).unwrap_err();
            assert_eq!(
                e,
                "give a number of seconds from 0.001 to 1e9, e.g. 60 or 0.5"
            );
        }
        assert_eq!(checkpoint_every("0").map(Seconds::get), Ok(0.0));
        assert_eq!(
            checkpoint_every("-0").map(Seconds::duration),
            Ok(Duration::ZERO)
        );
        assert!(checkpoint_every("31536001")
            .unwrap_err()
            .contains("(a year)"));
        assert!(request("3600").is_ok() && request("3601").is_err() && request("0").is_err());
        assert_eq!(wait("0").map(Seconds::duration), Ok(Duration::ZERO));
        assert!(wait("86400.5")
            .unwrap_err()
            .contains("from 0.001 to 86400 (a day)"));
    }
}
