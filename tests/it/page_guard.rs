//! The page guard lasts as long as its browser, in real Chromium: no page output — a 64 MiB
//! console message, 64 MiB for every binding a page can reach, floods of small messages —
//! ends or stalls it, so popups stay capped and dialogs answered in that episode and in the
//! next on the same browser; a guard that fails anyway ends its episode with a clear error
//! and its browser never serves another.

use crate::hostile::{at, click};
use crate::support::step_outcome;
use crate::support::{Hosting, one_browser};
use crate::support::{js, observation, run};
use agora::config::Config;
use agora::env::EpisodeHandle;
use std::time::Duration;

/// A confirm and a prompt are answered and reported, and popups beyond the cap are closed
/// (the first popup then has the focus).
async fn still_guarded(harness: &crate::support::Harness, episode: &EpisodeHandle, round: &str) {
    let outcome = click(episode, "#ask").await;
    assert!(outcome.error.is_none(), "{round}: {:?}", outcome.error);
    let kinds: Vec<_> = observation(episode)
        .await
        .dialogs
        .into_iter()
        .map(|dialog| dialog.kind)
        .collect();
    assert_eq!(kinds, ["confirm", "prompt"], "{round}");
    let answers = js(episode, "document.getElementById('answers').textContent").await;
    assert_eq!(answers, "confirm=false prompt=null", "{round}");
    let cap = harness.env.config().max_tabs;
    let outcome = click(episode, "#popups").await;
    assert!(outcome.error.is_none(), "{round}: {:?}", outcome.error);
    let browser = episode.browser().await.unwrap();
    assert!(!browser.guard_failed(), "{round}: the guard stopped");
    let open = browser.client().windows().await.unwrap().len();
    assert!(
        open <= cap && open > 1,
        "{round}: {open} tabs open, cap {cap}"
    );
}

#[test]
fn no_page_output_ends_the_guard_in_its_episode_or_the_next() {
    run(|harness| async move {
        let env = one_browser(harness, Config::default(), Hosting::Fixtures).await;
        let mut first_browser = None;
        for round in ["first episode", "next episode"] {
            let episode = env
                .create_episode(at(harness.url("hostile/outpour.html")))
                .await
                .unwrap();
            let pid = episode.browser().await.unwrap().browser_pid();
            match first_browser {
                None => first_browser = pid,
                Some(first) => assert_eq!(pid, Some(first), "{round}: the same browser"),
            }
            for control in ["#console", "#bindings", "#flood"] {
                let outcome = click(&episode, control).await;
                assert!(
                    outcome.error.is_none(),
                    "{round} {control}: {:?}",
                    outcome.error
                );
            }
            let reached = js(&episode, "document.getElementById('reached').textContent").await;
            assert_eq!(
                reached, "0 binding calls",
                "{round}: the page reached a binding"
            );
            still_guarded(harness, &episode, round).await;
            episode.close().await.unwrap();
            assert!(env.pool().wait_warm(Duration::from_secs(60)).await);
        }
        env.shutdown().await;
    });
}

#[test]
fn a_guard_that_fails_ends_its_episode_and_its_browser_serves_no_other() {
    run(|harness| async move {
        let env = one_browser(harness, Config::default(), Hosting::Fixtures).await;
        let episode = env
            .create_episode(at(harness.url("hostile/outpour.html")))
            .await
            .unwrap();
        let failed_browser = {
            let browser = episode.browser().await.unwrap();
            browser.sever_guard();
            browser.browser_pid().expect("a local browser")
        };
        let outcome = step_outcome(&episode, "scroll [down]").await;
        let error = outcome.error.expect("the step fails");
        assert_eq!(error.code(), "browser_lost", "{error}");
        assert!(error.to_string().contains("page guard"), "{error}");
        assert!(outcome.done, "the episode has ended");
        episode.close().await.unwrap();
        // The next episode has another browser, guarded.
        assert!(env.pool().wait_warm(Duration::from_secs(60)).await);
        let next = env
            .create_episode(at(harness.url("hostile/outpour.html")))
            .await
            .unwrap();
        let pid = next.browser().await.unwrap().browser_pid();
        assert!(pid.is_some_and(|pid| pid != failed_browser), "{pid:?}");
        still_guarded(harness, &next, "next episode").await;
        next.close().await.unwrap();
        env.shutdown().await;
    });
}
