//! What the debugger knows of live and recent episodes, kept up to date from the
//! environment's episode events: each episode's trajectory as it grows (in the trajectory
//! format), the observations its steps name (their screenshots within a memory budget, the
//! oldest closed episodes' dropped first), and a broadcast of "episode N changed" for the
//! browsers watching.

use crate::env::{EpisodeEvent, EpisodeEvents, EpisodeId};
use crate::observe::{Observation, Screenshot};
use crate::trajectory::{FORMAT_VERSION, ObservationRecord, StepRecord, Trajectory};
use std::collections::{BTreeMap, VecDeque};
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::SystemTime;
use tokio::sync::broadcast;

/// Episodes kept (live ones and the most recently closed).
const RECENT: usize = 32;
/// Most screenshot bytes kept in memory; past it the oldest closed episodes' observations
/// are dropped first (their records stay).
const SCREENSHOT_BUDGET: usize = 256 << 20;

/// One episode as the debugger shows it.
#[derive(Debug, Clone)]
pub struct EpisodeRecord {
    /// Its id.
    pub id: EpisodeId,
    /// Its task's name.
    pub task: Option<String>,
    /// Its task's intent.
    pub intent: Option<String>,
    /// The sites its task uses.
    pub sites: Vec<String>,
    /// Its task's local input images.
    pub input_images: Vec<PathBuf>,
    /// The first observation's record.
    pub start: ObservationRecord,
    /// Steps so far.
    pub steps: Vec<Arc<StepRecord>>,
    /// Observations still held, by index (the start is 0).
    pub observations: BTreeMap<usize, Arc<Observation>>,
    /// The last evaluation.
    pub evaluation: Option<evaluators::Evaluation>,
    /// Whether it is still running.
    pub live: bool,
    /// When it started.
    pub started: SystemTime,
}

impl EpisodeRecord {
    /// Its trajectory so far, in the trajectory format (input images named `input_<n>.<ext>`).
    pub fn trajectory(&self) -> Trajectory {
        Trajectory {
            format_version: FORMAT_VERSION,
            episode: Some(self.id.0.clone()),
            task: self.task.clone(),
            intent: self.intent.clone(),
            sites: self.sites.clone(),
            input_images: (0..self.input_images.len())
                .map(|index| self.input_image_name(index))
                .collect(),
            start: Some(self.start.clone()),
            steps: self.steps.iter().map(|step| (**step).clone()).collect(),
            answer: self
                .steps
                .last()
                .and_then(|step| step.action.as_deref())
                .and_then(|action| action.parse::<crate::act::Action>().ok())
                .and_then(|action| match action {
                    crate::act::Action::Stop { answer } => Some(answer),
                    _ => None,
                }),
            stop_reason: None,
            error: None,
            evaluation: self.evaluation.clone(),
        }
    }

    /// The name input image `index` is served by.
    fn input_image_name(&self, index: usize) -> String {
        let extension = self.input_images[index]
            .extension()
            .and_then(|extension| extension.to_str())
            .unwrap_or("png");
        format!("input_{index}.{extension}")
    }

    /// A file its trajectory names: a screenshot still held (`observation_007.png`,
    /// `observation_007_clean.png`) or an input image (`input_0.png`). Names are matched
    /// against what the episode has; no path comes from the request.
    pub fn file(&self, name: &str) -> Option<File> {
        if let Some(index) =
            (0..self.input_images.len()).find(|&index| self.input_image_name(index) == name)
        {
            return Some(File::Path(self.input_images[index].clone()));
        }
        let (stem, _) = name.split_once('.')?;
        let (number, clean) = match stem.strip_suffix("_clean") {
            Some(number) => (number, true),
            None => (stem, false),
        };
        let index: usize = number.strip_prefix("observation_")?.parse().ok()?;
        let observation = self.observations.get(&index)?;
        let record = ObservationRecord::of(observation, index);
        let (shot, expected) = match clean {
            true => (&observation.clean_screenshot, record.clean_screenshot),
            false => (&observation.som_screenshot, record.screenshot),
        };
        (expected.as_deref() == Some(name))
            .then(|| shot.clone())
            .flatten()
            .map(File::Screenshot)
    }

    /// How the episode is doing: `live`, or when closed `pass`, `fail`, `unjudged` or
    /// `unscored` (never evaluated).
    pub fn status(&self) -> &'static str {
        if self.live {
            return "live";
        }
        match &self.evaluation {
            Some(evaluation) if evaluation.passed() => "pass",
            Some(evaluation) if evaluation.score().is_none() => "unjudged",
            Some(_) => "fail",
            None => "unscored",
        }
    }

    fn screenshot_bytes(&self) -> usize {
        self.observations
            .values()
            .map(|observation| shot_bytes(observation))
            .sum()
    }
}

/// A file of a live episode.
#[derive(Debug, Clone)]
pub enum File {
    /// A screenshot held in memory.
    Screenshot(Screenshot),
    /// An input image of its task.
    Path(PathBuf),
}

/// The live episodes, shared by the debugger's routes.
#[derive(Debug, Clone)]
pub struct LiveEpisodes {
    episodes: Arc<Mutex<VecDeque<EpisodeRecord>>>,
    changes: broadcast::Sender<String>,
}

impl LiveEpisodes {
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
            let changed = match event {
                EpisodeEvent::Started {
                    id,
                    task,
                    intent,
                    sites,
                    input_images,
                    observation,
                } => {
                    episodes.push_back(EpisodeRecord {
                        id: id.clone(),
                        task,
                        intent,
                        sites,
                        input_images,
                        start: ObservationRecord::of(&observation, 0),
                        steps: Vec::new(),
                        observations: BTreeMap::from([(0, observation)]),
                        evaluation: None,
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
                EpisodeEvent::Step {
                    id,
                    record,
                    observations,
                } => find(&mut episodes, &id).map(|index| {
                    let episode = &mut episodes[index];
                    episode.steps.push(record);
                    episode.observations.extend(observations);
                    id
                }),
                EpisodeEvent::Evaluated { id, evaluation } => {
                    find(&mut episodes, &id).map(|index| {
                        episodes[index].evaluation = Some(evaluation);
                        id
                    })
                }
                EpisodeEvent::Closed { id } => find(&mut episodes, &id).map(|index| {
                    episodes[index].live = false;
                    id
                }),
            };
            keep_within_budget(&mut episodes);
            changed
        };
        if let Some(id) = changed {
            let _ = self.changes.send(id.0);
        }
    }
}

/// Drops held observations, oldest closed episodes first, then the oldest of live ones
/// (each episode's latest observation stays), until the screenshots fit the budget.
fn keep_within_budget(episodes: &mut VecDeque<EpisodeRecord>) {
    let mut total: usize = episodes.iter().map(EpisodeRecord::screenshot_bytes).sum();
    if total <= SCREENSHOT_BUDGET {
        return;
    }
    let order: Vec<usize> = (0..episodes.len())
        .filter(|&index| !episodes[index].live)
        .chain((0..episodes.len()).filter(|&index| episodes[index].live))
        .collect();
    for index in order {
        let episode = &mut episodes[index];
        while episode.observations.len() > 1 && total > SCREENSHOT_BUDGET {
            let Some((_, dropped)) = episode.observations.pop_first() else {
                break;
            };
            total -= shot_bytes(&dropped);
        }
        if total <= SCREENSHOT_BUDGET {
            return;
        }
    }
}

/// The bytes of an observation's screenshots.
fn shot_bytes(observation: &Observation) -> usize {
    [&observation.som_screenshot, &observation.clean_screenshot]
        .into_iter()
        .flatten()
        .map(|shot| shot.bytes.len())
        .sum()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::observe::ImageFormat;

    fn observation(bytes: usize) -> Arc<Observation> {
        Arc::new(Observation {
            url: "http://127.0.0.2:9980/".into(),
            title: "Classifieds".into(),
            tabs: Vec::new(),
            elements: Vec::new(),
            texts: Vec::new(),
            viewport: crate::browser::Viewport::default(),
            scroll: Default::default(),
            blocked_url: None,
            page_errors: Vec::new(),
            dialogs: Vec::new(),
            som_screenshot: Some(Screenshot {
                format: ImageFormat::Png,
                bytes: vec![0; bytes],
            }),
            clean_screenshot: None,
            axtree: None,
            timings: Default::default(),
            cut: Vec::new(),
        })
    }

    fn episode(id: usize, live: bool, observations: usize, bytes: usize) -> EpisodeRecord {
        let first = observation(bytes);
        EpisodeRecord {
            id: EpisodeId(format!("ep-{id}")),
            task: None,
            intent: None,
            sites: Vec::new(),
            input_images: vec![PathBuf::from("/tasks/images/red.jpg")],
            start: ObservationRecord::of(&first, 0),
            steps: Vec::new(),
            observations: (0..observations)
                .map(|index| (index, observation(bytes)))
                .collect(),
            evaluation: None,
            live,
            started: SystemTime::now(),
        }
    }

    #[test]
    fn files_are_found_by_the_names_the_trajectory_gives_them() {
        let record = episode(1, true, 2, 10);
        assert!(matches!(
            record.file("observation_001.png"),
            Some(File::Screenshot(_))
        ));
        assert!(
            record.file("observation_001_clean.png").is_none(),
            "no clean one was taken"
        );
        assert!(record.file("observation_002.png").is_none());
        assert!(record.file("observation_001.jpg").is_none());
        assert!(
            matches!(record.file("input_0.jpg"), Some(File::Path(path)) if path.ends_with("red.jpg"))
        );
        for other in [
            "../input_0.jpg",
            "input_1.jpg",
            "observation_.png",
            "trajectory.json",
        ] {
            assert!(record.file(other).is_none(), "{other}");
        }
    }

    #[test]
    fn screenshots_stay_within_the_budget_oldest_closed_episodes_first() {
        let mb = 1 << 20;
        let mut episodes: VecDeque<EpisodeRecord> = (0..8)
            .map(|id| episode(id, id % 2 == 1, 10, 8 * mb))
            .collect();
        // 8 episodes × 10 observations × 8 MiB = 640 MiB, over the 256 MiB budget.
        keep_within_budget(&mut episodes);
        let total: usize = episodes.iter().map(EpisodeRecord::screenshot_bytes).sum();
        assert!(total <= SCREENSHOT_BUDGET, "{total}");
        assert!(
            episodes
                .iter()
                .all(|record| !record.observations.is_empty())
        );
        let kept = |live: bool| -> usize {
            episodes
                .iter()
                .filter(|record| record.live == live)
                .map(|record| record.observations.len())
                .sum()
        };
        assert!(
            kept(true) > kept(false),
            "closed episodes lose theirs first"
        );
        let newest = episodes.iter().find(|record| record.live).unwrap();
        assert!(
            newest.observations.contains_key(&9),
            "an episode keeps its latest observations"
        );
    }
}
