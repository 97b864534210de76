//! The one check for file names that come from outside (task files, inline tasks, agent
//! actions): a name must be relative, stay inside its directory — no absolute path, no `..`,
//! no symlink out — and name a regular file.

use std::path::{Component, Path, PathBuf};

/// Why a file name was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum FileRefused {
    /// The name is empty.
    #[error("the file name is empty")]
    Empty,
    /// An absolute path (or a Windows drive/UNC prefix).
    #[error("`{0}` is an absolute path; name the file relative to its folder")]
    Absolute(String),
    /// A `..` component.
    #[error("`{0}` goes up with `..`; only files inside the folder can be used")]
    ParentDir(String),
    /// The folder itself does not exist.
    #[error("the folder {0} does not exist")]
    NoFolder(PathBuf),
    /// Nothing with that name exists in the folder.
    #[error("there is no file `{0}` in the folder")]
    Missing(String),
    /// The name resolves (through a symlink) outside the folder, or to something that is not
    /// a regular file.
    #[error("`{0}` is not a regular file inside the folder")]
    Outside(String),
}

/// Checks the shape of a name without touching the disk: relative, without `..`.
pub fn relative_name(name: &str) -> Result<&Path, FileRefused> {
    if name.trim().is_empty() {
        return Err(FileRefused::Empty);
    }
    let path = Path::new(name);
    for component in path.components() {
        match component {
            Component::Prefix(_) | Component::RootDir => {
                return Err(FileRefused::Absolute(name.to_owned()));
            }
            Component::ParentDir => return Err(FileRefused::ParentDir(name.to_owned())),
            Component::CurDir | Component::Normal(_) => {}
        }
    }
    Ok(path)
}

/// The file `name` inside `dir`, as an absolute canonical path, if it is one: the shape is
/// checked first ([`relative_name`]), then the resolved path (symlinks followed) must still be
/// a regular file under the resolved `dir`.
pub fn file_inside(dir: &Path, name: &str) -> Result<PathBuf, FileRefused> {
    let relative = relative_name(name)?;
    let dir = dir
        .canonicalize()
        .map_err(|_| FileRefused::NoFolder(dir.to_owned()))?;
    let candidate = dir
        .join(relative)
        .canonicalize()
        .map_err(|_| FileRefused::Missing(name.to_owned()))?;
    if !candidate.starts_with(&dir) || !candidate.is_file() {
        return Err(FileRefused::Outside(name.to_owned()));
    }
    Ok(candidate)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_regular_files_inside_the_folder_are_accepted() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("tasks");
        std::fs::create_dir_all(dir.join("images")).unwrap();
        std::fs::write(dir.join("images/a.png"), b"png").unwrap();
        std::fs::write(root.path().join("secret.txt"), b"secret").unwrap();
        let accepted = file_inside(&dir, "images/a.png").unwrap();
        assert!(accepted.is_absolute() && accepted.ends_with("images/a.png"));
        assert!(file_inside(&dir, "./images/a.png").is_ok());
        let refused = |name: &str| file_inside(&dir, name).unwrap_err();
        assert_eq!(
            refused("/etc/passwd"),
            FileRefused::Absolute("/etc/passwd".into())
        );
        assert_eq!(
            refused("/proc/self/environ"),
            FileRefused::Absolute("/proc/self/environ".into())
        );
        assert_eq!(
            refused("../secret.txt"),
            FileRefused::ParentDir("../secret.txt".into())
        );
        assert_eq!(
            refused("images/../../secret.txt"),
            FileRefused::ParentDir("images/../../secret.txt".into())
        );
        assert_eq!(refused(" "), FileRefused::Empty);
        assert_eq!(refused("nope.png"), FileRefused::Missing("nope.png".into()));
        assert_eq!(refused("images"), FileRefused::Outside("images".into()));
        // A symlink inside the folder that points out of it is refused.
        std::os::unix::fs::symlink(root.path().join("secret.txt"), dir.join("link.png")).unwrap();
        assert_eq!(refused("link.png"), FileRefused::Outside("link.png".into()));
        assert!(matches!(
            file_inside(&root.path().join("missing"), "a.png"),
            Err(FileRefused::NoFolder(_))
        ));
        assert!(refused("/etc/passwd").to_string().contains("relative"));
    }
}
