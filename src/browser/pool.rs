//! A warm pool of browser sessions, so no episode waits for session creation.

use super::{BrowserError, BrowserSession, SessionSettings, WebDriverEndpoint};
use std::sync::Arc;
use tokio::sync::{Mutex, Notify};

/// Sessions kept ready; taken by episodes and wiped when given back.
#[derive(Debug, Clone)]
pub struct BrowserPool {
    inner: Arc<PoolInner>,
}

#[derive(Debug)]
struct PoolInner {
    endpoint: WebDriverEndpoint,
    settings: SessionSettings,
    warm_target: usize,
    warm: Mutex<Vec<BrowserSession>>,
    refill: Arc<Notify>,
    /// Origins whose storage is cleared when a session comes back.
    wipe_origins: Vec<String>,
}

/// A session handed out by the pool, and whether it came warm.
#[derive(Debug)]
pub struct Lease {
    /// The session, owned by the episode until it is released.
    pub session: BrowserSession,
    /// False when the pool was empty and the session was created on demand.
    pub warm: bool,
}

impl BrowserPool {
    /// A pool that keeps `warm_target` sessions ready, filled in the background.
    pub fn new(
        endpoint: WebDriverEndpoint,
        settings: SessionSettings,
        warm_target: usize,
        wipe_origins: Vec<String>,
    ) -> Self {
        let pool = Self {
            inner: Arc::new(PoolInner {
                endpoint,
                settings,
                warm_target,
                warm: Mutex::new(Vec::new()),
                refill: Arc::new(Notify::new()),
                wipe_origins,
            }),
        };
        tokio::spawn(refill_loop(Arc::downgrade(&pool.inner)));
        pool.inner.refill.notify_one();
        pool
    }

    /// Takes a warm session, or creates one if none is ready. A remote end (a Selenium
    /// Grid) can lose a warm session with its node, so those are checked first.
    pub async fn acquire(&self) -> Result<Lease, BrowserError> {
        loop {
            let taken = {
                let mut warm = self.inner.warm.lock().await;
                discard_orphans(&mut warm);
                warm.pop()
            };
            self.inner.refill.notify_one();
            let Some(session) = taken else {
                return Ok(Lease {
                    session: self.create().await?,
                    warm: false,
                });
            };
            if self.inner.endpoint.is_local() || session.responds().await {
                return Ok(Lease {
                    session,
                    warm: true,
                });
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
                session.kill_orphaned_browser();
                return;
            }
            if let Err(error) = session.wipe(&inner.wipe_origins).await {
                tracing::warn!(%error, serial = session.serial(), "dropping a session that could not be wiped");
                session.close().await;
                inner.refill.notify_one();
                return;
            }
            let mut warm = inner.warm.lock().await;
            if warm.len() < inner.warm_target {
                warm.push(session);
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

    /// Waits until the pool holds its target of warm sessions (or `cap` passes).
    pub async fn wait_warm(&self, cap: std::time::Duration) -> bool {
        let deadline = tokio::time::Instant::now() + cap;
        let mut ticks = tokio::time::interval(std::time::Duration::from_millis(20));
        loop {
            if self.warm_count().await >= self.inner.warm_target {
                return true;
            }
            if tokio::time::Instant::now() >= deadline {
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

    async fn create(&self) -> Result<BrowserSession, BrowserError> {
        BrowserSession::create(&self.inner.endpoint, &self.inner.settings).await
    }
}

/// Keeps the pool at its target size; woken whenever a session is taken.
async fn refill_loop(inner: std::sync::Weak<PoolInner>) {
    loop {
        let Some(pool) = inner.upgrade() else { return };
        let refill = Arc::clone(&pool.refill);
        let notified = refill.notified();
        loop {
            let missing = {
                let mut warm = pool.warm.lock().await;
                discard_orphans(&mut warm);
                pool.warm_target.saturating_sub(warm.len())
            };
            if missing == 0 {
                break;
            }
            match BrowserSession::create(&pool.endpoint, &pool.settings).await {
                Ok(session) => pool.warm.lock().await.push(session),
                Err(error) => {
                    tracing::warn!(%error, "could not warm a browser session");
                    break;
                }
            }
        }
        drop(pool);
        notified.await;
    }
}

/// Drops sessions whose chromedriver died, ending their browsers.
fn discard_orphans(warm: &mut Vec<BrowserSession>) {
    warm.retain(|session| {
        session.kill_orphaned_browser();
        !session.is_orphaned()
    });
}
