//! Episode events for live viewers: a broadcast of episodes starting, stepping, being
//! evaluated and closing. Cheap when nobody listens: an event is only built when a receiver
//! exists, and observations travel as the episode's own shared values.

use super::EpisodeId;
use crate::observe::Observation;
use crate::trajectory::StepRecord;
use std::path::PathBuf;
use std::sync::Arc;
use tokio::sync::broadcast;

/// Events kept for a slow receiver before it starts missing some.
const CAPACITY: usize = 256;

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
        /// The sites its task uses.
        sites: Vec<String>,
        /// Its task's local input images.
        input_images: Vec<PathBuf>,
        /// The first observation (observation 0 of its trajectory).
        observation: Arc<Observation>,
    },
    /// A step was recorded (refused actions included).
    Step {
        /// The episode.
        id: EpisodeId,
        /// The step as the trajectory keeps it.
        record: Arc<StepRecord>,
        /// The observations the record names that viewers have not seen yet, by index: the
        /// one it acted on when the agent observed again in between, and the one after it.
        observations: Vec<(usize, Arc<Observation>)>,
    },
    /// The episode was evaluated.
    Evaluated {
        /// The episode.
        id: EpisodeId,
        /// The evaluation.
        evaluation: evaluators::Evaluation,
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

    /// Whether anyone listens.
    pub(crate) fn listening(&self) -> bool {
        self.sender.receiver_count() > 0
    }

    /// Builds and sends an event, only if someone listens.
    pub(crate) fn send(&self, event: impl FnOnce() -> EpisodeEvent) {
        if self.listening() {
            // A receiver that went away in between is no error.
            let _ = self.sender.send(event());
        }
    }
}
