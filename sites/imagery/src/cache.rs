//! A bounded, thread-safe cache of rendered pictures keyed by spec and size.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};

use bytes::Bytes;
use sha2::{Digest, Sha256};

use super::error::ImageryError;
use super::picture::Picture;
use super::spec::ImageSpec;

/// Bumped whenever drawing changes, so ETags of old renderings stop matching.
const RENDERER_VERSION: u32 = 2;

/// A rendered PNG and its strong ETag.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RenderedImage {
    /// The PNG file's bytes; cloning shares them, ready for an HTTP body.
    pub png: Bytes,
    /// A strong entity tag, quoted as an HTTP `ETag` header value expects
    /// (`"…"`); it changes whenever the spec, the size or the renderer changes.
    pub etag: String,
}

/// The strong ETag of a picture rendered at a size: a hash of the renderer version,
/// the picture's spec and the size.
pub fn etag(picture: &Picture, width: u32, height: u32) -> String {
    let mut hasher = Sha256::new();
    hasher.update(RENDERER_VERSION.to_le_bytes());
    // serde_json of the spec is stable: fields in declaration order.
    hasher.update(serde_json::to_vec(picture).unwrap_or_default());
    hasher.update(width.to_le_bytes());
    hasher.update(height.to_le_bytes());
    let digest = hasher.finalize();
    let hex: String = digest.iter().take(16).map(|b| format!("{b:02x}")).collect();
    format!("\"{hex}\"")
}

type Key = (Picture, u32, u32);

struct Entry {
    image: RenderedImage,
    last_used: u64,
}

#[derive(Default)]
struct Store {
    entries: HashMap<Key, Entry>,
    bytes: usize,
    clock: u64,
}

/// Rendered photos kept in memory up to a byte budget, least recently used evicted
/// first. Cloning shares the same cache.
#[derive(Clone)]
pub struct ImageCache {
    store: Arc<Mutex<Store>>,
    max_bytes: usize,
}

impl std::fmt::Debug for ImageCache {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let (entries, bytes) = self.usage();
        f.debug_struct("ImageCache")
            .field("entries", &entries)
            .field("bytes", &bytes)
            .field("max_bytes", &self.max_bytes)
            .finish()
    }
}

impl ImageCache {
    /// A cache holding at most `max_bytes` of PNG data (a photo larger than the
    /// budget is rendered and returned but not kept).
    pub fn new(max_bytes: usize) -> Self {
        ImageCache {
            store: Arc::new(Mutex::new(Store::default())),
            max_bytes,
        }
    }

    /// Entries held and their total PNG bytes.
    pub fn usage(&self) -> (usize, usize) {
        let store = self.store.lock().unwrap_or_else(PoisonError::into_inner);
        (store.entries.len(), store.bytes)
    }

    /// The rendered product photo and its strong ETag, rendering on a miss.
    pub fn get(
        &self,
        spec: &ImageSpec,
        width: u32,
        height: u32,
    ) -> Result<RenderedImage, ImageryError> {
        self.get_picture(&Picture::Product(spec.clone()), width, height)
    }

    /// The rendered picture and its strong ETag, rendering on a miss.
    pub fn get_picture(
        &self,
        picture: &Picture,
        width: u32,
        height: u32,
    ) -> Result<RenderedImage, ImageryError> {
        let key = (picture.clone(), width, height);
        {
            // A poisoned lock only means another thread panicked mid-update of
            // plain data; the map is still consistent enough to serve from.
            let mut store = self.store.lock().unwrap_or_else(PoisonError::into_inner);
            store.clock += 1;
            let now = store.clock;
            if let Some(entry) = store.entries.get_mut(&key) {
                entry.last_used = now;
                return Ok(entry.image.clone());
            }
        }
        // Render outside the lock so one slow miss does not stall every hit.
        let image = RenderedImage {
            png: Bytes::from(super::render_picture_png(picture, width, height)?),
            etag: etag(picture, width, height),
        };
        let size = image.png.len();
        if size <= self.max_bytes {
            let mut store = self.store.lock().unwrap_or_else(PoisonError::into_inner);
            while store.bytes + size > self.max_bytes {
                let Some(oldest) = store
                    .entries
                    .iter()
                    .min_by_key(|(_, e)| e.last_used)
                    .map(|(k, _)| k.clone())
                else {
                    break;
                };
                if let Some(gone) = store.entries.remove(&oldest) {
                    store.bytes -= gone.image.png.len();
                }
            }
            store.clock += 1;
            let last_used = store.clock;
            if let Some(old) = store.entries.insert(
                key,
                Entry {
                    image: image.clone(),
                    last_used,
                },
            ) {
                store.bytes -= old.image.png.len();
            }
            store.bytes += size;
        }
        Ok(image)
    }
}
