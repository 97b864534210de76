//! No process outlives Agora, and its data survives kills: the real `agora up` binary on
//! free ports over a small data dir, killed with SIGKILL or stopped with SIGTERM while its
//! browsers work.

use serde_json::{Value, json};
use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;
use tokio::time::{Instant, interval, timeout};

/// How long a fresh `agora up` may take to print its URLs (a debug build on a busy machine).
const READY_CAP: Duration = Duration::from_secs(120);

/// How long the processes of a killed Agora may take to go.
const GONE_CAP: Duration = Duration::from_secs(5);

/// `agora up` over `data` on free ports with `extra` arguments, its standard output piped
/// and its standard error appended to `agora.log` in `data`.
fn spawn_agora_up(data: &Path, extra: &[&str]) -> Child {
    Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(["up", "--api-port", "0", "--pool-size", "1"])
        .args(extra)
        .args([
            "--port",
            "classifieds=0",
            "--port",
            "shopping=0",
            "--port",
            "forum=0",
            "--port",
            "homepage=0",
            "--port",
            "webui=0",
        ])
        .arg("--data-dir")
        .arg(data)
        .arg("--trajectory-dir")
        .arg(data.join("trajectories"))
        .arg("--tasks")
        .arg(data.join("no-tasks"))
        .stdout(Stdio::piped())
        .stderr(
            std::fs::OpenOptions::new()
                .create(true)
                .append(true)
                .open(data.join("agora.log"))
                .expect("log file"),
        )
        .spawn()
        .expect("agora up starts")
}

/// A running `agora up`.
struct Agora {
    process: Child,
    api: String,
    classifieds: String,
}

impl Agora {
    /// Starts `agora up` over `data` (seeded if missing) and waits until it prints its URLs.
    fn start(data: &Path) -> Agora {
        Self::start_with(data, &[])
    }

    /// [`Agora::start`] with `extra` arguments.
    fn start_with(data: &Path, extra: &[&str]) -> Agora {
        let mut process = spawn_agora_up(data, extra);
        let stdout = process.stdout.take().expect("stdout");
        let (lines, received) = std::sync::mpsc::channel();
        std::thread::spawn(move || {
            for line in BufReader::new(stdout).lines().map_while(Result::ok) {
                if lines.send(line).is_err() {
                    return;
                }
            }
        });
        let deadline = std::time::Instant::now() + READY_CAP;
        let (mut api, mut classifieds) = (None, None);
        loop {
            let left = deadline.saturating_duration_since(std::time::Instant::now());
            let line = received
                .recv_timeout(left)
                .expect("agora up prints its URLs in time");
            let url = line.split_whitespace().nth(1).map(str::to_owned);
            match line.split_whitespace().next() {
                Some("API") => api = url,
                Some("classifieds") => classifieds = url,
                Some("Press") => break,
                _ => {}
            }
        }
        Agora {
            process,
            api: api.expect("API URL"),
            classifieds: classifieds.expect("classifieds URL"),
        }
    }

    fn pid(&self) -> u32 {
        self.process.id()
    }

    async fn post(&self, path: &str, body: Value) -> Value {
        reqwest::Client::new()
            .post(format!("{}{path}", self.api))
            .json(&body)
            .send()
            .await
            .expect("API answers")
            .json()
            .await
            .expect("JSON reply")
    }

    /// Starts an episode at the classifieds site; returns its id and first observation.
    async fn start_episode(&self) -> (String, Value) {
        let created = self
            .post("/episodes", json!({ "start_url": self.classifieds }))
            .await;
        let id = created["episode_id"]
            .as_str()
            .unwrap_or_else(|| panic!("episode started: {created}"))
            .to_owned();
        (id, created["observation"].clone())
    }

    fn kill(&mut self) {
        self.process.kill().expect("SIGKILL");
        self.process.wait().expect("reaped");
    }
}

impl Drop for Agora {
    fn drop(&mut self) {
        let _ = self.process.kill();
        let _ = self.process.wait();
    }
}

/// A process: its id and command line (arguments joined by spaces).
#[derive(Debug)]
struct Process {
    pid: u32,
    cmdline: String,
}

fn processes() -> Vec<Process> {
    std::fs::read_dir("/proc")
        .expect("/proc")
        .flatten()
        .filter_map(|entry| {
            let pid = entry.file_name().to_str()?.parse().ok()?;
            let cmdline = std::fs::read(entry.path().join("cmdline")).ok()?;
            let state = std::fs::read_to_string(entry.path().join("stat")).ok()?;
            // Zombies are gone in every way that matters; their parent has yet to reap them.
            let zombie = state
                .rsplit_once(')')
                .is_some_and(|(_, rest)| rest.trim_start().starts_with('Z'));
            (!zombie).then(|| Process {
                pid,
                cmdline: String::from_utf8_lossy(&cmdline).replace('\0', " "),
            })
        })
        .collect()
}

/// chromedriver and Chromium processes owned by Agora process `owner`: those whose command
/// line names it, and every process they started (renderers need not name it).
fn browsers_of(owner: u32) -> Vec<Process> {
    let markers = [
        format!("agora-driver-{owner}-"),
        format!("agora-profile-{owner}-"),
    ];
    let all = processes();
    let marked: Vec<u32> = all
        .iter()
        .filter(|process| {
            markers
                .iter()
                .any(|marker| process.cmdline.contains(marker))
        })
        .map(|process| process.pid)
        .collect();
    let owned: std::collections::HashSet<u32> =
        agora::browser::process_tree(&marked).into_iter().collect();
    all.into_iter()
        .filter(|process| owned.contains(&process.pid))
        .collect()
}

/// Waits until Agora process `owner` has no browser process left, or fails after `cap`.
async fn assert_browsers_gone(owner: u32, cap: Duration, what: &str) {
    let deadline = Instant::now() + cap;
    let mut ticks = interval(Duration::from_millis(50));
    loop {
        let left = browsers_of(owner);
        if left.is_empty() {
            return;
        }
        assert!(
            Instant::now() < deadline,
            "{what}: {} browser process(es) of {owner} still run after {cap:?}: {:?}",
            left.len(),
            left.iter().map(|process| process.pid).collect::<Vec<_>>()
        );
        ticks.tick().await;
    }
}

/// A small seeded data dir (the sites seed themselves small through `agora seed`).
fn small_data_dir() -> tempfile::TempDir {
    let data = tempfile::tempdir().expect("data dir");
    let seeded = Command::new(env!("CARGO_BIN_EXE_agora"))
        .args(["seed", "--small", "150", "--data-dir"])
        .arg(data.path())
        .stdout(Stdio::null())
        .status()
        .expect("agora seed runs");
    assert!(seeded.success(), "agora seed --small succeeds");
    data
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_of_agora_ends_its_chromedriver_and_browsers() {
    let data = small_data_dir();
    let mut agora = Agora::start(data.path());
    let owner = agora.pid();
    let (episode, _) = agora.start_episode().await;
    for action in ["scroll [down]", "scroll [up]"] {
        let step = agora
            .post(
                &format!("/episodes/{episode}/step"),
                json!({ "action": action }),
            )
            .await;
        assert!(step["error"].is_null(), "{step}");
    }
    let browsers = browsers_of(owner);
    assert!(
        browsers
            .iter()
            .any(|process| process.cmdline.contains("chromedriver"))
            && browsers
                .iter()
                .any(|process| process.cmdline.contains("--type=renderer")),
        "chromedriver and a browser run: {browsers:?}"
    );
    agora.kill();
    assert_browsers_gone(owner, GONE_CAP, "after kill -9").await;

    // The steps taken so far survive the kill.
    let steps = std::fs::read_to_string(
        data.path()
            .join("trajectories")
            .join(&episode)
            .join("steps.jsonl"),
    )
    .expect("the step log is on disk");
    let actions: Vec<String> = steps
        .lines()
        .map(|line| {
            serde_json::from_str::<Value>(line).expect("whole JSON lines")["action"].to_string()
        })
        .collect();
    assert_eq!(actions, ["\"scroll [down]\"", "\"scroll [up]\""]);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_reaps_what_a_dead_run_left_and_a_graceful_stop_ends_busy_browsers() {
    let data = small_data_dir();
    let mut first = Agora::start(data.path());
    let owner = first.pid();
    first.start_episode().await;
    // Without its watchdog, a killed Agora leaves its browsers behind.
    let watchdog = format!("agora-watchdog-{owner}");
    for process in processes()
        .iter()
        .filter(|process| process.cmdline.contains(&watchdog))
    {
        let killed = Command::new("kill")
            .args(["-KILL", &process.pid.to_string()])
            .status()
            .expect("kill runs");
        assert!(killed.success());
    }
    first.kill();
    assert!(
        !browsers_of(owner).is_empty(),
        "the browsers outlived the run"
    );

    let second = Agora::start(data.path());
    assert_browsers_gone(owner, GONE_CAP, "after a restart").await;

    // A browser busy typing when SIGTERM arrives ends with the rest.
    let (episode, observation) = second.start_episode().await;
    let field = observation["elements"]
        .as_array()
        .expect("elements")
        .iter()
        .find(|element| {
            element["tag"] == "input"
                && matches!(element["input_type"].as_str(), Some("text" | "search"))
        })
        .unwrap_or_else(|| panic!("a text field: {}", observation["som_text"]))["id"]
        .clone();
    // Typed key by key (at most `KEY_BY_KEY_CHARS`), so the step is busy for hundreds of
    // milliseconds on any machine: one input event per character, then settling.
    let long_text = "typing ".repeat(28);
    let api = second.api.clone();
    let mut typing = tokio::spawn(async move {
        reqwest::Client::new()
            .post(format!("{api}/episodes/{episode}/step"))
            .json(&json!({ "action": { "action": "type", "id": field, "text": long_text, "enter": false } }))
            .send()
            .await
    });
    assert!(
        timeout(Duration::from_millis(100), &mut typing)
            .await
            .is_err(),
        "the step is still typing"
    );
    let owner = second.pid();
    let stopped = Command::new("kill")
        .args(["-TERM", &owner.to_string()])
        .status()
        .expect("kill runs");
    assert!(stopped.success());
    assert_browsers_gone(owner, GONE_CAP, "after SIGTERM").await;
    drop(typing);
    drop(second);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn kill_9_during_first_start_seeding_leaves_no_half_built_base_and_a_restart_rebuilds_it() {
    // The other sites' bases are there (small); the classifieds one is seeded at first start.
    let data = small_data_dir();
    let base = data.path().join("classifieds.sqlite");
    std::fs::remove_file(&base).expect("the small classifieds base");
    let partial = data.path().join("classifieds.sqlite.partial");
    let mut seeding = spawn_agora_up(data.path(), &[]);
    let deadline = Instant::now() + READY_CAP;
    let mut ticks = interval(Duration::from_millis(2));
    while !partial.exists() {
        assert!(
            Instant::now() < deadline && !base.exists(),
            "the base file is written beside its final name first"
        );
        ticks.tick().await;
    }
    seeding.kill().expect("SIGKILL");
    seeding.wait().expect("reaped");
    assert!(!base.exists(), "no half-built base under the served name");

    // A base cut short (as older versions left them) is not served either: it is rebuilt.
    let half = std::fs::read(&partial).expect("the partial file");
    std::fs::write(&base, &half[..half.len() / 2]).expect("a cut-short base");
    let agora = Agora::start(data.path());
    let http = reqwest::Client::new();
    let page = http
        .get(&agora.classifieds)
        .send()
        .await
        .expect("the site answers");
    assert_eq!(
        page.status(),
        200,
        "the rebuilt site serves pages; log:\n{}",
        std::fs::read_to_string(data.path().join("agora.log")).unwrap_or_default()
    );
    let health: Value = http
        .get(format!("{}/health", agora.api))
        .send()
        .await
        .expect("health answers")
        .json()
        .await
        .expect("JSON");
    assert_eq!(health["sites"]["classifieds"], "ready", "{health}");
    assert_eq!(health["status"], "ok", "{health}");
    assert!(
        !partial.exists(),
        "the partial file was replaced and renamed"
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn agora_says_loudly_at_start_when_browsers_run_without_the_sandbox() {
    let data = small_data_dir();
    let log = || std::fs::read_to_string(data.path().join("agora.log")).unwrap_or_default();
    // Local browsers keep the sandbox (as root they run as the browser user): no warning.
    drop(Agora::start(data.path()));
    let quiet = log();
    assert!(!quiet.contains("WITHOUT its sandbox"), "{quiet}");
    // A Grid whose nodes cannot sandbox (this one is not even there: Agora starts anyway).
    drop(Agora::start_with(
        data.path(),
        &["--webdriver-url", "http://127.0.0.1:9", "--grid-no-sandbox"],
    ));
    let warned = log();
    let warned = &warned[quiet.len()..];
    assert!(
        warned.contains("WARNING: --grid-no-sandbox")
            && warned.contains("WITHOUT its sandbox")
            && warned.contains("docs/DEPLOYMENT.md"),
        "{warned}"
    );
}
