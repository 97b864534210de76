//! The built-in model agent: each turn one chat-completions request with the prompt, the
//! task's input images and the screenshot; the reply goes to the environment as it is (the
//! action parser tolerates prose and fences).

use super::prompt;
use super::{ObservationKind, Reply, Turn};
use crate::env::TaskContext;
use crate::run::error::RunError;
use crate::trajectory::{PromptMessage, PromptPart, ShotKind};
use evaluators::chat::{ChatClient, ChatConfig, ChatMessage, ContentPart, Sampling, Usage};
use evaluators::local_file::file_inside;
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

    /// The endpoint, model and key it uses.
    pub(super) fn chat_config(&self) -> &ChatConfig {
        &self.settings.chat
    }

    /// How it samples.
    pub(super) fn sampling(&self) -> Sampling {
        self.settings.sampling
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
        // Local files are copied beside the trajectory in order, so they are named by their
        // position among the local ones.
        let mut recorded_inputs = Vec::new();
        let mut local = 0;
        for image in task.task.input_images() {
            recorded_inputs.push(match &image {
                InputImage::Url(url) => PromptPart::ImageUrl { url: url.clone() },
                InputImage::File(_) => {
                    local += 1;
                    PromptPart::InputImage { index: local - 1 }
                }
            });
            input_images.push(match image {
                InputImage::Url(url) => ContentPart::ImageUrl(url),
                InputImage::File(name) => {
                    let path = file_inside(&task.dir, &name)
                        .map_err(|refused| RunError::Task(format!("input image: {refused}")))?;
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
            recorded_inputs,
        })
    }
}

/// A user message as sent and as recorded, built in step.
#[derive(Debug, Default)]
struct TurnParts {
    parts: Vec<ContentPart>,
    content: Vec<PromptPart>,
}

impl TurnParts {
    fn text(&mut self, text: String) {
        self.content.push(PromptPart::Text { text: text.clone() });
        self.parts.push(ContentPart::Text(text));
    }

    fn image(&mut self, image: ContentPart, recorded: PromptPart) {
        self.parts.push(image);
        self.content.push(recorded);
    }
}

/// The model agent on one task.
#[derive(Debug)]
pub struct TaskConversation {
    agent: OpenAiAgent,
    intent: String,
    input_images: Vec<ContentPart>,
    /// The input images as the trajectory names them, in the same order.
    recorded_inputs: Vec<PromptPart>,
}

impl TaskConversation {
    /// Asks the model for the next action.
    pub async fn act(&self, turn: &Turn<'_>) -> Result<Reply, RunError> {
        let (messages, prompt) = self.messages(turn.observation, turn.previous_actions);
        let reply = self
            .agent
            .client
            .complete(&messages, self.agent.settings.sampling)
            .await?;
        Ok(Reply {
            text: reply.content,
            usage: reply.usage,
            prompt,
        })
    }

    /// The request of one turn — the system rules, then the turn's text and images — and
    /// the same messages as the trajectory keeps them (images by reference).
    fn messages(
        &self,
        observation: &crate::api::ObservationBody,
        previous_actions: &[String],
    ) -> ([ChatMessage; 2], Vec<PromptMessage>) {
        let kind = self.agent.settings.observation;
        let page = match (kind, &observation.axtree) {
            (ObservationKind::Axtree, Some(tree)) => format!(
                "{tree}\n\nElements you can act on:\n{}",
                observation.som_text
            ),
            _ => observation.som_text.clone(),
        };
        let page = if observation.page_errors.is_empty() {
            page
        } else {
            format!(
                "{page}\n\nErrors the page reported:\n{}",
                observation.page_errors.join("\n")
            )
        };
        let mut turn = TurnParts::default();
        turn.text(prompt::turn(
            &self.intent,
            &observation.url,
            &observation.tab_header,
            &page,
            previous_actions,
        ));
        if !self.input_images.is_empty() {
            turn.text("Images given with the objective:".into());
            for (image, recorded) in self.input_images.iter().zip(&self.recorded_inputs) {
                turn.image(image.clone(), recorded.clone());
            }
        }
        let screenshot = match kind {
            ObservationKind::Som => observation
                .screenshot
                .as_ref()
                .map(|shot| (shot, ShotKind::Som)),
            ObservationKind::Screenshot => observation
                .clean_screenshot
                .as_ref()
                .map(|shot| (shot, ShotKind::Clean)),
            ObservationKind::Axtree | ObservationKind::Text => None,
        };
        if let Some((encoded, kind)) = screenshot {
            turn.text("The current page:".into());
            turn.image(
                ContentPart::ImageUrl(format!(
                    "data:{};base64,{encoded}",
                    observation.screenshot_mime
                )),
                PromptPart::Screenshot { kind },
            );
        }
        let TurnParts { parts, content } = turn;
        let system = self.agent.system.clone();
        let record = vec![
            PromptMessage {
                role: "system".into(),
                content: vec![PromptPart::Text {
                    text: system.clone(),
                }],
            },
            PromptMessage {
                role: "user".into(),
                content,
            },
        ];
        (
            [ChatMessage::system(system), ChatMessage::user(parts)],
            record,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn conversation(
        observation: ObservationKind,
        input_images: Vec<ContentPart>,
    ) -> TaskConversation {
        let agent = OpenAiAgent::new(OpenAiSettings {
            chat: ChatConfig::new("http://127.0.0.1:1/v1", "m"),
            observation,
            sampling: Sampling {
                temperature: 0.0,
                top_p: 1.0,
                max_tokens: 10,
            },
            prices: Some(Prices {
                input: 2.0,
                output: 8.0,
            }),
        })
        .unwrap();
        let recorded_inputs = (0..input_images.len())
            .map(|index| PromptPart::InputImage { index })
            .collect();
        TaskConversation {
            agent,
            intent: "Find the red bike.".into(),
            input_images,
            recorded_inputs,
        }
    }

    fn observation() -> crate::api::ObservationBody {
        serde_json::from_value(json!({
            "url": "http://x/", "title": "X", "tabs": [], "tab_header": "Tab 0 (current): X",
            "elements": [], "som_text": "[1] [A] [Home]", "axtree": "[7] link 'Home'",
            "screenshot": "U09N", "clean_screenshot": "Q0xFQU4=", "screenshot_mime": "image/png",
            "blocked_url": null, "viewport": {"width": 1280, "height": 2048},
            "scroll": {"x": 0.0, "y": 0.0, "height": 2048.0}, "timings": {"som_ms": 0.0, "som_script_ms": 0.0, "capture_ms": 0.0, "extras_ms": 0.0, "total_ms": 0.0},
            "intent": null,
            "input_images": []
        }))
        .unwrap()
    }

    fn images(message: &ChatMessage) -> Vec<String> {
        message
            .parts
            .iter()
            .filter_map(|part| match part {
                ContentPart::ImageUrl(url) => Some(url.clone()),
                ContentPart::Image { mime, .. } => Some(mime.clone()),
                ContentPart::Text(_) => None,
            })
            .collect()
    }

    fn text(message: &ChatMessage) -> String {
        message
            .parts
            .iter()
            .filter_map(|part| match part {
                ContentPart::Text(text) => Some(text.as_str()),
                _ => None,
            })
            .collect::<Vec<_>>()
            .join("\n")
    }

    #[test]
    fn each_observation_kind_sends_what_it_names() {
        let body = observation();
        let [system, user] = conversation(ObservationKind::Som, vec![])
            .messages(&body, &[])
            .0;
        assert!(text(&system).contains("numbered box"));
        assert_eq!(images(&user), ["data:image/png;base64,U09N"]);
        assert!(text(&user).contains("OBJECTIVE: Find the red bike."));
        let [_, user] = conversation(ObservationKind::Screenshot, vec![])
            .messages(&body, &[])
            .0;
        assert_eq!(images(&user), ["data:image/png;base64,Q0xFQU4="]);
        let [_, user] = conversation(ObservationKind::Axtree, vec![])
            .messages(&body, &[])
            .0;
        assert!(images(&user).is_empty());
        assert!(
            text(&user).contains("[7] link 'Home'\n\nElements you can act on:\n[1] [A] [Home]")
        );
        let input = ContentPart::Image {
            mime: "image/jpeg".into(),
            bytes: vec![1],
        };
        let text_only = conversation(ObservationKind::Text, vec![input]);
        let ([_, user], record) = text_only.messages(&body, &["click [1]".into()]);
        assert_eq!(
            record[1].content[1..],
            [
                PromptPart::Text {
                    text: "Images given with the objective:".into()
                },
                PromptPart::InputImage { index: 0 }
            ],
            "the recorded prompt names the input image where it was sent"
        );
        assert_eq!(images(&user), ["image/jpeg"], "input images, no screenshot");
        assert!(text(&user).contains("PREVIOUS ACTIONS:\n1. click [1]"));
        let cost = text_only.agent.cost(evaluators::chat::Usage {
            prompt_tokens: 1_000_000,
            completion_tokens: 500_000,
        });
        assert_eq!(cost, Some(6.0));
    }
}
