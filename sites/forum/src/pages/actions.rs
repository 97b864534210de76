//! The forms that change state from listings and submission pages: votes, comments and
//! replies, subscriptions and blocks. Each checks CSRF, needs a logged-in user and answers
//! bad input with a message that says what to do.

use super::{PageResult, local_path, now, permalink};
use crate::ForumError;
use crate::db::{comments, forums, submissions, users};
use crate::visitor::{Notice, Visitor, login_redirect};
use axum::response::{IntoResponse, Redirect};
use kit::PageError;
use kit::form::Fields;
use kit::notice::Notices;

/// Longest comment, in characters.
pub const MAX_COMMENT: usize = 10_000;

/// What a vote form's `choice` asks for: 1 up, -1 down, 0 retract.
fn choice(form: &Fields) -> Result<i64, PageError> {
    match form.get("choice") {
        Some("1") => Ok(1),
        Some("-1") => Ok(-1),
        Some("0") => Ok(0),
        _ => Err(PageError::bad_request(
            "A vote must be 1 (up), -1 (down) or 0 (retract). Use the arrows beside the post.",
        )),
    }
}

/// `POST /sv/<id>`: vote on a submission.
pub async fn vote_submission(visitor: &Visitor, id: i64, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(user) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let choice = choice(form)?;
    let path = visitor
        .database
        .call(move |connection| {
            let Some(submission) = submissions::by_id(connection, id, user.id)? else {
                return Ok::<_, ForumError>(None);
            };
            submissions::vote(connection, id, user.id, choice)?;
            Ok(Some(submission.path()))
        })
        .await?
        .ok_or_else(super::submission::missing)?;
    Ok(Redirect::to(&local_path(form.get("return"), &path)).into_response())
}

/// `POST /cv/<id>`: vote on a comment.
pub async fn vote_comment(visitor: &Visitor, id: i64, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(user) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let choice = choice(form)?;
    let path = visitor
        .database
        .call(move |connection| {
            let Some(comment) = comments::by_id(connection, id, user.id)? else {
                return Ok::<_, ForumError>(None);
            };
            if comment.deleted {
                return Ok(None);
            }
            comments::vote(connection, id, user.id, choice)?;
            Ok(Some(permalink(&comment.forum, comment.submission_id, id)))
        })
        .await?
        .ok_or_else(missing_comment)?;
    Ok(Redirect::to(&local_path(form.get("return"), &path)).into_response())
}

fn missing_comment() -> PageError {
    PageError::not_found(
        "This comment does not exist or has been deleted, so it cannot be voted on or replied to.",
    )
}

/// `POST /f/<forum>/<id>/comment`: a comment on a submission, or a reply when the form
/// names a `parent` comment.
pub async fn comment(visitor: &Visitor, forum: &str, id: i64, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(user) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let body = form.text("comment", "The comment", MAX_COMMENT)?;
    let parent = form.number("parent", "The parent comment (parent)")?;
    let forum = forum.to_owned();
    let outcome = visitor
        .database
        .call(move |connection| {
            let Some(submission) = submissions::by_id(connection, id, user.id)? else {
                return Ok::<_, ForumError>(Err(super::submission::missing()));
            };
            if !submission.forum.eq_ignore_ascii_case(&forum) {
                return Ok(Err(super::submission::missing()));
            }
            if let Some(parent) = parent {
                let live = comments::by_id(connection, parent, user.id)?
                    .filter(|comment| comment.submission_id == id && !comment.deleted);
                if live.is_none() {
                    return Ok(Err(missing_comment()));
                }
            }
            let comment = comments::create(connection, id, parent, user.id, &body, now())?;
            Ok(Ok(permalink(&submission.forum, id, comment)))
        })
        .await??;
    Ok(Notice::CommentSaved.redirect(&outcome))
}

/// `POST /f/<forum>/subscribe` (`subscribed` true) or `/f/<forum>/unsubscribe`.
pub async fn subscribe(
    visitor: &Visitor,
    forum: &str,
    subscribed: bool,
    form: &Fields,
) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(user) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let name = forum.to_owned();
    let found = visitor
        .database
        .call(move |connection| {
            let Some(forum) = forums::by_name(connection, &name)? else {
                return Ok::<_, ForumError>(None);
            };
            forums::set_subscribed(connection, user.id, forum.id, subscribed)?;
            Ok(Some(forum.name))
        })
        .await?;
    let name = found.ok_or_else(|| {
        PageError::not_found(format!(
            "There is no forum called \"{forum}\". See the list of all forums at /forums/all."
        ))
    })?;
    let fallback = format!("/f/{name}");
    Ok(Redirect::to(&local_path(form.get("return"), &fallback)).into_response())
}

/// `POST /user/<name>/block` (`blocked` true) or `/user/<name>/unblock`.
pub async fn block(visitor: &Visitor, name: &str, blocked: bool, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(user) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let lookup = name.to_owned();
    let found = visitor
        .database
        .call(move |connection| {
            let Some((other, _)) = users::by_name(connection, &lookup)? else {
                return Ok::<_, ForumError>(Err(super::user::missing(&lookup)));
            };
            if other.id == user.id {
                return Ok(Err(PageError::bad_request("You cannot block yourself.")));
            }
            users::set_blocked(connection, user.id, other.id, blocked)?;
            Ok(Ok(()))
        })
        .await?;
    found?;
    let list = format!(
        "/user/{}/block_list",
        visitor
            .user
            .as_ref()
            .map_or("", |user| user.username.as_str())
    );
    Ok(Notice::BlocksChanged.redirect(&list))
}
