//! Episode lifecycle: the browser pool, the fence, and the registry of running episodes
//! (created, stepped, observed, closed, reaped when idle).

mod episode;
mod error;
mod events;
mod handle;
mod page;
mod prepared;
mod recorder;
mod site_host;
mod stamp;
mod start;
mod target_shots;
mod task_episode;
mod task_registry;
mod tenants;

pub use episode::{EpisodeId, StartFacts, StepOutcome, Summary, TrajectoryStep};
pub use error::EnvError;
pub use events::{EpisodeEvent, EpisodeEvents};
pub use handle::{BrowserGuard, EpisodeHandle, Stepped};
pub use page::EpisodePage;
use prepared::StartKey;
use recorder::Recorder;
pub use site_host::{SiteCookie, SiteHost, SiteHostError};
pub use stamp::StateStamp;
pub use task_registry::{BrokenTaskFile, TaskContext, TaskName, TaskRegistry};
pub use tenants::{HarnessTenantId, IssuedTenant, ReportedEnd};

use crate::browser::{
    BrowserError, BrowserPool, Sandbox, SessionSettings, SettlePolicy, Viewport, WebDriverEndpoint,
};
use crate::config::Config;
use crate::fence::{AllowList, Fence, Origin};
use crate::observe::ObserveOptions;
use episode::{Episode, Setup};
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
    /// The task it runs, if it runs one (see [`Environment::create_task_episode`]).
    pub task: Option<TaskContext>,
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
    episodes: Mutex<HashMap<EpisodeId, Arc<Mutex<Episode>>>>,
    sites: Option<Arc<dyn SiteHost>>,
    events: EpisodeEvents,
    tasks: RwLock<Arc<TaskRegistry>>,
    /// One permit per episode that may run (`--max-episodes`).
    episode_slots: Arc<tokio::sync::Semaphore>,
    /// Starts opened ahead (`--prepare`).
    prepared: prepared::PreparedStarts,
    /// WebUI targets measured once per layout, for every later `aes` evaluation.
    kept_targets: evaluators::aes::kept::KeptTargets,
    /// Tenants handed to browsers Agora does not drive.
    tenants: Mutex<HashMap<HarnessTenantId, Arc<Mutex<tenants::HarnessTenant>>>>,
    /// One permit per harness tenant that may live (`--max-tenants`).
    tenant_slots: Arc<tokio::sync::Semaphore>,
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
        let sandbox = match &config.webdriver_url {
            Some(_) => Sandbox::remote(config.grid_no_sandbox),
            None => Sandbox::plan(config.browser_user.as_deref())?,
        };
        sandbox.announce();
        let endpoint = match &config.webdriver_url {
            Some(url) => WebDriverEndpoint::remote(url.clone()),
            None => {
                crate::browser::ensure_executable(&config.chromium)?;
                WebDriverEndpoint::spawn_local(&config.chromedriver, sandbox.user().cloned())
                    .await?
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
            max_tabs: config.max_tabs,
            sandbox,
        };
        let pool = BrowserPool::new(endpoint, settings, config.pool_limits(), allowed.clone());
        let tasks = TaskRegistry::load(
            &config.task_dirs,
            &task_episode::site_urls(sites.as_deref()),
        );
        for broken in tasks.broken() {
            tracing::warn!(path = %broken.path, message = %broken.message, "task file not loaded");
        }
        let episode_slots = Arc::new(tokio::sync::Semaphore::new(config.episode_cap()));
        let tenant_slots = Arc::new(tokio::sync::Semaphore::new(config.max_tenants));
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
                kept_targets: Default::default(),
                tenants: Mutex::new(HashMap::new()),
                tenant_slots,
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

    /// Starts an episode: a warm browser (or a start opened ahead), the start URLs in tabs
    /// (first one active), settled and observed; the episode is built whole around it.
    pub async fn create_episode(&self, spec: EpisodeSpec) -> Result<EpisodeHandle, EnvError> {
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
                limit: self.inner.config.episode_cap(),
            })?;
        let start = StartKey {
            start_urls: spec.start_urls,
            viewport,
            observe: spec.observe,
            logins: spec.logins,
        };
        let (opened, prepared) = self.open_at(&start, spec.tenancy).await?;
        let config = &self.inner.config;
        let id = EpisodeId::random();
        let setup = Setup {
            options: start.observe,
            input_images: spec.input_images,
            task: spec.task,
            limits: config.action_limits(),
            settle: self.settle_policy(),
            deadline: config.step_deadline(),
            upload_dir: config.upload_dir.clone(),
            workspace: self.workspace(opened.tenant),
            recorder: config
                .trajectory_dir
                .as_deref()
                .map(|root| Recorder::new(root, &id.0)),
            slot,
            // Only starts that may be opened ahead are counted in the book.
            start_key: (spec.tenancy == Tenancy::Private && self.inner.sites.is_some())
                .then_some(start),
            prepared,
            events: self.inner.events.clone(),
            id: id.clone(),
        };
        let episode = Arc::new(Mutex::new(Episode::build(opened, setup)));
        self.inner
            .episodes
            .lock()
            .await
            .insert(id.clone(), Arc::clone(&episode));
        Ok(EpisodeHandle::new(self.clone(), id, episode))
    }

    /// The workspace an episode of `tenant` writes to, when a hosted site offers one.
    fn workspace(&self, tenant: Option<EpisodeTenant>) -> Option<crate::act::Workspace> {
        let site = self.inner.sites.as_ref()?.workspace()?;
        Some(crate::act::Workspace::new(site, tenant?.id))
    }

    /// The running episode `id`.
    pub async fn episode(&self, id: &EpisodeId) -> Result<EpisodeHandle, EnvError> {
        let episode = self
            .inner
            .episodes
            .lock()
            .await
            .get(id)
            .cloned()
            .ok_or_else(|| EnvError::UnknownEpisode(id.clone()))?;
        Ok(EpisodeHandle::new(self.clone(), id.clone(), episode))
    }

    /// Ids of the running episodes.
    pub async fn episode_ids(&self) -> Vec<EpisodeId> {
        self.inner.episodes.lock().await.keys().cloned().collect()
    }

    /// Ends episode `id`: its browser goes back to the pool, its tenant is dropped and its
    /// trajectory saved.
    async fn close_episode(&self, id: &EpisodeId) -> Result<(), EnvError> {
        let episode = self
            .inner
            .episodes
            .lock()
            .await
            .remove(id)
            .ok_or_else(|| EnvError::UnknownEpisode(id.clone()))?;
        let remains = episode.lock().await.end().await;
        if let Some(session) = remains.session {
            self.inner.pool.release(session);
        }
        if let Some(start) = remains.start_key {
            self.inner.prepared.ended(&start);
        }
        self.drop_tenant(remains.tenant);
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
        self.inner.pool.close();
        for opened in self.inner.prepared.close() {
            self.discard(opened).await;
        }
        self.inner.pool.endpoint().shutdown().await;
        for episode in episodes {
            let Ok(mut episode) = tokio::time::timeout(SHUTDOWN_CAP, episode.lock()).await else {
                tracing::warn!("an episode was still busy at shutdown; left to its remote end");
                continue;
            };
            let remains = episode.end().await;
            if let Some(session) = remains.session {
                session.close().await;
            }
            self.drop_tenant(remains.tenant);
        }
        self.drop_harness_tenants().await;
        self.inner.pool.drain().await;
    }
}

/// Closes episodes nobody has used for the idle timeout, returning their browsers and
/// dropping their tenants, and drops the harness tenants nobody has used for as long.
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
                && episode.idle() >= timeout
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
        environment.reap_idle_tenants(timeout).await;
    }
}
