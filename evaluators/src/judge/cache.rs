//! On-disk verdict cache: one JSON file per SHA-256 key of (model, prompt, image bytes).

use super::JudgeError;
use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Distinguishes temporary files of concurrent writers in one process.
static WRITE_COUNTER: AtomicU64 = AtomicU64::new(0);

/// A directory of cached judge replies.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerdictCache {
    dir: PathBuf,
}

#[derive(Serialize, Deserialize)]
struct Entry {
    reply: String,
}

impl VerdictCache {
    /// Uses `dir` (created on first write).
    pub fn new(dir: impl Into<PathBuf>) -> Self {
        VerdictCache { dir: dir.into() }
    }

    /// The cache key of a request.
    pub fn key(model: &str, system: &str, prompt: &str, images: &[&[u8]]) -> String {
        let mut hasher = Sha256::new();
        // Length prefixes keep distinct inputs from colliding by concatenation.
        for part in [model.as_bytes(), system.as_bytes(), prompt.as_bytes()]
            .into_iter()
            .chain(images.iter().copied())
        {
            hasher.update((part.len() as u64).to_le_bytes());
            hasher.update(part);
        }
        hasher
            .finalize()
            .iter()
            .map(|byte| format!("{byte:02x}"))
            .collect()
    }

    fn path(&self, key: &str) -> PathBuf {
        self.dir.join(format!("{key}.json"))
    }

    /// The cached reply for `key`, if any.
    pub fn get(&self, key: &str) -> Result<Option<String>, JudgeError> {
        let path = self.path(key);
        match std::fs::read(&path) {
            Ok(bytes) => serde_json::from_slice::<Entry>(&bytes)
                .map(|entry| Some(entry.reply))
                .map_err(|error| cache_error(&path, error)),
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(error) => Err(cache_error(&path, error)),
        }
    }

    /// Stores a reply (written to a temporary file, then renamed, so readers never see half a file).
    pub fn put(&self, key: &str, reply: &str) -> Result<(), JudgeError> {
        let path = self.path(key);
        std::fs::create_dir_all(&self.dir).map_err(|error| cache_error(&self.dir, error))?;
        let body = serde_json::to_vec(&Entry {
            reply: reply.to_owned(),
        })
        .map_err(|error| cache_error(&path, error))?;
        let writer = WRITE_COUNTER.fetch_add(1, Ordering::Relaxed);
        let temporary = self
            .dir
            .join(format!("{key}.json.{}-{writer}.tmp", std::process::id()));
        std::fs::write(&temporary, body).map_err(|error| cache_error(&temporary, error))?;
        std::fs::rename(&temporary, &path).map_err(|error| cache_error(&path, error))
    }
}

fn cache_error(path: &Path, error: impl std::fmt::Display) -> JudgeError {
    JudgeError::Cache {
        path: path.to_owned(),
        message: error.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_depend_on_every_part() {
        let base = VerdictCache::key("m", "s", "p", &[b"img"]);
        assert_eq!(base.len(), 64);
        assert_eq!(base, VerdictCache::key("m", "s", "p", &[b"img"]));
        assert_ne!(base, VerdictCache::key("m2", "s", "p", &[b"img"]));
        assert_ne!(base, VerdictCache::key("m", "s", "p", &[b"img2"]));
        assert_ne!(base, VerdictCache::key("m", "s", "p2", &[b"img"]));
        assert_ne!(
            VerdictCache::key("ab", "", "c", &[]),
            VerdictCache::key("a", "b", "c", &[])
        );
    }

    #[test]
    fn concurrent_writers_of_one_key_do_not_collide() {
        let dir = tempfile::tempdir().unwrap();
        let cache = VerdictCache::new(dir.path());
        std::thread::scope(|scope| {
            for _ in 0..8 {
                scope.spawn(|| cache.put("same-key", "same").unwrap());
            }
        });
        assert_eq!(cache.get("same-key").unwrap().as_deref(), Some("same"));
        let leftovers = std::fs::read_dir(dir.path()).unwrap().count();
        assert_eq!(leftovers, 1, "temporary files are renamed away");
    }

    #[test]
    fn stores_and_reads_replies() {
        let dir = tempfile::tempdir().unwrap();
        let cache = VerdictCache::new(dir.path().join("verdicts"));
        assert_eq!(cache.get("k").unwrap(), None);
        cache.put("k", "correct").unwrap();
        assert_eq!(cache.get("k").unwrap().as_deref(), Some("correct"));
        std::fs::write(dir.path().join("verdicts/bad.json"), "{").unwrap();
        assert!(matches!(cache.get("bad"), Err(JudgeError::Cache { .. })));
    }
}
