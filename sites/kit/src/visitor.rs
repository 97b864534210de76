//! Who is asking: the tenant's database, the logged-in account, the CSRF token and a one-time
//! notice of a request — the extractor every site's handlers take, parameterised by the
//! site's state (its tenants, cookie names and account lookup).

use crate::csrf::{self, CsrfToken};
use crate::{Database, KitError, PageError, SiteName, Tenants, cookie};
use askama::Template;
use axum::extract::FromRequestParts;
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{Html, IntoResponse, Redirect, Response};
use rusqlite::Connection;

/// The names a site gives its cookies (per site, so sites on one host do not collide).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SiteCookies {
    /// The site, as registered with the tenants.
    pub site: SiteName,
    /// The login session cookie.
    pub session: &'static str,
    /// The CSRF double-submit cookie.
    pub csrf: &'static str,
    /// The short-lived cookie carrying a notice across a redirect.
    pub notice: &'static str,
}

/// What a site's handler state tells the [`Visitor`] extractor.
pub trait SiteState: Clone + Send + Sync + 'static {
    /// The site's account type.
    type Account: Clone + Send + std::fmt::Debug + 'static;
    /// The tenant registry.
    fn tenants(&self) -> &Tenants;
    /// The site's cookie names.
    fn cookies(&self) -> SiteCookies;
    /// The account with this id, if it exists.
    fn find_account(connection: &Connection, id: i64) -> Result<Option<Self::Account>, KitError>;
}

/// The request's visitor on a site with state `S`.
#[derive(Debug, Clone)]
pub struct Visitor<S: SiteState> {
    /// The tenant's database of this site.
    pub database: Database,
    /// The logged-in account, if any.
    pub user: Option<S::Account>,
    /// The session token from the cookie, if it names a live session.
    pub session: Option<String>,
    /// The CSRF token forms must carry.
    pub csrf: CsrfToken,
    /// The request headers (for CSRF checks).
    pub headers: HeaderMap,
    /// The code of a one-time notice left by the previous request (after a redirect).
    pub notice: Option<String>,
    cookies: SiteCookies,
}

impl<S: SiteState> FromRequestParts<S> for Visitor<S> {
    type Rejection = PageError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        let cookies = state.cookies();
        let database = state
            .tenants()
            .database_for_request(&parts.headers, cookies.site)
            .await?;
        let token = cookie::get(&parts.headers, cookies.session);
        let (user, session) = match token {
            Some(token) => {
                let lookup = token.clone();
                let user = database
                    .call(move |connection| {
                        let Some(id) = crate::auth::session_user(connection, &lookup)? else {
                            return Ok::<_, KitError>(None);
                        };
                        S::find_account(connection, id)
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
            csrf: csrf::token(&parts.headers, cookies.csrf),
            notice: cookie::get(&parts.headers, cookies.notice).filter(|code| !code.is_empty()),
            headers: parts.headers.clone(),
            cookies,
        })
    }
}

impl<S: SiteState> Visitor<S> {
    /// Fails with 403 unless the submitted form token matches the CSRF cookie.
    pub fn check_csrf(&self, submitted: Option<&str>) -> Result<(), PageError> {
        if csrf::verify(&self.headers, self.cookies.csrf, submitted) {
            Ok(())
        } else {
            Err(PageError::csrf())
        }
    }

    /// Renders a page, setting the CSRF cookie when this visit minted it.
    pub fn render(&self, page: &impl Template) -> Response {
        match page.render() {
            Ok(html) => self.with_cookie(Html(html).into_response()),
            Err(error) => PageError::from(KitError::Task(error.to_string())).into_response(),
        }
    }

    /// Adds the CSRF cookie to a response when this visit minted it, and clears a notice
    /// that this response shows (a notice is shown once).
    pub fn with_cookie(&self, mut response: Response) -> Response {
        if let Some(set_cookie) = &self.csrf.set_cookie
            && let Ok(value) = HeaderValue::from_str(set_cookie)
        {
            response.headers_mut().append(header::SET_COOKIE, value);
        }
        if self.notice.is_some()
            && let Ok(value) = HeaderValue::from_str(&cookie::clear(self.cookies.notice))
        {
            response.headers_mut().append(header::SET_COOKIE, value);
        }
        response
    }
}

/// A redirect to `location` that leaves notice `code` for the next page to show once.
pub fn redirect_with_notice(location: &str, notice_cookie: &str, code: &str) -> Response {
    let mut response = Redirect::to(location).into_response();
    if let Ok(value) = HeaderValue::from_str(&cookie::set(notice_cookie, code)) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
    response
}
