//! Typed DevTools probes and commands of a [`BrowserSession`]: cookies, the origin's storage,
//! the accessibility tree, tab targets, text input, viewport captures and URL blocking. The
//! protocol's method names and JSON shapes stay in `browser/`; callers get Rust types.

use super::BrowserError;
use super::session::{BrowserSession, Viewport};
use base64::Engine as _;
use serde::Deserialize;
use serde_json::{Value, json};

/// Counts what the page's origin keeps (see [`BrowserSession::origin_storage_entries`]).
const ORIGIN_STORAGE_JS: &str = include_str!("js/origin_storage.js");

/// Reads the window's inner size (see [`BrowserSession::inner_size`]).
const INNER_SIZE_JS: &str = include_str!("js/inner_size.js");

/// A cookie in the browser's jar.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct BrowserCookie {
    /// Cookie name.
    pub name: String,
    /// Cookie value.
    pub value: String,
    /// The domain it is sent to.
    pub domain: String,
    /// The path it is sent under.
    pub path: String,
    /// Whether no page script can read or write it.
    #[serde(rename = "httpOnly")]
    pub http_only: bool,
}

/// A cookie to set: HTTP-only, `SameSite=Lax`, path `/`, for the site of `url`.
#[derive(Debug, Clone, Copy)]
pub struct NewCookie<'a> {
    /// A URL of the site the cookie belongs to.
    pub url: &'a str,
    /// Cookie name.
    pub name: &'a str,
    /// Cookie value.
    pub value: &'a str,
}

/// A tab as the browser lists it.
#[derive(Debug, Clone, PartialEq, Eq, Deserialize)]
pub struct TabTarget {
    /// The target id (the tab's WebDriver window handle).
    #[serde(rename = "targetId")]
    pub id: String,
    /// The document's title.
    #[serde(default)]
    pub title: String,
    /// The document's URL.
    #[serde(default)]
    pub url: String,
}

/// Reads field `field` of a DevTools reply as a list of `T`.
fn list_of<T: serde::de::DeserializeOwned>(
    mut reply: Value,
    field: &str,
) -> Result<Vec<T>, BrowserError> {
    serde_json::from_value(reply[field].take()).map_err(|error| {
        BrowserError::Command(format!(
            "the browser's {field} are not as expected: {error}"
        ))
    })
}

impl BrowserSession {
    /// The cookies the browser would send to `url`.
    pub async fn cookies(&self, url: &str) -> Result<Vec<BrowserCookie>, BrowserError> {
        let reply = self
            .cdp("Network.getCookies", json!({ "urls": [url] }))
            .await?;
        list_of(reply, "cookies")
    }

    /// Every cookie in the browser's jar, for any site.
    pub async fn all_cookies(&self) -> Result<Vec<BrowserCookie>, BrowserError> {
        let reply = self.cdp("Network.getAllCookies", json!({})).await?;
        list_of(reply, "cookies")
    }

    /// Deletes `cookie` from the jar.
    pub async fn delete_cookie(&self, cookie: &BrowserCookie) -> Result<(), BrowserError> {
        self.cdp(
            "Network.deleteCookies",
            json!({ "name": cookie.name, "domain": cookie.domain, "path": cookie.path }),
        )
        .await
        .map(drop)
    }

    /// Sets `cookies` in the current tab's browser context, in one call. No page script
    /// reads or overwrites them (HTTP-only), and no cross-site request carries them (`Lax`).
    pub async fn set_cookies(&self, cookies: &[NewCookie<'_>]) -> Result<(), BrowserError> {
        if cookies.is_empty() {
            return Ok(());
        }
        let cookies: Vec<_> = cookies
            .iter()
            .map(|cookie| {
                json!({
                    "url": cookie.url, "name": cookie.name, "value": cookie.value, "path": "/",
                    "httpOnly": true, "sameSite": "Lax",
                })
            })
            .collect();
        self.cdp("Network.setCookies", json!({ "cookies": cookies }))
            .await
            .map(drop)
    }

    /// How many things the current page's origin keeps beyond cookies: local and session
    /// storage entries, caches, IndexedDB databases, service worker registrations. A page
    /// whose script cannot count them gives [`BrowserError::Script`].
    pub async fn origin_storage_entries(&self) -> Result<u64, BrowserError> {
        let count = self.execute_fast(ORIGIN_STORAGE_JS, vec![]).await?;
        count
            .as_u64()
            .ok_or_else(|| BrowserError::Script(format!("storage count is {count}")))
    }

    /// The current window's inner size in CSS pixels.
    pub async fn inner_size(&self) -> Result<Viewport, BrowserError> {
        let size = self.execute(INNER_SIZE_JS, vec![]).await?;
        let side = |index: usize| {
            size[index]
                .as_u64()
                .and_then(|side| u32::try_from(side).ok())
                .unwrap_or_default()
        };
        Ok(Viewport {
            width: side(0),
            height: side(1),
        })
    }

    /// The current tab's full accessibility tree, as DevTools gives it (`nodes`).
    pub async fn full_ax_tree(&self) -> Result<Value, BrowserError> {
        self.cdp("Accessibility.getFullAXTree", json!({})).await
    }

    /// Every target the browser has (tabs among them), with its title and URL.
    pub async fn targets(&self) -> Result<Vec<TabTarget>, BrowserError> {
        let reply = self.cdp("Target.getTargets", json!({})).await?;
        list_of(reply, "targetInfos")
    }

    /// Inserts `text` at the focus in one go, as an input method would.
    pub async fn insert_text(&self, text: &str) -> Result<(), BrowserError> {
        self.cdp("Input.insertText", json!({ "text": text }))
            .await
            .map(drop)
    }

    /// Captures the current tab's viewport: a JPEG at `jpeg_quality` (at most 100), or a PNG
    /// for `None`. The bytes of the encoded image.
    pub async fn capture_viewport(
        &self,
        jpeg_quality: Option<u8>,
    ) -> Result<Vec<u8>, BrowserError> {
        let params = match jpeg_quality {
            None => json!({ "format": "png", "optimizeForSpeed": true }),
            Some(quality) => {
                json!({ "format": "jpeg", "quality": quality.min(100), "optimizeForSpeed": true })
            }
        };
        let reply = self
            .cdp_concurrent("Page.captureScreenshot", params)
            .await?;
        let data = reply["data"].as_str().ok_or_else(|| {
            BrowserError::Command("Page.captureScreenshot returned no data".into())
        })?;
        base64::engine::general_purpose::STANDARD
            .decode(data)
            .map_err(|error| BrowserError::Command(format!("screenshot is not base64: {error}")))
    }

    /// Makes the current tab fail every request whose URL matches one of `patterns` (`*` is
    /// a wildcard); none unblocks them all.
    pub async fn block_urls(&self, patterns: &[&str]) -> Result<(), BrowserError> {
        self.cdp("Network.enable", json!({})).await?;
        self.cdp("Network.setBlockedURLs", json!({ "urls": patterns }))
            .await
            .map(drop)
    }
}
