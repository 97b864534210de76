//! Screenshots of a WebUI target for its task description (`agora tasks webui`): the target
//! is staged for a fresh episode's tenant and opened, interacted with and settled exactly as
//! the AES evaluator measures it, in the same fenced browser at the task's viewport.

use super::{EnvError, Environment, EpisodePage};
use crate::observe::{ImageFormat, capture};
use evaluators::{EvalError, Page, SiteQueries};
use webui::targets::Target;

impl Environment {
    /// Renders `target` as PNGs at its task's viewport: its initial state, then the state
    /// after each scripted interaction, in order.
    pub async fn webui_target_screenshots(
        &self,
        target: &Target,
    ) -> Result<Vec<Vec<u8>>, EnvError> {
        let mut config = webui::tasks::task_config(target, 0)
            .map_err(|error| EnvError::InvalidTask(error.to_string()))?;
        // The screenshots are what this renders, so the episode starts without them.
        if let Some(fields) = config.as_object_mut() {
            fields.remove("image");
        }
        let context = self.inline_task(&config)?;
        let spec = context.task.eval.aes.clone().ok_or_else(|| {
            EnvError::InvalidTask(format!(
                "target `{}` makes a task without `eval.aes`",
                target.name
            ))
        })?;
        let shared = self
            .create_task_episode(context, crate::observe::ObserveOptions::default())
            .await?;
        let id = shared.lock().await.id.clone();
        let shots = async {
            let episode = shared.lock().await;
            let queries = match (&self.inner.sites, episode.tenant) {
                (Some(sites), Some(tenant)) => sites.queries(&tenant.id)?,
                _ => return Err(EvalError::SiteNotAvailable("webui").into()),
            };
            let session = episode.session()?;
            let mut page = EpisodePage::new(session, self.settle_policy(), self.allowed());
            let url = queries.webui_stage_target(&spec.target).await?;
            let shots = async {
                page.goto(&url).await.map_err(EvalError::from)?;
                let mut shots = vec![screenshot(session).await?];
                for interaction in &spec.interactions {
                    page.interact(interaction).await.map_err(EvalError::from)?;
                    shots.push(screenshot(session).await?);
                }
                Ok::<_, EnvError>(shots)
            }
            .await;
            queries.webui_release_target(&url).await?;
            shots
        }
        .await;
        self.close_episode(&id).await?;
        shots
    }
}

/// The viewport as a PNG, re-encoded with the settings of every image Agora writes
/// (Chromium's fast encoding is several times larger).
async fn screenshot(session: &crate::browser::BrowserSession) -> Result<Vec<u8>, EnvError> {
    let captured = capture(session, ImageFormat::Png, 0).await?;
    let encode_error = |message: String| {
        EnvError::Browser(crate::browser::BrowserError::Command(format!(
            "the screenshot could not be re-encoded: {message}"
        )))
    };
    let pixels = image::load_from_memory_with_format(&captured.bytes, image::ImageFormat::Png)
        .map_err(|error| encode_error(error.to_string()))?
        .to_rgb8();
    kit::imagery::encode_rgb_png(pixels.as_raw(), pixels.width(), pixels.height())
        .map_err(|error| encode_error(error.to_string()))
}
