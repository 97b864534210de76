//! CSRF protection checked against what the server knows a visitor by. A form's token is a
//! keyed hash (HMAC-SHA-256 under a key made at random when the process starts and never
//! sent anywhere) of the visitor's login session when it has a live one, else of an
//! anonymous visitor id kept in the site's `HttpOnly` CSRF cookie. No page script can read
//! either cookie, and a cookie a page plants comes with no token it can compute: only the
//! server holds the key. A token rendered for one session is refused in every other.

use crate::cookie;
use axum::http::HeaderMap;
use hmac::{Hmac, Mac};
use sha2::Sha256;
use std::sync::OnceLock;

/// The name of the hidden form field that carries the token.
pub const FIELD: &str = "csrf_token";

/// What a visitor's token is bound to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Anchor<'a> {
    /// A live login session (its token, as the session table keeps it).
    Session(&'a str),
    /// An anonymous visitor id (the CSRF cookie's value).
    Visitor(&'a str),
}

impl Anchor<'_> {
    /// The token forms rendered for this anchor carry.
    pub fn token(self) -> String {
        let message = match self {
            Self::Session(session) => format!("session:{session}"),
            Self::Visitor(visitor) => format!("visitor:{visitor}"),
        };
        keyed_hash(message.as_bytes())
    }
}

/// The CSRF token of a request and the anonymous visitor id it may have minted.
#[derive(Debug, Clone)]
pub struct CsrfToken {
    /// The token forms must repeat.
    pub value: String,
    /// `Some(Set-Cookie value)` when the visitor id is new and the response must set it.
    pub set_cookie: Option<String>,
    /// Whether the token is bound to something the request brought (a live session or a
    /// visitor id it sent); a token for an id minted just now verifies nothing.
    established: bool,
}

impl CsrfToken {
    /// The token of a request that sent `headers`, whose live login session (if any) is
    /// `session`; the anonymous visitor id is read from cookie `cookie_name`, or minted.
    pub fn of_request(headers: &HeaderMap, cookie_name: &str, session: Option<&str>) -> Self {
        let visitor = cookie::get(headers, cookie_name).filter(|value| is_well_formed(value));
        let (visitor, set_cookie) = match visitor {
            Some(visitor) => (visitor, None),
            None => {
                let minted = crate::token::random_hex(16);
                let set_cookie = cookie::set(cookie_name, &minted);
                (minted, Some(set_cookie))
            }
        };
        let (anchor, established) = match session {
            Some(session) => (Anchor::Session(session), true),
            None => (Anchor::Visitor(&visitor), set_cookie.is_none()),
        };
        Self {
            value: anchor.token(),
            set_cookie,
            established,
        }
    }

    /// Whether a submitted form's token is this request's.
    pub fn verify(&self, submitted: Option<&str>) -> bool {
        self.established
            && submitted.is_some_and(|submitted| constant_time_equal(&self.value, submitted))
    }
}

/// HMAC-SHA-256 of `message` under the process's key, as 32 hex digits (128 bits).
fn keyed_hash(message: &[u8]) -> String {
    static KEY: OnceLock<[u8; 32]> = OnceLock::new();
    let key = KEY.get_or_init(rand::random);
    let mut mac = Hmac::<Sha256>::new_from_slice(key)
        .unwrap_or_else(|_| unreachable!("HMAC takes a key of any length"));
    mac.update(message);
    mac.finalize().into_bytes()[..16]
        .iter()
        .map(|byte| format!("{byte:02x}"))
        .collect()
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

    fn with_cookie(set_cookie: &str) -> HeaderMap {
        let pair = set_cookie.split(';').next().unwrap().to_owned();
        let mut headers = HeaderMap::new();
        headers.insert(header::COOKIE, HeaderValue::from_str(&pair).unwrap());
        headers
    }

    #[test]
    fn a_visitor_token_verifies_once_its_cookie_comes_back() {
        let first = CsrfToken::of_request(&HeaderMap::new(), "site_csrf", None);
        assert!(
            !first.verify(Some(&first.value)),
            "an id minted now proves nothing"
        );
        let headers = with_cookie(first.set_cookie.as_deref().unwrap());
        let again = CsrfToken::of_request(&headers, "site_csrf", None);
        assert!(again.set_cookie.is_none());
        assert_eq!(again.value, first.value);
        assert!(again.verify(Some(&first.value)));
        assert!(!again.verify(None));
        assert!(!again.verify(Some("0123456789abcdef0123456789abcdef")));
    }

    #[test]
    fn the_cookie_value_is_not_the_token_and_sessions_do_not_share_tokens() {
        let visitor = "0123456789abcdef0123456789abcdef";
        let headers = with_cookie(&format!("site_csrf={visitor}"));
        let anonymous = CsrfToken::of_request(&headers, "site_csrf", None);
        assert!(
            !anonymous.verify(Some(visitor)),
            "a planted cookie's own value is no token"
        );
        let mine = CsrfToken::of_request(&headers, "site_csrf", Some("session-a"));
        let theirs = CsrfToken::of_request(&headers, "site_csrf", Some("session-b"));
        assert!(mine.verify(Some(&Anchor::Session("session-a").token())));
        assert!(!mine.verify(Some(&theirs.value)));
        assert!(!mine.verify(Some(&anonymous.value)));
    }
}
