//! `--clock` moves the forum's relative times: the clock is pinned per process, so this
//! test has a binary of its own.

#![allow(clippy::unwrap_used)]

use forum::{ForumSite, Scale};
use kit::clock::SiteClock;
use kit::testing::{TestSite, select_texts};

#[tokio::test]
async fn a_later_clock_makes_the_same_post_older() {
    let site: TestSite<ForumSite> = TestSite::new(Scale::Small(200), 5);
    let page = site.page("/all/new").await;
    let before = select_texts(&page, ".submission__info time");
    let newest = before.first().unwrap().clone();
    assert!(
        !newest.contains("year"),
        "the newest post is recent: {newest}"
    );
    kit::clock::pin(SiteClock::from_seconds(
        kit::clock::DEFAULT.seconds() + 3 * 365 * 86_400,
    ));
    let page = site.page("/all/new").await;
    let after = select_texts(&page, ".submission__info time");
    assert_eq!(
        after.first().map(String::as_str),
        Some("3 years ago"),
        "{before:?}"
    );
}
