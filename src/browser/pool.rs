//! A warm pool of browser sessions, so no episode waits for session creation.

use super::{BrowserError, BrowserSession, SessionSettings, WebDriverEndpoint};
use crate::fence::AllowList;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{Mutex, Notify, OwnedSemaphorePermit, Semaphore};
use tokio::time::Instant;

/// Longest a returned session's wipe may take; a browser that does not answer by then (a
/// page still stuck in a script) is killed and replaced.
const WIPE_CAP: Duration = Duration::from_secs(10);

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
    /// Sessions kept warm, replenished in the background as soon as one is taken.
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
    warm: Mutex<Vec<BrowserSession>>,
    /// One permit per browser alive; a session holds its permit until it is dropped.
    slots: Arc<Semaphore>,
    /// Wakes the background refill.
    refill: Arc<Notify>,
    /// Wakes acquirers waiting for a warm session.
    warmed: Notify,
    /// The origins browsers may reach: all are wiped when a session comes back.
    reachable: AllowList,
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
            }),
        };
        tokio::spawn(refill_loop(Arc::downgrade(&pool.inner)));
        pool.inner.refill.notify_one();
        pool
    }

    /// Takes a warm session; when none is ready, creates one if the ceiling allows, else
    /// waits (up to the pool's wait cap) for one to come back or warm up. A remote end (a
    /// Selenium Grid) can lose a warm session with its node, so those are checked first.
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
            if let Ok(slot) = Arc::clone(&self.inner.slots).try_acquire_owned() {
                return Ok(Lease {
                    session: self.create(slot).await?,
                    warm: false,
                    waited: started.elapsed(),
                });
            }
            let freed = Arc::clone(&self.inner.slots).acquire_owned();
            tokio::select! {
                _ = warmed => {}
                slot = freed => {
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
            let session = taken?;
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

    /// Gives a session back: it is wiped in the background and kept warm, or closed if the
    /// pool is full or the session cannot be wiped.
    pub fn release(&self, mut session: BrowserSession) {
        let inner = Arc::clone(&self.inner);
        tokio::spawn(async move {
            if session.is_orphaned() {
                // Its browser ended with the chromedriver that started it.
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
            let mut warm = inner.warm.lock().await;
            if warm.len() < inner.limits.warm {
                warm.push(session);
                inner.warmed.notify_waiters();
            } else {
                drop(warm);
                session.close().await;
            }
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

    /// Closes every warm session (at shutdown).
    pub async fn drain(&self) {
        let sessions: Vec<_> = self.inner.warm.lock().await.drain(..).collect();
        for session in sessions {
            session.close().await;
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
        let mut session = BrowserSession::create(&self.endpoint, &self.settings).await?;
        session.hold(PoolSlot {
            permit: Some(slot),
            refill: Arc::clone(&self.refill),
        });
        Ok(session)
    }
}

/// Keeps the pool at its warm target, creating the missing sessions in parallel (within
/// the ceiling); woken whenever a session is taken.
async fn refill_loop(inner: std::sync::Weak<PoolInner>) {
    loop {
        let Some(pool) = inner.upgrade() else { return };
        let refill = Arc::clone(&pool.refill);
        let notified = refill.notified();
        loop {
            let missing = {
                let mut warm = pool.warm.lock().await;
                discard_orphans(&mut warm);
                pool.limits.warm.saturating_sub(warm.len())
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
                        pool.warm.lock().await.push(session);
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
        notified.await;
    }
}

/// Drops sessions whose chromedriver died (their browsers ended with it).
fn discard_orphans(warm: &mut Vec<BrowserSession>) {
    warm.retain(|session| !session.is_orphaned());
}
