//! The forum's own facts, from which kit's content frame makes it a [`kit::Site`].

use crate::db::{images, users};
use crate::{ForumError, ForumQueries};
use kit::content::{Build, Dump, ImageRoute, ImageSource, Routes, SiteDefinition};
use kit::ground_truth::{GroundTruth, GroundTruthError};
use kit::{Directory, Migrations, SiteName, TenantDatabase};
use rusqlite::Connection;
use std::collections::HashMap;
use std::path::Path;

/// The forum as the binary lists it.
#[derive(Debug, Clone, Copy, Default)]
pub struct ForumSite;

impl SiteDefinition for ForumSite {
    const NAME: SiteName = SiteName("forum");
    const TITLE: &'static str = "Postmill";
    const DESCRIPTION: &'static str = "A Reddit-like forum: communities of picture, text and link posts with nested comments, votes, subscriptions and private messages.";
    const DEFAULT_PORT: u16 = 9999;
    const LOOPBACK_HOST: u8 = 4;
    const BASE_FILE: &'static str = "forum.sqlite";
    const MIGRATIONS: Migrations = crate::migrations::MIGRATIONS;
    const DEFAULT_SEED: u64 = 20_240_917;
    const DEFAULT_LOGIN: &'static str = crate::DEFAULT_USERNAME;
    const DEFAULT_PASSWORD: &'static str = crate::DEFAULT_PASSWORD;
    const LOGIN_FORM: kit::auth::LoginForm = crate::pages::account::LOGIN_FORM;
    const STYLESHEET: &'static [u8] = include_bytes!("../static/style.css");
    const IMAGES: ImageRoute = ImageRoute {
        path: "/submission_images/{file}",
        width: 640,
        height: 480,
        missing: "There is no picture at this address.",
    };
    /// Image submissions carry one picture plus the form fields.
    const BODY_LIMIT: usize = 2 * kit::upload::MAX_UPLOAD_BYTES;

    const BUILD: Build<Self> = crate::seed::build;
    const ROUTES: Routes<Self> = crate::routes::routes;
    const DUMP: Dump<Self> = crate::dump::dump;

    type Error = ForumError;
    type Account = users::User;
    type Counts = crate::seed::SeedCounts;
    type Queries = ForumQueries;

    /// Postmill's `/submission_images/<sha-256>.png`.
    fn find_image(
        connection: &Connection,
        route: &HashMap<String, String>,
    ) -> Result<Option<ImageSource>, ForumError> {
        let name = route
            .get("file")
            .and_then(|file| file.strip_suffix(".png"))
            .filter(|stem| stem.len() == 64 && stem.bytes().all(|byte| byte.is_ascii_hexdigit()));
        match name {
            Some(name) => images::by_name(connection, name),
            None => Ok(None),
        }
    }

    fn queries(tenant: TenantDatabase, _: &Directory) -> ForumQueries {
        ForumQueries::new(tenant)
    }

    fn ground_truth(data_dir: &Path) -> Result<Box<dyn GroundTruth>, GroundTruthError> {
        Ok(Box::new(crate::ground_truth::ForumTruth::open(data_dir)?))
    }

    async fn bench(data_dir: &Path, rounds: usize) -> Result<String, ForumError> {
        Ok(crate::bench::run(data_dir, rounds).await?.to_string())
    }
}
