//! How an observation is shown to a model through MCP: the screenshot as image content,
//! the SoM listing as text, and size controls so one observation fits a tool-result budget.

use crate::act::ActionError;
use crate::api::ObservationBody;
use crate::env::{StepOutcome, Summary};
use crate::observe::{ImageFormat, ObserveOptions, ScreenshotKind, som_text};
use rmcp::model::{CallToolResult, ContentBlock};
use serde::Deserialize;
use serde_json::{Value, json};

/// Which screenshot an observation carries.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Screenshot {
    /// With numbered Set-of-Marks boxes.
    Som,
    /// As the page renders.
    Clean,
    /// Both.
    Both,
    /// No image; text only.
    None,
}

/// Image encoding of screenshots.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum Encoding {
    /// Lossless, larger.
    Png,
    /// Lossy, several times smaller.
    Jpeg,
}

/// What observations include and how large they may get. Every field is optional; unset
/// fields keep the episode's current setting.
#[derive(Debug, Clone, Default, Deserialize, schemars::JsonSchema)]
pub struct ViewOptions {
    /// Screenshot to include: som (default), clean, both or none.
    pub screenshot: Option<Screenshot>,
    /// Screenshot encoding: jpeg (default, quality 80) or png.
    pub image_format: Option<Encoding>,
    /// Include the accessibility tree (WebArena's text format).
    pub axtree: Option<bool>,
    /// List at most this many marked elements (default 200); the rest are counted.
    pub max_elements: Option<usize>,
    /// Cut each listed line to this many characters (default 150).
    pub max_line_chars: Option<usize>,
    /// Cut the whole text of the observation to this many characters (default 20000).
    pub max_text_chars: Option<usize>,
}

/// The settled size controls of one MCP session.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct View {
    screenshot: Screenshot,
    encoding: Encoding,
    axtree: bool,
    max_elements: usize,
    max_line_chars: usize,
    max_text_chars: usize,
}

impl Default for View {
    fn default() -> Self {
        Self {
            screenshot: Screenshot::Som,
            encoding: Encoding::Jpeg,
            axtree: false,
            max_elements: 200,
            max_line_chars: 150,
            max_text_chars: 20_000,
        }
    }
}

impl View {
    /// This view with `options` applied on top.
    pub fn with(self, options: &ViewOptions) -> Self {
        Self {
            screenshot: options.screenshot.unwrap_or(self.screenshot),
            encoding: options.image_format.unwrap_or(self.encoding),
            axtree: options.axtree.unwrap_or(self.axtree),
            max_elements: options.max_elements.unwrap_or(self.max_elements),
            max_line_chars: options.max_line_chars.unwrap_or(self.max_line_chars).max(8),
            max_text_chars: options
                .max_text_chars
                .unwrap_or(self.max_text_chars)
                .max(200),
        }
    }

    /// What the browser captures for this view.
    pub fn observe_options(&self) -> ObserveOptions {
        ObserveOptions {
            screenshot: match self.screenshot {
                Screenshot::Som => ScreenshotKind::Som,
                Screenshot::Clean => ScreenshotKind::Clean,
                Screenshot::Both => ScreenshotKind::Both,
                Screenshot::None => ScreenshotKind::None,
            },
            format: match self.encoding {
                Encoding::Png => ImageFormat::Png,
                Encoding::Jpeg => ImageFormat::Jpeg,
            },
            jpeg_quality: 80,
            axtree: self.axtree,
        }
    }

    /// The tool result for `episode`'s current observation, after `step` if there was one.
    pub fn render(&self, episode: &Summary, step: Option<&StepOutcome>) -> CallToolResult {
        let error = step.and_then(|step| step.error.as_ref());
        let mut text = String::new();
        let mut structured = json!({ "episode_id": episode.id.0 });
        if let Some(step) = step {
            structured["action"] = json!(step.action.as_ref().map(ToString::to_string));
            structured["done"] = json!(step.done);
            structured["settle"] = json!(step.settle);
            structured["page_changed"] = json!(step.page_changed);
        }
        if let Some(error) = error {
            text.push_str(&format!("Action refused [{}]: {error}\n", error.code()));
            if step.and_then(|step| step.page_changed) == Some(true) {
                text.push_str(
                    "The page has changed since the last observation; this is the page now.\n",
                );
            }
            structured["error"] = json!({ "error": error.code(), "message": error.to_string() });
        }
        if let Some(answer) = &episode.answer {
            text.push_str(&format!(
                "The episode has ended with the answer `{answer}`; call evaluate, then close_episode.\n"
            ));
            structured["answer"] = json!(answer);
        }
        let Some(body) = ObservationBody::of_episode(episode) else {
            let reason = episode.lost.as_deref().unwrap_or("no observation yet");
            text.push_str(&format!("No observation: {reason}\n"));
            return result(vec![ContentBlock::text(text)], structured, error);
        };
        let (listing, shown) = self.listing(episode);
        text.push_str(&format!("URL: {}\n{}\n", body.url, body.tab_header));
        if let Some(intent) = &body.intent {
            text.push_str(&format!("Task: {intent}\n"));
        }
        if !body.input_images.is_empty() {
            text.push_str(&format!(
                "The task has {} input image(s) (upload [id] [n] puts image n into a file input).\n",
                body.input_images.len()
            ));
        }
        if let Some(blocked) = &body.blocked_url {
            text.push_str(&format!(
                "Blocked: {blocked} is outside the task's sites.\n"
            ));
        }
        for page_error in &body.page_errors {
            text.push_str(&format!("Page error: {page_error}\n"));
        }
        for cut in &body.cut {
            text.push_str(&format!("Cut to the observation's bounds: {cut}\n"));
        }
        for dialog in &body.dialogs {
            text.push_str(&format!(
                "The page opened a {} dialog (answered): {}\n",
                dialog.kind, dialog.message
            ));
        }
        text.push_str(&format!(
            "Viewport {}x{} CSS px, scrolled to y={} of {}.\n\n{listing}",
            body.viewport.width, body.viewport.height, body.scroll.y, body.scroll.height
        ));
        if let Some(axtree) = &body.axtree {
            text.push_str("\n\nAccessibility tree:\n");
            text.push_str(&self.cut_lines(axtree));
        }
        let text = cut(
            &text,
            self.max_text_chars,
            "raise max_text_chars to see the rest",
        );
        let mut content = vec![ContentBlock::text(text)];
        for shot in [&body.screenshot, &body.clean_screenshot]
            .into_iter()
            .flatten()
        {
            content.push(ContentBlock::image(
                shot.clone(),
                body.screenshot_mime.clone(),
            ));
        }
        structured["url"] = json!(body.url);
        structured["title"] = json!(body.title);
        structured["tabs"] = json!(body.tabs);
        structured["intent"] = json!(body.intent);
        structured["elements"] = json!(&body.elements[..shown]);
        structured["elements_total"] = json!(body.elements.len());
        structured["blocked_url"] = json!(body.blocked_url);
        structured["page_errors"] = json!(body.page_errors);
        structured["cut"] = json!(body.cut);
        structured["dialogs"] = json!(body.dialogs);
        result(content, structured, error)
    }

    /// The SoM listing within the element and line limits, and how many elements it shows.
    fn listing(&self, episode: &Summary) -> (String, usize) {
        let Some(observation) = &episode.observation else {
            return (String::new(), 0);
        };
        let shown = observation.elements.len().min(self.max_elements);
        let mut listing = self.cut_lines(&som_text(
            &observation.elements[..shown],
            &observation.texts,
        ));
        let hidden = observation.elements.len() - shown;
        if hidden > 0 {
            listing.push_str(&format!(
                "\n… {hidden} more marked element(s) not listed (raise max_elements)."
            ));
        }
        (listing, shown)
    }

    fn cut_lines(&self, text: &str) -> String {
        text.lines()
            .map(|line| cut(line, self.max_line_chars, ""))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// `text` cut to `limit` characters, with a note when something was cut.
fn cut(text: &str, limit: usize, note: &str) -> String {
    match text.char_indices().nth(limit) {
        None => text.to_owned(),
        Some((end, _)) if note.is_empty() => format!("{}…", &text[..end]),
        Some((end, _)) => format!("{}\n… (cut: {note})", &text[..end]),
    }
}

fn result(
    content: Vec<ContentBlock>,
    structured: Value,
    error: Option<&ActionError>,
) -> CallToolResult {
    let mut result = if error.is_some() {
        CallToolResult::error(content)
    } else {
        CallToolResult::success(content)
    };
    result.structured_content = Some(structured);
    result
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cutting_counts_characters_and_says_so() {
        assert_eq!(cut("héllo", 10, "x"), "héllo");
        assert_eq!(cut("héllo", 2, ""), "hé…");
        assert_eq!(cut("héllo", 2, "raise it"), "hé\n… (cut: raise it)");
    }

    #[test]
    fn options_override_only_what_they_name() {
        let view = View::default().with(&ViewOptions {
            max_elements: Some(5),
            screenshot: Some(Screenshot::None),
            ..ViewOptions::default()
        });
        assert_eq!(view.max_elements, 5);
        assert_eq!(view.observe_options().screenshot, ScreenshotKind::None);
        assert_eq!(view.max_text_chars, View::default().max_text_chars);
    }
}
