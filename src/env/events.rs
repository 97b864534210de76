//! Episode events for live viewers: a broadcast of episodes starting, stepping and closing.
//! Cheap when nobody listens: an event is only built when a receiver exists.

use super::{EpisodeId, TrajectoryStep};
use crate::browser::Viewport;
use crate::observe::{Observation, Screenshot, SomElement};
use std::path::PathBuf;
use std::sync::Arc;
use tokio::sync::broadcast;

/// Events kept for a slow receiver before it starts missing some.
const CAPACITY: usize = 256;

/// What the agent saw at one moment, as a viewer shows it.
#[derive(Debug, Clone)]
pub struct EpisodeView {
    /// Active tab URL.
    pub url: String,
    /// Active tab title.
    pub title: String,
    /// The Set-of-Marks screenshot (or the clean one when only that was taken).
    pub screenshot: Option<Screenshot>,
    /// The marked elements.
    pub elements: Vec<SomElement>,
    /// Viewport size in CSS px (the screenshot's coordinate space).
    pub viewport: Viewport,
}

impl EpisodeView {
    /// The view of an observation.
    pub fn of(observation: &Observation) -> Arc<Self> {
        Arc::new(Self {
            url: observation.url.clone(),
            title: observation.title.clone(),
            screenshot: observation
                .som_screenshot
                .clone()
                .or_else(|| observation.clean_screenshot.clone()),
            elements: observation.elements.clone(),
            viewport: observation.viewport,
        })
    }
}

/// Something that happened to an episode.
#[derive(Debug, Clone)]
#[non_exhaustive]
pub enum EpisodeEvent {
    /// An episode started and was observed.
    Started {
        /// The episode.
        id: EpisodeId,
        /// Its task's name, for task episodes.
        task: Option<String>,
        /// Its task's intent.
        intent: Option<String>,
        /// Its task's local input images.
        input_images: Vec<PathBuf>,
        /// The first observation.
        view: Option<Arc<EpisodeView>>,
    },
    /// A step was recorded (refused actions included).
    Step {
        /// The episode.
        id: EpisodeId,
        /// 1-based step number.
        number: usize,
        /// The recorded step, with its settle report.
        step: TrajectoryStep,
        /// The observation after it.
        view: Option<Arc<EpisodeView>>,
    },
    /// The episode was closed.
    Closed {
        /// The episode.
        id: EpisodeId,
    },
}

/// The sending side, shared by the environment and its episodes.
#[derive(Debug, Clone)]
pub struct EpisodeEvents {
    sender: broadcast::Sender<EpisodeEvent>,
}

impl Default for EpisodeEvents {
    fn default() -> Self {
        Self {
            sender: broadcast::Sender::new(CAPACITY),
        }
    }
}

impl EpisodeEvents {
    /// A receiver of every event from now on.
    pub fn subscribe(&self) -> broadcast::Receiver<EpisodeEvent> {
        self.sender.subscribe()
    }

    /// Builds and sends an event, only if someone listens.
    pub(crate) fn send(&self, event: impl FnOnce() -> EpisodeEvent) {
        if self.sender.receiver_count() > 0 {
            // A receiver that went away in between is no error.
            let _ = self.sender.send(event());
        }
    }
}
