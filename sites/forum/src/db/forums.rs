//! Forums and subscriptions.

use rusqlite::{Connection, OptionalExtension, params};

/// A forum.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Forum {
    /// Row id.
    pub id: i64,
    /// The name in URLs (`/f/<name>`).
    pub name: String,
    /// The human title.
    pub title: String,
    /// The sidebar description.
    pub description: String,
    /// How many users subscribe.
    pub subscribers: i64,
    /// Submissions in it.
    pub submissions: i64,
    /// Its moderator: the user who created it, if that account still has a name.
    pub moderator: Option<String>,
    /// When it was created (`YYYY-MM-DDTHH:MM:SS+00:00`).
    pub created_iso: String,
}

fn forum(row: &rusqlite::Row<'_>) -> rusqlite::Result<Forum> {
    Ok(Forum {
        id: row.get(0)?,
        name: row.get(1)?,
        title: row.get(2)?,
        description: row.get(3)?,
        subscribers: row.get(4)?,
        submissions: row.get(5)?,
        moderator: row.get(6)?,
        created_iso: row.get(7)?,
    })
}

const COLUMNS: &str = "f.id, f.name, f.title, f.description, f.subscribers, f.submissions,
    (SELECT u.username FROM users u WHERE u.id = f.created_by),
    strftime('%Y-%m-%dT%H:%M:%S+00:00', f.created_at, 'unixepoch')";

/// The forum called `name` (case-insensitive).
pub fn by_name(connection: &Connection, name: &str) -> rusqlite::Result<Option<Forum>> {
    connection
        .prepare_cached(&format!("SELECT {COLUMNS} FROM forums f WHERE f.name = ?1"))?
        .query_row([name], forum)
        .optional()
}

/// Every forum, by name (`/forums/all`).
pub fn all_by_name(connection: &Connection) -> rusqlite::Result<Vec<Forum>> {
    connection
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM forums f ORDER BY f.name COLLATE NOCASE"
        ))?
        .query_map([], forum)?
        .collect()
}

/// Every forum, most subscribed first (`/forums`).
pub fn all_by_subscribers(connection: &Connection) -> rusqlite::Result<Vec<Forum>> {
    connection
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM forums f ORDER BY f.subscribers DESC, f.name COLLATE NOCASE"
        ))?
        .query_map([], forum)?
        .collect()
}

/// The names of the forums `user_id` subscribes to, alphabetically.
pub fn subscriptions_of(connection: &Connection, user_id: i64) -> rusqlite::Result<Vec<String>> {
    connection
        .prepare_cached(
            "SELECT f.name FROM subscriptions s JOIN forums f ON f.id = s.forum_id
             WHERE s.user_id = ?1 ORDER BY f.name COLLATE NOCASE",
        )?
        .query_map([user_id], |row| row.get(0))?
        .collect()
}

/// Whether `user_id` subscribes to `forum_id`.
pub fn is_subscribed(
    connection: &Connection,
    user_id: i64,
    forum_id: i64,
) -> rusqlite::Result<bool> {
    connection
        .prepare_cached("SELECT 1 FROM subscriptions WHERE user_id = ?1 AND forum_id = ?2")?
        .exists(params![user_id, forum_id])
}

/// Subscribes (`true`) or unsubscribes `user_id`, keeping the forum's count right.
pub fn set_subscribed(
    connection: &Connection,
    user_id: i64,
    forum_id: i64,
    subscribed: bool,
) -> rusqlite::Result<()> {
    let changed = if subscribed {
        connection.execute(
            "INSERT OR IGNORE INTO subscriptions (user_id, forum_id) VALUES (?1, ?2)",
            params![user_id, forum_id],
        )? as i64
    } else {
        -(connection.execute(
            "DELETE FROM subscriptions WHERE user_id = ?1 AND forum_id = ?2",
            params![user_id, forum_id],
        )? as i64)
    };
    connection.execute(
        "UPDATE forums SET subscribers = subscribers + ?2 WHERE id = ?1",
        params![forum_id, changed],
    )?;
    Ok(())
}

/// Creates a forum owned by `user_id` and subscribes its creator; `None` if the name is taken.
pub fn create(
    connection: &Connection,
    user_id: i64,
    name: &str,
    title: &str,
    description: &str,
    now: i64,
) -> rusqlite::Result<Option<i64>> {
    let inserted = connection.execute(
        "INSERT INTO forums (name, title, description, created_by, created_at) VALUES (?1, ?2, ?3, ?4, ?5)
         ON CONFLICT (name) DO NOTHING",
        params![name, title, description, user_id, now],
    )?;
    if inserted == 0 {
        return Ok(None);
    }
    let id = connection.last_insert_rowid();
    set_subscribed(connection, user_id, id, true)?;
    Ok(Some(id))
}
