//! Logging in and out (`/login`, `/logout`).

use super::PageResult;
use crate::db::users;
use crate::visitor::{Framed, Layout, Notice, Visitor};
use crate::{ForumError, SESSION_COOKIE};
use askama::Template;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use kit::form::Fields;
use kit::throttle::LoginThrottle;
use kit::{PageError, cookie};

#[derive(Template)]
#[template(path = "login.html")]
struct LoginPage {
    layout: Layout,
    username: String,
    error: Option<String>,
}

/// `GET /login`.
pub fn login_form(visitor: &Visitor) -> Response {
    visitor.render(&LoginPage {
        layout: visitor.layout("Log in"),
        username: String::new(),
        error: None,
    })
}

/// `POST /login` with `_username` and `_password`. Failures are throttled per tenant, account
/// and client `address`; an unknown account costs the same hash check as a wrong password.
pub async fn login(
    visitor: &Visitor,
    throttle: &LoginThrottle,
    address: &str,
    form: &Fields,
) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let username = form.text("_username", "The username", 100)?;
    let password = form.text("_password", "The password", 200)?;
    let tenant = cookie::get(&visitor.headers, kit::TENANT_COOKIE).unwrap_or_default();
    let key = format!("{tenant}|{}|{address}", username.to_lowercase());
    if let Err(wait) = throttle.check(&key) {
        return Err(PageError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "Too many failed logins for this account. Try again in {} seconds.",
                wait.as_secs().max(1)
            ),
        ));
    }
    let lookup = username.clone();
    let account = visitor
        .database
        .call(move |connection| Ok::<_, ForumError>(users::by_name(connection, &lookup)?))
        .await?;
    let verified = tokio::task::spawn_blocking(move || {
        let matches =
            kit::auth::verify_account(&password, account.as_ref().map(|(_, hash)| hash.as_str()));
        account.filter(|_| matches)
    })
    .await
    .map_err(|error| kit::KitError::Task(error.to_string()))?;
    let Some((user, _)) = verified else {
        throttle.record_failure(&key);
        let page = LoginPage {
            layout: visitor.layout("Log in"),
            username,
            error: Some("The username or password is incorrect. Check them and try again.".into()),
        };
        return Ok((StatusCode::UNAUTHORIZED, visitor.render(&page)).into_response());
    };
    throttle.clear(&key);
    let token = visitor
        .database
        .call(move |connection| {
            Ok::<_, ForumError>(kit::auth::create_session(connection, user.id)?)
        })
        .await?;
    let mut response = Notice::LoggedIn.redirect("/");
    if let Ok(value) = HeaderValue::from_str(&cookie::set(SESSION_COOKIE, &token)) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
    Ok(response)
}

/// `POST /logout`.
pub async fn logout(visitor: &Visitor, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    if let Some(token) = visitor.session.clone() {
        visitor
            .database
            .call(move |connection| {
                Ok::<_, ForumError>(kit::auth::end_session(connection, &token)?)
            })
            .await?;
    }
    let mut response = Notice::LoggedOut.redirect("/");
    if let Ok(value) = HeaderValue::from_str(&cookie::clear(SESSION_COOKIE)) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
    Ok(response)
}
