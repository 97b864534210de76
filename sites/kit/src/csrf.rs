//! CSRF protection by double submission: a random token in a per-site cookie that every
//! form repeats in a hidden field. A cross-site page can make the browser send the cookie
//! but cannot read it, so it cannot put the matching value in the form.

use crate::cookie;
use axum::http::HeaderMap;

/// The name of the hidden form field that carries the token.
pub const FIELD: &str = "csrf_token";

/// The CSRF token of a request: the cookie's value, or a new one that must be set.
#[derive(Debug, Clone)]
pub struct CsrfToken {
    /// The token forms must repeat.
    pub value: String,
    /// `Some(Set-Cookie value)` when the token is new and the response must set it.
    pub set_cookie: Option<String>,
}

/// Reads the site's CSRF cookie `cookie_name`, minting a token when it is missing.
pub fn token(headers: &HeaderMap, cookie_name: &str) -> CsrfToken {
    match cookie::get(headers, cookie_name).filter(|value| is_well_formed(value)) {
        Some(value) => CsrfToken {
            value,
            set_cookie: None,
        },
        None => {
            let value = crate::token::random_hex(16);
            let set_cookie = Some(cookie::set(cookie_name, &value));
            CsrfToken { value, set_cookie }
        }
    }
}

/// Whether a submitted form's token matches the request's CSRF cookie.
pub fn verify(headers: &HeaderMap, cookie_name: &str, submitted: Option<&str>) -> bool {
    match (cookie::get(headers, cookie_name), submitted) {
        (Some(expected), Some(submitted)) => {
            is_well_formed(&expected) && constant_time_equal(&expected, submitted)
        }
        _ => false,
    }
}

fn is_well_formed(value: &str) -> bool {
    value.len() == 32 && value.bytes().all(|byte| byte.is_ascii_hexdigit())
}

/// Compares without an early exit so timing does not reveal the matching prefix.
fn constant_time_equal(left: &str, right: &str) -> bool {
    left.len() == right.len()
        && left
            .bytes()
            .zip(right.bytes())
            .fold(0u8, |difference, (a, b)| difference | (a ^ b))
            == 0
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::{HeaderValue, header};

    #[test]
    fn a_minted_token_verifies_once_its_cookie_is_sent() {
        let minted = token(&HeaderMap::new(), "site_csrf");
        let set_cookie = minted.set_cookie.unwrap();
        let pair = set_cookie.split(';').next().unwrap().to_owned();
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, HeaderValue::from_str(&pair).unwrap());
        assert!(verify(&headers, "site_csrf", Some(&minted.value)));
        assert!(token(&headers, "site_csrf").set_cookie.is_none());
        assert!(!verify(
            &headers,
            "site_csrf",
            Some("0123456789abcdef0123456789abcdef")
        ));
        assert!(!verify(&headers, "site_csrf", None));
        assert!(!verify(&HeaderMap::new(), "site_csrf", Some(&minted.value)));
    }
}
