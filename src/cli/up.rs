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
    #[command(flatten, next_help_heading = "Controller and API")]
    pub config: Config,
    /// The sites' data dir and ports.
    #[command(flatten, next_help_heading = "Sites")]
    pub sites: crate::sites::SiteOptions,
    /// Saved runs the debugger at /viewer opens besides live episodes: the `agora run --out`
    /// folders directly under this one (or this one itself).
    #[arg(long, env = "AGORA_RUNS", default_value = "runs")]
    pub runs: std::path::PathBuf,
}

/// The sites and the browser environment over them, started.
#[derive(Debug)]
pub struct Started {
    /// The controller.
    pub env: Environment,
    /// Each site's name and base URL.
    pub site_urls: Vec<(String, String)>,
}

/// Starts the sites (seeding them when needed) and the browser environment over them.
pub async fn start(args: &UpArgs) -> anyhow::Result<Started> {
    let sites = crate::sites::start(&args.sites, crate::sites::SiteAddress::OwnLoopback)
        .await
        .context("starting the sites")?;
    let sites = Arc::new(sites);
    let site_urls = crate::env::SiteHost::site_urls(sites.as_ref());
    let env = Environment::start_with_sites(
        Arc::new(args.config.clone()),
        AllowList::default(),
        Some(sites),
    )
    .await
    .context("starting the browser environment")?;
    Ok(Started { env, site_urls })
}

/// Brings everything up and serves until Ctrl-C or SIGTERM, which close every browser at once.
pub async fn run(args: UpArgs) -> anyhow::Result<ExitCode> {
    let config = args.config.clone();
    if !config.bind.is_loopback() && config.token.is_none() {
        anyhow::bail!(
            "binding {} exposes the API beyond this machine: set --token (or AGORA_TOKEN) so only holders of it can drive browsers",
            config.bind
        );
    }
    let Started { env, site_urls } = start(&args).await?;
    let token = config.token.clone();
    let api_address = SocketAddr::new(config.bind, config.api_port);
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
    println!("  {:<12} http://{bound}/mcp  (streamable HTTP)", "MCP");
    let token_query = if token.is_some() {
        "?token=<token>"
    } else {
        ""
    };
    println!("  {:<12} http://{bound}/viewer{token_query}", "viewer");
    println!(
        "  {:<12} {} warm session(s), fenced to: {}",
        "browsers",
        env.config().pool_size,
        env.allowed().to_strings().join(", ")
    );
    println!("Press Ctrl-C to stop.");
    // Browsers are ended as soon as the signal comes, before the server waits for requests
    // in flight: a step still typing fails at once instead of holding the stop.
    let stopping = env.clone();
    let shutdown = async move {
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
        stopping.shutdown().await;
    };
    let viewer = crate::viewer::ViewerState::follow(env.events())
        .with_runs(crate::viewer::RunLibrary::new(&args.runs))
        .with_recordings(env.clone());
    let app = api::router(env.clone(), token.clone()).merge(crate::viewer::router(viewer, token));
    axum::serve(api::ShapedListener::new(listener), app)
        .with_graceful_shutdown(shutdown)
        .await?;
    Ok(ExitCode::SUCCESS)
}
