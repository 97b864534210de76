//! The one door to an episode. Every driver — the HTTP routes, the MCP tools, the runner,
//! gold replay, the benches and the tests — holds an [`EpisodeHandle`] and uses its verbs:
//! step, observe, evaluate, locate, summary, close. The episode itself (its browser, its
//! trajectory, its settings) stays inside; each verb holds it for as long as it runs, so
//! requests to one episode take turns.

use super::episode::{Episode, StepOutcome, Summary};
use super::{EnvError, Environment, EpisodeId, EpisodePage};
use crate::act::{Action, ParseActionError};
use crate::browser::BrowserSession;
use crate::fence::AllowList;
use crate::observe::{ObserveOptions, SomId};
use evaluators::{EvalMode, Evaluation};
use std::fmt;
use std::sync::Arc;
use tokio::sync::{Mutex, OwnedMutexGuard};

/// A running episode, as every caller drives it. Clones drive the same episode.
#[derive(Clone)]
pub struct EpisodeHandle {
    env: Environment,
    id: EpisodeId,
    episode: Arc<Mutex<Episode>>,
}

impl fmt::Debug for EpisodeHandle {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("EpisodeHandle")
            .field("id", &self.id)
            .finish_non_exhaustive()
    }
}

/// What a step did, and the episode right after it.
#[derive(Debug)]
pub struct Stepped {
    /// The step.
    pub outcome: StepOutcome,
    /// The episode after the step (its observation is the new page).
    pub episode: Summary,
}

impl EpisodeHandle {
    pub(super) fn new(env: Environment, id: EpisodeId, episode: Arc<Mutex<Episode>>) -> Self {
        Self { env, id, episode }
    }

    /// Its id.
    pub fn id(&self) -> &EpisodeId {
        &self.id
    }

    /// Parses model output (fences and prose are tolerated) as an action, carries it out,
    /// settles and observes.
    pub async fn step(&self, input: &str) -> Stepped {
        self.step_action(input, Action::from_model_output(input))
            .await
    }

    /// Carries out an action read elsewhere (typed tool parameters, a computer-use adapter);
    /// `input` is what the agent sent, recorded when it is not an action. The step is on disk
    /// (when trajectories are recorded) before it is returned.
    pub async fn step_action(
        &self,
        input: &str,
        parsed: Result<Action, ParseActionError>,
    ) -> Stepped {
        let mut episode = self.episode.lock().await;
        let outcome = episode.step(input, parsed).await;
        Stepped {
            outcome,
            episode: episode.summary(),
        }
    }

    /// Observes the page again, with `options` this once or else the episode's own; the
    /// summary after it holds the new observation.
    pub async fn observe(&self, options: Option<ObserveOptions>) -> Result<Summary, EnvError> {
        let mut episode = self.episode.lock().await;
        episode.touch();
        let options = options.unwrap_or(episode.options());
        episode.observe(options).await?;
        Ok(episode.summary())
    }

    /// Observes with `options` and keeps them for every later step and observation.
    pub async fn observe_from_now(&self, options: ObserveOptions) -> Result<Summary, EnvError> {
        let mut episode = self.episode.lock().await;
        episode.touch();
        episode.set_options(options);
        episode.observe(options).await?;
        Ok(episode.summary())
    }

    /// Scores the end state against the episode's task (the answer is the `stop` answer, or
    /// empty if the agent never stopped), with the episode's own site state answering the
    /// state helpers; `mode` defaults to the server's. It ends by `--evaluation-deadline-s`
    /// ([`EnvError::EvaluationTimeout`]).
    pub async fn evaluate(&self, mode: Option<EvalMode>) -> Result<Evaluation, EnvError> {
        let mut episode = self.episode.lock().await;
        episode.touch();
        self.env.evaluate(&mut episode, mode).await
    }

    /// Scores the state now as if the agent had stopped with `answer`, without ending the
    /// episode or recording the evaluation: `tasks check` scores an empty stop and answer-only
    /// decoys at the start state of the gold episode this way, for tasks whose evaluation
    /// reads no more of the page than its URL. The evaluation has the same deadline as
    /// [`Self::evaluate`].
    pub async fn evaluate_if_stopped(
        &self,
        answer: &str,
        mode: Option<EvalMode>,
    ) -> Result<Evaluation, EnvError> {
        let mut episode = self.episode.lock().await;
        episode.touch();
        self.env.score(&mut episode, answer, mode).await
    }

    /// The episode's state now (`None`: it has no tenant, or no sites are hosted): a stamp
    /// that stays the same while its sites' state, its cookies and its page's storage do, so
    /// `tasks check` can tell a replay that only browsed from one that changed something.
    pub async fn state_stamp(&self) -> Result<Option<super::StateStamp>, EnvError> {
        let episode = self.episode.lock().await;
        match (self.env.inner.sites.as_ref(), episode.tenant()) {
            (Some(sites), Some(tenant)) => Ok(Some(
                super::StateStamp::take(sites.as_ref(), &tenant.id, episode.session()?).await?,
            )),
            _ => Ok(None),
        }
    }

    /// The mark of the first element `css` matches in the live page (`None`: no match, or
    /// not marked), as gold replay resolves its locators.
    pub async fn locate(&self, css: &str) -> Result<Option<SomId>, EnvError> {
        let episode = self.episode.lock().await;
        let session = episode.session()?;
        Ok(crate::observe::som_id_of(session, css).await?)
    }

    /// What the agent is shown now, and how the episode got here.
    pub async fn summary(&self) -> Summary {
        self.episode.lock().await.summary()
    }

    /// Ends the episode: its browser goes back to the pool, its tenant is dropped and its
    /// trajectory saved. Later verbs on any clone fail as on a closed episode.
    pub async fn close(&self) -> Result<(), EnvError> {
        self.env.close_episode(&self.id).await
    }

    /// The live browser, for what no verb does: tests and benches that measure or inspect the
    /// page underneath. The episode is held while the guard lives.
    pub async fn browser(&self) -> Result<BrowserGuard, EnvError> {
        let episode = Arc::clone(&self.episode).lock_owned().await;
        episode.session()?;
        Ok(BrowserGuard { episode })
    }
}

/// An episode's live browser, held (see [`EpisodeHandle::browser`]).
#[derive(Debug)]
pub struct BrowserGuard {
    episode: OwnedMutexGuard<Episode>,
}

impl BrowserGuard {
    /// The episode held.
    pub(super) fn episode(&self) -> &Episode {
        &self.episode
    }

    /// The evaluators' view of the page (settling as the episode does, fetching only what
    /// `allowed` permits): for tests that drive interactions or measurements directly.
    pub fn page<'a>(&'a self, allowed: &'a AllowList) -> EpisodePage<'a> {
        EpisodePage::new(self, self.episode.settle_policy(), allowed)
    }
}

impl std::ops::Deref for BrowserGuard {
    type Target = BrowserSession;

    fn deref(&self) -> &BrowserSession {
        match self.episode.session() {
            Ok(session) => session,
            // Only a step can lose the browser, and none runs while the guard is held.
            Err(_) => unreachable!("the browser was checked when the guard was taken"),
        }
    }
}
