//! Answers in words for people: the forms a text front end prints beside
//! the short ones of the JSON.

use crate::answer::Outcome;

/// The outcome in a long form for people: `P (the previous player wins)`,
/// where the JSON and the short forms say `P`.
pub fn outcome_in_words(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::P => "P (the previous player wins)",
        Outcome::N => "N (the next player wins)",
        Outcome::D => "D (a draw: play never ends)",
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_outcome_says_who_wins() {
        assert_eq!(outcome_in_words(Outcome::P), "P (the previous player wins)");
        assert_eq!(outcome_in_words(Outcome::N), "N (the next player wins)");
        assert_eq!(outcome_in_words(Outcome::D), "D (a draw: play never ends)");
    }
}
