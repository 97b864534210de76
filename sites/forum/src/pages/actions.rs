//! The forms that change state from listings and submission pages: votes (as a plain form
//! post or, from the page script, as JSON), comments and replies, subscriptions and blocks.
//! Each checks CSRF, needs a logged-in user and answers bad input with a message that says
//! what to do.

use super::{PageResult, local_path, now, permalink};
use crate::ForumError;
use crate::db::{comments, forums, submissions, users};
use crate::visitor::{Notice, Visitor, login_redirect};
use axum::Json;
use axum::response::{IntoResponse, Redirect, Response};
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

/// How a vote is answered.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VoteAnswer {
    /// The plain form post: back to the page it came from.
    Page,
    /// The page script's request (`/sv/<id>.json`, as Postmill's): the new state as JSON,
    /// `{"netScore": 12, "userVote": 1}`.
    Json,
}

impl VoteAnswer {
    /// The id part of a vote address's last segment and the answer it asks for (`12.json`).
    pub fn of_segment(segment: &str) -> (&str, VoteAnswer) {
        match segment.strip_suffix(".json") {
            Some(id) => (id, VoteAnswer::Json),
            None => (segment, VoteAnswer::Page),
        }
    }

    /// The answer to a vote that left `net_score` and the voter's `choice`, or that goes back
    /// to `return` (else `fallback`).
    fn respond(self, net_score: i64, choice: i64, form: &Fields, fallback: &str) -> Response {
        match self {
            VoteAnswer::Page => {
                Redirect::to(&local_path(form.get("return"), fallback)).into_response()
            }
            VoteAnswer::Json => {
                Json(serde_json::json!({ "netScore": net_score, "userVote": choice }))
                    .into_response()
            }
        }
    }
}

/// `POST /sv/<id>[.json]`: vote on a submission.
pub async fn vote_submission(
    visitor: &Visitor,
    id: i64,
    answer: VoteAnswer,
    form: &Fields,
) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(user) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let choice = choice(form)?;
    let (path, net_score) = visitor
        .database
        .call(move |connection| {
            if submissions::by_id(connection, id, user.id)?.is_none() {
                return Ok::<_, ForumError>(None);
            }
            submissions::vote(connection, id, user.id, choice)?;
            Ok(submissions::by_id(connection, id, user.id)?
                .map(|voted| (voted.path(), voted.net_score)))
        })
        .await?
        .ok_or_else(super::submission::missing)?;
    Ok(answer.respond(net_score, choice, form, &path))
}

/// `POST /cv/<id>[.json]`: vote on a comment.
pub async fn vote_comment(
    visitor: &Visitor,
    id: i64,
    answer: VoteAnswer,
    form: &Fields,
) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(user) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let choice = choice(form)?;
    let (path, net_score) = visitor
        .database
        .call(move |connection| {
            let live = comments::by_id(connection, id, user.id)?.filter(|comment| !comment.deleted);
            if live.is_none() {
                return Ok::<_, ForumError>(None);
            }
            comments::vote(connection, id, user.id, choice)?;
            Ok(comments::by_id(connection, id, user.id)?.map(|voted| {
                (
                    permalink(&voted.forum, voted.submission_id, id),
                    voted.net_score,
                )
            }))
        })
        .await?
        .ok_or_else(missing_comment)?;
    Ok(answer.respond(net_score, choice, form, &path))
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
