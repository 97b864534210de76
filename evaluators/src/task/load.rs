//! Loading tasks from `<id>.json` files, directories of them, and VWA's `test_<site>.raw.json` arrays.

use super::{SiteUrls, Task};
use serde_json::Value;
use std::path::{Path, PathBuf};

/// Why tasks could not be loaded.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum LoadError {
    /// The file or directory could not be read.
    #[error("cannot read {path}: {source}")]
    Read {
        /// The path.
        path: PathBuf,
        /// The I/O error.
        source: std::io::Error,
    },
    /// The file is not JSON.
    #[error("{path} is not valid JSON: {source}")]
    Json {
        /// The path.
        path: PathBuf,
        /// The parse error.
        source: serde_json::Error,
    },
    /// The JSON is not a task (or an array of tasks).
    #[error("{path}{}: not a valid task: {message}", index.map(|i| format!(" [{i}]")).unwrap_or_default())]
    Task {
        /// The path.
        path: PathBuf,
        /// The position in an array file.
        index: Option<usize>,
        /// What is wrong.
        message: String,
    },
}

/// A task and where it came from.
#[derive(Debug, Clone, PartialEq)]
pub struct TaskFile {
    /// The file.
    pub path: PathBuf,
    /// The position in the file when it holds an array of tasks.
    pub index: Option<usize>,
    /// The task, placeholders replaced.
    pub task: Task,
}

impl TaskFile {
    /// The folder relative to which input images resolve.
    pub fn dir(&self) -> &Path {
        self.path.parent().unwrap_or(Path::new("."))
    }
}

/// Loads a task file or every `.json` file under a directory (recursively, sorted by path).
pub fn load_path(path: &Path, urls: &SiteUrls) -> Result<Vec<TaskFile>, LoadError> {
    let mut loaded = Vec::new();
    for file in json_files(path)? {
        loaded.extend(load_file(&file, urls)?);
    }
    Ok(loaded)
}

/// Loads one task file (a task object or an array of them).
pub fn load_file(file: &Path, urls: &SiteUrls) -> Result<Vec<TaskFile>, LoadError> {
    let text = std::fs::read_to_string(file).map_err(|source| LoadError::Read {
        path: file.to_owned(),
        source,
    })?;
    Ok(load_str(&text, urls, file)?
        .into_iter()
        .map(|(index, task)| TaskFile {
            path: file.to_owned(),
            index,
            task,
        })
        .collect())
}

/// Parses one file's text: a task object or an array of them. `path` is only used in errors.
pub fn load_str(
    text: &str,
    urls: &SiteUrls,
    path: &Path,
) -> Result<Vec<(Option<usize>, Task)>, LoadError> {
    parse_entries(text, urls, path)?
        .into_iter()
        .map(|(index, entry)| {
            entry
                .map(|task| (index, task))
                .map_err(|error| LoadError::Task {
                    path: path.to_owned(),
                    index,
                    message: format!("{}: {}", error.field, error.message),
                })
        })
        .collect()
}

/// One entry of a task file: its position in an array file and the task or why it is invalid.
pub(crate) type ParsedEntry = (Option<usize>, Result<Task, InvalidTask>);

/// Why one task object is not a valid task.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct InvalidTask {
    /// JSON path of the offending field (`.` for the task itself).
    pub field: String,
    /// What is wrong.
    pub message: String,
}

fn parse_task(value: Value) -> Result<Task, InvalidTask> {
    let task: Task = serde_path_to_error::deserialize(value).map_err(|error| InvalidTask {
        field: error.path().to_string(),
        message: error.into_inner().to_string(),
    })?;
    // Local files are named relative to the task's folder and never leave it.
    for (field, name) in task.local_files() {
        if let Err(refused) = crate::local_file::relative_name(name) {
            return Err(InvalidTask {
                field,
                message: format!("{refused} (or give an http(s) URL)"),
            });
        }
    }
    Ok(task)
}

/// Parses a file's entries one by one so one bad task does not hide the others.
pub(crate) fn parse_entries(
    text: &str,
    urls: &SiteUrls,
    path: &Path,
) -> Result<Vec<ParsedEntry>, LoadError> {
    let substituted = urls.substitute(text);
    let value: Value = serde_json::from_str(&substituted).map_err(|source| LoadError::Json {
        path: path.to_owned(),
        source,
    })?;
    Ok(match value {
        Value::Array(items) => items
            .into_iter()
            .enumerate()
            .map(|(index, item)| (Some(index), parse_task(item)))
            .collect(),
        single => vec![(None, parse_task(single))],
    })
}

/// The `.json` files at `path`: the file itself, or every one below a directory.
pub fn json_files(path: &Path) -> Result<Vec<PathBuf>, LoadError> {
    let read_error = |source| LoadError::Read {
        path: path.to_owned(),
        source,
    };
    let metadata = std::fs::metadata(path).map_err(read_error)?;
    if !metadata.is_dir() {
        return Ok(vec![path.to_owned()]);
    }
    let mut files = Vec::new();
    let mut pending = vec![path.to_owned()];
    while let Some(dir) = pending.pop() {
        let entries = std::fs::read_dir(&dir).map_err(|source| LoadError::Read {
            path: dir.clone(),
            source,
        })?;
        for entry in entries {
            let entry_path = entry
                .map_err(|source| LoadError::Read {
                    path: dir.clone(),
                    source,
                })?
                .path();
            if entry_path.is_dir() {
                pending.push(entry_path);
            } else if entry_path.extension().is_some_and(|ext| ext == "json") {
                files.push(entry_path);
            }
        }
    }
    files.sort();
    Ok(files)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn loads_single_files_arrays_and_directories() {
        let dir = tempfile::tempdir().unwrap();
        let nested = dir.path().join("classifieds");
        std::fs::create_dir(&nested).unwrap();
        std::fs::write(
            nested.join("1.json"),
            r#"{"task_id": 1, "start_url": "__CLASSIFIEDS__/x", "eval": {"eval_types": ["url_match"]}}"#,
        )
        .unwrap();
        std::fs::write(
            dir.path().join("test_reddit.raw.json"),
            r#"[{"task_id": 0, "eval": {"eval_types": ["string_match"]}},
                {"task_id": 1, "eval": {"eval_types": ["string_match"]}}]"#,
        )
        .unwrap();
        std::fs::write(dir.path().join("notes.txt"), "not a task").unwrap();
        let mut urls = SiteUrls::new();
        urls.insert("classifieds", "http://127.0.0.1:9980").unwrap();
        let loaded = load_path(dir.path(), &urls).unwrap();
        assert_eq!(loaded.len(), 3);
        let single = loaded.iter().find(|file| file.index.is_none()).unwrap();
        assert_eq!(
            single.task.start_url.as_deref(),
            Some("http://127.0.0.1:9980/x")
        );
        assert_eq!(single.dir(), nested);
    }

    #[test]
    fn errors_name_the_file_and_entry() {
        let path = Path::new("bad.json");
        let urls = SiteUrls::new();
        let not_json = load_str("{", &urls, path).unwrap_err();
        assert!(matches!(not_json, LoadError::Json { .. }));
        assert!(
            not_json
                .to_string()
                .starts_with("bad.json is not valid JSON")
        );
        let bad_entry = load_str(
            r#"[{"task_id": 0, "eval": {"eval_types": []}}, {"task_id": 1}]"#,
            &urls,
            path,
        )
        .unwrap_err();
        assert!(
            bad_entry.to_string().contains("bad.json [1]"),
            "{bad_entry}"
        );
        assert!(bad_entry.to_string().contains("eval"), "{bad_entry}");
        let missing = load_path(Path::new("/nonexistent/tasks"), &urls).unwrap_err();
        assert!(matches!(missing, LoadError::Read { .. }));
    }

    #[test]
    fn a_task_naming_a_file_outside_its_folder_is_invalid() {
        let urls = SiteUrls::new();
        let path = Path::new("t.json");
        let task = |fields: &str| {
            format!(r#"{{"task_id": 0, {fields} "eval": {{"eval_types": ["string_match"]}}}}"#)
        };
        for (fields, field) in [
            (r#""image": "/proc/self/environ","#, "image[0]"),
            (r#""image": ["ok.png", "../../etc/passwd"],"#, "image[1]"),
        ] {
            let error = load_str(&task(fields), &urls, path)
                .unwrap_err()
                .to_string();
            assert!(error.contains(field), "{error}");
            assert!(error.contains("http(s) URL"), "{error}");
        }
        let reference = r#"{"task_id": 0, "eval": {"eval_types": ["page_image_query"],
            "page_image_query": [{"eval_image_url": "last", "eval_fuzzy_image_match": "/etc/passwd"}]}}"#;
        let error = load_str(reference, &urls, path).unwrap_err().to_string();
        assert!(error.contains("eval_fuzzy_image_match"), "{error}");
        assert!(error.contains("absolute path"), "{error}");
        // Relative names and URLs load.
        assert!(
            load_str(
                &task(r#""image": ["a/b.png", "http://x/y.png"],"#),
                &urls,
                path
            )
            .is_ok()
        );
    }
}
