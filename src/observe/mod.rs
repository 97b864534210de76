//! Observations: the Set-of-Marks screenshot and element list, the VWA SoM text, the
//! accessibility tree and the tab header — exactly what the agent sees.

mod axtree;
mod bounds;
mod capture;
mod frame;
mod locate;
mod paint;
mod som;

pub use bounds::{
    MAX_AXTREE_BYTES, MAX_ELEMENTS, MAX_TEXT_CHARS, MAX_TEXTS, MAX_TITLE_CHARS, MAX_URL_CHARS,
};
pub use capture::{ImageFormat, Screenshot, capture, image_mime};
use frame::{FrameMarks, mark_frame};
pub use locate::{SOM_ATTRIBUTE, som_id_of, stable_selector};
pub use paint::mark_colour;
pub use som::{BoundingBox, SomElement, SomId, som_text};

use crate::browser::{BrowserError, BrowserSession, Viewport};
use serde::{Deserialize, Serialize};
use serde_json::Value;
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
#[serde(default, deny_unknown_fields)]
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
#[derive(
    Debug, Clone, PartialEq, Serialize, Deserialize, utoipa::ToSchema, schemars::JsonSchema,
)]
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
#[derive(Debug, Clone, Default, Serialize, Deserialize, utoipa::ToSchema, schemars::JsonSchema)]
#[serde(default)]
pub struct ObserveTimings {
    /// Marking elements in the page, capturing the frame and drawing the marks on it, round
    /// trips included (twice when `recaptured`).
    pub som_ms: f64,
    /// Of which the marking script itself ran in the page.
    pub som_script_ms: f64,
    /// Of which the frame capture took (the last one when `recaptured`).
    pub capture_ms: f64,
    /// Of which decoding the frame, drawing the marks and encoding the SoM screenshot took
    /// (on blocking threads, beside the check that the page did not change); 0 without a
    /// SoM screenshot.
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
    /// The document's uncaught exceptions, unhandled rejections and failed loads, as the
    /// browser reported them (`exception: …`, `resource: …`; at most
    /// [`crate::browser::MAX_PAGE_ERRORS`]; none for a remote browser).
    pub page_errors: Vec<String>,
    /// JavaScript dialogs pages opened since the last observation (each answered at once:
    /// `alert`/`confirm`/`prompt` dismissed, `beforeunload` accepted), at most
    /// [`crate::browser::MAX_DIALOGS`].
    pub dialogs: Vec<crate::browser::Dialog>,
    /// The screenshot with marks.
    pub som_screenshot: Option<Screenshot>,
    /// The screenshot without marks.
    pub clean_screenshot: Option<Screenshot>,
    /// Accessibility tree text, when asked for.
    pub axtree: Option<String>,
    /// Where the time went.
    pub timings: ObserveTimings,
    /// What was cut to keep the observation within its bounds (a long title, elements in
    /// view beyond the list's length, …), in words; empty when nothing was.
    pub cut: Vec<String>,
}

/// Scroll position of the active tab.
#[derive(
    Debug,
    Clone,
    Copy,
    Default,
    PartialEq,
    Serialize,
    Deserialize,
    utoipa::ToSchema,
    schemars::JsonSchema,
)]
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

    /// Whether `other` shows the agent the same page: the same URL, title, tabs, marked
    /// elements (boxes and values included), text, scroll position and blocked address.
    pub fn same_view(&self, other: &Observation) -> bool {
        self.url == other.url
            && self.title == other.title
            && self.tabs == other.tabs
            && self.elements == other.elements
            && self.texts == other.texts
            && self.scroll == other.scroll
            && self.blocked_url == other.blocked_url
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
    /// devicePixelRatio: device pixels per CSS pixel.
    scale: f64,
    /// The page's layout stamp when marked (see the settle instrumentation; null without it).
    stamp: Value,
    /// The stamp the previous look at the page left.
    stamp_before: Value,
    script_ms: f64,
    /// What the script left out to keep to the bounds.
    #[serde(default)]
    cut: bounds::ScriptCuts,
}

/// One marking of the page and the frame that goes with it.
struct MarkedFrame {
    marks: PageMarks,
    frame: Screenshot,
    /// Whether the page was unchanged between marking and capturing (the marks fit the frame).
    fits: bool,
    capture_ms: f64,
}

async fn mark(session: &BrowserSession) -> Result<PageMarks, BrowserError> {
    let marks_value = session
        .execute_fast(SOM_JS, vec![bounds::script_options()])
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

/// Captures and marks at once, the capture sent first: on a direct DevTools link the two
/// overlap in the browser, so this costs about one capture. Whether the frame fits the
/// marks is settled by [`still_fits`] afterwards, while the frame is drawn on.
async fn capture_and_mark(
    session: &BrowserSession,
    options: ObserveOptions,
) -> Result<MarkedFrame, BrowserError> {
    let (captured, marks) = tokio::join!(timed_capture(session, options), mark(session));
    let (frame, capture_ms) = captured?;
    let marks = marks?;
    // Unchanged since the previous look (the step's settling, the last marking): then the
    // frame fits if the page is still unchanged after the capture.
    let fits = !marks.stamp.is_null() && marks.stamp_before == marks.stamp;
    Ok(MarkedFrame {
        marks,
        frame,
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
    let fits = still_fits(session, &marks).await?;
    Ok(MarkedFrame {
        marks,
        frame,
        fits,
        capture_ms,
    })
}

/// Whether the page's stamp now is the one the marking saw (one short script).
async fn still_fits(session: &BrowserSession, marks: &PageMarks) -> Result<bool, BrowserError> {
    Ok(session.execute_fast(CHECK_STAMP_JS, vec![]).await? == marks.stamp)
}

/// The SoM screenshot of `frame` with `marks`, drawn on a blocking thread; the frame is
/// handed back with the time the drawing took (ms).
async fn draw(
    frame: Screenshot,
    marks: &PageMarks,
    quality: u8,
) -> Result<(Screenshot, Screenshot, f64), BrowserError> {
    let frame_marks = FrameMarks {
        elements: marks.elements.clone(),
        viewport: (
            f64::from(marks.viewport.width),
            f64::from(marks.viewport.height),
        ),
        scale: marks.scale,
    };
    let (frame, som, draw_ms) = tokio::task::spawn_blocking(move || {
        let started = Instant::now();
        let som = mark_frame(&frame, &frame_marks, quality);
        (frame, som, started.elapsed().as_secs_f64() * 1000.0)
    })
    .await
    .map_err(|error| BrowserError::Marks(format!("drawing thread failed: {error}")))?;
    Ok((frame, som?, draw_ms))
}

/// A frame and its marks with the SoM screenshot drawn, checked to fit: the check runs
/// while the frame is drawn on; if the page changed around the capture, marking and
/// capturing are done once more, checked after.
async fn marked_and_drawn(
    session: &BrowserSession,
    options: ObserveOptions,
) -> Result<Drawn, BrowserError> {
    let marked = capture_and_mark(session, options).await?;
    if marked.fits {
        let (drawn, fits) = tokio::join!(
            draw(marked.frame, &marked.marks, options.jpeg_quality),
            still_fits(session, &marked.marks)
        );
        if fits? {
            let (frame, som, draw_ms) = drawn?;
            return Ok(Drawn {
                marks: marked.marks,
                frame,
                som,
                capture_ms: marked.capture_ms,
                draw_ms,
                recaptured: false,
            });
        }
    }
    let marked = mark_then_capture(session, options).await?;
    let (frame, som, draw_ms) = draw(marked.frame, &marked.marks, options.jpeg_quality).await?;
    Ok(Drawn {
        marks: marked.marks,
        frame,
        som,
        capture_ms: marked.capture_ms,
        draw_ms,
        recaptured: true,
    })
}

/// What [`marked_and_drawn`] produced.
struct Drawn {
    marks: PageMarks,
    frame: Screenshot,
    som: Screenshot,
    capture_ms: f64,
    draw_ms: f64,
    recaptured: bool,
}

/// Observes the active tab of `session`: captures one frame and marks the page at once,
/// and draws the marks onto the frame off the async runtime — the clean and SoM
/// screenshots come from the same frame. If the page changed around the capture, marking
/// and capturing are done once more (reported as `timings.recaptured`).
pub async fn observe(
    session: &BrowserSession,
    options: ObserveOptions,
) -> Result<Observation, BrowserError> {
    let started = Instant::now();
    let (marks, som_screenshot, clean_screenshot, capture_ms, draw_ms, recaptured) =
        match options.screenshot {
            ScreenshotKind::None => (mark(session).await?, None, None, 0.0, 0.0, false),
            // Only the SoM screenshot depends on the marks fitting the frame.
            ScreenshotKind::Clean => {
                let marked = capture_and_mark(session, options).await?;
                (
                    marked.marks,
                    None,
                    Some(marked.frame),
                    marked.capture_ms,
                    0.0,
                    false,
                )
            }
            ScreenshotKind::Som | ScreenshotKind::Both => {
                let drawn = marked_and_drawn(session, options).await?;
                let clean = (options.screenshot == ScreenshotKind::Both).then_some(drawn.frame);
                (
                    drawn.marks,
                    Some(drawn.som),
                    clean,
                    drawn.capture_ms,
                    drawn.draw_ms,
                    drawn.recaptured,
                )
            }
        };
    let drawn = Instant::now();

    let (tabs, page_errors) = tokio::join!(
        tabs(session, &marks.title, &marks.url),
        session.page_errors()
    );
    let (tabs, page_errors) = (tabs?, page_errors?);
    let axtree = if options.axtree {
        Some(axtree::format(&session.full_ax_tree().await?))
    } else {
        None
    };
    let finished = Instant::now();
    let millis = |from: Instant, to: Instant| (to - from).as_secs_f64() * 1000.0;
    let mut observation = Observation {
        url: marks.url,
        title: marks.title,
        tabs,
        elements: marks.elements,
        texts: marks.texts,
        viewport: marks.viewport,
        scroll: marks.scroll,
        blocked_url: marks.blocked,
        page_errors: page_errors
            .into_iter()
            .map(|error| format!("{}: {}", error.kind, error.message))
            .collect(),
        dialogs: session.take_dialogs(),
        som_screenshot,
        clean_screenshot,
        axtree,
        timings: ObserveTimings {
            som_ms: millis(started, drawn),
            som_script_ms: marks.script_ms,
            capture_ms,
            draw_ms,
            recaptured,
            extras_ms: millis(drawn, finished),
            total_ms: millis(started, finished),
        },
        cut: marks.cut.notes(),
    };
    bounds::bound(&mut observation);
    Ok(observation)
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
    let targets = session.targets().await?;
    Ok(handles
        .into_iter()
        .enumerate()
        .map(|(index, handle)| {
            let handle = String::from(handle);
            let target = targets.iter().find(|target| target.id == handle);
            TabInfo {
                index,
                title: target
                    .map(|target| target.title.clone())
                    .unwrap_or_default(),
                url: target.map(|target| target.url.clone()).unwrap_or_default(),
                active: handle == current,
            }
        })
        .collect())
}
