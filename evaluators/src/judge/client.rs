//! The judge's client: one chat request per verdict (through [`crate::chat`]), cached.

use super::cache::VerdictCache;
use super::prompt::SYSTEM;
use super::{JudgeConfig, JudgeError};
use crate::chat::{ChatClient, ChatMessage, ContentPart, Sampling};

/// A judge model behind an OpenAI-compatible `/chat/completions` endpoint.
#[derive(Debug, Clone)]
pub struct JudgeClient {
    chat: ChatClient,
    cache: Option<VerdictCache>,
}

/// Judges answer deterministically and briefly.
const JUDGE_SAMPLING: Sampling = Sampling {
    temperature: 0.0,
    top_p: 1.0,
    max_tokens: 768,
};

impl JudgeClient {
    /// Builds a client; fails if the API key variable is named but unset.
    pub fn new(config: JudgeConfig) -> Result<Self, JudgeError> {
        Ok(JudgeClient {
            chat: ChatClient::new(config.chat)?,
            cache: config.cache_dir.map(VerdictCache::new),
        })
    }

    /// The judge's model name.
    pub fn model(&self) -> &str {
        self.chat.model()
    }

    /// Sends one user message (with PNG images attached) and returns the reply text.
    pub async fn complete(&self, prompt: &str, images: &[&[u8]]) -> Result<String, JudgeError> {
        let key = VerdictCache::key(self.chat.model(), SYSTEM, prompt, images);
        if let Some(cache) = &self.cache
            && let Some(reply) = cache.get(&key)?
        {
            return Ok(reply);
        }
        let mut parts = vec![ContentPart::Text(prompt.to_owned())];
        parts.extend(images.iter().map(|png| ContentPart::Image {
            mime: "image/png".into(),
            bytes: png.to_vec(),
        }));
        let messages = [ChatMessage::system(SYSTEM), ChatMessage::user(parts)];
        let reply = self.chat.complete(&messages, JUDGE_SAMPLING).await?.content;
        if let Some(cache) = &self.cache {
            cache.put(&key, &reply)?;
        }
        Ok(reply)
    }
}
