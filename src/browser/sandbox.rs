//! Chromium's sandbox: agent-written JavaScript runs in sandboxed renderers. Chromium refuses
//! its sandbox to root, so when Agora runs as root its chromedriver (and so every browser)
//! runs as an unprivileged user instead — `--browser-user`, or `agora-browser` when that
//! user exists (`./dev up` and the Docker image create it). Only when neither is possible
//! does the sandbox go off, and Agora says so loudly at start. Browsers of a remote end (a
//! Selenium Grid) keep their sandbox too — its nodes run as an unprivileged user — unless
//! `--grid-no-sandbox` says a node cannot, which is announced as loudly.

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
        Self::plan_as(rustix::process::geteuid().is_root(), configured, lookup)
    }

    /// [`Sandbox::plan`] for a process that is root or not, with accounts from `lookup`.
    fn plan_as(
        root: bool,
        configured: Option<&str>,
        lookup: impl Fn(&str) -> Option<BrowserUser>,
    ) -> Result<Self, BrowserError> {
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

    /// The isolation for the browsers of a remote end (a Selenium Grid): sandboxed, as its
    /// nodes run them, unless `no_sandbox` (`--grid-no-sandbox`) says they cannot.
    pub fn remote(no_sandbox: bool) -> Self {
        match no_sandbox {
            false => Self::On { user: None },
            true => Self::Off {
                reason: "--grid-no-sandbox: the Grid's Chromium runs agent-written JavaScript \
                         WITHOUT its sandbox; run the Grid nodes as an unprivileged user \
                         (docs/DEPLOYMENT.md) and leave the flag out"
                    .into(),
            },
        }
    }

    /// Says at start, loudly (log and standard error), when browsers run without the sandbox.
    pub fn announce(&self) {
        if let Self::Off { reason } = self {
            tracing::error!("{reason}");
            eprintln!("WARNING: {reason}");
        }
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

    fn agora_browser(name: &str) -> Option<BrowserUser> {
        (name == DEFAULT_BROWSER_USER).then(|| BrowserUser {
            name: name.to_owned(),
            uid: 999,
            gid: 995,
        })
    }

    #[test]
    fn as_root_browsers_run_as_the_browser_user_else_unsandboxed_and_said_so() {
        let on = Sandbox::plan_as(true, None, agora_browser).unwrap();
        assert_eq!(on.user().map(|user| user.uid), Some(999));
        assert!(!on.is_off());
        let off = Sandbox::plan_as(true, None, |_| None).unwrap();
        let Sandbox::Off { reason } = &off else {
            panic!("{off:?}")
        };
        assert!(reason.contains("WITHOUT its sandbox"), "{reason}");
        assert!(
            reason.contains("useradd --system agora-browser"),
            "{reason}"
        );
        // Not root: sandboxed as Agora's own user.
        assert_eq!(
            Sandbox::plan_as(false, None, |_| None).unwrap(),
            Sandbox::On { user: None }
        );
    }

    #[test]
    fn grid_browsers_keep_their_sandbox_unless_told() {
        assert_eq!(Sandbox::remote(false), Sandbox::On { user: None });
        assert!(Sandbox::remote(true).is_off());
    }

    #[test]
    fn root_is_always_a_known_account() {
        let root = lookup("root").expect("/etc/passwd names root");
        assert_eq!((root.uid, root.gid), (0, 0));
    }
}
