//! Chromium's sandbox: agent-written JavaScript runs in sandboxed renderers. Chromium refuses
//! its sandbox to root, so when Agora runs as root its chromedriver (and so every browser)
//! runs as an unprivileged user instead — `--browser-user`, or `agora-browser` when that
//! user exists (`./dev up` and the Docker image create it). Only when neither is possible
//! does the sandbox go off, and Agora says so loudly at start.

use super::BrowserError;

/// The user browsers run as when Agora itself runs as root.
pub const DEFAULT_BROWSER_USER: &str = "agora-browser";

/// An unprivileged account browsers run as.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BrowserUser {
    /// Its name.
    pub name: String,
    /// Its user id.
    pub uid: u32,
    /// Its primary group id.
    pub gid: u32,
}

/// How local browsers are isolated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Sandbox {
    /// Chromium's sandbox is on; browsers run as `user` (None: as Agora's own user, which is
    /// not root).
    On {
        /// The account browsers run as, when it is not Agora's.
        user: Option<BrowserUser>,
    },
    /// The sandbox is off (`--no-sandbox`), for the reason given.
    Off {
        /// Why, and what to do about it.
        reason: String,
    },
}

impl Sandbox {
    /// The isolation for local browsers: sandboxed as Agora's user when that is not root;
    /// as root, sandboxed as `configured` (an error if it does not exist) or as
    /// [`DEFAULT_BROWSER_USER`] if it exists, else off with a loud warning.
    pub fn plan(configured: Option<&str>) -> Result<Self, BrowserError> {
        let root = rustix::process::geteuid().is_root();
        if let Some(name) = configured {
            let user = lookup(name).ok_or_else(|| {
                BrowserError::DriverStart(format!(
                    "--browser-user `{name}` does not exist; create it (useradd --system {name}) or leave the flag out"
                ))
            })?;
            return Ok(Self::On {
                user: root.then_some(user),
            });
        }
        if !root {
            return Ok(Self::On { user: None });
        }
        Ok(match lookup(DEFAULT_BROWSER_USER) {
            Some(user) => Self::On { user: Some(user) },
            None => Self::Off {
                reason: format!(
                    "Agora runs as root and no user `{DEFAULT_BROWSER_USER}` exists, so Chromium runs \
                     agent-written JavaScript WITHOUT its sandbox: create the user \
                     (useradd --system {DEFAULT_BROWSER_USER}; ./dev up does), pass --browser-user, \
                     or run Agora as an unprivileged user"
                ),
            },
        })
    }

    /// The account browsers run as, when it is not Agora's.
    pub fn user(&self) -> Option<&BrowserUser> {
        match self {
            Self::On { user } => user.as_ref(),
            Self::Off { .. } => None,
        }
    }

    /// Whether Chromium must be told `--no-sandbox`.
    pub fn is_off(&self) -> bool {
        matches!(self, Self::Off { .. })
    }
}

/// The account `name` from `/etc/passwd`.
fn lookup(name: &str) -> Option<BrowserUser> {
    let passwd = std::fs::read_to_string("/etc/passwd").ok()?;
    passwd.lines().find_map(|line| {
        let fields: Vec<&str> = line.split(':').collect();
        (fields.len() >= 4 && fields[0] == name).then_some(())?;
        Some(BrowserUser {
            name: name.to_owned(),
            uid: fields[2].parse().ok()?,
            gid: fields[3].parse().ok()?,
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_missing_browser_user_is_a_clear_error() {
        let error = Sandbox::plan(Some("no-such-agora-user")).unwrap_err();
        assert!(
            error
                .to_string()
                .contains("useradd --system no-such-agora-user")
        );
    }

    #[test]
    fn root_is_always_a_known_account() {
        let root = lookup("root").expect("/etc/passwd names root");
        assert_eq!((root.uid, root.gid), (0, 0));
    }
}
