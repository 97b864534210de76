//! What evaluators need from the sites' data: facts VWA's helpers fetch from REST APIs (and
//! Agora's own state helpers), answered from the episode tenant's data by the sites' query
//! modules. Every query only reads; what changes a site's serving (staging a target) is a
//! capability of its own ([`crate::staging`]).
//!
//! [`SiteQueries`] is object-safe: a host holds one per site and [`SiteQuerySet`] asks each in
//! turn, so a new site adds its answers without the evaluators knowing it.

use crate::error::EvalError;
use crate::judge::truth::facts::PictureFacts;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;

/// The future of one site query.
pub type QueryFuture<'a, T> = Pin<Box<dyn Future<Output = Result<T, EvalError>> + Send + 'a>>;

/// The latest review of a product, as the shopping site's query module reports it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Review {
    /// The reviewer's nickname.
    pub author: String,
    /// The rating as a percentage (VWA renders `ratings[0].percent`).
    pub rating_percent: u32,
    /// The review body.
    pub text: String,
}

/// Site-backed facts for evaluator helpers. Every method defaults to "this site is not
/// available"; a site's query module overrides the ones it answers.
pub trait SiteQueries: Send + Sync {
    /// URL of the customer's most recent order page (`…/sales/order/view/order_id/<N>/`).
    fn shopping_latest_order_url(&self) -> QueryFuture<'_, String> {
        unavailable("shopping")
    }

    /// The latest review of the product with `sku`, or `None` if it has none.
    fn shopping_latest_review(&self, sku: &str) -> QueryFuture<'_, Option<Review>> {
        let _ = sku;
        unavailable("shopping")
    }

    /// The text of the newest comment on classifieds listing `listing_id` written by the user
    /// whose display name is `author` ("Blake Sullivan"), or `None` if there is none.
    fn classifieds_latest_comment(
        &self,
        listing_id: i64,
        author: &str,
    ) -> QueryFuture<'_, Option<String>> {
        let _ = (listing_id, author);
        unavailable("classifieds")
    }

    /// What a person can tell from the picture served at `url` (absolute), when this site
    /// drew it from a spec; `None` when the site serves something else there (an upload,
    /// nothing). The ground-truth VQA judge answers from these facts.
    fn picture_facts(&self, url: &str) -> QueryFuture<'_, Option<PictureFacts>> {
        let _ = url;
        unavailable("pictures")
    }

    /// What a person can tell from a picture drawn from `spec` (an `imagery::Picture` as
    /// JSON, as a task records its input images); `None` when `spec` is not one. The
    /// ground-truth judge asks it for a page image that is a copy of a task's input image.
    fn facts_of_spec(&self, spec: &serde_json::Value) -> QueryFuture<'_, Option<PictureFacts>> {
        let _ = spec;
        unavailable("pictures")
    }
}

fn unavailable<'a, T: 'a>(site: &'static str) -> QueryFuture<'a, T> {
    Box::pin(async move { Err(EvalError::SiteNotAvailable(site)) })
}

/// No site data available: every site-backed helper fails with `SiteNotAvailable`.
#[derive(Debug, Clone, Copy, Default)]
pub struct NoSiteQueries;

impl SiteQueries for NoSiteQueries {}

/// The query modules of every site an episode can reach; each question goes to the first
/// site that answers it.
#[derive(Clone, Default)]
pub struct SiteQuerySet {
    sites: Vec<Arc<dyn SiteQueries>>,
}

impl std::fmt::Debug for SiteQuerySet {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("SiteQuerySet")
            .field("sites", &self.sites.len())
            .finish()
    }
}

impl SiteQuerySet {
    /// A set over these sites' query modules.
    pub fn new(sites: Vec<Arc<dyn SiteQueries>>) -> Self {
        Self { sites }
    }

    /// Asks each site in turn; the first answer that is not "site not available" wins.
    async fn first_answer<'a, T>(
        &'a self,
        site: &'static str,
        ask: impl Fn(&'a dyn SiteQueries) -> QueryFuture<'a, T>,
    ) -> Result<T, EvalError> {
        for queries in &self.sites {
            match ask(queries.as_ref()).await {
                Err(error) if error.is_site_not_available() => continue,
                answer => return answer,
            }
        }
        Err(EvalError::SiteNotAvailable(site))
    }
}

impl SiteQueries for SiteQuerySet {
    /// The first site that drew the picture at `url` answers; `None` when none did.
    fn picture_facts(&self, url: &str) -> QueryFuture<'_, Option<PictureFacts>> {
        let url = url.to_owned();
        Box::pin(async move {
            for queries in &self.sites {
                match queries.picture_facts(&url).await {
                    Err(error) if error.is_site_not_available() => continue,
                    Ok(None) => continue,
                    answer => return answer,
                }
            }
            Ok(None)
        })
    }

    fn facts_of_spec(&self, spec: &serde_json::Value) -> QueryFuture<'_, Option<PictureFacts>> {
        let spec = spec.clone();
        Box::pin(async move {
            self.first_answer("pictures", |queries| queries.facts_of_spec(&spec))
                .await
        })
    }

    fn shopping_latest_order_url(&self) -> QueryFuture<'_, String> {
        Box::pin(self.first_answer("shopping", |queries| queries.shopping_latest_order_url()))
    }

    fn shopping_latest_review(&self, sku: &str) -> QueryFuture<'_, Option<Review>> {
        let sku = sku.to_owned();
        Box::pin(async move {
            self.first_answer("shopping", |queries| queries.shopping_latest_review(&sku))
                .await
        })
    }

    fn classifieds_latest_comment(
        &self,
        listing_id: i64,
        author: &str,
    ) -> QueryFuture<'_, Option<String>> {
        let author = author.to_owned();
        Box::pin(async move {
            self.first_answer("classifieds", |queries| {
                queries.classifieds_latest_comment(listing_id, &author)
            })
            .await
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    struct Shop;

    impl SiteQueries for Shop {
        fn shopping_latest_order_url(&self) -> QueryFuture<'_, String> {
            Box::pin(async { Ok("http://shop/sales/order/view/order_id/3/".to_owned()) })
        }
    }

    struct Board;

    impl SiteQueries for Board {
        fn classifieds_latest_comment(
            &self,
            listing_id: i64,
            author: &str,
        ) -> QueryFuture<'_, Option<String>> {
            let found = (listing_id == 7 && author == "Ann").then(|| "Still for sale?".to_owned());
            Box::pin(async move { Ok(found) })
        }
    }

    #[tokio::test]
    async fn each_question_goes_to_the_site_that_answers_it() {
        let set = SiteQuerySet::new(vec![Arc::new(Board), Arc::new(Shop)]);
        assert!(
            set.shopping_latest_order_url()
                .await
                .unwrap()
                .ends_with("/3/")
        );
        assert_eq!(
            set.classifieds_latest_comment(7, "Ann").await.unwrap(),
            Some("Still for sale?".to_owned())
        );
        assert_eq!(
            set.classifieds_latest_comment(8, "Ann").await.unwrap(),
            None
        );
        let missing = set.shopping_latest_review("B1").await.unwrap_err();
        assert!(missing.is_site_not_available());
        assert!(
            SiteQuerySet::default()
                .classifieds_latest_comment(1, "x")
                .await
                .unwrap_err()
                .is_site_not_available()
        );
    }
}
