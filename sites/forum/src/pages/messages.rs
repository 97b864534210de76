//! Private messages: the inbox (`/messages`), a thread (`/messages/thread/<id>`) and
//! composing to a user (`/user/<name>/compose_message`). Nobody can message a user who
//! blocked them or whom they blocked.

use super::{PageResult, now};
use crate::ForumError;
use crate::db::messages::{self, Message, Thread};
use crate::db::users;
use crate::visitor::{Framed, Layout, Notice, Visitor, login_redirect};
use askama::Template;
use kit::PageError;
use kit::form::Fields;
use kit::notice::Notices;

/// Longest subject, in characters.
const MAX_TITLE: usize = 200;
/// Longest message, in characters.
const MAX_BODY: usize = 10_000;

#[derive(Template)]
#[template(path = "messages.html")]
struct InboxPage {
    layout: Layout,
    threads: Vec<Thread>,
}

#[derive(Template)]
#[template(path = "thread.html")]
struct ThreadPage {
    layout: Layout,
    thread: Thread,
    messages: Vec<Message>,
}

#[derive(Template)]
#[template(path = "compose.html")]
struct ComposePage {
    layout: Layout,
    receiver: String,
}

fn blocked() -> PageError {
    PageError::forbidden(
        "You cannot message this user: one of you has blocked the other. Unblock them on your block list first, if it was you.",
    )
}

/// `GET /messages`.
pub async fn inbox(visitor: &Visitor) -> PageResult {
    let Some(user) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let threads = visitor
        .database
        .call(move |connection| Ok::<_, ForumError>(messages::threads_of(connection, user.id)?))
        .await?;
    let view = InboxPage {
        layout: visitor.layout("Messages"),
        threads,
    };
    Ok(visitor.render(&view))
}

/// `GET /messages/thread/<id>`.
pub async fn thread(visitor: &Visitor, id: i64) -> PageResult {
    let Some(user) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let (thread, messages) = visitor
        .database
        .call(move |connection| Ok::<_, ForumError>(messages::thread_for(connection, id, user.id)?))
        .await?
        .ok_or_else(|| {
            PageError::not_found(
                "You have no message thread with this number. Open your messages to see yours.",
            )
        })?;
    let view = ThreadPage {
        layout: visitor.layout(thread.title.clone()),
        thread,
        messages,
    };
    Ok(visitor.render(&view))
}

/// `GET /user/<name>/compose_message`.
pub async fn compose_form(visitor: &Visitor, name: &str) -> PageResult {
    if visitor.user.is_none() {
        return Ok(login_redirect());
    }
    let lookup = name.to_owned();
    let receiver = visitor
        .database
        .call(move |connection| Ok::<_, ForumError>(users::by_name(connection, &lookup)?))
        .await?
        .ok_or_else(|| super::user::missing(name))?
        .0;
    let view = ComposePage {
        layout: visitor.layout("Compose message"),
        receiver: receiver.username,
    };
    Ok(visitor.render(&view))
}

/// `POST /user/<name>/compose_message` with `title` and `body`.
pub async fn compose(visitor: &Visitor, name: &str, fields: &Fields) -> PageResult {
    visitor.check_csrf(fields.get(kit::csrf::FIELD))?;
    let Some(user) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let title = fields.text("title", "The subject", MAX_TITLE)?;
    let body = fields.text("body", "The message", MAX_BODY)?;
    let lookup = name.to_owned();
    let thread = visitor
        .database
        .call(move |connection| {
            let Some((receiver, _)) = users::by_name(connection, &lookup)? else {
                return Ok::<_, ForumError>(Err(super::user::missing(&lookup)));
            };
            if receiver.id == user.id {
                return Ok(Err(PageError::bad_request("You cannot message yourself.")));
            }
            if users::has_blocked(connection, receiver.id, user.id)?
                || users::has_blocked(connection, user.id, receiver.id)?
            {
                return Ok(Err(blocked()));
            }
            Ok(Ok(messages::start(
                connection,
                user.id,
                receiver.id,
                &title,
                &body,
                now(),
            )?))
        })
        .await??;
    Ok(Notice::MessageSent.redirect(&format!("/messages/thread/{thread}")))
}

/// `POST /messages/thread/<id>` with `body`: a reply.
pub async fn reply(visitor: &Visitor, id: i64, fields: &Fields) -> PageResult {
    visitor.check_csrf(fields.get(kit::csrf::FIELD))?;
    let Some(user) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let body = fields.text("body", "The message", MAX_BODY)?;
    visitor
        .database
        .call(move |connection| {
            let Some(other) = messages::other_participant(connection, id, user.id)? else {
                return Ok::<_, ForumError>(Err(PageError::not_found(
                    "You have no message thread with this number. Open your messages to see yours.",
                )));
            };
            if users::has_blocked(connection, other, user.id)?
                || users::has_blocked(connection, user.id, other)?
            {
                return Ok(Err(blocked()));
            }
            messages::reply(connection, id, user.id, &body, now())?;
            Ok(Ok(()))
        })
        .await??;
    Ok(Notice::MessageSent.redirect(&format!("/messages/thread/{id}")))
}
