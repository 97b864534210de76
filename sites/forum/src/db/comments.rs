//! Comments: the tree under a submission, votes, and a user's comments.

use rusqlite::{Connection, OptionalExtension, params};

/// Longest thread depth shown nested; deeper replies are shown at this level.
pub const MAX_LEVEL: u32 = 16;

/// A comment as pages show it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Comment {
    /// Row id.
    pub id: i64,
    /// The submission's id.
    pub submission_id: i64,
    /// The forum's name.
    pub forum: String,
    /// The parent comment, for replies.
    pub parent_id: Option<i64>,
    /// The author's id.
    pub user_id: i64,
    /// The author's name.
    pub username: String,
    /// The Markdown body.
    pub body: String,
    /// Creation time as ISO 8601.
    pub created_iso: String,
    /// Up minus down votes.
    pub net_score: i64,
    /// Whether it was deleted (its replies stay).
    pub deleted: bool,
    /// The viewer's vote: 1, -1 or 0.
    pub user_vote: i64,
}

const COLUMNS: &str = "c.id, c.submission_id, f.name, c.parent_id, c.user_id, u.username, c.body,
    strftime('%Y-%m-%dT%H:%M:%S+00:00', c.created_at, 'unixepoch'), c.net_score, c.deleted,
    COALESCE(v.choice, 0)";
const JOINS: &str = "JOIN users u ON u.id = c.user_id JOIN submissions s ON s.id = c.submission_id
    JOIN forums f ON f.id = s.forum_id
    LEFT JOIN comment_votes v ON v.comment_id = c.id AND v.user_id = ?1";

fn comment(row: &rusqlite::Row<'_>) -> rusqlite::Result<Comment> {
    Ok(Comment {
        id: row.get(0)?,
        submission_id: row.get(1)?,
        forum: row.get(2)?,
        parent_id: row.get(3)?,
        user_id: row.get(4)?,
        username: row.get(5)?,
        body: row.get(6)?,
        created_iso: row.get(7)?,
        net_score: row.get(8)?,
        deleted: row.get(9)?,
        user_vote: row.get(10)?,
    })
}

/// Every comment of a submission, oldest first, as `viewer` sees them.
pub fn of_submission(
    connection: &Connection,
    submission_id: i64,
    viewer: i64,
) -> rusqlite::Result<Vec<Comment>> {
    connection
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM comments c {JOINS} WHERE c.submission_id = ?2 ORDER BY c.id"
        ))?
        .query_map(params![viewer, submission_id], comment)?
        .collect()
}

/// The comment with this id, as `viewer` sees it.
pub fn by_id(connection: &Connection, id: i64, viewer: i64) -> rusqlite::Result<Option<Comment>> {
    connection
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM comments c {JOINS} WHERE c.id = ?2"
        ))?
        .query_row(params![viewer, id], comment)
        .optional()
}

/// A user's newest live comments, at most `limit`.
pub fn of_user(
    connection: &Connection,
    user_id: i64,
    viewer: i64,
    limit: usize,
) -> rusqlite::Result<Vec<Comment>> {
    connection
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM comments c {JOINS}
             WHERE c.user_id = ?2 AND c.deleted = 0 AND s.deleted = 0 ORDER BY c.id DESC LIMIT ?3"
        ))?
        .query_map(params![viewer, user_id, limit as i64], comment)?
        .collect()
}

/// Stores a comment (its author upvotes it) and bumps the submission's activity; returns its id.
pub fn create(
    connection: &Connection,
    submission_id: i64,
    parent_id: Option<i64>,
    user_id: i64,
    body: &str,
    now: i64,
) -> rusqlite::Result<i64> {
    connection.execute(
        "INSERT INTO comments (submission_id, parent_id, user_id, body, created_at, upvotes, net_score)
         VALUES (?1, ?2, ?3, ?4, ?5, 1, 1)",
        params![submission_id, parent_id, user_id, body, now],
    )?;
    let id = connection.last_insert_rowid();
    connection.execute(
        "INSERT INTO comment_votes (comment_id, user_id, choice) VALUES (?1, ?2, 1)",
        params![id, user_id],
    )?;
    connection.execute(
        "UPDATE submissions SET comment_count = comment_count + 1, last_active = ?2 WHERE id = ?1",
        params![submission_id, now],
    )?;
    Ok(id)
}

/// Changes a comment's body.
pub fn update(connection: &Connection, id: i64, body: &str, now: i64) -> rusqlite::Result<()> {
    connection.execute(
        "UPDATE comments SET body = ?2, edited_at = ?3 WHERE id = ?1",
        params![id, body, now],
    )?;
    Ok(())
}

/// Marks a comment deleted: its text goes, its replies stay.
pub fn delete(connection: &Connection, id: i64) -> rusqlite::Result<()> {
    connection.execute(
        "UPDATE comments SET deleted = 1, body = '' WHERE id = ?1",
        [id],
    )?;
    Ok(())
}

/// Sets `user_id`'s vote on a comment (1, -1, or 0 to retract).
pub fn vote(connection: &Connection, id: i64, user_id: i64, choice: i64) -> rusqlite::Result<()> {
    super::votes::cast(
        connection,
        super::votes::Target::Comment,
        id,
        user_id,
        choice,
    )?;
    Ok(())
}

/// A comment placed in its thread: its level (1 for top-level) and how many open comments
/// close before it starts.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Placed {
    /// The comment.
    pub comment: Comment,
    /// Its depth (1: a direct reply to the submission).
    pub level: u32,
    /// Enclosing comments that end just before this one.
    pub closes: u32,
}

/// Postmill's order of sibling comments (top-level ones, or the replies to one comment): the
/// highest net score first; ties keep the order Postmill loads them in, oldest first.
fn postmill_order(first: &Comment, second: &Comment) -> std::cmp::Ordering {
    second
        .net_score
        .cmp(&first.net_score)
        .then_with(|| first.created_iso.cmp(&second.created_iso))
        .then_with(|| first.id.cmp(&second.id))
}

/// Orders `comments` depth first under `root` (None: the submission), siblings in Postmill's
/// order (highest net score first), and says where each nested element opens and closes; the
/// second value is how many stay open at the end.
pub fn thread(comments: Vec<Comment>, root: Option<i64>) -> (Vec<Placed>, u32) {
    let mut children: std::collections::HashMap<Option<i64>, Vec<Comment>> =
        std::collections::HashMap::new();
    for comment in comments {
        children.entry(comment.parent_id).or_default().push(comment);
    }
    for siblings in children.values_mut() {
        siblings.sort_by(postmill_order);
    }
    let mut placed = Vec::new();
    let mut open = 0u32;
    // (comment, level): a stack for depth-first order; siblings pushed last first.
    let mut stack: Vec<(Comment, u32)> = Vec::new();
    let starts = match root {
        None => children.remove(&None).unwrap_or_default(),
        Some(id) => {
            let mut all: Vec<Comment> = children.values().flatten().cloned().collect();
            all.retain(|comment| comment.id == id);
            all
        }
    };
    for comment in starts.into_iter().rev() {
        stack.push((comment, 1));
    }
    while let Some((comment, level)) = stack.pop() {
        let shown = level.min(MAX_LEVEL);
        let closes = (open + 1).saturating_sub(shown);
        open = open - closes + 1;
        if let Some(replies) = children.remove(&Some(comment.id)) {
            for reply in replies.into_iter().rev() {
                stack.push((reply, level + 1));
            }
        }
        placed.push(Placed {
            comment,
            level: shown,
            closes,
        });
    }
    (placed, open)
}
