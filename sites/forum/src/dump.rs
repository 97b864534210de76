//! Ground truth for task authors: every submission with its forum, author, score, comment
//! count and what its picture shows, as JSON lines.

use crate::ForumError;
use crate::db::images::url_path;
use crate::db::submissions::slug_of;
use crate::seed::BASE_FILE;
use kit::imagery::ImageSpec;
use rusqlite::{Connection, OpenFlags};
use serde::Serialize;
use std::io::Write;
use std::path::Path;

#[derive(Serialize)]
struct PictureRecord {
    url: String,
    spec: ImageSpec,
}

#[derive(Serialize)]
struct SubmissionRecord {
    id: i64,
    url: String,
    forum: String,
    author: String,
    title: String,
    link: Option<String>,
    body: String,
    net_score: i64,
    upvotes: i64,
    downvotes: i64,
    comments: i64,
    created: String,
    picture: Option<PictureRecord>,
}

/// Writes one JSON object per submission of `data_dir/forum.sqlite` to `out`; returns the
/// number written.
pub fn dump(data_dir: &Path, out: &mut impl Write) -> Result<u64, ForumError> {
    let path = data_dir.join(BASE_FILE);
    if !path.exists() {
        return Err(kit::KitError::BaseUnreadable {
            path,
            source: std::io::Error::from(std::io::ErrorKind::NotFound),
        }
        .into());
    }
    let connection = Connection::open_with_flags(&path, OpenFlags::SQLITE_OPEN_READ_ONLY)?;
    let mut statement = connection.prepare(
        "SELECT s.id, f.name, u.username, s.title, s.url, s.body, s.net_score, s.upvotes, s.downvotes,
                s.comment_count, strftime('%Y-%m-%dT%H:%M:%S+00:00', s.created_at, 'unixepoch'), i.name, i.spec
         FROM submissions s JOIN forums f ON f.id = s.forum_id JOIN users u ON u.id = s.user_id
         LEFT JOIN images i ON i.id = s.image_id ORDER BY s.id",
    )?;
    let mut rows = statement.query([])?;
    let io = |source| ForumError::Io {
        what: "the dump".into(),
        source,
    };
    let mut written = 0;
    while let Some(row) = rows.next()? {
        let id: i64 = row.get(0)?;
        let forum: String = row.get(1)?;
        let title: String = row.get(3)?;
        let picture = match (
            row.get::<_, Option<String>>(11)?,
            row.get::<_, Option<String>>(12)?,
        ) {
            (Some(name), Some(spec)) => Some(PictureRecord {
                url: url_path(&name),
                spec: serde_json::from_str(&spec)?,
            }),
            _ => None,
        };
        let record = SubmissionRecord {
            id,
            url: format!("/f/{forum}/{id}/{}", slug_of(&title)),
            forum,
            author: row.get(2)?,
            title,
            link: row.get(4)?,
            body: row.get(5)?,
            net_score: row.get(6)?,
            upvotes: row.get(7)?,
            downvotes: row.get(8)?,
            comments: row.get(9)?,
            created: row.get(10)?,
            picture,
        };
        let mut line = serde_json::to_vec(&record)?;
        line.push(b'\n');
        out.write_all(&line).map_err(io)?;
        written += 1;
    }
    out.flush().map_err(io)?;
    Ok(written)
}
