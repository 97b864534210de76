//! Typed read access to one tenant's forum state, for evaluators and tests.

use crate::ForumError;
use crate::db::comments::{self, Comment};
use crate::db::submissions::{self, Submission};
use crate::db::{forums, users};
use evaluators::SiteQueries;
use kit::{Database, TenantDatabase};

/// Queries over one tenant's forum database (copied on the first query, if the tenant has not
/// used the site yet).
#[derive(Debug, Clone)]
pub struct ForumQueries {
    tenant: TenantDatabase,
}

impl ForumQueries {
    /// Queries over a tenant's database.
    pub fn new(tenant: TenantDatabase) -> Self {
        Self { tenant }
    }

    async fn database(&self) -> Result<Database, ForumError> {
        Ok(self.tenant.get().await?)
    }

    /// The live submission with this id, as `viewer` (a user name, or none) sees it.
    pub async fn submission(
        &self,
        id: i64,
        viewer: Option<&str>,
    ) -> Result<Option<Submission>, ForumError> {
        let viewer = viewer.map(str::to_owned);
        self.database()
            .await?
            .call(move |connection| {
                let viewer = match viewer {
                    Some(name) => users::by_name(connection, &name)?.map_or(0, |(user, _)| user.id),
                    None => 0,
                };
                Ok(submissions::by_id(connection, id, viewer)?)
            })
            .await
    }

    /// Every comment of a submission, oldest first.
    pub async fn comments(&self, submission_id: i64) -> Result<Vec<Comment>, ForumError> {
        self.database()
            .await?
            .call(move |connection| Ok(comments::of_submission(connection, submission_id, 0)?))
            .await
    }

    /// The forums the user called `username` subscribes to.
    pub async fn subscriptions(&self, username: &str) -> Result<Vec<String>, ForumError> {
        let username = username.to_owned();
        self.database()
            .await?
            .call(move |connection| {
                let (user, _) = users::by_name(connection, &username)?
                    .ok_or_else(|| ForumError::UnknownUser(username.clone()))?;
                Ok(forums::subscriptions_of(connection, user.id)?)
            })
            .await
    }
}

/// The forum's evaluator helpers read its pages (VWA's page JS), so it answers no site query
/// of its own yet.
impl SiteQueries for ForumQueries {}
