//! Files a local browser uploads, staged where it can read them. As root, chromedriver and
//! its browsers run as an unprivileged user (`sandbox.rs`) who cannot read files in a private
//! folder (a task folder in root's home or in a `mktemp -d` directory); so a file an episode
//! may upload — already checked by `evaluators::local_file` — is copied into a directory of
//! the browser's own first, under its own name (the page sees the name), readable by the
//! browser's user alone. The directory sits beside the browser's profile, in its
//! chromedriver's directory (removed with it, and reaped with it after a crash), and is
//! emptied when the session is wiped for another episode or ends.

use super::BrowserUser;
use std::io;
use std::os::unix::fs::PermissionsExt;
use std::path::{Path, PathBuf};

/// The staging directory of one browser session.
#[derive(Debug)]
pub(super) struct UploadStage {
    dir: PathBuf,
    owner: Option<BrowserUser>,
    /// Files staged so far: each gets a folder of its own, so two of one name never meet.
    staged: usize,
}

impl UploadStage {
    /// The stage of the browser whose profile is `profile`, owned by `owner` (the browser's
    /// user, when it is not Agora's); nothing is made until a file is staged.
    pub(super) fn beside(profile: &Path, serial: u64, owner: Option<BrowserUser>) -> Self {
        let parent = profile.parent().unwrap_or(profile);
        Self {
            dir: parent.join(format!("agora-uploads-{serial}")),
            owner,
            staged: 0,
        }
    }

    /// A copy of `file` the browser can read, under the same name.
    pub(super) fn stage(&mut self, file: &Path) -> io::Result<PathBuf> {
        let name = file
            .file_name()
            .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "the path names no file"))?;
        self.private_dir(&self.dir)?;
        let folder = self.dir.join(self.staged.to_string());
        self.staged += 1;
        self.private_dir(&folder)?;
        let copy = folder.join(name);
        std::fs::copy(file, &copy)?;
        std::fs::set_permissions(&copy, std::fs::Permissions::from_mode(0o600))?;
        self.own(&copy)?;
        Ok(copy)
    }

    /// Removes everything staged (the next episode on the browser starts with nothing).
    pub(super) fn clear(&mut self) {
        match std::fs::remove_dir_all(&self.dir) {
            Ok(()) => {}
            Err(error) if error.kind() == io::ErrorKind::NotFound => {}
            Err(error) => {
                tracing::warn!(%error, dir = %self.dir.display(), "staged uploads not removed");
            }
        }
        self.staged = 0;
    }

    fn private_dir(&self, dir: &Path) -> io::Result<()> {
        match std::fs::create_dir(dir) {
            Ok(()) => {}
            Err(error) if error.kind() == io::ErrorKind::AlreadyExists => return Ok(()),
            Err(error) => return Err(error),
        }
        std::fs::set_permissions(dir, std::fs::Permissions::from_mode(0o700))?;
        self.own(dir)
    }

    fn own(&self, path: &Path) -> io::Result<()> {
        match &self.owner {
            Some(user) => std::os::unix::fs::chown(path, Some(user.uid), Some(user.gid)),
            None => Ok(()),
        }
    }
}

impl Drop for UploadStage {
    fn drop(&mut self) {
        self.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_staged_file_keeps_its_name_and_content_apart_from_others_of_that_name() {
        let root = tempfile::tempdir().unwrap();
        let profile = root.path().join("profile");
        std::fs::create_dir(&profile).unwrap();
        let (first, second) = (root.path().join("a"), root.path().join("b"));
        for (dir, content) in [(&first, "one"), (&second, "two")] {
            std::fs::create_dir(dir).unwrap();
            std::fs::write(dir.join("photo.png"), content).unwrap();
        }
        let mut stage = UploadStage::beside(&profile, 7, None);
        let one = stage.stage(&first.join("photo.png")).unwrap();
        let two = stage.stage(&second.join("photo.png")).unwrap();
        assert_ne!(one, two);
        assert!(one.ends_with("photo.png") && two.ends_with("photo.png"));
        assert_eq!(std::fs::read_to_string(&two).unwrap(), "two");
        let mode = std::fs::metadata(&one).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        let dir = root.path().join("agora-uploads-7");
        assert!(dir.is_dir());
        drop(stage);
        assert!(!dir.exists(), "removed with the session");
    }
}
