//! SQLite connections shared by request handlers, append-only migrations and in-memory copies.

use crate::KitError;
use rusqlite::{Connection, MAIN_DB};
use std::path::Path;
use std::sync::{Arc, Mutex};

/// One site's database for one tenant: an SQLite connection behind a mutex.
///
/// Cloning is cheap and shares the connection. Queries run on tokio's blocking pool so a
/// slow statement does not stall the async runtime.
#[derive(Clone)]
pub struct Database {
    connection: Arc<Mutex<Connection>>,
}

impl std::fmt::Debug for Database {
    fn fmt(&self, formatter: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        formatter.write_str("Database")
    }
}

impl Database {
    /// Wraps an open connection.
    pub fn new(connection: Connection) -> Self {
        Self {
            connection: Arc::new(Mutex::new(connection)),
        }
    }

    /// A writable in-memory database holding a copy of `image` (a serialized SQLite file).
    pub fn from_image(image: &[u8]) -> Result<Self, KitError> {
        let mut connection = Connection::open_in_memory()?;
        connection.deserialize_read_exact(MAIN_DB, image, image.len(), false)?;
        Ok(Self::new(connection))
    }

    /// Runs `work` with the connection on the blocking pool and returns its result.
    pub async fn call<T, E, F>(&self, work: F) -> Result<T, E>
    where
        T: Send + 'static,
        E: From<KitError> + Send + 'static,
        F: FnOnce(&mut Connection) -> Result<T, E> + Send + 'static,
    {
        let connection = Arc::clone(&self.connection);
        tokio::task::spawn_blocking(move || {
            let mut guard = connection.lock().map_err(|_| KitError::Poisoned)?;
            work(&mut guard)
        })
        .await
        .map_err(|error| E::from(KitError::Task(error.to_string())))?
    }

    /// Runs `work` with the connection on the current thread (for benchmarks and tools).
    pub fn call_blocking<T, E, F>(&self, work: F) -> Result<T, E>
    where
        E: From<KitError>,
        F: FnOnce(&mut Connection) -> Result<T, E>,
    {
        let mut guard = self.connection.lock().map_err(|_| KitError::Poisoned)?;
        work(&mut guard)
    }

    /// Rows inserted, updated or deleted through this connection since it was opened.
    pub fn changes(&self) -> Result<u64, KitError> {
        self.call_blocking(|connection| Ok(connection.total_changes()))
    }

    /// Bytes of memory the database's pages occupy (page count × page size).
    pub fn size_bytes(&self) -> Result<u64, KitError> {
        self.call_blocking(|connection| {
            let pages: u64 = connection.query_row("PRAGMA page_count", [], |row| row.get(0))?;
            let page_size: u64 = connection.query_row("PRAGMA page_size", [], |row| row.get(0))?;
            Ok(pages * page_size)
        })
    }
}

/// A site's schema history: SQL scripts applied in order, each exactly once.
///
/// Never edit or reorder a released script; append a new one. The number applied is kept
/// in SQLite's `user_version`.
#[derive(Debug, Clone, Copy)]
pub struct Migrations(pub &'static [&'static str]);

impl Migrations {
    /// Applies the scripts the database has not seen yet; returns how many ran.
    pub fn apply(&self, connection: &mut Connection) -> Result<usize, KitError> {
        let applied: usize =
            connection.query_row("PRAGMA user_version", [], |row| row.get::<_, i64>(0))? as usize;
        let pending = self.0.iter().enumerate().skip(applied);
        let mut count = 0;
        for (index, script) in pending {
            let transaction = connection.transaction()?;
            transaction.execute_batch(script)?;
            transaction.pragma_update(None, "user_version", (index + 1) as i64)?;
            transaction.commit()?;
            count += 1;
        }
        Ok(count)
    }
}

impl Migrations {
    /// Whether the database file at `path` has applied exactly these migrations (a file from
    /// an older or newer build has not, and is re-seeded rather than served).
    pub fn is_current(&self, path: &Path) -> bool {
        Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
            .and_then(|connection| {
                connection.query_row("PRAGMA user_version", [], |row| row.get::<_, i64>(0))
            })
            .is_ok_and(|version| {
                usize::try_from(version).is_ok_and(|version| version == self.0.len())
            })
    }
}

/// Reads a base database file into memory (the image tenants are copied from).
pub fn read_image(path: &Path) -> Result<Vec<u8>, KitError> {
    std::fs::read(path).map_err(|source| KitError::BaseUnreadable {
        path: path.to_owned(),
        source,
    })
}

/// Opens the base database file at `path` read-only (for dumps); a missing file says to seed.
pub fn open_base(path: &Path) -> Result<Connection, KitError> {
    if !path.exists() {
        return Err(KitError::BaseUnreadable {
            path: path.to_owned(),
            source: std::io::Error::from(std::io::ErrorKind::NotFound),
        });
    }
    Ok(Connection::open_with_flags(
        path,
        rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY,
    )?)
}

/// Whether `path` is a whole SQLite database: its length is what its header says (a file cut
/// short reads as valid to SQLite itself, with the missing pages as zeros) and it passes
/// `PRAGMA quick_check`. A file that is not whole is rebuilt rather than served.
pub fn is_whole(path: &Path) -> bool {
    use std::io::Read;
    let mut header = [0_u8; 100];
    let Ok(length) = std::fs::File::open(path).and_then(|mut file| {
        file.read_exact(&mut header)?;
        Ok(file.metadata()?.len())
    }) else {
        return false;
    };
    let word = |at: usize| {
        u32::from_be_bytes([header[at], header[at + 1], header[at + 2], header[at + 3]])
    };
    let page_size = match u16::from_be_bytes([header[16], header[17]]) {
        1 => 65_536,
        size => u64::from(size),
    };
    // The page count at offset 28 is valid when the "version valid for" number at 92 equals
    // the change counter at 24 (always so for files SQLite 3.7+ wrote).
    let sized = header.starts_with(b"SQLite format 3\0")
        && word(92) == word(24)
        && u64::from(word(28)) * page_size == length;
    if !sized {
        return false;
    }
    let checked = Connection::open_with_flags(path, rusqlite::OpenFlags::SQLITE_OPEN_READ_ONLY)
        .and_then(|connection| {
            connection.query_row("PRAGMA quick_check(1)", [], |row| row.get::<_, String>(0))
        });
    matches!(checked.as_deref(), Ok("ok"))
}

/// Writes the in-memory or file database `connection` to `path` as a compact file,
/// atomically: it is built beside `path` (`<name>.partial`), synced and renamed into place, so
/// `path` is always absent or whole. A kill mid-way leaves only the partial file, which is
/// never opened and is replaced by the next write.
pub fn write_file(connection: &Connection, path: &Path) -> Result<(), KitError> {
    let unwritable = |source| KitError::BaseUnwritable {
        path: path.to_owned(),
        source,
    };
    let mut partial = path.as_os_str().to_owned();
    partial.push(".partial");
    let partial = std::path::PathBuf::from(partial);
    match std::fs::remove_file(&partial) {
        Err(error) if error.kind() != std::io::ErrorKind::NotFound => {
            return Err(unwritable(error));
        }
        _ => {}
    }
    connection.execute("VACUUM INTO ?1", [partial.to_string_lossy().as_ref()])?;
    std::fs::File::open(&partial)
        .and_then(|file| file.sync_all())
        .and_then(|()| std::fs::rename(&partial, path))
        .map_err(unwritable)?;
    // The rename itself reaches the disk with the directory.
    if let Some(folder) = path
        .parent()
        .filter(|folder| !folder.as_os_str().is_empty())
    {
        std::fs::File::open(folder)
            .and_then(|folder| folder.sync_all())
            .map_err(unwritable)?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    const HISTORY: [&str; 2] = [
        "CREATE TABLE notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL);",
        "ALTER TABLE notes ADD COLUMN pinned INTEGER NOT NULL DEFAULT 0;",
    ];

    #[test]
    fn migrations_run_once_and_only_new_ones_later() {
        let mut connection = Connection::open_in_memory().unwrap();
        assert_eq!(Migrations(&HISTORY[..1]).apply(&mut connection).unwrap(), 1);
        assert_eq!(Migrations(&HISTORY[..1]).apply(&mut connection).unwrap(), 0);
        assert_eq!(Migrations(&HISTORY).apply(&mut connection).unwrap(), 1);
        connection
            .execute("INSERT INTO notes (body, pinned) VALUES ('x', 1)", [])
            .unwrap();
    }

    #[test]
    fn a_base_written_before_a_new_migration_is_not_current() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("base.sqlite");
        assert!(!Migrations(&HISTORY).is_current(&path), "no file");
        let mut connection = Connection::open_in_memory().unwrap();
        Migrations(&HISTORY[..1]).apply(&mut connection).unwrap();
        write_file(&connection, &path).unwrap();
        assert!(Migrations(&HISTORY[..1]).is_current(&path));
        assert!(
            !Migrations(&HISTORY).is_current(&path),
            "one migration behind"
        );
    }

    #[test]
    fn a_written_file_replaces_the_old_one_whole_and_a_stale_partial_is_ignored() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("base.sqlite");
        let partial = directory.path().join("base.sqlite.partial");
        std::fs::write(&path, b"the previous base").unwrap();
        std::fs::write(&partial, b"half of a database a killed seed left").unwrap();
        let mut base = Connection::open_in_memory().unwrap();
        Migrations(&HISTORY).apply(&mut base).unwrap();
        base.execute("INSERT INTO notes (body) VALUES ('seeded')", [])
            .unwrap();
        write_file(&base, &path).unwrap();
        assert!(!partial.exists(), "the partial file was renamed into place");
        let written = Connection::open(&path).unwrap();
        let body: String = written
            .query_row("SELECT body FROM notes", [], |row| row.get(0))
            .unwrap();
        assert_eq!(body, "seeded");
        assert!(is_whole(&path));
        let bytes = std::fs::read(&path).unwrap();
        std::fs::write(&path, &bytes[..bytes.len() / 2]).unwrap();
        assert!(!is_whole(&path), "a file cut short is not whole");
        assert!(!is_whole(&partial), "a missing file is not whole");
    }

    #[tokio::test]
    async fn a_copy_from_an_image_is_independent_of_the_original() {
        let directory = tempfile::tempdir().unwrap();
        let path = directory.path().join("base.sqlite");
        let mut base = Connection::open_in_memory().unwrap();
        Migrations(&HISTORY).apply(&mut base).unwrap();
        base.execute("INSERT INTO notes (body) VALUES ('seeded')", [])
            .unwrap();
        write_file(&base, &path).unwrap();
        let image = read_image(&path).unwrap();

        let first = Database::from_image(&image).unwrap();
        let second = Database::from_image(&image).unwrap();
        first
            .call(|c| c.execute("DELETE FROM notes", []).map_err(KitError::from))
            .await
            .unwrap();
        let count = |database: Database| async move {
            database
                .call(|c| {
                    c.query_row("SELECT count(*) FROM notes", [], |r| r.get::<_, i64>(0))
                        .map_err(KitError::from)
                })
                .await
                .unwrap()
        };
        assert_eq!(count(first).await, 0);
        assert_eq!(count(second.clone()).await, 1);
        assert!(second.size_bytes().unwrap() > 0);
    }

    #[test]
    fn a_missing_base_file_says_to_seed() {
        let error = read_image(Path::new("/nonexistent/classifieds.sqlite")).unwrap_err();
        assert!(error.to_string().contains("agora seed"));
    }
}
