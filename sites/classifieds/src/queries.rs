//! Typed read access to one tenant's classifieds state, for evaluators and tests.

use crate::ClassifiedsError;
use crate::db::comments::{self, Comment};
use crate::db::listings::{self, Listing};
use crate::db::search::{self, ListingSummary, SearchQuery};
use crate::db::users::{self, User};
use evaluators::{EvalError, QueryFuture, SiteQueries};
use kit::{Database, TenantDatabase};

/// Queries over one tenant's classifieds database (copied on the first query, if the tenant
/// has not used the site yet).
#[derive(Debug, Clone)]
pub struct ClassifiedsQueries {
    tenant: TenantDatabase,
}

impl ClassifiedsQueries {
    /// Queries over a tenant's database.
    pub fn new(tenant: TenantDatabase) -> Self {
        Self { tenant }
    }

    async fn database(&self) -> Result<Database, ClassifiedsError> {
        Ok(self.tenant.get().await?)
    }

    /// The listing with this id, `None` if it does not exist or was deleted.
    pub async fn listing(&self, id: i64) -> Result<Option<Listing>, ClassifiedsError> {
        self.database()
            .await?
            .call(move |connection| Ok(listings::by_id(connection, id)?))
            .await
    }

    /// A listing's comments, oldest first.
    pub async fn comments(&self, listing_id: i64) -> Result<Vec<Comment>, ClassifiedsError> {
        self.database()
            .await?
            .call(move |connection| Ok(comments::of_listing(connection, listing_id)?))
            .await
    }

    /// The newest comment on a listing by the user named `author` ("Blake Sullivan").
    pub async fn latest_comment_by(
        &self,
        listing_id: i64,
        author: &str,
    ) -> Result<Option<Comment>, ClassifiedsError> {
        let author = author.to_owned();
        Ok(self
            .comments(listing_id)
            .await?
            .into_iter()
            .rev()
            .find(|comment| comment.author == author))
    }

    /// The account with this email.
    pub async fn user_by_email(&self, email: &str) -> Result<Option<User>, ClassifiedsError> {
        let email = email.to_owned();
        self.database()
            .await?
            .call(move |connection| Ok(users::by_email(connection, &email)?.map(|(user, _)| user)))
            .await
    }

    /// Page `page` (1-based, newest first) of the listings posted by the user with `email`.
    pub async fn listings_of(
        &self,
        email: &str,
        page: u32,
    ) -> Result<Vec<ListingSummary>, ClassifiedsError> {
        let user = self
            .user_by_email(email)
            .await?
            .ok_or_else(|| ClassifiedsError::UnknownUser(email.to_owned()))?;
        let query = SearchQuery {
            user: Some(user.id),
            page,
            ..SearchQuery::default()
        };
        self.database()
            .await?
            .call(move |connection| Ok(search::run(connection, &query)?.listings))
            .await
    }
}

/// What the evaluators may ask of the classifieds site.
impl SiteQueries for ClassifiedsQueries {
    fn classifieds_latest_comment(
        &self,
        listing_id: i64,
        author: &str,
    ) -> QueryFuture<'_, Option<String>> {
        let author = author.to_owned();
        Box::pin(async move {
            let comment = self
                .latest_comment_by(listing_id, &author)
                .await
                .map_err(|error| EvalError::SiteFailed {
                    site: "classifieds",
                    message: error.to_string(),
                })?;
            Ok(comment.map(|comment| comment.body))
        })
    }
}
