//! `agora view DIR`: the trajectory debugger alone over saved runs — no sites, no browsers —
//! as Playwright's `show-trace` opens a trace: every task's steps with the observation the
//! agent acted on, its prompt and reply, and the evaluation check by check.

use anyhow::Context;
use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::path::PathBuf;
use std::process::ExitCode;

/// Arguments of `agora view`.
#[derive(Debug, clap::Args)]
pub struct ViewArgs {
    /// A run's folder (`agora run --out DIR`), or a folder whose subfolders are runs.
    pub dir: PathBuf,
    /// The loopback address to listen on (the debugger serves the run's files: it is never
    /// offered beyond this machine).
    #[arg(long, default_value_t = IpAddr::V4(Ipv4Addr::LOCALHOST))]
    pub bind: IpAddr,
    /// The port (0 picks a free one).
    #[arg(long, default_value_t = 8400)]
    pub port: u16,
}

/// Serves the debugger over `args.dir` until Ctrl-C.
pub async fn run(args: ViewArgs) -> anyhow::Result<ExitCode> {
    anyhow::ensure!(
        args.bind.is_loopback(),
        "--bind {}: the debugger serves the run's files, so it listens on loopback only (reach it from elsewhere with `ssh -L 8400:127.0.0.1:8400`)",
        args.bind
    );
    anyhow::ensure!(
        args.dir.is_dir(),
        "{} is not a folder: give the --out folder of `agora run`",
        args.dir.display()
    );
    let library = crate::viewer::RunLibrary::new(&args.dir);
    let runs = library.list();
    anyhow::ensure!(
        !runs.is_empty(),
        "{} holds no run (a run folder has results.jsonl, from `agora run --out DIR`)",
        args.dir.display()
    );
    let address = SocketAddr::new(args.bind, args.port);
    let listener = tokio::net::TcpListener::bind(address)
        .await
        .with_context(|| format!("binding the debugger to {address} (choose another --port)"))?;
    let bound = listener.local_addr()?;
    let state = crate::viewer::ViewerState::default().with_runs(library);
    println!("Trajectory debugger over {}:", args.dir.display());
    for run in &runs {
        println!(
            "  http://{bound}/viewer?run={}  ({} tasks, {} passed, {} errors)",
            url::form_urlencoded::byte_serialize(run.id.as_bytes()).collect::<String>(),
            run.tasks,
            run.passed,
            run.errors
        );
    }
    println!("Press Ctrl-C to stop.");
    axum::serve(listener, crate::viewer::router(state, None))
        .with_graceful_shutdown(async {
            let _ = tokio::signal::ctrl_c().await;
        })
        .await?;
    Ok(ExitCode::SUCCESS)
}
