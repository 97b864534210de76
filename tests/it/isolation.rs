//! Nothing passes from one episode to the next on a pooled browser (issue #34): episode 1
//! fills every origin it can reach with storage of every kind, episode 2 on the same browser
//! finds none of it, and other loopback names of the sites are refused by the fence.

use crate::support::{Harness, Hosting, observation, one_browser, page_script, run, step_ok};
use agora::config::Config;
use agora::env::{EpisodeHandle, EpisodeSpec};
use serde_json::Value;

/// Plants a service worker (its script at `worker`, scoped to the page's folder), a cache
/// entry, an IndexedDB database, local and session storage and a script cookie.
const PLANT_JS: &str = r#"
const worker = arguments[0];
localStorage.setItem("planted", "episode 1");
sessionStorage.setItem("planted", "episode 1");
document.cookie = "planted=episode1; max-age=3600; path=/";
const cache = await caches.open("planted");
await cache.put("planted", new Response("episode 1"));
await new Promise((done, fail) => {
  const request = indexedDB.open("planted", 1);
  request.onupgradeneeded = () => request.result.createObjectStore("store");
  request.onsuccess = () => { request.result.close(); done(); };
  request.onerror = () => fail(request.error);
});
await navigator.serviceWorker.register(worker, { scope: "./" });
await navigator.serviceWorker.ready;
if (!navigator.serviceWorker.controller) {
  await new Promise((claimed) =>
    navigator.serviceWorker.addEventListener("controllerchange", claimed, { once: true }));
}
const answer = await (await fetch("probe")).text();
return { answer, workers: (await navigator.serviceWorker.getRegistrations()).length };
"#;

/// What the page's origin holds, as episode 2 sees it.
const PROBE_JS: &str = r#"
return {
  local: localStorage.length,
  session: sessionStorage.length,
  cookie: document.cookie,
  caches: await caches.keys(),
  databases: (await indexedDB.databases()).map((database) => database.name),
  workers: (await navigator.serviceWorker.getRegistrations()).length,
  answer: await (await fetch("probe")).text(),
  history: history.length,
};
"#;

const WORKER_JS: &str = include_str!("../fixtures/isolation/sw.js");

async fn run_script(episode: &EpisodeHandle, body: &str, worker: &str) -> Value {
    page_script(episode, body, vec![Value::from(worker)]).await
}

/// The pages episode 1 fills: a fixture page, and the WebUI workspace (whose script the
/// page itself overwrites with the service worker, as an agent's code can).
fn planted_pages(harness: &Harness) -> [(String, String); 2] {
    [
        (
            harness.url("isolation/index.html"),
            harness.url("isolation/sw.js"),
        ),
        (
            format!("{}/workspace/", harness.site("webui")),
            format!("{}/workspace/script.js", harness.site("webui")),
        ),
    ]
}

/// `base` with its host replaced by `alias`.
fn aliased(base: &str, alias: &str) -> String {
    let port = base.rsplit(':').next().expect("a port");
    format!("http://{alias}:{port}/workspace/")
}

#[test]
fn nothing_planted_in_one_episode_reaches_the_next_on_the_same_browser() {
    run(|harness| async move {
        let config = Config {
            task_dirs: Vec::new(),
            ..Config::default()
        };
        let env = one_browser(harness, config, Hosting::Sites).await;
        let webui = harness.site("webui");
        let pages = planted_pages(harness);
        let open = |url: &str| EpisodeSpec {
            start_urls: vec![url.to_owned()],
            ..EpisodeSpec::default()
        };

        let first = env.create_episode(open(&pages[0].0)).await.unwrap();
        let serial = first.browser().await.unwrap().serial();
        for (page, worker) in &pages {
            step_ok(&first, &format!("goto [{page}]")).await;
            if worker.contains("/workspace/") {
                // The page overwrites its own workspace script with the worker.
                let body = format!(
                    "return (await fetch(arguments[0], {{method: 'PUT', body: {}}})).status;",
                    serde_json::to_string(WORKER_JS).unwrap()
                );
                let status = run_script(&first, &body, worker).await;
                assert_eq!(status, 204, "the workspace takes the page's write");
            }
            let planted = run_script(&first, PLANT_JS, worker).await;
            assert_eq!(planted["workers"], 1, "{page}: {planted}");
            assert_eq!(
                planted["answer"], "SERVICE WORKER LEFT BY AN EARLIER EPISODE",
                "{page}: the worker answers in episode 1"
            );
        }
        // Other names of loopback: the API's address among them (each site has its own).
        for alias in ["localhost", "[::1]", "127.0.0.1", "127.1"] {
            step_ok(&first, &format!("goto [{}]", aliased(&webui, alias))).await;
            let seen = observation(&first).await;
            assert!(
                seen.blocked_url.is_some(),
                "{alias} reached the WebUI site under a second origin"
            );
        }
        step_ok(&first, "new_tab").await;
        step_ok(&first, &format!("goto [{}]", pages[0].0)).await;
        first.close().await.unwrap();

        let second = env.create_episode(open(&pages[0].0)).await.unwrap();
        assert_eq!(
            second.browser().await.unwrap().serial(),
            serial,
            "the same browser serves episode 2"
        );
        assert_eq!(
            observation(&second).await.tabs.len(),
            1,
            "episode 1's tabs are gone"
        );
        // No way back into episode 1's pages (its first tab went through six of them).
        let history = run_script(&second, "return history.length;", "").await;
        assert!(history.as_u64().unwrap() <= 2, "history: {history}");
        for (page, worker) in &pages {
            step_ok(&second, &format!("goto [{page}]")).await;
            let found = run_script(&second, PROBE_JS, worker).await;
            assert_eq!(found["local"], 0, "{page}: {found}");
            assert_eq!(found["session"], 0, "{page}: {found}");
            assert_eq!(found["cookie"], "", "{page}: {found}");
            assert_eq!(found["caches"], serde_json::json!([]), "{page}: {found}");
            assert_eq!(found["databases"], serde_json::json!([]), "{page}: {found}");
            assert_eq!(found["workers"], 0, "{page}: {found}");
            assert_ne!(
                found["answer"], "SERVICE WORKER LEFT BY AN EARLIER EPISODE",
                "{page}"
            );
        }
        // 127.0.N is 127.0.0.N to the browser: the canonical origin, not a second one.
        let host = url::Url::parse(&webui)
            .unwrap()
            .host_str()
            .unwrap()
            .to_owned();
        let short = host.replacen(".0.0.", ".0.", 1);
        step_ok(&second, &format!("goto [{}]", aliased(&webui, &short))).await;
        let url = second.browser().await.unwrap().current_url().await.unwrap();
        assert!(url.starts_with(&webui), "{url} is not on {webui}");
        second.close().await.unwrap();
        env.shutdown().await;
    });
}
