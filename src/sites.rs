//! The sites the binary hosts: one list, and everything done over it — seeding, serving,
//! dumping ground truth, benchmarking — plus the controller's view of the running sites
//! ([`SiteHost`]). Adding a site is its crate, one entry in [`SITES`] and the workspace
//! manifest.

use crate::env::{SiteCookie, SiteHost, SiteHostError};
use anyhow::Context;
use evaluators::{SiteQueries, SiteQuerySet};
use kit::{Directory, HostedSite, Listing, OpenContext, Scale, Site, SiteName, TenantId, Tenants};
use std::collections::BTreeMap;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::str::FromStr;
use std::sync::Arc;
use tokio::task::JoinHandle;

/// Every site Agora hosts, in the order they are listed (the homepage lists the others).
pub const SITES: &[&dyn Site] = &[
    &classifieds::ClassifiedsSite,
    &shopping::ShoppingSite,
    &forum::ForumSite,
    &homepage::HomepageSite,
    &webui::WebUiSite,
];

/// The hosted site called `name` (Agora's name or a task-file name such as `reddit`).
pub fn find(name: &str) -> Option<&'static dyn Site> {
    let canonical = evaluators::site_names::site_named(name)?.name;
    SITES
        .iter()
        .copied()
        .find(|site| site.name().0 == canonical)
}

fn site_list() -> String {
    SITES
        .iter()
        .map(|site| site.name().0)
        .collect::<Vec<_>>()
        .join(", ")
}

/// A hosted site named on the command line.
#[derive(Debug, Clone, Copy)]
pub struct SiteChoice(pub &'static dyn Site);

impl SiteChoice {
    /// The site.
    pub fn site(self) -> &'static dyn Site {
        self.0
    }
}

impl FromStr for SiteChoice {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        find(text)
            .map(SiteChoice)
            .ok_or_else(|| format!("no site `{text}`: the sites are {}", site_list()))
    }
}

/// `--port NAME=PORT`: the port one site listens on (0 picks a free one).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PortChoice {
    /// The site.
    pub site: SiteName,
    /// Its port.
    pub port: u16,
}

impl FromStr for PortChoice {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let (name, port) = text
            .split_once('=')
            .ok_or_else(|| format!("`{text}`: write NAME=PORT, e.g. classifieds=9980"))?;
        let site =
            find(name).ok_or_else(|| format!("no site `{name}`: the sites are {}", site_list()))?;
        let port = port
            .trim()
            .parse()
            .map_err(|_| format!("`{port}` is not a port number (0–65535; 0 picks a free one)"))?;
        Ok(Self {
            site: site.name(),
            port,
        })
    }
}

/// `--data-dir`: where the sites' base databases live (`AGORA_DATA_DIR`), one flag shared
/// by every command that reads or writes them. It reads as the folder's [`Path`].
#[derive(Debug, Clone, PartialEq, Eq, clap::Args)]
pub struct DataDir {
    /// Where the sites' base databases live (`agora seed` writes them there; a command that
    /// hosts the sites seeds those missing there first). Global: it may stand before or
    /// after a subcommand (`agora sites --data-dir D dump shopping`).
    #[arg(
        long,
        value_name = "DIR",
        default_value = "data",
        env = "AGORA_DATA_DIR",
        global = true
    )]
    data_dir: PathBuf,
}

impl DataDir {
    /// The data dir at `path`.
    pub fn new(path: impl Into<PathBuf>) -> Self {
        Self {
            data_dir: path.into(),
        }
    }
}

impl std::ops::Deref for DataDir {
    type Target = Path;

    fn deref(&self) -> &Path {
        &self.data_dir
    }
}

impl AsRef<Path> for DataDir {
    fn as_ref(&self) -> &Path {
        &self.data_dir
    }
}

/// Where the sites' data lives and which ports they listen on; shared by every command that
/// hosts sites.
#[derive(Debug, Clone, clap::Args)]
pub struct SiteOptions {
    /// Where the base databases live.
    #[command(flatten)]
    pub data_dir: DataDir,
    /// A site's port, `NAME=PORT` (repeatable; 0 picks a free one). Defaults are VWA's:
    /// classifieds=9980, shopping=7770, forum=9999, homepage=4399, webui=7780.
    #[arg(long = "port", value_name = "NAME=PORT", global = true)]
    pub ports: Vec<PortChoice>,
    /// The token VWA's reset call (`POST <site>/index.php?page=reset` with `token=…`) must
    /// carry to give the requesting tenant fresh data; VWA's default when not set.
    #[arg(long, env = "AGORA_RESET_TOKEN", hide_env_values = true, default_value = kit::reset::VWA_RESET_TOKEN)]
    pub reset_token: kit::reset::ResetToken,
}

impl SiteOptions {
    /// Every site on a free port, data in `data_dir` (for checks and tests).
    pub fn free_ports(data_dir: impl Into<PathBuf>) -> Self {
        Self {
            data_dir: DataDir::new(data_dir),
            ports: SITES
                .iter()
                .map(|site| PortChoice {
                    site: site.name(),
                    port: 0,
                })
                .collect(),
            reset_token: kit::reset::ResetToken::default(),
        }
    }

    /// The port `site` listens on: the last `--port` naming it, else its default.
    pub fn port_of(&self, site: &dyn Site) -> u16 {
        self.ports
            .iter()
            .rev()
            .find(|choice| choice.site == site.name())
            .map_or_else(|| site.default_port(), |choice| choice.port)
    }
}

/// One site being served.
#[derive(Debug)]
struct Served {
    site: &'static dyn Site,
    hosted: Arc<dyn HostedSite>,
    url: String,
    server: JoinHandle<()>,
}

/// Sites being served.
#[derive(Debug)]
pub struct RunningSites {
    /// The tenant registry over every site.
    pub tenants: Tenants,
    /// Every site and its URL.
    pub directory: Arc<Directory>,
    served: Vec<Served>,
}

impl RunningSites {
    /// The served site called `name` (Agora's name or a task-file name such as `reddit`).
    fn served(&self, name: &str) -> Option<&Served> {
        let name = evaluators::site_names::site_named(name).map_or(name, |names| names.name);
        self.served
            .iter()
            .find(|served| served.site.name().0 == name)
    }

    /// The base URL of the site called `name`, as agents see it.
    pub fn url_of(&self, name: &str) -> Option<&str> {
        self.served(name).map(|served| served.url.as_str())
    }

    /// The served site called `name`.
    pub fn hosted(&self, name: &str) -> Option<&Arc<dyn HostedSite>> {
        self.served(name).map(|served| &served.hosted)
    }

    /// Stops serving.
    pub fn stop(self) {
        drop(self);
    }
}

impl Drop for RunningSites {
    fn drop(&mut self) {
        for served in &self.served {
            served.server.abort();
        }
    }
}

/// The controller's view of the running sites: tenants, logins, URLs, state queries and the
/// capabilities the sites offer.
impl SiteHost for RunningSites {
    fn site_urls(&self) -> Vec<(String, String)> {
        self.served
            .iter()
            .map(|served| (served.site.name().to_string(), served.url.clone()))
            .collect()
    }

    fn create_tenant(&self) -> Result<TenantId, SiteHostError> {
        Ok(self.tenants.create()?)
    }

    fn default_tenant(&self) -> TenantId {
        self.tenants.default_id()
    }

    fn remove_tenant(&self, tenant: &TenantId) {
        self.tenants.remove(tenant);
    }

    fn tenant_idle(&self, tenant: &TenantId) -> Result<std::time::Duration, SiteHostError> {
        Ok(self.tenants.idle(tenant)?)
    }

    fn login_cookies(
        &self,
        site: &str,
        tenant: &TenantId,
    ) -> Result<Vec<SiteCookie>, SiteHostError> {
        let Some(served) = self.served(site) else {
            // A site Agora does not host (VWA's Wikipedia) has no accounts to log in to.
            return Ok(Vec::new());
        };
        Ok(served
            .hosted
            .login_cookies(tenant)?
            .into_iter()
            .map(|(name, value)| SiteCookie {
                url: served.url.clone(),
                name,
                value,
            })
            .collect())
    }

    fn visitor_cookies(&self) -> Vec<String> {
        self.served
            .iter()
            .flat_map(|served| served.hosted.visitor_cookies())
            .collect()
    }

    fn stamp(&self, tenant: &TenantId) -> Result<kit::TenantStamp, SiteHostError> {
        Ok(self.tenants.stamp(tenant)?)
    }

    fn queries(&self, tenant: &TenantId) -> Result<SiteQuerySet, SiteHostError> {
        let queries: Result<Vec<Arc<dyn SiteQueries>>, _> = self
            .served
            .iter()
            .map(|served| served.hosted.queries(tenant))
            .collect();
        Ok(SiteQuerySet::new(queries?))
    }

    fn workspace(&self) -> Option<Arc<dyn kit::site::Workspace>> {
        self.served
            .iter()
            .find_map(|served| served.hosted.workspace())
    }

    fn staging(&self, tenant: &TenantId) -> Option<Arc<dyn evaluators::TargetStaging>> {
        self.served
            .iter()
            .find_map(|served| served.hosted.staging(tenant))
    }

    fn readiness(&self) -> BTreeMap<String, String> {
        self.served
            .iter()
            .map(|served| {
                let state = if served.server.is_finished() {
                    "stopped"
                } else {
                    "ready"
                };
                (served.site.name().to_string(), state.to_owned())
            })
            .collect()
    }
}

/// Seeds, at full scale, the site if its base data is missing from `data_dir`.
async fn seed_if_missing(site: &'static dyn Site, data_dir: &Path) -> anyhow::Result<()> {
    if !site.is_seeded(data_dir) {
        for report in seed_sites(data_dir, &[site], Scale::Full, None).await? {
            tracing::info!(%report, "seeded");
        }
    }
    Ok(())
}

/// Seeds `sites` in parallel, each on its own blocking thread; reports in list order.
async fn seed_sites(
    data_dir: &Path,
    sites: &[&'static dyn Site],
    scale: Scale,
    seed: Option<u64>,
) -> anyhow::Result<Vec<kit::SeedReport>> {
    let jobs: Vec<_> = sites
        .iter()
        .copied()
        .map(|site| {
            let directory = data_dir.to_owned();
            tokio::task::spawn_blocking(move || site.seed(&directory, scale, seed))
        })
        .collect();
    let progress = crate::cli::progress::bar(sites.len(), "sites seeded");
    let mut reports = Vec::new();
    for (job, site) in jobs.into_iter().zip(sites) {
        progress.set_message(format!("seeding {}", site.name()));
        if let Some(report) = job.await?? {
            reports.push(report);
        }
        progress.inc(1);
    }
    progress.finish_and_clear();
    Ok(reports)
}

/// The addresses the sites listen on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SiteAddress {
    /// Each site on a loopback address of its own, `127.0.0.N` ([`Site::loopback_host`]), so
    /// each has its own cookie jar in the browser (cookies are scoped by host, not port).
    /// Linux routes all of 127.0.0.0/8 to the loopback interface with no setup, and every
    /// client (Chromium through the fence, reqwest, Python, VWA's harness) takes an address
    /// literal without a resolver.
    OwnLoopback,
    /// Every site on this one address (`agora sites --bind`): one host, one cookie jar for
    /// all the sites.
    Shared(IpAddr),
}

impl SiteAddress {
    /// The address `site` listens on.
    pub fn of(self, site: &dyn Site) -> IpAddr {
        match self {
            Self::OwnLoopback => IpAddr::V4(Ipv4Addr::new(127, 0, 0, site.loopback_host())),
            Self::Shared(address) => address,
        }
    }
}

/// Starts every site (seeding missing base data first) and serves each on its address and
/// port in the background.
pub async fn start(options: &SiteOptions, address: SiteAddress) -> anyhow::Result<RunningSites> {
    start_sites(SITES, options, address).await
}

/// Starts every site on free loopback ports and a browser environment that hosts them, as
/// `agora tasks check`, `agora run` and `agora bench run` use them.
pub async fn start_with_environment(
    data_dir: &Path,
    config: crate::config::Config,
) -> anyhow::Result<crate::env::Environment> {
    start_sites_with_environment(SITES, data_dir, config).await
}

/// [`start_with_environment`] with the data and ports `options` give (`agora tasks record
/// --port NAME=PORT`).
pub async fn start_with_options(
    options: &SiteOptions,
    config: crate::config::Config,
) -> anyhow::Result<crate::env::Environment> {
    host_with_environment(SITES, options, config).await
}

/// [`start_with_environment`] for some of the sites (`agora tasks webui` needs only one).
pub async fn start_sites_with_environment(
    sites: &[&'static dyn Site],
    data_dir: &Path,
    config: crate::config::Config,
) -> anyhow::Result<crate::env::Environment> {
    host_with_environment(sites, &SiteOptions::free_ports(data_dir), config).await
}

async fn host_with_environment(
    sites: &[&'static dyn Site],
    options: &SiteOptions,
    config: crate::config::Config,
) -> anyhow::Result<crate::env::Environment> {
    let sites = start_sites(sites, options, SiteAddress::OwnLoopback)
        .await
        .context("starting the sites")?;
    let sites: Arc<dyn SiteHost> = Arc::new(sites);
    crate::env::Environment::start_with_sites(
        Arc::new(config),
        crate::fence::AllowList::default(),
        Some(sites),
    )
    .await
    .context("starting the browser environment")
}

/// [`start`] for any list of sites (a test hosts a throwaway one through the contract).
pub async fn start_sites(
    sites: &[&'static dyn Site],
    options: &SiteOptions,
    address: SiteAddress,
) -> anyhow::Result<RunningSites> {
    let missing: Vec<&'static dyn Site> = sites
        .iter()
        .copied()
        .filter(|site| !site.is_seeded(&options.data_dir))
        .collect();
    for site in &missing {
        if let Some(file) = site.base().map(|base| options.data_dir.join(base.file))
            && file.exists()
        {
            tracing::warn!(path = %file.display(), "the base database is damaged, cut short or from an older build; rebuilding it");
        }
    }
    for report in seed_sites(&options.data_dir, &missing, Scale::Full, None).await? {
        tracing::info!(%report, "seeded");
    }
    let mut listeners = Vec::new();
    for site in sites.iter().copied() {
        let address = SocketAddr::new(address.of(site), options.port_of(site));
        let listener = tokio::net::TcpListener::bind(address)
            .await
            .with_context(|| format!("binding the {} site to {address}", site.name()))?;
        let url = format!("http://{}", listener.local_addr()?);
        listeners.push((site, listener, url));
    }
    let directory = Arc::new(Directory {
        sites: listeners
            .iter()
            .map(|(site, _, url)| Listing {
                name: site.name(),
                title: site.title(),
                description: site.description(),
                url: url.clone(),
            })
            .collect(),
    });
    let context = OpenContext {
        data_dir: options.data_dir.to_path_buf(),
        tenants: Tenants::new(),
        directory: Arc::clone(&directory),
        reset_token: options.reset_token.clone(),
    };
    let mut served = Vec::new();
    for (site, listener, url) in listeners {
        let hosted = site.open(&context).with_context(|| {
            format!(
                "opening the {} site over {}",
                site.name(),
                options.data_dir.display()
            )
        })?;
        let router = hosted.router();
        let name = site.name();
        let server = tokio::spawn(async move {
            let service = router.into_make_service_with_connect_info::<std::net::SocketAddr>();
            if let Err(error) = axum::serve(listener, service).await {
                tracing::error!(%error, site = %name, "a site server stopped");
            }
        });
        served.push(Served {
            site,
            hosted,
            url,
            server,
        });
    }
    Ok(RunningSites {
        tenants: context.tenants,
        directory,
        served,
    })
}

/// Arguments of `agora seed`.
#[derive(Debug, clap::Args)]
pub struct SeedArgs {
    /// Where the base databases are written.
    #[command(flatten)]
    pub data_dir: DataDir,
    /// Seed only these sites (repeatable; default: all).
    #[arg(long = "site", value_name = "NAME")]
    pub sites: Vec<SiteChoice>,
    /// The generator's seed (default: each site's own); the same seed gives the same data.
    #[arg(long)]
    pub seed: Option<u64>,
    /// Build a small data set with about this many primary items (listings, products,
    /// posts) per site instead of VWA's scale.
    #[arg(long, value_name = "ITEMS")]
    pub small: Option<u32>,
}

/// Builds the base databases.
pub async fn seed(args: SeedArgs) -> anyhow::Result<std::process::ExitCode> {
    let scale = args.small.map_or(Scale::Full, Scale::Small);
    let sites: Vec<&'static dyn Site> = if args.sites.is_empty() {
        SITES.to_vec()
    } else {
        args.sites.iter().map(|choice| choice.site()).collect()
    };
    let started = std::time::Instant::now();
    for report in seed_sites(&args.data_dir, &sites, scale, args.seed).await? {
        println!("{report}");
    }
    println!("seeded in {:.1} s", started.elapsed().as_secs_f64());
    Ok(std::process::ExitCode::SUCCESS)
}

/// Arguments of `agora sites`.
#[derive(Debug, clap::Args)]
pub struct SitesArgs {
    /// Dump or bench instead of serving.
    #[command(subcommand)]
    pub action: Option<SitesAction>,
    /// Data dir and ports (accepted before or after `dump`/`bench`).
    #[command(flatten, next_help_heading = "Sites")]
    pub options: SiteOptions,
    /// Serve every site on this one address (e.g. 0.0.0.0 for another machine) instead of
    /// each on a loopback address of its own (127.0.0.N); the sites then share one cookie jar.
    #[arg(long)]
    pub bind: Option<IpAddr>,
}

/// What `agora sites` does besides serving.
#[derive(Debug, clap::Subcommand)]
pub enum SitesAction {
    /// Write a site's ground truth as JSON lines to standard output.
    ///
    /// Example: `agora sites dump classifieds > classifieds.jsonl`
    Dump {
        /// The site.
        site: SiteChoice,
    },
    /// Measure a site's page latency, a fresh tenant's first page and memory per tenant at
    /// the seeded scale (server-side, in process).
    ///
    /// Example: `agora sites bench classifieds --rounds 300`
    Bench {
        /// The site.
        site: SiteChoice,
        /// Requests of each kind.
        #[arg(long, default_value_t = 300)]
        rounds: usize,
    },
}

/// Serves the sites, or dumps a site's ground truth, or benchmarks it.
pub async fn run(args: SitesArgs) -> anyhow::Result<std::process::ExitCode> {
    let data_dir = &args.options.data_dir;
    match args.action {
        Some(SitesAction::Dump { site }) => {
            let site = site.site();
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            let count = site.dump(data_dir, &mut out)?;
            std::io::Write::flush(&mut out)?;
            eprintln!("dumped {count} {} records", site.name());
        }
        Some(SitesAction::Bench { site, rounds }) => {
            seed_if_missing(site.site(), data_dir).await?;
            println!("{}", site.site().bench(data_dir, rounds).await?);
        }
        None => {
            let address = args
                .bind
                .map_or(SiteAddress::OwnLoopback, SiteAddress::Shared);
            let running = start(&args.options, address).await?;
            for listing in &running.directory.sites {
                println!("{:<12} {}/", listing.name.to_string(), listing.url);
            }
            tokio::signal::ctrl_c().await?;
            running.stop();
        }
    }
    Ok(std::process::ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::{HeaderMap, StatusCode};
    use axum::routing::get;
    use kit::{BenchFuture, Database, SeedReport, SiteError};
    use std::io::Write;
    use std::time::Duration;

    #[test]
    fn port_choices_name_listed_sites() {
        let choice: PortChoice = "classifieds=0".parse().unwrap();
        assert_eq!((choice.site.0, choice.port), ("classifieds", 0));
        assert!("classifieds".parse::<PortChoice>().is_err());
        assert!("classifieds=99999".parse::<PortChoice>().is_err());
        let error = "gitlab=1".parse::<PortChoice>().unwrap_err();
        assert!(error.contains("classifieds"), "{error}");
        let options = SiteOptions {
            data_dir: DataDir::new("data"),
            ports: vec![
                "classifieds=1".parse().unwrap(),
                "classifieds=2".parse().unwrap(),
            ],
            reset_token: kit::reset::ResetToken::default(),
        };
        assert_eq!(options.port_of(&classifieds::ClassifiedsSite), 2);
        assert_eq!(options.port_of(&homepage::HomepageSite), 4399);
    }

    #[test]
    fn every_listed_site_has_one_row_in_the_vocabulary() {
        let mut names: Vec<&str> = SITES.iter().map(|site| site.name().0).collect();
        for name in &names {
            let row = evaluators::site_names::site_named(name)
                .unwrap_or_else(|| panic!("`{name}` is hosted but not in SITE_NAMES"));
            assert_eq!(row.name, *name);
            assert!(name.parse::<SiteChoice>().is_ok());
            let mut urls = evaluators::task::SiteUrls::new();
            urls.insert(name, "http://x").unwrap();
            for placeholder in row.placeholders {
                assert_eq!(urls.substitute(placeholder), "http://x");
            }
        }
        let count = names.len();
        names.sort_unstable();
        names.dedup();
        assert_eq!(names.len(), count, "a site is listed twice");
        assert_eq!(SiteOptions::free_ports("d").ports.len(), SITES.len());
        let mut hosts: Vec<u8> = SITES.iter().map(|site| site.loopback_host()).collect();
        hosts.sort_unstable();
        hosts.dedup();
        assert_eq!(hosts.len(), SITES.len(), "two sites share a loopback host");
        assert!(
            !hosts.contains(&1),
            "127.0.0.1 is the API's and the fence's, not a site's"
        );
    }

    /// A throwaway site written only against the contract: a list of notes per tenant.
    #[derive(Debug)]
    struct Notes;

    const NOTES: SiteName = SiteName("notes");

    #[derive(Debug)]
    struct HostedNotes {
        tenants: Tenants,
    }

    fn notes_error(error: impl std::error::Error + Send + Sync + 'static) -> SiteError {
        SiteError::new(NOTES, error)
    }

    impl Site for Notes {
        fn name(&self) -> SiteName {
            NOTES
        }
        fn title(&self) -> &'static str {
            "Notes"
        }
        fn description(&self) -> &'static str {
            "A list of notes."
        }
        fn default_port(&self) -> u16 {
            0
        }
        fn loopback_host(&self) -> u8 {
            9
        }
        fn base(&self) -> Option<kit::BaseData> {
            Some(kit::BaseData {
                file: "notes.sqlite",
                migrations: kit::Migrations(&[]),
            })
        }
        fn seed(
            &self,
            data_dir: &Path,
            _: Scale,
            _: Option<u64>,
        ) -> Result<Option<SeedReport>, SiteError> {
            let connection = rusqlite::Connection::open_in_memory().map_err(notes_error)?;
            connection
                .execute_batch(
                    "CREATE TABLE notes (body TEXT); INSERT INTO notes VALUES ('seeded');",
                )
                .map_err(notes_error)?;
            let path = data_dir.join("notes.sqlite");
            kit::database::write_file(&connection, &path).map_err(notes_error)?;
            Ok(Some(SeedReport {
                site: NOTES,
                summary: "1 note".into(),
                path,
                bytes: 1,
                elapsed: Duration::ZERO,
            }))
        }
        fn open(&self, context: &OpenContext) -> Result<Arc<dyn HostedSite>, SiteError> {
            let image = kit::database::read_image(&context.data_dir.join("notes.sqlite"))
                .map_err(notes_error)?;
            context
                .tenants
                .register_site(NOTES, image)
                .map_err(notes_error)?;
            Ok(Arc::new(HostedNotes {
                tenants: context.tenants.clone(),
            }))
        }
        fn dump(&self, _: &Path, out: &mut dyn Write) -> Result<u64, SiteError> {
            writeln!(out, "{{\"body\": \"seeded\"}}").map_err(notes_error)?;
            Ok(1)
        }
        fn bench<'a>(&'a self, _: &'a Path, rounds: usize) -> BenchFuture<'a> {
            Box::pin(async move { Ok(format!("{rounds} rounds")) })
        }
    }

    fn note_count(database: &Database) -> Result<i64, kit::KitError> {
        database.call_blocking(|connection| {
            Ok(connection.query_row("SELECT count(*) FROM notes", [], |row| row.get(0))?)
        })
    }

    impl HostedSite for HostedNotes {
        fn router(&self) -> axum::Router {
            let read = self.tenants.clone();
            let write = self.tenants.clone();
            axum::Router::new()
                .route(
                    "/",
                    get(move |headers: HeaderMap| async move {
                        match read.database_for_request(&headers, NOTES).await {
                            Ok(database) => Ok(format!("{} notes", note_count(&database)?)),
                            Err(error) => Err(kit::PageError::from(error)),
                        }
                    }),
                )
                .route(
                    "/add",
                    axum::routing::post(move |headers: HeaderMap| async move {
                        let database = write
                            .database_for_request(&headers, NOTES)
                            .await
                            .map_err(kit::PageError::from)?;
                        database
                            .call(|connection| {
                                connection
                                    .execute("INSERT INTO notes VALUES ('new')", [])
                                    .map_err(kit::KitError::from)
                            })
                            .await
                            .map_err(kit::PageError::from)?;
                        Ok::<_, kit::PageError>("added")
                    }),
                )
        }
        fn login_cookies(&self, tenant: &TenantId) -> Result<Vec<(String, String)>, SiteError> {
            Ok(vec![("notes_session".into(), format!("for-{tenant}"))])
        }
        fn queries(&self, _: &TenantId) -> Result<Arc<dyn SiteQueries>, SiteError> {
            Ok(Arc::new(evaluators::NoSiteQueries))
        }
    }

    async fn homepage_of(running: &RunningSites) -> String {
        let url = format!("{}/", running.url_of("homepage").unwrap());
        reqwest::get(url).await.unwrap().text().await.unwrap()
    }

    #[tokio::test]
    async fn a_throwaway_site_is_seeded_hosted_and_isolated_through_the_contract() {
        static LIST: [&dyn Site; 2] = [&Notes, &homepage::HomepageSite];
        let data = tempfile::tempdir().unwrap();
        let options = SiteOptions {
            data_dir: DataDir::new(data.path()),
            ports: vec!["homepage=0".parse().unwrap()],
            reset_token: kit::reset::ResetToken::default(),
        };
        let running = start_sites(&LIST, &options, SiteAddress::OwnLoopback)
            .await
            .unwrap();
        assert!(
            data.path().join("notes.sqlite").is_file(),
            "seeded on start"
        );
        let base = running.url_of("notes").unwrap().to_owned();
        let client = reqwest::Client::new();
        let get = |cookie: String| {
            let request = client.get(format!("{base}/")).header("cookie", cookie);
            async move {
                let response = request.send().await.unwrap();
                (response.status(), response.text().await.unwrap())
            }
        };
        let first = running.create_tenant().unwrap();
        let second = running.create_tenant().unwrap();
        let cookie = |tenant: &TenantId| format!("{}={tenant}", kit::TENANT_COOKIE);
        let added = client
            .post(format!("{base}/add"))
            .header("cookie", cookie(&first))
            .send()
            .await
            .unwrap();
        assert_eq!(added.status(), StatusCode::OK);
        assert_eq!(get(cookie(&first)).await.1, "2 notes");
        assert_eq!(get(cookie(&second)).await.1, "1 notes");
        assert_eq!(get(String::new()).await.1, "1 notes", "the default tenant");
        assert_eq!(
            running.tenants.touched_sites(&second).unwrap(),
            vec![NOTES],
            "a tenant copies only the sites it uses"
        );
        // A removed or guessed tenant is refused, not served someone else's notes.
        running.remove_tenant(&first);
        let (status, page) = get(cookie(&first)).await;
        assert_eq!(status, StatusCode::FORBIDDEN);
        assert!(page.contains("episode it belonged to has ended"), "{page}");
        assert_eq!(
            get(cookie(&TenantId::random())).await.0,
            StatusCode::FORBIDDEN
        );
        // Logins, directory and the homepage come from the contract too.
        let logins = running.login_cookies("notes", &second).unwrap();
        assert_eq!(logins.len(), 1);
        assert_eq!(logins[0].url, base);
        assert!(
            running
                .login_cookies("wikipedia", &second)
                .unwrap()
                .is_empty()
        );
        let home = homepage_of(&running).await;
        assert!(home.contains(&format!("href=\"{base}/\"")), "{home}");
        assert!(home.contains("A list of notes."));
        let mut dumped = Vec::new();
        assert_eq!(Notes.dump(data.path(), &mut dumped).unwrap(), 1);
        assert_eq!(Notes.bench(data.path(), 3).await.unwrap(), "3 rounds");
        assert_eq!(
            running.readiness().get("notes").map(String::as_str),
            Some("ready")
        );
    }

    #[tokio::test]
    async fn the_listed_sites_serve_over_http_with_logins_per_tenant() {
        let data = tempfile::tempdir().unwrap();
        for site in SITES {
            site.seed(data.path(), Scale::Small(200), Some(3)).unwrap();
        }
        let running = start(
            &SiteOptions::free_ports(data.path()),
            SiteAddress::OwnLoopback,
        )
        .await
        .unwrap();
        let tenant = running.create_tenant().unwrap();
        let mut cookies = vec![format!("{}={tenant}", kit::TENANT_COOKIE)];
        for login in running.login_cookies("classifieds", &tenant).unwrap() {
            cookies.push(format!("{}={}", login.name, login.value));
        }
        let base = running.url_of("classifieds").unwrap();
        let mine = reqwest::Client::new()
            .get(format!("{base}/index.php?page=user&action=items"))
            .header("cookie", cookies.join("; "))
            .send()
            .await
            .unwrap();
        assert_eq!(mine.status(), StatusCode::OK);
        assert!(mine.text().await.unwrap().contains("Hello, Blake Sullivan"));
        let home = homepage_of(&running).await;
        assert!(home.contains(&format!("href=\"{base}/\"")));
    }
}
