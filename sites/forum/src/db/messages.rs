//! Private message threads between two users.

use rusqlite::{Connection, OptionalExtension, params};

/// A thread as the inbox lists it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Thread {
    /// Row id.
    pub id: i64,
    /// The subject.
    pub title: String,
    /// Who started it.
    pub sender: String,
    /// Who it was sent to.
    pub receiver: String,
    /// The newest message's text.
    pub last_body: String,
    /// When it last changed (ISO 8601).
    pub updated_iso: String,
}

/// A message in a thread.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Message {
    /// The author's name.
    pub sender: String,
    /// The text.
    pub body: String,
    /// When it was sent (ISO 8601).
    pub created_iso: String,
}

const THREAD_COLUMNS: &str = "t.id, t.title, a.username, b.username,
    (SELECT body FROM messages m WHERE m.thread_id = t.id ORDER BY m.id DESC LIMIT 1),
    strftime('%Y-%m-%dT%H:%M:%S+00:00', t.updated_at, 'unixepoch')";

fn thread(row: &rusqlite::Row<'_>) -> rusqlite::Result<Thread> {
    Ok(Thread {
        id: row.get(0)?,
        title: row.get(1)?,
        sender: row.get(2)?,
        receiver: row.get(3)?,
        last_body: row.get::<_, Option<String>>(4)?.unwrap_or_default(),
        updated_iso: row.get(5)?,
    })
}

/// The threads `user_id` takes part in, most recently active first.
pub fn threads_of(connection: &Connection, user_id: i64) -> rusqlite::Result<Vec<Thread>> {
    connection
        .prepare_cached(&format!(
            "SELECT {THREAD_COLUMNS} FROM message_threads t
             JOIN users a ON a.id = t.sender_id JOIN users b ON b.id = t.receiver_id
             WHERE t.sender_id = ?1 OR t.receiver_id = ?1 ORDER BY t.updated_at DESC, t.id DESC"
        ))?
        .query_map([user_id], thread)?
        .collect()
}

/// Thread `id` with its messages, if `user_id` takes part in it.
pub fn thread_for(
    connection: &Connection,
    id: i64,
    user_id: i64,
) -> rusqlite::Result<Option<(Thread, Vec<Message>)>> {
    let Some(found) = connection
        .prepare_cached(&format!(
            "SELECT {THREAD_COLUMNS} FROM message_threads t
             JOIN users a ON a.id = t.sender_id JOIN users b ON b.id = t.receiver_id
             WHERE t.id = ?1 AND (t.sender_id = ?2 OR t.receiver_id = ?2)"
        ))?
        .query_row(params![id, user_id], thread)
        .optional()?
    else {
        return Ok(None);
    };
    let messages = connection
        .prepare_cached(
            "SELECT u.username, m.body, strftime('%Y-%m-%dT%H:%M:%S+00:00', m.created_at, 'unixepoch')
             FROM messages m JOIN users u ON u.id = m.sender_id WHERE m.thread_id = ?1 ORDER BY m.id",
        )?
        .query_map([id], |row| {
            Ok(Message {
                sender: row.get(0)?,
                body: row.get(1)?,
                created_iso: row.get(2)?,
            })
        })?
        .collect::<rusqlite::Result<_>>()?;
    Ok(Some((found, messages)))
}

/// The other participant of thread `id` for `user_id`.
pub fn other_participant(
    connection: &Connection,
    id: i64,
    user_id: i64,
) -> rusqlite::Result<Option<i64>> {
    connection
        .prepare_cached(
            "SELECT CASE WHEN sender_id = ?2 THEN receiver_id ELSE sender_id END
             FROM message_threads WHERE id = ?1 AND (sender_id = ?2 OR receiver_id = ?2)",
        )?
        .query_row(params![id, user_id], |row| row.get(0))
        .optional()
}

/// Starts a thread from `sender` to `receiver`; returns its id.
pub fn start(
    connection: &Connection,
    sender: i64,
    receiver: i64,
    title: &str,
    body: &str,
    now: i64,
) -> rusqlite::Result<i64> {
    connection.execute(
        "INSERT INTO message_threads (title, sender_id, receiver_id, updated_at) VALUES (?1, ?2, ?3, ?4)",
        params![title, sender, receiver, now],
    )?;
    let id = connection.last_insert_rowid();
    reply(connection, id, sender, body, now)?;
    Ok(id)
}

/// Adds a message to thread `id`.
pub fn reply(
    connection: &Connection,
    id: i64,
    sender: i64,
    body: &str,
    now: i64,
) -> rusqlite::Result<()> {
    connection.execute(
        "INSERT INTO messages (thread_id, sender_id, body, created_at) VALUES (?1, ?2, ?3, ?4)",
        params![id, sender, body, now],
    )?;
    connection.execute(
        "UPDATE message_threads SET updated_at = ?2 WHERE id = ?1",
        params![id, now],
    )?;
    Ok(())
}
