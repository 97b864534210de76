//! The store's home page: departments and a few products of each.

use super::{Card, PageResult};
use crate::ShoppingError;
use crate::db::categories::{self, Category};
use crate::db::listing::{self, ListQuery, Order, Scope};
use crate::visitor::{Layout, Visitor, layout};
use askama::Template;

/// Products shown per department.
const PER_DEPARTMENT: u32 = 4;

/// A department with a few of its products.
struct Showcase {
    department: Category,
    cards: Vec<Card>,
}

#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    layout: Layout,
    showcases: Vec<Showcase>,
}

/// `GET /`.
pub async fn show(visitor: &Visitor) -> PageResult {
    let showcases = visitor
        .database
        .call(|connection| {
            categories::children(connection, None)?
                .into_iter()
                .map(|department| {
                    let query = ListQuery {
                        scope: Scope::Category {
                            level: 1,
                            id: department.id,
                        },
                        order: Order::Position,
                        descending: false,
                        price: (None, None),
                        page: 1,
                        limit: PER_DEPARTMENT,
                    };
                    let products = listing::page(connection, &query)?;
                    Ok::<_, ShoppingError>(Showcase {
                        department,
                        cards: products.into_iter().map(Card::from).collect(),
                    })
                })
                .collect::<Result<Vec<_>, _>>()
        })
        .await?;
    let page = HomePage {
        layout: layout(visitor, "One Stop Market").await?,
        showcases,
    };
    Ok(visitor.render(&page))
}
