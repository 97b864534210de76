//! Full-text search over submission titles and bodies (SQLite FTS5, Porter stemming),
//! best matches first.

use super::submissions::{COLUMNS, JOINS, Submission, submission};
use rusqlite::{Connection, params};

/// Results per page.
pub const PAGE_SIZE: usize = 25;
/// Most words of a query that are searched for.
pub const MAX_WORDS: usize = 8;
/// Deepest page offered.
pub const MAX_PAGE: u32 = 40;

/// The words of `query`: letters and digits, at most [`MAX_WORDS`] of at most 40 characters.
pub fn words_of(query: &str) -> Vec<String> {
    query
        .split(|c: char| !c.is_alphanumeric())
        .filter(|word| !word.is_empty())
        .take(MAX_WORDS)
        .map(|word| word.chars().take(40).collect())
        .collect()
}

/// One page of search results and whether another follows.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Results {
    /// The matching submissions on this page.
    pub submissions: Vec<Submission>,
    /// Whether there are more.
    pub more: bool,
}

/// Page `page` (from 1) of the live submissions matching every word, as `viewer` (0:
/// nobody) sees them: those by users the viewer blocked are left out.
pub fn run(
    connection: &Connection,
    words: &[String],
    page: u32,
    viewer: i64,
) -> rusqlite::Result<Results> {
    if words.is_empty() {
        return Ok(Results {
            submissions: Vec::new(),
            more: false,
        });
    }
    // Each word quoted, so FTS syntax in a query is only ever text.
    let expression = words
        .iter()
        .map(|word| format!("\"{word}\""))
        .collect::<Vec<_>>()
        .join(" ");
    let offset = (page.clamp(1, MAX_PAGE) - 1) as usize * PAGE_SIZE;
    let mut statement = connection.prepare_cached(&format!(
        "SELECT {COLUMNS} FROM submissions_fts JOIN submissions s ON s.id = submissions_fts.rowid
         {JOINS}
         WHERE submissions_fts MATCH ?2 AND s.deleted = 0
           AND s.user_id NOT IN (SELECT blocked_id FROM blocks WHERE user_id = ?1)
         ORDER BY submissions_fts.rank, s.id DESC LIMIT ?3 OFFSET ?4"
    ))?;
    let mut submissions = statement
        .query_map(
            params![viewer, expression, PAGE_SIZE as i64 + 1, offset as i64],
            submission,
        )?
        .collect::<rusqlite::Result<Vec<_>>>()?;
    let more = submissions.len() > PAGE_SIZE;
    submissions.truncate(PAGE_SIZE);
    Ok(Results { submissions, more })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn query_syntax_never_reaches_the_match_expression() {
        assert_eq!(
            words_of("title:\"x\" OR NEAR(a b) *-^"),
            ["title", "x", "OR", "NEAR", "a", "b"]
        );
        assert_eq!(words_of("a b c d e f g h i j").len(), MAX_WORDS);
        assert!(words_of("  ...  ").is_empty());
    }
}
