//! One way to stop long work: a [`Cancel`] token that a search polls.
//!
//! A token is cancelled when its deadline passes or when anyone holding a clone calls
//! [`Cancel::cancel`] (Ctrl-C, a server whose client went away). Searches poll
//! [`Cancel::is_cancelled`] every few thousand nodes, so a cancelled search ends within
//! milliseconds and returns the best it has, or nothing.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A shared stop signal with an optional deadline. Clones share the signal; a child
/// made by [`Cancel::child`] stops when its parent does or at its own, earlier deadline.
#[derive(Clone, Debug, Default)]
pub struct Cancel {
    flags: Vec<Arc<AtomicBool>>,
    deadline: Option<Instant>,
}

impl Cancel {
    /// A token that stops only when cancelled.
    pub fn new() -> Cancel {
        Cancel {
            flags: vec![Arc::new(AtomicBool::new(false))],
            deadline: None,
        }
    }

    /// A token that also stops `budget` from now.
    pub fn with_budget(budget: Duration) -> Cancel {
        Cancel::new().child(Some(budget))
    }

    /// A token that stops when this one does, or `budget` from now if that is sooner.
    /// Cancelling the child does not cancel the parent.
    pub fn child(&self, budget: Option<Duration>) -> Cancel {
        let mut flags = self.flags.clone();
        flags.push(Arc::new(AtomicBool::new(false)));
        let own = budget.and_then(|b| Instant::now().checked_add(b));
        let deadline = match (self.deadline, own) {
            (Some(a), Some(b)) => Some(a.min(b)),
            (a, b) => a.or(b),
        };
        Cancel { flags, deadline }
    }

    /// Stop this token and every clone and child of it.
    pub fn cancel(&self) {
        if let Some(own) = self.flags.last() {
            own.store(true, Ordering::Relaxed);
        }
    }

    /// Whether the work should stop now.
    pub fn is_cancelled(&self) -> bool {
        self.flags.iter().any(|f| f.load(Ordering::Relaxed))
            || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Time left before the deadline (`None`: no deadline; zero once passed).
    pub fn remaining(&self) -> Option<Duration> {
        self.deadline
            .map(|d| d.saturating_duration_since(Instant::now()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_stops_when_cancelled_and_its_clones_see_it() {
        let c = Cancel::new();
        let clone = c.clone();
        assert!(!clone.is_cancelled());
        c.cancel();
        assert!(clone.is_cancelled());
    }

    #[test]
    fn a_child_stops_with_its_parent_but_not_the_other_way() {
        let parent = Cancel::new();
        let child = parent.child(None);
        child.cancel();
        assert!(child.is_cancelled());
        assert!(!parent.is_cancelled());
        let child = parent.child(None);
        parent.cancel();
        assert!(child.is_cancelled());
    }

    #[test]
    fn a_deadline_stops_the_token_and_the_sooner_one_wins() {
        let c = Cancel::with_budget(Duration::ZERO);
        assert!(c.is_cancelled());
        assert_eq!(c.remaining(), Some(Duration::ZERO));
        let long = Cancel::with_budget(Duration::from_secs(3600));
        assert!(!long.is_cancelled());
        let short = long.child(Some(Duration::ZERO));
        assert!(short.is_cancelled());
        assert!(!long.is_cancelled());
        let later = long.child(Some(Duration::from_secs(7200)));
        let left = long.remaining();
        assert!(later.remaining() <= left);
        assert_eq!(Cancel::new().remaining(), None);
    }
}
