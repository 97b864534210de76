//! An episode that has ended — stopped by its agent, its browser lost, its page stopped at the
//! step deadline — gives its place under `--max-episodes` to the next at once, while its
//! record stays readable until it is deleted.

use crate::api::serve_api;
use crate::support::own_environment;
use crate::support::run;
use agora::config::Config;
use serde_json::{Value, json};
use std::time::Duration;

/// `POST` `body` to `url`: the status and JSON answer.
async fn post(http: &reqwest::Client, url: &str, body: Value) -> (u16, Value) {
    let response = http.post(url).json(&body).send().await.unwrap();
    let status = response.status().as_u16();
    (status, response.json().await.unwrap())
}

#[test]
fn an_ended_episode_frees_its_place_and_stays_readable() {
    run(|harness| async move {
        // One episode may run; browsers enough for an ended one that keeps its own.
        let config = Config {
            trajectory_dir: None,
            pool_size: 2,
            max_browsers: 3,
            max_episodes: Some(1),
            prepare: 0,
            step_deadline_s: 3,
            ..Config::default()
        };
        let env = own_environment(harness, config).await;
        let base = serve_api(env.clone(), None).await;
        let http = reqwest::Client::new();
        assert!(env.pool().wait_warm(Duration::from_secs(60)).await);
        let create = |url: String| {
            let http = http.clone();
            let base = base.clone();
            async move {
                post(
                    &http,
                    &format!("{base}/episodes"),
                    json!({ "start_url": url }),
                )
                .await
            }
        };
        let (status, first) = create(harness.url("index.html")).await;
        assert_eq!(status, 201, "{first}");
        let first = first["episode_id"].as_str().unwrap().to_owned();
        let (status, refused) = create(harness.url("index.html")).await;
        assert_eq!(status, 429, "one at a time: {refused}");
        // Stopped: the next one starts at once.
        let (_, stopped) = post(
            &http,
            &format!("{base}/episodes/{first}/step"),
            json!({ "action": "stop [done]" }),
        )
        .await;
        assert_eq!(stopped["done"], true, "{stopped}");
        let (status, second) = create(harness.url("hostile/busy.html")).await;
        assert_eq!(status, 201, "after a stop: {second}");
        let second_id = second["episode_id"].as_str().unwrap().to_owned();
        // Stopped at the deadline: its browser is gone, and so is its place.
        let spin = second["observation"]["elements"]
            .as_array()
            .unwrap()
            .iter()
            .find(|element| element["text"].as_str().unwrap_or("").contains("Spin"))
            .map(|element| element["id"].clone())
            .expect("the button is marked");
        let (_, spun) = post(
            &http,
            &format!("{base}/episodes/{second_id}/step"),
            json!({ "action": format!("click [{spin}]") }),
        )
        .await;
        assert_eq!(spun["error"]["error"], "page_unresponsive", "{spun}");
        let (status, third) = create(harness.url("index.html")).await;
        assert_eq!(status, 201, "after the deadline: {third}");
        // Both ended episodes are still on the record until deleted.
        for (id, answer) in [(&first, Some("done")), (&second_id, None)] {
            let record: Value = http
                .get(format!("{base}/episodes/{id}"))
                .send()
                .await
                .unwrap()
                .json()
                .await
                .unwrap();
            assert_eq!(record["answer"].as_str(), answer, "{record}");
            let deleted = http
                .delete(format!("{base}/episodes/{id}"))
                .send()
                .await
                .unwrap();
            assert_eq!(deleted.status().as_u16(), 204);
        }
        env.shutdown().await;
    });
}
