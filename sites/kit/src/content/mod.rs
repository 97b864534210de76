//! The frame of a content site (classifieds, shopping, the forum): a seeded SQLite database
//! per tenant, accounts with logins, pages, a stylesheet and stored images.
//!
//! A site crate implements [`SiteDefinition`] with only its own facts — names, schema, seed,
//! routes, account and image lookups, queries, dump and bench. Everything they share lives
//! here once: every definition is a [`Site`]; opening one gives a [`Hosted`] site that
//! serves the definition's routes plus the stylesheet and image routes over an [`AppState`];
//! [`seed()`] builds the base file; logins and sessions are in [`crate::auth`], the request
//! [`crate::visitor::Visitor`], form extractors in [`crate::form`], one-time notices in
//! [`crate::notice`] and the router-test fixture in `crate::testing`.

mod image;
mod pictures;
mod seed;
mod state;

pub use image::{ImageRoute, ImageSource, numbered_file};
pub use seed::seed;
pub use state::{AppState, STYLESHEET_PATH};

use crate::auth::Account;
use crate::form::FORM_LIMIT;
use crate::ground_truth::{GroundTruth, GroundTruthError};
use crate::reset::{Reset, ResetToken};
use crate::visitor::SiteCookies;
use crate::{
    BaseData, BenchFuture, Directory, HostedSite, KitError, Migrations, OpenContext, PageError,
    Scale, SeedReport, Site, SiteError, SiteName, TenantDatabase, TenantId, Tenants,
};
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::routing::get;
use evaluators::SiteQueries;
use rusqlite::Connection;
use std::collections::HashMap;
use std::fmt;
use std::future::Future;
use std::io::Write;
use std::marker::PhantomData;
use std::path::Path;
use std::sync::Arc;

/// What a content site says about itself; kit does the rest. Implemented by the unit struct
/// the binary lists, which is then a [`Site`].
pub trait SiteDefinition: Copy + Default + fmt::Debug + Send + Sync + 'static {
    /// The registered name (`classifieds`): in `--port NAME=PORT`, task `sites` and tenants.
    const NAME: SiteName;
    /// Its human title ("Classifieds").
    const TITLE: &'static str;
    /// What it is for, in a sentence (shown on the homepage).
    const DESCRIPTION: &'static str;
    /// The port VWA serves it on.
    const DEFAULT_PORT: u16;
    /// The last byte of its own loopback address (`127.0.0.N`; see `Site::loopback_host`).
    const LOOPBACK_HOST: u8;
    /// The base database's file name in the data dir.
    const BASE_FILE: &'static str;
    /// The schema history of the base database.
    const MIGRATIONS: Migrations;
    /// The seed used when none is given.
    const DEFAULT_SEED: u64;
    /// The login (email or user name) of the seeded account episodes start logged in as.
    const DEFAULT_LOGIN: &'static str;
    /// That account's password.
    const DEFAULT_PASSWORD: &'static str;
    /// The site's login form (its pages check logins with it; outside logins fill it in).
    const LOGIN_FORM: crate::auth::LoginForm;
    /// The stylesheet served at [`STYLESHEET_PATH`].
    const STYLESHEET: &'static [u8];
    /// Where stored images are served, their size and the answer when there is none.
    const IMAGES: ImageRoute;
    /// The largest request body (a form with uploads needs more than [`FORM_LIMIT`]).
    const BODY_LIMIT: usize = FORM_LIMIT;

    /// The site's own error type.
    type Error: std::error::Error + Send + Sync + From<KitError> + Into<PageError> + 'static;
    /// An account (a user, a customer).
    type Account: Account;
    /// What a seed counts; shown as one line of facts.
    type Counts: fmt::Display;
    /// The evaluators' queries over one tenant.
    type Queries: SiteQueries + 'static;

    /// Builds the data of a seed (see [`Build`]).
    const BUILD: Build<Self>;
    /// The site's own routes (see [`Routes`]).
    const ROUTES: Routes<Self>;
    /// Writes the ground truth (see [`Dump`]).
    const DUMP: Dump<Self>;

    /// The stored image the parameters of [`SiteDefinition::IMAGES`]' route name, if any.
    fn find_image(
        connection: &Connection,
        route: &HashMap<String, String>,
    ) -> Result<Option<ImageSource>, Self::Error>;
    /// The evaluators' queries over `tenant`; `directory` says where every site is.
    fn queries(tenant: TenantDatabase, directory: &Directory) -> Self::Queries;
    /// Routes beyond the pages that keep their own state (an API), over the site's tenants;
    /// none unless the site has some.
    fn services(tenants: &Tenants) -> Router {
        let _ = tenants;
        Router::new()
    }
    /// The generator's queries over the base data in `data_dir` (`agora tasks generate`).
    fn ground_truth(data_dir: &Path) -> Result<Box<dyn GroundTruth>, GroundTruthError>;
    /// Measures the site server-side at the seeded scale in `data_dir` (`rounds` requests of
    /// each kind) and returns the printable report.
    fn bench(
        data_dir: &Path,
        rounds: usize,
    ) -> impl Future<Output = Result<String, Self::Error>> + Send;
}

/// Fills a fresh in-memory database (the migrations applied) with the deterministic data of
/// a seed (the `u64`) at a [`Scale`], and counts what it built.
pub type Build<D> = fn(
    &mut Connection,
    Scale,
    u64,
) -> Result<<D as SiteDefinition>::Counts, <D as SiteDefinition>::Error>;

/// The site's own routes (pages and forms) with its fallback for unknown addresses; kit adds
/// the stylesheet and image routes.
pub type Routes<D> = fn() -> Router<AppState<D>>;

/// Writes the ground truth of a base database as JSON lines; returns how many records were
/// written.
pub type Dump<D> = fn(&Connection, &mut dyn Write) -> Result<u64, <D as SiteDefinition>::Error>;

fn site_error<D: SiteDefinition>(error: impl Into<D::Error>) -> SiteError {
    SiteError::new(D::NAME, error.into())
}

impl<D: SiteDefinition> Site for D {
    fn name(&self) -> SiteName {
        D::NAME
    }

    fn title(&self) -> &'static str {
        D::TITLE
    }

    fn description(&self) -> &'static str {
        D::DESCRIPTION
    }

    fn default_port(&self) -> u16 {
        D::DEFAULT_PORT
    }

    fn loopback_host(&self) -> u8 {
        D::LOOPBACK_HOST
    }

    fn base(&self) -> Option<BaseData> {
        Some(BaseData {
            file: D::BASE_FILE,
            migrations: D::MIGRATIONS,
        })
    }

    fn seed(
        &self,
        data_dir: &Path,
        scale: Scale,
        seed: Option<u64>,
    ) -> Result<Option<SeedReport>, SiteError> {
        let report = self::seed::<D>(data_dir, scale, seed.unwrap_or(D::DEFAULT_SEED))
            .map_err(site_error::<D>)?;
        Ok(Some(report.summarized()))
    }

    fn open(&self, context: &OpenContext) -> Result<Arc<dyn HostedSite>, SiteError> {
        let site = Hosted::<D>::open(context).map_err(site_error::<D>)?;
        Ok(Arc::new(site))
    }

    fn dump(&self, data_dir: &Path, out: &mut dyn Write) -> Result<u64, SiteError> {
        let base =
            crate::database::open_base(&data_dir.join(D::BASE_FILE)).map_err(site_error::<D>)?;
        (D::DUMP)(&base, out).map_err(site_error::<D>)
    }

    fn bench<'a>(&'a self, data_dir: &'a Path, rounds: usize) -> BenchFuture<'a> {
        Box::pin(async move { D::bench(data_dir, rounds).await.map_err(site_error::<D>) })
    }

    fn ground_truth(&self, data_dir: &Path) -> Result<Box<dyn GroundTruth>, SiteError> {
        D::ground_truth(data_dir).map_err(|error| SiteError::new(D::NAME, error))
    }

    fn login(&self) -> Option<crate::auth::SiteLogin> {
        Some(crate::auth::SiteLogin {
            site: D::NAME,
            form: D::LOGIN_FORM,
            user: D::DEFAULT_LOGIN,
            password: D::DEFAULT_PASSWORD,
        })
    }
}

/// A content site being served: its base data registered with the tenants.
#[derive(Debug, Clone)]
pub struct Hosted<D: SiteDefinition> {
    tenants: Tenants,
    directory: Arc<Directory>,
    /// VWA's reset call, answered before any route.
    reset: Reset,
    site: PhantomData<D>,
}

impl<D: SiteDefinition> Hosted<D> {
    /// Registers the base database of `context`'s data dir with its tenants.
    pub fn open(context: &OpenContext) -> Result<Self, KitError> {
        let image = crate::database::read_image(&context.data_dir.join(D::BASE_FILE))?;
        context.tenants.register_site(D::NAME, image)?;
        Ok(Self {
            tenants: context.tenants.clone(),
            directory: Arc::clone(&context.directory),
            reset: Reset::new(context.tenants.clone(), D::NAME, D::Account::TABLE)
                .with_token(context.reset_token.clone()),
            site: PhantomData,
        })
    }

    /// The site alone over `tenants` (no other site hosted), for benches and tests.
    pub fn open_alone(data_dir: &Path, tenants: &Tenants) -> Result<Self, KitError> {
        Self::open(&OpenContext {
            data_dir: data_dir.to_owned(),
            tenants: tenants.clone(),
            directory: Arc::default(),
            reset_token: ResetToken::default(),
        })
    }

    /// A session cookie `(name, value)` that logs the account with `login` in on `tenant`.
    pub fn login_cookie(
        &self,
        tenant: &TenantId,
        login: &str,
    ) -> Result<(String, String), KitError> {
        let database = self.tenants.database(tenant, D::NAME)?;
        let token = database.call_blocking(|connection| {
            let (account, _) = D::Account::find_login(connection, login)?.ok_or_else(|| {
                KitError::UnknownAccount {
                    site: D::NAME,
                    login: login.to_owned(),
                }
            })?;
            crate::auth::create_session(connection, account.id())
        })?;
        Ok((SiteCookies::of(D::NAME).session, token))
    }

    /// Typed queries over `tenant`'s state (for evaluators and tests); nothing is copied
    /// until a query runs.
    pub fn queries(&self, tenant: &TenantId) -> Result<D::Queries, KitError> {
        if !self.tenants.contains(tenant) {
            return Err(KitError::UnknownTenant(tenant.to_string()));
        }
        Ok(D::queries(
            self.tenants.handle(*tenant, D::NAME),
            &self.directory,
        ))
    }
}

impl<D: SiteDefinition> HostedSite for Hosted<D> {
    fn router(&self) -> Router {
        let pages = (D::ROUTES)()
            .route(D::IMAGES.path, get(image::serve::<D>))
            .route(STYLESHEET_PATH, get(state::stylesheet::<D>))
            .layer(DefaultBodyLimit::max(D::BODY_LIMIT))
            .with_state(AppState::new(self.tenants.clone(), &self.directory));
        self.reset.wrap(pages.merge(D::services(&self.tenants)))
    }

    fn login_cookies(&self, tenant: &TenantId) -> Result<Vec<(String, String)>, SiteError> {
        let cookie = self
            .login_cookie(tenant, D::DEFAULT_LOGIN)
            .map_err(site_error::<D>)?;
        Ok(vec![cookie])
    }

    fn visitor_cookies(&self) -> Vec<String> {
        vec![SiteCookies::of(D::NAME).csrf]
    }

    fn queries(&self, tenant: &TenantId) -> Result<Arc<dyn SiteQueries>, SiteError> {
        let queries = Hosted::queries(self, tenant).map_err(site_error::<D>)?;
        // The site's own answers, then the facts of the pictures it drew.
        let pictures = pictures::SitePictures::<D>::new(
            self.tenants.handle(*tenant, D::NAME),
            self.directory.url_of(D::NAME).unwrap_or_default(),
        );
        let answers: Vec<Arc<dyn SiteQueries>> = vec![Arc::new(queries), Arc::new(pictures)];
        Ok(Arc::new(evaluators::SiteQuerySet::new(answers)))
    }
}
