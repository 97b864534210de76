//! Accounts: log in, log out, register, and "My listings".

use super::{Card, PageResult, now};
use crate::db::search::{self, PAGE_SIZE, SearchQuery};
use crate::db::users;
use crate::visitor::{Framed, Layout, Notice, Visitor, login_redirect};
use crate::{ClassifiedsError, SESSION_COOKIE};
use askama::Template;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use kit::form::Fields;
use kit::pager::{PageLink, pager};
use kit::throttle::LoginThrottle;
use kit::{PageError, cookie};

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

/// Logs `user_id` in: a new session and a redirect carrying its cookie.
async fn start_session(visitor: &Visitor, user_id: i64, notice: Notice) -> PageResult {
    let token = visitor
        .database
        .call(move |connection| {
            Ok::<_, ClassifiedsError>(kit::auth::create_session(connection, user_id)?)
        })
        .await?;
    let mut response = notice.redirect("/");
    if let Ok(value) = HeaderValue::from_str(&cookie::set(SESSION_COOKIE, &token)) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
    Ok(response)
}

/// `POST index.php?page=login` with `email` and `password`. Failures are throttled per tenant,
/// account and client `address`; an unknown account costs the same hash check as a wrong
/// password, so timing does not tell which accounts exist.
pub async fn login(
    visitor: &Visitor,
    throttle: &LoginThrottle,
    address: &str,
    form: &Fields,
) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let email = form.text("email", "The email", 200)?;
    let password = form.text("password", "The password", 200)?;
    let tenant = cookie::get(&visitor.headers, kit::TENANT_COOKIE).unwrap_or_default();
    let key = format!("{tenant}|{}|{address}", email.to_lowercase());
    if let Err(wait) = throttle.check(&key) {
        return Err(PageError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "Too many failed logins for this account. Try again in {} seconds.",
                wait.as_secs().max(1)
            ),
        ));
    }
    let lookup = email.clone();
    let account = visitor
        .database
        .call(move |connection| Ok::<_, ClassifiedsError>(users::by_email(connection, &lookup)?))
        .await?;
    // Verify off the async workers: argon2 is deliberately slow.
    let verified = tokio::task::spawn_blocking(move || {
        let matches =
            kit::auth::verify_account(&password, account.as_ref().map(|(_, hash)| hash.as_str()));
        account.filter(|_| matches)
    })
    .await
    .map_err(|error| kit::KitError::Task(error.to_string()))?;
    match verified {
        Some((user, _)) => {
            throttle.clear(&key);
            start_session(visitor, user.id, Notice::LoggedIn).await
        }
        None => {
            throttle.record_failure(&key);
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
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    if let Some(token) = visitor.session.clone() {
        visitor
            .database
            .call(move |connection| {
                Ok::<_, ClassifiedsError>(kit::auth::end_session(connection, &token)?)
            })
            .await?;
    }
    let mut response = Notice::LoggedOut.redirect("/");
    if let Ok(value) = HeaderValue::from_str(&cookie::clear(SESSION_COOKIE)) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
    Ok(response)
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
        Some(user_id) => start_session(visitor, user_id, Notice::Registered).await,
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
