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
