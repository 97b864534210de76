//! Accounts: argon2 password hashes and login sessions kept in the site's database, the
//! login form's check ([`login`]) and the failed-login limit ([`throttle`]).
//!
//! Sessions live in the tenant's database, so resetting a tenant also logs everyone out.

pub mod login;
pub mod throttle;

pub use login::{Login, LoginForm, SiteLogin, check_login, log_out, start_session};
pub use throttle::LoginThrottle;

use crate::KitError;
use argon2::Argon2;
use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use rand::RngCore;
use rusqlite::{Connection, OptionalExtension, params};

/// The table sites add to their migrations to keep sessions.
pub const SESSIONS_TABLE: &str = "CREATE TABLE sessions (
    token TEXT PRIMARY KEY,
    user_id INTEGER NOT NULL,
    created_at TEXT NOT NULL DEFAULT (datetime('now'))
);";

/// A site's account (a user, a customer) as sessions and logins look it up.
pub trait Account: Clone + Send + Sync + std::fmt::Debug + Sized + 'static {
    /// The table of accounts (a login session kept over a reset must name one of its rows).
    const TABLE: &'static str;
    /// The account with this id, if it exists.
    fn find(connection: &Connection, id: i64) -> rusqlite::Result<Option<Self>>;
    /// The account with this login (email or user name) and its password hash.
    fn find_login(connection: &Connection, login: &str)
    -> rusqlite::Result<Option<(Self, String)>>;
    /// Its id (what a session refers to).
    fn id(&self) -> i64;
}

/// An argon2id hash (PHC string) of `password` with a fresh random salt.
pub fn hash_password(password: &str) -> Result<String, KitError> {
    let mut salt = [0u8; 16];
    rand::rng().fill_bytes(&mut salt);
    let salt = SaltString::encode_b64(&salt).map_err(|e| KitError::Hashing(e.to_string()))?;
    Argon2::default()
        .hash_password(password.as_bytes(), &salt)
        .map(|hash| hash.to_string())
        .map_err(|e| KitError::Hashing(e.to_string()))
}

/// Whether `password` matches the stored PHC `hash` (a malformed hash never matches).
pub fn verify_password(password: &str, hash: &str) -> bool {
    PasswordHash::new(hash)
        .map(|parsed| {
            Argon2::default()
                .verify_password(password.as_bytes(), &parsed)
                .is_ok()
        })
        .unwrap_or(false)
}

/// Whether `password` matches `stored`; with no stored hash (an unknown account) the password
/// is still verified, against a fixed dummy hash, so the answer takes as long either way.
pub fn verify_account(password: &str, stored: Option<&str>) -> bool {
    static DUMMY: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    match stored {
        Some(hash) => verify_password(password, hash),
        None => {
            let dummy = DUMMY.get_or_init(|| hash_password("no such account").unwrap_or_default());
            verify_password(password, dummy);
            false
        }
    }
}

/// Starts a session for `user_id` and returns its token (the session cookie's value).
pub fn create_session(connection: &Connection, user_id: i64) -> Result<String, KitError> {
    let token = crate::token::random_hex(24);
    connection.execute(
        "INSERT INTO sessions (token, user_id) VALUES (?1, ?2)",
        params![token, user_id],
    )?;
    Ok(token)
}

/// The user a session token belongs to, if the session exists.
pub fn session_user(connection: &Connection, token: &str) -> Result<Option<i64>, KitError> {
    Ok(connection
        .query_row(
            "SELECT user_id FROM sessions WHERE token = ?1",
            [token],
            |row| row.get(0),
        )
        .optional()?)
}

/// Ends a session (logging out); unknown tokens are ignored.
pub fn end_session(connection: &Connection, token: &str) -> Result<(), KitError> {
    connection.execute("DELETE FROM sessions WHERE token = ?1", [token])?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hash_verifies_only_its_password() {
        let hash = hash_password("Password.123").unwrap();
        assert!(hash.starts_with("$argon2id$"));
        assert!(verify_password("Password.123", &hash));
        assert!(!verify_password("password.123", &hash));
        assert!(!verify_password("Password.123", "not a hash"));
        assert!(verify_account("Password.123", Some(&hash)));
        assert!(!verify_account("no such account", None));
    }

    #[test]
    fn an_unknown_account_takes_as_long_as_a_wrong_password() {
        let hash = hash_password("Password.123").unwrap();
        verify_account("warm up", None);
        let time = |stored: Option<&str>| {
            let started = std::time::Instant::now();
            assert!(!verify_account("wrong", stored));
            started.elapsed().as_secs_f64()
        };
        // Interleaved, and the quickest of each kept: other work on the machine only ever
        // adds time, so the minima compare the work itself.
        let (mut known, mut unknown) = (f64::MAX, f64::MAX);
        for _ in 0..5 {
            known = known.min(time(Some(&hash)));
            unknown = unknown.min(time(None));
        }
        assert!(
            unknown > known / 3.0 && unknown < known * 3.0,
            "known {known:.3}s, unknown {unknown:.3}s"
        );
    }

    #[test]
    fn sessions_map_tokens_to_users_until_ended() {
        let connection = Connection::open_in_memory().unwrap();
        connection.execute_batch(SESSIONS_TABLE).unwrap();
        let token = create_session(&connection, 42).unwrap();
        assert_eq!(session_user(&connection, &token).unwrap(), Some(42));
        end_session(&connection, &token).unwrap();
        assert_eq!(session_user(&connection, &token).unwrap(), None);
    }
}
