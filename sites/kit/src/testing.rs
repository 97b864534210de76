//! Driving a site's router in memory the way a browser would — tenant, CSRF and session
//! cookies, forms and multipart posts — and reading the pages, for site crates' router tests
//! (feature `testing`). [`TestSite`] is the fixture: a small seeded content site and a
//! browser on a fresh tenant of it.

use crate::content::{Hosted, SiteDefinition};
use crate::csrf;
use crate::visitor::SiteCookies;
use crate::{Directory, HostedSite, OpenContext, Scale, TENANT_COOKIE, TenantId, Tenants};
use axum::body::Body;
use axum::http::{Request, header};
use axum::response::Response;
use scraper::{Html, Selector};
use std::path::PathBuf;
use std::sync::{Arc, Mutex, PoisonError};
use tower::ServiceExt;

/// The anonymous visitor id every [`RouterClient`] holds in its CSRF cookie. As a form
/// field's value it stands for the client's token: the client sends, in its place, the token
/// its pages carry ([`RouterClient::csrf_token`]), as the form's hidden field would.
pub const TEST_CSRF: &str = "0123456789abcdef0123456789abcdef";

/// A file field of a multipart form.
#[derive(Debug, Clone, Copy)]
pub struct FilePart<'a> {
    /// The field name.
    pub name: &'a str,
    /// The file name the browser would send.
    pub filename: &'a str,
    /// Its content type.
    pub content_type: &'a str,
    /// Its bytes.
    pub bytes: &'a [u8],
}

/// A browser on one tenant of a site, in memory.
#[derive(Debug, Clone)]
pub struct RouterClient {
    router: axum::Router,
    cookies: SiteCookies,
    /// The tenant the client browses as (`None`: the shared default tenant).
    pub tenant: Option<TenantId>,
    /// The login session token, once logged in.
    pub session: Option<String>,
}

impl RouterClient {
    /// A client of `router` on `tenant`, not logged in, holding [`TEST_CSRF`] as its visitor id.
    pub fn new(router: axum::Router, cookies: SiteCookies, tenant: Option<TenantId>) -> Self {
        Self {
            router,
            cookies,
            tenant,
            session: None,
        }
    }

    /// The `Cookie` header the client sends.
    pub fn cookie_header(&self) -> String {
        let mut cookies = vec![format!("{}={TEST_CSRF}", self.cookies.csrf)];
        if let Some(tenant) = self.tenant {
            cookies.push(format!("{TENANT_COOKIE}={tenant}"));
        }
        if let Some(session) = &self.session {
            cookies.push(format!("{}={session}", self.cookies.session));
        }
        cookies.join("; ")
    }

    /// The CSRF token the client's pages carry: bound to its login session, else to its
    /// visitor id.
    pub fn csrf_token(&self) -> String {
        match &self.session {
            Some(session) => csrf::Anchor::Session(session).token(),
            None => csrf::Anchor::Visitor(TEST_CSRF).token(),
        }
    }

    /// `fields` with the [`TEST_CSRF`] stand-in replaced by the client's token.
    fn with_token<'a>(&self, fields: &[(&'a str, &'a str)]) -> Vec<(&'a str, String)> {
        fields
            .iter()
            .map(|&(name, value)| match (name, value) {
                (csrf::FIELD, TEST_CSRF) => (name, self.csrf_token()),
                _ => (name, value.to_owned()),
            })
            .collect()
    }

    /// Sends a request as is (no cookies added).
    pub async fn send(&self, request: Request<Body>) -> Response {
        match self.router.clone().oneshot(request).await {
            Ok(response) => response,
            Err(never) => match never {},
        }
    }

    /// `GET uri` with the client's cookies.
    pub async fn get(&self, uri: &str) -> Response {
        let request = Request::get(uri)
            .header(header::COOKIE, self.cookie_header())
            .body(Body::empty())
            .expect("a GET request with a valid URI");
        self.send(request).await
    }

    /// Posts an urlencoded form with the client's cookies (add [`csrf::FIELD`] yourself, so
    /// tests can forge or omit it; [`CSRF_FIELD`] is the client's own token).
    pub async fn post_form(&self, uri: &str, fields: &[(&str, &str)]) -> Response {
        let body = url::form_urlencoded::Serializer::new(String::new())
            .extend_pairs(self.with_token(fields))
            .finish();
        let request = Request::post(uri)
            .header(header::COOKIE, self.cookie_header())
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(Body::from(body))
            .expect("a form POST with a valid URI");
        self.send(request).await
    }

    /// `GET uri` as a page that must answer 200 OK (the body is in the failure message).
    pub async fn page(&self, uri: &str) -> Html {
        let response = self.get(uri).await;
        let status = response.status();
        let body = body_text(response).await;
        assert_eq!(status, axum::http::StatusCode::OK, "GET {uri}: {body}");
        Html::parse_document(&body)
    }

    /// Posts an urlencoded form as the site's own page would: [`CSRF_FIELD`] first, then
    /// `fields`.
    pub async fn submit(&self, uri: &str, fields: &[(&str, &str)]) -> Response {
        let mut all = vec![CSRF_FIELD];
        all.extend_from_slice(fields);
        self.post_form(uri, &all).await
    }

    /// Posts a multipart form with text fields and files, with the client's cookies.
    pub async fn post_multipart(
        &self,
        uri: &str,
        fields: &[(&str, &str)],
        files: &[FilePart<'_>],
    ) -> Response {
        let boundary = "agoraboundary7";
        let mut body = Vec::new();
        for (name, value) in self.with_token(fields) {
            body.extend_from_slice(
                format!("--{boundary}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes(),
            );
        }
        for file in files {
            body.extend_from_slice(
                format!(
                    "--{boundary}\r\nContent-Disposition: form-data; name=\"{}\"; filename=\"{}\"\r\nContent-Type: {}\r\n\r\n",
                    file.name, file.filename, file.content_type
                )
                .as_bytes(),
            );
            body.extend_from_slice(file.bytes);
            body.extend_from_slice(b"\r\n");
        }
        body.extend_from_slice(format!("--{boundary}--\r\n").as_bytes());
        let request = Request::post(uri)
            .header(header::COOKIE, self.cookie_header())
            .header(
                header::CONTENT_TYPE,
                format!("multipart/form-data; boundary={boundary}"),
            )
            .body(Body::from(body))
            .expect("a multipart POST with a valid URI");
        self.send(request).await
    }
}

/// A small seeded content site `D` and a browser on a fresh tenant of it; it derefs to the
/// browser.
#[derive(Debug)]
pub struct TestSite<D: SiteDefinition> {
    /// The opened site (login cookies, queries).
    pub site: Hosted<D>,
    /// Its tenant registry.
    pub tenants: Tenants,
    /// The tenant the browser uses.
    pub tenant: TenantId,
    /// The browser.
    pub client: RouterClient,
    /// The seeded data dir the tenants copy (read-only).
    pub data_dir: PathBuf,
}

impl<D: SiteDefinition> TestSite<D> {
    /// A fresh tenant of `D`'s data seeded from `seed` at `scale`, not logged in. The data is
    /// built once per test binary and shared read-only: every tenant copies it.
    pub fn new(scale: Scale, seed: u64) -> Self {
        Self::hosting(scale, seed, Directory::default())
    }

    /// The same, with the sites of `directory` hosted beside it (its URLs for queries and
    /// images taken by URL).
    pub fn hosting(scale: Scale, seed: u64, directory: Directory) -> Self {
        let tenants = Tenants::new();
        let data_dir = seeded::<D>(scale, seed);
        let context = OpenContext {
            data_dir: data_dir.clone(),
            tenants: tenants.clone(),
            directory: Arc::new(directory),
            reset_token: crate::reset::ResetToken::default(),
        };
        let site = Hosted::<D>::open(&context).expect("the seeded base opens");
        let tenant = tenants.create().expect("a tenant is created");
        let client = RouterClient::new(site.router(), SiteCookies::of(D::NAME), Some(tenant));
        Self {
            site,
            tenants,
            tenant,
            client,
            data_dir,
        }
    }

    /// The browser logged in as the account with `login`.
    pub fn logged_in_as(mut self, login: &str) -> Self {
        let (_, token) = self
            .site
            .login_cookie(&self.tenant, login)
            .expect("the account exists");
        self.client.session = Some(token);
        self
    }

    /// The browser logged in as the site's default account.
    pub fn logged_in(self) -> Self {
        self.logged_in_as(D::DEFAULT_LOGIN)
    }

    /// The evaluators' queries over the browser's tenant.
    pub fn queries(&self) -> D::Queries {
        self.site.queries(&self.tenant).expect("the tenant is live")
    }
}

impl<D: SiteDefinition> std::ops::Deref for TestSite<D> {
    type Target = RouterClient;

    fn deref(&self) -> &RouterClient {
        &self.client
    }
}

impl<D: SiteDefinition> std::ops::DerefMut for TestSite<D> {
    fn deref_mut(&mut self) -> &mut RouterClient {
        &mut self.client
    }
}

/// The data dir of `D` seeded from `seed` at `scale`, built on first use in this process.
fn seeded<D: SiteDefinition>(scale: Scale, seed: u64) -> PathBuf {
    type Key = (&'static str, String, u64);
    static SEEDED: Mutex<Vec<(Key, tempfile::TempDir)>> = Mutex::new(Vec::new());
    let key = (D::NAME.0, format!("{scale:?}"), seed);
    let mut seeded = SEEDED.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some((_, data)) = seeded.iter().find(|(known, _)| *known == key) {
        return data.path().to_owned();
    }
    let data = tempfile::tempdir().expect("a temporary data dir");
    crate::content::seed::<D>(data.path(), scale, seed).expect("the site seeds");
    let path = data.path().to_owned();
    seeded.push((key, data));
    path
}

/// A decompression bomb: a 6000×6000 16-bit PNG of a few hundred KB that decodes to 72 MB.
pub fn decompression_bomb() -> Vec<u8> {
    let picture: image::ImageBuffer<image::Luma<u16>, Vec<u16>> =
        image::ImageBuffer::new(6000, 6000);
    let mut bytes = Vec::new();
    picture
        .write_to(
            &mut std::io::Cursor::new(&mut bytes),
            image::ImageFormat::Png,
        )
        .expect("a PNG encodes in memory");
    bytes
}

/// The CSRF form field with the client's token (the [`TEST_CSRF`] stand-in the client
/// replaces), for `post_form` field lists.
pub const CSRF_FIELD: (&str, &str) = (csrf::FIELD, TEST_CSRF);

/// The response body as text.
pub async fn body_text(response: Response) -> String {
    let bytes = axum::body::to_bytes(response.into_body(), usize::MAX)
        .await
        .expect("the body is readable");
    String::from_utf8_lossy(&bytes).into_owned()
}

/// The response body parsed as HTML.
pub async fn body_html(response: Response) -> Html {
    Html::parse_document(&body_text(response).await)
}

/// The trimmed text of every element matching `selector`.
pub fn select_texts(document: &Html, selector: &str) -> Vec<String> {
    let selector = Selector::parse(selector).expect("a valid CSS selector");
    document
        .select(&selector)
        .map(|element| element.text().collect::<String>().trim().to_owned())
        .collect()
}

/// The `Location` header of a redirect (empty when there is none).
pub fn location(response: &Response) -> String {
    response
        .headers()
        .get(header::LOCATION)
        .and_then(|value| value.to_str().ok())
        .unwrap_or_default()
        .to_owned()
}
