//! The trajectory debugger in Chromium: a saved 10-step run of the built-in agent (against the
//! model double) opened at `/viewer` and stepped through as a person would — the observation
//! acted on and the one after it, the chosen element outlined on the screenshot and in the
//! element list, the prompt and the reply, a refused step, the evaluation check by check with
//! only the part of the page it read; filters; a live text-only episode without a broken
//! image; the run's files served only from inside the run, and never to the agent's browser.
//! With `AGORA_TEST_SHOTS=DIR` the debugger's screenshots are saved there to be looked at.

use crate::run::{eventually, serve, serve_allowed};
use crate::support::openai_double::{self, Answer, Policy, chatty, id_of, objective};
use crate::support::step_outcome;
use crate::support::{Harness, close, js, observe, run, som_id};
use agora::env::{EpisodeHandle, TaskContext};
use agora::observe::{ObserveOptions, ScreenshotKind};
use agora::run::{LocalBackend, RunPlan, StepLimits, run_tasks};
use futures::FutureExt;
use serde_json::{Value, json};
use std::path::Path;
use std::time::Duration;

/// A fixture task: open the other page by its link; with `read_long`, its evaluation also
/// reads the long page whole (one check passes, one fails), so there is an excerpt to show.
fn task(harness: &Harness, id: u64, intent: &str, read_long: bool) -> TaskContext {
    let program_html = if read_long {
        json!([{"url": harness.url("long.html"), "locator": "",
                "required_contents": {"must_include": ["Row 79", "Row 800"]}}])
    } else {
        json!([])
    };
    let eval_types = if read_long {
        json!(["url_match", "program_html"])
    } else {
        json!(["url_match"])
    };
    let config = json!({
        "sites": ["fixtures"], "task_id": id, "require_login": false,
        "start_url": harness.url("actions.html"), "intent": intent, "intent_template": "",
        "instantiation_dict": {}, "require_reset": false, "overall_difficulty": "medium",
        "eval": {"eval_types": eval_types, "reference_answers": null,
                 "reference_url": harness.url("other.html?from=link"), "url_note": "EXACT",
                 "program_html": program_html}
    });
    harness
        .env
        .inline_task(&config)
        .expect("inline task parses")
}

/// The id of the `tag` element whose SoM line reads `[id] [TAG] [text]`.
fn id_of_tag(body: &Value, tag: &str, text: &str) -> u32 {
    let suffix = format!("] [{tag}] [{text}]");
    openai_double::user_text(body)
        .lines()
        .find_map(|line| line.strip_suffix(&suffix)?.strip_prefix('[')?.parse().ok())
        .unwrap_or_else(|| panic!("no {tag} {text} is listed"))
}

/// The ten replies of the long task, in order, by what the page shows.
fn ten_steps(call: usize, body: &Value) -> Answer {
    let id = |text: &str| id_of(body, text).unwrap_or_else(|| panic!("{text} is listed"));
    let action = match call {
        0 => format!("click [{}]", id("Click me")),
        1 => format!("type [{}] [hello] [0]", id_of_tag(body, "INPUT", "Name")),
        2 => "scroll [down]".to_owned(),
        3 => "click [99999]".to_owned(),
        4 => "scroll [up]".to_owned(),
        5 => format!("click [{}]", id("Does nothing")),
        6 => format!("select [{}] [Green]", id_of_tag(body, "SELECT", "Colour")),
        7 => return Answer::Reply("I am not sure what to do on this page yet.".into()),
        8 => format!("click [{}]", id("Go to other")),
        _ => "stop [done]".to_owned(),
    };
    Answer::Reply(chatty(&action))
}

/// Runs the ten-step task and a short one into `out`.
async fn saved_run(harness: &Harness, out: &Path) {
    let calls = std::sync::Arc::new(std::sync::Mutex::new(std::collections::HashMap::<
        String,
        usize,
    >::new()));
    let policy: Policy = std::sync::Arc::new(move |body: Value| {
        let goal = objective(&body);
        let call = {
            let mut calls = calls.lock().unwrap();
            let count = calls.entry(goal.clone()).or_insert(0);
            *count += 1;
            *count - 1
        };
        let answer = if goal.starts_with("Wander") {
            ten_steps(call, &body)
        } else if call == 0 {
            Answer::Reply(chatty(&format!(
                "click [{}]",
                id_of(&body, "Go to other").unwrap()
            )))
        } else {
            Answer::Reply(chatty("stop []"))
        };
        async move { answer }.boxed()
    });
    let double = openai_double::start(policy).await;
    let plan = RunPlan {
        agent: crate::run::model_agent(&double),
        limits: StepLimits::default(),
        eval_mode: None,
        parallel: 2,
        retries: 0,
        out: out.to_owned(),
    };
    let tasks = vec![
        task(
            harness,
            701,
            "Wander around the page, then open the other page.",
            true,
        ),
        task(harness, 702, "Open the other page.", false),
    ];
    let outcome = run_tasks(&LocalBackend(harness.env.clone()), &plan, tasks, false)
        .await
        .unwrap();
    let long = outcome
        .results
        .iter()
        .find(|result| result.task == "inline/701")
        .unwrap();
    assert_eq!(long.steps, 10, "{long:?}");
    let recorded: Value = serde_json::from_slice(
        &std::fs::read(out.join("trajectories/inline/701/trajectory.json")).unwrap(),
    )
    .unwrap();
    let errors: Vec<(Value, Value)> = recorded["steps"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|step| !step["error"].is_null())
        .map(|step| (step["action"].clone(), step["error"]["message"].clone()))
        .collect();
    assert_eq!(
        long.refused_steps, 2,
        "the unknown id and the reply without action: {errors:?}"
    );
}

/// Saves the watcher's screenshot as `DIR/<name>.png` when `AGORA_TEST_SHOTS=DIR` is set.
pub(crate) async fn look(watcher: &EpisodeHandle, name: &str) {
    let Some(dir) = std::env::var_os("AGORA_TEST_SHOTS") else {
        return;
    };
    let observation = observe(
        watcher,
        ObserveOptions {
            screenshot: ScreenshotKind::Clean,
            ..ObserveOptions::default()
        },
    )
    .await;
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(
        Path::new(&dir).join(format!("{name}.png")),
        &observation.clean_screenshot.unwrap().bytes,
    )
    .unwrap();
}

/// Clicks the element `css` of the watcher's page with real input.
async fn click(watcher: &EpisodeHandle, css: &str) {
    observe(watcher, ObserveOptions::default()).await;
    let id = som_id(watcher, css).await;
    let outcome = step_outcome(watcher, &format!("click [{id}]")).await;
    assert!(outcome.error.is_none(), "{css}: {:?}", outcome.error);
}

async fn text_of(watcher: &EpisodeHandle, css: &str) -> String {
    js(
        watcher,
        &format!("(document.querySelector({css:?}) || {{}}).textContent || ''"),
    )
    .await
    .as_str()
    .unwrap_or_default()
    .to_owned()
}

#[test]
fn a_saved_ten_step_run_steps_through_in_the_debugger() {
    run(|harness| async move {
        let runs = tempfile::tempdir().unwrap();
        let out = runs.path().join("double");
        saved_run(harness, &out).await;
        let state = agora::viewer::ViewerState::follow(harness.env.events())
            .with_runs(agora::viewer::RunLibrary::new(runs.path()));
        let base = serve_allowed(harness, agora::viewer::router(state, None)).await;
        let watcher = harness
            .try_open(agora::env::EpisodeSpec {
                start_urls: vec![format!("{base}/viewer?run=double&task=inline%2F701")],
                viewport: Some(agora::browser::Viewport {
                    width: 1600,
                    height: 2600,
                }),
                ..Default::default()
            })
            .await
            .unwrap();
        eventually("the saved task opens at its first step", async || {
            text_of(&watcher, "#step-label").await == "step 1 of 10"
        })
        .await;
        // Step 1 acted on the start and clicked "Click me": that screenshot is on the left, at
        // full resolution, the button outlined on it and chosen in the element list.
        let shown = js(
            &watcher,
            "(() => { const img = document.querySelector('#before img'); const after = document.querySelector('#after img'); const box = document.querySelector('#before .box.target'); const chosen = document.querySelector('#elements .chosen'); return [img.getAttribute('src'), img.complete && img.naturalWidth, after.getAttribute('src'), getComputedStyle(box).display, box.dataset.id, chosen && chosen.dataset.id, chosen && chosen.textContent]; })()",
        )
        .await;
        assert!(
            shown[0]
                .as_str()
                .unwrap()
                .ends_with("/trajectories/inline/701/observation_000.png"),
            "{shown}"
        );
        assert_eq!(
            shown[1], 1280,
            "the screenshot loaded at full size: {shown}"
        );
        assert!(
            shown[2].as_str().unwrap().ends_with("observation_001.png"),
            "the next observation beside it: {shown}"
        );
        assert_eq!(shown[3], "block", "the chosen element is outlined");
        assert_eq!(shown[4], shown[5], "the same element in the list");
        assert!(shown[6].as_str().unwrap().contains("[BUTTON] [Click me]"));
        let prompt = text_of(&watcher, "#prompt-body").await;
        assert!(
            prompt.contains("OBJECTIVE: Wander around the page"),
            "{prompt}"
        );
        assert!(prompt.contains("[BUTTON] [Click me]"), "the SoM list sent");
        let prompt_images = js(
            &watcher,
            "[...document.querySelectorAll('#prompt-body img')].map(i => i.getAttribute('src'))",
        )
        .await;
        assert!(
            prompt_images[0]
                .as_str()
                .unwrap()
                .ends_with("observation_000.png"),
            "the screenshot sent is the one acted on: {prompt_images}"
        );
        assert!(
            text_of(&watcher, "#reply")
                .await
                .contains("In summary, the next action I will perform is ```click [")
        );
        assert!(
            text_of(&watcher, "#action-body")
                .await
                .contains("Settle report")
        );
        look(&watcher, "debugger-step-1").await;

        // Step forward with the button as a person would: step 4 was refused.
        for _ in 0..3 {
            click(&watcher, "#next").await;
        }
        eventually("step 4 is shown", async || {
            text_of(&watcher, "#step-label").await == "step 4 of 10"
        })
        .await;
        let action = text_of(&watcher, "#action-body").await;
        assert!(action.contains("click [99999]"), "{action}");
        assert!(
            action.contains("which the observation acted on did not show"),
            "{action}"
        );
        let refused = js(
            &watcher,
            "document.querySelector('#timeline button.tick.error[data-step=\"4\"]') !== null",
        )
        .await;
        assert_eq!(refused, true, "the timeline marks the refused step");
        look(&watcher, "debugger-step-4-refused").await;
        // The keyboard walks on to the end; the last observation is the other page.
        for _ in 0..6 {
            observe(&watcher, ObserveOptions::default()).await;
            let outcome = step_outcome(&watcher, "press [ArrowRight]").await;
            assert!(outcome.error.is_none(), "{:?}", outcome.error);
        }
        eventually("the last step is shown", async || {
            text_of(&watcher, "#step-label").await == "step 10 of 10"
        })
        .await;
        assert!(
            text_of(&watcher, "#action-body")
                .await
                .contains("stop [done]")
        );
        // The evaluation, check by check: the URL pair, and only the part of the long page
        // around what was looked for (never the whole page).
        let checks = js(
            &watcher,
            "[...document.querySelectorAll('#checks tr.check')].map(r => [r.dataset.kind, r.dataset.status, r.cells[3].textContent, r.cells[4].textContent])",
        )
        .await;
        let checks = checks.as_array().unwrap();
        assert_eq!(checks.len(), 3, "{checks:?}");
        assert_eq!(checks[0][0], "url_match");
        assert_eq!(checks[0][1], "pass");
        assert!(
            checks[0][3]
                .as_str()
                .unwrap()
                .contains("other.html?from=link")
        );
        assert_eq!(checks[1][1], "pass");
        let part = checks[1][3].as_str().unwrap();
        assert!(
            part.contains("Row 79") && part.contains("characters "),
            "{part}"
        );
        assert!(!part.contains("Row 0 "), "not the whole page: {part}");
        assert_eq!(checks[2][1], "fail", "Row 800 is not on the page");
        let marked = text_of(&watcher, "#checks tr.check:nth-child(2) mark").await;
        assert_eq!(marked, "Row 79", "the expected text is highlighted");
        look(&watcher, "debugger-evaluation").await;

        // Filters: the failing task alone, then none with step errors among passing ones.
        let status = crate::support::som_id(&watcher, "#filter-status").await;
        let chosen = step_outcome(&watcher, &format!("select [{status}] [fail]")).await;
        assert!(chosen.error.is_none(), "{:?}", chosen.error);
        let listed = js(
            &watcher,
            "[...document.querySelectorAll('#list button.item')].map(b => b.dataset.key)",
        )
        .await;
        assert_eq!(listed, json!(["inline/701"]));
        close(&watcher).await;

        // The run's files come only from inside the run, percent-encoded `..` included.
        std::fs::write(
            runs.path().join("secret.json"),
            b"{\"token\": \"TOPSECRET-4242\"}",
        )
        .unwrap();
        let http = reqwest::Client::new();
        let served = http
            .get(format!(
                "{base}/viewer/runs/double/trajectories/inline/701/trajectory.json"
            ))
            .send()
            .await
            .unwrap();
        assert_eq!(served.status(), 200);
        let authority = base.trim_start_matches("http://");
        for raw in [
            "/viewer/runs/double/..%2fsecret.json",
            "/viewer/runs/double/trajectories/..%2f..%2f..%2fsecret.json",
            "/viewer/runs/double/%2e%2e/secret.json",
            "/viewer/runs/..%2f/secret.json",
            "/viewer/runs/double/%2fetc%2fpasswd",
            "/viewer/runs/double/run.json%00.png",
        ] {
            let (status, body) = raw_get(authority, raw).await;
            assert!(
                !body.contains("TOPSECRET-4242") && !body.contains("root:"),
                "{raw} leaked: {body}"
            );
            assert!(status == 404 || status == 400, "{raw}: {status} {body}");
        }
        // And the agent's browser, fenced to the sites, never reaches the debugger.
        let hidden = serve(agora::viewer::router(
            agora::viewer::ViewerState::default()
                .with_runs(agora::viewer::RunLibrary::new(runs.path())),
            None,
        ))
        .await;
        let agent = harness.open("actions.html").await;
        let outcome = step_outcome(
            &agent,
            &format!("goto [{hidden}/viewer/runs/double/results.jsonl]"),
        )
        .await;
        let observation = crate::support::observation(&agent).await;
        assert!(
            observation.blocked_url.is_some() || outcome.error.is_some(),
            "the fence refuses the debugger's origin: {:?}",
            observation.url
        );
        assert!(!observation.som_text().contains("inline/701"));
        close(&agent).await;
    });
}

/// A GET of `path` sent byte for byte (no client normalizes its dots away).
async fn raw_get(authority: &str, path: &str) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = tokio::net::TcpStream::connect(authority).await.unwrap();
    let request = format!("GET {path} HTTP/1.1\r\nHost: {authority}\r\nConnection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut response = Vec::new();
    stream.read_to_end(&mut response).await.unwrap();
    let text = String::from_utf8_lossy(&response).into_owned();
    let status = text
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or(0);
    (status, text)
}

#[test]
fn a_live_text_only_episode_shows_its_elements_without_a_broken_image() {
    run(|harness| async move {
        let state = agora::viewer::ViewerState::follow(harness.env.events());
        let app =
            agora::api::router(harness.env.clone(), None).merge(agora::viewer::router(state, None));
        let base = serve_allowed(harness, app).await;
        let http = reqwest::Client::new();
        let created: Value = http
            .post(format!("{base}/episodes"))
            .json(&json!({"start_url": harness.url("actions.html"), "observe": {"screenshot": "none"}}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        let id = created["episode_id"].as_str().unwrap().to_owned();
        let watcher = harness
            .try_open(agora::env::EpisodeSpec {
                start_urls: vec![format!("{base}/viewer?episode={id}")],
                ..Default::default()
            })
            .await
            .unwrap();
        eventually("the live episode is listed and opened", async || {
            text_of(&watcher, "#step-label").await == "start"
        })
        .await;
        let counter = created["observation"]["elements"]
            .as_array()
            .unwrap()
            .iter()
            .find(|element| element["name"] == "Click me")
            .unwrap()["id"]
            .as_u64()
            .unwrap();
        let stepped: Value = http
            .post(format!("{base}/episodes/{id}/step"))
            .json(&json!({"action": format!("click [{counter}]")}))
            .send()
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert!(stepped["error"].is_null(), "{stepped}");
        eventually("the new step follows live", async || {
            text_of(&watcher, "#step-label").await == "step 1 of 1"
        })
        .await;
        let shown = js(
            &watcher,
            "[document.querySelectorAll('#before img, #after img').length, document.querySelector('#before .no-shot').textContent, document.querySelectorAll('#elements button.element').length, (document.querySelector('#elements .chosen') || {}).textContent || '', document.querySelector('#list button.item.selected .muted').textContent]",
        )
        .await;
        assert_eq!(shown[0], 0, "no image element, so none broken: {shown}");
        assert!(shown[1].as_str().unwrap().contains("text-only"), "{shown}");
        assert!(shown[2].as_u64().unwrap() > 5, "{shown}");
        assert!(shown[3].as_str().unwrap().contains("[Click me]"), "{shown}");
        assert!(
            shown[4].as_str().unwrap().starts_with("1 step ·"),
            "a task-less episode is listed by its start URL, with its steps: {shown}"
        );
        assert!(
            text_of(&watcher, "#list button.item.selected .name")
                .await
                .ends_with("actions.html")
        );
        look(&watcher, "debugger-live-text-only").await;
        http.delete(format!("{base}/episodes/{id}"))
            .send()
            .await
            .unwrap();
        close(&watcher).await;
    });
}

#[test]
fn agora_view_serves_a_saved_run_without_sites_or_browsers() {
    run(|_harness| async move {
        let runs = tempfile::tempdir().unwrap();
        let out = runs.path().join("by-hand");
        let folder = agora::run::trajectory::relative_folder("classifieds/3");
        std::fs::create_dir_all(out.join(&folder)).unwrap();
        let trajectory = agora::trajectory::Trajectory {
            format_version: agora::trajectory::FORMAT_VERSION,
            task: Some("classifieds/3".into()),
            steps: vec![agora::trajectory::StepRecord {
                number: 1,
                reply: "stop [N/A]".into(),
                action: Some("stop [N/A]".into()),
                ..Default::default()
            }],
            ..Default::default()
        };
        std::fs::write(
            out.join(&folder).join("trajectory.json"),
            serde_json::to_vec(&trajectory).unwrap(),
        )
        .unwrap();
        let mut log = agora::run::results::ResultsLog::open(&out.join("results.jsonl")).unwrap();
        log.append(&agora::run::TaskResult {
            task: "classifieds/3".into(),
            intent: "Find it.".into(),
            sites: vec!["classifieds".into()],
            eval_types: Vec::new(),
            difficulty: None,
            score: Some(0.0),
            stop_reason: agora::run::StopReason::Answered,
            error: None,
            answer: Some("N/A".into()),
            steps: 1,
            refused_steps: 0,
            wall_ms: 10,
            step_ms: vec![1],
            attempts: 1,
            tokens: None,
            cost_usd: None,
            evaluation: None,
            trajectory: folder.clone(),
        })
        .unwrap();
        let refused = std::process::Command::new(env!("CARGO_BIN_EXE_agora"))
            .args(["view", "--bind", "0.0.0.0", "--port", "0"])
            .arg(&out)
            .output()
            .unwrap();
        assert!(!refused.status.success());
        assert!(String::from_utf8_lossy(&refused.stderr).contains("loopback only"));
        let mut child = tokio::process::Command::new(env!("CARGO_BIN_EXE_agora"))
            .args(["view", "--port", "0"])
            .arg(&out)
            .stdout(std::process::Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .unwrap();
        let mut lines = tokio::io::AsyncBufReadExt::lines(tokio::io::BufReader::new(
            child.stdout.take().unwrap(),
        ));
        let url = tokio::time::timeout(Duration::from_secs(60), async {
            while let Some(line) = lines.next_line().await.unwrap() {
                if let Some(url) = line
                    .split_whitespace()
                    .find(|word| word.starts_with("http://"))
                {
                    return url.to_owned();
                }
            }
            panic!("agora view printed no address");
        })
        .await
        .expect("agora view prints its address within a minute");
        assert!(url.ends_with("/viewer?run=by-hand"), "{url}");
        let base = url.split("/viewer").next().unwrap().to_owned();
        let runs_listed: Value = reqwest::get(format!("{base}/viewer/api/runs"))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(runs_listed[0]["id"], "by-hand");
        assert_eq!(runs_listed[0]["tasks"], 1);
        let read: Value = reqwest::get(format!(
            "{base}/viewer/runs/by-hand/{folder}/trajectory.json"
        ))
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
        assert_eq!(read["steps"][0]["action"], "stop [N/A]");
        let sources: Value = reqwest::get(format!("{base}/viewer/api/sources"))
            .await
            .unwrap()
            .json()
            .await
            .unwrap();
        assert_eq!(
            sources,
            json!({"live": false, "runs": true, "recording": false})
        );
        child.kill().await.unwrap();
    });
}
