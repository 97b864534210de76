//! Ground truth for task authors: every submission with its forum, author, score, comment
//! count and what its picture shows, as JSON lines. A picture is its spec (tagged by
//! `type`: `product`, `chart`, `meme` or `landscape`) plus the facts tasks ask about, worked
//! out here: a chart's `highest` and `lowest` label, a meme's captions as printed, a
//! scene's `sky` colour.

use crate::ForumError;
use crate::db::images::url_path;
use crate::db::submissions::slug_of;
use crate::seed::BASE_FILE;
use kit::imagery::Picture;
use rusqlite::{Connection, OpenFlags};
use serde::Serialize;
use std::io::Write;
use std::path::Path;

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
                printed_top: Some(kit::imagery::MemeSpec::printed(&meme.top)),
                printed_bottom: Some(kit::imagery::MemeSpec::printed(&meme.bottom)),
                ..Facts::default()
            },
            Picture::Landscape(scene) => Facts {
                sky: Some(scene.sky()),
                ..Facts::default()
            },
            _ => Facts::default(),
        }
    }
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
