//! Submissions: one post with its forum, author, score and (for image posts) picture.

use rusqlite::{Connection, OptionalExtension, params};

/// The URL slug of a title ("What is this?" → "what-is-this"), at most 60 characters.
pub fn slug_of(title: &str) -> String {
    let mut slug = String::new();
    for character in title.chars() {
        if character.is_ascii_alphanumeric() {
            slug.push(character.to_ascii_lowercase());
        } else if !slug.ends_with('-') && !slug.is_empty() {
            slug.push('-');
        }
        if slug.len() >= 60 {
            break;
        }
    }
    let trimmed = slug.trim_end_matches('-');
    if trimmed.is_empty() {
        "-".to_owned()
    } else {
        trimmed.to_owned()
    }
}

/// A submission as its page shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submission {
    /// Row id.
    pub id: i64,
    /// The forum's id.
    pub forum_id: i64,
    /// The forum's name.
    pub forum: String,
    /// The author's id.
    pub user_id: i64,
    /// The author's name.
    pub username: String,
    /// The title.
    pub title: String,
    /// The link, for link posts.
    pub url: Option<String>,
    /// The Markdown body.
    pub body: String,
    /// The picture's stored name, for image posts.
    pub image: Option<String>,
    /// Creation time (Unix seconds).
    pub created_at: i64,
    /// Creation time as ISO 8601.
    pub created_iso: String,
    /// When it was last edited (ISO 8601).
    pub edited_iso: Option<String>,
    /// Up minus down votes.
    pub net_score: i64,
    /// Comments on it.
    pub comment_count: i64,
    /// The viewer's vote: 1, -1 or 0.
    pub user_vote: i64,
}

impl Submission {
    /// Its page (`/f/<forum>/<id>/<slug>`).
    pub fn path(&self) -> String {
        format!("/f/{}/{}/{}", self.forum, self.id, slug_of(&self.title))
    }
}

/// The columns [`submission`] reads; `?1` is the viewer's id (0 for none).
pub const COLUMNS: &str = "s.id, s.forum_id, f.name, s.user_id, u.username, s.title, s.url, s.body,
    i.name, s.created_at, strftime('%Y-%m-%dT%H:%M:%S+00:00', s.created_at, 'unixepoch'),
    strftime('%Y-%m-%dT%H:%M:%S+00:00', s.edited_at, 'unixepoch'), s.net_score, s.comment_count,
    COALESCE(v.choice, 0)";

/// The joins [`COLUMNS`] needs.
pub const JOINS: &str = "JOIN forums f ON f.id = s.forum_id JOIN users u ON u.id = s.user_id
    LEFT JOIN images i ON i.id = s.image_id
    LEFT JOIN submission_votes v ON v.submission_id = s.id AND v.user_id = ?1";

/// Reads a row selected with [`COLUMNS`].
pub fn submission(row: &rusqlite::Row<'_>) -> rusqlite::Result<Submission> {
    Ok(Submission {
        id: row.get(0)?,
        forum_id: row.get(1)?,
        forum: row.get(2)?,
        user_id: row.get(3)?,
        username: row.get(4)?,
        title: row.get(5)?,
        url: row.get(6)?,
        body: row.get(7)?,
        image: row.get(8)?,
        created_at: row.get(9)?,
        created_iso: row.get(10)?,
        edited_iso: row.get(11)?,
        net_score: row.get(12)?,
        comment_count: row.get(13)?,
        user_vote: row.get(14)?,
    })
}

/// The live submission with this id as `viewer` (0: nobody) sees it.
pub fn by_id(
    connection: &Connection,
    id: i64,
    viewer: i64,
) -> rusqlite::Result<Option<Submission>> {
    connection
        .prepare_cached(&format!(
            "SELECT {COLUMNS} FROM submissions s {JOINS} WHERE s.id = ?2 AND s.deleted = 0"
        ))?
        .query_row(params![viewer, id], submission)
        .optional()
}

/// What a new submission holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSubmission {
    /// The forum's id.
    pub forum_id: i64,
    /// The author's id.
    pub user_id: i64,
    /// The title.
    pub title: String,
    /// The link, for link posts.
    pub url: Option<String>,
    /// The Markdown body.
    pub body: String,
    /// The stored picture's row id, for image posts.
    pub image_id: Option<i64>,
}

/// Stores a submission (its author upvotes it, as Postmill does); returns its id. Its hot
/// ranking is kept by the schema's trigger.
pub fn create(connection: &Connection, new: &NewSubmission, now: i64) -> rusqlite::Result<i64> {
    connection.execute(
        "INSERT INTO submissions (forum_id, user_id, title, url, body, image_id, created_at,
             upvotes, net_score, ranking, last_active)
         VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, 1, 1, ?7, ?7)",
        params![
            new.forum_id,
            new.user_id,
            new.title,
            new.url,
            new.body,
            new.image_id,
            now
        ],
    )?;
    let id = connection.last_insert_rowid();
    connection.execute(
        "INSERT INTO submission_votes (submission_id, user_id, choice) VALUES (?1, ?2, 1)",
        params![id, new.user_id],
    )?;
    Ok(id)
}

/// Changes the title and body of a submission.
pub fn update(
    connection: &Connection,
    id: i64,
    title: &str,
    body: &str,
    now: i64,
) -> rusqlite::Result<()> {
    connection.execute(
        "UPDATE submissions SET title = ?2, body = ?3, edited_at = ?4 WHERE id = ?1",
        params![id, title, body, now],
    )?;
    Ok(())
}

/// Marks a submission deleted (it leaves every listing).
pub fn delete(connection: &Connection, id: i64) -> rusqlite::Result<()> {
    connection.execute("UPDATE submissions SET deleted = 1 WHERE id = ?1", [id])?;
    Ok(())
}

/// Sets `user_id`'s vote on a submission (1, -1, or 0 to retract); the schema's trigger
/// re-ranks it.
pub fn vote(connection: &Connection, id: i64, user_id: i64, choice: i64) -> rusqlite::Result<()> {
    super::votes::cast(
        connection,
        super::votes::Target::Submission,
        id,
        user_id,
        choice,
    )?;
    Ok(())
}
