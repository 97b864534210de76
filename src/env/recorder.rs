//! Trajectories on disk: one folder per episode with the screenshot the agent saw after each
//! step and, when the episode closes, `trajectory.json` (task, actions, URLs, answer,
//! evaluation, screenshot file names).

use super::TrajectoryStep;
use crate::observe::Observation;
use serde::Serialize;
use std::path::PathBuf;

/// Writes an episode's trajectory under its own folder.
#[derive(Debug)]
pub struct Recorder {
    folder: PathBuf,
    written: usize,
    /// Screenshot writes still under way (awaited before `trajectory.json` is written).
    pending: Vec<tokio::task::JoinHandle<()>>,
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
        }
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

    /// Waits for the screenshots, then writes `trajectory.json`.
    pub async fn finish(&mut self, file: &TrajectoryFile<'_>) {
        for write in self.pending.drain(..) {
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
