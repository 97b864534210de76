//! A task's trajectory folder in the run's output directory, in [`crate::trajectory`]'s
//! format: the screenshots of every observation, the input images, and `trajectory.json`
//! (every observation's SoM text, element list, tabs, page errors; each step's prompt, raw
//! reply, action and target, result, settle report and timings; the answer and the
//! evaluation). The report and the debugger read these files.

use super::error::RunError;
use crate::api::{ErrorBody, ObservationBody, StepResponse};
use crate::trajectory::{
    FORMAT_VERSION, ObservationRecord, PromptMessage, StepError, StepRecord, StepTimings,
    TRAJECTORY_FILE, Trajectory,
};
use base64::Engine;
use evaluators::chat::Usage;
use std::path::{Path, PathBuf};

/// Writes one task's trajectory folder.
#[derive(Debug)]
pub struct TrajectoryWriter {
    folder: PathBuf,
    /// Observations saved so far (the next one's index).
    observations: usize,
    /// What has been recorded so far.
    pub record: Trajectory,
}

/// What the agent gave for one step and how long it took.
#[derive(Debug, Clone, Default)]
pub struct Turn {
    /// The messages sent to the model (empty for agents without one).
    pub prompt: Vec<PromptMessage>,
    /// The reply as given.
    pub reply: String,
    /// Time the agent took to choose, in milliseconds.
    pub agent_ms: u64,
    /// Time the environment took to act, settle and observe, in milliseconds.
    pub step_ms: u64,
    /// Tokens of this turn, when the model reports them.
    pub tokens: Option<Usage>,
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
            observations: 0,
            record: Trajectory {
                format_version: FORMAT_VERSION,
                task: Some(task.name.to_string()),
                intent: Some(task.task.intent.clone()),
                sites: task.task.sites.clone(),
                input_images,
                ..Trajectory::default()
            },
        })
    }

    /// Saves the observation's screenshots under the names of its record, the next one of
    /// the trajectory, and returns the record.
    async fn observation(
        &mut self,
        observation: &ObservationBody,
    ) -> Result<ObservationRecord, RunError> {
        let record = ObservationRecord::of_body(observation, self.observations);
        self.observations += 1;
        let shots = [
            (&observation.screenshot, &record.screenshot),
            (&observation.clean_screenshot, &record.clean_screenshot),
        ];
        for (encoded, name) in shots {
            let (Some(encoded), Some(name)) = (encoded, name) else {
                continue;
            };
            let bytes = base64::engine::general_purpose::STANDARD
                .decode(encoded)
                .map_err(|error| RunError::Infrastructure(format!("screenshot: {error}")))?;
            let path = self.folder.join(name);
            tokio::fs::write(&path, bytes).await.map_err(io(&path))?;
        }
        Ok(record)
    }

    /// Records the first observation.
    pub async fn start(&mut self, observation: &ObservationBody) -> Result<(), RunError> {
        self.record.start = Some(self.observation(observation).await?);
        Ok(())
    }

    /// Records a step: what the agent gave, and the environment's answer (with the
    /// observation after it, when there is one).
    pub async fn step(&mut self, turn: Turn, response: &StepResponse) -> Result<(), RunError> {
        // A step that ended the episode took no observation (the response repeats the last).
        let observation = match &response.observation {
            Some(observation) if !response.done => Some(self.observation(observation).await?),
            _ => None,
        };
        let target = response
            .action
            .as_deref()
            .and_then(|action| action.parse::<crate::act::Action>().ok());
        let error = response
            .error
            .as_ref()
            .map(|ErrorBody { error, message }| StepError {
                error: error.clone(),
                message: message.clone(),
            });
        self.record.steps.push(StepRecord {
            number: self.record.steps.len() + 1,
            acted_on: None,
            prompt: turn.prompt,
            reply: turn.reply,
            action: response.action.clone(),
            target: StepRecord::target_of(target.as_ref()),
            error,
            settle: response.settle.clone(),
            observation,
            timings: StepTimings {
                agent_ms: Some(turn.agent_ms),
                step_ms: turn.step_ms,
            },
            tokens: turn.tokens,
        });
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
