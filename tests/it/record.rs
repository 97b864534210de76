//! Recording a gold path (`agora tasks record`) in Chromium on the classifieds site: the
//! author's actions become steps with locators that are not marks, site URLs become
//! placeholders, and the recorded path replays to 1.0 as `agora tasks check` replays it.

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
