//! Episodes that run a task: its tenant and logins, its start URLs and viewport, its input
//! images — and its evaluation at the end.

use super::{
    EnvError, Environment, EpisodeId, EpisodePage, EpisodeSpec, SharedEpisode, SiteCookie,
};
use crate::observe::ObserveOptions;
use evaluators::task::{InputImage, SiteUrls, TaskFile, load_path};
use evaluators::{EvalMode, Evaluation, NoSiteQueries, Task};
use std::path::{Path, PathBuf};
use std::sync::Arc;

/// A task as an episode runs it.
#[derive(Debug, Clone)]
pub struct TaskContext {
    /// Its name: the file path under its task directory without `.json` (`classifieds/3`),
    /// with `#n` for the n-th task of an array file.
    pub name: String,
    /// The task, placeholders replaced by this server's site URLs.
    pub task: Arc<Task>,
    /// The folder its relative paths (input images, reference images) resolve against.
    pub dir: PathBuf,
}

impl TaskContext {
    /// Wraps a loaded task file found under `root`.
    pub fn from_file(root: &Path, file: TaskFile) -> Self {
        let relative = file
            .path
            .strip_prefix(root)
            .unwrap_or(&file.path)
            .with_extension("");
        let mut name = relative.to_string_lossy().replace('\\', "/");
        if let Some(index) = file.index {
            name = format!("{name}#{index}");
        }
        let dir = file.dir().to_path_buf();
        Self {
            name,
            task: Arc::new(file.task),
            dir,
        }
    }

    /// Local input images (remote ones are passed to the agent as URLs and cannot be uploaded).
    pub fn local_input_images(&self) -> Vec<PathBuf> {
        self.task
            .input_images(&self.dir)
            .into_iter()
            .filter_map(|image| match image {
                InputImage::File(path) => Some(path),
                InputImage::Url(_) => None,
            })
            .collect()
    }
}

impl Environment {
    /// The hosted sites: name and base URL of each.
    pub fn hosted_sites(&self) -> Vec<(String, String)> {
        self.inner
            .sites
            .as_ref()
            .map(|sites| sites.site_urls())
            .unwrap_or_default()
    }

    /// Site base URLs for task placeholders.
    pub fn site_urls(&self) -> SiteUrls {
        let mut urls = SiteUrls::new();
        if let Some(sites) = &self.inner.sites {
            for (site, url) in sites.site_urls() {
                // Only placeholder sites can be named; others are simply not substitutable.
                let _ = urls.insert(&site, &url);
            }
        }
        urls
    }

    /// Every task under the configured task directories.
    pub fn tasks(&self) -> Result<Vec<TaskContext>, EnvError> {
        let urls = self.site_urls();
        let mut tasks = Vec::new();
        for root in &self.inner.config.task_dirs {
            if !root.exists() {
                continue;
            }
            let files =
                load_path(root, &urls).map_err(|error| EnvError::BadRequest(error.to_string()))?;
            tasks.extend(
                files
                    .into_iter()
                    .map(|file| TaskContext::from_file(root, file)),
            );
        }
        Ok(tasks)
    }

    /// The task named `name` (`classifieds/3`).
    pub fn task(&self, name: &str) -> Result<TaskContext, EnvError> {
        let name = name.trim().trim_end_matches(".json");
        self.tasks()?
            .into_iter()
            .find(|task| task.name == name)
            .ok_or_else(|| {
                EnvError::BadRequest(format!(
                    "no task `{name}` under {}; list them with GET /tasks",
                    self.inner
                        .config
                        .task_dirs
                        .iter()
                        .map(|dir| dir.display().to_string())
                        .collect::<Vec<_>>()
                        .join(", ")
                ))
            })
    }

    /// Parses an inline task config (VWA JSON), substituting this server's site URLs.
    pub fn inline_task(&self, config: &serde_json::Value) -> Result<TaskContext, EnvError> {
        let text = config.to_string();
        let loaded =
            evaluators::task::load_str(&text, &self.site_urls(), Path::new("<inline task>"))
                .map_err(|error| EnvError::BadRequest(error.to_string()))?;
        let (_, task) = loaded
            .into_iter()
            .next()
            .ok_or_else(|| EnvError::BadRequest("the task is empty".into()))?;
        Ok(TaskContext {
            name: format!("inline/{}", task.task_id.0),
            task: Arc::new(task),
            dir: PathBuf::from("."),
        })
    }

    /// Starts an episode for a task: a fresh tenant, logged in where the task requires it, at
    /// its start URLs and viewport.
    pub async fn create_task_episode(
        &self,
        context: TaskContext,
        observe: ObserveOptions,
    ) -> Result<SharedEpisode, EnvError> {
        let task = Arc::clone(&context.task);
        let start_urls: Vec<String> = task
            .start_urls()
            .into_iter()
            .map(|url| url.trim().to_owned())
            .collect();
        if start_urls.is_empty() {
            return Err(EnvError::BadRequest(format!(
                "task `{}` has no start_url",
                context.name
            )));
        }
        if let Some(unreplaced) = start_urls.iter().find(|url| url.starts_with("__")) {
            return Err(EnvError::BadRequest(format!(
                "start URL `{unreplaced}` names a site this server does not host"
            )));
        }
        let mut cookies = Vec::new();
        let mut tenant = None;
        if let Some(sites) = &self.inner.sites {
            let (id, tenant_cookies) = sites
                .create_tenant()
                .map_err(|error| EnvError::BadRequest(error.to_string()))?;
            cookies.extend(tenant_cookies);
            if task.require_login {
                for site in &task.sites {
                    let logins = sites
                        .login_cookies(site, &id)
                        .map_err(|error| EnvError::BadRequest(error.to_string()));
                    match logins {
                        Ok(logins) => cookies.extend(logins),
                        Err(error) => {
                            sites.remove_tenant(&id);
                            return Err(error);
                        }
                    }
                }
            }
            tenant = Some(id);
        }
        let viewport = task.viewport();
        let spec = EpisodeSpec {
            start_urls,
            viewport: Some(crate::browser::Viewport {
                width: viewport.width,
                height: viewport.height,
            }),
            observe,
            input_images: context.local_input_images(),
            cookies,
        };
        let created = self.open_episode(spec).await;
        let shared = match created {
            Ok(shared) => shared,
            Err(error) => {
                if let (Some(sites), Some(id)) = (&self.inner.sites, &tenant) {
                    sites.remove_tenant(id);
                }
                return Err(error);
            }
        };
        {
            let mut episode = shared.lock().await;
            episode.task = Some(context);
            episode.tenant = tenant;
            self.announce(&episode);
        }
        Ok(shared)
    }

    /// Scores the episode's end state against its task (the answer is the `stop` answer, or
    /// empty if the agent never stopped). Navigations of evaluators settle like actions.
    pub async fn evaluate(
        &self,
        id: &EpisodeId,
        mode: Option<EvalMode>,
    ) -> Result<Evaluation, EnvError> {
        let shared = self.episode(id).await?;
        let mut episode = shared.lock().await;
        let context = episode.task.clone().ok_or_else(|| {
            EnvError::BadRequest(
                "this episode was not started from a task; nothing to evaluate".into(),
            )
        })?;
        let answer = episode.answer.clone().unwrap_or_default();
        let judges = self
            .inner
            .config
            .judges()
            .map_err(|error| EnvError::BadRequest(format!("judge configuration: {error}")))?;
        let mode = mode.unwrap_or(self.inner.config.eval_mode);
        let session = episode.session()?;
        let mut page = EpisodePage::new(session, self.settle_policy(), self.allowed());
        let evaluation = evaluators::evaluate_in(
            &context.task,
            &context.dir,
            &answer,
            &mut page,
            &NoSiteQueries,
            &judges,
            mode,
        )
        .await
        .map_err(|error| EnvError::Evaluation(error.to_string()))?;
        episode.evaluation = Some(evaluation.clone());
        Ok(evaluation)
    }
}

/// Cookies for the tenant of an episode, one per site URL (cookies are per host).
pub fn tenant_cookies(site_urls: &[(String, String)], name: &str, tenant: &str) -> Vec<SiteCookie> {
    site_urls
        .iter()
        .map(|(_, url)| SiteCookie {
            url: url.clone(),
            name: name.to_owned(),
            value: tenant.to_owned(),
        })
        .collect()
}
