//! The interface of the split search (`solve::split`): a game whose
//! components are canonical 128-bit keys and whose options fall apart
//! into such keys. It sits with the solvers, below the rulesets, so that
//! a ruleset can hand a front end (the cluster) a game's keys and rules
//! without knowing the board games.

/// What [`Split::options_until`] calls once an option is listed, with the
/// parts and ends so far: true stops the listing.
pub type EachOption<'a> = &'a mut dyn FnMut(&mut Vec<u128>, &mut Vec<usize>) -> bool;

/// A game the split search can value: canonical components as keys.
pub trait Split: Sync {
    /// Appends the options of the component `key` to `parts`, each option
    /// as its canonical parts followed by the end of the option in `ends`
    /// (an index into `parts`). Parts of value 0 may be left out.
    fn options(&self, key: u128, parts: &mut Vec<u128>, ends: &mut Vec<usize>);

    /// Lists the options as [`Split::options`] does, calling `each` once
    /// an option is appended (it may rewrite that last option) and
    /// stopping when it says so: a search looking for one winning option
    /// need not list the rest, most of the cost of a position. Returns
    /// whether `each` stopped the listing. By default every option is
    /// listed first.
    fn options_until(
        &self,
        key: u128,
        parts: &mut Vec<u128>,
        ends: &mut Vec<usize>,
        each: EachOption<'_>,
    ) -> bool {
        let (mut all_parts, mut all_ends) = (Vec::new(), Vec::new());
        self.options(key, &mut all_parts, &mut all_ends);
        let mut start = 0;
        for end in all_ends {
            parts.extend_from_slice(&all_parts[start..end]);
            ends.push(parts.len());
            start = end;
            if each(parts, ends) {
                return true;
            }
        }
        false
    }

    /// How big a component is, to pick which part of a sum to search
    /// last (the biggest): by default the bits of its key.
    fn size(&self, key: u128) -> u32 {
        key.count_ones()
    }

    /// Whether positions fall apart into parts: those are valued by
    /// outcome searches, the others by the mex of every option.
    fn splits(&self) -> bool {
        true
    }

    /// What the game's theory says of the component `key` without a
    /// search (a symmetry strategy, say): `Some(true)` when its value is
    /// 0, `Some(false)` when it is not, `None` when it says nothing.
    fn zero_by_theory(&self, _key: u128) -> Option<bool> {
        None
    }

    /// What the keys mean: tables (and their snapshots) of one scope are
    /// of no use in another. By default the rules' type: a game whose
    /// keys mean something only for one position (a general graph's
    /// vertex sets) names the position too.
    fn scope(&self) -> String {
        std::any::type_name::<Self>().to_string()
    }
}
