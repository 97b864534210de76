//! Accounts and block lists.

use rusqlite::{Connection, OptionalExtension, params};

/// A registered user.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct User {
    /// Row id.
    pub id: i64,
    /// The name shown everywhere (`/user/<name>`).
    pub username: String,
}

fn user(row: &rusqlite::Row<'_>) -> rusqlite::Result<User> {
    Ok(User {
        id: row.get(0)?,
        username: row.get(1)?,
    })
}

impl kit::auth::Account for User {
    const TABLE: &'static str = "users";

    fn find(connection: &Connection, id: i64) -> rusqlite::Result<Option<User>> {
        connection
            .prepare_cached("SELECT id, username FROM users WHERE id = ?1")?
            .query_row([id], user)
            .optional()
    }

    fn find_login(connection: &Connection, name: &str) -> rusqlite::Result<Option<(User, String)>> {
        by_name(connection, name)
    }

    fn id(&self) -> i64 {
        self.id
    }
}

/// The user with this name (case-insensitive) and their password hash.
pub fn by_name(connection: &Connection, name: &str) -> rusqlite::Result<Option<(User, String)>> {
    connection
        .prepare_cached("SELECT id, username, password_hash FROM users WHERE username = ?1")?
        .query_row([name.trim()], |row| Ok((user(row)?, row.get(2)?)))
        .optional()
}

/// Replaces `user_id`'s password hash.
pub fn set_password(connection: &Connection, user_id: i64, hash: &str) -> rusqlite::Result<()> {
    connection.execute(
        "UPDATE users SET password_hash = ?2 WHERE id = ?1",
        params![user_id, hash],
    )?;
    Ok(())
}

/// Deletes `user_id`'s account as Postmill does: the name becomes `!deleted<id>`, no password
/// opens it, its comments lose their text (replies stay), and every session of it ends.
pub fn delete_account(connection: &mut Connection, user_id: i64) -> rusqlite::Result<()> {
    let transaction = connection.transaction()?;
    transaction.execute(
        "UPDATE users SET username = '!deleted' || id, password_hash = '', biography = ''
         WHERE id = ?1",
        [user_id],
    )?;
    transaction.execute(
        "UPDATE comments SET deleted = 1, body = '' WHERE user_id = ?1",
        [user_id],
    )?;
    transaction.execute("DELETE FROM sessions WHERE user_id = ?1", [user_id])?;
    transaction.commit()
}

/// The users `user_id` has blocked, by name.
pub fn blocked_by(connection: &Connection, user_id: i64) -> rusqlite::Result<Vec<User>> {
    connection
        .prepare_cached(
            "SELECT u.id, u.username FROM blocks b JOIN users u ON u.id = b.blocked_id
             WHERE b.user_id = ?1 ORDER BY u.username COLLATE NOCASE",
        )?
        .query_map([user_id], user)?
        .collect()
}

/// Whether `user_id` has blocked `other`.
pub fn has_blocked(connection: &Connection, user_id: i64, other: i64) -> rusqlite::Result<bool> {
    connection
        .prepare_cached("SELECT 1 FROM blocks WHERE user_id = ?1 AND blocked_id = ?2")?
        .exists(params![user_id, other])
}

/// Blocks (`true`) or unblocks (`false`) `other` for `user_id`.
pub fn set_blocked(
    connection: &Connection,
    user_id: i64,
    other: i64,
    blocked: bool,
) -> rusqlite::Result<()> {
    if blocked {
        connection.execute(
            "INSERT OR IGNORE INTO blocks (user_id, blocked_id) VALUES (?1, ?2)",
            params![user_id, other],
        )?;
    } else {
        connection.execute(
            "DELETE FROM blocks WHERE user_id = ?1 AND blocked_id = ?2",
            params![user_id, other],
        )?;
    }
    Ok(())
}
