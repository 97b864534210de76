//! What the viewer knows: live and recent episodes, kept up to date from the environment's
//! episode events, and a broadcast of "episode N changed" for the browsers watching.

use crate::env::{EpisodeEvent, EpisodeEvents, EpisodeId, EpisodeView, TrajectoryStep};
use std::collections::VecDeque;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::SystemTime;
use tokio::sync::broadcast;

/// Episodes kept (live ones and the most recently closed).
const RECENT: usize = 32;

/// One episode as the viewer shows it.
#[derive(Debug, Clone)]
pub struct EpisodeRecord {
    /// Its id.
    pub id: EpisodeId,
    /// Its task's name.
    pub task: Option<String>,
    /// Its task's intent.
    pub intent: Option<String>,
    /// Its task's local input images.
    pub input_images: Vec<PathBuf>,
    /// Steps so far.
    pub steps: Vec<TrajectoryStep>,
    /// The latest observation.
    pub view: Option<Arc<EpisodeView>>,
    /// Whether it is still running.
    pub live: bool,
    /// When it started.
    pub started: SystemTime,
}

/// The viewer's state, shared by its routes.
#[derive(Debug, Clone)]
pub struct ViewerState {
    episodes: Arc<Mutex<VecDeque<EpisodeRecord>>>,
    changes: broadcast::Sender<String>,
}

impl ViewerState {
    /// Starts following `events`.
    pub fn follow(events: &EpisodeEvents) -> Self {
        let state = Self {
            episodes: Arc::new(Mutex::new(VecDeque::new())),
            changes: broadcast::Sender::new(256),
        };
        let mut receiver = events.subscribe();
        let follower = state.clone();
        tokio::spawn(async move {
            loop {
                match receiver.recv().await {
                    Ok(event) => follower.apply(event),
                    // Missed events only make the view stale until the next one.
                    Err(broadcast::error::RecvError::Lagged(_)) => {}
                    Err(broadcast::error::RecvError::Closed) => return,
                }
            }
        });
        state
    }

    /// Notifications of changed episodes (their ids).
    pub fn changes(&self) -> broadcast::Receiver<String> {
        self.changes.subscribe()
    }

    /// Every known episode, newest first.
    pub fn list(&self) -> Vec<EpisodeRecord> {
        self.lock().iter().rev().cloned().collect()
    }

    /// One episode.
    pub fn get(&self, id: &str) -> Option<EpisodeRecord> {
        self.lock().iter().find(|record| record.id.0 == id).cloned()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, VecDeque<EpisodeRecord>> {
        // A panic while holding the lock leaves plain data; keep serving it.
        self.episodes
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn apply(&self, event: EpisodeEvent) {
        let changed = {
            let mut episodes = self.lock();
            let find = |episodes: &mut VecDeque<EpisodeRecord>, id: &EpisodeId| {
                episodes.iter_mut().position(|record| record.id == *id)
            };
            match event {
                EpisodeEvent::Started {
                    id,
                    task,
                    intent,
                    input_images,
                    view,
                } => {
                    episodes.push_back(EpisodeRecord {
                        id: id.clone(),
                        task,
                        intent,
                        input_images,
                        steps: Vec::new(),
                        view,
                        live: true,
                        started: SystemTime::now(),
                    });
                    // Forget the oldest closed episodes first.
                    while episodes.len() > RECENT {
                        match episodes.iter().position(|record| !record.live) {
                            Some(index) => episodes.remove(index),
                            None => episodes.pop_front(),
                        };
                    }
                    Some(id)
                }
                EpisodeEvent::Step { id, step, view, .. } => {
                    find(&mut episodes, &id).map(|index| {
                        let record = &mut episodes[index];
                        record.steps.push(step);
                        if view.is_some() {
                            record.view = view;
                        }
                        id
                    })
                }
                EpisodeEvent::Closed { id } => find(&mut episodes, &id).map(|index| {
                    episodes[index].live = false;
                    id
                }),
            }
        };
        if let Some(id) = changed {
            let _ = self.changes.send(id.0);
        }
    }
}
