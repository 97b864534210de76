//! Accounts: log in, log out, register, and "My listings".

use super::{Card, PageResult, now};
use crate::ClassifiedsError;
use crate::db::search::{self, PAGE_SIZE, SearchQuery};
use crate::db::users;
use crate::visitor::{Framed, Layout, Notice, Visitor, login_redirect};
use askama::Template;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use kit::PageError;
use kit::auth::{Login, LoginForm, LoginThrottle};
use kit::form::Fields;
use kit::notice::Notices;
use kit::pager::{PageLink, pager};

/// The login form's fields.
pub(crate) const LOGIN_FORM: LoginForm = LoginForm {
    path: "/index.php?page=login",
    login_field: "email",
    login_label: "The email",
    login_max: 200,
    password_field: "password",
    attempts: "logins",
};

#[derive(Template)]
#[template(path = "login.html")]
struct LoginPage {
    layout: Layout,
    email: String,
    error: Option<String>,
}

#[derive(Template)]
#[template(path = "register.html")]
struct RegisterPage {
    layout: Layout,
}

#[derive(Template)]
#[template(path = "user_items.html")]
struct UserItemsPage {
    layout: Layout,
    cards: Vec<Card>,
    gallery: bool,
    total: i64,
    pages: Vec<PageLink>,
}

/// `GET index.php?page=login`.
pub fn login_form(visitor: &Visitor) -> Response {
    visitor.render(&LoginPage {
        layout: visitor.layout("Log in - Classifieds"),
        email: String::new(),
        error: None,
    })
}

/// `POST index.php?page=login` with `email` and `password` (checked and throttled by
/// [`kit::auth::check_login`]).
pub async fn login(visitor: &Visitor, throttle: &LoginThrottle, form: &Fields) -> PageResult {
    match kit::auth::check_login(visitor, throttle, form, &LOGIN_FORM).await? {
        Login::Verified(user) => {
            kit::auth::start_session(visitor, user.id, Notice::LoggedIn.redirect("/")).await
        }
        Login::Refused { login: email } => {
            let page = LoginPage {
                layout: visitor.layout("Log in - Classifieds"),
                email,
                error: Some("The email or password is incorrect. Check them and try again.".into()),
            };
            Ok((StatusCode::UNAUTHORIZED, visitor.render(&page)).into_response())
        }
    }
}

/// `POST index.php?page=logout`.
pub async fn logout(visitor: &Visitor, form: &Fields) -> PageResult {
    kit::auth::log_out(visitor, form, Notice::LoggedOut.redirect("/")).await
}

/// `GET index.php?page=register`.
pub fn register_form(visitor: &Visitor) -> Response {
    visitor.render(&RegisterPage {
        layout: visitor.layout("Register - Classifieds"),
    })
}

/// `POST index.php?page=register` with `name`, `email`, `password`, `password2`.
pub async fn register(visitor: &Visitor, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let name = form.text("name", "Your name", 100)?;
    let email = form.text("email", "The email", 200)?;
    let password = form.text("password", "The password", 200)?;
    if !email.contains('@') || email.contains(char::is_whitespace) {
        return Err(PageError::bad_request(
            "Enter an email address such as name@example.com.",
        ));
    }
    if password.chars().count() < 6 {
        return Err(PageError::bad_request(
            "Choose a password of at least 6 characters.",
        ));
    }
    if form.get("password2") != Some(password.as_str()) {
        return Err(PageError::bad_request(
            "The two passwords differ. Type the same password twice.",
        ));
    }
    let hash = tokio::task::spawn_blocking(move || kit::auth::hash_password(&password))
        .await
        .map_err(|error| kit::KitError::Task(error.to_string()))??;
    let created = visitor
        .database
        .call(move |connection| {
            Ok::<_, ClassifiedsError>(users::create(connection, &name, &email, &hash, now())?)
        })
        .await?;
    match created {
        Some(user_id) => {
            kit::auth::start_session(visitor, user_id, Notice::Registered.redirect("/")).await
        }
        None => Err(PageError::new(
            StatusCode::CONFLICT,
            "An account with this email already exists. Log in instead.",
        )),
    }
}

/// `GET index.php?page=user&action=items`: the logged-in user's listings.
pub async fn my_items(visitor: &Visitor, query: &Fields) -> PageResult {
    let Some(user_id) = visitor.user.as_ref().map(|user| user.id) else {
        return Ok(login_redirect());
    };
    let page = query
        .number("iPage", "The page number (iPage)")?
        .unwrap_or(1)
        .min(100_000) as u32;
    let search = SearchQuery {
        user: Some(user_id),
        page,
        ..SearchQuery::default()
    };
    let results = visitor
        .database
        .call(move |connection| Ok::<_, ClassifiedsError>(search::run(connection, &search)?))
        .await?;
    let pages = ((results.total + i64::from(PAGE_SIZE) - 1) / i64::from(PAGE_SIZE)).max(1) as u32;
    let view = UserItemsPage {
        layout: visitor.layout("My listings - Classifieds"),
        total: results.total,
        gallery: false,
        cards: results.listings.into_iter().map(Card::from).collect(),
        pages: pager(page, pages, |number| {
            format!("/index.php?page=user&action=items&iPage={number}")
        }),
    };
    Ok(visitor.render(&view))
}
