//! Runs a [`Plan`]: opens its episodes, replays and scores each run, and keys every result by
//! its [`Slot`].

use super::check::RunResult;
use super::plan::{Opening, Plan, Slot, StartStops};
use super::replay::{EpisodeLookup, ReplayError, ending_with_stop, gold_action, resolve_step};
use crate::env::{Environment, EpisodeHandle, TaskContext};
use crate::observe::{ObserveOptions, ScreenshotKind};
use evaluators::Evaluation;
use evaluators::task::GoldStep;
use std::collections::{BTreeMap, HashMap};
use std::sync::Arc;

/// What running a plan produced: every run's result, and the episodes it opened.
pub struct Executed {
    /// Each run's result.
    pub results: BTreeMap<Slot, RunResult>,
    /// Browser episodes opened.
    pub episodes: usize,
    /// Of those, the episodes opened at their run's first page.
    pub at_first_page: usize,
}

/// Runs `plan` for `task`: the gold's episode first, then every run still without a result
/// in an episode of its own.
pub async fn execute(
    env: &Environment,
    starts: &InertStarts,
    task: &TaskContext,
    plan: &Plan,
) -> Executed {
    let mut opener = Opener {
        env,
        task,
        starts,
        episodes: 0,
        at_first_page: 0,
    };
    let mut results = run_gold(&mut opener, plan).await;
    for (slot, opening) in &plan.alone {
        if !results.contains_key(slot) {
            let result = run_alone(&mut opener, *slot, opening).await;
            results.insert(*slot, result);
        }
    }
    Executed {
        results,
        episodes: opener.episodes,
        at_first_page: opener.at_first_page,
    }
}

/// The steps `slot` replays, ending with its `stop`.
fn steps_of(task: &TaskContext, slot: Slot) -> Result<Vec<GoldStep>, ReplayError> {
    match slot {
        Slot::Gold => super::gold_steps(&task.task),
        Slot::EmptyStop => Ok(vec![GoldStep {
            action: "stop".into(),
            target: None,
            answer: Some(String::new()),
            args: serde_json::Map::new(),
        }]),
        Slot::Decoy(index) => {
            let decoy = task
                .task
                .agora
                .iter()
                .flat_map(|agora| &agora.decoys)
                .nth(index)
                .ok_or_else(|| ReplayError::BadStep {
                    step: 0,
                    message: format!("the task has no decoy {index}"),
                })?;
            ending_with_stop(decoy.steps.clone(), "decoy")
        }
    }
}

/// Runs the gold's episode: the stops at its start, the gold, then the decoys after it while
/// the sites' state stays the start's. Runs whose place fell through have no result.
async fn run_gold(opener: &mut Opener<'_>, plan: &Plan) -> BTreeMap<Slot, RunResult> {
    let mut results = BTreeMap::new();
    let planned = &plan.gold;
    let steps = match steps_of(opener.task, Slot::Gold) {
        Ok(steps) => steps,
        Err(error) => {
            results.insert(Slot::Gold, RunResult::Broken(error.to_string()));
            return results;
        }
    };
    let (mut episode, mut done) = match opener.open(&planned.opening).await {
        Ok(opened) => opened,
        Err(broken) => {
            results.insert(Slot::Gold, broken);
            return results;
        }
    };
    let initial = episode.state_stamp().await.ok().flatten();
    let unchanged = |now: Option<crate::env::StateStamp>| {
        now.zip(initial.as_ref())
            .is_some_and(|(now, initial)| now.unchanged_since(initial))
    };
    for (slot, answer) in &planned.stops_at_start {
        let scored = scored_or_broken(episode.evaluate_if_stopped(answer, None).await);
        results.insert(*slot, scored);
    }
    if let StartStops::MoveThePage { reopen } = &planned.start_stops
        && !planned.stops_at_start.is_empty()
        && !unchanged(episode.state_stamp().await.ok().flatten())
    {
        let _ = episode.close().await;
        (episode, done) = match opener.open(reopen).await {
            Ok(opened) => opened,
            Err(broken) => {
                results.insert(Slot::Gold, broken);
                return results;
            }
        };
    }
    if planned.after_gold.is_empty() {
        let result = finish(&episode, replay_steps(&episode, &steps, done).await).await;
        results.insert(Slot::Gold, result);
        return results;
    }
    let gold = replay_and_score(&episode, &steps, done).await;
    let gold_broke = matches!(gold, RunResult::Broken(_));
    results.insert(Slot::Gold, gold);
    for slot in &planned.after_gold {
        if gold_broke || !unchanged(episode.state_stamp().await.ok().flatten()) {
            break;
        }
        let result = match steps_of(opener.task, *slot) {
            Ok(steps) => replay_and_score(&episode, &steps, 0).await,
            Err(error) => RunResult::Broken(error.to_string()),
        };
        if matches!(result, RunResult::Broken(_)) {
            // Where the gold left the browser may be why: the decoy runs afresh instead.
            break;
        }
        results.insert(*slot, result);
    }
    let _ = episode.close().await;
    results
}

/// Replays `steps` from the first not yet `done` up to their final `stop` and scores the state
/// as if stopped there, leaving the episode running for more.
async fn replay_and_score(episode: &EpisodeHandle, steps: &[GoldStep], done: usize) -> RunResult {
    let Some((stop, path)) = steps.split_last() else {
        return RunResult::Broken("no steps".into());
    };
    let answer = match answer_of(stop) {
        Ok(answer) => answer,
        Err(message) => return RunResult::Broken(message),
    };
    match replay_steps(episode, path, done).await {
        Ok(()) => scored_or_broken(episode.evaluate_if_stopped(&answer, None).await),
        Err(error) => RunResult::Broken(error.to_string()),
    }
}

/// The answer of a `stop` step, parsed by the action grammar as the agent's would be; `Err`
/// says why the step is not one.
fn answer_of(step: &GoldStep) -> Result<String, String> {
    match gold_action(step, None)? {
        crate::act::Action::Stop { answer } => Ok(answer),
        other => Err(format!("ends with `{other}`, not stop")),
    }
}

/// Runs `slot` in an episode of its own opened at `opening`, and evaluates it.
async fn run_alone(opener: &mut Opener<'_>, slot: Slot, opening: &Opening) -> RunResult {
    let steps = match steps_of(opener.task, slot) {
        Ok(steps) => steps,
        Err(error) => return RunResult::Broken(error.to_string()),
    };
    let (episode, done) = match opener.open(opening).await {
        Ok(opened) => opened,
        Err(broken) => return broken,
    };
    let replayed = replay_steps(&episode, &steps, done).await;
    finish(&episode, replayed).await
}

/// Opens the episodes of one task's runs, counting them.
struct Opener<'a> {
    env: &'a Environment,
    task: &'a TaskContext,
    starts: &'a InertStarts,
    /// Episodes opened so far.
    episodes: usize,
    /// Of those, the ones opened at their run's first page.
    at_first_page: usize,
}

impl Opener<'_> {
    /// A fresh episode opened at `opening` (at its first page only if the task's start
    /// leaves nothing behind), and how many of the run's steps the opening did (0 or 1).
    async fn open(&mut self, opening: &Opening) -> Result<(EpisodeHandle, usize), RunResult> {
        self.episodes += 1;
        if let Opening::FirstPage(url) = opening
            && self.starts.inert(self.env, self.task).await
        {
            let episode = self
                .env
                .create_task_episode_at(self.task.clone(), replay_observation(), url)
                .await
                .map_err(|error| RunResult::Broken(format!("episode: {error}")))?;
            self.at_first_page += 1;
            return Ok((episode, 1));
        }
        Ok((open(self.env, self.task).await?, 0))
    }
}

/// Which tasks' starts leave nothing behind, each start (its URLs, logins and viewport) found
/// out once per check by opening it in a tenant of its own.
#[derive(Default)]
pub struct InertStarts(std::sync::Mutex<HashMap<StartOf, Arc<tokio::sync::OnceCell<bool>>>>);

/// What makes two tasks' starts the same: start URLs, the sites logged in, the viewport.
type StartOf = (Vec<String>, Vec<String>, (u32, u32));

impl InertStarts {
    /// Whether `task`'s start leaves nothing behind (`false` where that could not be found).
    async fn inert(&self, env: &Environment, task: &TaskContext) -> bool {
        let viewport = task.task.viewport();
        let key: StartOf = (
            task.task
                .start_urls()
                .iter()
                .map(|url| url.trim().to_owned())
                .collect(),
            task.task.logins(),
            (viewport.width, viewport.height),
        );
        let cell = match self.0.lock() {
            Ok(mut known) => Arc::clone(known.entry(key).or_default()),
            Err(_) => return false,
        };
        *cell
            .get_or_init(|| async {
                env.start_is_inert(task, replay_observation())
                    .await
                    .unwrap_or_else(|error| {
                        tracing::debug!(%error, task = %task.name, "could not open a start to see what it leaves");
                        false
                    })
            })
            .await
    }
}

/// A fresh episode of `task`, observed without screenshots (the marks are resolved exactly as
/// an agent's would be).
async fn open(env: &Environment, task: &TaskContext) -> Result<EpisodeHandle, RunResult> {
    env.create_task_episode(task.clone(), replay_observation())
        .await
        .map_err(|error| RunResult::Broken(format!("episode: {error}")))
}

/// What a replay observes: no screenshots, the marks resolved exactly as an agent's would be.
fn replay_observation() -> ObserveOptions {
    ObserveOptions {
        screenshot: ScreenshotKind::None,
        ..ObserveOptions::default()
    }
}

/// Evaluates the episode after its replay (unless the replay broke) and closes it.
async fn finish(episode: &EpisodeHandle, replayed: Result<(), ReplayError>) -> RunResult {
    let result = match replayed {
        Ok(()) => scored_or_broken(episode.evaluate(None).await),
        Err(error) => RunResult::Broken(error.to_string()),
    };
    let _ = episode.close().await;
    result
}

fn scored_or_broken(evaluated: Result<Evaluation, crate::env::EnvError>) -> RunResult {
    match evaluated {
        Ok(evaluation) => RunResult::Scored {
            score: evaluation.outcome.score(),
            evaluation: Box::new(evaluation),
        },
        Err(error) => RunResult::Broken(format!("evaluation: {error}")),
    }
}

/// Replays the task's gold trajectory in a running episode of it (locators resolved to ids,
/// each step checked), up to and including its final `stop`.
pub async fn replay(episode: &EpisodeHandle, task: &TaskContext) -> Result<(), ReplayError> {
    let steps = super::gold_steps(&task.task)?;
    replay_steps(episode, &steps, 0).await
}

/// Replays `steps` from the first not yet `done` (locators resolved to ids, each step checked)
/// in a running episode; errors number the steps from the first of `steps`.
async fn replay_steps(
    episode: &EpisodeHandle,
    steps: &[GoldStep],
    done: usize,
) -> Result<(), ReplayError> {
    for (index, step) in steps.iter().enumerate().skip(done) {
        let number = index + 1;
        let action = resolve_step(&EpisodeLookup::of(episode).await, number, step).await?;
        let text = action.to_string();
        if let Some(error) = episode.step(&text).await.outcome.error {
            return Err(ReplayError::Failed {
                step: number,
                action: text,
                message: error.to_string(),
            });
        }
    }
    Ok(())
}
