//! The check before a run's first episode that the model endpoint answers: one short
//! chat-completions request with the run's key, model and sampling. A missing or refused key,
//! a server that is not there, a wrong URL or model, or a reply that is not a chat completion
//! stops the run with one message saying what to fix, instead of failing every task.

use super::openai::OpenAiAgent;
use crate::run::error::RunError;
use evaluators::chat::{ChatClient, ChatConfig, ChatError, ChatMessage, ContentPart};
use std::time::Duration;

/// The host that needs a key (the default `--base-url`).
const OPENAI_HOST: &str = "api.openai.com";

/// Longest the check waits for the model's answer.
const PREFLIGHT_TIMEOUT: Duration = Duration::from_secs(60);

impl OpenAiAgent {
    /// Sends one short request to the endpoint; `Err` says why the run cannot use it.
    pub async fn preflight(&self) -> Result<(), RunError> {
        let config = self.chat_config();
        let endpoint = format!("{}/chat/completions", config.base_url.trim_end_matches('/'));
        let refused =
            |why: String| RunError::Endpoint(format!("{endpoint}: {why}; no task was run"));
        let needs_key =
            url::Url::parse(&config.base_url).is_ok_and(|url| url.host_str() == Some(OPENAI_HOST));
        if needs_key && config.api_key_env.is_none() {
            return Err(refused(
                "no API key: export OPENAI_API_KEY=sk-… (or name the variable with --api-key-env), or point --base-url at a local server".to_owned(),
            ));
        }
        // One attempt (a retry after a 5xx or 429), within a short time.
        let client = ChatClient::new(ChatConfig {
            max_retries: 1,
            timeout: config.timeout.min(PREFLIGHT_TIMEOUT),
            ..config.clone()
        })?;
        let probe = [
            ChatMessage::system("You are checked for being reachable before a run."),
            ChatMessage::user(vec![ContentPart::Text(
                "Reply with the word ready.".to_owned(),
            )]),
        ];
        let key = config.api_key_env.as_deref().unwrap_or("OPENAI_API_KEY");
        match client.complete(&probe, self.sampling()).await {
            Ok(_) | Err(ChatError::Refused(_)) => Ok(()),
            Err(ChatError::Http {
                status: status @ (401 | 403),
                body,
            }) => Err(refused(format!(
                "the server refused the API key (HTTP {status}: {body}); check ${key}"
            ))),
            Err(ChatError::Http { status: 404, body }) => Err(refused(format!(
                "HTTP 404 ({body}): --base-url should end with /v1, and --model `{}` must be one the server serves",
                config.model
            ))),
            Err(ChatError::Unreachable(why)) => Err(refused(format!(
                "nothing answers there ({why}): start the model server, or fix --base-url"
            ))),
            Err(ChatError::Malformed(why)) => Err(refused(format!(
                "the answer is not an OpenAI-compatible chat completion ({why}): point --base-url at a chat-completions endpoint"
            ))),
            Err(error) => Err(refused(error.to_string())),
        }
    }
}
