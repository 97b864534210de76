//! Scripted interactions of the WebUI evaluation (`eval.aes.interactions`), one step at a time
//! (a sequence is its steps, the page settling after each: `env::EpisodePage::interact`), with
//! real WebDriver input on the first element a selector matches, scrolled into view first.

use super::execute::{SELECT_OPTION_JS, hover, scroll_into_view};
use super::keys::parse_combo;
use crate::browser::{BrowserError, BrowserSession};
use evaluators::aes::{Interaction, WaitUntil};
use fantoccini::Locator;
use fantoccini::elements::Element;
use fantoccini::error::{CmdError, ErrorStatus};

const WAIT_FOR_JS: &str = include_str!("js/wait_for.js");

/// Why a scripted interaction did not happen.
#[derive(Debug, thiserror::Error)]
pub enum InteractionError {
    /// The page has no such element, or it would not take the input: the page's fault.
    #[error("{0}")]
    Page(String),
    /// The browser failed underneath.
    #[error(transparent)]
    Browser(#[from] BrowserError),
}

/// Carries out one step of a scripted interaction (a sequence is refused: carry out its
/// steps). A `wait` waits on its condition in the page, at most its timeout.
pub async fn interact(
    session: &BrowserSession,
    interaction: &Interaction,
) -> Result<(), InteractionError> {
    match interaction {
        Interaction::Sequence { .. } => Err(InteractionError::Page(
            "a sequence is carried out step by step".to_owned(),
        )),
        Interaction::Wait {
            selector, until, ..
        } => wait(session, selector, until, interaction.wait_ms()).await,
        Interaction::Press { key, selector } => {
            let combo = parse_combo(key.name())
                .map_err(|error| InteractionError::Page(error.to_string()))?;
            let Some(selector) = selector else {
                // Whatever has the focus gets the key.
                return session
                    .client()
                    .perform_actions(combo.actions())
                    .await
                    .map_err(|error| BrowserError::from(error).into());
            };
            let element = find(session, selector).await?;
            let pressed = match scroll_into_view(session, &element).await {
                Ok(()) => element.send_keys(&combo.key.to_string()).await,
                Err(error) => Err(error),
            };
            pressed.map_err(|error| refused(selector, error))
        }
        _ => {
            let selector = interaction.selectors().first().copied().unwrap_or_default();
            let element = find(session, selector).await?;
            on_element(session, interaction, &element)
                .await
                .map_err(|error| refused(selector, error))
        }
    }
}

/// The first element `selector` matches.
async fn find(session: &BrowserSession, selector: &str) -> Result<Element, InteractionError> {
    match session.client().find(Locator::Css(selector)).await {
        Ok(element) => Ok(element),
        Err(CmdError::Standard(error))
            if matches!(
                error.error,
                ErrorStatus::NoSuchElement | ErrorStatus::InvalidSelector
            ) =>
        {
            Err(InteractionError::Page(format!(
                "no element matches `{selector}`"
            )))
        }
        Err(error) => Err(BrowserError::from(error).into()),
    }
}

/// What a click, hover, type, scroll or select does to `element`.
async fn on_element(
    session: &BrowserSession,
    interaction: &Interaction,
    element: &Element,
) -> Result<(), CmdError> {
    match interaction {
        Interaction::Hover { .. } => hover(session, element).await,
        Interaction::Scroll { .. } => scroll_into_view(session, element).await,
        Interaction::Click { .. } => {
            scroll_into_view(session, element).await?;
            element.click().await
        }
        Interaction::Type { text, .. } => {
            scroll_into_view(session, element).await?;
            element.click().await?;
            element.send_keys(text).await
        }
        Interaction::Select { option, .. } => {
            scroll_into_view(session, element).await?;
            let chosen = session
                .client()
                .execute(
                    SELECT_OPTION_JS,
                    vec![serde_json::to_value(element)?, option.as_str().into()],
                )
                .await?;
            match chosen["value"].as_str() {
                Some(value) => element.select_by_value(value).await,
                None => Err(CmdError::InvalidArgument(
                    "option".to_owned(),
                    format!(
                        "no option `{option}`; the options are: {}",
                        chosen["available"].as_str().unwrap_or_default()
                    ),
                )),
            }
        }
        Interaction::Press { .. } | Interaction::Wait { .. } | Interaction::Sequence { .. } => {
            Ok(())
        }
    }
}

/// The page's refusal (no such option, not interactable, covered, gone) in words, or the
/// browser's failure.
fn refused(selector: &str, error: CmdError) -> InteractionError {
    match &error {
        CmdError::Standard(standard)
            if matches!(
                standard.error,
                ErrorStatus::ElementNotInteractable
                    | ErrorStatus::ElementClickIntercepted
                    | ErrorStatus::InvalidElementState
                    | ErrorStatus::StaleElementReference
                    | ErrorStatus::JavascriptError
            ) =>
        {
            InteractionError::Page(format!("`{selector}` would not take the input: {standard}"))
        }
        CmdError::InvalidArgument(_, why) => InteractionError::Page(format!("`{selector}`: {why}")),
        _ => InteractionError::Browser(BrowserError::from(error)),
    }
}

/// Waits in the page until `until` holds for `selector`, at most `timeout_ms`.
async fn wait(
    session: &BrowserSession,
    selector: &str,
    until: &WaitUntil,
    timeout_ms: u64,
) -> Result<(), InteractionError> {
    let text = match until {
        WaitUntil::Text { text } => text.as_str(),
        _ => "",
    };
    let held = session
        .execute(
            WAIT_FOR_JS,
            vec![
                selector.into(),
                until.name().into(),
                text.into(),
                timeout_ms.into(),
            ],
        )
        .await
        .map_err(|error| match error {
            BrowserError::Script(message) => {
                InteractionError::Page(format!("`{selector}` cannot be waited on: {message}"))
            }
            other => other.into(),
        })?;
    if held == serde_json::Value::Bool(true) {
        return Ok(());
    }
    let condition = match until {
        WaitUntil::Text { text } => format!("to show `{text}`"),
        other => format!("to be {}", other.name()),
    };
    Err(InteractionError::Page(format!(
        "waited {timeout_ms} ms for `{selector}` {condition}; it never was"
    )))
}
