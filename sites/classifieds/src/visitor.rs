//! Who is asking: kit's [`kit::visitor::Visitor`] over the classifieds state, the site's
//! one-time notices and the page frame every template shares.

use crate::ClassifiedsSite;
use axum::response::{IntoResponse, Redirect, Response};
use kit::notice::Notices;

/// The request's visitor.
pub type Visitor = kit::visitor::Visitor<ClassifiedsSite>;
/// The state the site's handlers share.
pub type AppState = kit::content::AppState<ClassifiedsSite>;

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

impl Notices for Notice {
    type Site = ClassifiedsSite;
    const ALL: &'static [Notice] = &[
        Notice::CommentAdded,
        Notice::MessageSent,
        Notice::ListingSaved,
        Notice::ListingDeleted,
        Notice::LoggedIn,
        Notice::LoggedOut,
        Notice::Registered,
    ];

    fn code_and_text(self) -> (&'static str, &'static str) {
        match self {
            Notice::CommentAdded => ("comment", "Your comment has been published."),
            Notice::MessageSent => ("message", "Your message has been sent to the seller."),
            Notice::ListingSaved => ("saved", "Your listing has been saved."),
            Notice::ListingDeleted => ("deleted", "Your listing has been deleted."),
            Notice::LoggedIn => ("login", "You are now logged in."),
            Notice::LoggedOut => ("logout", "You have been logged out."),
            Notice::Registered => (
                "registered",
                "Your account has been created and you are logged in.",
            ),
        }
    }
}

/// Where visitors who must log in are sent.
pub fn login_redirect() -> Response {
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
            notice: Notice::text_of(self.notice.as_deref()),
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
