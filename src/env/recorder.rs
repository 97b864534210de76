//! An episode's trajectory as it is kept ([`crate::trajectory`]'s format): every observation
//! numbered (the start is 0), each step's record — what the agent sent, the action and its
//! target, the observation it was chosen from when the agent observed again in between, the
//! result, the settle report, the observation after it and the timings — announced to live
//! viewers and, when trajectories are recorded, saved in the episode's folder: the screenshots
//! as they are taken, `steps.jsonl` (each step appended and synced as it happens, so a crash
//! loses at most the step in flight) and `trajectory.json` when the episode closes.

use super::{EpisodeEvent, EpisodeEvents, EpisodeId, TaskContext};
use crate::act::{Action, ActionError};
use crate::browser::SettleReport;
use crate::observe::Observation;
use crate::trajectory::{
    FORMAT_VERSION, ObservationRecord, STEPS_FILE, ShotNames, StepError, StepRecord, StepTimings,
    TRAJECTORY_FILE, Trajectory,
};
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Instant;

/// Writes an episode's trajectory under its own folder.
#[derive(Debug)]
pub struct Recorder {
    folder: PathBuf,
    /// Screenshot writes still under way (awaited before `trajectory.json` is written).
    pending: Vec<tokio::task::JoinHandle<()>>,
    /// The latest step append; each waits for the one before, so lines stay in order.
    last_step: Option<tokio::task::JoinHandle<()>>,
}

impl Recorder {
    /// Records into `root/<episode>/`.
    pub fn new(root: &std::path::Path, episode: &str) -> Self {
        Self {
            folder: root.join(episode),
            pending: Vec::new(),
            last_step: None,
        }
    }

    /// Appends `step` to `steps.jsonl` and syncs it to disk, in the background and in order
    /// (see [`Recorder::steps_written`]).
    fn append_step(&mut self, step: &StepRecord) {
        let line = match serde_json::to_vec(step) {
            Ok(mut line) => {
                line.push(b'\n');
                line
            }
            Err(error) => {
                tracing::warn!(%error, "could not serialize a trajectory step");
                return;
            }
        };
        let (folder, previous) = (self.folder.clone(), self.last_step.take());
        self.last_step = Some(tokio::spawn(async move {
            if let Some(previous) = previous {
                let _ = previous.await;
            }
            let path = folder.join(STEPS_FILE);
            let appended = tokio::task::spawn_blocking(move || {
                use std::io::Write;
                std::fs::create_dir_all(&folder)?;
                let mut file = std::fs::OpenOptions::new()
                    .create(true)
                    .append(true)
                    .open(folder.join(STEPS_FILE))?;
                file.write_all(&line)?;
                file.sync_data()
            })
            .await
            .map_err(std::io::Error::other)
            .and_then(|appended| appended);
            if let Err(error) = appended {
                tracing::warn!(path = %path.display(), %error, "could not append a trajectory step");
            }
        }));
    }

    /// Saves the `index`-th observation's screenshots in the background under the names its
    /// record gives them.
    fn screenshots(&mut self, index: usize, observation: &Observation) {
        let shots = [
            (&observation.som_screenshot, false),
            (&observation.clean_screenshot, true),
        ];
        for (shot, clean) in shots {
            let Some(shot) = shot else { continue };
            let names = ShotNames::of(index, shot.format);
            let name = if clean { names.clean } else { names.som };
            let (folder, path, bytes) = (
                self.folder.clone(),
                self.folder.join(name),
                shot.bytes.clone(),
            );
            self.pending.retain(|write| !write.is_finished());
            self.pending.push(tokio::spawn(async move {
                let written = async {
                    tokio::fs::create_dir_all(&folder).await?;
                    tokio::fs::write(&path, bytes).await
                };
                if let Err(error) = written.await {
                    tracing::warn!(path = %path.display(), %error, "could not save a trajectory screenshot");
                }
            }));
        }
    }

    /// Waits until every step appended so far is synced to disk.
    async fn steps_written(&mut self) {
        if let Some(write) = self.last_step.take() {
            let _ = write.await;
        }
    }

    /// Waits for the screenshots and step appends, then writes `trajectory.json`.
    async fn finish(&mut self, trajectory: &Trajectory) {
        for write in self.pending.drain(..).chain(self.last_step.take()) {
            let _ = write.await;
        }
        let path = self.folder.join(TRAJECTORY_FILE);
        let written = async {
            tokio::fs::create_dir_all(&self.folder).await?;
            let json = serde_json::to_vec_pretty(trajectory).map_err(std::io::Error::other)?;
            tokio::fs::write(&path, json).await
        };
        if let Err(error) = written.await {
            tracing::warn!(path = %path.display(), %error, "could not save the trajectory");
        }
    }
}

/// A step under way: what it started from.
#[derive(Debug)]
struct Pending {
    /// What the agent sent.
    input: String,
    /// The action it was understood as.
    action: Option<Action>,
    /// The observation it was chosen from, when not the one the previous step left.
    acted_on: Option<(usize, Arc<Observation>)>,
    /// When the step began.
    started: Instant,
    /// The agent's time since the previous answer.
    agent_ms: u64,
}

/// The keeper of an episode's trajectory (see the module's documentation).
#[derive(Debug)]
pub(super) struct Journal {
    id: EpisodeId,
    events: EpisodeEvents,
    recorder: Option<Recorder>,
    /// The current observation's index (the start is 0).
    current: usize,
    /// The index of the observation the previous step (or the start) left.
    left: usize,
    start: Option<ObservationRecord>,
    /// Steps so far.
    steps: usize,
    /// The steps' records (kept only while recording: `trajectory.json` lists them).
    records: Vec<StepRecord>,
    pending: Option<Pending>,
    /// When the agent last got an answer (the start, or a step).
    answered: Instant,
}

impl Journal {
    /// Keeps the trajectory of episode `id` beginning with `first` (saved by `recorder` when
    /// trajectories are recorded) and tells live viewers the episode started.
    pub(super) fn begin(
        id: EpisodeId,
        events: EpisodeEvents,
        mut recorder: Option<Recorder>,
        task: Option<&TaskContext>,
        input_images: Vec<PathBuf>,
        first: &Arc<Observation>,
    ) -> Self {
        if let Some(recorder) = recorder.as_mut() {
            recorder.screenshots(0, first);
        }
        let start = recorder.is_some().then(|| ObservationRecord::of(first, 0));
        events.send(|| EpisodeEvent::Started {
            id: id.clone(),
            task: task.map(|task| task.name.to_string()),
            intent: task.map(|task| task.task.intent.clone()),
            sites: task.map(|task| task.task.sites.clone()).unwrap_or_default(),
            input_images,
            observation: Arc::clone(first),
        });
        Self {
            id,
            events,
            recorder,
            current: 0,
            left: 0,
            start,
            steps: 0,
            records: Vec::new(),
            pending: None,
            answered: Instant::now(),
        }
    }

    /// Notes a new observation; returns its screenshot's file name when it is recorded.
    pub(super) fn observed(&mut self, observation: &Observation) -> Option<String> {
        self.current += 1;
        let recorder = self.recorder.as_mut()?;
        recorder.screenshots(self.current, observation);
        let record = ObservationRecord::of(observation, self.current);
        record.screenshot.or(record.clean_screenshot)
    }

    /// Notes that a step begins: the agent sent `input`, understood as `action`, while it was
    /// shown `shown`.
    pub(super) fn begin_step(
        &mut self,
        input: &str,
        action: Option<&Action>,
        shown: Option<&Arc<Observation>>,
    ) {
        let acted_on = (self.current != self.left)
            .then(|| shown.map(|shown| (self.current, Arc::clone(shown))))
            .flatten();
        self.pending = Some(Pending {
            input: input.to_owned(),
            action: action.cloned(),
            acted_on,
            started: Instant::now(),
            agent_ms: self.answered.elapsed().as_millis() as u64,
        });
    }

    /// Records the step that began last: its result and what the agent is shown now.
    pub(super) fn end_step(
        &mut self,
        error: Option<&ActionError>,
        settle: Option<&SettleReport>,
        shown: Option<&Arc<Observation>>,
    ) {
        let Some(pending) = self.pending.take() else {
            return;
        };
        let after = (self.current != self.left)
            .then(|| shown.map(|shown| (self.current, Arc::clone(shown))))
            .flatten()
            .filter(|(index, _)| {
                pending
                    .acted_on
                    .as_ref()
                    .is_none_or(|(acted, _)| acted != index)
            });
        self.left = self.current;
        self.answered = Instant::now();
        self.steps += 1;
        if self.recorder.is_none() && !self.events.listening() {
            return;
        }
        let record = StepRecord {
            number: self.steps,
            acted_on: pending
                .acted_on
                .as_ref()
                .map(|(index, observation)| ObservationRecord::of(observation, *index)),
            prompt: Vec::new(),
            reply: pending.input,
            action: pending.action.as_ref().map(ToString::to_string),
            target: StepRecord::target_of(pending.action.as_ref()),
            error: error.map(|error| StepError {
                error: error.code().to_owned(),
                message: error.to_string(),
            }),
            settle: settle.cloned(),
            observation: after
                .as_ref()
                .map(|(index, observation)| ObservationRecord::of(observation, *index)),
            timings: StepTimings {
                agent_ms: Some(pending.agent_ms),
                step_ms: pending.started.elapsed().as_millis() as u64,
            },
            tokens: None,
        };
        let observations: Vec<(usize, Arc<Observation>)> =
            pending.acted_on.into_iter().chain(after).collect();
        let record = Arc::new(record);
        self.events.send(|| EpisodeEvent::Step {
            id: self.id.clone(),
            record: Arc::clone(&record),
            observations,
        });
        if let Some(recorder) = self.recorder.as_mut() {
            recorder.append_step(&record);
            self.records.push(Arc::unwrap_or_clone(record));
        }
    }

    /// Tells live viewers the episode was evaluated.
    pub(super) fn evaluated(&self, evaluation: &evaluators::Evaluation) {
        self.events.send(|| EpisodeEvent::Evaluated {
            id: self.id.clone(),
            evaluation: evaluation.clone(),
        });
    }

    /// Waits until every step recorded so far is on disk.
    pub(super) async fn steps_written(&mut self) {
        if let Some(recorder) = self.recorder.as_mut() {
            recorder.steps_written().await;
        }
    }

    /// Writes `trajectory.json` with the steps kept and `header`'s task, answer and
    /// evaluation, if the trajectory is recorded.
    pub(super) async fn finish(&mut self, header: Trajectory) {
        let Some(mut recorder) = self.recorder.take() else {
            return;
        };
        let trajectory = Trajectory {
            format_version: FORMAT_VERSION,
            episode: Some(self.id.0.clone()),
            start: self.start.take(),
            steps: std::mem::take(&mut self.records),
            ..header
        };
        recorder.finish(&trajectory).await;
    }
}
