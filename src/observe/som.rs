//! Set-of-Marks elements and VWA's SoM text.

use serde::{Deserialize, Serialize};
use std::fmt;

/// The number an agent uses to refer to a marked element (`click [12]`).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
    schemars::JsonSchema,
)]
#[serde(transparent)]
pub struct SomId(pub u32);

impl fmt::Display for SomId {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(formatter)
    }
}

/// A box in CSS pixels, relative to the top-left corner of the viewport.
#[derive(
    Debug, Clone, Copy, PartialEq, Serialize, Deserialize, utoipa::ToSchema, schemars::JsonSchema,
)]
pub struct BoundingBox {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub width: f64,
    /// Height.
    pub height: f64,
}

/// One marked, interactable element as the agent sees it.
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema, schemars::JsonSchema,
)]
pub struct SomElement {
    /// Its mark.
    pub id: SomId,
    /// Lower-case tag name.
    pub tag: String,
    /// ARIA role (explicit or implicit).
    pub role: String,
    /// Accessible name (aria-label, label, alt, text, title or placeholder).
    pub name: String,
    /// Visible text (empty for form fields).
    pub text: String,
    /// `alt` attribute, if any.
    pub alt: Option<String>,
    /// `placeholder` attribute, if any.
    pub placeholder: Option<String>,
    /// Current value of a form field.
    pub value: Option<String>,
    /// `type` of an `<input>`.
    pub input_type: Option<String>,
    /// Where it is on the screenshot.
    pub bbox: BoundingBox,
    /// Indices of the same-origin frames that contain it, outermost first (empty = top page).
    pub frame: Vec<u16>,
}

impl SomElement {
    /// The text shown for this element in the SoM listing: what a person reads on or in it.
    pub fn display_text(&self) -> &str {
        let candidates = [
            Some(self.name.as_str()),
            self.value.as_deref(),
            self.placeholder.as_deref(),
            Some(self.text.as_str()),
            self.input_type.as_deref(),
        ];
        candidates
            .into_iter()
            .flatten()
            .find(|text| !text.trim().is_empty())
            .unwrap_or("")
    }
}

/// VWA's SoM text: `[12] [BUTTON] [Add to Cart]` per element, then `[] [StaticText] [...]`
/// for visible text outside interactables (deduplicated).
pub fn som_text(elements: &[SomElement], texts: &[String]) -> String {
    let mut lines = Vec::with_capacity(elements.len() + texts.len());
    for element in elements {
        lines.push(format!(
            "[{}] [{}] [{}]",
            element.id,
            element.tag.to_uppercase(),
            element.display_text()
        ));
    }
    let element_texts: std::collections::HashSet<&str> = elements
        .iter()
        .map(|element| element.display_text())
        .collect();
    for text in texts {
        if !element_texts.contains(text.as_str()) {
            lines.push(format!("[] [StaticText] [{text}]"));
        }
    }
    lines.join("\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn element(id: u32, tag: &str, name: &str) -> SomElement {
        SomElement {
            id: SomId(id),
            tag: tag.into(),
            role: "button".into(),
            name: name.into(),
            text: name.into(),
            alt: None,
            placeholder: None,
            value: None,
            input_type: None,
            bbox: BoundingBox {
                x: 0.0,
                y: 0.0,
                width: 1.0,
                height: 1.0,
            },
            frame: vec![],
        }
    }

    #[test]
    fn som_text_lists_elements_then_static_text_without_repeats() {
        let elements = vec![
            element(12, "button", "Add to Cart"),
            element(13, "a", "Home"),
        ];
        let texts = vec!["Price $10".to_owned(), "Home".to_owned()];
        assert_eq!(
            som_text(&elements, &texts),
            "[12] [BUTTON] [Add to Cart]\n[13] [A] [Home]\n[] [StaticText] [Price $10]"
        );
    }

    #[test]
    fn empty_name_falls_back_to_placeholder() {
        let mut field = element(3, "input", "");
        field.placeholder = Some("Search".into());
        assert_eq!(field.display_text(), "Search");
    }
}
