//! `agora tasks check`: proves every task solvable (its gold trajectory scores 1), not
//! trivially passed (an immediate empty `stop` scores 0, except where N/A is the right answer)
//! and not fooled by its decoys (each wrong end state the task lists scores 0).

use super::replay::{EpisodeLookup, ReplayError, ending_with_stop, resolve_step};
use crate::env::{Environment, EpisodeHandle, TaskContext};
use crate::observe::{ObserveOptions, ScreenshotKind};
use evaluators::Evaluation;
use evaluators::task::{Decoy, GoldStep};
use futures::StreamExt;
use std::collections::HashMap;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// What one run of a task produced.
#[derive(Debug)]
pub enum RunResult {
    /// The trajectory ran and was evaluated.
    Scored {
        /// The score (None: a judge was needed).
        score: Option<f64>,
        /// The evaluation, for failure reports.
        evaluation: Box<Evaluation>,
    },
    /// The trajectory or the evaluation broke.
    Broken(String),
}

/// Every run of one task.
#[derive(Debug)]
pub struct TaskCheck {
    /// The task's name.
    pub name: crate::env::TaskName,
    /// Gold trajectory result.
    pub gold: RunResult,
    /// Immediate empty stop result (None when N/A is the right answer).
    pub empty: Option<RunResult>,
    /// Each decoy (what is wrong about it) and its result.
    pub decoys: Vec<(String, RunResult)>,
    /// Time taken for every run.
    pub elapsed: Duration,
    /// Browser episodes opened for the runs (stops scored at the gold episode's start state
    /// need none of their own).
    pub episodes: usize,
    /// Of those, the episodes opened at the page their run's first `goto` loads, the task's
    /// start having been found to leave nothing behind.
    pub at_first_page: usize,
    /// Whether the task is scored on a continuous scale (AES), so gold must reach
    /// [`CONTINUOUS_GOLD_LEAST`] and an empty stop stay at or under [`CONTINUOUS_EMPTY_MOST`].
    pub continuous: bool,
}

/// The least a continuously scored task's gold may score.
pub const CONTINUOUS_GOLD_LEAST: f64 = 0.99;
/// The most a continuously scored task's empty stop (and decoys) may score.
pub const CONTINUOUS_EMPTY_MOST: f64 = 0.1;

impl TaskCheck {
    /// Whether gold scored 1, the empty stop 0 (or was exempt) and every decoy 0 (for
    /// continuous scores: gold at least 0.99, the others at most 0.1).
    pub fn passed(&self) -> bool {
        let (gold_least, empty_most) = if self.continuous {
            (CONTINUOUS_GOLD_LEAST, CONTINUOUS_EMPTY_MOST)
        } else {
            (1.0 - 1e-9, 1e-9)
        };
        let gold_ok = matches!(self.gold, RunResult::Scored { score: Some(score), .. } if score >= gold_least);
        let zero = |result: &RunResult| matches!(result, RunResult::Scored { score: Some(score), .. } if *score <= empty_most);
        gold_ok
            && self.empty.as_ref().is_none_or(zero)
            && self.decoys.iter().all(|(_, result)| zero(result))
    }

    /// One line for the report; failures say why.
    pub fn describe(&self) -> String {
        let run = |result: &RunResult| match result {
            RunResult::Scored {
                score: Some(score), ..
            } => format!("{score:.2}"),
            RunResult::Scored { score: None, .. } => "needs a judge".to_owned(),
            RunResult::Broken(message) => format!("broken ({message})"),
        };
        let empty = self
            .empty
            .as_ref()
            .map(run)
            .unwrap_or_else(|| "n/a (answer is N/A)".to_owned());
        let verdict = if self.passed() { "PASS" } else { "FAIL" };
        let decoys = if self.decoys.is_empty() {
            String::new()
        } else {
            let scores: Vec<String> = self.decoys.iter().map(|(_, result)| run(result)).collect();
            format!("  decoys {}", scores.join(", "))
        };
        let mut line = format!(
            "{verdict} {}  gold {}  empty stop {}{decoys}  ({:.1} s)",
            self.name,
            run(&self.gold),
            empty,
            self.elapsed.as_secs_f64()
        );
        if !self.passed() {
            let runs = [("gold", &self.gold)]
                .into_iter()
                .chain(self.empty.iter().map(|result| ("empty stop", result)))
                .chain(
                    self.decoys
                        .iter()
                        .map(|(why, result)| (why.as_str(), result)),
                );
            for (label, result) in runs {
                if let RunResult::Scored { evaluation, .. } = result
                    && let Ok(json) = serde_json::to_string(&evaluation.evaluators)
                {
                    line.push_str(&format!("\n    {label}: {json}"));
                }
            }
        }
        line
    }
}

/// Checks every task, `parallel` at a time.
pub async fn check_tasks(
    env: &Environment,
    tasks: Vec<TaskContext>,
    parallel: usize,
) -> Vec<TaskCheck> {
    check_tasks_reporting(env, tasks, parallel, |_| ()).await
}

/// Checks every task, `parallel` at a time, handing each check to `on_done` as it finishes.
pub async fn check_tasks_reporting(
    env: &Environment,
    tasks: Vec<TaskContext>,
    parallel: usize,
    mut on_done: impl FnMut(&TaskCheck),
) -> Vec<TaskCheck> {
    let starts = InertStarts::default();
    let mut running = futures::stream::iter(tasks)
        .map(|task| check_task(env, &starts, task))
        .buffer_unordered(parallel.max(1));
    let mut checks = Vec::new();
    while let Some(check) = running.next().await {
        on_done(&check);
        checks.push(check);
    }
    checks
}

async fn check_task(env: &Environment, starts: &InertStarts, task: TaskContext) -> TaskCheck {
    let started = Instant::now();
    let name = task.name.clone();
    let not_applicable = task
        .task
        .gold_answer()
        .is_some_and(|answer| answer.trim().eq_ignore_ascii_case("n/a"));
    let decoys: Vec<&Decoy> = task
        .task
        .agora
        .iter()
        .flat_map(|agora| &agora.decoys)
        .collect();
    // Runs that end in a stop at the start state are scored on the gold episode before its
    // replay — that state is the one a fresh episode of the task starts in — when the
    // evaluation reads no more of the agent's page than its URL (an AES evaluation measures
    // in a private tab of its own), or when it reads pages in the agent's tab (moving it) and
    // the gold begins by loading a page by its URL (the sites' data is checked unchanged
    // before the gold goes on). For such an evaluation, a decoy that begins by loading a page
    // by its URL and stays in one tab's forward path is replayed on the same episode after
    // the gold, while the sites' data is still the start's.
    let page_untouched = reads_answer_and_url_only(&task.task) || task.task.measured_apart();
    let gold_afresh = super::gold_steps(&task.task).is_ok_and(|steps| starts_afresh(&steps));
    let reads_pages = reads_pages_only(&task.task);
    let at_start = page_untouched || (reads_pages && gold_afresh);
    let mut plan: Vec<Run> = Vec::new();
    if !not_applicable {
        plan.push(if at_start {
            Run::AtStart(String::new())
        } else {
            Run::Fresh
        });
    }
    for decoy in &decoys {
        plan.push(match stop_answer(decoy) {
            Some(answer) if at_start => Run::AtStart(answer),
            _ if reads_pages && starts_afresh(&decoy.steps) => Run::AfterGold(decoy),
            _ => Run::Fresh,
        });
    }
    // A run that begins by loading a page by its URL and never goes back opens at that page
    // when the task's start leaves nothing behind: it reaches the same states. The gold does
    // so unless a stop scored at the start reads the page.
    let mut opener = Opener {
        env,
        task: &task,
        starts,
        at_first_page: 0,
    };
    let gold_skips_start =
        reads_answer_only(&task.task) || !plan.iter().any(|run| matches!(run, Run::AtStart(_)));
    let (gold, mut scored, mut episodes) =
        run_gold(&mut opener, &plan, !page_untouched, gold_skips_start).await;
    let mut results = Vec::new();
    for (index, trajectory) in (!not_applicable)
        .then_some(Trajectory::EmptyStop)
        .into_iter()
        .chain(decoys.iter().map(|decoy| Trajectory::Decoy(decoy)))
        .enumerate()
    {
        let result = match scored.get_mut(index).and_then(Option::take) {
            Some(result) => result,
            None => {
                episodes += 1;
                run(&mut opener, trajectory).await
            }
        };
        results.push(result);
    }
    let mut results = results.into_iter();
    let empty = if not_applicable { None } else { results.next() };
    let decoys = decoys
        .iter()
        .map(|decoy| decoy.why.clone())
        .zip(results)
        .collect();
    TaskCheck {
        name,
        gold,
        empty,
        decoys,
        elapsed: started.elapsed(),
        episodes,
        at_first_page: opener.at_first_page,
        continuous: task
            .task
            .eval
            .eval_types
            .contains(&evaluators::task::EvalType::Aes),
    }
}

/// Whether `task`'s evaluation reads only the stop answer, the page's URL and pages in the
/// agent's tab (`program_html`, `page_image_query`): what the sites' data and the run's own
/// navigation decide.
fn reads_pages_only(task: &evaluators::Task) -> bool {
    use evaluators::task::EvalType;
    task.eval.eval_types.iter().all(|kind| {
        matches!(
            kind,
            EvalType::StringMatch
                | EvalType::UrlMatch
                | EvalType::ProgramHtml
                | EvalType::PageImageQuery
        )
    })
}

/// Whether `task`'s evaluation reads only the stop answer (so a stop is scored alike on any
/// page).
fn reads_answer_only(task: &evaluators::Task) -> bool {
    use evaluators::task::EvalType;
    task.eval
        .eval_types
        .iter()
        .all(|kind| matches!(kind, EvalType::StringMatch))
}

/// Whether `task`'s evaluation reads only the stop answer and the page's URL (so it can be
/// scored at a state without disturbing it).
fn reads_answer_and_url_only(task: &evaluators::Task) -> bool {
    use evaluators::task::EvalType;
    task.eval
        .eval_types
        .iter()
        .all(|kind| matches!(kind, EvalType::StringMatch | EvalType::UrlMatch))
}

/// The answer of a decoy that is only a `stop` at the start state; `None` for a decoy with
/// other steps.
fn stop_answer(decoy: &Decoy) -> Option<String> {
    match decoy.steps.as_slice() {
        [step] => answer_of(step).ok(),
        _ => None,
    }
}

/// The answer of a `stop` step, parsed by the action grammar as the agent's would be; `Err`
/// says why the step is not one.
fn answer_of(step: &GoldStep) -> Result<String, String> {
    match super::replay::gold_action(step, None)? {
        crate::act::Action::Stop { answer } => Ok(answer),
        other => Err(format!("ends with `{other}`, not stop")),
    }
}

/// Whether `steps` begin by loading a page by its URL and never leave that tab's forward
/// path (no history or tab moves), so where the browser was before them cannot matter.
fn starts_afresh(steps: &[GoldStep]) -> bool {
    use crate::act::Action;
    let actions: Option<Vec<Action>> = steps
        .iter()
        .map(|step| {
            let stand_in = step.target.as_ref().map(|_| crate::observe::SomId(1));
            super::replay::gold_action(step, stand_in).ok()
        })
        .collect();
    match actions.as_deref() {
        Some([Action::Goto { .. }, rest @ ..]) => !rest.iter().any(|action| {
            matches!(
                action,
                Action::NewTab
                    | Action::TabFocus { .. }
                    | Action::CloseTab
                    | Action::GoBack
                    | Action::GoForward
            )
        }),
        _ => false,
    }
}

/// Where a run besides the gold is scored.
enum Run<'a> {
    /// A stop with this answer, at the gold episode's start state.
    AtStart(String),
    /// The decoy, replayed on the gold episode after the gold while the sites' data is
    /// unchanged; in a fresh episode otherwise.
    AfterGold(&'a Decoy),
    /// In a fresh episode of its own.
    Fresh,
}

/// What a run besides the gold replays.
enum Trajectory<'a> {
    /// An immediate empty `stop`.
    EmptyStop,
    /// A wrong end state the task lists.
    Decoy(&'a Decoy),
}

/// Runs the gold trajectory in a fresh episode and evaluates it, scoring on the same
/// episode the runs `plan` places there: before the gold, a stop with each
/// [`Run::AtStart`] answer; after it, each [`Run::AfterGold`] decoy while the sites' data
/// stays as the episode started. When those evaluations at the start `move_page` (they read
/// pages in the agent's tab) and the sites' data did not stay the same, the gold runs in an
/// episode of its own. The gold's episode may open at its first page when `skips_start`
/// (no stop at the start reads the page). The results are in `plan`'s places (`None`: to be
/// run in a fresh episode), with the number of episodes opened.
async fn run_gold(
    opener: &mut Opener<'_>,
    plan: &[Run<'_>],
    move_page: bool,
    skips_start: bool,
) -> (RunResult, Vec<Option<RunResult>>, usize) {
    let steps = match super::gold_steps(&opener.task.task) {
        Ok(steps) => steps,
        Err(error) => return (RunResult::Broken(error.to_string()), Vec::new(), 0),
    };
    let mut episodes = 1;
    let (mut episode, mut done) = match opener.open(&steps, skips_start).await {
        Ok(opened) => opened,
        Err(broken) => return (broken, Vec::new(), episodes),
    };
    let initial = episode.site_changes().await.ok().flatten();
    let mut scored: Vec<Option<RunResult>> = Vec::with_capacity(plan.len());
    for run in plan {
        scored.push(match run {
            Run::AtStart(answer) => Some(scored_or_broken(
                episode.evaluate_if_stopped(answer, None).await,
            )),
            Run::AfterGold(_) | Run::Fresh => None,
        });
    }
    let evaluated = scored.iter().any(Option::is_some);
    if move_page
        && evaluated
        && (initial.is_none() || episode.site_changes().await.ok().flatten() != initial)
    {
        let _ = episode.close().await;
        episodes += 1;
        (episode, done) = match opener.open(&steps, true).await {
            Ok(opened) => opened,
            Err(broken) => return (broken, scored, episodes),
        };
    }
    if !plan.iter().any(|run| matches!(run, Run::AfterGold(_))) {
        let result = finish(&episode, replay_steps(&episode, &steps, done).await).await;
        return (result, scored, episodes);
    }
    let gold = replay_and_score(&episode, &steps, done).await;
    for (place, run) in plan.iter().enumerate() {
        let Run::AfterGold(decoy) = run else {
            continue;
        };
        let unchanged = initial.is_some() && episode.site_changes().await.ok().flatten() == initial;
        if !unchanged || matches!(gold, RunResult::Broken(_)) {
            break;
        }
        let result = match ending_with_stop(decoy.steps.clone(), "decoy") {
            Ok(steps) => replay_and_score(&episode, &steps, 0).await,
            Err(error) => RunResult::Broken(error.to_string()),
        };
        if matches!(result, RunResult::Broken(_)) {
            // Where the gold left the browser may be why: the decoy runs afresh instead.
            break;
        }
        scored[place] = Some(result);
    }
    let _ = episode.close().await;
    (gold, scored, episodes)
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

/// Runs an empty stop or a decoy in a fresh episode and evaluates it.
async fn run(opener: &mut Opener<'_>, trajectory: Trajectory<'_>) -> RunResult {
    let steps = match trajectory {
        Trajectory::EmptyStop => vec![GoldStep {
            action: "stop".into(),
            target: None,
            answer: Some(String::new()),
            args: serde_json::Map::new(),
        }],
        Trajectory::Decoy(decoy) => match ending_with_stop(decoy.steps.clone(), "decoy") {
            Ok(steps) => steps,
            Err(error) => return RunResult::Broken(error.to_string()),
        },
    };
    let (episode, done) = match opener.open(&steps, true).await {
        Ok(opened) => opened,
        Err(broken) => return broken,
    };
    let replayed = replay_steps(&episode, &steps, done).await;
    finish(&episode, replayed).await
}

/// Opens the episodes of one task's runs: at the task's start or, for a run that begins by
/// loading a page by its URL and never goes back, at that page when the task's start leaves
/// nothing behind (its first step is then done by the opening: the run reaches the same
/// states).
struct Opener<'a> {
    env: &'a Environment,
    task: &'a TaskContext,
    starts: &'a InertStarts,
    /// Episodes opened at their run's first page so far.
    at_first_page: usize,
}

impl Opener<'_> {
    /// A fresh episode for a run of `steps` (at its first page if `may_skip` allows and the
    /// rule above holds), and how many of the steps the opening did (0 or 1).
    async fn open(
        &mut self,
        steps: &[GoldStep],
        may_skip: bool,
    ) -> Result<(EpisodeHandle, usize), RunResult> {
        let first_page =
            first_page(steps).filter(|url| may_skip && self.env.allowed().permits_url(url));
        if let Some(url) = first_page
            && self.starts.inert(self.env, self.task).await
        {
            let episode = self
                .env
                .create_task_episode_at(self.task.clone(), replay_observation(), &url)
                .await
                .map_err(|error| RunResult::Broken(format!("episode: {error}")))?;
            self.at_first_page += 1;
            return Ok((episode, 1));
        }
        Ok((open(self.env, self.task).await?, 0))
    }
}

/// The URL a run's first step loads, when the run begins with `goto` and never goes back
/// (so where the browser was before it cannot matter).
fn first_page(steps: &[GoldStep]) -> Option<String> {
    if !starts_afresh(steps) {
        return None;
    }
    match super::replay::gold_action(steps.first()?, None) {
        Ok(crate::act::Action::Goto { url }) => Some(url),
        _ => None,
    }
}

/// Which tasks' starts leave nothing behind, each start (its URLs, logins and viewport) found
/// out once per check by opening it in a tenant of its own.
#[derive(Default)]
struct InertStarts(std::sync::Mutex<HashMap<StartOf, Arc<tokio::sync::OnceCell<bool>>>>);

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

#[cfg(test)]
mod tests {
    use super::{first_page, starts_afresh};
    use evaluators::task::GoldStep;

    fn steps(json: serde_json::Value) -> Vec<GoldStep> {
        serde_json::from_value(json).expect("gold steps parse")
    }

    #[test]
    fn a_run_starts_afresh_only_from_a_goto_and_without_history_or_tab_moves() {
        let goto = serde_json::json!({"action": "goto", "url": "http://127.0.0.1:9980/"});
        let click = serde_json::json!({"action": "click", "target": {"text": "Cars"}});
        let stop = serde_json::json!({"action": "stop", "answer": "12"});
        assert!(starts_afresh(&steps(serde_json::json!([
            goto, click, stop
        ]))));
        assert!(!starts_afresh(&steps(serde_json::json!([
            click, goto, stop
        ]))));
        for moving in [
            serde_json::json!({"action": "go_back"}),
            serde_json::json!({"action": "go_forward"}),
            serde_json::json!({"action": "new_tab"}),
            serde_json::json!({"action": "tab_focus", "index": 0}),
            serde_json::json!({"action": "close_tab"}),
        ] {
            let step = steps(serde_json::json!([moving.clone()])).remove(0);
            assert!(
                crate::gold::replay::gold_action(&step, None).is_ok(),
                "{step:?}"
            );
            let run = steps(serde_json::json!([goto, click, moving, stop]));
            assert!(!starts_afresh(&run), "{run:?}");
        }
        assert!(!starts_afresh(&[]));
    }

    #[test]
    fn only_a_run_that_starts_afresh_names_a_first_page() {
        let goto = serde_json::json!({"action": "goto", "url": "http://127.0.0.1:9980/?q=red"});
        let click = serde_json::json!({"action": "click", "target": {"text": "Cars"}});
        let back = serde_json::json!({"action": "go_back"});
        let stop = serde_json::json!({"action": "stop", "answer": ""});
        assert_eq!(
            first_page(&steps(serde_json::json!([goto, click, stop]))).as_deref(),
            Some("http://127.0.0.1:9980/?q=red")
        );
        assert_eq!(
            first_page(&steps(serde_json::json!([click, goto, stop]))),
            None
        );
        assert_eq!(
            first_page(&steps(serde_json::json!([goto, back, stop]))),
            None
        );
        assert_eq!(first_page(&steps(serde_json::json!([stop]))), None);
    }
}
