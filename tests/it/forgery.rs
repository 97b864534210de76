//! Scores an agent cannot forge on the WebUI site (issue #30): the target is staged and
//! measured in a browser context of its own, and measured in a world of its own, so a spy tab
//! copies nothing, a page that changes when it is measured is measured as it is, and going
//! back after an evaluation shows nothing of the target. Each scores what a blank page scores.
//! And no site's page reaches another site's cookies: each site has a host of its own, and a
//! form's CSRF token is bound to the server's session, so a page can neither read another
//! site's cookies nor plant one that makes another site's form accept a forged post.

use crate::support::{js, no_eval, observation, page_script, run, step_ok};
use crate::webui::{aes, episode_sized, write};
use agora::env::EpisodeHandle;
use evaluators::Page;
use serde_json::{Value, json};
use webui::targets::Target;

const BLANK: [&str; 3] = ["<!DOCTYPE html><html><body></body></html>", "", ""];

/// A blank page that loads its script.
const SCRIPTED: &str =
    "<!DOCTYPE html><html><body><script src=\"script.js\"></script></body></html>";

/// The spy: the agent's page opens a second tab on the workspace; each watches the other
/// and, the moment one shows a staged target, copies it into the workspace. Every path seen
/// is kept in local storage.
const SPY_JS: &str = r#"
if (location.search !== "?spy" && !window.opener) {
  window.__spy = window.open("/workspace/?spy", "spy");
}
const other = () => (location.search === "?spy" ? window.opener : window.__spy);
const seen = new Set(JSON.parse(localStorage.getItem("seen") || "[]"));
setInterval(async () => {
  const watched = other();
  if (!watched) return;
  let path;
  try { path = watched.location.pathname; } catch (error) { return; }
  seen.add(path);
  localStorage.setItem("seen", JSON.stringify([...seen]));
  if (!path.startsWith("/staged/") || window.__copied) return;
  window.__copied = true;
  const html = watched.document.documentElement.outerHTML;
  const [css, js] = await Promise.all(
    ["style.css", "script.js"].map((file) => fetch(path + file).then((reply) => reply.text())));
  for (const [file, body] of [["index.html", html], ["style.css", css], ["script.js", js]]) {
    await fetch("/workspace/" + file, { method: "PUT", body });
  }
}, 2);
"#;

/// A page blank to anyone who looks, which becomes the target the moment a measuring script
/// touches its window (the measurement keeps its memory on `window`).
fn lying_js(target: &Target) -> String {
    let body = target
        .html
        .split_once("<body>")
        .and_then(|(_, rest)| rest.rsplit_once("</body>"))
        .map_or(target.html, |(body, _)| body);
    let markup = format!("<style>{}</style>{body}", target.css);
    format!(
        "const target = {};\n\
         Object.defineProperty(window, '__agoraAesSeen', {{ configurable: true,\n\
           get() {{ return undefined; }},\n\
           set(value) {{\n\
             document.body.innerHTML = target;\n\
             Object.defineProperty(window, '__agoraAesSeen', {{ value, writable: true }});\n\
           }} }});",
        serde_json::to_string(&markup).unwrap()
    )
}

/// What a blank page scores against `target` in a viewport of `layout`.
async fn blank_score(
    harness: &crate::support::Harness,
    target: &Target,
    layout: (u32, u32),
) -> f64 {
    let blank = episode_sized(harness, target, layout).await;
    write(&blank, BLANK).await;
    let (score, _) = aes(&blank).await;
    crate::support::close(&blank).await;
    score
}

/// The agent's own workspace page, as its tab fetches it.
async fn workspace_html(episode: &EpisodeHandle) -> String {
    let browser = episode.browser().await.unwrap();
    browser
        .execute(
            "return fetch('/workspace/index.html').then((reply) => reply.text());",
            vec![],
        )
        .await
        .unwrap()
        .as_str()
        .unwrap()
        .to_owned()
}

#[test]
fn a_spy_tab_sees_no_staged_target_and_copies_nothing() {
    run(|harness| async move {
        let target = webui::targets::named("tabs").unwrap();
        // A layout no other test measures in: the target is staged for this evaluation, not
        // kept from an earlier one.
        let layout = (1904, 1071);
        let agent = episode_sized(harness, target, layout).await;
        write(&agent, [SCRIPTED, "", SPY_JS]).await;
        assert_eq!(
            observation(&agent).await.tabs.len(),
            2,
            "the spy tab is open"
        );
        let (score, report) = aes(&agent).await;
        let blank = blank_score(harness, target, layout).await;
        assert_eq!(score, blank, "the spy's page scored {score}: {report}");
        let seen = js(&agent, "localStorage.getItem('seen')").await;
        assert!(
            !seen.as_str().unwrap_or_default().contains("/staged/"),
            "the spy saw {seen}"
        );
        assert!(!workspace_html(&agent).await.contains("Aurora desk lamp"));
        assert_eq!(observation(&agent).await.tabs.len(), 2, "no tab added");
        crate::support::close(&agent).await;
    });
}

#[test]
fn a_page_that_changes_when_measured_is_measured_as_it_shows_and_going_back_finds_nothing() {
    run(|harness| async move {
        let target = webui::targets::named("tabs").unwrap();
        // A layout of its own, as above.
        let layout = (1903, 1071);
        let agent = episode_sized(harness, target, layout).await;
        write(&agent, [SCRIPTED, "", &lying_js(target)]).await;
        let shown = js(&agent, "document.body.innerText").await;
        assert!(
            !shown.as_str().unwrap().contains("Aurora"),
            "blank to the agent"
        );
        {
            // Measured in the page's own world, the lie works; in the measuring world, not.
            let guard = agent.browser().await.unwrap();
            let mut page = guard.page(harness.env.allowed());
            let args = vec![json!(["text"]), json!(100)];
            let isolated = page
                .measure(evaluators::aes::MEASURE_JS, args.clone())
                .await;
            let isolated = isolated.unwrap();
            assert!(
                !isolated.to_string().contains("Aurora"),
                "measured apart: {isolated}"
            );
            let exposed = page.call(evaluators::aes::MEASURE_JS, args).await.unwrap();
            assert!(exposed.to_string().contains("Aurora"), "the lie: {exposed}");
        }
        // A fresh agent page for the evaluation (the check above tripped the lie in this one).
        let workspace = format!("{}/workspace/", harness.site("webui"));
        step_ok(&agent, &format!("goto [{workspace}]")).await;
        let url_before = agent.browser().await.unwrap().current_url().await.unwrap();
        let (score, report) = aes(&agent).await;
        let blank = blank_score(harness, target, layout).await;
        assert_eq!(score, blank, "the lying page scored {score}: {report}");
        // The evaluation left nothing in the agent's tab: same page, no staged page behind it.
        let url_after = agent.browser().await.unwrap().current_url().await.unwrap();
        assert_eq!(url_after, url_before);
        assert_eq!(observation(&agent).await.tabs.len(), 1);
        step_ok(&agent, "go_back").await;
        let back = observation(&agent).await;
        assert!(!back.url.contains("/staged/"), "{}", back.url);
        let text = js(&agent, "document.documentElement.outerHTML").await;
        assert!(
            !text.as_str().unwrap().contains("Aurora desk lamp"),
            "{text}"
        );
        crate::support::close(&agent).await;
    });
}

/// A WebUI page's try at the shopping site's cookies: what `document.cookie` shows it; a
/// CSRF cookie planted for shopping's host (from the page's own host, and with a `Domain`
/// naming shopping's); then shopping's add-to-cart form posted with the planted value as its
/// token, cookies included, as a form of the page would post it.
const CROSS_SITE_JS: &str = r#"
const [shop, product, planted] = arguments;
const seen = document.cookie;
document.cookie = `shopping_csrf=${planted}; path=/`;
document.cookie = `shopping_csrf=${planted}; path=/; domain=${new URL(shop).hostname}`;
const form = new URLSearchParams({ csrf_token: planted, product, qty: "1" });
await fetch(shop + "/checkout/cart/add/", {
  method: "POST", mode: "no-cors", credentials: "include", body: form,
});
return seen;
"#;

/// Posts the product page's add-to-cart form from the page itself, with `token` in place of
/// the form's own when given; the status of the answer (redirects followed).
const ADD_TO_CART_JS: &str = r##"
const [token] = arguments;
const form = new FormData(document.querySelector("#product_addtocart_form"));
if (token) form.set("csrf_token", token);
const reply = await fetch("/checkout/cart/add/", { method: "POST", body: new URLSearchParams(form) });
return reply.status;
"##;

const CART_LINES: &str = "document.querySelectorAll('#shopping-cart-table .item-info').length";

#[test]
fn a_webui_page_reads_no_other_sites_cookie_and_plants_none_a_form_accepts() {
    run(|harness| async move {
        let shop = harness.site("shopping");
        let webui = harness.site("webui");
        assert_ne!(
            url::Url::parse(&shop).unwrap().host_str(),
            url::Url::parse(&webui).unwrap().host_str(),
            "each site has a host of its own"
        );
        let shopper = crate::shopping::episode(&harness.env, "/", no_eval()).await;
        crate::shopping::open_first_result(&shopper, "lamp").await;
        let product_page = observation(&shopper).await.url;
        let product = js(
            &shopper,
            "document.querySelector('#product_addtocart_form [name=product]').value",
        )
        .await;
        // A cookie shopping's own script may read, and what its script sees: neither the
        // tenant nor the login cookie.
        let own = js(
            &shopper,
            "(document.cookie = 'shopping_seen=1; path=/', document.cookie)",
        )
        .await;
        assert_eq!(own, "shopping_seen=1", "shopping's script sees {own}");

        step_ok(&shopper, &format!("goto [{webui}/workspace/]")).await;
        let planted = "feedfacefeedfacefeedfacefeedface";
        let seen = page_script(
            &shopper,
            CROSS_SITE_JS,
            vec![
                Value::from(shop.as_str()),
                product.clone(),
                Value::from(planted),
            ],
        )
        .await;
        assert_eq!(seen, "", "the WebUI page sees cookies: {seen}");
        let browser = shopper.browser().await.unwrap();
        let jar = browser.cookies(&format!("{shop}/")).await.unwrap();
        let names: Vec<&str> = jar.iter().map(|cookie| cookie.name.as_str()).collect();
        assert!(names.contains(&"shopping_session"), "logged in: {names:?}");
        assert!(
            !jar.iter().any(|cookie| cookie.value.contains(planted)),
            "the planted cookie reached shopping's jar: {jar:?}"
        );
        drop(browser);

        step_ok(&shopper, &format!("goto [{shop}/checkout/cart/]")).await;
        assert_eq!(
            js(&shopper, CART_LINES).await,
            0,
            "the forged post added to the cart"
        );
        // The same post from shopping's own page: refused with a cookie-style token, taken
        // with the token its form carries (so the forged post failed for want of one).
        step_ok(&shopper, &format!("goto [{product_page}]")).await;
        let forged = page_script(&shopper, ADD_TO_CART_JS, vec![Value::from(planted)]).await;
        assert_eq!(forged, 403);
        let own = page_script(&shopper, ADD_TO_CART_JS, vec![Value::Null]).await;
        assert_eq!(own, 200);
        step_ok(&shopper, &format!("goto [{shop}/checkout/cart/]")).await;
        assert_eq!(js(&shopper, CART_LINES).await, 1);
        crate::support::close(&shopper).await;
    });
}
