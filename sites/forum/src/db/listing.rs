//! Sorted, keyset-paged lists of submissions: a forum's, the subscribed front page's, a
//! user's or everyone's, in Postmill's sorts: hot (the stored ranking, see the schema's
//! trigger), new, active, top, controversial (lowest net score first) and most commented,
//! each with the id as tie-break and Postmill's keyset parameters.

use super::submissions::{COLUMNS, JOINS, Submission, submission};
use rusqlite::Connection;
use rusqlite::types::Value;

/// Submissions per page.
pub const PAGE_SIZE: usize = 25;

/// A listing's order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Sort {
    /// Hot: recent and well voted (the default).
    Hot,
    /// Newest first.
    New,
    /// Most recently commented.
    Active,
    /// Highest net score.
    Top,
    /// Most evenly split votes.
    Controversial,
    /// Most comments.
    MostCommented,
}

impl Sort {
    /// Every sort, in menu order.
    pub const ALL: [Sort; 6] = [
        Sort::Hot,
        Sort::New,
        Sort::Active,
        Sort::Top,
        Sort::Controversial,
        Sort::MostCommented,
    ];

    /// The path segment (`hot`, `most_commented`).
    pub fn segment(self) -> &'static str {
        match self {
            Sort::Hot => "hot",
            Sort::New => "new",
            Sort::Active => "active",
            Sort::Top => "top",
            Sort::Controversial => "controversial",
            Sort::MostCommented => "most_commented",
        }
    }

    /// The menu label.
    pub fn label(self) -> &'static str {
        match self {
            Sort::Hot => "Hot",
            Sort::New => "New",
            Sort::Active => "Active",
            Sort::Top => "Top",
            Sort::Controversial => "Controversial",
            Sort::MostCommented => "Most commented",
        }
    }

    /// The sort a path segment names.
    pub fn of_segment(segment: &str) -> Option<Sort> {
        Sort::ALL.into_iter().find(|sort| sort.segment() == segment)
    }

    /// Whether the menu offers time windows (`?t=`) for the sort; a `t` given in the address
    /// filters every sort, as in Postmill.
    pub fn has_window(self) -> bool {
        matches!(self, Sort::Top | Sort::Controversial | Sort::MostCommented)
    }

    /// The column the sort orders by besides the id, with its keyset parameter name
    /// (`next[<name>]`); `None` for the new sort, which orders by id alone.
    fn key(self) -> Option<(&'static str, &'static str)> {
        match self {
            Sort::Hot => Some(("s.ranking", "ranking")),
            Sort::New => None,
            Sort::Active => Some(("s.last_active", "lastActive")),
            Sort::Top | Sort::Controversial => Some(("s.net_score", "netScore")),
            Sort::MostCommented => Some(("s.comment_count", "commentCount")),
        }
    }

    /// Whether the sort runs up from the lowest key and id (controversial: the lowest net
    /// score first, then the oldest); every other sort runs down from the highest.
    pub fn ascending(self) -> bool {
        self == Sort::Controversial
    }

    /// The keyset parameter name of the sort key (`ranking`), if it has one besides the id.
    pub fn key_name(self) -> Option<&'static str> {
        self.key().map(|(_, name)| name)
    }

    /// A sort key as its keyset parameter writes it: a number, or for the active sort the
    /// time in Postmill's ATOM form (`2024-05-01T12:00:00+00:00`).
    pub fn write_key(self, key: i64) -> String {
        match self {
            Sort::Active => kit::clock::atom(key),
            _ => key.to_string(),
        }
    }

    /// The sort key a keyset parameter names; `None` when it is not in [`Sort::write_key`]'s form.
    pub fn read_key(self, text: &str) -> Option<i64> {
        match self {
            Sort::Active => kit::clock::parse_atom(text),
            _ => text.parse().ok(),
        }
    }
}

/// A time window of the top, controversial and most commented sorts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Window {
    /// The last 24 hours.
    Day,
    /// The last 7 days.
    Week,
    /// The last 30 days.
    Month,
    /// The last 365 days.
    Year,
    /// All time.
    All,
}

impl Window {
    /// Every window, in menu order.
    pub const ALL: [Window; 5] = [
        Window::Day,
        Window::Week,
        Window::Month,
        Window::Year,
        Window::All,
    ];

    /// The `t=` value.
    pub fn code(self) -> &'static str {
        match self {
            Window::Day => "day",
            Window::Week => "week",
            Window::Month => "month",
            Window::Year => "year",
            Window::All => "all",
        }
    }

    /// The window a `t=` value names.
    pub fn of_code(code: &str) -> Option<Window> {
        Window::ALL.into_iter().find(|window| window.code() == code)
    }

    /// The SQLite date modifier that goes back one window from now (PHP's `-1 month` and
    /// SQLite's agree: both count calendar months and years); `None` for all time.
    fn modifier(self) -> Option<&'static str> {
        match self {
            Window::Day => Some("-1 day"),
            Window::Week => Some("-7 days"),
            Window::Month => Some("-1 month"),
            Window::Year => Some("-1 year"),
            Window::All => None,
        }
    }
}

/// Whose submissions a listing shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scope {
    /// One forum's.
    Forum(i64),
    /// The forums a user subscribes to.
    Subscribed(i64),
    /// Every forum's.
    All,
    /// One user's.
    User(i64),
}

/// Where a page starts: at the submission with this sort key and id, which is listed first
/// (Postmill's `next[…]` parameters name the first submission of the next page).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Cursor {
    /// The sort key's value (ignored by the new sort).
    pub key: i64,
    /// The id.
    pub id: i64,
}

/// One page of a listing.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Page {
    /// The submissions.
    pub submissions: Vec<Submission>,
    /// Where the next page starts, if there is one.
    pub next: Option<Cursor>,
}

/// A page of `scope` in `sort` within `window` (submissions created after one window before
/// `now`), starting at `from`, as `viewer` (0: nobody) sees it: deleted submissions and those
/// by users the viewer blocked are left out.
pub fn page(
    connection: &Connection,
    scope: Scope,
    sort: Sort,
    window: Window,
    from: Option<Cursor>,
    viewer: i64,
    now: i64,
) -> rusqlite::Result<Page> {
    let mut conditions = vec![
        "s.deleted = 0".to_owned(),
        "s.user_id NOT IN (SELECT blocked_id FROM blocks WHERE user_id = ?1)".to_owned(),
    ];
    let mut values: Vec<Value> = vec![Value::Integer(viewer)];
    let bind = |value: Value, values: &mut Vec<Value>| {
        values.push(value);
        format!("?{}", values.len())
    };
    match scope {
        Scope::Forum(id) => conditions.push(format!(
            "s.forum_id = {}",
            bind(Value::Integer(id), &mut values)
        )),
        Scope::Subscribed(user) => conditions.push(format!(
            "s.forum_id IN (SELECT forum_id FROM subscriptions WHERE user_id = {})",
            bind(Value::Integer(user), &mut values)
        )),
        Scope::All => {}
        Scope::User(user) => conditions.push(format!(
            "s.user_id = {}",
            bind(Value::Integer(user), &mut values)
        )),
    }
    if let Some(modifier) = window.modifier() {
        let now = bind(Value::Integer(now), &mut values);
        let modifier = bind(Value::Text(modifier.to_owned()), &mut values);
        conditions.push(format!(
            "s.created_at > unixepoch({now}, 'unixepoch', {modifier})"
        ));
    }
    let (direction, from_here) = if sort.ascending() {
        ("ASC", ">=")
    } else {
        ("DESC", "<=")
    };
    let key = sort.key().map_or("s.id", |(column, _)| column);
    if let Some(cursor) = from {
        let id = bind(Value::Integer(cursor.id), &mut values);
        conditions.push(match sort.key() {
            Some((column, _)) => {
                let key = bind(Value::Integer(cursor.key), &mut values);
                format!("({column}, s.id) {from_here} ({key}, {id})")
            }
            None => format!("s.id {from_here} {id}"),
        });
    }
    let order = match sort.key() {
        Some((column, _)) => format!("{column} {direction}, s.id {direction}"),
        None => format!("s.id {direction}"),
    };
    let sql = format!(
        "SELECT {COLUMNS}, {key} FROM submissions s {JOINS} WHERE {} ORDER BY {order} LIMIT {}",
        conditions.join(" AND "),
        PAGE_SIZE + 1
    );
    let mut statement = connection.prepare_cached(&sql)?;
    let mut rows = statement.query(rusqlite::params_from_iter(values))?;
    let mut submissions = Vec::new();
    let mut next = None;
    while let Some(row) = rows.next()? {
        let submission = submission(row)?;
        if submissions.len() == PAGE_SIZE {
            next = Some(Cursor {
                key: row.get(15)?,
                id: submission.id,
            });
            break;
        }
        submissions.push(submission);
    }
    Ok(Page { submissions, next })
}
