//! A submission's page (`/f/<forum>/<id>[/<slug>]`) with its nested comment tree, and a
//! comment's permalink (`/f/<forum>/<id>/-/comment/<cid>`), which shows that comment's
//! thread only.

use super::{CommentView, PageResult, Post};
use crate::ForumError;
use crate::db::comments::{self, thread};
use crate::db::submissions;
use crate::visitor::{Framed, Layout, Visitor};
use askama::Template;
use kit::PageError;

#[derive(Template)]
#[template(path = "submission.html")]
struct SubmissionPage {
    layout: Layout,
    post: Post,
    comments: Vec<CommentView>,
    trailing_closes: u32,
    focused: bool,
    viewer: i64,
}

/// The error for a submission that does not exist (or not in that forum).
pub fn missing() -> PageError {
    PageError::not_found(
        "This submission does not exist or has been deleted. Go back to the forum to find others.",
    )
}

/// `GET /f/<forum>/<id>[/<slug>]` (`focus` None) or a comment's permalink (`focus` its id).
pub async fn show(visitor: &Visitor, forum: &str, id: i64, focus: Option<i64>) -> PageResult {
    let viewer = visitor.user.as_ref().map_or(0, |user| user.id);
    let found = visitor
        .database
        .call(move |connection| {
            let Some(submission) = submissions::by_id(connection, id, viewer)? else {
                return Ok::<_, ForumError>(None);
            };
            let comments = comments::of_submission(connection, id, viewer)?;
            Ok(Some((submission, comments)))
        })
        .await?;
    let (submission, comments) = found.ok_or_else(missing)?;
    if !submission.forum.eq_ignore_ascii_case(forum) {
        return Err(missing());
    }
    if let Some(comment) = focus
        && !comments.iter().any(|candidate| candidate.id == comment)
    {
        return Err(PageError::not_found(
            "This comment does not exist on this submission. Go back to the submission to read its comments.",
        ));
    }
    let (placed, trailing_closes) = thread(comments, focus);
    let view = SubmissionPage {
        layout: visitor.layout(submission.title.clone()),
        post: Post::from(submission),
        comments: placed
            .into_iter()
            .map(|placed| CommentView::new(placed.comment, placed.level, placed.closes))
            .collect(),
        trailing_closes,
        focused: focus.is_some(),
        viewer,
    };
    Ok(visitor.render(&view))
}
