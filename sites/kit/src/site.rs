//! The contract every site crate implements, so the binary hosts a list of sites by looping
//! over it: name and default port, seeding, opening over a data dir and the shared tenants,
//! logins, the ground-truth dump and generator queries, the server-side bench and the evaluators' queries — and the
//! optional capabilities a hosted site may offer episodes and evaluators: a [`Workspace`]
//! episodes write files into, and the staging of evaluation targets.

use crate::ground_truth::{GroundTruth, GroundTruthError};
use crate::{KitError, Migrations, SiteName, TenantId, Tenants};
use evaluators::{SiteQueries, TargetStaging};
use std::fmt;
use std::future::Future;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

/// How much data a seed builds.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    /// VWA's scale (the site says what that is).
    Full,
    /// A small data set with about this many primary items (listings, products, posts), for
    /// tests.
    Small(u32),
}

/// What a seed built: `summary` is one line of facts about the data ("66,000 listings, …"),
/// or the site's own counts that print as one.
#[derive(Debug, Clone, PartialEq)]
pub struct SeedReport<S = String> {
    /// The site.
    pub site: SiteName,
    /// What the data holds.
    pub summary: S,
    /// The base database written.
    pub path: PathBuf,
    /// Its size in bytes.
    pub bytes: u64,
    /// Wall time spent.
    pub elapsed: Duration,
}

impl<S: fmt::Display> SeedReport<S> {
    /// The report with its summary printed as one line.
    pub fn summarized(self) -> SeedReport {
        SeedReport {
            site: self.site,
            summary: self.summary.to_string(),
            path: self.path,
            bytes: self.bytes,
            elapsed: self.elapsed,
        }
    }
}

impl<S: fmt::Display> fmt::Display for SeedReport<S> {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "{}: {}; {:.1} MiB in {} ({:.1} s)",
            self.site,
            self.summary,
            self.bytes as f64 / (1024.0 * 1024.0),
            self.path.display(),
            self.elapsed.as_secs_f64()
        )
    }
}

/// A site failed at one of the contract's operations.
#[derive(Debug, thiserror::Error)]
#[error("{site}: {source}")]
pub struct SiteError {
    /// The site.
    pub site: SiteName,
    /// What went wrong, in the site's own error type.
    #[source]
    pub source: Box<dyn std::error::Error + Send + Sync>,
}

impl SiteError {
    /// Wraps a site's own error.
    pub fn new(site: SiteName, source: impl std::error::Error + Send + Sync + 'static) -> Self {
        Self {
            site,
            source: Box::new(source),
        }
    }

    /// Whether the failure is a request for a tenant that is not live.
    pub fn is_refused_tenant(&self) -> bool {
        self.source
            .downcast_ref::<KitError>()
            .is_some_and(KitError::is_refused_tenant)
    }
}

/// One hosted site in the [`Directory`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Listing {
    /// The site's name.
    pub name: SiteName,
    /// Its human title ("Classifieds").
    pub title: &'static str,
    /// What it is for, in a sentence.
    pub description: &'static str,
    /// Its base URL as agents see it (`http://127.0.0.1:9980`).
    pub url: String,
}

/// Where every hosted site is, in the order the binary lists them.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Directory {
    /// The hosted sites.
    pub sites: Vec<Listing>,
}

impl Directory {
    /// The base URL of `site`, if it is hosted.
    pub fn url_of(&self, site: SiteName) -> Option<&str> {
        self.sites
            .iter()
            .find(|listing| listing.name == site)
            .map(|listing| listing.url.as_str())
    }
}

/// A site's base database: where it lives and the schema it must have.
#[derive(Debug, Clone, Copy)]
pub struct BaseData {
    /// File name in the data dir.
    pub file: &'static str,
    /// The schema history a current base file has fully applied.
    pub migrations: Migrations,
}

/// What a site is given when it is opened for serving.
#[derive(Debug, Clone)]
pub struct OpenContext {
    /// Where base databases live.
    pub data_dir: PathBuf,
    /// The tenant registry shared by every site.
    pub tenants: Tenants,
    /// Every hosted site and its URL (this one included).
    pub directory: Arc<Directory>,
    /// The token `POST /index.php?page=reset` asks for ([`crate::reset`]).
    pub reset_token: crate::reset::ResetToken,
}

/// The future of a site's benchmark: a printable report.
pub type BenchFuture<'a> = Pin<Box<dyn Future<Output = Result<String, SiteError>> + Send + 'a>>;

/// A site the binary can host. Implemented by a unit struct in each site crate and listed
/// once in the binary (`src/sites.rs`).
pub trait Site: Send + Sync + fmt::Debug {
    /// The registered name (`classifieds`): in `--port NAME=PORT`, task `sites` and tenants.
    fn name(&self) -> SiteName;
    /// Its human title ("Classifieds").
    fn title(&self) -> &'static str;
    /// What it is for, in a sentence (shown on the homepage).
    fn description(&self) -> &'static str;
    /// The port VWA serves it on.
    fn default_port(&self) -> u16;
    /// The last byte of the loopback address it is served on (`127.0.0.N`): every site has a
    /// host of its own, so its cookies are its own (browsers scope cookies by host, not port).
    fn loopback_host(&self) -> u8;
    /// The base database (file name in the data dir and schema); `None` for sites without data.
    fn base(&self) -> Option<BaseData>;
    /// Builds the deterministic base data in `data_dir` (blocking); `seed` `None` is the
    /// site's default seed. Sites without data return `Ok(None)`.
    fn seed(
        &self,
        data_dir: &Path,
        scale: Scale,
        seed: Option<u64>,
    ) -> Result<Option<SeedReport>, SiteError>;
    /// Opens the site for serving: registers its base data with the tenants.
    fn open(&self, context: &OpenContext) -> Result<Arc<dyn HostedSite>, SiteError>;
    /// Writes the ground truth as JSON lines; returns how many records were written.
    fn dump(&self, data_dir: &Path, out: &mut dyn Write) -> Result<u64, SiteError>;
    /// Measures the site server-side at the seeded scale (`rounds` requests of each kind).
    fn bench<'a>(&'a self, data_dir: &'a Path, rounds: usize) -> BenchFuture<'a>;

    /// Opens the site's generator queries over the base data in `data_dir` (`agora tasks
    /// generate`); sites without them refuse.
    fn ground_truth(&self, data_dir: &Path) -> Result<Box<dyn GroundTruth>, SiteError> {
        let _ = data_dir;
        Err(SiteError::new(self.name(), GroundTruthError::NotOffered))
    }

    /// How the site is logged in from outside: its login form and the default account;
    /// `None` for a site without accounts.
    fn login(&self) -> Option<crate::auth::SiteLogin> {
        None
    }

    /// Whether whole, current base data exists in `data_dir` (sites without data are always
    /// seeded); a missing, cut-short or damaged base file is not, nor one an older build wrote
    /// with fewer migrations.
    fn is_seeded(&self, data_dir: &Path) -> bool {
        self.base().is_none_or(|base| {
            let path = data_dir.join(base.file);
            crate::database::is_whole(&path) && base.migrations.is_current(&path)
        })
    }
}

/// A site being served.
pub trait HostedSite: Send + Sync + fmt::Debug {
    /// The site's HTTP routes.
    fn router(&self) -> axum::Router;
    /// Session cookies `(name, value)` that log the site's default account in on `tenant`;
    /// empty for sites without accounts.
    fn login_cookies(&self, tenant: &TenantId) -> Result<Vec<(String, String)>, SiteError>;
    /// The evaluators' queries over `tenant`'s state of this site.
    fn queries(&self, tenant: &TenantId) -> Result<Arc<dyn SiteQueries>, SiteError>;

    /// Cookies the site mints for any visitor (anonymous ids, no state of theirs): a start
    /// that sets only these leaves nothing behind, and a state stamp leaves them out.
    fn visitor_cookies(&self) -> Vec<String> {
        Vec::new()
    }

    /// The workspace episodes write files into, if the site has one (an optional capability;
    /// the controller hands it to the write actions).
    fn workspace(&self) -> Option<Arc<dyn Workspace>> {
        None
    }

    /// The staging of evaluation targets for `tenant`, if the site serves targets (an
    /// optional capability; the controller hands it to the evaluators).
    fn staging(&self, tenant: &TenantId) -> Option<Arc<dyn TargetStaging>> {
        let _ = tenant;
        None
    }
}

/// The future of a workspace write.
pub type WriteFuture<'a> = Pin<Box<dyn Future<Output = Result<(), WorkspaceError>> + Send + 'a>>;

/// Why a workspace write was refused or failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum WorkspaceError {
    /// The content is over the site's size cap.
    #[error("{file} would be {bytes} bytes; a workspace file may be at most {limit} bytes")]
    TooLarge {
        /// The file.
        file: String,
        /// Its size.
        bytes: usize,
        /// The cap.
        limit: usize,
    },
    /// The site could not store it (an unknown file, its data).
    #[error("{0}")]
    Failed(String),
}

/// A capability: files an episode writes straight into its tenant's copy of a site (never
/// typed into the page), and the page that shows them.
pub trait Workspace: Send + Sync + fmt::Debug {
    /// The page that shows the workspace, as the agent's browser reaches it.
    fn page_url(&self) -> String;
    /// Overwrites `file` (a name such as `index.html`) with `content` in `tenant`'s workspace.
    fn write(&self, tenant: TenantId, file: &str, content: String) -> WriteFuture<'_>;
}
