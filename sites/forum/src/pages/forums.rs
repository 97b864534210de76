//! Forum directories (`/forums`, most subscribed first; `/forums/all`, by name) and creating a
//! forum (`/create_forum`).

use super::{PageResult, now};
use crate::ForumError;
use crate::db::forums::{self, Forum};
use crate::visitor::{Framed, Layout, Notice, Visitor, login_redirect};
use askama::Template;
use axum::http::StatusCode;
use axum::response::Response;
use kit::PageError;
use kit::form::Fields;
use kit::notice::Notices;

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

#[derive(Template)]
#[template(path = "create_forum.html")]
struct CreateForumPage {
    layout: Layout,
}

/// `GET /create_forum`.
pub fn create_form(visitor: &Visitor) -> Response {
    if visitor.user.is_none() {
        return login_redirect();
    }
    visitor.render(&CreateForumPage {
        layout: visitor.layout("Create forum"),
    })
}

/// `POST /create_forum` with `name` (3–25 letters, digits or `_`), `title` and
/// `description`; the creator is subscribed.
pub async fn create(visitor: &Visitor, fields: &Fields) -> PageResult {
    visitor.check_csrf(fields.get(kit::csrf::FIELD))?;
    let Some(user) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let name = fields.text("name", "The forum name", 25)?;
    if name.len() < 3
        || !name
            .bytes()
            .all(|byte| byte.is_ascii_alphanumeric() || byte == b'_')
    {
        return Err(PageError::bad_request(
            "The forum name must be 3 to 25 letters, digits or underscores, such as \"retro_games\".",
        ));
    }
    let title = fields.text("title", "The title", 100)?;
    let description = fields.text("description", "The description", 1_500)?;
    let created = visitor
        .database
        .call(move |connection| {
            Ok::<_, ForumError>(
                forums::create(connection, user.id, &name, &title, &description, now())?
                    .map(|_| name),
            )
        })
        .await?;
    let name = created.ok_or_else(|| {
        PageError::new(
            StatusCode::CONFLICT,
            "A forum with this name already exists. Choose another name.",
        )
    })?;
    Ok(Notice::ForumCreated.redirect(&format!("/f/{name}")))
}
