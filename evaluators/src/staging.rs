//! What evaluators may use of the sites an episode reached: its tenant's data through the
//! read-only [`SiteQueries`], and — where a site offers it — the staging of evaluation
//! targets, which changes what the site serves and so is not a query.

use crate::aes::kept::KeptTargets;
use crate::error::EvalError;
use crate::page::Window;
use crate::site_queries::{QueryFuture, SiteQueries};

/// A site's staging of evaluation targets for one tenant: a target page is served to that
/// tenant only, at a one-time URL, from [`TargetStaging::stage`] until
/// [`TargetStaging::release`].
pub trait TargetStaging: Send + Sync {
    /// Serves the target called `target` at a fresh one-time URL; returns that URL.
    fn stage(&self, target: &str) -> QueryFuture<'_, String>;
    /// Stops serving the target staged at `url`.
    fn release(&self, url: &str) -> QueryFuture<'_, ()>;
}

/// The sites as one evaluation sees them.
#[derive(Clone, Copy)]
pub struct SiteAccess<'a> {
    /// Facts from the episode tenant's data.
    pub queries: &'a dyn SiteQueries,
    /// The staging of evaluation targets, when a hosted site offers it.
    pub staging: Option<&'a dyn TargetStaging>,
    /// Target measurements kept across evaluations, with the layout (the episode's viewport)
    /// this evaluation measures in; `None`: every target is measured afresh.
    pub kept_targets: Option<(&'a KeptTargets, Window)>,
}

impl std::fmt::Debug for SiteAccess<'_> {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter
            .debug_struct("SiteAccess")
            .field("staging", &self.staging.is_some())
            .field(
                "kept_targets",
                &self.kept_targets.map(|(kept, _)| kept.len()),
            )
            .finish_non_exhaustive()
    }
}

impl<'a> SiteAccess<'a> {
    /// Queries only: no site stages targets.
    pub fn queries(queries: &'a dyn SiteQueries) -> Self {
        Self {
            queries,
            staging: None,
            kept_targets: None,
        }
    }

    /// The staging of evaluation targets, or the error an evaluator that needs it reports.
    pub fn staging(&self) -> Result<&'a dyn TargetStaging, EvalError> {
        self.staging.ok_or(EvalError::SiteNotAvailable("webui"))
    }
}
