//! The classifieds site driven through real episodes in Chromium: search, comment, post with
//! a photo, tenant isolation between parallel episodes, and reset.

use crate::support::{close, no_eval, observation, run, score, site_episode, som_id, step_ok};
use agora::env::{EpisodeHandle, EpisodeSpec, Tenancy};
use serde_json::json;
use std::sync::Arc;

/// An episode on the site, logged in as the default account, with a photo to upload.
async fn episode(env: &agora::env::Environment, start: &str) -> EpisodeHandle {
    episode_with_eval(env, start, no_eval()).await
}

/// An episode whose task evaluates with `eval` (placeholders allowed).
async fn episode_with_eval(
    env: &agora::env::Environment,
    start: &str,
    eval: serde_json::Value,
) -> EpisodeHandle {
    site_episode(env, "classifieds", start, eval, true).await
}

async fn som_text(episode: &EpisodeHandle) -> String {
    observation(episode).await.som_text()
}

/// Posts a listing with the task's input image as its photo; returns nothing, leaves the
/// episode on the new listing's page.
async fn post_listing(episode: &EpisodeHandle, title: &str) {
    let url = observation(episode).await.url.clone();
    let base = url
        .split("/index.php")
        .next()
        .unwrap()
        .trim_end_matches('/')
        .to_owned();
    step_ok(
        episode,
        &format!("goto [{base}/index.php?page=item&action=item_add]"),
    )
    .await;
    let category = som_id(episode, "#category").await;
    step_ok(episode, &format!("select [{category}] [Bicycles]")).await;
    let title_field = som_id(episode, "#title").await;
    step_ok(episode, &format!("type [{title_field}] [{title}] [0]")).await;
    let description = som_id(episode, "#description").await;
    step_ok(
        episode,
        &format!("type [{description}] [Barely used, collect in person.] [0]"),
    )
    .await;
    let city_name = episode
        .browser()
        .await
        .unwrap()
        .execute(
            "return document.querySelector('#city option:not([value=\"\"])').textContent;",
            vec![],
        )
        .await
        .unwrap();
    let city = som_id(episode, "#city").await;
    step_ok(
        episode,
        &format!("select [{city}] [{}]", city_name.as_str().unwrap()),
    )
    .await;
    let price = som_id(episode, "#price").await;
    step_ok(episode, &format!("type [{price}] [123] [0]")).await;
    let photos = som_id(episode, "#photos").await;
    step_ok(episode, &format!("upload [{photos}] [0]")).await;
    let publish = som_id(episode, "button.btn-publish").await;
    step_ok(episode, &format!("click [{publish}]")).await;
    let text = som_text(episode).await;
    assert!(
        text.contains(title),
        "the new listing's page shows its title: {text}"
    );
}

async fn search(episode: &EpisodeHandle, words: &str) -> String {
    let field = som_id(episode, "input[name=sPattern]").await;
    step_ok(episode, &format!("type [{field}] [{words}] [1]")).await;
    som_text(episode).await
}

#[test]
fn search_open_a_listing_and_comment_on_it() {
    run(|harness| async move {
        let env = &harness.env;
        let episode = episode(env, "/").await;
        let title: String = {
            let title = episode
                .browser()
                .await
                .unwrap()
                .execute("return document.querySelector(\"a.title[href*='page=item&id=']\").textContent.trim();", vec![])
                .await
                .unwrap();
            title.as_str().unwrap().to_owned()
        };
        assert!(
            title.len() > 3,
            "a listing title on the home page: `{title}`"
        );
        let results = search(&episode, &title).await;
        assert!(
            results.contains(&title),
            "search finds `{title}`: {results}"
        );
        let link = observation(&episode)
            .await
            .elements
            .iter()
            .find(|element| element.tag == "a" && element.name == title)
            .map(|element| element.id)
            .unwrap_or_else(|| panic!("a result link named `{title}`: {results}"));
        step_ok(&episode, &format!("click [{link}]")).await;
        let now = som_text(&episode).await;
        let url = observation(&episode).await.url.clone();
        assert!(
            url.contains("page=item&id="),
            "clicking [{link}] opens the listing, at {url}: {now}\nresults were {results}"
        );
        let comment_title = som_id(&episode, "#comment-title").await;
        step_ok(&episode, &format!("type [{comment_title}] [Question] [0]")).await;
        let body = som_id(&episode, "#comment-body").await;
        step_ok(
            &episode,
            &format!("type [{body}] [Is the price negotiable?] [0]"),
        )
        .await;
        let send = som_id(&episode, ".comment-form button[type=submit]").await;
        step_ok(&episode, &format!("click [{send}]")).await;
        let heading = episode.browser().await.unwrap().execute("return [...document.querySelectorAll('.comments_list h3')].map((h) => h.textContent.trim());", vec![])
            .await
            .unwrap();
        assert!(
            heading
                .as_array()
                .unwrap()
                .iter()
                .any(|h| h == "Question by Blake Sullivan"),
            "the comment shows with VWA's heading: {heading}"
        );
        close(&episode).await;
    });
}

#[test]
fn parallel_episodes_post_listings_each_sees_only_its_own_and_reset_drops_them() {
    run(|harness| async move {
        let env = &harness.env;
        let first = episode(env, "/").await;
        let second = episode(env, "/").await;
        let (first_title, second_title) = ("Agora zebra bicycle one", "Agora zebra bicycle two");
        tokio::join!(
            post_listing(&first, first_title),
            post_listing(&second, second_title)
        );
        // The uploaded photo is served from the tenant's store and is a real image.
        let photo = first.browser().await.unwrap().execute(
                "const img = document.querySelector('.item-photos img'); return img && img.complete ? img.naturalWidth : 0;",
                vec![],
            )
            .await
            .unwrap();
        assert!(
            photo.as_u64().unwrap() > 0,
            "the uploaded photo loads on the listing page"
        );
        let seen_by_first = search(&first, "zebra bicycle").await;
        let seen_by_second = search(&second, "zebra bicycle").await;
        assert!(
            seen_by_first.contains(first_title) && !seen_by_first.contains(second_title),
            "{seen_by_first}"
        );
        assert!(
            seen_by_second.contains(second_title) && !seen_by_second.contains(first_title),
            "{seen_by_second}"
        );
        close(&first).await;
        close(&second).await;
        let fresh = episode(env, "/").await;
        let seen = search(&fresh, "zebra bicycle").await;
        assert!(
            !seen.contains(first_title) && !seen.contains(second_title),
            "a fresh tenant has neither: {seen}"
        );
        close(&fresh).await;
    });
}

#[test]
fn evaluators_read_comments_prices_and_photos_of_the_site() {
    run(|harness| async move {
        let env = &harness.env;
        let eval = json!({
            "eval_types": ["program_html", "page_image_query"], "reference_answers": null, "reference_url": "",
            "program_html": [
                {"url": "last", "locator": "func:get_query_text(__page__, '.comments_list')",
                 "required_contents": {"must_include": ["Great lamp by Blake Sullivan"]}},
                {"url": "last", "locator": "document.querySelector('.price').outerText",
                 "required_contents": {"must_include": ["$"]}},
                {"url": "__CLASSIFIEDS__/index.php?page=item&id=999999", "locator": "",
                 "required_contents": {"must_include": ["404"]}}
            ],
            "page_image_query": [{"eval_image_url": "__CLASSIFIEDS__/index.php?page=item&id=3",
                "eval_image_class": ".item-photos",
                "eval_fuzzy_image_match": "__CLASSIFIEDS__/oc-content/uploads/0/PHOTO.png", "ssim_threshold": 0.95}]
        });
        // The reference photo is the first photo of listing 3, read from the page itself.
        let probe = episode(env, "/index.php?page=item&id=3").await;
        let photo = probe
            .browser()
            .await
            .unwrap()
            .execute(
                "return document.querySelector('.item-photos img').getAttribute('src');",
                vec![],
            )
            .await
            .unwrap();
        close(&probe).await;
        let photo_name = photo
            .as_str()
            .unwrap()
            .rsplit('/')
            .next()
            .unwrap()
            .to_owned();
        let eval: serde_json::Value =
            serde_json::from_str(&eval.to_string().replace("PHOTO.png", &photo_name)).unwrap();

        let episode = episode_with_eval(env, "/index.php?page=item&id=1", eval).await;
        let comment_title = som_id(&episode, "#comment-title").await;
        step_ok(
            &episode,
            &format!("type [{comment_title}] [Great lamp] [0]"),
        )
        .await;
        let body = som_id(&episode, "#comment-body").await;
        step_ok(&episode, &format!("type [{body}] [Works perfectly.] [0]")).await;
        let send = som_id(&episode, ".comment-form button[type=submit]").await;
        step_ok(&episode, &format!("click [{send}]")).await;
        let (score_after, report) = score(&episode).await;
        assert_eq!(score_after, Some(1.0), "{report}");
        close(&episode).await;

        // Without the comment the same evaluation fails, and says where.
        let untouched = episode_with_eval(env, "/index.php?page=item&id=1", serde_json::from_str(
            &json!({"eval_types": ["program_html"], "reference_answers": null, "reference_url": "",
                    "program_html": [{"url": "last", "locator": "func:get_query_text(__page__, '.comments_list')",
                                      "required_contents": {"must_include": ["Great lamp by Blake Sullivan"]}}]})
                .to_string(),
        ).unwrap()).await;
        assert_eq!(score(&untouched).await.0, Some(0.0));
        close(&untouched).await;
    });
}

#[test]
fn every_search_submitted_with_enter_is_observed_on_its_results_page() {
    run(|harness| async move {
        let env = &harness.env;
        let episode = episode(env, "/").await;
        for round in 0..12 {
            let words = ["lamp", "red bike", "sofa", "guitar"][round % 4];
            let field = som_id(&episode, "input[name=sPattern]").await;
            step_ok(&episode, &format!("type [{field}] [{words}] [1]")).await;
            let url = observation(&episode).await.url.clone();
            let expected = format!("sPattern={}", words.replace(' ', "+"));
            assert!(
                url.contains(&expected),
                "round {round}: the observation is of {url}, not the results for `{words}`"
            );
        }
        close(&episode).await;
    });
}

/// Comments on listing 1 of the episode's page with a title and a body.
async fn comment_on_listing(episode: &EpisodeHandle, title: &str, body: &str) {
    let title_field = som_id(episode, "#comment-title").await;
    step_ok(episode, &format!("type [{title_field}] [{title}] [0]")).await;
    let body_field = som_id(episode, "#comment-body").await;
    step_ok(episode, &format!("type [{body_field}] [{body}] [0]")).await;
    let send = som_id(episode, ".comment-form button[type=submit]").await;
    step_ok(episode, &format!("click [{send}]")).await;
}

#[test]
fn state_helpers_read_the_episodes_own_tenant() {
    run(|harness| async move {
        let env = &harness.env;
        let eval = json!({
            "eval_types": ["program_html"], "reference_answers": null, "reference_url": "",
            "program_html": [{"url": "last",
                "locator": "func:classifieds_get_latest_comment_content_by_username('1', 'Blake Sullivan')",
                "required_contents": {"exact_match": "Still available on Friday?"}}]
        });
        let episode = episode_with_eval(env, "/index.php?page=item&id=1", eval.clone()).await;
        assert_eq!(score(&episode).await.0, Some(0.0));
        comment_on_listing(&episode, "Pickup", "Still available on Friday?").await;
        // Evaluate from another page: the helper reads the tenant's data, not the page.
        step_ok(&episode, "go_back").await;
        let (after, report) = score(&episode).await;
        assert_eq!(after, Some(1.0), "{report}");
        assert!(report.contains("Still available on Friday?"), "{report}");
        // Another episode's tenant has no such comment.
        let other = episode_with_eval(env, "/", eval).await;
        assert_eq!(score(&other).await.0, Some(0.0));
        close(&episode).await;
        close(&other).await;
    });
}

#[test]
fn start_url_episodes_get_private_tenants_unless_they_ask_for_the_shared_one() {
    run(|harness| async move {
        let env = &harness.env;
        let item = format!("{}/index.php?page=item&id=2", harness.site("classifieds"));
        let open = |tenancy: Tenancy| {
            let item = item.clone();
            async move {
                env.create_episode(EpisodeSpec {
                    start_urls: vec![item],
                    tenancy,
                    logins: vec!["classifieds".into()],
                    ..EpisodeSpec::default()
                })
                .await
                .unwrap()
            }
        };
        let first = open(Tenancy::Private).await;
        let second = open(Tenancy::Private).await;
        comment_on_listing(&first, "Mine", "Only the first episode sees this").await;
        assert!(som_text(&first).await.contains("Mine by Blake Sullivan"));
        let reload = format!("goto [{item}]");
        step_ok(&second, &reload).await;
        assert!(!som_text(&second).await.contains("Mine by Blake Sullivan"));
        // The shared tenant is the one browsers without a tenant cookie see.
        let shared = open(Tenancy::Shared).await;
        comment_on_listing(&shared, "Shared", "Everyone sees this").await;
        let anonymous = reqwest::get(&item).await.unwrap().text().await.unwrap();
        assert!(anonymous.contains("Shared by Blake Sullivan"));
        assert!(!anonymous.contains("Mine by Blake Sullivan"));
        for episode in [&first, &second, &shared] {
            close(episode).await;
        }
    });
}

#[test]
fn a_repeated_start_is_opened_ahead_as_a_fresh_logged_in_tenant_of_its_own() {
    run(|harness| async move {
        let config = agora::config::Config {
            pool_size: 2,
            prepare: 1,
            trajectory_dir: None,
            task_dirs: Vec::new(),
            ..agora::config::Config::default()
        };
        let env = &agora::env::Environment::start_with_sites(
            Arc::new(config),
            agora::fence::AllowList::default(),
            Some(harness.sites.clone()),
        )
        .await
        .unwrap();
        let first = episode(env, "/").await;
        let second = episode(env, "/").await;
        assert!(!first.summary().await.start.prepared && !second.summary().await.start.prepared);
        let title = "Agora opened-ahead zebra";
        post_listing(&second, title).await;
        close(&second).await;
        // The second use of the start opened one ahead in the background.
        let mut ticks = tokio::time::interval(std::time::Duration::from_millis(50));
        for _ in 0..600 {
            if env.starts_ready() == 1 {
                break;
            }
            ticks.tick().await;
        }
        assert_eq!(
            env.starts_ready(),
            1,
            "a start was opened ahead within 30 s"
        );
        let third = episode(env, "/").await;
        assert!(
            third.summary().await.start.prepared,
            "the third start was opened ahead"
        );
        assert_eq!(env.starts_ready(), 0);
        let (start, fresh) = (som_text(&third).await, som_text(&first).await);
        assert!(
            start.contains("Logout"),
            "logged in as the task asks: {start}"
        );
        assert_eq!(
            start, fresh,
            "an opened-ahead start looks like one opened on request"
        );
        // Its tenant is fresh and its own: not the closed episode's, not the running one's.
        assert!(!search(&third, "opened-ahead zebra").await.contains(title));
        let own = "Agora opened-ahead quokka";
        post_listing(&third, own).await;
        assert!(!search(&first, "opened-ahead quokka").await.contains(own));
        for episode in [&first, &third] {
            close(episode).await;
        }
        env.shutdown().await;
        assert_eq!(env.starts_ready(), 0, "shutdown gives opened starts back");
    });
}

#[test]
fn every_visible_result_title_in_the_gallery_is_marked() {
    run(|harness| async move {
        let env = &harness.env;
        let episode = episode(env, "/index.php?page=search&sShowAs=gallery").await;
        let titles = episode.browser().await.unwrap().execute(
                "return [...document.querySelectorAll('a.title')]\
                   .filter((a) => [...a.getClientRects()].some((r) => r.bottom > 0 && r.top < innerHeight))\
                   .map((a) => { const r = a.getBoundingClientRect(); \
                     const centre = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2); \
                     return [a.textContent, a.contains(centre), a.getAttribute('data-agora-som')]; });",
                vec![],
            )
            .await
            .unwrap();
        let titles: Vec<(String, bool, Option<String>)> = serde_json::from_value(titles).unwrap();
        assert!(titles.len() >= 10, "the gallery shows results: {titles:?}");
        assert!(
            titles.iter().any(|(_, centre_hits, _)| !centre_hits),
            "some titles wrap so that their box's centre falls between the lines: {titles:?}"
        );
        let observation = observation(&episode).await;
        for (title, _, mark) in &titles {
            let marked = mark
                .as_deref()
                .and_then(|id| id.parse().ok().map(agora::observe::SomId))
                .and_then(|id| observation.element(id));
            assert!(marked.is_some(), "result title {title:?} is not marked");
        }
        close(&episode).await;
    });
}
