//! `agora run` on fixture tasks in real Chromium: the built-in agent against a model double that
//! speaks the chat-completions wire protocol (429s, timeouts, malformed replies), VWA's early
//! stops, retried browser failures, errors that are never zeros, resume, what a trajectory
//! keeps, the HTML report in Chromium, and the debugger's host and token rules (the debugger
//! itself: `debugger.rs`).

use crate::support::openai_double::{self, Answer, ModelDouble, Policy, chatty, id_of, objective};
use crate::support::step_outcome;
use crate::support::{Harness, run};
use agora::env::TaskContext;
use agora::run::{
    Agent, LocalBackend, ObservationKind, OpenAiAgent, OpenAiSettings, RunPlan, StepLimits,
    StopReason, run_tasks,
};
use evaluators::chat::{ChatConfig, Sampling};
use futures::FutureExt;
use serde_json::{Value, json};
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Duration;

/// A task on a fixture page whose goal is the other page (reached by its link).
fn task(harness: &Harness, id: u64, intent: &str) -> TaskContext {
    let config = json!({
        "sites": ["fixtures"], "task_id": id, "require_login": false,
        "start_url": harness.url("actions.html"), "intent": intent, "intent_template": "",
        "instantiation_dict": {}, "require_reset": false, "overall_difficulty": "easy",
        "eval": {"eval_types": ["url_match"], "reference_answers": null,
                 "reference_url": harness.url("other.html?from=link"), "program_html": [], "url_note": "EXACT"},
        "agora": {"gold": [{"action": "click", "target": {"text": "Go to other"}}, {"action": "stop", "answer": ""}]}
    });
    harness
        .env
        .inline_task(&config)
        .expect("inline task parses")
}

pub(crate) fn model_agent(double: &ModelDouble) -> Agent {
    let chat = ChatConfig {
        timeout: Duration::from_secs(5),
        max_retries: 3,
        backoff_base: Duration::from_millis(10),
        ..ChatConfig::new(double.base_url.clone(), "double-vision-1")
    };
    Agent::OpenAi(Box::new(
        OpenAiAgent::new(OpenAiSettings {
            chat,
            observation: ObservationKind::Som,
            sampling: Sampling {
                temperature: 1.0,
                top_p: 0.9,
                max_tokens: 384,
            },
            prices: Some(agora::run::Prices {
                input: 2.5,
                output: 10.0,
            }),
        })
        .unwrap(),
    ))
}

fn plan(agent: Agent, out: &Path, limits: StepLimits, retries: u32) -> RunPlan {
    RunPlan {
        agent,
        limits,
        eval_mode: None,
        parallel: 2,
        retries,
        out: out.to_owned(),
    }
}

/// A policy from a function of (objective, how many requests that objective had before, body).
fn by_objective(
    answer: impl Fn(&str, usize, &Value) -> Answer + Send + Sync + 'static,
) -> (Policy, Arc<Mutex<HashMap<String, usize>>>) {
    let calls: Arc<Mutex<HashMap<String, usize>>> = Arc::default();
    let counted = Arc::clone(&calls);
    let answer = Arc::new(answer);
    let policy: Policy = Arc::new(move |body: Value| {
        let goal = objective(&body);
        let count = {
            let mut calls = counted.lock().unwrap();
            let count = calls.entry(goal.clone()).or_insert(0);
            *count += 1;
            *count - 1
        };
        let answer = answer(&goal, count, &body);
        async move { answer }.boxed()
    });
    (policy, calls)
}

fn click_other(body: &Value) -> Answer {
    let id = id_of(body, "Go to other").expect("the link is in the SoM text");
    Answer::Reply(chatty(&format!("click [{id}]")))
}

fn trajectory(out: &Path, task: &str) -> Value {
    let folder = out.join(agora::run::trajectory::relative_folder(task));
    serde_json::from_slice(&std::fs::read(folder.join("trajectory.json")).unwrap()).unwrap()
}

#[test]
fn the_model_agent_plays_through_429s_timeouts_and_malformed_replies() {
    run(|harness| async move {
        let (policy, _) = by_objective(|_, call, body| match call {
            0 => Answer::Status(429, Some(0)),
            1 => Answer::Hang,
            2 => Answer::Reply("I am not sure yet; the page is long.".into()),
            3 => click_other(body),
            _ => Answer::Reply(chatty("stop []")),
        });
        let double = openai_double::start(policy).await;
        let out = tempfile::tempdir().unwrap();
        let tasks = vec![task(harness, 101, "Open the other page.")];
        let plan = plan(model_agent(&double), out.path(), StepLimits::default(), 0);
        let outcome = run_tasks(&LocalBackend(harness.env.clone()), &plan, tasks, false)
            .await
            .unwrap();
        let result = &outcome.results[0];
        assert_eq!(result.score, Some(1.0), "{result:?}");
        assert_eq!(result.stop_reason, StopReason::Answered);
        assert_eq!(result.steps, 3, "the malformed reply was a step");
        let tokens = result.tokens.expect("the double reports usage");
        assert!(tokens.prompt_tokens > 85 && tokens.completion_tokens > 0);
        assert!(result.cost_usd.unwrap() > 0.0);
        let requests = double.requests.lock().unwrap().clone();
        assert_eq!(requests.len(), 5, "429, timeout, then three answered turns");
        let first = &requests[0];
        assert_eq!(first["model"], "double-vision-1");
        let system = first["messages"][0]["content"].as_str().unwrap();
        for entry in [
            "click [id]",
            "type [id] [text] [0|1]",
            "tab_focus [tab_index]",
            "stop [answer]",
        ] {
            assert!(system.contains(entry), "the system prompt lists {entry}");
        }
        let parts = first["messages"][1]["content"].as_array().unwrap();
        assert!(
            parts.iter().any(|part| part["image_url"]["url"]
                .as_str()
                .is_some_and(|url| url.starts_with("data:image/png;base64,iVBOR"))),
            "the SoM screenshot is sent as a PNG data URL"
        );
        let last_turn = openai_double::user_text(&requests[4]);
        assert!(
            last_turn.contains("1. (unparsable reply: I am not sure yet; the page is long.)")
                && last_turn.contains("2. click ["),
            "previous actions are listed: {last_turn}"
        );
        let recorded = trajectory(out.path(), &result.task);
        assert_eq!(recorded["steps"][0]["error"]["error"], "unparsable_action");
        assert!(
            recorded["steps"][1]["reply"]
                .as_str()
                .unwrap()
                .contains("```click [")
        );
        assert!(recorded["steps"][1]["settle"]["waited_ms"].is_u64());
        // Everything the model was given and gave is kept: what it read of each page, the
        // messages, the parsed action and its target, the screenshots beside the file.
        assert_eq!(recorded["format_version"], 1);
        let start = &recorded["start"];
        assert!(
            start["som_text"]
                .as_str()
                .unwrap()
                .contains("[Go to other]")
        );
        assert!(
            start["tab_header"]
                .as_str()
                .unwrap()
                .starts_with("Tab 0 (current): ")
        );
        assert!(start["elements"].as_array().unwrap().len() > 5);
        let clicked = &recorded["steps"][1];
        let link = start["elements"]
            .as_array()
            .unwrap()
            .iter()
            .find(|element| element["name"] == "Go to other")
            .unwrap();
        assert_eq!(
            clicked["target"], link["id"],
            "the target is the link clicked"
        );
        let prompt = &clicked["prompt"];
        assert_eq!(prompt[0]["role"], "system");
        assert!(
            prompt[0]["content"][0]["text"]
                .as_str()
                .unwrap()
                .contains("click [id]")
        );
        let turn = prompt[1]["content"].as_array().unwrap();
        assert!(
            turn[0]["text"]
                .as_str()
                .unwrap()
                .contains("OBJECTIVE: Open the other page.")
        );
        assert_eq!(
            turn.last().unwrap(),
            &json!({"type": "screenshot", "kind": "som"}),
            "the screenshot sent is named, not copied"
        );
        assert!(clicked["timings"]["agent_ms"].is_u64() && clicked["timings"]["step_ms"].is_u64());
        assert!(clicked["tokens"]["prompt_tokens"].as_u64().unwrap() > 0);
        let folder = out
            .path()
            .join(agora::run::trajectory::relative_folder(&result.task));
        for name in [
            start["screenshot"].as_str().unwrap(),
            clicked["observation"]["screenshot"].as_str().unwrap(),
        ] {
            let bytes = std::fs::read(folder.join(name)).unwrap();
            assert!(
                image::load_from_memory(&bytes).unwrap().width() == 1280,
                "{name}"
            );
        }
        assert!(
            recorded["evaluation"]["evaluators"][0]["checks"][0]["actual"]
                .as_str()
                .unwrap()
                .contains("other.html?from=link")
        );
        agora::trajectory::parse(&serde_json::to_vec(&recorded).unwrap())
            .expect("the file reads back in its own format");
        let lines = std::fs::read_to_string(out.path().join("results.jsonl")).unwrap();
        assert_eq!(lines.lines().count(), 1);
    });
}

#[test]
fn early_stops_end_episodes_and_they_are_still_scored() {
    run(|harness| async move {
        let (policy, _) = by_objective(|goal, call, _| match goal {
            "Think without acting." => Answer::Reply("Hmm, let me look again.".into()),
            "Scroll a lot." => Answer::Reply(chatty("scroll [down]")),
            _ if call % 2 == 0 => Answer::Reply(chatty("scroll [down]")),
            _ => Answer::Reply(chatty("scroll [up]")),
        });
        let double = openai_double::start(policy).await;
        let out = tempfile::tempdir().unwrap();
        let tasks = vec![
            task(harness, 201, "Think without acting."),
            task(harness, 202, "Scroll a lot."),
            task(harness, 203, "Wander around."),
        ];
        let limits = StepLimits {
            max_steps: 4,
            max_parse_failures: 3,
            max_repeats: 3,
        };
        let plan = plan(model_agent(&double), out.path(), limits, 0);
        let outcome = run_tasks(&LocalBackend(harness.env.clone()), &plan, tasks, false)
            .await
            .unwrap();
        let by_name: HashMap<&str, &agora::run::TaskResult> = outcome
            .results
            .iter()
            .map(|result| (result.intent.as_str(), result))
            .collect();
        let expect = [
            ("Think without acting.", StopReason::InvalidActions, 3),
            ("Scroll a lot.", StopReason::RepeatedAction, 3),
            ("Wander around.", StopReason::MaxSteps, 4),
        ];
        for (intent, reason, steps) in expect {
            let result = by_name[intent];
            assert_eq!(result.stop_reason, reason, "{intent}");
            assert_eq!(result.steps, steps, "{intent}");
            assert_eq!(result.score, Some(0.0), "{intent}: evaluated, and wrong");
        }
    });
}

#[test]
fn a_lost_browser_is_retried_and_a_dead_model_server_is_an_error_never_a_zero() {
    run(|harness| async move {
        let env = harness.env.clone();
        let killed = Arc::new(Mutex::new(false));
        let policy: Policy = {
            let killed = Arc::clone(&killed);
            Arc::new(move |body: Value| {
                let env = env.clone();
                let killed = Arc::clone(&killed);
                async move {
                    if objective(&body) == "Ask a server that is down." {
                        return Answer::Status(500, None);
                    }
                    let first = !std::mem::replace(&mut *killed.lock().unwrap(), true);
                    if first {
                        kill_browser_of(&env, "inline/301").await;
                    }
                    if openai_double::user_text(&body).contains("PREVIOUS ACTIONS:\nNone") {
                        click_other(&body)
                    } else {
                        Answer::Reply(chatty("stop []"))
                    }
                }
                .boxed()
            })
        };
        let double = openai_double::start(policy).await;
        let out = tempfile::tempdir().unwrap();
        let tasks = vec![
            task(harness, 301, "Open the other page despite a crash."),
            task(harness, 302, "Ask a server that is down."),
        ];
        let backend = LocalBackend(harness.env.clone());
        let plan = plan(model_agent(&double), out.path(), StepLimits::default(), 1);
        let outcome = run_tasks(&backend, &plan, tasks.clone(), false)
            .await
            .unwrap();
        let crashed = outcome
            .results
            .iter()
            .find(|result| result.task == "inline/301")
            .unwrap();
        assert_eq!(crashed.attempts, 2, "{crashed:?}");
        assert_eq!(crashed.score, Some(1.0));
        let dead = outcome
            .results
            .iter()
            .find(|result| result.task == "inline/302")
            .unwrap();
        assert_eq!(dead.stop_reason, StopReason::Error);
        assert_eq!(dead.score, None, "an error is never a score");
        assert!(
            dead.error.as_deref().unwrap().contains("HTTP 500"),
            "{dead:?}"
        );
        let rows = agora::run::summary::summarize(&outcome.results);
        assert_eq!((rows[0].scored, rows[0].errors), (1, 1));
        assert_eq!(rows[0].success_rate(), Some(1.0), "errors are not zeros");

        // Resuming reruns the error only, and the file keeps one line per task.
        let asked_before = double.requests.lock().unwrap().len();
        let resumed = run_tasks(&backend, &plan, tasks, true).await.unwrap();
        assert_eq!(resumed.results.len(), 2);
        let asked = double.requests.lock().unwrap()[asked_before..].to_vec();
        assert!(
            asked
                .iter()
                .all(|body| objective(body) == "Ask a server that is down."),
            "the finished task did not run again"
        );
        let stored = agora::run::results::read(&out.path().join("results.jsonl")).unwrap();
        let mut names: Vec<&str> = stored.results.iter().map(|r| r.task.as_str()).collect();
        names.sort();
        assert_eq!(names, ["inline/301", "inline/302"]);
    });
}

/// Kills the Chromium of the running episode of `task` (as a crash would).
async fn kill_browser_of(env: &agora::env::Environment, task: &str) {
    for id in env.episode_ids().await {
        let Ok(episode) = env.episode(&id).await else {
            continue;
        };
        if episode
            .summary()
            .await
            .task
            .as_ref()
            .is_some_and(|context| context.name.as_str() == task)
        {
            let pid = episode.browser().await.unwrap().browser_pid().unwrap();
            let status = std::process::Command::new("kill")
                .args(["-KILL", &pid.to_string()])
                .status()
                .unwrap();
            assert!(status.success());
            return;
        }
    }
    panic!("no running episode of {task}");
}

/// Waits for `check` to hold, polling with a cap (a condition wait, not a fixed sleep).
pub(crate) async fn eventually<F: AsyncFnMut() -> bool>(what: &str, mut check: F) {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(40);
    let mut ticks = tokio::time::interval(Duration::from_millis(100));
    loop {
        ticks.tick().await;
        if check().await {
            return;
        }
        assert!(
            tokio::time::Instant::now() < deadline,
            "timed out waiting for {what}"
        );
    }
}

/// Serves `router` on a free loopback port; returns its base URL.
pub(crate) async fn serve(router: axum::Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, router).await });
    base
}

/// Serves `router` on a loopback port the agent browser is allowed to reach.
pub(crate) async fn serve_allowed(harness: &Harness, router: axum::Router) -> String {
    let base = serve(router).await;
    harness
        .env
        .allowed()
        .allow(agora::fence::Origin::of_url(&base).unwrap());
    base
}

#[test]
fn the_report_renders_tables_charts_and_trajectory_images_in_chromium() {
    run(|harness| async move {
        let out = tempfile::tempdir().unwrap();
        let mut failing = task(harness, 401, "Open the other page (gold misses).");
        let mut config = (*failing.task).clone();
        config.agora.as_mut().unwrap().gold.remove(0);
        failing.task = Arc::new(config);
        let tasks = vec![task(harness, 402, "Open the other page (gold)."), failing];
        let plan = plan(Agent::Replay, out.path(), StepLimits::default(), 0);
        let outcome = run_tasks(&LocalBackend(harness.env.clone()), &plan, tasks, false)
            .await
            .unwrap();
        assert_eq!(outcome.report, out.path().join("report.html"));
        // Served from a loopback origin the fenced agent browser may open.
        let base = serve_allowed(
            harness,
            axum::Router::new().fallback_service(tower_http::services::ServeDir::new(out.path())),
        )
        .await;
        let page = harness
            .try_open(agora::env::EpisodeSpec {
                start_urls: vec![format!("{base}/report.html")],
                ..Default::default()
            })
            .await
            .unwrap();
        let count = async |selector: &str| {
            crate::support::js(
                &page,
                &format!("document.querySelectorAll({selector:?}).length"),
            )
            .await
            .as_u64()
            .unwrap()
        };
        assert!(
            count("#summary tbody tr").await >= 4,
            "all, site, eval, difficulty rows"
        );
        assert!(count(".chart svg rect").await >= 5, "bars are drawn");
        assert_eq!(count("#tasks tbody tr").await, 2);
        // Screenshots load lazily from the run folder, once a trajectory is opened; each step
        // is shown beside the observation it acted on (step 1: the start).
        let embedded = crate::support::js(
            &page,
            "document.documentElement.outerHTML.includes('data:image')",
        )
        .await;
        assert_eq!(embedded, false, "nothing is embedded");
        crate::support::js(&page, "(() => { document.querySelectorAll('details.task').forEach(d => d.open = true); return true; })()").await;
        eventually("the opened trajectories' screenshots load", async || {
            crate::support::js(
                &page,
                "[...document.querySelectorAll('details.task img')].filter(i => i.complete && i.naturalWidth > 100).length",
            )
            .await
            .as_u64()
            .unwrap()
                >= 3
        })
        .await;
        crate::debugger::look(&page, "report").await;
        let first_steps = crate::support::js(
            &page,
            "[...document.querySelectorAll('table.steps tbody tr:first-child img')].map(i => i.getAttribute('src'))",
        )
        .await;
        for source in first_steps.as_array().unwrap() {
            assert!(
                source.as_str().unwrap().ends_with("/observation_000.png"),
                "step 1 is paired with the start: {first_steps}"
            );
        }
        let links = crate::support::js(
            &page,
            "[...document.querySelectorAll('#tasks a.debug')].map(a => a.getAttribute('href'))",
        )
        .await;
        assert!(
            links[0].as_str().unwrap().starts_with("/viewer?run=")
                && links[0].as_str().unwrap().contains("task=inline%2F40"),
            "each task links to the debugger: {links}"
        );
        let breakdown =
            crate::support::js(&page, "document.querySelector('table.checks').textContent").await;
        assert!(breakdown.as_str().unwrap().contains("other.html?from=link"));
        // The result filter, used as a person would: choose `fail`.
        let filter = crate::support::som_id(&page, "#filter-result").await;
        let outcome = step_outcome(&page, &format!("select [{filter}] [fail]")).await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        let shown = crate::support::js(
            &page,
            "[...document.querySelectorAll('#tasks tbody tr')].filter(r => !r.hidden).map(r => r.cells[0].textContent)",
        )
        .await;
        assert_eq!(shown, json!(["inline/401"]));
        crate::support::close(&page).await;
    });
}

#[test]
fn the_viewer_keeps_the_api_rules_for_hosts_and_tokens() {
    run(|harness| async move {
        let serve_viewer = async |token: Option<&str>| {
            let viewer = agora::viewer::ViewerState::follow(harness.env.events());
            serve(agora::viewer::router(viewer, token.map(str::to_owned))).await
        };
        let http = reqwest::Client::new();
        let open = serve_viewer(None).await;
        let page = http.get(format!("{open}/viewer")).send().await.unwrap();
        assert_eq!(page.status(), 200);
        assert!(page.text().await.unwrap().contains("viewer.js"));
        let rebound = http
            .get(format!("{open}/viewer"))
            .header("host", "attacker.example:8400")
            .send()
            .await
            .unwrap();
        assert_eq!(rebound.status(), 403, "DNS rebinding is refused");
        let cross_site = http
            .get(format!("{open}/viewer/api/episodes"))
            .header("sec-fetch-site", "cross-site")
            .send()
            .await
            .unwrap();
        assert_eq!(cross_site.status(), 403);
        let locked = serve_viewer(Some("s3cret")).await;
        let refused = http.get(format!("{locked}/viewer")).send().await.unwrap();
        assert_eq!(refused.status(), 401);
        let body: Value = refused.json().await.unwrap();
        assert_eq!(body["error"], "unauthorized");
        let admitted = http
            .get(format!("{locked}/viewer?token=s3cret"))
            .send()
            .await
            .unwrap();
        assert_eq!(admitted.status(), 200);
        let cookie = admitted.headers()["set-cookie"]
            .to_str()
            .unwrap()
            .to_owned();
        assert!(cookie.contains("HttpOnly"));
        let with_cookie = http
            .get(format!("{locked}/viewer/api/episodes"))
            .header("cookie", cookie.split(';').next().unwrap())
            .send()
            .await
            .unwrap();
        assert_eq!(with_cookie.status(), 200);
    });
}

/// `agent`'s preflight error message (panics when it passes).
async fn preflight_refusal(agent: &Agent) -> String {
    let Agent::OpenAi(model) = agent else {
        panic!("a model agent")
    };
    model
        .preflight()
        .await
        .expect_err("the preflight stops the run")
        .to_string()
}

#[test]
fn a_model_endpoint_that_cannot_answer_stops_the_run_before_any_episode_and_resume_goes_on_after_the_fix()
 {
    run(|harness| async move {
        // A refused key.
        let (policy, _) = by_objective(|_, _, _| Answer::Status(401, None));
        let refusing = openai_double::start(policy).await;
        let message = preflight_refusal(&model_agent(&refusing)).await;
        assert!(
            message.contains("refused the API key (HTTP 401"),
            "{message}"
        );
        assert!(message.contains("OPENAI_API_KEY"), "{message}");
        assert_eq!(
            refusing.requests.lock().unwrap().len(),
            1,
            "one request, no retries"
        );
        // Nothing listening.
        let closed = {
            let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
            listener.local_addr().unwrap()
        };
        let nowhere = ModelDouble {
            base_url: format!("http://{closed}/v1"),
            requests: Arc::default(),
        };
        let message = preflight_refusal(&model_agent(&nowhere)).await;
        assert!(message.contains("nothing answers there"), "{message}");
        assert!(
            message.to_lowercase().contains("connection refused"),
            "{message}"
        );
        // A server that is not an OpenAI-compatible one.
        let html = serve(axum::Router::new().route(
            "/v1/chat/completions",
            axum::routing::post(|| async { axum::response::Html("<html>a web page</html>") }),
        ))
        .await;
        let web_page = ModelDouble {
            base_url: format!("{html}/v1"),
            requests: Arc::default(),
        };
        let message = preflight_refusal(&model_agent(&web_page)).await;
        assert!(
            message.contains("not an OpenAI-compatible chat completion"),
            "{message}"
        );
        // The default endpoint without a key.
        let keyless = Agent::OpenAi(Box::new(
            OpenAiAgent::new(OpenAiSettings {
                chat: ChatConfig::new("https://api.openai.com/v1", "gpt-4o"),
                observation: ObservationKind::Som,
                sampling: Sampling {
                    temperature: 1.0,
                    top_p: 0.9,
                    max_tokens: 384,
                },
                prices: None,
            })
            .unwrap(),
        ));
        let message = preflight_refusal(&keyless).await;
        assert!(message.contains("no API key"), "{message}");

        // The run stopped before writing anything; after the fix `--resume` runs every task.
        let out = tempfile::tempdir().unwrap();
        let (policy, _) =
            by_objective(
                |goal, _, body| match (goal.is_empty(), id_of(body, "Go to other")) {
                    (true, _) => Answer::Reply("ready".into()),
                    (false, Some(id)) => Answer::Reply(chatty(&format!("click [{id}]"))),
                    (false, None) => Answer::Reply(chatty("stop [done]")),
                },
            );
        let working = openai_double::start(policy).await;
        let agent = model_agent(&working);
        let Agent::OpenAi(model) = &agent else {
            unreachable!()
        };
        model.preflight().await.expect("the fixed endpoint answers");
        let tasks = vec![
            task(harness, 1, "Open the other page"),
            task(harness, 2, "Open the other page"),
        ];
        let limits = StepLimits {
            max_steps: 4,
            max_parse_failures: 3,
            max_repeats: 5,
        };
        let backend = LocalBackend(harness.env.clone());
        let finished = run_tasks(&backend, &plan(agent, out.path(), limits, 0), tasks, true)
            .await
            .unwrap();
        assert_eq!(finished.results.len(), 2);
        assert!(
            finished
                .results
                .iter()
                .all(|result| result.score == Some(1.0)),
            "{:?}",
            finished.results
        );
    });
}
