//! One episode: a browser session, its tabs, the last observation and the trajectory.

use crate::act::{self, ActContext, Action, ActionError, ParseActionError};
use crate::browser::{BrowserSession, SettlePolicy, SettleReport, Viewport, settle};
use crate::observe::{Observation, ObserveOptions, observe};
use serde::Serialize;
use std::fmt;
use std::path::PathBuf;
use std::time::{Instant, SystemTime};

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
    /// What settling waited for after the action (absent for refused actions and `stop`).
    #[serde(default)]
    pub settle: Option<SettleReport>,
}

/// What a step did.
#[derive(Debug)]
pub struct StepOutcome {
    /// The parsed action, when it parsed.
    pub action: Option<Action>,
    /// The refusal or failure, if any (the page is unchanged then).
    pub error: Option<ActionError>,
    /// What settling waited for (absent when the action was refused before touching the page).
    pub settle: Option<SettleReport>,
    /// Whether the action opened a tab that is now focused.
    pub opened_tab: bool,
    /// Whether the episode has ended.
    pub done: bool,
}

/// A running episode.
#[derive(Debug)]
pub struct Episode {
    /// Its id.
    pub id: EpisodeId,
    session: Option<BrowserSession>,
    /// Viewport of every tab.
    pub viewport: Viewport,
    /// Default observation options.
    pub options: ObserveOptions,
    /// The last observation the agent received.
    pub observation: Option<Observation>,
    /// Steps so far.
    pub trajectory: Vec<TrajectoryStep>,
    /// The answer given with `stop`, once the episode ended.
    pub answer: Option<String>,
    /// Why the browser is gone, if it is.
    pub lost: Option<String>,
    /// The task's input images, for `upload`.
    pub input_images: Vec<PathBuf>,
    /// What one action may do (text length, tabs).
    pub limits: crate::config::ActionLimits,
    /// The episode's place under the server's episode cap, given back when it is dropped.
    pub(super) slot: Option<tokio::sync::OwnedSemaphorePermit>,
    /// When the agent last used the episode.
    pub last_used: Instant,
    /// Whether the browser came from the warm pool.
    pub warm_start: bool,
    /// How long the episode waited for its browser.
    pub pool_wait: std::time::Duration,
    /// Whether its start was opened ahead (see `--prepare`).
    pub prepared: bool,
    /// How it started, when starts like it may be opened ahead.
    pub(super) start: Option<super::StartKey>,
    /// The task being run, for task episodes.
    pub task: Option<super::TaskContext>,
    /// The site tenant the episode browses as (none when no sites are hosted).
    pub tenant: Option<super::EpisodeTenant>,
    /// The WebUI workspace it writes to (when the WebUI site is hosted).
    pub workspace: Option<crate::act::Workspace>,
    /// The last evaluation.
    pub evaluation: Option<evaluators::Evaluation>,
    /// Where the trajectory is saved, if it is.
    pub recorder: Option<super::Recorder>,
    /// The screenshot of the latest observation, until a step claims it.
    pending_screenshot: Option<String>,
    /// The screenshot of the first observation.
    start_screenshot: Option<String>,
    /// Where steps are announced to live viewers.
    pub(super) events: Option<super::EpisodeEvents>,
}

impl Episode {
    /// Wraps a freshly prepared session.
    pub fn new(
        session: BrowserSession,
        viewport: Viewport,
        options: ObserveOptions,
        warm_start: bool,
    ) -> Self {
        Self {
            id: EpisodeId::random(),
            session: Some(session),
            viewport,
            options,
            observation: None,
            trajectory: Vec::new(),
            answer: None,
            lost: None,
            input_images: Vec::new(),
            limits: crate::config::ActionLimits::default(),
            slot: None,
            last_used: Instant::now(),
            warm_start,
            pool_wait: std::time::Duration::ZERO,
            prepared: false,
            start: None,
            task: None,
            tenant: None,
            workspace: None,
            evaluation: None,
            recorder: None,
            pending_screenshot: None,
            start_screenshot: None,
            events: None,
        }
    }

    /// The live session, or the reason it is gone.
    pub fn session(&self) -> Result<&BrowserSession, ActionError> {
        self.session.as_ref().ok_or_else(|| self.lost_error())
    }

    fn lost_error(&self) -> ActionError {
        ActionError::Browser(crate::browser::BrowserError::SessionLost(
            self.lost
                .clone()
                .unwrap_or_else(|| "the episode was closed".into()),
        ))
    }

    /// Takes the session out (to return it to the pool).
    pub fn take_session(&mut self) -> Option<BrowserSession> {
        self.session.take()
    }

    /// Observes the active tab and keeps the result as the agent's current view.
    pub async fn observe(&mut self, options: ObserveOptions) -> Result<&Observation, ActionError> {
        let session = self.session.as_ref().ok_or_else(|| self.lost_error())?;
        match observe(session, options).await {
            Ok(observation) => {
                if let Some(recorder) = self.recorder.as_mut() {
                    self.pending_screenshot = recorder.screenshot(&observation);
                }
                Ok(self.observation.insert(observation))
            }
            Err(error) => Err(self.fail(error.into())),
        }
    }

    /// Parses and carries out one action, settles and observes.
    pub async fn step(
        &mut self,
        input: &str,
        policy: SettlePolicy,
        upload_dir: Option<&std::path::Path>,
    ) -> StepOutcome {
        let parsed = Action::from_model_output(input);
        self.step_parsed(input, parsed, policy, upload_dir).await
    }

    /// Carries out an action read elsewhere (typed tool parameters, a computer-use adapter);
    /// `input` is what the agent sent, recorded when it is not an action. The step is on disk
    /// (when trajectories are recorded) before it is returned.
    pub async fn step_parsed(
        &mut self,
        input: &str,
        parsed: Result<Action, ParseActionError>,
        policy: SettlePolicy,
        upload_dir: Option<&std::path::Path>,
    ) -> StepOutcome {
        let outcome = self.act(input, parsed, policy, upload_dir).await;
        if let Some(recorder) = self.recorder.as_mut() {
            recorder.steps_written().await;
        }
        outcome
    }

    async fn act(
        &mut self,
        input: &str,
        parsed: Result<Action, ParseActionError>,
        policy: SettlePolicy,
        upload_dir: Option<&std::path::Path>,
    ) -> StepOutcome {
        self.last_used = Instant::now();
        let action = match parsed {
            Ok(action) => action,
            Err(error) => return self.refused(input.to_owned(), None, error.into()),
        };
        if self.answer.is_some() {
            return self.refused(action.to_string(), Some(action), ActionError::Finished);
        }
        let Some(observation) = self.observation.as_ref() else {
            return self.refused(action.to_string(), Some(action), self.lost_error());
        };
        let Some(session) = self.session.as_mut() else {
            let error = self.lost_error();
            return self.refused(action.to_string(), Some(action), error);
        };
        let context = ActContext {
            observation,
            input_images: &self.input_images,
            upload_dir,
            viewport: self.viewport,
            limits: self.limits,
            workspace: self.workspace.as_ref(),
        };
        let executed = act::execute(session, &action, &context).await;
        let outcome = match executed {
            Ok(outcome) => outcome,
            Err(error) => {
                let error = self.fail(error);
                return self.refused(action.to_string(), Some(action), error);
            }
        };
        if let Some(answer) = outcome.stopped {
            self.answer = Some(answer);
            self.record(action.to_string(), None, None);
            return StepOutcome {
                action: Some(action),
                error: None,
                settle: None,
                opened_tab: false,
                done: true,
            };
        }
        let settled = match self.session.as_ref() {
            Some(session) => settle(session, policy).await,
            None => return self.refused(action.to_string(), Some(action), self.lost_error()),
        };
        let settle_report = match settled {
            Ok(report) => report,
            Err(error) => {
                let error = self.fail(error.into());
                return self.refused(action.to_string(), Some(action), error);
            }
        };
        if let Err(error) = self.observe(self.options).await {
            return self.refused(action.to_string(), Some(action), error);
        }
        self.record(action.to_string(), None, Some(settle_report.clone()));
        StepOutcome {
            action: Some(action),
            error: None,
            settle: Some(settle_report),
            opened_tab: outcome.opened_tab,
            done: false,
        }
    }

    /// Adds a step to the trajectory, with the URL the agent is now on, and announces it.
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
        self.trajectory.push(TrajectoryStep {
            action,
            url,
            error: error.map(|error| error.code().to_owned()),
            screenshot,
            settle,
        });
        if let (Some(recorder), Some(step)) = (self.recorder.as_mut(), self.trajectory.last()) {
            recorder.append_step(step);
        }
        if let (Some(events), Some(step)) = (&self.events, self.trajectory.last()) {
            events.send(|| super::EpisodeEvent::Step {
                id: self.id.clone(),
                number: self.trajectory.len(),
                step: step.clone(),
                view: self.observation.as_ref().map(super::EpisodeView::of),
            });
        }
    }

    fn refused(&mut self, text: String, action: Option<Action>, error: ActionError) -> StepOutcome {
        self.record(text, Some(&error), None);
        let done = self.answer.is_some() || self.session.is_none();
        StepOutcome {
            action,
            error: Some(error),
            settle: None,
            opened_tab: false,
            done,
        }
    }

    /// Marks the current observation as the episode's starting view.
    pub fn mark_start(&mut self) {
        self.start_screenshot = match (self.recorder.as_mut(), self.observation.as_ref()) {
            (Some(recorder), Some(observation)) => recorder.screenshot(observation),
            _ => None,
        };
    }

    /// Writes `trajectory.json`, if the trajectory is being recorded.
    pub async fn save_trajectory(&mut self) {
        let Some(mut recorder) = self.recorder.take() else {
            return;
        };
        let file = super::recorder::TrajectoryFile {
            episode: &self.id.0,
            task: self.task.as_ref().map(|task| task.name.as_str()),
            intent: self.task.as_ref().map(|task| task.task.intent.as_str()),
            start_screenshot: self.start_screenshot.as_deref(),
            steps: &self.trajectory,
            answer: self.answer.as_deref(),
            evaluation: self.evaluation.as_ref(),
        };
        recorder.finish(&file).await;
        self.recorder = Some(recorder);
    }

    /// Notes a lost browser (the session is dropped) and passes the error on.
    fn fail(&mut self, error: ActionError) -> ActionError {
        if error.is_session_lost() {
            tracing::warn!(episode = %self.id, %error, "episode lost its browser");
            self.lost = Some(error.to_string());
            if let Some(session) = self.session.take() {
                // Best effort: a browser that is merely unreachable is ended with its session.
                tokio::spawn(session.close());
            }
        }
        error
    }
}
