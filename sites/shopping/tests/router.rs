//! Router tests: every page kind and form of the shopping site on fresh tenants of one small
//! seeded data set, through the real router in memory.

// Test helpers may unwrap: a failure there is a test failure.
#![allow(clippy::unwrap_used)]

use axum::http::{StatusCode, header};
use kit::testing::{TestSite, body_text, location, select_texts};
use kit::visitor::SiteCookies;
use kit::{Directory, Listing};
use scraper::{Html, Selector};
use shopping::db::products::Product;
use shopping::{DEFAULT_EMAIL, DEFAULT_PASSWORD, Scale, ShoppingSite};

const PRODUCTS: u32 = 400;

/// A browser on a fresh tenant of the small store, reached at `http://shop.test`.
type Store = TestSite<ShoppingSite>;

fn new_store() -> Store {
    let listing = Listing {
        name: shopping::SITE,
        title: "One Stop Market",
        description: "",
        url: "http://shop.test".to_owned(),
    };
    TestSite::hosting(
        Scale::Small(PRODUCTS),
        5,
        Directory {
            sites: vec![listing],
        },
    )
}

/// Emma, signed in.
fn emma() -> Store {
    new_store().logged_in()
}

/// The first product with options (configurable) and the first simple one, in stock.
async fn products(store: &Store) -> (Product, Product) {
    let queries = store.queries();
    let mut configurable = None;
    let mut simple = None;
    for id in 1..=i64::from(PRODUCTS) {
        let product = queries
            .product(&shopping::seed::sku_of(id))
            .await
            .unwrap()
            .unwrap();
        if product.stock < 5 {
            continue;
        }
        if product.options.is_empty() {
            simple.get_or_insert(product);
        } else {
            configurable.get_or_insert(product);
        }
        if configurable.is_some() && simple.is_some() {
            break;
        }
    }
    (configurable.unwrap(), simple.unwrap())
}

/// The latest review of `sku` as the evaluators' `shopping_get_sku_latest_review_*` helpers
/// read it.
async fn helper_review(store: &Store, sku: &str) -> evaluators::Review {
    use evaluators::SiteQueries;
    store
        .queries()
        .shopping_latest_review(sku)
        .await
        .unwrap()
        .unwrap()
}

fn prices(page: &Html) -> Vec<f64> {
    select_texts(page, ".product-items .price")
        .iter()
        .map(|price| {
            price
                .trim_start_matches('$')
                .replace(',', "")
                .parse()
                .unwrap()
        })
        .collect()
}

fn count(page: &Html, selector: &str) -> usize {
    page.select(&Selector::parse(selector).unwrap()).count()
}

#[tokio::test]
async fn category_pages_sort_filter_and_page_at_every_level() {
    let store = new_store();
    let home = store.page("/").await;
    let departments = select_texts(&home, ".navigation .level-top");
    assert_eq!(departments.len(), 14, "{departments:?}");
    assert!(departments.contains(&"Electronics".to_owned()));

    let department = store.page("/electronics.html").await;
    assert_eq!(select_texts(&department, ".page-title"), ["Electronics"]);
    assert!(select_texts(&department, ".filter-options-item a").contains(&"Home Audio".to_owned()));
    assert_eq!(count(&department, ".product-items .product-item"), 12);

    let by_price = store
        .page("/electronics.html?product_list_order=price&product_list_limit=24")
        .await;
    let ascending = prices(&by_price);
    assert_eq!(ascending.len(), 24);
    assert!(
        ascending.windows(2).all(|pair| pair[0] <= pair[1]),
        "{ascending:?}"
    );
    let descending = prices(
        &store
            .page("/electronics.html?product_list_order=price&product_list_dir=desc")
            .await,
    );
    assert!(
        descending.windows(2).all(|pair| pair[0] >= pair[1]),
        "{descending:?}"
    );
    assert!(descending[0] >= *ascending.last().unwrap());

    let by_name = store
        .page("/electronics.html?product_list_order=name")
        .await;
    let names = select_texts(&by_name, ".product-item-link");
    assert!(names.windows(2).all(|pair| pair[0] <= pair[1]), "{names:?}");

    let filtered = store
        .page("/electronics.html?price=20-100&product_list_order=price")
        .await;
    let cheap = prices(&filtered);
    assert!(
        !cheap.is_empty() && cheap.iter().all(|price| (20.0..100.0).contains(price)),
        "{cheap:?}"
    );
    assert!(select_texts(&filtered, ".filter-clear").contains(&"Clear All".to_owned()));

    let first = select_texts(&store.page("/electronics.html").await, ".product-item-link");
    let second = select_texts(
        &store.page("/electronics.html?p=2").await,
        ".product-item-link",
    );
    assert!(first.iter().all(|name| !second.contains(name)));
    let amount = select_texts(
        &store.page("/electronics.html?p=2").await,
        "#toolbar-amount",
    );
    assert!(amount[0].starts_with("Items 13-24 of"), "{amount:?}");

    let list = store
        .page("/electronics/home-audio.html?product_list_mode=list")
        .await;
    assert_eq!(count(&list, ".products-list"), 1);
    assert_eq!(select_texts(&list, ".breadcrumbs .item").len(), 3);
    let leaf = store.page("/electronics/home-audio/speakers.html").await;
    assert!(count(&leaf, ".product-item") >= 1);

    for (uri, status) in [
        (
            "/electronics.html?product_list_order=rating",
            StatusCode::BAD_REQUEST,
        ),
        (
            "/electronics.html?product_list_dir=up",
            StatusCode::BAD_REQUEST,
        ),
        (
            "/electronics.html?product_list_limit=1000",
            StatusCode::BAD_REQUEST,
        ),
        (
            "/electronics.html?product_list_mode=table",
            StatusCode::BAD_REQUEST,
        ),
        ("/electronics.html?price=cheap", StatusCode::BAD_REQUEST),
        ("/electronics.html?p=-1", StatusCode::BAD_REQUEST),
        ("/nowhere.html", StatusCode::NOT_FOUND),
        ("/wp-admin", StatusCode::NOT_FOUND),
    ] {
        let response = store.get(uri).await;
        assert_eq!(response.status(), status, "{uri}");
        assert!(body_text(response).await.contains("error-message"), "{uri}");
    }
}

#[tokio::test]
async fn search_finds_sorts_and_refuses_bad_queries() {
    let store = new_store();
    for base in ["/catalogsearch/result/", "/catalogsearch/result/index/"] {
        let page = store
            .page(&format!("{base}?q=jacket&product_list_order=price"))
            .await;
        let names = select_texts(&page, ".product-item-link");
        assert!(!names.is_empty());
        assert!(
            names
                .iter()
                .all(|name| name.to_lowercase().contains("jacket")),
            "{names:?}"
        );
        let found = prices(&page);
        assert!(found.windows(2).all(|pair| pair[0] <= pair[1]));
        assert_eq!(
            select_texts(&page, ".page-title"),
            ["Search results for: 'jacket'"]
        );
    }
    let none = store.page("/catalogsearch/result/?q=zzzzqqq").await;
    assert!(
        select_texts(&none, ".message.info")
            .iter()
            .any(|text| text.contains("no results"))
    );
    for query in ["%22OR%20*", "NEAR(a%20b)", "name%3Ajacket"] {
        assert_eq!(
            store
                .get(&format!("/catalogsearch/result/?q={query}"))
                .await
                .status(),
            StatusCode::OK,
            "{query}"
        );
    }
    let long = "a".repeat(300);
    for uri in [
        "/catalogsearch/result/".to_owned(),
        "/catalogsearch/result/?q=%20".to_owned(),
        "/catalogsearch/result/?q=%25%25".to_owned(),
        format!("/catalogsearch/result/?q={long}"),
    ] {
        assert_eq!(
            store.get(&uri).await.status(),
            StatusCode::BAD_REQUEST,
            "{uri}"
        );
    }
}

/// The numbers of the toolbar: first, last and total.
fn amounts(page: &Html) -> Vec<i64> {
    select_texts(page, "#toolbar-amount .toolbar-number")
        .iter()
        .map(|number| number.parse().unwrap())
        .collect()
}

/// The product counts the layered price filter shows, e.g. `$10.00 - $19.99 (7)` → 7.
fn range_counts(page: &Html) -> Vec<i64> {
    select_texts(page, ".filter-options-item .items .item")
        .iter()
        .filter_map(|label| label.rsplit_once('(')?.1.strip_suffix(')')?.parse().ok())
        .collect()
}

#[tokio::test]
async fn search_pages_add_up_under_every_sort_and_price_filter() {
    let store = new_store();
    let all = store
        .page("/catalogsearch/result/?q=the&product_list_limit=36")
        .await;
    let total = *amounts(&all).last().unwrap();
    assert!(
        total > 36,
        "a common word matches more than a page: {total}"
    );
    assert_eq!(range_counts(&all).iter().sum::<i64>(), total);
    for (order, dir) in [
        ("name", "desc"),
        ("price", "asc"),
        ("price", "desc"),
        ("position", "asc"),
    ] {
        let filter = "price=10-100";
        let mut seen_names = Vec::new();
        let mut seen_prices = Vec::new();
        let mut page_number = 1;
        let filtered_total = loop {
            let page = store
                .page(&format!(
                    "/catalogsearch/result/?q=the&product_list_order={order}&product_list_dir={dir}\
                     &{filter}&product_list_limit=12&p={page_number}"
                ))
                .await;
            let numbers = amounts(&page);
            seen_names.extend(select_texts(&page, ".product-item-link"));
            seen_prices.extend(prices(&page));
            // The ranges stay those of the whole search while a price filter is on.
            assert_eq!(
                range_counts(&page).iter().sum::<i64>(),
                total,
                "{order} {dir}"
            );
            if numbers[1] >= numbers[2] {
                break numbers[2];
            }
            page_number += 1;
        };
        assert_eq!(seen_names.len() as i64, filtered_total, "{order} {dir}");
        assert!(filtered_total < total, "the filter narrows the search");
        assert!(
            seen_prices
                .iter()
                .all(|price| (10.0..100.0).contains(price)),
            "{seen_prices:?}"
        );
        let mut unique = seen_names.clone();
        unique.sort();
        unique.dedup();
        assert_eq!(unique.len(), seen_names.len(), "no product on two pages");
        match (order, dir) {
            ("name", _) => assert!(seen_names.windows(2).all(|pair| pair[0] >= pair[1])),
            ("price", "asc") => assert!(seen_prices.windows(2).all(|pair| pair[0] <= pair[1])),
            ("price", _) => assert!(seen_prices.windows(2).all(|pair| pair[0] >= pair[1])),
            _ => {}
        }
    }
}

#[tokio::test]
async fn the_product_page_has_the_hooks_vwa_helpers_read() {
    let store = new_store();
    let queries = store.queries();
    let mut reviewed = None;
    for id in 1..=i64::from(PRODUCTS) {
        let product = queries
            .product(&shopping::seed::sku_of(id))
            .await
            .unwrap()
            .unwrap();
        if product.review_count > 1 {
            reviewed = Some(product);
            break;
        }
    }
    let product = reviewed.unwrap();
    let page = store.page(&product.url()).await;
    assert_eq!(
        select_texts(
            &page,
            "#maincontent > div.page-title-wrapper.product > h1 > span"
        ),
        [product.name.as_str()]
    );
    assert_eq!(
        select_texts(
            &page,
            "#maincontent > div.columns > div > div.product-info-main > div.product-info-price > div.price-box.price-final_price > span > span"
        ),
        [kit::money::format_cents(product.price_cents)]
    );
    assert_eq!(
        select_texts(&page, ".product.attribute.sku .value"),
        [product.sku.as_str()]
    );
    assert_eq!(
        select_texts(&page, "#tab-label-reviews-title"),
        [format!("Reviews {}", product.review_count)]
    );
    let rating = page
        .select(&Selector::parse(".rating-result").unwrap())
        .next()
        .unwrap();
    assert_eq!(
        rating.value().attr("title").unwrap(),
        format!("{}%", product.rating_percent())
    );
    let details = select_texts(
        &page,
        "#productDetails_detailBullets_sections1 > tbody > tr > th",
    );
    assert!(
        details.contains(&"Brand Name".to_owned()) && details.contains(&"Manufacturer".to_owned())
    );
    assert!(count(&page, ".fotorama__stage__frame img") >= 1);
    assert_eq!(
        count(&page, ".review-items .review-item"),
        product.review_count.min(10) as usize
    );
    assert_eq!(count(&page, "#review-form input[name=rating]"), 5);

    let image = page
        .select(&Selector::parse(".fotorama__stage__frame img").unwrap())
        .next()
        .unwrap();
    let response = store.get(image.value().attr("src").unwrap()).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/png");
    assert_eq!(
        store.get("/media/catalog/product/3/1.png").await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        store.get("/media/catalog/product/1/x.png").await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        store.get("/no-such-product.html").await.status(),
        StatusCode::NOT_FOUND
    );
}

#[tokio::test]
async fn the_cart_takes_options_updates_and_removes_and_refuses_bad_input() {
    let store = emma();
    let (shirt, simple) = products(&store).await;
    let id = shirt.id.to_string();
    let size = shirt.options[0].values[1].clone();
    let color = shirt.options[1].values[0].clone();
    let valid = [
        ("product", id.as_str()),
        ("qty", "2"),
        ("super_attribute[Size]", size.as_str()),
        ("super_attribute[Color]", color.as_str()),
    ];
    let response = store.submit("/checkout/cart/add/", &valid).await;
    assert_eq!(location(&response), "/checkout/cart/");
    let cart = store.page("/checkout/cart").await;
    assert_eq!(count(&cart, "#shopping-cart-table .item-info"), 1);
    assert_eq!(
        select_texts(&cart, "#shopping-cart-table td.col.item > div > dl > dd"),
        [size.clone(), color.clone()]
    );
    let qty = cart
        .select(&Selector::parse("input[data-item-qty]").unwrap())
        .next()
        .unwrap();
    assert_eq!(qty.value().attr("data-item-qty"), Some("2"));
    let line = store.queries().cart(DEFAULT_EMAIL).await.unwrap()[0].clone();

    let too_many = (shirt.stock + 1).to_string();
    let huge_name = "x".repeat(70_000);
    let refused: Vec<Vec<(&str, &str)>> = vec![
        vec![
            ("product", &id),
            ("qty", "0"),
            ("super_attribute[Size]", &size),
            ("super_attribute[Color]", &color),
        ],
        vec![
            ("product", &id),
            ("qty", "-3"),
            ("super_attribute[Size]", &size),
            ("super_attribute[Color]", &color),
        ],
        vec![
            ("product", &id),
            ("qty", "two"),
            ("super_attribute[Size]", &size),
            ("super_attribute[Color]", &color),
        ],
        vec![
            ("product", &id),
            ("qty", &too_many),
            ("super_attribute[Size]", &size),
            ("super_attribute[Color]", &color),
        ],
        vec![
            ("product", &id),
            ("qty", "1"),
            ("super_attribute[Color]", &color),
        ],
        vec![
            ("product", &id),
            ("qty", "1"),
            ("super_attribute[Size]", "XXXXL"),
            ("super_attribute[Color]", &color),
        ],
        vec![
            ("product", &id),
            ("qty", "1"),
            ("super_attribute[Size]", &size),
            ("super_attribute[Color]", &color),
            ("super_attribute[Flavor]", "Mint"),
        ],
        vec![("product", "999999"), ("qty", "1")],
        vec![("product", "abc"), ("qty", "1")],
        vec![("product", &id), ("qty", "1"), ("note", &huge_name)],
    ];
    for fields in &refused {
        let response = store.submit("/checkout/cart/add/", fields).await;
        assert!(
            response.status().is_client_error(),
            "{fields:?}: {}",
            response.status()
        );
        let body = body_text(response).await;
        assert!(body.contains("error-message"), "{fields:?}");
    }
    let forged = store
        .client
        .post_form(
            "/checkout/cart/add/",
            &[
                ("csrf_token", "forged"),
                ("product", &simple.id.to_string()),
            ],
        )
        .await;
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    assert_eq!(
        store.queries().cart(DEFAULT_EMAIL).await.unwrap(),
        std::slice::from_ref(&line),
        "refusals leave the cart as it was"
    );

    let field = format!("cart[{}][qty]", line.id);
    for bad in ["0", "-1", "lots", &too_many] {
        let response = store
            .submit("/checkout/cart/updatePost/", &[(&field, bad)])
            .await;
        assert_eq!(response.status(), StatusCode::BAD_REQUEST, "{bad}");
    }
    assert_eq!(store.queries().cart(DEFAULT_EMAIL).await.unwrap()[0].qty, 2);
    store
        .submit("/checkout/cart/updatePost/", &[(&field, "3")])
        .await;
    assert_eq!(store.queries().cart(DEFAULT_EMAIL).await.unwrap()[0].qty, 3);
    let coupon = store
        .submit("/checkout/cart/couponPost/", &[("coupon_code", "SAVE10")])
        .await;
    assert!(body_text(coupon).await.contains("is not valid"));

    let line_id = line.id.to_string();
    assert_eq!(
        store
            .submit("/checkout/cart/delete/", &[("id", "999999")])
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    store
        .submit("/checkout/cart/delete/", &[("id", &line_id)])
        .await;
    assert!(
        store
            .queries()
            .cart(DEFAULT_EMAIL)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        select_texts(&store.page("/checkout/cart/").await, ".cart-empty p")[0].contains("no items")
    );

    let guest = new_store();
    assert_eq!(
        location(&guest.get("/checkout/cart/").await),
        "/customer/account/login/"
    );
}

#[tokio::test]
async fn checkout_places_the_order_which_the_history_and_order_page_show() {
    let store = emma();
    let before = store.queries().latest_order_id().await.unwrap().unwrap();
    let empty = store
        .submit("/checkout/place/", &[("payment_method", "checkmo")])
        .await;
    assert_eq!(empty.status(), StatusCode::BAD_REQUEST);
    let (shirt, simple) = products(&store).await;
    let (size, color) = (
        shirt.options[0].values[0].clone(),
        shirt.options[1].values[0].clone(),
    );
    store
        .submit(
            "/checkout/cart/add/",
            &[
                ("product", &shirt.id.to_string()),
                ("qty", "2"),
                ("super_attribute[Size]", &size),
                ("super_attribute[Color]", &color),
            ],
        )
        .await;
    store
        .submit(
            "/checkout/cart/add/",
            &[("product", &simple.id.to_string()), ("qty", "1")],
        )
        .await;

    let checkout = store.page("/checkout/").await;
    assert_eq!(
        count(
            &checkout,
            "#opc-sidebar > div.opc-block-summary > div > div.content.minicart-items > div > ol > li"
        ),
        2
    );
    let no_address = store
        .submit("/checkout/shipping/", &[("shipping_method", "flatrate")])
        .await;
    assert_eq!(no_address.status(), StatusCode::BAD_REQUEST);
    let bad_new = store
        .submit(
            "/checkout/shipping/",
            &[
                ("address_id", "new"),
                ("shipping_method", "flatrate"),
                ("firstname", "Emma"),
            ],
        )
        .await;
    assert_eq!(bad_new.status(), StatusCode::BAD_REQUEST);
    let placed_early = store
        .submit("/checkout/place/", &[("payment_method", "checkmo")])
        .await;
    assert_eq!(placed_early.status(), StatusCode::BAD_REQUEST);

    let response = store
        .submit(
            "/checkout/shipping/",
            &[("address_id", "1"), ("shipping_method", "flatrate")],
        )
        .await;
    assert_eq!(location(&response), "/checkout/#payment");
    let payment = store.page("/checkout/").await;
    assert!(
        select_texts(&payment, "#payment")
            .iter()
            .any(|text| text.contains("Check / Money order"))
    );
    assert_eq!(
        store
            .submit("/checkout/place/", &[("payment_method", "paypal")])
            .await
            .status(),
        StatusCode::BAD_REQUEST
    );
    let response = store
        .submit("/checkout/place/", &[("payment_method", "checkmo")])
        .await;
    assert_eq!(location(&response), "/checkout/onepage/success/");

    let queries = store.queries();
    let latest = queries.latest_order_id().await.unwrap().unwrap();
    assert!(latest > before);
    assert!(queries.cart(DEFAULT_EMAIL).await.unwrap().is_empty());
    assert_eq!(
        queries.product(&shirt.sku).await.unwrap().unwrap().stock,
        shirt.stock - 2
    );
    let success = store.page("/checkout/onepage/success/").await;
    assert_eq!(
        select_texts(&success, ".order-number"),
        [format!("{latest:09}")]
    );

    let order = store
        .page(&format!("/sales/order/view/order_id/{latest}/"))
        .await;
    let ordered = select_texts(&order, ".order-details-items.ordered")[0].clone();
    assert!(
        ordered.contains(&shirt.sku) && ordered.contains(&size) && ordered.contains(&color),
        "{ordered}"
    );
    assert_eq!(
        select_texts(&order, "#my-orders-table td.col.sku"),
        [shirt.sku.clone(), simple.sku.clone()]
    );
    assert_eq!(
        select_texts(&order, "#my-orders-table td.col.qty")[0],
        "Ordered 2"
    );
    let address = select_texts(
        &order,
        "#maincontent > div.columns > div.column.main > div.block.block-order-details-view > div.block-content > div.box.box-order-shipping-address > div > address",
    );
    assert!(address[0].contains("101 S San Mateo Dr"), "{address:?}");
    let history = store.page("/sales/order/history/").await;
    assert_eq!(
        select_texts(&history, "#my-orders-table td.col.id")[0],
        format!("{latest:09}")
    );
    use evaluators::SiteQueries;
    assert_eq!(
        queries.shopping_latest_order_url().await.unwrap(),
        format!("http://shop.test/sales/order/view/order_id/{latest}/")
    );
    assert_eq!(
        store
            .get("/sales/order/view/order_id/999999/")
            .await
            .status(),
        StatusCode::NOT_FOUND
    );

    let response = store
        .submit(
            "/sales/order/reorder/",
            &[("order_id", &latest.to_string())],
        )
        .await;
    assert_eq!(location(&response), "/checkout/cart/");
    assert_eq!(queries.cart(DEFAULT_EMAIL).await.unwrap().len(), 2);
}

#[tokio::test]
async fn reviews_need_stars_and_appear_with_them() {
    let store = emma();
    let (_, product) = products(&store).await;
    let id = product.id.to_string();
    let before = store.queries().latest_review(&product.sku).await.unwrap();
    let long = "y".repeat(5_001);
    for fields in [
        vec![
            ("product", id.as_str()),
            ("nickname", "Emma"),
            ("title", "Nice"),
            ("detail", "Works well."),
        ],
        vec![
            ("product", id.as_str()),
            ("nickname", "Emma"),
            ("title", "Nice"),
            ("detail", "Works well."),
            ("rating", "6"),
        ],
        vec![
            ("product", id.as_str()),
            ("nickname", "Emma"),
            ("title", ""),
            ("detail", "Works well."),
            ("rating", "4"),
        ],
        vec![
            ("product", id.as_str()),
            ("nickname", "Emma"),
            ("title", "Nice"),
            ("detail", &long),
            ("rating", "4"),
        ],
    ] {
        assert_eq!(
            store
                .submit("/review/product/post/", &fields)
                .await
                .status(),
            StatusCode::BAD_REQUEST,
            "{fields:?}"
        );
    }
    assert_eq!(
        store.queries().latest_review(&product.sku).await.unwrap(),
        before
    );
    let response = store
        .submit(
            "/review/product/post/",
            &[
                ("product", &id),
                ("nickname", "Emma"),
                ("title", "Nice"),
                ("detail", "Works well."),
                ("rating", "4"),
            ],
        )
        .await;
    assert_eq!(location(&response), format!("{}#reviews", product.url()));
    let page = store.page(&product.url()).await;
    assert_eq!(select_texts(&page, ".review-item .review-title")[0], "Nice");
    let stars = page
        .select(&Selector::parse(".review-item .rating-result").unwrap())
        .next()
        .unwrap();
    assert_eq!(stars.value().attr("title"), Some("80%"));
    let review = helper_review(&store, &product.sku).await;
    assert_eq!(
        (
            review.author.as_str(),
            review.rating_percent,
            review.text.as_str()
        ),
        ("Emma", 80, "Works well.")
    );
}

#[tokio::test]
async fn wishlist_and_compare_hold_products_until_removed() {
    let store = emma();
    let (shirt, simple) = products(&store).await;
    for (add, page) in [
        ("/wishlist/index/add/", "/wishlist/"),
        ("/catalog/product_compare/add/", "/catalog/product_compare/"),
    ] {
        for product in [&shirt, &simple] {
            let response = store
                .submit(add, &[("product", &product.id.to_string())])
                .await;
            assert_eq!(location(&response), page);
        }
        assert_eq!(
            store.submit(add, &[("product", "999999")]).await.status(),
            StatusCode::NOT_FOUND
        );
    }
    let wishlist = store.page("/wishlist/").await;
    let text = select_texts(&wishlist, ".products-grid.wishlist")[0].clone();
    assert!(text.contains(&shirt.name) && text.contains(&simple.name));
    assert_eq!(
        count(&wishlist, ".products-grid .wishlist .product-image-photo"),
        2
    );
    let compare = store.page("/catalog/product_compare").await;
    assert_eq!(count(&compare, "#product-comparison .product-item-name"), 2);
    assert!(select_texts(&compare, "#product-comparison td").contains(&shirt.sku));

    store
        .submit(
            "/wishlist/index/remove/",
            &[("product", &shirt.id.to_string())],
        )
        .await;
    store
        .submit(
            "/wishlist/index/cart/",
            &[("product", &simple.id.to_string())],
        )
        .await;
    assert!(
        store
            .queries()
            .wishlist_skus(DEFAULT_EMAIL)
            .await
            .unwrap()
            .is_empty()
    );
    assert_eq!(
        store.queries().cart(DEFAULT_EMAIL).await.unwrap()[0].sku,
        simple.sku
    );
    store
        .submit(
            "/catalog/product_compare/remove/",
            &[("product", &shirt.id.to_string())],
        )
        .await;
    assert_eq!(
        count(
            &store.page("/catalog/product_compare/").await,
            "#product-comparison .product-item-name"
        ),
        1
    );
}

#[tokio::test]
async fn accounts_sign_in_out_register_and_keep_addresses() {
    let mut store = new_store();
    assert_eq!(
        location(&store.get("/customer/account/").await),
        "/customer/account/login/"
    );
    let wrong = store
        .submit(
            "/customer/account/loginPost/",
            &[
                ("login[username]", DEFAULT_EMAIL),
                ("login[password]", "nope"),
            ],
        )
        .await;
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);
    let response = store
        .submit(
            "/customer/account/loginPost/",
            &[
                ("login[username]", DEFAULT_EMAIL),
                ("login[password]", DEFAULT_PASSWORD),
            ],
        )
        .await;
    assert_eq!(location(&response), "/customer/account/");
    let session = response
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .find_map(|value| value.to_str().unwrap().strip_prefix("shopping_session="))
        .map(|rest| rest.split(';').next().unwrap().to_owned())
        .unwrap();
    store.client.session = Some(session);
    let dashboard = store.page("/customer/account/").await;
    let shipping = select_texts(
        &dashboard,
        "#maincontent > div.columns > div.column.main > div.block.block-dashboard-addresses > div.block-content > div.box.box-shipping-address > div.box-content > address",
    );
    assert!(shipping[0].contains("San Mateo"), "{shipping:?}");
    assert!(
        select_texts(&dashboard, ".greet")
            .iter()
            .any(|text| text.contains("Emma Lopez"))
    );

    let address = [
        ("firstname", "Emma"),
        ("lastname", "Lopez"),
        ("street", "5 Forbes Ave"),
        ("city", "Pittsburgh"),
        ("region", "Pennsylvania"),
        ("postcode", "15213"),
        ("country", "United States"),
        ("telephone", "4125550100"),
        ("default_shipping", "1"),
    ];
    assert_eq!(
        location(&store.submit("/customer/address/formPost/", &address).await),
        "/customer/address/"
    );
    let book = store.page("/customer/address/").await;
    assert!(select_texts(&book, ".box-address-shipping address")[0].contains("5 Forbes Ave"));
    assert!(select_texts(&book, ".box-address-billing address")[0].contains("101 S San Mateo Dr"));
    let mut bad = address.to_vec();
    bad[5] = ("postcode", "<script>");
    assert_eq!(
        store
            .submit("/customer/address/formPost/", &bad)
            .await
            .status(),
        StatusCode::BAD_REQUEST
    );
    let mut foreign = address.to_vec();
    foreign.push(("id", "2"));
    assert_eq!(
        store
            .submit("/customer/address/formPost/", &foreign)
            .await
            .status(),
        StatusCode::NOT_FOUND
    );

    let response = store.submit("/customer/account/logout/", &[]).await;
    assert_eq!(location(&response), "/");
    let registered = new_store();
    let taken = registered
        .submit(
            "/customer/account/createpost/",
            &[
                ("firstname", "A"),
                ("lastname", "B"),
                ("email", DEFAULT_EMAIL),
                ("password", "Secret.123"),
                ("password_confirmation", "Secret.123"),
            ],
        )
        .await;
    assert_eq!(taken.status(), StatusCode::CONFLICT);
    let short = registered
        .submit(
            "/customer/account/createpost/",
            &[
                ("firstname", "A"),
                ("lastname", "B"),
                ("email", "a@b.c"),
                ("password", "x"),
                ("password_confirmation", "x"),
            ],
        )
        .await;
    assert_eq!(short.status(), StatusCode::BAD_REQUEST);
    let created = registered
        .submit(
            "/customer/account/createpost/",
            &[
                ("firstname", "Ann"),
                ("lastname", "Lee"),
                ("email", "ann@example.com"),
                ("password", "Secret.123"),
                ("password_confirmation", "Secret.123"),
            ],
        )
        .await;
    assert_eq!(location(&created), "/customer/account/");
}

#[tokio::test]
async fn tenants_never_see_each_others_carts_or_orders() {
    let first = emma();
    let second = emma();
    let (_, simple) = products(&first).await;
    first
        .submit(
            "/checkout/cart/add/",
            &[("product", &simple.id.to_string()), ("qty", "1")],
        )
        .await;
    assert_eq!(first.queries().cart(DEFAULT_EMAIL).await.unwrap().len(), 1);
    assert!(
        second
            .queries()
            .cart(DEFAULT_EMAIL)
            .await
            .unwrap()
            .is_empty()
    );
    assert!(
        select_texts(&second.page("/checkout/cart/").await, ".cart-empty p")[0]
            .contains("no items")
    );
}

/// A review as the product page shows it: nickname, summary, body and rating percentage.
type ShownReview = (String, String, String, String);

/// Every review on one page of a product's review list, in page order.
fn shown_reviews(page: &Html) -> Vec<ShownReview> {
    let item = Selector::parse(".review-items .review-item").unwrap();
    let text = |element: scraper::ElementRef<'_>, selector: &str| {
        element
            .select(&Selector::parse(selector).unwrap())
            .next()
            .map(|found| found.text().collect::<String>().trim().to_owned())
            .unwrap_or_default()
    };
    page.select(&item)
        .map(|review| {
            let rating = review
                .select(&Selector::parse(".rating-result").unwrap())
                .next()
                .and_then(|found| found.value().attr("title"))
                .unwrap_or_default()
                .to_owned();
            (
                text(review, ".review-author .review-details-value"),
                text(review, ".review-title"),
                text(review, ".review-content"),
                rating,
            )
        })
        .collect()
}

#[tokio::test]
async fn every_review_is_reachable_through_magentos_review_pages_and_the_helpers_agree() {
    let store = new_store();
    // The most reviewed product, and its reviews read straight from the base file, newest
    // first (Magento's review list order).
    let raw = rusqlite::Connection::open_with_flags(
        store
            .data_dir
            .join(<ShoppingSite as kit::content::SiteDefinition>::BASE_FILE),
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
    )
    .unwrap();
    let (id, total): (i64, i64) = raw
        .query_row(
            "SELECT product_id, count(*) FROM reviews GROUP BY product_id
             ORDER BY count(*) DESC, product_id LIMIT 1",
            [],
            |row| Ok((row.get(0)?, row.get(1)?)),
        )
        .unwrap();
    assert!(
        total > 20,
        "a product with several pages of reviews: {total}"
    );
    let expected: Vec<ShownReview> = raw
        .prepare(
            "SELECT nickname, title, detail, rating FROM reviews WHERE product_id = ?1
             ORDER BY created_at DESC, id DESC",
        )
        .unwrap()
        .query_map([id], |row| {
            Ok((
                row.get(0)?,
                row.get(1)?,
                row.get(2)?,
                format!("{}%", row.get::<_, i64>(3)? * 20),
            ))
        })
        .unwrap()
        .collect::<Result<_, _>>()
        .unwrap();
    let product = store
        .queries()
        .product(&shopping::seed::sku_of(id))
        .await
        .unwrap()
        .unwrap();
    // Ten to a page: "Next" walks every review exactly once.
    let mut shown = Vec::new();
    let mut next = Some(product.url());
    let mut pages = 0;
    while let Some(uri) = next.take() {
        pages += 1;
        assert!(pages <= total, "the pages end");
        let page = store.page(&uri).await;
        let reviews = shown_reviews(&page);
        assert!(reviews.len() <= 10, "{uri}");
        let first = shown.len() + 1;
        assert_eq!(
            select_texts(&page, ".review-toolbar .toolbar-amount")[0],
            format!(
                "Items {first} to {} of {total} total",
                shown.len() + reviews.len()
            )
        );
        assert_eq!(
            select_texts(&page, "#tab-label-reviews-title"),
            [format!("Reviews {total}")]
        );
        shown.extend(reviews);
        next = page
            .select(&Selector::parse(".review-toolbar .pages-item-next a").unwrap())
            .next()
            .and_then(|link| link.value().attr("href"))
            .map(|href| href.split('#').next().unwrap().to_owned());
    }
    assert_eq!(pages, (total + 9) / 10);
    assert_eq!(shown, expected, "every review, newest first, each once");
    // Magento's parameters: ?limit=20&p=2 is the second twenty; a page past the end shows the
    // last page; a page size the pager does not offer is refused with the ones it does.
    let second = store.page(&format!("{}?limit=20&p=2", product.url())).await;
    assert_eq!(shown_reviews(&second), expected[20..expected.len().min(40)]);
    let beyond = store.page(&format!("{}?p=9999", product.url())).await;
    let last_start = (expected.len() - 1) / 10 * 10;
    assert_eq!(shown_reviews(&beyond), expected[last_start..]);
    let response = store.get(&format!("{}?limit=15", product.url())).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    assert!(body_text(response).await.contains("10, 20 or 50"));
    // The evaluators' helpers name the review the first page lists first.
    let latest = helper_review(&store, &product.sku).await;
    assert_eq!(
        (
            latest.author,
            latest.text,
            format!("{}%", latest.rating_percent)
        ),
        (
            expected[0].0.clone(),
            expected[0].2.clone(),
            expected[0].3.clone()
        )
    );
}

/// The CSRF token in a page's first form.
fn page_token(page: &Html) -> String {
    let selector = Selector::parse("input[name=csrf_token]").unwrap();
    page.select(&selector)
        .next()
        .and_then(|input| input.value().attr("value"))
        .unwrap()
        .to_owned()
}

#[tokio::test]
async fn a_csrf_token_works_only_in_the_session_it_was_rendered_for() {
    let store = emma();
    let (_, simple) = products(&store).await;
    let product = simple.id.to_string();
    let mine = page_token(&store.page("/checkout/cart/").await);
    // The same account signed in a second time, on the same tenant: another session.
    let mut other = store.client.clone();
    other.session = Some(
        store
            .site
            .login_cookie(&store.tenant, DEFAULT_EMAIL)
            .unwrap()
            .1,
    );
    let theirs = page_token(&other.page("/checkout/cart/").await);
    assert_ne!(mine, theirs, "each session renders its own token");

    let borrowed = other
        .post_form(
            "/checkout/cart/add/",
            &[("csrf_token", &mine), ("product", &product)],
        )
        .await;
    assert_eq!(
        borrowed.status(),
        StatusCode::FORBIDDEN,
        "another session's token"
    );
    // The exploit a shared cookie jar allowed: a page plants a CSRF cookie and posts its
    // value. The cookie is an anonymous visitor id, never a token.
    let cookies = SiteCookies::of(shopping::SITE);
    let planted = "feedfacefeedfacefeedfacefeedface";
    let forged = other
        .send(
            axum::http::Request::post("/checkout/cart/add/")
                .header(
                    header::COOKIE,
                    format!(
                        "{}={}; {}={planted}; {}={}",
                        kit::TENANT_COOKIE,
                        store.tenant,
                        cookies.csrf,
                        cookies.session,
                        other.session.as_deref().unwrap()
                    ),
                )
                .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
                .body(axum::body::Body::from(format!(
                    "csrf_token={planted}&product={product}"
                )))
                .unwrap(),
        )
        .await;
    assert_eq!(
        forged.status(),
        StatusCode::FORBIDDEN,
        "a planted cookie's value"
    );
    let cart = store.queries().cart(DEFAULT_EMAIL).await.unwrap();
    assert!(cart.is_empty(), "refused posts add nothing: {cart:?}");

    let own = other
        .post_form(
            "/checkout/cart/add/",
            &[("csrf_token", &theirs), ("product", &product)],
        )
        .await;
    assert!(own.status().is_redirection(), "{}", own.status());
    assert_eq!(store.queries().cart(DEFAULT_EMAIL).await.unwrap().len(), 1);
}
