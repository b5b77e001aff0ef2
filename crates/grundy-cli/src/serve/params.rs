//! Query parameters of the API, read strictly.
//!
//! A misspelt parameter (`component=` for `components=`) would otherwise be
//! ignored and answer a different question than the one asked, so unknown
//! and repeated names are refused with a message that lists the right ones.

use axum::extract::rejection::QueryRejection;
use axum::extract::Query;
use grundy::answer::compound::Compound;
use grundy::compound::Asked;
use grundy::ruleset::read_sums;
use grundy::spec::no_files;
use grundy::Ruleset;

use super::bounds::MAX_COMPONENTS;
use super::error::ApiError;

/// What an axum handler receives: the pairs, or why they could not be read.
pub type RawQuery = Result<Query<Vec<(String, String)>>, QueryRejection>;

/// The parameters of one request.
pub struct Params {
    route: &'static str,
    pairs: Vec<(String, String)>,
}

/// The game parameters every route that takes a game accepts.
pub const GAME_PARAMS: &[&str] = &["game", "misere", "ground", "compound", "sum"];

/// The two names of a position, which every route that takes one accepts.
pub const POSITION_PARAMS: &[&str] = &["components", "position"];

impl Params {
    /// Reads the query of `route`, which accepts the names in `allowed`.
    pub fn read(route: &'static str, raw: RawQuery, allowed: &[&str]) -> Result<Params, ApiError> {
        let Query(pairs) =
            raw.map_err(|e| ApiError::Bad(format!("cannot read the query of {route}: {e}")))?;
        for (i, (name, _)) in pairs.iter().enumerate() {
            if !allowed.contains(&name.as_str()) {
                let takes = match allowed {
                    [] => "none".to_string(),
                    _ => allowed.join(", "),
                };
                return Err(ApiError::Bad(format!(
                    "{route} has no parameter `{name}`; it takes {takes}"
                )));
            }
            if pairs[..i].iter().any(|(n, _)| n == name) {
                return Err(ApiError::Bad(format!(
                    "the parameter `{name}` is given twice"
                )));
            }
        }
        Ok(Params { route, pairs })
    }

    /// The request as one text (route and parameters), to recognise it
    /// when it comes again.
    pub fn key(&self) -> String {
        format!("{}?{:?}", self.route, self.pairs)
    }

    /// The value of `name`, if given.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.pairs
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }

    /// The value of `name`, which must be given.
    pub fn required(&self, name: &str) -> Result<&str, ApiError> {
        self.get(name)
            .ok_or_else(|| ApiError::Bad(format!("{} needs the parameter `{name}`", self.route)))
    }

    /// The game named by `game`, with `misere` and `ground` as the command
    /// line's `--misere` and `--ground`. Games read from files are refused
    /// by the engine's own message: the server reads no files.
    pub fn game(&self) -> Result<Box<dyn Ruleset>, ApiError> {
        let asked = self.asked()?;
        let texts = match asked.game {
            None => self.texts()?,
            Some(_) => Vec::new(),
        };
        Ok(asked.ruleset(&texts, &no_files)?)
    }

    /// The game as `game`, `compound`, `sum`, `misere` and `ground` ask
    /// for it, as the command line's words do.
    pub fn asked(&self) -> Result<Asked<'_>, ApiError> {
        let game =
            match (self.flag("sum")?, self.get("game")) {
                (true, Some(_)) => return Err(ApiError::Bad(
                    "with sum=true each component names its game (`kayles 3;nim 4`); drop `game`"
                        .to_string(),
                )),
                (true, None) => None,
                (false, _) => Some(self.required("game")?),
            };
        Ok(Asked {
            game,
            kind: self.compound()?,
            misere: self.flag("misere")?,
            ground: self.ground()?,
        })
    }

    /// `compound`, how the components are played together (the sum when
    /// absent).
    pub fn compound(&self) -> Result<Compound, ApiError> {
        Ok(match self.get("compound") {
            Some(k) => k.parse::<Compound>()?,
            None => Compound::Disjunctive,
        })
    }

    /// The yes-or-no parameter `name` (`true` or `false`; absent is false).
    pub fn flag(&self, name: &str) -> Result<bool, ApiError> {
        match self.get(name) {
            None | Some("false") => Ok(false),
            Some("true") => Ok(true),
            Some(other) => Err(ApiError::Bad(format!(
                "`{name}` must be true or false, got `{other}`"
            ))),
        }
    }

    /// `ground`, Hackenbush's ground vertex, if given.
    pub fn ground(&self) -> Result<Option<u64>, ApiError> {
        Ok(self
            .get("ground")
            .map(|g| grundy::ruleset::parse_count(g, "`ground`", u64::MAX))
            .transpose()?)
    }

    /// The components as given, one text each (for compounds, whose
    /// components keep their sums, and sums of different games, whose
    /// components name their games).
    pub fn texts(&self) -> Result<Vec<String>, ApiError> {
        match (self.get("components"), self.get("position")) {
            (Some(_), Some(_)) => Err(ApiError::Bad(
                "give `components` or its alias `position`, not both".to_string(),
            )),
            (None, Some(_)) => self.listed("position"),
            _ => self.listed("components"),
        }
    }

    /// The components in `name`, separated by `;` (a component may hold
    /// commas and spaces: `3,5`, `[4, 2]`). A `;` at the end does no
    /// harm; a blank part between others is refused.
    fn listed(&self, name: &str) -> Result<Vec<String>, ApiError> {
        let text = self.required(name)?;
        // An empty part is a component missing, refused as on the
        // command line.
        let text = text.trim().strip_suffix(';').unwrap_or(text.trim());
        let parts: Vec<String> = text.split(';').map(|p| p.trim().to_string()).collect();
        if parts.iter().all(String::is_empty) {
            return Err(ApiError::Bad(format!(
                "`{name}` is empty; give components separated by `;`, e.g. 3;4;5"
            )));
        }
        if let Some(i) = parts.iter().position(String::is_empty) {
            return Err(ApiError::Bad(format!(
                "component {} of `{name}` is empty; give components separated by `;`, e.g. 3;4;5",
                i + 1
            )));
        }
        if parts.len() > MAX_COMPONENTS {
            return Err(ApiError::Bad(format!(
                "`{name}` has {} components; the server accepts at most {MAX_COMPONENTS}",
                parts.len()
            )));
        }
        Ok(parts)
    }

    /// The position of every route, by either of its two names: every
    /// route takes `components` and `position` alike (the first routes
    /// took one, the later ones the other; both stay, as public names).
    pub fn components(&self, game: &dyn Ruleset) -> Result<Vec<String>, ApiError> {
        match (self.get("components"), self.get("position")) {
            (Some(_), Some(_)) => Err(ApiError::Bad(
                "give `components` or its alias `position`, not both".to_string(),
            )),
            (None, Some(_)) => self.position("position", game),
            (Some(_), None) => self.position("components", game),
            (None, None) => Err(ApiError::Bad(format!(
                "{} needs the parameter `components` (or its alias `position`)",
                self.route
            ))),
        }
    }

    /// The components in `name` as `game` reads them: a component written
    /// as a sum (`4+6`, how a move that splits a heap is printed) becomes
    /// its parts, as on the command line.
    fn position(&self, name: &str, game: &dyn Ruleset) -> Result<Vec<String>, ApiError> {
        let parts = read_sums(game, &self.listed(name)?);
        if parts.len() > MAX_COMPONENTS {
            return Err(ApiError::Bad(format!(
                "`{name}` has {} components; the server accepts at most {MAX_COMPONENTS}",
                parts.len()
            )));
        }
        Ok(parts)
    }

    /// `to`, at most `max`, if given.
    pub fn to(&self, max: u64) -> Result<Option<u64>, ApiError> {
        match self.get("to") {
            None | Some("") => Ok(None),
            Some(t) => Ok(Some(grundy::ruleset::parse_count(t, "`to`", max)?)),
        }
    }
}
