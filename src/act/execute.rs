//! Carrying out actions as a person would: real WebDriver pointer and keyboard input on
//! the element (scrolled into view first) or at a point, never a scripted `.click()`.

use super::coordinates::{self, KEY_BY_KEY_CHARS};
use super::keys::parse_combo;
use super::{Action, ActionError, ClickKind, ScrollDirection, UploadSource, Workspace};
use crate::browser::{BrowserError, BrowserSession, Viewport};
use crate::config::ActionLimits;
use crate::observe::{Observation, SomElement, SomId};
use evaluators::local_file::file_inside;
use fantoccini::Locator;
use fantoccini::actions::{
    InputSource, KeyAction, KeyActions, MouseActions, PointerAction, WheelAction, WheelActions,
};
use fantoccini::elements::Element;
use fantoccini::error::{CmdError, ErrorStatus};
use fantoccini::key::Key;
use fantoccini::wd::WindowHandle;
use std::path::{Path, PathBuf};

pub(super) const SELECT_OPTION_JS: &str = include_str!("js/select_option.js");
const FIELD_KIND_JS: &str = include_str!("js/field_kind.js");
const CLICK_POINT_JS: &str = concat!(
    include_str!("../observe/js/visible_point.js"),
    include_str!("js/click_point.js")
);
pub(super) const SCROLL_INTO_VIEW_JS: &str =
    "arguments[0].scrollIntoView({block: 'center', inline: 'nearest', behavior: 'instant'});";

/// What an action may touch besides the page.
#[derive(Debug)]
pub struct ActContext<'a> {
    /// The observation the agent chose the action from (ids are resolved against it).
    pub observation: &'a Observation,
    /// The task's input images, for `upload [id] [n]`.
    pub input_images: &'a [PathBuf],
    /// Directory whose files `upload [id] [path]` may use.
    pub upload_dir: Option<&'a Path>,
    /// Viewport applied to tabs the action opens.
    pub viewport: Viewport,
    /// How much text one action may type and how many tabs the episode may have.
    pub limits: ActionLimits,
    /// The WebUI workspace of the episode, when the WebUI site is hosted.
    pub workspace: Option<&'a Workspace>,
}

/// What happened besides the page changing.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ActOutcome {
    /// A tab opened by the action, now focused (VWA behaviour).
    pub opened_tab: bool,
    /// The answer, when the action was `stop`.
    pub stopped: Option<String>,
}

/// Carries out `action` in the current tab.
pub async fn execute(
    session: &mut BrowserSession,
    action: &Action,
    context: &ActContext<'_>,
) -> Result<ActOutcome, ActionError> {
    session.check_alive()?;
    if let Action::Type { text, .. } | Action::KeyboardType { text } = action {
        let length = text.chars().count();
        if length > context.limits.type_chars {
            return Err(ActionError::TextTooLong {
                length,
                limit: context.limits.type_chars,
            });
        }
    }
    // An action on an element the agent was not shown is refused before any input.
    if let Some(id) = action.target() {
        known_element(context, id)?;
    }
    let mut tabs_before = session.tab_handles().to_vec();
    // Coordinates are checked against the viewport the agent saw.
    let viewport = context.observation.viewport;
    let mut outcome = ActOutcome::default();
    match action {
        Action::Stop { answer } => outcome.stopped = Some(answer.clone()),
        // On a marked element.
        Action::Click { id } => click(session, context, *id).await?,
        Action::Hover { id } => {
            let located = locate(session, context, *id).await?;
            let hovered = hover(session, &located.element).await;
            finish(session, &located, *id, hovered).await?;
        }
        Action::Type { id, text, enter } => {
            let (located, field) = locate_text_field(session, context, *id).await?;
            let typed = type_text(session, &located.element, field, text, *enter).await;
            leave_frames(session, located.in_frame).await?;
            typed.map_err(|error| match error {
                TypeError::Element(error) => element_error(*id, error),
                TypeError::Action(error) => error,
            })?;
        }
        Action::Clear { id } => {
            let (located, field) = locate_text_field(session, context, *id).await?;
            let cleared = clear(session, &located.element, field).await;
            finish(session, &located, *id, cleared).await?;
        }
        Action::Select { id, option } => select(session, context, *id, option).await?,
        Action::Upload { id, file } => upload(session, context, *id, file).await?,
        // Keys and the wheel, on whatever has focus.
        Action::Press { keys } => session.perform(parse_combo(keys)?.actions()).await?,
        Action::Scroll { direction } => scroll_page(session, viewport, *direction).await?,
        // Tabs: the step ends on the tab chosen (no page opened one).
        Action::NewTab => {
            if tabs_before.len() >= context.limits.tabs {
                return Err(ActionError::TooManyTabs {
                    limit: context.limits.tabs,
                });
            }
            session.open_tab().await?;
            prepare_tab(session, context.viewport).await?;
            return Ok(outcome);
        }
        Action::TabFocus { index } => {
            let handle = tabs_before
                .get(*index)
                .cloned()
                .ok_or(ActionError::NoSuchTab {
                    index: *index,
                    count: tabs_before.len(),
                })?;
            session.switch_tab(handle).await?;
            prepare_tab(session, context.viewport).await?;
            return Ok(outcome);
        }
        Action::CloseTab => {
            if tabs_before.len() <= 1 {
                return Err(ActionError::LastTab);
            }
            session.close_current_tab().await?;
            return Ok(outcome);
        }
        // History.
        Action::Goto { url } => session.goto(&goto_address(url)?).await?,
        Action::GoBack => session.back().await?,
        Action::GoForward => session.forward().await?,
        Action::Refresh => match context.workspace {
            Some(workspace) => {
                show_workspace(session, workspace, context.viewport, &mut tabs_before).await?
            }
            None => session.reload().await?,
        },
        // At a point of the viewport the agent saw.
        Action::MouseClick { x, y, button } => {
            coordinates::click(session, viewport, (*x, *y), *button).await?;
        }
        Action::MouseMove { x, y } => {
            coordinates::move_pointer(session, viewport, (*x, *y)).await?
        }
        Action::MouseDrag { x1, y1, x2, y2 } => {
            coordinates::drag(session, viewport, (*x1, *y1), (*x2, *y2)).await?;
        }
        Action::ScrollAt { x, y, dx, dy } => {
            coordinates::scroll_at(session, viewport, (*x, *y), (*dx, *dy)).await?;
        }
        Action::KeyboardType { text } => coordinates::type_keys(session, text).await?,
        // The WebUI workspace.
        Action::WriteHtml { .. } | Action::WriteCss { .. } | Action::WriteJavascript { .. } => {
            let workspace = context.workspace.ok_or(ActionError::NoWorkspace)?;
            if let Some((file, content)) = action.workspace_write() {
                workspace.write(file, content).await?;
            }
            show_workspace(session, workspace, context.viewport, &mut tabs_before).await?;
        }
    }
    // Pages open tabs by themselves (target=_blank, window.open): the new one takes focus.
    let tabs_after = session.refresh_tabs().await?;
    let tab_count = tabs_after.len();
    if let Some(new_tab) = tabs_after
        .into_iter()
        .find(|handle| !tabs_before.contains(handle))
    {
        session.switch_tab(new_tab).await?;
        if tab_count > context.limits.tabs {
            // Over the cap: the page's new tab is closed again.
            session.close_current_tab().await?;
            return Err(ActionError::TooManyTabs {
                limit: context.limits.tabs,
            });
        }
        prepare_tab(session, context.viewport).await?;
        outcome.opened_tab = true;
    }
    Ok(outcome)
}

/// Clicks the marked element; where another element covers its centre, clicks a point of
/// it that is not covered instead.
async fn click(
    session: &BrowserSession,
    context: &ActContext<'_>,
    id: SomId,
) -> Result<(), ActionError> {
    let located = locate(session, context, id).await?;
    let mut clicked = located.element.click().await;
    let uncovered = match &clicked {
        Err(CmdError::Standard(error)) if error.error == ErrorStatus::ElementClickIntercepted => {
            uncovered_point(session, &located.element).await
        }
        _ => None,
    };
    if uncovered.is_some() {
        clicked = Ok(());
    }
    finish(session, &located, id, clicked).await?;
    if let Some(point) = uncovered {
        coordinates::click(
            session,
            context.observation.viewport,
            point,
            ClickKind::Left,
        )
        .await?;
    }
    Ok(())
}

/// Puts a file into the marked file input (copied first where the browser can read it).
async fn upload(
    session: &mut BrowserSession,
    context: &ActContext<'_>,
    id: SomId,
    file: &UploadSource,
) -> Result<(), ActionError> {
    let info = known_element(context, id)?;
    if info.input_type.as_deref() != Some("file") {
        return Err(ActionError::NotInteractable {
            id,
            reason: format!("it is a <{}>, not a file input", info.tag),
        });
    }
    let path = upload_path(file, context)?;
    let path = session
        .stage_upload(&path)
        .map_err(|error| ActionError::UploadRefused {
            file: path.display().to_string(),
            reason: format!("it could not be copied where the browser can read it: {error}"),
        })?;
    let located = locate(session, context, id).await?;
    let sent = located.element.send_keys(&path.to_string_lossy()).await;
    finish(session, &located, id, sent).await
}

/// Scrolls the page by one viewport height with the wheel at the viewport's centre.
async fn scroll_page(
    session: &BrowserSession,
    viewport: Viewport,
    direction: ScrollDirection,
) -> Result<(), BrowserError> {
    let Viewport { width, height } = viewport;
    let delta = i64::from(height)
        * if direction == ScrollDirection::Up {
            -1
        } else {
            1
        };
    let wheel = WheelActions::new("wheel".into()).then(WheelAction::Scroll {
        duration: None,
        x: i64::from(width / 2),
        y: i64::from(height / 2),
        delta_x: 0,
        delta_y: delta,
    });
    session.perform(wheel).await
}

/// Where `goto url` goes. Web addresses outside the allowed sites are still opened: the fence
/// shows its block page and the observation reports the blocked URL. Any other scheme is
/// never opened: the tab shows the same block page for it.
fn goto_address(url: &str) -> Result<String, ActionError> {
    let parsed = url::Url::parse(url).map_err(|_| ActionError::UrlRefused {
        url: url.to_owned(),
    })?;
    Ok(match parsed.scheme() {
        "http" | "https" => url.to_owned(),
        _ => crate::fence::block_page_url(url),
    })
}

/// Opens the workspace page in a fresh tab in place of the current one (the step then
/// settles and observes it), as the AES evaluator opens each page it measures in a fresh tab
/// of its own: the page cannot tell the agent's view of it from the measurement.
/// Updates `tabs` for the replaced tab, which is no tab a page opened.
async fn show_workspace(
    session: &mut BrowserSession,
    workspace: &Workspace,
    viewport: Viewport,
    tabs: &mut [WindowHandle],
) -> Result<(), ActionError> {
    let (old, fresh) = session.replace_current_tab().await?;
    if let Some(place) = tabs
        .iter_mut()
        .find(|handle| Some(&**handle) == old.as_ref())
    {
        *place = fresh;
    }
    prepare_tab(session, viewport).await?;
    session
        .open_as_first_visit(&workspace.page_url(), &[kit::TENANT_COOKIE])
        .await?;
    Ok(())
}

async fn prepare_tab(session: &mut BrowserSession, viewport: Viewport) -> Result<(), BrowserError> {
    session.set_viewport(viewport).await?;
    session.instrument_current_tab().await
}

fn known_element<'a>(
    context: &'a ActContext<'_>,
    id: SomId,
) -> Result<&'a SomElement, ActionError> {
    context
        .observation
        .element(id)
        .ok_or(ActionError::UnknownId { id })
}

/// A marked element found in the page, and whether frames were entered to reach it.
struct Located {
    element: Element,
    in_frame: bool,
}

/// Returns to the top-level document if frames were entered (a round trip saved otherwise).
async fn leave_frames(session: &BrowserSession, in_frame: bool) -> Result<(), BrowserError> {
    if in_frame {
        session.to_top_frame().await
    } else {
        Ok(())
    }
}

/// Finds the marked element, entering the frames that hold it.
async fn locate(
    session: &BrowserSession,
    context: &ActContext<'_>,
    id: SomId,
) -> Result<Located, ActionError> {
    let info = known_element(context, id)?;
    let in_frame = !info.frame.is_empty();
    for index in &info.frame {
        if session.client().enter_frame(*index).await.is_err() {
            leave_frames(session, in_frame).await?;
            return Err(ActionError::StaleId { id });
        }
    }
    let selector = format!("[{}=\"{id}\"]", crate::observe::SOM_ATTRIBUTE);
    match session.client().find(Locator::Css(&selector)).await {
        Ok(element) => Ok(Located { element, in_frame }),
        Err(error) => {
            leave_frames(session, in_frame).await?;
            match BrowserError::from(error) {
                lost @ BrowserError::SessionLost(_) => Err(lost.into()),
                _ => Err(ActionError::StaleId { id }),
            }
        }
    }
}

/// What kind of field an element is, as `js/field_kind.js` finds it in the page.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
enum FieldKind {
    /// An input or textarea that takes text.
    Plain,
    /// A contenteditable editor.
    Rich,
    /// A `<select>`.
    Select,
    /// A file input.
    File,
    /// Anything that takes no text.
    Other,
}

/// The element's kind of field as it is in the page now, and what it is in words.
#[derive(serde::Deserialize)]
struct Field {
    kind: FieldKind,
    what: String,
}

/// [`locate`], then what kind of field the element is now (frames left when that fails).
async fn locate_field(
    session: &BrowserSession,
    context: &ActContext<'_>,
    id: SomId,
) -> Result<(Located, Field), ActionError> {
    let located = locate(session, context, id).await?;
    let field = match serde_json::to_value(&located.element) {
        Ok(element) => session
            .execute(FIELD_KIND_JS, vec![element])
            .await
            .and_then(|kind| {
                serde_json::from_value::<Field>(kind)
                    .map_err(|error| BrowserError::Script(error.to_string()))
            }),
        Err(error) => Err(BrowserError::Script(error.to_string())),
    };
    match field {
        Ok(field) => Ok((located, field)),
        Err(error) => {
            leave_frames(session, located.in_frame).await?;
            Err(error.into())
        }
    }
}

/// [`locate`] for `type` and `clear`: the element must take text as it is now in the page,
/// checked before anything touches it. A file input is refused too (typing a path into one
/// would set a file past the upload check; `upload` is the way in).
async fn locate_text_field(
    session: &BrowserSession,
    context: &ActContext<'_>,
    id: SomId,
) -> Result<(Located, FieldKind), ActionError> {
    let (located, field) = locate_field(session, context, id).await?;
    let reason = match field.kind {
        FieldKind::Plain | FieldKind::Rich => return Ok((located, field.kind)),
        FieldKind::File => format!(
            "it is a file input; put a file into it with `upload [{id}] [input image index or file]`"
        ),
        FieldKind::Select => {
            format!("it is a <select>; choose an option with `select [{id}] [option]`")
        }
        FieldKind::Other => format!(
            "it is {}, which takes no text; type into a text field, or `click [{id}]` it",
            field.what
        ),
    };
    leave_frames(session, located.in_frame).await?;
    Err(ActionError::NotInteractable { id, reason })
}

/// A visible point of an element whose centre another element covers (a wrapped link under
/// a fixed header, say), in the top page's viewport; `None` when all of it is covered.
async fn uncovered_point(session: &BrowserSession, element: &Element) -> Option<(i64, i64)> {
    let point = session
        .client()
        .execute(CLICK_POINT_JS, vec![serde_json::to_value(element).ok()?])
        .await
        .ok()?;
    Some((point.get("x")?.as_i64()?, point.get("y")?.as_i64()?))
}

/// Leaves the element's frames and maps the element command's error. (After a navigation
/// switching to the top still works.)
async fn finish(
    session: &BrowserSession,
    located: &Located,
    id: SomId,
    result: Result<(), CmdError>,
) -> Result<(), ActionError> {
    let mapped = result.map_err(|error| element_error(id, error));
    leave_frames(session, located.in_frame).await?;
    mapped
}

fn element_error(id: SomId, error: CmdError) -> ActionError {
    if let CmdError::Standard(webdriver) = &error {
        let reason = match webdriver.error {
            ErrorStatus::ElementClickIntercepted => {
                "another element covers it (a dialog, banner or menu); close that first or scroll"
                    .to_owned()
            }
            ErrorStatus::ElementNotInteractable => "it is hidden or disabled right now".to_owned(),
            ErrorStatus::InvalidElementState => {
                "it does not accept input (read-only or disabled)".to_owned()
            }
            ErrorStatus::StaleElementReference | ErrorStatus::NoSuchElement => {
                return ActionError::StaleId { id };
            }
            _ => return ActionError::Browser(BrowserError::from(error)),
        };
        return ActionError::NotInteractable { id, reason };
    }
    ActionError::Browser(BrowserError::from(error))
}

pub(super) async fn hover(session: &BrowserSession, element: &Element) -> Result<(), CmdError> {
    session
        .client()
        .execute(SCROLL_INTO_VIEW_JS, vec![serde_json::to_value(element)?])
        .await?;
    let pointer = MouseActions::new("mouse".into()).then(PointerAction::MoveToElement {
        element: element.clone(),
        duration: None,
        x: 0.0,
        y: 0.0,
    });
    session.client().perform_actions(pointer).await
}

async fn clear(
    session: &BrowserSession,
    element: &Element,
    field: FieldKind,
) -> Result<(), CmdError> {
    if field == FieldKind::Plain {
        return element.clear().await;
    }
    // Rich-text fields: select everything and delete it, as a person would.
    element.click().await?;
    let control: char = Key::Control.into();
    let backspace: char = Key::Backspace.into();
    let keys = KeyActions::new("keyboard".into())
        .then(KeyAction::Down { value: control })
        .then(KeyAction::Down { value: 'a' })
        .then(KeyAction::Up { value: 'a' })
        .then(KeyAction::Up { value: control })
        .then(KeyAction::Down { value: backspace })
        .then(KeyAction::Up { value: backspace });
    session.client().perform_actions(keys).await
}

/// Why `type` failed: an element command (mapped with the element's id) or the rest.
enum TypeError {
    Element(CmdError),
    Action(ActionError),
}

impl From<CmdError> for TypeError {
    fn from(error: CmdError) -> Self {
        TypeError::Element(error)
    }
}

/// Clears the field and types `text`: key by key up to [`KEY_BY_KEY_CHARS`]; longer text after
/// its first key is inserted in one go, leaving the same value.
async fn type_text(
    session: &BrowserSession,
    element: &Element,
    field: FieldKind,
    text: &str,
    enter: bool,
) -> Result<(), TypeError> {
    clear(session, element, field).await?;
    let enter_key: char = Key::Enter.into();
    if text.chars().count() <= KEY_BY_KEY_CHARS {
        let mut keys = text.to_owned();
        if enter {
            keys.push(enter_key);
        }
        element.send_keys(&keys).await?;
        return Ok(());
    }
    // The first key focuses the field as typing does; the rest goes in at once.
    let mut characters = text.chars();
    let first: String = characters.next().into_iter().collect();
    element.send_keys(&first).await?;
    coordinates::insert_text(session, characters.as_str())
        .await
        .map_err(TypeError::Action)?;
    if enter {
        element.send_keys(&enter_key.to_string()).await?;
    }
    Ok(())
}

/// Chooses `option` of a `<select>`, refusing anything else (checked in the page before it
/// is touched).
async fn select(
    session: &BrowserSession,
    context: &ActContext<'_>,
    id: SomId,
    option: &str,
) -> Result<(), ActionError> {
    let (located, field) = locate_field(session, context, id).await?;
    if field.kind != FieldKind::Select {
        leave_frames(session, located.in_frame).await?;
        return Err(ActionError::NotInteractable {
            id,
            reason: format!(
                "it is {}, not a <select>; click it to open a custom menu",
                field.what
            ),
        });
    }
    let element_json = serde_json::to_value(&located.element)
        .map_err(|error| BrowserError::Script(error.to_string()));
    let chosen = match element_json {
        Ok(element_json) => {
            session
                .execute(SELECT_OPTION_JS, vec![element_json, option.into()])
                .await
        }
        Err(error) => Err(error),
    };
    let chosen = match chosen {
        Ok(chosen) => chosen,
        Err(error) => {
            leave_frames(session, located.in_frame).await?;
            return Err(error.into());
        }
    };
    let result = match chosen["value"].as_str() {
        Some(value) => located.element.select_by_value(value).await,
        None => {
            leave_frames(session, located.in_frame).await?;
            return Err(ActionError::NoSuchOption {
                id,
                option: option.to_owned(),
                available: chosen["available"].as_str().unwrap_or("").to_owned(),
            });
        }
    };
    finish(session, &located, id, result).await
}

fn upload_path(file: &UploadSource, context: &ActContext<'_>) -> Result<PathBuf, ActionError> {
    match file {
        UploadSource::InputImage(index) => {
            let refused = |reason: String| ActionError::UploadRefused {
                file: index.to_string(),
                reason,
            };
            let image = context.input_images.get(*index).ok_or_else(|| {
                refused(format!(
                    "the task has {} input image(s), numbered from 0",
                    context.input_images.len()
                ))
            })?;
            // Checked when the episode started; WebDriver wants the absolute path it holds.
            Ok(image.clone())
        }
        UploadSource::Path(path) => {
            let refused = |reason: &str| ActionError::UploadRefused {
                file: path.clone(),
                reason: reason.to_owned(),
            };
            let directory = context.upload_dir.ok_or_else(|| {
                refused("no upload directory is configured; use an input image index")
            })?;
            file_inside(directory, path).map_err(|outside| {
                refused(&format!(
                    "{outside}; only files inside the upload directory can be uploaded"
                ))
            })
        }
    }
}

pub(super) async fn scroll_into_view(
    session: &BrowserSession,
    element: &Element,
) -> Result<(), CmdError> {
    session
        .client()
        .execute(SCROLL_INTO_VIEW_JS, vec![serde_json::to_value(element)?])
        .await?;
    Ok(())
}
