//! The shopping site driven through real episodes in Chromium: search → product → add to cart
//! with options → checkout → the order in history with its SKU and options, read by the
//! evaluators' shopping helpers; a review with stars; wishlist and compare; tenant isolation
//! and reset.

use crate::support::{close, js, no_eval, observation, run, score, site_episode, som_id, step_ok};
use agora::env::{Environment, EpisodeHandle};
use serde_json::json;

/// An episode on the store at `start`, signed in as Emma, whose task evaluates with `eval`.
pub(crate) async fn episode(
    env: &Environment,
    start: &str,
    eval: serde_json::Value,
) -> EpisodeHandle {
    site_episode(env, "shopping", start, eval, false).await
}

/// The SoM id of the element matching `css`, scrolling as an agent would until it is in view:
/// up to the top of the page first, then down (a product's review form sits below its details
/// and reviews; after a review the page opens at the reviews).
async fn som_id_in_view(episode: &EpisodeHandle, css: &str) -> agora::observe::SomId {
    const MAX_SCROLLS: usize = 16;
    let mut going_up = true;
    for _ in 0..MAX_SCROLLS {
        if episode.locate(css).await.unwrap().is_some() {
            return som_id(episode, css).await;
        }
        going_up = going_up && js(episode, "window.scrollY").await.as_f64().unwrap() > 0.0;
        let direction = if going_up { "up" } else { "down" };
        step_ok(episode, &format!("scroll [{direction}]")).await;
    }
    panic!("{css} is not marked after {MAX_SCROLLS} scrolls")
}

/// Searches with the header box and opens the first result; returns its SKU.
pub(crate) async fn open_first_result(episode: &EpisodeHandle, words: &str) -> String {
    let search = som_id(episode, "#search").await;
    step_ok(episode, &format!("type [{search}] [{words}] [1]")).await;
    let url = observation(episode).await.url;
    assert!(url.contains("/catalogsearch/result/?q="), "{url}");
    let first = som_id(episode, ".product-items .product-item-link").await;
    step_ok(episode, &format!("click [{first}]")).await;
    let sku = js(
        episode,
        "document.querySelector('.product.attribute.sku .value').textContent",
    )
    .await;
    sku.as_str().unwrap().to_owned()
}

#[test]
fn search_add_with_options_check_out_and_find_the_order() {
    run(|harness| async move {
        let env = &harness.env;
        // What the first "jacket" result offers, read by a probe episode.
        let probe = episode(env, "/", no_eval()).await;
        let sku = open_first_result(&probe, "jacket").await;
        let size = js(
            &probe,
            "document.querySelector('#attribute-size option:nth-child(3)').value",
        )
        .await;
        let size = size.as_str().unwrap().to_owned();
        close(&probe).await;

        let eval = json!({
            "eval_types": ["program_html"], "reference_answers": null, "reference_url": "",
            "program_html": [
                {"url": "func:shopping_get_latest_order_url()",
                 "locator": "document.querySelector(\".order-details-items.ordered\").outerText",
                 "required_contents": {"must_include": [sku, size]}},
                {"url": "func:shopping_get_latest_order_url()",
                 "locator": format!("func:shopping_get_order_product_option(__page__, '{sku}', 'Size')"),
                 "required_contents": {"exact_match": size}},
                {"url": "func:shopping_get_latest_order_url()",
                 "locator": format!("func:shopping_get_order_product_quantity(__page__, '{sku}')"),
                 "required_contents": {"required_values": ["== 2"]}}
            ]
        });
        let shopper = episode(env, "/", eval).await;
        let (before, _) = score(&shopper).await;
        assert_eq!(before, Some(0.0), "no order yet");
        // Evaluating navigated the page: start again from the home page.
        let home = observation(&shopper).await.url;
        step_ok(&shopper, &format!("goto [{home}]")).await;
        assert_eq!(open_first_result(&shopper, "jacket").await, sku);
        let size_select = som_id(&shopper, "#attribute-size").await;
        step_ok(&shopper, &format!("select [{size_select}] [{size}]")).await;
        let color_select = som_id(&shopper, "#attribute-color").await;
        let color = js(
            &shopper,
            "document.querySelector('#attribute-color option:nth-child(2)').value",
        )
        .await;
        step_ok(
            &shopper,
            &format!("select [{color_select}] [{}]", color.as_str().unwrap()),
        )
        .await;
        let qty = som_id(&shopper, "#qty").await;
        step_ok(&shopper, &format!("type [{qty}] [2] [0]")).await;
        let add = som_id(&shopper, "#product-addtocart-button").await;
        step_ok(&shopper, &format!("click [{add}]")).await;
        let cart = js(
            &shopper,
            "document.querySelector('#shopping-cart-table').textContent",
        )
        .await;
        assert!(cart.as_str().unwrap().contains(&size), "{cart}");
        let proceed = som_id(&shopper, ".cart-summary .checkout").await;
        step_ok(&shopper, &format!("click [{proceed}]")).await;
        let next = som_id(&shopper, "#shipping-method-buttons-container button").await;
        step_ok(&shopper, &format!("click [{next}]")).await;
        assert!(
            observation(&shopper)
                .await
                .url
                .ends_with("/checkout/#payment")
        );
        let place = som_id(&shopper, "#co-payment-form button.checkout").await;
        step_ok(&shopper, &format!("click [{place}]")).await;
        assert!(
            observation(&shopper)
                .await
                .url
                .contains("/checkout/onepage/success/")
        );
        let (after, report) = score(&shopper).await;
        assert_eq!(after, Some(1.0), "{report}");
        close(&shopper).await;

        // A fresh episode (a reset) has no such order: the latest order is a seeded one.
        let fresh = episode(env, "/", json!({
            "eval_types": ["program_html"], "reference_answers": null, "reference_url": "",
            "program_html": [{"url": "func:shopping_get_latest_order_url()",
                "locator": format!("func:shopping_get_order_product_quantity(__page__, '{sku}')"),
                "required_contents": {"required_values": ["== 2"]}}]
        })).await;
        assert_eq!(score(&fresh).await.0, Some(0.0));
        close(&fresh).await;
    });
}

#[test]
fn a_review_shows_its_stars_and_the_wishlist_and_compare_list_their_products() {
    run(|harness| async move {
        let env = &harness.env;
        let probe = episode(env, "/", no_eval()).await;
        let sku = open_first_result(&probe, "lamp").await;
        close(&probe).await;
        let eval = json!({
            "eval_types": ["program_html"], "reference_answers": null, "reference_url": "",
            "program_html": [
                {"url": "last", "locator": format!("func:shopping_get_sku_latest_review_rating('{sku}')"),
                 "required_contents": {"must_include": ["80"]}},
                {"url": "last", "locator": format!("func:shopping_get_sku_latest_review_author('{sku}')"),
                 "required_contents": {"must_include": ["Emma"]}},
                {"url": "__SHOPPING__/wishlist/", "locator": "document.querySelector('.products-grid.wishlist').textContent",
                 "required_contents": {"must_include": ["Add to Cart"]}},
                {"url": "__SHOPPING__/catalog/product_compare/", "locator": "document.querySelector('#product-comparison').textContent",
                 "required_contents": {"must_include": [sku]}}
            ]
        });
        let reviewer = episode(env, "/", eval).await;
        open_first_result(&reviewer, "lamp").await;
        let four = som_id_in_view(&reviewer, "#Rating_4").await;
        step_ok(&reviewer, &format!("click [{four}]")).await;
        let summary = som_id_in_view(&reviewer, "#summary_field").await;
        step_ok(
            &reviewer,
            &format!("type [{summary}] [Bright and sturdy] [0]"),
        )
        .await;
        let body = som_id_in_view(&reviewer, "#review_field").await;
        step_ok(
            &reviewer,
            &format!("type [{body}] [Lights the whole desk.] [0]"),
        )
        .await;
        let submit = som_id_in_view(&reviewer, ".review-form-actions button").await;
        step_ok(&reviewer, &format!("click [{submit}]")).await;
        let title = js(
            &reviewer,
            "document.querySelector('.review-item .review-title').textContent",
        )
        .await;
        assert_eq!(title, "Bright and sturdy");
        let compare = som_id_in_view(&reviewer, "button.tocompare").await;
        step_ok(&reviewer, &format!("click [{compare}]")).await;
        assert!(
            observation(&reviewer)
                .await
                .url
                .ends_with("/catalog/product_compare/")
        );
        step_ok(&reviewer, "go_back").await;
        let wish = som_id_in_view(&reviewer, "button.towishlist").await;
        step_ok(&reviewer, &format!("click [{wish}]")).await;
        assert!(observation(&reviewer).await.url.ends_with("/wishlist/"));
        let (after, report) = score(&reviewer).await;
        assert_eq!(after, Some(1.0), "{report}");
        close(&reviewer).await;
    });
}

#[test]
fn parallel_episodes_never_see_each_others_cart() {
    run(|harness| async move {
        let env = &harness.env;
        let first = episode(env, "/", no_eval()).await;
        let second = episode(env, "/", no_eval()).await;
        open_first_result(&first, "lamp").await;
        let add = som_id(&first, "#product-addtocart-button").await;
        step_ok(&first, &format!("click [{add}]")).await;
        let mine = js(
            &first,
            "document.querySelectorAll('#shopping-cart-table .item-info').length",
        )
        .await;
        assert_eq!(mine, 1);
        let home = observation(&second).await.url;
        step_ok(&second, &format!("goto [{home}checkout/cart/]")).await;
        let theirs = js(
            &second,
            "document.querySelectorAll('#shopping-cart-table .item-info').length",
        )
        .await;
        assert_eq!(theirs, 0, "the second episode's cart is empty");
        let count = js(
            &second,
            "document.querySelector('.counter-number').textContent",
        )
        .await;
        assert_eq!(count, "0");
        close(&first).await;
        close(&second).await;
    });
}

/// The text of the first element `selector` matches, or "" when there is none.
async fn text_of(episode: &EpisodeHandle, selector: &str) -> String {
    let value = js(
        episode,
        &format!("document.querySelector({selector:?})?.textContent ?? ''"),
    )
    .await;
    value.as_str().unwrap_or_default().trim().to_owned()
}

#[test]
fn bad_quantities_an_empty_checkout_and_a_starless_review_change_nothing() {
    run(|harness| async move {
        let env = &harness.env;
        let shopper = episode(env, "/", no_eval()).await;
        open_first_result(&shopper, "lamp").await;
        let product_url = observation(&shopper).await.url;

        // Quantity 0: the browser refuses the form with the field's message; no request.
        let qty = som_id(&shopper, "#qty").await;
        step_ok(&shopper, &format!("type [{qty}] [0] [0]")).await;
        let add = som_id(&shopper, "#product-addtocart-button").await;
        step_ok(&shopper, &format!("click [{add}]")).await;
        assert_eq!(observation(&shopper).await.url, product_url);
        let refusal = js(&shopper, "document.querySelector('#qty').validationMessage").await;
        assert!(!refusal.as_str().unwrap().is_empty(), "{refusal}");
        assert_eq!(text_of(&shopper, ".counter-number").await, "0");

        // Above the stock (no product has more than 250): the store says how many are left
        // and adds nothing.
        let qty = som_id(&shopper, "#qty").await;
        step_ok(&shopper, &format!("clear [{qty}]")).await;
        step_ok(&shopper, &format!("type [{qty}] [251] [0]")).await;
        let add = som_id(&shopper, "#product-addtocart-button").await;
        step_ok(&shopper, &format!("click [{add}]")).await;
        let message = text_of(&shopper, ".error-message").await;
        assert!(
            message.contains("not available") && message.contains("left in stock"),
            "{message}"
        );
        let home = observation(&shopper).await.url;
        let base = &home[..home.find("/checkout").unwrap_or(home.len())];
        step_ok(&shopper, &format!("goto [{base}/checkout/cart/]")).await;
        assert!(text_of(&shopper, ".cart-empty").await.contains("no items"));

        // Checkout with the empty cart goes back to the cart, which says it is empty.
        step_ok(&shopper, &format!("goto [{base}/checkout/]")).await;
        assert!(observation(&shopper).await.url.ends_with("/checkout/cart/"));
        assert!(text_of(&shopper, ".cart-empty").await.contains("no items"));

        // A review without stars is refused and not stored.
        step_ok(&shopper, &format!("goto [{product_url}]")).await;
        let reviews_before = js(&shopper, "document.querySelectorAll('.review-item').length").await;
        let summary = som_id_in_view(&shopper, "#summary_field").await;
        step_ok(&shopper, &format!("type [{summary}] [No stars given] [0]")).await;
        let body = som_id_in_view(&shopper, "#review_field").await;
        step_ok(&shopper, &format!("type [{body}] [Forgot the rating.] [0]")).await;
        let submit = som_id_in_view(&shopper, ".review-form-actions button").await;
        step_ok(&shopper, &format!("click [{submit}]")).await;
        let message = text_of(&shopper, ".error-message").await;
        assert!(message.contains("1 to 5 stars"), "{message}");
        step_ok(&shopper, &format!("goto [{product_url}]")).await;
        let reviews_after = js(&shopper, "document.querySelectorAll('.review-item').length").await;
        assert_eq!(reviews_after, reviews_before);
        let titles = js(
            &shopper,
            "[...document.querySelectorAll('.review-item .review-title')].map(t => t.textContent).join('|')",
        )
        .await;
        assert!(
            !titles.as_str().unwrap().contains("No stars given"),
            "{titles}"
        );
        close(&shopper).await;
    });
}
