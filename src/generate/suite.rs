//! A generated suite as the files it consists of (`<folder>/<id>.json`,
//! `<folder>/images/<picture>.png`), written into a folder or compared with one.

use super::fill::{IMAGE_FOLDER, picture_path};
use super::{GenerateError, InstanceError, TaskFile};
use kit::ground_truth::PictureFile;
use std::collections::BTreeMap;
use std::fmt;
use std::path::{Path, PathBuf};

/// Every file of a suite, by path relative to its folder.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Suite {
    files: BTreeMap<PathBuf, Vec<u8>>,
}

/// How a folder differs from the suite.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Difference {
    /// The suite has the file; the folder does not.
    Missing(PathBuf),
    /// The folder has a file the suite does not.
    Extra(PathBuf),
    /// Both have it, with other contents.
    Changed(PathBuf),
}

impl fmt::Display for Difference {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Difference::Missing(path) => write!(formatter, "missing: {}", path.display()),
            Difference::Extra(path) => write!(formatter, "not generated: {}", path.display()),
            Difference::Changed(path) => write!(formatter, "differs: {}", path.display()),
        }
    }
}

impl Suite {
    /// Adds `task` to `folder`, as `<task_id>.json`.
    pub fn add_task(&mut self, folder: &str, task: &TaskFile) -> Result<(), InstanceError> {
        let mut text = serde_json::to_vec_pretty(task)?;
        text.push(b'\n');
        self.files.insert(
            Path::new(folder).join(format!("{}.json", task.task_id)),
            text,
        );
        Ok(())
    }

    /// Adds a picture beside `folder`'s tasks (rendered once however many tasks use it).
    pub fn add_picture(
        &mut self,
        folder: &str,
        picture: &PictureFile,
    ) -> Result<(), InstanceError> {
        let path = Path::new(folder).join(picture_path(&picture.name));
        if let std::collections::btree_map::Entry::Vacant(slot) = self.files.entry(path) {
            let png = picture.render().map_err(|source| InstanceError::Render {
                name: picture.name.clone(),
                source,
            })?;
            slot.insert(png);
        }
        Ok(())
    }

    /// How many task files it holds.
    pub fn tasks(&self) -> usize {
        self.files
            .keys()
            .filter(|path| path.extension().is_some_and(|ext| ext == "json"))
            .count()
    }

    /// How many pictures it holds.
    pub fn pictures(&self) -> usize {
        self.files.len() - self.tasks()
    }

    /// The site folders it writes.
    fn folders(&self) -> Vec<PathBuf> {
        let mut folders: Vec<PathBuf> = self
            .files
            .keys()
            .filter_map(|path| path.components().next())
            .map(|component| PathBuf::from(component.as_os_str()))
            .collect();
        folders.dedup();
        folders
    }

    /// The generated files now in `out`'s site folders (task JSON and pictures).
    fn existing(&self, out: &Path) -> Result<Vec<PathBuf>, GenerateError> {
        let mut found = Vec::new();
        for folder in self.folders() {
            for dir in [folder.clone(), folder.join(IMAGE_FOLDER)] {
                let full = out.join(&dir);
                if !full.is_dir() {
                    continue;
                }
                let entries = std::fs::read_dir(&full).map_err(|source| GenerateError::Io {
                    path: full.clone(),
                    source,
                })?;
                for entry in entries {
                    let entry = entry.map_err(|source| GenerateError::Io {
                        path: full.clone(),
                        source,
                    })?;
                    let path = entry.path();
                    let ours = path
                        .extension()
                        .is_some_and(|ext| ext == "json" || ext == "png");
                    if path.is_file() && ours {
                        found.push(dir.join(entry.file_name()));
                    }
                }
            }
        }
        found.sort();
        Ok(found)
    }

    /// How `out` differs from this suite (empty: it holds exactly these files).
    pub fn differences(&self, out: &Path) -> Result<Vec<Difference>, GenerateError> {
        let mut differences = Vec::new();
        for (path, bytes) in &self.files {
            match std::fs::read(out.join(path)) {
                Ok(found) if &found == bytes => {}
                Ok(_) => differences.push(Difference::Changed(path.clone())),
                Err(_) => differences.push(Difference::Missing(path.clone())),
            }
        }
        for path in self.existing(out)? {
            if !self.files.contains_key(&path) {
                differences.push(Difference::Extra(path));
            }
        }
        Ok(differences)
    }

    /// Writes the suite into `out`. Generated files already in its site folders are removed
    /// first when `replace` is set; otherwise their presence is an error.
    pub fn write(&self, out: &Path, replace: bool) -> Result<(), GenerateError> {
        let existing = self.existing(out)?;
        if !existing.is_empty() {
            if !replace {
                return Err(GenerateError::Io {
                    path: out.join(&existing[0]),
                    source: std::io::Error::new(
                        std::io::ErrorKind::AlreadyExists,
                        format!(
                            "{} generated file(s) are already there: pass --replace to regenerate the folder",
                            existing.len()
                        ),
                    ),
                });
            }
            for path in existing {
                let full = out.join(path);
                std::fs::remove_file(&full)
                    .map_err(|source| GenerateError::Io { path: full, source })?;
            }
        }
        for (path, bytes) in &self.files {
            let full = out.join(path);
            if let Some(parent) = full.parent() {
                std::fs::create_dir_all(parent).map_err(|source| GenerateError::Io {
                    path: parent.to_owned(),
                    source,
                })?;
            }
            std::fs::write(&full, bytes)
                .map_err(|source| GenerateError::Io { path: full, source })?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::AgoraFields;
    use serde_json::{Map, Value};

    fn task(task_id: u64) -> TaskFile {
        TaskFile {
            sites: vec!["classifieds".into()],
            task_id,
            require_login: false,
            storage_state: None,
            start_url: "__CLASSIFIEDS__".into(),
            geolocation: None,
            intent_template: "Stop.".into(),
            instantiation_dict: Map::new(),
            intent: "Stop.".into(),
            image: Value::Null,
            require_reset: false,
            eval: Value::Null,
            reasoning_difficulty: "easy",
            visual_difficulty: "easy",
            overall_difficulty: "easy",
            comments: String::new(),
            intent_template_id: 1,
            agora: AgoraFields {
                template: "classifieds/stop".into(),
                variant: None,
                visual_fact: String::new(),
                tags: Vec::new(),
                notes: None,
                input_pictures: Vec::new(),
                gold: Vec::new(),
                decoys: Vec::new(),
            },
        }
    }

    #[test]
    fn written_suites_compare_equal_and_changes_show() {
        let dir = tempfile::tempdir().unwrap();
        let mut suite = Suite::default();
        suite.add_task("classifieds", &task(1000)).unwrap();
        suite.add_task("classifieds", &task(1001)).unwrap();
        suite.write(dir.path(), false).unwrap();
        assert!(suite.differences(dir.path()).unwrap().is_empty());
        // Writing again needs --replace.
        assert!(suite.write(dir.path(), false).is_err());
        std::fs::write(dir.path().join("classifieds/1000.json"), "{}").unwrap();
        std::fs::write(dir.path().join("classifieds/9.json"), "{}").unwrap();
        std::fs::remove_file(dir.path().join("classifieds/1001.json")).unwrap();
        let differences = suite.differences(dir.path()).unwrap();
        assert_eq!(
            differences,
            [
                Difference::Changed("classifieds/1000.json".into()),
                Difference::Missing("classifieds/1001.json".into()),
                Difference::Extra("classifieds/9.json".into()),
            ]
        );
        suite.write(dir.path(), true).unwrap();
        assert!(suite.differences(dir.path()).unwrap().is_empty());
        assert_eq!((suite.tasks(), suite.pictures()), (2, 0));
    }
}
