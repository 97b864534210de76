//! Router tests of Magento's REST surface: VWA's helpers, replayed through the REST calls they
//! make, give the same answers as the evaluators' `SiteQueries` over the seeded data and after
//! the store changes; tokens, bounds and errors; VWA's reset call.

// Test helpers may unwrap: a failure there is a test failure.
#![allow(clippy::unwrap_used)]

use axum::body::Body;
use axum::http::{Method, Request, StatusCode, header};
use evaluators::SiteQueries;
use kit::testing::{CSRF_FIELD, TestSite, body_text, location};
use kit::{Directory, Listing};
use serde_json::{Value, json};
use shopping::{DEFAULT_EMAIL, Scale, ShoppingQueries, ShoppingSite};

const PRODUCTS: u32 = 300;
const BASE: &str = "http://shop.test";

/// Emma, signed in on a fresh tenant of the small store.
struct Store {
    site: TestSite<ShoppingSite>,
}

impl Store {
    fn new() -> Store {
        let listing = Listing {
            name: shopping::SITE,
            title: "One Stop Market",
            description: "",
            url: BASE.to_owned(),
        };
        let site = TestSite::<ShoppingSite>::hosting(
            Scale::Small(PRODUCTS),
            11,
            Directory {
                sites: vec![listing],
            },
        )
        .logged_in();
        Store { site }
    }

    fn queries(&self) -> ShoppingQueries {
        self.site.queries()
    }

    /// A REST call as VWA's `requests` makes it (plus the tenant cookie).
    async fn call(
        &self,
        method: Method,
        uri: &str,
        token: Option<&str>,
        body: &str,
    ) -> (StatusCode, Value) {
        let mut request = Request::builder()
            .method(method)
            .uri(uri)
            .header(header::COOKIE, self.site.client.cookie_header())
            .header(header::CONTENT_TYPE, "application/json");
        if let Some(token) = token {
            request = request.header(header::AUTHORIZATION, format!("Bearer {token}"));
        }
        let response = self
            .site
            .client
            .send(request.body(Body::from(body.to_owned())).unwrap())
            .await;
        let status = response.status();
        let text = body_text(response).await;
        (
            status,
            serde_json::from_str(&text).unwrap_or(Value::String(text)),
        )
    }

    /// `shopping_get_auth_token()`.
    async fn token(&self) -> String {
        let body = json!({"username": "admin", "password": "admin1234"}).to_string();
        let (status, token) = self
            .call(
                Method::POST,
                "/rest/default/V1/integration/admin/token",
                None,
                &body,
            )
            .await;
        assert_eq!(status, StatusCode::OK, "{token}");
        token.as_str().unwrap().to_owned()
    }

    async fn get(&self, uri: &str) -> (StatusCode, Value) {
        let token = self.token().await;
        self.call(Method::GET, uri, Some(&token), "").await
    }

    /// `shopping_get_latest_order_url()`.
    async fn latest_order_url(&self) -> String {
        let query = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs([
                ("searchCriteria[sortOrders][0][field]", "created_at"),
                ("searchCriteria[sortOrders][0][direction]", "DESC"),
                ("searchCriteria[pageSize]", "1"),
            ])
            .finish();
        let (status, found) = self.get(&format!("/rest/V1/orders?{query}")).await;
        assert_eq!(status, StatusCode::OK, "{found}");
        let id: i64 = found["items"][0]["increment_id"]
            .as_str()
            .unwrap()
            .parse()
            .unwrap();
        format!("{BASE}/sales/order/view/order_id/{id}/")
    }

    /// `shopping_get_sku_latest_review_{author,rating,text,title}(sku)`: `None` for VWA's `""`.
    async fn latest_review(&self, sku: &str) -> Option<(String, String, String, String)> {
        let (status, reviews) = self.get(&format!("/rest/V1/products/{sku}/reviews")).await;
        assert_eq!(status, StatusCode::OK, "{reviews}");
        let reviews = reviews.as_array().unwrap();
        let last = reviews.last()?;
        assert_eq!(reviews[0]["ratings"][0]["rating_name"], "Rating");
        Some((
            last["nickname"].as_str().unwrap().to_owned(),
            last["ratings"][0]["percent"].to_string(),
            last["detail"].as_str().unwrap().to_owned(),
            last["title"].as_str().unwrap().to_owned(),
        ))
    }

    /// `shopping_get_sku_product_page_url(sku)`.
    async fn product_url(&self, sku: &str) -> String {
        let (status, product) = self.get(&format!("/rest/V1/products/{sku}")).await;
        assert_eq!(status, StatusCode::OK, "{product}");
        let key = product["custom_attributes"]
            .as_array()
            .unwrap()
            .iter()
            .find(|attribute| attribute["attribute_code"] == "url_key")
            .unwrap()["value"]
            .as_str()
            .unwrap()
            .to_owned();
        format!("{BASE}/{key}.html")
    }

    async fn post(&self, uri: &str, fields: &[(&str, &str)]) -> axum::response::Response {
        let mut all = vec![CSRF_FIELD];
        all.extend_from_slice(fields);
        self.site.client.post_form(uri, &all).await
    }

    /// Places an order of one unit of product `id` and returns its number.
    async fn order(&self, id: i64) -> i64 {
        let id = id.to_string();
        self.post("/checkout/cart/add/", &[("product", &id), ("qty", "1")])
            .await;
        let response = self
            .post(
                "/checkout/shipping/",
                &[("address_id", "1"), ("shipping_method", "flatrate")],
            )
            .await;
        assert_eq!(location(&response), "/checkout/#payment");
        let response = self
            .post("/checkout/place/", &[("payment_method", "checkmo")])
            .await;
        assert_eq!(location(&response), "/checkout/onepage/success/");
        self.queries().latest_order_id().await.unwrap().unwrap()
    }

    /// Compares every VWA shopping helper's REST answer with the site queries, for every SKU.
    async fn assert_rest_matches_queries(&self) {
        let queries = self.queries();
        assert_eq!(
            self.latest_order_url().await,
            queries.shopping_latest_order_url().await.unwrap()
        );
        let mut reviewed = 0;
        for id in 1..=i64::from(PRODUCTS) {
            let sku = shopping::seed::sku_of(id);
            let rest = self.latest_review(&sku).await;
            let expected = queries.shopping_latest_review(&sku).await.unwrap();
            let stored = queries.latest_review(&sku).await.unwrap();
            match (rest, expected, stored) {
                (None, None, None) => {}
                (Some((author, rating, text, title)), Some(expected), Some(stored)) => {
                    assert_eq!(author, expected.author, "{sku}");
                    assert_eq!(rating, expected.rating_percent.to_string(), "{sku}");
                    assert_eq!(text, expected.text, "{sku}");
                    assert_eq!(title, stored.title, "{sku}");
                    reviewed += 1;
                }
                other => panic!("{sku}: REST and queries disagree: {other:?}"),
            }
            assert_eq!(
                Some(self.product_url(&sku).await),
                queries.product_url(&sku).await.unwrap(),
                "{sku}"
            );
        }
        assert!(reviewed > 10, "only {reviewed} products have reviews");
    }
}

#[tokio::test]
async fn vwa_helpers_answer_through_rest_as_the_site_queries_do() {
    let store = Store::new();
    store.assert_rest_matches_queries().await;

    // The store changes: a new order and a new latest review; both answers follow.
    let before = store.latest_order_url().await;
    let number = store.order(7).await;
    let after = store.latest_order_url().await;
    assert_ne!(after, before);
    assert_eq!(after, format!("{BASE}/sales/order/view/order_id/{number}/"));
    let sku = shopping::seed::sku_of(7);
    let response = store
        .post(
            "/review/product/post/",
            &[
                ("product", "7"),
                ("nickname", "Emma L"),
                ("title", "Sturdy"),
                ("detail", "Held up for a month."),
                ("rating", "3"),
            ],
        )
        .await;
    assert!(response.status().is_redirection(), "{}", response.status());
    assert_eq!(
        store.latest_review(&sku).await,
        Some((
            "Emma L".to_owned(),
            "60".to_owned(),
            "Held up for a month.".to_owned(),
            "Sturdy".to_owned()
        ))
    );
    store.assert_rest_matches_queries().await;
}

#[tokio::test]
async fn calls_need_a_token_of_their_own_tenant_and_errors_are_magentos() {
    let store = Store::new();
    let (status, body) = store
        .call(Method::GET, "/rest/V1/orders?searchCriteria=", None, "")
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        body,
        json!({"message": "The consumer isn't authorized to access %resources.",
               "parameters": {"resources": "Magento_Sales::actions_view"}})
    );
    let (status, _) = store
        .call(Method::GET, "/rest/V1/products/x", Some("made-up"), "")
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // A token is good on its own tenant only.
    let other = Store::new();
    let token = other.token().await;
    let (status, _) = store
        .call(
            Method::GET,
            "/rest/V1/orders?searchCriteria=",
            Some(&token),
            "",
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    let token_uri = "/rest/V1/integration/admin/token";
    let (status, body) = store
        .call(
            Method::POST,
            token_uri,
            None,
            r#"{"username": "admin", "password": "wrong"}"#,
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(
        body["message"]
            .as_str()
            .unwrap()
            .contains("sign-in was incorrect")
    );
    let (status, body) = store
        .call(Method::POST, token_uri, None, r#"{"username": "admin"}"#)
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["parameters"]["fieldName"], "password");
    let (status, body) = store
        .call(Method::POST, token_uri, None, "username=admin")
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["message"].as_str().unwrap().contains("not JSON"));

    for (uri, status, message) in [
        (
            "/rest/V1/orders",
            StatusCode::BAD_REQUEST,
            "\"%fieldName\" is required",
        ),
        (
            "/rest/V1/orders?searchCriteria[pageSize]=1000",
            StatusCode::BAD_REQUEST,
            "from 1 to 300",
        ),
        (
            "/rest/V1/orders?searchCriteria[sortOrders][0][field]=secret",
            StatusCode::BAD_REQUEST,
            "cannot be searched",
        ),
        (
            "/rest/V1/products/NO-SUCH-SKU",
            StatusCode::NOT_FOUND,
            "doesn't exist",
        ),
        (
            "/rest/V1/products/NO-SUCH-SKU/reviews",
            StatusCode::NOT_FOUND,
            "doesn't exist",
        ),
        (
            "/rest/V1/orders/999999",
            StatusCode::NOT_FOUND,
            "doesn't exist",
        ),
        (
            "/rest/V1/customers/me",
            StatusCode::NOT_FOUND,
            "Request does not match any route.",
        ),
        (
            "/rest/nowhere/V1/orders",
            StatusCode::BAD_REQUEST,
            "store is not found",
        ),
    ] {
        let (got, body) = store.get(uri).await;
        assert_eq!(got, status, "{uri}: {body}");
        assert!(
            body["message"].as_str().unwrap().contains(message),
            "{uri}: {body}"
        );
    }
}

#[tokio::test]
async fn order_search_filters_sorts_and_pages() {
    let store = Store::new();
    let search = |pairs: &[(&str, &str)]| {
        let query = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(pairs)
            .finish();
        format!("/rest/V1/orders?{query}")
    };
    let (_, all) = store
        .get(&search(&[(
            "searchCriteria[sortOrders][0][field]",
            "entity_id",
        )]))
        .await;
    let total = all["total_count"].as_u64().unwrap();
    assert!(total > 5, "{total} orders");
    let ids: Vec<i64> = all["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|order| order["entity_id"].as_i64().unwrap())
        .collect();
    assert_eq!(ids.len() as u64, total.min(300));
    assert!(ids.windows(2).all(|pair| pair[0] < pair[1]));

    // Pages of 3 tile the full list.
    let mut paged = Vec::new();
    for page in 1..=3 {
        let (_, found) = store
            .get(&search(&[
                ("searchCriteria[sortOrders][0][field]", "entity_id"),
                ("searchCriteria[pageSize]", "3"),
                ("searchCriteria[currentPage]", &page.to_string()),
            ]))
            .await;
        assert_eq!(found["search_criteria"]["current_page"], page);
        paged.extend(
            found["items"]
                .as_array()
                .unwrap()
                .iter()
                .map(|order| order["entity_id"].as_i64().unwrap()),
        );
    }
    assert_eq!(paged, ids[..9]);

    // Totals sort; Emma's orders filter; an `in` list of statuses ORs.
    let (_, by_total) = store
        .get(&search(&[
            ("searchCriteria[sortOrders][0][field]", "grand_total"),
            ("searchCriteria[sortOrders][0][direction]", "desc"),
        ]))
        .await;
    let totals: Vec<f64> = by_total["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|order| order["grand_total"].as_f64().unwrap())
        .collect();
    assert!(totals.windows(2).all(|pair| pair[0] >= pair[1]));
    let (_, emma) = store
        .get(&search(&[
            (
                "searchCriteria[filter_groups][0][filters][0][field]",
                "customer_email",
            ),
            (
                "searchCriteria[filter_groups][0][filters][0][value]",
                DEFAULT_EMAIL,
            ),
        ]))
        .await;
    let mine = emma["items"].as_array().unwrap();
    assert!(!mine.is_empty());
    assert!(
        mine.iter()
            .all(|order| order["customer_email"] == DEFAULT_EMAIL)
    );
    let (_, some) = store
        .get(&search(&[
            (
                "searchCriteria[filter_groups][0][filters][0][field]",
                "status",
            ),
            (
                "searchCriteria[filter_groups][0][filters][0][value]",
                "complete,canceled",
            ),
            (
                "searchCriteria[filter_groups][0][filters][0][condition_type]",
                "in",
            ),
        ]))
        .await;
    assert!(
        some["items"]
            .as_array()
            .unwrap()
            .iter()
            .all(|order| order["status"] == "complete" || order["status"] == "canceled")
    );
    assert!(some["total_count"].as_u64().unwrap() < total);
    // One order by id has the same shape.
    let (status, one) = store.get(&format!("/rest/V1/orders/{}", ids[0])).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(one, all["items"][0]);
}

#[tokio::test]
async fn vwa_reset_call_restores_the_store_and_keeps_the_login() {
    let store = Store::new();
    let before = store.latest_order_url().await;
    store.order(9).await;
    assert_ne!(store.latest_order_url().await, before);
    let form = |token: &str| {
        let request = Request::post("/index.php?page=reset")
            .header(header::COOKIE, store.site.client.cookie_header())
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(format!("token={token}")))
            .unwrap();
        store.site.client.send(request)
    };
    assert_eq!(form("wrong").await.status(), StatusCode::FORBIDDEN);
    let response = form(kit::reset::VWA_RESET_TOKEN).await;
    assert_eq!(response.status(), StatusCode::OK);
    assert!(
        body_text(response)
            .await
            .contains("Reset the shopping site's data")
    );
    assert_eq!(store.latest_order_url().await, before);
    // Emma's session outlived the reset: her account page still opens.
    let account = store.site.client.get("/customer/account/").await;
    assert_eq!(account.status(), StatusCode::OK);
}

#[tokio::test]
async fn an_issued_token_and_a_refused_sign_in_move_the_tenants_state_stamp() {
    let store = Store::new();
    let stamp = || store.site.tenants.stamp(&store.site.tenant).unwrap();
    let before = stamp();
    let refused = json!({"username": "admin", "password": "wrong"}).to_string();
    let (status, _) = store
        .call(
            Method::POST,
            "/rest/V1/integration/admin/token",
            None,
            &refused,
        )
        .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let throttled = stamp();
    assert_ne!(throttled, before, "a counted failure is kept in memory");
    assert_eq!(
        throttled.rows_written, before.rows_written,
        "and written nowhere"
    );
    store.token().await;
    assert_ne!(stamp(), throttled, "so is an issued token");
}
