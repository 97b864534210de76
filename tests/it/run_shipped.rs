//! `agora run` over a sample of every site's shipped tasks on the full data: the `agora`
//! binary with `--agent replay` killed with SIGKILL mid-run and resumed (nothing lost, nothing
//! twice, every task its gold score), and the built-in agent through `--server` against a model
//! double that answers each task's gold actions as chatty model text — with 429s, timeouts and
//! malformed replies on the way — scoring exactly what replay scores. (`agora tasks check` in
//! CI replays every shipped task's gold; these tests are about the runner, so a sample keeps
//! them short as the task set grows.)

use crate::support::RUNTIME;
use crate::support::openai_double;
use crate::support::openai_double::{Answer, Policy, chatty, objective};
use agora::config::Config;
use agora::env::{Environment, TaskContext};
use futures::FutureExt;
use serde_json::Value;
use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::OnceCell;

/// The sample: every site's hand-written tasks whose number is a multiple of 40 (a glob over
/// task names): seven tasks, so the model double's six kinds of reply each come up. A suite
/// generated into `tasks/generated/` is left out: `agora tasks check tasks/generated` proves it.
const SAMPLE: &str = "[!g]*[/48]0";

/// One heavy run at a time: both tests drive the whole sample.
static HEAVY: tokio::sync::Mutex<()> = tokio::sync::Mutex::const_new(());

fn repository() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The full data under `data/` (as `./dev test` and `agora tasks check` use it), seeded once.
async fn full_data() -> PathBuf {
    static SEEDED: OnceCell<PathBuf> = OnceCell::const_new();
    SEEDED
        .get_or_init(|| async {
            let data = repository().join("data");
            let directory = data.clone();
            tokio::task::spawn_blocking(move || {
                for site in agora::sites::SITES {
                    if !site.is_seeded(&directory) {
                        site.seed(&directory, kit::Scale::Full, None)
                            .unwrap_or_else(|error| panic!("seeding {}: {error}", site.name()));
                    }
                }
            })
            .await
            .unwrap();
            data
        })
        .await
        .clone()
}

fn results_of(out: &Path) -> Vec<Value> {
    std::fs::read_to_string(out.join("results.jsonl"))
        .unwrap_or_default()
        .lines()
        .map(|line| serde_json::from_str(line).expect("every line is a whole result"))
        .collect()
}

fn scores(results: &[Value]) -> BTreeMap<String, Option<f64>> {
    results
        .iter()
        .map(|result| {
            (
                result["task"].as_str().unwrap().to_owned(),
                result["score"].as_f64(),
            )
        })
        .collect()
}

/// Whether a task name is in [`SAMPLE`].
fn sampled(name: &str) -> bool {
    glob::Pattern::new(SAMPLE).unwrap().matches(name)
}

/// Task files of the sample in every site folder under `tasks/` (names like `forum/20`).
fn sample_size() -> usize {
    std::fs::read_dir(repository().join("tasks"))
        .unwrap()
        .flatten()
        .filter(|site| site.path().is_dir())
        .flat_map(|site| {
            let site_name = site.file_name().to_string_lossy().into_owned();
            std::fs::read_dir(site.path())
                .unwrap()
                .flatten()
                .map(move |entry| (site_name.clone(), entry.path()))
        })
        .filter(|(site, path)| {
            path.extension().is_some_and(|e| e == "json")
                && path
                    .file_stem()
                    .is_some_and(|stem| sampled(&format!("{site}/{}", stem.to_string_lossy())))
        })
        .count()
}

/// Ends the chromedriver and Chromium processes a SIGKILLed `agora` left behind (their command
/// lines carry its pid).
fn reap_children_of(pid: u32) {
    let marks = [
        format!("agora-driver-{pid}-"),
        format!("agora-profile-{pid}-"),
    ];
    for entry in std::fs::read_dir("/proc").unwrap().flatten() {
        let Ok(cmdline) = std::fs::read(entry.path().join("cmdline")) else {
            continue;
        };
        let cmdline = String::from_utf8_lossy(&cmdline);
        if marks.iter().any(|mark| cmdline.contains(mark.as_str())) {
            let _ = Command::new("kill")
                .args(["-KILL", &entry.file_name().to_string_lossy()])
                .status();
        }
    }
}

fn agora_run(out: &Path, extra: &[&str]) -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_agora"));
    command
        .current_dir(repository())
        .args([
            "run",
            "--agent",
            "replay",
            "--tasks",
            SAMPLE,
            "--parallel",
            "2",
        ])
        .arg("--out")
        .arg(out)
        .args(extra)
        .env("AGORA_LOG", "warn")
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    command
}

#[test]
fn a_replay_run_killed_mid_way_resumes_without_losing_or_repeating_a_task() {
    RUNTIME.block_on(async {
        let _heavy = HEAVY.lock().await;
        full_data().await;
        let out = tempfile::tempdir().unwrap();
        let mut child = agora_run(out.path(), &[]).spawn().unwrap();
        let pid = child.id();
        let deadline = tokio::time::Instant::now() + Duration::from_secs(600);
        let mut ticks = tokio::time::interval(Duration::from_millis(200));
        while results_of(out.path()).len() < 4 {
            ticks.tick().await;
            assert!(
                child.try_wait().unwrap().is_none(),
                "the run ended before it could be killed"
            );
            assert!(tokio::time::Instant::now() < deadline, "no results appear");
        }
        child.kill().unwrap(); // SIGKILL: no cleanup, no flushing.
        child.wait().unwrap();
        reap_children_of(pid);
        let before_kill = results_of(out.path());
        let total = sample_size();
        assert!(
            before_kill.len() < total,
            "killed mid-run: {} of {total}",
            before_kill.len()
        );

        let refused = agora_run(out.path(), &[]).output().unwrap();
        assert!(!refused.status.success());
        assert!(
            String::from_utf8_lossy(&refused.stderr).contains("--resume"),
            "a second run without --resume is refused"
        );

        let resumed = agora_run(out.path(), &["--resume"]).output().unwrap();
        let stdout = String::from_utf8_lossy(&resumed.stdout);
        assert!(
            resumed.status.success(),
            "{stdout}\n{}",
            String::from_utf8_lossy(&resumed.stderr)
        );
        assert!(
            stdout.contains(&format!(
                "running {} task(s) with the replay agent, 2 at a time ({} finished earlier)",
                total - before_kill.len(),
                before_kill.len()
            )),
            "{stdout}"
        );
        let after = results_of(out.path());
        assert_eq!(after.len(), total, "one line per task");
        assert_eq!(
            &after[..before_kill.len()],
            &before_kill[..],
            "results from before the kill are kept as they were"
        );
        let scores = scores(&after);
        assert_eq!(scores.len(), total, "no task twice");
        for (task, score) in &scores {
            assert_eq!(*score, Some(1.0), "{task} scores its gold score");
        }
        assert!(
            stdout.contains("site: classifieds"),
            "the summary table: {stdout}"
        );
        let report = std::fs::read_to_string(out.path().join("report.html")).unwrap();
        assert!(report.contains("classifieds/40"));
    });
}

/// The shipped tasks with the full data, an Agora API over them, and the tasks as loaded there.
async fn server_with_sites() -> (Environment, String, Vec<TaskContext>) {
    let data = full_data().await;
    let config = Config {
        pool_size: 2,
        trajectory_dir: None,
        task_dirs: vec![repository().join("tasks")],
        ..Config::default()
    };
    let env = agora::sites::start_with_environment(&data, config)
        .await
        .unwrap();
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    let app = agora::api::router(env.clone(), None);
    tokio::spawn(async move { axum::serve(listener, app).await });
    let tasks: Vec<TaskContext> = env
        .tasks()
        .tasks()
        .filter(|task| sampled(task.name.as_str()))
        .cloned()
        .collect();
    (env, base, tasks)
}

/// The double's policy: each task's gold actions, resolved on the live page as a perfect model
/// would pick the ids, written as chatty text with fences; the first call of some tasks
/// answers 429, hangs, or rambles without an action.
fn gold_policy(env: Environment, tasks: Vec<TaskContext>) -> Policy {
    let by_intent: Arc<HashMap<String, (usize, TaskContext)>> = Arc::new(
        tasks
            .into_iter()
            .enumerate()
            .map(|(index, task)| (task.task.intent.clone(), (index, task)))
            .collect(),
    );
    let first_calls: Arc<Mutex<HashMap<String, usize>>> = Arc::default();
    Arc::new(move |body: Value| {
        let env = env.clone();
        let by_intent = Arc::clone(&by_intent);
        let first_calls = Arc::clone(&first_calls);
        async move {
            let Some((index, task)) = by_intent.get(&objective(&body)).cloned() else {
                return Answer::Reply("I do not know this task.".into());
            };
            let call = {
                let mut calls = first_calls.lock().unwrap();
                let count = calls.entry(task.name.to_string()).or_insert(0);
                *count += 1;
                *count
            };
            if call == 1 {
                match index % 6 {
                    0 => return Answer::Status(429, Some(0)),
                    1 => {
                        return Answer::Reply(
                            "The page shows many listings; I need to look closer.".into(),
                        );
                    }
                    2 if index < 12 => return Answer::Hang,
                    _ => {}
                }
            }
            // Stateless, as a model is: the gold steps done are the parsed previous actions.
            let done = executed_actions(&body);
            let steps = &task.task.agora.as_ref().unwrap().gold;
            let step = &steps[done.min(steps.len() - 1)];
            let episode = find_episode(&env, task.name.as_str()).await;
            let lookup = agora::gold::EpisodeLookup::of(&episode).await;
            let action = agora::gold::resolve_step(&lookup, done + 1, step)
                .await
                .unwrap_or_else(|error| panic!("{}: {error}", task.name));
            Answer::Reply(chatty(&action.to_string()))
        }
        .boxed()
    })
}

/// Previous actions listed in the turn that were carried out (parsed, not refused).
fn executed_actions(body: &Value) -> usize {
    let text = openai_double::user_text(body);
    let Some((_, previous)) = text.split_once("PREVIOUS ACTIONS:\n") else {
        return 0;
    };
    previous
        .lines()
        .take_while(|line| {
            line.split_once(". ")
                .is_some_and(|(n, _)| n.parse::<u32>().is_ok())
        })
        .filter(|line| !line.contains("(unparsable reply") && !line.contains("(refused"))
        .count()
}

async fn find_episode(env: &Environment, task: &str) -> agora::env::EpisodeHandle {
    for id in env.episode_ids().await {
        if let Ok(episode) = env.episode(&id).await
            && episode
                .summary()
                .await
                .task
                .as_ref()
                .is_some_and(|context| context.name.as_str() == task)
        {
            return episode;
        }
    }
    panic!("no running episode of {task}");
}

async fn cli_run(arguments: &[&str]) -> std::process::ExitCode {
    use clap::Parser;
    let cli = agora::cli::Cli::try_parse_from(arguments).unwrap();
    let agora::cli::Command::Run(args) = cli.command else {
        panic!("not a run command");
    };
    agora::cli::run::run_command(*args).await.unwrap()
}

#[test]
fn the_model_agent_through_the_api_scores_what_replay_scores_on_a_sample_of_every_site() {
    RUNTIME.block_on(async {
        let _heavy = HEAVY.lock().await;
        let (env, base, tasks) = server_with_sites().await;
        let double = openai_double::start(gold_policy(env.clone(), tasks.clone())).await;
        let out = tempfile::tempdir().unwrap();
        let out_arg = out.path().to_string_lossy().into_owned();
        let task_root = repository().join("tasks");
        let task_root = task_root.to_string_lossy();
        let code = cli_run(&[
            "agora",
            "run",
            "--agent",
            "openai",
            "--server",
            &base,
            "--tasks",
            SAMPLE,
            "--task-root",
            &task_root,
            "--out",
            &out_arg,
            "--parallel",
            "2",
            "--base-url",
            &double.base_url,
            "--model",
            "double-vision-1",
            "--call-timeout-s",
            "3",
            "--backoff-ms",
            "10",
        ])
        .await;
        assert_eq!(code, std::process::ExitCode::SUCCESS);
        let results = results_of(out.path());
        let model_scores = scores(&results);
        assert_eq!(model_scores.len(), sample_size());
        // Replay gives every shipped task its gold score, 1 (the test above; `agora tasks
        // check` in CI): the model agent, answering with the same actions through prose,
        // fences, rate limits, timeouts and malformed replies, must score the same.
        for (task, score) in &model_scores {
            assert_eq!(*score, Some(1.0), "{task} scores what replay scores");
        }
        let by_task: HashMap<&str, &Value> = results
            .iter()
            .map(|result| (result["task"].as_str().unwrap(), result))
            .collect();
        for (index, task) in tasks.iter().enumerate() {
            let result = by_task[task.name.as_str()];
            assert_eq!(result["stop_reason"], "answered", "{}", task.name);
            assert!(
                result["tokens"]["prompt_tokens"].as_u64() > Some(0),
                "tokens are counted"
            );
            let gold = task.task.agora.as_ref().unwrap().gold.len() as u64;
            let rambled = u64::from(index % 6 == 1);
            assert_eq!(
                result["steps"].as_u64(),
                Some(gold + rambled),
                "{}: a malformed reply costs a step, nothing else does",
                task.name
            );
        }
        let requests = double.requests.lock().unwrap().len();
        assert!(requests > results.len() * 3, "{requests} requests");

        // Replay through the API too (locators resolved with POST /episodes/{id}/locate).
        let replay_out = tempfile::tempdir().unwrap();
        let replay_arg = replay_out.path().to_string_lossy().into_owned();
        let code = cli_run(&[
            "agora",
            "run",
            "--agent",
            "replay",
            "--server",
            &base,
            "--tasks",
            "classifieds/3,classifieds/15,classifieds/4*",
            "--task-root",
            &task_root,
            "--out",
            &replay_arg,
        ])
        .await;
        assert_eq!(code, std::process::ExitCode::SUCCESS);
        let remote = scores(&results_of(replay_out.path()));
        assert!(remote.len() >= 3);
        assert!(
            remote.values().all(|score| *score == Some(1.0)),
            "{remote:?}"
        );
        env.shutdown().await;
    });
}
