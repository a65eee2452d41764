//! A bounded worker pool for solves: at most `workers` jobs run at once on tokio's
//! blocking threads, at most `max_waiting` more wait in line, and each answer must come
//! within its request's time budget, counted from when the request arrived.
//!
//! Solving is CPU-bound and may take seconds, so it must not run on the async reactor.
//! Each job gets the request's [`Cancel`] token: it is cancelled when the budget is
//! spent, when the request is dropped (the client went away) and when the server shuts
//! down, and the solvers poll it, so a job ends soon after its answer stops mattering.
//! The permit travels into the blocking closure, so a job that ignores the token still
//! holds its worker slot until it really ends: the number of running jobs never exceeds
//! `workers`, which bounds the server's CPU and memory however many clients connect.
//! The server keeps two pools (see [`crate::server`]) so that quick jobs never wait
//! behind long ones; the long pool's jobs run on threads of their own at a lower
//! scheduling priority, so that quick jobs also get the processor first.

use cubist_tables::Cancel;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::Semaphore;

/// How long after its budget a job may take to hand in the best it has found.
pub const GRACE: Duration = Duration::from_millis(250);

/// Why the pool could not produce an answer.
#[derive(Debug, thiserror::Error, PartialEq, Eq)]
pub enum PoolError {
    /// Too many requests are already waiting for a worker.
    #[error("the server is busy: {0} requests are already waiting, try again later")]
    Busy(usize),
    /// The job did not finish within the time budget (in milliseconds).
    #[error("no answer within the time budget of {0} ms")]
    TimedOut(u128),
    /// The job panicked (a bug); the server keeps running.
    #[error("internal error while solving")]
    Crashed,
}

/// One line of work: its workers and the requests waiting for them.
#[derive(Debug)]
pub struct SolvePool {
    permits: Arc<Semaphore>,
    waiting: Arc<AtomicUsize>,
    max_waiting: usize,
    background: bool,
}

/// Cancels a request's token when the request ends, however it ends: answered, timed
/// out, or dropped because its client hung up or the server is stopping.
pub struct CancelOnDrop(pub Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
    }
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
    /// A pool running at most `workers` jobs at once with `max_waiting` more in line.
    pub fn new(workers: usize, max_waiting: usize) -> Self {
        SolvePool {
            permits: Arc::new(Semaphore::new(workers.max(1))),
            waiting: Arc::new(AtomicUsize::new(0)),
            max_waiting,
            background: false,
        }
    }

    /// The same pool running each job on a new thread of lower priority (nice 10 on
    /// Linux; threads the job starts inherit it), for long jobs beside quick ones.
    pub fn in_background(self) -> Self {
        SolvePool {
            background: true,
            ..self
        }
    }

    /// How many workers are free now.
    pub fn workers(&self) -> usize {
        self.permits.available_permits()
    }

    /// How many requests wait for a worker now.
    pub fn waiting(&self) -> usize {
        self.waiting.load(Ordering::SeqCst)
    }

    /// Run `job` on a blocking thread once a worker is free, and wait for its answer
    /// until `cancel`'s deadline (plus [`GRACE`]); `budget` is that deadline's length
    /// as the request was given it, for the message. The job is handed `cancel`, which
    /// is cancelled when this future ends or is dropped.
    pub async fn run<T, F>(&self, cancel: &Cancel, budget: Duration, job: F) -> Result<T, PoolError>
    where
        T: Send + 'static,
        F: FnOnce(&Cancel) -> T + Send + 'static,
    {
        let _stop = CancelOnDrop(cancel.clone());
        let timed_out = || PoolError::TimedOut(budget.as_millis());
        let left = || cancel.remaining().unwrap_or(Duration::MAX);
        let before = self.waiting.fetch_add(1, Ordering::SeqCst);
        let ticket = WaitingTicket(Arc::clone(&self.waiting));
        if before >= self.max_waiting {
            return Err(PoolError::Busy(before));
        }
        let permit = tokio::select! {
            permit = Arc::clone(&self.permits).acquire_owned() => {
                permit.map_err(|_| PoolError::Crashed)?
            }
            _ = sleep(left()) => return Err(timed_out()),
        };
        drop(ticket);
        if cancel.is_cancelled() {
            return Err(timed_out());
        }
        let token = cancel.clone();
        let (tx, rx) = tokio::sync::oneshot::channel();
        let work = move || {
            let _permit = permit;
            let answer = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| job(&token)));
            let _ = tx.send(answer);
        };
        if self.background {
            std::thread::Builder::new()
                .name("cubist-long".into())
                .spawn(move || {
                    lower_priority();
                    work()
                })
                .map_err(|_| PoolError::Crashed)?;
        } else {
            tokio::task::spawn_blocking(work);
        }
        tokio::select! {
            answer = rx => match answer {
                Ok(Ok(answer)) => Ok(answer),
                _ => Err(PoolError::Crashed),
            },
            _ = sleep(left().saturating_add(GRACE)) => Err(timed_out()),
        }
    }
}

/// Lower the calling thread's scheduling priority (Linux: nice 10; elsewhere nothing).
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority only reads its arguments; on Linux, PRIO_PROCESS with 0 names
    // the calling thread. A failure leaves the priority as it was, which is harmless.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, 10);
    }
}

/// `tokio::time::sleep` for any duration (a very long one sleeps for a year).
async fn sleep(d: Duration) {
    tokio::time::sleep(d.min(Duration::from_secs(365 * 24 * 3600))).await;
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    const HOUR: Duration = Duration::from_secs(3600);

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn never_runs_more_than_the_worker_count() {
        let pool = Arc::new(SolvePool::new(3, 1000));
        let running = Arc::new(AtomicUsize::new(0));
        let peak = Arc::new(AtomicUsize::new(0));
        let mut tasks = Vec::new();
        for i in 0..40 {
            let (pool, running, peak) = (pool.clone(), running.clone(), peak.clone());
            tasks.push(tokio::spawn(async move {
                pool.run(&Cancel::new(), HOUR, move |_| {
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
        let pool = Arc::new(SolvePool::new(1, 1));
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let busy = {
            let pool = pool.clone();
            tokio::spawn(async move {
                pool.run(&Cancel::new(), HOUR, move |_| rx.recv().ok())
                    .await
            })
        };
        // Wait until the first job holds the only worker.
        while pool.workers() > 0 {
            tokio::task::yield_now().await;
        }
        let waiting = {
            let pool = pool.clone();
            tokio::spawn(async move { pool.run(&Cancel::new(), HOUR, |_| 7).await })
        };
        while pool.waiting() == 0 {
            tokio::task::yield_now().await;
        }
        assert_eq!(
            pool.run(&Cancel::new(), HOUR, |_| 8).await,
            Err(PoolError::Busy(1))
        );
        tx.send(()).unwrap();
        assert_eq!(busy.await.unwrap(), Ok(Some(())));
        assert_eq!(waiting.await.unwrap(), Ok(7));
    }

    /// The background pool runs its jobs on niced threads of their own, and its
    /// answers, limits and panics work as in the other.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn background_jobs_run_at_a_lower_priority() {
        let pool = SolvePool::new(1, 10).in_background();
        let (name, nice) = pool
            .run(&Cancel::new(), HOUR, |_| {
                let name = std::thread::current().name().map(String::from);
                #[cfg(target_os = "linux")]
                // SAFETY: getpriority only reads its arguments.
                let nice = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
                #[cfg(not(target_os = "linux"))]
                let nice = 10;
                (name, nice)
            })
            .await
            .unwrap();
        assert_eq!(name.as_deref(), Some("cubist-long"));
        assert_eq!(nice, 10);
        let crash = pool
            .run(&Cancel::new(), HOUR, |_| -> u8 { panic!("boom") })
            .await;
        assert_eq!(crash, Err(PoolError::Crashed));
        assert_eq!(pool.run(&Cancel::new(), HOUR, |_| 4).await, Ok(4));
    }

    #[tokio::test]
    async fn gives_up_at_the_deadline_and_survives_panics() {
        let pool = SolvePool::new(2, 10);
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        // The job cannot end before the pool has given up on it.
        let budget = Duration::from_millis(20);
        let slow = pool
            .run(&Cancel::with_budget(budget), budget, move |_| {
                rx.recv().ok()
            })
            .await;
        assert_eq!(slow, Err(PoolError::TimedOut(20)));
        tx.send(()).unwrap();
        let crash = pool
            .run(&Cancel::new(), HOUR, |_| -> u8 { panic!("boom") })
            .await;
        assert_eq!(crash, Err(PoolError::Crashed));
        assert_eq!(pool.run(&Cancel::new(), HOUR, |_| 5).await, Ok(5));
    }

    /// A request waiting in line gives up at its own deadline, with its own budget in
    /// the message, however long the job ahead of it runs.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_waiting_request_times_out_at_its_budget() {
        let pool = Arc::new(SolvePool::new(1, 10));
        let hog = Cancel::new();
        let running = {
            let (pool, hog) = (pool.clone(), hog.clone());
            tokio::spawn(async move {
                pool.run(&hog, HOUR, |c| {
                    while !c.is_cancelled() {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                })
                .await
            })
        };
        while pool.workers() > 0 {
            tokio::task::yield_now().await;
        }
        let budget = Duration::from_millis(30);
        let waited = pool.run(&Cancel::with_budget(budget), budget, |_| 1).await;
        assert_eq!(waited, Err(PoolError::TimedOut(30)));
        hog.cancel();
        assert_eq!(running.await.unwrap(), Ok(()));
    }

    /// Dropping the request (its client hung up) cancels the job's token, so a job that
    /// polls it ends and frees its worker.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn a_dropped_request_cancels_its_job() {
        let pool = Arc::new(SolvePool::new(1, 10));
        let (tx, rx) = tokio::sync::oneshot::channel();
        let request = {
            let pool = pool.clone();
            tokio::spawn(async move {
                pool.run(&Cancel::new(), HOUR, move |c| {
                    while !c.is_cancelled() {
                        std::thread::sleep(Duration::from_millis(1));
                    }
                    let _ = tx.send(());
                })
                .await
            })
        };
        while pool.workers() > 0 {
            tokio::task::yield_now().await;
        }
        request.abort();
        rx.await.expect("the job saw the cancellation");
        // The worker is free again.
        assert_eq!(pool.run(&Cancel::new(), HOUR, |_| 3).await, Ok(3));
    }
}
