//! Who is asking: the tenant's database, the logged-in account, the CSRF token, a one-time
//! notice and the client's address of a request — the extractor every content site's
//! handlers take, parameterised by the site's [`SiteDefinition`].

use crate::auth::Account;
use crate::content::{AppState, SiteDefinition};
use crate::csrf::CsrfToken;
use crate::{Database, KitError, PageError, SiteName, cookie};
use askama::Template;
use axum::extract::{ConnectInfo, FromRequestParts};
use axum::http::request::Parts;
use axum::http::{HeaderMap, HeaderValue, header};
use axum::response::{Html, IntoResponse, Response};
use std::net::{IpAddr, SocketAddr};

/// The names of a site's cookies, made from its name (`forum_session`, `forum_csrf`,
/// `forum_notice`) so sites on one host do not collide.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SiteCookies {
    /// The login session cookie.
    pub session: String,
    /// The anonymous visitor id CSRF tokens are bound to before a login.
    pub csrf: String,
    /// The short-lived cookie carrying a notice across a redirect.
    pub notice: String,
}

impl SiteCookies {
    /// The cookie names of `site`.
    pub fn of(site: SiteName) -> Self {
        Self {
            session: format!("{site}_session"),
            csrf: format!("{site}_csrf"),
            notice: format!("{site}_notice"),
        }
    }
}

/// The request's visitor on site `D`.
#[derive(Debug, Clone)]
pub struct Visitor<D: SiteDefinition> {
    /// The tenant's database of this site.
    pub database: Database,
    /// The logged-in account, if any.
    pub user: Option<D::Account>,
    /// The session token from the cookie, if it names a live session.
    pub session: Option<String>,
    /// The CSRF token forms must carry.
    pub csrf: CsrfToken,
    /// The request headers (for CSRF checks).
    pub headers: HeaderMap,
    /// The code of a one-time notice left by the previous request (after a redirect).
    pub notice: Option<String>,
    /// The client's address (for the login throttle); absent when the router runs in memory.
    pub address: Option<IpAddr>,
    cookies: SiteCookies,
}

impl<D: SiteDefinition> FromRequestParts<AppState<D>> for Visitor<D> {
    type Rejection = PageError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState<D>,
    ) -> Result<Self, Self::Rejection> {
        let cookies = SiteCookies::of(D::NAME);
        let database = state
            .tenants
            .database_for_request(&parts.headers, D::NAME)
            .await?;
        let token = cookie::get(&parts.headers, &cookies.session);
        let (user, session) = match token {
            Some(token) => {
                let lookup = token.clone();
                let user = database
                    .call(move |connection| {
                        let Some(id) = crate::auth::session_user(connection, &lookup)? else {
                            return Ok::<_, KitError>(None);
                        };
                        Ok(D::Account::find(connection, id)?)
                    })
                    .await?;
                let session = user.as_ref().map(|_| token);
                (user, session)
            }
            None => (None, None),
        };
        let csrf = CsrfToken::of_request(&parts.headers, &cookies.csrf, session.as_deref());
        Ok(Visitor {
            database,
            user,
            session,
            csrf,
            notice: cookie::get(&parts.headers, &cookies.notice).filter(|code| !code.is_empty()),
            headers: parts.headers.clone(),
            address: parts
                .extensions
                .get::<ConnectInfo<SocketAddr>>()
                .map(|ConnectInfo(address)| address.ip()),
            cookies,
        })
    }
}

impl<D: SiteDefinition> Visitor<D> {
    /// Fails with 403 unless the submitted form token is the one this visitor's pages carry
    /// (bound to its login session, else to its visitor id).
    pub fn check_csrf(&self, submitted: Option<&str>) -> Result<(), PageError> {
        if self.csrf.verify(submitted) {
            Ok(())
        } else {
            Err(PageError::csrf())
        }
    }

    /// Renders a page, setting the visitor-id cookie when this visit minted it.
    pub fn render(&self, page: &impl Template) -> Response {
        match page.render() {
            Ok(html) => self.with_cookie(Html(html).into_response()),
            Err(error) => PageError::from(KitError::Task(error.to_string())).into_response(),
        }
    }

    /// The site's cookie names.
    pub fn cookies(&self) -> &SiteCookies {
        &self.cookies
    }

    /// Adds the visitor-id cookie to a response when this visit minted it, and clears a notice
    /// that this response shows (a notice is shown once).
    pub fn with_cookie(&self, mut response: Response) -> Response {
        if let Some(set_cookie) = &self.csrf.set_cookie
            && let Ok(value) = HeaderValue::from_str(set_cookie)
        {
            response.headers_mut().append(header::SET_COOKIE, value);
        }
        if self.notice.is_some()
            && let Ok(value) = HeaderValue::from_str(&cookie::clear(&self.cookies.notice))
        {
            response.headers_mut().append(header::SET_COOKIE, value);
        }
        response
    }
}
