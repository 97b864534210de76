//! Python numbers: `int()` and `float()` parsing, `repr()` of floats, and the exact
//! comparison of an `int` with a `float`.

use super::{decimal_value, strip};
use std::cmp::Ordering;
use std::fmt;

/// CPython's limit on the digits `int()` converts from a string (`sys.int_info`).
const MAX_STR_DIGITS: usize = 4300;

/// A Python `int` of any size: a sign and its decimal digits.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct PyInt {
    negative: bool,
    /// ASCII digits without leading zeros; zero is `"0"` and never negative.
    digits: String,
}

/// Why `int()` refused a string (Python raises `ValueError`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum IntParseError {
    /// Not an integer literal in base 10.
    #[error("invalid literal for int() with base 10")]
    Invalid,
    /// More digits than CPython converts (4300).
    #[error("exceeds the limit (4300 digits) for integer string conversion")]
    TooManyDigits,
}

/// `float(int)` of an int beyond the float range (Python raises `OverflowError`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error("int too large to convert to float")]
pub struct Overflow;

/// Optional sign, then digits (any Unicode `Nd`) with single `_` between digits: the shape
/// shared by `int()` and the parts of `float()`. Returns the sign, the ASCII digits and the
/// rest of the text.
fn signed_digits(text: &str) -> (bool, String, &str) {
    let (negative, rest) = match text.chars().next() {
        Some('-') => (true, &text[1..]),
        Some('+') => (false, &text[1..]),
        _ => (false, text),
    };
    let (digits, rest) = digit_part(rest);
    (negative, digits, rest)
}

/// `digit (["_"] digit)*` at the start of `text`, as ASCII digits, and the rest.
fn digit_part(text: &str) -> (String, &str) {
    let mut digits = String::new();
    let mut end = 0;
    let mut chars = text.char_indices().peekable();
    while let Some((index, c)) = chars.next() {
        if let Some(value) = decimal_value(c) {
            digits.push(char::from(b'0' + value as u8));
            end = index + c.len_utf8();
        } else if c == '_' && !digits.is_empty() {
            match chars.peek() {
                Some((_, next)) if decimal_value(*next).is_some() => {}
                _ => break,
            }
        } else {
            break;
        }
    }
    (digits, &text[end..])
}

impl PyInt {
    /// Python's `int(text)`: surrounding whitespace, one optional sign, Unicode decimal
    /// digits with single underscores between them, at most 4300 digits.
    pub fn parse(text: &str) -> Result<PyInt, IntParseError> {
        let (negative, digits, rest) = signed_digits(strip(text));
        if digits.is_empty() || !rest.is_empty() {
            return Err(IntParseError::Invalid);
        }
        if digits.len() > MAX_STR_DIGITS {
            return Err(IntParseError::TooManyDigits);
        }
        Ok(PyInt::from_digits(negative, &digits))
    }

    fn from_digits(negative: bool, digits: &str) -> PyInt {
        let trimmed = digits.trim_start_matches('0');
        let digits = if trimmed.is_empty() { "0" } else { trimmed };
        PyInt {
            negative: negative && digits != "0",
            digits: digits.to_owned(),
        }
    }

    /// An int from a Rust integer.
    pub fn from_i64(value: i64) -> PyInt {
        PyInt::from_digits(value < 0, &value.unsigned_abs().to_string())
    }

    /// The exact integer value of a finite float with no fractional part.
    fn from_integral_float(value: f64) -> PyInt {
        // `{:.0}` prints the exact decimal value of the float.
        let text = format!("{:.0}", value.abs());
        PyInt::from_digits(value < 0.0, &text)
    }

    /// Whether the int is zero.
    pub fn is_zero(&self) -> bool {
        self.digits == "0"
    }

    /// Python's `float(int)`: correctly rounded; too large raises `OverflowError`.
    pub fn to_f64(&self) -> Result<f64, Overflow> {
        let magnitude: f64 = self.digits.parse().map_err(|_| Overflow)?;
        if magnitude.is_infinite() {
            return Err(Overflow);
        }
        Ok(if self.negative { -magnitude } else { magnitude })
    }

    /// Python's exact comparison of an `int` with a `float` (`None` against NaN).
    pub fn cmp_float(&self, value: f64) -> Option<Ordering> {
        if value.is_nan() {
            return None;
        }
        if value.is_infinite() {
            return Some(if value > 0.0 {
                Ordering::Less
            } else {
                Ordering::Greater
            });
        }
        // Rounding is monotonic, so a rounded value that differs from `value` orders the
        // int the same way. When they are equal, `value` is integral: compare exactly.
        let signed = |magnitude: f64| if self.negative { -magnitude } else { magnitude };
        let rounded = signed(self.digits.parse::<f64>().unwrap_or(f64::INFINITY));
        if rounded != value {
            return rounded.partial_cmp(&value);
        }
        Some(self.cmp(&PyInt::from_integral_float(value)))
    }
}

impl Ord for PyInt {
    fn cmp(&self, other: &Self) -> Ordering {
        let magnitude = self
            .digits
            .len()
            .cmp(&other.digits.len())
            .then_with(|| self.digits.cmp(&other.digits));
        match (self.negative, other.negative) {
            (false, false) => magnitude,
            (true, true) => magnitude.reverse(),
            (false, true) => Ordering::Greater,
            (true, false) => Ordering::Less,
        }
    }
}

impl PartialOrd for PyInt {
    fn partial_cmp(&self, other: &Self) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl fmt::Display for PyInt {
    /// Python's `str(int)`.
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.negative {
            formatter.write_str("-")?;
        }
        formatter.write_str(&self.digits)
    }
}

/// Python's `float(text)`: surrounding whitespace, sign, Unicode digits, underscores
/// between digits, exponents, `inf` / `infinity` / `nan` in any case. `None` where Python
/// raises `ValueError`.
pub fn parse_float(text: &str) -> Option<f64> {
    let text = strip(text);
    let (negative, unsigned) = match text.chars().next() {
        Some('-') => (true, &text[1..]),
        Some('+') => (false, &text[1..]),
        _ => (false, text),
    };
    let magnitude = match unsigned.to_ascii_lowercase().as_str() {
        "inf" | "infinity" => f64::INFINITY,
        "nan" => f64::NAN,
        _ => decimal_literal(unsigned)?,
    };
    Some(if negative { -magnitude } else { magnitude })
}

/// `digits ["." [digits]] | "." digits`, then an optional exponent, all with Python's
/// underscore rule; the value correctly rounded.
fn decimal_literal(text: &str) -> Option<f64> {
    let (integer, rest) = digit_part(text);
    let (fraction, rest) = match rest.strip_prefix('.') {
        Some(after_point) => digit_part(after_point),
        None => (String::new(), rest),
    };
    if integer.is_empty() && fraction.is_empty() {
        return None;
    }
    let mut literal = format!("{integer}.{fraction}");
    if literal.starts_with('.') {
        literal.insert(0, '0');
    }
    let rest = match rest.strip_prefix(['e', 'E']) {
        Some(exponent) => {
            let (negative, digits, rest) = signed_digits(exponent);
            if digits.is_empty() {
                return None;
            }
            literal.push_str(if negative { "e-" } else { "e" });
            literal.push_str(&digits);
            rest
        }
        None => rest,
    };
    if !rest.is_empty() {
        return None;
    }
    literal.parse().ok()
}

/// Shortest round-trip digits of a finite, non-zero magnitude and its decimal-point position
/// (`value = 0.DIGITS × 10^point`).
pub(crate) fn shortest_digits(magnitude: f64) -> (String, i32) {
    // `{:e}` prints the shortest digits that round-trip, as `d.ddde±x`.
    let scientific = format!("{:e}", magnitude.abs());
    let (mantissa, exponent) = scientific.split_once('e').unwrap_or((&scientific, "0"));
    let digits: String = mantissa.chars().filter(char::is_ascii_digit).collect();
    let exponent: i32 = exponent.parse().unwrap_or(0);
    (digits, exponent + 1)
}

/// `0.DIGITS × 10^point` written out: `0.000ddd`, `dd.ddd` or `ddd000`.
pub(crate) fn fixed_notation(digits: &str, point: i32) -> String {
    let length = digits.len() as i32;
    if point <= 0 {
        format!("0.{}{digits}", "0".repeat(point.unsigned_abs() as usize))
    } else if point >= length {
        format!("{digits}{}", "0".repeat((point - length) as usize))
    } else {
        let (whole, fraction) = digits.split_at(point as usize);
        format!("{whole}.{fraction}")
    }
}

/// `0.DIGITS × 10^point` as `d.ddde±x`, the exponent zero-padded to `exponent_width` digits.
pub(crate) fn scientific_notation(digits: &str, point: i32, exponent_width: usize) -> String {
    let (first, rest) = digits.split_at(1);
    let mantissa = if rest.is_empty() {
        first.to_owned()
    } else {
        format!("{first}.{rest}")
    };
    let exponent = point - 1;
    let sign = if exponent < 0 { '-' } else { '+' };
    format!(
        "{mantissa}e{sign}{:0exponent_width$}",
        exponent.unsigned_abs()
    )
}

/// Python's `repr()` (= `str()`) of a float: `nan`, `inf`, `-0.0`, `1e+22`, `4.5e-06`,
/// `100.0`; fixed notation for decimal exponents from -4 to 15, scientific outside.
pub fn float_repr(value: f64) -> String {
    if value.is_nan() {
        return "nan".to_owned();
    }
    if value.is_infinite() {
        return if value > 0.0 { "inf" } else { "-inf" }.to_owned();
    }
    let sign = if value.is_sign_negative() { "-" } else { "" };
    if value == 0.0 {
        return format!("{sign}0.0");
    }
    let (digits, point) = shortest_digits(value);
    let body = if (-3..=16).contains(&point) {
        let fixed = fixed_notation(&digits, point);
        if point >= digits.len() as i32 {
            format!("{fixed}.0")
        } else {
            fixed
        }
    } else {
        scientific_notation(&digits, point, 2)
    };
    format!("{sign}{body}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn int(text: &str) -> Result<String, IntParseError> {
        PyInt::parse(text).map(|value| value.to_string())
    }

    #[test]
    fn int_parses_like_python() {
        assert_eq!(int(" 42 "), Ok("42".into()));
        assert_eq!(int("+0"), Ok("0".into()));
        assert_eq!(int("-0"), Ok("0".into()));
        assert_eq!(int("00013"), Ok("13".into()));
        assert_eq!(int("0_0"), Ok("0".into()));
        assert_eq!(int("3_000_000"), Ok("3000000".into()));
        assert_eq!(int("४२"), Ok("42".into()));
        assert_eq!(int("4٢"), Ok("42".into()));
        assert_eq!(int("𝟒𝟐"), Ok("42".into()));
        assert_eq!(int("\u{2003}-0042\n"), Ok("-42".into()));
        for bad in [
            "++5",
            "+-5",
            "4__000",
            "_4000",
            "4000_",
            "4e3",
            "0b110",
            "14.0",
            "⁴²",
            "④",
            "42\u{200b}",
            "- 13",
            "−13",
            "",
            " ",
            "+",
            "4 2",
        ] {
            assert_eq!(int(bad), Err(IntParseError::Invalid), "{bad:?}");
        }
        assert!(int(&"9".repeat(4300)).is_ok());
        assert_eq!(int(&"9".repeat(4301)), Err(IntParseError::TooManyDigits));
        assert!(int(&format!("-{}", "1".repeat(4300))).is_ok());
        assert!(int(&format!("{}1", "1_".repeat(2150))).is_ok());
    }

    #[test]
    fn float_parses_like_python() {
        for (text, expected) in [
            ("4_2", 42.0),
            ("1_000.5", 1000.5),
            ("1.0_0", 1.0),
            ("1e1_0", 1e10),
            (".5", 0.5),
            ("5.", 5.0),
            ("١.٥", 1.5),
            (" 1.5 ", 1.5),
            ("٤_٢", 42.0),
            ("1.5e-3_0", 1.5e-30),
            ("4.2e1", 42.0),
            ("-Infinity", f64::NEG_INFINITY),
            ("inf", f64::INFINITY),
            ("1e400", f64::INFINITY),
        ] {
            assert_eq!(parse_float(text), Some(expected), "{text:?}");
        }
        assert!(parse_float("nAn").is_some_and(f64::is_nan));
        assert!(parse_float("+nan").is_some_and(f64::is_nan));
        for bad in [
            "_42",
            "42_",
            "4__2",
            "1_e10",
            "0x2A",
            ".",
            "1e",
            "1e+",
            "1.5\u{200b}",
            "infinit",
            "in_f",
            "> 42",
            "",
            "--1",
        ] {
            assert_eq!(parse_float(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn float_repr_like_python() {
        for (value, expected) in [
            (1.5, "1.5"),
            (100.0, "100.0"),
            (0.7, "0.7"),
            (4.5e-6, "4.5e-06"),
            (0.0001, "0.0001"),
            (0.00001, "1e-05"),
            (1e16, "1e+16"),
            (1e15, "1000000000000000.0"),
            (1.2345678901234567e16, "1.2345678901234568e+16"),
            (1e22, "1e+22"),
            (-0.0, "-0.0"),
            (0.0, "0.0"),
            (-340.5, "-340.5"),
            (f64::NAN, "nan"),
            (f64::NEG_INFINITY, "-inf"),
            (1.7976931348623157e308, "1.7976931348623157e+308"),
            (5e-324, "5e-324"),
        ] {
            assert_eq!(float_repr(value), expected, "{value:e}");
        }
    }

    #[test]
    fn int_float_comparison_is_exact() {
        let big = PyInt::parse("123456789012345678901234567890").unwrap();
        assert_eq!(big.cmp_float(1e29), Some(Ordering::Greater));
        let rounded = big.to_f64().unwrap();
        assert_eq!(rounded, 1.2345678901234568e29);
        assert_eq!(big.cmp_float(rounded), Some(Ordering::Greater));
        let huge = PyInt::parse(&format!("1{}", "0".repeat(400))).unwrap();
        assert_eq!(huge.to_f64(), Err(Overflow));
        assert_eq!(huge.cmp_float(6.0), Some(Ordering::Greater));
        assert_eq!(huge.cmp_float(f64::INFINITY), Some(Ordering::Less));
        assert_eq!(PyInt::from_i64(-5).cmp_float(-5.0), Some(Ordering::Equal));
        assert_eq!(PyInt::from_i64(-5).cmp_float(-4.5), Some(Ordering::Less));
        assert_eq!(PyInt::from_i64(0).cmp_float(-0.0), Some(Ordering::Equal));
        assert_eq!(PyInt::from_i64(3).cmp_float(f64::NAN), None);
        let two_to_60 = PyInt::parse("1152921504606846976").unwrap();
        assert_eq!(two_to_60.cmp_float(2f64.powi(60)), Some(Ordering::Equal));
        let above = PyInt::parse("1152921504606846977").unwrap();
        assert_eq!(above.cmp_float(2f64.powi(60)), Some(Ordering::Greater));
        assert!(PyInt::from_i64(-3) < PyInt::from_i64(2));
        assert!(PyInt::from_i64(-30) < PyInt::from_i64(-4));
    }
}
