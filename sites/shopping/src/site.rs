//! The shopping site's own facts, from which kit's content frame makes it a [`kit::Site`].

use crate::db::{customers, products};
use crate::{ShoppingError, ShoppingQueries};
use imagery::Picture;
use kit::content::{Build, Dump, ImageRoute, ImageSource, Routes, SiteDefinition};
use kit::ground_truth::{GroundTruth, GroundTruthError};
use kit::{Directory, Migrations, SiteName, TenantDatabase, Tenants};
use rusqlite::Connection;
use std::collections::HashMap;
use std::path::Path;

/// The shopping site as the binary lists it.
#[derive(Debug, Clone, Copy, Default)]
pub struct ShoppingSite;

impl SiteDefinition for ShoppingSite {
    const NAME: SiteName = SiteName("shopping");
    const TITLE: &'static str = "One Stop Market";
    const DESCRIPTION: &'static str = "An online store of ninety thousand products: search, categories, reviews, a cart, checkout, orders, wishlist and your account.";
    const DEFAULT_PORT: u16 = 7770;
    const LOOPBACK_HOST: u8 = 3;
    const BASE_FILE: &'static str = "shopping.sqlite";
    const MIGRATIONS: Migrations = crate::migrations::MIGRATIONS;
    const DEFAULT_SEED: u64 = 20_230_801;
    const DEFAULT_LOGIN: &'static str = crate::DEFAULT_EMAIL;
    const DEFAULT_PASSWORD: &'static str = crate::DEFAULT_PASSWORD;
    const LOGIN_FORM: kit::auth::LoginForm = crate::pages::account::LOGIN_FORM;
    const STYLESHEET: &'static [u8] = include_bytes!("../static/style.css");
    const IMAGES: ImageRoute = ImageRoute {
        path: "/media/catalog/product/{folder}/{file}",
        width: 600,
        height: 600,
        missing: "There is no product photo at this address.",
    };

    const BUILD: Build<Self> = crate::seed::build;
    const ROUTES: Routes<Self> = crate::routes::routes;
    const DUMP: Dump<Self> = crate::dump::dump;

    type Error = ShoppingError;
    type Account = customers::Customer;
    type Counts = crate::seed::SeedCounts;
    type Queries = ShoppingQueries;

    /// Magento's `/media/catalog/product/<folder>/<id>.png`, a folder per id modulo 100.
    fn find_image(
        connection: &Connection,
        route: &HashMap<String, String>,
    ) -> Result<Option<ImageSource>, ShoppingError> {
        let Some(id) = kit::content::numbered_file(route, |id| id % 100) else {
            return Ok(None);
        };
        let spec = products::image_spec(connection, id)?;
        Ok(spec.map(|spec| ImageSource::Drawn(Picture::Product(spec))))
    }

    /// Order URLs given to evaluators start with the site's address in `directory`.
    fn queries(tenant: TenantDatabase, directory: &Directory) -> ShoppingQueries {
        let base_url = directory.url_of(Self::NAME).unwrap_or_default();
        ShoppingQueries::new(tenant, base_url.trim_end_matches('/').to_owned())
    }

    /// Magento's REST surface, as VWA's helpers call it.
    fn services(tenants: &Tenants) -> axum::Router {
        crate::rest::router(tenants.clone())
    }

    fn ground_truth(data_dir: &Path) -> Result<Box<dyn GroundTruth>, GroundTruthError> {
        Ok(Box::new(crate::ground_truth::ShoppingTruth::open(
            data_dir,
        )?))
    }

    async fn bench(data_dir: &Path, rounds: usize) -> Result<String, ShoppingError> {
        Ok(crate::bench::run(data_dir, rounds).await?.to_string())
    }
}
