//! The classifieds site's generator queries (`agora tasks generate`): instances of task
//! templates read from the seeded base data through the site's own search.
//!
//! Every query looks at a *result page* a visitor reaches: a model searched in a region
//! (`sPattern=Honda+Pilot&sRegion=5`, one page of at most 20 listings) or the newest page of a
//! category in a region. Within it a listing is told apart by facts of its first photo
//! (`by`): its colour, pattern, printed sign, drawing, kind, or whole look. Listings whose
//! photos a person would confuse (gray and silver, red and pink, …) count as matching too,
//! so a candidate is unique only when nothing on the page looks like it.
//!
//! Slots of a listing: `id`, `title`, `price` (`$1,150.00`), `amount` (`1150`), `city`,
//! `region`, `category`, `category_id`, `seller`, `email`, `date` (`YYYY-MM-DD`), `comments`,
//! `photo_id`, `photo_path` and the photo's `colour`, `secondary`, `pattern`, `sign`,
//! `drawing`, `kind`, `count`. Slots of the page: `item` (the model and its noun: `Pelican Sentinel 100X kayak`), `model` (what is searched: `Pelican Sentinel 100X`), `region`, `region_id`,
//! `search_path`, `results`, and for category pages `category`, `category_id`. A listing's
//! place on the page gives `below_fold` (`yes` when a gold path must scroll to it).

use crate::catalog::CATEGORIES;
use crate::db::search::{self, Direction, Order, SearchQuery};
use crate::db::{categories::CategoryFilter, places};
use crate::seed::vocabulary::GOODS;
use crate::{ClassifiedsSite, DEFAULT_EMAIL};
use imagery::{ImageSpec, Picture};
use kit::content::SiteDefinition;
use kit::ground_truth::{
    Candidate, GroundTruth, GroundTruthError, Item, PhotoFact, PictureFile, ResultPage, Slots,
    dollars, drawing, parse_query, photo_slots, plain_amount,
};
use rusqlite::Connection;
use serde::Deserialize;
use std::collections::{BTreeMap, HashMap};
use std::path::Path;

/// Results a list page shows before a visitor must scroll (1280×2048 viewport).
const ROWS_IN_VIEW: usize = 12;
/// The smallest result page worth a task (fewer leaves nothing to tell apart).
const MIN_RESULTS: usize = 3;

/// The classifieds generator queries, as templates name them (`name = "listing"`).
#[derive(Debug, Deserialize)]
#[serde(tag = "name", rename_all = "snake_case", deny_unknown_fields)]
enum Query {
    /// A listing told apart on its result page by facts of its photo.
    Listing {
        /// Which pages.
        within: Within,
        /// The photo facts that single it out.
        by: Vec<PhotoFact>,
        /// Photo facts it must show besides (a printed sign, a pattern).
        #[serde(default)]
        shows: Vec<PhotoFact>,
    },
    /// The first listing in `order` among those of a page that share photo facts (none: the
    /// whole page).
    Ranked {
        /// Which pages.
        within: Within,
        /// The photo facts of the listings ranked.
        #[serde(default)]
        by: Vec<PhotoFact>,
        /// The ranking.
        order: Rank,
    },
    /// How many listings of a page show a colour.
    Count {
        /// Which pages.
        within: Within,
    },
    /// A colour no listing of a page shows (nothing like it either): the answer is N/A.
    Absent {
        /// Which pages.
        within: Within,
    },
    /// One listing per category, drawing and colour: photos of things to sell again.
    Photo,
    /// The default account's own listings, told apart by photo facts.
    Own {
        /// The photo facts that single one out.
        by: Vec<PhotoFact>,
    },
}

/// The result pages a query looks at.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Within {
    /// A make and model searched in one region: every result on one page.
    ModelRegion,
    /// The newest page of a leaf category in one region.
    CategoryRegion,
}

/// How `ranked` orders listings.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "snake_case")]
enum Rank {
    /// Lowest price first.
    Cheapest,
    /// Highest price first.
    Priciest,
    /// Newest first.
    Newest,
    /// Oldest first.
    Oldest,
}

/// What the base data says about one listing.
#[derive(Debug, Clone)]
struct Facts {
    id: i64,
    title: String,
    description: String,
    price_cents: i64,
    category_id: i64,
    category: String,
    city: String,
    region: String,
    seller: String,
    email: String,
    date: String,
    published_at: i64,
    comments: i64,
    photo: Option<(i64, ImageSpec)>,
}

impl Item for Facts {
    fn id(&self) -> i64 {
        self.id
    }

    fn name(&self) -> String {
        format!("listing {}", self.id)
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
        put("title", self.title.clone());
        put("price", dollars(self.price_cents));
        put("amount", plain_amount(self.price_cents));
        put("city", self.city.clone());
        put("region", self.region.clone());
        put("category", self.category.clone());
        put("category_id", self.category_id.to_string());
        put("seller", self.seller.clone());
        put("email", self.email.clone());
        put("date", self.date.clone());
        put("comments", self.comments.to_string());
        if let Some((photo_id, spec)) = &self.photo {
            put("photo_id", photo_id.to_string());
            put("photo_path", crate::db::photos::url_path(*photo_id));
            photo_slots(spec, "", &mut slots);
        }
        slots
    }

    fn text(&self) -> String {
        format!("{}\n{}", self.title, self.description)
    }

    fn picture(&self) -> Option<PictureFile> {
        self.photo.as_ref().map(|(photo_id, spec)| PictureFile {
            name: format!("classifieds_photo_{photo_id}.png"),
            picture: Picture::Product(spec.clone()),
            width: <ClassifiedsSite as SiteDefinition>::IMAGES.width,
            height: <ClassifiedsSite as SiteDefinition>::IMAGES.height,
        })
    }
}

/// One result page: what it is (slots) and its listings in display order.
#[derive(Debug, Clone)]
struct Page {
    slots: Slots,
    members: Vec<i64>,
    /// The search behind it, to re-sort for `ranked`.
    query: SearchQuery,
}

/// The classifieds ground truth, read once from the base file.
pub struct ClassifiedsTruth {
    connection: Connection,
    facts: HashMap<i64, Facts>,
    pages: HashMap<Within, Vec<Page>>,
}

impl ClassifiedsTruth {
    /// Opens `data_dir/classifieds.sqlite` read-only and reads every listing's facts.
    pub fn open(data_dir: &Path) -> Result<Self, GroundTruthError> {
        let connection =
            kit::ground_truth::open_base(data_dir, <ClassifiedsSite as SiteDefinition>::BASE_FILE)?;
        let facts = read_facts(&connection).map_err(read)?;
        Ok(Self {
            connection,
            facts,
            pages: HashMap::new(),
        })
    }

    /// The result pages of `within`, worked out once.
    fn pages(&mut self, within: Within) -> Result<Vec<Page>, GroundTruthError> {
        if !self.pages.contains_key(&within) {
            let pages = match within {
                Within::ModelRegion => model_region_pages(&self.connection),
                Within::CategoryRegion => category_region_pages(&self.connection),
            }
            .map_err(read)?;
            self.pages.insert(within, pages);
        }
        Ok(self.pages.get(&within).cloned().unwrap_or_default())
    }

    fn listings(&self, ids: &[i64]) -> Vec<&Facts> {
        ids.iter().filter_map(|id| self.facts.get(id)).collect()
    }

    fn result_page(&self, page: &Page) -> ResultPage<'_, Facts> {
        ResultPage {
            slots: page.slots.clone(),
            members: self.listings(&page.members),
            rows_in_view: ROWS_IN_VIEW,
        }
    }

    /// Runs `make` over every page of `within`.
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
        order: Rank,
    ) -> Result<Vec<Candidate>, GroundTruthError> {
        let mut query = page.query.clone();
        (query.order, query.direction) = order_of(order);
        let sorted: Vec<i64> = search::run(&self.connection, &query)
            .map_err(read)?
            .listings
            .iter()
            .map(|listing| listing.id)
            .collect();
        let sorted = self.listings(&sorted);
        let mut candidates = self
            .result_page(page)
            .first_in_order(&sorted, by, |facts| rank_key(facts, order));
        let path = sorted_path(&page.query, order);
        for candidate in &mut candidates {
            candidate.slots.insert("sorted_path".into(), path.clone());
        }
        Ok(candidates)
    }

    /// One listing per category, drawing and colour.
    fn photo(&self) -> Vec<Candidate> {
        let mut first: BTreeMap<(i64, &str, &str), i64> = BTreeMap::new();
        for facts in self.facts.values() {
            if let Some(spec) = facts.spec() {
                let entry = first
                    .entry((facts.category_id, drawing(spec), spec.primary.name()))
                    .or_insert(facts.id);
                *entry = (*entry).min(facts.id);
            }
        }
        first
            .values()
            .filter_map(|id| self.facts.get(id))
            .map(|facts| {
                let mut candidate = Candidate::new(facts.slots());
                candidate.text = facts.text();
                if let Some(picture) = facts.picture() {
                    candidate.pictures.insert("photo".into(), picture);
                }
                candidate
            })
            .collect()
    }

    /// The default account's listings, newest first, as one page.
    fn own(&self, by: &[PhotoFact]) -> Vec<Candidate> {
        let mut own: Vec<&Facts> = self
            .facts
            .values()
            .filter(|facts| facts.email == DEFAULT_EMAIL)
            .collect();
        own.sort_by_key(|facts| std::cmp::Reverse((facts.published_at, facts.id)));
        ResultPage {
            slots: Slots::new(),
            members: own,
            rows_in_view: ROWS_IN_VIEW,
        }
        .told_apart(by, &[])
    }
}

impl GroundTruth for ClassifiedsTruth {
    fn candidates(
        &mut self,
        query: &serde_json::Value,
    ) -> Result<Vec<Candidate>, GroundTruthError> {
        match parse_query::<Query>(query)? {
            Query::Listing { within, by, shows } => self.each_page(within, |truth, page| {
                Ok(truth.result_page(page).told_apart(&by, &shows))
            }),
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
            Query::Photo => Ok(self.photo()),
            Query::Own { by } => Ok(self.own(&by)),
        }
    }
}

fn read(error: rusqlite::Error) -> GroundTruthError {
    GroundTruthError::Read(error.to_string())
}

fn rank_key(facts: &Facts, order: Rank) -> i64 {
    match order {
        Rank::Cheapest => facts.price_cents,
        Rank::Priciest => -facts.price_cents,
        Rank::Newest => -facts.published_at,
        Rank::Oldest => facts.published_at,
    }
}

fn order_of(rank: Rank) -> (Order, Direction) {
    match rank {
        Rank::Cheapest => (Order::Price, Direction::Ascending),
        Rank::Priciest => (Order::Price, Direction::Descending),
        Rank::Newest => (Order::Date, Direction::Descending),
        Rank::Oldest => (Order::Date, Direction::Ascending),
    }
}

/// The search page URL path of `query` (its first page), in the site's own parameters.
fn search_path(query: &SearchQuery, pattern: &str, order: Option<Rank>) -> String {
    let mut url = url::form_urlencoded::Serializer::new(String::new());
    url.append_pair("page", "search");
    if !pattern.is_empty() {
        url.append_pair("sPattern", pattern);
    }
    if let Some(CategoryFilter::Leaf(id) | CategoryFilter::Parent(id)) = query.category {
        url.append_pair("sCategory", &id.to_string());
    }
    if let Some(region) = query.region {
        url.append_pair("sRegion", &region.to_string());
    }
    if let Some(order) = order {
        let (key, direction) = order_of(order);
        url.append_pair(
            "sOrder",
            if key == Order::Price {
                "i_price"
            } else {
                "dt_pub_date"
            },
        );
        url.append_pair(
            "iOrderType",
            if direction == Direction::Ascending {
                "asc"
            } else {
                "desc"
            },
        );
    }
    format!("/index.php?{}", url.finish())
}

fn sorted_path(query: &SearchQuery, order: Rank) -> String {
    let pattern = query.words.join(" ");
    search_path(query, &pattern, Some(order))
}

/// Every make and model searched in every region, kept when all results fit one page.
fn model_region_pages(connection: &Connection) -> rusqlite::Result<Vec<Page>> {
    let regions = places::regions(connection)?;
    let mut pages = Vec::new();
    for goods in GOODS {
        for (make, models) in goods.makes {
            for model in *models {
                let item = format!("{make} {model}");
                for region in &regions {
                    let query = SearchQuery {
                        words: search::words_of(&item),
                        region: Some(region.id),
                        page: 1,
                        ..SearchQuery::default()
                    };
                    let results = search::run(connection, &query)?;
                    let total = usize::try_from(results.total).unwrap_or(usize::MAX);
                    if !(MIN_RESULTS..=search::PAGE_SIZE as usize).contains(&total) {
                        continue;
                    }
                    let mut slots = Slots::new();
                    let named = format!("{item} {}", goods.noun);
                    slots.insert("item".into(), named.trim().to_owned());
                    slots.insert("model".into(), item.clone());
                    slots.insert("region".into(), region.name.clone());
                    slots.insert("region_id".into(), region.id.to_string());
                    slots.insert("results".into(), total.to_string());
                    slots.insert("search_path".into(), search_path(&query, &item, None));
                    pages.push(Page {
                        slots,
                        members: results.listings.iter().map(|listing| listing.id).collect(),
                        query,
                    });
                }
            }
        }
    }
    Ok(pages)
}

/// The newest page of every leaf category in every region.
fn category_region_pages(connection: &Connection) -> rusqlite::Result<Vec<Page>> {
    let regions = places::regions(connection)?;
    let mut pages = Vec::new();
    for category in CATEGORIES
        .iter()
        .filter(|category| category.parent.is_some())
    {
        for region in &regions {
            let query = SearchQuery {
                category: Some(CategoryFilter::Leaf(category.id)),
                region: Some(region.id),
                page: 1,
                ..SearchQuery::default()
            };
            let results = search::run(connection, &query)?;
            if results.listings.len() < MIN_RESULTS {
                continue;
            }
            let mut slots = Slots::new();
            slots.insert("category".into(), category.name.to_owned());
            slots.insert("category_id".into(), category.id.to_string());
            slots.insert("region".into(), region.name.clone());
            slots.insert("region_id".into(), region.id.to_string());
            slots.insert("results".into(), results.listings.len().to_string());
            slots.insert("search_path".into(), search_path(&query, "", None));
            pages.push(Page {
                slots,
                members: results.listings.iter().map(|listing| listing.id).collect(),
                query,
            });
        }
    }
    Ok(pages)
}

/// Every listing's facts and first seeded photo.
fn read_facts(connection: &Connection) -> rusqlite::Result<HashMap<i64, Facts>> {
    let mut facts = HashMap::new();
    let mut statement = connection.prepare(
        "SELECT l.id, l.title, l.description, l.price_cents, l.category_id, c.name, ci.name, r.name,
                u.name, u.email, strftime('%Y-%m-%d', l.published_at, 'unixepoch'), l.published_at,
                (SELECT count(*) FROM comments m WHERE m.listing_id = l.id)
         FROM listings l JOIN categories c ON c.id = l.category_id JOIN cities ci ON ci.id = l.city_id
         JOIN regions r ON r.id = ci.region_id JOIN users u ON u.id = l.user_id",
    )?;
    let rows = statement.query_map([], |row| {
        Ok(Facts {
            id: row.get(0)?,
            title: row.get(1)?,
            description: row.get(2)?,
            price_cents: row.get(3)?,
            category_id: row.get(4)?,
            category: row.get(5)?,
            city: row.get(6)?,
            region: row.get(7)?,
            seller: row.get(8)?,
            email: row.get(9)?,
            date: row.get(10)?,
            published_at: row.get(11)?,
            comments: row.get(12)?,
            photo: None,
        })
    })?;
    for row in rows {
        let row = row?;
        facts.insert(row.id, row);
    }
    let mut photos = connection.prepare(
        "SELECT p.listing_id, p.id, p.spec FROM photos p
         WHERE p.spec IS NOT NULL AND p.id = (SELECT q.id FROM photos q WHERE q.listing_id = p.listing_id ORDER BY q.position, q.id LIMIT 1)",
    )?;
    let rows = photos.query_map([], |row| {
        Ok((
            row.get::<_, i64>(0)?,
            row.get::<_, i64>(1)?,
            row.get::<_, String>(2)?,
        ))
    })?;
    for row in rows {
        let (listing, photo, spec) = row?;
        if let (Some(facts), Ok(spec)) = (facts.get_mut(&listing), serde_json::from_str(&spec)) {
            facts.photo = Some((photo, spec));
        }
    }
    Ok(facts)
}
