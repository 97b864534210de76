//! Serving static files and rendered images with validators and cache headers.

use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use sha2::{Digest, Sha256};

/// How long browsers may keep a static asset without asking again (one day).
pub const CACHE_CONTROL: &str = "public, max-age=86400";

/// A strong ETag for `body`: a quoted prefix of its SHA-256.
pub fn etag_of(body: &[u8]) -> String {
    let digest = Sha256::digest(body);
    let hex: String = digest[..12]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect();
    format!("\"{hex}\"")
}

/// A cacheable response: 304 when the request's `If-None-Match` names `etag`, else the body
/// with its content type, ETag and [`CACHE_CONTROL`].
pub fn cached(
    request_headers: &HeaderMap,
    etag: &str,
    content_type: &'static str,
    body: impl Into<axum::body::Body>,
) -> Response {
    let etag_value = HeaderValue::from_str(etag).unwrap_or(HeaderValue::from_static("\"0\""));
    let unchanged = request_headers
        .get(header::IF_NONE_MATCH)
        .and_then(|value| value.to_str().ok())
        .is_some_and(|value| value.split(',').any(|candidate| candidate.trim() == etag));
    let headers = [
        (header::ETAG, etag_value),
        (
            header::CACHE_CONTROL,
            HeaderValue::from_static(CACHE_CONTROL),
        ),
    ];
    if unchanged {
        return (StatusCode::NOT_MODIFIED, headers).into_response();
    }
    let mut response = (headers, body.into()).into_response();
    response
        .headers_mut()
        .insert(header::CONTENT_TYPE, HeaderValue::from_static(content_type));
    response
}

/// A static file compiled into the binary.
#[derive(Debug, Clone)]
pub struct Asset {
    body: &'static [u8],
    content_type: &'static str,
    etag: String,
}

impl Asset {
    /// Wraps a file's bytes and its content type, computing its ETag once.
    pub fn new(body: &'static [u8], content_type: &'static str) -> Self {
        Self {
            body,
            content_type,
            etag: etag_of(body),
        }
    }

    /// The response for a request of this asset.
    pub fn respond(&self, request_headers: &HeaderMap) -> Response {
        cached(request_headers, &self.etag, self.content_type, self.body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn assets_carry_cache_headers_and_answer_304_to_a_matching_etag() {
        let asset = Asset::new(b"body { color: red }", "text/css");
        let first = asset.respond(&HeaderMap::new());
        assert_eq!(first.status(), StatusCode::OK);
        assert_eq!(first.headers()[header::CACHE_CONTROL], CACHE_CONTROL);
        assert_eq!(first.headers()[header::CONTENT_TYPE], "text/css");
        let etag = first.headers()[header::ETAG].clone();
        let mut again = HeaderMap::new();
        again.insert(header::IF_NONE_MATCH, etag);
        assert_eq!(asset.respond(&again).status(), StatusCode::NOT_MODIFIED);
    }
}
