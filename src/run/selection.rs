//! Which tasks a run covers: `--tasks` takes directories, files, names (`classifieds/3`) and
//! globs over names (`classifieds/1*`). Names are paths under the task root without `.json`,
//! so a task has the same name however it was selected.

use crate::env::TaskContext;
use evaluators::task::{SiteUrls, load_path};
use std::collections::HashSet;
use std::path::{Path, PathBuf};

/// Why the selection failed.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum SelectionError {
    /// A task file did not load.
    #[error("{path}: {message}")]
    Load {
        /// The file or directory.
        path: PathBuf,
        /// The loader's message.
        message: String,
    },
    /// Neither a path nor a pattern that matches a task.
    #[error(
        "`{0}` is not a task file or directory, and no task under {1} has that name (names look like classifieds/3; globs like classifieds/1* work)"
    )]
    NoMatch(String, String),
    /// A malformed glob.
    #[error("`{0}` is not a valid pattern: {1}")]
    Pattern(String, String),
}

/// Loads the tasks `specs` select, in a stable order (by name, numbers in numeric order),
/// each once.
pub fn select(
    specs: &[PathBuf],
    root: &Path,
    urls: &SiteUrls,
) -> Result<Vec<TaskContext>, SelectionError> {
    let mut all_under_root: Option<Vec<TaskContext>> = None;
    let mut chosen = Vec::new();
    for spec in specs {
        if spec.exists() {
            chosen.extend(load(spec, root, urls)?);
            continue;
        }
        let text = spec.to_string_lossy();
        let pattern = text.trim().trim_end_matches(".json");
        let matcher = glob::Pattern::new(pattern)
            .map_err(|error| SelectionError::Pattern(pattern.to_owned(), error.to_string()))?;
        let known = match &all_under_root {
            Some(known) => known,
            None => all_under_root.insert(load(root, root, urls)?),
        };
        let matched: Vec<TaskContext> = known
            .iter()
            .filter(|task| matcher.matches(task.name.as_str()))
            .cloned()
            .collect();
        if matched.is_empty() {
            return Err(SelectionError::NoMatch(
                pattern.to_owned(),
                root.display().to_string(),
            ));
        }
        chosen.extend(matched);
    }
    let mut seen = HashSet::new();
    chosen.retain(|task| seen.insert(task.name.clone()));
    chosen.sort_by_cached_key(|task| natural_key(task.name.as_str()));
    Ok(chosen)
}

/// Loads a file or directory; names are relative to `root` when it lies inside it.
fn load(path: &Path, root: &Path, urls: &SiteUrls) -> Result<Vec<TaskContext>, SelectionError> {
    let files = load_path(path, urls).map_err(|error| SelectionError::Load {
        path: path.to_owned(),
        message: error.to_string(),
    })?;
    let canonical_root = root.canonicalize().ok();
    Ok(files
        .into_iter()
        .map(|file| {
            let inside_root = canonical_root.as_ref().and_then(|root| {
                let canonical = file.path.canonicalize().ok()?;
                canonical.starts_with(root).then_some(root.clone())
            });
            match inside_root {
                Some(root) => {
                    let mut file = file;
                    file.path = file.path.canonicalize().unwrap_or(file.path);
                    TaskContext::from_file(&root, file)
                }
                None => {
                    let base = if path.is_dir() {
                        path.to_owned()
                    } else {
                        path.parent().map(Path::to_owned).unwrap_or_default()
                    };
                    TaskContext::from_file(&base, file)
                }
            }
        })
        .collect())
}

/// Sorts `classifieds/10` after `classifieds/9`.
fn natural_key(name: &str) -> Vec<(String, u64)> {
    name.split(['/', '#'])
        .map(|part| match part.parse::<u64>() {
            Ok(number) => (String::new(), number),
            Err(_) => (part.to_owned(), 0),
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(specs: &[&str]) -> Vec<String> {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tasks");
        let specs: Vec<PathBuf> = specs
            .iter()
            .map(|spec| {
                if spec.starts_with("tasks") {
                    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(spec)
                } else {
                    PathBuf::from(spec)
                }
            })
            .collect();
        select(&specs, &root, &SiteUrls::new())
            .unwrap()
            .into_iter()
            .map(|task| task.name.to_string())
            .collect()
    }

    #[test]
    fn directories_files_names_and_globs_name_tasks_alike() {
        let all = names(&["tasks"]);
        assert!(all.len() >= 40, "{all:?}");
        assert_eq!(
            all[..3],
            ["classifieds/0", "classifieds/1", "classifieds/2"]
        );
        let classifieds = names(&["tasks/classifieds"]);
        assert_eq!(
            all[..classifieds.len()],
            classifieds[..],
            "a site's folder names its tasks"
        );
        assert_eq!(names(&["tasks/classifieds/3.json"]), ["classifieds/3"]);
        assert_eq!(names(&["classifieds/3"]), ["classifieds/3"]);
        assert_eq!(
            names(&["classifieds/1?", "classifieds/3", "classifieds/10"]),
            [
                "classifieds/3",
                "classifieds/10",
                "classifieds/11",
                "classifieds/12",
                "classifieds/13",
                "classifieds/14",
                "classifieds/15",
                "classifieds/16",
                "classifieds/17",
                "classifieds/18",
                "classifieds/19"
            ]
        );
    }

    #[test]
    fn an_unknown_name_says_what_names_look_like() {
        let root = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tasks");
        let error = select(&[PathBuf::from("shopping/99")], &root, &SiteUrls::new()).unwrap_err();
        assert!(error.to_string().contains("classifieds/3"), "{error}");
    }
}
