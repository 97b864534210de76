//! One episode: a browser session, its tabs, the last observation and the trajectory. It is
//! built whole from its opened start and its setup, and driven only through its
//! [`EpisodeHandle`](super::EpisodeHandle).

use super::recorder::Journal;
use super::start::Opened;
use super::{EpisodeEvents, EpisodeTenant, Recorder, StartKey, TaskContext};
use crate::act::{self, ActContext, Action, ActionError, ParseActionError, Workspace};
use crate::browser::{BrowserSession, SettlePolicy, SettleReport, Viewport, settle};
use crate::config::ActionLimits;
use crate::observe::{Observation, ObserveOptions, ScreenshotKind, observe};
use serde::Serialize;
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant, SystemTime};

/// Identifies an episode in the API.
#[derive(Debug, Clone, PartialEq, Eq, Hash, Serialize, serde::Deserialize, utoipa::ToSchema)]
#[serde(transparent)]
pub struct EpisodeId(pub String);

impl EpisodeId {
    /// A fresh random id.
    pub fn random() -> Self {
        let nanos = SystemTime::now()
            .duration_since(SystemTime::UNIX_EPOCH)
            .map(|time| time.as_nanos())
            .unwrap_or(0);
        let counter = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        Self(format!(
            "ep-{:x}{:04x}",
            nanos & 0xffff_ffff_ffff,
            counter & 0xffff
        ))
    }
}

static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

impl fmt::Display for EpisodeId {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(formatter)
    }
}

/// One recorded step of the trajectory.
#[derive(Debug, Clone, Serialize, serde::Deserialize, utoipa::ToSchema)]
pub struct TrajectoryStep {
    /// The action as VWA text (or the raw input when it did not parse).
    pub action: String,
    /// URL of the active tab after the step.
    pub url: String,
    /// The error code, when the action was refused or failed.
    pub error: Option<String>,
    /// File name of the screenshot taken after the step, when trajectories are recorded.
    pub screenshot: Option<String>,
    /// What settling waited for after the action, refused ones included (absent for `stop`,
    /// which touches nothing, and when the browser was lost).
    #[serde(default)]
    pub settle: Option<SettleReport>,
}

/// What a step did.
#[derive(Debug)]
pub struct StepOutcome {
    /// The parsed action, when it parsed.
    pub action: Option<Action>,
    /// The refusal or failure, if any. An action that needs an element of some kind checks
    /// it before touching the page, so a refusal leaves the page as it was; whether anything
    /// changed anyway is `page_changed`.
    pub error: Option<ActionError>,
    /// What settling waited for before the observation after the step (absent for `stop`
    /// and when the browser was lost).
    pub settle: Option<SettleReport>,
    /// Whether the observation taken after the step differs from the one the action was
    /// chosen from (URL, title, tabs, marked elements and their values, text, scroll): by the
    /// action or by the page itself, refused steps included. `None` when no observation was
    /// taken after it (`stop`, or the browser was lost).
    pub page_changed: Option<bool>,
    /// Whether the action opened a tab that is now focused.
    pub opened_tab: bool,
    /// Whether the episode has ended.
    pub done: bool,
}

/// How an episode's start went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct StartFacts {
    /// Whether the browser came from the warm pool.
    pub warm_start: bool,
    /// How long the episode waited for its browser.
    pub pool_wait: Duration,
    /// Whether its start was opened ahead (see `--prepare`).
    pub prepared: bool,
}

/// An episode as its driver sees it at one moment: what the agent is shown, how it ended (if
/// it did) and its steps so far.
#[derive(Debug, Clone)]
pub struct Summary {
    /// Its id.
    pub id: EpisodeId,
    /// The task being run, for task episodes.
    pub task: Option<TaskContext>,
    /// The last observation the agent received.
    pub observation: Option<Arc<Observation>>,
    /// The observation options steps use.
    pub options: ObserveOptions,
    /// The answer given with `stop`, once the episode ended.
    pub answer: Option<String>,
    /// Why the browser is gone, if it is.
    pub lost: Option<String>,
    /// Steps so far, shared with the episode (a summary copies none of them).
    pub trajectory: Arc<Vec<TrajectoryStep>>,
    /// The task's local input images, for `upload`.
    pub input_images: Vec<PathBuf>,
    /// How its start went.
    pub start: StartFacts,
}

/// Everything an episode is made of besides its opened start, settled before it is built.
pub(super) struct Setup {
    /// Its id.
    pub(super) id: EpisodeId,
    /// The observation options of every step.
    pub(super) options: ObserveOptions,
    /// Files `upload [id] [n]` may use.
    pub(super) input_images: Vec<PathBuf>,
    /// The task being run.
    pub(super) task: Option<TaskContext>,
    /// What one action may do.
    pub(super) limits: ActionLimits,
    /// How steps settle.
    pub(super) settle: SettlePolicy,
    /// Longest a step or an observation may take before the page is stopped.
    pub(super) deadline: Duration,
    /// The directory `upload [id] [path]` may also use.
    pub(super) upload_dir: Option<PathBuf>,
    /// The workspace write actions use, when a hosted site offers one.
    pub(super) workspace: Option<Workspace>,
    /// Where the trajectory is saved, if it is.
    pub(super) recorder: Option<Recorder>,
    /// Its place under the server's episode cap.
    pub(super) slot: tokio::sync::OwnedSemaphorePermit,
    /// How it started, when starts like it may be opened ahead.
    pub(super) start_key: Option<StartKey>,
    /// Whether its start was opened ahead.
    pub(super) prepared: bool,
    /// Where steps are announced to live viewers.
    pub(super) events: EpisodeEvents,
}

/// What an ended episode leaves to be given back: its browser, its tenant, its start.
pub(super) struct Remains {
    /// The browser, unless it was lost.
    pub(super) session: Option<BrowserSession>,
    /// The tenant it browsed as.
    pub(super) tenant: Option<EpisodeTenant>,
    /// Its start, when starts like it may be opened ahead.
    pub(super) start_key: Option<StartKey>,
}

/// A running episode.
pub(super) struct Episode {
    id: EpisodeId,
    session: Option<BrowserSession>,
    viewport: Viewport,
    options: ObserveOptions,
    observation: Option<Arc<Observation>>,
    trajectory: Arc<Vec<TrajectoryStep>>,
    answer: Option<String>,
    lost: Option<String>,
    input_images: Vec<PathBuf>,
    limits: ActionLimits,
    settle: SettlePolicy,
    deadline: Duration,
    upload_dir: Option<PathBuf>,
    /// Given back (the place under the episode cap freed) as soon as the episode ends —
    /// stopped, lost, or stopped at its deadline — while its record stays readable until
    /// it is closed or reaped.
    slot: Option<tokio::sync::OwnedSemaphorePermit>,
    last_used: Instant,
    start: StartFacts,
    start_key: Option<StartKey>,
    task: Option<TaskContext>,
    tenant: Option<EpisodeTenant>,
    workspace: Option<Workspace>,
    evaluation: Option<evaluators::Evaluation>,
    /// The trajectory as it is kept, recorded and watched.
    journal: Journal,
    /// The screenshot of the latest observation, until a step claims it.
    pending_screenshot: Option<String>,
}

impl fmt::Debug for Episode {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("Episode")
            .field("id", &self.id)
            .field("steps", &self.trajectory.len())
            .field("lost", &self.lost)
            .finish_non_exhaustive()
    }
}

impl Episode {
    /// The episode made of an opened start and its setup; its first observation is the
    /// start's, and live viewers are told it started.
    pub(super) fn build(opened: Opened, setup: Setup) -> Self {
        let Opened {
            session,
            tenant,
            viewport,
            observation,
            warm_start,
            pool_wait,
        } = opened;
        let observation = Arc::new(observation);
        let journal = Journal::begin(
            setup.id.clone(),
            setup.events,
            setup.recorder,
            setup.task.as_ref(),
            setup.input_images.clone(),
            &observation,
        );
        Self {
            id: setup.id,
            session: Some(session),
            viewport,
            options: setup.options,
            observation: Some(observation),
            trajectory: Arc::default(),
            answer: None,
            lost: None,
            input_images: setup.input_images,
            limits: setup.limits,
            settle: setup.settle,
            deadline: setup.deadline,
            upload_dir: setup.upload_dir,
            slot: Some(setup.slot),
            last_used: Instant::now(),
            start: StartFacts {
                warm_start,
                pool_wait,
                prepared: setup.prepared,
            },
            start_key: setup.start_key,
            task: setup.task,
            tenant,
            workspace: setup.workspace,
            evaluation: None,
            journal,
            pending_screenshot: None,
        }
    }

    /// Its id.
    pub(super) fn id(&self) -> &EpisodeId {
        &self.id
    }

    /// The task being run, for task episodes.
    pub(super) fn task(&self) -> Option<&TaskContext> {
        self.task.as_ref()
    }

    /// The tenant it browses as.
    pub(super) fn tenant(&self) -> Option<EpisodeTenant> {
        self.tenant
    }

    /// The `stop` answer, once it ended.
    pub(super) fn answer(&self) -> Option<&str> {
        self.answer.as_deref()
    }

    /// How long since the agent last used it.
    pub(super) fn idle(&self) -> Duration {
        self.last_used.elapsed()
    }

    /// How its steps settle.
    pub(super) fn settle_policy(&self) -> SettlePolicy {
        self.settle
    }

    /// Notes that the agent used it (a request that is not a step).
    pub(super) fn touch(&mut self) {
        self.last_used = Instant::now();
    }

    /// Keeps the last evaluation (written into `trajectory.json`) and shows it to viewers.
    pub(super) fn set_evaluation(&mut self, evaluation: evaluators::Evaluation) {
        self.journal.evaluated(&evaluation);
        self.evaluation = Some(evaluation);
    }

    /// The observation options steps use.
    pub(super) fn options(&self) -> ObserveOptions {
        self.options
    }

    /// The observation options later steps use.
    pub(super) fn set_options(&mut self, options: ObserveOptions) {
        self.options = options;
    }

    /// What the agent is shown now, and how it got here.
    pub(super) fn summary(&self) -> Summary {
        Summary {
            id: self.id.clone(),
            task: self.task.clone(),
            observation: self.observation.clone(),
            options: self.options,
            answer: self.answer.clone(),
            lost: self.lost.clone(),
            trajectory: self.trajectory.clone(),
            input_images: self.input_images.clone(),
            start: self.start,
        }
    }

    /// The live session, or the reason it is gone.
    pub(super) fn session(&self) -> Result<&BrowserSession, ActionError> {
        self.session.as_ref().ok_or_else(|| self.lost_error())
    }

    /// The live session to change (tabs), or the reason it is gone.
    pub(super) fn session_mut(&mut self) -> Result<&mut BrowserSession, ActionError> {
        match self.session {
            Some(ref mut session) => Ok(session),
            None => Err(self.lost_error()),
        }
    }

    /// The viewport the episode's tabs are laid out in.
    pub(super) fn viewport(&self) -> Viewport {
        self.viewport
    }

    fn lost_error(&self) -> ActionError {
        ActionError::Browser(crate::browser::BrowserError::SessionLost(
            self.lost
                .clone()
                .unwrap_or_else(|| "the episode was closed".into()),
        ))
    }

    /// Ends it: the place under the episode cap is freed, the trajectory saved, and what is
    /// left to give back is returned.
    pub(super) async fn end(&mut self) -> Remains {
        self.slot = None;
        self.save_trajectory().await;
        Remains {
            session: self.session.take(),
            tenant: self.tenant.take(),
            start_key: self.start_key.take(),
        }
    }

    /// Observes the active tab and keeps the result as the agent's current view; a page
    /// that holds the observation past the deadline is stopped (see [`Episode::stop_page`]).
    pub(super) async fn observe(
        &mut self,
        options: ObserveOptions,
    ) -> Result<Arc<Observation>, ActionError> {
        let deadline = self.deadline;
        let bounded = tokio::time::timeout(deadline, self.observe_unbounded(options)).await;
        match bounded {
            Ok(observed) => observed,
            Err(_) => Err(self.stop_page(deadline)),
        }
    }

    async fn observe_unbounded(
        &mut self,
        options: ObserveOptions,
    ) -> Result<Arc<Observation>, ActionError> {
        let session = self.session.as_ref().ok_or_else(|| self.lost_error())?;
        match observe(session, options).await {
            Ok(observation) => {
                self.pending_screenshot = self.journal.observed(&observation);
                let observation = Arc::new(observation);
                self.observation = Some(Arc::clone(&observation));
                Ok(observation)
            }
            Err(error) => Err(self.fail(error.into())),
        }
    }

    /// Carries out an action (`input` is what the agent sent, recorded when it is not an
    /// action), settles and observes. The step is on disk (when trajectories are recorded)
    /// before it is returned.
    pub(super) async fn step(
        &mut self,
        input: &str,
        parsed: Result<Action, ParseActionError>,
    ) -> StepOutcome {
        let deadline = self.deadline;
        let text = match &parsed {
            Ok(action) => action.to_string(),
            Err(_) => input.to_owned(),
        };
        let action = parsed.as_ref().ok().cloned();
        self.journal
            .begin_step(input, action.as_ref(), self.observation.as_ref());
        let bounded = tokio::time::timeout(deadline, self.act(input, parsed)).await;
        let outcome = match bounded {
            Ok(outcome) => outcome,
            Err(_) => {
                let error = self.stop_page(deadline);
                self.refused(text, action, error, None).await
            }
        };
        self.journal.steps_written().await;
        outcome
    }

    async fn act(&mut self, input: &str, parsed: Result<Action, ParseActionError>) -> StepOutcome {
        self.last_used = Instant::now();
        let before = self.observation.clone();
        let action = match parsed {
            Ok(action) => action,
            Err(error) => {
                return self
                    .refused(input.to_owned(), None, error.into(), before)
                    .await;
            }
        };
        if self.answer.is_some() {
            let text = action.to_string();
            return self
                .refused(text, Some(action), ActionError::Finished, before)
                .await;
        }
        let Some(observation) = self.observation.as_deref() else {
            let error = self.lost_error();
            return self
                .refused(action.to_string(), Some(action), error, before)
                .await;
        };
        let Some(session) = self.session.as_mut() else {
            let error = self.lost_error();
            return self
                .refused(action.to_string(), Some(action), error, before)
                .await;
        };
        let context = ActContext {
            observation,
            input_images: &self.input_images,
            upload_dir: self.upload_dir.as_deref(),
            viewport: self.viewport,
            limits: self.limits,
            workspace: self.workspace.as_ref(),
        };
        let executed = act::execute(session, &action, &context).await;
        let outcome = match executed {
            Ok(outcome) => outcome,
            Err(error) => {
                let error = self.fail(error);
                return self
                    .refused(action.to_string(), Some(action), error, before)
                    .await;
            }
        };
        if let Some(answer) = outcome.stopped {
            self.answer = Some(answer);
            // Ended: its place goes to the next episode; the browser stays for the evaluation.
            self.slot = None;
            self.record(action.to_string(), None, None);
            return StepOutcome {
                action: Some(action),
                error: None,
                settle: None,
                page_changed: None,
                opened_tab: false,
                done: true,
            };
        }
        let settle_report = match self.settle_and_observe().await {
            Ok(report) => report,
            Err(error) => {
                return self
                    .refused(action.to_string(), Some(action), error, before)
                    .await;
            }
        };
        self.record(action.to_string(), None, Some(settle_report.clone()));
        StepOutcome {
            action: Some(action),
            error: None,
            settle: Some(settle_report),
            page_changed: Some(self.changed_since(before.as_deref())),
            opened_tab: outcome.opened_tab,
            done: false,
        }
    }

    /// Settles the page and observes it with the episode's options.
    async fn settle_and_observe(&mut self) -> Result<SettleReport, ActionError> {
        let session = self.session.as_ref().ok_or_else(|| self.lost_error())?;
        let screenshot = self.options.screenshot != ScreenshotKind::None;
        let report = match settle(session, self.settle.for_capture(screenshot)).await {
            Ok(report) => report,
            Err(error) => return Err(self.fail(error.into())),
        };
        self.observe(self.options).await?;
        Ok(report)
    }

    /// Whether the current observation shows another page than `before`.
    fn changed_since(&self, before: Option<&Observation>) -> bool {
        match (before, self.observation.as_deref()) {
            (Some(before), Some(now)) => !now.same_view(before),
            _ => true,
        }
    }

    /// Adds a step to the trajectory, with the URL the agent is now on; the journal keeps
    /// its full record.
    fn record(
        &mut self,
        action: String,
        error: Option<&ActionError>,
        settle: Option<SettleReport>,
    ) {
        let url = self
            .observation
            .as_ref()
            .map(|observation| observation.url.clone())
            .unwrap_or_default();
        let screenshot = self.pending_screenshot.take();
        self.journal
            .end_step(error, settle.as_ref(), self.observation.as_ref());
        // Copied only when a summary still holds the steps so far.
        Arc::make_mut(&mut self.trajectory).push(TrajectoryStep {
            action,
            url,
            error: error.map(|error| error.code().to_owned()),
            screenshot,
            settle,
        });
    }

    /// Ends a refused or failed step: unless the browser is gone, the page is settled and
    /// observed again, so the result shows the page as it is now and says whether it changed
    /// since `before`, the observation the action was chosen from.
    async fn refused(
        &mut self,
        text: String,
        action: Option<Action>,
        error: ActionError,
        before: Option<Arc<Observation>>,
    ) -> StepOutcome {
        let mut settle_report = None;
        let mut page_changed = None;
        if self.session.is_some() {
            match self.settle_and_observe().await {
                Ok(report) => {
                    settle_report = Some(report);
                    page_changed = Some(self.changed_since(before.as_deref()));
                }
                Err(observing) => {
                    tracing::debug!(episode = %self.id, %observing, "no observation after a refused step");
                }
            }
        }
        self.record(text, Some(&error), settle_report.clone());
        let done = self.answer.is_some() || self.session.is_none();
        StepOutcome {
            action,
            error: Some(error),
            settle: settle_report,
            page_changed,
            opened_tab: false,
            done,
        }
    }

    /// Writes `trajectory.json`, if the trajectory is being recorded.
    async fn save_trajectory(&mut self) {
        let task = self.task.as_ref();
        let header = crate::trajectory::Trajectory {
            task: task.map(|task| task.name.to_string()),
            intent: task.map(|task| task.task.intent.clone()),
            sites: task.map(|task| task.task.sites.clone()).unwrap_or_default(),
            answer: self.answer.clone(),
            error: self.lost.clone(),
            evaluation: self.evaluation.clone(),
            ..Default::default()
        };
        self.journal.finish(header).await;
    }

    /// Stops a page that held the browser past `deadline`: the browser is killed (so no
    /// renderer keeps spinning and the pool replaces it at once) and the episode ends, lost.
    pub(super) fn stop_page(&mut self, deadline: Duration) -> ActionError {
        let error = ActionError::PageUnresponsive { waited: deadline };
        tracing::warn!(episode = %self.id, "the page did not answer within {deadline:?}; stopping its browser");
        self.lost = Some(error.to_string());
        self.slot = None;
        if let Some(session) = self.session.take() {
            session.kill();
        }
        error
    }

    /// Notes a lost browser (the session is dropped) and passes the error on.
    fn fail(&mut self, error: ActionError) -> ActionError {
        if error.is_session_lost() {
            tracing::warn!(episode = %self.id, %error, "episode lost its browser");
            self.lost = Some(error.to_string());
            self.slot = None;
            if let Some(session) = self.session.take() {
                // Best effort: a browser that is merely unreachable is ended with its session.
                tokio::spawn(session.close());
            }
        }
        error
    }
}
