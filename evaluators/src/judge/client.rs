//! The chat-completions client: one request per verdict, cached, retried with backoff.

use super::cache::VerdictCache;
use super::prompt::SYSTEM;
use super::{JudgeConfig, JudgeError};
use base64::Engine as _;
use serde_json::{Value, json};
use std::time::Duration;

/// A judge model behind an OpenAI-compatible `/chat/completions` endpoint.
#[derive(Debug, Clone)]
pub struct JudgeClient {
    config: JudgeConfig,
    api_key: Option<String>,
    http: reqwest::Client,
    cache: Option<VerdictCache>,
}

/// Longest backoff wait, whatever the attempt number.
const MAX_BACKOFF: Duration = Duration::from_secs(30);

/// Waits before retry `attempt` (0-based): `base × 2^attempt`, capped. The only timed wait in
/// the judge: a bounded pause between retries of a rate-limited or failing request.
async fn backoff(base: Duration, attempt: u32) {
    let factor = 2u32.saturating_pow(attempt);
    let wait = base.saturating_mul(factor).min(MAX_BACKOFF);
    tokio::time::sleep_until(tokio::time::Instant::now() + wait).await;
}

enum Attempt {
    Done(String),
    Retry(JudgeError),
    Fail(JudgeError),
}

impl JudgeClient {
    /// Builds a client; fails if the API key variable is named but unset.
    pub fn new(config: JudgeConfig) -> Result<Self, JudgeError> {
        let api_key = match &config.api_key_env {
            Some(name) => {
                Some(std::env::var(name).map_err(|_| JudgeError::MissingApiKey(name.clone()))?)
            }
            None => None,
        };
        let http = reqwest::Client::builder()
            .timeout(config.timeout)
            .build()
            .map_err(|error| JudgeError::Transport(error.to_string()))?;
        let cache = config.cache_dir.clone().map(VerdictCache::new);
        Ok(JudgeClient {
            config,
            api_key,
            http,
            cache,
        })
    }

    /// The judge's model name.
    pub fn model(&self) -> &str {
        &self.config.model
    }

    /// Sends one user message (with PNG images attached) and returns the reply text.
    pub async fn complete(&self, prompt: &str, images: &[&[u8]]) -> Result<String, JudgeError> {
        let key = VerdictCache::key(&self.config.model, SYSTEM, prompt, images);
        if let Some(cache) = &self.cache
            && let Some(reply) = cache.get(&key)?
        {
            return Ok(reply);
        }
        let body = self.request_body(prompt, images);
        let mut attempt = 0;
        let reply = loop {
            match self.attempt(&body).await {
                Attempt::Done(reply) => break reply,
                Attempt::Fail(error) => return Err(error),
                Attempt::Retry(error) if attempt >= self.config.max_retries => return Err(error),
                Attempt::Retry(_) => {
                    backoff(self.config.backoff_base, attempt).await;
                    attempt += 1;
                }
            }
        };
        if let Some(cache) = &self.cache {
            cache.put(&key, &reply)?;
        }
        Ok(reply)
    }

    fn request_body(&self, prompt: &str, images: &[&[u8]]) -> Value {
        let user_content = if images.is_empty() {
            Value::from(prompt)
        } else {
            let mut parts = vec![json!({"type": "text", "text": prompt})];
            parts.extend(images.iter().map(|png| {
                let encoded = base64::engine::general_purpose::STANDARD.encode(png);
                json!({"type": "image_url", "image_url": {"url": format!("data:image/png;base64,{encoded}")}})
            }));
            Value::from(parts)
        };
        json!({
            "model": self.config.model,
            "messages": [
                {"role": "system", "content": SYSTEM},
                {"role": "user", "content": user_content},
            ],
            "temperature": 0,
            "max_tokens": 768,
            "top_p": 1.0,
        })
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
            Err(error) if error.is_timeout() => return Attempt::Retry(JudgeError::Timeout),
            Err(error) => return Attempt::Retry(JudgeError::Transport(error.to_string())),
        };
        let status = response.status();
        let text = match response.text().await {
            Ok(text) => text,
            Err(error) if error.is_timeout() => return Attempt::Retry(JudgeError::Timeout),
            Err(error) => return Attempt::Retry(JudgeError::Transport(error.to_string())),
        };
        if !status.is_success() {
            let error = JudgeError::Http {
                status: status.as_u16(),
                body: text.chars().take(500).collect(),
            };
            let transient = status.as_u16() == 429 || status.is_server_error();
            return if transient {
                Attempt::Retry(error)
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

/// Extracts `choices[0].message.content` from a chat-completions response.
fn parse_reply(text: &str) -> Result<String, JudgeError> {
    let value: Value = serde_json::from_str(text)
        .map_err(|error| JudgeError::Malformed(format!("not JSON: {error}")))?;
    let message = value
        .get("choices")
        .and_then(|choices| choices.get(0))
        .and_then(|choice| choice.get("message"))
        .ok_or_else(|| JudgeError::Malformed("no choices[0].message".into()))?;
    if let Some(refusal) = message.get("refusal").and_then(Value::as_str)
        && !refusal.is_empty()
    {
        return Err(JudgeError::Refused(refusal.to_owned()));
    }
    message
        .get("content")
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or_else(|| JudgeError::Malformed("choices[0].message.content is not text".into()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_replies_refusals_and_garbage() {
        assert_eq!(
            parse_reply(
                r#"{"choices":[{"message":{"role":"assistant","content":"same","refusal":null}}]}"#
            )
            .unwrap(),
            "same"
        );
        assert!(matches!(
            parse_reply(r#"{"choices":[{"message":{"content":null,"refusal":"I can't"}}]}"#),
            Err(JudgeError::Refused(_))
        ));
        assert!(matches!(
            parse_reply(r#"{"choices":[]}"#),
            Err(JudgeError::Malformed(_))
        ));
        assert!(matches!(
            parse_reply("<html>"),
            Err(JudgeError::Malformed(_))
        ));
    }
}
