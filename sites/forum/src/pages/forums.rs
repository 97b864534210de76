//! Forum directories: `/forums` (most subscribed first) and `/forums/all` (by name).

use super::PageResult;
use crate::ForumError;
use crate::db::forums::{self, Forum};
use crate::visitor::{Framed, Layout, Visitor};
use askama::Template;

#[derive(Template)]
#[template(path = "forums.html")]
struct ForumsPage {
    layout: Layout,
    heading: &'static str,
    by_name: bool,
    forums: Vec<Forum>,
}

/// `GET /forums` (`by_name` false) or `/forums/all` (`by_name` true).
pub async fn show(visitor: &Visitor, by_name: bool) -> PageResult {
    let forums = visitor
        .database
        .call(move |connection| {
            Ok::<_, ForumError>(if by_name {
                forums::all_by_name(connection)?
            } else {
                forums::all_by_subscribers(connection)?
            })
        })
        .await?;
    let view = ForumsPage {
        layout: visitor.layout("List of forums"),
        heading: if by_name {
            "All forums"
        } else {
            "List of forums"
        },
        by_name,
        forums,
    };
    Ok(visitor.render(&view))
}
