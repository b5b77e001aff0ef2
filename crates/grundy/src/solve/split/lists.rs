//! The lists of the options of a position being searched, pooled per
//! thread: the split search makes one set per position it enters, and
//! allocating them afresh each time was a cost of its own.

use super::OptionList;

/// The lists of one position's options, from a pool of the thread's: a
/// search allocates them once per level it reaches, not once per
/// position.
pub(super) struct Lists {
    /// The options.
    pub(super) options: OptionList,
    /// The options the tables did not value, to be searched.
    pub(super) open: Vec<usize>,
}

/// Lists a thread is done with, emptied (plain vectors, so that dropping
/// the pool at the thread's end drops no [`Lists`]).
type Spare = (Vec<u128>, Vec<usize>, Vec<usize>);

thread_local! {
    static SPARE_LISTS: std::cell::RefCell<Vec<Spare>> = const { std::cell::RefCell::new(Vec::new()) };
}

impl Lists {
    /// Empty lists, from the pool when it has some.
    pub(super) fn take() -> Lists {
        let spare = SPARE_LISTS.try_with(|spare| spare.borrow_mut().pop());
        let (parts, ends, open) = spare.ok().flatten().unwrap_or_default();
        Lists {
            options: OptionList { parts, ends },
            open,
        }
    }
}

/// The lists go back to the pool, emptied (unless the thread is ending).
impl Drop for Lists {
    fn drop(&mut self) {
        let mut spare = (
            std::mem::take(&mut self.options.parts),
            std::mem::take(&mut self.options.ends),
            std::mem::take(&mut self.open),
        );
        spare.0.clear();
        spare.1.clear();
        spare.2.clear();
        let _ = SPARE_LISTS.try_with(|pool| pool.borrow_mut().push(spare));
    }
}
