//! Every action in real Chromium, as a person would do it, and every error path.

use crate::support::step_outcome;
use crate::support::{js, observation, run, som_id};
use agora::env::EpisodeSpec;

#[test]
fn click_type_clear_and_submit_change_the_page() {
    run(|harness| async move {
        let episode = harness.open("actions.html").await;
        let counter = som_id(&episode, "#counter").await;
        let outcome = step_outcome(&episode, &format!("click [{counter}]")).await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        assert_eq!(
            js(&episode, "document.getElementById('status').textContent").await,
            "clicked 1"
        );

        let name = som_id(&episode, "#name").await;
        let outcome = step_outcome(&episode, &format!("type [{name}] [Ada Lovelace] [0]")).await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        assert_eq!(
            js(&episode, "document.getElementById('name').value").await,
            "Ada Lovelace",
            "type clears first"
        );

        step_outcome(&episode, &format!("clear [{name}]")).await;
        assert_eq!(
            js(&episode, "document.getElementById('name').value").await,
            ""
        );

        let editor = som_id(&episode, "#editor").await;
        step_outcome(&episode, &format!("type [{editor}] [new text] [0]")).await;
        assert_eq!(
            js(&episode, "document.getElementById('editor').textContent").await,
            "new text"
        );

        let query = som_id(&episode, "#query").await;
        let outcome = step_outcome(&episode, &format!("type [{query}] [red bike] [1]")).await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        let settle = outcome.settle.expect("settle report");
        assert!(settle.settled, "{settle:?}");
        let url = observation(&episode).await.url.clone();
        assert!(
            url.ends_with("/other.html?q=red+bike"),
            "Enter submits the form: {url}"
        );
        crate::support::close(&episode).await;
    });
}

#[test]
fn select_checkbox_hover_press_and_upload() {
    run(|harness| async move {
        let episode = harness.open("actions.html").await;
        let colour = som_id(&episode, "#colour").await;
        let outcome = step_outcome(&episode, &format!("select [{colour}] [Blue]")).await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        assert_eq!(
            js(&episode, "document.getElementById('picked').textContent").await,
            "b"
        );
        step_outcome(&episode, &format!("select [{colour}] [g]")).await;
        assert_eq!(
            js(&episode, "document.getElementById('picked').textContent").await,
            "g",
            "by value too"
        );

        let agree = som_id(&episode, "#agree").await;
        step_outcome(&episode, &format!("click [{agree}]")).await;
        assert_eq!(
            js(&episode, "document.getElementById('agree').checked").await,
            true
        );

        assert_eq!(
            js(
                &episode,
                "document.querySelector('#secret-link').getBoundingClientRect().height"
            )
            .await,
            0
        );
        let menu = som_id(&episode, "#menu-title").await;
        step_outcome(&episode, &format!("hover [{menu}]")).await;
        let secret = som_id(&episode, "#secret-link").await;
        let outcome = step_outcome(&episode, &format!("click [{secret}]")).await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        assert!(observation(&episode).await.url.ends_with("from=menu"));
        step_outcome(&episode, "go_back").await;

        let keys = som_id(&episode, "#keys").await;
        step_outcome(&episode, &format!("click [{keys}]")).await;
        step_outcome(&episode, "press [Meta+a]").await;
        step_outcome(&episode, "press [Shift+Tab]").await;
        step_outcome(&episode, "press [ArrowDown]").await;
        let log = js(&episode, "document.getElementById('key-log').textContent").await;
        assert_eq!(
            log, "Ctrl+Control Ctrl+a Shift+Shift Shift+Tab ",
            "Meta becomes Control on Linux"
        );

        let photo = som_id(&episode, "#photo").await;
        let outcome = step_outcome(&episode, &format!("upload [{photo}] [red.png]")).await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        assert_eq!(
            js(&episode, "document.getElementById('file-name').textContent").await,
            "red.png"
        );
        crate::support::close(&episode).await;
    });
}

#[test]
fn tabs_scroll_navigation_and_iframes() {
    run(|harness| async move {
        let episode = harness.open("actions.html").await;
        let link = som_id(&episode, "#new-tab-link").await;
        let outcome = step_outcome(&episode, &format!("click [{link}]")).await;
        assert!(outcome.opened_tab, "target=_blank opens and focuses a tab");
        {
            let observation = crate::support::observation(&episode).await;
            assert!(
                observation.url.ends_with("from=newtab"),
                "{}",
                observation.url
            );
            assert_eq!(
                observation.tab_header(),
                "Tab 0: Actions | Tab 1 (current): Other page"
            );
        }
        step_outcome(&episode, "tab_focus [0]").await;
        assert_eq!(observation(&episode).await.title, "Actions");
        step_outcome(&episode, "tab_focus [1]").await;
        step_outcome(&episode, "close_tab").await;
        assert_eq!(observation(&episode).await.tabs.len(), 1);
        step_outcome(&episode, "new_tab").await;
        assert_eq!(observation(&episode).await.tabs.len(), 2);
        step_outcome(&episode, &format!("goto [{}]", harness.url("long.html"))).await;
        let viewport_width = js(&episode, "window.innerWidth").await;
        assert_eq!(viewport_width, 1280, "new tabs get the episode's viewport");
        step_outcome(&episode, "scroll [down]").await;
        let scrolled = js(&episode, "window.scrollY").await.as_f64().unwrap();
        assert!(
            scrolled > 1000.0,
            "scrolled by about one viewport: {scrolled}"
        );
        let visible_rows = observation(&episode).await.som_text();
        assert!(
            !visible_rows.contains("[link 0]"),
            "the first row scrolled out of view"
        );
        step_outcome(&episode, "scroll [up]").await;
        assert_eq!(js(&episode, "window.scrollY").await.as_f64().unwrap(), 0.0);
        step_outcome(&episode, "go_back").await;
        assert_eq!(observation(&episode).await.url, "about:blank");
        step_outcome(&episode, "go_forward").await;
        assert!(observation(&episode).await.url.ends_with("long.html"));
        step_outcome(&episode, "close_tab").await;

        let inner = observation(&episode)
            .await
            .elements
            .iter()
            .find(|e| e.name == "Inner button")
            .unwrap()
            .id;
        let outcome = step_outcome(&episode, &format!("click [{inner}]")).await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        let text = js(&episode, "document.getElementById('frame').contentDocument.getElementById('inner-button').textContent").await;
        assert_eq!(text, "inner clicked");
        crate::support::close(&episode).await;
    });
}

#[test]
fn bad_actions_return_errors_and_leave_the_page_unchanged() {
    run(|harness| async move {
        let episode = harness.open("actions.html").await;
        let url_before = observation(&episode).await.url.clone();
        let cases = [
            ("clikc [3]", "unparsable_action"),
            ("click [99999]", "unknown_element"),
            ("tab_focus [5]", "no_such_tab"),
            ("close_tab", "last_tab"),
            ("goto [not a url]", "url_refused"),
            ("press [Hyper+q]", "unknown_key"),
        ];
        for (action, code) in cases {
            let outcome = step_outcome(&episode, action).await;
            let error = outcome
                .error
                .unwrap_or_else(|| panic!("{action} should fail"));
            assert_eq!(error.code(), code, "{action}: {error}");
            assert!(!outcome.done, "the episode goes on after {action}");
        }
        let name = som_id(&episode, "#name").await;
        let outcome = step_outcome(&episode, &format!("select [{name}] [x]")).await;
        assert_eq!(outcome.error.unwrap().code(), "not_interactable");
        let colour = som_id(&episode, "#colour").await;
        let error = step_outcome(&episode, &format!("select [{colour}] [Purple]"))
            .await
            .error
            .unwrap();
        assert_eq!(error.code(), "no_such_option");
        assert!(error.to_string().contains("Red, Green, Blue"), "{error}");
        let photo = som_id(&episode, "#photo").await;
        for file in ["../../Cargo.toml", "/etc/passwd", "7"] {
            let error = step_outcome(&episode, &format!("upload [{photo}] [{file}]"))
                .await
                .error
                .unwrap();
            assert_eq!(error.code(), "upload_refused", "{file}: {error}");
        }
        // A stale id: the element was observed, then removed by the page.
        let doomed = som_id(&episode, "#doomed").await;
        js(
            &episode,
            "(() => { document.getElementById('doomed').remove(); return 1; })()",
        )
        .await;
        let error = step_outcome(&episode, &format!("click [{doomed}]"))
            .await
            .error
            .unwrap();
        assert_eq!(error.code(), "stale_element", "{error}");
        assert_eq!(observation(&episode).await.url, url_before);
        assert_eq!(
            js(&episode, "document.getElementById('status').textContent").await,
            "not clicked"
        );

        let outcome = step_outcome(&episode, "stop [done]").await;
        assert!(outcome.done);
        assert_eq!(episode.summary().await.answer.as_deref(), Some("done"));
        let error = step_outcome(&episode, "click [1]").await.error.unwrap();
        assert_eq!(error.code(), "episode_finished");
        crate::support::close(&episode).await;
    });
}

#[test]
fn a_file_input_takes_files_only_through_upload() {
    run(|harness| async move {
        let episode = harness.open("actions.html").await;
        let photo = som_id(&episode, "#photo").await;
        let files = "document.getElementById('photo').files.length";
        let json_type = format!(
            r#"{{"action": "type", "id": {photo}, "text": "/etc/passwd", "enter": false}}"#
        );
        for action in [
            format!("type [{photo}] [/etc/passwd] [0]"),
            json_type,
            format!("clear [{photo}]"),
        ] {
            let error = step_outcome(&episode, &action).await.error.unwrap();
            assert_eq!(error.code(), "not_interactable", "{action}: {error}");
            assert!(error.to_string().contains("upload ["), "{error}");
            assert_eq!(js(&episode, files).await, 0, "{action} set no file");
        }
        // Coordinate typing sends key events only; a focused file input gets no file.
        js(
            &episode,
            "(() => { document.getElementById('photo').focus(); return 1; })()",
        )
        .await;
        step_outcome(&episode, "keyboard_type [/etc/passwd]").await;
        assert_eq!(js(&episode, files).await, 0);
        // The check looks at the element as it is now: a text field turned into a file input
        // after the observation is refused too.
        let name = som_id(&episode, "#name").await;
        js(
            &episode,
            "(() => { document.getElementById('name').type = 'file'; return 1; })()",
        )
        .await;
        let error = step_outcome(&episode, &format!("type [{name}] [/etc/passwd] [0]"))
            .await
            .error
            .unwrap();
        assert_eq!(error.code(), "not_interactable", "{error}");
        assert_eq!(
            js(&episode, "document.getElementById('name').files.length").await,
            0
        );
        // The one way in still works for files in the upload directory.
        let outcome = step_outcome(&episode, &format!("upload [{photo}] [red.png]")).await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        assert_eq!(js(&episode, files).await, 1);
        crate::support::close(&episode).await;
    });
}

#[test]
fn long_text_is_typed_in_one_go_with_the_same_value_and_events() {
    run(|harness| async move {
        let episode = harness.open("actions.html").await;
        js(
            &episode,
            "(() => { window.inputs = 0; for (const id of ['notes', 'name']) \
             document.getElementById(id).addEventListener('input', () => { window.inputs += 1; }); \
             return 1; })()",
        )
        .await;
        let notes = som_id(&episode, "#notes").await;
        let limit = agora::config::Config::default().max_type_chars;
        let text: String = "The quick brown fox jumps over the lazy dog. "
            .repeat(limit / 45 + 1)
            .chars()
            .take(limit)
            .collect();
        let started = std::time::Instant::now();
        let outcome = step_outcome(&episode, &format!("type [{notes}] [{text}] [0]")).await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        assert!(
            started.elapsed() < std::time::Duration::from_secs(10),
            "{limit} characters took {:?}",
            started.elapsed()
        );
        assert_eq!(
            js(&episode, "document.getElementById('notes').value").await,
            text.as_str()
        );
        // Input events fired, but not one per character.
        let inputs = js(&episode, "window.inputs").await.as_u64().unwrap();
        assert!((1..=5).contains(&inputs), "{inputs} input events");
        // Short text is still typed key by key: an input event per character.
        let name = som_id(&episode, "#name").await;
        js(&episode, "(() => { window.inputs = 0; return 1; })()").await;
        step_outcome(&episode, &format!("type [{name}] [Ada] [0]")).await;
        assert_eq!(
            js(&episode, "document.getElementById('name').value").await,
            "Ada"
        );
        assert!(js(&episode, "window.inputs").await.as_u64().unwrap() >= 3);
        // Coordinate typing of long text with a newline gives the same value as keys would.
        js(&episode, "(() => { const n = document.getElementById('notes'); n.value = ''; n.focus(); return 1; })()").await;
        let lines = format!("{}\n{}", "a".repeat(150), "b".repeat(150));
        let action = serde_json::json!({"action": "keyboard_type", "text": lines}).to_string();
        let outcome = step_outcome(&episode, &action).await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        assert_eq!(
            js(&episode, "document.getElementById('notes').value").await,
            lines.as_str()
        );
        // Over the cap: refused, with the cap and how to raise it.
        let too_long = "y".repeat(limit + 1);
        let error = step_outcome(&episode, &format!("type [{notes}] [{too_long}] [0]"))
            .await
            .error
            .unwrap();
        assert_eq!(error.code(), "text_too_long");
        assert!(error.to_string().contains("--max-type-chars"), "{error}");
        crate::support::close(&episode).await;
    });
}

#[test]
fn covered_elements_report_what_covers_them() {
    run(|harness| async move {
        let episode = harness.open("actions.html").await;
        // Mark the button while visible, then cover it: the click must be refused, not forced.
        let button = som_id(&episode, "#counter").await;
        js(&episode, "(() => { const veil = document.createElement('div'); veil.style.cssText = 'position:fixed;inset:0;background:rgba(0,0,0,.5)'; document.body.appendChild(veil); return 1; })()").await;
        let error = step_outcome(&episode, &format!("click [{button}]"))
            .await
            .error
            .unwrap();
        assert_eq!(error.code(), "not_interactable", "{error}");
        assert!(error.to_string().contains("covers it"), "{error}");
        assert_eq!(
            js(&episode, "document.getElementById('status').textContent").await,
            "not clicked"
        );
        crate::support::close(&episode).await;
    });
}

#[test]
fn content_fetched_after_300_ms_is_in_the_first_observation() {
    run(|harness| async move {
        let episode = harness.open("fetch.html").await;
        let text = observation(&episode).await.som_text();
        assert!(
            text.contains("arrived by fetch"),
            "settle waits for the timer and the fetch: {text}"
        );
        let outcome =
            step_outcome(&episode, &format!("goto [{}]", harness.url("fetch.html"))).await;
        let settle = outcome.settle.unwrap();
        assert!(settle.settled, "{settle:?}");
        let text = observation(&episode).await.som_text();
        assert!(text.contains("arrived by fetch"), "after goto too: {text}");
        assert!(
            settle
                .waited_for
                .iter()
                .any(|reason| reason == "short timers" || reason == "requests in flight"),
            "{settle:?}"
        );
        crate::support::close(&episode).await;
    });
}

#[test]
fn settling_waits_the_dom_quiet_window_only_when_the_page_changed() {
    run(|harness| async move {
        let episode = harness.open("actions.html").await;
        // The page changes until its load event and never after: the load is enough.
        let outcome = step_outcome(
            &episode,
            &format!("goto [{}]", harness.url("busy_until_load.html")),
        )
        .await;
        let settle = outcome.settle.unwrap();
        assert!(settle.settled, "{settle:?}");
        assert_eq!(settle.quiet_wait_ms, 0, "{settle:?}");
        assert!(
            !settle
                .waited_for
                .iter()
                .any(|reason| reason == "DOM changes"),
            "{settle:?}"
        );
        assert!(observation(&episode).await.som_text().contains("loading "));
        step_outcome(&episode, &format!("goto [{}]", harness.url("actions.html"))).await;
        // A click that keeps changing the page for a second (long enough for a
        // loaded machine to start settling before it ends): settling waits until it is quiet.
        js(
            &episode,
            "document.getElementById('quiet').addEventListener('click', () => { \
               const end = performance.now() + 1000; \
               const tick = () => { \
                 document.getElementById('status').textContent = 'ticking ' + performance.now(); \
                 if (performance.now() < end) requestAnimationFrame(tick); \
                 else document.getElementById('status').textContent = 'done ticking'; \
               }; \
               tick(); \
             }) || 1",
        )
        .await;
        let quiet = som_id(&episode, "#quiet").await;
        let outcome = step_outcome(&episode, &format!("click [{quiet}]")).await;
        let settle = outcome.settle.unwrap();
        assert!(settle.settled, "{settle:?}");
        assert!(
            settle
                .waited_for
                .iter()
                .any(|reason| reason == "DOM changes")
                && settle.quiet_wait_ms > 0,
            "{settle:?}"
        );
        assert!(
            observation(&episode)
                .await
                .som_text()
                .contains("done ticking"),
            "the observation shows the page once it stopped changing"
        );
        crate::support::close(&episode).await;
    });
}

#[test]
fn multi_tab_start_urls_open_with_the_first_active() {
    run(|harness| async move {
        let spec = EpisodeSpec {
            start_urls: vec![harness.url("index.html"), harness.url("other.html")],
            viewport: Some(agora::browser::Viewport {
                width: 844,
                height: 393,
            }),
            ..EpisodeSpec::default()
        };
        let episode = harness.try_open(spec).await.unwrap();
        {
            let observation = crate::support::observation(&episode).await;
            assert_eq!(
                observation.tab_header(),
                "Tab 0 (current): Fixture index | Tab 1: Other page"
            );
            assert_eq!(
                observation.viewport,
                agora::browser::Viewport {
                    width: 844,
                    height: 393
                }
            );
        }
        crate::support::close(&episode).await;
        let refused = harness
            .try_open(EpisodeSpec {
                start_urls: vec!["http://127.0.0.1:1/".into()],
                ..EpisodeSpec::default()
            })
            .await;
        assert!(
            refused.is_err(),
            "start URLs outside the allowed sites are refused"
        );
    });
}

#[test]
fn a_form_submitted_with_enter_is_observed_on_the_next_page_even_when_the_site_is_slow() {
    run(|harness| async move {
        let episode = harness.open("slow_form.html").await;
        for round in 0..4 {
            step_outcome(
                &episode,
                &format!("goto [{}]", harness.url("slow_form.html")),
            )
            .await;
            let query = som_id(&episode, "#q").await;
            let outcome =
                step_outcome(&episode, &format!("type [{query}] [round {round}] [1]")).await;
            let settle = outcome.settle.expect("settled");
            let observation = crate::support::observation(&episode).await;
            assert!(
                observation.url.contains("/slow/other.html?q=round"),
                "round {round}: observed {} after {settle:?}",
                observation.url
            );
        }
        // A form the page handles itself does not make settling wait for a navigation.
        step_outcome(
            &episode,
            &format!("goto [{}]", harness.url("slow_form.html")),
        )
        .await;
        let in_page = som_id(&episode, "#spa-q").await;
        let outcome = step_outcome(&episode, &format!("type [{in_page}] [here] [1]")).await;
        let settle = outcome.settle.unwrap();
        assert!(settle.settled && settle.waited_ms < 1500, "{settle:?}");
        assert_eq!(
            js(
                &episode,
                "document.getElementById('spa-result').textContent"
            )
            .await,
            "handled in page"
        );
        crate::support::close(&episode).await;
    });
}

/// The centre of the element matching `css`, in viewport CSS px.
async fn centre(episode: &agora::env::EpisodeHandle, css: &str) -> (i64, i64) {
    let rect = js(
        episode,
        &format!("(r => [Math.round(r.left + r.width / 2), Math.round(r.top + r.height / 2)])(document.querySelector({css:?}).getBoundingClientRect())"),
    )
    .await;
    (rect[0].as_i64().unwrap(), rect[1].as_i64().unwrap())
}

#[test]
fn a_drag_moves_a_slider() {
    run(|harness| async move {
        let episode = harness.open("pointer.html").await;
        let slider = som_id(&episode, "#volume").await;
        let bbox = observation(&episode).await.element(slider).unwrap().bbox;
        let y = (bbox.y + bbox.height / 2.0).round() as i64;
        // The thumb sits at 10% of the track; drag it to the right end.
        let from = (bbox.x + bbox.width * 0.1).round() as i64;
        let to = (bbox.x + bbox.width - 1.0).round() as i64;
        let outcome =
            step_outcome(&episode, &format!("mouse_drag [{from}] [{y}] [{to}] [{y}]")).await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        assert_eq!(
            js(&episode, "document.getElementById('volume').value").await,
            "100"
        );
        assert_eq!(
            js(
                &episode,
                "document.getElementById('volume-value').textContent"
            )
            .await,
            "100",
            "the page saw the input events of a real drag"
        );
        let value = observation(&episode)
            .await
            .element(slider)
            .unwrap()
            .value
            .clone();
        assert_eq!(
            value.as_deref(),
            Some("100"),
            "the observation shows the new value"
        );
        crate::support::close(&episode).await;
    });
}

#[test]
fn a_click_at_an_elements_centre_equals_click_by_id() {
    run(|harness| async move {
        let episode = harness.open("pointer.html").await;
        let (x, y) = centre(&episode, "#counter").await;
        let outcome = step_outcome(&episode, &format!("mouse_click [{x}] [{y}]")).await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        assert_eq!(
            outcome.action.unwrap().to_string(),
            format!("mouse_click [{x}] [{y}] [left]")
        );
        assert_eq!(
            js(&episode, "document.getElementById('status').textContent").await,
            "clicked 1"
        );
        let counter = som_id(&episode, "#counter").await;
        step_outcome(&episode, &format!("click [{counter}]")).await;
        assert_eq!(
            js(&episode, "document.getElementById('status').textContent").await,
            "clicked 2",
            "the same handler ran once per click, either way"
        );
        crate::support::close(&episode).await;
    });
}

#[test]
fn double_and_right_clicks_wheel_keyboard_and_hover_at_points() {
    run(|harness| async move {
        let episode = harness.open("pointer.html").await;
        let text = |css: &'static str| {
            let episode = episode.clone();
            async move {
                js(
                    &episode,
                    &format!("document.querySelector({css:?}).textContent"),
                )
                .await
            }
        };
        let (x, y) = centre(&episode, "#twice").await;
        step_outcome(&episode, &format!("mouse_click [{x}] [{y}] [double]")).await;
        assert_eq!(text("#twice").await, "double-clicked");
        step_outcome(&episode, &format!("mouse_click [{x}] [{y}] [right]")).await;
        assert_eq!(text("#twice").await, "right-clicked");

        let (x, y) = centre(&episode, "#box").await;
        let outcome = step_outcome(&episode, &format!("scroll_at [{x}] [{y}] [0] [300]")).await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        let scrolled = js(
            &episode,
            "[document.getElementById('box').scrollTop, window.scrollY]",
        )
        .await;
        assert!(
            scrolled[0].as_f64().unwrap() > 0.0,
            "the box under the pointer scrolled: {scrolled}"
        );
        assert_eq!(
            scrolled[1].as_f64().unwrap(),
            0.0,
            "the page did not: {scrolled}"
        );

        let (x, y) = centre(&episode, "#field").await;
        step_outcome(&episode, &format!("mouse_click [{x}] [{y}]")).await;
        let outcome = step_outcome(&episode, "keyboard_type [Grace [Hopper]]").await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        assert_eq!(
            js(&episode, "document.getElementById('field').value").await,
            "Grace [Hopper]"
        );

        let (x, y) = centre(&episode, "#hover-target").await;
        step_outcome(&episode, &format!("mouse_move [{x}] [{y}]")).await;
        assert_eq!(
            js(
                &episode,
                "document.getElementById('hover-target').dataset.hovered"
            )
            .await,
            "yes"
        );
        crate::support::close(&episode).await;
    });
}

#[test]
fn points_outside_the_viewport_are_refused_and_change_nothing() {
    run(|harness| async move {
        let episode = harness.open("pointer.html").await;
        let viewport = observation(&episode).await.viewport;
        for action in [
            format!("mouse_click [{}] [10]", viewport.width),
            "mouse_move [-1] [10]".to_owned(),
            format!("mouse_drag [10] [10] [10] [{}]", viewport.height + 5),
            "scroll_at [10] [99999] [0] [100]".to_owned(),
        ] {
            let outcome = step_outcome(&episode, &action).await;
            let error = outcome
                .error
                .unwrap_or_else(|| panic!("{action} was carried out"));
            assert_eq!(error.code(), "outside_viewport", "{action}");
            let message = error.to_string();
            assert!(
                message.contains(&format!("{}x{}", viewport.width, viewport.height)),
                "{action}: {message}"
            );
            assert!(!outcome.done, "the episode goes on");
        }
        assert_eq!(
            js(&episode, "document.getElementById('volume').value").await,
            "10"
        );
        let long = "x".repeat(agora::config::Config::default().max_type_chars + 1);
        let outcome = step_outcome(&episode, &format!("keyboard_type [{long}]")).await;
        assert_eq!(outcome.error.unwrap().code(), "text_too_long");
        crate::support::close(&episode).await;
    });
}

#[test]
fn clicks_land_on_wrapped_tall_and_partly_covered_elements() {
    run(|harness| async move {
        for (target, expected) in [("#wrapped", "Other page"), ("#partly", "Other page")] {
            let episode = harness.open("wrapped.html").await;
            let id = som_id(&episode, target).await;
            let outcome = step_outcome(&episode, &format!("click [{id}]")).await;
            assert!(outcome.error.is_none(), "{target}: {:?}", outcome.error);
            assert_eq!(
                observation(&episode).await.title,
                expected,
                "clicking {target} follows the link"
            );
            crate::support::close(&episode).await;
        }
        let episode = harness.open("wrapped.html").await;
        let button = som_id(&episode, "#tall-button").await;
        let outcome = step_outcome(&episode, &format!("click [{button}]")).await;
        assert!(outcome.error.is_none(), "{:?}", outcome.error);
        assert_eq!(
            js(&episode, "document.title").await,
            "Clicked the tall button"
        );
        crate::support::close(&episode).await;
    });
}

/// Asserts that the last observation was taken where the page's scroll ended: the page no
/// longer moves, the observation's scroll offset is the page's, every marked box is where
/// its element is now, and the clean frame shows the bands now at its rows.
async fn assert_observed_at_rest(episode: &agora::env::EpisodeHandle, what: &str) -> f64 {
    let observation = observation(episode).await;
    let now: [f64; 2] =
        serde_json::from_value(js(episode, "[window.scrollX, window.scrollY]").await).unwrap();
    assert_eq!(
        [observation.scroll.x, observation.scroll.y],
        now,
        "{what}: observed at {:?}, the page rests at {now:?}",
        observation.scroll
    );
    for element in &observation.elements {
        let top = js(
            episode,
            &format!(
                "document.querySelector('[data-agora-som=\"{}\"]').getBoundingClientRect().top",
                element.id
            ),
        )
        .await
        .as_f64()
        .unwrap();
        assert!(
            (top - element.bbox.y).abs() <= 1.0,
            "{what}: element {} was marked at y {} but rests at {top}",
            element.id,
            element.bbox.y
        );
    }
    let frame = image::load_from_memory(&observation.clean_screenshot.as_ref().unwrap().bytes)
        .unwrap()
        .to_rgb8();
    for y in [5, 200, 400, 715] {
        let colour = js(
            episode,
            &format!("getComputedStyle(document.elementFromPoint(1270, {y})).backgroundColor"),
        )
        .await;
        let pixel = frame.get_pixel(1270, y).0;
        assert_eq!(
            colour.as_str().unwrap(),
            format!("rgb({}, {}, {})", pixel[0], pixel[1], pixel[2]),
            "{what}: the frame at row {y} shows another band than the page now does"
        );
    }
    now[1]
}

#[test]
fn a_wheel_scroll_on_a_smooth_scrolling_page_is_observed_where_it_ends_in_20_fresh_episodes() {
    run(|harness| async move {
        for round in 0..20 {
            let episode = harness
                .try_open(harness.spec_720p("smooth_scroll.html"))
                .await
                .unwrap();
            let outcome = step_outcome(&episode, "scroll [down]").await;
            assert!(outcome.error.is_none(), "{:?}", outcome.error);
            let settle = outcome.settle.unwrap();
            assert!(settle.settled, "round {round}: {settle:?}");
            let rest = assert_observed_at_rest(&episode, &format!("round {round}")).await;
            assert_eq!(rest, 720.0, "round {round}: one viewport down");
            crate::support::close(&episode).await;
        }
    });
}

#[test]
fn keys_wheel_at_a_point_and_fragment_links_are_observed_where_the_scroll_ends() {
    run(|harness| async move {
        let episode = harness
            .try_open(harness.spec_720p("smooth_scroll.html"))
            .await
            .unwrap();
        // The page scrolls smoothly on its own a moment after a click: settling waits for the
        // scroll to start and to end.
        let button = som_id(&episode, "#band-0 button").await;
        let outcome = step_outcome(&episode, &format!("click [{button}]")).await;
        let settle = outcome.settle.unwrap();
        assert!(settle.settled, "{settle:?}");
        assert!(
            settle.waited_for.iter().any(|reason| reason == "scroll"),
            "{settle:?}"
        );
        let rest = assert_observed_at_rest(&episode, "the page's smooth scroll").await;
        assert_eq!(rest, 5.0 * 300.0, "band 5 is at the top");
        // A link to a band further down: the page scrolls there smoothly.
        let link = som_id(&episode, "#band-5 a").await;
        let outcome = step_outcome(&episode, &format!("click [{link}]")).await;
        assert!(outcome.settle.unwrap().settled);
        let rest = assert_observed_at_rest(&episode, "fragment link").await;
        assert_eq!(rest, 17.0 * 300.0, "the link's band is at the top");
        for (action, what) in [
            ("press [PageDown]", "PageDown"),
            ("press [ArrowUp]", "ArrowUp"),
            ("press [Space]", "Space"),
            ("scroll_at [640] [360] [0] [-500]", "scroll_at"),
            ("scroll [up]", "scroll up"),
        ] {
            let before = js(&episode, "window.scrollY").await.as_f64().unwrap();
            let outcome = step_outcome(&episode, action).await;
            assert!(outcome.error.is_none(), "{what}: {:?}", outcome.error);
            assert!(outcome.settle.unwrap().settled, "{what}");
            let rest = assert_observed_at_rest(&episode, what).await;
            assert_ne!(rest, before, "{what} scrolls the page");
        }
        crate::support::close(&episode).await;
    });
}
