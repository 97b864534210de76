//! Observations: the Set-of-Marks screenshot and element list, the VWA SoM text, the
//! accessibility tree and the tab header — exactly what the agent sees.

mod axtree;
mod capture;
mod locate;
mod paint;
mod som;

use capture::{FrameMarks, mark_frame};
pub use capture::{ImageFormat, Screenshot, capture, image_mime};
pub use locate::{SOM_ATTRIBUTE, som_id_of};
pub use paint::mark_colour;
pub use som::{BoundingBox, SomElement, SomId, som_text};

use crate::browser::{BrowserError, BrowserSession, Viewport};
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use std::time::Instant;

const SOM_JS: &str = concat!(
    include_str!("js/visible_point.js"),
    include_str!("js/som.js")
);

const CHECK_STAMP_JS: &str = include_str!("js/check_stamp.js");

/// Which screenshots an observation carries.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum ScreenshotKind {
    /// With numbered boxes (the default; what a SoM agent sees).
    #[default]
    Som,
    /// As the page renders, without marks.
    Clean,
    /// Both.
    Both,
    /// None (element list and text only).
    None,
}

/// What to include in an observation.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct ObserveOptions {
    /// Which screenshots to capture.
    pub screenshot: ScreenshotKind,
    /// Their encoding.
    pub format: ImageFormat,
    /// JPEG quality (1–100) when `format` is jpeg.
    pub jpeg_quality: u8,
    /// Include the accessibility-tree text (one extra CDP call).
    pub axtree: bool,
}

impl Default for ObserveOptions {
    fn default() -> Self {
        Self {
            screenshot: ScreenshotKind::Som,
            format: ImageFormat::Png,
            jpeg_quality: 80,
            axtree: false,
        }
    }
}

/// One browser tab.
#[derive(Debug, Clone, Serialize, Deserialize, utoipa::ToSchema)]
pub struct TabInfo {
    /// Position, as used by `tab_focus [i]`.
    pub index: usize,
    /// Page title.
    pub title: String,
    /// Page URL.
    pub url: String,
    /// Whether the agent is on this tab.
    pub active: bool,
}

/// Time spent on each part of an observation, in milliseconds.
#[derive(Debug, Clone, Default, Serialize, Deserialize, utoipa::ToSchema)]
#[serde(default)]
pub struct ObserveTimings {
    /// Marking elements in the page and capturing the frame, round trips included
    /// (twice when `recaptured`).
    pub som_ms: f64,
    /// Of which the marking script itself ran in the page.
    pub som_script_ms: f64,
    /// Of which the frame capture took (the last one when `recaptured`).
    pub capture_ms: f64,
    /// Decoding the frame, drawing the marks and encoding the SoM screenshot (on a
    /// blocking thread); 0 without a SoM screenshot.
    pub draw_ms: f64,
    /// Whether the page changed around the first capture, so it was marked and captured again.
    pub recaptured: bool,
    /// Reading tabs and the accessibility tree.
    pub extras_ms: f64,
    /// The whole observation.
    pub total_ms: f64,
}

/// What the agent sees after a step.
#[derive(Debug, Clone)]
pub struct Observation {
    /// URL of the active tab.
    pub url: String,
    /// Title of the active tab.
    pub title: String,
    /// All tabs.
    pub tabs: Vec<TabInfo>,
    /// Marked elements.
    pub elements: Vec<SomElement>,
    /// Visible static text outside interactables.
    pub texts: Vec<String>,
    /// Viewport size in CSS px.
    pub viewport: Viewport,
    /// Scroll offset and document height.
    pub scroll: ScrollState,
    /// The URL the fence refused, when the tab shows the fence's error page.
    pub blocked_url: Option<String>,
    /// Uncaught errors and failed loads the page recorded (the WebUI workspace records them).
    pub page_errors: Vec<String>,
    /// The screenshot with marks.
    pub som_screenshot: Option<Screenshot>,
    /// The screenshot without marks.
    pub clean_screenshot: Option<Screenshot>,
    /// Accessibility tree text, when asked for.
    pub axtree: Option<String>,
    /// Where the time went.
    pub timings: ObserveTimings,
}

/// Scroll position of the active tab.
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, utoipa::ToSchema)]
pub struct ScrollState {
    /// Horizontal offset.
    pub x: f64,
    /// Vertical offset.
    pub y: f64,
    /// Height of the whole document.
    pub height: f64,
}

impl Observation {
    /// VWA's SoM text listing.
    pub fn som_text(&self) -> String {
        som_text(&self.elements, &self.texts)
    }

    /// VWA's tab header: `Tab 0 (current): <title> | Tab 1: <title>`.
    pub fn tab_header(&self) -> String {
        self.tabs
            .iter()
            .map(|tab| {
                let current = if tab.active { " (current)" } else { "" };
                format!("Tab {}{current}: {}", tab.index, tab.title)
            })
            .collect::<Vec<_>>()
            .join(" | ")
    }

    /// The element with mark `id`, if it was in this observation.
    pub fn element(&self, id: SomId) -> Option<&SomElement> {
        self.elements.iter().find(|element| element.id == id)
    }
}

#[derive(Deserialize)]
struct PageMarks {
    elements: Vec<SomElement>,
    texts: Vec<String>,
    url: String,
    title: String,
    viewport: Viewport,
    scroll: ScrollState,
    blocked: Option<String>,
    #[serde(default)]
    page_errors: Vec<String>,
    /// devicePixelRatio: device pixels per CSS pixel.
    scale: f64,
    /// The page's layout stamp when marked (see the settle instrumentation; null without it).
    stamp: Value,
    /// The stamp the previous look at the page left.
    stamp_before: Value,
    script_ms: f64,
}

/// One marking of the page and the frame that goes with it.
struct MarkedFrame {
    marks: PageMarks,
    frame: Option<Screenshot>,
    /// Whether the page was unchanged between marking and capturing (the marks fit the frame).
    fits: bool,
    capture_ms: f64,
}

async fn mark(session: &BrowserSession) -> Result<PageMarks, BrowserError> {
    let marks_value = session
        .execute_fast(SOM_JS, vec![json!({ "maxText": 200 })])
        .await?;
    serde_json::from_value(marks_value)
        .map_err(|error| BrowserError::Script(format!("Set-of-Marks result: {error}")))
}

async fn timed_capture(
    session: &BrowserSession,
    options: ObserveOptions,
) -> Result<(Screenshot, f64), BrowserError> {
    let started = Instant::now();
    let frame = capture(session, options.format, options.jpeg_quality).await?;
    Ok((frame, started.elapsed().as_secs_f64() * 1000.0))
}

/// Captures, then marks: the frame fits the marks when the page's stamp at marking equals
/// the one the previous look at the page (the step's settling, the last marking) left, since
/// the capture lies between the two. Two round trips, as many as marking alone plus a capture.
async fn capture_then_mark(
    session: &BrowserSession,
    options: ObserveOptions,
) -> Result<MarkedFrame, BrowserError> {
    let (frame, capture_ms) = timed_capture(session, options).await?;
    let marks = mark(session).await?;
    let fits = !marks.stamp.is_null() && marks.stamp_before == marks.stamp;
    Ok(MarkedFrame {
        marks,
        frame: Some(frame),
        fits,
        capture_ms,
    })
}

/// Marks, captures, then reads the stamp again: the frame fits when nothing changed between
/// marking and the check. The fallback when the page changed since it was last looked at.
async fn mark_then_capture(
    session: &BrowserSession,
    options: ObserveOptions,
) -> Result<MarkedFrame, BrowserError> {
    let marks = mark(session).await?;
    let (frame, capture_ms) = timed_capture(session, options).await?;
    let fits = session.execute_fast(CHECK_STAMP_JS, vec![]).await? == marks.stamp;
    Ok(MarkedFrame {
        marks,
        frame: Some(frame),
        fits,
        capture_ms,
    })
}

/// Observes the active tab of `session`: captures one frame, marks the page in one script,
/// and draws the marks onto the frame off the async runtime — the clean and SoM screenshots
/// come from the same frame. If the page changed around the capture, marking and capturing
/// are done once more, checked after (reported as `timings.recaptured`).
pub async fn observe(
    session: &BrowserSession,
    options: ObserveOptions,
) -> Result<Observation, BrowserError> {
    let started = Instant::now();
    let mut marked = match options.screenshot {
        ScreenshotKind::None => MarkedFrame {
            marks: mark(session).await?,
            frame: None,
            fits: true,
            capture_ms: 0.0,
        },
        // Only the SoM screenshot depends on the marks fitting the frame.
        ScreenshotKind::Clean => {
            let (frame, capture_ms) = timed_capture(session, options).await?;
            MarkedFrame {
                marks: mark(session).await?,
                frame: Some(frame),
                fits: true,
                capture_ms,
            }
        }
        ScreenshotKind::Som | ScreenshotKind::Both => capture_then_mark(session, options).await?,
    };
    let recaptured = !marked.fits;
    if recaptured {
        marked = mark_then_capture(session, options).await?;
    }
    let MarkedFrame {
        marks,
        frame,
        capture_ms,
        ..
    } = marked;
    let captured = Instant::now();

    let (som_screenshot, clean_screenshot) = match (options.screenshot, frame) {
        (ScreenshotKind::Som | ScreenshotKind::Both, Some(frame)) => {
            let frame_marks = FrameMarks {
                elements: marks.elements.clone(),
                viewport: (
                    f64::from(marks.viewport.width),
                    f64::from(marks.viewport.height),
                ),
                scale: marks.scale,
            };
            let quality = options.jpeg_quality;
            let (frame, som) = tokio::task::spawn_blocking(move || {
                let som = mark_frame(&frame, &frame_marks, quality);
                (frame, som)
            })
            .await
            .map_err(|error| BrowserError::Marks(format!("drawing thread failed: {error}")))?;
            let clean = (options.screenshot == ScreenshotKind::Both).then_some(frame);
            (Some(som?), clean)
        }
        (ScreenshotKind::Clean, frame) => (None, frame),
        _ => (None, None),
    };
    let drawn = Instant::now();

    let tabs = tabs(session, &marks.title, &marks.url).await?;
    let axtree = if options.axtree {
        Some(axtree::format(
            &session
                .cdp("Accessibility.getFullAXTree", json!({}))
                .await?,
        ))
    } else {
        None
    };
    let finished = Instant::now();
    let millis = |from: Instant, to: Instant| (to - from).as_secs_f64() * 1000.0;
    Ok(Observation {
        url: marks.url,
        title: marks.title,
        tabs,
        elements: marks.elements,
        texts: marks.texts,
        viewport: marks.viewport,
        scroll: marks.scroll,
        blocked_url: marks.blocked,
        page_errors: marks.page_errors,
        som_screenshot,
        clean_screenshot,
        axtree,
        timings: ObserveTimings {
            som_ms: millis(started, captured),
            som_script_ms: marks.script_ms,
            capture_ms,
            draw_ms: millis(captured, drawn),
            recaptured,
            extras_ms: millis(drawn, finished),
            total_ms: millis(started, finished),
        },
    })
}

/// Every tab in order, with titles and URLs. With one tab the page's own title and URL are
/// used; otherwise CDP's target list supplies them (one call).
pub async fn tabs(
    session: &BrowserSession,
    title: &str,
    url: &str,
) -> Result<Vec<TabInfo>, BrowserError> {
    let handles = session.tab_handles().to_vec();
    if handles.len() <= 1 {
        return Ok(vec![TabInfo {
            index: 0,
            title: title.to_owned(),
            url: url.to_owned(),
            active: true,
        }]);
    }
    let current = session
        .current_tab()
        .cloned()
        .map(String::from)
        .unwrap_or_default();
    let targets = session.cdp("Target.getTargets", json!({})).await?;
    let target_list = targets["targetInfos"]
        .as_array()
        .cloned()
        .unwrap_or_default();
    Ok(handles
        .into_iter()
        .enumerate()
        .map(|(index, handle)| {
            let handle = String::from(handle);
            let target = target_list
                .iter()
                .find(|target| target["targetId"].as_str() == Some(handle.as_str()));
            TabInfo {
                index,
                title: target
                    .and_then(|target| target["title"].as_str())
                    .unwrap_or("")
                    .to_owned(),
                url: target
                    .and_then(|target| target["url"].as_str())
                    .unwrap_or("")
                    .to_owned(),
                active: handle == current,
            }
        })
        .collect())
}
