//! Accounts.

use rusqlite::{Connection, OptionalExtension, params};

/// A registered user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    /// Row id.
    pub id: i64,
    /// Full name shown on listings and comments.
    pub name: String,
    /// Login email.
    pub email: String,
}

fn user(row: &rusqlite::Row<'_>) -> rusqlite::Result<User> {
    Ok(User {
        id: row.get(0)?,
        name: row.get(1)?,
        email: row.get(2)?,
    })
}

impl kit::auth::Account for User {
    const TABLE: &'static str = "users";

    fn find(connection: &Connection, id: i64) -> rusqlite::Result<Option<User>> {
        connection
            .prepare_cached("SELECT id, name, email FROM users WHERE id = ?1")?
            .query_row([id], user)
            .optional()
    }

    fn find_login(
        connection: &Connection,
        email: &str,
    ) -> rusqlite::Result<Option<(User, String)>> {
        by_email(connection, email)
    }

    fn id(&self) -> i64 {
        self.id
    }
}

/// The user with this email (case-insensitive) and their password hash.
pub fn by_email(connection: &Connection, email: &str) -> rusqlite::Result<Option<(User, String)>> {
    connection
        .prepare_cached("SELECT id, name, email, password_hash FROM users WHERE email = ?1")?
        .query_row([email.trim()], |row| Ok((user(row)?, row.get(3)?)))
        .optional()
}

/// Creates an account; `None` if the email is taken.
pub fn create(
    connection: &Connection,
    name: &str,
    email: &str,
    password_hash: &str,
    now: i64,
) -> rusqlite::Result<Option<i64>> {
    let inserted = connection.execute(
        "INSERT INTO users (name, email, password_hash, created_at) VALUES (?1, ?2, ?3, ?4)
         ON CONFLICT (email) DO NOTHING",
        params![name, email, password_hash, now],
    )?;
    Ok((inserted == 1).then(|| connection.last_insert_rowid()))
}
