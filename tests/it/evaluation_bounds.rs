//! Every evaluation is bounded (issue #30): AES interaction caps are task errors
//! (`invalid_task`), a task script that runs on is stopped at its limit and a whole evaluation
//! at its deadline (`evaluation_timeout`), and the server and the episode carry on.

use crate::api::serve_api;
use crate::support::own_environment;
use crate::support::run;
use agora::config::Config;
use serde_json::{Value, json};
use std::time::{Duration, Instant};

/// Starts an episode of inline `task` at `base` and evaluates it: the status, the body, the
/// episode and how long the evaluation took.
pub(crate) async fn evaluate(
    http: &reqwest::Client,
    base: &str,
    task: Value,
) -> (u16, Value, String, Duration) {
    let created: Value = http
        .post(format!("{base}/episodes"))
        .json(&json!({ "task": task }))
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let id = created["episode_id"]
        .as_str()
        .unwrap_or_else(|| panic!("not started: {created}"))
        .to_owned();
    let started = Instant::now();
    let response = http
        .post(format!("{base}/episodes/{id}/evaluate"))
        .send()
        .await
        .unwrap();
    let took = started.elapsed();
    let status = response.status().as_u16();
    let body: Value = response.json().await.unwrap();
    (status, body, id, took)
}

fn program_html(start: &str, locators: &[&str]) -> Value {
    let checks: Vec<Value> = locators
        .iter()
        .map(|locator| {
            json!({"url": "last", "locator": locator,
                   "required_contents": {"must_include": ["x"]}})
        })
        .collect();
    json!({"task_id": 31, "start_url": start, "intent": "look",
           "eval": {"eval_types": ["program_html"], "program_html": checks}})
}

#[test]
fn aes_interaction_count_and_typed_text_are_capped_as_task_errors() {
    run(|harness| async move {
        let base = serve_api(harness.env.clone(), None).await;
        let http = reqwest::Client::new();
        let webui = |interactions: Value| {
            json!({"sites": ["webui"], "task_id": 30, "start_url": "__WEBUI__/workspace/",
                   "intent": "rebuild", "eval": {"eval_types": ["aes"], "aes": {
                       "target": "tabs", "interactions": interactions, "pass_threshold": 0.9}}})
        };
        let clicks: Vec<Value> = (0..41)
            .map(|_| json!({"action": "click", "selector": "#tab-specs"}))
            .collect();
        let typing = json!([{"action": "type", "selector": "#q", "text": "x".repeat(100_000)}]);
        for (interactions, says) in [
            (json!(clicks), "more than the 40"),
            (typing, "500-character cap"),
        ] {
            let (status, body, _, took) = evaluate(&http, &base, webui(interactions)).await;
            assert_eq!(status, 422, "{body}");
            assert_eq!(body["error"], "invalid_task", "{body}");
            assert!(body["message"].as_str().unwrap().contains(says), "{body}");
            assert!(
                took < Duration::from_secs(10),
                "refused before any interaction ran ({took:?})"
            );
        }
    });
}

#[test]
fn a_locator_that_never_returns_is_stopped_and_the_episode_goes_on() {
    run(|harness| async move {
        let base = serve_api(harness.env.clone(), None).await;
        let http = reqwest::Client::new();
        let start = harness.url("index.html");
        let task = program_html(&start, &["document.title + (() => { while (true) {} })()"]);
        let (status, body, id, took) = evaluate(&http, &base, task).await;
        assert_eq!(status, 504, "{body}");
        assert_eq!(body["error"], "evaluation_timeout", "{body}");
        assert!(body["message"].as_str().unwrap().contains("10 s"), "{body}");
        assert!(took < Duration::from_secs(20), "stopped after {took:?}");
        // The page's script was stopped: the episode observes and acts again.
        let stepped = http
            .post(format!("{base}/episodes/{id}/step"))
            .json(&json!({"action": "scroll [down]"}))
            .send()
            .await
            .unwrap();
        assert_eq!(stepped.status(), 200, "{}", stepped.text().await.unwrap());
        http.delete(format!("{base}/episodes/{id}"))
            .send()
            .await
            .unwrap();
    });
}

#[test]
fn a_whole_evaluation_stops_at_its_deadline_and_the_page_with_it() {
    run(|harness| async move {
        let config = Config {
            pool_size: 0,
            evaluation_deadline_s: 3,
            trajectory_dir: None,
            task_dirs: Vec::new(),
            ..Config::default()
        };
        let env = own_environment(harness, config).await;
        let base = serve_api(env.clone(), None).await;
        let http = reqwest::Client::new();
        // Each locator keeps within the script limit; together they outlast the deadline.
        let busy = "document.title + (() => { const end = Date.now() + 2000; while (Date.now() < end) {} return 'y'; })()";
        let task = program_html(&harness.url("index.html"), &[busy, busy, busy, busy]);
        let (status, body, id, took) = evaluate(&http, &base, task).await;
        assert_eq!(status, 504, "{body}");
        assert_eq!(body["error"], "evaluation_timeout", "{body}");
        assert!(
            body["message"].as_str().unwrap().contains("3 s deadline"),
            "{body}"
        );
        assert!(took < Duration::from_secs(8), "stopped after {took:?}");
        // Scoring as if stopped (what `tasks check` does at a start) keeps the same deadline,
        // and the episode, its scripts stopped, acts again.
        let episode = env.episode(&agora::env::EpisodeId(id)).await.unwrap();
        let started = Instant::now();
        let cut = episode
            .evaluate_if_stopped("", None)
            .await
            .expect_err("the evaluation is cut");
        let took = started.elapsed();
        assert!(
            matches!(cut, agora::env::EnvError::EvaluationTimeout { seconds: 3 }),
            "{cut}"
        );
        assert!(took < Duration::from_secs(8), "stopped after {took:?}");
        let outcome = episode.step("scroll [down]").await.outcome;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        episode.close().await.unwrap();
        let health = http.get(format!("{base}/health")).send().await.unwrap();
        assert!(health.status().is_success(), "the server carries on");
        env.shutdown().await;
    });
}
