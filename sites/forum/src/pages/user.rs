//! A user's page (`/user/<name>`: their submissions and comments) and their block list
//! (`/user/<name>/block_list`).

use super::{CommentView, PageResult, Post, now};
use crate::ForumError;
use crate::db::comments;
use crate::db::listing::{self, Scope, Sort, Window};
use crate::db::users::{self, User};
use crate::visitor::{Framed, Layout, Visitor, login_redirect};
use askama::Template;
use kit::PageError;

/// Submissions and comments shown on a user page.
const SHOWN: usize = 25;

#[derive(Template)]
#[template(path = "user.html")]
struct UserPage {
    layout: Layout,
    user: User,
    posts: Vec<Post>,
    comments: Vec<CommentView>,
    is_self: bool,
    blocked: bool,
}

#[derive(Template)]
#[template(path = "block_list.html")]
struct BlockListPage {
    layout: Layout,
    blocked: Vec<User>,
}

/// The error for a user name nobody has.
pub fn missing(name: &str) -> PageError {
    PageError::not_found(format!(
        "There is no user called \"{name}\". Check the spelling."
    ))
}

/// `GET /user/<name>`.
pub async fn show(visitor: &Visitor, name: &str) -> PageResult {
    let viewer = visitor.user.as_ref().map_or(0, |user| user.id);
    let lookup = name.to_owned();
    let found = visitor
        .database
        .call(move |connection| {
            let Some((user, _)) = users::by_name(connection, &lookup)? else {
                return Ok::<_, ForumError>(None);
            };
            let page = listing::page(
                connection,
                Scope::User(user.id),
                Sort::New,
                Window::All,
                None,
                0,
                now(),
            )?;
            let comments = comments::of_user(connection, user.id, viewer, SHOWN)?;
            let blocked = users::has_blocked(connection, viewer, user.id)?;
            Ok(Some((user, page.submissions, comments, blocked)))
        })
        .await?;
    let (user, submissions, comments, blocked) = found.ok_or_else(|| missing(name))?;
    let view = UserPage {
        layout: visitor.layout(user.username.clone()),
        is_self: viewer == user.id,
        posts: submissions.into_iter().map(Post::from).collect(),
        comments: comments
            .into_iter()
            .map(|comment| CommentView::new(comment, 1, 0))
            .collect(),
        blocked,
        user,
    };
    Ok(visitor.render(&view))
}

/// `GET /user/<name>/block_list` (only the user themself).
pub async fn block_list(visitor: &Visitor, name: &str) -> PageResult {
    let Some(user) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    if !user.username.eq_ignore_ascii_case(name) {
        return Err(PageError::forbidden(
            "You can only see your own block list.",
        ));
    }
    let blocked = visitor
        .database
        .call(move |connection| Ok::<_, ForumError>(users::blocked_by(connection, user.id)?))
        .await?;
    let view = BlockListPage {
        layout: visitor.layout("Block list"),
        blocked,
    };
    Ok(visitor.render(&view))
}
