//! Task episodes in real Chromium: every evaluator kind reading the live page, input images,
//! and gold-trajectory replay as `agora tasks check` does it.

use crate::support::step_outcome;
use crate::support::{Harness, run};
use agora::gold::check_tasks;
use agora::observe::ObserveOptions;
use evaluators::EvalMode;
use serde_json::{Value, json};

fn task(harness: &Harness, start: &str, eval: Value, gold: Value) -> agora::env::TaskContext {
    let config = json!({
        "sites": ["fixtures"], "task_id": 1, "require_login": false, "start_url": harness.url(start),
        "intent": "Fixture task", "intent_template": "", "instantiation_dict": {}, "require_reset": false,
        "eval": eval, "agora": { "gold": gold }
    });
    harness
        .env
        .inline_task(&config)
        .expect("inline task parses")
}

/// A task whose local files (reference images) are named relative to `dir`, as in a task file
/// kept there.
fn task_in(
    harness: &Harness,
    dir: std::path::PathBuf,
    start: &str,
    eval: Value,
) -> agora::env::TaskContext {
    let config = json!({
        "sites": ["fixtures"], "task_id": 1, "start_url": harness.url(start),
        "intent": "Fixture task", "eval": eval
    });
    let (_, task) = evaluators::task::load_str(
        &config.to_string(),
        &harness.env.site_urls(),
        &dir.join("task.json"),
    )
    .expect("the task parses")
    .remove(0);
    agora::env::TaskContext {
        name: agora::env::TaskName::new("fixtures/1"),
        task: std::sync::Arc::new(task),
        dir,
    }
}

async fn score_after(
    harness: &Harness,
    context: agora::env::TaskContext,
    actions: &[&str],
) -> Option<f64> {
    let episode = harness
        .env
        .create_task_episode(context, ObserveOptions::default())
        .await
        .unwrap();
    for action in actions {
        let outcome = step_outcome(&episode, action).await;
        assert!(outcome.error.is_none(), "{action}: {:?}", outcome.error);
    }
    let evaluation = episode.evaluate(None).await.unwrap();
    episode.close().await.unwrap();
    evaluation.outcome.score()
}

#[test]
fn url_match_reads_the_active_tab_after_the_agent_navigates() {
    run(|harness| async move {
        let eval = json!({"eval_types": ["url_match"], "reference_answers": null,
            "reference_url": harness.url("other.html?from=link"), "program_html": [], "url_note": "EXACT"});
        let gold = json!([{"action": "click", "target": {"text": "Go to other"}}, {"action": "stop", "answer": ""}]);
        let context = task(harness, "actions.html", eval, gold);
        assert_eq!(
            score_after(harness, context.clone(), &["stop []"]).await,
            Some(0.0)
        );
        let checks = check_tasks(&harness.env, vec![context], 1).await;
        assert!(checks[0].passed(), "{}", checks[0].describe());
    });
}

#[test]
fn program_html_runs_document_locators_helpers_and_page_content_in_the_page() {
    run(|harness| async move {
        let eval = json!({"eval_types": ["program_html"], "reference_answers": null, "reference_url": "",
        "program_html": [
            {"url": "last", "locator": "document.querySelector('#name').value",
             "required_contents": {"exact_match": "Ada Lovelace"}},
            {"url": "last", "locator": "func:get_query_text(__page__, '#status')",
             "required_contents": {"must_include": ["clicked 1"]}},
            {"url": harness.url("gallery.html"), "locator": "",
             "required_contents": {"must_include": ["Question by Blake Sullivan", "$250"]}}
        ]});
        let gold = json!([
            {"action": "type", "target": {"css": "#name"}, "text": "Ada Lovelace", "enter": false},
            {"action": "click", "target": {"role": "button", "name": "Click me"}},
            {"action": "stop", "answer": ""}
        ]);
        let context = task(harness, "actions.html", eval, gold);
        let checks = check_tasks(&harness.env, vec![context.clone()], 1).await;
        assert!(checks[0].passed(), "{}", checks[0].describe());
        // Half the work is not enough: the click is missing.
        let episode = harness
            .env
            .create_task_episode(context, ObserveOptions::default())
            .await
            .unwrap();
        let name = crate::support::som_id(&episode, "#name").await;
        step_outcome(&episode, &format!("type [{name}] [Ada Lovelace] [0]")).await;
        let evaluation = episode.evaluate(None).await.unwrap();
        assert_eq!(evaluation.outcome.score(), Some(0.0));
        let report = serde_json::to_string(&evaluation.evaluators).unwrap();
        assert!(
            report.contains("clicked 1"),
            "the breakdown says what was compared: {report}"
        );
        episode.close().await.unwrap();
    });
}

#[test]
fn document_locator_values_reach_the_evaluator_exactly_as_javascript_made_them() {
    run(|harness| async move {
        // NaN, -0, 2**60, undefined and integer-like object keys do not survive JSON; VWA's
        // Python sees them through Playwright and renders them with str().
        let target = |locator: &str, reference: &str| json!({"url": "last", "locator": locator, "required_contents": {"exact_match": reference}});
        let eval = json!({"eval_types": ["program_html"], "reference_answers": null, "reference_url": "",
        "program_html": [
            target("document.body && NaN", "nan"),
            target("document.body && -0", "-0.0"),
            target("document.body && 2 ** 60", "1152921504606847000"),
            target("document.body && 1e22", "1e+22"),
            target("document.body.dataset.missing", "None"),
            target("document.body && ({b: 1, 2: 'x', c: [true, null]})", "{'2': 'x', 'b': 1, 'c': [true, none]}"),
            target("[...document.querySelectorAll('a')].length > 0", "True"),
        ]});
        let gold = json!([{"action": "stop", "answer": ""}]);
        let context = task(harness, "actions.html", eval, gold);
        for (mode, expected) in [(EvalMode::Vwa, 1.0), (EvalMode::Correct, 0.0)] {
            let episode = harness
                .env
                .create_task_episode(context.clone(), ObserveOptions::default())
                .await
                .unwrap();
            let evaluation = episode.evaluate(Some(mode)).await.unwrap();
            let report = serde_json::to_string(&evaluation.evaluators).unwrap();
            assert_eq!(
                evaluation.outcome.score(),
                Some(expected),
                "{mode:?}: {report}"
            );
            let actual: Vec<&str> = evaluation.evaluators[0]
                .checks
                .iter()
                .map(|check| check.actual.as_str())
                .collect();
            let expected_text = match mode {
                EvalMode::Vwa => [
                    "nan",
                    "-0.0",
                    "1152921504606847000",
                    "1e+22",
                    "None",
                    "{'2': 'x', 'b': 1, 'c': [True, None]}",
                    "True",
                ],
                _ => [
                    "NaN",
                    "0",
                    "1152921504606847000",
                    "1e+22",
                    "undefined",
                    r#"{"2":"x","b":1,"c":[true,null]}"#,
                    "true",
                ],
            };
            assert_eq!(actual, expected_text, "{mode:?}");
            episode.close().await.unwrap();
        }
    });
}

#[test]
fn where_vwa_raises_vwa_mode_refuses_to_score_and_correct_mode_scores() {
    run(|harness| async move {
        // required_values turns VWA's answer into an int; the must_include after it raises.
        let eval = json!({"eval_types": ["string_match"], "reference_url": "", "program_html": [],
            "reference_answers": {"required_values": [">= 40"], "must_include": ["42"]}});
        let gold = json!([{"action": "stop", "answer": "42"}]);
        let context = task(harness, "actions.html", eval, gold);
        let episode = harness
            .env
            .create_task_episode(context, ObserveOptions::default())
            .await
            .unwrap();
        step_outcome(&episode, "stop [42]").await;
        let error = episode.evaluate(Some(EvalMode::Vwa)).await.unwrap_err();
        match &error {
            agora::env::EnvError::Evaluation(evaluation) => {
                assert!(evaluation.is_vwa_raises(), "{evaluation}")
            }
            other => panic!("expected an evaluation error, got {other}"),
        }
        assert!(
            error.to_string().contains("VWA would not have scored"),
            "{error}"
        );
        let evaluation = episode.evaluate(Some(EvalMode::Correct)).await.unwrap();
        assert_eq!(evaluation.outcome.score(), Some(1.0));
        episode.close().await.unwrap();
    });
}

#[test]
fn page_image_query_compares_page_images_by_ssim() {
    run(|harness| async move {
        let query = |reference: &str| {
            json!({"eval_types": ["page_image_query"], "reference_answers": null, "reference_url": "",
                "program_html": [], "page_image_query": [{"eval_image_url": "last", "eval_image_class": ".item-photos",
                "eval_fuzzy_image_match": reference, "ssim_threshold": 0.9}]})
        };
        let uploads = crate::support::fixture_dir().join("uploads");
        let same = task_in(harness, uploads.clone(), "gallery.html", query("red.png"));
        assert_eq!(score_after(harness, same, &["stop []"]).await, Some(1.0));
        let different = task_in(harness, uploads, "gallery.html", query("blue.png"));
        assert_eq!(
            score_after(harness, different, &["stop []"]).await,
            Some(0.0)
        );
        let served = task(
            harness,
            "gallery.html",
            query(&harness.url("uploads/red.png")),
            json!([]),
        );
        assert_eq!(
            score_after(harness, served, &["stop []"]).await,
            Some(1.0),
            "references by URL work too"
        );
    });
}

#[test]
fn string_match_scores_the_stop_answer_and_vqa_needs_a_judge() {
    run(|harness| async move {
        let eval = json!({"eval_types": ["string_match"], "reference_answers": {"must_include": ["$250 |OR| 250 dollars"]},
            "reference_url": "", "program_html": []});
        let context = task(harness, "gallery.html", eval, json!([]));
        assert_eq!(
            score_after(harness, context.clone(), &["stop [It costs $250.]"]).await,
            Some(1.0)
        );
        assert_eq!(
            score_after(harness, context, &["stop [$25]"]).await,
            Some(0.0)
        );
        let vqa = json!({"eval_types": ["page_image_query"], "reference_answers": null, "reference_url": "",
            "program_html": [], "page_image_query": [{"eval_image_url": "last", "eval_image_class": "",
            "eval_vqa": [{"question": "Is the square red? (yes/no)", "answer": "yes"}]}]});
        let context = task(harness, "gallery.html", vqa, json!([]));
        assert_eq!(
            score_after(harness, context, &["stop []"]).await,
            None,
            "no vision judge configured: needs_judge, not 0 or 1"
        );
    });
}

#[test]
fn gold_steps_that_miss_their_element_are_reported_as_broken() {
    run(|harness| async move {
        let eval = json!({"eval_types": ["url_match"], "reference_answers": null,
            "reference_url": harness.url("other.html"), "program_html": []});
        let gold = json!([{"action": "click", "target": {"text": "No such link"}}, {"action": "stop", "answer": ""}]);
        let checks = check_tasks(
            &harness.env,
            vec![task(harness, "actions.html", eval, gold)],
            1,
        )
        .await;
        assert!(!checks[0].passed());
        assert!(
            checks[0].describe().contains("no marked element matches"),
            "{}",
            checks[0].describe()
        );
    });
}

#[test]
fn evaluators_see_the_page_without_agora_marks() {
    run(|harness| async move {
        let eval = json!({"eval_types": ["program_html"], "reference_answers": null, "reference_url": "",
        "program_html": [
            {"url": "last", "locator": "", "required_contents": {"must_exclude": ["data-agora-som", "__agora_overlay"]}},
            {"url": "last", "locator": "document.body.outerHTML", "required_contents": {"must_exclude": ["data-agora-som"]}}
        ]});
        let context = task(harness, "actions.html", eval, json!([]));
        assert_eq!(
            score_after(harness, context, &["scroll [down]", "scroll [up]"]).await,
            Some(1.0)
        );
    });
}

#[test]
fn tasks_check_replays_decoys_and_fails_a_task_that_accepts_one() {
    run(|harness| async move {
        // `GOLD in PRED` on `other.html`: a decoy on `other.html?from=link` is wrongly accepted,
        // one on `index.html` is rightly refused.
        let eval = json!({"eval_types": ["url_match"], "reference_answers": null,
            "reference_url": harness.url("other.html"), "program_html": [], "url_note": "GOLD in PRED"});
        let gold = json!([{"action": "goto", "url": harness.url("other.html")}, {"action": "stop", "answer": ""}]);
        let decoyed = |decoys: Value| {
            with_decoys(
                task(harness, "actions.html", eval.clone(), gold.clone()),
                decoys,
            )
        };
        let refused = decoyed(json!([{"why": "the index page",
            "steps": [{"action": "goto", "url": harness.url("index.html")}, {"action": "stop", "answer": ""}]}]));
        let accepted = decoyed(json!([{"why": "a link with a query",
            "steps": [{"action": "click", "target": {"text": "Go to other"}}, {"action": "stop", "answer": ""}]}]));
        let checks = check_tasks(&harness.env, vec![refused, accepted], 1).await;
        let report: Vec<String> = checks.iter().map(|check| check.describe()).collect();
        let refused = checks
            .iter()
            .find(|check| check.decoys[0].0 == "the index page")
            .unwrap();
        assert!(refused.passed(), "{report:?}");
        assert!(refused.describe().contains("decoys 0.00"), "{report:?}");
        let accepted = checks
            .iter()
            .find(|check| check.decoys[0].0 == "a link with a query")
            .unwrap();
        assert!(
            !accepted.passed(),
            "a decoy that scores 1 fails the check: {report:?}"
        );
        assert!(accepted.describe().contains("decoys 1.00"), "{report:?}");
    });
}

/// `context` with `decoys` (VWA-format decoy objects) in its `agora` block.
fn with_decoys(mut context: agora::env::TaskContext, decoys: Value) -> agora::env::TaskContext {
    let mut task = (*context.task).clone();
    task.agora.as_mut().unwrap().decoys = serde_json::from_value(decoys).unwrap();
    context.task = std::sync::Arc::new(task);
    context
}

#[test]
fn stops_at_the_start_are_scored_on_the_gold_episode_and_still_fail_what_they_should() {
    run(|harness| async move {
        // An answer-only task: the empty stop and the answer-only decoy are scored at the gold
        // episode's start state, the decoy that begins with a `goto` on the same episode after
        // the gold (it reaches the right answer, so it is accepted and the check fails).
        let eval = json!({"eval_types": ["string_match"], "reference_url": "", "program_html": [],
            "reference_answers": {"exact_match": "42"}});
        let gold = json!([{"action": "goto", "url": harness.url("other.html")},
            {"action": "stop", "answer": "42"}]);
        let answered = with_decoys(
            task(harness, "actions.html", eval, gold),
            json!([{"why": "another number", "steps": [{"action": "stop", "answer": "41"}]},
                {"why": "a detour to the right number", "steps": [
                    {"action": "goto", "url": harness.url("index.html")},
                    {"action": "stop", "answer": "42"}]}]),
        );
        // A URL task whose reference is its own start page: an empty stop at the start state
        // passes it, and the check says so.
        let eval = json!({"eval_types": ["url_match"], "reference_answers": null, "program_html": [],
            "reference_url": harness.url("actions.html")});
        let gold = json!([{"action": "stop", "answer": ""}]);
        let trivial = task(harness, "actions.html", eval, gold);
        // A task whose evaluation navigates and whose gold does not begin with a `goto`:
        // every run in its own episode.
        let eval = json!({"eval_types": ["program_html"], "reference_answers": null, "reference_url": "",
            "program_html": [{"url": harness.url("other.html"), "locator": "document.title",
                "required_contents": {"must_include": ["never there"]}}]});
        let gold = json!([{"action": "stop", "answer": ""}]);
        let navigating = task(harness, "actions.html", eval, gold);
        // An AES task, measured in a private tab: its empty stop (the blank workspace) is
        // scored at the gold episode's start too, and still fails.
        let target = webui::targets::named("notfound").unwrap();
        let manifest = target.manifest().unwrap();
        let rebuilt = harness
            .env
            .inline_task(&json!({
                "sites": ["webui"], "task_id": 2, "require_login": false,
                "start_url": "__WEBUI__/workspace/", "intent": manifest.description,
                "viewport_size": {"width": 1920, "height": 1080},
                "eval": {"eval_types": ["aes"], "aes": {"target": target.name,
                    "interactions": manifest.interactions, "pass_threshold": 0.9}},
                "agora": {"gold": [
                    {"action": "write_html", "content": target.html},
                    {"action": "write_css", "content": target.css},
                    {"action": "write_javascript", "content": target.javascript},
                    {"action": "stop", "answer": ""}]}
            }))
            .unwrap();

        // A task whose evaluation reads the agent's page and whose gold begins with a `goto`:
        // the empty stop is scored at the start (on the start page, as a fresh episode's
        // would be), the gold still replays from its own first page, and its decoy follows
        // the gold on the same episode.
        let eval = json!({"eval_types": ["program_html"], "reference_answers": null, "reference_url": "",
            "program_html": [{"url": "last", "locator": "document.location.pathname",
                "required_contents": {"must_include": ["other.html"]}}]});
        let gold = json!([{"action": "goto", "url": harness.url("other.html")},
            {"action": "stop", "answer": ""}]);
        let reading = with_decoys(
            task(harness, "actions.html", eval, gold),
            json!([{"why": "the index page", "steps": [
                {"action": "goto", "url": harness.url("index.html")},
                {"action": "stop", "answer": ""}]}]),
        );

        let checks = check_tasks(
            &harness.env,
            vec![answered, trivial, navigating, rebuilt, reading],
            1,
        )
        .await;
        let report: Vec<String> = checks.iter().map(|check| check.describe()).collect();
        let answered = &checks[0];
        assert_eq!(
            answered.episodes, 1,
            "every run on the gold's episode: {report:?}"
        );
        assert!(
            answered
                .describe()
                .contains("empty stop 0.00  decoys 0.00, 1.00"),
            "{report:?}"
        );
        assert!(
            !answered.passed(),
            "the detour decoy is accepted: {report:?}"
        );
        let trivial = &checks[1];
        assert_eq!(trivial.episodes, 1, "{report:?}");
        assert!(trivial.describe().contains("empty stop 1.00"), "{report:?}");
        assert!(!trivial.passed(), "an empty stop passes it: {report:?}");
        let navigating = &checks[2];
        assert_eq!(navigating.episodes, 2, "gold and empty stop: {report:?}");
        assert!(!navigating.passed(), "the gold scores 0 here: {report:?}");
        let rebuilt = &checks[3];
        assert_eq!(rebuilt.episodes, 1, "{report:?}");
        assert!(
            rebuilt.describe().contains("gold 1.00  empty stop 0.00"),
            "{report:?}"
        );
        assert!(rebuilt.passed(), "{report:?}");
        let reading = &checks[4];
        assert_eq!(reading.episodes, 1, "{report:?}");
        assert!(
            reading
                .describe()
                .contains("gold 1.00  empty stop 0.00  decoys 0.00"),
            "{report:?}"
        );
        assert!(reading.passed(), "{report:?}");
    });
}

#[test]
fn decoys_after_a_gold_that_changed_site_data_run_in_episodes_of_their_own() {
    run(|harness| async move {
        // Two answer-only forum tasks with the same decoy; one gold only browses, the other
        // upvotes a post on its way (a write to the tenant's forum data).
        let forum_task = |gold: Value| {
            let config = json!({
                "sites": ["reddit"], "task_id": 901, "require_login": true,
                "start_url": "__REDDIT__/f/pics/top?t=all", "intent": "test",
                "eval": {"eval_types": ["string_match"], "reference_url": "", "program_html": [],
                    "reference_answers": {"exact_match": "pics"}},
                "agora": {"gold": gold, "decoys": [{"why": "another forum", "steps": [
                    {"action": "goto", "url": format!("{}/f/pics/new", harness.site("forum"))},
                    {"action": "stop", "answer": "not pics"}]}]}
            });
            harness.env.inline_task(&config).expect("the task parses")
        };
        let top = format!("{}/f/pics/top?t=all", harness.site("forum"));
        let browsing = forum_task(json!([{"action": "goto", "url": top},
            {"action": "stop", "answer": "pics"}]));
        let voting = forum_task(json!([{"action": "goto", "url": top},
            {"action": "click", "target": {"css": "div.submission__vote .vote__up"}},
            {"action": "stop", "answer": "pics"}]));
        let checks = check_tasks(&harness.env, vec![browsing, voting], 1).await;
        let report: Vec<String> = checks.iter().map(|check| check.describe()).collect();
        for check in &checks {
            assert!(check.passed(), "{report:?}");
            assert!(check.describe().contains("decoys 0.00"), "{report:?}");
        }
        assert_eq!(
            checks[0].episodes, 1,
            "the decoy follows the gold: {report:?}"
        );
        assert_eq!(
            checks[1].episodes, 2,
            "after a vote, the decoy starts afresh: {report:?}"
        );
        // The forum page they start at writes nothing and plants nothing, so each episode
        // opens at the page its run's first `goto` loads.
        assert_eq!(checks[0].at_first_page, 1, "{report:?}");
        assert_eq!(checks[1].at_first_page, 2, "{report:?}");
    });
}

#[test]
fn runs_open_at_their_first_page_only_after_a_start_that_leaves_nothing() {
    run(|harness| async move {
        // The same answer-only task three times: from a start that leaves nothing, from one
        // that sets a cookie, and from one that keeps a storage entry.
        let from = |start: &str| {
            let eval = json!({"eval_types": ["string_match"], "reference_url": "", "program_html": [],
                "reference_answers": {"exact_match": "42"}});
            let gold = json!([{"action": "goto", "url": harness.url("other.html")},
                {"action": "click", "target": {"text": "Back to actions"}},
                {"action": "stop", "answer": "42"}]);
            task(harness, start, eval, gold)
        };
        let starts = [
            "actions.html",
            "leaves.html?leave=cookie",
            "leaves.html?leave=storage",
        ];
        let checks = check_tasks(
            &harness.env,
            starts.iter().map(|start| from(start)).collect(),
            1,
        )
        .await;
        let report: Vec<String> = checks.iter().map(|check| check.describe()).collect();
        for check in &checks {
            assert!(check.passed(), "{report:?}");
            assert_eq!(check.episodes, 1, "{report:?}");
        }
        let opened: Vec<usize> = checks.iter().map(|check| check.at_first_page).collect();
        assert_eq!(
            opened,
            [1, 0, 0],
            "only the start that leaves nothing is skipped: {report:?}"
        );

        // Opened at its first page, a run is still replayed through the page: a gold whose
        // click finds nothing there still breaks.
        let eval = json!({"eval_types": ["string_match"], "reference_url": "", "program_html": [],
            "reference_answers": {"exact_match": "42"}});
        let gold = json!([{"action": "goto", "url": harness.url("other.html")},
            {"action": "click", "target": {"text": "No such link"}},
            {"action": "stop", "answer": "42"}]);
        let missing = task(harness, "actions.html", eval, gold);
        let checks = check_tasks(&harness.env, vec![missing], 1).await;
        let report = checks[0].describe();
        assert_eq!(checks[0].at_first_page, 1, "{report}");
        assert!(!checks[0].passed(), "{report}");
        assert!(
            report.contains("step 2: no marked element matches"),
            "steps are numbered as the task numbers them, the opening's goto first: {report}"
        );
    });
}

/// A task kept in a folder only its owner can read (a `mktemp -d` folder, root's home): its
/// input image still uploads, since the browser gets a copy it can read, and its gold passes.
#[test]
fn an_upload_task_passes_from_a_folder_only_its_owner_can_read() {
    run(|harness| async move {
        use std::os::unix::fs::PermissionsExt;
        let folder = tempfile::tempdir().unwrap();
        std::fs::set_permissions(folder.path(), std::fs::Permissions::from_mode(0o700)).unwrap();
        let red = std::fs::read(crate::support::fixture_dir().join("uploads/red.png")).unwrap();
        std::fs::write(folder.path().join("red.png"), &red).unwrap();
        let config = json!({
            "sites": ["fixtures"], "task_id": 1, "require_login": false,
            "start_url": harness.url("actions.html"), "image": "red.png",
            "intent": "Attach the picture", "intent_template": "", "instantiation_dict": {},
            "require_reset": false,
            "eval": {"eval_types": ["program_html"], "reference_answers": null, "reference_url": "",
                "program_html": [{"url": "last",
                    "locator": "document.getElementById('photo').files[0]?.size ?? 0",
                    "required_contents": {"exact_match": red.len().to_string()}}]},
            "agora": {"gold": [
                {"action": "upload", "file": 0, "target": {"css": "#photo"}},
                {"action": "stop", "answer": ""}
            ]}
        });
        let (_, task) = evaluators::task::load_str(
            &config.to_string(),
            &harness.env.site_urls(),
            &folder.path().join("task.json"),
        )
        .expect("the task parses")
        .remove(0);
        let context = agora::env::TaskContext {
            name: agora::env::TaskName::new("fixtures/1"),
            task: std::sync::Arc::new(task),
            dir: folder.path().to_owned(),
        };
        let checks = check_tasks(&harness.env, vec![context], 1).await;
        assert!(checks[0].passed(), "{}", checks[0].describe());
    });
}

#[test]
fn decoys_after_a_gold_that_set_a_cookie_or_stored_an_entry_run_in_episodes_of_their_own() {
    run(|harness| async move {
        // The same answer-only task with a decoy that could follow the gold: one gold only
        // browses; the others load a page that sets a cookie or keeps a storage entry.
        let through = |page: &str| {
            let eval = json!({"eval_types": ["string_match"], "reference_url": "", "program_html": [],
                "reference_answers": {"exact_match": "42"}});
            // The gold opens at its first page; what its second page leaves is the change.
            let gold = json!([{"action": "goto", "url": harness.url("other.html")},
                {"action": "goto", "url": harness.url(page)},
                {"action": "stop", "answer": "42"}]);
            let mut task = task(harness, "actions.html", eval, gold);
            let decoy = json!({"why": "another answer", "steps": [
                {"action": "goto", "url": harness.url("other.html")},
                {"action": "stop", "answer": "41"}]});
            let mut config = (*task.task).clone();
            config.agora.as_mut().expect("an agora block").decoys =
                vec![serde_json::from_value(decoy).expect("the decoy parses")];
            task.task = std::sync::Arc::new(config);
            task
        };
        let pages = [
            "actions.html",
            "leaves.html?leave=cookie",
            "leaves.html?leave=storage",
        ];
        let checks = check_tasks(
            &harness.env,
            pages.iter().map(|page| through(page)).collect(),
            1,
        )
        .await;
        let report: Vec<String> = checks.iter().map(|check| check.describe()).collect();
        for check in &checks {
            assert!(check.passed(), "{report:?}");
        }
        let episodes: Vec<usize> = checks.iter().map(|check| check.episodes).collect();
        let shown = episodes.clone();
        assert_eq!(
            episodes,
            [1, 2, 2],
            "only after a gold that left nothing does the decoy follow it: {shown:?} {report:?}"
        );
    });
}
