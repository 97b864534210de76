//! The site clock: one pinned "now" every site dates its content against, so a page, a
//! seed and a task read the same times whenever they run. `--clock` moves it; the seed
//! ends its activity at it, and `/health` reports it.

use std::fmt;
use std::str::FromStr;
use std::sync::atomic::{AtomicI64, Ordering};

/// A moment in whole seconds since the Unix epoch, UTC.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct SiteClock(i64);

/// The default clock, 2025-11-01 00:00:00 UTC: where the default seed's activity ends.
pub const DEFAULT: SiteClock = SiteClock(1_761_955_200);

static PINNED: AtomicI64 = AtomicI64::new(DEFAULT.0);

impl SiteClock {
    /// The clock at `seconds` since the epoch.
    pub const fn from_seconds(seconds: i64) -> Self {
        Self(seconds)
    }

    /// Seconds since the epoch.
    pub const fn seconds(self) -> i64 {
        self.0
    }

    /// How far this clock is from the default, to shift seeded times by.
    pub const fn offset(self) -> i64 {
        self.0 - DEFAULT.0
    }
}

impl Default for SiteClock {
    fn default() -> Self {
        DEFAULT
    }
}

impl fmt::Display for SiteClock {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        formatter.write_str(&atom(self.0))
    }
}

/// A `--clock` value that is neither a date nor a time.
#[derive(Debug, thiserror::Error)]
#[error(
    "{0:?} is not a clock: give a date `YYYY-MM-DD` (midnight UTC) or a time `YYYY-MM-DDTHH:MM:SSZ` (or with a ±HH:MM offset)"
)]
pub struct ClockError(String);

impl FromStr for SiteClock {
    type Err = ClockError;

    fn from_str(text: &str) -> Result<Self, ClockError> {
        let text = text.trim();
        let full = if text.len() == 10 {
            format!("{text}T00:00:00Z")
        } else {
            text.to_owned()
        };
        parse_atom(&full)
            .map(SiteClock)
            .ok_or_else(|| ClockError(text.to_owned()))
    }
}

/// Pins the process's clock (the sites' "now") to `clock`.
pub fn pin(clock: SiteClock) {
    PINNED.store(clock.0, Ordering::Relaxed);
}

/// The pinned clock.
pub fn current() -> SiteClock {
    SiteClock(PINNED.load(Ordering::Relaxed))
}

/// The pinned "now" in seconds since the epoch: the time of new rows and time windows.
pub fn now() -> i64 {
    current().0
}

/// `seconds` relative to the clock, as Postmill words it: "just now", "1 minute ago",
/// "3 hours ago", "2 days ago", "5 months ago", "1 year ago" ("in …" past the clock).
pub fn ago(seconds: i64) -> String {
    let delta = now() - seconds;
    let span = delta.unsigned_abs();
    if span < 60 {
        return "just now".into();
    }
    let (count, unit) = [
        (365 * 86_400, "year"),
        (30 * 86_400, "month"),
        (7 * 86_400, "week"),
        (86_400, "day"),
        (3_600, "hour"),
        (60, "minute"),
    ]
    .into_iter()
    .find(|(length, _)| span >= *length)
    .map_or((span / 60, "minute"), |(length, unit)| {
        (span / length, unit)
    });
    let amount = crate::plural::counted(count as i64, unit);
    if delta >= 0 {
        format!("{amount} ago")
    } else {
        format!("in {amount}")
    }
}

/// [`ago`] of a stored `YYYY-MM-DDTHH:MM:SS+00:00` time; the text itself if unreadable.
pub fn ago_atom(text: &str) -> String {
    parse_atom(text).map_or_else(|| text.to_owned(), ago)
}

/// A stored `YYYY-MM-DDTHH:MM:SS+00:00` time written out in full for a `title`:
/// "Saturday, November 1, 2025 at 12:00 AM UTC"; the text itself if unreadable.
pub fn exact_atom(text: &str) -> String {
    parse_atom(text).map_or_else(|| text.to_owned(), exact)
}

/// `seconds` written out in full: "Saturday, November 1, 2025 at 12:00 AM UTC".
pub fn exact(seconds: i64) -> String {
    const MONTHS: [&str; 12] = [
        "January",
        "February",
        "March",
        "April",
        "May",
        "June",
        "July",
        "August",
        "September",
        "October",
        "November",
        "December",
    ];
    const WEEKDAYS: [&str; 7] = [
        "Thursday",
        "Friday",
        "Saturday",
        "Sunday",
        "Monday",
        "Tuesday",
        "Wednesday",
    ];
    let days = seconds.div_euclid(86_400);
    let (year, month, day) = civil_from_days(days);
    let of_day = seconds.rem_euclid(86_400);
    let (hour, minute) = (of_day / 3_600, of_day / 60 % 60);
    let (twelve, half) = match hour {
        0 => (12, "AM"),
        1..=11 => (hour, "AM"),
        12 => (12, "PM"),
        _ => (hour - 12, "PM"),
    };
    format!(
        "{}, {} {day}, {year} at {twelve}:{minute:02} {half} UTC",
        WEEKDAYS[days.rem_euclid(7) as usize],
        MONTHS[(month - 1) as usize]
    )
}

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

/// `seconds` since the epoch in the ATOM form (RFC 3339 to the second), UTC:
/// `YYYY-MM-DDTHH:MM:SS+00:00`, as Postmill writes times.
pub fn atom(seconds: i64) -> String {
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
pub fn parse_atom(text: &str) -> Option<i64> {
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
    Some(days_from_civil(year, month, day) * 86_400 + hour * 3_600 + minute * 60 + second - offset)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_round_trip_through_the_atom_form() {
        assert_eq!(atom(0), "1970-01-01T00:00:00+00:00");
        assert_eq!(atom(1_761_955_200), "2025-11-01T00:00:00+00:00");
        assert_eq!(atom(951_825_599), "2000-02-29T11:59:59+00:00");
        for seconds in [0, 951_825_599, 1_700_000_000, 1_761_955_200, -86_401] {
            assert_eq!(parse_atom(&atom(seconds)), Some(seconds));
        }
        assert_eq!(parse_atom("2025-11-01T02:00:00+02:00"), Some(1_761_955_200));
        assert_eq!(parse_atom("2025-11-01T00:00:00Z"), Some(1_761_955_200));
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
            assert_eq!(parse_atom(bad), None, "{bad}");
        }
    }

    #[test]
    fn clocks_read_as_dates_or_times_and_refuse_the_rest() {
        assert_eq!("2025-11-01".parse::<SiteClock>().unwrap(), DEFAULT);
        assert_eq!(
            "2025-11-01T03:00:00Z"
                .parse::<SiteClock>()
                .unwrap()
                .seconds(),
            DEFAULT.seconds() + 10_800
        );
        let error = "yesterday".parse::<SiteClock>().unwrap_err().to_string();
        assert!(error.contains("YYYY-MM-DD"), "{error}");
        assert_eq!(DEFAULT.to_string(), "2025-11-01T00:00:00+00:00");
    }

    #[test]
    fn relative_times_read_like_postmills() {
        let now = now();
        assert_eq!(ago(now - 5), "just now");
        assert_eq!(ago(now - 60), "1 minute ago");
        assert_eq!(ago(now - 3 * 3_600 - 59), "3 hours ago");
        assert_eq!(ago(now - 86_400), "1 day ago");
        assert_eq!(ago(now - 9 * 86_400), "1 week ago");
        assert_eq!(ago(now - 70 * 86_400), "2 months ago");
        assert_eq!(ago(now - 800 * 86_400), "2 years ago");
        assert_eq!(ago(now + 7_200), "in 2 hours");
        assert_eq!(ago_atom("not a time"), "not a time");
        assert_eq!(
            exact_atom("2025-10-31T21:59:27+00:00"),
            "Friday, October 31, 2025 at 9:59 PM UTC"
        );
        assert_eq!(
            exact(DEFAULT.seconds()),
            "Saturday, November 1, 2025 at 12:00 AM UTC"
        );
    }
}
