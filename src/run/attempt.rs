//! One attempt at one task: start an episode, let the agent act until it stops or an early-stop
//! rule fires, evaluate, close. Recorded step by step in the task's trajectory folder.

use super::agent::{Agent, Turn};
use super::backend::Backend;
use super::error::RunError;
use super::results::StopReason;
use super::trajectory::{TrajectoryWriter, Turn as Recorded};
use crate::api::StepResponse;
use crate::env::{EpisodeId, TaskContext};
use evaluators::chat::Usage;
use evaluators::{EvalMode, Evaluation};
use std::time::Instant;

/// When an episode is cut short (VWA's rules and defaults).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StepLimits {
    /// Most actions per task (VWA: 30).
    pub max_steps: usize,
    /// Replies in a row without a parsable action (VWA: 3).
    pub max_parse_failures: usize,
    /// The same action this many times in a row, or the same `type` this many times in all
    /// (VWA: 5).
    pub max_repeats: usize,
}

impl Default for StepLimits {
    fn default() -> Self {
        Self {
            max_steps: 30,
            max_parse_failures: 3,
            max_repeats: 5,
        }
    }
}

/// What a finished attempt produced.
#[derive(Debug)]
pub struct Finished {
    /// Why the episode ended.
    pub stop_reason: StopReason,
    /// The stop answer.
    pub answer: Option<String>,
    /// Environment time of each step, in milliseconds.
    pub step_ms: Vec<u64>,
    /// Tokens used, when the model reported them.
    pub tokens: Option<Usage>,
    /// The evaluation.
    pub evaluation: Evaluation,
}

/// Error codes of step results that mean the browser, not the agent, failed.
const INFRASTRUCTURE_CODES: [&str; 2] = ["browser_lost", "browser_error"];

/// Runs `task` once with `agent` and evaluates the end state.
pub async fn attempt(
    backend: &dyn Backend,
    agent: &Agent,
    task: &TaskContext,
    limits: StepLimits,
    eval_mode: Option<EvalMode>,
    writer: &mut TrajectoryWriter,
) -> Result<Finished, RunError> {
    let mut task_agent = agent.begin(task)?;
    let (id, observation) = backend
        .start(task, agent.observation().observe_options())
        .await?;
    let driven = drive(backend, &mut task_agent, &id, observation, limits, writer).await;
    let finished = match driven {
        Ok(driven) => backend
            .evaluate(&id, eval_mode)
            .await
            .map(|evaluation| Finished {
                stop_reason: driven.stop_reason,
                answer: driven.answer,
                step_ms: driven.step_ms,
                tokens: driven.tokens,
                evaluation,
            }),
        Err(error) => Err(error),
    };
    backend.close(&id).await;
    finished
}

struct Driven {
    stop_reason: StopReason,
    answer: Option<String>,
    step_ms: Vec<u64>,
    tokens: Option<Usage>,
}

async fn drive(
    backend: &dyn Backend,
    task_agent: &mut super::agent::TaskAgent,
    id: &EpisodeId,
    mut observation: crate::api::ObservationBody,
    limits: StepLimits,
    writer: &mut TrajectoryWriter,
) -> Result<Driven, RunError> {
    writer.start(&observation).await?;
    let mut previous_actions: Vec<String> = Vec::new();
    let mut understood: Vec<Option<String>> = Vec::new();
    let mut step_ms = Vec::new();
    let mut tokens: Option<Usage> = None;
    loop {
        if understood.len() >= limits.max_steps {
            return Ok(Driven {
                stop_reason: StopReason::MaxSteps,
                answer: None,
                step_ms,
                tokens,
            });
        }
        let asked = Instant::now();
        let reply = task_agent
            .act(Turn {
                backend,
                episode: id,
                observation: &observation,
                previous_actions: &previous_actions,
            })
            .await?;
        if let Some(usage) = reply.usage {
            tokens.get_or_insert_with(Usage::default).add(usage);
        }
        let acted = Instant::now();
        let response: StepResponse = backend.step(id, &reply.text).await?;
        let elapsed = acted.elapsed().as_millis() as u64;
        step_ms.push(elapsed);
        if let Some(error) = &response.error
            && INFRASTRUCTURE_CODES.contains(&error.error.as_str())
        {
            return Err(RunError::Infrastructure(error.message.clone()));
        }
        previous_actions.push(describe(&reply.text, &response));
        understood.push(response.action.clone());
        writer
            .step(
                Recorded {
                    prompt: reply.prompt,
                    reply: reply.text,
                    agent_ms: (acted - asked).as_millis() as u64,
                    step_ms: elapsed,
                    tokens: reply.usage,
                },
                &response,
            )
            .await?;
        if response.done {
            return match response.answer {
                Some(answer) => Ok(Driven {
                    stop_reason: StopReason::Answered,
                    answer: Some(answer),
                    step_ms,
                    tokens,
                }),
                None => Err(RunError::Infrastructure(
                    "the episode ended without an answer (its browser is gone)".into(),
                )),
            };
        }
        if let Some(next) = response.observation {
            observation = next;
        }
        if let Some(stop_reason) = early_stop(&understood, limits) {
            return Ok(Driven {
                stop_reason,
                answer: None,
                step_ms,
                tokens,
            });
        }
    }
}

/// How an earlier action is shown to the agent: as understood, with a refusal's reason. A
/// WebUI file write is shown by its size: the file would fill the prompt on every turn, and
/// the agent sees its page.
fn describe(reply: &str, response: &StepResponse) -> String {
    let action = response.action.clone().map(brief).unwrap_or_else(|| {
        let first_line = reply.trim().lines().next().unwrap_or("").trim();
        format!(
            "(unparsable reply: {})",
            first_line.chars().take(80).collect::<String>()
        )
    });
    match &response.error {
        Some(error) if response.action.is_some() => {
            format!("{action} (refused: {})", error.message)
        }
        _ => action,
    }
}

/// `write_html [<2,431 characters>]` for a file write; any other action as it is.
fn brief(action: String) -> String {
    match action.split_once(" [") {
        Some((keyword, rest))
            if matches!(keyword, "write_html" | "write_css" | "write_javascript") =>
        {
            let content = rest.strip_suffix(']').unwrap_or(rest);
            format!("{keyword} [<{} characters>]", content.chars().count())
        }
        _ => action,
    }
}

/// VWA's early-stop rules over the actions so far (None = a reply that did not parse).
fn early_stop(actions: &[Option<String>], limits: StepLimits) -> Option<StopReason> {
    let parse_window = limits.max_parse_failures.max(1);
    if actions.len() >= parse_window
        && actions[actions.len() - parse_window..]
            .iter()
            .all(Option::is_none)
    {
        return Some(StopReason::InvalidActions);
    }
    let last = actions.last()?.as_ref()?;
    let repeats = limits.max_repeats.max(1);
    let repeated = if last.starts_with("type ") {
        actions
            .iter()
            .filter(|action| action.as_ref() == Some(last))
            .count()
            >= repeats
    } else {
        actions.len() >= repeats
            && actions[actions.len() - repeats..]
                .iter()
                .all(|action| action.as_ref() == Some(last))
    };
    repeated.then_some(StopReason::RepeatedAction)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn file_writes_are_listed_by_size_other_actions_as_they_are() {
        assert_eq!(
            brief("write_css [body {\n  margin: 0;\n}]".into()),
            "write_css [<21 characters>]"
        );
        assert_eq!(brief("click [12]".into()), "click [12]");
        assert_eq!(brief("refresh".into()), "refresh");
    }

    fn actions(list: &[Option<&str>]) -> Vec<Option<String>> {
        list.iter()
            .map(|action| action.map(str::to_owned))
            .collect()
    }

    #[test]
    fn early_stop_follows_vwa_rules() {
        let limits = StepLimits {
            max_steps: 30,
            max_parse_failures: 3,
            max_repeats: 3,
        };
        assert_eq!(early_stop(&actions(&[None, None]), limits), None);
        assert_eq!(
            early_stop(&actions(&[Some("click [1]"), None, None, None]), limits),
            Some(StopReason::InvalidActions)
        );
        assert_eq!(
            early_stop(&actions(&[None, Some("click [1]"), None, None]), limits),
            None,
            "failures must be consecutive"
        );
        let same = actions(&[Some("click [1]"), Some("click [1]"), Some("click [1]")]);
        assert_eq!(early_stop(&same, limits), Some(StopReason::RepeatedAction));
        let broken = actions(&[Some("click [1]"), Some("scroll [down]"), Some("click [1]")]);
        assert_eq!(early_stop(&broken, limits), None);
        let typing = actions(&[
            Some("type [3] [bike] [1]"),
            Some("click [1]"),
            Some("type [3] [bike] [1]"),
            Some("click [2]"),
            Some("type [3] [bike] [1]"),
        ]);
        assert_eq!(
            early_stop(&typing, limits),
            Some(StopReason::RepeatedAction),
            "the same typing counts over the whole episode"
        );
    }
}
