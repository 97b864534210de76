//! The HTTP API over real browsers, the fence around the agent's browser, and recovery.

use crate::support::step_outcome;
use crate::support::{Hosting, js, observation, own_environment, own_environment_hosting, run};
use agora::config::Config;
use agora::env::Environment;
use agora::fence::AllowList;
use serde_json::{Value, json};
use std::sync::Arc;
use std::time::Duration;

pub(crate) async fn serve_api(env: Environment, token: Option<String>) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let listener = agora::api::ShapedListener::new(listener);
    tokio::spawn(async move { axum::serve(listener, agora::api::router(env, token)).await });
    base
}

#[test]
fn episodes_are_created_stepped_observed_and_closed_over_http() {
    run(|harness| async move {
        let base = serve_api(harness.env.clone(), None).await;
        let http = reqwest::Client::new();
        let created = http
            .post(format!("{base}/episodes"))
            .json(&json!({ "start_url": harness.url("actions.html"), "observe": { "format": "jpeg" } }))
            .send()
            .await
            .unwrap();
        assert_eq!(created.status(), 201);
        let created: Value = created.json().await.unwrap();
        let id = created["episode_id"].as_str().unwrap().to_owned();
        let observation = &created["observation"];
        assert!(
            observation["som_text"]
                .as_str()
                .unwrap()
                .contains("[BUTTON] [Click me]")
        );
        assert_eq!(observation["screenshot_mime"], "image/jpeg");
        assert!(observation["screenshot"].as_str().unwrap().len() > 1000);
        let button = observation["elements"]
            .as_array()
            .unwrap()
            .iter()
            .find(|e| e["name"] == "Click me")
            .unwrap()["id"]
            .clone();

        let stepped: Value = http
            .post(format!("{base}/episodes/{id}/step"))
            .json(&json!({ "action": format!("Let me click it.\n```click [{button}]```") }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(stepped["action"], format!("click [{button}]"));
        assert!(stepped["error"].is_null(), "{stepped}");
        assert!(
            stepped["observation"]["som_text"]
                .as_str()
                .unwrap()
                .contains("clicked 1")
        );
        assert!(stepped["settle"]["waited_ms"].is_u64());

        let by_json: Value = http
            .post(format!("{base}/episodes/{id}/step"))
            .json(&json!({ "action": { "action": "click", "id": 99999 } }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(by_json["error"]["error"], "unknown_element");
        assert!(
            by_json["error"]["message"]
                .as_str()
                .unwrap()
                .contains("use one of the ids")
        );
        assert_eq!(by_json["done"], false);

        let png = http
            .get(format!("{base}/episodes/{id}/screenshot?kind=clean"))
            .send()
            .await
            .unwrap();
        assert_eq!(png.headers()["content-type"], "image/jpeg");
        let image = image::load_from_memory(&png.bytes().await.unwrap()).unwrap();
        assert_eq!((image.width(), image.height()), (1280, 2048));

        let observed: Value = http
            .post(format!("{base}/episodes/{id}/observe"))
            .json(&json!({ "screenshot": "none", "axtree": true }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert!(
            observed["axtree"]
                .as_str()
                .unwrap()
                .contains("button 'Click me'")
        );
        assert!(observed["screenshot"].is_null());

        let summary: Value = http
            .get(format!("{base}/episodes/{id}"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(summary["trajectory"].as_array().unwrap().len(), 2);

        let openapi: Value = http
            .get(format!("{base}/openapi.json"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert!(openapi["paths"]["/episodes/{id}/step"]["post"].is_object());

        assert_eq!(
            http.delete(format!("{base}/episodes/{id}"))
                .send()
                .await
                .unwrap()
                .status(),
            204
        );
        let gone = http
            .get(format!("{base}/episodes/{id}"))
            .send()
            .await
            .unwrap();
        assert_eq!(gone.status(), 404);
        let body: Value = gone.json().await.unwrap();
        assert_eq!(body["error"], "unknown_episode");
        assert!(
            body["message"]
                .as_str()
                .unwrap()
                .contains("create a new one")
        );

        let bad = http
            .post(format!("{base}/episodes"))
            .json(&json!({ "start_url": "file:///etc/passwd" }))
            .send()
            .await
            .unwrap();
        assert_eq!(bad.status(), 400);
        assert_eq!(
            bad.json::<Value>().await.unwrap()["error"],
            "start_url_refused"
        );
    });
}

#[test]
fn tokens_are_enforced_and_browsers_are_refused() {
    run(|harness| async move {
        let base = serve_api(harness.env.clone(), Some("s3cret".into())).await;
        let http = reqwest::Client::new();
        let denied = http.get(format!("{base}/health")).send().await.unwrap();
        assert_eq!(denied.status(), 401);
        assert_eq!(
            denied.json::<Value>().await.unwrap()["error"],
            "unauthorized"
        );
        let allowed = http
            .get(format!("{base}/health"))
            .bearer_auth("s3cret")
            .send()
            .await
            .unwrap();
        assert_eq!(allowed.status(), 200);
        let health: Value = allowed.json().await.unwrap();
        assert_eq!(health["clock"], "2025-11-01T00:00:00+00:00", "{health}");
        let from_browser = http
            .get(format!("{base}/health"))
            .bearer_auth("s3cret")
            .header("Sec-Fetch-Site", "same-origin")
            .send()
            .await
            .unwrap();
        assert_eq!(from_browser.status(), 403);
        // MCP at /mcp lives under the same rules.
        let initialize = json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-03-26", "capabilities": {},
            "clientInfo": {"name": "test", "version": "1"}}});
        let mcp = |token: Option<&str>| {
            let request = http
                .post(format!("{base}/mcp"))
                .header("Accept", "application/json, text/event-stream")
                .json(&initialize);
            match token {
                Some(token) => request.bearer_auth(token),
                None => request,
            }
        };
        assert_eq!(mcp(None).send().await.unwrap().status(), 401);
        let from_browser = mcp(Some("s3cret"))
            .header("Origin", "http://127.0.0.1:9980")
            .send()
            .await
            .unwrap();
        assert_eq!(from_browser.status(), 403);
        let initialized = mcp(Some("s3cret")).send().await.unwrap();
        assert_eq!(initialized.status(), 200);
        let body = initialized.text().await.unwrap();
        assert!(body.contains("\"serverInfo\""), "{body}");
    });
}

#[test]
fn an_episode_cannot_reach_the_api() {
    run(|harness| async move {
        let base = serve_api(harness.env.clone(), None).await;
        let episode = harness.open("index.html").await;
        let id = episode.id().to_string();
        // The page's own scripts cannot read the API...
        let fetched = js(
            &episode,
            &format!("fetch('{base}/episodes').then((r) => r.text()).catch((e) => 'failed: ' + e)"),
        )
        .await;
        let fetched = fetched.as_str().unwrap_or_default().to_owned();
        assert!(
            !fetched.contains(&id),
            "the page read the episode list: {fetched}"
        );
        // ...and navigating there shows the fence's page, reported in the step result.
        let outcome = step_outcome(&episode, &format!("goto [{base}/episodes]")).await;
        assert!(outcome.error.is_none());
        let observation = crate::support::observation(&episode).await;
        assert_eq!(
            observation.blocked_url.as_deref(),
            Some(format!("{base}/episodes").as_str())
        );
        assert!(
            observation.som_text().contains("This page is blocked"),
            "{}",
            observation.som_text()
        );
        assert!(!observation.som_text().contains(&id));
        crate::support::close(&episode).await;
    });
}

/// Kills the Chromium of `episode` with SIGKILL.
async fn kill_browser(episode: &agora::env::EpisodeHandle) {
    let pid = episode
        .browser()
        .await
        .unwrap()
        .browser_pid()
        .expect("local browser pid");
    let killed = std::process::Command::new("kill")
        .args(["-KILL", &pid.to_string()])
        .status()
        .unwrap();
    assert!(killed.success(), "killed the episode's Chromium");
}

#[test]
fn a_killed_browser_fails_its_episode_and_the_next_episode_works() {
    run(|harness| async move {
        let episode = harness.open("actions.html").await;
        kill_browser(&episode).await;
        let outcome = step_outcome(&episode, "scroll [down]").await;
        let error = outcome.error.expect("the step fails");
        assert_eq!(error.code(), "browser_lost", "{error}");
        assert!(outcome.done, "the episode cannot go on");
        assert!(episode.summary().await.lost.is_some());
        crate::support::close(&episode).await;

        let next = harness.open("actions.html").await;
        let outcome = step_outcome(&next, "scroll [down]").await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        crate::support::close(&next).await;
    });
}

#[test]
fn an_observation_of_a_killed_browser_says_the_browser_is_lost() {
    run(|harness| async move {
        let episode = harness.open("actions.html").await;
        // The first observation opened the direct DevTools link; the kill cuts it.
        kill_browser(&episode).await;
        let error = episode
            .observe(Some(agora::observe::ObserveOptions::default()))
            .await
            .expect_err("nothing to observe");
        assert!(
            matches!(&error, agora::env::EnvError::Action(action) if action.code() == "browser_lost"),
            "{error}"
        );
        crate::support::close(&episode).await;
    });
}

#[test]
fn a_crashed_renderer_ends_its_episode_as_browser_lost_and_the_next_episode_works() {
    run(|harness| async move {
        let episode = harness.open("actions.html").await;
        let browser = episode.browser().await.unwrap().processes();
        let mut killed = 0;
        for pid in browser {
            let Ok(cmdline) = std::fs::read(format!("/proc/{pid}/cmdline")) else {
                continue;
            };
            // Chromium rewrites its children's command lines into one space-separated string.
            let cmdline = String::from_utf8_lossy(&cmdline).replace('\0', " ");
            let page_renderer =
                cmdline.contains("--type=renderer") && !cmdline.contains("--top-chrome-webui");
            if page_renderer {
                let status = std::process::Command::new("kill")
                    .args(["-KILL", &pid.to_string()])
                    .status()
                    .unwrap();
                killed += usize::from(status.success());
            }
        }
        assert!(killed > 0, "killed the tab's renderer");
        let outcome = step_outcome(&episode, "scroll [down]").await;
        let error = outcome.error.expect("the step fails");
        assert_eq!(error.code(), "browser_lost", "{error}");
        assert!(
            outcome.done,
            "the episode ends instead of failing every call"
        );
        let again = step_outcome(&episode, "goto [about:blank]").await;
        assert_eq!(again.error.expect("still lost").code(), "browser_lost");
        crate::support::close(&episode).await;

        let next = harness.open("actions.html").await;
        let outcome = step_outcome(&next, "scroll [down]").await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        crate::support::close(&next).await;
    });
}

#[test]
fn idle_episodes_are_closed_and_their_browsers_return() {
    run(|harness| async move {
        let config = Config {
            trajectory_dir: None,
            idle_timeout_s: 1,
            pool_size: 1,
            ..Config::default()
        };
        let env = own_environment(harness, config).await;
        let spec = agora::env::EpisodeSpec {
            start_urls: vec![harness.url("index.html")],
            ..Default::default()
        };
        env.create_episode(spec).await.unwrap();
        assert_eq!(env.episode_ids().await.len(), 1);
        let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
        let mut ticks = tokio::time::interval(Duration::from_millis(50));
        while !env.episode_ids().await.is_empty() {
            assert!(
                tokio::time::Instant::now() < deadline,
                "the idle episode was not reaped"
            );
            ticks.tick().await;
        }
        assert!(
            env.pool().wait_warm(Duration::from_secs(10)).await,
            "its browser went back to the pool"
        );
        env.shutdown().await;
    });
}

#[test]
fn a_dead_chromedriver_is_restarted_and_the_episode_says_so() {
    run(|harness| async move {
        let config = Config {
            trajectory_dir: None,
            pool_size: 1,
            ..Config::default()
        };
        let env = own_environment(harness, config).await;
        let spec = agora::env::EpisodeSpec {
            start_urls: vec![harness.url("actions.html")],
            ..Default::default()
        };
        let episode = env.create_episode(spec.clone()).await.unwrap();
        let driver = env.driver_pid().expect("local chromedriver");
        let killed = std::process::Command::new("kill")
            .args(["-KILL", &driver.to_string()])
            .status()
            .unwrap();
        assert!(killed.success());
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        let mut ticks = tokio::time::interval(Duration::from_millis(20));
        while env.driver_pid() == Some(driver) {
            assert!(
                tokio::time::Instant::now() < deadline,
                "chromedriver was not restarted"
            );
            ticks.tick().await;
        }
        // The dead chromedriver's browsers (its process group) are ended on the restart.
        let in_old_group = || {
            std::fs::read_dir("/proc")
                .unwrap()
                .flatten()
                .filter(|entry| {
                    std::fs::read_to_string(entry.path().join("stat")).is_ok_and(|stat| {
                        let fields: Vec<&str> = stat
                            .rsplit_once(')')
                            .map(|(_, rest)| rest.split_whitespace().collect())
                            .unwrap_or_default();
                        // state, ppid, pgrp: zombies are gone in every way that matters.
                        fields.first() != Some(&"Z")
                            && fields.get(2) == Some(&driver.to_string().as_str())
                    })
                })
                .count()
        };
        // SIGKILL takes effect asynchronously: the group must be empty within a few seconds.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(5);
        while in_old_group() > 0 {
            assert!(
                tokio::time::Instant::now() < deadline,
                "{} process(es) of the dead chromedriver's group are left",
                in_old_group()
            );
            ticks.tick().await;
        }
        let outcome = episode.step("scroll [down]").await.outcome;
        let error = outcome.error.expect("the step fails");
        assert_eq!(error.code(), "browser_lost");
        assert!(
            error
                .to_string()
                .contains("chromedriver crashed and was restarted"),
            "{error}"
        );
        let next = env
            .create_episode(spec)
            .await
            .expect("a new episode works after the restart");
        let outcome = next.step("scroll [down]").await.outcome;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        env.shutdown().await;
    });
}

#[test]
fn a_pool_of_n_serves_n_parallel_episodes_warm_and_warms_up_again() {
    run(|harness| async move {
        let config = Config {
            trajectory_dir: None,
            pool_size: 3,
            ..Config::default()
        };
        let env = own_environment(harness, config).await;
        assert!(env.pool().wait_warm(Duration::from_secs(60)).await);
        let spec = agora::env::EpisodeSpec {
            start_urls: vec![harness.url("actions.html")],
            ..Default::default()
        };
        let episodes =
            futures::future::join_all((0..3).map(|_| env.create_episode(spec.clone()))).await;
        for episode in &episodes {
            let start = episode.as_ref().unwrap().summary().await.start;
            assert!(start.warm_start, "every parallel episode starts warm");
            assert!(
                start.pool_wait < Duration::from_millis(100),
                "{:?}",
                start.pool_wait
            );
        }
        assert!(
            env.pool().wait_warm(Duration::from_secs(60)).await,
            "the pool warms up again while the episodes run"
        );
        env.shutdown().await;
    });
}

#[test]
fn episodes_that_follow_each_other_reuse_the_browsers_given_back() {
    run(|harness| async move {
        let config = Config {
            trajectory_dir: None,
            pool_size: 1,
            // Starts opened ahead would take browsers of their own.
            prepare: 0,
            ..Config::default()
        };
        let env = own_environment(harness, config).await;
        assert!(env.pool().wait_warm(Duration::from_secs(60)).await);
        let spec = agora::env::EpisodeSpec {
            start_urls: vec![harness.url("actions.html")],
            ..Default::default()
        };
        // Two at a time, each pair closed and the next pair started at once (while the
        // returned browsers are still being wiped).
        for _ in 0..4 {
            let pair =
                futures::future::join_all((0..2).map(|_| env.create_episode(spec.clone()))).await;
            for episode in pair {
                episode.unwrap().close().await.unwrap();
            }
        }
        let started = env.pool().browsers_started();
        assert!(
            (2..=3).contains(&started),
            "8 episodes, at most 2 at once, started {started} browsers (the warm one, one for \
             the second of a pair, and at most the warm spare behind them)"
        );
        env.shutdown().await;
    });
}

#[test]
fn with_every_browser_busy_an_episode_waits_a_bounded_reported_time() {
    run(|harness| async move {
        let config = Config {
            trajectory_dir: None,
            pool_size: 1,
            max_browsers: 1,
            // Room for a second episode, so it waits for the one browser.
            max_episodes: Some(2),
            pool_wait_s: 3,
            ..Config::default()
        };
        let env = own_environment(harness, config).await;
        let spec = agora::env::EpisodeSpec {
            start_urls: vec![harness.url("actions.html")],
            ..Default::default()
        };
        assert!(env.pool().wait_warm(Duration::from_secs(60)).await);
        let first = env.create_episode(spec.clone()).await.unwrap();
        let refused = env.create_episode(spec.clone()).await.unwrap_err();
        assert!(
            refused.to_string().contains("--max-browsers"),
            "the refusal says how to get more browsers: {refused}"
        );
        let waiting = {
            let (env, spec) = (env.clone(), spec.clone());
            tokio::spawn(async move { env.create_episode(spec).await })
        };
        let mut waiting = std::pin::pin!(waiting);
        assert!(
            tokio::time::timeout(Duration::from_millis(300), &mut waiting)
                .await
                .is_err(),
            "the second episode waits for the busy browser"
        );
        first.close().await.unwrap();
        let second = waiting
            .await
            .unwrap()
            .expect("it gets the returned browser");
        let waited = second.summary().await.start.pool_wait;
        assert!(waited >= Duration::from_millis(300), "{waited:?}");
        env.shutdown().await;
    });
}

#[test]
fn a_returned_browser_is_wiped_before_the_next_episode() {
    run(|harness| async move {
        let config = Config {
            trajectory_dir: None,
            pool_size: 1,
            ..Config::default()
        };
        let env = own_environment(harness, config).await;
        assert!(env.pool().wait_warm(Duration::from_secs(20)).await);
        let spec = agora::env::EpisodeSpec {
            start_urls: vec![harness.url("actions.html")],
            ..Default::default()
        };
        let first = env.create_episode(spec.clone()).await.unwrap();
        assert!(
            first.summary().await.start.warm_start,
            "the first episode takes the warm session"
        );
        {
            let session = first.browser().await.unwrap();
            session
                .execute("document.cookie = 'secret=1; path=/'; localStorage.setItem('answer', '42'); return 1;", vec![])
                .await
                .unwrap();
        }
        first.step("new_tab").await;
        first.close().await.unwrap();
        assert!(
            env.pool().wait_warm(Duration::from_secs(20)).await,
            "the session came back"
        );
        let second = env.create_episode(spec).await.unwrap();
        assert!(second.summary().await.start.warm_start);
        let observation = observation(&second).await;
        assert_eq!(observation.tabs.len(), 1, "extra tabs are closed");
        let state = second
            .browser()
            .await
            .unwrap()
            .execute(
                "return [document.cookie, localStorage.getItem('answer')];",
                vec![],
            )
            .await
            .unwrap();
        assert_eq!(state, json!(["", null]), "cookies and storage are cleared");
        env.shutdown().await;
    });
}

#[test]
fn a_remote_webdriver_end_is_used_without_spawning_one() {
    run(|harness| async move {
        let port = std::net::TcpListener::bind("127.0.0.1:0")
            .unwrap()
            .local_addr()
            .unwrap()
            .port();
        let mut driver = crate::support::unprivileged("/usr/bin/chromedriver")
            .arg(format!("--port={port}"))
            .stdout(std::process::Stdio::null())
            .stderr(std::process::Stdio::null())
            .kill_on_drop(true)
            .spawn()
            .expect("chromedriver runs");
        let config = Config {
            trajectory_dir: None,
            pool_size: 0,
            webdriver_url: Some(format!("http://127.0.0.1:{port}")),
            ..Config::default()
        };
        let env = own_environment(harness, config).await;
        assert_eq!(env.driver_pid(), None, "nothing spawned");
        let spec = agora::env::EpisodeSpec {
            start_urls: vec![harness.url("actions.html")],
            ..Default::default()
        };
        // The remote end may still be starting: creating a session is retried on the condition.
        let deadline = tokio::time::Instant::now() + Duration::from_secs(20);
        let mut ticks = tokio::time::interval(Duration::from_millis(50));
        let episode = loop {
            match env.create_episode(spec.clone()).await {
                Ok(episode) => break episode,
                Err(error) if tokio::time::Instant::now() < deadline => {
                    tracing::debug!(%error, "remote end not ready");
                    ticks.tick().await;
                }
                Err(error) => panic!("remote end never worked: {error}"),
            }
        };
        assert!(
            !episode.summary().await.start.warm_start,
            "pool size 0 creates on demand"
        );
        assert!(observation(&episode).await.som_text().contains("Click me"));
        env.shutdown().await;
        driver.kill().await.unwrap();
    });
}

#[test]
fn missing_chromium_is_a_loud_error_with_the_install_command() {
    run(|_| async move {
        let config = Config {
            trajectory_dir: None,
            chromium: "/nonexistent/chromium".into(),
            ..Config::default()
        };
        let error = Environment::start(Arc::new(config), AllowList::default())
            .await
            .unwrap_err()
            .to_string();
        assert!(
            error.contains("apt-get install -y chromium-headless-shell chromium-driver"),
            "{error}"
        );
    });
}

#[test]
fn trajectories_are_saved_with_a_screenshot_per_step() {
    run(|harness| async move {
        let episode = harness.open("actions.html").await;
        let counter = crate::support::som_id(&episode, "#counter").await;
        step_outcome(&episode, &format!("click [{counter}]")).await;
        // An observation between steps is the one the next step acted on.
        episode.observe(None).await.unwrap();
        step_outcome(&episode, "click [99999]").await;
        step_outcome(&episode, "stop [done]").await;
        let id = episode.id().clone();
        crate::support::close(&episode).await;
        let folder = harness
            .env
            .config()
            .trajectory_dir
            .clone()
            .unwrap()
            .join(id.0);
        let file: Value =
            serde_json::from_slice(&std::fs::read(folder.join("trajectory.json")).unwrap())
                .unwrap();
        assert_eq!(file["answer"], "done");
        let steps = file["steps"].as_array().unwrap();
        assert_eq!(steps.len(), 3);
        assert_eq!(file["format_version"], 1);
        assert_eq!(steps[0]["action"], format!("click [{counter}]"));
        assert_eq!(steps[0]["reply"], format!("click [{counter}]"));
        assert_eq!(steps[0]["target"], counter.0);
        assert!(steps[0]["timings"]["step_ms"].is_u64());
        assert!(
            steps[0]["observation"]["som_text"]
                .as_str()
                .unwrap()
                .contains("[Click me]")
        );
        assert_eq!(steps[1]["error"]["error"], "unknown_element");
        assert!(
            steps[0].get("acted_on").is_none(),
            "step 1 acted on the start"
        );
        assert_eq!(
            steps[1]["acted_on"]["screenshot"], "observation_002.png",
            "step 2 acted on the observation taken in between"
        );

        assert!(
            steps[1]["error"]["message"]
                .as_str()
                .unwrap()
                .contains("99999")
        );
        // Each step was appended to steps.jsonl as it happened, in the same format.
        let lines = std::fs::read_to_string(folder.join("steps.jsonl")).unwrap();
        let appended: Vec<Value> = lines
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(appended.len(), 3);
        assert_eq!(appended[1], steps[1]);
        agora::trajectory::read_folder(&folder).expect("the folder reads back");
        let start = file["start"]["screenshot"].as_str().unwrap();
        let after_click = steps[0]["observation"]["screenshot"].as_str().unwrap();
        for name in [start, after_click] {
            let bytes = std::fs::read(folder.join(name)).unwrap();
            assert!(
                image::load_from_memory(&bytes).is_ok(),
                "{name} is an image"
            );
        }
    });
}

#[test]
fn every_error_answers_in_the_json_shape_with_what_to_fix() {
    run(|harness| async move {
        let base = serve_api(harness.env.clone(), None).await;
        let http = reqwest::Client::new();
        let shape = |response: reqwest::Response| async move {
            let status = response.status().as_u16();
            let body: Value = response.json().await.expect("a JSON error body");
            let code = body["error"].as_str().expect("an error code").to_owned();
            let message = body["message"].as_str().expect("a message").to_owned();
            (status, code, message)
        };
        let post = |path: &str, body: &'static str| {
            http.post(format!("{base}{path}"))
                .header("content-type", "application/json")
                .body(body)
                .send()
        };
        let (status, code, message) =
            shape(post("/episodes", "{\"start_url\": ").await.unwrap()).await;
        assert_eq!((status, code.as_str()), (400, "bad_json"), "{message}");
        assert!(message.contains("openapi.json"), "{message}");
        let (status, code, message) =
            shape(post("/episodes", "{\"start_url\": 7}").await.unwrap()).await;
        assert_eq!((status, code.as_str()), (422, "bad_json"));
        assert!(message.contains("start_url"), "{message}");
        let no_type = http
            .post(format!("{base}/episodes"))
            .body("{}")
            .send()
            .await
            .unwrap();
        assert_eq!(shape(no_type).await.1, "unsupported_media_type");
        let huge = format!("{{\"start_url\": \"{}\"}}", "a".repeat(3 << 20));
        let too_large = http
            .post(format!("{base}/episodes"))
            .header("content-type", "application/json")
            .body(huge)
            .send()
            .await
            .unwrap();
        assert_eq!(shape(too_large).await.1, "payload_too_large");
        // Step bodies over the API's cap are answered, not cut off mid-send (the server reads
        // them away first), and a locate body that is not JSON.
        for size in [1_100_000, 12 << 20] {
            let big_step = format!("{{\"action\": \"type [1] [{}]\"}}", "a".repeat(size));
            let (status, code, message) = shape(
                http.post(format!("{base}/episodes/x/step"))
                    .header("content-type", "application/json")
                    .body(big_step)
                    .send()
                    .await
                    .unwrap(),
            )
            .await;
            assert_eq!((status, code.as_str()), (413, "payload_too_large"));
            assert!(message.contains("1024 KiB"), "{message}");
        }
        let (status, code, _) =
            shape(post("/episodes/x/locate", "{\"css\": ").await.unwrap()).await;
        assert_eq!((status, code.as_str()), (400, "bad_json"));
        let (status, code, _) = shape(
            http.post(format!("{base}/episodes/x/locate"))
                .body("{\"css\": \"a\"}")
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!((status, code.as_str()), (415, "unsupported_media_type"));
        let cases = [
            (http.get(format!("{base}/nowhere")), 404, "not_found"),
            (
                http.put(format!("{base}/episodes")),
                405,
                "method_not_allowed",
            ),
            (
                http.delete(format!("{base}/health")),
                405,
                "method_not_allowed",
            ),
            (
                http.get(format!("{base}/episodes/x/step")),
                405,
                "method_not_allowed",
            ),
            (
                http.get(format!("{base}/episodes/x/input_images/first")),
                400,
                "bad_path",
            ),
            (
                http.post(format!("{base}/episodes"))
                    .json(&json!({"task_id": "classifieds/nope"})),
                404,
                "unknown_task",
            ),
            (
                http.post(format!("{base}/episodes"))
                    .json(&json!({"task": {"task_id": "seven", "eval": 3}})),
                422,
                "invalid_task",
            ),
        ];
        for (request, status, code) in cases {
            let (got_status, got_code, message) = shape(request.send().await.unwrap()).await;
            assert_eq!((got_status, got_code.as_str()), (status, code), "{message}");
        }
        // An episode that runs no task cannot be evaluated: the caller's fault, not a 5xx.
        let episode = harness.open("index.html").await;
        let id = episode.id().to_string();
        let (status, code, _) = shape(
            http.post(format!("{base}/episodes/{id}/evaluate"))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!((status, code.as_str()), (409, "not_a_task_episode"));
        crate::support::close(&episode).await;
    });
}

#[test]
fn the_task_list_survives_a_broken_file_and_reloads() {
    run(|harness| async move {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("classifieds");
        std::fs::create_dir_all(&site).unwrap();
        let task = |id: u32| {
            json!({"sites": ["classifieds"], "task_id": id, "require_login": false,
                   "start_url": "__CLASSIFIEDS__/", "intent": format!("Task {id}"),
                   "eval": {"eval_types": ["string_match"], "reference_answers": {"exact_match": "x"}}})
            .to_string()
        };
        std::fs::write(site.join("1.json"), task(1)).unwrap();
        std::fs::write(site.join("2.json"), "{ broken").unwrap();
        let config = Config {
            trajectory_dir: None,
            task_dirs: vec![dir.path().to_owned()],
            pool_size: 0,
            ..Config::default()
        };
        let env = own_environment_hosting(harness, config, Hosting::Sites).await;
        let base = serve_api(env.clone(), None).await;
        let list: Value = reqwest::get(format!("{base}/tasks"))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(list["tasks"].as_array().unwrap().len(), 1);
        assert_eq!(list["tasks"][0]["task_id"], "classifieds/1");
        assert_eq!(list["tasks"][0]["intent"], "Task 1");
        assert!(list["tasks"][0].get("eval").is_none(), "answers leak");
        assert!(
            list["broken"][0]["path"]
                .as_str()
                .unwrap()
                .ends_with("2.json")
        );
        assert!(
            list["broken"][0]["message"]
                .as_str()
                .unwrap()
                .contains("not valid JSON")
        );
        std::fs::write(site.join("2.json"), task(2)).unwrap();
        let reloaded: Value = reqwest::Client::new()
            .post(format!("{base}/tasks/reload"))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(reloaded["tasks"].as_array().unwrap().len(), 2);
        assert!(reloaded["broken"].as_array().unwrap().is_empty());
        env.shutdown().await;
    });
}

#[test]
fn no_server_file_is_reachable_through_a_task_or_an_evaluator() {
    run(|harness| async move {
        let base = serve_api(harness.env.clone(), None).await;
        let http = reqwest::Client::new();
        let start = harness.url("index.html");
        let running = || async {
            let list: Vec<String> = http
                .get(format!("{base}/episodes"))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            list.len()
        };
        let before = running().await;
        // Input images of an inline task: never a server file, absolute or relative.
        for (image, says) in [
            ("/proc/self/environ", "absolute path"),
            ("../../../../etc/passwd", "`..`"),
            ("Cargo.toml", "inline task has no folder"),
        ] {
            let task = json!({"task_id": 9, "start_url": start, "intent": "look", "image": image,
                "eval": {"eval_types": ["string_match"], "reference_answers": {"exact_match": "x"}}});
            let response = http
                .post(format!("{base}/episodes"))
                .json(&json!({ "task": task }))
                .send()
                .await
                .unwrap();
            assert_eq!(response.status().as_u16(), 422, "{image}");
            let body: Value = response.json().await.unwrap();
            assert_eq!(body["error"], "invalid_task", "{body}");
            let message = body["message"].as_str().unwrap();
            assert!(
                message.contains("image[0]") && message.contains(says),
                "{message}"
            );
        }
        assert_eq!(running().await, before, "no episode was started");

        // Evaluator navigations, `func:` URL helpers included, are fenced like the agent: an
        // evaluation error, no score, no file text, and the browser stays where it was.
        for target in [
            "file:///etc/passwd".to_owned(),
            "data:text/html,<p>hello</p>".to_owned(),
            "javascript:document.write(1)".to_owned(),
            format!("{base}/health"),
            "func:reddit_get_post_url('file:///etc/passwd')".to_owned(),
        ] {
            for evaluator in ["program_html", "page_image_query"] {
                let eval = if evaluator == "program_html" {
                    json!({"eval_types": ["program_html"], "program_html": [{"url": target,
                        "locator": "", "required_contents": {"must_include": ["root"]}}]})
                } else {
                    json!({"eval_types": ["page_image_query"], "page_image_query": [
                        {"eval_image_url": target, "eval_vqa": [{"question": "q", "answer": "a"}]}]})
                };
                let task =
                    json!({"task_id": 10, "start_url": start, "intent": "look", "eval": eval});
                let created: Value = http
                    .post(format!("{base}/episodes"))
                    .json(&json!({ "task": task }))
                    .send()
                    .await
                    .unwrap()
                    .json()
                    .await
                    .unwrap();
                let id = created["episode_id"].as_str().expect("started").to_owned();
                let response = http
                    .post(format!("{base}/episodes/{id}/evaluate"))
                    .send()
                    .await
                    .unwrap();
                assert_eq!(response.status().as_u16(), 422, "{evaluator} {target}");
                let text = response.text().await.unwrap();
                let body: Value = serde_json::from_str(&text).unwrap();
                assert_eq!(body["error"], "evaluator_url_refused", "{text}");
                assert!(body.get("score").is_none(), "{text}");
                assert!(
                    !text.contains("root:x:0:0") && !text.contains("\"warm_sessions\""),
                    "{text}"
                );
                let summary: Value = http
                    .get(format!("{base}/episodes/{id}"))
                    .send()
                    .await
                    .unwrap()
                    .json()
                    .await
                    .unwrap();
                assert_eq!(summary["url"], start.as_str());
                let episode = harness
                    .env
                    .episode(&agora::env::EpisodeId(id.clone()))
                    .await
                    .unwrap();
                assert_eq!(js(&episode, "location.href").await, start.as_str());
                http.delete(format!("{base}/episodes/{id}"))
                    .send()
                    .await
                    .unwrap();
            }
        }

        // An allowed page image that is too large is skipped (as an unreadable one is), not
        // downloaded: the same picture under the cap would be found and compared.
        let eval = json!({"eval_types": ["page_image_query"], "page_image_query": [
            {"eval_image_url": harness.url("huge-image.html"),
             "eval_vqa": [{"question": "q", "answer": "a"}]}]});
        let task = json!({"task_id": 11, "start_url": start, "intent": "look", "eval": eval});
        let created: Value = http
            .post(format!("{base}/episodes"))
            .json(&json!({ "task": task }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let id = created["episode_id"].as_str().expect("started").to_owned();
        let text = http
            .post(format!("{base}/episodes/{id}/evaluate"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        let body: Value = serde_json::from_str(&text).unwrap();
        let found = &body["evaluation"]["evaluators"][0]["checks"][0];
        assert_eq!(found["kind"], "images_found", "{text}");
        assert_eq!(found["actual"], "0 loaded", "{text}");
    });
}

#[test]
fn episodes_tabs_and_typed_text_are_capped_with_the_flag_to_raise_each() {
    run(|harness| async move {
        let config = Config {
            trajectory_dir: None,
            pool_size: 1,
            max_episodes: Some(1),
            max_tabs: 2,
            max_type_chars: 50,
            ..Config::default()
        };
        let env = own_environment(harness, config).await;
        let base = serve_api(env.clone(), None).await;
        let http = reqwest::Client::new();
        let create = |urls: String| {
            http.post(format!("{base}/episodes"))
                .json(&json!({ "start_url": urls }))
                .send()
        };
        let first = create(harness.url("actions.html")).await.unwrap();
        assert_eq!(first.status().as_u16(), 201);
        let id = first.json::<Value>().await.unwrap()["episode_id"]
            .as_str()
            .unwrap()
            .to_owned();
        let second = create(harness.url("index.html")).await.unwrap();
        assert_eq!(second.status().as_u16(), 429);
        let body: Value = second.json().await.unwrap();
        assert_eq!(body["error"], "too_many_episodes");
        let message = body["message"].as_str().unwrap();
        assert!(
            message.contains("1 episodes") && message.contains("--max-episodes"),
            "{message}"
        );
        let step = |action: String| {
            let (http, base, id) = (http.clone(), base.clone(), id.clone());
            async move {
                let response: Value = http
                    .post(format!("{base}/episodes/{id}/step"))
                    .json(&json!({ "action": action }))
                    .send()
                    .await
                    .unwrap()
                    .json()
                    .await
                    .unwrap();
                response["error"].clone()
            }
        };
        assert_eq!(step("new_tab".into()).await, Value::Null);
        let refused = step("new_tab".into()).await;
        assert_eq!(refused["error"], "too_many_tabs", "{refused}");
        assert!(refused["message"].as_str().unwrap().contains("--max-tabs"));
        step("tab_focus [0]".into()).await;
        let name = env
            .episode(&agora::env::EpisodeId(id.clone()))
            .await
            .unwrap();
        let field = crate::support::som_id(&name, "#name").await;
        let refused = step(format!("type [{field}] [{}] [0]", "x".repeat(51))).await;
        assert_eq!(refused["error"], "text_too_long", "{refused}");
        let message = refused["message"].as_str().unwrap();
        assert!(
            message.contains("at most 50") && message.contains("--max-type-chars"),
            "{message}"
        );
        assert_eq!(
            js(&name, "document.getElementById('name').value").await,
            "prefilled"
        );
        // Closing the episode frees its place.
        http.delete(format!("{base}/episodes/{id}"))
            .send()
            .await
            .unwrap();
        let again = create(harness.url("index.html")).await.unwrap();
        assert_eq!(again.status().as_u16(), 201);
        env.shutdown().await;
    });
}

/// Every JSON request body the README prints: the `-d '…'` of its curl lines and the
/// backticked JSON forms of actions, with the route each goes to.
fn readme_bodies() -> Vec<(&'static str, String)> {
    let readme = include_str!("../../README.md");
    let mut bodies = Vec::new();
    let mut curl = "";
    for line in readme.lines() {
        if line.contains("curl ") {
            curl = line;
        }
        if let Some((_, rest)) = line.split_once("-d '") {
            let body = rest.split('\'').next().unwrap().to_owned();
            // The route is on this line or on the curl line it continues.
            let line = format!("{curl} {line}");
            let route = if line.contains("/step") {
                "step"
            } else if line.contains("/tenants/") && line.contains("/evaluate") {
                "tenant_evaluate"
            } else if line.contains("/tenants") {
                "tenants"
            } else if line.contains("/evaluate") {
                "evaluate"
            } else {
                "episodes"
            };
            bodies.push((route, body));
            continue;
        }
        for (index, piece) in line.split('`').enumerate() {
            let piece = piece.trim();
            // Response shapes (`{"error": …}`) are not bodies.
            let request = !piece.starts_with("{\"error\"");
            if index % 2 == 1 && request && piece.starts_with('{') && piece.ends_with('}') {
                let route = if piece.starts_with("{\"action\"") {
                    "step"
                } else {
                    "episodes"
                };
                bodies.push((route, piece.to_owned()));
            }
        }
    }
    bodies
}

#[test]
fn every_json_body_the_readme_prints_is_accepted_as_printed_and_typos_are_refused_by_name() {
    run(|harness| async move {
        let base = serve_api(harness.env.clone(), None).await;
        let http = reqwest::Client::new();
        let classifieds = harness.site("classifieds");
        let bodies = readme_bodies();
        assert!(bodies.len() >= 15, "{bodies:?}");
        let start = |http: reqwest::Client, base: String, classifieds: String| async move {
            let created: Value = http
                .post(format!("{base}/episodes"))
                .json(&json!({ "start_url": format!("{classifieds}/") }))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            created["episode_id"].as_str().unwrap().to_owned()
        };
        for (route, printed) in bodies {
            // The one change: the site's address in this test.
            let body = printed.replace("http://127.0.0.2:9980", &classifieds);
            let parsed: Value = serde_json::from_str(&body)
                .unwrap_or_else(|error| panic!("README body is not JSON: {printed}: {error}"));
            match route {
                "episodes" if parsed.get("task_id").is_some() => {
                    // No such task in this test's registry; the body must still parse.
                    let _: agora::api::CreateEpisode = serde_json::from_value(parsed).unwrap();
                }
                "episodes" => {
                    let response = http
                        .post(format!("{base}/episodes"))
                        .header("content-type", "application/json")
                        .body(body.clone())
                        .send()
                        .await
                        .unwrap();
                    assert_eq!(response.status(), 201, "{printed}");
                    let created: Value = response.json().await.unwrap();
                    let id = created["episode_id"].as_str().unwrap();
                    http.delete(format!("{base}/episodes/{id}"))
                        .send()
                        .await
                        .unwrap();
                }
                "evaluate" => {
                    let _: agora::api::EvaluateRequest = serde_json::from_value(parsed).unwrap();
                }
                "tenant_evaluate" => {
                    let _: agora::api::EvaluateTenant = serde_json::from_value(parsed).unwrap();
                }
                "tenants" => {
                    let _: agora::api::CreateTenant = serde_json::from_value(parsed).unwrap();
                }
                _ => {
                    let id = start(http.clone(), base.clone(), classifieds.clone()).await;
                    let response = http
                        .post(format!("{base}/episodes/{id}/step"))
                        .header("content-type", "application/json")
                        .body(body.clone())
                        .send()
                        .await
                        .unwrap();
                    assert_eq!(response.status(), 200, "{printed}");
                    let stepped: Value = response.json().await.unwrap();
                    assert!(
                        stepped["action"].is_string(),
                        "{printed}: {}",
                        stepped["error"]
                    );
                    let code = stepped["error"]["error"].as_str().unwrap_or("");
                    assert_ne!(code, "unparsable_action", "{printed}: {}", stepped["error"]);
                    if printed.contains("type [") || printed.contains("\"type\"") {
                        assert_eq!(
                            code, "",
                            "the README's type example types: {}",
                            stepped["error"]
                        );
                    }
                    http.delete(format!("{base}/episodes/{id}"))
                        .send()
                        .await
                        .unwrap();
                }
            }
        }
        // A misspelt field is refused with its name and the valid ones, on every route.
        let id = start(http.clone(), base.clone(), classifieds.clone()).await;
        let cases = [
            (
                "episodes",
                json!({ "start_ur": format!("{classifieds}/") }),
                "start_url",
            ),
            (
                "episodes",
                json!({ "start_url": format!("{classifieds}/"), "observe": { "screenshots": "both" } }),
                "screenshot",
            ),
            (
                "episodes",
                json!({ "start_url": format!("{classifieds}/"), "viewport": { "width": 800, "hieght": 600 } }),
                "height",
            ),
            (
                &*format!("episodes/{id}/observe"),
                json!({ "axtre": true }),
                "axtree",
            ),
            (
                &*format!("episodes/{id}/evaluate"),
                json!({ "mdoe": "vwa" }),
                "mode",
            ),
            (
                &*format!("episodes/{id}/locate"),
                json!({ "selector": "a" }),
                "css",
            ),
            (
                &*format!("episodes/{id}/step"),
                json!({ "action": "scroll [down]", "dialet": "openai" }),
                "dialect",
            ),
        ];
        for (route, body, valid) in cases {
            let response = http
                .post(format!("{base}/{route}"))
                .json(&body)
                .send()
                .await
                .unwrap();
            assert_eq!(response.status(), 422, "{route} {body}");
            let error: Value = response.json().await.unwrap();
            let message = error["message"].as_str().unwrap();
            let unknown = body
                .as_object()
                .unwrap()
                .iter()
                .flat_map(|(key, value)| {
                    std::iter::once(key.clone()).chain(
                        value
                            .as_object()
                            .into_iter()
                            .flat_map(|inner| inner.keys().cloned()),
                    )
                })
                .find(|key| message.contains(&format!("`{key}`")));
            assert!(unknown.is_some(), "names the field: {message}");
            assert!(message.contains(valid), "lists `{valid}`: {message}");
        }
        // The flat JSON form with a misspelt field is refused in the step result by name.
        let stepped: Value = http
            .post(format!("{base}/episodes/{id}/step"))
            .json(&json!({ "action": "scroll", "directon": "down" }))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let message = stepped["error"]["message"].as_str().unwrap();
        assert!(
            message.contains("`directon`") && message.contains("direction"),
            "{message}"
        );
        http.delete(format!("{base}/episodes/{id}"))
            .send()
            .await
            .unwrap();
    });
}
