//! The WebUI workspace an episode writes to: its files go to the site over loopback HTTP as
//! the episode's tenant (never typed into the page), and the workspace page is shown after.

use super::ActionError;
use kit::{TENANT_COOKIE, TenantId};
use std::time::Duration;
use webui::{MAX_FILE_BYTES, WorkspaceFile};

/// How long a workspace write may take.
const WRITE_TIMEOUT: Duration = Duration::from_secs(10);

/// Where an episode's workspace is.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Workspace {
    /// The WebUI site's base URL.
    pub site_url: String,
    /// The episode's private tenant (`None`: the shared default tenant).
    pub tenant: Option<TenantId>,
}

impl Workspace {
    /// The workspace page.
    pub fn page_url(&self) -> String {
        format!("{}/workspace/", self.site_url.trim_end_matches('/'))
    }

    /// Overwrites `file` with `content` in the tenant's workspace.
    pub async fn write(&self, file: WorkspaceFile, content: &str) -> Result<(), ActionError> {
        if content.len() > MAX_FILE_BYTES {
            return Err(ActionError::FileTooLarge {
                file: file.name(),
                bytes: content.len(),
                limit: MAX_FILE_BYTES,
            });
        }
        let failed = |message: String| ActionError::WorkspaceWrite {
            file: file.name(),
            message,
        };
        let client = reqwest::Client::builder()
            .no_proxy()
            .timeout(WRITE_TIMEOUT)
            .build()
            .map_err(|error| failed(error.to_string()))?;
        let mut request = client
            .put(format!("{}{}", self.page_url(), file.name()))
            .body(content.to_owned());
        if let Some(tenant) = self.tenant {
            request = request.header(reqwest::header::COOKIE, format!("{TENANT_COOKIE}={tenant}"));
        }
        let response = request
            .send()
            .await
            .map_err(|error| failed(error.to_string()))?;
        if response.status().is_success() {
            return Ok(());
        }
        let status = response.status();
        let body = response.text().await.unwrap_or_default();
        Err(failed(format!(
            "the site answered {status}: {}",
            body.chars().take(300).collect::<String>()
        )))
    }
}
