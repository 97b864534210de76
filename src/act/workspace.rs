//! The workspace an episode writes to: a capability a hosted site offers through the kit's
//! contract ([`kit::site::Workspace`]). Files go straight into the episode tenant's copy of
//! the site (never typed into the page), and the workspace page is shown after.

use super::ActionError;
use kit::TenantId;
use kit::site::WorkspaceError;
use std::sync::Arc;

/// An episode's workspace: the site's capability and the tenant it writes as.
#[derive(Debug, Clone)]
pub struct Workspace {
    site: Arc<dyn kit::site::Workspace>,
    tenant: TenantId,
}

impl Workspace {
    /// `tenant`'s workspace on the site that offers `site`.
    pub fn new(site: Arc<dyn kit::site::Workspace>, tenant: TenantId) -> Self {
        Self { site, tenant }
    }

    /// The workspace page.
    pub fn page_url(&self) -> String {
        self.site.page_url()
    }

    /// Overwrites `file` with `content` in the tenant's workspace.
    pub async fn write(&self, file: &'static str, content: &str) -> Result<(), ActionError> {
        self.site
            .write(self.tenant, file, content.to_owned())
            .await
            .map_err(|error| match error {
                WorkspaceError::TooLarge { bytes, limit, .. } => {
                    ActionError::FileTooLarge { file, bytes, limit }
                }
                other => ActionError::WorkspaceWrite {
                    file,
                    message: other.to_string(),
                },
            })
    }
}
