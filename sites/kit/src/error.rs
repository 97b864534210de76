//! The kit's error type.

use crate::SiteName;
use std::path::PathBuf;

/// What can go wrong in the shared site machinery.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum KitError {
    /// SQLite refused a statement or a connection.
    #[error("database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A base database file could not be read.
    #[error("cannot read the base database {path}: {source}; run `agora seed` to build it")]
    BaseUnreadable {
        /// The file that was read.
        path: PathBuf,
        /// Why it failed.
        source: std::io::Error,
    },
    /// A base database file could not be written.
    #[error(
        "cannot write the base database {path}: {source}; check that the data dir is writable and has room"
    )]
    BaseUnwritable {
        /// The file being written.
        path: PathBuf,
        /// Why it failed.
        source: std::io::Error,
    },
    /// The data dir could not be created.
    #[error("cannot create the data dir {path}: {source}; check the path and its permissions")]
    DataDirUnwritable {
        /// The data dir.
        path: PathBuf,
        /// Why it failed.
        source: std::io::Error,
    },
    /// No tenant has this id.
    #[error("unknown tenant `{0}`; create one first")]
    UnknownTenant(String),
    /// No site of this name was registered with the tenant registry.
    #[error("site `{0}` is not registered")]
    UnknownSite(String),
    /// A tenant id could not be parsed.
    #[error("invalid tenant id `{0}`: expected 32 hexadecimal digits")]
    InvalidTenantId(String),
    /// A lock was poisoned by a panicking thread.
    #[error("a database lock was poisoned by an earlier panic")]
    Poisoned,
    /// A blocking database task was cancelled or panicked.
    #[error("a database task did not finish: {0}")]
    Task(String),
    /// No account of the site has this login (email or user name).
    #[error("no {site} account has the login `{login}`")]
    UnknownAccount {
        /// The site.
        site: SiteName,
        /// The login asked for.
        login: String,
    },
    /// A picture could not be drawn from its spec.
    #[error("picture drawing failed: {0}")]
    Render(String),
    /// Hashing a password failed.
    #[error("password hashing failed: {0}")]
    Hashing(String),
}

impl KitError {
    /// Whether the error names a tenant that does not exist.
    pub fn is_unknown_tenant(&self) -> bool {
        matches!(self, KitError::UnknownTenant(_))
    }

    /// Whether a request named a tenant that is not live (malformed, guessed or removed).
    pub fn is_refused_tenant(&self) -> bool {
        matches!(
            self,
            KitError::UnknownTenant(_) | KitError::InvalidTenantId(_)
        )
    }

    /// Whether the error names an account that does not exist.
    pub fn is_unknown_account(&self) -> bool {
        matches!(self, KitError::UnknownAccount { .. })
    }
}
