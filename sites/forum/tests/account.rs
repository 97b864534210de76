//! Router tests of the account page (`/user/<name>/account`, what VWA's login check opens):
//! only its owner sees it, the password changes, the account deletes.

// Test helpers may unwrap: a failure there is a test failure.
#![allow(clippy::unwrap_used)]

use axum::http::StatusCode;
use forum::{DEFAULT_PASSWORD, DEFAULT_USERNAME, ForumSite, Scale};
use kit::testing::{CSRF_FIELD, RouterClient, TestSite, body_text, location};

/// A browser on a fresh tenant, logged in as `user` when given.
fn browser(user: Option<&str>) -> RouterClient {
    let site = TestSite::<ForumSite>::new(Scale::Small(60), 5);
    match user {
        Some(user) => site.logged_in_as(user).client,
        None => site.client,
    }
}

const ACCOUNT: &str = "/user/MarvelsGrantMan136/account";

async fn post(client: &RouterClient, uri: &str, fields: &[(&str, &str)]) -> (StatusCode, String) {
    let mut all = vec![CSRF_FIELD];
    all.extend_from_slice(fields);
    let response = client.post_form(uri, &all).await;
    let status = response.status();
    (status, body_text(response).await)
}

/// Whether `password` logs the default account in (a fresh visitor on the same tenant).
async fn logs_in(client: &RouterClient, password: &str) -> bool {
    let mut visitor = client.clone();
    visitor.session = None;
    let (status, _) = post(
        &visitor,
        "/login",
        &[("_username", DEFAULT_USERNAME), ("_password", password)],
    )
    .await;
    status.is_redirection()
}

#[tokio::test]
async fn only_the_owner_sees_the_account_page_with_its_delete_section() {
    let anonymous = browser(None);
    assert_eq!(location(&anonymous.get(ACCOUNT).await), "/login");
    let owner = browser(Some(DEFAULT_USERNAME));
    let response = owner.get(ACCOUNT).await;
    assert_eq!(response.status(), StatusCode::OK);
    let page = body_text(response).await;
    // VWA's login check looks for "Delete" on this page.
    for text in [
        "Account of MarvelsGrantMan136",
        "Change password",
        "Delete account",
    ] {
        assert!(page.contains(text), "{text}");
    }
    let other = owner.get("/user/SomeoneElse/account").await;
    assert_eq!(other.status(), StatusCode::FORBIDDEN);
    let page = body_text(owner.get("/user/MarvelsGrantMan136").await).await;
    assert!(page.contains(r#"href="/user/MarvelsGrantMan136/account""#));
}

#[tokio::test]
async fn the_password_changes_only_with_the_current_one_and_a_repeated_new_one() {
    let owner = browser(Some(DEFAULT_USERNAME));
    for (fields, error) in [
        (
            ["wrong-password", "new-secret-1", "new-secret-1"],
            "current password is incorrect",
        ),
        ([DEFAULT_PASSWORD, "short", "short"], "too short"),
        ([DEFAULT_PASSWORD, "new-secret-1", "new-secret-2"], "differ"),
    ] {
        let (status, page) = post(
            &owner,
            ACCOUNT,
            &[
                ("current_password", fields[0]),
                ("new_password", fields[1]),
                ("repeat_password", fields[2]),
            ],
        )
        .await;
        assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{fields:?}");
        assert!(page.contains(error), "{fields:?}");
    }
    assert!(logs_in(&owner, DEFAULT_PASSWORD).await);
    let (status, page) = post(
        &owner,
        ACCOUNT,
        &[
            ("current_password", DEFAULT_PASSWORD),
            ("new_password", "new-secret-1"),
            ("repeat_password", "new-secret-1"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("Your password has been changed."));
    assert!(logs_in(&owner, "new-secret-1").await);
    assert!(!logs_in(&owner, DEFAULT_PASSWORD).await);
}

#[tokio::test]
async fn deleting_the_account_needs_the_password_and_ends_every_session() {
    let owner = browser(Some(DEFAULT_USERNAME));
    let delete = "/user/MarvelsGrantMan136/delete_account";
    let (status, page) = post(&owner, delete, &[("password", DEFAULT_PASSWORD)]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("Tick the box"));
    let (status, page) = post(&owner, delete, &[("password", "nope"), ("confirm", "yes")]).await;
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(page.contains("password is incorrect"));
    assert!(
        owner
            .get("/user/MarvelsGrantMan136")
            .await
            .status()
            .is_success()
    );

    let mut all = vec![CSRF_FIELD];
    all.extend_from_slice(&[("password", DEFAULT_PASSWORD), ("confirm", "yes")]);
    let response = owner.post_form(delete, &all).await;
    assert_eq!(location(&response), "/");
    // The session is gone, the name is gone and no password opens the account.
    assert_eq!(location(&owner.get(ACCOUNT).await), "/login");
    assert_eq!(
        owner.get("/user/MarvelsGrantMan136").await.status(),
        StatusCode::NOT_FOUND
    );
    assert!(!logs_in(&owner, DEFAULT_PASSWORD).await);
}
