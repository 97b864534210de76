//! The evaluators' view of an episode's live page: the active tab of its browser session.
//! Navigations settle exactly like actions do; resources are fetched with the episode's
//! cookies, and only from origins the agent may reach.

use crate::act::InteractionError;
use crate::browser::{BrowserError, BrowserSession, SettlePolicy, Viewport, settle};
use crate::fence::AllowList;
use evaluators::aes::Interaction;
use evaluators::aes::model::RecordedError;
use evaluators::js_value::{JsValue, encoding_script};
use evaluators::{Page, PageError, Window};
use serde_json::Value;

/// The most an evaluator fetches for one image (`eval_image_url`, page images); a larger
/// response is an evaluation error, not a download.
const MAX_FETCH_BYTES: usize = 32 * 1024 * 1024;

/// The longest a task's script (a `program_html` locator or helper expression) may run
/// before it is stopped and the evaluation fails with `evaluation_timeout`.
pub const TASK_SCRIPT_LIMIT: std::time::Duration = std::time::Duration::from_secs(10);

/// A [`Page`] over a browser session.
#[derive(Debug)]
pub struct EpisodePage<'a> {
    session: &'a BrowserSession,
    policy: SettlePolicy,
    allowed: &'a AllowList,
    http: reqwest::Client,
    /// The episode's viewport while another window is emulated.
    episode_viewport: Option<Viewport>,
    /// Each page is opened as a first visit finds it ([`EpisodePage::measuring`]).
    fresh_history: bool,
    /// The measuring world of the current document: its loader id and execution context.
    world: Option<(String, u64)>,
}

impl<'a> EpisodePage<'a> {
    /// Wraps the session of an episode.
    pub fn new(session: &'a BrowserSession, policy: SettlePolicy, allowed: &'a AllowList) -> Self {
        // Redirects stay behind the same fence as the first request.
        let fence = allowed.clone();
        let redirects = reqwest::redirect::Policy::custom(move |attempt| {
            if attempt.previous().len() < 10 && fence.permits_url(attempt.url().as_str()) {
                attempt.follow()
            } else {
                attempt.stop()
            }
        });
        let http = reqwest::Client::builder()
            .no_proxy()
            .redirect(redirects)
            .build()
            .unwrap_or_default();
        Self {
            session,
            policy,
            allowed,
            http,
            episode_viewport: None,
            fresh_history: false,
            world: None,
        }
    }

    /// For measuring pages one after another in one tab (a target, then the agent's page):
    /// each page is opened as a first visit of it finds it
    /// ([`BrowserSession::open_as_first_visit`]): a history of its own, so no page can go
    /// back to the one measured before it, and nothing stored — as the agent's view of its
    /// WebUI page is opened, so the page cannot tell the two apart.
    pub fn measuring(mut self) -> Self {
        self.fresh_history = true;
        self
    }

    /// The execution context of the measuring world in the current document, made on first
    /// use in each document (so what a measurement keeps between states lives as long as
    /// the document).
    async fn measuring_world(&mut self) -> Result<u64, PageError> {
        let loader = self
            .session
            .document_loader()
            .await
            .map_err(browser_error)?;
        if let Some((current, context)) = &self.world
            && *current == loader
        {
            return Ok(*context);
        }
        let (loader, context) = self
            .session
            .isolated_world("agora-measure")
            .await
            .map_err(browser_error)?;
        self.world = Some((loader, context));
        Ok(context)
    }

    /// Removes Agora's Set-of-Marks id attributes, so evaluators read the page exactly as the
    /// site rendered it (an id attribute in the HTML could otherwise satisfy a check such as
    /// "the page includes 404").
    async fn as_rendered(&self) -> Result<(), PageError> {
        self.session.restore_page().await.map_err(browser_error)
    }

    /// The fence the agent's browser is behind, for evaluators too: only http(s) URLs of the
    /// allowed origins are opened or fetched.
    fn check_allowed(&self, url: &str) -> Result<(), PageError> {
        if self.allowed.permits_url(url) {
            return Ok(());
        }
        Err(PageError::Refused {
            url: url.to_owned(),
            reason: format!(
                "only http(s) URLs of the episode's sites are opened ({})",
                self.allowed.to_strings().join(", ")
            ),
        })
    }
}

fn browser_error(error: BrowserError) -> PageError {
    match error {
        BrowserError::Script(message) => PageError::Script { message },
        other => PageError::Browser(other.to_string()),
    }
}

impl Page for EpisodePage<'_> {
    async fn url(&mut self) -> Result<String, PageError> {
        self.session.current_url().await.map_err(browser_error)
    }

    async fn goto(&mut self, url: &str) -> Result<(), PageError> {
        self.check_allowed(url)?;
        let navigation_error = |message: String| PageError::Navigation {
            url: url.to_owned(),
            message,
        };
        let opened = match self.fresh_history {
            true => {
                self.session
                    .open_as_first_visit(url, &[kit::TENANT_COOKIE])
                    .await
            }
            false => self.session.goto(url).await,
        };
        opened.map_err(|error| navigation_error(error.to_string()))?;
        settle(self.session, self.policy)
            .await
            .map_err(|error| navigation_error(error.to_string()))?;
        Ok(())
    }

    async fn content(&mut self) -> Result<String, PageError> {
        self.as_rendered().await?;
        self.session.page_source().await.map_err(browser_error)
    }

    async fn evaluate(&mut self, js_expression: &str) -> Result<JsValue, PageError> {
        self.as_rendered().await?;
        // The expression is the task's (VWA runs it as `() => expr`); the browser is the
        // sandbox, and the script is stopped once it has run for `TASK_SCRIPT_LIMIT`.
        let script = encoding_script(js_expression);
        let run = self.session.execute(&script, vec![]);
        tokio::pin!(run);
        let encoded = match tokio::time::timeout(TASK_SCRIPT_LIMIT, &mut run).await {
            Ok(result) => result.map_err(browser_error)?,
            Err(_) => {
                if let Err(error) = self.session.terminate_scripts().await {
                    tracing::debug!(%error, "stopping a task script failed");
                }
                // The stopped script's command ends now; the next command must not queue
                // behind it in chromedriver.
                if tokio::time::timeout(TASK_SCRIPT_LIMIT, run).await.is_err() {
                    tracing::warn!("a stopped task script did not end");
                }
                return Err(PageError::ScriptTimeout {
                    seconds: TASK_SCRIPT_LIMIT.as_secs(),
                });
            }
        };
        JsValue::decode(&encoded).map_err(|error| PageError::Browser(error.to_string()))
    }

    async fn call(&mut self, function_body: &str, args: Vec<Value>) -> Result<Value, PageError> {
        self.as_rendered().await?;
        self.session
            .execute(function_body, args)
            .await
            .map_err(browser_error)
    }

    async fn measure(&mut self, function_body: &str, args: Vec<Value>) -> Result<Value, PageError> {
        self.as_rendered().await?;
        let context = self.measuring_world().await?;
        self.session
            .execute_in(context, function_body, args)
            .await
            .map_err(browser_error)
    }

    async fn page_errors(&mut self) -> Result<Vec<RecordedError>, PageError> {
        let errors = self.session.page_errors().await.map_err(browser_error)?;
        Ok(errors
            .into_iter()
            .map(|error| RecordedError {
                kind: error.kind.to_string(),
                message: error.message,
            })
            .collect())
    }

    async fn interact(&mut self, interaction: &Interaction) -> Result<(), PageError> {
        self.as_rendered().await?;
        // A sequence is its steps, the page settling after each.
        for step in interaction.steps() {
            crate::act::interact(self.session, step)
                .await
                .map_err(|error| match error {
                    InteractionError::Page(message) => PageError::Interaction {
                        interaction: interaction.to_string(),
                        message,
                    },
                    InteractionError::Browser(error) => browser_error(error),
                })?;
            settle(self.session, self.policy)
                .await
                .map_err(|error| PageError::Browser(error.to_string()))?;
        }
        Ok(())
    }

    async fn emulate_window(&mut self, window: Option<Window>) -> Result<(), PageError> {
        let viewport = match window {
            Some(window) => {
                if self.episode_viewport.is_none() {
                    self.episode_viewport =
                        Some(self.session.inner_size().await.map_err(browser_error)?);
                }
                Viewport {
                    width: window.width,
                    height: window.height,
                }
            }
            None => match self.episode_viewport.take() {
                Some(viewport) => viewport,
                None => return Ok(()),
            },
        };
        self.session
            .set_viewport(viewport)
            .await
            .map_err(browser_error)
    }

    async fn fetch_bytes(&mut self, url: &str) -> Result<Vec<u8>, PageError> {
        let fetch_error = |message: String| PageError::Fetch {
            url: url.to_owned(),
            message,
        };
        self.check_allowed(url)?;
        let cookies = self
            .session
            .cookies(url)
            .await
            .map_err(|error| fetch_error(error.to_string()))?;
        let header = cookies
            .iter()
            .map(|cookie| format!("{}={}", cookie.name, cookie.value))
            .collect::<Vec<_>>()
            .join("; ");
        let mut request = self.http.get(url);
        if !header.is_empty() {
            request = request.header(reqwest::header::COOKIE, header);
        }
        let response = request
            .send()
            .await
            .map_err(|error| fetch_error(error.to_string()))?;
        if !response.status().is_success() {
            return Err(fetch_error(format!("HTTP {}", response.status())));
        }
        let too_large = || {
            fetch_error(format!(
                "the response is larger than {} MiB, more than any page image an evaluator compares",
                MAX_FETCH_BYTES / (1024 * 1024)
            ))
        };
        if response
            .content_length()
            .is_some_and(|length| length > MAX_FETCH_BYTES as u64)
        {
            return Err(too_large());
        }
        let mut bytes = Vec::new();
        let mut response = response;
        while let Some(chunk) = response
            .chunk()
            .await
            .map_err(|error| fetch_error(error.to_string()))?
        {
            if bytes.len() + chunk.len() > MAX_FETCH_BYTES {
                return Err(too_large());
            }
            bytes.extend_from_slice(&chunk);
        }
        Ok(bytes)
    }
}
