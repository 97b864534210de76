//! Logging in and out through a site's forms: the CSRF check, the failed-login throttle, an
//! equal-cost password check, and the session cookie set or cleared on the redirect.

use super::Account;
use super::throttle::LoginThrottle;
use crate::content::SiteDefinition;
use crate::form::Fields;
use crate::visitor::Visitor;
use crate::{KitError, PageError, cookie};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::Response;

/// Longest password accepted.
const MAX_PASSWORD: usize = 200;

/// A site's login form: where it is, its field names and the words its messages use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct LoginForm {
    /// The form's page and action (`GET` shows it, `POST` submits it).
    pub path: &'static str,
    /// The field holding the login (an email or a user name).
    pub login_field: &'static str,
    /// How messages name that field ("The email").
    pub login_label: &'static str,
    /// The longest login accepted.
    pub login_max: usize,
    /// The password field.
    pub password_field: &'static str,
    /// What the throttle's message calls attempts ("logins", "sign-ins").
    pub attempts: &'static str,
}

/// How a site with accounts is logged in from outside (VWA's auto-login, `agora tasks
/// export`): its own login form and the default account ([`crate::Site::login`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SiteLogin {
    /// The site's registered name (its session cookie, `<name>_session`, proves a login).
    pub site: crate::SiteName,
    /// The site's login form.
    pub form: LoginForm,
    /// The default account's login (VWA's).
    pub user: &'static str,
    /// Its password.
    pub password: &'static str,
}

/// The answer to a login form that was checked.
#[derive(Debug, Clone)]
pub enum Login<A> {
    /// The password is the account's: start its session.
    Verified(A),
    /// The account or password is wrong: show the form again with the `login` typed.
    Refused {
        /// The login as submitted.
        login: String,
    },
}

/// Checks a submitted login `form`. Failures are throttled per tenant, login and client
/// address: past the limit the answer is 429 without a password check. An unknown account
/// costs the same hash check as a wrong password, so timing does not tell which accounts
/// exist.
pub async fn check_login<D: SiteDefinition>(
    visitor: &Visitor<D>,
    throttle: &LoginThrottle,
    form: &Fields,
    spec: &LoginForm,
) -> Result<Login<D::Account>, PageError> {
    visitor.check_csrf(form.get(crate::csrf::FIELD))?;
    let login = form.text(spec.login_field, spec.login_label, spec.login_max)?;
    let password = form.text(spec.password_field, "The password", MAX_PASSWORD)?;
    let tenant = cookie::get(&visitor.headers, crate::TENANT_COOKIE).unwrap_or_default();
    let address = visitor
        .address
        .map(|address| address.to_string())
        .unwrap_or_default();
    let key = LoginThrottle::key(&tenant, &login, &address);
    if let Err(wait) = throttle.attempt(&key) {
        return Err(PageError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "Too many failed {} for this account. Try again in {} seconds.",
                spec.attempts,
                wait.as_secs().max(1)
            ),
        ));
    }
    let lookup = login.clone();
    let account = visitor
        .database
        .call(move |connection| Ok::<_, KitError>(D::Account::find_login(connection, &lookup)?))
        .await?;
    // Verify off the async workers: argon2 is deliberately slow.
    let verified = tokio::task::spawn_blocking(move || {
        let matches =
            super::verify_account(&password, account.as_ref().map(|(_, hash)| hash.as_str()));
        account.filter(|_| matches)
    })
    .await
    .map_err(|error| KitError::Task(error.to_string()))?;
    Ok(match verified {
        Some((account, _)) => {
            throttle.clear(&key);
            Login::Verified(account)
        }
        None => Login::Refused { login },
    })
}

/// Starts a session for `account` and sets its cookie on `redirect`.
pub async fn start_session<D: SiteDefinition>(
    visitor: &Visitor<D>,
    account_id: i64,
    redirect: Response,
) -> Result<Response, PageError> {
    let token = visitor
        .database
        .call(move |connection| super::create_session(connection, account_id))
        .await?;
    Ok(with_cookie(
        redirect,
        &cookie::set(&visitor.cookies().session, &token),
    ))
}

/// Checks the logout `form`, ends the visitor's session and clears its cookie on `redirect`.
pub async fn log_out<D: SiteDefinition>(
    visitor: &Visitor<D>,
    form: &Fields,
    redirect: Response,
) -> Result<Response, PageError> {
    visitor.check_csrf(form.get(crate::csrf::FIELD))?;
    if let Some(token) = visitor.session.clone() {
        visitor
            .database
            .call(move |connection| super::end_session(connection, &token))
            .await?;
    }
    Ok(with_cookie(
        redirect,
        &cookie::clear(&visitor.cookies().session),
    ))
}

fn with_cookie(mut response: Response, set_cookie: &str) -> Response {
    if let Ok(value) = HeaderValue::from_str(set_cookie) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
    response
}
