//! `agora mcp`: the sites, the controller and the MCP server over stdio (standard output
//! carries only MCP messages; logs go to standard error).

use super::up::{self, Started, UpArgs};
use crate::api::mcp::AgoraMcp;
use anyhow::Context;
use rmcp::ServiceExt;
use std::process::ExitCode;

/// Serves MCP on stdio until the client closes it, then closes every browser.
pub async fn run(args: UpArgs) -> anyhow::Result<ExitCode> {
    let Started { env, site_urls } = up::start(&args).await?;
    tracing::info!(?site_urls, "Agora's MCP server is ready on stdio");
    let served = AgoraMcp::new(env.clone(), Default::default())
        .serve(crate::api::mcp::stdio::transport(
            tokio::io::stdin(),
            tokio::io::stdout(),
        ))
        .await
        .context("starting the MCP session on stdio");
    let outcome = match served {
        Ok(service) => service
            .waiting()
            .await
            .map(|_| ExitCode::SUCCESS)
            .context("serving MCP on stdio"),
        Err(error) => Err(error),
    };
    env.shutdown().await;
    outcome
}
