//! Gold paths recorded from the debugger: a task episode of its own per recording (so no
//! agent's episode is touched), driven action by action through the same [`GoldRecorder`] as
//! `agora tasks record`, then saved into the task's file as its gold path and proven by
//! replay as `agora tasks check` proves it.

use crate::env::{EnvError, Environment, EpisodeHandle, TaskContext, TaskName};
use crate::gold::{GoldRecorder, RecordError, check_tasks, load_task, task_file, write_gold};
use crate::observe::ObserveOptions;
use evaluators::task::GoldStep;
use serde::Serialize;
use std::collections::HashMap;
use std::sync::Arc;
use tokio::sync::Mutex;

/// Recordings at most under way at once (each holds a browser).
const MAX_RECORDINGS: usize = 4;

/// The recordings under way, by episode id.
#[derive(Debug, Clone)]
pub struct Recordings {
    env: Environment,
    active: Arc<Mutex<HashMap<String, Arc<Mutex<Recording>>>>>,
}

#[derive(Debug)]
struct Recording {
    task: TaskContext,
    episode: EpisodeHandle,
    recorder: GoldRecorder,
}

/// A recording as the debugger shows it.
#[derive(Debug, Clone, Serialize)]
pub struct RecordingView {
    /// The recording's episode (shown live like any other).
    pub episode_id: String,
    /// The task.
    pub task: String,
    /// The gold steps recorded so far.
    pub steps: Vec<GoldStep>,
    /// Whether the path ends with `stop` (it can be saved).
    pub finished: bool,
    /// The file the path is saved into (absent for a task without a file of its own).
    pub file: Option<String>,
}

/// What saving a recorded path did.
#[derive(Debug, Clone, Serialize)]
pub struct Saved {
    /// The task file written.
    pub file: String,
    /// Whether the path proved (gold 1, empty stop 0, decoys 0).
    pub passed: bool,
    /// The check's report.
    pub check: String,
}

/// Why a recording request failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum RecordingError {
    /// The episode could not start.
    #[error(transparent)]
    Env(#[from] EnvError),
    /// The action was not recorded.
    #[error(transparent)]
    Record(#[from] RecordError),
    /// No recording has that id.
    #[error("no recording `{0}` is under way (start one from a task)")]
    Unknown(String),
    /// Too many at once.
    #[error("{MAX_RECORDINGS} recordings are under way: save or discard one first")]
    TooMany,
    /// Saving needs a finished path and a task file.
    #[error("{0}")]
    NotSavable(String),
    /// Writing or proving failed.
    #[error("{0}")]
    Save(String),
}

impl Recordings {
    /// Recordings in `env`'s task episodes.
    pub fn new(env: Environment) -> Self {
        Self {
            env,
            active: Arc::default(),
        }
    }

    /// Starts recording the gold path of the server's task `name` in a fresh episode of it.
    pub async fn start(&self, name: &str) -> Result<RecordingView, RecordingError> {
        let task = self.env.task(&TaskName::new(name))?;
        self.start_task(task).await
    }

    /// Starts recording the gold path of `task` in a fresh episode of it.
    pub async fn start_task(&self, task: TaskContext) -> Result<RecordingView, RecordingError> {
        if self.active.lock().await.len() >= MAX_RECORDINGS {
            return Err(RecordingError::TooMany);
        }
        let episode = self
            .env
            .create_task_episode(task.clone(), ObserveOptions::default())
            .await?;
        let recorder = GoldRecorder::new(episode.clone(), self.env.site_urls());
        let recording = Recording {
            task,
            episode,
            recorder,
        };
        let view = recording.view();
        self.active
            .lock()
            .await
            .insert(view.episode_id.clone(), Arc::new(Mutex::new(recording)));
        Ok(view)
    }

    async fn recording(&self, id: &str) -> Result<Arc<Mutex<Recording>>, RecordingError> {
        self.active
            .lock()
            .await
            .get(id)
            .cloned()
            .ok_or_else(|| RecordingError::Unknown(id.to_owned()))
    }

    /// The recording `id`.
    pub async fn view(&self, id: &str) -> Result<RecordingView, RecordingError> {
        Ok(self.recording(id).await?.lock().await.view())
    }

    /// Carries out `action` in recording `id` and records it.
    pub async fn act(&self, id: &str, action: &str) -> Result<RecordingView, RecordingError> {
        let recording = self.recording(id).await?;
        let mut recording = recording.lock().await;
        recording.recorder.act(action).await?;
        Ok(recording.view())
    }

    /// Writes the finished path of recording `id` into its task's file, ends the recording
    /// and proves the path in a fresh episode.
    pub async fn save(&self, id: &str) -> Result<Saved, RecordingError> {
        let recording = self.recording(id).await?;
        let (file, steps) = {
            let recording = recording.lock().await;
            if !recording.recorder.finished() {
                return Err(RecordingError::NotSavable(
                    "the path does not end with stop yet: finish it with `stop [answer]`".into(),
                ));
            }
            let file = task_file(&recording.task).ok_or_else(|| {
                RecordingError::NotSavable(format!(
                    "{} has no task file of its own to write into; copy the steps instead",
                    recording.task.name
                ))
            })?;
            (file, recording.recorder.steps().to_vec())
        };
        write_gold(&file, &file, &steps)
            .map_err(|error| RecordingError::Save(format!("{error:#}")))?;
        self.discard(id).await?;
        let proven = load_task(&self.env, &file)
            .map_err(|error| RecordingError::Save(format!("{error:#}")))?;
        let checks = check_tasks(&self.env, vec![proven], 1).await;
        Ok(Saved {
            file: file.display().to_string(),
            passed: checks.iter().all(crate::gold::TaskCheck::passed),
            check: checks
                .iter()
                .map(crate::gold::TaskCheck::describe)
                .collect::<Vec<_>>()
                .join("\n"),
        })
    }

    /// Ends recording `id` without saving (its episode is closed).
    pub async fn discard(&self, id: &str) -> Result<(), RecordingError> {
        let recording = self
            .active
            .lock()
            .await
            .remove(id)
            .ok_or_else(|| RecordingError::Unknown(id.to_owned()))?;
        let episode = recording.lock().await.episode.clone();
        // An episode already closed (idle, browser lost) has nothing left to end.
        let _ = episode.close().await;
        Ok(())
    }
}

impl Recording {
    fn view(&self) -> RecordingView {
        RecordingView {
            episode_id: self.episode.id().0.clone(),
            task: self.task.name.to_string(),
            steps: self.recorder.steps().to_vec(),
            finished: self.recorder.finished(),
            file: task_file(&self.task).map(|file| file.display().to_string()),
        }
    }
}
