//! Episodes that run a task: its tenant and logins, its start URLs and viewport, its input
//! images — and its evaluation at the end against the episode's own site state.

use super::episode::Episode;
use super::{
    EnvError, Environment, EpisodeHandle, EpisodePage, EpisodeSpec, SiteHost, StartKey,
    TaskContext, TaskName, TaskRegistry, Tenancy,
};
use super::{SiteCookie, start};
use crate::browser::{BrowserSession, PrivateTab, Viewport};
use crate::observe::ObserveOptions;
use evaluators::task::SiteUrls;
use evaluators::{EvalMode, Evaluation, SiteAccess, SiteQuerySet, Window};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// Site base URLs for task placeholders.
pub(super) fn site_urls(sites: Option<&dyn SiteHost>) -> SiteUrls {
    let mut urls = SiteUrls::new();
    for (site, url) in sites.map(SiteHost::site_urls).unwrap_or_default() {
        // Every hosted site has a row in the vocabulary (a test pins it).
        let _ = urls.insert(&site, &url);
    }
    urls
}

impl Environment {
    /// The hosted sites: name and base URL of each.
    pub fn hosted_sites(&self) -> Vec<(String, String)> {
        self.inner
            .sites
            .as_ref()
            .map(|sites| sites.site_urls())
            .unwrap_or_default()
    }

    /// Site base URLs for task placeholders.
    pub fn site_urls(&self) -> SiteUrls {
        site_urls(self.inner.sites.as_deref())
    }

    /// The tasks under the configured task directories, as loaded at start or last reload.
    pub fn tasks(&self) -> Arc<TaskRegistry> {
        self.inner
            .tasks
            .read()
            .map(|tasks| Arc::clone(&tasks))
            .unwrap_or_default()
    }

    /// Loads the task directories again (after task files changed on disk).
    pub fn reload_tasks(&self) -> Arc<TaskRegistry> {
        let tasks = Arc::new(TaskRegistry::load(
            &self.inner.config.task_dirs,
            &self.site_urls(),
        ));
        if let Ok(mut current) = self.inner.tasks.write() {
            *current = Arc::clone(&tasks);
        }
        tasks
    }

    /// The task named `name` (`classifieds/3`).
    pub fn task(&self, name: &TaskName) -> Result<TaskContext, EnvError> {
        let tasks = self.tasks();
        tasks
            .get(name)
            .cloned()
            .ok_or_else(|| EnvError::UnknownTask {
                name: name.clone(),
                dirs: tasks.roots(),
            })
    }

    /// Parses an inline task config (VWA JSON), substituting this server's site URLs.
    pub fn inline_task(&self, config: &serde_json::Value) -> Result<TaskContext, EnvError> {
        let text = config.to_string();
        let loaded =
            evaluators::task::load_str(&text, &self.site_urls(), Path::new("<inline task>"))
                .map_err(|error| EnvError::InvalidTask(error.to_string()))?;
        let (_, task) = loaded
            .into_iter()
            .next()
            .ok_or_else(|| EnvError::InvalidTask("the task array is empty".into()))?;
        if let Some((field, name)) = task.local_files().first() {
            return Err(EnvError::InvalidTask(format!(
                "{field}: `{name}` is a local file, and an inline task has no folder of its own; \
                 give images as http(s) URLs, or put the task in a task directory (--tasks) and \
                 start it by task_id"
            )));
        }
        Ok(TaskContext {
            name: TaskName::new(&format!("inline/{}", task.task_id.0)),
            task: Arc::new(task),
            dir: PathBuf::from("."),
        })
    }

    /// Starts an episode for a task: a fresh tenant, logged in where the task requires it, at
    /// its start URLs and viewport.
    pub async fn create_task_episode(
        &self,
        context: TaskContext,
        observe: ObserveOptions,
    ) -> Result<EpisodeHandle, EnvError> {
        self.create_episode(task_spec(context, observe)?).await
    }

    /// Starts an episode for a task as [`Self::create_task_episode`] does, but at
    /// `first_page` — the page a run's first `goto` loads — instead of its start URL. For a
    /// run that begins with that `goto` and never goes back, from a start that leaves nothing
    /// behind ([`Self::start_is_inert`]), the states the run reaches are the same.
    pub async fn create_task_episode_at(
        &self,
        context: TaskContext,
        observe: ObserveOptions,
        first_page: &str,
    ) -> Result<EpisodeHandle, EnvError> {
        let spec = EpisodeSpec {
            start_urls: vec![first_page.to_owned()],
            ..task_spec(context, observe)?
        };
        self.create_episode(spec).await
    }

    /// Whether opening the task's start leaves nothing a later page could tell (no site data
    /// written, no cookie beyond the episode's own and anonymous visitor ids, nothing kept by
    /// the page's origin), found by opening it once in a fresh tenant of its own. A start of
    /// several tabs is not looked at (`false`).
    pub async fn start_is_inert(
        &self,
        context: &TaskContext,
        observe: ObserveOptions,
    ) -> Result<bool, EnvError> {
        let spec = task_spec(context.clone(), observe)?;
        let start = StartKey {
            start_urls: spec.start_urls,
            viewport: spec.viewport.unwrap_or_default(),
            observe: spec.observe,
            logins: spec.logins,
        };
        self.start_leaves_nothing(&start).await
    }

    /// Scores `episode`'s end state against its task (the answer is the `stop` answer, or
    /// empty if the agent never stopped) and records the evaluation in the episode.
    pub(super) async fn evaluate(
        &self,
        episode: &mut Episode,
        mode: Option<EvalMode>,
    ) -> Result<Evaluation, EnvError> {
        let answer = episode.answer().unwrap_or_default().to_owned();
        let evaluation = self.score(episode, &answer, mode).await?;
        episode.set_evaluation(evaluation.clone());
        Ok(evaluation)
    }

    /// Scores `episode`'s state now against its task as if the agent had stopped with
    /// `answer` ([`Self::score_page`] on the episode's browser, within its deadline); records
    /// nothing. A page that would not stop when the deadline passed is stopped: its browser
    /// is killed and the episode ends with `page_unresponsive`.
    pub(super) async fn score(
        &self,
        episode: &mut Episode,
        answer: &str,
        mode: Option<EvalMode>,
    ) -> Result<Evaluation, EnvError> {
        let context = episode
            .task()
            .cloned()
            .ok_or_else(|| EnvError::NotATaskEpisode(episode.id().clone()))?;
        let scored = Scored {
            context: &context,
            tenant: episode.tenant(),
            viewport: episode.viewport(),
            policy: episode.settle_policy(),
        };
        let scored = self
            .score_page(scored, episode.session_mut()?, answer, mode)
            .await;
        match scored {
            Err(EnvError::Action(crate::act::ActionError::PageUnresponsive { waited })) => {
                Err(EnvError::Action(episode.stop_page(waited)))
            }
            scored => scored,
        }
    }

    /// Scores the state of `session`'s pages now against a task as if the agent had stopped
    /// with `answer`, with the tenant's own site state answering the state helpers and the
    /// sites' staging serving targets. Navigations of evaluators settle by the given policy. A
    /// task scored by measuring pages alone (AES) is measured in a private tab of a browser
    /// context of its own, out of reach of the agent's pages and leaving nothing in its tabs;
    /// the others read the active tab, as VWA does. The whole evaluation has one deadline
    /// (`--evaluation-deadline-s`): past it, it ends with [`EnvError::EvaluationTimeout`] and
    /// the page's scripts are stopped, or, if the page does not stop within a step's deadline,
    /// with `page_unresponsive` (the caller then kills the browser).
    pub(super) async fn score_page(
        &self,
        scored: Scored<'_>,
        session: &mut BrowserSession,
        answer: &str,
        mode: Option<EvalMode>,
    ) -> Result<Evaluation, EnvError> {
        let Scored {
            context,
            tenant,
            viewport,
            policy,
        } = scored;
        let judges = self.inner.config.judges().map_err(EnvError::JudgeConfig)?;
        let (queries, staging) = match (&self.inner.sites, tenant) {
            (Some(sites), Some(tenant)) => (sites.queries(&tenant.id)?, sites.staging(&tenant.id)),
            _ => (SiteQuerySet::default(), None),
        };
        let mode = mode.unwrap_or(self.inner.config.eval_mode);
        let private = context.task.measured_apart();
        let sites = SiteAccess {
            queries: &queries,
            staging: staging.as_deref(),
            // Only what a private tab measured is kept: no agent's page was near it.
            kept_targets: private.then_some((
                &self.inner.kept_targets,
                Window {
                    width: viewport.width,
                    height: viewport.height,
                },
            )),
        };
        let cookies = match private {
            true => self.episode_cookies(&[], tenant)?,
            false => Vec::new(),
        };
        let tab = match private {
            true => Some(open_measuring_tab(session, &cookies, viewport).await?),
            false => None,
        };
        let deadline = self.inner.config.evaluation_deadline();
        let evaluation = {
            let mut page = EpisodePage::new(session, policy, self.allowed());
            if private {
                page = page.measuring();
            }
            tokio::time::timeout(
                deadline,
                evaluators::evaluate(
                    &context.task,
                    &context.dir,
                    answer,
                    &mut page,
                    sites,
                    &judges,
                    mode,
                ),
            )
            .await
        };
        let timed_out = evaluation.is_err();
        let cleanup = async {
            if timed_out {
                // Whatever script the evaluation left running stops with it.
                session.terminate_scripts().await?;
            }
            if let Some(tab) = tab {
                session.close_private_tab(tab).await?;
                // What the measured pages said in dialogs is no part of the agent's view.
                session.take_dialogs();
            }
            Ok::<_, EnvError>(())
        };
        if !timed_out {
            cleanup.await?;
        } else if !matches!(
            tokio::time::timeout(self.inner.config.step_deadline(), cleanup).await,
            Ok(Ok(()))
        ) {
            tracing::warn!("a timed-out evaluation's page did not stop; its browser must go");
            return Err(EnvError::Action(
                crate::act::ActionError::PageUnresponsive { waited: deadline },
            ));
        }
        let evaluation = evaluation.map_err(|_| EnvError::EvaluationTimeout {
            seconds: deadline.as_secs(),
        })??;
        Ok(evaluation)
    }
}

/// What an evaluation scores against: the task, the tenant whose site state answers its
/// helpers, and how the pages it opens are laid out and settled.
pub(super) struct Scored<'a> {
    /// The task.
    pub(super) context: &'a TaskContext,
    /// The tenant (none when no sites are hosted).
    pub(super) tenant: Option<super::EpisodeTenant>,
    /// The viewport of the pages.
    pub(super) viewport: Viewport,
    /// How the evaluators' navigations settle.
    pub(super) policy: crate::browser::SettlePolicy,
}

/// The episode a task starts: a fresh private tenant, logged in where the task requires it,
/// at its start URLs and viewport.
pub(super) fn task_spec(
    context: TaskContext,
    observe: ObserveOptions,
) -> Result<EpisodeSpec, EnvError> {
    let task = Arc::clone(&context.task);
    let start_urls: Vec<String> = task
        .start_urls()
        .into_iter()
        .map(|url| url.trim().to_owned())
        .collect();
    if start_urls.is_empty() {
        return Err(EnvError::InvalidTask(format!(
            "task `{}` has no start_url",
            context.name
        )));
    }
    if let Some(unreplaced) = start_urls.iter().find(|url| url.starts_with("__")) {
        return Err(EnvError::InvalidTask(format!(
            "start URL `{unreplaced}` names a site this server does not host"
        )));
    }
    let viewport = task.viewport();
    Ok(EpisodeSpec {
        start_urls,
        viewport: Some(crate::browser::Viewport {
            width: viewport.width,
            height: viewport.height,
        }),
        observe,
        input_images: context
            .local_input_images()
            .map_err(|refused| EnvError::InvalidTask(format!("input image: {refused}")))?,
        tenancy: Tenancy::Private,
        logins: task.logins(),
        task: Some(context),
    })
}

/// A private tab for measuring, laid out like the episode's and holding only the episode's
/// site cookies (its tenant): what a first visitor of the agent's pages gets.
async fn open_measuring_tab(
    session: &mut BrowserSession,
    cookies: &[SiteCookie],
    viewport: Viewport,
) -> Result<PrivateTab, EnvError> {
    let tab = session.open_private_tab().await?;
    let prepared = async {
        start::set_cookies(session, cookies).await?;
        session.set_viewport(viewport).await?;
        session.instrument_current_tab().await
    };
    if let Err(error) = prepared.await {
        if let Err(closing) = session.close_private_tab(tab).await {
            tracing::debug!(%closing, "closing a private tab that could not be prepared");
        }
        return Err(error.into());
    }
    Ok(tab)
}
