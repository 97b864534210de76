//! Starts opened ahead of time. When episodes keep starting the same way (the same start
//! URLs, viewport, observation options and logins), warm browsers are opened at that start in
//! the background — each as a fresh private tenant, settled and observed — so the next such
//! episode is handed a page that is already there instead of waiting for a load and a first
//! observation. A start is opened ahead from its second use on; as many are kept as episodes
//! with that start are running, at most `--prepare` in all, each for at most [`READY_TTL`].

use super::episode::Episode;
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
    episode: Episode,
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
pub struct Plan {
    /// How many more to open ahead now, already counted as being opened (each must be
    /// reported with [`PreparedStarts::opened`]).
    pub open: usize,
    /// Opened starts nobody is running any more, removed to make room: discard them.
    pub evicted: Vec<Episode>,
}

/// Starts opened ahead, at most `limit` ready or being opened at once.
pub struct PreparedStarts {
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
    pub fn take(&self, key: &StartKey) -> Option<Episode> {
        let mut book = self.lock();
        let index = book.ready.iter().position(|ready| &ready.key == key)?;
        Some(book.ready.remove(index).episode)
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
            plan.evicted.push(book.ready.remove(index).episode);
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

    /// Files the result of opening `key`; an episode that is no longer wanted (the book is
    /// closed) is handed back to be discarded.
    pub fn opened(&self, key: &StartKey, episode: Option<Episode>) -> Option<Episode> {
        let mut book = self.lock();
        if let Some(opening) = book.opening.get_mut(key) {
            *opening = opening.saturating_sub(1);
            if *opening == 0 {
                book.opening.remove(key);
            }
        }
        let episode = episode?;
        if book.closed {
            return Some(episode);
        }
        book.ready.push(Ready {
            key: key.clone(),
            episode,
            since: Instant::now(),
        });
        None
    }

    /// Opened starts that waited longer than [`READY_TTL`], removed from the book.
    pub fn expired(&self) -> Vec<Episode> {
        let mut book = self.lock();
        let (stale, fresh) = std::mem::take(&mut book.ready)
            .into_iter()
            .partition::<Vec<_>, _>(|ready| ready.since.elapsed() >= READY_TTL);
        book.ready = fresh;
        stale.into_iter().map(|ready| ready.episode).collect()
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
    pub fn close(&self) -> Vec<Episode> {
        let mut book = self.lock();
        book.closed = true;
        std::mem::take(&mut book.ready)
            .into_iter()
            .map(|ready| ready.episode)
            .collect()
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
