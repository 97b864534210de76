//! The home page: the category tree with counts and the latest listings.

use super::{Card, PageResult};
use crate::ClassifiedsError;
use crate::db::categories::{self, Category};
use crate::db::search::{self, SearchQuery};
use crate::visitor::{Framed, Layout, Visitor};
use askama::Template;

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    layout: Layout,
    tree: Vec<(Category, Vec<Category>)>,
    cards: Vec<Card>,
    gallery: bool,
    total: String,
}

/// `GET /` and `index.php`.
pub async fn show(visitor: &Visitor) -> PageResult {
    let (categories, results) = visitor
        .database
        .call(|connection| {
            let tree = categories::tree(connection)?;
            let latest = search::run(connection, &SearchQuery::default())?;
            Ok::<_, ClassifiedsError>((tree, latest))
        })
        .await?;
    let page = HomePage {
        layout: visitor.layout("Classifieds: buy and sell locally"),
        tree: nest(categories),
        total: kit::money::group_digits(results.total.unsigned_abs()),
        gallery: true,
        cards: results
            .listings
            .into_iter()
            .take(12)
            .map(Card::from)
            .collect(),
    };
    Ok(visitor.render(&page))
}

/// Groups the flat category list into top-level categories with their children.
fn nest(categories: Vec<Category>) -> Vec<(Category, Vec<Category>)> {
    let (parents, children): (Vec<Category>, Vec<Category>) = categories
        .into_iter()
        .partition(|category| category.parent_id.is_none());
    parents
        .into_iter()
        .map(|parent| {
            let own = children
                .iter()
                .filter(|child| child.parent_id == Some(parent.id))
                .cloned()
                .collect();
            (parent, own)
        })
        .collect()
}
