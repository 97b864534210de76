//! Submitted form fields and their validation, with messages that say what to fix, and the
//! extractors that read them from a request ([`QueryFields`], [`FormFields`]): a malformed
//! query string or form is answered with an error page that says what to do.

use crate::PageError;
use axum::extract::{FromRequest, FromRequestParts, Request};
use axum::http::request::Parts;
use std::collections::HashMap;

/// The largest text form accepted, in bytes.
pub const FORM_LIMIT: usize = 64 * 1024;

/// The fields of a submitted form (or a query string).
#[derive(Debug, Clone, Default)]
pub struct Fields(pub HashMap<String, String>);

impl Fields {
    /// The trimmed value of a field, `None` when missing or blank.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .get(name)
            .map(|value| value.trim())
            .filter(|value| !value.is_empty())
    }

    /// A required text field of at most `max` characters.
    pub fn text(&self, name: &str, label: &str, max: usize) -> Result<String, PageError> {
        let value = self.get(name).ok_or_else(|| {
            PageError::bad_request(format!("{label} is required. Go back and fill it in."))
        })?;
        if value.chars().count() > max {
            return Err(PageError::bad_request(format!(
                "{label} is too long: at most {max} characters, please."
            )));
        }
        Ok(value.to_owned())
    }

    /// An optional positive integer field (an id or a page number).
    pub fn number(&self, name: &str, label: &str) -> Result<Option<i64>, PageError> {
        self.get(name)
            .map(|value| {
                value
                    .parse::<i64>()
                    .ok()
                    .filter(|number| *number > 0)
                    .ok_or_else(|| {
                        PageError::bad_request(format!(
                            "{label} must be a positive whole number, not \"{value}\"."
                        ))
                    })
            })
            .transpose()
    }

    /// A required positive integer field.
    pub fn required_number(&self, name: &str, label: &str) -> Result<i64, PageError> {
        self.number(name, label)?
            .ok_or_else(|| PageError::bad_request(format!("{label} is required.")))
    }

    /// An optional price field in dollars, as cents.
    pub fn price(&self, name: &str, label: &str) -> Result<Option<i64>, PageError> {
        self.get(name)
            .map(|value| {
                crate::money::parse_dollars(value).ok_or_else(|| {
                    PageError::bad_request(format!(
                        "{label} must be an amount in dollars such as 250 or 1,250.00, not \"{value}\"."
                    ))
                })
            })
            .transpose()
    }
}

/// The request's query string as [`Fields`].
#[derive(Debug, Clone, Default)]
pub struct QueryFields(pub Fields);

impl<S: Send + Sync> FromRequestParts<S> for QueryFields {
    type Rejection = PageError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        axum::extract::Query::<HashMap<String, String>>::from_request_parts(parts, state)
            .await
            .map(|axum::extract::Query(map)| QueryFields(Fields(map)))
            .map_err(|_| {
                PageError::bad_request(
                    "The address has a malformed query string. Check the link and try again.",
                )
            })
    }
}

/// The fields of an urlencoded text form of at most [`FORM_LIMIT`] bytes.
#[derive(Debug, Clone, Default)]
pub struct FormFields(pub Fields);

impl<S: Send + Sync> FromRequest<S> for FormFields {
    type Rejection = PageError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let (parts, body) = request.into_parts();
        let bytes = axum::body::to_bytes(body, FORM_LIMIT).await.map_err(|_| {
            PageError::too_large(format!(
                "The form is too large: send at most {} KB.",
                FORM_LIMIT / 1024
            ))
        })?;
        let request = Request::from_parts(parts, axum::body::Body::from(bytes));
        axum::extract::Form::<HashMap<String, String>>::from_request(request, state)
            .await
            .map(|axum::extract::Form(map)| FormFields(Fields(map)))
            .map_err(|_| {
                PageError::bad_request(
                    "The form could not be read. Go back, reload the page and submit it again.",
                )
            })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::http::{StatusCode, header};

    fn form_post(body: impl Into<Body>) -> Request {
        Request::post("/")
            .header(header::CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body(body.into())
            .expect("a valid request")
    }

    #[tokio::test]
    async fn a_form_is_read_capped_and_refused_with_a_page_that_says_why() {
        let FormFields(fields) = FormFields::from_request(form_post("title=Bike&price=12"), &())
            .await
            .expect("a small form is read");
        assert_eq!(fields.get("title"), Some("Bike"));
        let long = format!("body={}", "x".repeat(FORM_LIMIT));
        let too_large = FormFields::from_request(form_post(long), &())
            .await
            .unwrap_err();
        assert_eq!(too_large.status, StatusCode::PAYLOAD_TOO_LARGE);
        assert!(too_large.message.contains("64 KB"), "{}", too_large.message);
        let not_a_form = Request::post("/")
            .header(header::CONTENT_TYPE, "application/json")
            .body(Body::from("{}"))
            .expect("a valid request");
        let unreadable = FormFields::from_request(not_a_form, &()).await.unwrap_err();
        assert_eq!(unreadable.status, StatusCode::BAD_REQUEST);
    }

    #[tokio::test]
    async fn the_query_string_is_read_as_fields() {
        let (mut parts, _) = Request::get("/search?page=2&q=%20lamp%20")
            .body(Body::empty())
            .expect("a valid request")
            .into_parts();
        let QueryFields(query) = QueryFields::from_request_parts(&mut parts, &())
            .await
            .expect("a query is read");
        assert_eq!(query.get("q"), Some("lamp"));
        assert_eq!(query.number("page", "The page").ok(), Some(Some(2)));
    }
}
