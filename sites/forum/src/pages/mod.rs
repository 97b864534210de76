//! One module per page: gathering data and rendering its template.

pub mod account;
pub mod actions;
pub mod forums;
pub mod listing;
pub mod messages;
pub mod search;
pub mod settings;
pub mod submission;
pub mod submit;
pub mod user;

use crate::db::comments::Comment;
use crate::db::images::url_path;
use crate::db::submissions::Submission;
/// The pinned site clock: the time of new rows and of time windows.
pub use kit::clock::now;

/// Page handlers answer with a response or an error page.
pub type PageResult = Result<axum::response::Response, kit::PageError>;

/// A submission ready for a template.
#[derive(Debug, Clone)]
pub struct Post {
    /// The stored submission.
    pub submission: Submission,
    /// Its page.
    pub path: String,
    /// Its picture's URL, for image posts.
    pub image_url: Option<String>,
    /// The body as sanitised HTML.
    pub body_html: String,
    /// The vote form's class (`vote`, `vote vote--user-upvoted`, …).
    pub vote_class: &'static str,
}

/// The class of a vote form for the viewer's `choice` (Postmill's hooks).
pub fn vote_class(choice: i64) -> &'static str {
    match choice {
        1 => "vote vote--user-upvoted",
        -1 => "vote vote--user-downvoted",
        _ => "vote",
    }
}

impl From<Submission> for Post {
    fn from(submission: Submission) -> Self {
        Post {
            path: submission.path(),
            image_url: submission.image.as_deref().map(url_path),
            body_html: crate::markdown::render(&submission.body),
            vote_class: vote_class(submission.user_vote),
            submission,
        }
    }
}

/// A comment ready for a template.
#[derive(Debug, Clone)]
pub struct CommentView {
    /// The stored comment.
    pub comment: Comment,
    /// Its permalink (`/f/<forum>/<id>/-/comment/<cid>`).
    pub permalink: String,
    /// The body as sanitised HTML.
    pub body_html: String,
    /// The vote form's class.
    pub vote_class: &'static str,
    /// Its depth in the thread (1: top level).
    pub level: u32,
    /// Enclosing comments that end just before it.
    pub closes: u32,
}

impl CommentView {
    /// A comment at `level`, closing `closes` enclosing ones before it.
    pub fn new(comment: Comment, level: u32, closes: u32) -> Self {
        CommentView {
            permalink: permalink(&comment.forum, comment.submission_id, comment.id),
            body_html: crate::markdown::render(&comment.body),
            vote_class: vote_class(comment.user_vote),
            level,
            closes,
            comment,
        }
    }
}

/// A comment's permalink.
pub fn permalink(forum: &str, submission_id: i64, comment_id: i64) -> String {
    format!("/f/{forum}/{submission_id}/-/comment/{comment_id}")
}

/// A local path to return to after a form, or `fallback` when `candidate` is not one.
pub fn local_path(candidate: Option<&str>, fallback: &str) -> String {
    candidate
        .filter(|path| path.starts_with('/') && !path.starts_with("//") && !path.contains('\\'))
        .unwrap_or(fallback)
        .to_owned()
}
