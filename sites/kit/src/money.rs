//! Prices: stored as whole cents, shown as dollars, parsed from what sellers type.

/// `66,000` for 66000: digits grouped by thousands.
pub fn group_digits(number: u64) -> String {
    let digits = number.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// `$1,250.00` for 125000 cents.
pub fn format_cents(cents: i64) -> String {
    let sign = if cents < 0 { "-" } else { "" };
    let grouped = group_digits(cents.unsigned_abs() / 100);
    format!("{sign}${grouped}.{:02}", cents.unsigned_abs() % 100)
}

/// Parses a price as people type it (`1250`, `$1,250.50`) into cents; `None` if it is not a
/// non-negative amount below ten million dollars with at most two decimals.
pub fn parse_dollars(text: &str) -> Option<i64> {
    let cleaned: String = text
        .trim()
        .trim_start_matches('$')
        .chars()
        .filter(|c| *c != ',')
        .collect();
    if cleaned.is_empty() || !cleaned.chars().all(|c| c.is_ascii_digit() || c == '.') {
        return None;
    }
    let (whole, fraction) = cleaned.split_once('.').unwrap_or((&cleaned, ""));
    if whole.is_empty() && fraction.is_empty() || fraction.len() > 2 || whole.len() > 7 {
        return None;
    }
    let whole: i64 = if whole.is_empty() {
        0
    } else {
        whole.parse().ok()?
    };
    let cents: i64 = match fraction.len() {
        0 => 0,
        1 => fraction.parse::<i64>().ok()? * 10,
        _ => fraction.parse().ok()?,
    };
    Some(whole * 100 + cents)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formats_with_grouping_and_cents() {
        assert_eq!(format_cents(125_000), "$1,250.00");
        assert_eq!(format_cents(99), "$0.99");
        assert_eq!(format_cents(123_456_789), "$1,234,567.89");
        assert_eq!(group_digits(66_000), "66,000");
        assert_eq!(group_digits(999), "999");
    }

    #[test]
    fn parses_what_people_type_and_refuses_the_rest() {
        assert_eq!(parse_dollars("1250"), Some(125_000));
        assert_eq!(parse_dollars(" $1,250.5 "), Some(125_050));
        assert_eq!(parse_dollars("abc"), None);
        assert_eq!(parse_dollars("-5"), None);
        assert_eq!(parse_dollars("1.234"), None);
        assert_eq!(parse_dollars("1e5"), None);
        assert_eq!(parse_dollars("99999999"), None);
        assert_eq!(parse_dollars(""), None);
    }
}
