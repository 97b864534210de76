//! The classifieds site's own facts, from which kit's content frame makes it a [`kit::Site`].

use crate::db::{photos, users};
use crate::{ClassifiedsError, ClassifiedsQueries};
use kit::content::{Build, Dump, ImageRoute, ImageSource, Routes, SiteDefinition};
use kit::ground_truth::{GroundTruth, GroundTruthError};
use kit::{Directory, Migrations, SiteName, TenantDatabase};
use rusqlite::Connection;
use std::collections::HashMap;
use std::path::Path;

/// The classifieds site as the binary lists it.
#[derive(Debug, Clone, Copy, Default)]
pub struct ClassifiedsSite;

impl SiteDefinition for ClassifiedsSite {
    const NAME: SiteName = SiteName("classifieds");
    const TITLE: &'static str = "Classifieds";
    const DESCRIPTION: &'static str = "A local marketplace of second-hand goods: listings with photos, search by category, region and price, comments and your own ads.";
    const DEFAULT_PORT: u16 = 9980;
    const LOOPBACK_HOST: u8 = 2;
    const BASE_FILE: &'static str = "classifieds.sqlite";
    const MIGRATIONS: Migrations = crate::migrations::MIGRATIONS;
    const DEFAULT_SEED: u64 = 20_240_601;
    const DEFAULT_LOGIN: &'static str = crate::DEFAULT_EMAIL;
    const DEFAULT_PASSWORD: &'static str = crate::DEFAULT_PASSWORD;
    const LOGIN_FORM: kit::auth::LoginForm = crate::pages::account::LOGIN_FORM;
    const STYLESHEET: &'static [u8] = include_bytes!("../static/style.css");
    const IMAGES: ImageRoute = ImageRoute {
        path: "/oc-content/uploads/{folder}/{file}",
        width: 640,
        height: 480,
        missing: "There is no photo at this address.",
    };
    /// Listing posts may carry a few photos plus the form fields.
    const BODY_LIMIT: usize = 4 * kit::upload::MAX_UPLOAD_BYTES;

    const BUILD: Build<Self> = crate::seed::build;
    const ROUTES: Routes<Self> = crate::routes::routes;
    const DUMP: Dump<Self> = crate::dump::dump;

    type Error = ClassifiedsError;
    type Account = users::User;
    type Counts = crate::seed::SeedCounts;
    type Queries = ClassifiedsQueries;

    /// OSClass's `oc-content/uploads/<folder>/<id>.png`, a folder per thousand ids.
    fn find_image(
        connection: &Connection,
        route: &HashMap<String, String>,
    ) -> Result<Option<ImageSource>, ClassifiedsError> {
        match kit::content::numbered_file(route, |id| id / 1000) {
            Some(id) => photos::source(connection, id),
            None => Ok(None),
        }
    }

    fn queries(tenant: TenantDatabase, _: &Directory) -> ClassifiedsQueries {
        ClassifiedsQueries::new(tenant)
    }

    fn ground_truth(data_dir: &Path) -> Result<Box<dyn GroundTruth>, GroundTruthError> {
        Ok(Box::new(crate::ground_truth::ClassifiedsTruth::open(
            data_dir,
        )?))
    }

    async fn bench(data_dir: &Path, rounds: usize) -> Result<String, ClassifiedsError> {
        Ok(crate::bench::run(data_dir, rounds).await?.to_string())
    }
}
