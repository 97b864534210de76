//! A user's account page (`/user/<name>/account`, Postmill's; only the user themself):
//! changing the password and deleting the account (`/user/<name>/delete_account`).

use super::PageResult;
use crate::db::users::{self, User};
use crate::visitor::{Framed, Layout, Notice, Visitor, login_redirect};
use crate::ForumError;
use askama::Template;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::IntoResponse;
use kit::form::Fields;
use kit::notice::Notices;
use kit::{PageError, cookie};

/// Characters of a new password at least.
const MIN_PASSWORD: usize = 8;
/// Characters of a password at most.
const MAX_PASSWORD: usize = 200;

#[derive(Template)]
#[template(path = "account.html")]
struct AccountPage {
    layout: Layout,
    user: User,
    /// What the last form did, when it worked.
    done: Option<&'static str>,
    /// Why the password form was refused.
    password_error: Option<String>,
    /// Why the delete form was refused.
    delete_error: Option<String>,
}

/// The logged-in visitor, if `name` is them.
fn owner(visitor: &Visitor, name: &str) -> Result<Option<User>, PageError> {
    let Some(user) = visitor.user.clone() else {
        return Ok(None);
    };
    if !user.username.eq_ignore_ascii_case(name) {
        return Err(PageError::forbidden(
            "You can only manage your own account.",
        ));
    }
    Ok(Some(user))
}

fn page(visitor: &Visitor, user: User) -> AccountPage {
    AccountPage {
        layout: visitor.layout(format!("Account of {}", user.username)),
        user,
        done: None,
        password_error: None,
        delete_error: None,
    }
}

/// Whether `password` is `user`'s (checked off the async runtime).
async fn verifies(visitor: &Visitor, user: &User, password: String) -> Result<bool, PageError> {
    let name = user.username.clone();
    let stored = visitor
        .database
        .call(move |connection| Ok::<_, ForumError>(users::by_name(connection, &name)?))
        .await?
        .map(|(_, hash)| hash);
    tokio::task::spawn_blocking(move || kit::auth::verify_account(&password, stored.as_deref()))
        .await
        .map_err(|error| kit::KitError::Task(error.to_string()).into())
}

/// `GET /user/<name>/account`.
pub fn show(visitor: &Visitor, name: &str) -> PageResult {
    let Some(user) = owner(visitor, name)? else {
        return Ok(login_redirect());
    };
    Ok(visitor.render(&page(visitor, user)))
}

/// `POST /user/<name>/account` with `current_password`, `new_password`, `repeat_password`.
pub async fn change_password(visitor: &Visitor, name: &str, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(user) = owner(visitor, name)? else {
        return Ok(login_redirect());
    };
    let current = form.text("current_password", "The current password", MAX_PASSWORD)?;
    let new = form.text("new_password", "The new password", MAX_PASSWORD)?;
    let repeat = form.text("repeat_password", "The repeated password", MAX_PASSWORD)?;
    let mut view = page(visitor, user.clone());
    if new.chars().count() < MIN_PASSWORD {
        view.password_error = Some(format!(
            "The new password is too short: use at least {MIN_PASSWORD} characters."
        ));
    } else if new != repeat {
        view.password_error =
            Some("The two new passwords differ. Type the same password twice.".into());
    } else if !verifies(visitor, &user, current).await? {
        view.password_error =
            Some("The current password is incorrect. Check it and try again.".into());
    }
    if view.password_error.is_some() {
        return Ok((StatusCode::UNPROCESSABLE_ENTITY, visitor.render(&view)).into_response());
    }
    let hash = tokio::task::spawn_blocking(move || kit::auth::hash_password(&new))
        .await
        .map_err(|error| kit::KitError::Task(error.to_string()))??;
    let id = user.id;
    visitor
        .database
        .call(move |connection| Ok::<_, ForumError>(users::set_password(connection, id, &hash)?))
        .await?;
    view.done = Some("Your password has been changed.");
    Ok(visitor.render(&view))
}

/// `POST /user/<name>/delete_account` with `password` and `confirm=yes`: deletes the account
/// and logs out.
pub async fn delete(visitor: &Visitor, name: &str, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(user) = owner(visitor, name)? else {
        return Ok(login_redirect());
    };
    let password = form.text("password", "The password", MAX_PASSWORD)?;
    let mut view = page(visitor, user.clone());
    if form.get("confirm") != Some("yes") {
        view.delete_error =
            Some("Tick the box to confirm that the account is deleted for good.".into());
    } else if !verifies(visitor, &user, password).await? {
        view.delete_error = Some("The password is incorrect. Check it and try again.".into());
    }
    if view.delete_error.is_some() {
        return Ok((StatusCode::UNPROCESSABLE_ENTITY, visitor.render(&view)).into_response());
    }
    let id = user.id;
    visitor
        .database
        .call(move |connection| Ok::<_, ForumError>(users::delete_account(connection, id)?))
        .await?;
    let mut response = Notice::LoggedOut.redirect("/");
    if let Ok(value) = HeaderValue::from_str(&cookie::clear(&visitor.cookies().session)) {
        response.headers_mut().append(header::SET_COOKIE, value);
    }
    Ok(response)
}
