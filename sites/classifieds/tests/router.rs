//! Router tests: every page and form of the classifieds site on a fresh tenant of a small
//! seeded data set, through the real router in memory.

// Test helpers may unwrap: a failure there is a test failure.
#![allow(clippy::unwrap_used)]

use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use axum::response::Response;
use classifieds::{ClassifiedsSite, DEFAULT_EMAIL, DEFAULT_PASSWORD, Scale};
use kit::testing::{
    FilePart, RouterClient, TEST_CSRF, TestSite, body_html, body_text, location, select_texts,
};
use kit::{TENANT_COOKIE, TenantId};
use scraper::{Html, Selector};

const CSRF: &str = TEST_CSRF;
const LISTINGS: u32 = 300;

/// A browser on a fresh tenant of the small seeded classifieds site.
type Site = TestSite<ClassifiedsSite>;

fn fresh_site() -> Site {
    TestSite::new(Scale::Small(LISTINGS), 11)
}

fn logged_in() -> Site {
    fresh_site().logged_in()
}

/// Posts the "Publish your ad" form with at most one photo.
async fn post_listing(site: &Site, fields: &[(&str, &str)], photo: Option<&[u8]>) -> Response {
    let files: Vec<FilePart> = photo
        .map(|bytes| FilePart {
            name: "photos",
            filename: "photo.jpg",
            content_type: "image/jpeg",
            bytes,
        })
        .into_iter()
        .collect();
    site.post_multipart("/index.php?page=item&action=item_add", fields, &files)
        .await
}

fn valid_listing<'a>(title: &'a str, price: &'a str) -> Vec<(&'a str, &'a str)> {
    vec![
        ("csrf_token", CSRF),
        ("category", "4"),
        ("city", "101"),
        ("title", title),
        ("description", "Barely ridden road bike, tuned last month."),
        ("price", price),
    ]
}

fn jpeg() -> Vec<u8> {
    let picture = image::RgbImage::from_pixel(64, 48, image::Rgb([30, 80, 200]));
    let mut bytes = Vec::new();
    picture
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Jpeg,
        )
        .unwrap();
    bytes
}

fn price_of(card: &str) -> f64 {
    card.trim_start_matches('$')
        .replace(',', "")
        .parse()
        .unwrap()
}

#[tokio::test]
async fn home_shows_the_category_tree_with_counts_and_latest_listings() {
    let site = fresh_site();
    let response = site.get("/").await;
    assert_eq!(response.status(), StatusCode::OK);
    let page = body_html(response).await;
    let parents = select_texts(&page, ".category-parent > .count");
    assert_eq!(parents.len(), 5);
    let total: i64 = parents
        .iter()
        .map(|c| c.trim_matches(['(', ')']).parse::<i64>().unwrap())
        .sum();
    assert_eq!(total, i64::from(LISTINGS));
    assert!(select_texts(&page, ".subcategories a").contains(&"Cars + Trucks".to_owned()));
    assert_eq!(select_texts(&page, ".latest .listing-card").len(), 12);
    assert_eq!(site.get("/index.php").await.status(), StatusCode::OK);
}

#[tokio::test]
async fn the_home_hero_searches_by_words_and_category_as_osclass_does() {
    let site = fresh_site();
    let home = body_html(site.get("/").await).await;
    let field = |css: &str, name: &str| {
        let selector = Selector::parse(css).unwrap();
        home.select(&selector)
            .filter_map(|element| element.value().attr(name).map(str::to_owned))
            .collect::<Vec<_>>()
    };
    assert_eq!(field(".hero form.hero-search", "action"), ["/index.php"]);
    assert_eq!(field(".hero-search input[type=text]", "name"), ["sPattern"]);
    let categories = select_texts(&home, ".hero-search select[name=sCategory] option");
    assert_eq!(
        categories.len(),
        6,
        "all categories and the five parents: {categories:?}"
    );
    assert_eq!(categories[0], "All categories");
    // The form as a browser sends it: no category chosen is an empty value, not an error.
    let everything = site
        .get("/index.php?page=search&sPattern=chair&sCategory=")
        .await;
    assert_eq!(everything.status(), StatusCode::OK);
    let results = body_html(everything).await;
    assert!(!select_texts(&results, ".listing-card").is_empty());
    let counted = select_texts(&results, ".results-count");
    assert!(
        counted.iter().all(|text| !text.contains(" 1 listings")),
        "{counted:?}"
    );
}

#[tokio::test]
async fn search_filters_sorts_pages_and_switches_views() {
    let site = fresh_site();
    let page = body_html(
        site.get(
            "/index.php?page=search&sCategory=1&sOrder=i_price&iOrderType=asc&sShowAs=gallery",
        )
        .await,
    )
    .await;
    let prices: Vec<f64> = select_texts(&page, ".listing-gallery .card-price")
        .iter()
        .map(|p| price_of(p))
        .collect();
    assert_eq!(prices.len(), 20);
    assert!(
        prices.windows(2).all(|pair| pair[0] <= pair[1]),
        "{prices:?}"
    );
    assert!(!select_texts(&page, ".pagination a").is_empty());

    let page = body_html(site.get("/index.php?page=search&sPriceMin=100&sPriceMax=500&sOrder=i_price&iOrderType=desc&iPage=2").await).await;
    let prices: Vec<f64> = select_texts(&page, ".listing-list .card-price")
        .iter()
        .map(|p| price_of(p))
        .collect();
    assert!(!prices.is_empty());
    assert!(prices.iter().all(|price| (100.0..=500.0).contains(price)));
    assert!(prices.windows(2).all(|pair| pair[0] >= pair[1]));

    let page = body_html(site.get("/index.php?page=search&sRegion=1").await).await;
    let places = select_texts(&page, ".listing-list .card-meta");
    assert!(
        !places.is_empty() && places.iter().all(|meta| meta.contains("Pennsylvania")),
        "{places:?}"
    );

    let page = body_html(site.get("/index.php?page=search&sPattern=bike").await).await;
    let titles = select_texts(&page, ".listing-card .title");
    assert!(!titles.is_empty());
    let all = body_html(site.get("/index.php?page=search").await).await;
    let total = select_texts(&all, ".results-count");
    assert_eq!(total, [format!("1 - 20 of {LISTINGS} listings")]);
}

#[tokio::test]
async fn search_input_is_validated_and_metacharacters_are_harmless() {
    let site = fresh_site();
    for pattern in [
        "%22bike%22%20OR%20*",
        "'%3B%20DROP%20TABLE%20listings%3B--",
        "NEAR(a%20b)",
        "title%3Abike",
        "%2A%2A%2A",
    ] {
        let response = site
            .get(&format!("/index.php?page=search&sPattern={pattern}"))
            .await;
        assert_eq!(response.status(), StatusCode::OK, "pattern {pattern}");
    }
    let long = "a".repeat(300);
    for (uri, status) in [
        (
            format!("/index.php?page=search&sPattern={long}"),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/index.php?page=search&sOrder=evil".into(),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/index.php?page=search&iOrderType=sideways".into(),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/index.php?page=search&sCategory=abc".into(),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/index.php?page=search&sPriceMin=cheap".into(),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/index.php?page=search&iPage=-3".into(),
            StatusCode::BAD_REQUEST,
        ),
        (
            "/index.php?page=search&sCategory=999".into(),
            StatusCode::NOT_FOUND,
        ),
        (
            "/index.php?page=search&sRegion=999".into(),
            StatusCode::NOT_FOUND,
        ),
        ("/index.php?page=nowhere".into(), StatusCode::NOT_FOUND),
        ("/wp-admin".into(), StatusCode::NOT_FOUND),
    ] {
        let response = site.get(&uri).await;
        assert_eq!(response.status(), status, "{uri}");
        let body = body_text(response).await;
        assert!(body.contains("error-message"), "{uri} gave no error page");
    }
}

#[tokio::test]
async fn the_item_page_has_the_hooks_tasks_rely_on() {
    let site = fresh_site();
    let queries = site.site.queries(&site.tenant).unwrap();
    let mut commented = None;
    for id in 1..=i64::from(LISTINGS) {
        if !queries.comments(id).await.unwrap().is_empty() {
            commented = Some(id);
            break;
        }
    }
    let id = commented.unwrap();
    let listing = queries.listing(id).await.unwrap().unwrap();
    let page = body_html(site.get(&format!("/index.php?page=item&id={id}")).await).await;
    assert_eq!(
        select_texts(&page, "h1.item-title"),
        [listing.title.as_str()]
    );
    assert_eq!(select_texts(&page, ".desc"), [listing.description.as_str()]);
    assert_eq!(
        select_texts(&page, ".price"),
        [kit::money::format_cents(listing.price_cents)]
    );
    assert_eq!(
        select_texts(&page, ".seller .email"),
        [listing.seller_email.as_str()]
    );
    let photos = Selector::parse(".item-photos img").unwrap();
    assert_eq!(page.select(&photos).count(), listing.photo_ids.len());
    let first = queries.comments(id).await.unwrap().remove(0);
    assert_eq!(
        select_texts(&page, ".comments_list h3")[0],
        format!("{} by {}", first.title, first.author)
    );
    assert_eq!(
        site.get("/index.php?page=item&id=999999").await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        site.get("/index.php?page=item&id=seven").await.status(),
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        site.get("/index.php?page=item").await.status(),
        StatusCode::BAD_REQUEST
    );
}

#[tokio::test]
async fn photos_are_pngs_with_etags_at_the_osclass_paths() {
    let site = fresh_site();
    let response = site.get("/oc-content/uploads/0/1.png").await;
    assert_eq!(response.status(), StatusCode::OK);
    assert_eq!(response.headers()[header::CONTENT_TYPE], "image/png");
    assert!(
        response.headers()[header::CACHE_CONTROL]
            .to_str()
            .unwrap()
            .contains("max-age")
    );
    let etag = response.headers()[header::ETAG].clone();
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .unwrap();
    let decoded = image::load_from_memory(&bytes).unwrap();
    assert_eq!((decoded.width(), decoded.height()), (640, 480));
    let request = Request::get("/oc-content/uploads/0/1.png")
        .header(header::IF_NONE_MATCH, etag)
        .body(Body::empty())
        .unwrap();
    assert_eq!(site.send(request).await.status(), StatusCode::NOT_MODIFIED);
    assert_eq!(
        site.get("/oc-content/uploads/3/1.png").await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        site.get("/oc-content/uploads/0/x.png").await.status(),
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        site.get("/oc-content/uploads/999/999999.png")
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    let css = site.get("/static/style.css").await;
    assert_eq!(css.status(), StatusCode::OK);
    assert!(css.headers().contains_key(header::ETAG));
}

#[tokio::test]
async fn login_checks_csrf_and_password_and_opens_my_listings() {
    let site = fresh_site();
    let form = body_html(site.get("/index.php?page=login").await).await;
    assert_eq!(select_texts(&form, "#email").len(), 1);
    assert_eq!(select_texts(&form, "#password").len(), 1);
    assert_eq!(select_texts(&form, "form.login-form button"), ["Log in"]);

    let forged = site
        .post_form(
            "/index.php?page=login",
            &[
                ("csrf_token", "ffffffffffffffffffffffffffffffff"),
                ("email", DEFAULT_EMAIL),
                ("password", DEFAULT_PASSWORD),
            ],
        )
        .await;
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    let missing = site
        .post_form(
            "/index.php?page=login",
            &[("email", DEFAULT_EMAIL), ("password", DEFAULT_PASSWORD)],
        )
        .await;
    assert_eq!(missing.status(), StatusCode::FORBIDDEN);
    let wrong = site
        .post_form(
            "/index.php?page=login",
            &[
                ("csrf_token", CSRF),
                ("email", DEFAULT_EMAIL),
                ("password", "nope"),
            ],
        )
        .await;
    assert_eq!(wrong.status(), StatusCode::UNAUTHORIZED);
    assert!(body_text(wrong).await.contains("incorrect"));
    let empty = site
        .post_form(
            "/index.php?page=login",
            &[("csrf_token", CSRF), ("email", ""), ("password", "x")],
        )
        .await;
    assert_eq!(empty.status(), StatusCode::BAD_REQUEST);

    let ok = site
        .post_form(
            "/index.php?page=login",
            &[
                ("csrf_token", CSRF),
                ("email", DEFAULT_EMAIL),
                ("password", DEFAULT_PASSWORD),
            ],
        )
        .await;
    assert_eq!(ok.status(), StatusCode::SEE_OTHER);
    let session = ok
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .find_map(|value| value.strip_prefix("classifieds_session="))
        .map(|value| value.split(';').next().unwrap().to_owned())
        .unwrap();
    let mut site = site;
    site.session = Some(session);
    let mine = body_html(site.get("/index.php?page=user&action=items").await).await;
    assert_eq!(select_texts(&mine, ".listing-card").len(), 6);
    assert_eq!(select_texts(&mine, ".hello"), ["Hello, Blake Sullivan"]);

    let out = site
        .post_form("/index.php?page=logout", &[("csrf_token", CSRF)])
        .await;
    assert_eq!(out.status(), StatusCode::SEE_OTHER);
    let after = site.get("/index.php?page=user&action=items").await;
    assert_eq!(after.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&after), "/index.php?page=login");
}

#[tokio::test]
async fn comments_appear_with_their_heading_and_escaped_text() {
    let site = logged_in();
    let response = site
        .post_form(
            "/index.php?page=item&action=add_comment&id=7",
            &[
                ("csrf_token", CSRF),
                ("title", "More Pictures"),
                ("body", "<script>alert(1)</script> please"),
                ("rating", "4"),
            ],
        )
        .await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&response), "/index.php?page=item&id=7");
    let body = body_text(site.get("/index.php?page=item&id=7").await).await;
    assert!(!body.contains("<script>alert(1)</script>"));
    let page = Html::parse_document(&body);
    assert_eq!(
        select_texts(&page, ".comments_list h3").last().unwrap(),
        "More Pictures by Blake Sullivan"
    );
    assert!(
        select_texts(&page, ".comment-body")
            .last()
            .unwrap()
            .contains("<script>alert(1)</script> please")
    );
    let latest = site
        .site
        .queries(&site.tenant)
        .unwrap()
        .latest_comment_by(7, "Blake Sullivan")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (latest.title.as_str(), latest.rating),
        ("More Pictures", Some(4))
    );

    for (fields, status) in [
        (
            vec![("csrf_token", CSRF), ("title", ""), ("body", "x")],
            StatusCode::BAD_REQUEST,
        ),
        (
            vec![
                ("csrf_token", CSRF),
                ("title", "Hi"),
                ("body", "x"),
                ("rating", "9"),
            ],
            StatusCode::BAD_REQUEST,
        ),
        (
            vec![
                ("csrf_token", CSRF),
                ("title", &"t".repeat(101)),
                ("body", "x"),
            ],
            StatusCode::BAD_REQUEST,
        ),
        (
            vec![("csrf_token", "forged"), ("title", "Hi"), ("body", "x")],
            StatusCode::FORBIDDEN,
        ),
    ] {
        let response = site
            .post_form("/index.php?page=item&action=add_comment&id=7", &fields)
            .await;
        assert_eq!(response.status(), status, "{fields:?}");
    }
    let gone = site
        .post_form(
            "/index.php?page=item&action=add_comment&id=999999",
            &[("csrf_token", CSRF), ("title", "Hi"), ("body", "x")],
        )
        .await;
    assert_eq!(gone.status(), StatusCode::NOT_FOUND);

    let anonymous = fresh_site();
    let response = anonymous
        .post_form(
            "/index.php?page=item&action=add_comment&id=7",
            &[("csrf_token", CSRF), ("title", "Hi"), ("body", "x")],
        )
        .await;
    assert_eq!(location(&response), "/index.php?page=login");
}

#[tokio::test]
async fn contacting_the_seller_validates_and_confirms() {
    let site = fresh_site();
    let sent = site
        .post_form(
            "/index.php?page=item&action=contact&id=3",
            &[
                ("csrf_token", CSRF),
                ("name", "Ann"),
                ("email", "ann@example.com"),
                ("message", "Still there?"),
            ],
        )
        .await;
    assert_eq!(sent.status(), StatusCode::SEE_OTHER);
    let notice = sent.headers()[header::SET_COOKIE]
        .to_str()
        .unwrap()
        .to_owned();
    let request = Request::get("/index.php?page=item&id=3")
        .header(
            header::COOKIE,
            format!(
                "{}; {}",
                site.cookie_header(),
                notice.split(';').next().unwrap()
            ),
        )
        .body(Body::empty())
        .unwrap();
    let page = body_html(site.send(request).await).await;
    assert_eq!(
        select_texts(&page, ".flash-notice"),
        ["Your message has been sent to the seller."]
    );
    let bad = site
        .post_form(
            "/index.php?page=item&action=contact&id=3",
            &[
                ("csrf_token", CSRF),
                ("name", "Ann"),
                ("email", "not-an-email"),
                ("message", "Hi"),
            ],
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn posting_a_listing_with_a_photo_and_refusing_bad_uploads() {
    let site = logged_in();
    let form = body_html(site.get("/index.php?page=item&action=item_add").await).await;
    assert!(!select_texts(&form, "select#category option").is_empty());
    let photo = jpeg();
    let response = post_listing(
        &site,
        &valid_listing("Trek road bike <b>fast</b>", "$1,250"),
        Some(&photo),
    )
    .await;
    assert_eq!(response.status(), StatusCode::SEE_OTHER);
    let url = location(&response);
    let body = body_text(site.get(&url).await).await;
    assert!(
        body.contains("Trek road bike &#60;b&#62;fast&#60;/b&#62;")
            || body.contains("Trek road bike &lt;b&gt;fast&lt;/b&gt;")
    );
    let page = Html::parse_document(&body);
    assert_eq!(select_texts(&page, ".price"), ["$1,250.00"]);
    let image_selector = Selector::parse(".item-photos img").unwrap();
    let src = page
        .select(&image_selector)
        .next()
        .unwrap()
        .value()
        .attr("src")
        .unwrap()
        .to_owned();
    let served = site.get(&src).await;
    assert_eq!(served.status(), StatusCode::OK);
    let bytes = axum::body::to_bytes(served.into_body(), usize::MAX)
        .await
        .unwrap();
    assert_eq!(image::load_from_memory(&bytes).unwrap().width(), 64);

    let oversized = vec![0xFFu8; kit::upload::MAX_UPLOAD_BYTES + 10];
    for (fields, photo, status) in [
        (
            valid_listing("Bike", "100"),
            Some(b"just text, not a photo".as_slice()),
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
        ),
        (
            valid_listing("Bike", "100"),
            Some(oversized.as_slice()),
            StatusCode::PAYLOAD_TOO_LARGE,
        ),
        (
            valid_listing("Bike", "one hundred"),
            None,
            StatusCode::BAD_REQUEST,
        ),
        (valid_listing("", "100"), None, StatusCode::BAD_REQUEST),
        (
            valid_listing(&"x".repeat(101), "100"),
            None,
            StatusCode::BAD_REQUEST,
        ),
    ] {
        let response = post_listing(&site, &fields, photo).await;
        assert_eq!(response.status(), status);
        assert!(body_text(response).await.contains("error-message"));
    }
    let mut wrong_category = valid_listing("Bike", "100");
    wrong_category[1] = ("category", "1");
    let response = post_listing(&site, &wrong_category, None).await;
    assert_eq!(response.status(), StatusCode::BAD_REQUEST);
    let mut forged = valid_listing("Bike", "100");
    forged[0] = ("csrf_token", "00000000000000000000000000000000");
    let response = post_listing(&site, &forged, None).await;
    assert_eq!(response.status(), StatusCode::FORBIDDEN);
    let not_multipart = site
        .post_form(
            "/index.php?page=item&action=item_add",
            &valid_listing("Bike", "100"),
        )
        .await;
    assert_eq!(not_multipart.status(), StatusCode::BAD_REQUEST);
}

#[tokio::test]
async fn owners_edit_and_delete_their_listings_and_deleted_pages_say_404() {
    let site = logged_in();
    // Listings 1–6 belong to the default account.
    let form = body_html(site.get("/index.php?page=item&action=item_edit&id=2").await).await;
    assert_eq!(select_texts(&form, "form.listing-form button"), ["Update"]);
    let edited = site
        .post_form(
            "/index.php?page=item&action=item_edit&id=2",
            &valid_listing("Edited title", "77.50"),
        )
        .await;
    assert_eq!(edited.status(), StatusCode::SEE_OTHER);
    let page = body_html(site.get("/index.php?page=item&id=2").await).await;
    assert_eq!(select_texts(&page, ".price"), ["$77.50"]);
    assert_eq!(select_texts(&page, "h1.item-title"), ["Edited title"]);

    let others = site
        .post_form(
            "/index.php?page=item&action=item_edit&id=200",
            &valid_listing("Mine now", "1"),
        )
        .await;
    assert_eq!(others.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        site.get("/index.php?page=item&action=item_edit&id=200")
            .await
            .status(),
        StatusCode::NOT_FOUND
    );
    let not_mine = site
        .post_form(
            "/index.php?page=item&action=item_delete&id=200",
            &[("csrf_token", CSRF)],
        )
        .await;
    assert_eq!(not_mine.status(), StatusCode::NOT_FOUND);

    let deleted = site
        .post_form(
            "/index.php?page=item&action=item_delete&id=2",
            &[("csrf_token", CSRF)],
        )
        .await;
    assert_eq!(deleted.status(), StatusCode::SEE_OTHER);
    let gone = site.get("/index.php?page=item&id=2").await;
    assert_eq!(gone.status(), StatusCode::NOT_FOUND);
    assert!(body_text(gone).await.contains("404"));
    assert!(
        site.site
            .queries(&site.tenant)
            .unwrap()
            .listing(2)
            .await
            .unwrap()
            .is_none()
    );
    let mine = body_html(site.get("/index.php?page=user&action=items").await).await;
    assert_eq!(select_texts(&mine, ".listing-card").len(), 5);
}

#[tokio::test]
async fn registering_logs_in_and_refuses_duplicates() {
    let site = fresh_site();
    let fields = [
        ("csrf_token", CSRF),
        ("name", "Casey New"),
        ("email", "casey@example.com"),
        ("password", "secret99"),
        ("password2", "secret99"),
    ];
    let created = site.post_form("/index.php?page=register", &fields).await;
    assert_eq!(created.status(), StatusCode::SEE_OTHER);
    let cookies: Vec<_> = created
        .headers()
        .get_all(header::SET_COOKIE)
        .iter()
        .map(|v| v.to_str().unwrap().to_owned())
        .collect();
    assert!(
        cookies
            .iter()
            .any(|cookie| cookie.starts_with("classifieds_session="))
    );
    assert_eq!(
        site.post_form("/index.php?page=register", &fields)
            .await
            .status(),
        StatusCode::CONFLICT
    );
    let mismatch = [
        ("csrf_token", CSRF),
        ("name", "A"),
        ("email", "a@example.com"),
        ("password", "secret99"),
        ("password2", "other999"),
    ];
    assert_eq!(
        site.post_form("/index.php?page=register", &mismatch)
            .await
            .status(),
        StatusCode::BAD_REQUEST
    );
    assert_eq!(
        site.get("/index.php?page=register").await.status(),
        StatusCode::OK
    );
}

#[tokio::test]
async fn tenants_do_not_see_each_other_and_reset_restores_the_base() {
    let site = logged_in();
    let comment = [
        ("csrf_token", CSRF),
        ("title", "Tenant check"),
        ("body", "only here"),
    ];
    site.post_form("/index.php?page=item&action=add_comment&id=9", &comment)
        .await;
    let headings = |page: Html| select_texts(&page, ".comments_list h3");
    let mine = headings(body_html(site.get("/index.php?page=item&id=9").await).await);
    assert!(mine.contains(&"Tenant check by Blake Sullivan".to_owned()));

    let other = site.tenants.create().unwrap();
    let request = Request::get("/index.php?page=item&id=9")
        .header(header::COOKIE, format!("{TENANT_COOKIE}={other}"))
        .body(Body::empty())
        .unwrap();
    let theirs = headings(body_html(site.send(request).await).await);
    assert!(!theirs.contains(&"Tenant check by Blake Sullivan".to_owned()));
    let request = Request::get("/index.php?page=item&id=9")
        .body(Body::empty())
        .unwrap();
    let shared = headings(body_html(site.send(request).await).await);
    assert_eq!(shared, theirs);

    site.tenants.reset(&site.tenant).unwrap();
    let after = headings(body_html(site.get("/index.php?page=item&id=9").await).await);
    assert_eq!(after, theirs);
    // The reset also ended the session.
    assert_eq!(
        site.get("/index.php?page=user&action=items").await.status(),
        StatusCode::SEE_OTHER
    );
}

#[tokio::test]
async fn login_cookie_rejects_unknown_users_and_tenants() {
    let site = fresh_site();
    assert!(
        site.site
            .login_cookie(&site.tenant, "nobody@example.com")
            .unwrap_err()
            .is_unknown_account()
    );
    let missing = TenantId::random();
    assert!(site.site.login_cookie(&missing, DEFAULT_EMAIL).is_err());
    let listings = site
        .site
        .queries(&site.tenant)
        .unwrap()
        .listings_of(DEFAULT_EMAIL, 1)
        .await
        .unwrap();
    assert_eq!(listings.len(), 6);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn decompression_bombs_are_refused_fast_and_the_site_stays_responsive() {
    let site = logged_in();
    let bomb = kit::testing::decompression_bomb();
    let add = "/index.php?page=item&action=item_add";
    let bombs = |client: &RouterClient, fields: Vec<(&'static str, &'static str)>| {
        let (client, bomb) = (client.clone(), bomb.clone());
        async move {
            let photo = FilePart {
                name: "photos",
                filename: "bomb.png",
                content_type: "image/png",
                bytes: &bomb,
            };
            let started = std::time::Instant::now();
            let response = client.post_multipart(add, &fields, &[photo; 5]).await;
            (response.status(), started.elapsed())
        }
    };
    let listing = || {
        vec![
            ("csrf_token", CSRF),
            ("category", "4"),
            ("city", "101"),
            ("title", "Bomb"),
            ("description", "A photo that decodes to 72 MB."),
            ("price", "1"),
        ]
    };
    // Logged out: sent to the login page before the body is read.
    let mut anonymous = site.client.clone();
    anonymous.session = None;
    assert_eq!(bombs(&anonymous, listing()).await.0, StatusCode::SEE_OTHER);
    // No token before the photos: refused before any photo is read.
    let mut no_token = listing();
    no_token.remove(0);
    assert_eq!(bombs(&site.client, no_token).await.0, StatusCode::FORBIDDEN);
    // Eight logged-in bomb posts at once: each refused in milliseconds while the home page
    // keeps answering.
    let posts: Vec<_> = (0..8)
        .map(|_| tokio::spawn(bombs(&site.client, listing())))
        .collect();
    let mut slowest_home = std::time::Duration::ZERO;
    for _ in 0..5 {
        let started = std::time::Instant::now();
        assert_eq!(site.get("/").await.status(), StatusCode::OK);
        slowest_home = slowest_home.max(started.elapsed());
    }
    for post in posts {
        let (status, took) = post.await.unwrap();
        assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
        assert!(
            took < std::time::Duration::from_secs(2),
            "a bomb took {took:?}"
        );
    }
    assert!(
        slowest_home < std::time::Duration::from_millis(500),
        "the home page took {slowest_home:?} during the bombs"
    );
    let (status, took) = bombs(&site.client, listing()).await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(took < std::time::Duration::from_millis(500), "{took:?}");
}

#[tokio::test]
async fn failed_logins_are_throttled_per_account_and_forms_are_capped() {
    let site = fresh_site();
    let site = &site;
    let attempt = |email: &'static str, password: &'static str| async move {
        site.post_form(
            "/index.php?page=login",
            &[
                ("csrf_token", CSRF),
                ("email", email),
                ("password", password),
            ],
        )
        .await
    };
    for _ in 0..kit::auth::LoginThrottle::MAX_FAILURES {
        assert_eq!(
            attempt(DEFAULT_EMAIL, "wrong").await.status(),
            StatusCode::UNAUTHORIZED
        );
    }
    // Now even the right password waits, and the page says for how long.
    let refused = attempt(DEFAULT_EMAIL, DEFAULT_PASSWORD).await;
    assert_eq!(refused.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(body_text(refused).await.contains("Try again in"));
    // Another account is not affected; an unknown account gets the same answer as a wrong
    // password.
    assert_eq!(
        attempt("nobody@example.com", "wrong").await.status(),
        StatusCode::UNAUTHORIZED
    );
    // Every text form is capped.
    let long = "x".repeat(kit::form::FORM_LIMIT + 1);
    let response = site
        .post_form(
            "/index.php?page=item&action=add_comment&id=9",
            &[("csrf_token", CSRF), ("title", "t"), ("body", &long)],
        )
        .await;
    assert_eq!(response.status(), StatusCode::PAYLOAD_TOO_LARGE);
    assert!(body_text(response).await.contains("too large"));
}

#[tokio::test]
async fn parallel_wrong_logins_get_exactly_the_allowed_password_checks() {
    let site = fresh_site();
    let site = &site;
    let attempts = (0..16).map(|_| async move {
        site.post_form(
            "/index.php?page=login",
            &[
                ("csrf_token", CSRF),
                ("email", DEFAULT_EMAIL),
                ("password", "wrong"),
            ],
        )
        .await
        .status()
    });
    let statuses = futures::future::join_all(attempts).await;
    // A 401 is a checked password; a 429 was refused before any check.
    let checked = statuses
        .iter()
        .filter(|status| **status == StatusCode::UNAUTHORIZED)
        .count();
    let refused = statuses
        .iter()
        .filter(|status| **status == StatusCode::TOO_MANY_REQUESTS)
        .count();
    assert_eq!(
        checked,
        kit::auth::LoginThrottle::MAX_FAILURES,
        "{statuses:?}"
    );
    assert_eq!(refused, 16 - checked, "{statuses:?}");
}

#[tokio::test]
async fn a_guessed_tenant_cookie_is_refused_by_the_site() {
    let site = fresh_site();
    let with_tenant = |value: String| {
        Request::get("/index.php?page=item&id=9")
            .header(header::COOKIE, format!("{TENANT_COOKIE}={value}"))
            .body(Body::empty())
            .unwrap()
    };
    for guess in (0..2000)
        .map(|n| n.to_string())
        .chain([TenantId::random().to_string()])
    {
        let response = site.send(with_tenant(guess.clone())).await;
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{guess}");
    }
    let live = site.send(with_tenant(site.tenant.to_string())).await;
    assert_eq!(live.status(), StatusCode::OK);
}

#[tokio::test]
async fn a_refused_login_moves_the_tenants_state_stamp_without_a_row() {
    let site = fresh_site();
    let stamp = || site.tenants.stamp(&site.tenant).unwrap();
    let before = stamp();
    site.submit(
        "/index.php?page=login",
        &[("email", DEFAULT_EMAIL), ("password", "wrong")],
    )
    .await;
    let after = stamp();
    assert_ne!(after, before, "the throttle's count is the tenant's state");
    assert_eq!(after.rows_written, before.rows_written);
}
