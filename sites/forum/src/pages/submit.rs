//! Posting a submission (`/submit`, `/submit/<forum>`: link, Markdown text, or a picture
//! uploaded or taken by URL from Agora's own sites), and editing or deleting one's own
//! submissions and comments.

use super::{PageResult, now, permalink};
use crate::ForumError;
use crate::db::forums::{self, Forum};
use crate::db::submissions::{self, NewSubmission};
use crate::db::{comments, images};
use crate::visitor::{Framed, Layout, Notice, Visitor, login_redirect};
use askama::Template;
use axum::extract::Multipart;
use kit::PageError;
use kit::fetch::OwnOrigins;
use kit::form::Fields;
use kit::notice::Notices;
use sha2::{Digest, Sha256};

/// Longest title, in characters.
pub const MAX_TITLE: usize = 300;
/// Longest body, in characters.
pub const MAX_BODY: usize = 10_000;
/// Longest link, in characters.
pub const MAX_URL: usize = 2_000;

#[derive(Template)]
#[template(path = "submit.html")]
struct SubmitPage {
    layout: Layout,
    forums: Vec<Forum>,
    chosen: String,
}

#[derive(Template)]
#[template(path = "edit.html")]
struct EditPage {
    layout: Layout,
    heading: &'static str,
    action: String,
    title: Option<String>,
    body: String,
}

/// `GET /submit` or `/submit/<forum>` (`forum` preselected).
pub async fn form(visitor: &Visitor, forum: Option<&str>) -> PageResult {
    if visitor.user.is_none() {
        return Ok(login_redirect());
    }
    let forums = visitor
        .database
        .call(|connection| Ok::<_, ForumError>(forums::all_by_name(connection)?))
        .await?;
    let chosen = forum
        .and_then(|name| {
            forums
                .iter()
                .find(|forum| forum.name.eq_ignore_ascii_case(name))
        })
        .map(|forum| forum.name.clone())
        .unwrap_or_default();
    let view = SubmitPage {
        layout: visitor.layout("Create submission"),
        forums,
        chosen,
    };
    Ok(visitor.render(&view))
}

/// A link that a browser can open: `http` or `https`, no spaces, bounded.
fn link(fields: &Fields) -> Result<Option<String>, PageError> {
    let Some(url) = fields.get("url") else {
        return Ok(None);
    };
    let valid = (url.starts_with("http://") || url.starts_with("https://"))
        && url.len() <= MAX_URL
        && !url.contains(char::is_whitespace);
    if !valid {
        return Err(PageError::bad_request(format!(
            "The URL must start with http:// or https:// and be at most {MAX_URL} characters, without spaces."
        )));
    }
    Ok(Some(url.to_owned()))
}

fn body(fields: &Fields) -> Result<String, PageError> {
    match fields.get("body") {
        None => Ok(String::new()),
        Some(_) => fields.text("body", "The body", MAX_BODY),
    }
}

/// `POST /submit` (multipart: `forum`, `title`, optional `url`, `body`, and `image` or
/// `image_url`, a picture on one of `origins`).
pub async fn submit(visitor: &Visitor, origins: &OwnOrigins, multipart: Multipart) -> PageResult {
    let Some(user_id) = visitor.user.as_ref().map(|user| user.id) else {
        return Ok(login_redirect());
    };
    let (fields, mut pictures) =
        kit::multipart::read_with_images(visitor, multipart, "image", 1).await?;
    let forum = fields.text("forum", "The forum", 100)?;
    let title = fields.text("title", "The title", MAX_TITLE)?;
    let url = link(&fields)?;
    let body = body(&fields)?;
    let address = fields
        .get("image_url")
        .map(str::trim)
        .filter(|address| !address.is_empty());
    let sources = [pictures.is_empty(), url.is_none(), address.is_none()];
    if sources.iter().filter(|absent| !**absent).count() > 1 {
        return Err(PageError::bad_request(
            "A submission has one link or one picture: give a URL, an image file or an image URL, not more than one.",
        ));
    }
    let picture = match address {
        Some(address) => {
            let tenant = kit::cookie::get(&visitor.headers, kit::TENANT_COOKIE)
                .map(|id| format!("{}={id}", kit::TENANT_COOKIE));
            Some(kit::fetch::own_image(address, origins, tenant).await?)
        }
        None => pictures.pop(),
    };
    let outcome = visitor
        .database
        .call(move |connection| {
            let Some(forum) = forums::by_name(connection, &forum)? else {
                return Ok::<_, ForumError>(Err(PageError::bad_request(format!(
                    "There is no forum called \"{forum}\". Choose one from the list."
                ))));
            };
            let transaction = connection.transaction()?;
            let image_id = match &picture {
                Some(picture) => {
                    let name: String = Sha256::digest(&picture.png)
                        .iter()
                        .map(|byte| format!("{byte:02x}"))
                        .collect();
                    Some(images::store_upload(&transaction, &name, &picture.png)?)
                }
                None => None,
            };
            let new = NewSubmission {
                forum_id: forum.id,
                user_id,
                title,
                url,
                body,
                image_id,
            };
            let id = submissions::create(&transaction, &new, now())?;
            transaction.commit()?;
            Ok(Ok(
                submissions::by_id(connection, id, user_id)?.map(|submission| submission.path())
            ))
        })
        .await??;
    let path = outcome.ok_or_else(super::submission::missing)?;
    Ok(Notice::SubmissionSaved.redirect(&path))
}

/// The submission `id` if `visitor` wrote it (`None`: not logged in).
async fn own_submission(
    visitor: &Visitor,
    id: i64,
) -> Result<Option<submissions::Submission>, PageError> {
    let Some(user_id) = visitor.user.as_ref().map(|user| user.id) else {
        return Ok(None);
    };
    let submission = visitor
        .database
        .call(move |connection| Ok::<_, ForumError>(submissions::by_id(connection, id, user_id)?))
        .await?
        .filter(|submission| submission.user_id == user_id)
        .ok_or_else(|| {
            PageError::forbidden(
                "You can only change your own submissions. Open your user page to see them.",
            )
        })?;
    Ok(Some(submission))
}

/// `GET /f/<forum>/<id>/edit`.
pub async fn edit_form(visitor: &Visitor, id: i64) -> PageResult {
    let Some(submission) = own_submission(visitor, id).await? else {
        return Ok(login_redirect());
    };
    let view = EditPage {
        layout: visitor.layout("Edit submission"),
        heading: "Edit submission",
        action: format!("/f/{}/{}/edit", submission.forum, submission.id),
        title: Some(submission.title),
        body: submission.body,
    };
    Ok(visitor.render(&view))
}

/// `POST /f/<forum>/<id>/edit` with `title` and `body`.
pub async fn edit(visitor: &Visitor, id: i64, fields: &Fields) -> PageResult {
    visitor.check_csrf(fields.get(kit::csrf::FIELD))?;
    let Some(submission) = own_submission(visitor, id).await? else {
        return Ok(login_redirect());
    };
    let title = fields.text("title", "The title", MAX_TITLE)?;
    let body = body(fields)?;
    visitor
        .database
        .call(move |connection| {
            Ok::<_, ForumError>(submissions::update(connection, id, &title, &body, now())?)
        })
        .await?;
    let path = format!("/f/{}/{}", submission.forum, id);
    Ok(Notice::SubmissionSaved.redirect(&path))
}

/// `POST /f/<forum>/<id>/delete`.
pub async fn delete(visitor: &Visitor, id: i64, fields: &Fields) -> PageResult {
    visitor.check_csrf(fields.get(kit::csrf::FIELD))?;
    let Some(submission) = own_submission(visitor, id).await? else {
        return Ok(login_redirect());
    };
    visitor
        .database
        .call(move |connection| Ok::<_, ForumError>(submissions::delete(connection, id)?))
        .await?;
    Ok(Notice::SubmissionDeleted.redirect(&format!("/f/{}", submission.forum)))
}

/// The live comment `id` if `visitor` wrote it (`None`: not logged in).
async fn own_comment(visitor: &Visitor, id: i64) -> Result<Option<comments::Comment>, PageError> {
    let Some(user_id) = visitor.user.as_ref().map(|user| user.id) else {
        return Ok(None);
    };
    let comment = visitor
        .database
        .call(move |connection| Ok::<_, ForumError>(comments::by_id(connection, id, user_id)?))
        .await?
        .filter(|comment| comment.user_id == user_id && !comment.deleted)
        .ok_or_else(|| {
            PageError::forbidden("You can only change your own comments, and not deleted ones.")
        })?;
    Ok(Some(comment))
}

/// `GET /comment/<id>/edit`.
pub async fn edit_comment_form(visitor: &Visitor, id: i64) -> PageResult {
    let Some(comment) = own_comment(visitor, id).await? else {
        return Ok(login_redirect());
    };
    let view = EditPage {
        layout: visitor.layout("Edit comment"),
        heading: "Edit comment",
        action: format!("/comment/{id}/edit"),
        title: None,
        body: comment.body,
    };
    Ok(visitor.render(&view))
}

/// `POST /comment/<id>/edit` with `body`.
pub async fn edit_comment(visitor: &Visitor, id: i64, fields: &Fields) -> PageResult {
    visitor.check_csrf(fields.get(kit::csrf::FIELD))?;
    let Some(comment) = own_comment(visitor, id).await? else {
        return Ok(login_redirect());
    };
    let body = fields.text("body", "The comment", super::actions::MAX_COMMENT)?;
    visitor
        .database
        .call(move |connection| {
            Ok::<_, ForumError>(comments::update(connection, id, &body, now())?)
        })
        .await?;
    Ok(Notice::CommentSaved.redirect(&permalink(&comment.forum, comment.submission_id, id)))
}

/// `POST /comment/<id>/delete`.
pub async fn delete_comment(visitor: &Visitor, id: i64, fields: &Fields) -> PageResult {
    visitor.check_csrf(fields.get(kit::csrf::FIELD))?;
    let Some(comment) = own_comment(visitor, id).await? else {
        return Ok(login_redirect());
    };
    visitor
        .database
        .call(move |connection| Ok::<_, ForumError>(comments::delete(connection, id)?))
        .await?;
    Ok(Notice::CommentDeleted.redirect(&format!("/f/{}/{}", comment.forum, comment.submission_id)))
}
