//! A task's trajectory in the run's output directory: the screenshot after every step and
//! `trajectory.json` (each step's reply, action, error, settle report, URL and timings, the
//! answer and the evaluation). The report is built from these files.

use super::error::RunError;
use super::results::StopReason;
use crate::api::{ErrorBody, ObservationBody};
use crate::browser::SettleReport;
use base64::Engine;
use evaluators::Evaluation;
use evaluators::chat::Usage;
use serde::{Deserialize, Serialize};
use std::path::{Path, PathBuf};

/// The trajectory file's name inside a task's folder.
pub const TRAJECTORY_FILE: &str = "trajectory.json";

/// One step as recorded.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct StepRecord {
    /// 1-based.
    pub number: usize,
    /// The agent's reply as given (model text, prose and fences included).
    pub reply: String,
    /// The action as the environment understood it (absent when it did not parse).
    pub action: Option<String>,
    /// Why the action was refused or failed.
    pub error: Option<ErrorBody>,
    /// What settling waited for.
    pub settle: Option<SettleReport>,
    /// The active tab's URL after the step.
    pub url: String,
    /// Screenshot after the step (file name in the task's folder).
    pub screenshot: Option<String>,
    /// Time the agent took to choose, in milliseconds.
    pub agent_ms: u64,
    /// Time the environment took to act, settle and observe, in milliseconds.
    pub step_ms: u64,
    /// Tokens of this turn, when the model reports them.
    pub tokens: Option<Usage>,
}

/// `trajectory.json`.
#[derive(Debug, Clone, Serialize, Deserialize)]
pub struct TrajectoryRecord {
    /// The task's name.
    pub task: String,
    /// Its intent.
    pub intent: String,
    /// Input images copied into the folder (file names), in order.
    pub input_images: Vec<String>,
    /// The first page's URL.
    pub start_url: String,
    /// The first page's screenshot.
    pub start_screenshot: Option<String>,
    /// The steps.
    pub steps: Vec<StepRecord>,
    /// The stop answer.
    pub answer: Option<String>,
    /// Why the episode ended.
    pub stop_reason: Option<StopReason>,
    /// What broke, if something did.
    pub error: Option<String>,
    /// The evaluation breakdown.
    pub evaluation: Option<Evaluation>,
}

/// Writes one task's trajectory folder.
#[derive(Debug)]
pub struct TrajectoryWriter {
    folder: PathBuf,
    /// What has been recorded so far.
    pub record: TrajectoryRecord,
}

/// The folder of `task` relative to the output directory: its name with every character
/// outside `[A-Za-z0-9._-]` of each path segment replaced by `_`.
pub fn relative_folder(task: &str) -> String {
    let segments: Vec<String> = task
        .split('/')
        .filter(|segment| !segment.is_empty() && *segment != "." && *segment != "..")
        .map(|segment| {
            segment
                .chars()
                .map(|c| {
                    if c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-') {
                        c
                    } else {
                        '_'
                    }
                })
                .collect()
        })
        .collect();
    format!("trajectories/{}", segments.join("/"))
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> RunError + '_ {
    move |error| RunError::Infrastructure(format!("writing {}: {error}", path.display()))
}

impl TrajectoryWriter {
    /// Starts the folder of `task` afresh (an earlier, unfinished attempt is cleared).
    pub async fn begin(out: &Path, task: &crate::env::TaskContext) -> Result<Self, RunError> {
        let folder = out.join(relative_folder(task.name.as_str()));
        match tokio::fs::remove_dir_all(&folder).await {
            Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
                return Err(io(&folder)(error));
            }
            _ => {}
        }
        tokio::fs::create_dir_all(&folder)
            .await
            .map_err(io(&folder))?;
        let mut input_images = Vec::new();
        let images = task
            .local_input_images()
            .map_err(|refused| RunError::Task(format!("input image: {refused}")))?;
        for (index, image) in images.iter().enumerate() {
            let extension = image
                .extension()
                .and_then(|extension| extension.to_str())
                .unwrap_or("png");
            let name = format!("input_{index}.{extension}");
            let target = folder.join(&name);
            tokio::fs::copy(image, &target).await.map_err(io(&target))?;
            input_images.push(name);
        }
        Ok(Self {
            folder,
            record: TrajectoryRecord {
                task: task.name.to_string(),
                intent: task.task.intent.clone(),
                input_images,
                start_url: String::new(),
                start_screenshot: None,
                steps: Vec::new(),
                answer: None,
                stop_reason: None,
                error: None,
                evaluation: None,
            },
        })
    }

    /// Saves the observation's screenshot as `step_NNN` and returns the file name.
    async fn screenshot(
        &self,
        number: usize,
        observation: &ObservationBody,
    ) -> Result<Option<String>, RunError> {
        let Some(encoded) = &observation.screenshot else {
            return Ok(None);
        };
        let bytes = base64::engine::general_purpose::STANDARD
            .decode(encoded)
            .map_err(|error| RunError::Infrastructure(format!("screenshot: {error}")))?;
        let extension = if observation.screenshot_mime == "image/jpeg" {
            "jpg"
        } else {
            "png"
        };
        let name = format!("step_{number:03}.{extension}");
        let path = self.folder.join(&name);
        tokio::fs::write(&path, bytes).await.map_err(io(&path))?;
        Ok(Some(name))
    }

    /// Records the first observation.
    pub async fn start(&mut self, observation: &ObservationBody) -> Result<(), RunError> {
        self.record.start_url = observation.url.clone();
        self.record.start_screenshot = self.screenshot(0, observation).await?;
        Ok(())
    }

    /// Records a step, with the observation after it when there is one.
    pub async fn step(
        &mut self,
        mut step: StepRecord,
        observation: Option<&ObservationBody>,
    ) -> Result<(), RunError> {
        if let Some(observation) = observation {
            step.screenshot = self.screenshot(step.number, observation).await?;
        }
        self.record.steps.push(step);
        Ok(())
    }

    /// Writes `trajectory.json`.
    pub async fn finish(&self) -> Result<(), RunError> {
        let path = self.folder.join(TRAJECTORY_FILE);
        let json = serde_json::to_vec_pretty(&self.record)
            .map_err(|error| RunError::Infrastructure(error.to_string()))?;
        tokio::fs::write(&path, json).await.map_err(io(&path))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folders_are_safe_paths_under_trajectories() {
        assert_eq!(
            relative_folder("classifieds/3"),
            "trajectories/classifieds/3"
        );
        assert_eq!(relative_folder("../x/test#2 a"), "trajectories/x/test_2_a");
    }
}
