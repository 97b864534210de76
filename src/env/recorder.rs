//! Trajectories on disk: one folder per episode with the screenshot the agent saw after each
//! step, `steps.jsonl` (each step appended and synced as it happens, so a crash loses at most
//! the step in flight) and, when the episode closes, `trajectory.json` (task, actions, URLs,
//! answer, evaluation, screenshot file names).

use super::TrajectoryStep;
use crate::observe::Observation;
use serde::Serialize;
use std::path::PathBuf;

/// The step log's file name in an episode's folder.
const STEPS_FILE: &str = "steps.jsonl";

/// Writes an episode's trajectory under its own folder.
#[derive(Debug)]
pub struct Recorder {
    folder: PathBuf,
    written: usize,
    /// Screenshot writes still under way (awaited before `trajectory.json` is written).
    pending: Vec<tokio::task::JoinHandle<()>>,
    /// The latest step append; each waits for the one before, so lines stay in order.
    last_step: Option<tokio::task::JoinHandle<()>>,
}

/// What `trajectory.json` holds.
#[derive(Debug, Serialize)]
pub struct TrajectoryFile<'a> {
    /// The episode.
    pub episode: &'a str,
    /// The task's name, for task episodes.
    pub task: Option<&'a str>,
    /// The task's intent.
    pub intent: Option<&'a str>,
    /// Screenshot of the first observation.
    pub start_screenshot: Option<&'a str>,
    /// The steps.
    pub steps: &'a [TrajectoryStep],
    /// The stop answer.
    pub answer: Option<&'a str>,
    /// The last evaluation.
    pub evaluation: Option<&'a evaluators::Evaluation>,
}

impl Recorder {
    /// Records into `root/<episode>/`.
    pub fn new(root: &std::path::Path, episode: &str) -> Self {
        Self {
            folder: root.join(episode),
            written: 0,
            pending: Vec::new(),
            last_step: None,
        }
    }

    /// Appends `step` to `steps.jsonl` and syncs it to disk, in the background and in order
    /// (see [`Recorder::steps_written`]).
    pub fn append_step(&mut self, step: &TrajectoryStep) {
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

    /// Saves the observation's screenshot (SoM if taken, else clean) in the background and
    /// returns its file name.
    pub fn screenshot(&mut self, observation: &Observation) -> Option<String> {
        let shot = observation
            .som_screenshot
            .as_ref()
            .or(observation.clean_screenshot.as_ref())?;
        let extension = match shot.format {
            crate::observe::ImageFormat::Png => "png",
            crate::observe::ImageFormat::Jpeg => "jpg",
        };
        let name = format!("step_{:03}.{extension}", self.written);
        self.written += 1;
        let (folder, path, bytes) = (
            self.folder.clone(),
            self.folder.join(&name),
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
        Some(name)
    }

    /// Waits until every step appended so far is synced to disk.
    pub async fn steps_written(&mut self) {
        if let Some(write) = self.last_step.take() {
            let _ = write.await;
        }
    }

    /// Waits for the screenshots and step appends, then writes `trajectory.json`.
    pub async fn finish(&mut self, file: &TrajectoryFile<'_>) {
        for write in self.pending.drain(..).chain(self.last_step.take()) {
            let _ = write.await;
        }
        let path = self.folder.join("trajectory.json");
        let written = async {
            tokio::fs::create_dir_all(&self.folder).await?;
            let json = serde_json::to_vec_pretty(file).map_err(std::io::Error::other)?;
            tokio::fs::write(&path, json).await
        };
        if let Err(error) = written.await {
            tracing::warn!(path = %path.display(), %error, "could not save the trajectory");
        }
    }
}
