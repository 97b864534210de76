//! The customer area's account pages: sign in and out, create an account, the dashboard and
//! account information (name, newsletter).

use super::{PageResult, now};
use crate::ShoppingError;
use crate::db::addresses::{self, Address};
use crate::db::customers::{self, Customer};
use crate::db::orders::{self, OrderSummary};
use crate::visitor::{Layout, Notice, Visitor, layout, login_redirect};
use askama::Template;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use kit::PageError;
use kit::auth::{Login, LoginForm, LoginThrottle};
use kit::form::Fields;
use kit::notice::Notices;

/// Longest name, email or password.
const MAX_FIELD: usize = 200;
/// Recent orders on the dashboard.
const RECENT_ORDERS: usize = 5;
/// Where a customer lands after signing in or registering.
const ACCOUNT: &str = "/customer/account/";

/// The sign-in form's fields.
pub(crate) const LOGIN_FORM: LoginForm = LoginForm {
    path: "/customer/account/login/",
    login_field: "login[username]",
    login_label: "The email",
    login_max: MAX_FIELD,
    password_field: "login[password]",
    attempts: "sign-ins",
};

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

/// `POST /customer/account/loginPost/` with `login[username]` and `login[password]` (checked
/// and throttled by [`kit::auth::check_login`]).
pub async fn login(visitor: &Visitor, throttle: &LoginThrottle, form: &Fields) -> PageResult {
    match kit::auth::check_login(visitor, throttle, form, &LOGIN_FORM).await? {
        Login::Verified(customer) => {
            kit::auth::start_session(visitor, customer.id, Notice::LoggedIn.redirect(ACCOUNT)).await
        }
        Login::Refused { login: email } => {
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
    kit::auth::log_out(visitor, form, Notice::LoggedOut.redirect("/")).await
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
        Some(id) => {
            kit::auth::start_session(visitor, id, Notice::Registered.redirect(ACCOUNT)).await
        }
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
    Ok(Notice::AccountSaved.redirect(ACCOUNT))
}
