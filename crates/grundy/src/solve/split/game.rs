//! The interface of the split search (`solve::split`): a game whose
//! components are canonical 128-bit keys and whose options fall apart
//! into such keys. It sits with the solvers, below the rulesets, so that
//! a ruleset can hand a front end (the cluster) a game's keys and rules
//! without knowing the board games.

/// What [`Split::options_until`] calls once an option is listed, with the
/// options so far: true stops the listing.
pub type EachOption<'a> = &'a mut dyn FnMut(&mut OptionList) -> bool;

/// Options listed flat, as the split search keeps them: each option's
/// canonical parts one after another in `parts`, and where each option
/// ends in `ends`. Two vectors for all the options of a search's path,
/// not one per option: listing is most of the cost of a position.
#[derive(Debug, Default)]
pub struct OptionList {
    /// The options' parts, one option after another.
    pub parts: Vec<u128>,
    /// Where each option's parts end in `parts`.
    pub ends: Vec<usize>,
}

impl OptionList {
    /// Ends the option whose parts were pushed since the last one ended.
    pub fn end_option(&mut self) {
        self.ends.push(self.parts.len());
    }

    /// How many options are listed.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether no option is listed.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// Where option `i`'s parts start in `parts`.
    pub fn start(&self, i: usize) -> usize {
        if i == 0 {
            0
        } else {
            self.ends[i - 1]
        }
    }

    /// Option `i`: its parts.
    pub fn option(&self, i: usize) -> &[u128] {
        &self.parts[self.start(i)..self.ends[i]]
    }

    /// Drops the options from `i` on, with their parts.
    pub fn truncate(&mut self, i: usize) {
        self.parts.truncate(self.start(i));
        self.ends.truncate(i);
    }

    /// Cancels equal pairs inside each option from `first` on (a sum of
    /// two equal parts is worth 0), compacting the list.
    pub fn cancel_pairs_from(&mut self, first: usize) {
        let mut write = self.start(first);
        let mut start = write;
        let parts = &mut self.parts;
        for e in self.ends[first..].iter_mut() {
            let end = *e;
            // Most options have one part or two: those need no sort (it
            // took 5% of Cram 4x11).
            match end - start {
                0 => {}
                1 => {
                    parts[write] = parts[start];
                    write += 1;
                }
                2 => {
                    let (a, b) = (parts[start], parts[start + 1]);
                    if a != b {
                        (parts[write], parts[write + 1]) = (a.min(b), a.max(b));
                        write += 2;
                    }
                }
                _ => write = cancel_sorted(parts, start, end, write),
            }
            start = end;
            *e = write;
        }
        parts.truncate(write);
    }
}

/// Sorts `parts[start..end]` and writes it from `write` on (at most
/// `start`) without its equal pairs; returns where the writing ended.
/// The one place pairs cancel: options here, sums in
/// [`super::cancel_pairs`].
pub(super) fn cancel_sorted(
    parts: &mut [u128],
    start: usize,
    end: usize,
    mut write: usize,
) -> usize {
    parts[start..end].sort_unstable();
    let from = write;
    for i in start..end {
        let k = parts[i];
        if write > from && parts[write - 1] == k {
            write -= 1;
        } else {
            parts[write] = k;
            write += 1;
        }
    }
    write
}

/// A game the split search can value: canonical components as keys.
pub trait Split: Sync {
    /// Appends the options of the component `key` to `out`, each option
    /// as its canonical parts, then [`OptionList::end_option`]. Parts of
    /// value 0 may be left out.
    fn options(&self, key: u128, out: &mut OptionList);

    /// Lists the options as [`Split::options`] does, calling `each` once
    /// an option is appended (it may rewrite that last option) and
    /// stopping when it says so: a search looking for one winning option
    /// need not list the rest, most of the cost of a position. Returns
    /// whether `each` stopped the listing. By default every option is
    /// listed first.
    fn options_until(&self, key: u128, out: &mut OptionList, each: EachOption<'_>) -> bool {
        let mut all = OptionList::default();
        self.options(key, &mut all);
        for i in 0..all.len() {
            out.parts.extend_from_slice(all.option(i));
            out.end_option();
            if each(out) {
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

#[cfg(test)]
mod tests {
    use super::OptionList;

    /// Options of up to five parts from a small alphabet, cancelled all
    /// at once and one at a time, against counting each key's copies.
    #[test]
    fn equal_pairs_cancel_in_every_option() {
        let mut rng = crate::testing::Xorshift(0x2545_F491_4F6C_DD1D);
        let mut next = |m: u64| rng.next() % m;
        for _ in 0..2000 {
            let options: Vec<Vec<u128>> = (0..next(5))
                .map(|_| (0..next(6)).map(|_| u128::from(next(4))).collect())
                .collect();
            let expected: Vec<Vec<u128>> = (options.iter())
                .map(|o| {
                    (0..4)
                        .filter(|k| o.iter().filter(|&x| x == k).count() % 2 == 1)
                        .collect()
                })
                .collect();
            let (mut whole, mut each) = (OptionList::default(), OptionList::default());
            for o in &options {
                whole.parts.extend_from_slice(o);
                whole.end_option();
                each.parts.extend_from_slice(o);
                each.end_option();
                each.cancel_pairs_from(each.len() - 1);
            }
            whole.cancel_pairs_from(0);
            for list in [whole, each] {
                let got: Vec<Vec<u128>> =
                    (0..list.len()).map(|i| list.option(i).to_vec()).collect();
                assert_eq!(got, expected, "{options:?}");
            }
        }
    }
}
