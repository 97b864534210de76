//! `agora up`: the sites, the controller and the API in one process.

use crate::api;
use crate::config::Config;
use crate::env::Environment;
use crate::fence::AllowList;
use anyhow::Context;
use std::net::SocketAddr;
use std::process::ExitCode;
use std::sync::Arc;

/// Arguments of `agora up`.
#[derive(Debug, clap::Args)]
pub struct UpArgs {
    /// Controller and API settings.
    #[command(flatten)]
    pub config: Config,
}

/// Brings everything up and serves until Ctrl-C.
pub async fn run(args: UpArgs) -> anyhow::Result<ExitCode> {
    let config = args.config;
    if !config.bind.is_loopback() && config.token.is_none() {
        anyhow::bail!(
            "binding {} exposes the API beyond this machine: set --token (or AGORA_TOKEN) so only holders of it can drive browsers",
            config.bind
        );
    }
    let allowed = AllowList::default();
    let token = config.token.clone();
    let api_address = SocketAddr::new(config.bind, config.api_port);
    let env = Environment::start(Arc::new(config), allowed)
        .await
        .context("starting the browser environment")?;
    let listener = tokio::net::TcpListener::bind(api_address)
        .await
        .with_context(|| format!("binding the API to {api_address}"))?;
    let bound = listener.local_addr()?;
    println!("Agora is up.");
    println!("  API:      http://{bound}  (OpenAPI: http://{bound}/openapi.json)");
    println!(
        "  Browsers: {} warm session(s), fenced to: {}",
        env.config().pool_size,
        env.allowed().to_strings().join(", ")
    );
    println!("Press Ctrl-C to stop.");
    let shutdown = async {
        let _ = tokio::signal::ctrl_c().await;
    };
    axum::serve(listener, api::router(env.clone(), token))
        .with_graceful_shutdown(shutdown)
        .await?;
    env.shutdown().await;
    Ok(ExitCode::SUCCESS)
}
