//! Typed read access to one tenant's classifieds state, for evaluators and tests.

use crate::ClassifiedsError;
use crate::db::comments::{self, Comment};
use crate::db::listings::{self, Listing};
use crate::db::photos;
use crate::db::search::{self, ListingSummary, SearchQuery};
use crate::db::users::{self, User};
use kit::Database;
use kit::imagery::ImageSpec;

/// Queries over one tenant's classifieds database.
#[derive(Debug, Clone)]
pub struct ClassifiedsQueries {
    database: Database,
}

impl ClassifiedsQueries {
    /// Queries over `database`.
    pub fn new(database: Database) -> Self {
        Self { database }
    }

    /// The listing with this id, `None` if it does not exist or was deleted.
    pub async fn listing(&self, id: i64) -> Result<Option<Listing>, ClassifiedsError> {
        self.database
            .call(move |connection| Ok(listings::by_id(connection, id)?))
            .await
    }

    /// A listing's comments, oldest first.
    pub async fn comments(&self, listing_id: i64) -> Result<Vec<Comment>, ClassifiedsError> {
        self.database
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
        self.database
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
        self.database
            .call(move |connection| Ok(search::run(connection, &query)?.listings))
            .await
    }

    /// The specs of a listing's seeded photos with their ids (what each photo shows).
    pub async fn photo_specs(
        &self,
        listing_id: i64,
    ) -> Result<Vec<(i64, ImageSpec)>, ClassifiedsError> {
        self.database
            .call(move |connection| photos::specs_of(connection, listing_id))
            .await
    }
}
