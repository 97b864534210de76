//! What a WebUI page cannot do to its AES, in real Chromium: hide the errors it throws on
//! load (emptying or patching what records them, cancelling the browser's error events), show
//! the agent one page and the measurement another (marks left in the agent's storage, cookies,
//! window name), or let one large element — a full-screen backdrop — carry a broken state.
//! And `magebench` mode agrees with MageBench's own code on a page with fixed-position
//! elements below the end of its content.

use crate::support::{observation, run};
use crate::webui::{aes, episode, put, write};

/// Scripts that throw on load and try to hide it; each is run after the target's own.
const HIDING: [(&str, &str); 5] = [
    ("plain", "undefinedThing();"),
    (
        "empties the record",
        "setTimeout(() => window.__agoraPageErrors?.splice(0)); undefinedThing();",
    ),
    (
        "replaces push",
        "if (window.__agoraPageErrors) window.__agoraPageErrors.push = () => 0; undefinedThing();",
    ),
    (
        "cancels the error event",
        "window.addEventListener('error', (event) => { event.preventDefault(); event.stopImmediatePropagation(); }, true);\n\
         window.onerror = () => true; undefinedThing();",
    ),
    (
        "cancels the rejection",
        "window.addEventListener('unhandledrejection', (event) => event.preventDefault(), true);\n\
         Promise.reject(new Error('undefinedThing was rejected'));",
    ),
];

#[test]
fn a_page_that_throws_on_load_scores_zero_however_it_hides_it() {
    run(|harness| async move {
        let target = webui::targets::named("landing").unwrap();
        let episode = episode(harness, target).await;
        put(&episode, [target.html, target.css, target.javascript]).await;
        let (clean, _) = aes(&episode).await;
        assert!((clean - 1.0).abs() < 1e-6, "the target scores {clean}");
        let mut wrong = Vec::new();
        for (trick, script) in HIDING {
            let javascript = format!("{}\n{script}", target.javascript);
            write(&episode, [target.html, target.css, &javascript]).await;
            let errors = observation(&episode).await.page_errors.join("\n");
            if !errors.contains("exception: ") || !errors.contains("undefinedThing") {
                wrong.push(format!("{trick}: the agent is not told: {errors:?}"));
            }
            let (score, report) = aes(&episode).await;
            if score != 0.0 {
                wrong.push(format!("{trick}: scored {score}: {}", report["states"][0]));
            }
        }
        assert!(wrong.is_empty(), "{}", wrong.join("\n"));
        crate::support::close(&episode).await;
    });
}

/// Whether the agent's current view shows the target's headline.
async fn shows(episode: &agora::env::EpisodeHandle, headline: &str) -> bool {
    observation(episode).await.som_text().contains(headline)
}

#[test]
fn a_page_is_scored_as_the_agent_saw_it_whatever_it_left_in_the_agents_browser() {
    run(|harness| async move {
        let target = webui::targets::named("landing").unwrap();
        let episode = episode(harness, target).await;
        // A first version leaves marks wherever the agent's browser keeps anything.
        let marking = "localStorage.setItem('seen', '1'); sessionStorage.setItem('seen', '1');\n\
             document.cookie = 'seen=1; path=/'; window.name = 'seen';\n\
             indexedDB.open('seen');";
        write(&episode, [target.html, target.css, marking]).await;
        // The page then shows itself only where no mark is: blank in the agent's browser.
        let hiding = format!(
            "{}\nconst seen = localStorage.getItem('seen') || sessionStorage.getItem('seen') ||\n\
               document.cookie.includes('seen=') || window.name === 'seen' ||\n\
               history.length > 2 || document.referrer !== '';\n\
             if (seen) document.body.replaceChildren();",
            target.javascript
        );
        write(&episode, [target.html, target.css, &hiding]).await;
        let words = webui_headline(target);
        let seen = shows(&episode, &words).await;
        let (score, _) = aes(&episode).await;
        assert_eq!(
            seen,
            score > 0.9,
            "the agent {} the page and it scored {score}",
            if seen { "saw" } else { "did not see" }
        );
        // Each write shows the page as a first visit finds it: no mark is left to find.
        assert!(seen, "the agent was shown a blank page");
        // A page blank for every first visit is blank to the agent and to the measurement.
        let blank_afresh = format!(
            "{}\nif (!localStorage.getItem('visited')) {{ localStorage.setItem('visited', '1'); location.reload(); }}\n\
             else document.body.replaceChildren();",
            target.javascript
        );
        write(&episode, [target.html, target.css, &blank_afresh]).await;
        let seen = shows(&episode, &words).await;
        let (score, _) = aes(&episode).await;
        assert!(!seen && score < 0.1, "seen {seen}, scored {score}");
        crate::support::close(&episode).await;
    });
}

/// The text of the target's first heading.
fn webui_headline(target: &webui::targets::Target) -> String {
    let start = target.html.find("<h1").expect("a headline");
    let text = &target.html[start..];
    let text = &text[text.find('>').unwrap() + 1..];
    text[..text.find('<').unwrap()].trim().to_owned()
}

#[test]
fn a_broken_modal_layout_fails_whatever_its_backdrop_scores() {
    run(|harness| async move {
        let target = webui::targets::named("modal").unwrap();
        let episode = episode(harness, target).await;
        // The dialog in the top left corner, its buttons and the page's button moved.
        let broken = format!(
            "{}\n.backdrop {{ align-items: flex-start; justify-content: flex-start; }}\n\
             .actions {{ justify-content: flex-start; }}\n.row {{ justify-content: flex-start; gap: 40px; }}",
            target.css
        );
        put(&episode, [target.html, &broken, target.javascript]).await;
        let (score, report) = aes(&episode).await;
        assert_eq!(report["passed"], false, "scored {score}: {report:#}");
        let opened = &report["states"][1];
        assert!(
            opened["score"].as_f64().unwrap() < 0.9,
            "the open dialog's state: {opened:#}"
        );
        crate::support::close(&episode).await;
    });
}

/// Ours and MageBench's scores of the development page with fixed-position elements.
#[test]
fn magebench_mode_sees_fixed_elements_below_a_short_page_as_webdriver_does() {
    run(|harness| async move {
        crate::webui::matches_magebench_on_fixture(harness, "fixed_modal").await;
    });
}
