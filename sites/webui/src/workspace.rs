//! A tenant's workspace: the three files an agent writes, kept in the tenant's copy of the
//! site's database (so a reset empties it and no tenant sees another's).

use crate::{SITE, WebUiError};
use kit::site::{WorkspaceError, WriteFuture};
use kit::{Database, Migrations, TenantId, Tenants};
use rusqlite::{Connection, OptionalExtension, params};

/// The schema history; append new scripts, never edit released ones.
pub(crate) const MIGRATIONS: Migrations =
    Migrations(&["CREATE TABLE files (name TEXT PRIMARY KEY, content TEXT NOT NULL);"]);

/// The most one workspace file may hold (256 KiB): far above a real page, far below what
/// could hurt the server.
pub const MAX_FILE_BYTES: usize = 256 * 1024;

/// The page a workspace shows before anything is written: blank.
pub const BLANK_PAGE: &str = "<!DOCTYPE html>\n<html>\n<head>\n<meta charset=\"utf-8\">\n<link rel=\"stylesheet\" href=\"style.css\">\n</head>\n<body>\n<script src=\"script.js\"></script>\n</body>\n</html>\n";

/// One file of a workspace.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum WorkspaceFile {
    /// `index.html`.
    Html,
    /// `style.css`.
    Css,
    /// `script.js`.
    JavaScript,
}

impl WorkspaceFile {
    /// Every file, in the order a page uses them.
    pub const ALL: [WorkspaceFile; 3] = [Self::Html, Self::Css, Self::JavaScript];

    /// Its file name.
    pub fn name(self) -> &'static str {
        match self {
            Self::Html => "index.html",
            Self::Css => "style.css",
            Self::JavaScript => "script.js",
        }
    }

    /// The file called `name`.
    pub fn named(name: &str) -> Result<Self, WebUiError> {
        Self::ALL
            .into_iter()
            .find(|file| file.name() == name)
            .ok_or_else(|| WebUiError::UnknownFile(name.chars().take(80).collect()))
    }

    /// Its `Content-Type`.
    pub fn content_type(self) -> &'static str {
        match self {
            Self::Html => "text/html; charset=utf-8",
            Self::Css => "text/css; charset=utf-8",
            Self::JavaScript => "text/javascript; charset=utf-8",
        }
    }

    /// What the workspace holds before it is written.
    fn initial(self) -> &'static str {
        match self {
            Self::Html => BLANK_PAGE,
            Self::Css | Self::JavaScript => "",
        }
    }
}

/// Builds the base database: the schema, no files.
pub fn base_connection() -> Result<Connection, WebUiError> {
    let mut connection = Connection::open_in_memory()?;
    MIGRATIONS.apply(&mut connection)?;
    Ok(connection)
}

/// Overwrites `file` with `content`, refusing content over [`MAX_FILE_BYTES`].
pub async fn write(
    database: &Database,
    file: WorkspaceFile,
    content: String,
) -> Result<(), WebUiError> {
    if content.len() > MAX_FILE_BYTES {
        return Err(WebUiError::TooLarge {
            file: file.name().to_owned(),
            bytes: content.len(),
        });
    }
    database
        .call(move |connection| {
            connection.execute(
                "INSERT INTO files (name, content) VALUES (?1, ?2)
                 ON CONFLICT(name) DO UPDATE SET content = excluded.content",
                params![file.name(), content],
            )?;
            Ok::<_, WebUiError>(())
        })
        .await
}

/// The file's content (its initial content when never written).
pub async fn read(database: &Database, file: WorkspaceFile) -> Result<String, WebUiError> {
    database
        .call(move |connection| {
            let stored: Option<String> = connection
                .query_row(
                    "SELECT content FROM files WHERE name = ?1",
                    params![file.name()],
                    |row| row.get(0),
                )
                .optional()?;
            Ok::<_, WebUiError>(stored.unwrap_or_else(|| file.initial().to_owned()))
        })
        .await
}

/// The workspace capability the controller hands to episodes: writes go straight into the
/// tenant's copy of the site, and the workspace page shows them.
#[derive(Debug, Clone)]
pub struct TenantWorkspaces {
    /// The tenant registry.
    pub tenants: Tenants,
    /// The site's base URL as the agent's browser reaches it.
    pub base_url: String,
}

impl kit::site::Workspace for TenantWorkspaces {
    fn page_url(&self) -> String {
        format!("{}/workspace/", self.base_url.trim_end_matches('/'))
    }

    fn write(&self, tenant: TenantId, file: &str, content: String) -> WriteFuture<'_> {
        let file = WorkspaceFile::named(file);
        Box::pin(async move {
            let written = async {
                let file = file?;
                let database = self.tenants.handle(tenant, SITE).get().await?;
                write(&database, file, content).await
            };
            written.await.map_err(|error| match error {
                WebUiError::TooLarge { file, bytes } => WorkspaceError::TooLarge {
                    file,
                    bytes,
                    limit: MAX_FILE_BYTES,
                },
                other => WorkspaceError::Failed(other.to_string()),
            })
        })
    }
}
