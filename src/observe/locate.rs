//! Finding the Set-of-Marks id of an element by CSS selector (gold replay, tests).

use super::SomId;
use crate::browser::{BrowserError, BrowserSession};
use serde_json::json;

/// The attribute that carries an element's Set-of-Marks id in the page.
pub const SOM_ATTRIBUTE: &str = "data-agora-som";

const SOM_ID_OF_JS: &str = include_str!("js/som_id_of.js");

/// The id the last marking gave the first element matching `css` in the top document; `None`
/// when nothing matches or the element is not marked.
pub async fn som_id_of(session: &BrowserSession, css: &str) -> Result<Option<SomId>, BrowserError> {
    let mark = session
        .execute_fast(SOM_ID_OF_JS, vec![json!(css), json!(SOM_ATTRIBUTE)])
        .await?;
    Ok(mark.as_str().and_then(|mark| mark.parse().ok()).map(SomId))
}

const STABLE_SELECTOR_JS: &str = include_str!("js/stable_selector.js");

/// A CSS selector that matches element `id` (of the last marking) first and alone, built
/// from its id, naming attributes, link path or classes, alone or under an ancestor with an
/// id; never from a position or the mark itself. `None` when no such selector is unique.
pub async fn stable_selector(
    session: &BrowserSession,
    id: SomId,
) -> Result<Option<String>, BrowserError> {
    let selector = session
        .execute_fast(STABLE_SELECTOR_JS, vec![json!(id.0), json!(SOM_ATTRIBUTE)])
        .await?;
    Ok(selector.as_str().map(str::to_owned))
}
