//! The shopping crate's error type.

/// What can go wrong opening, seeding or querying the shopping site.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum ShoppingError {
    /// The shared site machinery failed.
    #[error(transparent)]
    Kit(#[from] kit::KitError),
    /// The seed's own facts disagree (a bug in the seed).
    #[error("shopping seed: {0}")]
    Seed(String),
    /// A seed grammar file is malformed or refers to a rule nothing defines.
    #[error("shopping seed grammar: {0}")]
    Grammar(#[from] kit::prose::GrammarError),
    /// SQLite refused a statement.
    #[error("shopping database error: {0}")]
    Sqlite(#[from] rusqlite::Error),
    /// Stored JSON (photo spec, options, attributes) is malformed.
    #[error("stored shopping JSON is malformed: {0}")]
    Json(#[from] serde_json::Error),
    /// Writing the data directory or a dump failed.
    #[error("cannot write {what}: {source}")]
    Io {
        /// What was being written.
        what: String,
        /// Why it failed.
        source: std::io::Error,
    },
    /// A catalogue leaf names something no drawing of the imagery kit shows.
    #[error("no drawing shows the catalogue's \"{0}\"; add one to the kit or rename the leaf")]
    Undrawable(String),
    /// No customer has this email address.
    #[error("no shopping customer has the email `{0}`")]
    UnknownCustomer(String),
}

impl From<ShoppingError> for kit::PageError {
    fn from(error: ShoppingError) -> Self {
        match error {
            ShoppingError::Kit(kit) => kit.into(),
            other => kit::KitError::Task(other.to_string()).into(),
        }
    }
}
