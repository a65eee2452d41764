//! A bounded worker pool for solves: at most `workers` solves run at once on tokio's
//! blocking threads, at most `max_waiting` more wait in line, and each answer must come
//! within its time budget.
//!
//! Solving is CPU-bound and may take seconds, so it must not run on the async reactor.
//! The permit travels into the blocking closure, so a solve that overruns its budget
//! still holds its worker slot until it really ends: the number of running solves never
//! exceeds `workers`, which bounds the server's CPU and memory however many clients
//! connect.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// Why the pool could not produce an answer.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PoolError {
    /// Too many requests are already waiting for a worker.
    #[error("the server is busy: {0} solves are already waiting, try again later")]
    Busy(usize),
    /// The job did not finish within the time budget.
    #[error("no answer within the time budget of {0} ms")]
    TimedOut(u128),
    /// The job panicked (a bug); the server keeps running.
    #[error("internal error while solving")]
    Crashed,
}

/// The worker pool shared by all requests.
#[derive(Debug)]
pub struct SolvePool {
    permits: Arc<Semaphore>,
    waiting: Arc<AtomicUsize>,
    max_waiting: usize,
    deadline: Duration,
}

/// Decrements the waiting count when a request stops waiting, even if it is cancelled
/// (the client hung up) while in line.
struct WaitingTicket(Arc<AtomicUsize>);

impl Drop for WaitingTicket {
    fn drop(&mut self) {
        self.0.fetch_sub(1, Ordering::SeqCst);
    }
}

impl SolvePool {
    /// A pool running at most `workers` jobs at once with `max_waiting` more in line;
    /// an answer that takes longer than `deadline` is given up.
    pub fn new(workers: usize, max_waiting: usize, deadline: Duration) -> Self {
        SolvePool {
            permits: Arc::new(Semaphore::new(workers.max(1))),
            waiting: Arc::new(AtomicUsize::new(0)),
            max_waiting,
            deadline,
        }
    }

    /// How many jobs may run at once.
    pub fn workers(&self) -> usize {
        self.permits.available_permits()
    }

    /// Run `job` on a blocking thread once a worker is free, and wait for its answer.
    pub async fn run<T, F>(&self, job: F) -> Result<T, PoolError>
    where
        T: Send + 'static,
        F: FnOnce() -> T + Send + 'static,
    {
        let before = self.waiting.fetch_add(1, Ordering::SeqCst);
        let ticket = WaitingTicket(Arc::clone(&self.waiting));
        if before >= self.max_waiting {
            return Err(PoolError::Busy(before));
        }
        let permit = Arc::clone(&self.permits)
            .acquire_owned()
            .await
            .map_err(|_| PoolError::Crashed)?;
        drop(ticket);
        let handle = tokio::task::spawn_blocking(move || {
            let _permit = permit;
            job()
        });
        match tokio::time::timeout(self.deadline, handle).await {
            Ok(Ok(answer)) => Ok(answer),
            Ok(Err(_)) => Err(PoolError::Crashed),
            Err(_) => Err(PoolError::TimedOut(self.deadline.as_millis())),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn never_runs_more_than_the_worker_count() {
        let pool = Arc::new(SolvePool::new(3, 1000, Duration::from_secs(60)));
        let running = Arc::new(AtomicUsize::new(0));
        let peak = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for i in 0..40 {
            let (pool, running, peak) = (pool.clone(), running.clone(), peak.clone());
            tasks.push(tokio::spawn(async move {
                pool.run(move || {
                    let now = running.fetch_add(1, Ordering::SeqCst) + 1;
                    peak.fetch_max(now, Ordering::SeqCst);
                    std::thread::sleep(Duration::from_millis(5));
                    running.fetch_sub(1, Ordering::SeqCst);
                    i * 2
                })
                .await
            }));
        }
        for (i, t) in tasks.into_iter().enumerate() {
            assert_eq!(t.await.unwrap(), Ok(i * 2));
        }
        let peak = peak.load(Ordering::SeqCst);
        assert!((1..=3).contains(&peak), "peak {peak}");
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn turns_away_requests_beyond_the_line() {
        let pool = Arc::new(SolvePool::new(1, 1, Duration::from_secs(60)));
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let busy = {
            let pool = pool.clone();
            tokio::spawn(async move { pool.run(move || rx.recv().ok()).await })
        };
        // Wait until the first job holds the only worker.
        while pool.workers() > 0 {
            tokio::task::yield_now().await;
        }
        let waiting = {
            let pool = pool.clone();
            tokio::spawn(async move { pool.run(|| 7).await })
        };
        while pool.waiting.load(Ordering::SeqCst) == 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(pool.run(|| 8).await, Err(PoolError::Busy(1)));
        tx.send(()).unwrap();
        assert_eq!(busy.await.unwrap(), Ok(Some(())));
        assert_eq!(waiting.await.unwrap(), Ok(7));
    }

    #[tokio::test]
    async fn gives_up_after_the_deadline_and_survives_panics() {
        let pool = SolvePool::new(2, 10, Duration::from_millis(20));
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        // The job cannot end before the pool has given up on it.
        let slow = pool.run(move || rx.recv().ok()).await;
        assert_eq!(slow, Err(PoolError::TimedOut(20)));
        tx.send(()).unwrap();
        let pool = SolvePool::new(2, 10, Duration::from_secs(600));
        let crash = pool.run(|| -> u8 { panic!("boom") }).await;
        assert_eq!(crash, Err(PoolError::Crashed));
        assert_eq!(pool.run(|| 5).await, Ok(5));
    }
}
