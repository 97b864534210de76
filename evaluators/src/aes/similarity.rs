//! Similarity of two values of one property, by the property's [`Kind`], in `[0, 1]`.

use super::weights::Kind;
use std::collections::HashSet;

/// How alike two computed values are.
pub fn similarity(kind: Kind, target: &str, generated: &str) -> f64 {
    match kind {
        Kind::Text => term_iou(target, generated),
        Kind::Continuous => continuous(target, generated),
        Kind::Discrete => equal(normalized(target) == normalized(generated)),
        Kind::Resource => equal(file_names(target) == file_names(generated)),
        Kind::Colour => colour(target, generated),
    }
}

fn equal(same: bool) -> f64 {
    if same { 1.0 } else { 0.0 }
}

fn normalized(value: &str) -> String {
    value
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .to_lowercase()
}

/// Intersection over union of the sets of lower-case words; two empty texts are alike.
fn term_iou(target: &str, generated: &str) -> f64 {
    let terms = |text: &str| -> HashSet<String> {
        text.split(|character: char| !character.is_alphanumeric())
            .filter(|term| !term.is_empty())
            .map(str::to_lowercase)
            .collect()
    };
    let (target, generated) = (terms(target), terms(generated));
    let union = target.union(&generated).count();
    if union == 0 {
        return 1.0;
    }
    target.intersection(&generated).count() as f64 / union as f64
}

/// The numbers in a computed value (`"8px 4px"` → `[8, 4]`); keywords such as `normal` or
/// `none` read as 0, so `letter-spacing: normal` equals `0px`.
fn numbers(value: &str) -> Vec<f64> {
    value
        .split(|character: char| character.is_whitespace() || character == ',')
        .filter_map(|token| {
            let end = token
                .find(|character: char| {
                    !(character.is_ascii_digit() || matches!(character, '.' | '-' | '+' | 'e'))
                })
                .unwrap_or(token.len());
            token[..end].parse::<f64>().ok()
        })
        .collect()
}

/// 1 − relative error, averaged over the numbers of the value (a missing one reads as 0).
fn continuous(target: &str, generated: &str) -> f64 {
    let (target, generated) = (numbers(target), numbers(generated));
    let count = target.len().max(generated.len());
    if count == 0 {
        return 1.0;
    }
    let at = |values: &[f64], index: usize| values.get(index).copied().unwrap_or(0.0);
    (0..count)
        .map(|index| relative_similarity(at(&target, index), at(&generated, index)))
        .sum::<f64>()
        / count as f64
}

/// 1 − |a − b| / max(|a|, |b|), clamped to `[0, 1]`; equal values (zeros included) give 1.
pub(crate) fn relative_similarity(target: f64, generated: f64) -> f64 {
    let scale = target.abs().max(generated.abs());
    if scale == 0.0 {
        return 1.0;
    }
    (1.0 - (target - generated).abs() / scale).clamp(0.0, 1.0)
}

/// The file names a value refers to: the last path segment of each URL, without query or
/// fragment (a target and a workspace serve the same file from different folders).
fn file_names(value: &str) -> Vec<String> {
    let value = value.trim();
    let urls: Vec<&str> = if value.contains("url(") {
        value
            .split("url(")
            .skip(1)
            .filter_map(|rest| rest.split(')').next())
            .map(|url| url.trim().trim_matches(|c| c == '"' || c == '\''))
            .collect()
    } else if value.is_empty() || value == "none" {
        Vec::new()
    } else {
        vec![value]
    };
    urls.into_iter()
        .map(|url| {
            let path = url.split(['?', '#']).next().unwrap_or_default();
            path.rsplit('/').next().unwrap_or_default().to_owned()
        })
        .collect()
}

/// `rgb(…)` / `rgba(…)` composited over white.
fn rgb(value: &str) -> Option<[f64; 3]> {
    let inner = value
        .trim()
        .strip_prefix("rgba(")
        .or_else(|| value.trim().strip_prefix("rgb("))?
        .strip_suffix(')')?;
    let parts: Vec<f64> = inner
        .split([',', ' ', '/'])
        .filter(|part| !part.is_empty())
        .map(|part| part.parse::<f64>().ok())
        .collect::<Option<_>>()?;
    let (channels, alpha) = match parts.as_slice() {
        [r, g, b] => ([*r, *g, *b], 1.0),
        [r, g, b, a] => ([*r, *g, *b], a.clamp(0.0, 1.0)),
        _ => return None,
    };
    Some(channels.map(|channel| channel * alpha + 255.0 * (1.0 - alpha)))
}

/// 1 − mean |ΔRGB| / 256; values that are not colours compare by equality.
fn colour(target: &str, generated: &str) -> f64 {
    match (rgb(target), rgb(generated)) {
        (Some(target), Some(generated)) => {
            let difference: f64 = target
                .iter()
                .zip(generated)
                .map(|(a, b)| (a - b).abs())
                .sum();
            1.0 - difference / 3.0 / 256.0
        }
        _ => equal(normalized(target) == normalized(generated)),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_is_term_iou() {
        assert_eq!(similarity(Kind::Text, "Sign in", "sign  IN"), 1.0);
        assert_eq!(
            similarity(Kind::Text, "Start free trial", "Start trial"),
            2.0 / 3.0
        );
        assert_eq!(similarity(Kind::Text, "Pricing", "About"), 0.0);
        assert_eq!(similarity(Kind::Text, "", " "), 1.0);
    }

    #[test]
    fn continuous_is_one_minus_relative_error() {
        assert_eq!(similarity(Kind::Continuous, "16px", "16px"), 1.0);
        assert_eq!(similarity(Kind::Continuous, "20px", "15px"), 0.75);
        assert_eq!(similarity(Kind::Continuous, "10px", "0px"), 0.0);
        assert_eq!(similarity(Kind::Continuous, "-10px", "10px"), 0.0);
        assert_eq!(similarity(Kind::Continuous, "normal", "0px"), 1.0);
        assert_eq!(similarity(Kind::Continuous, "8px 4px", "8px 2px"), 0.75);
        assert_eq!(
            similarity(Kind::Continuous, "700", "400"),
            1.0 - 300.0 / 700.0
        );
    }

    #[test]
    fn discrete_is_equality() {
        assert_eq!(similarity(Kind::Discrete, "flex", "flex"), 1.0);
        assert_eq!(similarity(Kind::Discrete, "flex", "grid"), 0.0);
        assert_eq!(
            similarity(Kind::Discrete, "Georgia,  serif", "georgia, serif"),
            1.0
        );
    }

    #[test]
    fn resources_compare_file_names() {
        assert_eq!(
            similarity(
                Kind::Resource,
                "http://a:1/staged/x/logo.svg?v=1",
                "http://b:2/workspace/logo.svg"
            ),
            1.0
        );
        assert_eq!(
            similarity(
                Kind::Resource,
                r#"url("http://a/t/hero.png")"#,
                "url(http://b/w/hero.png)"
            ),
            1.0
        );
        assert_eq!(
            similarity(Kind::Resource, "url(\"http://a/hero.png\")", "none"),
            0.0
        );
        assert_eq!(similarity(Kind::Resource, "none", "none"), 1.0);
    }

    #[test]
    fn colours_compare_channels_over_white() {
        assert_eq!(
            similarity(Kind::Colour, "rgb(10, 20, 30)", "rgb(10, 20, 30)"),
            1.0
        );
        let black_white = similarity(Kind::Colour, "rgb(0, 0, 0)", "rgb(255, 255, 255)");
        assert!((black_white - (1.0 - 255.0 / 256.0)).abs() < 1e-12);
        assert_eq!(
            similarity(Kind::Colour, "rgba(0, 0, 0, 0)", "rgb(255, 255, 255)"),
            1.0
        );
        let shifted = similarity(Kind::Colour, "rgb(200, 0, 0)", "rgb(160, 0, 0)");
        assert!((shifted - (1.0 - 40.0 / 3.0 / 256.0)).abs() < 1e-12);
    }
}
