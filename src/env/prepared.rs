//! Starts opened ahead of time. When episodes keep starting the same way (the same start
//! URLs, viewport, observation options and logins), warm browsers are opened at that start in
//! the background — each as a fresh private tenant, settled and observed — so the next such
//! episode is handed a page that is already there instead of waiting for a load and a first
//! observation. A start is opened ahead from its second use on; as many are kept as episodes
//! with that start are running, at most `--prepare` in all, each for at most [`READY_TTL`].
//!
//! This is a layer in front of opening a start ([`Environment::open_at`]): an episode is
//! built the same way around a start opened ahead or one opened for it.

use super::start::Opened;
use super::{EnvError, Environment, Tenancy};
use crate::browser::Viewport;
use crate::observe::ObserveOptions;
use std::collections::{HashMap, VecDeque};
use std::time::{Duration, Instant};

/// How long an opened start waits for its episode before its browser goes back to the pool.
pub const READY_TTL: Duration = Duration::from_secs(120);

/// How many recent starts are remembered to tell a repeated start from a one-off.
const REMEMBERED: usize = 64;

/// Everything that makes two episode starts the same page for the same agent.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct StartKey {
    /// URLs opened in tabs, first tab active.
    pub start_urls: Vec<String>,
    /// Viewport of every tab.
    pub viewport: Viewport,
    /// What the first observation includes.
    pub observe: ObserveOptions,
    /// Sites logged in before the first navigation.
    pub logins: Vec<String>,
}

/// An opened start waiting for its episode.
struct Ready {
    key: StartKey,
    opened: Opened,
    since: Instant,
}

/// The book of starts: what runs, what is being opened and what is ready.
#[derive(Default)]
struct Book {
    /// Episodes running, per start.
    running: HashMap<StartKey, usize>,
    /// Starts being opened, per start.
    opening: HashMap<StartKey, usize>,
    /// The most recent starts, newest last.
    recent: VecDeque<StartKey>,
    /// Opened starts, oldest first.
    ready: Vec<Ready>,
    /// Set at shutdown: nothing more is kept.
    closed: bool,
}

/// What to do after an episode started.
#[derive(Default)]
pub(super) struct Plan {
    /// How many more to open ahead now, already counted as being opened (each must be
    /// reported with [`PreparedStarts::opened`]).
    pub open: usize,
    /// Opened starts nobody is running any more, removed to make room: discard them.
    pub evicted: Vec<Opened>,
}

/// Starts opened ahead, at most `limit` ready or being opened at once.
pub(super) struct PreparedStarts {
    limit: usize,
    book: std::sync::Mutex<Book>,
}

impl std::fmt::Debug for PreparedStarts {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let book = self.lock();
        formatter
            .debug_struct("PreparedStarts")
            .field("limit", &self.limit)
            .field("ready", &book.ready.len())
            .field("opening", &book.opening.values().sum::<usize>())
            .finish()
    }
}

impl PreparedStarts {
    /// A book that keeps at most `limit` starts ready or being opened (0: none).
    pub fn new(limit: usize) -> Self {
        Self {
            limit,
            book: std::sync::Mutex::default(),
        }
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Book> {
        self.book
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    /// The oldest opened start for `key`, if one is ready.
    pub fn take(&self, key: &StartKey) -> Option<Opened> {
        let mut book = self.lock();
        let index = book.ready.iter().position(|ready| &ready.key == key)?;
        Some(book.ready.remove(index).opened)
    }

    /// Notes that an episode started at `key` and plans what to open ahead for it. Starts
    /// no running episode uses make room when the limit is reached.
    pub fn started(&self, key: &StartKey) -> Plan {
        let mut book = self.lock();
        *book.running.entry(key.clone()).or_default() += 1;
        let repeated = book.recent.contains(key);
        if book.recent.len() == REMEMBERED {
            book.recent.pop_front();
        }
        book.recent.push_back(key.clone());
        let mut plan = Plan::default();
        if !repeated || book.closed {
            return plan;
        }
        let have = book.ready.iter().filter(|ready| &ready.key == key).count()
            + book.opening.get(key).copied().unwrap_or(0);
        let wanted = book.running[key].min(self.limit).saturating_sub(have);
        while book.ready.len() + book.opening.values().sum::<usize>() + wanted > self.limit {
            let Some(index) = book
                .ready
                .iter()
                .position(|ready| !book.running.contains_key(&ready.key))
            else {
                break;
            };
            plan.evicted.push(book.ready.remove(index).opened);
        }
        let in_all = book.ready.len() + book.opening.values().sum::<usize>();
        plan.open = wanted.min(self.limit.saturating_sub(in_all));
        if plan.open > 0 {
            *book.opening.entry(key.clone()).or_default() += plan.open;
        }
        plan
    }

    /// Notes that an episode started at `key` ended.
    pub fn ended(&self, key: &StartKey) {
        let mut book = self.lock();
        if let Some(running) = book.running.get_mut(key) {
            *running = running.saturating_sub(1);
            if *running == 0 {
                book.running.remove(key);
            }
        }
    }

    /// Files the result of opening `key`; a start that is no longer wanted (the book is
    /// closed) is handed back to be discarded.
    pub fn opened(&self, key: &StartKey, opened: Option<Opened>) -> Option<Opened> {
        let mut book = self.lock();
        if let Some(opening) = book.opening.get_mut(key) {
            *opening = opening.saturating_sub(1);
            if *opening == 0 {
                book.opening.remove(key);
            }
        }
        let opened = opened?;
        if book.closed {
            return Some(opened);
        }
        book.ready.push(Ready {
            key: key.clone(),
            opened,
            since: Instant::now(),
        });
        None
    }

    /// Opened starts that waited longer than [`READY_TTL`], removed from the book.
    pub fn expired(&self) -> Vec<Opened> {
        let mut book = self.lock();
        let (stale, fresh) = std::mem::take(&mut book.ready)
            .into_iter()
            .partition::<Vec<_>, _>(|ready| ready.since.elapsed() >= READY_TTL);
        book.ready = fresh;
        stale.into_iter().map(|ready| ready.opened).collect()
    }

    /// How many opened starts are waiting.
    pub fn ready(&self) -> usize {
        self.lock().ready.len()
    }

    /// Whether the book was closed (at shutdown).
    pub fn is_closed(&self) -> bool {
        self.lock().closed
    }

    /// Closes the book (at shutdown) and returns every opened start.
    pub fn close(&self) -> Vec<Opened> {
        let mut book = self.lock();
        book.closed = true;
        std::mem::take(&mut book.ready)
            .into_iter()
            .map(|ready| ready.opened)
            .collect()
    }
}

impl Environment {
    /// A browser at `start` for an episode of `tenancy`: one opened ahead when a private
    /// tenant on hosted sites may have one waiting, else one opened now; then more are opened
    /// ahead as the book plans. Returns it and whether it was opened ahead.
    pub(super) async fn open_at(
        &self,
        start: &StartKey,
        tenancy: Tenancy,
    ) -> Result<(Opened, bool), EnvError> {
        // Only a private tenant on hosted sites can be opened ahead: it is fresh until used.
        let preparable = tenancy == Tenancy::Private && self.inner.sites.is_some();
        if !preparable {
            return Ok((self.open_now(start, tenancy).await?, false));
        }
        let opened = match self.inner.prepared.take(start) {
            Some(opened) => (opened, true),
            None => (self.open_now(start, tenancy).await?, false),
        };
        self.prepare(start).await;
        Ok(opened)
    }

    /// Opens `start` ahead in the background as often as the book asks, each in a warm
    /// browser the pool has ready (never one it must create or wait for).
    async fn prepare(&self, start: &StartKey) {
        let plan = self.inner.prepared.started(start);
        for unused in plan.evicted {
            self.discard(unused).await;
        }
        for _ in 0..plan.open {
            let environment = self.clone();
            let start = start.clone();
            tokio::spawn(async move {
                let opened = environment.open_ahead(&start).await;
                if let Some(unwanted) = environment.inner.prepared.opened(&start, opened) {
                    environment.discard(unwanted).await;
                }
            });
        }
    }

    /// One start opened ahead as a fresh private tenant, if a warm browser is ready.
    async fn open_ahead(&self, start: &StartKey) -> Option<Opened> {
        let lease = self.inner.pool.take_warm().await?;
        let tenant = match self.open_tenant(Tenancy::Private) {
            Ok(tenant) => tenant,
            Err(error) => {
                tracing::debug!(%error, "could not open a start ahead");
                self.inner.pool.release(lease.session);
                return None;
            }
        };
        match self.open_start(start, tenant, Some(lease)).await {
            Ok(opened) => Some(opened),
            Err(error) => {
                tracing::debug!(%error, "could not open a start ahead");
                self.drop_tenant(tenant);
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(url: &str) -> StartKey {
        StartKey {
            start_urls: vec![url.to_owned()],
            viewport: Viewport::default(),
            observe: ObserveOptions::default(),
            logins: Vec::new(),
        }
    }

    #[test]
    fn a_start_is_opened_ahead_from_its_second_use_as_often_as_it_runs() {
        let book = PreparedStarts::new(3);
        let home = key("http://site/");
        let open = |key: &StartKey| book.started(key).open;
        assert_eq!(open(&home), 0, "a one-off start is not opened ahead");
        assert_eq!(open(&home), 2, "two running: two opened ahead");
        assert_eq!(open(&home), 1, "three running, two already opening");
        assert_eq!(open(&home), 0, "the limit is reached");
        book.ended(&home);
        let other = key("http://site/other");
        assert_eq!(open(&other), 0);
        assert_eq!(open(&other), 0, "no room left under the limit");
        assert!(book.take(&home).is_none(), "nothing opened yet");
        assert!(book.opened(&home, None).is_none());
        assert_eq!(open(&other), 1, "a failed opening frees its place");
    }

    #[test]
    fn a_closed_book_opens_nothing_more() {
        let book = PreparedStarts::new(2);
        let home = key("http://site/");
        book.started(&home);
        assert_eq!(book.started(&home).open, 2);
        assert!(book.close().is_empty());
        assert_eq!(book.started(&home).open, 0);
        assert!(book.expired().is_empty());
    }
}
