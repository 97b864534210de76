//! Recording a gold path (`agora tasks record`, and from the debugger) in Chromium on the
//! classifieds site: the author's actions become steps with locators that are not marks, site
//! URLs become placeholders (and may be written as placeholders), and the recorded path
//! replays to 1.0 as `agora tasks check` replays it.

use crate::support::step_outcome;
use crate::support::{Harness, close, js, no_eval, run, site_episode, som_id};
use agora::gold::{GoldRecorder, RecordError, check_tasks};
use agora::observe::ObserveOptions;
use evaluators::task::Locator;
use serde_json::json;

/// The id and title of the first listing on the search page.
async fn first_listing(harness: &Harness) -> (u64, String) {
    let probe = site_episode(
        &harness.env,
        "classifieds",
        "/index.php?page=search",
        no_eval(),
        false,
    )
    .await;
    let found = js(
        &probe,
        "(() => { const a = document.querySelector('a.title'); return [a.getAttribute('href'), a.textContent.trim()]; })()",
    )
    .await;
    close(&probe).await;
    let href = found[0].as_str().unwrap();
    let id = href.rsplit("id=").next().unwrap().parse().unwrap();
    (id, found[1].as_str().unwrap().to_owned())
}

#[test]
fn a_recorded_gold_path_uses_robust_locators_and_replays_to_one() {
    run(|harness| async move {
        let (id, title) = first_listing(harness).await;
        let mut task = json!({
            "sites": ["classifieds"], "task_id": 901, "require_login": false,
            "start_url": "__CLASSIFIEDS__", "intent": format!("Open the listing \"{title}\"."),
            "intent_template": "", "instantiation_dict": {}, "require_reset": false,
            "eval": {"eval_types": ["url_match"], "reference_answers": null, "program_html": [],
                     "reference_url": format!("__CLASSIFIEDS__/index.php?page=item&id={id}"),
                     "url_note": "EXACT"}
        });
        let context = harness.env.inline_task(&task).unwrap();
        let episode = harness
            .env
            .create_task_episode(context, ObserveOptions::default())
            .await
            .unwrap();
        let mut recorder = GoldRecorder::new(episode.clone(), harness.env.site_urls());
        // The author acts as an agent would: by the marks on the current screenshot.
        let base = harness.site("classifieds");
        recorder
            .act(&format!("goto [{base}/index.php?page=search]"))
            .await
            .unwrap();
        let search = som_id(&episode, "header input[name=sPattern]").await;
        recorder
            .act(&format!("type [{search}] [{title}] [1]"))
            .await
            .unwrap();
        let listing = som_id(&episode, &format!("a.title[href$='page=item&id={id}']")).await;
        recorder.act(&format!("click [{listing}]")).await.unwrap();
        // Coordinates and unknown marks are refused, and the path is unchanged by them.
        assert!(matches!(
            recorder.act("mouse_click [10] [10]").await,
            Err(RecordError::Positional(_))
        ));
        assert!(matches!(
            recorder.act("click [99999]").await,
            Err(RecordError::NoElement(99999))
        ));
        recorder.act("stop []").await.unwrap();
        assert!(recorder.finished());
        assert!(matches!(
            recorder.act("stop []").await,
            Err(RecordError::Finished)
        ));
        close(&episode).await;

        let steps = recorder.steps().to_vec();
        let actions: Vec<&str> = steps.iter().map(|step| step.action.as_str()).collect();
        assert_eq!(actions, ["goto", "type", "click", "stop"]);
        for step in &steps {
            assert!(
                !step.args.contains_key("id"),
                "a mark was recorded: {step:?}"
            );
            if let Some(Locator::Css { css }) = &step.target {
                assert!(
                    !css.contains("data-agora-som") && !css.contains("nth"),
                    "a positional selector was recorded: {css}"
                );
            }
        }
        assert_eq!(
            steps[0].args["url"],
            json!("__CLASSIFIEDS__/index.php?page=search")
        );
        assert!(steps[1].target.is_some() && steps[2].target.is_some());
        assert_eq!(steps[1].args["text"], json!(title));

        // Proven as `agora tasks check` proves it: gold 1.0, an empty stop 0.
        task["agora"] = json!({"gold": steps});
        let recorded = harness.env.inline_task(&task).unwrap();
        let checks = check_tasks(&harness.env, vec![recorded], 1).await;
        assert!(checks[0].passed(), "{}", checks[0].describe());
        assert!(
            checks[0].describe().contains("gold 1.00"),
            "{}",
            checks[0].describe()
        );
    });
}

#[test]
fn placeholders_name_sites_in_actions_and_unknown_ones_are_refused() {
    run(|harness| async move {
        let task = json!({
            "sites": ["classifieds"], "task_id": 902, "require_login": false,
            "start_url": "__CLASSIFIEDS__", "intent": "Open the search page.",
            "intent_template": "", "instantiation_dict": {}, "require_reset": false,
            "eval": {"eval_types": ["url_match"], "reference_answers": null, "program_html": [],
                     "reference_url": "__CLASSIFIEDS__/index.php?page=search", "url_note": "EXACT"}
        });
        let context = harness.env.inline_task(&task).unwrap();
        let episode = harness
            .env
            .create_task_episode(context, ObserveOptions::default())
            .await
            .unwrap();
        let mut recorder = GoldRecorder::new(episode.clone(), harness.env.site_urls());
        let refused = recorder.act("goto [__CLASIFIEDS__/index.php]").await;
        match refused {
            Err(RecordError::UnknownPlaceholder { placeholder, valid }) => {
                assert_eq!(placeholder, "__CLASIFIEDS__");
                assert!(valid.contains("__CLASSIFIEDS__"), "{valid}");
            }
            other => panic!("not refused by name: {other:?}"),
        }
        assert!(recorder.steps().is_empty());
        let step = recorder
            .act("goto [__CLASSIFIEDS__/index.php?page=search]")
            .await
            .unwrap();
        assert_eq!(
            step.args["url"],
            json!("__CLASSIFIEDS__/index.php?page=search")
        );
        let url = crate::support::observation(&episode).await.url;
        assert_eq!(
            url,
            format!("{}/index.php?page=search", harness.site("classifieds"))
        );
        close(&episode).await;
    });
}

#[test]
fn the_debugger_records_a_gold_path_and_saves_it_into_the_task_file() {
    run(|harness| async move {
        let dir = tempfile::tempdir().unwrap();
        let file = dir.path().join("903.json");
        let task = json!({
            "sites": ["classifieds"], "task_id": 903, "require_login": false,
            "start_url": "__CLASSIFIEDS__", "intent": "Open the search page.",
            "intent_template": "", "instantiation_dict": {}, "require_reset": false,
            "eval": {"eval_types": ["url_match"], "reference_answers": null, "program_html": [],
                     "reference_url": "__CLASSIFIEDS__/index.php?page=search", "url_note": "EXACT"},
            "notes": "kept as it is"
        });
        std::fs::write(&file, serde_json::to_vec_pretty(&task).unwrap()).unwrap();
        let state = agora::viewer::ViewerState::follow(harness.env.events())
            .with_recordings(harness.env.clone());
        let recordings = state.recordings().unwrap().clone();
        let base = crate::run::serve_allowed(harness, agora::viewer::router(state, None)).await;
        let context = agora::gold::load_task(&harness.env, &file).unwrap();
        let view = recordings.start_task(context).await.unwrap();
        assert!(view.file.is_some(), "the task has a file of its own");
        // The debugger's page drives it: an action typed into its recorder, a real click.
        let watcher = harness
            .try_open(agora::env::EpisodeSpec {
                start_urls: vec![format!("{base}/viewer?episode={}", view.episode_id)],
                ..Default::default()
            })
            .await
            .unwrap();
        crate::run::eventually("the recorder is shown on its episode", async || {
            js(&watcher, "!document.getElementById('recorder').hidden").await == json!(true)
        })
        .await;
        for action in ["goto [__CLASSIFIEDS__/index.php?page=search]", "stop []"] {
            js(
                &watcher,
                &format!("(() => {{ document.getElementById('record-action').value = {action:?}; return true; }})()"),
            )
            .await;
            crate::support::observe(&watcher, ObserveOptions::default()).await;
            let act = som_id(&watcher, "#record-act").await;
            let clicked = step_outcome(&watcher, &format!("click [{act}]")).await;
            assert!(clicked.error.is_none(), "{:?}", clicked.error);
            crate::run::eventually("the action is recorded", async || {
                js(
                    &watcher,
                    "document.querySelectorAll('#record-steps li').length",
                )
                .await
                    == json!(if action.starts_with("goto") { 1 } else { 2 })
            })
            .await;
        }
        crate::support::observe(&watcher, ObserveOptions::default()).await;
        let save = som_id(&watcher, "#record-save").await;
        let clicked = step_outcome(&watcher, &format!("click [{save}]")).await;
        assert!(clicked.error.is_none(), "{:?}", clicked.error);
        crate::run::eventually("the path is saved and proven", async || {
            js(&watcher, "document.getElementById('summary').textContent")
                .await
                .as_str()
                .is_some_and(|text| {
                    text.contains("Saved the gold path") && text.contains("proven: ")
                })
        })
        .await;
        let summary = js(&watcher, "document.getElementById('summary').textContent").await;
        assert!(
            !summary.as_str().unwrap().contains("NOT proven"),
            "{summary}"
        );
        close(&watcher).await;
        let written: serde_json::Value =
            serde_json::from_slice(&std::fs::read(&file).unwrap()).unwrap();
        assert_eq!(
            written["notes"], "kept as it is",
            "every other field is kept"
        );
        let gold = written["agora"]["gold"].as_array().unwrap();
        assert_eq!(gold.len(), 2);
        assert_eq!(gold[0]["action"], "goto");
        assert_eq!(gold[0]["url"], "__CLASSIFIEDS__/index.php?page=search");
        assert_eq!(gold[1]["action"], "stop");
        assert!(recordings.view(&view.episode_id).await.is_err(), "it ended");
        let unfinished = recordings.save(&view.episode_id).await;
        assert!(
            matches!(unfinished, Err(agora::viewer::RecordingError::Unknown(_))),
            "{unfinished:?}"
        );
    });
}
