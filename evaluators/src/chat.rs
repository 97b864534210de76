//! The OpenAI-compatible chat-completions transport shared by the judges and by Agora's
//! built-in agent: one request with text and images, bounded retries with backoff on 429s,
//! 5xx answers, timeouts and connection errors, and the token usage the server reports.

use base64::Engine as _;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::time::Duration;

/// How to reach one model behind an OpenAI-compatible `/chat/completions` endpoint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatConfig {
    /// API base URL up to `/v1`, e.g. `https://api.openai.com/v1`; `/chat/completions` is appended.
    pub base_url: String,
    /// Model name sent in the request.
    pub model: String,
    /// Name of the environment variable holding the API key (none: no `Authorization` header).
    pub api_key_env: Option<String>,
    /// Time limit of one request.
    pub timeout: Duration,
    /// Retries after a 429, a 5xx, a timeout or a connection error.
    pub max_retries: u32,
    /// First backoff wait; doubles on each retry (a `Retry-After` answer overrides it).
    pub backoff_base: Duration,
}

impl ChatConfig {
    /// A config with defaults: 60 s timeout, 4 retries from 1 s, no API key.
    pub fn new(base_url: impl Into<String>, model: impl Into<String>) -> Self {
        ChatConfig {
            base_url: base_url.into(),
            model: model.into(),
            api_key_env: None,
            timeout: Duration::from_secs(60),
            max_retries: 4,
            backoff_base: Duration::from_secs(1),
        }
    }
}

/// Why a chat request gave no reply.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ChatError {
    /// The API key variable named in the config is not set.
    #[error("environment variable {0} (the API key) is not set")]
    MissingApiKey(String),
    /// The server answered with an error status (after retries).
    #[error("the model server answered HTTP {status}: {body}")]
    Http {
        /// Status code.
        status: u16,
        /// Response body (truncated).
        body: String,
    },
    /// No answer within the timeout (after retries).
    #[error("the model request timed out")]
    Timeout,
    /// Nothing answers at the endpoint (connection refused, no such host).
    #[error("cannot connect to the model server: {0}")]
    Unreachable(String),
    /// The request could not be sent or the answer not read.
    #[error("the model request failed: {0}")]
    Transport(String),
    /// The answer is not a chat completion.
    #[error("the model's answer is malformed: {0}")]
    Malformed(String),
    /// The model refused.
    #[error("the model refused: {0}")]
    Refused(String),
}

/// One part of a message: text or an image.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ContentPart {
    /// Text.
    Text(String),
    /// An encoded image, sent as a `data:` URL.
    Image {
        /// MIME type (`image/png`, `image/jpeg`).
        mime: String,
        /// The encoded bytes.
        bytes: Vec<u8>,
    },
    /// An image the server fetches itself.
    ImageUrl(String),
}

/// A chat message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatMessage {
    /// `system`, `user` or `assistant`.
    pub role: &'static str,
    /// Its parts, in order.
    pub parts: Vec<ContentPart>,
}

impl ChatMessage {
    /// A system message.
    pub fn system(text: impl Into<String>) -> Self {
        ChatMessage {
            role: "system",
            parts: vec![ContentPart::Text(text.into())],
        }
    }

    /// A user message made of parts.
    pub fn user(parts: Vec<ContentPart>) -> Self {
        ChatMessage {
            role: "user",
            parts,
        }
    }

    /// An earlier reply of the model.
    pub fn assistant(text: impl Into<String>) -> Self {
        ChatMessage {
            role: "assistant",
            parts: vec![ContentPart::Text(text.into())],
        }
    }

    /// The message in the wire format: plain text content when it is one text part.
    fn to_json(&self) -> Value {
        let content = match self.parts.as_slice() {
            [ContentPart::Text(text)] => Value::from(text.as_str()),
            parts => Value::from(
                parts
                    .iter()
                    .map(|part| match part {
                        ContentPart::Text(text) => json!({"type": "text", "text": text}),
                        ContentPart::Image { mime, bytes } => {
                            let encoded = base64::engine::general_purpose::STANDARD.encode(bytes);
                            json!({"type": "image_url", "image_url": {"url": format!("data:{mime};base64,{encoded}")}})
                        }
                        ContentPart::ImageUrl(url) => {
                            json!({"type": "image_url", "image_url": {"url": url}})
                        }
                    })
                    .collect::<Vec<_>>(),
            ),
        };
        json!({"role": self.role, "content": content})
    }
}

/// Sampling parameters of a request.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Sampling {
    /// Temperature.
    pub temperature: f64,
    /// Nucleus sampling mass.
    pub top_p: f64,
    /// Longest reply, in tokens.
    pub max_tokens: u32,
}

/// Tokens a request used, as the server reports them.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize, schemars::JsonSchema,
)]
pub struct Usage {
    /// Tokens of the prompt (images included).
    pub prompt_tokens: u64,
    /// Tokens of the reply.
    pub completion_tokens: u64,
}

impl Usage {
    /// Both counts added.
    pub fn add(&mut self, other: Usage) {
        self.prompt_tokens += other.prompt_tokens;
        self.completion_tokens += other.completion_tokens;
    }
}

/// A reply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ChatReply {
    /// The text of `choices[0].message.content`.
    pub content: String,
    /// Token usage, when the server reports it.
    pub usage: Option<Usage>,
    /// Requests sent, retries included.
    pub requests: u32,
}

/// Longest backoff wait, whatever the attempt number or `Retry-After`.
const MAX_BACKOFF: Duration = Duration::from_secs(60);

enum Attempt {
    Done(ChatReply),
    Retry(ChatError, Option<Duration>),
    Fail(ChatError),
}

/// An error with the chain of its causes (`error sending request …: connection refused`).
fn with_causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(cause) = source {
        text.push_str(&format!(": {cause}"));
        source = cause.source();
    }
    text
}

/// A client of one model.
#[derive(Debug, Clone)]
pub struct ChatClient {
    config: ChatConfig,
    api_key: Option<String>,
    http: reqwest::Client,
}

impl ChatClient {
    /// Builds a client; fails if the API key variable is named but unset.
    pub fn new(config: ChatConfig) -> Result<Self, ChatError> {
        let api_key = match &config.api_key_env {
            Some(name) => {
                Some(std::env::var(name).map_err(|_| ChatError::MissingApiKey(name.clone()))?)
            }
            None => None,
        };
        let http = reqwest::Client::builder()
            .timeout(config.timeout)
            .build()
            .map_err(|error| ChatError::Transport(error.to_string()))?;
        Ok(ChatClient {
            config,
            api_key,
            http,
        })
    }

    /// The model name.
    pub fn model(&self) -> &str {
        &self.config.model
    }

    /// Sends the messages and returns the reply, retrying transient failures.
    pub async fn complete(
        &self,
        messages: &[ChatMessage],
        sampling: Sampling,
    ) -> Result<ChatReply, ChatError> {
        let body = json!({
            "model": self.config.model,
            "messages": messages.iter().map(ChatMessage::to_json).collect::<Vec<_>>(),
            "temperature": sampling.temperature,
            "top_p": sampling.top_p,
            "max_tokens": sampling.max_tokens,
        });
        let mut retries = 0;
        loop {
            match self.attempt(&body).await {
                Attempt::Done(mut reply) => {
                    reply.requests = retries + 1;
                    return Ok(reply);
                }
                Attempt::Fail(error) => return Err(error),
                Attempt::Retry(error, _) if retries >= self.config.max_retries => {
                    return Err(error);
                }
                Attempt::Retry(error, asked) => {
                    tracing::debug!(%error, retry = retries + 1, "retrying a chat request");
                    backoff(
                        asked.unwrap_or_else(|| exponential(self.config.backoff_base, retries)),
                    )
                    .await;
                    retries += 1;
                }
            }
        }
    }

    async fn attempt(&self, body: &Value) -> Attempt {
        let url = format!(
            "{}/chat/completions",
            self.config.base_url.trim_end_matches('/')
        );
        let mut request = self.http.post(url).json(body);
        if let Some(key) = &self.api_key {
            request = request.bearer_auth(key);
        }
        let response = match request.send().await {
            Ok(response) => response,
            Err(error) if error.is_timeout() => return Attempt::Retry(ChatError::Timeout, None),
            Err(error) if error.is_connect() => {
                return Attempt::Retry(ChatError::Unreachable(with_causes(&error)), None);
            }
            Err(error) => return Attempt::Retry(ChatError::Transport(with_causes(&error)), None),
        };
        let status = response.status();
        let retry_after = response
            .headers()
            .get(reqwest::header::RETRY_AFTER)
            .and_then(|value| value.to_str().ok())
            .and_then(|value| value.trim().parse::<f64>().ok())
            .filter(|seconds| seconds.is_finite() && *seconds >= 0.0)
            .map(Duration::from_secs_f64);
        let text = match response.text().await {
            Ok(text) => text,
            Err(error) if error.is_timeout() => return Attempt::Retry(ChatError::Timeout, None),
            Err(error) => return Attempt::Retry(ChatError::Transport(error.to_string()), None),
        };
        if !status.is_success() {
            let error = ChatError::Http {
                status: status.as_u16(),
                body: text.chars().take(500).collect(),
            };
            let transient = status.as_u16() == 429 || status.is_server_error();
            return if transient {
                Attempt::Retry(error, retry_after)
            } else {
                Attempt::Fail(error)
            };
        }
        match parse_reply(&text) {
            Ok(reply) => Attempt::Done(reply),
            Err(error) => Attempt::Fail(error),
        }
    }
}

/// `base × 2^retry`.
fn exponential(base: Duration, retry: u32) -> Duration {
    base.saturating_mul(2u32.saturating_pow(retry))
}

/// Waits before a retry, at most [`MAX_BACKOFF`]. The only timed wait of the transport: a
/// bounded pause the rate limit (or a failing server) asks for, not a wait on page state.
async fn backoff(wait: Duration) {
    tokio::time::sleep_until(tokio::time::Instant::now() + wait.min(MAX_BACKOFF)).await;
}

/// Extracts `choices[0].message.content` and `usage` from a chat-completions response.
fn parse_reply(text: &str) -> Result<ChatReply, ChatError> {
    let value: Value = serde_json::from_str(text)
        .map_err(|error| ChatError::Malformed(format!("not JSON: {error}")))?;
    let message = value
        .get("choices")
        .and_then(|choices| choices.get(0))
        .and_then(|choice| choice.get("message"))
        .ok_or_else(|| ChatError::Malformed("no choices[0].message".into()))?;
    if let Some(refusal) = message.get("refusal").and_then(Value::as_str)
        && !refusal.is_empty()
    {
        return Err(ChatError::Refused(refusal.to_owned()));
    }
    let content = message
        .get("content")
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| ChatError::Malformed("choices[0].message.content is not text".into()))?;
    let usage = value
        .get("usage")
        .and_then(|usage| serde_json::from_value::<Usage>(usage.clone()).ok());
    Ok(ChatReply {
        content,
        usage,
        requests: 1,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_replies_usage_refusals_and_garbage() {
        let reply = parse_reply(
            r#"{"choices":[{"message":{"role":"assistant","content":"same","refusal":null}}],
                "usage":{"prompt_tokens":12,"completion_tokens":3,"total_tokens":15}}"#,
        )
        .unwrap();
        assert_eq!(reply.content, "same");
        assert_eq!(
            reply.usage,
            Some(Usage {
                prompt_tokens: 12,
                completion_tokens: 3
            })
        );
        assert!(matches!(
            parse_reply(r#"{"choices":[{"message":{"content":null,"refusal":"I can't"}}]}"#),
            Err(ChatError::Refused(_))
        ));
        assert!(matches!(
            parse_reply(r#"{"choices":[]}"#),
            Err(ChatError::Malformed(_))
        ));
        assert!(matches!(
            parse_reply("<html>"),
            Err(ChatError::Malformed(_))
        ));
    }

    #[test]
    fn messages_use_the_wire_format() {
        let text = ChatMessage::system("rules").to_json();
        assert_eq!(text, json!({"role": "system", "content": "rules"}));
        let mixed = ChatMessage::user(vec![
            ContentPart::Text("look".into()),
            ContentPart::Image {
                mime: "image/jpeg".into(),
                bytes: vec![1, 2, 3],
            },
        ])
        .to_json();
        assert_eq!(mixed["content"][0]["type"], "text");
        assert_eq!(
            mixed["content"][1]["image_url"]["url"],
            "data:image/jpeg;base64,AQID"
        );
    }

    #[test]
    fn backoff_doubles() {
        let base = Duration::from_millis(100);
        assert_eq!(exponential(base, 0), base);
        assert_eq!(exponential(base, 3), Duration::from_millis(800));
    }
}
