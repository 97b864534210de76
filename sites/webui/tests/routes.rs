//! The WebUI site's routes on fresh in-memory tenants: private workspaces, the size cap,
//! resources, and targets that only a staged one-time URL serves.

#![allow(clippy::unwrap_used)]

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use kit::{HostedSite, Site, TENANT_COOKIE, TenantId, Tenants};
use tower::ServiceExt;
use webui::targets::TARGETS;
use webui::{MAX_FILE_BYTES, WebUi, WebUiSite};

struct Harness {
    router: Router,
    site: WebUi,
    tenants: Tenants,
    _data: tempfile::TempDir,
}

fn harness() -> Harness {
    let data = tempfile::tempdir().unwrap();
    WebUiSite
        .seed(data.path(), kit::Scale::Small(1), None)
        .unwrap();
    let tenants = Tenants::new();
    let site = WebUi::open(data.path(), &tenants, "http://127.0.0.1:7780").unwrap();
    Harness {
        router: HostedSite::router(&site),
        site,
        tenants,
        _data: data,
    }
}

async fn send(
    router: &Router,
    method: &str,
    uri: &str,
    tenant: TenantId,
    body: &str,
) -> (StatusCode, String) {
    let request = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::COOKIE, format!("{TENANT_COOKIE}={tenant}"))
        .body(Body::from(body.to_owned()))
        .unwrap();
    let response = router.clone().oneshot(request).await.unwrap();
    let status = response.status();
    let bytes = axum::body::to_bytes(response.into_body(), 4 * MAX_FILE_BYTES)
        .await
        .unwrap();
    (status, String::from_utf8_lossy(&bytes).into_owned())
}

#[tokio::test]
async fn a_workspace_starts_blank_and_shows_what_was_written() {
    let harness = harness();
    let tenant = harness.tenants.create().unwrap();
    let (status, page) = send(&harness.router, "GET", "/workspace/", tenant, "").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("<body>"), "{page}");
    let html =
        "<!DOCTYPE html><html><head><title>Mine</title></head><body><h1>Hello</h1></body></html>";
    let (status, _) = send(
        &harness.router,
        "PUT",
        "/workspace/index.html",
        tenant,
        html,
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    send(
        &harness.router,
        "PUT",
        "/workspace/style.css",
        tenant,
        "h1 { color: red; }",
    )
    .await;
    let (_, page) = send(&harness.router, "GET", "/workspace/index.html", tenant, "").await;
    // Served exactly as written: the page guard hears its errors from the browser.
    assert_eq!(page, html);
    let (_, css) = send(&harness.router, "GET", "/workspace/style.css", tenant, "").await;
    assert_eq!(css, "h1 { color: red; }");
}

#[tokio::test]
async fn workspaces_are_private_to_their_tenant() {
    let harness = harness();
    let (mine, theirs) = (
        harness.tenants.create().unwrap(),
        harness.tenants.create().unwrap(),
    );
    send(
        &harness.router,
        "PUT",
        "/workspace/script.js",
        mine,
        "let secret = 1;",
    )
    .await;
    let (_, script) = send(&harness.router, "GET", "/workspace/script.js", theirs, "").await;
    assert_eq!(script, "");
    harness.tenants.reset(&mine).unwrap();
    let (_, script) = send(&harness.router, "GET", "/workspace/script.js", mine, "").await;
    assert_eq!(script, "", "a reset empties the workspace");
}

#[tokio::test]
async fn the_shared_workspace_takes_no_writes_over_http() {
    let harness = harness();
    let shared = harness.tenants.default_id();
    for cookie in [None, Some(shared)] {
        let mut request = Request::builder()
            .method("PUT")
            .uri("/workspace/index.html");
        if let Some(tenant) = cookie {
            request = request.header(header::COOKIE, format!("{TENANT_COOKIE}={tenant}"));
        }
        let request = request.body(Body::from("<p>planted</p>")).unwrap();
        let response = harness.router.clone().oneshot(request).await.unwrap();
        assert_eq!(response.status(), StatusCode::FORBIDDEN, "{cookie:?}");
    }
    let (_, page) = send(&harness.router, "GET", "/workspace/", shared, "").await;
    assert!(!page.contains("planted"), "{page}");
}

#[tokio::test]
async fn writes_are_capped_and_only_to_the_three_files() {
    let harness = harness();
    let tenant = harness.tenants.create().unwrap();
    let big = "x".repeat(MAX_FILE_BYTES + 1);
    let (status, message) =
        send(&harness.router, "PUT", "/workspace/style.css", tenant, &big).await;
    assert_eq!(status, StatusCode::PAYLOAD_TOO_LARGE);
    assert!(message.contains("at most 262144 bytes"), "{message}");
    let at_cap = "y".repeat(MAX_FILE_BYTES);
    let (status, _) = send(
        &harness.router,
        "PUT",
        "/workspace/style.css",
        tenant,
        &at_cap,
    )
    .await;
    assert_eq!(status, StatusCode::NO_CONTENT);
    for name in ["other.html", "..%2Fwebui.sqlite", "logo.svg"] {
        let (status, _) = send(
            &harness.router,
            "PUT",
            &format!("/workspace/{name}"),
            tenant,
            "x",
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{name}");
    }
}

#[tokio::test]
async fn shared_resources_are_served_but_nothing_else() {
    let harness = harness();
    let tenant = harness.tenants.create().unwrap();
    let (status, svg) = send(&harness.router, "GET", "/workspace/logo.svg", tenant, "").await;
    assert_eq!(status, StatusCode::OK);
    assert!(svg.starts_with("<svg"));
    for uri in [
        "/workspace/target.json",
        "/workspace/..%2F..%2FCargo.toml",
        "/targets/landing/index.html",
        "/landing/index.html",
        "/staged/landing/",
    ] {
        let (status, _) = send(&harness.router, "GET", uri, tenant, "").await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{uri}");
    }
}

#[tokio::test]
async fn a_staged_target_is_served_to_its_tenant_only_until_released() {
    let harness = harness();
    let (mine, theirs) = (
        harness.tenants.create().unwrap(),
        harness.tenants.create().unwrap(),
    );
    let staging = harness
        .site
        .staging(&mine)
        .expect("the site stages targets");
    let url = staging.stage(TARGETS[0].name).await.unwrap();
    let path = url.strip_prefix("http://127.0.0.1:7780").unwrap();
    let (status, page) = send(&harness.router, "GET", path, mine, "").await;
    assert_eq!(status, StatusCode::OK);
    assert!(page.contains("data-filter-by"), "{page}");
    let (status, css) = send(
        &harness.router,
        "GET",
        &format!("{path}style.css"),
        mine,
        "",
    )
    .await;
    assert_eq!((status, css.as_str()), (StatusCode::OK, TARGETS[0].css));
    let (status, _) = send(&harness.router, "GET", path, theirs, "").await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "another tenant cannot open it"
    );
    staging.release(&url).await.unwrap();
    let (status, _) = send(&harness.router, "GET", path, mine, "").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "released");
    let unknown = staging.stage("nope").await.unwrap_err();
    assert!(unknown.is_config(), "{unknown}");
}

#[tokio::test]
async fn the_workspace_capability_writes_into_its_tenants_workspace_only() {
    let harness = harness();
    let (mine, theirs) = (
        harness.tenants.create().unwrap(),
        harness.tenants.create().unwrap(),
    );
    let workspace = harness.site.workspace().expect("the site has a workspace");
    assert_eq!(workspace.page_url(), "http://127.0.0.1:7780/workspace/");
    workspace
        .write(mine, "style.css", "body { color: red }".to_owned())
        .await
        .unwrap();
    let (status, css) = send(&harness.router, "GET", "/workspace/style.css", mine, "").await;
    assert_eq!(
        (status, css.as_str()),
        (StatusCode::OK, "body { color: red }")
    );
    let (_, theirs_css) = send(&harness.router, "GET", "/workspace/style.css", theirs, "").await;
    assert_eq!(theirs_css, "", "another tenant's workspace is untouched");
    let too_large = workspace
        .write(mine, "index.html", "x".repeat(MAX_FILE_BYTES + 1))
        .await
        .unwrap_err();
    assert!(
        matches!(
            too_large,
            kit::site::WorkspaceError::TooLarge {
                limit: MAX_FILE_BYTES,
                ..
            }
        ),
        "{too_large}"
    );
    let unknown = workspace
        .write(mine, "../Cargo.toml", String::new())
        .await
        .unwrap_err();
    assert!(unknown.to_string().contains("no file"), "{unknown}");
}
