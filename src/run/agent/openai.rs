//! The built-in model agent: each turn one chat-completions request with the prompt, the
//! task's input images and the screenshot; the reply goes to the environment as it is (the
//! action parser tolerates prose and fences).

use super::prompt;
use super::{ObservationKind, Reply, Turn};
use crate::env::TaskContext;
use crate::run::error::RunError;
use evaluators::chat::{ChatClient, ChatConfig, ChatMessage, ContentPart, Sampling, Usage};
use evaluators::task::InputImage;

/// US dollars per million tokens.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Prices {
    /// Per million prompt tokens.
    pub input: f64,
    /// Per million completion tokens.
    pub output: f64,
}

/// How the model agent is set up.
#[derive(Debug, Clone)]
pub struct OpenAiSettings {
    /// Endpoint, model, key, per-call timeout and retries.
    pub chat: ChatConfig,
    /// What the model observes.
    pub observation: ObservationKind,
    /// Sampling parameters.
    pub sampling: Sampling,
    /// Prices, for the cost column.
    pub prices: Option<Prices>,
}

/// The model agent (one client shared by every task of the run).
#[derive(Debug, Clone)]
pub struct OpenAiAgent {
    client: ChatClient,
    settings: OpenAiSettings,
    system: String,
}

impl OpenAiAgent {
    /// Builds the client; fails when the API key variable is named but unset.
    pub fn new(settings: OpenAiSettings) -> Result<Self, RunError> {
        let client = ChatClient::new(settings.chat.clone())?;
        let system = prompt::system(settings.observation);
        Ok(Self {
            client,
            settings,
            system,
        })
    }

    /// The model's name.
    pub fn model(&self) -> &str {
        self.client.model()
    }

    /// What it observes.
    pub fn observation(&self) -> ObservationKind {
        self.settings.observation
    }

    /// Cost of `usage`, when prices are known.
    pub fn cost(&self, usage: Usage) -> Option<f64> {
        self.settings.prices.map(|prices| {
            (usage.prompt_tokens as f64 * prices.input
                + usage.completion_tokens as f64 * prices.output)
                / 1e6
        })
    }

    /// Starts a conversation about `task`: its intent and input images are read once.
    pub fn begin(&self, task: &TaskContext) -> Result<TaskConversation, RunError> {
        let mut input_images = Vec::new();
        for image in task.task.input_images(&task.dir) {
            input_images.push(match image {
                InputImage::Url(url) => ContentPart::ImageUrl(url),
                InputImage::File(path) => {
                    let bytes = std::fs::read(&path).map_err(|error| {
                        RunError::Task(format!("input image {}: {error}", path.display()))
                    })?;
                    ContentPart::Image {
                        mime: crate::observe::image_mime(&path).to_owned(),
                        bytes,
                    }
                }
            });
        }
        Ok(TaskConversation {
            agent: self.clone(),
            intent: task.task.intent.clone(),
            input_images,
        })
    }
}

/// The model agent on one task.
#[derive(Debug)]
pub struct TaskConversation {
    agent: OpenAiAgent,
    intent: String,
    input_images: Vec<ContentPart>,
}

impl TaskConversation {
    /// Asks the model for the next action.
    pub async fn act(&self, turn: &Turn<'_>) -> Result<Reply, RunError> {
        let observation = turn.observation;
        let kind = self.agent.settings.observation;
        let page = match (kind, &observation.axtree) {
            (ObservationKind::Axtree, Some(tree)) => format!(
                "{tree}\n\nElements you can act on:\n{}",
                observation.som_text
            ),
            _ => observation.som_text.clone(),
        };
        let mut parts = vec![ContentPart::Text(prompt::turn(
            &self.intent,
            &observation.url,
            &observation.tab_header,
            &page,
            turn.previous_actions,
        ))];
        if !self.input_images.is_empty() {
            parts.push(ContentPart::Text("Images given with the objective:".into()));
            parts.extend(self.input_images.iter().cloned());
        }
        let screenshot = match kind {
            ObservationKind::Som => observation.screenshot.as_ref(),
            ObservationKind::Screenshot => observation.clean_screenshot.as_ref(),
            ObservationKind::Axtree | ObservationKind::Text => None,
        };
        if let Some(encoded) = screenshot {
            parts.push(ContentPart::Text("The current page:".into()));
            parts.push(ContentPart::ImageUrl(format!(
                "data:{};base64,{encoded}",
                observation.screenshot_mime
            )));
        }
        let messages = [
            ChatMessage::system(self.agent.system.clone()),
            ChatMessage::user(parts),
        ];
        let reply = self
            .agent
            .client
            .complete(&messages, self.agent.settings.sampling)
            .await?;
        Ok(Reply {
            text: reply.content,
            usage: reply.usage,
        })
    }
}
