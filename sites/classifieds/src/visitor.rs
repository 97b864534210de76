//! Who is asking: kit's [`kit::visitor::Visitor`] over the classifieds state, the site's
//! one-time notices and the page frame every template shares.

use crate::state::AppState;
use axum::response::{Redirect, Response};

/// The request's visitor.
pub type Visitor = kit::visitor::Visitor<AppState>;

/// One-time notices shown after a form redirects (kept in a short-lived cookie).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notice {
    /// A comment was posted.
    CommentAdded,
    /// A message went to the seller.
    MessageSent,
    /// A listing was published or saved.
    ListingSaved,
    /// A listing was deleted.
    ListingDeleted,
    /// The visitor logged in.
    LoggedIn,
    /// The visitor logged out.
    LoggedOut,
    /// An account was created.
    Registered,
}

impl Notice {
    const ALL: [Notice; 7] = [
        Notice::CommentAdded,
        Notice::MessageSent,
        Notice::ListingSaved,
        Notice::ListingDeleted,
        Notice::LoggedIn,
        Notice::LoggedOut,
        Notice::Registered,
    ];

    fn code(self) -> &'static str {
        match self {
            Notice::CommentAdded => "comment",
            Notice::MessageSent => "message",
            Notice::ListingSaved => "saved",
            Notice::ListingDeleted => "deleted",
            Notice::LoggedIn => "login",
            Notice::LoggedOut => "logout",
            Notice::Registered => "registered",
        }
    }

    fn of_code(code: &str) -> Option<Notice> {
        Notice::ALL.into_iter().find(|notice| notice.code() == code)
    }

    /// The text shown to the visitor.
    pub fn text(self) -> &'static str {
        match self {
            Notice::CommentAdded => "Your comment has been published.",
            Notice::MessageSent => "Your message has been sent to the seller.",
            Notice::ListingSaved => "Your listing has been saved.",
            Notice::ListingDeleted => "Your listing has been deleted.",
            Notice::LoggedIn => "You are now logged in.",
            Notice::LoggedOut => "You have been logged out.",
            Notice::Registered => "Your account has been created and you are logged in.",
        }
    }

    /// A redirect to `location` that shows this notice there.
    pub fn redirect(self, location: &str) -> Response {
        kit::visitor::redirect_with_notice(location, crate::NOTICE_COOKIE, self.code())
    }
}

/// Where visitors who must log in are sent.
pub fn login_redirect() -> Response {
    use axum::response::IntoResponse;
    Redirect::to("/index.php?page=login").into_response()
}

/// The page frame of a classifieds visitor.
pub trait Framed {
    /// The page's common frame values.
    fn layout(&self, title: impl Into<String>) -> Layout;
}

impl Framed for Visitor {
    fn layout(&self, title: impl Into<String>) -> Layout {
        Layout {
            title: title.into(),
            user_name: self.user.as_ref().map(|user| user.name.clone()),
            csrf: self.csrf.value.clone(),
            pattern: String::new(),
            notice: self
                .notice
                .as_deref()
                .and_then(Notice::of_code)
                .map(Notice::text),
        }
    }
}

/// What the page frame (header, search bar, account links) needs.
#[derive(Debug, Clone)]
pub struct Layout {
    /// The document title.
    pub title: String,
    /// The logged-in user's name.
    pub user_name: Option<String>,
    /// The CSRF token for the header's logout form.
    pub csrf: String,
    /// The search bar's current text.
    pub pattern: String,
    /// A one-time notice to show.
    pub notice: Option<&'static str>,
}
