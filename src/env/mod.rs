//! Episode lifecycle: the browser pool, the fence, and the registry of running episodes
//! (created, stepped, observed, closed, reaped when idle).

mod episode;
mod error;
mod events;
mod page;
mod prepared;
mod recorder;
mod site_host;
mod target_shots;
mod task_episode;
mod task_registry;

pub use episode::{Episode, EpisodeId, StepOutcome, TrajectoryStep};
pub use error::EnvError;
pub use events::{EpisodeEvent, EpisodeEvents, EpisodeView};
pub use page::EpisodePage;
pub use prepared::{READY_TTL, StartKey};
pub use recorder::{Recorder, TrajectoryFile};
pub use site_host::{SiteCookie, SiteHost, SiteHostError};
pub use task_registry::{BrokenTaskFile, TaskContext, TaskName, TaskRegistry};

use crate::browser::{
    BrowserError, BrowserPool, Lease, SessionSettings, SettlePolicy, Viewport, WebDriverEndpoint,
    settle,
};
use crate::config::Config;
use crate::fence::{AllowList, Fence, Origin};
use crate::observe::ObserveOptions;
use kit::TenantId;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::sync::{Arc, RwLock};
use std::time::Duration;
use tokio::sync::Mutex;

/// How long shutdown waits for a busy episode whose browser it cannot end itself.
const SHUTDOWN_CAP: Duration = Duration::from_secs(5);

/// What an episode starts with.
#[derive(Debug, Clone, Default)]
pub struct EpisodeSpec {
    /// URLs opened in tabs, first tab active (VWA's ` |AND| ` list).
    pub start_urls: Vec<String>,
    /// Viewport; VWA's 1280×2048 when absent.
    pub viewport: Option<Viewport>,
    /// Observation options for every step.
    pub observe: ObserveOptions,
    /// Files `upload [id] [n]` may use.
    pub input_images: Vec<std::path::PathBuf>,
    /// Whose site data the episode sees.
    pub tenancy: Tenancy,
    /// Sites whose default account is logged in before the first navigation (Agora's or
    /// task-file names, e.g. `classifieds`, `reddit`).
    pub logins: Vec<String>,
}

/// Whose site data an episode sees.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Tenancy {
    /// A private copy, made as the episode first uses each site and dropped when it ends.
    #[default]
    Private,
    /// The shared default tenant every browser without a tenant cookie sees.
    Shared,
}

/// The site tenant an episode browses as.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EpisodeTenant {
    /// The tenant.
    pub id: TenantId,
    /// Whether it is the episode's own (dropped when the episode ends).
    pub private: bool,
}

/// An episode shared between the requests that drive it.
pub type SharedEpisode = Arc<Mutex<Episode>>;

/// The controller: browsers, fence and episodes.
#[derive(Debug, Clone)]
pub struct Environment {
    inner: Arc<EnvInner>,
}

#[derive(Debug)]
struct EnvInner {
    config: Arc<Config>,
    pool: BrowserPool,
    fence: Fence,
    episodes: Mutex<HashMap<EpisodeId, SharedEpisode>>,
    sites: Option<Arc<dyn SiteHost>>,
    events: EpisodeEvents,
    tasks: RwLock<Arc<TaskRegistry>>,
    /// One permit per episode that may run (`--max-episodes`).
    episode_slots: Arc<tokio::sync::Semaphore>,
    /// Starts opened ahead (`--prepare`).
    prepared: prepared::PreparedStarts,
}

impl Environment {
    /// Starts chromedriver (or connects to `--webdriver-url`), the fence and the warm pool.
    pub async fn start(config: Arc<Config>, allowed: AllowList) -> Result<Self, EnvError> {
        Self::start_with_sites(config, allowed, None).await
    }

    /// [`Environment::start`] with hosted sites: their origins are allowed, task episodes get
    /// a tenant of their own and task placeholders resolve to them.
    pub async fn start_with_sites(
        config: Arc<Config>,
        allowed: AllowList,
        sites: Option<Arc<dyn SiteHost>>,
    ) -> Result<Self, EnvError> {
        for (_, url) in sites.iter().flat_map(|sites| sites.site_urls()) {
            if let Some(origin) = Origin::of_url(&url) {
                allowed.allow(origin);
            }
        }
        let endpoint = match &config.webdriver_url {
            Some(url) => WebDriverEndpoint::remote(url.clone()),
            None => {
                crate::browser::ensure_executable(&config.chromium)?;
                WebDriverEndpoint::spawn_local(&config.chromedriver).await?
            }
        };
        for origin in &config.allowed_origins {
            match Origin::of_url(origin) {
                Some(origin) => allowed.allow(origin),
                None => {
                    return Err(EnvError::Config(format!(
                        "--allow-origin `{origin}` is not an http(s) origin such as http://127.0.0.1:8080"
                    )));
                }
            }
        }
        let fence_bind = config
            .fence_bind
            .unwrap_or_else(|| SocketAddr::new(config.bind, 0));
        let fence = Fence::start(fence_bind, allowed.clone())
            .await
            .map_err(|error| BrowserError::DriverStart(format!("fence proxy: {error}")))?;
        let fence_proxy = config
            .fence_address
            .clone()
            .unwrap_or_else(|| fence.address().to_string());
        let settings = SessionSettings {
            chromium: config.chromium.clone(),
            fence_proxy,
        };
        let pool = BrowserPool::new(
            endpoint,
            settings,
            config.pool_limits(),
            allowed.to_strings(),
        );
        let tasks = TaskRegistry::load(
            &config.task_dirs,
            &task_episode::site_urls(sites.as_deref()),
        );
        for broken in tasks.broken() {
            tracing::warn!(path = %broken.path, message = %broken.message, "task file not loaded");
        }
        let episode_slots = Arc::new(tokio::sync::Semaphore::new(config.max_episodes));
        let environment = Self {
            inner: Arc::new(EnvInner {
                episode_slots,
                prepared: prepared::PreparedStarts::new(config.prepare),
                config,
                pool,
                fence,
                episodes: Mutex::new(HashMap::new()),
                sites,
                events: EpisodeEvents::default(),
                tasks: RwLock::new(Arc::new(tasks)),
            }),
        };
        tokio::spawn(reap_idle(Arc::downgrade(&environment.inner)));
        Ok(environment)
    }

    /// The browser pool.
    pub fn pool(&self) -> &BrowserPool {
        &self.inner.pool
    }

    /// Process id of the chromedriver Agora runs (None with `--webdriver-url`).
    pub fn driver_pid(&self) -> Option<u32> {
        self.inner.pool.endpoint().driver_pid()
    }

    /// Origins agent browsers may reach.
    pub fn allowed(&self) -> &AllowList {
        self.inner.fence.allowed()
    }

    /// Each hosted site's state by name (empty without sites).
    pub fn site_readiness(&self) -> std::collections::BTreeMap<String, String> {
        self.inner
            .sites
            .as_ref()
            .map(|sites| sites.readiness())
            .unwrap_or_default()
    }

    /// The configuration.
    pub fn config(&self) -> &Config {
        &self.inner.config
    }

    /// How settling is bounded.
    pub fn settle_policy(&self) -> SettlePolicy {
        SettlePolicy {
            dom_quiet: self.inner.config.dom_quiet(),
            cap: self.inner.config.settle_cap(),
            paint: true,
        }
    }

    /// How many starts opened ahead are waiting for their episode (`--prepare`).
    pub fn starts_ready(&self) -> usize {
        self.inner.prepared.ready()
    }

    /// Episode events (start, steps, close), for live viewers.
    pub fn events(&self) -> &EpisodeEvents {
        &self.inner.events
    }

    /// Starts an episode: a warm browser, the start URLs in tabs (first one active), settled
    /// and observed.
    pub async fn create_episode(&self, spec: EpisodeSpec) -> Result<SharedEpisode, EnvError> {
        let shared = self.open_episode(spec).await?;
        self.announce(&*shared.lock().await);
        Ok(shared)
    }

    /// Tells live viewers that `episode` started.
    fn announce(&self, episode: &Episode) {
        self.inner.events.send(|| EpisodeEvent::Started {
            id: episode.id.clone(),
            task: episode.task.as_ref().map(|task| task.name.to_string()),
            intent: episode.task.as_ref().map(|task| task.task.intent.clone()),
            input_images: episode.input_images.clone(),
            view: episode.observation.as_ref().map(EpisodeView::of),
        });
    }

    /// [`Environment::create_episode`] without the announcement (a task episode announces
    /// itself once its task is attached).
    async fn open_episode(&self, spec: EpisodeSpec) -> Result<SharedEpisode, EnvError> {
        if spec.start_urls.is_empty() {
            return Err(EnvError::BadRequest("give at least one start URL".into()));
        }
        for url in &spec.start_urls {
            if !self.allowed().permits_url(url) {
                return Err(EnvError::StartUrlRefused(
                    url.clone(),
                    self.allowed().to_strings().join(", "),
                ));
            }
        }
        let max_tabs = self.inner.config.max_tabs;
        if spec.start_urls.len() > max_tabs {
            return Err(EnvError::BadRequest(format!(
                "{} start URLs: an episode may have at most {max_tabs} tabs (--max-tabs)",
                spec.start_urls.len()
            )));
        }
        let viewport = spec.viewport.unwrap_or_default();
        if !(100..=4096).contains(&viewport.width) || !(100..=8192).contains(&viewport.height) {
            return Err(EnvError::BadRequest(format!(
                "viewport {}x{} is out of range (width 100–4096, height 100–8192)",
                viewport.width, viewport.height
            )));
        }
        let slot = Arc::clone(&self.inner.episode_slots)
            .try_acquire_owned()
            .map_err(|_| EnvError::TooManyEpisodes {
                limit: self.inner.config.max_episodes,
            })?;
        let start = StartKey {
            start_urls: spec.start_urls,
            viewport,
            observe: spec.observe,
            logins: spec.logins,
        };
        // Only a private tenant on hosted sites can be opened ahead: it is fresh until used.
        let preparable = spec.tenancy == Tenancy::Private && self.inner.sites.is_some();
        let opened = match preparable
            .then(|| self.inner.prepared.take(&start))
            .flatten()
        {
            Some(mut episode) => {
                episode.prepared = true;
                episode.last_used = std::time::Instant::now();
                episode
            }
            None => {
                let tenant = self.open_tenant(spec.tenancy)?;
                let opened = self.open_start(&start, tenant, None).await;
                if opened.is_err() {
                    self.drop_tenant(tenant);
                }
                opened?
            }
        };
        if preparable {
            self.prepare(&start).await;
        }
        let mut episode = opened;
        episode.input_images = spec.input_images;
        episode.limits = self.inner.config.action_limits();
        episode.workspace = self.workspace(episode.tenant);
        episode.slot = Some(slot);
        episode.recorder = self
            .inner
            .config
            .trajectory_dir
            .as_deref()
            .map(|root| Recorder::new(root, &episode.id.0));
        episode.mark_start();
        episode.events = Some(self.inner.events.clone());
        episode.start = preparable.then_some(start);
        let id = episode.id.clone();
        let shared = Arc::new(Mutex::new(episode));
        self.inner
            .episodes
            .lock()
            .await
            .insert(id, Arc::clone(&shared));
        Ok(shared)
    }

    /// The tenant an episode browses as: a new private one, or the shared default.
    fn open_tenant(&self, tenancy: Tenancy) -> Result<Option<EpisodeTenant>, EnvError> {
        let Some(sites) = &self.inner.sites else {
            return Ok(None);
        };
        Ok(Some(match tenancy {
            Tenancy::Private => EpisodeTenant {
                id: sites.create_tenant()?,
                private: true,
            },
            Tenancy::Shared => EpisodeTenant {
                id: sites.default_tenant(),
                private: false,
            },
        }))
    }

    /// The WebUI workspace of an episode with `tenant`, when the WebUI site is hosted.
    fn workspace(&self, tenant: Option<EpisodeTenant>) -> Option<crate::act::Workspace> {
        let sites = self.inner.sites.as_ref()?;
        let tenant = tenant?;
        let (_, site_url) = sites
            .site_urls()
            .into_iter()
            .find(|(name, _)| name == webui::SITE.0)?;
        Some(crate::act::Workspace {
            site_url,
            tenant: tenant.private.then_some(tenant.id),
        })
    }

    /// Drops an episode's tenant if it is its own.
    fn drop_tenant(&self, tenant: Option<EpisodeTenant>) {
        if let (Some(sites), Some(tenant)) = (&self.inner.sites, tenant)
            && tenant.private
        {
            sites.remove_tenant(&tenant.id);
        }
    }

    /// The cookies that select the tenant on every site and log in the given sites.
    fn episode_cookies(
        &self,
        logins: &[String],
        tenant: Option<EpisodeTenant>,
    ) -> Result<Vec<SiteCookie>, EnvError> {
        let (Some(sites), Some(tenant)) = (&self.inner.sites, tenant) else {
            return Ok(Vec::new());
        };
        let mut cookies = Vec::new();
        if tenant.private {
            cookies.extend(sites.site_urls().into_iter().map(|(_, url)| SiteCookie {
                url,
                name: kit::TENANT_COOKIE.to_owned(),
                value: tenant.id.to_string(),
            }));
        }
        for site in logins {
            cookies.extend(sites.login_cookies(site, &tenant.id)?);
        }
        Ok(cookies)
    }

    /// A browser at `start` as `tenant`: cookies set, the start URLs opened and settled, the
    /// first page observed. The browser is `lease`, or one from the pool.
    async fn open_start(
        &self,
        start: &StartKey,
        tenant: Option<EpisodeTenant>,
        lease: Option<Lease>,
    ) -> Result<Episode, EnvError> {
        let cookies = self.episode_cookies(&start.logins, tenant)?;
        let lease = match lease {
            Some(lease) => lease,
            None => self.inner.pool.acquire().await?,
        };
        let mut session = lease.session;
        let opened = open_start_urls(
            &mut session,
            &start.start_urls,
            &cookies,
            start.viewport,
            self.settle_policy(),
        )
        .await;
        if let Err(error) = opened {
            if !error.is_session_lost() {
                self.inner.pool.release(session);
            }
            return Err(error.into());
        }
        let mut episode = Episode::new(session, start.viewport, start.observe, lease.warm);
        episode.pool_wait = lease.waited;
        episode.tenant = tenant;
        episode.observe(start.observe).await?;
        Ok(episode)
    }

    /// Opens `start` ahead in the background as often as the book asks, each in a warm
    /// browser the pool has ready (never one it must create or wait for).
    async fn prepare(&self, start: &StartKey) {
        let plan = self.inner.prepared.started(start);
        for unused in plan.evicted {
            self.discard(unused).await;
        }
        for _ in 0..plan.open {
            let environment = self.clone();
            let start = start.clone();
            tokio::spawn(async move {
                let opened = environment.open_ahead(&start).await;
                if let Some(unwanted) = environment.inner.prepared.opened(&start, opened) {
                    environment.discard(unwanted).await;
                }
            });
        }
    }

    /// One start opened ahead as a fresh private tenant, if a warm browser is ready.
    async fn open_ahead(&self, start: &StartKey) -> Option<Episode> {
        let lease = self.inner.pool.take_warm().await?;
        let tenant = match self.open_tenant(Tenancy::Private) {
            Ok(tenant) => tenant,
            Err(error) => {
                tracing::debug!(%error, "could not open a start ahead");
                self.inner.pool.release(lease.session);
                return None;
            }
        };
        match self.open_start(start, tenant, Some(lease)).await {
            Ok(episode) => Some(episode),
            Err(error) => {
                tracing::debug!(%error, "could not open a start ahead");
                self.drop_tenant(tenant);
                None
            }
        }
    }

    /// Gives an opened start's browser back (or ends it at shutdown) and drops its tenant.
    async fn discard(&self, mut episode: Episode) {
        if let Some(session) = episode.take_session() {
            if self.inner.prepared.is_closed() {
                session.close().await;
            } else {
                self.inner.pool.release(session);
            }
        }
        self.drop_tenant(episode.tenant.take());
    }

    /// The running episode `id`.
    pub async fn episode(&self, id: &EpisodeId) -> Result<SharedEpisode, EnvError> {
        self.inner
            .episodes
            .lock()
            .await
            .get(id)
            .cloned()
            .ok_or_else(|| EnvError::UnknownEpisode(id.clone()))
    }

    /// Ids of the running episodes.
    pub async fn episode_ids(&self) -> Vec<EpisodeId> {
        self.inner.episodes.lock().await.keys().cloned().collect()
    }

    /// Ends an episode: its browser goes back to the pool, its tenant is dropped and its
    /// trajectory saved.
    pub async fn close_episode(&self, id: &EpisodeId) -> Result<(), EnvError> {
        let shared = self
            .inner
            .episodes
            .lock()
            .await
            .remove(id)
            .ok_or_else(|| EnvError::UnknownEpisode(id.clone()))?;
        let mut episode = shared.lock().await;
        if let Some(session) = episode.take_session() {
            self.inner.pool.release(session);
        }
        // Its place under --max-episodes is free from now on.
        episode.slot = None;
        if let Some(start) = episode.start.take() {
            self.inner.prepared.ended(&start);
        }
        self.drop_tenant(episode.tenant.take());
        episode.save_trajectory().await;
        self.inner
            .events
            .send(|| EpisodeEvent::Closed { id: id.clone() });
        Ok(())
    }

    /// Ends every episode's browser and every warm browser. Local browsers are ended first,
    /// busy or not, so a step in flight fails at once instead of holding its episode; a
    /// remote browser still busy after [`SHUTDOWN_CAP`] is left to its remote end.
    pub async fn shutdown(&self) {
        let episodes: Vec<_> = self
            .inner
            .episodes
            .lock()
            .await
            .drain()
            .map(|(_, episode)| episode)
            .collect();
        for opened in self.inner.prepared.close() {
            self.discard(opened).await;
        }
        self.inner.pool.endpoint().shutdown().await;
        for episode in episodes {
            let Ok(mut episode) = tokio::time::timeout(SHUTDOWN_CAP, episode.lock()).await else {
                tracing::warn!("an episode was still busy at shutdown; left to its remote end");
                continue;
            };
            if let Some(session) = episode.take_session() {
                session.close().await;
            }
            self.drop_tenant(episode.tenant.take());
            episode.save_trajectory().await;
        }
        self.inner.pool.drain().await;
    }
}

/// Sets the cookies, opens the start URLs, one tab each, and returns to the first tab.
async fn open_start_urls(
    session: &mut crate::browser::BrowserSession,
    urls: &[String],
    cookies: &[SiteCookie],
    viewport: Viewport,
    policy: SettlePolicy,
) -> Result<(), BrowserError> {
    for cookie in cookies {
        session
            .cdp(
                "Network.setCookie",
                serde_json::json!({ "url": cookie.url, "name": cookie.name, "value": cookie.value, "path": "/" }),
            )
            .await?;
    }
    let first = session.current_tab().cloned();
    for (index, url) in urls.iter().enumerate() {
        if index > 0 {
            session.open_tab().await?;
        }
        session.set_viewport(viewport).await?;
        session.instrument_current_tab().await?;
        session.goto(url).await?;
        settle(session, policy).await?;
    }
    if let (true, Some(first)) = (urls.len() > 1, first) {
        session.switch_tab(first).await?;
    }
    Ok(())
}

/// Closes episodes nobody has used for the idle timeout, returning their browsers and
/// dropping their tenants.
async fn reap_idle(weak: std::sync::Weak<EnvInner>) {
    let period = {
        let Some(inner) = weak.upgrade() else { return };
        (inner.config.idle_timeout() / 4).clamp(Duration::from_millis(50), Duration::from_secs(30))
    };
    let mut ticks = tokio::time::interval(period);
    loop {
        ticks.tick().await;
        let Some(inner) = weak.upgrade() else { return };
        let timeout = inner.config.idle_timeout();
        let mut idle = Vec::new();
        for (id, episode) in inner.episodes.lock().await.iter() {
            if let Ok(episode) = episode.try_lock()
                && episode.last_used.elapsed() >= timeout
            {
                idle.push(id.clone());
            }
        }
        let environment = Environment { inner };
        for opened in environment.inner.prepared.expired() {
            environment.discard(opened).await;
        }
        for id in idle {
            tracing::info!(episode = %id, "closing an idle episode");
            let _ = environment.close_episode(&id).await;
        }
    }
}
