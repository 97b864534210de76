//! Deterministic base data: users, listings with photo specs, and comments, from a seed.

mod text;
pub mod vocabulary;

use crate::ClassifiedsError;
use crate::catalog::{self, CATEGORIES, REGIONS};
use imagery::{Backdrop, ImageSpec, NamedColor, Pattern};
use kit::Scale;
use kit::names::{EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rusqlite::{Connection, params};
use std::fmt;
use vocabulary::{COMMENT_BODIES, COMMENT_TITLES, GOODS};

pub use text::mentions_color;

/// The seeded account tasks log in with.
pub const DEFAULT_EMAIL: &str = "blake.sullivan@gmail.com";
/// The password of every seeded account.
pub const DEFAULT_PASSWORD: &str = "Password.123";
/// Listings in the full data set.
pub const FULL_LISTINGS: u32 = 66_000;

/// The newest publication time: the site clock (by default 2025-11-01 00:00 UTC); dates
/// spread over the two years before.
fn newest() -> i64 {
    kit::clock::now()
}
const TWO_YEARS: i64 = 730 * 24 * 3600;

/// How much of each table a [`Scale`] asks for.
trait Amounts {
    fn listings(self) -> u32;
    fn users(self) -> u32;
    fn comments(self) -> u32;
}

impl Amounts for Scale {
    fn listings(self) -> u32 {
        match self {
            Scale::Full => FULL_LISTINGS,
            Scale::Small(count) => count.max(1),
        }
    }

    fn users(self) -> u32 {
        match self {
            Scale::Full => 1_200,
            Scale::Small(count) => (count / 20).clamp(10, 1_200),
        }
    }

    fn comments(self) -> u32 {
        match self {
            Scale::Full => 24_000,
            Scale::Small(count) => count / 2,
        }
    }
}

/// What a seed built.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SeedCounts {
    /// Users, the default account included.
    pub users: u32,
    /// Listings.
    pub listings: u32,
    /// Photos (all rendered from specs).
    pub photos: u32,
    /// Comments.
    pub comments: u32,
    /// Listings whose colour appears only in the photo.
    pub color_only_in_photo: u32,
    /// Listings whose first photo carries printed text absent from the ad.
    pub printed_text: u32,
}

impl SeedCounts {
    /// The share of listings told apart from their look-alikes only by the picture: their
    /// colour is in no text of theirs.
    pub fn picture_only_share(&self) -> f64 {
        f64::from(self.color_only_in_photo) / f64::from(self.listings.max(1))
    }
}

impl fmt::Display for SeedCounts {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "{} listings, {} photos, {} users, {} comments; {} listings ({:.1} %) show their colour only in the photo, {} carry printed text",
            kit::money::group_digits(u64::from(self.listings)),
            self.photos,
            self.users,
            self.comments,
            self.color_only_in_photo,
            100.0 * self.picture_only_share(),
            self.printed_text,
        )
    }
}

/// Builds the data in a fresh classifieds database from `seed`; the same seed gives the same data.
pub fn build(
    connection: &mut Connection,
    scale: Scale,
    seed: u64,
) -> Result<SeedCounts, ClassifiedsError> {
    let mut report = SeedCounts::default();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let transaction = connection.transaction()?;
    insert_places(&transaction)?;
    report.users = insert_users(&transaction, &mut rng, scale.users())?;
    insert_listings(
        &transaction,
        &mut rng,
        scale.listings(),
        report.users,
        &mut report,
    )?;
    report.comments = insert_comments(
        &transaction,
        &mut rng,
        scale.comments(),
        report.users,
        report.listings,
    )?;
    transaction.commit()?;
    // Merge the full-text index and give the query planner statistics; both travel with
    // the file into every tenant copy.
    connection
        .execute_batch("INSERT INTO listings_fts(listings_fts) VALUES ('optimize'); ANALYZE;")?;
    Ok(report)
}

fn insert_places(connection: &Connection) -> Result<(), ClassifiedsError> {
    for region in REGIONS {
        connection.execute(
            "INSERT INTO regions (id, name) VALUES (?1, ?2)",
            params![region.id, region.name],
        )?;
    }
    for (id, region_id, name) in catalog::cities() {
        connection.execute(
            "INSERT INTO cities (id, region_id, name) VALUES (?1, ?2, ?3)",
            params![id, region_id, name],
        )?;
    }
    for (position, category) in CATEGORIES.iter().enumerate() {
        connection.execute(
            "INSERT INTO categories (id, parent_id, name, position) VALUES (?1, ?2, ?3, ?4)",
            params![category.id, category.parent, category.name, position as i64],
        )?;
    }
    Ok(())
}

fn random_city(rng: &mut ChaCha8Rng) -> i64 {
    let region = rng.random_range(0..REGIONS.len());
    catalog::city_id(REGIONS[region].id, rng.random_range(0..7))
}

fn insert_users(
    connection: &Connection,
    rng: &mut ChaCha8Rng,
    count: u32,
) -> Result<u32, ClassifiedsError> {
    // One argon2 hash serves every seeded account: hashing thousands would dominate the
    // seed time, and they all share the documented password anyway.
    let hash = kit::auth::hash_password(DEFAULT_PASSWORD)?;
    let mut statement = connection.prepare(
        "INSERT INTO users (id, name, email, password_hash, phone, city_id, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    statement.execute(params![
        1,
        "Blake Sullivan",
        DEFAULT_EMAIL,
        hash,
        "412-555-0100",
        catalog::city_id(1, 0),
        newest() - TWO_YEARS - 86_400 * 30
    ])?;
    for id in 2..=i64::from(count) {
        let first = FIRST_NAMES.choose(rng).copied().unwrap_or("Alex");
        let last = LAST_NAMES.choose(rng).copied().unwrap_or("Morgan");
        let domain = EMAIL_DOMAINS.choose(rng).copied().unwrap_or("gmail.com");
        let email = format!(
            "{}.{}{}@{}",
            first.to_lowercase(),
            last.to_lowercase(),
            id,
            domain
        );
        let phone = format!(
            "{}-555-{:04}",
            rng.random_range(201..990),
            rng.random_range(0..10_000)
        );
        let joined = newest() - TWO_YEARS - rng.random_range(0..TWO_YEARS);
        statement.execute(params![
            id,
            format!("{first} {last}"),
            email,
            hash,
            phone,
            random_city(rng),
            joined
        ])?;
    }
    Ok(count.max(1))
}

fn insert_listings(
    connection: &Connection,
    rng: &mut ChaCha8Rng,
    count: u32,
    users: u32,
    report: &mut SeedCounts,
) -> Result<(), ClassifiedsError> {
    let mut listing_statement = connection.prepare(
        "INSERT INTO listings (id, user_id, category_id, city_id, title, description, price_cents, published_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8)",
    )?;
    let mut photo_statement = connection
        .prepare("INSERT INTO photos (listing_id, position, spec) VALUES (?1, ?2, ?3)")?;
    let total_weight: u32 = GOODS.iter().map(|goods| goods.weight).sum();
    for id in 1..=i64::from(count) {
        let mut pick = rng.random_range(0..total_weight);
        let goods = GOODS
            .iter()
            .find(|goods| {
                if pick < goods.weight {
                    true
                } else {
                    pick -= goods.weight;
                    false
                }
            })
            .unwrap_or(&GOODS[0]);
        let drawing = goods
            .drawing()
            .ok_or_else(|| ClassifiedsError::Undrawable(goods.subject.to_owned()))?;
        let ad = text::compose(goods, &drawing, rng);
        // The default account owns exactly the first six listings, so "my listings" is
        // short and predictable for tasks.
        let user = if id <= 6 {
            1
        } else {
            rng.random_range(2..=i64::from(users))
        };
        let published = newest() - rng.random_range(0..TWO_YEARS);
        listing_statement.execute(params![
            id,
            user,
            goods.category,
            random_city(rng),
            ad.title,
            ad.description,
            ad.price_cents,
            published
        ])?;
        if !ad.color_in_text {
            report.color_only_in_photo += 1;
        }
        let printed = printed_text(rng, &ad.title, &ad.description);
        if printed.is_some() {
            report.printed_text += 1;
        }
        let photo_count = rng.random_range(1..=3u8);
        // Drawn even when the model decides, so the rest of the data stays as it was.
        let any_model = rng.random_range(0..3u8);
        let model = ad.model.unwrap_or_else(|| drawing.pick(any_model));
        for position in 0..photo_count {
            let spec = ImageSpec {
                model,
                primary: ad.color,
                secondary: ad.secondary,
                count: ad.count,
                pattern: ad.pattern,
                text: if position == 0 { printed.clone() } else { None },
                backdrop: Backdrop::at(usize::from(rng.random_range(0..6u8))),
                variation: rng.random(),
            };
            photo_statement.execute(params![
                id,
                i64::from(position),
                serde_json::to_string(&spec)?
            ])?;
            report.photos += 1;
        }
        report.listings += 1;
    }
    Ok(())
}

/// Text for the photo that the ad never mentions (so reading it needs OCR), for about one
/// listing in eight.
fn printed_text(rng: &mut ChaCha8Rng, title: &str, description: &str) -> Option<String> {
    if !rng.random_bool(0.125) {
        return None;
    }
    let candidate = vocabulary::PRINTED.choose(rng)?;
    let lower = candidate.to_lowercase();
    let absent =
        !title.to_lowercase().contains(&lower) && !description.to_lowercase().contains(&lower);
    absent.then(|| (*candidate).to_owned())
}

fn insert_comments(
    connection: &Connection,
    rng: &mut ChaCha8Rng,
    count: u32,
    users: u32,
    listings: u32,
) -> Result<u32, ClassifiedsError> {
    let mut statement = connection.prepare(
        "INSERT INTO comments (listing_id, user_id, title, body, rating, created_at)
         SELECT ?1, ?2, ?3, ?4, ?5, MIN(published_at + ?6, ?7) FROM listings WHERE id = ?1",
    )?;
    let mut nouns = connection.prepare("SELECT category_id FROM listings WHERE id = ?1")?;
    for _ in 0..count {
        let listing = rng.random_range(1..=i64::from(listings));
        let category: i64 = nouns.query_row([listing], |row| row.get(0))?;
        let noun = GOODS
            .iter()
            .find(|goods| goods.category == category && !goods.noun.is_empty())
            .map_or("item", |goods| goods.noun);
        let title = COMMENT_TITLES.choose(rng).copied().unwrap_or("Question");
        let body = COMMENT_BODIES
            .choose(rng)
            .copied()
            .unwrap_or("Is this still available?")
            .replace("{noun}", noun);
        let rating: Option<i64> = rng.random_bool(0.7).then(|| rng.random_range(1..=5));
        let after = rng.random_range(3_600..30 * 86_400i64);
        statement.execute(params![
            listing,
            rng.random_range(1..=i64::from(users)),
            title,
            body,
            rating,
            after,
            newest()
        ])?;
    }
    Ok(count)
}

/// A colour for a listing drawn uniformly from the basic named colours.
fn random_color(rng: &mut ChaCha8Rng) -> NamedColor {
    NamedColor::BASIC
        .choose(rng)
        .copied()
        .unwrap_or(NamedColor::Gray)
}

/// A pattern for the photo: mostly solid, sometimes decorated (clothing and sofas more so).
fn random_pattern(rng: &mut ChaCha8Rng, decorated_often: bool) -> Pattern {
    let chance = if decorated_often { 0.4 } else { 0.08 };
    if !rng.random_bool(chance) {
        return Pattern::Solid;
    }
    [Pattern::Striped, Pattern::Dotted, Pattern::Checkered]
        .choose(rng)
        .copied()
        .unwrap_or(Pattern::Striped)
}
