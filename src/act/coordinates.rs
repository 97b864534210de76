//! Coordinate actions for computer-use models: real WebDriver pointer, wheel and key input
//! at points of the viewport (CSS px from its top-left corner), checked against its size.

use super::{ActionError, ClickKind};
use crate::browser::{BrowserError, BrowserSession, Viewport};
use fantoccini::actions::{
    InputSource, KeyAction, KeyActions, MOUSE_BUTTON_LEFT, MOUSE_BUTTON_MIDDLE, MOUSE_BUTTON_RIGHT,
    MouseActions, PointerAction, WheelAction, WheelActions,
};
use fantoccini::key::Key;
use std::time::Duration;

/// Text up to this many characters is typed key by key; longer text is inserted a line at a
/// time (typing 10,000 characters key by key takes minutes).
pub const KEY_BY_KEY_CHARS: usize = 200;

/// How long a drag takes from press to release, so pages see intermediate moves.
const DRAG_DURATION: Duration = Duration::from_millis(120);

/// Clicks at a point: one press and release per click, after moving there.
pub(super) async fn click(
    session: &BrowserSession,
    viewport: Viewport,
    (x, y): (i64, i64),
    kind: ClickKind,
) -> Result<(), ActionError> {
    let (x, y) = point_inside(x, y, viewport)?;
    let (button, clicks) = match kind {
        ClickKind::Left => (MOUSE_BUTTON_LEFT, 1),
        ClickKind::Right => (MOUSE_BUTTON_RIGHT, 1),
        ClickKind::Middle => (MOUSE_BUTTON_MIDDLE, 1),
        ClickKind::Double => (MOUSE_BUTTON_LEFT, 2),
        ClickKind::Triple => (MOUSE_BUTTON_LEFT, 3),
    };
    let mut pointer = mouse().then(move_to(x, y, None));
    for _ in 0..clicks {
        pointer = pointer
            .then(PointerAction::Down { button })
            .then(PointerAction::Up { button });
    }
    perform(session, pointer).await
}

/// Moves the pointer to a point.
pub(super) async fn move_pointer(
    session: &BrowserSession,
    viewport: Viewport,
    (x, y): (i64, i64),
) -> Result<(), ActionError> {
    let (x, y) = point_inside(x, y, viewport)?;
    perform(session, mouse().then(move_to(x, y, None))).await
}

/// Presses the left button at `from`, moves to `to` and releases it there.
pub(super) async fn drag(
    session: &BrowserSession,
    viewport: Viewport,
    from: (i64, i64),
    to: (i64, i64),
) -> Result<(), ActionError> {
    let (x1, y1) = point_inside(from.0, from.1, viewport)?;
    let (x2, y2) = point_inside(to.0, to.1, viewport)?;
    let button = MOUSE_BUTTON_LEFT;
    let pointer = mouse()
        .then(move_to(x1, y1, None))
        .then(PointerAction::Down { button })
        // A small first step starts the drag (pages often wait for movement after the
        // press), then the pointer glides to the end point.
        .then(move_to(x1 + (x2 - x1) / 10.0, y1 + (y2 - y1) / 10.0, None))
        .then(move_to(x2, y2, Some(DRAG_DURATION)))
        .then(PointerAction::Up { button });
    perform(session, pointer).await
}

/// Turns the wheel by `(dx, dy)` CSS px with the pointer at a point.
pub(super) async fn scroll_at(
    session: &BrowserSession,
    viewport: Viewport,
    (x, y): (i64, i64),
    (dx, dy): (i64, i64),
) -> Result<(), ActionError> {
    point_inside(x, y, viewport)?;
    let wheel = WheelActions::new("wheel".into()).then(WheelAction::Scroll {
        duration: None,
        x,
        y,
        delta_x: dx,
        delta_y: dy,
    });
    session
        .client()
        .perform_actions(wheel)
        .await
        .map_err(|error| ActionError::Browser(BrowserError::from(error)))
}

/// Types `text` into whatever has focus (a newline presses Enter): key by key up to
/// [`KEY_BY_KEY_CHARS`], longer text a line at a time through CDP `Input.insertText` (the same
/// value and input events, without a key event per character).
pub(super) async fn type_keys(session: &BrowserSession, text: &str) -> Result<(), ActionError> {
    let enter: char = Key::Enter.into();
    if text.chars().count() > KEY_BY_KEY_CHARS {
        for (index, line) in text.split('\n').enumerate() {
            if index > 0 {
                press(session, enter).await?;
            }
            insert_text(session, &line.replace('\r', "")).await?;
        }
        return Ok(());
    }
    let mut keys = KeyActions::new("keyboard".into());
    for character in text.chars().filter(|character| *character != '\r') {
        let value = if character == '\n' { enter } else { character };
        keys = keys
            .then(KeyAction::Down { value })
            .then(KeyAction::Up { value });
    }
    session
        .client()
        .perform_actions(keys)
        .await
        .map_err(|error| ActionError::Browser(BrowserError::from(error)))
}

/// Inserts `text` at the focus in one go, as an input method would.
pub(super) async fn insert_text(session: &BrowserSession, text: &str) -> Result<(), ActionError> {
    if !text.is_empty() {
        session.insert_text(text).await?;
    }
    Ok(())
}

async fn press(session: &BrowserSession, key: char) -> Result<(), ActionError> {
    let keys = KeyActions::new("keyboard".into())
        .then(KeyAction::Down { value: key })
        .then(KeyAction::Up { value: key });
    session
        .client()
        .perform_actions(keys)
        .await
        .map_err(|error| ActionError::Browser(BrowserError::from(error)))
}

/// The point as WebDriver coordinates, or why it is not in the viewport.
fn point_inside(x: i64, y: i64, viewport: Viewport) -> Result<(f64, f64), ActionError> {
    let within = |value: i64, size: u32| (0..i64::from(size)).contains(&value);
    if within(x, viewport.width) && within(y, viewport.height) {
        Ok((x as f64, y as f64))
    } else {
        Err(ActionError::OutsideViewport { x, y, viewport })
    }
}

fn mouse() -> MouseActions {
    MouseActions::new("mouse".into())
}

fn move_to(x: f64, y: f64, duration: Option<Duration>) -> PointerAction {
    PointerAction::MoveTo { duration, x, y }
}

async fn perform(session: &BrowserSession, pointer: MouseActions) -> Result<(), ActionError> {
    session
        .client()
        .perform_actions(pointer)
        .await
        .map_err(|error| ActionError::Browser(BrowserError::from(error)))
}
