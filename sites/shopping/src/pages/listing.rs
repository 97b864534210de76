//! Product lists: category pages (`/<dept>/<group>/<leaf>.html`) and search results
//! (`/catalogsearch/result/?q=`), with Magento's toolbar parameters: `p`,
//! `product_list_order` (position/name/price), `product_list_dir`, `product_list_limit`,
//! `product_list_mode` (grid/list) and the layered `price=a-b` filter.

use super::{Card, PageResult};
use crate::ShoppingError;
use crate::db::categories::{self, Category};
use crate::db::listing::{self, ListQuery, Listing, Order, Scope};
use crate::visitor::{Layout, Visitor, layout};
use askama::Template;
use kit::PageError;
use kit::form::Fields;
use kit::money::format_cents;
use kit::pager::{PageLink, pager};

/// Page sizes offered (Magento's grid defaults).
const LIMITS: [u32; 3] = [12, 24, 36];
/// Longest search text.
const MAX_QUERY: usize = 200;

/// A link of the toolbar or the layered navigation.
#[derive(Debug, Clone)]
pub struct Choice {
    /// Label.
    pub label: String,
    /// URL.
    pub url: String,
    /// Whether it is the current choice.
    pub current: bool,
}

#[derive(Template)]
#[template(path = "listing.html")]
struct ListingPage {
    layout: Layout,
    heading: String,
    breadcrumbs: Vec<Category>,
    subcategories: Vec<Category>,
    cards: Vec<Card>,
    total: i64,
    first: i64,
    last: i64,
    list_mode: bool,
    sorters: Vec<Choice>,
    direction: Choice,
    limits: Vec<Choice>,
    modes: Vec<Choice>,
    prices: Vec<Choice>,
    clear_price: Option<String>,
    pages: Vec<PageLink>,
    searched: bool,
}

/// The toolbar state read from the query string.
#[derive(Debug, Clone)]
struct Toolbar {
    order: Order,
    descending: bool,
    limit: u32,
    list_mode: bool,
    price: Option<String>,
    range: (Option<i64>, Option<i64>),
    page: u32,
}

fn parse_price(text: &str) -> Result<(Option<i64>, Option<i64>), PageError> {
    let refuse = || {
        PageError::bad_request(format!(
            "The price filter \"{text}\" is not a range: write price=10-50 (dollars), price=-50 or price=100-."
        ))
    };
    let (low, high) = text.split_once('-').ok_or_else(refuse)?;
    let bound = |value: &str| -> Result<Option<i64>, PageError> {
        if value.trim().is_empty() {
            return Ok(None);
        }
        kit::money::parse_dollars(value)
            .map(Some)
            .ok_or_else(refuse)
    };
    Ok((bound(low)?, bound(high)?))
}

impl Toolbar {
    fn read(query: &Fields) -> Result<Toolbar, PageError> {
        let order = match query.get("product_list_order") {
            None | Some("position") | Some("relevance") => Order::Position,
            Some("name") => Order::Name,
            Some("price") => Order::Price,
            Some(other) => {
                return Err(PageError::bad_request(format!(
                    "Products cannot be sorted by \"{other}\": use product_list_order=position, name or price."
                )));
            }
        };
        let descending = match query.get("product_list_dir") {
            None | Some("asc") => false,
            Some("desc") => true,
            Some(other) => {
                return Err(PageError::bad_request(format!(
                    "The sort direction \"{other}\" is unknown: use product_list_dir=asc or desc."
                )));
            }
        };
        let limit =
            match query.number("product_list_limit", "The page size (product_list_limit)")? {
                None => LIMITS[0],
                Some(limit) => LIMITS
                    .into_iter()
                    .find(|allowed| i64::from(*allowed) == limit)
                    .ok_or_else(|| {
                        PageError::bad_request(
                            "Show 12, 24 or 36 products per page (product_list_limit).",
                        )
                    })?,
            };
        let list_mode = match query.get("product_list_mode") {
            None | Some("grid") => false,
            Some("list") => true,
            Some(_) => {
                return Err(PageError::bad_request(
                    "The view mode is grid or list (product_list_mode).",
                ));
            }
        };
        let price = query.get("price").map(str::to_owned);
        let range = price
            .as_deref()
            .map(parse_price)
            .transpose()?
            .unwrap_or((None, None));
        let page = query
            .number("p", "The page number (p)")?
            .unwrap_or(1)
            .min(100_000) as u32;
        Ok(Toolbar {
            order,
            descending,
            limit,
            list_mode,
            price,
            range,
            page,
        })
    }

    /// The URL of `base` with this toolbar, changed by `change`.
    fn url(&self, base: &str, search: Option<&str>, change: impl FnOnce(&mut Toolbar)) -> String {
        let mut toolbar = self.clone();
        change(&mut toolbar);
        let mut url = url::form_urlencoded::Serializer::new(String::new());
        if let Some(text) = search {
            url.append_pair("q", text);
        }
        if toolbar.page > 1 {
            url.append_pair("p", &toolbar.page.to_string());
        }
        match toolbar.order {
            Order::Position => {}
            Order::Name => {
                url.append_pair("product_list_order", "name");
            }
            Order::Price => {
                url.append_pair("product_list_order", "price");
            }
        }
        if toolbar.descending {
            url.append_pair("product_list_dir", "desc");
        }
        if toolbar.limit != LIMITS[0] {
            url.append_pair("product_list_limit", &toolbar.limit.to_string());
        }
        if toolbar.list_mode {
            url.append_pair("product_list_mode", "list");
        }
        if let Some(price) = &toolbar.price {
            url.append_pair("price", price);
        }
        let query = url.finish();
        if query.is_empty() {
            base.to_owned()
        } else {
            format!("{base}?{query}")
        }
    }
}

fn dollars(cents: i64) -> String {
    let whole = cents / 100;
    if cents % 100 == 0 {
        whole.to_string()
    } else {
        format!("{whole}.{:02}", cents % 100)
    }
}

/// What a list page is of.
struct ListOf<'a> {
    scope: Scope,
    /// The page's path.
    base: &'a str,
    /// The search text, kept in links.
    search: Option<&'a str>,
    heading: String,
    breadcrumbs: Vec<Category>,
    subcategories: Vec<Category>,
}

/// Renders one list page.
async fn render(visitor: &Visitor, query: &Fields, of: ListOf<'_>) -> PageResult {
    let ListOf {
        scope,
        base,
        search,
        heading,
        breadcrumbs,
        subcategories,
    } = of;
    let toolbar = Toolbar::read(query)?;
    let list = ListQuery {
        scope: scope.clone(),
        order: toolbar.order,
        descending: toolbar.descending,
        price: toolbar.range,
        page: toolbar.page,
        limit: toolbar.limit,
    };
    let Listing {
        total,
        products,
        ranges,
    } = visitor
        .database
        .call(move |connection| Ok::<_, ShoppingError>(listing::list(connection, &list)?))
        .await?;
    let pages = ((total + i64::from(toolbar.limit) - 1) / i64::from(toolbar.limit)).max(1) as u32;
    let sorters = [
        (
            Order::Position,
            if search.is_some() {
                "Relevance"
            } else {
                "Position"
            },
        ),
        (Order::Name, "Product Name"),
        (Order::Price, "Price"),
    ]
    .into_iter()
    .map(|(order, label)| Choice {
        label: label.to_owned(),
        url: toolbar.url(base, search, |t| {
            t.order = order;
            t.page = 1;
        }),
        current: toolbar.order == order,
    })
    .collect();
    let direction = Choice {
        label: if toolbar.descending {
            "Set Ascending Direction"
        } else {
            "Set Descending Direction"
        }
        .to_owned(),
        url: toolbar.url(base, search, |t| t.descending = !t.descending),
        current: toolbar.descending,
    };
    let limits = LIMITS
        .into_iter()
        .map(|limit| Choice {
            label: limit.to_string(),
            url: toolbar.url(base, search, |t| {
                t.limit = limit;
                t.page = 1;
            }),
            current: toolbar.limit == limit,
        })
        .collect();
    let modes = [(false, "Grid"), (true, "List")]
        .into_iter()
        .map(|(list_mode, label)| Choice {
            label: label.to_owned(),
            url: toolbar.url(base, search, |t| t.list_mode = list_mode),
            current: toolbar.list_mode == list_mode,
        })
        .collect();
    let prices = ranges
        .into_iter()
        .map(|range| {
            let (low, count) = (range.from, range.products);
            let (label, value) = match range.below {
                Some(high) => (
                    format!(
                        "{} - {} ({count})",
                        format_cents(low),
                        format_cents(high - 1)
                    ),
                    format!("{}-{}", dollars(low), dollars(high)),
                ),
                None => (
                    format!("{} and above ({count})", format_cents(low)),
                    format!("{}-", dollars(low)),
                ),
            };
            Choice {
                current: toolbar.price.as_deref() == Some(value.as_str()),
                url: toolbar.url(base, search, |t| {
                    t.price = Some(value.clone());
                    t.page = 1;
                }),
                label,
            }
        })
        .collect();
    let clear_price = toolbar.price.is_some().then(|| {
        toolbar.url(base, search, |t| {
            t.price = None;
            t.page = 1;
        })
    });
    let first = i64::from(toolbar.page - 1) * i64::from(toolbar.limit) + 1;
    let mut layout = layout(visitor, format!("{heading} | One Stop Market")).await?;
    layout.query = search.unwrap_or_default().to_owned();
    let page = ListingPage {
        layout,
        heading,
        breadcrumbs,
        subcategories,
        first: first.min(total),
        last: (first - 1 + products.len() as i64).min(total),
        cards: products.into_iter().map(Card::from).collect(),
        total,
        list_mode: toolbar.list_mode,
        sorters,
        direction,
        limits,
        modes,
        prices,
        clear_price,
        pages: pager(toolbar.page, pages, |number| {
            toolbar.url(base, search, |t| t.page = number)
        }),
        searched: search.is_some(),
    };
    Ok(visitor.render(&page))
}

/// `GET /<path>.html` for a category.
pub async fn category(visitor: &Visitor, category: Category, query: &Fields) -> PageResult {
    let found = category.clone();
    let (breadcrumbs, subcategories) = visitor
        .database
        .call(move |connection| {
            Ok::<_, ShoppingError>((
                categories::ancestry(connection, &found)?,
                categories::children(connection, Some(found.id))?,
            ))
        })
        .await?;
    let scope = Scope::Category {
        level: category.level,
        id: category.id,
    };
    let base = category.url();
    let of = ListOf {
        scope,
        base: &base,
        search: None,
        heading: category.name.clone(),
        breadcrumbs,
        subcategories,
    };
    render(visitor, query, of).await
}

/// `GET /catalogsearch/result/?q=…` (also `/catalogsearch/result/index/`).
pub async fn search(visitor: &Visitor, base: &str, query: &Fields) -> PageResult {
    let text = query
        .text("q", "The search text (q)", MAX_QUERY)
        .map_err(|_| {
            PageError::bad_request(format!(
                "Enter what you are looking for in the search box (at most {MAX_QUERY} characters)."
            ))
        })?;
    let words = crate::db::listing::search_words(&text);
    if words.is_empty() {
        return Err(PageError::bad_request(
            "Search with at least one word of letters or digits.",
        ));
    }
    let of = ListOf {
        scope: Scope::Search(words),
        base,
        search: Some(&text),
        heading: format!("Search results for: '{text}'"),
        breadcrumbs: Vec::new(),
        subcategories: Vec::new(),
    };
    render(visitor, query, of).await
}
