//! Scores an agent cannot forge on the WebUI site (issue #30): the target is staged and
//! measured in a browser context of its own, and measured in a world of its own, so a spy tab
//! copies nothing, a page that changes when it is measured is measured as it is, and going
//! back after an evaluation shows nothing of the target. Each scores what a blank page scores.

use crate::support::{js, observation, run, step};
use crate::webui::{aes, episode, write};
use agora::env::EpisodeHandle;
use evaluators::Page;
use serde_json::json;
use webui::targets::Target;

const BLANK: [&str; 3] = ["<!DOCTYPE html><html><body></body></html>", "", ""];

/// A blank page that loads its script.
const SCRIPTED: &str =
    "<!DOCTYPE html><html><body><script src=\"script.js\"></script></body></html>";

/// The spy: the agent's page opens a second tab on the workspace; each watches the other
/// and, the moment one shows a staged target, copies it into the workspace. Every path seen
/// is kept in local storage.
const SPY_JS: &str = r#"
if (location.search !== "?spy" && !window.opener) {
  window.__spy = window.open("/workspace/?spy", "spy");
}
const other = () => (location.search === "?spy" ? window.opener : window.__spy);
const seen = new Set(JSON.parse(localStorage.getItem("seen") || "[]"));
setInterval(async () => {
  const watched = other();
  if (!watched) return;
  let path;
  try { path = watched.location.pathname; } catch (error) { return; }
  seen.add(path);
  localStorage.setItem("seen", JSON.stringify([...seen]));
  if (!path.startsWith("/staged/") || window.__copied) return;
  window.__copied = true;
  const html = watched.document.documentElement.outerHTML;
  const [css, js] = await Promise.all(
    ["style.css", "script.js"].map((file) => fetch(path + file).then((reply) => reply.text())));
  for (const [file, body] of [["index.html", html], ["style.css", css], ["script.js", js]]) {
    await fetch("/workspace/" + file, { method: "PUT", body });
  }
}, 2);
"#;

/// A page blank to anyone who looks, which becomes the target the moment a measuring script
/// touches its window (the measurement keeps its memory on `window`).
fn lying_js(target: &Target) -> String {
    let body = target
        .html
        .split_once("<body>")
        .and_then(|(_, rest)| rest.rsplit_once("</body>"))
        .map_or(target.html, |(body, _)| body);
    let markup = format!("<style>{}</style>{body}", target.css);
    format!(
        "const target = {};\n\
         Object.defineProperty(window, '__agoraAesSeen', {{ configurable: true,\n\
           get() {{ return undefined; }},\n\
           set(value) {{\n\
             document.body.innerHTML = target;\n\
             Object.defineProperty(window, '__agoraAesSeen', {{ value, writable: true }});\n\
           }} }});",
        serde_json::to_string(&markup).unwrap()
    )
}

/// What a blank page scores against `target`.
async fn blank_score(harness: &crate::support::Harness, target: &Target) -> f64 {
    let blank = episode(harness, target).await;
    write(harness, &blank, BLANK).await;
    let (score, _) = aes(&blank).await;
    crate::support::close(&blank).await;
    score
}

/// The agent's own workspace page, as its tab fetches it.
async fn workspace_html(episode: &EpisodeHandle) -> String {
    let browser = episode.browser().await.unwrap();
    browser
        .execute(
            "return fetch('/workspace/index.html').then((reply) => reply.text());",
            vec![],
        )
        .await
        .unwrap()
        .as_str()
        .unwrap()
        .to_owned()
}

#[test]
fn a_spy_tab_sees_no_staged_target_and_copies_nothing() {
    run(|harness| async move {
        let target = webui::targets::named("tabs").unwrap();
        let blank = blank_score(harness, target).await;
        let agent = episode(harness, target).await;
        write(harness, &agent, [SCRIPTED, "", SPY_JS]).await;
        assert_eq!(
            observation(&agent).await.tabs.len(),
            2,
            "the spy tab is open"
        );
        let (score, report) = aes(&agent).await;
        assert_eq!(score, blank, "the spy's page scored {score}: {report}");
        let seen = js(&agent, "localStorage.getItem('seen')").await;
        assert!(
            !seen.as_str().unwrap_or_default().contains("/staged/"),
            "the spy saw {seen}"
        );
        assert!(!workspace_html(&agent).await.contains("Aurora desk lamp"));
        assert_eq!(observation(&agent).await.tabs.len(), 2, "no tab added");
        crate::support::close(&agent).await;
    });
}

#[test]
fn a_page_that_changes_when_measured_is_measured_as_it_shows_and_going_back_finds_nothing() {
    run(|harness| async move {
        let target = webui::targets::named("tabs").unwrap();
        let blank = blank_score(harness, target).await;
        let agent = episode(harness, target).await;
        write(harness, &agent, [SCRIPTED, "", &lying_js(target)]).await;
        let shown = js(&agent, "document.body.innerText").await;
        assert!(
            !shown.as_str().unwrap().contains("Aurora"),
            "blank to the agent"
        );
        {
            // Measured in the page's own world, the lie works; in the measuring world, not.
            let guard = agent.browser().await.unwrap();
            let mut page = guard.page(harness.env.allowed());
            let args = vec![json!(["text"]), json!(100)];
            let isolated = page
                .measure(evaluators::aes::MEASURE_JS, args.clone())
                .await;
            let isolated = isolated.unwrap();
            assert!(
                !isolated.to_string().contains("Aurora"),
                "measured apart: {isolated}"
            );
            let exposed = page.call(evaluators::aes::MEASURE_JS, args).await.unwrap();
            assert!(exposed.to_string().contains("Aurora"), "the lie: {exposed}");
        }
        // A fresh agent page for the evaluation (the check above tripped the lie in this one).
        let workspace = format!("{}/workspace/", harness.site("webui"));
        step(&agent, &format!("goto [{workspace}]")).await;
        let url_before = agent.browser().await.unwrap().current_url().await.unwrap();
        let (score, report) = aes(&agent).await;
        assert_eq!(score, blank, "the lying page scored {score}: {report}");
        // The evaluation left nothing in the agent's tab: same page, no staged page behind it.
        let url_after = agent.browser().await.unwrap().current_url().await.unwrap();
        assert_eq!(url_after, url_before);
        assert_eq!(observation(&agent).await.tabs.len(), 1);
        step(&agent, "go_back").await;
        let back = observation(&agent).await;
        assert!(!back.url.contains("/staged/"), "{}", back.url);
        let text = js(&agent, "document.documentElement.outerHTML").await;
        assert!(
            !text.as_str().unwrap().contains("Aurora desk lamp"),
            "{text}"
        );
        crate::support::close(&agent).await;
    });
}
