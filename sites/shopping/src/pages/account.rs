//! The customer area's account pages: sign in and out, create an account, the dashboard and
//! account information (name, newsletter).

use super::{PageResult, now};
use crate::db::addresses::{self, Address};
use crate::db::customers::{self, Customer};
use crate::db::orders::{self, OrderSummary};
use crate::visitor::{Layout, Notice, Visitor, layout, login_redirect};
use crate::{SESSION_COOKIE, ShoppingError};
use askama::Template;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use kit::form::Fields;
use kit::throttle::LoginThrottle;
use kit::{PageError, cookie};

/// Longest name, email or password.
const MAX_FIELD: usize = 200;
/// Recent orders on the dashboard.
const RECENT_ORDERS: usize = 5;

#[derive(Template)]
#[template(path = "login.html")]
struct LoginPage {
    layout: Layout,
    email: String,
    error: Option<String>,
}

/// `GET /customer/account/login/`.
pub async fn login_form(visitor: &Visitor) -> PageResult {
    let page = LoginPage {
        layout: layout(visitor, "Customer Login | One Stop Market").await?,
        email: String::new(),
        error: None,
    };
    Ok(visitor.render(&page))
}

/// A redirect to `location` that starts a session for `customer_id`.
async fn start_session(
    visitor: &Visitor,
    customer_id: i64,
    notice: Notice,
    location: &str,
) -> PageResult {
    let token = visitor
        .database
        .call(move |connection| {
            Ok::<_, ShoppingError>(kit::auth::create_session(connection, customer_id)?)
        })
        .await?;
    let mut response = notice.redirect(location);
    if let Ok(value) = HeaderValue::from_str(&cookie::set(SESSION_COOKIE, &token)) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
    Ok(response)
}

/// `POST /customer/account/loginPost/` with `login[username]` and `login[password]`; failed
/// attempts are throttled per tenant, account and client `address`.
pub async fn login(
    visitor: &Visitor,
    throttle: &LoginThrottle,
    address: &str,
    form: &Fields,
) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let email = form.text("login[username]", "The email", MAX_FIELD)?;
    let password = form.text("login[password]", "The password", MAX_FIELD)?;
    let tenant = cookie::get(&visitor.headers, kit::TENANT_COOKIE).unwrap_or_default();
    let key = format!("{tenant}|{}|{address}", email.to_lowercase());
    if let Err(wait) = throttle.check(&key) {
        return Err(PageError::new(
            StatusCode::TOO_MANY_REQUESTS,
            format!(
                "Too many failed sign-ins for this account. Try again in {} seconds.",
                wait.as_secs().max(1)
            ),
        ));
    }
    let lookup = email.clone();
    let account = visitor
        .database
        .call(move |connection| Ok::<_, ShoppingError>(customers::by_email(connection, &lookup)?))
        .await?;
    let verified = tokio::task::spawn_blocking(move || {
        let matches =
            kit::auth::verify_account(&password, account.as_ref().map(|(_, hash)| hash.as_str()));
        account.filter(|_| matches)
    })
    .await
    .map_err(|error| kit::KitError::Task(error.to_string()))?;
    match verified {
        Some((customer, _)) => {
            throttle.clear(&key);
            start_session(visitor, customer.id, Notice::LoggedIn, "/customer/account/").await
        }
        None => {
            throttle.record_failure(&key);
            let page = LoginPage {
                layout: layout(visitor, "Customer Login | One Stop Market").await?,
                email,
                error: Some("The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later.".into()),
            };
            Ok((StatusCode::UNAUTHORIZED, visitor.render(&page)).into_response())
        }
    }
}

/// `POST /customer/account/logout/`.
pub async fn logout(visitor: &Visitor, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    if let Some(token) = visitor.session.clone() {
        visitor
            .database
            .call(move |connection| {
                Ok::<_, ShoppingError>(kit::auth::end_session(connection, &token)?)
            })
            .await?;
    }
    let mut response = Notice::LoggedOut.redirect("/");
    if let Ok(value) = HeaderValue::from_str(&cookie::clear(SESSION_COOKIE)) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
    Ok(response)
}

#[derive(Template)]
#[template(path = "register.html")]
struct RegisterPage {
    layout: Layout,
}

/// `GET /customer/account/create/`.
pub async fn register_form(visitor: &Visitor) -> PageResult {
    let page = RegisterPage {
        layout: layout(visitor, "Create New Customer Account | One Stop Market").await?,
    };
    Ok(visitor.render(&page))
}

/// `POST /customer/account/createpost/` with `firstname`, `lastname`, `email`, `password`
/// and `password_confirmation`.
pub async fn register(visitor: &Visitor, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let first = form.text("firstname", "First Name", MAX_FIELD)?;
    let last = form.text("lastname", "Last Name", MAX_FIELD)?;
    let email = form.text("email", "Email", MAX_FIELD)?;
    let password = form.text("password", "Password", MAX_FIELD)?;
    if !email.contains('@') || email.contains(char::is_whitespace) {
        return Err(PageError::bad_request(
            "Please enter a valid email address (Ex: johndoe@domain.com).",
        ));
    }
    if password.chars().count() < 8 {
        return Err(PageError::bad_request(
            "Choose a password of at least 8 characters.",
        ));
    }
    if form.get("password_confirmation") != Some(password.as_str()) {
        return Err(PageError::bad_request(
            "The passwords differ: enter the same password in Confirm Password.",
        ));
    }
    let hash = tokio::task::spawn_blocking(move || kit::auth::hash_password(&password))
        .await
        .map_err(|error| kit::KitError::Task(error.to_string()))??;
    let created = visitor
        .database
        .call(move |connection| {
            Ok::<_, ShoppingError>(customers::create(
                connection,
                &first,
                &last,
                &email,
                &hash,
                now(),
            )?)
        })
        .await?;
    match created {
        Some(id) => start_session(visitor, id, Notice::Registered, "/customer/account/").await,
        None => Err(PageError::new(
            StatusCode::CONFLICT,
            "There is already an account with this email address. Sign in instead.",
        )),
    }
}

#[derive(Template)]
#[template(path = "dashboard.html")]
struct DashboardPage {
    layout: Layout,
    customer: Customer,
    billing: Option<Address>,
    shipping: Option<Address>,
    orders: Vec<OrderSummary>,
}

/// `GET /customer/account/`.
pub async fn dashboard(visitor: &Visitor) -> PageResult {
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let id = customer.id;
    let (book, mut orders) = visitor
        .database
        .call(move |connection| {
            Ok::<_, ShoppingError>((
                addresses::of_customer(connection, id)?,
                orders::of_customer(connection, id)?,
            ))
        })
        .await?;
    orders.truncate(RECENT_ORDERS);
    let page = DashboardPage {
        layout: layout(visitor, "My Account | One Stop Market").await?,
        billing: book.iter().find(|address| address.default_billing).cloned(),
        shipping: book.into_iter().find(|address| address.default_shipping),
        customer,
        orders,
    };
    Ok(visitor.render(&page))
}

#[derive(Template)]
#[template(path = "account_edit.html")]
struct EditPage {
    layout: Layout,
    customer: Customer,
}

/// `GET /customer/account/edit/` (also `/newsletter/manage/`).
pub async fn edit_form(visitor: &Visitor) -> PageResult {
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let page = EditPage {
        layout: layout(visitor, "Account Information | One Stop Market").await?,
        customer,
    };
    Ok(visitor.render(&page))
}

/// `POST /customer/account/editPost/` with `firstname`, `lastname` and `is_subscribed`.
pub async fn edit(visitor: &Visitor, form: &Fields) -> Result<Response, PageError> {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let first = form.text("firstname", "First Name", MAX_FIELD)?;
    let last = form.text("lastname", "Last Name", MAX_FIELD)?;
    let subscribed = form.get("is_subscribed").is_some();
    visitor
        .database
        .call(move |connection| {
            Ok::<_, ShoppingError>(customers::update(
                connection,
                customer.id,
                &first,
                &last,
                subscribed,
            )?)
        })
        .await?;
    Ok(Notice::AccountSaved.redirect("/customer/account/"))
}
