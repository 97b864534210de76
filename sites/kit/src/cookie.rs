//! Reading the `Cookie` request header and writing `Set-Cookie` values.

use axum::http::{HeaderMap, header};

/// The value of cookie `name` in the request's `Cookie` headers, if present.
pub fn get(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(key, _)| *key == name)
        .map(|(_, value)| value.trim_matches('"').to_owned())
}

/// A `Set-Cookie` value for a session-scoped, HTTP-only cookie valid on every path.
pub fn set(name: &str, value: &str) -> String {
    format!("{name}={value}; Path=/; HttpOnly; SameSite=Lax")
}

/// A `Set-Cookie` value that deletes cookie `name`.
pub fn clear(name: &str) -> String {
    format!("{name}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0")
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    #[test]
    fn finds_a_cookie_among_several_headers() {
        let mut headers = HeaderMap::new();
        headers.append(
            header::COOKIE,
            HeaderValue::from_static("a=1; agora_tenant=7"),
        );
        headers.append(header::COOKIE, HeaderValue::from_static("b=\"x\""));
        assert_eq!(get(&headers, "agora_tenant").as_deref(), Some("7"));
        assert_eq!(get(&headers, "b").as_deref(), Some("x"));
        assert_eq!(get(&headers, "agora"), None);
    }
}
