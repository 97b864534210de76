//! Submission listings: the front page, `/all` and `/f/<forum>`, each in Postmill's sorts
//! with time windows and keyset pages (`?next[ranking]=…&next[id]=…`, naming the first
//! submission of the next page as Postmill does).

use super::{PageResult, Post, now};
use crate::ForumError;
use crate::db::forums::{self, Forum};
use crate::db::listing::{self, Cursor, Scope, Sort, Window};
use crate::visitor::{Framed, Layout, Visitor};
use askama::Template;
use kit::PageError;
use kit::form::Fields;
use percent_encoding::NON_ALPHANUMERIC;

/// A link in a sort or window menu.
#[derive(Debug, Clone)]
pub struct MenuLink {
    /// Its text.
    pub label: &'static str,
    /// Where it goes.
    pub href: String,
    /// Whether it is the current choice.
    pub current: bool,
}

/// What the sidebar shows.
#[derive(Debug, Clone, Default)]
pub struct Sidebar {
    /// The forums the visitor subscribes to (logged in only).
    pub subscriptions: Option<Vec<String>>,
    /// The forum being shown and whether the visitor subscribes to it.
    pub forum: Option<(Forum, bool)>,
}

#[derive(Template)]
#[template(path = "listing.html")]
struct ListingPage {
    layout: Layout,
    heading: String,
    sorts: Vec<MenuLink>,
    windows: Vec<MenuLink>,
    posts: Vec<Post>,
    /// This page's address: where a vote posted without the page script comes back to.
    here: String,
    next_href: Option<String>,
    sidebar: Sidebar,
}

/// Where a listing lives.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Place {
    /// The front page (`/`): subscribed forums when logged in, else everything.
    Front,
    /// Everything (`/all`).
    All,
    /// One forum (`/f/<name>`).
    Forum(String),
}

impl Place {
    fn base(&self) -> String {
        match self {
            Place::Front => String::new(),
            Place::All => "/all".to_owned(),
            Place::Forum(name) => format!("/f/{name}"),
        }
    }

    fn sort_path(&self, sort: Sort) -> String {
        let base = self.base();
        match (sort, base.is_empty()) {
            (Sort::Hot, true) => "/".to_owned(),
            (Sort::Hot, false) => base,
            _ => format!("{base}/{}", sort.segment()),
        }
    }
}

fn window_of(query: &Fields) -> Result<Window, PageError> {
    match query.get("t") {
        None => Ok(Window::All),
        Some(code) => Window::of_code(code).ok_or_else(|| {
            PageError::bad_request(format!(
                "The time window (t) must be day, week, month, year or all, not \"{code}\"."
            ))
        }),
    }
}

/// The keyset position `next[<key>]=…&next[id]=…` (the first submission of the page), if any.
fn cursor_of(query: &Fields, sort: Sort) -> Result<Option<Cursor>, PageError> {
    let more = "Use the \"More\" link at the bottom of the list.";
    let Some(id) = query.get("next[id]") else {
        return Ok(None);
    };
    let id = id.parse::<i64>().map_err(|_| {
        PageError::bad_request(format!(
            "The page position next[id] must be a whole number, not \"{id}\". {more}"
        ))
    })?;
    let key = match sort.key_name() {
        Some(name) => {
            let parameter = format!("next[{name}]");
            let text = query.get(&parameter).ok_or_else(|| {
                PageError::bad_request(format!(
                    "The page position needs {parameter} as well as next[id]. {more}"
                ))
            })?;
            sort.read_key(text).ok_or_else(|| {
                let form = match sort {
                    Sort::Active => "a time like 2024-05-01T12:00:00+00:00",
                    _ => "a whole number",
                };
                PageError::bad_request(format!(
                    "The page position {parameter} must be {form}, not \"{text}\". {more}"
                ))
            })?
        }
        None => 0,
    };
    Ok(Some(Cursor { key, id }))
}

fn missing_forum(name: &str) -> PageError {
    PageError::not_found(format!(
        "There is no forum called \"{name}\". See the list of all forums at /forums/all."
    ))
}

/// `GET` a listing of `place` in `sort`.
pub async fn show(visitor: &Visitor, place: Place, sort: Sort, query: &Fields) -> PageResult {
    let window = window_of(query)?;
    let from = cursor_of(query, sort)?;
    let viewer = visitor.user.as_ref().map_or(0, |user| user.id);
    let lookup = place.clone();
    let found = visitor
        .database
        .call(move |connection| {
            let forum = match &lookup {
                Place::Forum(name) => match forums::by_name(connection, name)? {
                    Some(forum) => Some(forum),
                    None => return Ok::<_, ForumError>(None),
                },
                _ => None,
            };
            let subscriptions = if viewer > 0 {
                Some(forums::subscriptions_of(connection, viewer)?)
            } else {
                None
            };
            let scope = match (&forum, &lookup) {
                (Some(forum), _) => Scope::Forum(forum.id),
                (None, Place::Front)
                    if subscriptions.as_ref().is_some_and(|list| !list.is_empty()) =>
                {
                    Scope::Subscribed(viewer)
                }
                _ => Scope::All,
            };
            let page = listing::page(connection, scope, sort, window, from, viewer, now())?;
            let forum = match forum {
                Some(forum) => {
                    let subscribed = forums::is_subscribed(connection, viewer, forum.id)?;
                    Some((forum, subscribed))
                }
                None => None,
            };
            Ok(Some((page, forum, subscriptions)))
        })
        .await?;
    let Some((page, forum, subscriptions)) = found else {
        let Place::Forum(name) = &place else {
            return Err(missing_forum(""));
        };
        return Err(missing_forum(name));
    };
    // Canonical forum name in links (the URL may differ in case).
    let place = match &forum {
        Some((forum, _)) => Place::Forum(forum.name.clone()),
        None => place,
    };
    let sorts = Sort::ALL
        .into_iter()
        .map(|candidate| MenuLink {
            label: candidate.label(),
            href: place.sort_path(candidate),
            current: candidate == sort,
        })
        .collect();
    let windows = if sort.has_window() {
        Window::ALL
            .into_iter()
            .map(|candidate| MenuLink {
                label: candidate.code(),
                href: format!("{}?t={}", place.sort_path(sort), candidate.code()),
                current: candidate == window,
            })
            .collect()
    } else {
        Vec::new()
    };
    // This listing's address starting at `from` (none: its first page).
    let href = |from: Option<Cursor>| {
        let mut parts = Vec::new();
        if sort.has_window() || window != Window::All {
            parts.push(format!("t={}", window.code()));
        }
        if let Some(cursor) = from {
            if let Some(name) = sort.key_name() {
                let key = sort.write_key(cursor.key);
                let key = percent_encoding::utf8_percent_encode(&key, NON_ALPHANUMERIC);
                parts.push(format!("next%5B{name}%5D={key}"));
            }
            parts.push(format!("next%5Bid%5D={}", cursor.id));
        }
        let path = place.sort_path(sort);
        if parts.is_empty() {
            path
        } else {
            format!("{path}?{}", parts.join("&"))
        }
    };
    let next_href = page.next.map(|cursor| href(Some(cursor)));
    let heading = match (&forum, &place) {
        (Some((forum, _)), _) => forum.name.clone(),
        (None, Place::All) => "All forums".to_owned(),
        _ => "Front page".to_owned(),
    };
    let title = match &forum {
        Some((forum, _)) => forum.name.clone(),
        None => "Postmill".to_owned(),
    };
    let view = ListingPage {
        layout: visitor.layout(title),
        heading,
        sorts,
        windows,
        posts: page.submissions.into_iter().map(Post::from).collect(),
        here: href(from),
        next_href,
        sidebar: Sidebar {
            subscriptions,
            forum,
        },
    };
    Ok(visitor.render(&view))
}
