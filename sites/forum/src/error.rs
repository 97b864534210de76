//! The forum crate's error type.

/// What can go wrong opening, seeding or querying the forum.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ForumError {
    /// The shared site machinery failed.
    #[error(transparent)]
    Kit(#[from] kit::KitError),
    /// SQLite refused a statement.
    #[error("forum database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A stored picture spec is not valid JSON.
    #[error("stored picture spec is malformed: {0}")]
    Spec(#[from] serde_json::Error),
    /// Writing the data directory or a dump failed.
    #[error("cannot write {what}: {source}")]
    Io {
        /// What was being written.
        what: String,
        /// Why it failed.
        source: std::io::Error,
    },
    /// A seed grammar file is malformed or refers to a rule nothing defines.
    #[error("forum seed grammar: {0}")]
    Grammar(#[from] kit::prose::GrammarError),
    /// No user has this name.
    #[error("no forum user is called `{0}`")]
    UnknownUser(String),
}

impl From<ForumError> for kit::PageError {
    fn from(error: ForumError) -> Self {
        match error {
            ForumError::Kit(kit) => kit.into(),
            other => kit::KitError::Task(other.to_string()).into(),
        }
    }
}
