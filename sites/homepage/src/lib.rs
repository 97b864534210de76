//! The homepage (VWA's `__HOMEPAGE__`, port 4399): a start page listing every hosted site with
//! its purpose and link. It has no data of its own, so it seeds nothing and ignores tenants.

use askama::Template;
use axum::Router;
use axum::response::{Html, IntoResponse};
use axum::routing::get;
use kit::{
    BenchFuture, Directory, HostedSite, OpenContext, PageError, Scale, SeedReport, Site, SiteError,
    SiteName, TenantId,
};
use std::io::Write;
use std::path::Path;
use std::sync::Arc;

/// The site's name.
pub const SITE: SiteName = SiteName("homepage");
/// The port VWA serves its homepage on.
pub const DEFAULT_PORT: u16 = 4399;

/// The homepage as the binary lists it.
#[derive(Debug, Clone, Copy, Default)]
pub struct HomepageSite;

/// The homepage being served over a directory of sites.
#[derive(Debug, Clone)]
pub struct Homepage {
    directory: Arc<Directory>,
}

/// One site as a card on the page.
struct Card {
    name: String,
    title: &'static str,
    description: &'static str,
    url: String,
    initial: char,
    color: &'static str,
}

#[derive(Template)]
#[template(path = "home.html")]
struct HomeTemplate {
    sites: Vec<Card>,
}

/// Badge colours, one per site in list order.
const COLORS: [&str; 6] = [
    "#e0662b", "#2b7de0", "#8a3fd1", "#1f9e6e", "#c9356b", "#6b7a90",
];

impl Homepage {
    /// The start page over `directory` (itself excluded from the cards).
    pub fn new(directory: Arc<Directory>) -> Self {
        Self { directory }
    }

    fn page(&self) -> Result<String, PageError> {
        let sites = self
            .directory
            .sites
            .iter()
            .filter(|listing| listing.name != SITE)
            .enumerate()
            .map(|(index, listing)| Card {
                name: listing.name.to_string(),
                title: listing.title,
                description: listing.description,
                url: listing.url.trim_end_matches('/').to_owned(),
                initial: listing.title.chars().next().unwrap_or('?'),
                color: COLORS[index % COLORS.len()],
            })
            .collect();
        HomeTemplate { sites }
            .render()
            .map_err(|error| PageError::from(kit::KitError::Task(error.to_string())))
    }
}

async fn not_found() -> PageError {
    PageError::not_found("There is no such page here. The start page is at /.")
}

impl Site for HomepageSite {
    fn name(&self) -> SiteName {
        SITE
    }

    fn title(&self) -> &'static str {
        "Homepage"
    }

    fn description(&self) -> &'static str {
        "A start page that links to every site of the session."
    }

    fn default_port(&self) -> u16 {
        DEFAULT_PORT
    }

    fn loopback_host(&self) -> u8 {
        5
    }

    fn base(&self) -> Option<kit::BaseData> {
        None
    }

    fn seed(&self, _: &Path, _: Scale, _: Option<u64>) -> Result<Option<SeedReport>, SiteError> {
        Ok(None)
    }

    fn open(&self, context: &OpenContext) -> Result<Arc<dyn HostedSite>, SiteError> {
        Ok(Arc::new(Homepage::new(Arc::clone(&context.directory))))
    }

    fn dump(&self, _: &Path, _: &mut dyn Write) -> Result<u64, SiteError> {
        Ok(0)
    }

    fn bench<'a>(&'a self, _: &'a Path, rounds: usize) -> BenchFuture<'a> {
        Box::pin(async move {
            let homepage = Homepage::new(Arc::new(Directory::default()));
            let router = HostedSite::router(&homepage);
            let mut samples = kit::samples::Samples::new();
            for _ in 0..rounds.max(1) {
                let elapsed = kit::timing::time_get(&router, "", "/")
                    .await
                    .map_err(|error| SiteError::new(SITE, error))?;
                samples.push(elapsed);
            }
            Ok(format!(
                "homepage bench (server-side, in process)\nstart page     {samples}"
            ))
        })
    }
}

impl HostedSite for Homepage {
    fn router(&self) -> Router {
        let homepage = self.clone();
        Router::new()
            .route(
                "/",
                get(move || {
                    let homepage = homepage.clone();
                    async move {
                        match homepage.page() {
                            Ok(html) => Html(html).into_response(),
                            Err(error) => error.into_response(),
                        }
                    }
                }),
            )
            .fallback(not_found)
    }

    fn login_cookies(&self, _: &TenantId) -> Result<Vec<(String, String)>, SiteError> {
        Ok(Vec::new())
    }

    fn queries(&self, _: &TenantId) -> Result<Arc<dyn evaluators::SiteQueries>, SiteError> {
        Ok(Arc::new(evaluators::NoSiteQueries))
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use axum::body::Body;
    use axum::http::{Request, StatusCode};
    use kit::Listing;
    use tower::ServiceExt;

    async fn get(router: &Router, uri: &str) -> (StatusCode, String) {
        let response = router
            .clone()
            .oneshot(Request::get(uri).body(Body::empty()).unwrap())
            .await
            .unwrap();
        let status = response.status();
        let body = axum::body::to_bytes(response.into_body(), 1 << 20)
            .await
            .unwrap();
        (status, String::from_utf8(body.to_vec()).unwrap())
    }

    #[tokio::test]
    async fn lists_every_other_site_with_its_purpose_and_link() {
        let listing = |name: &'static str, title, url: &str| Listing {
            name: SiteName(name),
            title,
            description: "What it is <for>.",
            url: url.to_owned(),
        };
        let directory = Directory {
            sites: vec![
                listing("classifieds", "Classifieds", "http://127.0.0.1:9980"),
                listing("homepage", "Homepage", "http://127.0.0.1:4399"),
                listing("shopping", "Shopping", "http://127.0.0.1:7770/"),
            ],
        };
        let router = HostedSite::router(&Homepage::new(Arc::new(directory)));
        let (status, html) = get(&router, "/").await;
        assert_eq!(status, StatusCode::OK);
        assert!(html.contains(r#"href="http://127.0.0.1:9980/""#));
        assert!(html.contains(r#"href="http://127.0.0.1:7770/""#));
        assert!(html.contains("<h2>Classifieds</h2>"));
        assert!(html.contains("What it is &#60;for&#62;.") || html.contains("&lt;for&gt;"));
        assert!(
            !html.contains("127.0.0.1:4399"),
            "the homepage lists itself"
        );
        let (status, _) = get(&router, "/nowhere").await;
        assert_eq!(status, StatusCode::NOT_FOUND);
    }
}
