//! LLM judges over an OpenAI-compatible chat-completions API: a text judge (fuzzy answer
//! match, unachievable-reason match) and a vision judge (questions about page images).
//!
//! Replies must be in the judge's answer vocabulary; anything else is a [`JudgeError`], never
//! a silent score. Verdicts are cached on disk so re-evaluation is free and deterministic.
//!
//! Beside them, [`truth`] is the ground-truth judge: questions about pictures Agora drew,
//! answered from their spec with no model.

mod cache;
mod client;
mod prompt;
pub mod truth;

pub use cache::VerdictCache;
pub use client::JudgeClient;

use crate::chat::{ChatConfig, ChatError};
use std::path::PathBuf;

/// How to reach one judge model: the chat endpoint, and where verdicts are cached.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct JudgeConfig {
    /// The model's endpoint, timeout and retries.
    pub chat: ChatConfig,
    /// Directory of cached verdicts (none: no cache).
    pub cache_dir: Option<PathBuf>,
}

impl JudgeConfig {
    /// A config with VWA-like defaults (60 s timeout, 4 retries from 1 s, no cache).
    pub fn new(base_url: impl Into<String>, model: impl Into<String>) -> Self {
        JudgeConfig {
            chat: ChatConfig::new(base_url, model),
            cache_dir: None,
        }
    }
}

/// Why a judge gave no verdict.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum JudgeError {
    /// The API key variable named in the config is not set.
    #[error("environment variable {0} (the judge's API key) is not set")]
    MissingApiKey(String),
    /// The server answered with an error status (after retries).
    #[error("judge server answered HTTP {status}: {body}")]
    Http {
        /// Status code.
        status: u16,
        /// Response body (truncated).
        body: String,
    },
    /// No answer within the timeout (after retries).
    #[error("judge request timed out")]
    Timeout,
    /// The request could not be sent or the answer not read.
    #[error("judge request failed: {0}")]
    Transport(String),
    /// The answer is not a chat completion.
    #[error("judge answer is malformed: {0}")]
    Malformed(String),
    /// The model refused.
    #[error("judge refused: {0}")]
    Refused(String),
    /// The reply is not one of the expected words.
    #[error("judge replied {reply:?}, expected one of {expected}")]
    OutOfVocabulary {
        /// The reply.
        reply: String,
        /// The vocabulary.
        expected: &'static str,
    },
    /// The verdict cache could not be read or written.
    #[error("judge cache error at {path}: {message}")]
    Cache {
        /// The cache file.
        path: PathBuf,
        /// What went wrong.
        message: String,
    },
}

impl From<ChatError> for JudgeError {
    fn from(error: ChatError) -> Self {
        match error {
            ChatError::MissingApiKey(name) => JudgeError::MissingApiKey(name),
            ChatError::Http { status, body } => JudgeError::Http { status, body },
            ChatError::Timeout => JudgeError::Timeout,
            ChatError::Malformed(message) => JudgeError::Malformed(message),
            ChatError::Refused(message) => JudgeError::Refused(message),
            ChatError::Unreachable(message) | ChatError::Transport(message) => {
                JudgeError::Transport(message)
            }
        }
    }
}

impl JudgeError {
    /// Whether the reply was outside the answer vocabulary.
    pub fn is_out_of_vocabulary(&self) -> bool {
        matches!(self, JudgeError::OutOfVocabulary { .. })
    }

    /// Whether the request timed out.
    pub fn is_timeout(&self) -> bool {
        matches!(self, JudgeError::Timeout)
    }
}

/// A text judge's verdict on an answer against a reference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FuzzyVerdict {
    /// Means the same as the reference.
    Correct,
    /// Partly right (scores 0, as in VWA).
    PartiallyCorrect,
    /// Wrong.
    Incorrect,
}

/// The configured judges; either may be absent, making judge-backed checks `needs_judge`.
#[derive(Debug, Clone, Default)]
pub struct Judges {
    /// Judge for fuzzy answers and unachievable reasons.
    pub text: Option<JudgeClient>,
    /// Judge for questions about images.
    pub vision: Option<JudgeClient>,
    /// In `vwa` mode, answer visual questions about pictures Agora drew with the
    /// ground-truth judge ([`truth`]) instead of the vision model (`correct` always does).
    pub truth_in_vwa: bool,
}

impl Judges {
    /// No judges configured.
    pub fn none() -> Self {
        Judges::default()
    }

    /// Builds clients from configs.
    pub fn from_configs(
        text: Option<JudgeConfig>,
        vision: Option<JudgeConfig>,
    ) -> Result<Self, JudgeError> {
        Ok(Judges {
            text: text.map(JudgeClient::new).transpose()?,
            vision: vision.map(JudgeClient::new).transpose()?,
            truth_in_vwa: false,
        })
    }
}

/// Normalises a reply for vocabulary matching: lower-case, trimmed of spaces, quotes,
/// markdown emphasis and final punctuation.
pub fn normalize_reply(reply: &str) -> String {
    reply
        .trim()
        .trim_matches(|c: char| {
            c.is_whitespace() || matches!(c, '"' | '\'' | '*' | '`' | '.' | '!')
        })
        .to_lowercase()
}

impl JudgeClient {
    /// Grades `answer` against `reference` for `question` (VWA's `llm_fuzzy_match`).
    pub async fn fuzzy_match(
        &self,
        answer: &str,
        reference: &str,
        question: &str,
    ) -> Result<FuzzyVerdict, JudgeError> {
        let reply = self
            .complete(&prompt::fuzzy_match(answer, reference, question), &[])
            .await?;
        match normalize_reply(&reply).as_str() {
            "correct" => Ok(FuzzyVerdict::Correct),
            "partially correct" => Ok(FuzzyVerdict::PartiallyCorrect),
            "incorrect" => Ok(FuzzyVerdict::Incorrect),
            _ => Err(JudgeError::OutOfVocabulary {
                reply,
                expected: "correct, partially correct, incorrect",
            }),
        }
    }

    /// Whether the agent's reason for giving up matches the actual one (VWA's `llm_ua_match`).
    pub async fn unachievable_reason_match(
        &self,
        reported_reason: &str,
        actual_reason: &str,
        task: &str,
    ) -> Result<bool, JudgeError> {
        let reply = self
            .complete(
                &prompt::unachievable_reason(reported_reason, actual_reason, task),
                &[],
            )
            .await?;
        match normalize_reply(&reply).as_str() {
            "same" => Ok(true),
            "different" => Ok(false),
            _ => Err(JudgeError::OutOfVocabulary {
                reply,
                expected: "same, different",
            }),
        }
    }

    /// Asks a question about one PNG image; returns the raw reply.
    pub async fn visual_question(&self, png: &[u8], question: &str) -> Result<String, JudgeError> {
        let reply = self
            .complete(&prompt::visual_question(question), &[png])
            .await?;
        if normalize_reply(&reply).is_empty() {
            return Err(JudgeError::OutOfVocabulary {
                reply,
                expected: "a short answer",
            });
        }
        Ok(reply)
    }
}
