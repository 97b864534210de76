//! Resetting a site's data over HTTP, the call VWA's harness makes before a task that changes
//! state: `POST /index.php?page=reset` with the form field `token` (VWA sends it to its
//! classifieds site; every Agora site with data answers it the same way).
//!
//! The tenant the request selects — the shared one for a browser or script without the tenant
//! cookie, as VWA's are — gets a fresh copy of the site's base data. Login sessions survive
//! the reset (OSClass keeps its PHP sessions outside the database it resets), so a harness
//! that logged in before resetting stays logged in.

use crate::{Database, KitError, PageError, SiteName, TenantId, Tenants};
use axum::Router;
use axum::extract::{Request, State};
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use std::fmt;
use std::str::FromStr;
use std::time::{Duration, Instant};

/// VWA's default classifieds reset token (its setup guide's `CLASSIFIEDS_RESET_TOKEN`).
pub const VWA_RESET_TOKEN: &str = "4b61655535e7ed388f0d40a93600254c";
/// The path of the reset address, `POST /index.php?page=reset`.
pub const RESET_PATH: &str = "/index.php";
/// The `page` query value of the reset address.
const RESET_PAGE: &str = "reset";
/// Longest reset form body read (the form is one short field).
const BODY_LIMIT: usize = 4096;
/// Longest token accepted.
const TOKEN_LIMIT: usize = 256;
/// Longest wait for the site's spare copy before a reset copies the base itself.
const SPARE_WAIT: Duration = Duration::from_secs(30);

/// The secret a reset request must carry as its `token` field.
#[derive(Clone, PartialEq, Eq)]
pub struct ResetToken(String);

impl ResetToken {
    /// Whether `given` is this token (compared in time independent of where they differ).
    fn matches(&self, given: &str) -> bool {
        let (expected, given) = (self.0.as_bytes(), given.as_bytes());
        expected.len() == given.len()
            && expected
                .iter()
                .zip(given)
                .fold(0u8, |difference, (a, b)| difference | (a ^ b))
                == 0
    }
}

impl Default for ResetToken {
    /// VWA's default token, so VWA's harness resets Agora without configuration.
    fn default() -> Self {
        Self(VWA_RESET_TOKEN.to_owned())
    }
}

impl fmt::Debug for ResetToken {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str("ResetToken(…)")
    }
}

impl FromStr for ResetToken {
    type Err = String;

    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let text = text.trim();
        if text.is_empty()
            || text.len() > TOKEN_LIMIT
            || !text.chars().all(|c| c.is_ascii_graphic())
        {
            return Err(format!(
                "a reset token is 1 to {TOKEN_LIMIT} printable ASCII characters without spaces"
            ));
        }
        Ok(Self(text.to_owned()))
    }
}

/// One site's reset: which data it replaces and the token it asks for.
#[derive(Clone)]
pub struct Reset {
    tenants: Tenants,
    site: SiteName,
    accounts: &'static str,
    token: ResetToken,
}

impl fmt::Debug for Reset {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter
            .debug_struct("Reset")
            .field("site", &self.site)
            .finish_non_exhaustive()
    }
}

impl Reset {
    /// The reset of `site`'s data among `tenants`, with VWA's default token; `accounts` is the
    /// site's table of accounts (a kept session must still name one of them).
    pub fn new(tenants: Tenants, site: SiteName, accounts: &'static str) -> Self {
        Self {
            tenants,
            site,
            accounts,
            token: ResetToken::default(),
        }
    }

    /// The same reset, asking for `token`.
    pub fn with_token(mut self, token: ResetToken) -> Self {
        self.token = token;
        self
    }

    /// `router` with the reset address answered before any of its routes.
    pub fn wrap(&self, router: Router) -> Router {
        router.layer(axum::middleware::from_fn_with_state(
            self.clone(),
            intercept,
        ))
    }

    /// Gives tenant `id` a fresh copy of the site's base data, keeping its login sessions of
    /// accounts the base has.
    pub fn reset(&self, id: &TenantId) -> Result<(), KitError> {
        // A spare under way is ready sooner than a copy started now.
        self.tenants.wait_for_spare(self.site, SPARE_WAIT)?;
        self.tenants.replace_copy(id, self.site, |old, fresh| {
            keep_sessions(old, fresh, self.accounts)
        })
    }

    /// Answers a reset request: checks the token, resets the request's tenant, says how long
    /// it took.
    async fn answer(&self, request: Request) -> Result<Response, PageError> {
        let tenant = self.tenants.tenant_of_request(request.headers())?;
        let body = axum::body::to_bytes(request.into_body(), BODY_LIMIT)
            .await
            .map_err(|_| {
                PageError::too_large(format!(
                    "A reset request is one form field, `token`: send at most {BODY_LIMIT} bytes."
                ))
            })?;
        let token = url::form_urlencoded::parse(&body)
            .find(|(key, _)| key == "token")
            .map(|(_, value)| value.into_owned())
            .ok_or_else(|| {
                PageError::bad_request(
                    "Send the reset token as the form field `token` (`token=…`, urlencoded).",
                )
            })?;
        if !self.token.matches(&token) {
            return Err(PageError::forbidden(
                "The reset token is wrong. Send the token the sites were started with \
                 (`--reset-token` or AGORA_RESET_TOKEN; VWA's default when not set).",
            ));
        }
        let reset = self.clone();
        let started = Instant::now();
        tokio::task::spawn_blocking(move || reset.reset(&tenant))
            .await
            .map_err(|error| KitError::Task(error.to_string()))??;
        let message = format!(
            "Reset the {} site's data in {:.1} ms; logins were kept.\n",
            self.site,
            started.elapsed().as_secs_f64() * 1000.0
        );
        Ok((
            StatusCode::OK,
            [(header::CONTENT_TYPE, "text/plain; charset=utf-8")],
            message,
        )
            .into_response())
    }
}

/// Copies the login sessions of `old` into `fresh`, except those of accounts `fresh` lacks
/// (created after the base), whose ids a later account could take.
fn keep_sessions(old: &Database, fresh: &Database, accounts: &str) -> Result<(), KitError> {
    let sessions: Vec<(String, i64, String)> = old.call_blocking(|connection| {
        connection
            .prepare("SELECT token, user_id, created_at FROM sessions")?
            .query_map([], |row| Ok((row.get(0)?, row.get(1)?, row.get(2)?)))?
            .collect::<Result<_, _>>()
            .map_err(KitError::from)
    })?;
    fresh.call_blocking(|connection| {
        let transaction = connection.transaction()?;
        {
            let mut insert = transaction.prepare(&format!(
                "INSERT OR IGNORE INTO sessions (token, user_id, created_at)
                 SELECT ?1, ?2, ?3 WHERE EXISTS (SELECT 1 FROM {accounts} WHERE id = ?2)"
            ))?;
            for (token, user, created) in &sessions {
                insert.execute(rusqlite::params![token, user, created])?;
            }
        }
        transaction.commit()?;
        Ok(())
    })
}

/// Whether a query string asks for the reset page (`page=reset`).
fn asks_reset(query: Option<&str>) -> bool {
    url::form_urlencoded::parse(query.unwrap_or_default().as_bytes())
        .any(|(key, value)| key == "page" && value == RESET_PAGE)
}

async fn intercept(State(reset): State<Reset>, request: Request, next: Next) -> Response {
    let uri = request.uri();
    if request.method() != Method::POST || uri.path() != RESET_PATH || !asks_reset(uri.query()) {
        return next.run(request).await;
    }
    reset
        .answer(request)
        .await
        .unwrap_or_else(IntoResponse::into_response)
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::HeaderValue;
    use axum::routing::get;
    use rusqlite::Connection;
    use tower::ServiceExt;

    const SITE: SiteName = SiteName("notes");

    fn image() -> Vec<u8> {
        let connection = Connection::open_in_memory().unwrap();
        connection
            .execute_batch(&format!(
                "CREATE TABLE users (id INTEGER PRIMARY KEY);
                 INSERT INTO users VALUES (1);
                 CREATE TABLE notes (body TEXT);
                 INSERT INTO notes VALUES ('base');
                 {}",
                crate::auth::SESSIONS_TABLE
            ))
            .unwrap();
        connection.serialize(rusqlite::MAIN_DB).unwrap().to_vec()
    }

    fn notes(tenants: &Tenants, id: &TenantId) -> Vec<String> {
        tenants
            .database(id, SITE)
            .unwrap()
            .call_blocking(|c| {
                c.prepare("SELECT body FROM notes ORDER BY rowid")?
                    .query_map([], |row| row.get(0))?
                    .collect::<Result<Vec<String>, _>>()
                    .map_err(KitError::from)
            })
            .unwrap()
    }

    async fn post(
        router: &Router,
        uri: &str,
        body: &str,
        tenant: Option<&TenantId>,
    ) -> (u16, String) {
        let mut request = Request::post(uri)
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(body.to_owned()))
            .unwrap();
        if let Some(id) = tenant {
            let cookie = format!("{}={id}", crate::TENANT_COOKIE);
            request
                .headers_mut()
                .insert(header::COOKIE, HeaderValue::from_str(&cookie).unwrap());
        }
        let response = router.clone().oneshot(request).await.unwrap();
        let status = response.status().as_u16();
        let bytes = axum::body::to_bytes(response.into_body(), 1 << 20)
            .await
            .unwrap();
        (status, String::from_utf8_lossy(&bytes).into_owned())
    }

    #[tokio::test]
    async fn the_token_resets_the_requests_tenant_and_keeps_its_logins() {
        let tenants = Tenants::new();
        tenants.register_site(SITE, image()).unwrap();
        let shared = tenants.default_id();
        let other = tenants.create().unwrap();
        let sessions: Vec<String> = [&shared, &other]
            .into_iter()
            .map(|id| {
                tenants
                    .database(id, SITE)
                    .unwrap()
                    .call_blocking(|c| {
                        c.execute_batch(
                            "INSERT INTO notes VALUES ('changed'); INSERT INTO users VALUES (2);",
                        )?;
                        crate::auth::create_session(c, 2)?;
                        crate::auth::create_session(c, 1)
                    })
                    .unwrap()
            })
            .collect();
        let routes = Router::new().route(RESET_PATH, get(|| async { "the site's page" }));
        let router = Reset::new(tenants.clone(), SITE, "users").wrap(routes);

        // Other requests reach the site's own routes.
        let (status, _) = post(&router, "/index.php?page=login", "token=x", None).await;
        assert_eq!(status, 405);
        // A wrong or missing token changes nothing.
        let (status, body) = post(&router, "/index.php?page=reset", "token=nope", None).await;
        assert_eq!(status, 403, "{body}");
        let (status, _) = post(&router, "/index.php?page=reset", "other=1", None).await;
        assert_eq!(status, 400);
        assert_eq!(notes(&tenants, &shared), ["base", "changed"]);

        // VWA's call: no tenant cookie, so the shared tenant is reset, and only it.
        let form = format!("token={VWA_RESET_TOKEN}");
        let (status, body) = post(&router, "/index.php?page=reset", &form, None).await;
        assert_eq!(status, 200, "{body}");
        assert!(body.contains("Reset the notes site's data"), "{body}");
        assert_eq!(notes(&tenants, &shared), ["base"]);
        assert_eq!(notes(&tenants, &other), ["base", "changed"]);
        // The session of the base's account survives; the one of the account the reset
        // removed does not.
        let kept: Vec<i64> = tenants
            .database(&shared, SITE)
            .unwrap()
            .call_blocking(|c| {
                assert_eq!(crate::auth::session_user(c, &sessions[0])?, Some(1));
                c.prepare("SELECT user_id FROM sessions")?
                    .query_map([], |row| row.get(0))?
                    .collect::<Result<Vec<i64>, _>>()
                    .map_err(KitError::from)
            })
            .unwrap();
        assert_eq!(kept, [1]);

        // A request carrying a tenant cookie resets that tenant.
        let (status, _) = post(&router, "/index.php?page=reset", &form, Some(&other)).await;
        assert_eq!(status, 200);
        assert_eq!(notes(&tenants, &other), ["base"]);
    }

    #[test]
    fn tokens_are_printable_and_bounded() {
        assert!(
            "4b61655535e7ed388f0d40a93600254c"
                .parse::<ResetToken>()
                .is_ok()
        );
        for bad in ["", " ", "a b", &"x".repeat(TOKEN_LIMIT + 1), "tab\there"] {
            assert!(bad.parse::<ResetToken>().is_err(), "{bad:?}");
        }
        assert!(ResetToken::default().matches(VWA_RESET_TOKEN));
        assert!(!ResetToken::default().matches("4b61655535e7ed388f0d40a93600254"));
        assert_eq!(format!("{:?}", ResetToken::default()), "ResetToken(…)");
    }
}
