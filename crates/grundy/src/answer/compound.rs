//! The answers about compounds: other ways than the sum of playing several
//! games at once (Winning Ways, chapter 9), and what each one reports.

use std::fmt;
use std::str::FromStr;

use serde::{Serialize, Serializer};

use super::{Move, Outcome};
use crate::error::{Error, Result};

/// How the components of a compound are played together. The names are
/// a public interface (`--compound`, `"compound"` in JSON).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Compound {
    /// Move in exactly one component; play ends when all have ended (the
    /// sum of the Sprague-Grundy theorem).
    Disjunctive,
    /// Move in exactly one component; play ends as soon as one has ended.
    Diminished,
    /// Move in every component; play ends as soon as one has ended.
    Conjunctive,
    /// Move in every component that has not ended; play ends when all have
    /// ended (contests' "Every-SG").
    Continued,
    /// Move in any non-empty set of components; play ends when all have
    /// ended.
    Selective,
    /// Move in any non-empty set of components; play ends as soon as one
    /// has ended.
    Shortened,
}

impl Compound {
    /// Every compound, in the order the help lists them.
    pub const ALL: [Compound; 6] = [
        Compound::Disjunctive,
        Compound::Diminished,
        Compound::Conjunctive,
        Compound::Continued,
        Compound::Selective,
        Compound::Shortened,
    ];

    /// The name users type.
    pub fn name(self) -> &'static str {
        match self {
            Compound::Disjunctive => "disjunctive",
            Compound::Diminished => "diminished",
            Compound::Conjunctive => "conjunctive",
            Compound::Continued => "continued",
            Compound::Selective => "selective",
            Compound::Shortened => "shortened",
        }
    }

    /// Whether play ends as soon as one component has ended (rather than
    /// when all have).
    pub fn ends_early(self) -> bool {
        matches!(
            self,
            Compound::Diminished | Compound::Conjunctive | Compound::Shortened
        )
    }
}

impl fmt::Display for Compound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Compound {
    type Err = Error;

    /// Reads a name; also the names contests use (`every-sg` for the
    /// continued conjunctive compound, `sum` for the disjunctive one).
    fn from_str(text: &str) -> Result<Compound> {
        let t = text.trim().to_ascii_lowercase();
        let alias = match t.as_str() {
            "sum" => Some(Compound::Disjunctive),
            "every-sg" | "everysg" | "continued-conjunctive" => Some(Compound::Continued),
            "diminished-disjunctive" => Some(Compound::Diminished),
            "shortened-selective" => Some(Compound::Shortened),
            _ => None,
        };
        alias
            .or_else(|| Compound::ALL.into_iter().find(|c| c.name() == t))
            .ok_or_else(|| {
                let names: Vec<&str> = Compound::ALL.iter().map(|c| c.name()).collect();
                Error::parse(format!(
                    "unknown compound `{}`; known: {}",
                    text.trim(),
                    names.join(", ")
                ))
            })
    }
}

impl Serialize for Compound {
    fn serialize<S: Serializer>(&self, s: S) -> std::result::Result<S::Ok, S::Error> {
        s.serialize_str(self.name())
    }
}

/// What the theory of a compound knows of one component.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize)]
pub struct PartNumbers {
    /// Who wins the component played alone (under the compound's play).
    pub outcome: Option<Outcome>,
    /// Its remoteness (conjunctive compounds).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remoteness: Option<u32>,
    /// Its suspense number (continued conjunctive compounds).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub suspense: Option<u32>,
    /// Its Sprague-Grundy value, or in a diminished sum the value of the
    /// game played short of its end.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub value: Option<u64>,
    /// In a diminished sum: `"ended"` or `"can end"` (one move ends it),
    /// where the value does not apply.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state: Option<&'static str>,
}

/// One move of a compound: a move in each component it moves in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CompoundMove {
    /// The component moves, in the order of the components.
    pub moves: Vec<Move>,
}

/// Everything `grundy value --compound KIND` reports about a position.
#[derive(Clone, Debug, Serialize)]
pub struct CompoundAnalysis {
    /// The game's name (`sum` for components of different games).
    pub game: String,
    /// How the components are played together.
    pub compound: Compound,
    /// Whether the last mover loses.
    pub misere: bool,
    /// The components, as given.
    pub components: Vec<String>,
    /// What the theory knows of each component.
    pub numbers: Vec<PartNumbers>,
    /// Who wins.
    pub outcome: Outcome,
    /// The rule that decided it, in one line.
    pub rule: String,
    /// `"theory"` (the compound's theorem applied to the components'
    /// numbers) or `"search"` (search of the compound's positions).
    pub method: &'static str,
    /// Every move to a position the mover wins, up to the listing cap.
    pub winning_moves: Vec<CompoundMove>,
    /// Whether more winning moves exist than are listed.
    pub moves_truncated: bool,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_read_back() {
        for c in Compound::ALL {
            assert_eq!(c.name().parse::<Compound>().unwrap(), c);
        }
        assert_eq!("Every-SG".parse::<Compound>().unwrap(), Compound::Continued);
        let err = "conj".parse::<Compound>().unwrap_err().to_string();
        assert!(err.contains("conjunctive"), "{err}");
    }
}
