//! The seeded store's ground truth against its pictures and pages: every photo shows the
//! drawing its product's name calls for and every visual fact the dump reports, a colour the
//! name leaves out is in no page text, and enough products hinge on their picture.

// Test helpers may unwrap: a failure there is a test failure.
#![allow(clippy::unwrap_used)]

use axum::http::StatusCode;
use imagery::{ImageSpec, NamedColor, Pattern, check};
use kit::content::SiteDefinition;
use kit::testing::{CSRF_FIELD, TestSite, body_text};
use kit::{Directory, Listing, Site};
use scraper::{Html, Selector};
use serde_json::Value;
use shopping::catalog;
use shopping::seed::SeedCounts;
use shopping::seed::vocabulary::words;
use shopping::{Scale, ShoppingSite};
use std::collections::HashMap;
use std::sync::OnceLock;

/// First-edition products of the small store: enough that every leaf of every edition gets
/// products (the first pass over the leaves is in order).
const PRODUCTS: u32 = 400;
/// The seed of the store.
const SEED: u64 = 7;

struct Seeded {
    /// The seeded files (kept for the test binary's life: the ground truth reads them).
    data: tempfile::TempDir,
    report: SeedCounts,
    records: Vec<Value>,
}

/// The one small seeded store of this test binary and its dump.
fn seeded() -> &'static Seeded {
    static SEEDED: OnceLock<Seeded> = OnceLock::new();
    SEEDED.get_or_init(|| {
        let data = tempfile::tempdir().unwrap();
        let report = kit::content::seed::<ShoppingSite>(data.path(), Scale::Small(PRODUCTS), SEED)
            .unwrap()
            .summary;
        let mut out = Vec::new();
        ShoppingSite.dump(data.path(), &mut out).unwrap();
        let records = String::from_utf8(out)
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        Seeded {
            data,
            report,
            records,
        }
    })
}

fn products() -> impl Iterator<Item = &'static Value> {
    seeded()
        .records
        .iter()
        .filter(|record| record["record"] == "product")
}

/// Leaf category names by their URL.
fn leaf_names() -> HashMap<String, String> {
    seeded()
        .records
        .iter()
        .filter(|record| record["record"] == "category" && record["level"] == 3)
        .map(|record| {
            (
                record["url"].as_str().unwrap().to_owned(),
                record["name"].as_str().unwrap().to_owned(),
            )
        })
        .collect()
}

fn spec(photo: &Value) -> ImageSpec {
    serde_json::from_value(photo["spec"].clone()).unwrap()
}

fn detail<'a>(product: &'a Value, row: &str) -> Option<&'a str> {
    product["attributes"]
        .as_array()
        .unwrap()
        .iter()
        .find(|pair| pair[0] == row)
        .and_then(|pair| pair[1].as_str())
}

#[test]
fn every_photo_shows_the_drawing_its_product_name_calls_for() {
    let leaves = leaf_names();
    let mut seen = std::collections::HashSet::new();
    for product in products() {
        let name = product["name"].as_str().unwrap();
        let leaf = &leaves[product["category"].as_str().unwrap()];
        seen.insert(leaf.clone());
        let noun = catalog::noun(leaf);
        assert!(name.contains(&noun), "{name} is in {leaf}");
        let photos = product["photos"].as_array().unwrap();
        let first = spec(&photos[0]);
        // The name's own noun is among the things the drawing says it shows.
        let model = first.model;
        let noun = noun.to_lowercase();
        assert!(
            model
                .shows()
                .iter()
                .any(|phrase| noun == *phrase || noun.ends_with(&format!(" {phrase}"))),
            "{name} is drawn as a {}",
            model.name()
        );
        for photo in photos {
            let spec = spec(photo);
            assert_eq!(photo["drawing"], model.name(), "{name}");
            assert_eq!(spec.model, first.model);
        }
        // The details describe that object: a material of its kind, no bamboo laptops.
        let words = words(first.kind());
        let material = detail(product, words.row).unwrap();
        assert!(
            words.build(model.name()).materials.contains(&material),
            "{name}: {material}"
        );
        assert!(detail(product, "Product Dimensions").is_some(), "{name}");
    }
    assert_eq!(
        seen.len(),
        catalog::leaves().count(),
        "every leaf has products"
    );
}

#[test]
fn every_visual_fact_the_dump_reports_is_in_the_photo() {
    let mut patterned = 0;
    let mut checked = 0;
    for (index, product) in products().enumerate() {
        let photo = spec(&product["photos"][0]);
        if photo.pattern == Pattern::Solid && index % 6 != 0 {
            continue;
        }
        if photo.pattern != Pattern::Solid {
            patterned += 1;
        }
        checked += 1;
        let unseen = check::unseen_facts(&photo).unwrap();
        assert!(
            unseen.is_empty(),
            "{}: {unseen:?} in {photo:?}",
            product["name"]
        );
    }
    assert!(
        patterned >= 20 && checked >= 100,
        "{patterned} of {checked}"
    );
}

/// Every word of `text`, lower case.
fn words_of(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|word| !word.is_empty())
        .map(str::to_ascii_lowercase)
        .collect()
}

/// The page's visible text, without the configurable product's colour choices (a list of
/// every colour it comes in, in name order, which says nothing about the photo).
fn text_without_colour_choices(html: &str) -> String {
    let page = Html::parse_document(html);
    let body = page
        .select(&Selector::parse("body").unwrap())
        .next()
        .unwrap();
    let choices: Vec<String> = page
        .select(&Selector::parse("#attribute-color option").unwrap())
        .map(|option| option.text().collect::<String>())
        .collect();
    let mut text = body.text().collect::<Vec<_>>().join(" ");
    for choice in choices {
        text = text.replacen(&choice, " ", 1);
    }
    text
}

#[tokio::test]
async fn a_colour_the_name_leaves_out_is_in_no_page_text() {
    let listing = Listing {
        name: shopping::SITE,
        title: "One Stop Market",
        description: "",
        url: "http://shop.test".to_owned(),
    };
    let client = TestSite::<ShoppingSite>::hosting(
        Scale::Small(PRODUCTS),
        SEED,
        Directory {
            sites: vec![listing],
        },
    )
    .logged_in();
    let silent: Vec<&Value> = products()
        .filter(|product| {
            let name = product["name"].as_str().unwrap();
            !NamedColor::ALL
                .iter()
                .any(|colour| words_of(name).contains(&colour.name().to_owned()))
        })
        .step_by(9)
        .take(30)
        .collect();
    assert!(silent.len() >= 20);
    let mut configurable = 0;
    for product in &silent {
        let colour = spec(&product["photos"][0]).primary.name();
        assert!(detail(product, "Color").is_none(), "{}", product["name"]);
        let url = product["url"].as_str().unwrap();
        let response = client.get(url).await;
        assert_eq!(response.status(), StatusCode::OK, "{url}");
        let html = body_text(response).await;
        configurable += usize::from(html.contains("attribute-color"));
        let text = text_without_colour_choices(&html);
        assert!(
            !words_of(&text).contains(&colour.to_owned()),
            "{url} names {colour} outside the colour choices"
        );
        let added = client
            .post_form(
                "/catalog/product_compare/add/",
                &[CSRF_FIELD, ("product", &product["id"].to_string())],
            )
            .await;
        assert!(added.status().is_redirection(), "{url}");
    }
    assert!(configurable >= 3, "{configurable} configurable products");
    let compare = body_text(client.get("/catalog/product_compare/").await).await;
    let table = text_without_colour_choices(&compare);
    for product in &silent {
        assert!(compare.contains(product["sku"].as_str().unwrap()));
    }
    let named: Vec<&str> = NamedColor::ALL
        .iter()
        .map(|colour| colour.name())
        .filter(|name| words_of(&table).contains(&(*name).to_owned()))
        .collect();
    assert!(named.is_empty(), "the comparison names {named:?}");
}

#[test]
fn the_seed_report_counts_the_products_only_their_picture_tells_apart() {
    let seeded = seeded();
    let silent = products()
        .filter(|product| detail(product, "Color").is_none())
        .count();
    assert_eq!(silent as u32, seeded.report.color_only_in_photo);
    let share = seeded.report.picture_only_share();
    assert!(share >= 0.3, "{share:.3}");
    assert!(seeded.report.to_string().contains("only in the picture"));
}

/// The generator's `in_stock` slot is what the product page shows: set exactly for the
/// products with units left (an out-of-stock one has Add to Cart disabled, so no cart or
/// order task may be made of it).
#[test]
fn the_in_stock_slot_is_set_exactly_for_products_with_units_left() {
    use kit::ground_truth::GroundTruth;
    let stock: HashMap<&str, i64> = products()
        .map(|product| {
            (
                product["sku"].as_str().unwrap(),
                product["stock"].as_i64().unwrap(),
            )
        })
        .collect();
    let mut truth = shopping::ground_truth::ShoppingTruth::open(seeded().data.path()).unwrap();
    let candidates = truth
        .candidates(&serde_json::json!({"name": "named", "within": "category"}))
        .unwrap();
    let mut seen = (0, 0);
    for candidate in &candidates {
        let sku = candidate.slots["sku"].as_str();
        let in_stock = candidate.slots["in_stock"].as_str();
        assert_eq!(in_stock == "yes", stock[sku] > 0, "{sku}: {in_stock:?}");
        assert!(
            in_stock == "yes" || in_stock.is_empty(),
            "{sku}: {in_stock:?}"
        );
        if stock[sku] > 0 {
            seen.0 += 1
        } else {
            seen.1 += 1
        }
    }
    assert!(
        seen.0 > 0 && seen.1 > 0,
        "in stock / out of stock: {seen:?}"
    );
}

/// The text targets on the small store: no sentence is shared by more than 1 % of
/// product descriptions (none ends in the same boilerplate), review titles are mostly their
/// own, and a review's words match its stars.
#[test]
fn descriptions_and_reviews_are_varied_and_match_their_stars() {
    let report = &seeded().report;
    let figures = report.description_text.clone().unwrap();
    assert!(
        figures.most_shared_share() <= 0.01,
        "a description sentence is shared too widely: {:?} of {}",
        figures.most_shared,
        figures.texts
    );
    assert!(
        report.review_titles * 10 >= report.reviews * 4,
        "{} distinct titles over {} reviews",
        report.review_titles,
        report.reviews
    );
    let connection =
        rusqlite::Connection::open(seeded().data.path().join(ShoppingSite::BASE_FILE)).unwrap();
    let mut statement = connection
        .prepare("SELECT title, detail, rating FROM reviews")
        .unwrap();
    let rows = statement
        .query_map([], |row| {
            Ok((
                row.get::<_, String>(0)?,
                row.get::<_, String>(1)?,
                row.get::<_, u8>(2)?,
            ))
        })
        .unwrap();
    for row in rows {
        let (title, detail, rating) = row.unwrap();
        let text = format!("{title} {detail}").to_lowercase();
        assert!(!text.contains('<') && !text.contains('{'), "{text}");
        if rating == 5 {
            assert!(
                !["returned it", "waste of money", "do not buy", "avoid"]
                    .iter()
                    .any(|bad| text.contains(bad)),
                "a five-star review reads like a one-star one: {text}"
            );
        }
        if rating == 1 {
            assert!(
                !["highly recommend", "love it", "worth every penny"]
                    .iter()
                    .any(|good| text.contains(good)),
                "a one-star review reads like a five-star one: {text}"
            );
        }
    }
}

/// At least 5,000 distinct review titles, held on a store of 12,000 first-edition reviews
/// (the shipped one has 113,000).
#[test]
fn a_store_of_twelve_thousand_reviews_has_five_thousand_distinct_titles() {
    let data = tempfile::tempdir().unwrap();
    let report = kit::content::seed::<ShoppingSite>(data.path(), Scale::Small(6_000), SEED)
        .unwrap()
        .summary;
    assert!(report.reviews >= 12_000, "{report}");
    assert!(report.review_titles >= 5_000, "{report}");
    let figures = report.description_text.unwrap();
    assert!(figures.most_shared_share() <= 0.01, "{figures}");
}
