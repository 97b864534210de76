//! Sorted, keyset-paged lists of submissions: a forum's, the subscribed front page's, or
//! everyone's, in Postmill's sorts (hot, new, active, top, controversial, most commented).

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

    /// Whether the sort takes a time window (`?t=`).
    pub fn has_window(self) -> bool {
        matches!(self, Sort::Top | Sort::Controversial | Sort::MostCommented)
    }

    /// The SQL the sort orders by and its keyset name (`next[<name>]`), besides the id.
    fn key(self) -> Option<(&'static str, &'static str)> {
        match self {
            Sort::Hot => Some(("s.ranking", "ranking")),
            Sort::New => None,
            Sort::Active => Some(("s.last_active", "lastActive")),
            Sort::Top => Some(("s.net_score", "netScore")),
            Sort::Controversial => Some(("min(s.upvotes, s.downvotes)", "controversy")),
            Sort::MostCommented => Some(("s.comment_count", "commentCount")),
        }
    }

    /// The keyset parameter name of the sort key (`ranking`), if it has one besides the id.
    pub fn key_name(self) -> Option<&'static str> {
        self.key().map(|(_, name)| name)
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

    fn seconds(self) -> Option<i64> {
        match self {
            Window::Day => Some(86_400),
            Window::Week => Some(7 * 86_400),
            Window::Month => Some(30 * 86_400),
            Window::Year => Some(365 * 86_400),
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

/// Where a page starts: after the submission with this sort key and id.
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

/// A page of `scope` in `sort` within `window`, after `after`, as `viewer` (0: nobody) sees
/// it: deleted submissions and those by users the viewer blocked are left out.
pub fn page(
    connection: &Connection,
    scope: Scope,
    sort: Sort,
    window: Window,
    after: Option<Cursor>,
    viewer: i64,
    now: i64,
) -> rusqlite::Result<Page> {
    let mut conditions = vec![
        "s.deleted = 0".to_owned(),
        "s.user_id NOT IN (SELECT blocked_id FROM blocks WHERE user_id = ?1)".to_owned(),
    ];
    let mut values: Vec<Value> = vec![Value::Integer(viewer)];
    let bind = |value: i64, values: &mut Vec<Value>| {
        values.push(Value::Integer(value));
        format!("?{}", values.len())
    };
    match scope {
        Scope::Forum(id) => conditions.push(format!("s.forum_id = {}", bind(id, &mut values))),
        Scope::Subscribed(user) => conditions.push(format!(
            "s.forum_id IN (SELECT forum_id FROM subscriptions WHERE user_id = {})",
            bind(user, &mut values)
        )),
        Scope::All => {}
        Scope::User(user) => conditions.push(format!("s.user_id = {}", bind(user, &mut values))),
    }
    if sort.has_window()
        && let Some(seconds) = window.seconds()
    {
        conditions.push(format!(
            "s.created_at >= {}",
            bind(now - seconds, &mut values)
        ));
    }
    let order = match sort.key() {
        Some((expression, _)) => {
            if let Some(cursor) = after {
                let key = bind(cursor.key, &mut values);
                let id = bind(cursor.id, &mut values);
                conditions.push(format!("({expression}, s.id) < ({key}, {id})"));
            }
            format!("{expression} DESC, s.id DESC")
        }
        None => {
            if let Some(cursor) = after {
                conditions.push(format!("s.id < {}", bind(cursor.id, &mut values)));
            }
            "s.id DESC".to_owned()
        }
    };
    let sql = format!(
        "SELECT {COLUMNS}, {} FROM submissions s {JOINS} WHERE {} ORDER BY {order} LIMIT {}",
        sort.key().map_or("s.id", |(expression, _)| expression),
        conditions.join(" AND "),
        PAGE_SIZE + 1
    );
    let mut statement = connection.prepare_cached(&sql)?;
    let mut rows = statement.query(rusqlite::params_from_iter(values))?;
    let mut submissions = Vec::new();
    let mut keys = Vec::new();
    while let Some(row) = rows.next()? {
        submissions.push(submission(row)?);
        keys.push(row.get::<_, i64>(15)?);
    }
    let next = (submissions.len() > PAGE_SIZE).then(|| Cursor {
        key: keys[PAGE_SIZE - 1],
        id: submissions[PAGE_SIZE - 1].id,
    });
    submissions.truncate(PAGE_SIZE);
    Ok(Page { submissions, next })
}
