//! The WebDriver remote end: a supervised local chromedriver, or any W3C endpoint.

use super::BrowserError;
use super::lifeline::{GroupGuard, reap_leftovers};
use super::sandbox::BrowserUser;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;
use tokio::process::{Child, Command};
use tokio::sync::RwLock;

/// How long chromedriver may take to answer `/status` after it starts.
const DRIVER_READY_CAP: Duration = Duration::from_secs(15);

/// Where WebDriver sessions are created.
#[derive(Debug, Clone)]
pub struct WebDriverEndpoint {
    inner: Arc<Endpoint>,
}

#[derive(Debug)]
enum Endpoint {
    /// A remote end we did not start (Selenium Grid, a chromedriver run by someone else).
    Remote(String),
    /// A chromedriver we spawned and restart when it dies.
    Local(Box<LocalDriver>),
}

#[derive(Debug)]
struct LocalDriver {
    executable: PathBuf,
    /// The unprivileged account chromedriver and its browsers run as, if not Agora's.
    user: Option<BrowserUser>,
    url: RwLock<String>,
    pid: std::sync::atomic::AtomicU32,
    /// Bumped on every restart; sessions created under an older generation are dead.
    generation: AtomicU64,
    /// Ends the running chromedriver's process group (it and its browsers).
    guard: tokio::sync::Mutex<Option<GroupGuard>>,
    /// Set by [`WebDriverEndpoint::shutdown`]: no more restarts.
    stopped: std::sync::atomic::AtomicBool,
}

impl WebDriverEndpoint {
    /// Uses an existing remote end; nothing is spawned.
    pub fn remote(url: impl Into<String>) -> Self {
        Self {
            inner: Arc::new(Endpoint::Remote(url.into())),
        }
    }

    /// Spawns chromedriver on a free port, waits until it is ready and supervises it:
    /// when it exits, its browsers are ended, it is restarted and the restart is logged.
    /// Browser processes left by Agora processes that no longer run are ended first.
    /// It runs as `user` when given (Agora runs as root and browsers must not).
    pub async fn spawn_local(
        executable: &Path,
        user: Option<BrowserUser>,
    ) -> Result<Self, BrowserError> {
        ensure_executable(executable)?;
        reap_leftovers();
        let (child, guard, url) = start_chromedriver(executable, user.as_ref()).await?;
        let endpoint = Self {
            inner: Arc::new(Endpoint::Local(Box::new(LocalDriver {
                executable: executable.to_path_buf(),
                user,
                url: RwLock::new(url),
                pid: std::sync::atomic::AtomicU32::new(child.id().unwrap_or(0)),
                generation: AtomicU64::new(0),
                guard: tokio::sync::Mutex::new(Some(guard)),
                stopped: std::sync::atomic::AtomicBool::new(false),
            }))),
        };
        tokio::spawn(supervise(Arc::downgrade(&endpoint.inner), child));
        Ok(endpoint)
    }

    /// The URL new sessions are created at.
    pub async fn url(&self) -> String {
        match &*self.inner {
            Endpoint::Remote(url) => url.clone(),
            Endpoint::Local(local) => local.url.read().await.clone(),
        }
    }

    /// The number of chromedriver restarts so far (always 0 for a remote end).
    pub fn generation(&self) -> u64 {
        match &*self.inner {
            Endpoint::Remote(_) => 0,
            Endpoint::Local(local) => local.generation.load(Ordering::SeqCst),
        }
    }

    /// Process id of the chromedriver we run (None for a remote end).
    pub fn driver_pid(&self) -> Option<u32> {
        match &*self.inner {
            Endpoint::Remote(_) => None,
            Endpoint::Local(local) => {
                Some(local.pid.load(Ordering::SeqCst)).filter(|pid| *pid != 0)
            }
        }
    }

    /// Ends the local chromedriver and every browser it started, busy or not, and stops
    /// restarting it (at shutdown; nothing happens for a remote end).
    pub async fn shutdown(&self) {
        if let Endpoint::Local(local) = &*self.inner {
            local.stopped.store(true, Ordering::SeqCst);
            if let Some(guard) = local.guard.lock().await.take() {
                guard.end().await;
            }
        }
    }

    /// Whether the browser runs on this machine (so local paths and profiles are ours).
    pub fn is_local(&self) -> bool {
        matches!(&*self.inner, Endpoint::Local(_))
    }
}

/// A loud, actionable error when the browser is not installed.
pub fn ensure_executable(path: &Path) -> Result<(), BrowserError> {
    if path.is_file() {
        return Ok(());
    }
    Err(BrowserError::DriverStart(format!(
        "{} not found. Install Chromium and its driver with: \
         apt-get install -y chromium-headless-shell chromium-driver (or run ./dev up), \
         or name others with --chromium and --chromedriver",
        path.display()
    )))
}

/// Ports chromedriver is tried on before its start fails: a port found free can be taken
/// (by another listener, or as an outgoing connection's ephemeral port) before chromedriver
/// binds it, and chromedriver then exits or never answers there.
const DRIVER_PORT_TRIES: usize = 3;

/// Starts chromedriver in a process group of its own, watched by a [`GroupGuard`], on a
/// fresh port each time it exits or does not answer before it is ready.
async fn start_chromedriver(
    executable: &Path,
    user: Option<&BrowserUser>,
) -> Result<(Child, GroupGuard, String), BrowserError> {
    let mut tries = 1;
    loop {
        match start_chromedriver_once(executable, user).await {
            Err(Ready::NotOnItsPort(why)) if tries < DRIVER_PORT_TRIES => {
                tracing::warn!(%why, "chromedriver is not ready: trying another port");
                tries += 1;
            }
            Err(Ready::NotOnItsPort(why)) => {
                return Err(BrowserError::DriverStart(format!(
                    "{why} ({tries} ports tried)"
                )));
            }
            Err(Ready::Failed(error)) => return Err(error),
            Ok(started) => return Ok(started),
        }
    }
}

/// Why a chromedriver start did not give a ready driver.
enum Ready {
    /// It exited, or did not answer on its port within the cap (the port may have been
    /// taken): worth another port.
    NotOnItsPort(String),
    /// Anything else.
    Failed(BrowserError),
}

impl From<BrowserError> for Ready {
    fn from(error: BrowserError) -> Self {
        Ready::Failed(error)
    }
}

async fn start_chromedriver_once(
    executable: &Path,
    user: Option<&BrowserUser>,
) -> Result<(Child, GroupGuard, String), Ready> {
    let port = free_port()?;
    // The log path names the process as Agora's owner pid, so leftovers of a dead run can be
    // found and reaped (`lifeline::reap_leftovers`, and `./dev test`).
    let log_path =
        std::env::temp_dir().join(format!("agora-driver-{}-{port}.log", std::process::id()));
    // chromedriver makes each session's profile in its temp directory (and removes it when
    // the session ends); this one names Agora as the owner, as the log path does.
    let profiles =
        std::env::temp_dir().join(format!("agora-profile-{}-{port}", std::process::id()));
    prepare_dir(&profiles, user)?;
    let mut command = Command::new(executable);
    command.env("TMPDIR", &profiles);
    if let Some(user) = user {
        let home = std::env::temp_dir().join(format!("agora-home-{}", user.name));
        prepare_dir(&home, Some(user))?;
        command.uid(user.uid).gid(user.gid).env("HOME", home);
    }
    let mut child = command
        .arg(format!("--port={port}"))
        .arg(format!("--log-path={}", log_path.display()))
        .arg("--allowed-ips=")
        .arg("--log-level=SEVERE")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .process_group(0)
        .kill_on_drop(true)
        .spawn()
        .map_err(|error| BrowserError::DriverStart(format!("{}: {error}", executable.display())))?;
    let guard = child
        .id()
        .ok_or_else(|| BrowserError::DriverStart("chromedriver exited at once".into()))
        .and_then(|group| {
            GroupGuard::watch(group, profiles).map_err(|error| {
                BrowserError::DriverStart(format!("the browser watchdog (/bin/sh): {error}"))
            })
        })?;
    let url = format!("http://127.0.0.1:{port}");
    if let Err(error) = wait_until_ready(&url, &mut child).await {
        guard.end().await;
        return Err(error);
    }
    tracing::info!(%url, "chromedriver ready");
    Ok((child, guard, url))
}

/// Polls chromedriver's `/status` until it reports ready, up to [`DRIVER_READY_CAP`], or
/// until it exits.
async fn wait_until_ready(url: &str, child: &mut Child) -> Result<(), Ready> {
    let client = reqwest::Client::new();
    let status_url = format!("{url}/status");
    let mut ticks = tokio::time::interval(Duration::from_millis(20));
    let deadline = tokio::time::Instant::now() + DRIVER_READY_CAP;
    loop {
        ticks.tick().await;
        let ready = match client.get(&status_url).send().await {
            Ok(response) => response
                .json::<serde_json::Value>()
                .await
                .map(|body| body["value"]["ready"].as_bool().unwrap_or(false))
                .unwrap_or(false),
            Err(_) => false,
        };
        if ready {
            return Ok(());
        }
        if let Ok(Some(status)) = child.try_wait() {
            return Err(Ready::NotOnItsPort(format!(
                "chromedriver at {url} exited before it was ready ({status})"
            )));
        }
        if tokio::time::Instant::now() >= deadline {
            return Err(Ready::NotOnItsPort(format!(
                "chromedriver at {url} did not become ready within {DRIVER_READY_CAP:?}"
            )));
        }
    }
}

/// Restarts chromedriver whenever it exits, for as long as the endpoint is alive and not
/// shut down. The browsers the dead chromedriver started are ended with its process group
/// before the new one starts, so none is left behind whatever state its session was in.
async fn supervise(endpoint: std::sync::Weak<Endpoint>, mut child: Child) {
    loop {
        let status = child.wait().await;
        let Some(endpoint) = endpoint.upgrade() else {
            return;
        };
        let Endpoint::Local(local) = &*endpoint else {
            return;
        };
        let generation = local.generation.fetch_add(1, Ordering::SeqCst) + 1;
        let mut guard = local.guard.lock().await;
        if let Some(old) = guard.take() {
            old.end().await;
        }
        if local.stopped.load(Ordering::SeqCst) {
            return;
        }
        tracing::warn!(
            ?status,
            generation,
            "chromedriver exited; its browsers were ended and it is restarted (open sessions are lost)"
        );
        match start_chromedriver(&local.executable, local.user.as_ref()).await {
            Ok((new_child, new_guard, url)) => {
                *local.url.write().await = url;
                local
                    .pid
                    .store(new_child.id().unwrap_or(0), Ordering::SeqCst);
                *guard = Some(new_guard);
                child = new_child;
            }
            Err(error) => {
                tracing::error!(%error, "chromedriver could not be restarted");
                return;
            }
        }
    }
}

/// Creates `dir` for `user`'s browsers (a home for their font caches, a temp directory for
/// their profiles), owned by `user` when given.
fn prepare_dir(dir: &Path, user: Option<&BrowserUser>) -> Result<(), BrowserError> {
    std::fs::create_dir_all(dir)
        .and_then(|()| match user {
            Some(user) => std::os::unix::fs::chown(dir, Some(user.uid), Some(user.gid)),
            None => Ok(()),
        })
        .map_err(|error| {
            BrowserError::DriverStart(format!("could not prepare {}: {error}", dir.display()))
        })
}

fn free_port() -> Result<u16, BrowserError> {
    let listener = std::net::TcpListener::bind("127.0.0.1:0")
        .map_err(|error| BrowserError::DriverStart(format!("no free port: {error}")))?;
    listener
        .local_addr()
        .map(|address| address.port())
        .map_err(|error| BrowserError::DriverStart(format!("no free port: {error}")))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_driver_that_exits_before_it_is_ready_is_seen_at_once_not_at_the_cap() {
        let mut child = Command::new("true").kill_on_drop(true).spawn().unwrap();
        let port = free_port().unwrap();
        let started = std::time::Instant::now();
        let result = wait_until_ready(&format!("http://127.0.0.1:{port}"), &mut child).await;
        assert!(
            matches!(result, Err(Ready::NotOnItsPort(_))),
            "an exit is worth another port"
        );
        assert!(
            started.elapsed() < DRIVER_READY_CAP / 3,
            "{:?}",
            started.elapsed()
        );
    }
}
