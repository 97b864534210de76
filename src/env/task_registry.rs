//! The tasks episodes can be started from: loaded once from the task directories, each file on
//! its own so one broken file leaves the others usable and is reported by name.

use evaluators::Task;
use evaluators::local_file::{FileRefused, file_inside};
use evaluators::task::{InputImage, SiteUrls, TaskFile, json_files, load_file};
use serde::Serialize;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A task's name: its file path under its task directory without `.json` (`classifieds/3`),
/// with `#n` for the n-th task of an array file; `inline/<id>` for inline tasks.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, utoipa::ToSchema)]
#[serde(transparent)]
pub struct TaskName(String);

impl TaskName {
    /// The name as given (`classifieds/3.json` and ` classifieds/3 ` name the same task).
    pub fn new(name: &str) -> Self {
        Self(name.trim().trim_end_matches(".json").to_owned())
    }

    /// The name of `file`'s task relative to `root`.
    fn of_file(root: &Path, file: &TaskFile) -> Self {
        let relative = file
            .path
            .strip_prefix(root)
            .unwrap_or(&file.path)
            .with_extension("");
        let mut name = relative.to_string_lossy().replace('\\', "/");
        if let Some(index) = file.index {
            name = format!("{name}#{index}");
        }
        Self(name)
    }

    /// The name as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }
}

impl fmt::Display for TaskName {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&self.0)
    }
}

/// A task as an episode runs it.
#[derive(Debug, Clone)]
pub struct TaskContext {
    /// Its name.
    pub name: TaskName,
    /// The task, placeholders replaced by this server's site URLs.
    pub task: Arc<Task>,
    /// The folder its relative paths (input images, reference images) resolve against.
    pub dir: PathBuf,
}

impl TaskContext {
    /// Wraps a loaded task file found under `root`.
    pub fn from_file(root: &Path, file: TaskFile) -> Self {
        let name = TaskName::of_file(root, &file);
        let dir = file.dir().to_path_buf();
        Self {
            name,
            task: Arc::new(file.task),
            dir,
        }
    }

    /// The task's local input images as checked absolute paths (remote ones are passed to the
    /// agent as URLs and cannot be uploaded); a name that leaves the task's folder is refused.
    pub fn local_input_images(&self) -> Result<Vec<PathBuf>, FileRefused> {
        self.task
            .input_images()
            .into_iter()
            .filter_map(|image| match image {
                InputImage::File(name) => Some(file_inside(&self.dir, &name)),
                InputImage::Url(_) => None,
            })
            .collect()
    }
}

/// A task file that could not be loaded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, utoipa::ToSchema)]
pub struct BrokenTaskFile {
    /// The file (or directory) that failed.
    pub path: String,
    /// Why.
    pub message: String,
}

/// How loaded tasks are named.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Naming {
    /// Relative to the root (or, with several roots, to each root's folder).
    UnderRoot,
    /// By the file's path as found.
    ByPath,
}

/// Every task under the task directories, loaded once.
#[derive(Debug, Clone, Default)]
pub struct TaskRegistry {
    roots: Vec<PathBuf>,
    tasks: BTreeMap<TaskName, TaskContext>,
    broken: Vec<BrokenTaskFile>,
}

impl TaskRegistry {
    /// Loads every task file under `roots` (directories or single files), placeholders
    /// replaced by `urls`. A missing root is skipped; a file that
    /// fails is reported in [`TaskRegistry::broken`]; a name found twice keeps the first task.
    pub fn load(roots: &[PathBuf], urls: &SiteUrls) -> Self {
        Self::load_named(roots, urls, Naming::UnderRoot)
    }

    /// Like [`TaskRegistry::load`], but each task is named by its file's path as found from
    /// the roots given (`tasks/classifieds/3`), so folders holding the same ids stay apart:
    /// how `agora tasks check` reports them.
    pub fn load_by_path(roots: &[PathBuf], urls: &SiteUrls) -> Self {
        Self::load_named(roots, urls, Naming::ByPath)
    }

    fn load_named(roots: &[PathBuf], urls: &SiteUrls, naming: Naming) -> Self {
        let mut registry = Self {
            roots: roots.to_vec(),
            ..Self::default()
        };
        for root in roots {
            if !root.exists() {
                continue;
            }
            // Names are relative to the root; with several roots, relative to each root's
            // folder, so `tasks/classifieds` and `tasks/shopping` give `classifieds/3` and
            // `shopping/3`.
            let base = if naming == Naming::ByPath {
                PathBuf::new()
            } else if root.is_dir() && roots.len() == 1 {
                root.clone()
            } else {
                root.parent().map(Path::to_path_buf).unwrap_or_default()
            };
            let files = match json_files(root) {
                Ok(files) => files,
                Err(error) => {
                    registry.report(root, error.to_string());
                    continue;
                }
            };
            for file in files {
                match load_file(&file, urls) {
                    Ok(loaded) => {
                        for task_file in loaded {
                            registry.insert(TaskContext::from_file(&base, task_file), &file);
                        }
                    }
                    Err(error) => registry.report(&file, error.to_string()),
                }
            }
        }
        registry
    }

    fn insert(&mut self, context: TaskContext, file: &Path) {
        if self.tasks.contains_key(&context.name) {
            let message = format!(
                "another task is already named `{}`; rename one of them",
                context.name
            );
            self.report(file, message);
            return;
        }
        self.tasks.insert(context.name.clone(), context);
    }

    fn report(&mut self, path: &Path, message: String) {
        self.broken.push(BrokenTaskFile {
            path: path.display().to_string(),
            message,
        });
    }

    /// The task called `name`.
    pub fn get(&self, name: &TaskName) -> Option<&TaskContext> {
        self.tasks.get(name)
    }

    /// Every usable task, by name.
    pub fn tasks(&self) -> impl Iterator<Item = &TaskContext> {
        self.tasks.values()
    }

    /// How many tasks are usable.
    pub fn len(&self) -> usize {
        self.tasks.len()
    }

    /// Whether no task is usable.
    pub fn is_empty(&self) -> bool {
        self.tasks.is_empty()
    }

    /// The files that could not be loaded, with why.
    pub fn broken(&self) -> &[BrokenTaskFile] {
        &self.broken
    }

    /// The task directories, for messages.
    pub fn roots(&self) -> String {
        self.roots
            .iter()
            .map(|root| root.display().to_string())
            .collect::<Vec<_>>()
            .join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const TASK: &str = r#"{"task_id": 1, "sites": ["classifieds"], "start_url": "__CLASSIFIEDS__/",
        "intent": "Find it.", "eval": {"eval_types": ["string_match"],
        "reference_answers": {"exact_match": "x"}}}"#;

    #[test]
    fn one_broken_file_leaves_the_others_usable_and_is_reported() {
        let dir = tempfile::tempdir().unwrap();
        let site = dir.path().join("classifieds");
        std::fs::create_dir_all(&site).unwrap();
        std::fs::write(site.join("1.json"), TASK).unwrap();
        std::fs::write(site.join("2.json"), "{ not json").unwrap();
        std::fs::write(site.join("3.json"), r#"{"task_id": "three"}"#).unwrap();
        let mut urls = SiteUrls::new();
        urls.insert("classifieds", "http://127.0.0.1:1").unwrap();
        let registry = TaskRegistry::load(&[dir.path().to_owned()], &urls);
        assert_eq!(registry.len(), 1);
        let task = registry.get(&TaskName::new("classifieds/1.json")).unwrap();
        assert_eq!(task.task.start_url.as_deref(), Some("http://127.0.0.1:1/"));
        let broken: Vec<&str> = registry.broken().iter().map(|b| b.path.as_str()).collect();
        assert_eq!(broken.len(), 2, "{:?}", registry.broken());
        assert!(broken[0].ends_with("2.json") && broken[1].ends_with("3.json"));
        assert!(registry.broken()[0].message.contains("not valid JSON"));
        // A missing root is not an error; a single file is named relative to its folder.
        let single = TaskRegistry::load(&[site.join("1.json"), dir.path().join("missing")], &urls);
        assert!(single.get(&TaskName::new("1")).is_some());
        assert!(single.broken().is_empty());
        // Several roots: each task is named with its root's folder.
        let other = dir.path().join("shopping");
        std::fs::create_dir_all(&other).unwrap();
        std::fs::write(
            other.join("1.json"),
            TASK.replace("classifieds", "shopping"),
        )
        .unwrap();
        let both = TaskRegistry::load(&[site.clone(), other], &urls);
        assert!(both.get(&TaskName::new("classifieds/1")).is_some());
        assert!(both.get(&TaskName::new("shopping/1")).is_some());
    }

    #[test]
    fn tasks_named_by_path_keep_same_ids_in_different_folders_apart() {
        let dir = tempfile::tempdir().unwrap();
        let roots = [
            dir.path().join("a/classifieds"),
            dir.path().join("b/classifieds"),
        ];
        for root in &roots {
            std::fs::create_dir_all(root).unwrap();
            std::fs::write(root.join("1.json"), TASK).unwrap();
        }
        let registry = TaskRegistry::load_by_path(&roots, &SiteUrls::new());
        assert!(registry.broken().is_empty(), "{:?}", registry.broken());
        let names: Vec<String> = registry.tasks().map(|task| task.name.to_string()).collect();
        let expected: Vec<String> = roots
            .iter()
            .map(|root| root.join("1").to_string_lossy().replace('\\', "/"))
            .collect();
        assert_eq!(names, expected);
        let shipped = TaskRegistry::load_by_path(
            &[PathBuf::from("tasks/classifieds/21.json")],
            &SiteUrls::new(),
        );
        let name = shipped.tasks().next().map(|task| task.name.to_string());
        assert_eq!(name.as_deref(), Some("tasks/classifieds/21"));
    }

    #[test]
    fn a_name_found_twice_keeps_the_first_and_reports_the_second() {
        let dir = tempfile::tempdir().unwrap();
        let roots = [dir.path().join("a/tasks"), dir.path().join("b/tasks")];
        for root in &roots {
            std::fs::create_dir_all(root).unwrap();
            std::fs::write(root.join("1.json"), TASK).unwrap();
        }
        let registry = TaskRegistry::load(&roots, &SiteUrls::new());
        assert_eq!(registry.len(), 1);
        assert_eq!(registry.broken().len(), 1);
        assert!(
            registry.broken()[0]
                .message
                .contains("already named `tasks/1`")
        );
    }
}
