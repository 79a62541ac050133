//! Calls on one path run in the order they arrived; calls on different paths may overlap.
//!
//! Tools run on the blocking pool, so a slow edit leaves the server free to answer everything
//! else. A client may still send an edit and, without waiting, a second edit that builds on
//! the first (or a read that should show it): those must not overtake each other. When the
//! transport reads a `tools/call`, in arrival order, it gives the call a [`PathTurn`]: wait for
//! the previous call on the same path, then hold `done` until the work is over.
//!
//! The key is the path as written, joined to the first root and with `.` components dropped.
//! Two spellings of one file (a symlink, `a/../b`) get separate turns; that costs only the
//! ordering, not safety: writes still take the file's directory lock and the session's
//! "unchanged since read" check, so an overtaking call is refused, never lost.

use std::collections::HashMap;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex, PoisonError};

use tokio::sync::oneshot;

/// Paths remembered before finished turns are forgotten.
const FORGET_AFTER: usize = 1024;

/// The last turn given out on each path.
#[derive(Debug)]
pub struct PathTurns {
    base: PathBuf,
    last: HashMap<PathBuf, oneshot::Receiver<()>>,
}

/// A call's place in its path's queue, carried to the tool in the request's extensions (which
/// need `Clone`, hence the shared slot; the tool takes the turn out once).
#[derive(Debug, Clone)]
pub struct PathTurn(Arc<Mutex<Option<Turn>>>);

/// Wait for [`Turn::previous`]; the next call on the path waits until `done` is dropped.
///
/// A turn dropped before its wait is over (a call rmcp rejects, a cancelled call) must not let
/// the next call overtake the previous one, so it hands the wait on: see its `Drop`.
#[derive(Debug)]
pub struct Turn {
    previous: Option<oneshot::Receiver<()>>,
    done: Option<oneshot::Sender<()>>,
}

/// Held while a call works on its path; dropping it lets the next call on the path start.
#[derive(Debug)]
pub struct Done {
    _sender: oneshot::Sender<()>,
}

impl PathTurns {
    /// Turns for paths relative to `base` (the first root).
    pub fn new(base: PathBuf) -> Self {
        PathTurns {
            base,
            last: HashMap::new(),
        }
    }

    /// The next turn on `path`.
    pub fn next(&mut self, path: &str) -> PathTurn {
        if self.last.len() >= FORGET_AFTER {
            // A receiver whose sender is gone belongs to a finished call.
            self.last
                .retain(|_, rx| matches!(rx.try_recv(), Err(oneshot::error::TryRecvError::Empty)));
        }
        let key = key(&self.base, Path::new(path));
        let (done, rx) = oneshot::channel();
        let previous = self.last.insert(key, rx);
        PathTurn(Arc::new(Mutex::new(Some(Turn {
            previous,
            done: Some(done),
        }))))
    }
}

impl PathTurn {
    /// The turn, the first time it is asked for.
    pub fn take(&self) -> Option<Turn> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).take()
    }
}

impl Turn {
    /// Wait until the previous call on the path is done; hold the result while working.
    pub async fn wait(mut self) -> Done {
        if let Some(previous) = self.previous.as_mut() {
            // Err means the sender was dropped: the previous call is done (it never sends).
            let _ = previous.await;
        }
        self.previous = None;
        Done {
            _sender: self.done.take().expect("a turn is waited for once"),
        }
    }
}

impl Drop for Turn {
    fn drop(&mut self) {
        // Dropped while the previous call still runs: keep `done` until it ends.
        if let (Some(mut previous), Some(done)) = (self.previous.take(), self.done.take()) {
            if let Ok(runtime) = tokio::runtime::Handle::try_current() {
                runtime.spawn(async move {
                    let _ = (&mut previous).await;
                    drop(done);
                });
            }
        }
    }
}

fn key(base: &Path, path: &Path) -> PathBuf {
    base.join(path)
        .components()
        .filter(|c| !matches!(c, Component::CurDir))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn spellings_of_one_path_share_a_key() {
        let base = Path::new("/r");
        assert_eq!(key(base, Path::new("a/b")), key(base, Path::new("./a/./b")));
        assert_eq!(key(base, Path::new("a/b")), key(base, Path::new("/r/a/b/")));
        assert_ne!(key(base, Path::new("a/b")), key(base, Path::new("a/c")));
    }

    #[test]
    fn a_turn_waits_for_the_previous_on_its_path_only() {
        use oneshot::error::TryRecvError;
        let mut turns = PathTurns::new("/r".into());
        let first = turns.next("a").take().unwrap();
        let mut second = turns.next("./a").take().unwrap();
        let other = turns.next("b").take().unwrap();
        assert!(first.previous.is_none() && other.previous.is_none());
        let previous = second.previous.as_mut().unwrap();
        assert_eq!(previous.try_recv(), Err(TryRecvError::Empty));
        drop(first);
        assert_eq!(previous.try_recv(), Err(TryRecvError::Closed));
    }

    /// A call dropped before its turn (rejected, cancelled) still lets no later call overtake
    /// an earlier one.
    #[test]
    fn a_dropped_turn_hands_its_wait_on() {
        use oneshot::error::TryRecvError;
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .unwrap();
        runtime.block_on(async {
            let mut turns = PathTurns::new("/r".into());
            let first = turns.next("a").take().unwrap().wait().await;
            let skipped = turns.next("a").take().unwrap();
            let mut third = turns.next("a").take().unwrap();
            drop(skipped);
            tokio::task::yield_now().await;
            let previous = third.previous.as_mut().unwrap();
            assert_eq!(previous.try_recv(), Err(TryRecvError::Empty));
            drop(first);
            // The forwarding task runs, sees the first call done and lets the third go.
            for _ in 0..10 {
                tokio::task::yield_now().await;
            }
            assert_eq!(previous.try_recv(), Err(TryRecvError::Closed));
        });
    }
}
