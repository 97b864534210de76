//! Wiring of the site crates into the binary: seeding, serving, dumping ground truth and
//! benchmarking (`agora seed`, `agora sites …`).

use crate::env::{SiteCookie, SiteHost, SiteHostError, tenant_cookies};
use anyhow::Context;
use classifieds::{Classifieds, Scale};
use kit::Tenants;
use std::io::Write;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use tokio::task::JoinHandle;

/// Arguments of `agora seed`.
#[derive(Debug, clap::Args)]
pub struct SeedArgs {
    /// Where the base databases are written.
    #[arg(long, default_value = "data", env = "AGORA_DATA_DIR")]
    pub data_dir: PathBuf,
    /// The generator's seed; the same seed gives the same data.
    #[arg(long, default_value_t = classifieds::DEFAULT_SEED)]
    pub seed: u64,
    /// Build a small data set with this many listings instead of the full one.
    #[arg(long)]
    pub listings: Option<u32>,
}

/// Arguments of `agora sites`.
#[derive(Debug, clap::Args)]
pub struct SitesArgs {
    /// Dump or bench instead of serving.
    #[command(subcommand)]
    pub action: Option<SitesAction>,
    /// Where the base databases live (seeded there when missing).
    #[arg(long, default_value = "data", env = "AGORA_DATA_DIR", global = true)]
    pub data_dir: PathBuf,
    /// The address the sites listen on.
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub bind: IpAddr,
    /// The classifieds site's port (0 picks a free one).
    #[arg(long, default_value_t = classifieds::DEFAULT_PORT)]
    pub classifieds_port: u16,
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
    /// Measure page latency, tenant reset and memory per tenant at the seeded scale.
    ///
    /// Example: `agora sites bench --rounds 300`
    Bench {
        /// Requests of each kind.
        #[arg(long, default_value_t = 300)]
        rounds: usize,
    },
}

/// The sites that can be dumped.
#[derive(Debug, Clone, Copy, clap::ValueEnum)]
pub enum SiteChoice {
    /// The OSClass-style classifieds site.
    Classifieds,
}

/// Where and how to serve the sites.
#[derive(Debug, Clone)]
pub struct SitesConfig {
    /// Where the base databases live.
    pub data_dir: PathBuf,
    /// The address to listen on.
    pub bind: IpAddr,
    /// The classifieds site's port (0 picks a free one).
    pub classifieds_port: u16,
}

/// Sites being served.
#[derive(Debug)]
pub struct RunningSites {
    /// The tenant registry over every site.
    pub tenants: Tenants,
    /// The classifieds site.
    pub classifieds: Classifieds,
    /// Where the classifieds site listens.
    pub classifieds_addr: SocketAddr,
    server: JoinHandle<()>,
}

impl RunningSites {
    /// Stops serving.
    pub fn stop(self) {
        self.server.abort();
    }

    /// The classifieds site's base URL as agents see it.
    pub fn classifieds_url(&self) -> String {
        format!("http://{}", self.classifieds_addr)
    }
}

impl Drop for RunningSites {
    fn drop(&mut self) {
        self.server.abort();
    }
}

/// The controller's view of the running sites: tenants, logins and URLs.
impl SiteHost for RunningSites {
    fn site_urls(&self) -> Vec<(String, String)> {
        vec![(classifieds::SITE.0.to_owned(), self.classifieds_url())]
    }

    fn create_tenant(&self) -> Result<(String, Vec<SiteCookie>), SiteHostError> {
        let tenant = self
            .tenants
            .create()
            .map_err(|error| SiteHostError(error.to_string()))?;
        let tenant = tenant.to_string();
        let cookies = tenant_cookies(&self.site_urls(), kit::TENANT_COOKIE, &tenant);
        Ok((tenant, cookies))
    }

    fn remove_tenant(&self, tenant: &str) {
        if let Ok(id) = tenant.parse() {
            self.tenants.remove(&id);
        }
    }

    fn login_cookies(&self, site: &str, tenant: &str) -> Result<Vec<SiteCookie>, SiteHostError> {
        if site != classifieds::SITE.0 {
            return Ok(Vec::new());
        }
        let id = tenant
            .parse()
            .map_err(|_| SiteHostError(format!("bad tenant id `{tenant}`")))?;
        let (name, value) = self
            .classifieds
            .login_cookie(&id, classifieds::DEFAULT_EMAIL)
            .map_err(|error| SiteHostError(error.to_string()))?;
        Ok(vec![SiteCookie {
            url: self.classifieds_url(),
            name,
            value,
        }])
    }
}

/// Seeds the classifieds site at full scale when `data_dir` lacks its base database.
async fn seed_if_missing(data_dir: &Path) -> anyhow::Result<()> {
    if data_dir.join(classifieds::BASE_FILE).exists() {
        return Ok(());
    }
    tracing::info!(data_dir = %data_dir.display(), "no classifieds base data yet; seeding");
    let directory = data_dir.to_owned();
    let report = tokio::task::spawn_blocking(move || {
        classifieds::seed(&directory, Scale::Full, classifieds::DEFAULT_SEED)
    })
    .await??;
    tracing::info!(listings = report.listings, elapsed = ?report.elapsed, "seeded classifieds");
    Ok(())
}

/// Starts every site (seeding base data first if missing) and serves them in the background.
pub async fn start(config: SitesConfig) -> anyhow::Result<RunningSites> {
    seed_if_missing(&config.data_dir).await?;
    let tenants = Tenants::new();
    let classifieds = Classifieds::open(&config.data_dir, &tenants).with_context(|| {
        format!(
            "opening the classifieds data in {}",
            config.data_dir.display()
        )
    })?;
    let listener =
        tokio::net::TcpListener::bind(SocketAddr::new(config.bind, config.classifieds_port))
            .await
            .with_context(|| {
                format!(
                    "binding the classifieds site to {}:{}",
                    config.bind, config.classifieds_port
                )
            })?;
    let classifieds_addr = listener.local_addr()?;
    let router = classifieds.router();
    let server = tokio::spawn(async move {
        if let Err(error) = axum::serve(listener, router).await {
            tracing::error!(%error, "the classifieds server stopped");
        }
    });
    Ok(RunningSites {
        tenants,
        classifieds,
        classifieds_addr,
        server,
    })
}

/// Starts every site on free loopback ports and a browser environment that hosts them, as
/// `agora tasks check`, `agora run` and `agora bench run` use them.
pub async fn start_with_environment(
    data_dir: &Path,
    config: crate::config::Config,
) -> anyhow::Result<crate::env::Environment> {
    let sites = start(SitesConfig {
        data_dir: data_dir.to_owned(),
        bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
        classifieds_port: 0,
    })
    .await
    .context("starting the sites")?;
    let sites: std::sync::Arc<dyn SiteHost> = std::sync::Arc::new(sites);
    crate::env::Environment::start_with_sites(
        std::sync::Arc::new(config),
        crate::fence::AllowList::default(),
        Some(sites),
    )
    .await
    .context("starting the browser environment")
}

/// Builds the base databases.
pub async fn seed(args: SeedArgs) -> anyhow::Result<ExitCode> {
    let scale = args.listings.map_or(Scale::Full, Scale::Small);
    let report =
        tokio::task::spawn_blocking(move || classifieds::seed(&args.data_dir, scale, args.seed))
            .await??;
    println!(
        "classifieds: {} listings, {} photos, {} users, {} comments; {} listings ({:.1} %) show their colour only in the photo, {} carry printed text; {:.1} MiB in {} ({:.1} s)",
        report.listings,
        report.photos,
        report.users,
        report.comments,
        report.color_only_in_photo,
        100.0 * f64::from(report.color_only_in_photo) / f64::from(report.listings.max(1)),
        report.printed_text,
        report.bytes as f64 / (1024.0 * 1024.0),
        report.path.display(),
        report.elapsed.as_secs_f64()
    );
    Ok(ExitCode::SUCCESS)
}

/// Serves the sites, or dumps their ground truth, or benchmarks them.
pub async fn run(args: SitesArgs) -> anyhow::Result<ExitCode> {
    match args.action {
        Some(SitesAction::Dump {
            site: SiteChoice::Classifieds,
        }) => {
            let stdout = std::io::stdout();
            let mut out = std::io::BufWriter::new(stdout.lock());
            let count = classifieds::dump::dump(&args.data_dir, &mut out)?;
            out.flush()?;
            eprintln!("dumped {count} classifieds listings");
        }
        Some(SitesAction::Bench { rounds }) => {
            seed_if_missing(&args.data_dir).await?;
            let report = classifieds::bench::run(&args.data_dir, rounds).await?;
            println!("{report}");
        }
        None => {
            let running = start(SitesConfig {
                data_dir: args.data_dir,
                bind: args.bind,
                classifieds_port: args.classifieds_port,
            })
            .await?;
            println!("classifieds: http://{}/", running.classifieds_addr);
            tokio::signal::ctrl_c().await?;
            running.stop();
        }
    }
    Ok(ExitCode::SUCCESS)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn start_serves_the_classifieds_site_over_http_with_per_cookie_tenants() {
        let data = tempfile::tempdir().unwrap();
        classifieds::seed(data.path(), Scale::Small(200), 3).unwrap();
        let running = start(SitesConfig {
            data_dir: data.path().to_owned(),
            bind: IpAddr::V4(Ipv4Addr::LOCALHOST),
            classifieds_port: 0,
        })
        .await
        .unwrap();
        let tenant = running.tenants.create().unwrap();
        let (name, value) = running
            .classifieds
            .login_cookie(&tenant, classifieds::DEFAULT_EMAIL)
            .unwrap();
        let client = reqwest::Client::new();
        let base = format!("http://{}", running.classifieds_addr);
        let mine = client
            .get(format!("{base}/index.php?page=user&action=items"))
            .header(
                "cookie",
                format!("{}={tenant}; {name}={value}", kit::TENANT_COOKIE),
            )
            .send()
            .await
            .unwrap();
        assert_eq!(mine.status(), reqwest::StatusCode::OK);
        assert!(mine.text().await.unwrap().contains("Hello, Blake Sullivan"));
        // The same session cookie means nothing on the shared default tenant.
        let anonymous = client
            .get(format!("{base}/index.php?page=user&action=items"))
            .header("cookie", format!("{name}={value}"))
            .send()
            .await
            .unwrap();
        assert!(anonymous.url().as_str().ends_with("page=login"));
        running.stop();
    }
}
