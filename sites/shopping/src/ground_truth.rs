//! The shopping site's generator queries (`agora tasks generate`): instances of task templates
//! read from the seeded base data through the store's own lists.
//!
//! A *search page* is a brand, range and noun searched (`q=Hearthstone Premium Sofa`) whose
//! results fit one page (3 to 12 products); a *category page* is a leaf category's first page.
//! Within a page a product is told apart by its name or by facts of its photo (`by`).
//!
//! Slots of a product: `id`, `sku`, `name`, `url_key`, `path` (`/<url_key>.html`), `price`
//! (`$1,433.49`), `amount` (`1433.49`), `in_stock` (`yes`; empty when none is left),
//! `category`, `category_path`, `brand`, `model`, `material`, `weight`, `items`,
//! `detail_colour` (the Details table's colour), `sizes`, `size` (the first), `option_colours`,
//! `option_colour` (the option matching the photo, else the first), `reviews`, `rating`
//! (percent), `photo_id`, `photo_path` and the photo's `colour`, `secondary`, `pattern`,
//! `sign`, `drawing`, `kind`, `count`; with `named` and `product`, also the newest review's
//! `review_author`, `review_title`, `review_stars` and the counts `five_star` and `one_star`.
//! Slots of a page: `query`, `search_path` or `category`, `category_path`, and `results`.
//!
//! Orders are the default account's: `order_id`, `order_path`, `order_date`, `order_total`,
//! `order_amount`, `order_status`, `order_lines`, `order_units`, and the first line's
//! `item_name`, `item_sku`, `item_qty`.

use crate::db::categories::{self, Category};
use crate::db::listing::{self, ListQuery, Order, Scope};
use crate::db::options::ProductOption;
use crate::db::{customers, orders, products, reviews};
use crate::{DEFAULT_EMAIL, ShoppingSite};
use imagery::{ImageSpec, Picture};
use kit::content::SiteDefinition;
use kit::ground_truth::{
    Candidate, GroundTruth, GroundTruthError, Item, NearMiss, PhotoFact, PictureFile, ResultPage,
    Slots, dollars, parse_query, photo_slots, plain_amount,
};
use rusqlite::Connection;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// Products a list page shows (all fit the 1280×2048 viewport).
const PAGE_SIZE: u32 = 12;
/// The smallest search page worth a task.
const MIN_RESULTS: usize = 3;
/// At most this many search pages are read (every n-th phrase, in name order).
const MAX_SEARCH_PAGES: usize = 2_500;

/// The shopping generator queries, as templates name them (`name = "product"`).
#[derive(Debug, Deserialize)]
#[serde(tag = "name", rename_all = "snake_case", deny_unknown_fields)]
enum Query {
    /// A product told apart on its page by facts of its photo.
    Product {
        /// Which pages.
        within: Within,
        /// The photo facts that single it out.
        by: Vec<PhotoFact>,
        /// Photo facts it must show besides.
        #[serde(default)]
        shows: Vec<PhotoFact>,
    },
    /// Each product of a page, named by its full name (unique), with its reviews.
    Named {
        /// Which pages.
        within: Within,
    },
    /// The first product in `order` among those of a page that share photo facts.
    Ranked {
        /// Which pages.
        within: Within,
        /// The photo facts of the products ranked (none: the whole page).
        #[serde(default)]
        by: Vec<PhotoFact>,
        /// The ranking.
        order: Rank,
    },
    /// How many products of a page show a colour.
    Count {
        /// Which pages.
        within: Within,
    },
    /// A colour no product of a page shows: the answer is N/A.
    Absent {
        /// Which pages.
        within: Within,
    },
    /// The default account's orders, told apart by `by`.
    Order {
        /// What the intent names the order by.
        by: OrderKey,
    },
}

/// The pages a query looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Within {
    /// A brand, range and noun searched: every result on one page.
    Search,
    /// A leaf category's first page.
    Category,
}

/// How `ranked` orders products.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Rank {
    /// Lowest price first.
    Cheapest,
    /// Highest price first.
    Priciest,
}

/// What an order task names its order by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
enum OrderKey {
    /// Its number.
    Number,
    /// The date it was placed.
    Date,
    /// A product in it.
    Item,
}

/// What the base data says about one product.
#[derive(Debug, Clone)]
struct Facts {
    id: i64,
    sku: String,
    url_key: String,
    name: String,
    description: String,
    price_cents: i64,
    /// Units in stock (none: the product page's Add to Cart is disabled).
    stock: i64,
    category_id: i64,
    attributes: Vec<(String, String)>,
    options: Vec<ProductOption>,
    review_count: i64,
    rating_sum: i64,
    photo: Option<(i64, ImageSpec)>,
    category: Option<Category>,
}

impl Facts {
    fn attribute(&self, name: &str) -> String {
        self.attributes
            .iter()
            .find(|(key, _)| key == name)
            .map(|(_, value)| value.clone())
            .unwrap_or_default()
    }

    fn option(&self, name: &str) -> Vec<String> {
        self.options
            .iter()
            .find(|option| option.name == name)
            .map(|option| option.values.clone())
            .unwrap_or_default()
    }

    /// What the search box is given to find it: the name up to its model number.
    fn phrase(&self) -> Option<String> {
        let model = self.attribute("Model Number");
        let end = self
            .name
            .find(&format!(" {model}"))
            .filter(|_| !model.is_empty())?;
        Some(self.name[..end].to_owned())
    }
}

impl Item for Facts {
    fn id(&self) -> i64 {
        self.id
    }

    fn name(&self) -> String {
        format!("product {} ({})", self.sku, self.name)
    }

    fn price_cents(&self) -> i64 {
        self.price_cents
    }

    fn spec(&self) -> Option<&ImageSpec> {
        self.photo.as_ref().map(|(_, spec)| spec)
    }

    fn slots(&self) -> Slots {
        let mut slots = Slots::new();
        let mut put = |name: &str, value: String| {
            slots.insert(name.to_owned(), value);
        };
        put("id", self.id.to_string());
        put("sku", self.sku.clone());
        put("name", self.name.clone());
        put("url_key", self.url_key.clone());
        put("path", format!("/{}.html", self.url_key));
        put("price", dollars(self.price_cents));
        put("amount", plain_amount(self.price_cents));
        put(
            "in_stock",
            if self.stock > 0 { "yes" } else { "" }.to_owned(),
        );
        if let Some(category) = &self.category {
            put("category", category.name.clone());
            put("category_path", category.url());
        }
        put("brand", self.attribute("Brand Name"));
        put("model", self.attribute("Model Number"));
        put("material", self.attribute("Material"));
        put("weight", self.attribute("Item Weight"));
        put("items", self.attribute("Number of Items"));
        put("detail_colour", self.attribute("Color"));
        let sizes = self.option("Size");
        put("sizes", sizes.join(", "));
        put("size", sizes.first().cloned().unwrap_or_default());
        let colours = self.option("Color");
        put("option_colours", colours.join(", "));
        let photo_colour = self.spec().map(|spec| spec.primary.name()).unwrap_or("");
        let option_colour = colours
            .iter()
            .find(|colour| colour.eq_ignore_ascii_case(photo_colour))
            .or(colours.first())
            .cloned()
            .unwrap_or_default();
        put("option_colour", option_colour);
        put("reviews", self.review_count.to_string());
        // A product nobody reviewed shows no rating: questions about it have no answer.
        let rating = match self.review_count {
            0 => String::new(),
            count => ((self.rating_sum * 20 + count / 2) / count).to_string(),
        };
        put("rating", rating);
        if let Some((photo_id, spec)) = &self.photo {
            put("photo_id", photo_id.to_string());
            put("photo_path", products::image_url(*photo_id));
            photo_slots(spec, "", &mut slots);
        }
        slots
    }

    fn text(&self) -> String {
        let details: Vec<&str> = self
            .attributes
            .iter()
            .map(|(_, value)| value.as_str())
            .collect();
        format!(
            "{}\n{}\n{}",
            self.name,
            self.description,
            details.join("\n")
        )
    }

    fn picture(&self) -> Option<PictureFile> {
        self.photo.as_ref().map(|(photo_id, spec)| PictureFile {
            name: format!("shopping_photo_{photo_id}.png"),
            picture: Picture::Product(spec.clone()),
            width: <ShoppingSite as SiteDefinition>::IMAGES.width,
            height: <ShoppingSite as SiteDefinition>::IMAGES.height,
        })
    }
}

/// One list page: what it is and its products in display order.
#[derive(Debug, Clone)]
struct Page {
    slots: Slots,
    members: Vec<i64>,
    scope: Scope,
    /// The list URL without sorting (`/catalogsearch/result/?q=…` or a category's).
    base: String,
}

/// The shopping ground truth, read once from the base file.
pub struct ShoppingTruth {
    connection: Connection,
    facts: HashMap<i64, Facts>,
    pages: HashMap<Within, Vec<Page>>,
}

fn read(error: impl std::fmt::Display) -> GroundTruthError {
    GroundTruthError::Read(error.to_string())
}

impl ShoppingTruth {
    /// Opens `data_dir/shopping.sqlite` read-only and reads every product's facts.
    pub fn open(data_dir: &Path) -> Result<Self, GroundTruthError> {
        let connection =
            kit::ground_truth::open_base(data_dir, <ShoppingSite as SiteDefinition>::BASE_FILE)?;
        let facts = read_facts(&connection)?;
        Ok(Self {
            connection,
            facts,
            pages: HashMap::new(),
        })
    }

    fn pages(&mut self, within: Within) -> Result<Vec<Page>, GroundTruthError> {
        if !self.pages.contains_key(&within) {
            let pages = match within {
                Within::Search => self.search_pages(),
                Within::Category => self.category_pages(),
            }?;
            self.pages.insert(within, pages);
        }
        Ok(self.pages.get(&within).cloned().unwrap_or_default())
    }

    fn list(
        &self,
        scope: &Scope,
        order: Order,
        descending: bool,
    ) -> Result<(i64, Vec<i64>), GroundTruthError> {
        let listing = listing::list(
            &self.connection,
            &ListQuery {
                scope: scope.clone(),
                order,
                descending,
                price: (None, None),
                page: 1,
                limit: PAGE_SIZE,
            },
        )
        .map_err(read)?;
        Ok((
            listing.total,
            listing.products.iter().map(|product| product.id).collect(),
        ))
    }

    /// Search pages of every phrase whose results fit one page (a spread sample of them).
    fn search_pages(&self) -> Result<Vec<Page>, GroundTruthError> {
        let mut phrases: BTreeMap<String, usize> = BTreeMap::new();
        for facts in self.facts.values() {
            if let Some(phrase) = facts.phrase() {
                *phrases.entry(phrase).or_default() += 1;
            }
        }
        let fitting: Vec<&String> = phrases
            .iter()
            .filter(|(_, count)| (MIN_RESULTS..=PAGE_SIZE as usize).contains(count))
            .map(|(phrase, _)| phrase)
            .collect();
        let step = fitting.len().div_ceil(MAX_SEARCH_PAGES).max(1);
        let mut pages = Vec::new();
        for phrase in fitting.into_iter().step_by(step) {
            let scope = Scope::Search(listing::search_words(phrase));
            let (total, members) = self.list(&scope, Order::Position, false)?;
            let total = usize::try_from(total).unwrap_or(usize::MAX);
            if !(MIN_RESULTS..=PAGE_SIZE as usize).contains(&total) {
                continue;
            }
            let mut query = url::form_urlencoded::Serializer::new(String::new());
            query.append_pair("q", phrase);
            let base = format!("/catalogsearch/result/?{}", query.finish());
            let mut slots = Slots::new();
            slots.insert("query".into(), phrase.clone());
            slots.insert("search_path".into(), base.clone());
            slots.insert("results".into(), total.to_string());
            pages.push(Page {
                slots,
                members,
                scope,
                base,
            });
        }
        Ok(pages)
    }

    /// The first page of every leaf category.
    fn category_pages(&self) -> Result<Vec<Page>, GroundTruthError> {
        let leaves: Vec<Category> = self
            .connection
            .prepare("SELECT id FROM categories WHERE level = 3 ORDER BY id")
            .and_then(|mut statement| {
                statement
                    .query_map([], |row| row.get::<_, i64>(0))?
                    .collect::<rusqlite::Result<Vec<i64>>>()
            })
            .map_err(read)?
            .into_iter()
            .filter_map(|id| categories::by_id(&self.connection, id).ok().flatten())
            .collect();
        let mut pages = Vec::new();
        for category in leaves {
            let scope = Scope::Category {
                level: category.level,
                id: category.id,
            };
            let (total, members) = self.list(&scope, Order::Position, false)?;
            if members.len() < MIN_RESULTS {
                continue;
            }
            let mut slots = Slots::new();
            slots.insert("category".into(), category.name.clone());
            slots.insert("category_path".into(), category.url());
            slots.insert("results".into(), total.to_string());
            pages.push(Page {
                slots,
                members,
                scope,
                base: category.url(),
            });
        }
        Ok(pages)
    }

    fn products(&self, ids: &[i64]) -> Vec<&Facts> {
        ids.iter().filter_map(|id| self.facts.get(id)).collect()
    }

    fn result_page(&self, page: &Page) -> ResultPage<'_, Facts> {
        ResultPage {
            slots: page.slots.clone(),
            members: self.products(&page.members),
            rows_in_view: PAGE_SIZE as usize,
        }
    }

    fn each_page(
        &mut self,
        within: Within,
        mut make: impl FnMut(&Self, &Page) -> Result<Vec<Candidate>, GroundTruthError>,
    ) -> Result<Vec<Candidate>, GroundTruthError> {
        let pages = self.pages(within)?;
        let mut candidates = Vec::new();
        for page in &pages {
            candidates.extend(make(self, page)?);
        }
        Ok(candidates)
    }

    fn ranked(
        &self,
        page: &Page,
        by: &[PhotoFact],
        rank: Rank,
    ) -> Result<Vec<Candidate>, GroundTruthError> {
        let descending = rank == Rank::Priciest;
        let (_, sorted) = self.list(&page.scope, Order::Price, descending)?;
        let sorted = self.products(&sorted);
        let key = |facts: &Facts| {
            if descending {
                -facts.price_cents
            } else {
                facts.price_cents
            }
        };
        let mut candidates = self.result_page(page).first_in_order(&sorted, by, key);
        let separator = if page.base.contains('?') { '&' } else { '?' };
        let path = format!(
            "{}{separator}product_list_order=price{}",
            page.base,
            if descending {
                "&product_list_dir=desc"
            } else {
                ""
            }
        );
        for candidate in &mut candidates {
            candidate.slots.insert("sorted_path".into(), path.clone());
        }
        Ok(candidates)
    }

    /// Every product of a page, named by its full name, with its reviews' facts.
    fn named(&self, page: &Page) -> Result<Vec<Candidate>, GroundTruthError> {
        let members = self.products(&page.members);
        let mut candidates = Vec::new();
        for (place, target) in members.iter().enumerate() {
            let mut slots = page.slots.clone();
            slots.extend(target.slots());
            slots.insert("below_fold".into(), String::new());
            let mut candidate = Candidate::new(slots);
            candidate.text = target.text();
            if let Some(picture) = target.picture() {
                candidate.pictures.insert("photo".into(), picture);
            }
            candidate.near_misses = members
                .iter()
                .enumerate()
                .filter(|(other, _)| *other != place)
                .take(3)
                .map(|(_, other)| NearMiss {
                    why: format!("{}: another result of the same page", other.name()),
                    slots: other.slots(),
                })
                .collect();
            candidates.push(candidate);
        }
        self.with_reviews(candidates)
    }

    /// `candidates` with the facts of their products' reviews, and their near misses' too:
    /// the newest review's `review_author`, `review_title` and `review_stars`, and how many
    /// reviews give five stars (`five_star`) and one (`one_star`).
    fn with_reviews(
        &self,
        mut candidates: Vec<Candidate>,
    ) -> Result<Vec<Candidate>, GroundTruthError> {
        for candidate in &mut candidates {
            self.add_reviews(&mut candidate.slots)?;
            for miss in &mut candidate.near_misses {
                self.add_reviews(&mut miss.slots)?;
            }
        }
        Ok(candidates)
    }

    /// Adds the review facts of the product whose `id` slot `slots` hold.
    fn add_reviews(&self, slots: &mut Slots) -> Result<(), GroundTruthError> {
        let Some(id) = slots.get("id").and_then(|id| id.parse::<i64>().ok()) else {
            return Ok(());
        };
        if let Some(newest) = reviews::latest(&self.connection, id).map_err(read)? {
            slots.insert("review_author".into(), newest.nickname);
            slots.insert("review_title".into(), newest.title);
            slots.insert("review_stars".into(), newest.rating.to_string());
        }
        for (slot, stars) in [("five_star", 5), ("one_star", 1)] {
            let count: i64 = self
                .connection
                .prepare_cached(
                    "SELECT count(*) FROM reviews WHERE product_id = ?1 AND rating = ?2",
                )
                .and_then(|mut statement| statement.query_row([id, stars], |row| row.get(0)))
                .map_err(read)?;
            slots.insert(slot.into(), count.to_string());
        }
        Ok(())
    }

    /// The default account's orders, newest first.
    fn orders(&self, key: OrderKey) -> Result<Vec<Candidate>, GroundTruthError> {
        let (customer, _) = customers::by_email(&self.connection, DEFAULT_EMAIL)
            .map_err(read)?
            .ok_or_else(|| GroundTruthError::Read(format!("no customer {DEFAULT_EMAIL}")))?;
        let summaries = orders::of_customer(&self.connection, customer.id).map_err(read)?;
        let mut all = Vec::new();
        for summary in &summaries {
            if let Some(order) =
                orders::one(&self.connection, customer.id, summary.id).map_err(read)?
            {
                all.push(order);
            }
        }
        let slots_of = |order: &orders::Order| {
            let summary = &order.summary;
            let mut slots = Slots::new();
            slots.insert("order_id".into(), summary.id.to_string());
            slots.insert(
                "order_path".into(),
                format!("/sales/order/view/order_id/{}/", summary.id),
            );
            slots.insert("order_date".into(), summary.date.clone());
            slots.insert("order_total".into(), dollars(summary.total_cents));
            slots.insert("order_amount".into(), plain_amount(summary.total_cents));
            slots.insert("order_status".into(), summary.status.clone());
            slots.insert("order_lines".into(), order.items.len().to_string());
            let units: i64 = order.items.iter().map(|item| item.qty).sum();
            slots.insert("order_units".into(), units.to_string());
            if let Some(item) = order.items.first() {
                slots.insert("item_name".into(), item.name.clone());
                slots.insert("item_sku".into(), item.sku.clone());
                slots.insert("item_qty".into(), item.qty.to_string());
            }
            slots
        };
        let mut candidates = Vec::new();
        for (place, order) in all.iter().enumerate() {
            let slots = slots_of(order);
            let alike = all
                .iter()
                .filter(|other| match key {
                    OrderKey::Number => other.summary.id == order.summary.id,
                    OrderKey::Date => other.summary.date == order.summary.date,
                    OrderKey::Item => other.items.iter().any(|item| {
                        order
                            .items
                            .first()
                            .is_some_and(|first| first.sku == item.sku)
                    }),
                })
                .count();
            let mut candidate = Candidate::new(slots);
            candidate.matching = alike;
            candidate.matching_note = format!("{alike} of my orders fit");
            candidate.near_misses = [place.checked_sub(1), Some(place + 1)]
                .into_iter()
                .flatten()
                .filter_map(|other| all.get(other))
                .map(|other| NearMiss {
                    why: format!("order {}, placed {}", other.summary.id, other.summary.date),
                    slots: slots_of(other),
                })
                .collect();
            candidates.push(candidate);
        }
        Ok(candidates)
    }
}

impl GroundTruth for ShoppingTruth {
    fn candidates(
        &mut self,
        query: &serde_json::Value,
    ) -> Result<Vec<Candidate>, GroundTruthError> {
        match parse_query::<Query>(query)? {
            Query::Product { within, by, shows } => self.each_page(within, |truth, page| {
                truth.with_reviews(truth.result_page(page).told_apart(&by, &shows))
            }),
            Query::Named { within } => self.each_page(within, Self::named),
            Query::Ranked { within, by, order } => {
                self.each_page(within, |truth, page| truth.ranked(page, &by, order))
            }
            Query::Count { within } => {
                self.each_page(within, |truth, page| Ok(truth.result_page(page).counted()))
            }
            Query::Absent { within } => {
                let asked = kit::ground_truth::colours_shown(self.facts.values());
                self.each_page(within, |truth, page| {
                    Ok(truth.result_page(page).absent(&asked))
                })
            }
            Query::Order { by } => self.orders(by),
        }
    }
}

/// Every product's facts and first photo.
fn read_facts(connection: &Connection) -> Result<HashMap<i64, Facts>, GroundTruthError> {
    let mut categories: HashMap<i64, Category> = HashMap::new();
    let mut statement = connection
        .prepare(
            "SELECT id, sku, url_key, name, description, price_cents, category_id, attributes,
                    options, review_count, rating_sum, stock FROM products",
        )
        .map_err(read)?;
    let rows = statement
        .query_map([], |row| {
            Ok((
                Facts {
                    id: row.get(0)?,
                    sku: row.get(1)?,
                    url_key: row.get(2)?,
                    name: row.get(3)?,
                    description: row.get(4)?,
                    price_cents: row.get(5)?,
                    stock: row.get(11)?,
                    category_id: row.get(6)?,
                    attributes: Vec::new(),
                    options: Vec::new(),
                    review_count: row.get(9)?,
                    rating_sum: row.get(10)?,
                    photo: None,
                    category: None,
                },
                row.get::<_, String>(7)?,
                row.get::<_, String>(8)?,
            ))
        })
        .map_err(read)?;
    let mut facts = HashMap::new();
    for row in rows {
        let (mut product, attributes, options) = row.map_err(read)?;
        product.attributes = serde_json::from_str(&attributes).map_err(read)?;
        product.options = crate::db::options::parse_offered(&options).map_err(read)?;
        if !categories.contains_key(&product.category_id)
            && let Some(category) =
                categories::by_id(connection, product.category_id).map_err(read)?
        {
            categories.insert(product.category_id, category);
        }
        product.category = categories.get(&product.category_id).cloned();
        facts.insert(product.id, product);
    }
    let mut photos = connection
        .prepare("SELECT product_id, id, spec FROM images WHERE position = (SELECT min(position) FROM images i WHERE i.product_id = images.product_id)")
        .map_err(read)?;
    let rows = photos
        .query_map([], |row| {
            Ok((
                row.get::<_, i64>(0)?,
                row.get::<_, i64>(1)?,
                row.get::<_, String>(2)?,
            ))
        })
        .map_err(read)?;
    for row in rows {
        let (product, photo, spec) = row.map_err(read)?;
        if let (Some(facts), Ok(spec)) = (facts.get_mut(&product), serde_json::from_str(&spec)) {
            facts.photo = Some((photo, spec));
        }
    }
    Ok(facts)
}
