//! Screenshots of an AES task's target in each of its states (for task descriptions): the
//! target is staged, through the hosted site's staging capability, for a fresh episode of the
//! task, then opened, interacted with and settled exactly as the AES evaluator measures it,
//! in the same fenced browser at the task's viewport.

use super::{EnvError, Environment, EpisodePage, TaskContext};
use crate::observe::{ImageFormat, capture};
use evaluators::{EvalError, Page};

impl Environment {
    /// Renders the target of `context`'s `eval.aes` as PNGs at the task's viewport: its
    /// initial state, then the state after each scripted interaction, in order.
    pub async fn target_screenshots(&self, context: TaskContext) -> Result<Vec<Vec<u8>>, EnvError> {
        let spec = context.task.eval.aes.clone().ok_or_else(|| {
            EnvError::InvalidTask(format!("task `{}` has no `eval.aes`", context.name))
        })?;
        let handle = self
            .create_task_episode(context, crate::observe::ObserveOptions::default())
            .await?;
        let shots = async {
            let browser = handle.browser().await?;
            let episode = browser.episode();
            let staging = self
                .inner
                .sites
                .as_ref()
                .zip(episode.tenant())
                .and_then(|(sites, tenant)| sites.staging(&tenant.id))
                .ok_or(EvalError::SiteNotAvailable("webui"))?;
            let mut page = EpisodePage::new(&browser, episode.settle_policy(), self.allowed());
            let url = staging.stage(&spec.target).await?;
            let shots = async {
                page.goto(&url).await.map_err(EvalError::from)?;
                let mut shots = vec![screenshot(&browser).await?];
                for interaction in &spec.interactions {
                    page.interact(interaction).await.map_err(EvalError::from)?;
                    shots.push(screenshot(&browser).await?);
                }
                Ok::<_, EnvError>(shots)
            }
            .await;
            staging.release(&url).await?;
            shots
        }
        .await;
        handle.close().await?;
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
    imagery::encode_rgb_png(pixels.as_raw(), pixels.width(), pixels.height())
        .map_err(|error| encode_error(error.to_string()))
}
