//! Deterministic base data: the category tree, products with photo specs and options,
//! reviews, customers (VWA's Emma Lopez first) with addresses and an order history.

mod lookalike;
pub mod text;
pub mod vocabulary;

use crate::ShoppingError;
use crate::catalog::{self, DEPARTMENTS, Edition, SIZES};
use crate::db::options::ProductOption;
use imagery::{Backdrop, Drawing, ImageSpec, NamedColor, Pattern};
use kit::Scale;
use kit::names::{EMAIL_DOMAINS, FIRST_NAMES, LAST_NAMES};
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rusqlite::{Connection, params};
use std::collections::HashMap;
use std::collections::HashSet;
use std::fmt;

/// VWA's shopping customer, the account tasks log in with.
pub const DEFAULT_EMAIL: &str = "emma.lopez@gmail.com";
/// The password of every seeded account (VWA's).
pub const DEFAULT_PASSWORD: &str = "Password.123";
/// Products of the first edition in the full data set.
pub const FULL_PRODUCTS: u32 = 92_000;
/// Products of the second edition (the department imagery) in the full data set.
pub const FULL_SECOND_EDITION_PRODUCTS: u32 = 8_000;
/// Products of the look-alike lines (after both editions) in the full data set.
pub const FULL_LOOKALIKE_PRODUCTS: u32 = 6_000;

/// Emma's address, as in VWA's store.
pub const EMMA_ADDRESS: [&str; 7] = [
    "101 S San Mateo Dr",
    "San Mateo",
    "California",
    "94010",
    "United States",
    "6505551212",
    "Emma Lopez",
];

/// The newest timestamp in the data: 2023-06-01 00:00 UTC under the default clock (the
/// store's history is WebArena's), moved as far as `--clock` moves the clock; history
/// spreads over 3 years.
fn newest() -> i64 {
    1_685_577_600 + kit::clock::current().offset()
}
const THREE_YEARS: i64 = 3 * 365 * 86_400;

trait Amounts {
    fn products(self) -> u32;
    fn lookalike_products(self) -> u32;
    fn second_edition_products(self) -> u32;
    fn second_edition_reviews(self) -> u32;
    fn customers(self) -> u32;
    fn reviews(self) -> u32;
    fn other_orders(self) -> u32;
}

impl Amounts for Scale {
    fn products(self) -> u32 {
        match self {
            Scale::Full => FULL_PRODUCTS,
            Scale::Small(count) => count.max(60),
        }
    }

    fn lookalike_products(self) -> u32 {
        match self {
            Scale::Full => FULL_LOOKALIKE_PRODUCTS,
            Scale::Small(count) => (count / 8).max(60),
        }
    }

    fn second_edition_products(self) -> u32 {
        match self {
            Scale::Full => FULL_SECOND_EDITION_PRODUCTS,
            Scale::Small(count) => (count / 4).max(120),
        }
    }

    fn second_edition_reviews(self) -> u32 {
        match self {
            Scale::Full => 9_000,
            Scale::Small(_) => self.second_edition_products() * 2,
        }
    }

    fn customers(self) -> u32 {
        match self {
            Scale::Full => 2_000,
            Scale::Small(count) => (count / 10).clamp(10, 2_000),
        }
    }

    fn reviews(self) -> u32 {
        match self {
            Scale::Full => 104_000,
            Scale::Small(count) => count.max(60) * 2,
        }
    }

    fn other_orders(self) -> u32 {
        match self {
            Scale::Full => 400,
            Scale::Small(count) => (count / 20).clamp(5, 400),
        }
    }
}

/// What a seed built.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct SeedCounts {
    /// Categories over the three levels.
    pub categories: u32,
    /// Products.
    pub products: u32,
    /// Product photos (all rendered from specs).
    pub images: u32,
    /// Reviews.
    pub reviews: u32,
    /// Customers.
    pub customers: u32,
    /// Orders (Emma's included).
    pub orders: u32,
    /// Products whose colour is not in their name.
    pub color_only_in_photo: u32,
    /// Distinct review titles.
    pub review_titles: u32,
    /// How varied the product descriptions' sentences are (the most shared one above all).
    pub description_text: Option<kit::prose::Figures>,
}

impl fmt::Display for SeedCounts {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            formatter,
            "{} products in {} categories, {} photos, {} reviews, {} customers, {} orders; {} products ({:.1} %) show their colour only in the picture",
            kit::money::group_digits(u64::from(self.products)),
            self.categories,
            self.images,
            kit::money::group_digits(u64::from(self.reviews)),
            self.customers,
            self.orders,
            self.color_only_in_photo,
            100.0 * self.picture_only_share(),
        )?;
        write!(
            formatter,
            "; {} distinct review titles",
            kit::money::group_digits(u64::from(self.review_titles))
        )?;
        if let Some(figures) = &self.description_text {
            write!(
                formatter,
                "; descriptions: the commonest sentence in {:.3} % of them, {} distinct sentences",
                100.0 * figures.most_shared_share(),
                kit::money::group_digits(figures.distinct_sentences as u64),
            )?;
        }
        Ok(())
    }
}

impl SeedCounts {
    /// The share of products told apart from their look-alikes only by the picture: their
    /// colour is in no text of theirs.
    pub fn picture_only_share(&self) -> f64 {
        f64::from(self.color_only_in_photo) / f64::from(self.products.max(1))
    }
}

/// Builds the data in a fresh shopping database from `seed`; the same seed gives the same data.
pub fn build(
    connection: &mut Connection,
    scale: Scale,
    seed: u64,
) -> Result<SeedCounts, ShoppingError> {
    let mut report = SeedCounts::default();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let transaction = connection.transaction()?;
    let leaves = insert_categories(&transaction, &mut report)?;
    let (first, second): (Vec<Leaf>, Vec<Leaf>) = leaves
        .into_iter()
        .partition(|leaf| leaf.edition == Edition::First);
    let mut keys = HashSet::new();
    let writer = text::Writer::new(seed)?;
    let mut facts = HashMap::new();
    let first_products = 1..=i64::from(scale.products());
    insert_products(
        &transaction,
        &mut rng,
        first_products.clone(),
        &first,
        &mut keys,
        &mut report,
        (&writer, &mut facts),
    )?;
    report.customers = insert_customers(&transaction, &mut rng, scale.customers())?;
    report.reviews = insert_reviews(
        &transaction,
        &mut rng,
        scale.reviews(),
        first_products.clone(),
        report.customers,
        (&writer, &facts, 0),
    )?;
    report.orders = insert_orders(
        &transaction,
        &mut rng,
        scale.other_orders(),
        report.products,
        report.customers,
    )?;
    // The second edition draws from its own stream, after everything of the first.
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(SECOND_EDITION_SALT));
    let second_products = first_products.end() + 1
        ..=first_products.end() + i64::from(scale.second_edition_products());
    insert_products(
        &transaction,
        &mut rng,
        second_products.clone(),
        &second,
        &mut keys,
        &mut report,
        (&writer, &mut facts),
    )?;
    let second_end = *second_products.end();
    report.reviews += insert_reviews(
        &transaction,
        &mut rng,
        scale.second_edition_reviews(),
        second_products,
        report.customers,
        (&writer, &facts, 1 << 40),
    )?;
    // The look-alike lines draw from their own stream, after both editions.
    let mut rng = ChaCha8Rng::seed_from_u64(seed.wrapping_add(LOOKALIKE_SALT));
    let all: Vec<&Leaf> = first.iter().chain(&second).collect();
    lookalike::insert(
        &transaction,
        &mut rng,
        second_end + 1..=second_end + i64::from(scale.lookalike_products()),
        &all,
        &mut keys,
        &mut report,
        &writer,
    )?;
    report.review_titles =
        transaction.query_row("SELECT count(DISTINCT title) FROM reviews", [], |row| {
            row.get(0)
        })?;
    let mut corpus = kit::prose::Corpus::new();
    {
        let mut descriptions =
            transaction.prepare("SELECT description FROM products ORDER BY id")?;
        let mut rows = descriptions.query([])?;
        while let Some(row) = rows.next()? {
            corpus.add(row.get_ref(0)?.as_str().unwrap_or_default());
        }
    }
    report.description_text = Some(corpus.figures(usize::MAX));
    transaction.execute_batch(
        "UPDATE products SET review_count = s.n, rating_sum = s.total
         FROM (SELECT product_id, count(*) AS n, sum(rating) AS total FROM reviews GROUP BY product_id) AS s
         WHERE products.id = s.product_id;",
    )?;
    transaction.commit()?;
    connection.execute_batch(
        "UPDATE products SET name_rank = ranked.rank
         FROM (SELECT id, dense_rank() OVER (ORDER BY name) AS rank FROM products) AS ranked
         WHERE ranked.id = products.id;
         INSERT INTO products_fts(rowid, name, description) SELECT id, name, description FROM products;
         INSERT INTO products_fts(products_fts) VALUES ('optimize');
         ANALYZE;",
    )?;
    Ok(report)
}

/// Added to the seed for the second edition's random stream.
const SECOND_EDITION_SALT: u64 = 0x5EC0_0ED1;
/// Added to the seed for the look-alike lines' random stream.
const LOOKALIKE_SALT: u64 = 0x100C_A11C;

/// A leaf category as the product seeder needs it.
struct Leaf {
    edition: Edition,
    /// The drawing its products' photos use.
    drawing: Drawing,
    id: i64,
    group_id: i64,
    department_id: i64,
    department: usize,
    group: usize,
    name: &'static str,
}

fn insert_categories(
    connection: &Connection,
    report: &mut SeedCounts,
) -> Result<Vec<Leaf>, ShoppingError> {
    let mut statement = connection.prepare(
        "INSERT INTO categories (id, parent_id, level, name, path, position) VALUES (?1, ?2, ?3, ?4, ?5, ?6)",
    )?;
    // Each edition's categories are numbered after the earlier editions', so adding one
    // renumbers nothing.
    let mut next = 1i64;
    let mut leaves = Vec::new();
    let mut department_ids = vec![None; DEPARTMENTS.len()];
    for edition in [Edition::First, Edition::Second] {
        for (d, department) in DEPARTMENTS.iter().enumerate() {
            let department_path = catalog::url_key(department.name);
            for (g, group) in department.groups.iter().enumerate() {
                if group.edition != edition {
                    continue;
                }
                let department_id = match department_ids[d] {
                    Some(id) => id,
                    None => {
                        statement.execute(params![
                            next,
                            None::<i64>,
                            1,
                            department.name,
                            department_path,
                            d
                        ])?;
                        department_ids[d] = Some(next);
                        next += 1;
                        next - 1
                    }
                };
                let group_id = next;
                let group_path = format!("{department_path}/{}", catalog::url_key(group.name));
                statement.execute(params![
                    group_id,
                    department_id,
                    2,
                    group.name,
                    group_path,
                    g
                ])?;
                next += 1;
                for (l, leaf) in group.leaves.iter().enumerate() {
                    let path = format!("{group_path}/{}", catalog::url_key(leaf));
                    statement.execute(params![next, group_id, 3, leaf, path, l])?;
                    let drawing = catalog::drawing(leaf)
                        .ok_or_else(|| ShoppingError::Undrawable((*leaf).to_owned()))?;
                    leaves.push(Leaf {
                        edition,
                        drawing,
                        id: next,
                        group_id,
                        department_id,
                        department: d,
                        group: g,
                        name: leaf,
                    });
                    next += 1;
                }
            }
        }
    }
    report.categories = (next - 1) as u32;
    Ok(leaves)
}

/// An Amazon-style SKU (`B0` + eight base-36 characters), unique per id: multiplying by a
/// number prime to 36 permutes the residues modulo 36⁸.
pub fn sku_of(id: i64) -> String {
    const DIGITS: &[u8; 36] = b"0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ";
    const MODULUS: u64 = 2_821_109_907_456; // 36^8
    let mut value = (id as u64).wrapping_mul(2_654_435_761) % MODULUS;
    let mut characters = [b'0'; 8];
    for slot in characters.iter_mut().rev() {
        *slot = DIGITS[(value % 36) as usize];
        value /= 36;
    }
    format!("B0{}", String::from_utf8_lossy(&characters))
}

/// The backdrop of a product's `position`-th photo: each shot in its own setting, the first
/// photo's setting varying from product to product with its variation seed.
fn shot_backdrop(position: u8, variation: u64) -> Backdrop {
    Backdrop::at((variation >> 32) as usize % 3 + usize::from(position))
}

/// Products with these ids, in `leaves`; `keys` holds the URL keys taken so far.
fn insert_products(
    connection: &Connection,
    rng: &mut ChaCha8Rng,
    ids: std::ops::RangeInclusive<i64>,
    leaves: &[Leaf],
    keys: &mut HashSet<String>,
    report: &mut SeedCounts,
    (writer, facts): (&text::Writer, &mut HashMap<i64, text::Facts>),
) -> Result<(), ShoppingError> {
    let mut product = connection.prepare(
        "INSERT INTO products (id, sku, url_key, name, description, price_cents, stock, department_id,
                               group_id, category_id, attributes, options)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12)",
    )?;
    let mut image = connection
        .prepare("INSERT INTO images (product_id, position, spec) VALUES (?1, ?2, ?3)")?;
    let first = *ids.start();
    for id in ids {
        // Every leaf gets products; the first pass over the leaves is in order.
        let index = (id - first) as usize;
        let leaf = if index < leaves.len() {
            &leaves[index]
        } else {
            &leaves[rng.random_range(0..leaves.len())]
        };
        let department = &DEPARTMENTS[leaf.department];
        let group = &department.groups[leaf.group];
        let color = NamedColor::BASIC
            .choose(rng)
            .copied()
            .unwrap_or(NamedColor::Gray);
        let color_in_name = rng.random_bool(0.5);
        let pack = if rng.random_bool(0.1) {
            rng.random_range(2..=4u8)
        } else {
            1
        };
        let draft = text::compose(
            rng,
            department,
            group,
            leaf.name,
            color,
            color_in_name,
            pack,
        );
        if !draft.names_color() {
            report.color_only_in_photo += 1;
        }
        let mut key = catalog::url_key(draft.name());
        if !keys.insert(key.clone()) {
            key = format!("{key}-{id}");
            keys.insert(key.clone());
        }
        let (low, high) = group.price;
        let price_cents = i64::from(rng.random_range(low..=high)) * 100
            - [1, 1, 1, 5, 51][rng.random_range(0..5)];
        let stock = if rng.random_bool(0.03) {
            0
        } else {
            rng.random_range(1..=250)
        };
        let options = if group.configurable {
            let first = rng.random_range(0..3);
            let sizes: Vec<String> = SIZES[first..first + 4]
                .iter()
                .map(|size| (*size).to_owned())
                .collect();
            let mut colors = vec![text::color_label(color)];
            for _ in 0..rng.random_range(1..=2) {
                let other = text::color_label(
                    NamedColor::BASIC
                        .choose(rng)
                        .copied()
                        .unwrap_or(NamedColor::Black),
                );
                if !colors.contains(&other) {
                    colors.push(other);
                }
            }
            // In name order, so the list's order does not give away the photo's colour.
            colors.sort();
            vec![
                ProductOption {
                    name: "Size".into(),
                    values: sizes,
                },
                ProductOption {
                    name: "Color".into(),
                    values: colors,
                },
            ]
        } else {
            Vec::new()
        };
        let photos = if rng.random_bool(0.45) {
            rng.random_range(2..=5u8)
        } else {
            1
        };
        // Every photo shows the same object (one of the leaf's honest drawings) from its
        // own shot.
        let model = leaf.drawing.pick(rng.random_range(0..3u8));
        let kind = leaf.drawing.kind();
        let text = draft.finish(kind, model.name(), writer, id)?;
        facts.insert(id, text.facts.clone());
        product.execute(params![
            id,
            sku_of(id),
            key,
            text.name,
            text.description,
            price_cents,
            stock,
            leaf.department_id,
            leaf.group_id,
            leaf.id,
            serde_json::to_string(&text.attributes)?,
            serde_json::to_string(&options)?,
        ])?;
        let pattern = if group.configurable && rng.random_bool(0.3) {
            [Pattern::Striped, Pattern::Dotted, Pattern::Checkered]
                .choose(rng)
                .copied()
                .unwrap_or(Pattern::Striped)
        } else {
            Pattern::Solid
        };
        // A pattern is drawn in a second colour that stands out on the first.
        let secondary = (pattern != Pattern::Solid).then(|| {
            color.accent(
                NamedColor::BASIC
                    .choose(rng)
                    .copied()
                    .unwrap_or(NamedColor::White),
            )
        });
        for position in 0..photos {
            let variation: u64 = rng.random();
            let spec = ImageSpec {
                model,
                primary: color,
                secondary,
                count: pack,
                pattern,
                text: text.printed.clone(),
                backdrop: shot_backdrop(position, variation),
                variation,
            };
            image.execute(params![
                id,
                i64::from(position),
                serde_json::to_string(&spec)?
            ])?;
            report.images += 1;
        }
        report.products += 1;
    }
    Ok(())
}

fn insert_customers(
    connection: &Connection,
    rng: &mut ChaCha8Rng,
    count: u32,
) -> Result<u32, ShoppingError> {
    // One argon2 hash serves every seeded account (they share the documented password).
    let hash = kit::auth::hash_password(DEFAULT_PASSWORD)?;
    let mut customer = connection.prepare(
        "INSERT INTO customers (id, first_name, last_name, email, password_hash, newsletter, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    let mut address = connection.prepare(
        "INSERT INTO addresses (customer_id, first_name, last_name, street, city, region, postcode,
                                country, telephone, default_billing, default_shipping)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, 1, 1)",
    )?;
    customer.execute(params![
        1,
        "Emma",
        "Lopez",
        DEFAULT_EMAIL,
        hash,
        1,
        newest() - THREE_YEARS
    ])?;
    let [street, city, region, postcode, country, telephone, _] = EMMA_ADDRESS;
    address.execute(params![
        1, "Emma", "Lopez", street, city, region, postcode, country, telephone
    ])?;
    const CITIES: &[(&str, &str, &str)] = &[
        ("Pittsburgh", "Pennsylvania", "15213"),
        ("Austin", "Texas", "78701"),
        ("Seattle", "Washington", "98101"),
        ("Denver", "Colorado", "80202"),
        ("Boston", "Massachusetts", "02108"),
        ("Chicago", "Illinois", "60601"),
    ];
    const STREETS: &[&str] = &[
        "Main St",
        "Oak Ave",
        "Maple Dr",
        "Cedar Ln",
        "Park Blvd",
        "Elm St",
    ];
    for id in 2..=i64::from(count) {
        let first = FIRST_NAMES.choose(rng).copied().unwrap_or("Alex");
        let last = LAST_NAMES.choose(rng).copied().unwrap_or("Morgan");
        let domain = EMAIL_DOMAINS.choose(rng).copied().unwrap_or("gmail.com");
        let email = format!(
            "{}.{}{id}@{domain}",
            first.to_lowercase(),
            last.to_lowercase()
        );
        customer.execute(params![
            id,
            first,
            last,
            email,
            hash,
            0,
            newest() - rng.random_range(0..THREE_YEARS)
        ])?;
        let (city, region, postcode) = CITIES.choose(rng).copied().unwrap_or(CITIES[0]);
        let street = format!(
            "{} {}",
            rng.random_range(1..9999),
            STREETS.choose(rng).copied().unwrap_or("Main St")
        );
        let telephone = format!(
            "{}555{:04}",
            rng.random_range(201..990),
            rng.random_range(0..10_000)
        );
        address.execute(params![
            id,
            first,
            last,
            street,
            city,
            region,
            postcode,
            "United States",
            telephone
        ])?;
    }
    Ok(count.max(1))
}

fn insert_reviews(
    connection: &Connection,
    rng: &mut ChaCha8Rng,
    count: u32,
    products: std::ops::RangeInclusive<i64>,
    customers: u32,
    (writer, facts, first_item): (&text::Writer, &HashMap<i64, text::Facts>, u64),
) -> Result<u32, ShoppingError> {
    let (first, last) = (*products.start(), *products.end());
    let span = (last - first + 1) as f64;
    let mut statement = connection.prepare(
        "INSERT INTO reviews (product_id, customer_id, nickname, title, detail, rating, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for item in 0..count {
        // Popular products gather most reviews: the square of a uniform draw skews low ids.
        let draw: f64 = rng.random();
        let product = first + ((draw * draw) * span) as i64;
        let product = product.min(last);
        let rating: u8 = [5, 5, 5, 4, 4, 4, 3, 2, 1]
            .choose(rng)
            .copied()
            .unwrap_or(4);
        // The words come from the review's own stream; the main stream draws what it did.
        text::legacy_review_draws(rng, rating);
        let customer = rng.random_range(2..=i64::from(customers.max(2)));
        let facts = facts.get(&product).ok_or_else(|| {
            ShoppingError::Seed(format!("product {product} has no facts to review"))
        })?;
        let (title, detail) =
            writer.review(first_item + u64::from(item), facts, rating, customer)?;
        let nickname = FIRST_NAMES.choose(rng).copied().unwrap_or("Sam");
        statement.execute(params![
            product,
            (customers > 1).then_some(customer),
            nickname,
            title,
            detail,
            rating,
            newest() - rng.random_range(0..THREE_YEARS)
        ])?;
    }
    Ok(count)
}

/// Emma's order history: this many orders, the newest last, spread over the three years.
const EMMA_ORDERS: u32 = 36;

fn insert_orders(
    connection: &Connection,
    rng: &mut ChaCha8Rng,
    others: u32,
    products: u32,
    customers: u32,
) -> Result<u32, ShoppingError> {
    let total = others + EMMA_ORDERS;
    // Timestamps in order, so order ids (VWA's increment ids) grow with time; Emma's
    // orders are interleaved and the newest is hers.
    let mut times: Vec<i64> = (0..total)
        .map(|_| newest() - rng.random_range(86_400..THREE_YEARS))
        .collect();
    times.sort_unstable();
    let mut owners: Vec<i64> = (0..total)
        .map(|index| {
            if index < EMMA_ORDERS {
                1
            } else {
                rng.random_range(2..=i64::from(customers.max(2)))
            }
        })
        .collect();
    // Shuffle owners but keep the last order Emma's.
    for index in (1..owners.len() - 1).rev() {
        let other = rng.random_range(0..=index);
        owners.swap(index, other);
    }
    if let Some(position) = owners.iter().rposition(|owner| *owner == 1) {
        let last = owners.len() - 1;
        owners.swap(position, last);
    }
    let mut address_of = connection.prepare(
        "SELECT first_name || ' ' || last_name || char(10) || street || char(10) || city || ', ' || region || ', ' || postcode || char(10) || country || char(10) || 'T: ' || telephone
         FROM addresses WHERE customer_id = ?1 AND default_shipping = 1",
    )?;
    let mut product_of =
        connection.prepare("SELECT sku, name, price_cents, options FROM products WHERE id = ?1")?;
    let mut order = connection.prepare(
        "INSERT INTO orders (id, customer_id, status, created_at, shipping_address, billing_address,
                             shipping_method, shipping_cents, subtotal_cents)
         VALUES (?1, ?2, ?3, ?4, ?5, ?5, 'Flat Rate - Fixed', ?6, ?7)",
    )?;
    let mut item = connection.prepare(
        "INSERT INTO order_items (order_id, product_id, sku, name, options, price_cents, qty)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7)",
    )?;
    for (index, (time, owner)) in times.iter().zip(&owners).enumerate() {
        let id = index as i64 + 1;
        let address: String = address_of.query_row([owner], |row| row.get(0))?;
        let status = if index + 1 == owners.len() {
            "pending"
        } else {
            [
                "complete",
                "complete",
                "complete",
                "complete",
                "canceled",
                "processing",
            ]
            .choose(rng)
            .copied()
            .unwrap_or("complete")
        };
        let lines = rng.random_range(1..=4);
        let mut subtotal = 0;
        let mut rows = Vec::new();
        for _ in 0..lines {
            let product = rng.random_range(1..=i64::from(products));
            let (sku, name, price, options): (String, String, i64, String) = product_of
                .query_row([product], |row| {
                    Ok((row.get(0)?, row.get(1)?, row.get(2)?, row.get(3)?))
                })?;
            let options: Vec<ProductOption> = serde_json::from_str(&options)?;
            let chosen: Vec<(String, String)> = options
                .iter()
                .filter_map(|option| {
                    Some((option.name.clone(), option.values.choose(rng)?.clone()))
                })
                .collect();
            let qty = if rng.random_bool(0.8) {
                1
            } else {
                rng.random_range(2..=4)
            };
            subtotal += price * qty;
            rows.push((
                product,
                sku,
                name,
                serde_json::to_string(&chosen)?,
                price,
                qty,
            ));
        }
        let shipping = 500 * rows.iter().map(|row| row.5).sum::<i64>();
        order.execute(params![
            id, owner, status, time, address, shipping, subtotal
        ])?;
        for (product, sku, name, options, price, qty) in rows {
            item.execute(params![id, product, sku, name, options, price, qty])?;
        }
    }
    Ok(total)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn skus_look_like_asins_and_are_unique() {
        let skus: HashSet<String> = (1..=5_000).map(sku_of).collect();
        assert_eq!(skus.len(), 5_000);
        assert!(
            skus.iter()
                .all(|sku| sku.len() == 10 && sku.starts_with("B0"))
        );
    }
}
