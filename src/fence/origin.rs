//! Origins (`scheme://host:port`) and the shared list of those the agent may reach.

use std::collections::HashSet;
use std::fmt;
use std::sync::{Arc, RwLock};

/// A web origin with the default port made explicit. Host names are compared as the browser
/// compares them: `localhost`, `[::1]`, `127.0.0.1` and `127.0.0.2` are four origins with four
/// cookie jars, so only the one a site is listed under is allowed (`127.0.2` is `127.0.0.2`
/// already: the URL parser normalises it, as Chromium does).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct Origin {
    scheme: String,
    host: String,
    port: u16,
}

impl Origin {
    /// The origin of an absolute `http`/`https` URL; `None` for anything else.
    pub fn of_url(url: &str) -> Option<Self> {
        let parsed = url::Url::parse(url).ok()?;
        let scheme = parsed.scheme().to_owned();
        if scheme != "http" && scheme != "https" {
            return None;
        }
        let host = parsed.host_str()?.to_ascii_lowercase();
        let port = parsed.port_or_known_default()?;
        Some(Self { scheme, host, port })
    }
}

impl fmt::Display for Origin {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(formatter, "{}://{}:{}", self.scheme, self.host, self.port)
    }
}

/// The origins agent browsers may reach; cheap to clone, shared by the proxy and the controller.
#[derive(Debug, Clone, Default)]
pub struct AllowList {
    origins: Arc<RwLock<HashSet<Origin>>>,
}

impl AllowList {
    /// Allows `origin` from now on.
    pub fn allow(&self, origin: Origin) {
        if let Ok(mut origins) = self.origins.write() {
            origins.insert(origin);
        }
    }

    /// Whether `origin` is allowed.
    pub fn contains(&self, origin: &Origin) -> bool {
        self.origins
            .read()
            .map(|origins| origins.contains(origin))
            .unwrap_or(false)
    }

    /// Whether the URL may be opened by the agent.
    pub fn permits_url(&self, url: &str) -> bool {
        Origin::of_url(url).is_some_and(|origin| self.contains(&origin))
    }

    /// Every allowed origin, as `scheme://host:port` strings.
    pub fn to_strings(&self) -> Vec<String> {
        self.origins
            .read()
            .map(|origins| origins.iter().map(ToString::to_string).collect())
            .unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_ports_are_explicit_and_aliases_stay_apart() {
        assert_eq!(
            Origin::of_url("http://127.0.0.1/x"),
            Origin::of_url("http://127.0.0.1:80/y")
        );
        assert_eq!(
            Origin::of_url("http://127.1:9980/"),
            Origin::of_url("http://127.0.0.1:9980/")
        );
        assert_ne!(
            Origin::of_url("http://localhost:9980/"),
            Origin::of_url("http://127.0.0.1:9980/")
        );
        assert!(Origin::of_url("file:///etc/passwd").is_none());
        assert!(Origin::of_url("javascript:alert(1)").is_none());
    }

    #[test]
    fn only_allowed_origins_pass() {
        let allowed = AllowList::default();
        allowed.allow(Origin::of_url("http://127.0.0.2:9980").unwrap());
        assert!(allowed.permits_url("http://127.0.0.2:9980/index.php?page=item&id=3"));
        assert!(allowed.permits_url("http://127.0.2:9980/"));
        for alias in ["localhost", "[::1]", "127.0.0.1", "127.0.0.3", "0.0.0.0"] {
            assert!(
                !allowed.permits_url(&format!("http://{alias}:9980/")),
                "{alias}"
            );
        }
        assert!(!allowed.permits_url("http://127.0.0.1:8400/episodes"));
        assert!(!allowed.permits_url("http://127.0.0.2:8400/episodes"));
    }
}
