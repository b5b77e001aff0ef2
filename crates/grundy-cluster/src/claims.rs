//! Which worker searches which task of a round. Worker `w` of `W` starts
//! with the block of tasks `[T·w/W, T·(w+1)/W)`, in order: neighbouring
//! options leave neighbouring boards, whose searches share the most, so a
//! block keeps that sharing within one worker's tables. A worker whose
//! block is done takes the last task not started of the block with the
//! most left. Every start is told to the others, so that two workers
//! search the same task only when their starts cross on the wire (which
//! costs time, never answers).

use std::sync::Mutex;

/// The tasks of one round, and which have been started (here or, as far
/// as this worker has heard, elsewhere).
pub struct Claims {
    started: Mutex<Vec<bool>>,
    me: usize,
    workers: usize,
}

impl Claims {
    /// `tasks` tasks, none started, for worker `me` of `workers`.
    pub fn new(tasks: usize, me: usize, workers: usize) -> Claims {
        Claims {
            started: Mutex::new(vec![false; tasks]),
            me,
            workers,
        }
    }

    /// The tasks of worker `w`'s block.
    fn block(&self, w: usize, tasks: usize) -> std::ops::Range<usize> {
        (tasks * w / self.workers)..(tasks * (w + 1) / self.workers)
    }

    /// Marks `task` started by another worker.
    pub fn heard(&self, task: usize) {
        let mut started = self.started.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(s) = started.get_mut(task) {
            *s = true;
        }
    }

    /// The next task for this worker, marked started: the first left in
    /// its block, else the last left in the block with the most left.
    pub fn next(&self) -> Option<usize> {
        let mut started = self.started.lock().unwrap_or_else(|e| e.into_inner());
        let tasks = started.len();
        let left = |r: std::ops::Range<usize>| r.filter(|&i| !started[i]).count();
        let task = match self.block(self.me, tasks).find(|&i| !started[i]) {
            Some(i) => Some(i),
            None => (0..self.workers)
                .map(|w| (left(self.block(w, tasks)), w))
                .filter(|&(n, _)| n > 0)
                .max()
                .and_then(|(_, w)| self.block(w, tasks).rev().find(|&i| !started[i])),
        };
        if let Some(i) = task {
            started[i] = true;
        }
        task
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blocks_first_then_the_fullest_from_its_end() {
        let c = Claims::new(10, 0, 3);
        // Blocks: 0..3, 3..6, 6..10.
        assert_eq!(c.next(), Some(0));
        c.heard(3);
        c.heard(6);
        assert_eq!(c.next(), Some(1));
        assert_eq!(c.next(), Some(2));
        // Left: 4, 5 (block 1) and 7, 8, 9 (block 2): the last of block 2.
        assert_eq!(c.next(), Some(9));
        c.heard(7);
        // Left: 4, 5 and 8: block 1 has more.
        assert_eq!(c.next(), Some(5));
        assert_eq!(c.next(), Some(8));
        assert_eq!(c.next(), Some(4));
        assert_eq!(c.next(), None);
    }

    #[test]
    fn one_worker_takes_every_task_in_order() {
        let c = Claims::new(4, 0, 1);
        let all: Vec<usize> = std::iter::from_fn(|| c.next()).collect();
        assert_eq!(all, [0, 1, 2, 3]);
    }
}
