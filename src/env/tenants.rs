//! Tenants for browsers Agora does not drive (VWA's `run.py`, BrowserGym's Playwright, any
//! harness): a private tenant handed out as the cookies that select it and log in the task's
//! sites, and Agora's evaluation of the end state the harness reports, carried out in a
//! fenced browser of Agora's own that holds the same cookies.
//!
//! Such a tenant lives until it is deleted, or until neither its browser nor its harness has
//! used it for the idle timeout; at most `--max-tenants` live at once.

use super::task_episode::{Scored, task_spec};
use super::{EnvError, Environment, EpisodeTenant, SiteCookie, TaskContext, Tenancy, start};
use crate::browser::{BrowserSession, Viewport, settle};
use evaluators::{EvalMode, Evaluation};
use std::fmt;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};
use tokio::sync::{Mutex, OwnedSemaphorePermit};

/// The longest URL a harness may report.
const MAX_URL_CHARS: usize = 8 * 1024;

/// The longest answer a harness may report.
const MAX_ANSWER_CHARS: usize = 64 * 1024;

/// A harness tenant's id: `tn-` and 128 random bits, unguessable and unrelated to the cookie
/// value that selects the tenant on the sites.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HarnessTenantId(pub String);

impl HarnessTenantId {
    fn random() -> Self {
        Self(format!("tn-{}", kit::TenantId::random()))
    }
}

impl fmt::Display for HarnessTenantId {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(formatter)
    }
}

/// A tenant as it is handed to a harness.
#[derive(Debug, Clone)]
pub struct IssuedTenant {
    /// Its id, for evaluation and deletion.
    pub id: HarnessTenantId,
    /// The cookies that select the tenant on every hosted site and log in the task's sites.
    pub cookies: Vec<SiteCookie>,
    /// The task, when it was made for one.
    pub task: Option<TaskContext>,
    /// Where the task starts (one tab each, first active); empty without a task.
    pub start_urls: Vec<String>,
    /// The task's viewport (VWA's 1280×2048 without a task).
    pub viewport: Viewport,
    /// The task's local input images (served by index).
    pub input_images: Vec<PathBuf>,
}

/// The end state a harness reports for evaluation.
#[derive(Debug, Clone, Default)]
pub struct ReportedEnd {
    /// The agent's answer (its `stop` text; empty if it gave none).
    pub answer: String,
    /// The URL of the active tab.
    pub url: String,
    /// The URLs of every open tab in order (the active one among them); empty means the
    /// active tab alone.
    pub tabs: Vec<String>,
}

impl ReportedEnd {
    /// The tabs to open and which of them is active, checked against the bounds.
    fn tabs(&self, max_tabs: usize) -> Result<(Vec<String>, usize), EnvError> {
        let tabs = match self.tabs.is_empty() {
            true => vec![self.url.clone()],
            false => self.tabs.clone(),
        };
        if tabs.len() > max_tabs {
            return Err(EnvError::BadRequest(format!(
                "{} tabs reported: an evaluation opens at most {max_tabs} (--max-tabs)",
                tabs.len()
            )));
        }
        if self.answer.chars().count() > MAX_ANSWER_CHARS {
            return Err(EnvError::BadRequest(format!(
                "the answer is longer than {MAX_ANSWER_CHARS} characters"
            )));
        }
        for url in &tabs {
            let web = url::Url::parse(url)
                .is_ok_and(|parsed| matches!(parsed.scheme(), "http" | "https"));
            if url.len() > MAX_URL_CHARS || !(web || url == "about:blank") {
                return Err(EnvError::BadRequest(format!(
                    "tab URL `{}` is not an http(s) URL of at most {MAX_URL_CHARS} bytes (or about:blank)",
                    url.chars().take(200).collect::<String>()
                )));
            }
        }
        let active = tabs
            .iter()
            .position(|tab| *tab == self.url)
            .ok_or_else(|| {
                EnvError::BadRequest(format!(
                    "the active tab's URL `{}` is not among the reported tabs",
                    self.url.chars().take(200).collect::<String>()
                ))
            })?;
        Ok((tabs, active))
    }
}

/// A live harness tenant.
#[derive(Debug)]
pub(super) struct HarnessTenant {
    tenant: EpisodeTenant,
    cookies: Vec<SiteCookie>,
    task: Option<TaskContext>,
    viewport: Viewport,
    input_images: Vec<PathBuf>,
    /// When the harness last called on it (created, evaluated).
    last_call: Instant,
    /// Its place under `--max-tenants`.
    _slot: OwnedSemaphorePermit,
}

impl HarnessTenant {
    /// Whether neither the harness nor a browser has used the tenant for `timeout`.
    fn idle_for(&self, env: &Environment, timeout: Duration) -> bool {
        let browsing = env
            .inner
            .sites
            .as_ref()
            .and_then(|sites| sites.tenant_idle(&self.tenant.id).ok())
            .unwrap_or(Duration::MAX);
        self.last_call.elapsed().min(browsing) >= timeout
    }
}

impl Environment {
    /// Makes a private tenant for a browser Agora does not drive, for `task` if given: the
    /// cookies that select it on every site and log in the sites the task starts logged in
    /// to and those of `logins` (Agora's or task-file names: `shopping`, `reddit`), the
    /// task's start URLs and viewport.
    pub async fn create_harness_tenant(
        &self,
        task: Option<TaskContext>,
        logins: &[String],
    ) -> Result<IssuedTenant, EnvError> {
        if self.inner.sites.is_none() {
            return Err(EnvError::Config(
                "this server hosts no sites, so it has no tenants to hand out".into(),
            ));
        }
        let slot = Arc::clone(&self.inner.tenant_slots)
            .try_acquire_owned()
            .map_err(|_| EnvError::TooManyTenants {
                limit: self.inner.config.max_tenants,
            })?;
        let hosted: Vec<String> = self
            .hosted_sites()
            .into_iter()
            .map(|(name, _)| name)
            .collect();
        for site in logins {
            let name =
                evaluators::site_names::site_named(site).map_or(site.as_str(), |names| names.name);
            if !hosted.iter().any(|hosted| hosted == name) {
                return Err(EnvError::BadRequest(format!(
                    "logins: `{site}` is not a site this server hosts ({})",
                    hosted.join(", ")
                )));
            }
        }
        let (start_urls, viewport, mut task_logins, input_images) = match &task {
            Some(context) => {
                let spec = task_spec(context.clone(), Default::default())?;
                (
                    spec.start_urls,
                    spec.viewport.unwrap_or_default(),
                    spec.logins,
                    spec.input_images,
                )
            }
            None => (Vec::new(), Viewport::default(), Vec::new(), Vec::new()),
        };
        for site in logins {
            if !task_logins.contains(site) {
                task_logins.push(site.clone());
            }
        }
        let Some(tenant) = self.open_tenant(Tenancy::Private)? else {
            return Err(EnvError::Config("no sites are hosted".into()));
        };
        let cookies = match self.episode_cookies(&task_logins, Some(tenant)) {
            Ok(cookies) => cookies,
            Err(error) => {
                self.drop_tenant(Some(tenant));
                return Err(error);
            }
        };
        let id = HarnessTenantId::random();
        let record = HarnessTenant {
            tenant,
            cookies: cookies.clone(),
            task: task.clone(),
            viewport,
            input_images: input_images.clone(),
            last_call: Instant::now(),
            _slot: slot,
        };
        self.inner
            .tenants
            .lock()
            .await
            .insert(id.clone(), Arc::new(Mutex::new(record)));
        Ok(IssuedTenant {
            id,
            cookies,
            task,
            start_urls,
            viewport,
            input_images,
        })
    }

    /// How many harness tenants live now.
    pub async fn harness_tenant_count(&self) -> usize {
        self.inner.tenants.lock().await.len()
    }

    /// The local input image `index` of tenant `id`'s task.
    pub async fn harness_tenant_input_image(
        &self,
        id: &HarnessTenantId,
        index: usize,
    ) -> Result<Option<PathBuf>, EnvError> {
        let tenant = self.harness_tenant(id).await?;
        let tenant = tenant.lock().await;
        Ok(tenant.input_images.get(index).cloned())
    }

    /// Drops tenant `id` and its data; its cookies select nothing from now on.
    pub async fn delete_harness_tenant(&self, id: &HarnessTenantId) -> Result<(), EnvError> {
        let tenant = self
            .inner
            .tenants
            .lock()
            .await
            .remove(id)
            .ok_or_else(|| EnvError::UnknownTenant(id.clone()))?;
        // An evaluation in flight finishes first.
        let tenant = tenant.lock().await;
        self.drop_tenant(Some(tenant.tenant));
        Ok(())
    }

    /// Scores the end state a harness reports for tenant `id` against its task, as Agora's
    /// own episode at that state would be scored: a fenced browser from the pool gets the
    /// tenant's cookies, opens the reported tabs at the task's viewport (settled, the active
    /// one in front) and the evaluators run there, with the tenant's site state answering
    /// their helpers. What a page held only in the harness's browser (typed but unsent
    /// form fields, scroll position) is not carried over: every tab is loaded afresh.
    pub async fn evaluate_harness_tenant(
        &self,
        id: &HarnessTenantId,
        reported: &ReportedEnd,
        mode: Option<EvalMode>,
    ) -> Result<Evaluation, EnvError> {
        let (tabs, active) = reported.tabs(self.inner.config.max_tabs)?;
        let tenant = self.harness_tenant(id).await?;
        let mut tenant = tenant.lock().await;
        tenant.last_call = Instant::now();
        let context = tenant
            .task
            .clone()
            .ok_or_else(|| EnvError::NotATaskTenant(id.clone()))?;
        let lease = self.inner.pool.acquire().await?;
        let mut session = lease.session;
        // Opening the tabs is bounded as a start is; the scoring by the evaluation deadline.
        let opening = self.inner.config.step_deadline();
        let opened = tokio::time::timeout(
            opening,
            self.open_reported(&mut session, &tenant, &tabs, active),
        )
        .await
        .unwrap_or(Err(EnvError::Action(
            crate::act::ActionError::PageUnresponsive { waited: opening },
        )));
        let evaluation = match opened {
            Ok(()) => {
                let scored = Scored {
                    context: &context,
                    tenant: Some(tenant.tenant),
                    viewport: tenant.viewport,
                    policy: self.settle_policy(),
                };
                self.score_page(scored, &mut session, &reported.answer, mode)
                    .await
            }
            Err(error) => Err(error),
        };
        tenant.last_call = Instant::now();
        match &evaluation {
            Err(EnvError::Action(crate::act::ActionError::PageUnresponsive { .. })) => {
                tracing::warn!(tenant = %id, "a harness tenant's page did not answer; stopping its browser");
                session.kill();
            }
            Err(EnvError::Browser(error)) if error.is_session_lost() => {
                tokio::spawn(session.close());
            }
            _ => self.inner.pool.release(session),
        }
        evaluation
    }

    /// Opens the reported tabs in `session` as the tenant's browser, the active one current.
    async fn open_reported(
        &self,
        session: &mut BrowserSession,
        tenant: &HarnessTenant,
        tabs: &[String],
        active: usize,
    ) -> Result<(), EnvError> {
        let policy = self.settle_policy();
        start::open_start_urls(session, tabs, &tenant.cookies, tenant.viewport, policy).await?;
        if active > 0
            && let Some(handle) = session.tab_handles().get(active).cloned()
        {
            session.switch_tab(handle).await?;
            settle(session, policy).await?;
        }
        Ok(())
    }

    /// The live harness tenant `id`.
    async fn harness_tenant(
        &self,
        id: &HarnessTenantId,
    ) -> Result<Arc<Mutex<HarnessTenant>>, EnvError> {
        self.inner
            .tenants
            .lock()
            .await
            .get(id)
            .cloned()
            .ok_or_else(|| EnvError::UnknownTenant(id.clone()))
    }

    /// Drops the harness tenants that neither their harness nor a browser has used for the
    /// idle timeout (one being evaluated is in use).
    pub(super) async fn reap_idle_tenants(&self, timeout: Duration) {
        let mut idle = Vec::new();
        for (id, tenant) in self.inner.tenants.lock().await.iter() {
            if let Ok(tenant) = tenant.try_lock()
                && tenant.idle_for(self, timeout)
            {
                idle.push(id.clone());
            }
        }
        for id in idle {
            tracing::info!(tenant = %id, "dropping an idle tenant");
            let _ = self.delete_harness_tenant(&id).await;
        }
    }

    /// Drops every harness tenant (at shutdown).
    pub(super) async fn drop_harness_tenants(&self) {
        let tenants: Vec<_> = self.inner.tenants.lock().await.drain().collect();
        for (_, tenant) in tenants {
            if let Ok(tenant) = tenant.try_lock() {
                self.drop_tenant(Some(tenant.tenant));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reported(url: &str, tabs: &[&str]) -> ReportedEnd {
        ReportedEnd {
            answer: String::new(),
            url: url.to_owned(),
            tabs: tabs.iter().map(|tab| (*tab).to_owned()).collect(),
        }
    }

    #[test]
    fn the_active_tab_is_the_reported_url_among_the_tabs() {
        let (tabs, active) = reported("http://a/2", &["http://a/1", "http://a/2"])
            .tabs(10)
            .unwrap();
        assert_eq!((tabs.len(), active), (2, 1));
        let (tabs, active) = reported("http://a/1", &[]).tabs(10).unwrap();
        assert_eq!((tabs, active), (vec!["http://a/1".to_owned()], 0));
        assert!(reported("http://a/3", &["http://a/1"]).tabs(10).is_err());
    }

    #[test]
    fn reported_tabs_are_bounded_and_web_addresses() {
        assert!(reported("http://a/", &["http://a/"; 11]).tabs(10).is_err());
        for refused in [
            "file:///etc/passwd",
            "javascript:alert(1)",
            "chrome://version",
        ] {
            assert!(reported(refused, &[]).tabs(10).is_err(), "{refused}");
        }
        let long = format!("http://a/{}", "x".repeat(MAX_URL_CHARS));
        assert!(reported(&long, &[]).tabs(10).is_err());
        assert!(reported("about:blank", &[]).tabs(10).is_ok());
        let mut chatty = reported("http://a/", &[]);
        chatty.answer = "x".repeat(MAX_ANSWER_CHARS + 1);
        assert!(chatty.tabs(10).is_err());
    }

    #[test]
    fn ids_are_unguessable() {
        let (one, two) = (HarnessTenantId::random(), HarnessTenantId::random());
        assert_ne!(one, two);
        assert_eq!(one.0.len(), 3 + 32);
    }
}
