//! Logging in and out (`/login`, `/logout`).

use super::PageResult;
use crate::visitor::{Framed, Layout, Notice, Visitor};
use askama::Template;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use kit::auth::{Login, LoginForm, LoginThrottle};
use kit::form::Fields;
use kit::notice::Notices;

/// The login form's fields.
pub(crate) const LOGIN_FORM: LoginForm = LoginForm {
    path: "/login",
    login_field: "_username",
    login_label: "The username",
    login_max: 100,
    password_field: "_password",
    attempts: "logins",
};

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

/// `POST /login` with `_username` and `_password` (checked and throttled by
/// [`kit::auth::check_login`]).
pub async fn login(visitor: &Visitor, throttle: &LoginThrottle, form: &Fields) -> PageResult {
    match kit::auth::check_login(visitor, throttle, form, &LOGIN_FORM).await? {
        Login::Verified(user) => {
            kit::auth::start_session(visitor, user.id, Notice::LoggedIn.redirect("/")).await
        }
        Login::Refused { login: username } => {
            let page = LoginPage {
                layout: visitor.layout("Log in"),
                username,
                error: Some(
                    "The username or password is incorrect. Check them and try again.".into(),
                ),
            };
            Ok((StatusCode::UNAUTHORIZED, visitor.render(&page)).into_response())
        }
    }
}

/// `POST /logout`.
pub async fn logout(visitor: &Visitor, form: &Fields) -> PageResult {
    kit::auth::log_out(visitor, form, Notice::LoggedOut.redirect("/")).await
}
