//! Router tests: every page kind and form of the forum on a fresh tenant of a small seeded
//! data set, through the real router in memory.

// Test helpers may unwrap: a failure there is a test failure.
#![allow(clippy::unwrap_used)]

use axum::http::StatusCode;
use forum::{DEFAULT_USERNAME, ForumSite, Scale};
use kit::testing::{CSRF_FIELD, TestSite, body_text, location, select_texts};
use kit::visitor::SiteCookies;
use kit::{Directory, Listing, SiteName};
use scraper::{Html, Selector};

const POSTS: u32 = 400;

/// A browser on a fresh tenant of the small seeded forum.
type Site = TestSite<ForumSite>;

fn fresh_site() -> Site {
    TestSite::new(Scale::Small(POSTS), 5)
}

fn logged_in() -> Site {
    fresh_site().logged_in()
}

/// The default user's login with a wrong password.
async fn wrong_password_login(site: &Site) -> axum::response::Response {
    site.post_form(
        "/login",
        &[
            CSRF_FIELD,
            ("_username", DEFAULT_USERNAME),
            ("_password", "nope"),
        ],
    )
    .await
}

fn attribute(document: &Html, selector: &str, name: &str) -> Vec<String> {
    let selector = Selector::parse(selector).unwrap();
    document
        .select(&selector)
        .filter_map(|element| element.value().attr(name).map(str::to_owned))
        .collect()
}

/// The first submission linked from a listing: its page path.
fn first_submission(document: &Html) -> String {
    attribute(document, ".submission__nav a", "href")
        .into_iter()
        .next()
        .expect("the listing has a submission")
}

#[tokio::test]
async fn forum_directories_list_every_forum_with_links() {
    let site = fresh_site();
    let all = site.page("/forums/all").await;
    let names = select_texts(&all, "#main > table > tbody td:first-child a");
    assert!(names.len() >= 50, "{} forums", names.len());
    assert!(names.iter().any(|name| name == "pics"));
    assert!(names.iter().any(|name| name == "MechanicalKeyboards"));
    let mut sorted = names.clone();
    sorted.sort_by_key(|name| name.to_lowercase());
    assert_eq!(names, sorted, "/forums/all is alphabetical");
    let by_subscribers = site.page("/forums").await;
    assert_eq!(
        select_texts(&by_subscribers, "#main tbody tr").len(),
        names.len()
    );
}

#[tokio::test]
async fn forum_sorts_order_submissions_and_pages_continue_without_repeats() {
    let site = fresh_site();
    let new = site.page("/f/pics/new").await;
    let ids: Vec<i64> = attribute(&new, "article.submission", "id")
        .iter()
        .map(|id| id.trim_start_matches("submission-").parse().unwrap())
        .collect();
    assert!(ids.len() > 1);
    assert!(
        ids.windows(2).all(|pair| pair[0] > pair[1]),
        "new is newest first: {ids:?}"
    );
    let top = site.page("/f/pics/top?t=all").await;
    let scores: Vec<i64> = select_texts(&top, ".submission__vote .vote__net-score")
        .iter()
        .map(|score| score.parse().unwrap())
        .collect();
    assert!(
        scores.windows(2).all(|pair| pair[0] >= pair[1]),
        "top is by score: {scores:?}"
    );
    for sort in [
        "",
        "/active",
        "/controversial?t=year",
        "/most_commented?t=all",
        "/top?t=day",
    ] {
        site.page(&format!("/f/pics{sort}")).await;
    }
    // Keyset pages: the "More" link of the hot listing of everything leads to new posts.
    let first = site.page("/all").await;
    let more = attribute(&first, "a[rel=next]", "href");
    assert_eq!(more.len(), 1, "a full page links to the next one");
    assert!(more[0].contains("next%5Branking%5D="), "{}", more[0]);
    let second = site.page(&more[0]).await;
    let first_ids = attribute(&first, "article.submission", "id");
    let second_ids = attribute(&second, "article.submission", "id");
    assert!(!second_ids.is_empty());
    assert!(second_ids.iter().all(|id| !first_ids.contains(id)));
}

#[tokio::test]
async fn bad_listing_input_gets_a_clear_message() {
    let site = fresh_site();
    let response = site.get("/f/pics/top?t=fortnight").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert!(
        body_text(response)
            .await
            .contains("day, week, month, year or all")
    );
    let response = site.get("/f/pics?next%5Bid%5D=abc").await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let response = site.get("/f/no_such_forum").await;
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert!(body_text(response).await.contains("/forums/all"));
    assert_eq!(
        site.get("/f/pics/sideways").await.status(),
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn a_submission_page_shows_its_picture_and_the_comment_tree_with_postmill_hooks() {
    let site = fresh_site();
    let listing = site.page("/f/pics/most_commented?t=all").await;
    let path = first_submission(&listing);
    let page = site.page(&path).await;
    assert_eq!(select_texts(&page, ".submission__title").len(), 1);
    let pictures = attribute(&page, "img.submission__image", "src");
    assert_eq!(pictures.len(), 1, "a pics post shows its picture");
    let picture = site.get(&pictures[0]).await;
    assert_eq!(picture.status(), StatusCode::OK);
    assert_eq!(picture.headers()["content-type"], "image/png");
    // Nested comments: every level-n comment (n > 1) sits inside a level n-1 comment.
    let levels: Vec<u32> = attribute(&page, ".comment[data-level]", "data-level")
        .iter()
        .map(|level| level.parse().unwrap())
        .collect();
    assert!(!levels.is_empty());
    let nested = Selector::parse(".comment[data-level] .comment[data-level]").unwrap();
    for child in page.select(&nested) {
        let level: u32 = child.value().attr("data-level").unwrap().parse().unwrap();
        let parent = child
            .ancestors()
            .filter_map(scraper::ElementRef::wrap)
            .find(|element| element.value().attr("data-level").is_some())
            .unwrap();
        let parent_level: u32 = parent.value().attr("data-level").unwrap().parse().unwrap();
        assert_eq!(level, parent_level + 1);
    }
    let times = attribute(
        &page,
        ".comment__main > header > h1 > span > time",
        "datetime",
    );
    assert_eq!(times.len(), levels.len(), "every comment has its time hook");
    assert_eq!(
        select_texts(&page, ".comment .fg-inherit").len(),
        levels.len()
    );
    // The slug form and the bare id form are the same page; another forum's path is not.
    let id = path.split('/').nth(3).unwrap();
    site.page(&format!("/f/pics/{id}")).await;
    site.page(&format!("/f/pics/{id}/")).await;
    assert_eq!(
        site.get(&format!("/f/memes/{id}")).await.status(),
        StatusCode::NOT_FOUND
    );
    // A permalink shows that comment's thread, starting at level 1.
    let comment = attribute(&page, ".comment[data-level='1']", "id")[0]
        .trim_start_matches("comment-")
        .to_owned();
    let permalink = site
        .page(&format!("/f/pics/{id}/-/comment/{comment}"))
        .await;
    assert_eq!(
        attribute(&permalink, ".comment[data-level='1']", "id"),
        vec![format!("comment-{comment}")]
    );
}

#[tokio::test]
async fn the_default_account_has_a_user_page_with_history_and_a_sidebar_of_subscriptions() {
    let site = logged_in();
    let user = site.page(&format!("/user/{DEFAULT_USERNAME}")).await;
    assert!(!select_texts(&user, ".submission__title").is_empty());
    let front = site.page("/").await;
    let subscriptions = select_texts(&front, "#sidebar > section > ul li");
    assert!(
        subscriptions.contains(&"pics".to_owned()),
        "{subscriptions:?}"
    );
    assert_eq!(
        site.get("/user/NobodyAtAll").await.status(),
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn logging_in_with_the_seeded_password_works_and_a_wrong_one_does_not() {
    let site = fresh_site();
    let response = wrong_password_login(&site).await;
    assert_eq!(response.status(), StatusCode::UNAUTHORIZED);
    let response = site
        .post_form(
            "/login",
            &[
                CSRF_FIELD,
                ("_username", DEFAULT_USERNAME),
                ("_password", forum::DEFAULT_PASSWORD),
            ],
        )
        .await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    let cookies: Vec<&str> = response
        .headers()
        .get_all("set-cookie")
        .iter()
        .map(|value| value.to_str().unwrap())
        .collect();
    assert!(
        cookies
            .iter()
            .any(|cookie| cookie.starts_with(&SiteCookies::of(forum::SITE).session)),
        "{cookies:?}"
    );
}

/// The net score shown on a submission page and its vote form's class.
async fn score_of(site: &Site, path: &str) -> (i64, String) {
    let page = site.page(path).await;
    let score = select_texts(&page, ".submission__vote .vote__net-score")[0]
        .parse()
        .unwrap();
    let class = attribute(&page, "div.submission__vote form", "class")[0].clone();
    (score, class)
}

#[tokio::test]
async fn votes_move_the_seeded_score_by_exactly_one_step_and_can_be_retracted() {
    let site = logged_in();
    let path = first_submission(&site.page("/f/memes/top?t=all").await);
    let id = path.split('/').nth(3).unwrap().to_owned();
    let (seeded, class) = score_of(&site, &path).await;
    assert!(seeded > 1, "a top post has a seeded score: {seeded}");
    assert_eq!(class, "vote");
    let vote = |choice: &'static str| {
        let site = &site;
        let id = id.clone();
        async move {
            let response = site
                .post_form(&format!("/sv/{id}"), &[CSRF_FIELD, ("choice", choice)])
                .await;
            assert_eq!(response.status(), StatusCode::SEE_OTHER);
        }
    };
    vote("1").await;
    assert_eq!(
        score_of(&site, &path).await,
        (seeded + 1, "vote vote--user-upvoted".into())
    );
    // The evaluators' queries see the same state.
    let queries = site.site.queries(&site.tenant).unwrap();
    let stored = queries
        .submission(id.parse().unwrap(), Some(DEFAULT_USERNAME))
        .await
        .unwrap()
        .unwrap();
    assert_eq!((stored.net_score, stored.user_vote), (seeded + 1, 1));
    vote("1").await;
    assert_eq!(
        score_of(&site, &path).await.0,
        seeded + 1,
        "voting twice counts once"
    );
    vote("-1").await;
    assert_eq!(
        score_of(&site, &path).await,
        (seeded - 1, "vote vote--user-downvoted".into())
    );
    vote("0").await;
    assert_eq!(score_of(&site, &path).await, (seeded, "vote".into()));
    // The page script's vote (`/sv/<id>.json`, as Postmill's) is answered with the new state.
    let response = site
        .post_form(&format!("/sv/{id}.json"), &[CSRF_FIELD, ("choice", "-1")])
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()["content-type"], "application/json");
    let answer: serde_json::Value = serde_json::from_str(&body_text(response).await).unwrap();
    assert_eq!(
        answer,
        serde_json::json!({"netScore": seeded - 1, "userVote": -1})
    );
    assert_eq!(
        score_of(&site, &path).await,
        (seeded - 1, "vote vote--user-downvoted".into())
    );
    let comment = attribute(&site.page(&path).await, ".comment[data-level]", "id")[0]
        .trim_start_matches("comment-")
        .to_owned();
    let response = site
        .post_form(
            &format!("/cv/{comment}.json"),
            &[CSRF_FIELD, ("choice", "1")],
        )
        .await;
    assert_eq!(response.status(), StatusCode::OK);
    let answer: serde_json::Value = serde_json::from_str(&body_text(response).await).unwrap();
    assert_eq!(answer["userVote"], 1);
    let page = site.page(&path).await;
    let comment_score = select_texts(&page, &format!("#comment-{comment} .vote__net-score"))[0]
        .parse::<i64>()
        .unwrap();
    assert_eq!(answer["netScore"], comment_score);
    vote("0").await;
    // A forged token or a nonsense choice changes nothing.
    let forged = site
        .post_form(
            &format!("/sv/{id}"),
            &[("csrf_token", "forged"), ("choice", "1")],
        )
        .await;
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    let nonsense = site
        .post_form(&format!("/sv/{id}"), &[CSRF_FIELD, ("choice", "7")])
        .await;
    assert_eq!(nonsense.status(), StatusCode::BAD_REQUEST);
    assert_eq!(score_of(&site, &path).await.0, seeded);
}

#[tokio::test]
async fn comments_and_replies_appear_at_the_right_level_and_markdown_is_sanitised() {
    let site = logged_in();
    let path = first_submission(&site.page("/f/food/new").await);
    let id = path.split('/').nth(3).unwrap().to_owned();
    let action = format!("/f/food/{id}/comment");
    let response = site
        .post_form(
            &action,
            &[
                CSRF_FIELD,
                (
                    "comment",
                    "Top **level** <script>alert(1)</script> [x](javascript:alert(2))",
                ),
            ],
        )
        .await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    let permalink = location(&response);
    let top = permalink.rsplit('/').next().unwrap().to_owned();
    let response = site
        .post_form(
            &action,
            &[CSRF_FIELD, ("comment", "A reply"), ("parent", top.as_str())],
        )
        .await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    let reply = location(&response).rsplit('/').next().unwrap().to_owned();
    let stored = site
        .site
        .queries(&site.tenant)
        .unwrap()
        .comments(id.parse().unwrap())
        .await
        .unwrap();
    let newest = stored.last().unwrap();
    assert_eq!(
        (
            newest.id.to_string(),
            newest.parent_id.map(|parent| parent.to_string())
        ),
        (reply.clone(), Some(top.clone()))
    );
    let page = site.page(&path).await;
    let top_comment = Selector::parse(&format!("#comment-{top}")).unwrap();
    let element = page.select(&top_comment).next().unwrap();
    assert_eq!(element.value().attr("data-level"), Some("1"));
    let html = element.html();
    assert!(html.contains("<strong>level</strong>"));
    assert!(
        !html.contains("<script") && !html.contains("javascript:"),
        "{html}"
    );
    let nested = Selector::parse(&format!("#comment-{top} #comment-{reply}")).unwrap();
    let reply_element = page
        .select(&nested)
        .next()
        .expect("the reply is inside its parent");
    assert_eq!(reply_element.value().attr("data-level"), Some("2"));
    // Empty and oversized comments, and replies to comments elsewhere, are refused.
    let empty = site
        .post_form(&action, &[CSRF_FIELD, ("comment", "  ")])
        .await;
    assert_eq!(empty.status(), StatusCode::BAD_REQUEST);
    let long = "x".repeat(10_001);
    let oversized = site
        .post_form(&action, &[CSRF_FIELD, ("comment", long.as_str())])
        .await;
    assert_eq!(oversized.status(), StatusCode::BAD_REQUEST);
    let stray = site
        .post_form(
            &action,
            &[CSRF_FIELD, ("comment", "hi"), ("parent", "999999999")],
        )
        .await;
    assert_eq!(stray.status(), StatusCode::NOT_FOUND);
}

#[tokio::test]
async fn subscribing_and_blocking_change_the_sidebar_and_the_listings() {
    let site = logged_in();
    let response = site.post_form("/f/aww/subscribe", &[CSRF_FIELD]).await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    let front = site.page("/").await;
    assert!(select_texts(&front, "#sidebar > section > ul li").contains(&"aww".to_owned()));
    let queries = site.site.queries(&site.tenant).unwrap();
    assert!(
        queries
            .subscriptions(DEFAULT_USERNAME)
            .await
            .unwrap()
            .contains(&"aww".to_owned())
    );
    site.post_form("/f/aww/unsubscribe", &[CSRF_FIELD]).await;
    let front = site.page("/").await;
    assert!(!select_texts(&front, "#sidebar > section > ul li").contains(&"aww".to_owned()));
    // Blocking the author of the first post on /all hides their posts there.
    let all = site.page("/all/new").await;
    let author = select_texts(&all, ".submission__submitter")[0].clone();
    let response = site
        .post_form(&format!("/user/{author}/block"), &[CSRF_FIELD])
        .await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    let list = site
        .page(&format!("/user/{DEFAULT_USERNAME}/block_list"))
        .await;
    assert!(
        select_texts(&list, ".site-content")
            .join(" ")
            .contains(&author)
    );
    let all = site.page("/all/new").await;
    assert!(!select_texts(&all, ".submission__submitter").contains(&author));
}

/// A small PNG: a red square.
fn red_png() -> Vec<u8> {
    let picture = image::RgbImage::from_pixel(32, 24, image::Rgb([200, 20, 20]));
    let mut bytes = Vec::new();
    picture
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .unwrap();
    bytes
}

#[tokio::test]
async fn posting_a_picture_puts_it_at_the_top_of_the_forum_with_its_image() {
    let site = logged_in();
    let png = red_png();
    let file = kit::testing::FilePart {
        name: "image",
        filename: "red.png",
        content_type: "image/png",
        bytes: &png,
    };
    let response = site
        .post_multipart(
            "/submit",
            &[CSRF_FIELD, ("forum", "pics"), ("title", "A red square")],
            &[file],
        )
        .await;
    assert_eq!(
        response.status(),
        StatusCode::SEE_OTHER,
        "{}",
        body_text(response).await
    );
    let path = location(&response);
    assert!(
        path.starts_with("/f/pics/") && path.ends_with("/a-red-square"),
        "{path}"
    );
    let newest = site.page("/f/pics/new").await;
    assert_eq!(
        select_texts(&newest, ".submission__title")[0],
        "A red square"
    );
    let page = site.page(&path).await;
    let src = attribute(&page, "img.submission__image", "src")[0].clone();
    let served = site.get(&src).await;
    assert_eq!(served.status(), StatusCode::OK);
    let bytes = axum::body::to_bytes(served.into_body(), usize::MAX)
        .await
        .unwrap();
    let decoded = image::load_from_memory(&bytes).unwrap().to_rgb8();
    assert_eq!((decoded.width(), decoded.height()), (32, 24));
    assert_eq!(decoded.get_pixel(5, 5).0, [200, 20, 20]);
    // A new post starts at one point: its author's own upvote.
    assert_eq!(
        score_of(&site, &path).await,
        (1, "vote vote--user-upvoted".into())
    );
}

#[tokio::test]
async fn bad_submissions_are_refused_with_a_message_and_nothing_is_posted() {
    let site = logged_in();
    let before = attribute(&site.page("/f/pics/new").await, "article.submission", "id");
    let text = b"just some text, not a picture".to_vec();
    let not_image = kit::testing::FilePart {
        name: "image",
        filename: "notes.png",
        content_type: "image/png",
        bytes: &text,
    };
    let refused = site
        .post_multipart(
            "/submit",
            &[CSRF_FIELD, ("forum", "pics"), ("title", "Notes")],
            &[not_image],
        )
        .await;
    assert_eq!(refused.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(
        body_text(refused)
            .await
            .contains("not a PNG, JPEG, GIF or WebP image")
    );
    let long_title = "t".repeat(301);
    for (fields, status, says) in [
        (
            vec![CSRF_FIELD, ("forum", "pics"), ("title", "  ")],
            StatusCode::BAD_REQUEST,
            "title is required",
        ),
        (
            vec![
                CSRF_FIELD,
                ("forum", "pics"),
                ("title", long_title.as_str()),
            ],
            StatusCode::BAD_REQUEST,
            "at most 300",
        ),
        (
            vec![CSRF_FIELD, ("forum", "nowhere"), ("title", "Hi")],
            StatusCode::BAD_REQUEST,
            "no forum called",
        ),
        (
            vec![
                CSRF_FIELD,
                ("forum", "pics"),
                ("title", "Hi"),
                ("url", "javascript:alert(1)"),
            ],
            StatusCode::BAD_REQUEST,
            "http://",
        ),
        (
            vec![("csrf_token", "forged"), ("forum", "pics"), ("title", "Hi")],
            StatusCode::FORBIDDEN,
            "expired",
        ),
    ] {
        let response = site.post_multipart("/submit", &fields, &[]).await;
        assert_eq!(response.status(), status);
        let text = body_text(response).await;
        assert!(text.contains(says), "expected \"{says}\" in {text}");
    }
    assert_eq!(
        attribute(&site.page("/f/pics/new").await, "article.submission", "id"),
        before
    );
}

#[tokio::test]
async fn authors_edit_and_delete_their_own_posts_and_comments_only() {
    let site = logged_in();
    let response = site
        .post_multipart(
            "/submit",
            &[
                CSRF_FIELD,
                ("forum", "books"),
                ("title", "Reading list"),
                ("body", "*one*"),
            ],
            &[],
        )
        .await;
    let path = location(&response);
    let id = path.split('/').nth(3).unwrap().to_owned();
    let edited = site
        .post_form(
            &format!("/f/books/{id}/edit"),
            &[
                CSRF_FIELD,
                ("title", "Reading list, edited"),
                ("body", "two"),
            ],
        )
        .await;
    assert_eq!(edited.status(), StatusCode::SEE_OTHER);
    let page = site.page(&format!("/f/books/{id}")).await;
    assert_eq!(
        select_texts(&page, ".submission__title"),
        vec!["Reading list, edited"]
    );
    assert_eq!(select_texts(&page, ".submission__body"), vec!["two"]);
    let comment = site
        .post_form(
            &format!("/f/books/{id}/comment"),
            &[CSRF_FIELD, ("comment", "first")],
        )
        .await;
    let comment_id = location(&comment).rsplit('/').next().unwrap().to_owned();
    site.post_form(
        &format!("/comment/{comment_id}/edit"),
        &[CSRF_FIELD, ("body", "first, edited")],
    )
    .await;
    let page = site.page(&format!("/f/books/{id}")).await;
    assert_eq!(
        select_texts(&page, ".comment__content"),
        vec!["first, edited"]
    );
    site.post_form(&format!("/comment/{comment_id}/delete"), &[CSRF_FIELD])
        .await;
    let reply_to_deleted = site
        .post_form(
            &format!("/f/books/{id}/comment"),
            &[
                CSRF_FIELD,
                ("comment", "hi"),
                ("parent", comment_id.as_str()),
            ],
        )
        .await;
    assert_eq!(reply_to_deleted.status(), StatusCode::NOT_FOUND);
    assert!(body_text(reply_to_deleted).await.contains("deleted"));
    // Someone else's submission cannot be edited.
    let other = first_submission(&site.page("/f/space/new").await);
    let other_id = other.split('/').nth(3).unwrap();
    let refused = site
        .post_form(
            &format!("/f/space/{other_id}/edit"),
            &[CSRF_FIELD, ("title", "mine now")],
        )
        .await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    let deleted = site
        .post_form(&format!("/f/books/{id}/delete"), &[CSRF_FIELD])
        .await;
    assert_eq!(deleted.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        site.get(&format!("/f/books/{id}")).await.status(),
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn messages_reach_the_inbox_and_blocked_users_cannot_be_messaged() {
    let site = logged_in();
    let inbox = site.page("/messages").await;
    assert!(
        !select_texts(&inbox, "#main > table > tbody tr").is_empty(),
        "the seeded inbox is not empty"
    );
    let other = select_texts(&site.page("/all/new").await, ".submission__submitter")
        .into_iter()
        .find(|name| name != DEFAULT_USERNAME)
        .unwrap();
    let sent = site
        .post_form(
            &format!("/user/{other}/compose_message"),
            &[
                CSRF_FIELD,
                ("title", "Hello"),
                ("body", "I like your picture"),
            ],
        )
        .await;
    assert_eq!(sent.status(), StatusCode::SEE_OTHER);
    let inbox = site.page("/messages").await;
    let rows = select_texts(&inbox, "#main > table > tbody").join(" ");
    assert!(
        rows.contains(&other) && rows.contains("I like your picture"),
        "{rows}"
    );
    site.post_form(&format!("/user/{other}/block"), &[CSRF_FIELD])
        .await;
    let refused = site
        .post_form(
            &format!("/user/{other}/compose_message"),
            &[CSRF_FIELD, ("title", "Again"), ("body", "hi")],
        )
        .await;
    assert_eq!(refused.status(), StatusCode::FORBIDDEN);
    assert!(body_text(refused).await.contains("blocked"));
}

#[tokio::test]
async fn a_created_forum_is_listed_and_its_creator_subscribed_and_bad_names_are_refused() {
    let site = logged_in();
    let fields = [
        CSRF_FIELD,
        ("name", "retro_games"),
        ("title", "Retro games"),
        ("description", "Old consoles."),
    ];
    let response = site.post_form("/create_forum", &fields).await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&response), "/f/retro_games");
    let all = site.page("/forums/all").await;
    assert!(select_texts(&all, "#main tbody td:first-child a").contains(&"retro_games".to_owned()));
    let front = site.page("/").await;
    assert!(select_texts(&front, "#sidebar > section > ul li").contains(&"retro_games".to_owned()));
    assert_eq!(
        site.post_form("/create_forum", &fields).await.status(),
        StatusCode::CONFLICT
    );
    let bad = site
        .post_form(
            "/create_forum",
            &[
                CSRF_FIELD,
                ("name", "no spaces!"),
                ("title", "x"),
                ("description", "y"),
            ],
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    assert!(
        body_text(bad)
            .await
            .contains("letters, digits or underscores")
    );
}

/// A site on a loopback port serving a picture, text, an oversized file and redirects
/// (`/hop` stays on it, `/away` leaves for `elsewhere`); returns its base URL.
async fn picture_server(elsewhere: &str) -> String {
    use axum::response::{IntoResponse, Redirect};
    use axum::routing::get;
    let png = red_png();
    let away = format!("{elsewhere}/red.png");
    let router = axum::Router::new()
        .route(
            "/red.png",
            get(move || {
                let png = png.clone();
                async move { ([("content-type", "image/png")], png) }
            }),
        )
        .route("/notes.png", get(|| async { "not a picture at all" }))
        .route(
            "/huge.png",
            get(|| async { vec![0u8; kit::upload::MAX_UPLOAD_BYTES + 1].into_response() }),
        )
        .route("/hop", get(|| async { Redirect::temporary("/red.png") }))
        .route(
            "/away",
            get(move || {
                let away = away.clone();
                async move { Redirect::temporary(&away) }
            }),
        );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, router).await });
    format!("http://{address}")
}

#[tokio::test]
async fn an_image_url_is_taken_only_from_agoras_own_sites() {
    // An outside server with a real picture: reachable, but not one of the sites.
    let outside = picture_server("http://127.0.0.1:9").await;
    let own = picture_server(&outside).await;
    let directory = Directory {
        sites: vec![Listing {
            name: SiteName("shopping"),
            title: "Shop",
            description: "",
            url: own.clone(),
        }],
    };
    let site = Site::hosting(Scale::Small(POSTS), 5, directory).logged_in();
    let post = |address: String| {
        let site = &site;
        async move {
            let fields = [
                CSRF_FIELD,
                ("forum", "pics"),
                ("title", "Borrowed red square"),
                ("image_url", address.as_str()),
            ];
            site.post_multipart("/submit", &fields, &[]).await
        }
    };
    let before = attribute(&site.page("/f/pics/new").await, "article.submission", "id");
    for (address, status, says) in [
        (
            format!("{outside}/red.png"),
            StatusCode::BAD_REQUEST,
            "only be taken from this server",
        ),
        (
            format!("{own}/away"),
            StatusCode::BAD_REQUEST,
            "is not one of them",
        ),
        (
            "http://10.1.2.3/red.png".to_owned(),
            StatusCode::BAD_REQUEST,
            "is not one of them",
        ),
        (
            "http://127.0.0.1:1/red.png".to_owned(),
            StatusCode::BAD_REQUEST,
            "is not one of them",
        ),
        (
            "file:///etc/hostname".to_owned(),
            StatusCode::BAD_REQUEST,
            "is not one of them",
        ),
        (
            "data:image/png;base64,iVBORw0KGgo=".to_owned(),
            StatusCode::BAD_REQUEST,
            "is not one of them",
        ),
        (
            "red.png".to_owned(),
            StatusCode::BAD_REQUEST,
            "is not a web address",
        ),
        (
            format!("{own}/missing.png"),
            StatusCode::BAD_REQUEST,
            "answered HTTP 404",
        ),
        (
            format!("{own}/notes.png"),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "not a PNG, JPEG, GIF or WebP image",
        ),
        (
            format!("{own}/huge.png"),
            StatusCode::PAYLOAD_TOO_LARGE,
            "may be at most",
        ),
    ] {
        let response = post(address.clone()).await;
        assert_eq!(response.status(), status, "{address}");
        let text = body_text(response).await;
        assert!(
            text.contains(says),
            "{address}: expected \"{says}\" in {text}"
        );
    }
    // A link and an image URL together are refused too.
    let both = site
        .post_multipart(
            "/submit",
            &[
                CSRF_FIELD,
                ("forum", "pics"),
                ("title", "Both"),
                ("url", "https://example.org/"),
                ("image_url", &format!("{own}/red.png")),
            ],
            &[],
        )
        .await;
    assert_eq!(both.status(), StatusCode::BAD_REQUEST);
    assert_eq!(
        attribute(&site.page("/f/pics/new").await, "article.submission", "id"),
        before,
        "nothing was posted"
    );
    // From one of the sites, directly or through a redirect that stays there, it is posted.
    for address in [format!("{own}/red.png"), format!("{own}/hop")] {
        let response = post(address.clone()).await;
        assert_eq!(
            response.status(),
            StatusCode::SEE_OTHER,
            "{address}: {}",
            body_text(response).await
        );
        let page = site.page(&location(&response)).await;
        let src = attribute(&page, "img.submission__image", "src")[0].clone();
        let served = site.get(&src).await;
        assert_eq!(served.status(), StatusCode::OK);
        let bytes = axum::body::to_bytes(served.into_body(), usize::MAX)
            .await
            .unwrap();
        let picture = image::load_from_memory(&bytes).unwrap().to_rgb8();
        assert_eq!(picture.get_pixel(4, 4).0, [200, 20, 20], "{address}");
    }
}

#[tokio::test]
async fn search_finds_submissions_by_title_and_body_words() {
    let site = logged_in();
    let response = site
        .post_multipart(
            "/submit",
            &[
                CSRF_FIELD,
                ("forum", "books"),
                ("title", "Zephyrine lighthouses of the north"),
                ("body", "Mostly about quasimodal keepers."),
            ],
            &[],
        )
        .await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    let path = location(&response);
    for query in [
        "zephyrine",
        "Lighthouse",
        "quasimodal keepers",
        "north zephyrine",
    ] {
        let page = site
            .page(&format!("/search?q={}", query.replace(' ', "+")))
            .await;
        let titles = select_texts(&page, ".submission__title");
        assert_eq!(titles, ["Zephyrine lighthouses of the north"], "{query}");
        assert_eq!(
            attribute(&page, ".submission__nav a", "href"),
            std::slice::from_ref(&path)
        );
        assert!(select_texts(&page, "h1.page-heading")[0].contains("Search results for"));
    }
    let none = site.page("/search?q=zephyrine+absentword").await;
    assert!(select_texts(&none, ".submission__title").is_empty());
    assert!(select_texts(&none, "p.empty")[0].contains("No submissions match"));
    // FTS syntax is only text; a blank search asks for words.
    let odd = site.page("/search?q=title%3A%22x%22+OR+NEAR(").await;
    assert!(select_texts(&odd, "h1.page-heading")[0].contains("Search results"));
    let blank = site.page("/search").await;
    assert!(select_texts(&blank, "p.empty")[0].contains("Enter words"));
    // Seeded posts are found; pages continue without repeats.
    let first = site.page("/search?q=the").await;
    let first_ids = attribute(&first, "article.submission", "id");
    assert_eq!(first_ids.len(), 25);
    let more = attribute(&first, "a[rel=next]", "href")[0].clone();
    let second = attribute(&site.page(&more).await, "article.submission", "id");
    assert!(!second.is_empty() && second.iter().all(|id| !first_ids.contains(id)));
    for bad in ["/search?q=the&page=0", "/search?q=the&page=x"] {
        assert_eq!(
            site.get(bad).await.status(),
            StatusCode::BAD_REQUEST,
            "{bad}"
        );
    }
    let long = format!("/search?q={}", "a".repeat(201));
    assert_eq!(site.get(&long).await.status(), StatusCode::BAD_REQUEST);
    // An edited title is searched by its new words.
    let id = path.split('/').nth(3).unwrap().to_owned();
    let edited = site
        .post_form(
            &format!("/f/books/{id}/edit"),
            &[
                CSRF_FIELD,
                ("title", "Marram dunes instead"),
                ("body", "Now about sand."),
            ],
        )
        .await;
    assert_eq!(edited.status(), StatusCode::SEE_OTHER);
    let old = site.page("/search?q=zephyrine").await;
    assert!(select_texts(&old, ".submission__title").is_empty());
    let new = site.page("/search?q=marram").await;
    assert_eq!(
        select_texts(&new, ".submission__title"),
        ["Marram dunes instead"]
    );
}

/// A seeded submission's row: what Postmill's orders are computed from.
#[derive(Debug, Clone, Copy)]
struct Row {
    id: i64,
    created: i64,
    net: i64,
    comments: i64,
    last_active: i64,
}

/// The base database of `site`, read directly (not through the site's code).
fn raw(site: &Site) -> rusqlite::Connection {
    rusqlite::Connection::open_with_flags(
        site.data_dir
            .join(<ForumSite as kit::content::SiteDefinition>::BASE_FILE),
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
    )
    .unwrap()
}

/// Every live submission's row in `site`'s base data.
fn rows(site: &Site) -> Vec<Row> {
    raw(site)
        .prepare(
            "SELECT id, created_at, net_score, comment_count, last_active FROM submissions
             WHERE deleted = 0",
        )
        .unwrap()
        .query_map([], |row| {
            Ok(Row {
                id: row.get(0)?,
                created: row.get(1)?,
                net: row.get(2)?,
                comments: row.get(3)?,
                last_active: row.get(4)?,
            })
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap()
}

/// Postmill's hot ranking, written out from its definition: the creation time plus 1800 s per
/// net vote and 5000 s per comment (500 s per comment at a net score of -5 or below), the
/// advantage held between -43200 and 86400 s.
fn postmill_hot(row: &Row) -> i64 {
    let per_comment = if row.net > -5 { 5_000 } else { 500 };
    row.created + (row.net * 1_800 + row.comments * per_comment).clamp(-43_200, 86_400)
}

/// Every submission id in Postmill's order for `sort`, each sort with the id as tie-break.
fn postmill_order(rows: &[Row], sort: &str) -> Vec<i64> {
    use std::cmp::Reverse;
    let mut rows = rows.to_vec();
    match sort {
        "hot" => rows.sort_by_key(|row| Reverse((postmill_hot(row), row.id))),
        "new" => rows.sort_by_key(|row| Reverse(row.id)),
        "active" => rows.sort_by_key(|row| Reverse((row.last_active, row.id))),
        "top" => rows.sort_by_key(|row| Reverse((row.net, row.id))),
        "controversial" => rows.sort_by_key(|row| (row.net, row.id)),
        "most_commented" => rows.sort_by_key(|row| Reverse((row.comments, row.id))),
        other => panic!("no sort {other}"),
    }
    rows.into_iter().map(|row| row.id).collect()
}

/// Follows a listing's "More" links from `start` to its end: every submission id in page
/// order, and the first "More" link.
async fn walk(site: &Site, start: &str) -> (Vec<i64>, String) {
    let mut ids = Vec::new();
    let mut first_more = String::new();
    let mut next = Some(start.to_owned());
    for _ in 0..=(POSTS as usize / 25 + 1) {
        let Some(uri) = next.take() else { break };
        let page = site.page(&uri).await;
        ids.extend(
            attribute(&page, "article.submission", "id")
                .iter()
                .map(|id| id.trim_start_matches("submission-").parse::<i64>().unwrap()),
        );
        next = attribute(&page, "a[rel=next]", "href").into_iter().next();
        if first_more.is_empty() {
            first_more = next.clone().unwrap_or_default();
        }
    }
    assert!(next.is_none(), "{start} ends within the pages it can have");
    (ids, first_more)
}

#[tokio::test]
async fn every_sort_lists_everything_in_postmills_order_with_its_keyset_parameters() {
    let site = fresh_site();
    let rows = rows(&site);
    assert!(rows.len() > 300);
    // (path, sort, the keyset parameter of its "More" link besides next[id]).
    for (path, sort, key) in [
        ("/all", "hot", Some("ranking")),
        ("/all/new", "new", None),
        ("/all/active", "active", Some("lastActive")),
        ("/all/top?t=all", "top", Some("netScore")),
        (
            "/all/controversial?t=all",
            "controversial",
            Some("netScore"),
        ),
        (
            "/all/most_commented?t=all",
            "most_commented",
            Some("commentCount"),
        ),
    ] {
        let expected = postmill_order(&rows, sort);
        let (shown, more) = walk(&site, path).await;
        assert_eq!(shown, expected, "{path} is in Postmill's {sort} order");
        // "More" names the first submission of the next page, Postmill's way.
        let query: std::collections::HashMap<String, String> =
            url::form_urlencoded::parse(more.split_once('?').unwrap().1.as_bytes())
                .into_owned()
                .collect();
        let next = rows.iter().find(|row| row.id == expected[25]).unwrap();
        assert_eq!(query["next[id]"], next.id.to_string(), "{more}");
        let value = match key {
            Some("ranking") => postmill_hot(next).to_string(),
            Some("lastActive") => raw(&site)
                .query_row(
                    "SELECT strftime('%Y-%m-%dT%H:%M:%S+00:00', ?1, 'unixepoch')",
                    [next.last_active],
                    |row| row.get(0),
                )
                .unwrap(),
            Some("netScore") => next.net.to_string(),
            Some("commentCount") => next.comments.to_string(),
            _ => String::new(),
        };
        match key {
            Some(key) => assert_eq!(query[&format!("next[{key}]")], value, "{more}"),
            None => assert_eq!(query.len(), 1, "new pages by id alone: {more}"),
        }
    }
    // Controversial starts with the most downvoted post.
    let controversial = site.page("/all/controversial").await;
    let lowest = rows.iter().map(|row| row.net).min().unwrap();
    assert_eq!(
        select_texts(&controversial, ".submission__vote .vote__net-score")[0],
        lowest.to_string()
    );
    // A keyset position in another form is refused with what to write instead.
    let response = site
        .get("/all/active?next%5BlastActive%5D=123&next%5Bid%5D=5")
        .await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert!(
        body_text(response)
            .await
            .contains("2024-05-01T12:00:00+00:00")
    );
}

#[tokio::test]
async fn a_time_window_filters_every_sort_and_a_new_post_rises_to_the_top_of_hot() {
    let site = logged_in();
    let response = site
        .post_multipart(
            "/submit",
            &[
                CSRF_FIELD,
                ("forum", "pics"),
                ("title", "Fresh today"),
                ("url", "https://example.org/fresh"),
            ],
            &[],
        )
        .await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    let fresh = location(&response).split('/').nth(3).unwrap().to_owned();
    // A day's window holds the new post and the seeded ones of the day before the clock.
    let connection = raw(&site);
    let since = kit::clock::now() - 86_400;
    let mut of_the_day: Vec<String> = connection
        .prepare("SELECT id FROM submissions WHERE deleted = 0 AND created_at > ?1")
        .unwrap()
        .query_map([since], |row| row.get::<_, i64>(0))
        .unwrap()
        .map(|id| format!("submission-{}", id.unwrap()))
        .collect();
    of_the_day.push(format!("submission-{fresh}"));
    of_the_day.sort();
    for path in ["/all/new?t=day", "/all/hot?t=day", "/all/top?t=day"] {
        let page = site.page(path).await;
        let mut listed = attribute(&page, "article.submission", "id");
        listed.sort();
        assert_eq!(listed, of_the_day, "{path}");
    }
    for path in ["/all/new?t=day", "/all/active?t=year"] {
        let page = site.page(path).await;
        assert_eq!(
            attribute(&page, "article.submission", "id")[0],
            format!("submission-{fresh}"),
            "{path}"
        );
    }
    // Its author's upvote and a day's head start put it first on the hot page of everything.
    let hot = site.page("/all").await;
    assert_eq!(
        attribute(&hot, "article.submission", "id")[0],
        format!("submission-{fresh}")
    );
}

#[tokio::test]
async fn comments_and_their_replies_are_listed_by_net_score_as_postmill_lists_them() {
    let site = fresh_site();
    let connection = raw(&site);
    let (submission, forum): (i64, String) = connection
        .query_row(
            "SELECT s.id, f.name FROM submissions s JOIN forums f ON f.id = s.forum_id
             ORDER BY s.comment_count DESC, s.id LIMIT 1",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .unwrap();
    // (id, parent, net score, created) of every comment, and Postmill's order written out:
    // siblings by net score, highest first, ties oldest first; replies right under their parent.
    let comments: Vec<(i64, Option<i64>, i64, i64)> = connection
        .prepare(
            "SELECT id, parent_id, net_score, created_at FROM comments WHERE submission_id = ?1",
        )
        .unwrap()
        .query_map([submission], |row| {
            Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    assert!(comments.len() > 20);
    fn place(comments: &[(i64, Option<i64>, i64, i64)], parent: Option<i64>, out: &mut Vec<i64>) {
        let mut siblings: Vec<_> = comments
            .iter()
            .filter(|comment| comment.1 == parent)
            .collect();
        siblings.sort_by_key(|(id, _, net, created)| (std::cmp::Reverse(*net), *created, *id));
        for (id, ..) in siblings {
            out.push(*id);
            place(comments, Some(*id), out);
        }
    }
    let mut expected = Vec::new();
    place(&comments, None, &mut expected);
    let tied = comments
        .iter()
        .filter(|a| {
            comments
                .iter()
                .any(|b| a.0 != b.0 && a.1 == b.1 && a.2 == b.2)
        })
        .count();
    assert!(tied > 0, "the thread has ties for the tie-break to order");
    let page = site.page(&format!("/f/{forum}/{submission}")).await;
    let shown: Vec<i64> = attribute(&page, ".comment[data-level]", "id")
        .iter()
        .map(|id| id.trim_start_matches("comment-").parse().unwrap())
        .collect();
    assert_eq!(shown, expected);
    // "The top comment" is the first one on the page.
    let best = comments
        .iter()
        .filter(|comment| comment.1.is_none())
        .map(|comment| comment.2)
        .max()
        .unwrap();
    assert_eq!(
        select_texts(&page, ".comment[data-level='1'] .vote__net-score")[0],
        best.to_string()
    );
}

#[tokio::test]
async fn a_refused_login_moves_the_tenants_state_stamp_without_a_row() {
    let site = fresh_site();
    let stamp = || site.tenants.stamp(&site.tenant).unwrap();
    let before = stamp();
    let refused = wrong_password_login(&site).await;
    assert_eq!(refused.status(), StatusCode::UNAUTHORIZED);
    let after = stamp();
    assert_ne!(after, before, "the throttle's count is the tenant's state");
    assert_eq!(after.rows_written, before.rows_written);
}

/// Every `<time>` of a page: (datetime, title, text).
fn times(document: &Html) -> Vec<(String, String, String)> {
    let selector = Selector::parse("time").unwrap();
    document
        .select(&selector)
        .map(|time| {
            let attr = |name| time.value().attr(name).unwrap_or_default().to_owned();
            (attr("datetime"), attr("title"), time.text().collect())
        })
        .collect()
}

#[tokio::test]
async fn times_read_relative_to_the_site_clock_with_the_exact_time_in_the_title() {
    let site = fresh_site();
    let (id, forum): (i64, String) = raw(&site)
        .query_row(
            "SELECT s.id, f.name FROM submissions s JOIN forums f ON f.id = s.forum_id
             WHERE s.comment_count > 2 ORDER BY s.created_at DESC LIMIT 1",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .unwrap();
    let page = site.page(&format!("/f/{forum}/{id}")).await;
    let shown = times(&page);
    assert!(shown.len() > 1, "the post and its comments carry times");
    for (datetime, title, text) in shown {
        let seconds = kit::clock::parse_atom(&datetime)
            .unwrap_or_else(|| panic!("{datetime:?} is a machine-readable time"));
        assert!(
            seconds <= kit::clock::now(),
            "{datetime} is not past the clock"
        );
        assert_eq!(text, kit::clock::ago(seconds), "{datetime}");
        assert!(text.ends_with(" ago") || text == "just now", "{text}");
        assert_eq!(title, kit::clock::exact(seconds), "{datetime}");
        assert!(!text.contains("+00:00"), "no raw stamp: {text}");
    }
}

#[tokio::test]
async fn a_post_with_one_comment_says_1_comment_and_others_the_plural() {
    let site = fresh_site();
    let id: i64 = raw(&site)
        .query_row(
            "SELECT id FROM submissions WHERE comment_count = 1 AND deleted = 0 LIMIT 1",
            [],
            |row| row.get(0),
        )
        .unwrap();
    let listing = site.page("/all/new").await;
    let links = select_texts(&listing, ".submission__nav a");
    assert!(links.iter().all(|link| link != "1 comments"), "{links:?}");
    assert!(
        links
            .iter()
            .all(|link| link == "1 comment" || link.ends_with(" comments")),
        "{links:?}"
    );
    let forum: String = raw(&site)
        .query_row(
            "SELECT f.name FROM submissions s JOIN forums f ON f.id = s.forum_id WHERE s.id = ?1",
            [id],
            |row| row.get(0),
        )
        .unwrap();
    let page = site.page(&format!("/f/{forum}/{id}")).await;
    assert_eq!(select_texts(&page, ".comments-heading"), ["1 comment"]);
}

#[tokio::test]
async fn the_past_week_and_the_past_year_list_what_was_posted_before_the_clock() {
    let site = fresh_site();
    let now = kit::clock::now();
    for (window, span) in [("week", 7 * 86_400), ("year", 365 * 86_400)] {
        let seeded: usize = raw(&site)
            .query_row(
                "SELECT count(*) FROM submissions WHERE deleted = 0 AND created_at > ?1",
                [now - span],
                |row| row.get(0),
            )
            .unwrap();
        assert!(
            seeded > 0,
            "the seed posts within the {window} before the clock"
        );
        let page = site.page(&format!("/all/top?t={window}")).await;
        let shown = select_texts(&page, ".submission__title").len();
        assert_eq!(shown, seeded.min(25), "/all/top?t={window}");
    }
}

#[tokio::test]
async fn the_forum_sidebar_shows_the_submit_button_description_counts_and_moderators() {
    let site = fresh_site();
    let (name, description, moderator): (String, String, String) = raw(&site)
        .query_row(
            "SELECT f.name, f.description, u.username FROM forums f JOIN users u ON u.id = f.created_by
             ORDER BY f.id LIMIT 1",
            [],
            |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)),
        )
        .unwrap();
    let page = site.page(&format!("/f/{name}")).await;
    assert_eq!(
        attribute(&page, "#sidebar .button--submit", "href"),
        [format!("/submit/{name}")]
    );
    let sidebar = select_texts(&page, "#sidebar p");
    assert!(sidebar.contains(&description), "{sidebar:?}");
    assert!(
        sidebar
            .iter()
            .any(|text| text.contains("subscriber") && text.contains("submission")),
        "{sidebar:?}"
    );
    assert_eq!(
        select_texts(&page, "#sidebar .sidebar__moderators li"),
        [moderator]
    );
    let front = site.page("/").await;
    assert_eq!(
        attribute(&front, "#sidebar .button--submit", "href"),
        ["/submit"]
    );
    assert_eq!(
        select_texts(&front, "#sidebar .sidebar__actions a"),
        ["Submit", "Browse forums", "Create a forum"]
    );
}
