//! Who is asking: the tenant database, the logged-in user and the CSRF token of a request.

use crate::db::users::{self, User};
use crate::routes::AppState;
use crate::{CSRF_COOKIE, SESSION_COOKIE, SITE};
use askama::Template;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use kit::csrf::{self, CsrfToken};
use kit::{Database, PageError, cookie};

/// The request's visitor.
#[derive(Debug, Clone)]
pub struct Visitor {
    /// The tenant's classifieds database.
    pub database: Database,
    /// The logged-in user, if any.
    pub user: Option<User>,
    /// The session token from the cookie, if it names a live session.
    pub session: Option<String>,
    /// The CSRF token forms must carry.
    pub csrf: CsrfToken,
    /// The request headers (for CSRF checks).
    pub headers: HeaderMap,
    /// A one-time notice left by the previous request (after a redirect).
    pub notice: Option<Notice>,
}

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
        let mut response = Redirect::to(location).into_response();
        if let Ok(value) = HeaderValue::from_str(&cookie::set(NOTICE_COOKIE, self.code())) {
            response.headers_mut().append(header::SET_COOKIE, value);
        }
        response
    }
}

const NOTICE_COOKIE: &str = "classifieds_notice";

impl FromRequestParts<AppState> for Visitor {
    type Rejection = PageError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let database = state.tenants.database_for_request(&parts.headers, SITE)?;
        let token = cookie::get(&parts.headers, SESSION_COOKIE);
        let (user, session) = match token {
            Some(token) => {
                let lookup = token.clone();
                let user = database
                    .call(move |connection| {
                        let Some(user_id) = kit::auth::session_user(connection, &lookup)? else {
                            return Ok::<_, crate::ClassifiedsError>(None);
                        };
                        Ok(users::by_id(connection, user_id)?)
                    })
                    .await?;
                let session = user.as_ref().map(|_| token);
                (user, session)
            }
            None => (None, None),
        };
        Ok(Visitor {
            database,
            user,
            session,
            csrf: csrf::token(&parts.headers, CSRF_COOKIE),
            notice: cookie::get(&parts.headers, NOTICE_COOKIE)
                .and_then(|code| Notice::ALL.into_iter().find(|notice| notice.code() == code)),
            headers: parts.headers.clone(),
        })
    }
}

impl Visitor {
    /// Fails with 403 unless the submitted form token matches the CSRF cookie.
    pub fn check_csrf(&self, submitted: Option<&str>) -> Result<(), PageError> {
        if csrf::verify(&self.headers, CSRF_COOKIE, submitted) {
            Ok(())
        } else {
            Err(PageError::csrf())
        }
    }

    /// The page's common frame values.
    pub fn layout(&self, title: impl Into<String>) -> Layout {
        Layout {
            title: title.into(),
            user_name: self.user.as_ref().map(|user| user.name.clone()),
            csrf: self.csrf.value.clone(),
            pattern: String::new(),
            notice: self.notice.map(Notice::text),
        }
    }

    /// Renders a page, setting the CSRF cookie when this visit minted it.
    pub fn render(&self, page: &impl Template) -> Response {
        match page.render() {
            Ok(html) => self.with_cookie(Html(html).into_response()),
            Err(error) => PageError::from(kit::KitError::Task(error.to_string())).into_response(),
        }
    }

    /// Adds the CSRF cookie to a response when this visit minted it.
    pub fn with_cookie(&self, mut response: Response) -> Response {
        if let Some(set_cookie) = &self.csrf.set_cookie
            && let Ok(value) = HeaderValue::from_str(set_cookie)
        {
            response.headers_mut().append(header::SET_COOKIE, value);
        }
        // A notice is shown once: the page that displays it clears it.
        if self.notice.is_some()
            && let Ok(value) = HeaderValue::from_str(&cookie::clear(NOTICE_COOKIE))
        {
            response.headers_mut().append(header::SET_COOKIE, value);
        }
        response
    }
}

/// Where visitors who must log in are sent.
pub fn login_redirect() -> Response {
    Redirect::to("/index.php?page=login").into_response()
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
