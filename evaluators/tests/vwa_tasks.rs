//! The task model over VWA's 910 task configs: everything loads, placeholders are replaced,
//! counts match vwa-compat.md §3.1, and every task survives a save/load round trip.

use evaluators::task::{EvalType, SiteUrls, Task, load_path};
use std::path::PathBuf;

fn vwa_tasks() -> PathBuf {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/vwa_tasks");
    assert!(
        path.join("test_reddit.raw.json").is_file(),
        "VWA task configs not found at {}",
        path.display()
    );
    path
}

fn site_urls() -> SiteUrls {
    let mut urls = SiteUrls::new();
    for (site, port) in [
        ("classifieds", 9980),
        ("shopping", 7770),
        ("reddit", 9999),
        ("wikipedia", 8888),
        ("homepage", 4399),
    ] {
        urls.insert(site, &format!("http://127.0.0.1:{port}"))
            .expect("known site");
    }
    urls
}

fn load_all() -> Vec<Task> {
    let dir = vwa_tasks();
    ["classifieds", "reddit", "shopping"]
        .iter()
        .flat_map(|site| {
            load_path(&dir.join(format!("test_{site}.raw.json")), &site_urls())
                .expect("VWA task file loads")
        })
        .map(|file| file.task)
        .collect()
}

#[test]
fn all_tasks_load_with_placeholders_replaced() {
    let tasks = load_all();
    assert_eq!(tasks.len(), 910);
    for task in &tasks {
        let text = serde_json::to_string(task).unwrap();
        for placeholder in [
            "__CLASSIFIEDS__",
            "__SHOPPING__",
            "__REDDIT__",
            "__WIKIPEDIA__",
            "__HOMEPAGE__",
        ] {
            assert!(
                !text.contains(placeholder),
                "task {} still has {placeholder}",
                task.task_id
            );
        }
    }
    let multi_tab = tasks
        .iter()
        .filter(|task| task.start_urls().len() > 1)
        .count();
    assert_eq!(multi_tab, 62);
    assert!(
        tasks
            .iter()
            .flat_map(Task::start_urls)
            .all(|url| url.starts_with("http://127.0.0.1:"))
    );
}

#[test]
fn counts_match_the_compatibility_reference() {
    let tasks = load_all();
    let with = |eval_type| {
        tasks
            .iter()
            .filter(|task| task.eval.eval_types.contains(&eval_type))
            .count()
    };
    assert_eq!(with(EvalType::ProgramHtml), 409);
    assert_eq!(with(EvalType::StringMatch), 280);
    assert_eq!(with(EvalType::UrlMatch), 224);
    assert_eq!(with(EvalType::PageImageQuery), 42);
    let viewports: Vec<_> = tasks.iter().filter_map(|task| task.viewport_size).collect();
    assert_eq!(viewports.len(), 69);
    assert_eq!(
        viewports
            .iter()
            .filter(|size| size.height.is_none())
            .count(),
        65
    );
    let phone = tasks
        .iter()
        .find(|task| task.viewport_size.is_some_and(|size| size.width == 430))
        .unwrap();
    assert_eq!(
        (phone.viewport().width, phone.viewport().height),
        (430, 932)
    );
    assert_eq!(tasks.iter().filter(|task| task.require_reset).count(), 62);
}

#[test]
fn every_task_round_trips() {
    for task in load_all() {
        let saved = serde_json::to_string(&task).unwrap();
        let reloaded: Task = serde_json::from_str(&saved).unwrap();
        assert_eq!(reloaded, task, "task {}", task.task_id);
    }
}
