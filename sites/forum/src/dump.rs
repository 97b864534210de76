//! Ground truth for task authors, as JSON lines tagged by `record`: every forum, every
//! submission with its forum, author, score, comment count and what its picture shows, every
//! comment with its parent and score, and every private message. A picture is its spec (tagged by
//! `type`: `product`, `chart`, `meme` or `landscape`) plus the facts tasks ask about, worked
//! out here: a chart's `highest` and `lowest` label, a meme's captions as printed, a
//! scene's `sky` colour, a product photo's `drawing`.

use crate::ForumError;
use crate::db::images::url_path;
use crate::db::submissions::slug_of;
use imagery::Picture;
use rusqlite::Connection;
use serde::Serialize;
use std::io::Write;

#[derive(Serialize)]
struct PictureRecord {
    url: String,
    #[serde(flatten)]
    picture: Picture,
    #[serde(flatten)]
    facts: Facts,
}

/// What a picture shows beyond its spec's fields, in the words an answer would use.
#[derive(Serialize, Default)]
struct Facts {
    #[serde(skip_serializing_if = "Option::is_none")]
    highest: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    lowest: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    printed_top: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    printed_bottom: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    sky: Option<&'static str>,
    /// A product photo's drawing, as a person would name it ("mechanical keyboard").
    #[serde(skip_serializing_if = "Option::is_none")]
    drawing: Option<&'static str>,
}

impl Facts {
    fn of(picture: &Picture) -> Self {
        match picture {
            Picture::Chart(chart) => Facts {
                highest: chart.highest().map(str::to_owned),
                lowest: chart.lowest().map(str::to_owned),
                ..Facts::default()
            },
            Picture::Meme(meme) => Facts {
                printed_top: Some(imagery::MemeSpec::printed(&meme.top)),
                printed_bottom: Some(imagery::MemeSpec::printed(&meme.bottom)),
                ..Facts::default()
            },
            Picture::Landscape(scene) => Facts {
                sky: Some(scene.sky()),
                ..Facts::default()
            },
            Picture::Product(spec) => Facts {
                drawing: Some(spec.model.name()),
                ..Facts::default()
            },
        }
    }
}

#[derive(Serialize)]
struct SubmissionRecord {
    record: &'static str,
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

/// Writes one JSON object per submission of the base database `connection` to `out`; returns
/// the number written.
pub fn dump(connection: &Connection, out: &mut dyn Write) -> Result<u64, ForumError> {
    let mut statement = connection.prepare(
        "SELECT s.id, f.name, u.username, s.title, s.url, s.body, s.net_score, s.upvotes, s.downvotes,
                s.comment_count, strftime('%Y-%m-%dT%H:%M:%S+00:00', s.created_at, 'unixepoch'), i.name, i.spec
         FROM submissions s JOIN forums f ON f.id = s.forum_id JOIN users u ON u.id = s.user_id
         LEFT JOIN images i ON i.id = s.image_id ORDER BY s.id",
    )?;
    let mut rows = statement.query([])?;
    let mut written = 0;
    while let Some(row) = rows.next()? {
        let id: i64 = row.get(0)?;
        let forum: String = row.get(1)?;
        let title: String = row.get(3)?;
        let picture = match (
            row.get::<_, Option<String>>(11)?,
            row.get::<_, Option<String>>(12)?,
        ) {
            (Some(name), Some(spec)) => {
                let picture = crate::db::images::parse(&spec)?;
                Some(PictureRecord {
                    url: url_path(&name),
                    facts: Facts::of(&picture),
                    picture,
                })
            }
            _ => None,
        };
        let record = SubmissionRecord {
            record: "submission",
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
        write_line(out, &record)?;
        written += 1;
    }
    drop(rows);
    written += dump_rows(
        connection,
        out,
        "SELECT f.id, f.name, f.title, f.description, f.subscribers, f.submissions
         FROM forums f ORDER BY f.id",
        |row| {
            Ok(serde_json::json!({
                "record": "forum", "id": row.get::<_, i64>(0)?, "name": row.get::<_, String>(1)?,
                "title": row.get::<_, String>(2)?, "description": row.get::<_, String>(3)?,
                "subscribers": row.get::<_, i64>(4)?, "submissions": row.get::<_, i64>(5)?,
            }))
        },
    )?;
    written += dump_rows(
        connection,
        out,
        "SELECT c.id, c.submission_id, c.parent_id, u.username, c.body, c.net_score,
                strftime('%Y-%m-%dT%H:%M:%S+00:00', c.created_at, 'unixepoch'), c.deleted
         FROM comments c JOIN users u ON u.id = c.user_id ORDER BY c.id",
        |row| {
            Ok(serde_json::json!({
                "record": "comment", "id": row.get::<_, i64>(0)?,
                "submission_id": row.get::<_, i64>(1)?, "parent_id": row.get::<_, Option<i64>>(2)?,
                "author": row.get::<_, String>(3)?, "body": row.get::<_, String>(4)?,
                "net_score": row.get::<_, i64>(5)?, "created": row.get::<_, String>(6)?,
                "deleted": row.get::<_, bool>(7)?,
            }))
        },
    )?;
    written += dump_rows(
        connection,
        out,
        "SELECT m.id, m.thread_id, t.title, s.username, r.username, m.body,
                strftime('%Y-%m-%dT%H:%M:%S+00:00', m.created_at, 'unixepoch')
         FROM messages m JOIN message_threads t ON t.id = m.thread_id
         JOIN users s ON s.id = m.sender_id
         JOIN users r ON r.id = CASE WHEN m.sender_id = t.sender_id THEN t.receiver_id ELSE t.sender_id END
         ORDER BY m.id",
        |row| {
            Ok(serde_json::json!({
                "record": "message", "id": row.get::<_, i64>(0)?, "thread_id": row.get::<_, i64>(1)?,
                "thread": row.get::<_, String>(2)?, "from": row.get::<_, String>(3)?,
                "to": row.get::<_, String>(4)?, "body": row.get::<_, String>(5)?,
                "created": row.get::<_, String>(6)?,
            }))
        },
    )?;
    out.flush().map_err(dump_io)?;
    Ok(written)
}

fn dump_io(source: std::io::Error) -> ForumError {
    ForumError::Io {
        what: "the dump".into(),
        source,
    }
}

/// Writes `record` as one JSON line.
fn write_line(out: &mut dyn Write, record: &impl Serialize) -> Result<(), ForumError> {
    let mut line = serde_json::to_vec(record)?;
    line.push(b'\n');
    out.write_all(&line).map_err(dump_io)
}

/// Writes one JSON line per row of `sql`, as `to_json` makes it; returns how many.
fn dump_rows(
    connection: &Connection,
    out: &mut dyn Write,
    sql: &str,
    to_json: impl Fn(&rusqlite::Row<'_>) -> rusqlite::Result<serde_json::Value>,
) -> Result<u64, ForumError> {
    let mut statement = connection.prepare(sql)?;
    let mut rows = statement.query([])?;
    let mut written = 0;
    while let Some(row) = rows.next()? {
        write_line(out, &to_json(row)?)?;
        written += 1;
    }
    Ok(written)
}
