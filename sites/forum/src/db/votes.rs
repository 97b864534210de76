//! Votes on submissions and comments: one row per voter, and stored counts adjusted by the
//! change from the voter's previous vote, so seeded scores (which have no vote rows) move by
//! exactly the vote's step (webarena#82's reset to ±1 cannot happen).

use rusqlite::{Connection, OptionalExtension, params};

/// What is voted on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    /// A submission.
    Submission,
    /// A comment.
    Comment,
}

impl Target {
    /// (votes table, its id column, the voted table).
    fn tables(self) -> (&'static str, &'static str, &'static str) {
        match self {
            Target::Submission => ("submission_votes", "submission_id", "submissions"),
            Target::Comment => ("comment_votes", "comment_id", "comments"),
        }
    }
}

/// Sets `user_id`'s vote on `target` `id` to `choice` (1, -1, or 0 to retract); returns
/// whether anything changed.
pub fn cast(
    connection: &Connection,
    target: Target,
    id: i64,
    user_id: i64,
    choice: i64,
) -> rusqlite::Result<bool> {
    let (votes, column, voted) = target.tables();
    let previous: i64 = connection
        .prepare_cached(&format!(
            "SELECT choice FROM {votes} WHERE {column} = ?1 AND user_id = ?2"
        ))?
        .query_row(params![id, user_id], |row| row.get(0))
        .optional()?
        .unwrap_or(0);
    if previous == choice {
        return Ok(false);
    }
    if choice == 0 {
        connection.execute(
            &format!("DELETE FROM {votes} WHERE {column} = ?1 AND user_id = ?2"),
            params![id, user_id],
        )?;
    } else {
        connection.execute(
            &format!(
                "INSERT INTO {votes} ({column}, user_id, choice) VALUES (?1, ?2, ?3)
                 ON CONFLICT ({column}, user_id) DO UPDATE SET choice = excluded.choice"
            ),
            params![id, user_id, choice],
        )?;
    }
    let up = i64::from(choice == 1) - i64::from(previous == 1);
    let down = i64::from(choice == -1) - i64::from(previous == -1);
    connection.execute(
        &format!(
            "UPDATE {voted} SET upvotes = upvotes + ?2, downvotes = downvotes + ?3,
                 net_score = net_score + ?2 - ?3 WHERE id = ?1"
        ),
        params![id, up, down],
    )?;
    Ok(true)
}
