//! The search page: `index.php?page=search` with OSClass's parameters, a filter sidebar,
//! sorting, list and gallery views, and pagination.

use super::{Card, PageResult};
use crate::ClassifiedsError;
use crate::db::categories::{self, Category};
use crate::db::places::{self, Region};
use crate::db::search::{self, Direction, Order, PAGE_SIZE, SearchQuery};
use crate::visitor::{Framed, Layout, Visitor};
use askama::Template;
use kit::PageError;
use kit::form::Fields;
use kit::pager::{PageLink, pager};

/// The longest accepted search text.
const MAX_PATTERN: usize = 200;
/// The highest page number accepted.
const MAX_PAGE: i64 = 100_000;

/// The parameters as given, for rebuilding links.
#[derive(Debug, Clone, Default)]
struct Parameters {
    pattern: String,
    category: Option<i64>,
    region: Option<i64>,
    price_min: String,
    price_max: String,
    order: Order,
    direction: Direction,
    gallery: bool,
}

impl Parameters {
    fn url(&self, page: u32, order: Order, direction: Direction, gallery: bool) -> String {
        let mut query = url::form_urlencoded::Serializer::new(String::new());
        query.append_pair("page", "search");
        if !self.pattern.is_empty() {
            query.append_pair("sPattern", &self.pattern);
        }
        if let Some(category) = self.category {
            query.append_pair("sCategory", &category.to_string());
        }
        if let Some(region) = self.region {
            query.append_pair("sRegion", &region.to_string());
        }
        if !self.price_min.is_empty() {
            query.append_pair("sPriceMin", &self.price_min);
        }
        if !self.price_max.is_empty() {
            query.append_pair("sPriceMax", &self.price_max);
        }
        query.append_pair("sOrder", order_name(order));
        query.append_pair("iOrderType", direction_name(direction));
        if gallery {
            query.append_pair("sShowAs", "gallery");
        }
        if page > 1 {
            query.append_pair("iPage", &page.to_string());
        }
        format!("/index.php?{}", query.finish())
    }
}

fn order_name(order: Order) -> &'static str {
    match order {
        Order::Date => "dt_pub_date",
        Order::Price => "i_price",
    }
}

fn direction_name(direction: Direction) -> &'static str {
    match direction {
        Direction::Ascending => "asc",
        Direction::Descending => "desc",
    }
}

/// A sort option in the sort menu.
struct SortLink {
    label: &'static str,
    url: String,
    current: bool,
}

#[derive(Template)]
#[template(path = "search.html")]
struct SearchPage {
    layout: Layout,
    heading: String,
    categories: Vec<Category>,
    regions: Vec<Region>,
    selected_category: i64,
    selected_region: i64,
    price_min: String,
    price_max: String,
    gallery: bool,
    cards: Vec<Card>,
    total: i64,
    first_shown: i64,
    last_shown: i64,
    sorts: Vec<SortLink>,
    list_url: String,
    gallery_url: String,
    pages: Vec<PageLink>,
    previous_url: Option<String>,
    next_url: Option<String>,
}

fn parse(fields: &Fields) -> Result<(Parameters, u32), PageError> {
    let pattern = fields.get("sPattern").unwrap_or("").to_owned();
    if pattern.chars().count() > MAX_PATTERN {
        return Err(PageError::bad_request(format!(
            "The search text is too long: at most {MAX_PATTERN} characters, please."
        )));
    }
    let order = match fields.get("sOrder") {
        None | Some("dt_pub_date") => Order::Date,
        Some("i_price") => Order::Price,
        Some(other) => {
            return Err(PageError::bad_request(format!(
                "Unknown sort \"{other}\": use sOrder=dt_pub_date or sOrder=i_price."
            )));
        }
    };
    let direction = match fields.get("iOrderType") {
        None | Some("desc") => Direction::Descending,
        Some("asc") => Direction::Ascending,
        Some(other) => {
            return Err(PageError::bad_request(format!(
                "Unknown sort direction \"{other}\": use iOrderType=asc or iOrderType=desc."
            )));
        }
    };
    let gallery = match fields.get("sShowAs") {
        None | Some("list") => false,
        Some("gallery") => true,
        Some(other) => {
            return Err(PageError::bad_request(format!(
                "Unknown view \"{other}\": use sShowAs=list or sShowAs=gallery."
            )));
        }
    };
    let page = fields
        .number("iPage", "The page number (iPage)")?
        .unwrap_or(1);
    if page > MAX_PAGE {
        return Err(PageError::bad_request(format!(
            "The page number may be at most {MAX_PAGE}."
        )));
    }
    let parameters = Parameters {
        pattern,
        category: fields.number("sCategory", "The category (sCategory)")?,
        region: fields.number("sRegion", "The region (sRegion)")?,
        price_min: fields.get("sPriceMin").unwrap_or("").to_owned(),
        price_max: fields.get("sPriceMax").unwrap_or("").to_owned(),
        order,
        direction,
        gallery,
    };
    Ok((parameters, page as u32))
}

/// `GET index.php?page=search&…`.
pub async fn show(visitor: &Visitor, fields: &Fields) -> PageResult {
    let (parameters, page) = parse(fields)?;
    let mut query = SearchQuery {
        words: search::words_of(&parameters.pattern),
        region: parameters.region,
        price_min: fields.price("sPriceMin", "The minimum price")?,
        price_max: fields.price("sPriceMax", "The maximum price")?,
        order: parameters.order,
        direction: parameters.direction,
        page,
        ..SearchQuery::default()
    };
    let category = parameters.category;
    let region = parameters.region;
    let (categories, regions, results, category_known, region_known) = visitor
        .database
        .call(move |connection| {
            let category_filter = match category {
                Some(id) => categories::filter_for(connection, id)?,
                None => None,
            };
            let region_known = match region {
                Some(id) => places::region_exists(connection, id)?,
                None => true,
            };
            let category_known = category.is_none() || category_filter.is_some();
            query.category = category_filter;
            let results = if category_known && region_known {
                Some(search::run(connection, &query)?)
            } else {
                None
            };
            Ok::<_, ClassifiedsError>((
                categories::tree(connection)?,
                places::regions(connection)?,
                results,
                category_known,
                region_known,
            ))
        })
        .await?;
    if !category_known {
        return Err(PageError::not_found(
            "That category does not exist. Pick one from the home page.",
        ));
    }
    if !region_known {
        return Err(PageError::not_found(
            "That region does not exist. Pick one from the search filters.",
        ));
    }
    let Some(results) = results else {
        return Err(PageError::not_found("Nothing matched."));
    };
    let pages = ((results.total + i64::from(PAGE_SIZE) - 1) / i64::from(PAGE_SIZE)).max(1) as u32;
    let first_shown = i64::from(page - 1) * i64::from(PAGE_SIZE) + 1;
    let last_shown = (first_shown + results.listings.len() as i64 - 1).max(0);
    let heading = match categories
        .iter()
        .find(|c| Some(c.id) == parameters.category)
    {
        Some(category) if !parameters.pattern.is_empty() => {
            format!("\"{}\" in {}", parameters.pattern, category.name)
        }
        Some(category) => category.name.clone(),
        None if !parameters.pattern.is_empty() => format!("Results for \"{}\"", parameters.pattern),
        None => "All listings".to_owned(),
    };
    let sorts = [
        ("Newest first", Order::Date, Direction::Descending),
        ("Oldest first", Order::Date, Direction::Ascending),
        ("Lower price first", Order::Price, Direction::Ascending),
        ("Higher price first", Order::Price, Direction::Descending),
    ]
    .into_iter()
    .map(|(label, order, direction)| SortLink {
        label,
        url: parameters.url(1, order, direction, parameters.gallery),
        current: order == parameters.order && direction == parameters.direction,
    })
    .collect();
    let (order, direction, gallery) = (parameters.order, parameters.direction, parameters.gallery);
    let mut layout = visitor.layout(format!("{heading} - Classifieds"));
    layout.pattern = parameters.pattern.clone();
    let view = SearchPage {
        layout,
        heading,
        categories,
        regions,
        selected_category: parameters.category.unwrap_or(0),
        selected_region: parameters.region.unwrap_or(0),
        price_min: parameters.price_min.clone(),
        price_max: parameters.price_max.clone(),
        gallery,
        cards: results.listings.into_iter().map(Card::from).collect(),
        total: results.total,
        first_shown: first_shown.min(results.total),
        last_shown,
        sorts,
        list_url: parameters.url(page, order, direction, false),
        gallery_url: parameters.url(page, order, direction, true),
        pages: pager(page, pages, |number| {
            parameters.url(number, order, direction, gallery)
        }),
        previous_url: (page > 1).then(|| parameters.url(page - 1, order, direction, gallery)),
        next_url: (page < pages).then(|| parameters.url(page + 1, order, direction, gallery)),
    };
    Ok(visitor.render(&view))
}
