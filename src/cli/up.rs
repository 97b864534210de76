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
    /// The sites' data dir and ports.
    #[command(flatten)]
    pub sites: crate::sites::SiteOptions,
}

/// Brings everything up and serves until Ctrl-C or SIGTERM, then closes every browser.
pub async fn run(args: UpArgs) -> anyhow::Result<ExitCode> {
    let config = args.config.clone();
    if !config.bind.is_loopback() && config.token.is_none() {
        anyhow::bail!(
            "binding {} exposes the API beyond this machine: set --token (or AGORA_TOKEN) so only holders of it can drive browsers",
            config.bind
        );
    }
    let sites = crate::sites::start(&args.sites, std::net::IpAddr::from([127, 0, 0, 1]))
        .await
        .context("starting the sites")?;
    let sites = Arc::new(sites);
    let site_urls = crate::env::SiteHost::site_urls(sites.as_ref());
    let token = config.token.clone();
    let api_address = SocketAddr::new(config.bind, config.api_port);
    let env = Environment::start_with_sites(Arc::new(config), AllowList::default(), Some(sites))
        .await
        .context("starting the browser environment")?;
    let listener = tokio::net::TcpListener::bind(api_address)
        .await
        .with_context(|| format!("binding the API to {api_address}"))?;
    let bound = listener.local_addr()?;
    println!("Agora is up.");
    for (site, url) in &site_urls {
        println!("  {site:<12} {url}");
    }
    println!(
        "  {:<12} http://{bound}  (OpenAPI: http://{bound}/openapi.json)",
        "API"
    );
    println!(
        "  {:<12} {} warm session(s), fenced to: {}",
        "browsers",
        env.config().pool_size,
        env.allowed().to_strings().join(", ")
    );
    println!("Press Ctrl-C to stop.");
    let shutdown = async {
        let mut terminate =
            tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()).ok();
        let terminated = async {
            match terminate.as_mut() {
                Some(signal) => {
                    signal.recv().await;
                }
                None => std::future::pending::<()>().await,
            }
        };
        tokio::select! {
            _ = tokio::signal::ctrl_c() => {}
            _ = terminated => {}
        }
        println!("Stopping: closing browsers.");
    };
    axum::serve(listener, api::router(env.clone(), token))
        .with_graceful_shutdown(shutdown)
        .await?;
    env.shutdown().await;
    Ok(ExitCode::SUCCESS)
}
