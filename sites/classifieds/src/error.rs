//! The classifieds crate's error type.

/// What can go wrong opening, seeding or querying the classifieds site.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ClassifiedsError {
    /// The shared site machinery failed.
    #[error(transparent)]
    Kit(#[from] kit::KitError),
    /// SQLite refused a statement.
    #[error("classifieds database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// A stored photo spec is not valid JSON.
    #[error("stored photo spec is malformed: {0}")]
    Spec(#[from] serde_json::Error),
    /// Writing the data directory or a dump failed.
    #[error("cannot write {what}: {source}")]
    Io {
        /// What was being written.
        what: String,
        /// Why it failed.
        source: std::io::Error,
    },
    /// A kind of goods names something no drawing of the imagery kit shows.
    #[error("no drawing shows the goods \"{0}\"; add one to the kit or change the goods")]
    Undrawable(String),
    /// No user has this email address.
    #[error("no classifieds user has the email `{0}`")]
    UnknownUser(String),
}

impl From<ClassifiedsError> for kit::PageError {
    fn from(error: ClassifiedsError) -> Self {
        match error {
            ClassifiedsError::Kit(kit) => kit.into(),
            other => kit::KitError::Task(other.to_string()).into(),
        }
    }
}
