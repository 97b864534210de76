//! Who is asking: kit's [`kit::visitor::Visitor`] over the forum state, the site's one-time
//! notices and the page frame every template shares.

use crate::ForumSite;
use axum::response::{IntoResponse, Redirect, Response};
use kit::notice::Notices;

/// The request's visitor.
pub type Visitor = kit::visitor::Visitor<ForumSite>;
/// The state the site's handlers share.
pub type AppState = kit::content::AppState<ForumSite>;

/// One-time notices shown after a form redirects (kept in a short-lived cookie).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notice {
    /// The visitor logged in.
    LoggedIn,
    /// The visitor logged out.
    LoggedOut,
    /// A submission was posted or saved.
    SubmissionSaved,
    /// A submission was deleted.
    SubmissionDeleted,
    /// A comment was posted or saved.
    CommentSaved,
    /// A comment was deleted.
    CommentDeleted,
    /// A message was sent.
    MessageSent,
    /// A block list changed.
    BlocksChanged,
    /// A forum was created.
    ForumCreated,
}

impl Notices for Notice {
    type Site = ForumSite;
    const ALL: &'static [Notice] = &[
        Notice::LoggedIn,
        Notice::LoggedOut,
        Notice::SubmissionSaved,
        Notice::SubmissionDeleted,
        Notice::CommentSaved,
        Notice::CommentDeleted,
        Notice::MessageSent,
        Notice::BlocksChanged,
        Notice::ForumCreated,
    ];

    fn code_and_text(self) -> (&'static str, &'static str) {
        match self {
            Notice::LoggedIn => ("login", "You are now logged in."),
            Notice::LoggedOut => ("logout", "You have been logged out."),
            Notice::SubmissionSaved => ("submission", "Your submission has been saved."),
            Notice::SubmissionDeleted => ("submission-deleted", "The submission was deleted."),
            Notice::CommentSaved => ("comment", "Your comment has been saved."),
            Notice::CommentDeleted => ("comment-deleted", "The comment was deleted."),
            Notice::MessageSent => ("message", "Your message has been sent."),
            Notice::BlocksChanged => ("blocks", "Your block list has been updated."),
            Notice::ForumCreated => ("forum", "The forum was created."),
        }
    }
}

/// Where visitors who must log in are sent.
pub fn login_redirect() -> Response {
    Redirect::to("/login").into_response()
}

/// The page frame of a forum visitor.
pub trait Framed {
    /// The page's common frame values.
    fn layout(&self, title: impl Into<String>) -> Layout;
}

impl Framed for Visitor {
    fn layout(&self, title: impl Into<String>) -> Layout {
        Layout {
            title: title.into(),
            user_name: self.user.as_ref().map(|user| user.username.clone()),
            csrf: self.csrf.value.clone(),
            notice: Notice::text_of(self.notice.as_deref()),
        }
    }
}

/// What the page frame (navigation bar, account links, notice) needs.
#[derive(Debug, Clone)]
pub struct Layout {
    /// The document title.
    pub title: String,
    /// The logged-in user's name.
    pub user_name: Option<String>,
    /// The CSRF token for the header's logout form.
    pub csrf: String,
    /// A one-time notice to show.
    pub notice: Option<&'static str>,
}
