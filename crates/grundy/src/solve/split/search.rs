//! The search itself: Lemoine and Viennot's nimbers by outcomes
//! ("Nimbers are inevitable", Theoretical Computer Science 462, 2012).
//!
//! The value of a component `C` is the least `n` for which `C + *n` is a
//! second-player win, and deciding who wins is much cheaper than a mex:
//! one winning move ends the look at a position. `C + *n` is a first-player
//! win exactly when some option `C'` of `C` leaves `C' + *n` lost for the
//! opponent, or when `C + *m` is lost for some `m < n` (the move in `*n`).
//! An option falls into parts: the parts whose values the table knows
//! join the nimber, all but the biggest of the others are valued (so that
//! their values are known for good), and the biggest is searched for its
//! outcome. A lost `C + *n` proves `g(C) = n`, which the value table keeps;
//! won ones are kept as bit sets for `n < 7` in the second table.
//!
//! The stack is explicit ([`frames`]): a search as deep as its board
//! (a call goes on to a smaller part, or once to the same part with a
//! smaller nimber, so up to twice as many levels as cells) runs in a loop
//! over a vector of frames, and a child's answer goes straight to its
//! parent. With the `parallel` feature the options of the top levels are
//! tried on rayon's pool once the first (the likeliest to win) has not
//! won, each by a search of its own, the first winning one ending the
//! others: an outcome is a fact, so every thread count gives the same
//! answers ([`parallel`]). Only those levels nest on the call stack.
//!
//! While other threads search beside it, a thread marks the components
//! it is searching ([`super::busy`]) and, below the parallel levels,
//! tries an option another thread is on after its other options.

mod frames;
mod parallel;

use std::sync::atomic::Ordering;
use std::sync::Arc;

use self::frames::{Call, Entered, Frame, NimberFrame, OneFrame, Ret, Step, SumFrame};
use self::parallel::parallel_depth;
use super::lists::Lists;
use super::{OptionList, Solver, Split, Stats};
use crate::error::Result;
use crate::game::Limits;

/// How often (in positions each thread searches) the search reads its
/// stop flag.
const CHECK_EVERY: u64 = 1 << 12;

/// The won `C + *n` kept in the second table: `n` below this.
const KEPT_WINS: u64 = 7;

thread_local! {
    /// Positions this thread has entered (a frame's work is the
    /// difference), and those the shared count has yet to hear of: one
    /// count bumped by both threads at every position took 4% of a
    /// two-thread run, its cache line bouncing between the cores.
    static ENTERED: std::cell::Cell<(u64, u64)> = const { std::cell::Cell::new((0, 0)) };
}

/// What every call of one search shares.
struct Ctx<'a, G: ?Sized> {
    game: &'a G,
    limits: &'a Limits,
    /// Whether other threads may search beside this one, so that marking
    /// what it searches is worth its cost.
    marks: bool,
    /// The solver's count of positions entered when this search began, to
    /// hold its work to [`Limits::max_work`].
    entered_before: u64,
}

impl<'a, G: ?Sized> Ctx<'a, G> {
    /// The context of a search whose top `depth` levels run in parallel:
    /// it marks what it searches when any do.
    fn new(game: &'a G, limits: &'a Limits, depth: u32, stats: &Stats) -> Ctx<'a, G> {
        Ctx {
            game,
            limits,
            marks: depth > 0,
            entered_before: stats.solved.load(Ordering::Relaxed),
        }
    }
}

impl Solver {
    /// The value of the component `key`: by outcome searches for games
    /// that split, by the mex of every option (`super::mex`) for others.
    pub fn value<G: Split + ?Sized>(&self, game: &G, key: u128, limits: &Limits) -> Result<u64> {
        let depth = parallel_depth();
        if !game.splits() {
            #[cfg(feature = "parallel")]
            if depth > 0 {
                return self.mex_parallel(game, key, limits, super::mex::MEX_PARALLEL_DEPTH);
            }
            return self.mex_serial(game, key, limits);
        }
        limits.check("the split search")?;
        let cx = Ctx::new(game, limits, depth, &self.stats);
        match self.run(&cx, Call::Nimber { key, depth }, Vec::new())? {
            Ret::Value(v) => Ok(v),
            Ret::Wins(_) => unreachable!("a nimber's search returns a value"),
        }
    }

    /// Whether the XOR of the values of `keys` is `n`: one outcome search
    /// (is the sum plus `*n` lost?) instead of valuing every part, which
    /// is what listing winning moves asks of each option.
    pub fn sum_is<G: Split + ?Sized>(
        self: &Arc<Self>,
        game: &G,
        keys: &[u128],
        n: u64,
        limits: &Limits,
    ) -> Result<bool> {
        self.attach(game, limits);
        let keys = super::cancel_pairs(keys.to_vec());
        if !game.splits() {
            return Ok(self.sum(game, &keys, limits)? == n);
        }
        limits.check("the split search")?;
        let depth = parallel_depth();
        let cx = Ctx::new(game, limits, depth, &self.stats);
        Ok(!self.wins_sum(&cx, keys, n, depth)?)
    }

    /// Whether the sum of `parts` (equal pairs already cancelled) and
    /// `*n` is a first-player win.
    fn wins_sum<G: Split + ?Sized>(
        &self,
        cx: &Ctx<'_, G>,
        parts: Vec<u128>,
        n: u64,
        depth: u32,
    ) -> Result<bool> {
        match self.run(cx, Call::Sum { start: 0, n, depth }, parts)? {
            Ret::Wins(w) => Ok(w),
            Ret::Value(_) => unreachable!("a sum's search returns an outcome"),
        }
    }

    /// The search loop: `first` and every search it calls for, each a
    /// frame on `stack` until it has its answer, which goes to the frame
    /// below. `parts` holds the parts of the sums being searched (those
    /// of `first` when it is a sum), each sum's above its caller's. The
    /// positions entered are counted in once it ends.
    fn run<G: Split + ?Sized>(
        &self,
        cx: &Ctx<'_, G>,
        first: Call,
        parts: Vec<u128>,
    ) -> Result<Ret> {
        let mut stack: Vec<Frame> = Vec::new();
        let answer = self.drive(cx, first, parts, &mut stack);
        // A search that failed leaves frames, whose marks go.
        for frame in &stack {
            if let Frame::One(f) = frame {
                self.unmark(f);
            }
        }
        let (mine, pending) = ENTERED.get();
        ENTERED.set((mine, 0));
        self.stats.solved.fetch_add(pending, Ordering::Relaxed);
        answer
    }

    /// [`Solver::run`] on the frames of `stack`.
    fn drive<G: Split + ?Sized>(
        &self,
        cx: &Ctx<'_, G>,
        first: Call,
        mut parts: Vec<u128>,
        stack: &mut Vec<Frame>,
    ) -> Result<Ret> {
        let mut answer = match self.enter(cx, first, &mut parts)? {
            Entered::Frame(f) => {
                stack.push(f);
                None
            }
            Entered::Known(r) => return Ok(r),
        };
        while let Some(top) = stack.last_mut() {
            let step = match top {
                Frame::Nimber(f) => f.step(answer.take())?,
                Frame::Sum(f) => f.step(answer.take(), &parts),
                Frame::One(f) => self.step_one(cx, f, answer.take(), &mut parts)?,
            };
            match step {
                Step::Call(call) => match self.enter(cx, call, &mut parts)? {
                    Entered::Frame(f) => stack.push(f),
                    Entered::Known(r) => answer = Some(r),
                },
                Step::Done(r) => {
                    if let Some(Frame::Sum(f)) = stack.pop() {
                        parts.truncate(f.start());
                    }
                    answer = Some(r);
                }
            }
        }
        Ok(answer.expect("the first frame answered"))
    }

    /// A search called for: its answer when the tables or the game's
    /// theory know it, its frame otherwise.
    fn enter<G: Split + ?Sized>(
        &self,
        cx: &Ctx<'_, G>,
        call: Call,
        parts: &mut Vec<u128>,
    ) -> Result<Entered> {
        match call {
            Call::Nimber { key, depth } => Ok(match self.table.get(key) {
                Some(v) => Entered::Known(Ret::Value(v)),
                None => Entered::Frame(Frame::Nimber(NimberFrame { key, n: 0, depth })),
            }),
            Call::Sum { start, n, depth } => Ok(self.enter_sum(cx, start, n, depth, parts)),
            Call::One {
                key,
                n,
                floor,
                depth,
            } => self.enter_one(cx, key, n, floor, depth),
        }
    }

    /// A sum whose parts are `parts[start..]`: those the table values
    /// join the nimber; the others stay, to be valued but the biggest,
    /// which is searched for its outcome.
    fn enter_sum<G: Split + ?Sized>(
        &self,
        cx: &Ctx<'_, G>,
        start: usize,
        mut n: u64,
        depth: u32,
        parts: &mut Vec<u128>,
    ) -> Entered {
        let mut kept = start;
        for i in start..parts.len() {
            let p = parts[i];
            match self.table.get(p) {
                Some(v) => n ^= v,
                None => {
                    parts[kept] = p;
                    kept += 1;
                }
            }
        }
        parts.truncate(kept);
        let unknown = &parts[start..];
        match (0..unknown.len()).max_by_key(|&i| cx.game.size(unknown[i])) {
            None => Entered::Known(Ret::Wins(n != 0)),
            Some(biggest) => {
                let sum = SumFrame::new(start, start + biggest, n, depth);
                Entered::Frame(Frame::Sum(sum))
            }
        }
    }

    /// Whether `key + *n` is a first-player win, given that `key + *m` is
    /// one for every `m < floor`, when the tables or the theory say; else
    /// the options are listed, those the table values sorted out, and the
    /// bound of the mex applied before a frame is made to search them.
    fn enter_one<G: Split + ?Sized>(
        &self,
        cx: &Ctx<'_, G>,
        key: u128,
        n: u64,
        floor: u64,
        depth: u32,
    ) -> Result<Entered> {
        let known_answer = |won| Ok(Entered::Known(Ret::Wins(won)));
        if let Some(v) = self.table.get(key) {
            return known_answer(v != n);
        }
        let known = if n < KEPT_WINS {
            self.wins.get(key).unwrap_or(0)
        } else {
            0
        };
        if n < KEPT_WINS && known >> n & 1 == 1 {
            return known_answer(true);
        }
        match cx.game.zero_by_theory(key) {
            Some(true) => {
                self.table.put(key, 0, 1);
                return known_answer(n != 0);
            }
            Some(false) if n == 0 => {
                self.wins.put(key, known | 1, 1);
                return known_answer(true);
            }
            _ => {}
        }
        let (before, pending) = ENTERED.get();
        if before % CHECK_EVERY == 0 {
            ENTERED.set((before + 1, 0));
            let solved = self.stats.solved.fetch_add(pending + 1, Ordering::Relaxed);
            cx.limits.check("the split search")?;
            let entered = (solved + pending).saturating_sub(cx.entered_before);
            cx.limits.check_work(entered, "the split search")?;
            self.make_room(solved + pending);
        } else {
            ENTERED.set((before + 1, pending + 1));
        }
        let mut f = OneFrame {
            key,
            n,
            known,
            before,
            depth,
            lists: Lists::take(),
            seen: [0; 4],
            next: 0,
            put_off: 0,
            m: floor,
            marked: false,
        };
        Ok(match self.list(cx, &mut f) {
            Some(won) => Entered::Known(Ret::Wins(self.keep(&f, won))),
            None => {
                f.marked = cx.marks && self.busy.mark(key);
                Entered::Frame(Frame::One(f))
            }
        })
    }

    /// Lists the options of `f`'s component: true when one is known to
    /// leave `*n` lost, false when the table values them all or too few
    /// are left open to reach every value below `n`; `None` (the open
    /// ones sorted, smallest biggest part first) when they need searching.
    fn list<G: Split + ?Sized>(&self, cx: &Ctx<'_, G>, f: &mut OneFrame) -> Option<bool> {
        let (n, seen) = (f.n, &mut f.seen);
        let Lists { options, open } = &mut f.lists;
        // Each option's parts are looked up once the next option is made,
        // their buckets fetched meanwhile: the making hides the misses.
        let mut fetched = None;
        let won = cx.game.options_until(f.key, options, &mut |options| {
            let i = options.len() - 1;
            options.cancel_pairs_from(i);
            (options.option(i).iter()).for_each(|&p| self.table.prefetch(p));
            fetched
                .replace(i)
                .is_some_and(|j| self.sort_option(n, options, j, seen, open))
        });
        let won = won || fetched.is_some_and(|j| self.sort_option(n, options, j, seen, open));
        if won {
            return Some(true);
        }
        if open.is_empty() {
            // Every option is valued: so is the component.
            let v = (0..).find(|&m| !f.is_seen(m)).unwrap_or(0);
            self.table.put(f.key, v, 1);
            return Some(v != n);
        }
        // The value is `n` only if the options reach every `m < n`: when
        // fewer open options remain than values missing, it is below `n`.
        let missing = (0..n).filter(|&m| !f.is_seen(m)).count();
        if missing > f.lists.open.len() {
            return Some(true);
        }
        let Lists { options, open } = &mut f.lists;
        open.sort_by_cached_key(|&i| (options.option(i).iter()).map(|&p| cx.game.size(p)).max());
        self.fetch_option(options, open[0], n);
        None
    }

    /// Sorts option `j` of a search of `key + *n` by the table: true when
    /// it is worth `*n` (it wins); marked `seen` when valued, else put
    /// with the `open` ones. Always inlined into the listing's closure:
    /// left to the compiler, an unrelated change once moved it out (a
    /// call per option, 1% more instructions on Cram 3x14).
    #[inline(always)]
    fn sort_option(
        &self,
        n: u64,
        options: &OptionList,
        j: usize,
        seen: &mut [u64; 4],
        open: &mut Vec<usize>,
    ) -> bool {
        match (options.option(j).iter()).try_fold(0, |x, &p| self.table.get(p).map(|v| x ^ v)) {
            Some(x) if x == n => return true,
            Some(x) if x < 256 => seen[(x / 64) as usize] |= 1 << (x % 64),
            Some(_) => {}
            None => open.push(j),
        }
        false
    }

    /// The next move of a search of `key + *n`: the open options in
    /// turn (the sum each leaves with `*n` searched for a loss, all but
    /// the first on rayon's pool on the top levels, below them those
    /// another thread is on put off to the end), then every smaller
    /// nimber not seen (each starting at its own: the ones below are
    /// known won), until one wins.
    fn step_one<G: Split + ?Sized>(
        &self,
        cx: &Ctx<'_, G>,
        f: &mut OneFrame,
        answer: Option<Ret>,
        parts: &mut Vec<u128>,
    ) -> Result<Step> {
        let open = f.lists.open.len();
        if let Some(Ret::Wins(won)) = answer {
            if !won {
                return Ok(Step::Done(Ret::Wins(self.keep(f, true))));
            }
            if f.next < open {
                f.next += 1;
            } else {
                f.m += 1;
            }
        }
        if f.next == 1 && f.depth > 0 {
            if open > 1 && self.others_win(cx, f)? {
                return Ok(Step::Done(Ret::Wins(self.keep(f, true))));
            }
            f.next = open;
        }
        if f.next < open {
            if cx.marks && f.depth == 0 {
                self.put_off_busy(f);
            }
            let Lists { options, open } = &f.lists;
            if let Some(&j) = open.get(f.next + 1) {
                self.fetch_option(options, j, f.n);
            }
            let start = parts.len();
            parts.extend_from_slice(options.option(open[f.next]));
            let depth = f.depth.saturating_sub(1);
            return Ok(Step::Call(Call::Sum {
                start,
                n: f.n,
                depth,
            }));
        }
        while f.m < f.n && f.is_seen(f.m) {
            f.m += 1;
        }
        if f.m < f.n {
            let (key, m, depth) = (f.key, f.m, f.depth);
            return Ok(Step::Call(Call::outcome(key, m, m, depth)));
        }
        Ok(Step::Done(Ret::Wins(self.keep(f, false))))
    }

    /// Starts bringing the slots of option `j`'s parts, in the value
    /// table and (for `n` below [`KEPT_WINS`]) the table of wins, into the
    /// processor's caches: its search begins with those lookups, and the
    /// search of the option before it hides their misses. The value
    /// table's lines were fetched when the option was listed, but a long
    /// search since may have pushed them out; the wins' were never
    /// fetched. Cram 4x11 on one thread, eleven alternating rounds: 9.28
    /// to 11.15 s against 8.94 to 11.84 s, faster in ten (7% on average),
    /// the same positions searched.
    fn fetch_option(&self, options: &OptionList, j: usize, n: u64) {
        for &p in options.option(j) {
            self.table.prefetch(p);
            if n < KEPT_WINS {
                self.wins.prefetch(p);
            }
        }
    }

    /// Puts the options from `f`'s next on that another thread is
    /// searching off to the end of its open options, each once: when
    /// they come round again the table likely knows them. Cram 5x9 on two
    /// threads: 18.5 million positions instead of 19.6 (one thread
    /// searches 16.9), 33.1 s against 36.3 s. Putting off options on the
    /// parallel levels too gave 20.7 million: there the other threads
    /// are meant to share the options.
    fn put_off_busy(&self, f: &mut OneFrame) {
        let Lists { options, open } = &mut f.lists;
        while f.next + f.put_off < open.len()
            && (options.option(open[f.next]).iter()).any(|&p| self.busy.is_marked(p))
        {
            let i = open.remove(f.next);
            open.push(i);
            f.put_off += 1;
        }
    }

    /// Keeps the outcome `won` of `f`'s `key + *n`: a loss as the value
    /// `n`, a win among the kept wins; returns `won`. The key's mark goes
    /// last, so that a thread that finds it gone finds the answer.
    fn keep(&self, f: &OneFrame, won: bool) -> bool {
        let work = ENTERED.get().0 - f.before;
        if won {
            if f.n < KEPT_WINS {
                let now = self.wins.get(f.key).unwrap_or(0);
                self.wins.put(f.key, now | f.known | 1 << f.n, work);
            }
        } else {
            self.keep_value(f.key, f.n, work);
        }
        self.unmark(f);
        won
    }

    /// Frees the mark `f` made of its key, if it made one.
    fn unmark(&self, f: &OneFrame) {
        if f.marked {
            self.busy.unmark(f.key);
        }
    }
}
