//! Who is asking: kit's [`kit::visitor::Visitor`] over the forum state, the site's one-time
//! notices and the page frame every template shares.

use crate::state::AppState;
use axum::response::{IntoResponse, Redirect, Response};
use kit::visitor::SiteCookies;

/// The request's visitor.
pub type Visitor = kit::visitor::Visitor<AppState>;

/// The forum's cookie names.
pub const COOKIES: SiteCookies = SiteCookies {
    site: crate::SITE,
    session: crate::SESSION_COOKIE,
    csrf: crate::CSRF_COOKIE,
    notice: crate::NOTICE_COOKIE,
};

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

impl Notice {
    const ALL: [Notice; 9] = [
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

    fn code(self) -> &'static str {
        match self {
            Notice::LoggedIn => "login",
            Notice::LoggedOut => "logout",
            Notice::SubmissionSaved => "submission",
            Notice::SubmissionDeleted => "submission-deleted",
            Notice::CommentSaved => "comment",
            Notice::CommentDeleted => "comment-deleted",
            Notice::MessageSent => "message",
            Notice::BlocksChanged => "blocks",
            Notice::ForumCreated => "forum",
        }
    }

    fn of_code(code: &str) -> Option<Notice> {
        Notice::ALL.into_iter().find(|notice| notice.code() == code)
    }

    /// The text shown to the visitor.
    pub fn text(self) -> &'static str {
        match self {
            Notice::LoggedIn => "You are now logged in.",
            Notice::LoggedOut => "You have been logged out.",
            Notice::SubmissionSaved => "Your submission has been saved.",
            Notice::SubmissionDeleted => "The submission was deleted.",
            Notice::CommentSaved => "Your comment has been saved.",
            Notice::CommentDeleted => "The comment was deleted.",
            Notice::MessageSent => "Your message has been sent.",
            Notice::BlocksChanged => "Your block list has been updated.",
            Notice::ForumCreated => "The forum was created.",
        }
    }

    /// A redirect to `location` that shows this notice there.
    pub fn redirect(self, location: &str) -> Response {
        kit::visitor::redirect_with_notice(location, crate::NOTICE_COOKIE, self.code())
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
            notice: self
                .notice
                .as_deref()
                .and_then(Notice::of_code)
                .map(Notice::text),
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
