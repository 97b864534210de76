//! A warm pool of browser sessions, so no episode waits for session creation.

use super::{BrowserError, BrowserSession, SessionSettings, WebDriverEndpoint};
use crate::fence::AllowList;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Duration;
use tokio::sync::{Mutex, Notify, OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

/// Longest a returned session's wipe may take; a browser that does not answer by then (a
/// page still stuck in a script) is killed and replaced.
const WIPE_CAP: Duration = Duration::from_secs(10);

/// How long a returned browser beyond the warm target stays ready before it is closed.
/// Episodes that follow each other reuse the browsers the last ones gave back instead of
/// starting new ones (a Chromium start costs seconds of CPU; a wipe, milliseconds).
const IDLE_TRIM: Duration = Duration::from_secs(30);

/// How often the pool looks for browsers idle longer than [`IDLE_TRIM`].
const TRIM_EVERY: Duration = Duration::from_secs(10);

/// A browser's place under the ceiling. Giving it back (the session is dropped, closed or
/// killed) wakes the refill, so the pool replaces browsers that leave it any way at all.
#[derive(Debug)]
pub struct PoolSlot {
    permit: Option<OwnedSemaphorePermit>,
    refill: Arc<Notify>,
}

impl Drop for PoolSlot {
    fn drop(&mut self) {
        drop(self.permit.take());
        self.refill.notify_one();
    }
}

/// How many sessions the pool has, keeps and may wait for.
#[derive(Debug, Clone, Copy)]
pub struct PoolLimits {
    /// Sessions kept warm, replenished in the background as soon as one is taken. Sessions
    /// given back are kept too, beyond this, until they have been idle for [`IDLE_TRIM`].
    pub warm: usize,
    /// Most browsers alive at once: warm, in episodes and being created.
    pub ceiling: usize,
    /// Longest wait for a browser when none is warm and the ceiling is reached.
    pub wait_cap: Duration,
}

/// Sessions kept ready; taken by episodes and wiped when given back.
#[derive(Debug, Clone)]
pub struct BrowserPool {
    inner: Arc<PoolInner>,
}

#[derive(Debug)]
struct PoolInner {
    endpoint: WebDriverEndpoint,
    settings: SessionSettings,
    limits: PoolLimits,
    warm: Mutex<Vec<Idle>>,
    /// One permit per browser alive; a session holds its permit until it is dropped.
    slots: Arc<Semaphore>,
    /// Wakes the background refill.
    refill: Arc<Notify>,
    /// Wakes acquirers waiting for a warm session.
    warmed: Notify,
    /// The origins browsers may reach: all are wiped when a session comes back.
    reachable: AllowList,
    /// Set at shutdown: no browser is created or kept any more.
    closed: std::sync::atomic::AtomicBool,
    /// Sessions given back and being wiped: they are waited for rather than replaced.
    returning: AtomicUsize,
    /// Browsers started so far.
    started: AtomicUsize,
}

/// A session on its way back to the pool (being wiped). When it is done, kept or not, the
/// count drops and whoever waits for a browser looks again.
struct Returning(Arc<PoolInner>);

impl Returning {
    fn new(inner: Arc<PoolInner>) -> Self {
        inner.returning.fetch_add(1, Ordering::SeqCst);
        Self(inner)
    }
}

impl Drop for Returning {
    fn drop(&mut self) {
        self.0.returning.fetch_sub(1, Ordering::SeqCst);
        self.0.warmed.notify_waiters();
    }
}

/// A session ready for an episode, and since when.
#[derive(Debug)]
struct Idle {
    session: BrowserSession,
    since: Instant,
}

impl Idle {
    fn now(session: BrowserSession) -> Self {
        Self {
            session,
            since: Instant::now(),
        }
    }
}

/// A session handed out by the pool, whether it came warm, and how long it took to get.
#[derive(Debug)]
pub struct Lease {
    /// The session, owned by the episode until it is released.
    pub session: BrowserSession,
    /// False when no warm session was ready and one was created on demand.
    pub warm: bool,
    /// How long the caller waited for the session.
    pub waited: Duration,
}

impl BrowserPool {
    /// A pool that keeps `limits.warm` sessions ready, filled in the background.
    pub fn new(
        endpoint: WebDriverEndpoint,
        settings: SessionSettings,
        limits: PoolLimits,
        reachable: AllowList,
    ) -> Self {
        let limits = PoolLimits {
            ceiling: limits.ceiling.max(1),
            ..limits
        };
        let pool = Self {
            inner: Arc::new(PoolInner {
                endpoint,
                settings,
                limits,
                warm: Mutex::new(Vec::new()),
                slots: Arc::new(Semaphore::new(limits.ceiling)),
                refill: Arc::new(Notify::new()),
                warmed: Notify::new(),
                reachable,
                closed: std::sync::atomic::AtomicBool::new(false),
                returning: AtomicUsize::new(0),
                started: AtomicUsize::new(0),
            }),
        };
        tokio::spawn(refill_loop(Arc::downgrade(&pool.inner)));
        pool.inner.refill.notify_one();
        pool
    }

    /// Takes a warm session; when none is ready, waits for one being given back if any is,
    /// else creates one if the ceiling allows, else waits (up to the pool's wait cap) for one
    /// to come back or warm up. A remote end (a Selenium Grid) can lose a warm session with
    /// its node, so those are checked first.
    pub async fn acquire(&self) -> Result<Lease, BrowserError> {
        let started = Instant::now();
        let deadline = started + self.inner.limits.wait_cap;
        loop {
            let warmed = self.inner.warmed.notified();
            tokio::pin!(warmed);
            warmed.as_mut().enable();
            if let Some(session) = self.pop_warm().await {
                return Ok(Lease {
                    session,
                    warm: true,
                    waited: started.elapsed(),
                });
            }
            // A wipe takes milliseconds, a new browser seconds of CPU.
            let returning = self.inner.returning.load(Ordering::SeqCst) > 0;
            if !returning && let Ok(slot) = Arc::clone(&self.inner.slots).try_acquire_owned() {
                return Ok(Lease {
                    session: self.create(slot).await?,
                    warm: false,
                    waited: started.elapsed(),
                });
            }
            let freed = Arc::clone(&self.inner.slots).acquire_owned();
            tokio::select! {
                _ = warmed => {}
                slot = freed, if !returning => {
                    if let Ok(slot) = slot {
                        return Ok(Lease {
                            session: self.create(slot).await?,
                            warm: false,
                            waited: started.elapsed(),
                        });
                    }
                }
                () = tokio::time::sleep_until(deadline) => {
                    return Err(BrowserError::PoolExhausted {
                        waited: self.inner.limits.wait_cap,
                        ceiling: self.inner.limits.ceiling,
                    });
                }
            }
        }
    }

    /// A warm session if one is ready right now; never creates one or waits. The pool
    /// refills behind it.
    pub async fn take_warm(&self) -> Option<Lease> {
        Some(Lease {
            session: self.pop_warm().await?,
            warm: true,
            waited: Duration::ZERO,
        })
    }

    /// Takes the newest warm session, if any, and wakes the refill. A remote end (a Selenium
    /// Grid) can lose a warm session with its node, so those are checked first and the lost
    /// ones closed.
    async fn pop_warm(&self) -> Option<BrowserSession> {
        loop {
            let taken = {
                let mut warm = self.inner.warm.lock().await;
                discard_orphans(&mut warm);
                warm.pop()
            };
            self.inner.refill.notify_one();
            let session = taken?.session;
            if session.guard_failed() {
                tracing::warn!(
                    serial = session.serial(),
                    "killing a warm browser whose page guard stopped"
                );
                session.kill();
                continue;
            }
            if self.inner.endpoint.is_local() || session.responds().await {
                return Some(session);
            }
            tracing::warn!(
                serial = session.serial(),
                "dropping a warm session its remote end lost"
            );
            tokio::spawn(session.close());
        }
    }

    /// Gives a session back: it is wiped in the background and kept ready (closed once idle
    /// past [`IDLE_TRIM`] beyond the warm target), or closed if it cannot be wiped.
    pub fn release(&self, mut session: BrowserSession) {
        let inner = Arc::clone(&self.inner);
        let returning = Returning::new(Arc::clone(&inner));
        tokio::spawn(async move {
            let _returning = returning;
            if session.is_orphaned() {
                // Its browser ended with the chromedriver that started it.
                return;
            }
            if inner.is_closed() {
                session.close().await;
                return;
            }
            if session.guard_failed() {
                // Unguarded, its next pages could keep it hostage: it serves no other episode.
                tracing::warn!(
                    serial = session.serial(),
                    "killing a browser whose page guard stopped"
                );
                session.kill();
                return;
            }
            let wiping = Instant::now();
            let wiped =
                tokio::time::timeout(WIPE_CAP, session.wipe(&inner.reachable.to_strings())).await;
            tracing::debug!(
                serial = session.serial(),
                ms = wiping.elapsed().as_millis() as u64,
                "session wiped"
            );
            let failed = !matches!(wiped, Ok(Ok(())));
            if failed && inner.is_closed() {
                // Shut down while it was wiped: the WebDriver end ends it with the rest.
                return;
            }
            match wiped {
                Ok(Ok(())) => {}
                Ok(Err(error)) => {
                    tracing::warn!(%error, serial = session.serial(), "dropping a session that could not be wiped");
                    session.kill();
                    return;
                }
                Err(_) => {
                    tracing::warn!(
                        serial = session.serial(),
                        "killing a browser that did not answer its wipe within {WIPE_CAP:?}"
                    );
                    session.kill();
                    return;
                }
            }
            inner.warm.lock().await.push(Idle::now(session));
            inner.warmed.notify_waiters();
        });
    }

    /// Where sessions are created.
    pub fn endpoint(&self) -> &WebDriverEndpoint {
        &self.inner.endpoint
    }

    /// Sessions ready right now.
    pub async fn warm_count(&self) -> usize {
        self.inner.warm.lock().await.len()
    }

    /// Browsers alive (warm, in episodes, being created or wiped) and the ceiling.
    pub fn browsers_alive(&self) -> (usize, usize) {
        let ceiling = self.inner.limits.ceiling;
        (ceiling - self.inner.slots.available_permits(), ceiling)
    }

    /// Browsers started since the pool was made (episodes that follow each other reuse
    /// the ones given back, so this stays near the most ever in use at once).
    pub fn browsers_started(&self) -> usize {
        self.inner.started.load(Ordering::SeqCst)
    }

    /// Waits until the pool holds its target of warm sessions (or `cap` passes).
    pub async fn wait_warm(&self, cap: Duration) -> bool {
        let target = self.inner.limits.warm.min(self.inner.limits.ceiling);
        let deadline = Instant::now() + cap;
        let mut ticks = tokio::time::interval(Duration::from_millis(20));
        loop {
            if self.warm_count().await >= target {
                return true;
            }
            if Instant::now() >= deadline {
                return false;
            }
            ticks.tick().await;
        }
    }

    /// Stops creating and keeping browsers (at shutdown, before the WebDriver end stops):
    /// sessions given back from now on are closed.
    pub fn close(&self) {
        self.inner
            .closed
            .store(true, std::sync::atomic::Ordering::SeqCst);
        self.inner.refill.notify_one();
    }

    /// Closes every warm session (at shutdown).
    pub async fn drain(&self) {
        let sessions: Vec<_> = self.inner.warm.lock().await.drain(..).collect();
        for idle in sessions {
            idle.session.close().await;
        }
    }

    async fn create(&self, slot: OwnedSemaphorePermit) -> Result<BrowserSession, BrowserError> {
        self.inner.create(slot).await
    }
}

impl PoolInner {
    /// A new session holding `slot` for as long as it lives.
    /// (A failed creation gives the slot back without waking the refill, which would only
    /// fail again.)
    async fn create(&self, slot: OwnedSemaphorePermit) -> Result<BrowserSession, BrowserError> {
        self.started.fetch_add(1, Ordering::SeqCst);
        let mut session = BrowserSession::create(&self.endpoint, &self.settings).await?;
        session.hold(PoolSlot {
            permit: Some(slot),
            refill: Arc::clone(&self.refill),
        });
        Ok(session)
    }
}

/// Keeps the pool at its warm target, creating the missing sessions in parallel (within
/// the ceiling); woken whenever a session is taken, and every [`TRIM_EVERY`] to close the
/// browsers beyond the target that have been idle past [`IDLE_TRIM`].
async fn refill_loop(inner: std::sync::Weak<PoolInner>) {
    let mut trim = tokio::time::interval(TRIM_EVERY);
    trim.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        let Some(pool) = inner.upgrade() else { return };
        if pool.is_closed() {
            return;
        }
        let refill = Arc::clone(&pool.refill);
        let notified = refill.notified();
        for idle in pool.trim_idle().await {
            tokio::spawn(idle.session.close());
        }
        loop {
            let missing = {
                let mut warm = pool.warm.lock().await;
                discard_orphans(&mut warm);
                let returning = pool.returning.load(Ordering::SeqCst);
                pool.limits.warm.saturating_sub(warm.len() + returning)
            };
            let slots: Vec<_> = (0..missing)
                .map_while(|_| Arc::clone(&pool.slots).try_acquire_owned().ok())
                .collect();
            if slots.is_empty() {
                break;
            }
            let created =
                futures::future::join_all(slots.into_iter().map(|slot| pool.create(slot))).await;
            let mut failed = false;
            for session in created {
                match session {
                    Ok(session) => {
                        pool.warm.lock().await.push(Idle::now(session));
                        pool.warmed.notify_waiters();
                    }
                    Err(error) => {
                        tracing::warn!(%error, "could not warm a browser session");
                        failed = true;
                    }
                }
            }
            if failed {
                break;
            }
        }
        drop(pool);
        tokio::select! {
            () = notified => {}
            _ = trim.tick() => {}
        }
    }
}

impl PoolInner {
    fn is_closed(&self) -> bool {
        self.closed.load(std::sync::atomic::Ordering::SeqCst)
    }

    /// Takes out the sessions beyond the warm target that have been idle past
    /// [`IDLE_TRIM`], oldest first.
    async fn trim_idle(&self) -> Vec<Idle> {
        let mut warm = self.warm.lock().await;
        let surplus = warm.len().saturating_sub(self.limits.warm);
        let stale = warm
            .iter()
            .take(surplus)
            .take_while(|idle| idle.since.elapsed() >= IDLE_TRIM)
            .count();
        warm.drain(..stale).collect()
    }
}

/// Drops sessions whose chromedriver died (their browsers ended with it).
fn discard_orphans(warm: &mut Vec<Idle>) {
    warm.retain(|idle| !idle.session.is_orphaned());
}
