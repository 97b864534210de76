//! Pages that misbehave cannot hang, flood or trap an episode, in real Chromium: a busy loop
//! is stopped at the step deadline and its browser killed and replaced, popups beyond the
//! tab cap are closed whoever opened them, JavaScript dialogs are answered as they open and
//! reported, and `beforeunload` never keeps the agent on a page.

use crate::api::serve_api;
use crate::support::step_outcome;
use crate::support::{Hosting, one_browser, own_environment};
use crate::support::{observation, run, som_id};
use agora::config::Config;
use agora::env::{EpisodeHandle, EpisodeSpec};
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// Of `pids`, those still running (a killed process may linger as a zombie, which has no
/// command line and uses no CPU).
fn still_running(pids: &[u32]) -> Vec<u32> {
    pids.iter()
        .copied()
        .filter(|pid| {
            std::fs::read(format!("/proc/{pid}/cmdline")).is_ok_and(|line| !line.is_empty())
        })
        .collect()
}

/// Of `samples` looks at the processes of the browser `browser_pid`, 50 ms apart, the share
/// in which one of their threads was running (a spinning renderer is running in nearly all
/// of them, however loaded the machine, since waiting for a core counts as running).
async fn running_share(browser_pid: u32, samples: u32) -> f64 {
    let mut ticks = tokio::time::interval(Duration::from_millis(50));
    let mut running = 0;
    for _ in 0..samples {
        ticks.tick().await;
        let busy = agora::browser::process_tree(&[browser_pid])
            .into_iter()
            .any(|pid| {
                std::fs::read_dir(format!("/proc/{pid}/task"))
                    .into_iter()
                    .flatten()
                    .flatten()
                    .any(|task| {
                        let stat =
                            std::fs::read_to_string(task.path().join("stat")).unwrap_or_default();
                        // The state follows the command name in parentheses.
                        stat.rsplit_once(") ")
                            .is_some_and(|(_, rest)| rest.starts_with('R'))
                    })
            });
        running += u32::from(busy);
    }
    f64::from(running) / f64::from(samples)
}

pub(crate) async fn click(episode: &EpisodeHandle, css: &str) -> agora::env::StepOutcome {
    let id = som_id(episode, css).await;
    step_outcome(episode, &format!("click [{id}]")).await
}

#[test]
fn busy_loops_are_stopped_at_the_deadline_and_their_browsers_replaced() {
    const BROWSERS: usize = 2;
    run(|harness| async move {
        let config = Config {
            trajectory_dir: None,
            pool_size: BROWSERS,
            max_browsers: BROWSERS,
            prepare: 0,
            step_deadline_s: 3,
            ..Config::default()
        };
        let env = own_environment(harness, config).await;
        assert!(env.pool().wait_warm(Duration::from_secs(60)).await);
        let spec = EpisodeSpec {
            start_urls: vec![harness.url("hostile/busy.html")],
            ..EpisodeSpec::default()
        };
        let mut episodes = Vec::new();
        let mut processes = Vec::new();
        for _ in 0..BROWSERS {
            let episode = env.create_episode(spec.clone()).await.unwrap();
            let browser = episode.browser().await.unwrap().processes();
            assert!(
                browser.len() > 1,
                "the browser and its children: {browser:?}"
            );
            processes.push(browser);
            episodes.push(episode);
        }
        let started = Instant::now();
        let outcomes =
            futures::future::join_all(episodes.iter().map(|episode| click(episode, "#spin"))).await;
        let took = started.elapsed();
        for outcome in &outcomes {
            let error = outcome.error.as_ref().expect("the step fails");
            assert_eq!(error.code(), "page_unresponsive", "{error}");
            assert!(error.to_string().contains("start a new one"), "{error}");
            assert!(outcome.done, "the episode has ended");
        }
        assert!(took < Duration::from_secs(20), "{took:?}");
        for episode in &episodes {
            let later = episode.step("scroll [down]").await.outcome;
            assert_eq!(later.error.unwrap().code(), "browser_lost");
            episode.close().await.expect("closing returns at once");
        }
        // The pool is whole again: a new episode starts warm, without waiting.
        assert!(
            env.pool().wait_warm(Duration::from_secs(60)).await,
            "the pool refills"
        );
        let fresh = env
            .create_episode(EpisodeSpec {
                start_urls: vec![harness.url("index.html")],
                ..EpisodeSpec::default()
            })
            .await
            .expect("a new episode starts");
        let start = fresh.summary().await.start;
        assert!(start.warm_start, "{start:?}");
        assert!(start.pool_wait < Duration::from_secs(1), "{start:?}");
        // No process of the stopped browsers is left.
        for browser in &processes {
            let left = still_running(browser);
            assert!(left.is_empty(), "of {browser:?}, {left:?} still run");
        }
        fresh.close().await.unwrap();
        env.shutdown().await;
    });
}

/// An episode at `url`.
pub(crate) fn at(url: String) -> EpisodeSpec {
    EpisodeSpec {
        start_urls: vec![url],
        ..EpisodeSpec::default()
    }
}

/// The deadline of steps, starts and evaluations in [`short_deadlines`], in seconds: short,
/// yet long enough for a fixture page to start in a fresh browser while the other test thread
/// keeps both cores busy (at 3 s such a start was once refused in CI).
const DEADLINE: u64 = 6;

/// Settings whose steps, starts and evaluations end after [`DEADLINE`], with settling capped past it: a page that never
/// settles meets the deadline, not the cap.
fn short_deadlines() -> Config {
    Config {
        step_deadline_s: DEADLINE,
        evaluation_deadline_s: DEADLINE,
        settle_cap_ms: 20_000,
        ..Config::default()
    }
}

/// Starts an episode at `url` in `env`; once it has started, closes it; returns whether it
/// started warm and how long it waited for its browser.
async fn starts_warm(env: &agora::env::Environment, url: String) -> (bool, Duration) {
    let episode = env
        .create_episode(at(url))
        .await
        .expect("a new episode starts");
    let start = episode.summary().await.start;
    episode.close().await.unwrap();
    (start.warm_start, start.pool_wait)
}

#[test]
fn a_start_that_never_loads_or_spins_is_refused_at_the_deadline_and_its_browser_replaced() {
    run(|harness| async move {
        // One browser: a start that kept it would leave none for the next.
        let env = one_browser(harness, short_deadlines(), Hosting::Fixtures).await;
        for page in ["endless/page", "hostile/spin_on_load.html"] {
            let started = Instant::now();
            let refused = env
                .create_episode(at(harness.url(page)))
                .await
                .expect_err("the start cannot open");
            let took = started.elapsed();
            let agora::env::EnvError::Action(error) = &refused else {
                panic!("{page}: {refused}");
            };
            assert_eq!(error.code(), "page_unresponsive", "{page}: {error}");
            assert!(
                took < Duration::from_secs(DEADLINE + 4),
                "{page}: refused after {took:?}"
            );
            assert!(
                env.pool().wait_warm(Duration::from_secs(60)).await,
                "{page}: the pool refills"
            );
            let (warm, waited) = starts_warm(&env, harness.url("index.html")).await;
            assert!(
                warm && waited < Duration::from_secs(1),
                "{page}: {waited:?}"
            );
        }
        env.shutdown().await;
    });
}

#[test]
fn endless_loads_end_a_step_and_an_evaluation_at_their_deadlines() {
    run(|harness| async move {
        let env = one_browser(harness, short_deadlines(), Hosting::Fixtures).await;
        // A step: `location.replace("javascript:document.write('x')")` (the page is written
        // and never closed), and a response that never ends.
        for control in ["#rewrite", "#stream"] {
            let episode = env
                .create_episode(at(harness.url("hostile/endless.html")))
                .await
                .unwrap();
            let started = Instant::now();
            let outcome = click(&episode, control).await;
            let took = started.elapsed();
            let error = outcome.error.as_ref().expect("the step fails");
            assert_eq!(error.code(), "page_unresponsive", "{control}: {error}");
            assert!(outcome.done, "{control}: the episode has ended");
            assert!(
                took < Duration::from_secs(DEADLINE + 4),
                "{control}: {took:?}"
            );
            episode.close().await.unwrap();
            assert!(
                env.pool().wait_warm(Duration::from_secs(60)).await,
                "{control}: the pool refills"
            );
        }
        env.shutdown().await;

        // An evaluation that must load a page that never finishes.
        let env = one_browser(harness, short_deadlines(), Hosting::Fixtures).await;
        let base = serve_api(env.clone(), None).await;
        let http = reqwest::Client::new();
        let task = json!({"task_id": 33, "start_url": harness.url("index.html"), "intent": "look",
            "eval": {"eval_types": ["program_html"], "program_html": [{
                "url": harness.url("endless/page"), "locator": "document.title",
                "required_contents": {"must_include": ["Endless"]}}]}});
        let (status, body, id, took) = crate::evaluation_bounds::evaluate(&http, &base, task).await;
        assert_eq!(status, 504, "{body}");
        let code = body["error"].as_str().unwrap_or_default();
        assert!(
            ["evaluation_timeout", "page_unresponsive"].contains(&code),
            "{body}"
        );
        assert!(took < Duration::from_secs(DEADLINE + 4), "{took:?}");
        let closed = http
            .delete(format!("{base}/episodes/{id}"))
            .send()
            .await
            .unwrap();
        assert_eq!(closed.status().as_u16(), 204);
        assert!(
            env.pool().wait_warm(Duration::from_secs(60)).await,
            "the pool refills"
        );
        let (warm, waited) = starts_warm(&env, harness.url("index.html")).await;
        assert!(warm && waited < Duration::from_secs(1), "{waited:?}");
        env.shutdown().await;
    });
}

#[test]
fn a_closed_episode_leaves_no_renderer_spinning() {
    run(|harness| async move {
        let env = one_browser(harness, Config::default(), Hosting::Fixtures).await;
        // The page answers (steps work) while its worker keeps a renderer busy.
        let episode = env
            .create_episode(at(harness.url("hostile/worker_spin.html")))
            .await
            .unwrap();
        let outcome = step_outcome(&episode, "scroll [down]").await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        let browser = episode
            .browser()
            .await
            .unwrap()
            .browser_pid()
            .expect("a local browser");
        let spinning = running_share(browser, 20).await;
        assert!(spinning > 0.8, "the worker spins: running in {spinning}");
        episode.close().await.unwrap();
        // The browser is wiped and warm again; nothing of the closed episode runs in it.
        assert!(env.pool().wait_warm(Duration::from_secs(60)).await);
        let after = running_share(browser, 20).await;
        assert!(after < 0.5, "still running in {after} of the samples");
        env.shutdown().await;
    });
}

#[test]
fn observe_and_close_of_a_stuck_episode_answer_over_http() {
    run(|harness| async move {
        let config = Config {
            trajectory_dir: None,
            pool_size: 1,
            max_browsers: 1,
            prepare: 0,
            step_deadline_s: 2,
            ..Config::default()
        };
        let env = own_environment(harness, config).await;
        let base = serve_api(env.clone(), None).await;
        let http = reqwest::Client::new();
        assert!(env.pool().wait_warm(Duration::from_secs(60)).await);
        let created: Value = http
            .post(format!("{base}/episodes"))
            .json(&json!({ "start_url": harness.url("hostile/busy.html") }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let id = created["episode_id"]
            .as_str()
            .unwrap_or_else(|| panic!("{created}"))
            .to_owned();
        let spin = created["observation"]["elements"]
            .as_array()
            .unwrap()
            .iter()
            .find(|element| element["text"].as_str().unwrap_or("").contains("Spin"))
            .map(|element| element["id"].clone())
            .expect("the button is marked");
        // The page's script starts spinning from a script the agent cannot see finish: the
        // step ends at the deadline with the error, and the browser is gone.
        let step: Value = http
            .post(format!("{base}/episodes/{id}/step"))
            .json(&json!({ "action": format!("click [{spin}]") }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(step["error"]["error"], "page_unresponsive", "{step}");
        assert_eq!(step["done"], true, "{step}");
        let observed = http
            .post(format!("{base}/episodes/{id}/observe"))
            .json(&json!({}))
            .send()
            .await
            .unwrap();
        assert_eq!(observed.status().as_u16(), 503);
        let body: Value = observed.json().await.unwrap();
        assert_eq!(body["error"], "browser_lost", "{body}");
        let closed = http
            .delete(format!("{base}/episodes/{id}"))
            .send()
            .await
            .unwrap();
        assert_eq!(closed.status().as_u16(), 204);
        let health: Value = http
            .get(format!("{base}/health"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(health["episodes"], 0, "{health}");
        assert!(env.pool().wait_warm(Duration::from_secs(60)).await);
        env.shutdown().await;
    });
}

#[test]
fn popups_beyond_the_tab_cap_are_closed_whoever_opened_them() {
    run(|harness| async move {
        let episode = harness.open("hostile/popups.html").await;
        let cap = harness.env.config().max_tabs;
        let outcome = click(&episode, "#flood").await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        let tabs = observation(&episode).await.tabs.len();
        assert!(tabs <= cap, "{tabs} tabs listed, cap {cap}");
        let browser = episode.browser().await.unwrap();
        let open = browser.client().windows().await.unwrap().len();
        assert!(open <= cap, "{open} tabs open, cap {cap}");
        assert!(open > 1, "popups under the cap stay open: {open}");
        drop(browser);
        episode.close().await.unwrap();
    });
}

#[test]
fn an_alert_on_load_is_answered_and_reported() {
    run(|harness| async move {
        // The first episode of a run waits for the shared harness to start; time another.
        harness.open("index.html").await.close().await.unwrap();
        let started = Instant::now();
        let episode = harness.open("hostile/alert_on_load.html").await;
        let took = started.elapsed();
        let observed = observation(&episode).await;
        assert_eq!(observed.title, "Alert on load");
        assert_eq!(observed.dialogs.len(), 1, "{:?}", observed.dialogs);
        assert_eq!(observed.dialogs[0].kind, "alert");
        assert_eq!(observed.dialogs[0].message, "hello from the page");
        assert!(took < Duration::from_secs(15), "{took:?}");
        // Reported once: the next observation has no dialog.
        let again = episode.observe(None).await.unwrap().observation.unwrap();
        assert!(again.dialogs.is_empty(), "{:?}", again.dialogs);
        episode.close().await.unwrap();
    });
}

#[test]
fn dialogs_of_one_episode_never_show_in_the_next_on_the_same_browser() {
    run(|harness| async move {
        let env = one_browser(harness, Config::default(), Hosting::Fixtures).await;
        // The page opens alerts after its last observation; nobody observes them.
        let chatty = env
            .create_episode(at(harness.url("index.html")))
            .await
            .unwrap();
        chatty
            .browser()
            .await
            .unwrap()
            .execute("alert('left behind'); alert('left behind');", Vec::new())
            .await
            .unwrap();
        chatty.close().await.unwrap();
        let next = env
            .create_episode(at(harness.url("index.html")))
            .await
            .unwrap();
        let summary = next.summary().await;
        assert!(summary.start.warm_start, "the one browser came back");
        let first = summary.observation.unwrap();
        assert!(first.dialogs.is_empty(), "{:?}", first.dialogs);
        next.close().await.unwrap();
        env.shutdown().await;
    });
}

#[test]
fn an_alert_storm_blocks_no_step() {
    run(|harness| async move {
        let episode = harness.open("hostile/alert_storm.html").await;
        for action in ["scroll [down]", "scroll [up]"] {
            let outcome = step_outcome(&episode, action).await;
            assert!(outcome.error.is_none(), "{action}: {:?}", outcome.error);
        }
        // The storm goes on: an observation within a few seconds reports it (each reports
        // only the dialogs since the one before, so one taken within 100 ms may have none).
        let waited = Instant::now();
        let observed = loop {
            let observed = episode.observe(None).await.unwrap().observation.unwrap();
            if !observed.dialogs.is_empty() || waited.elapsed() > Duration::from_secs(10) {
                break observed;
            }
        };
        assert!(
            !observed.dialogs.is_empty(),
            "the storm is reported within {:?}",
            waited.elapsed()
        );
        assert!(observed.dialogs.len() <= agora::browser::MAX_DIALOGS);
        assert!(
            observed
                .dialogs
                .iter()
                .all(|dialog| dialog.message == "again")
        );
        let outcome = click(&episode, "#next").await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        assert_eq!(observation(&episode).await.title, "Other page");
        episode.close().await.unwrap();
    });
}

#[test]
fn confirm_and_prompt_are_dismissed_and_reported() {
    run(|harness| async move {
        let episode = harness.open("hostile/questions.html").await;
        let outcome = click(&episode, "#ask").await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        let observed = observation(&episode).await;
        let kinds: Vec<_> = observed.dialogs.iter().map(|d| d.kind.as_str()).collect();
        assert_eq!(kinds, ["confirm", "prompt"], "{:?}", observed.dialogs);
        assert_eq!(observed.dialogs[0].message, "Sure?");
        let answers =
            crate::support::js(&episode, "document.getElementById('answers').textContent").await;
        assert_eq!(answers, "confirm=false prompt=null");
        episode.close().await.unwrap();
    });
}

#[test]
fn beforeunload_never_keeps_the_agent_on_a_page() {
    run(|harness| async move {
        let episode = harness.open("hostile/leave_trap.html").await;
        // Typing gives the page the user activation a beforeunload prompt needs.
        let field = som_id(&episode, "#name").await;
        crate::support::step_ok(&episode, &format!("type [{field}] [stay here] [0]")).await;
        let other = harness.url("other.html");
        let outcome = step_outcome(&episode, &format!("goto [{other}]")).await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        let observed = observation(&episode).await;
        assert_eq!(observed.title, "Other page");
        episode.close().await.unwrap();
    });
}

#[test]
fn an_alert_inside_a_scored_interaction_costs_the_evaluation_nothing() {
    run(|harness| async move {
        let target = webui::targets::TARGETS
            .iter()
            .find(|target| !target.manifest().unwrap().interactions.is_empty())
            .expect("a target with interactions");
        let episode = crate::webui::episode(harness, target).await;
        let timed = |episode: EpisodeHandle| async move {
            let started = Instant::now();
            let evaluation = episode.evaluate(None).await.unwrap();
            (evaluation.score().unwrap(), started.elapsed())
        };
        crate::webui::put(&episode, [target.html, target.css, target.javascript]).await;
        let (plain, plain_took) = timed(episode.clone()).await;
        // Every kind of input the interactions use now raises an alert first.
        let alerting = format!(
            "{}\n;['click', 'mouseover', 'keydown', 'input', 'change', 'focus', 'scroll']\
             .forEach((kind) => window.addEventListener(kind, () => alert('interrupted by ' + kind), true));",
            target.javascript
        );
        crate::webui::put(&episode, [target.html, target.css, &alerting]).await;
        let (alerted, alerted_took) = timed(episode.clone()).await;
        assert!(
            (plain - 1.0).abs() < 1e-6,
            "the target scores itself 1: {plain}"
        );
        assert!((alerted - plain).abs() < 1e-6, "{alerted} vs {plain}");
        assert!(
            alerted_took < plain_took * 2 + Duration::from_secs(3),
            "with alerts {alerted_took:?}, without {plain_took:?}"
        );
        episode.close().await.unwrap();
    });
}

/// `POST /episodes` at `start_url`: its status, `Retry-After` and body.
async fn create(base: &str, start_url: &str) -> (u16, Option<String>, Value) {
    let response = reqwest::Client::new()
        .post(format!("{base}/episodes"))
        .json(&json!({ "start_url": start_url }))
        .send()
        .await
        .unwrap();
    let status = response.status().as_u16();
    let retry_after = response
        .headers()
        .get("retry-after")
        .map(|value| value.to_str().unwrap().to_owned());
    (status, retry_after, response.json().await.unwrap())
}

#[test]
fn capacity_refusals_are_immediate_with_retry_after_and_health_says_so() {
    run(|harness| async move {
        // The episode cap defaults to the browser ceiling, so it is reachable.
        let config = Config {
            trajectory_dir: None,
            pool_size: 1,
            max_browsers: 1,
            prepare: 0,
            ..Config::default()
        };
        let env = own_environment(harness, config).await;
        assert_eq!(env.config().episode_cap(), 1);
        let base = serve_api(env.clone(), None).await;
        assert!(env.pool().wait_warm(Duration::from_secs(60)).await);
        let page = harness.url("index.html");
        let (status, _, first) = create(&base, &page).await;
        assert_eq!(status, 201, "{first}");
        let started = Instant::now();
        let (status, retry_after, refused) = create(&base, &page).await;
        assert!(
            started.elapsed() < Duration::from_secs(2),
            "{:?}",
            started.elapsed()
        );
        assert_eq!(status, 429, "{refused}");
        assert_eq!(refused["error"], "too_many_episodes");
        assert!(retry_after.is_some_and(|seconds| seconds.parse::<u64>().is_ok()));
        let health: Value = reqwest::get(format!("{base}/health"))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(health["exhausted"], true, "{health}");
        assert_eq!(health["status"], "exhausted", "{health}");
        assert_eq!(
            (health["browsers"].as_u64(), health["max_browsers"].as_u64()),
            (Some(1), Some(1))
        );
        env.shutdown().await;

        // With more episodes allowed than browsers, a start that finds no browser within
        // the configured wait is refused with 503, not a 502 a minute later.
        let config = Config {
            trajectory_dir: None,
            pool_size: 1,
            max_browsers: 1,
            max_episodes: Some(2),
            pool_wait_s: 1,
            prepare: 0,
            ..Config::default()
        };
        let env = own_environment(harness, config).await;
        let base = serve_api(env.clone(), None).await;
        assert!(env.pool().wait_warm(Duration::from_secs(60)).await);
        let (status, _, first) = create(&base, &page).await;
        assert_eq!(status, 201, "{first}");
        let started = Instant::now();
        let (status, retry_after, refused) = create(&base, &page).await;
        let waited = started.elapsed();
        assert_eq!(status, 503, "{refused}");
        assert_eq!(refused["error"], "no_browser_free");
        assert!(
            refused["message"]
                .as_str()
                .unwrap()
                .contains("--max-browsers")
        );
        assert!(retry_after.is_some());
        assert!(waited < Duration::from_secs(4), "{waited:?}");
        env.shutdown().await;
    });
}

#[test]
fn a_task_in_the_shared_tenant_is_refused_with_a_message() {
    run(|harness| async move {
        let base = serve_api(harness.env.clone(), None).await;
        let response = reqwest::Client::new()
            .post(format!("{base}/episodes"))
            .json(&json!({
                "task": {"sites": ["classifieds"], "task_id": 1, "require_login": false,
                         "start_url": "__CLASSIFIEDS__/", "intent": "look around",
                         "eval": crate::support::no_eval()},
                "tenant": "shared"
            }))
            .send()
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 400);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["error"], "bad_request");
        assert!(
            body["message"].as_str().unwrap().contains("start_url"),
            "{body}"
        );
    });
}

#[test]
fn browsers_run_sandboxed_as_an_unprivileged_user() {
    run(|harness| async move {
        let episode = harness.open("index.html").await;
        let pid = episode
            .browser()
            .await
            .unwrap()
            .browser_pid()
            .expect("a local browser");
        let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap();
        let uid: u32 = status
            .lines()
            .find_map(|line| line.strip_prefix("Uid:"))
            .and_then(|ids| ids.split_whitespace().next())
            .and_then(|uid| uid.parse().ok())
            .unwrap();
        assert_ne!(
            uid, 0,
            "the browser runs as root (./dev up creates agora-browser)"
        );
        let cmdline = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap();
        assert!(
            !cmdline
                .split(|byte| *byte == 0)
                .any(|arg| arg == b"--no-sandbox"),
            "the browser runs without its sandbox"
        );
        episode.close().await.unwrap();
    });
}

#[test]
fn every_error_has_the_json_shape_an_overlong_uri_included() {
    run(|harness| async move {
        use tokio::io::{AsyncReadExt, AsyncWriteExt};
        let base = serve_api(harness.env.clone(), None).await;
        // Too long for an HTTP client library to send: written by hand.
        let address = base.trim_start_matches("http://");
        let mut socket = tokio::net::TcpStream::connect(address).await.unwrap();
        let id = "e".repeat(100_000);
        let request = format!("GET /episodes/{id} HTTP/1.1\r\nhost: {address}\r\n\r\n");
        socket.write_all(request.as_bytes()).await.unwrap();
        let mut answer = String::new();
        socket.read_to_string(&mut answer).await.unwrap();
        let (head, body) = answer.split_once("\r\n\r\n").unwrap();
        assert!(head.starts_with("HTTP/1.1 414"), "{head}");
        let body: Value =
            serde_json::from_str(body).unwrap_or_else(|error| panic!("{error}: {body}"));
        assert_eq!(body["error"], "uri_too_long", "{body}");
        assert!(
            body["message"].as_str().unwrap().contains("64 KiB"),
            "{body}"
        );
        // A long one the API reads answers in the same shape, and the server goes on.
        let response = reqwest::get(format!("{base}/episodes/{}", "e".repeat(10_000)))
            .await
            .unwrap();
        assert_eq!(response.status().as_u16(), 404);
        let body: Value = response.json().await.unwrap();
        assert_eq!(body["error"], "unknown_episode", "{body}");
    });
}
