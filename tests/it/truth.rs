//! Step results are the truth: an action that needs a kind of element checks it before it
//! touches the page, every result carries an observation taken after the step (refusals
//! included, with `page_changed`), and every address outside the sites, of any scheme, shows
//! the fence's block page — never a browser error page.

use crate::support::step_outcome;
use crate::support::{js, no_eval, observation, run, site_episode, som_id};

#[test]
fn type_clear_and_select_refuse_what_is_not_their_kind_and_touch_nothing() {
    run(|harness| async move {
        let episode = harness.open("actions.html").await;
        let start = observation(&episode).await;
        let link = som_id(&episode, "#same-tab-link").await;
        let button = som_id(&episode, "#counter").await;
        let name = som_id(&episode, "#name").await;
        let colour = som_id(&episode, "#colour").await;
        let cases = [
            (format!("type [{link}] [red bike] [1]"), "a link (<a>)"),
            (
                format!("type [{button}] [hello] [0]"),
                "a button (<button>)",
            ),
            (format!("clear [{button}]"), "a button (<button>)"),
            (format!("clear [{link}]"), "a link (<a>)"),
            (format!("type [{colour}] [Red] [0]"), "select ["),
            (format!("select [{name}] [Red]"), "<input type=\"text\">"),
            (format!("select [{button}] [Red]"), "a button (<button>)"),
        ];
        for (action, named) in cases {
            let stepped = episode.step(&action).await;
            let error = stepped
                .outcome
                .error
                .unwrap_or_else(|| panic!("{action} is refused"));
            assert_eq!(error.code(), "not_interactable", "{action}: {error}");
            assert!(error.to_string().contains(named), "{action}: {error}");
            assert_eq!(stepped.outcome.page_changed, Some(false), "{action}");
            let after = stepped
                .episode
                .observation
                .expect("an observation after it");
            assert_eq!(after.url, start.url, "{action} navigated");
            assert_eq!(
                js(&episode, "location.href").await,
                start.url.as_str(),
                "{action}"
            );
            assert_eq!(
                js(&episode, "document.getElementById('status').textContent").await,
                "not clicked",
                "{action} clicked the button"
            );
            assert_eq!(
                js(&episode, "document.getElementById('name').value").await,
                "prefilled",
                "{action}"
            );
        }
        crate::support::close(&episode).await;
    });
}

#[test]
fn the_readmes_type_on_a_classifieds_link_is_refused_without_following_it() {
    run(|harness| async move {
        let episode = site_episode(&harness.env, "classifieds", "/", no_eval(), false).await;
        let start = observation(&episode).await;
        let link = start
            .elements
            .iter()
            .find(|element| element.tag == "a")
            .expect("the start page has links")
            .id;
        let stepped = episode.step(&format!("type [{link}] [red bike] [1]")).await;
        let error = stepped
            .outcome
            .error
            .expect("typing into a link is refused");
        assert_eq!(error.code(), "not_interactable", "{error}");
        assert!(error.to_string().contains("a link (<a>)"), "{error}");
        assert_eq!(stepped.outcome.page_changed, Some(false));
        assert_eq!(js(&episode, "location.href").await, start.url.as_str());
        crate::support::close(&episode).await;
    });
}

#[test]
fn a_refused_step_carries_the_page_as_it_is_after_a_navigation() {
    run(|harness| async move {
        let episode = harness.open("actions.html").await;
        let link = som_id(&episode, "#same-tab-link").await;
        let clicked = episode.step(&format!("click [{link}]")).await;
        assert!(
            clicked.outcome.error.is_none(),
            "{:?}",
            clicked.outcome.error
        );
        assert_eq!(clicked.outcome.page_changed, Some(true));
        let other = clicked.episode.observation.expect("observed");
        assert!(
            other.url.ends_with("/other.html?from=link"),
            "{}",
            other.url
        );
        // A refused action on the new page: its result is the new page.
        let back = som_id(&episode, "#back-link").await;
        let refused = episode.step(&format!("type [{back}] [x] [0]")).await;
        assert_eq!(
            refused.outcome.error.expect("refused").code(),
            "not_interactable"
        );
        let after = refused.episode.observation.expect("observed");
        assert_eq!(after.url, other.url);
        assert!(
            after.som_text().contains("Back to actions"),
            "{}",
            after.som_text()
        );
        // The page moves by itself after the observation; a refusal then shows where it went
        // and says that the page changed.
        js(
            &episode,
            "(() => { location.href = '/actions.html?moved=1'; return 1; })()",
        )
        .await;
        let refused = episode.step("click [99999]").await;
        assert_eq!(
            refused.outcome.error.expect("refused").code(),
            "unknown_element"
        );
        assert_eq!(refused.outcome.page_changed, Some(true));
        let moved = refused.episode.observation.expect("observed");
        assert!(
            moved.url.ends_with("/actions.html?moved=1"),
            "{}",
            moved.url
        );
        assert!(
            moved.som_text().contains("Click me"),
            "{}",
            moved.som_text()
        );
        let trajectory = refused.episode.trajectory;
        let last = trajectory.last().expect("recorded");
        assert_eq!(
            last.url, moved.url,
            "the trajectory holds the page after it"
        );
        assert_eq!(last.error.as_deref(), Some("unknown_element"));
        crate::support::close(&episode).await;
    });
}

#[test]
fn every_off_site_address_of_any_scheme_shows_the_block_page() {
    run(|harness| async move {
        let episode = harness.open("actions.html").await;
        let cases = [
            ("https://google.com", "https://google.com/"),
            (
                "https://www.google.com/search?q=bike",
                "https://www.google.com/search?q=bike",
            ),
            ("http://127.0.0.9:1234/", "http://127.0.0.9:1234/"),
            ("https://127.0.0.9:1234/x", "https://127.0.0.9:1234/x"),
            (
                "data:text/html,<h1>data page</h1>",
                "data:text/html,<h1>data page</h1>",
            ),
            ("file:///etc/passwd", "file:///etc/passwd"),
            (
                "javascript:document.title='taken'",
                "javascript:document.title='taken'",
            ),
            ("chrome://version", "chrome://version"),
            ("ws://127.0.0.9:1234/socket", "ws://127.0.0.9:1234/socket"),
            ("about:blank", "about:blank"),
        ];
        for (address, blocked) in cases {
            let stepped = episode.step(&format!("goto [{address}]")).await;
            assert!(
                stepped.outcome.error.is_none(),
                "{address}: {:?}",
                stepped.outcome.error
            );
            let seen = stepped.episode.observation.expect("observed");
            assert_eq!(seen.blocked_url.as_deref(), Some(blocked), "{address}");
            assert!(
                !seen.url.starts_with("chrome-error:"),
                "{address}: {}",
                seen.url
            );
            let text = seen.som_text();
            assert!(text.contains("This page is blocked"), "{address}: {text}");
            assert!(!text.contains("root:"), "{address} showed a file: {text}");
            assert!(
                !text.contains("] [data page]"),
                "{address} rendered: {text}"
            );
            assert_eq!(seen.title, "Blocked by Agora", "{address}");
        }
        // A navigation the page makes itself, to https, lands on the same page.
        let back = episode.step("go_back").await;
        assert!(back.outcome.error.is_none(), "{:?}", back.outcome.error);
        step_outcome(&episode, &format!("goto [{}]", harness.url("actions.html"))).await;
        js(
            &episode,
            "(() => { location.href = 'https://example.com/from-the-page'; return 1; })()",
        )
        .await;
        let observed = episode.observe(None).await.expect("observed");
        let seen = observed.observation.expect("observed");
        assert_eq!(
            seen.blocked_url.as_deref(),
            Some("https://example.com/from-the-page")
        );
        // What is not an address at all is refused, and says how to write one.
        let error = step_outcome(&episode, "goto [not an address]")
            .await
            .error
            .expect("refused");
        assert_eq!(error.code(), "url_refused", "{error}");
        assert!(error.to_string().contains("http://"), "{error}");
        crate::support::close(&episode).await;
    });
}
