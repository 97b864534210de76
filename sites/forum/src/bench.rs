//! Server-side latency of the main pages at full scale, a fresh tenant's first page and memory
//! per tenant. Requests go through the router in process, so figures exclude the network.

use crate::db::listing::Sort;
use crate::seed::vocabulary::FORUMS;
use crate::{Forum, ForumError};
use kit::samples::Samples;
use kit::timing::{FreshTenant, fresh_tenants, time_get};
use kit::{HostedSite, TENANT_COOKIE, Tenants};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use std::fmt;
use std::path::Path;

/// The benchmark's figures.
#[derive(Debug, Clone)]
pub struct Report {
    /// Submissions in the base data.
    pub submissions: i64,
    /// Forum listings, one sample set per sort.
    pub listings: Vec<(Sort, Samples)>,
    /// The busiest submission page (its comment count).
    pub busy_submission: (i64, Samples),
    /// Random submission pages.
    pub submission: Samples,
    /// User pages.
    pub user: Samples,
    /// `/forums/all`.
    pub forums: Samples,
    /// A fresh tenant's first forum page (its copy of the site included) and its memory.
    pub fresh: FreshTenant,
}

impl fmt::Display for Report {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            formatter,
            "forum bench over {} submissions (server-side, in process)",
            self.submissions
        )?;
        for (sort, samples) in &self.listings {
            writeln!(formatter, "forum, {:<15}{samples}", sort.segment())?;
        }
        writeln!(
            formatter,
            "submission, {} comments  {}",
            self.busy_submission.0, self.busy_submission.1
        )?;
        writeln!(formatter, "submission page     {}", self.submission)?;
        writeln!(formatter, "user page           {}", self.user)?;
        writeln!(formatter, "/forums/all         {}", self.forums)?;
        write!(formatter, "{}", self.fresh)
    }
}

/// Runs the benchmark over `data_dir`'s base data (seed it first) with `rounds` requests of
/// each kind, and returns the figures.
pub async fn run(data_dir: &Path, rounds: usize) -> Result<Report, ForumError> {
    let tenants = Tenants::new();
    let site = Forum::open_alone(data_dir, &tenants)?;
    let tenant = tenants.create()?;
    let router = site.router();
    let cookie = format!("{TENANT_COOKIE}={tenant}");
    let database = tenants.database(&tenant, crate::SITE)?;
    let (submissions, users, busy): (i64, i64, (i64, String, i64)) =
        database.call_blocking(|connection| {
            let count = connection.query_row("SELECT max(id) FROM submissions", [], |row| row.get(0))?;
            let users = connection.query_row("SELECT max(id) FROM users", [], |row| row.get(0))?;
            let busy = connection.query_row(
                "SELECT s.id, f.name, s.comment_count FROM submissions s JOIN forums f ON f.id = s.forum_id
                 ORDER BY s.comment_count DESC LIMIT 1",
                [],
                |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
            )?;
            Ok::<_, ForumError>((count, users, busy))
        })?;
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    time_get(&router, &cookie, "/").await?;
    let mut listings: Vec<(Sort, Samples)> = Sort::ALL
        .into_iter()
        .map(|sort| (sort, Samples::new()))
        .collect();
    let (mut busy_page, mut submission, mut user, mut forums) = (
        Samples::new(),
        Samples::new(),
        Samples::new(),
        Samples::new(),
    );
    for round in 0..rounds {
        let forum = FORUMS[round % FORUMS.len()].name;
        for (sort, samples) in &mut listings {
            let uri = if sort.has_window() {
                format!("/f/{forum}/{}?t=all", sort.segment())
            } else {
                format!("/f/{forum}/{}", sort.segment())
            };
            samples.push(time_get(&router, &cookie, &uri).await?);
        }
        busy_page.push(time_get(&router, &cookie, &format!("/f/{}/{}", busy.1, busy.0)).await?);
        let id = rng.random_range(1..=submissions);
        let forum_of: String = database.call_blocking(move |connection| {
            Ok::<_, ForumError>(connection.query_row(
                "SELECT f.name FROM submissions s JOIN forums f ON f.id = s.forum_id WHERE s.id = ?1",
                [id],
                |row| row.get(0),
            )?)
        })?;
        submission.push(time_get(&router, &cookie, &format!("/f/{forum_of}/{id}")).await?);
        let user_id = rng.random_range(1..=users);
        let name: String = database.call_blocking(move |connection| {
            Ok::<_, ForumError>(connection.query_row(
                "SELECT username FROM users WHERE id = ?1",
                [user_id],
                |row| row.get(0),
            )?)
        })?;
        user.push(time_get(&router, &cookie, &format!("/user/{name}")).await?);
        forums.push(time_get(&router, &cookie, "/forums/all").await?);
    }
    let fresh = fresh_tenants(
        &tenants,
        crate::SITE,
        &router,
        "/f/pics",
        rounds.clamp(5, 30),
    )
    .await?;
    Ok(Report {
        submissions,
        listings,
        busy_submission: (busy.2, busy_page),
        submission,
        user,
        forums,
        fresh,
    })
}
