//! Agents a run can use: `replay` (the task's gold trajectory) and `openai` (a vision model
//! behind any OpenAI-compatible chat-completions endpoint).

mod openai;
mod preflight;
mod prompt;

pub use openai::{OpenAiAgent, OpenAiSettings, Prices};

use super::backend::Backend;
use super::error::RunError;
use crate::api::ObservationBody;
use crate::env::{EpisodeId, TaskContext};
use crate::observe::{ObserveOptions, ScreenshotKind};
use evaluators::chat::Usage;
use evaluators::task::GoldStep;

/// What the model agent observes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
pub enum ObservationKind {
    /// The Set-of-Marks screenshot and the element list (VWA's SoM agent).
    #[default]
    Som,
    /// The screenshot without marks and the element list.
    Screenshot,
    /// The accessibility tree and the element list, no image.
    Axtree,
    /// The element list only.
    Text,
}

impl ObservationKind {
    /// Its name in files (`som`).
    pub fn name(self) -> &'static str {
        match self {
            ObservationKind::Som => "som",
            ObservationKind::Screenshot => "screenshot",
            ObservationKind::Axtree => "axtree",
            ObservationKind::Text => "text",
        }
    }

    /// What to ask the environment for. A Set-of-Marks screenshot is always taken so the
    /// trajectory and the report show what the page looked like.
    pub fn observe_options(self) -> ObserveOptions {
        ObserveOptions {
            screenshot: match self {
                ObservationKind::Screenshot => ScreenshotKind::Both,
                _ => ScreenshotKind::Som,
            },
            axtree: self == ObservationKind::Axtree,
            ..ObserveOptions::default()
        }
    }
}

/// The agent of a run (shared by its tasks).
#[derive(Debug, Clone)]
pub enum Agent {
    /// Replays each task's gold trajectory.
    Replay,
    /// A model behind an OpenAI-compatible endpoint.
    OpenAi(Box<OpenAiAgent>),
}

/// One turn: what the agent is shown.
#[derive(Debug)]
pub struct Turn<'a> {
    /// The environment (the replay agent resolves locators through it).
    pub backend: &'a dyn Backend,
    /// The episode.
    pub episode: &'a EpisodeId,
    /// The current observation.
    pub observation: &'a ObservationBody,
    /// Earlier actions as text, refusals noted.
    pub previous_actions: &'a [String],
}

/// The agent's answer to a turn.
#[derive(Debug, Clone, Default)]
pub struct Reply {
    /// The reply as given (model text with prose and fences, or an action).
    pub text: String,
    /// Tokens used, when a model reports them.
    pub usage: Option<Usage>,
    /// The messages the model was sent, as the trajectory keeps them (none for replay).
    pub prompt: Vec<crate::trajectory::PromptMessage>,
}

/// An agent working on one task.
#[derive(Debug)]
pub enum TaskAgent {
    /// Gold steps still to play.
    Replay {
        /// The gold trajectory.
        steps: Vec<GoldStep>,
        /// The next one.
        next: usize,
    },
    /// The model agent with this task's inputs.
    OpenAi(Box<openai::TaskConversation>),
}

impl Agent {
    /// `replay` or `openai`.
    pub fn name(&self) -> &'static str {
        match self {
            Agent::Replay => "replay",
            Agent::OpenAi(_) => "openai",
        }
    }

    /// The model, for model agents.
    pub fn model(&self) -> Option<&str> {
        match self {
            Agent::Replay => None,
            Agent::OpenAi(agent) => Some(agent.model()),
        }
    }

    /// What the agent observes.
    pub fn observation(&self) -> ObservationKind {
        match self {
            Agent::Replay => ObservationKind::Som,
            Agent::OpenAi(agent) => agent.observation(),
        }
    }

    /// Starts work on `task`.
    pub fn begin(&self, task: &TaskContext) -> Result<TaskAgent, RunError> {
        match self {
            Agent::Replay => Ok(TaskAgent::Replay {
                steps: crate::gold::gold_steps(&task.task)?,
                next: 0,
            }),
            Agent::OpenAi(agent) => Ok(TaskAgent::OpenAi(Box::new(agent.begin(task)?))),
        }
    }

    /// Cost in US dollars of `usage`, when prices are known.
    pub fn cost(&self, usage: Usage) -> Option<f64> {
        match self {
            Agent::Replay => None,
            Agent::OpenAi(agent) => agent.cost(usage),
        }
    }
}

impl TaskAgent {
    /// The next action.
    pub async fn act(&mut self, turn: Turn<'_>) -> Result<Reply, RunError> {
        match self {
            TaskAgent::Replay { steps, next } => {
                let Some(step) = steps.get(*next) else {
                    return Ok(Reply {
                        text: "stop []".into(),
                        ..Reply::default()
                    });
                };
                *next += 1;
                let action = turn
                    .backend
                    .resolve_gold(turn.episode, turn.observation, *next, step)
                    .await?;
                Ok(Reply {
                    text: action.to_string(),
                    ..Reply::default()
                })
            }
            TaskAgent::OpenAi(conversation) => conversation.act(&turn).await,
        }
    }
}
