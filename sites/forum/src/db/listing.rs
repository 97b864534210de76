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
            Sort::Active => atom::format(key),
            _ => key.to_string(),
        }
    }

    /// The sort key a keyset parameter names; `None` when it is not in [`Sort::write_key`]'s form.
    pub fn read_key(self, text: &str) -> Option<i64> {
        match self {
            Sort::Active => atom::parse(text),
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

/// Times in the ATOM form (RFC 3339 to the second) that Postmill's active-sort keyset
/// parameter uses, written in UTC.
mod atom {
    /// Days from 1970-01-01 to a proleptic Gregorian date.
    fn days_from_civil(year: i64, month: i64, day: i64) -> i64 {
        let year = if month <= 2 { year - 1 } else { year };
        let era = year.div_euclid(400);
        let of_era = year - era * 400;
        let of_year = (153 * ((month + 9) % 12) + 2) / 5 + day - 1;
        let of_cycle = of_era * 365 + of_era / 4 - of_era / 100 + of_year;
        era * 146_097 + of_cycle - 719_468
    }

    /// The date `days` after 1970-01-01: (year, month, day).
    fn civil_from_days(days: i64) -> (i64, i64, i64) {
        let days = days + 719_468;
        let era = days.div_euclid(146_097);
        let of_cycle = days - era * 146_097;
        let of_era = (of_cycle - of_cycle / 1_460 + of_cycle / 36_524 - of_cycle / 146_096) / 365;
        let of_year = of_cycle - (365 * of_era + of_era / 4 - of_era / 100);
        let shifted_month = (5 * of_year + 2) / 153;
        let day = of_year - (153 * shifted_month + 2) / 5 + 1;
        let month = (shifted_month + 2) % 12 + 1;
        let year = of_era + era * 400 + i64::from(month <= 2);
        (year, month, day)
    }

    /// `seconds` since the epoch as `YYYY-MM-DDTHH:MM:SS+00:00`.
    pub fn format(seconds: i64) -> String {
        let (year, month, day) = civil_from_days(seconds.div_euclid(86_400));
        let of_day = seconds.rem_euclid(86_400);
        format!(
            "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}+00:00",
            of_day / 3_600,
            of_day / 60 % 60,
            of_day % 60
        )
    }

    /// Seconds since the epoch of `YYYY-MM-DDTHH:MM:SS` followed by `Z` or a `±HH:MM` offset.
    pub fn parse(text: &str) -> Option<i64> {
        let bytes = text.as_bytes();
        let number = |range: std::ops::Range<usize>| -> Option<i64> {
            let digits = text.get(range)?;
            digits
                .bytes()
                .all(|byte| byte.is_ascii_digit())
                .then(|| digits.parse().ok())?
        };
        let separators = [(4, b'-'), (7, b'-'), (10, b'T'), (13, b':'), (16, b':')];
        if bytes.len() < 20
            || separators
                .iter()
                .any(|(at, separator)| !bytes[*at].eq_ignore_ascii_case(separator))
        {
            return None;
        }
        let (year, month, day) = (number(0..4)?, number(5..7)?, number(8..10)?);
        let (hour, minute, second) = (number(11..13)?, number(14..16)?, number(17..19)?);
        let offset = match (text.get(19..)?, bytes[19]) {
            ("Z" | "z", _) => 0,
            (zone, sign @ (b'+' | b'-')) if zone.len() == 6 && bytes[22] == b':' => {
                let minutes = number(20..22)? * 60 + number(23..25)?;
                if sign == b'+' {
                    minutes * 60
                } else {
                    -minutes * 60
                }
            }
            _ => return None,
        };
        let days_in_month = match month {
            2 if year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) => 29,
            2 => 28,
            4 | 6 | 9 | 11 => 30,
            1..=12 => 31,
            _ => return None,
        };
        if !(1..=days_in_month).contains(&day) || hour > 23 || minute > 59 || second > 59 {
            return None;
        }
        Some(
            days_from_civil(year, month, day) * 86_400 + hour * 3_600 + minute * 60 + second
                - offset,
        )
    }

    #[cfg(test)]
    mod tests {
        use super::*;

        #[test]
        fn times_round_trip_through_the_atom_form() {
            assert_eq!(format(0), "1970-01-01T00:00:00+00:00");
            assert_eq!(format(1_761_955_200), "2025-11-01T00:00:00+00:00");
            assert_eq!(format(951_825_599), "2000-02-29T11:59:59+00:00");
            for seconds in [0, 951_825_599, 1_700_000_000, 1_761_955_200, -86_401] {
                assert_eq!(parse(&format(seconds)), Some(seconds));
            }
            assert_eq!(parse("2025-11-01T02:00:00+02:00"), Some(1_761_955_200));
            assert_eq!(parse("2025-11-01T00:00:00Z"), Some(1_761_955_200));
            for bad in [
                "",
                "2025-11-01",
                "2025-13-01T00:00:00Z",
                "2023-02-29T00:00:00Z",
                "2025-11-01T24:00:00Z",
                "2025-11-01 00:00:00Z",
                "2025-11-01T00:00:00+0200",
                "+025-11-01T00:00:00Z",
                "1761955200",
            ] {
                assert_eq!(parse(bad), None, "{bad}");
            }
        }
    }
}
