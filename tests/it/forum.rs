//! The forum driven through real episodes in Chromium: voting from the seeded score (in place,
//! and by the plain form post without the page script), posting a picture, nested replies read
//! back by VWA's reddit helpers, a reply posted through marks alone, tenant isolation between
//! parallel episodes, and bad input refused or defused on the page.

use crate::support::{close, js, no_eval, observation, run, score, site_episode, som_id, step_ok};
use agora::env::{Environment, EpisodeHandle};
use serde_json::{Value, json};

/// An episode on the forum at `start`, logged in as VWA's account, whose task evaluates with
/// `eval` and carries a picture to upload.
async fn episode(env: &Environment, start: &str, eval: Value) -> EpisodeHandle {
    site_episode(env, "reddit", start, eval, true).await
}

/// The submission page of the first post of a listing (`/f/pics/top?t=all`).
async fn first_post(episode: &EpisodeHandle, listing: &str) -> String {
    let base = base_url(episode).await;
    step_ok(episode, &format!("goto [{base}{listing}]")).await;
    let link = js(episode, "document.querySelector('.submission__nav a').href").await;
    link.as_str().unwrap().to_owned()
}

async fn base_url(episode: &EpisodeHandle) -> String {
    let url = observation(episode).await.url;
    let parsed = url::Url::parse(&url).unwrap();
    format!("{}://{}", parsed.scheme(), parsed.host_str().unwrap())
        + &parsed
            .port()
            .map(|port| format!(":{port}"))
            .unwrap_or_default()
}

async fn net_score(episode: &EpisodeHandle) -> i64 {
    let text = js(
        episode,
        "document.querySelector('div.submission__vote .vote__net-score').textContent",
    )
    .await;
    text.as_str().unwrap().trim().parse().unwrap()
}

#[test]
fn an_upvote_adds_exactly_one_to_the_seeded_score_and_the_vote_hook_says_so() {
    run(|harness| async move {
        let env = &harness.env;
        let eval = json!({"eval_types": ["program_html"], "reference_answers": null, "reference_url": "",
            "program_html": [{"url": "last",
                "locator": "document.querySelectorAll('div.submission__vote')[0].querySelector('form').getAttribute('class')",
                "required_contents": {"exact_match": "vote vote--user-upvoted"}}]});
        let episode = episode(env, "/", eval).await;
        let post = first_post(&episode, "/f/pics/top?t=all").await;
        step_ok(&episode, &format!("goto [{post}]")).await;
        let seeded = net_score(&episode).await;
        assert!(seeded > 1, "a top post carries its seeded score: {seeded}");
        let (scored, report) = score(&episode).await;
        assert_eq!(scored, Some(0.0), "not voted yet: {report}");
        // Evaluating cleans the page's marks: observe it again.
        step_ok(&episode, &format!("goto [{post}]")).await;
        let up = som_id(&episode, "div.submission__vote .vote__up").await;
        step_ok(&episode, &format!("click [{up}]")).await;
        assert_eq!(net_score(&episode).await, seeded + 1);
        let (scored, report) = score(&episode).await;
        assert_eq!(scored, Some(1.0), "{report}");
        // Clicking the lit arrow again retracts the vote: back to the seeded score.
        step_ok(&episode, &format!("goto [{post}]")).await;
        let up = som_id(&episode, "div.submission__vote .vote__up").await;
        step_ok(&episode, &format!("click [{up}]")).await;
        assert_eq!(net_score(&episode).await, seeded);
        close(&episode).await;
    });
}

/// Submits the task's picture to /f/pics with `title`; leaves the episode on the new post.
async fn post_picture(episode: &EpisodeHandle, title: &str) {
    let base = base_url(episode).await;
    step_ok(episode, &format!("goto [{base}/submit/pics]")).await;
    let field = som_id(episode, "#submission-title").await;
    step_ok(episode, &format!("type [{field}] [{title}] [0]")).await;
    let image = som_id(episode, "#submission-image").await;
    step_ok(episode, &format!("upload [{image}] [0]")).await;
    let create = som_id(episode, "form button[type=submit].button").await;
    step_ok(episode, &format!("click [{create}]")).await;
}

#[test]
fn a_posted_picture_appears_in_the_forum_with_its_image_and_other_episodes_never_see_it() {
    run(|harness| async move {
        let env = &harness.env;
        let first = episode(env, "/", no_eval()).await;
        let second = episode(env, "/", no_eval()).await;
        tokio::join!(
            post_picture(&first, "Agora zebra picture one"),
            post_picture(&second, "Agora zebra picture two"),
        );
        let loaded = js(
            &first,
            "(() => { const img = document.querySelector('img.submission__image'); return img && img.complete ? img.naturalWidth : 0; })()",
        )
        .await;
        assert!(
            loaded.as_u64().unwrap() > 0,
            "the uploaded picture loads on its page"
        );
        let base = base_url(&first).await;
        for (episode, own, other) in [
            (&first, "Agora zebra picture one", "Agora zebra picture two"),
            (
                &second,
                "Agora zebra picture two",
                "Agora zebra picture one",
            ),
        ] {
            step_ok(episode, &format!("goto [{base}/f/pics/new]")).await;
            let titles = js(episode, "[...document.querySelectorAll('.submission__title')].map((t) => t.textContent.trim())").await;
            let titles: Vec<String> = serde_json::from_value(titles).unwrap();
            assert_eq!(titles[0], own, "{titles:?}");
            assert!(!titles.iter().any(|title| title == other), "{titles:?}");
        }
        let thumbnail = js(
            &first,
            "(() => { const img = document.querySelector('.submission__thumbnail img'); return img && img.complete ? img.naturalWidth : 0; })()",
        )
        .await;
        assert!(
            thumbnail.as_u64().unwrap() > 0,
            "the listing shows the picture"
        );
        close(&first).await;
        close(&second).await;
    });
}

#[test]
fn a_nested_reply_lands_one_level_below_its_parent_and_the_reddit_helpers_read_it() {
    run(|harness| async move {
        let env = &harness.env;
        let eval = json!({"eval_types": ["program_html"], "reference_answers": null, "reference_url": "",
        "program_html": [
            {"url": "func:reddit_get_post_url('__last_url__')",
             "locator": "func:reddit_get_latest_comment_content_by_username(__page__, 'MarvelsGrantMan136')",
             "required_contents": {"must_include": ["Agreed, the second photo is better"]}},
            {"url": "last",
             "locator": "func:reddit_get_parent_comment_username_of_latest_comment_by_username(__page__, 'MarvelsGrantMan136')",
             "required_contents": {"exact_match": "PARENT"}}
        ]});
        let probe = episode(env, "/", no_eval()).await;
        let post = first_post(&probe, "/f/pics/most_commented?t=all").await;
        step_ok(&probe, &format!("goto [{post}]")).await;
        let parent = js(
            &probe,
            "document.querySelector('.comment[data-level=\"1\"] .fg-inherit').textContent",
        )
        .await;
        let parent = parent.as_str().unwrap().to_owned();
        close(&probe).await;
        let eval: Value =
            serde_json::from_str(&eval.to_string().replace("PARENT", &parent)).unwrap();
        let episode = episode(
            env,
            &post
                .split_once("/f/")
                .map(|(_, path)| format!("/f/{path}"))
                .unwrap(),
            eval,
        )
        .await;
        let (scored, report) = score(&episode).await;
        assert_eq!(scored, Some(0.0), "no reply yet: {report}");
        // Evaluating navigates and cleans the page's marks: back to the post.
        step_ok(&episode, &format!("goto [{post}]")).await;
        let open_reply = som_id(&episode, ".comment[data-level=\"1\"] .comment__reply-link").await;
        step_ok(&episode, &format!("click [{open_reply}]")).await;
        let field = som_id(
            &episode,
            ".comment[data-level=\"1\"] .comment__reply-form textarea",
        )
        .await;
        step_ok(
            &episode,
            &format!("type [{field}] [Agreed, the second photo is better] [0]"),
        )
        .await;
        let send = som_id(
            &episode,
            ".comment[data-level=\"1\"] .comment__reply-form button",
        )
        .await;
        step_ok(&episode, &format!("click [{send}]")).await;
        // The reply's permalink shows it; on the post it sits at level 2 under its parent.
        let url = observation(&episode).await.url;
        assert!(url.contains("/-/comment/"), "{url}");
        step_ok(&episode, &format!("goto [{post}]")).await;
        let level = js(&episode, "[...document.querySelectorAll('.comment')].find((c) => c.querySelector(':scope > .comment__row .comment__content').textContent.includes('Agreed, the second')).dataset.level").await;
        assert_eq!(level, json!("2"));
        let (scored, report) = score(&episode).await;
        assert_eq!(scored, Some(1.0), "{report}");
        close(&episode).await;
    });
}

/// Bad input through the browser: a title of spaces (which the form's `required` lets through)
/// is refused with the server's message on the page and nothing is posted; a post whose body
/// carries a script, an event handler and a `javascript:` link is posted with all three
/// stripped, and none of them runs.
#[test]
fn a_blank_title_is_refused_on_the_page_and_hostile_markdown_runs_nothing() {
    run(|harness| async move {
        let env = &harness.env;
        let episode = episode(env, "/", no_eval()).await;
        let base = base_url(&episode).await;
        let newest = async || {
            step_ok(&episode, &format!("goto [{base}/f/pics/new]")).await;
            js(&episode, "document.querySelector('article.submission').id").await
        };
        let before = newest().await;
        step_ok(&episode, &format!("goto [{base}/submit/pics]")).await;
        let title = som_id(&episode, "#submission-title").await;
        step_ok(&episode, &format!("type [{title}] [   ] [0]")).await;
        let create = som_id(&episode, "form button[type=submit].button").await;
        step_ok(&episode, &format!("click [{create}]")).await;
        let page = js(&episode, "document.body.innerText").await;
        assert!(
            page.as_str().unwrap().contains("title is required"),
            "{page}"
        );
        assert_eq!(newest().await, before, "nothing was posted");

        step_ok(&episode, &format!("goto [{base}/submit/pics]")).await;
        let title = som_id(&episode, "#submission-title").await;
        step_ok(
            &episode,
            &format!("type [{title}] [Agora markdown check] [0]"),
        )
        .await;
        let body = som_id(&episode, "#submission-body").await;
        let hostile = "Hello <script>window.pwned = 1</script> \
            <img src=\"/nowhere.png\" onerror=\"window.pwned = 2\"> \
            <a href=\"javascript:window.pwned = 3\">click me</a>";
        step_ok(&episode, &format!("type [{body}] [{hostile}] [0]")).await;
        let create = som_id(&episode, "form button[type=submit].button").await;
        step_ok(&episode, &format!("click [{create}]")).await;
        let html = js(
            &episode,
            "document.querySelector('.submission__body').innerHTML",
        )
        .await;
        let html = html.as_str().unwrap();
        assert!(html.contains("Hello"), "{html}");
        for stripped in ["<script", "onerror", "javascript:"] {
            assert!(!html.contains(stripped), "{stripped} survived: {html}");
        }
        assert_eq!(
            js(&episode, "typeof window.pwned").await,
            json!("undefined"),
            "neither the script nor the image's handler ran"
        );
        close(&episode).await;
    });
}

/// The id attributes of the submissions on the page, in order.
async fn submission_ids(episode: &EpisodeHandle) -> Vec<String> {
    let ids = js(
        episode,
        "[...document.querySelectorAll('article.submission')].map((post) => post.id)",
    )
    .await;
    serde_json::from_value(ids).unwrap()
}

/// The score and vote-form class of the submission whose element has id `id`.
async fn vote_state(episode: &EpisodeHandle, id: &str) -> (i64, String) {
    let state = js(
        episode,
        &format!(
            "(() => {{ const form = document.querySelector('#{id} div.submission__vote form');
                return [form.querySelector('.vote__net-score').textContent, form.getAttribute('class')]; }})()"
        ),
    )
    .await;
    (
        state[0].as_str().unwrap().trim().parse().unwrap(),
        state[1].as_str().unwrap().to_owned(),
    )
}

/// Makes the episode's tab fail the requests whose URLs match `patterns` (none: all pass).
async fn block_urls(episode: &EpisodeHandle, patterns: &[&str]) {
    episode
        .browser()
        .await
        .expect("live session")
        .block_urls(patterns)
        .await
        .unwrap_or_else(|error| panic!("blocking {patterns:?}: {error}"));
}

#[test]
fn a_listing_vote_moves_the_score_in_place_and_without_the_script_the_form_post_still_votes() {
    run(|harness| async move {
        let env = &harness.env;
        let episode = episode(env, "/f/pics/top?t=all", no_eval()).await;
        let listing = observation(&episode).await.url;
        let posts = submission_ids(&episode).await;
        let (first, second) = (&posts[0], &posts[1]);
        let (before, class) = vote_state(&episode, first).await;
        assert_eq!(class, "vote");
        // A marker in the document: it survives an in-place vote and goes with a page load.
        js(&episode, "window.agoraSamePage = true").await;
        let up = som_id(&episode, &format!("#{first} .vote__up")).await;
        step_ok(&episode, &format!("click [{up}]")).await;
        let seen = observation(&episode).await;
        assert_eq!(seen.url, listing, "the vote keeps the listing");
        assert_eq!(
            js(&episode, "window.agoraSamePage === true").await,
            json!(true)
        );
        assert_eq!(
            vote_state(&episode, first).await,
            (before + 1, "vote vote--user-upvoted".to_owned())
        );
        // Settling waited for the vote's request: the observation already names the lit arrow.
        assert_eq!(
            seen.element(up).map(|element| element.name.as_str()),
            Some("Retract upvote")
        );

        // Without the page script the arrow posts its form and comes back to the listing.
        block_urls(&episode, &["*/static/forum.js"]).await;
        step_ok(&episode, &format!("goto [{listing}]")).await;
        let (score, _) = vote_state(&episode, second).await;
        js(&episode, "window.agoraSamePage = true").await;
        let up = som_id(&episode, &format!("#{second} .vote__up")).await;
        step_ok(&episode, &format!("click [{up}]")).await;
        block_urls(&episode, &[]).await;
        assert_eq!(
            observation(&episode).await.url,
            listing,
            "back on the listing"
        );
        assert_eq!(
            js(&episode, "window.agoraSamePage === undefined").await,
            json!(true),
            "the plain form post loaded the page again"
        );
        assert_eq!(
            vote_state(&episode, second).await,
            (score + 1, "vote vote--user-upvoted".to_owned())
        );
        assert_eq!(vote_state(&episode, first).await.0, before + 1);
        close(&episode).await;
    });
}

/// What VWA's Set-of-Marks numbers, as far as the reply controls go: links, buttons, text
/// fields and elements with a button role whose bounding box is not empty and reaches into
/// the viewport (it does not look at `<summary>`, nor at whether a box is painted). Returns
/// each numbered element's text, or `form:<TAG>` inside a reply form.
const VWA_NUMBERED: &str = "(() => [...document.querySelectorAll(
    'a[href], button, input:not([type=hidden]), textarea, select, [role=button], [role=link]')]
    .filter((element) => { const box = element.getBoundingClientRect();
        return box.width > 0 && box.height > 0 && box.bottom > 0 && box.top < innerHeight; })
    .map((element) => element.closest('.comment__reply-form') ? 'form:' + element.tagName
        : element.textContent.trim()))()";

#[test]
fn a_reply_to_a_comment_is_posted_through_marks_alone() {
    run(|harness| async move {
        let env = &harness.env;
        let probe = episode(env, "/", no_eval()).await;
        let post = first_post(&probe, "/f/pics/most_commented?t=all").await;
        close(&probe).await;
        let path = post
            .split_once("/f/")
            .map(|(_, path)| format!("/f/{path}"))
            .unwrap();
        let episode = episode(env, &path, no_eval()).await;
        // Closed reply forms are out of every set of marks, Agora's and VWA's; the "Reply"
        // controls are in both.
        let marks = observation(&episode).await;
        let named = |marks: &agora::observe::Observation, name: &str| {
            marks
                .elements
                .iter()
                .filter(|element| element.name == name || element.text == name)
                .map(|element| element.id)
                .collect::<Vec<_>>()
        };
        let replies = named(&marks, "Reply");
        assert!(!replies.is_empty(), "the reply controls are marked");
        assert!(named(&marks, "Post reply").is_empty());
        assert!(
            !marks
                .elements
                .iter()
                .any(|element| element.name.starts_with("Reply to ")),
            "no closed reply box is marked"
        );
        let vwa: Vec<String> = serde_json::from_value(js(&episode, VWA_NUMBERED).await).unwrap();
        assert!(vwa.iter().any(|text| text == "Reply"), "{vwa:?}");
        assert!(!vwa.iter().any(|text| text.starts_with("form:")), "{vwa:?}");

        // Open the first comment's reply form, type into the box its marks name and post.
        step_ok(&episode, &format!("click [{}]", replies[0])).await;
        let marks = observation(&episode).await;
        let boxes: Vec<_> = marks
            .elements
            .iter()
            .filter(|element| element.tag == "textarea" && element.name.starts_with("Reply to "))
            .collect();
        assert_eq!(boxes.len(), 1, "one reply box opened");
        let field = boxes[0].id;
        let post_reply = named(&marks, "Post reply");
        assert_eq!(post_reply.len(), 1, "one Post reply button");
        let vwa: Vec<String> = serde_json::from_value(js(&episode, VWA_NUMBERED).await).unwrap();
        assert_eq!(
            vwa.iter().filter(|text| text.starts_with("form:")).count(),
            2,
            "VWA numbers the open form's box and button: {vwa:?}"
        );
        step_ok(
            &episode,
            &format!("type [{field}] [Replying through marks alone] [0]"),
        )
        .await;
        step_ok(&episode, &format!("click [{}]", post_reply[0])).await;
        let url = observation(&episode).await.url;
        assert!(url.contains("/-/comment/"), "the reply's permalink: {url}");
        step_ok(&episode, &format!("goto [{post}]")).await;
        let level = js(
            &episode,
            "[...document.querySelectorAll('.comment')].find((c) => c.querySelector(':scope > .comment__row .comment__content').textContent.includes('Replying through marks alone')).dataset.level",
        )
        .await;
        assert_eq!(level, json!("2"), "a reply to a top-level comment");
        close(&episode).await;
    });
}

/// An environment whose vision judge is `double` (the shared sites and fixtures).
async fn with_vision_judge(
    harness: &crate::support::Harness,
    double: &crate::support::openai_double::ModelDouble,
    uploads: &std::path::Path,
) -> Environment {
    let config = agora::config::Config {
        upload_dir: Some(uploads.to_owned()),
        pool_size: 1,
        max_browsers: 1,
        prepare: 0,
        trajectory_dir: None,
        task_dirs: Vec::new(),
        vision_judge_url: Some(double.base_url.clone()),
        // The double takes any key: one every process has.
        judge_api_key_env: "PATH".into(),
        judge_cache: uploads.join("judge-cache"),
        ..agora::config::Config::default()
    };
    let host: std::sync::Arc<dyn agora::env::SiteHost> = harness.sites.clone();
    Environment::start_with_sites(
        std::sync::Arc::new(config),
        agora::fence::AllowList::default(),
        Some(host),
    )
    .await
    .expect("the environment starts")
}

/// An episode on the forum whose task gives `image` (in `dir`) as its input image, records
/// `input_pictures` (the specs of those Agora drew) and asks `questions` of the final page's
/// post picture.
async fn picture_task_episode(
    env: &Environment,
    dir: &std::path::Path,
    image: &str,
    input_pictures: Value,
    questions: Value,
) -> EpisodeHandle {
    let eval = json!({"eval_types": ["page_image_query"], "reference_answers": null, "reference_url": "",
        "program_html": [], "page_image_query": [{"eval_image_url": "last",
        "eval_image_class": ".submission__image", "eval_vqa": questions}]});
    let task = json!({
        "sites": ["reddit"], "task_id": 901, "require_login": true, "start_url": "__REDDIT__/",
        "intent": "test", "intent_template": "", "instantiation_dict": {}, "require_reset": true,
        "eval": eval, "agora": {"input_pictures": input_pictures}
    });
    // An inline task names no local files: the image is set on the parsed task, as
    // `site_episode` does.
    let mut context = env.inline_task(&task).expect("the task parses");
    let mut with_image = (*context.task).clone();
    with_image.image = Some(evaluators::task::ImageField::One(image.into()));
    context.task = std::sync::Arc::new(with_image);
    context.dir = dir.to_owned();
    env.create_task_episode(context, agora::observe::ObserveOptions::default())
        .await
        .expect("the episode starts")
}

#[test]
fn an_uploaded_copy_of_a_drawn_input_image_is_answered_from_its_spec_and_a_foreign_upload_by_the_vision_judge()
 {
    use crate::support::openai_double::{self, Answer};
    run(|harness| async move {
        let dir = tempfile::tempdir().unwrap();
        // The task's input image: a scene Agora drew (two cows at sunset), at 640 × 480.
        let scene = imagery::Picture::Landscape(imagery::LandscapeSpec {
            time: imagery::TimeOfDay::Sunset,
            weather: imagery::Weather::Clear,
            animal: imagery::Animal::Cow,
            count: 2,
            variation: 11,
        });
        let png = imagery::render_picture_png(&scene, 640, 480).unwrap();
        std::fs::write(dir.path().join("scene.png"), &png).unwrap();
        std::fs::copy(
            crate::support::fixture_dir().join("uploads/red.png"),
            dir.path().join("red.png"),
        )
        .unwrap();
        let policy: openai_double::Policy =
            std::sync::Arc::new(|_| Box::pin(async { Answer::Reply("Yes.".into()) }));
        let double = openai_double::start(policy).await;
        let env = &with_vision_judge(harness, &double, dir.path()).await;
        let inputs =
            json!([{"image": "scene.png", "picture": serde_json::to_value(&scene).unwrap()}]);
        let questions = json!([
            {"question": "How many cows are in the picture?", "answer": "2"},
            {"question": "Is there a dog in the picture? (yes/no)", "answer": "no"},
            {"question": "Is this a photo taken at sunset? (yes/no)", "answer": "yes"},
        ]);
        let copy =
            picture_task_episode(env, dir.path(), "scene.png", inputs.clone(), questions).await;
        post_picture(&copy, "Agora cows at sunset").await;
        let (scored, report) = score(&copy).await;
        assert_eq!(scored, Some(1.0), "{report}");
        assert!(
            report.contains("\"judge\":\"ground_truth\"")
                && report.contains("a copy of the task's input image scene.png")
                && !report.contains("\"judge\":\"vision\""),
            "every question answered by the ground truth, from the input's spec: {report}"
        );
        close(&copy).await;
        assert!(
            double.requests.lock().unwrap().is_empty(),
            "the vision judge was never asked"
        );
        // An upload that is no copy of a drawn input (the task records the scene's spec, but
        // the agent posts another picture) goes to the vision judge.
        let foreign = picture_task_episode(
            env,
            dir.path(),
            "red.png",
            inputs,
            json!([{"question": "Is there a dog in the picture? (yes/no)", "answer": "yes"}]),
        )
        .await;
        post_picture(&foreign, "Agora red square").await;
        let (scored, report) = score(&foreign).await;
        assert_eq!(scored, Some(1.0), "{report}");
        assert!(
            report.contains("\"judge\":\"vision\"") && !report.contains("ground truth:"),
            "the foreign upload went to the vision judge: {report}"
        );
        assert_eq!(double.requests.lock().unwrap().len(), 1, "asked once");
        close(&foreign).await;
    });
}

#[test]
fn the_browser_shows_relative_times_with_the_exact_time_in_the_title_and_singular_counts() {
    run(|harness| async move {
        let env = &harness.env;
        let episode = episode(env, "/", no_eval()).await;
        let post = first_post(&episode, "/all/new").await;
        step_ok(&episode, &format!("goto [{post}]")).await;
        let time = js(
            &episode,
            "(() => { const t = document.querySelector('.submission__info time'); \
              return [t.textContent, t.title, t.dateTime, getComputedStyle(t).display]; })()",
        )
        .await;
        let [text, title, datetime, display] =
            [0, 1, 2, 3].map(|at| time[at].as_str().unwrap().to_owned());
        assert!(text.ends_with(" ago") || text == "just now", "{time}");
        assert!(title.ends_with(" UTC") && title.contains(", 20"), "{time}");
        assert!(datetime.ends_with("+00:00"), "{time}");
        assert_ne!(display, "none", "the relative time is on screen");
        let seen = observation(&episode).await;
        assert!(
            seen.texts.iter().all(|line| !line.contains(&datetime)),
            "the raw stamp is not in the page's text the agent reads"
        );
        let counts = js(
            &episode,
            "[...document.querySelectorAll('.comments-heading, .submission__nav a')].map(e => e.textContent)",
        )
        .await;
        for count in counts.as_array().unwrap() {
            let count = count.as_str().unwrap();
            assert!(
                count == "1 comment" || count.ends_with(" comments"),
                "{count}"
            );
            assert_ne!(count, "1 comments");
        }
        close(&episode).await;
    });
}
