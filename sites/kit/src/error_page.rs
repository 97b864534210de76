//! The HTML error page every site shows for bad input, missing pages and failures.

use crate::KitError;
use askama::Template;
use axum::http::StatusCode;
use axum::response::{Html, IntoResponse, Response};

/// An error shown to the visitor as an HTML page with a status code and a clear message.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What the visitor should do or know, in a sentence.
    pub message: String,
}

#[derive(Template)]
#[template(path = "error.html")]
struct ErrorTemplate<'a> {
    code: u16,
    reason: &'a str,
    message: &'a str,
}

impl PageError {
    /// An error with any status.
    pub fn new(status: StatusCode, message: impl Into<String>) -> Self {
        Self {
            status,
            message: message.into(),
        }
    }

    /// 400: the request's input is invalid.
    pub fn bad_request(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, message)
    }

    /// 403: the visitor may not do this (also a failed CSRF check).
    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, message)
    }

    /// 404: nothing lives here.
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, message)
    }

    /// 413: an upload or form is larger than allowed.
    pub fn too_large(message: impl Into<String>) -> Self {
        Self::new(StatusCode::PAYLOAD_TOO_LARGE, message)
    }

    /// 403 for a form whose CSRF token is missing or forged.
    pub fn csrf() -> Self {
        Self::forbidden(
            "This form has expired or did not come from this site. Go back, reload the page and submit it again.",
        )
    }
}

/// What a browser whose tenant cookie names no live tenant is told.
const REFUSED_TENANT: &str = "This browsing session's data is gone: the episode it belonged to has ended, or the session cookie is not one Agora issued. Start a new episode, or clear the agora_tenant cookie to browse the shared demo data.";

impl From<KitError> for PageError {
    fn from(error: KitError) -> Self {
        if error.is_refused_tenant() {
            return Self::forbidden(REFUSED_TENANT);
        }
        tracing::error!(%error, "site request failed");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "Something went wrong on our side. Please try again.",
        )
    }
}

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        let page = ErrorTemplate {
            code: self.status.as_u16(),
            reason: self.status.canonical_reason().unwrap_or("Error"),
            message: &self.message,
        };
        match page.render() {
            Ok(html) => (self.status, Html(html)).into_response(),
            Err(_) => (self.status, self.message).into_response(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn renders_status_and_escaped_message() {
        let response = PageError::not_found("No listing <b>7</b>").into_response();
        assert_eq!(response.status(), StatusCode::NOT_FOUND);
        let body = axum::body::to_bytes(response.into_body(), 1 << 20)
            .await
            .unwrap();
        let html = String::from_utf8(body.to_vec()).unwrap();
        assert!(html.contains("404"));
        assert!(html.contains("No listing &#60;b&#62;7&#60;/b&#62;") || html.contains("&lt;b&gt;"));
    }
}
