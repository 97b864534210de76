//! How MageBench's evaluator compares two values of a property, including where its code
//! raises: a rule that raises while scoring leaves the property out (weight and all), and
//! while filtering counts as −0.01. Values are what WebDriver reads (see
//! `js/aes_magebench.js`); numbers are read with Python's `float()`.

use crate::python;
use regex::Regex;
use std::sync::LazyLock;

/// MageBench's code raised on these values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Raises;

/// A similarity, or [`Raises`].
pub type Similarity = Result<f64, Raises>;

fn float(text: &str) -> Similarity {
    python::parse_float(text).ok_or(Raises)
}

/// A length: `float` of the value with `p` and `x` stripped from both ends (so `normal` and
/// `auto` raise); 1 − |Δ| / target, 0 from 100 % off. A target of 0 gives 1 only for 0; a
/// negative target divides by itself as it is (so −1px against −2px scores 2).
pub fn pixels(target: &str, generated: &str) -> Similarity {
    let strip = |text: &str| text.trim_matches(|c| c == 'p' || c == 'x').to_owned();
    let (x, y) = (float(&strip(target))?, float(&strip(generated))?);
    let difference = if x != 0.0 {
        (y - x).abs() / x
    } else if y != 0.0 {
        1.0
    } else {
        0.0
    };
    Ok(if difference < 1.0 {
        1.0 - difference
    } else {
        0.0
    })
}

/// The channels of a colour: the numbers between the first `(` and the end (`)` stripped),
/// split on `", "`, every one read with `float` and the first three kept (alpha is dropped,
/// so transparent is black). Raises without `rgb` in the value or with fewer than three.
fn channels(value: &str) -> Result<[f64; 3], Raises> {
    if !value.contains("rgb") {
        return Err(Raises);
    }
    let inner = value.split('(').nth(1).ok_or(Raises)?;
    let numbers = inner
        .trim_matches(')')
        .split(", ")
        .map(float)
        .collect::<Result<Vec<f64>, Raises>>()?;
    match numbers.as_slice() {
        [r, g, b, ..] => Ok([*r, *g, *b]),
        _ => Err(Raises),
    }
}

/// A colour: the mean over R, G, B of max(0, 1 − |Δ| / 256).
pub fn colour(target: &str, generated: &str) -> Similarity {
    let (x, y) = (channels(target)?, channels(generated)?);
    Ok(x.iter()
        .zip(y)
        .map(|(a, b)| (1.0 - (a - b).abs() / 256.0).max(0.0))
        .sum::<f64>()
        / 3.0)
}

/// Text: under ten space-separated words in the target, case-insensitive equality of the
/// stripped texts (1 or 0); otherwise the Jaccard index of the sets of space-separated words
/// (case-sensitive).
pub fn text(target: &str, generated: &str) -> f64 {
    let (x, y) = (python::strip(target), python::strip(generated));
    let words: Vec<&str> = x.split(' ').collect();
    if words.len() < 10 {
        return if x.to_lowercase() == y.to_lowercase() {
            1.0
        } else {
            0.0
        };
    }
    let other: Vec<&str> = y.split(' ').collect();
    let union: std::collections::HashSet<&str> = words.iter().chain(&other).copied().collect();
    let common: std::collections::HashSet<&str> = words
        .iter()
        .filter(|word| other.contains(word))
        .copied()
        .collect();
    common.len() as f64 / union.len() as f64
}

/// `box-shadow`: split on spaces, the colour is everything before the last four words (the
/// last five when the value holds `rgba(`), then the four lengths; (2 × colour + the four
/// lengths) / 6. In practice it raises on `none`, on any `rgba(…)` shadow and on several
/// shadows, and scores only opaque single shadows.
pub fn box_shadow(target: &str, generated: &str) -> Similarity {
    fn parts(value: &str) -> Result<(String, [&str; 4]), Raises> {
        let words: Vec<&str> = value.split(' ').collect();
        let count = words.len();
        if count < 4 {
            return Err(Raises);
        }
        let colour_words = if value.contains("rgba(") { 5 } else { 4 };
        let colour = words[..count.saturating_sub(colour_words)].join(" ");
        Ok((
            colour,
            [
                words[count - 4],
                words[count - 3],
                words[count - 2],
                words[count - 1],
            ],
        ))
    }
    let (x_colour, x_lengths) = parts(target)?;
    let (y_colour, y_lengths) = parts(generated)?;
    let mut total = 2.0 * colour(&x_colour, &y_colour)?;
    for (x, y) in x_lengths.iter().zip(y_lengths) {
        total += pixels(x, y)?;
    }
    Ok(total / 6.0)
}

/// `background-size`: exactly two space-separated lengths each (`auto`, `cover` raise); the
/// mean of their similarities.
pub fn background_size(target: &str, generated: &str) -> Similarity {
    let pair = |value: &str| -> Result<(String, String), Raises> {
        match value.split(' ').collect::<Vec<_>>().as_slice() {
            [width, height] => Ok(((*width).to_owned(), (*height).to_owned())),
            _ => Err(Raises),
        }
    };
    let ((x_width, x_height), (y_width, y_height)) = (pair(target)?, pair(generated)?);
    Ok((pixels(&x_width, &y_width)? + pixels(&x_height, &y_height)?) / 2.0)
}

static OPAQUE: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"rgb\(\d+, \d+, \d+\)").expect("colour pattern"));
static WHOLE_ALPHA: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r"rgba\(\d+, \d+, \d+, \d+\)").expect("colour pattern"));

fn matches<'a>(pattern: &Regex, value: &'a str) -> Vec<&'a str> {
    pattern
        .find_iter(value)
        .map(|found| found.as_str())
        .collect()
}

/// The gradient of `background`: the opaque `rgb(…)` colours of both values paired in order
/// (as many as the shorter has), their mean similarity; raises when there is no pair.
pub fn linear_gradient(target: &str, generated: &str) -> Similarity {
    let pairs: Vec<(&str, &str)> = matches(&OPAQUE, target)
        .into_iter()
        .zip(matches(&OPAQUE, generated))
        .collect();
    if pairs.is_empty() {
        return Err(Raises);
    }
    let mut total = 0.0;
    for (x, y) in &pairs {
        total += colour(x, y)?;
    }
    Ok(total / pairs.len() as f64)
}

/// `text-shadow`: when the target's value names `rgb`, its first colour (whole-alpha `rgba`
/// first, then `rgb`) against the generated one's, weighing 2 (0 when they list different
/// numbers of colours; raises when neither lists one); then each pair of words ending in
/// `px`, weighing 1. Raises when nothing was compared.
pub fn text_shadow(target: &str, generated: &str) -> Similarity {
    let (mut total, mut weight) = (0.0, 0.0);
    if target.contains("rgb") {
        let colours = |value| {
            let mut found = matches(&WHOLE_ALPHA, value);
            found.extend(matches(&OPAQUE, value));
            found
        };
        let (x, y) = (colours(target), colours(generated));
        if x.len() == y.len() {
            let (first_x, first_y) = (x.first().ok_or(Raises)?, y.first().ok_or(Raises)?);
            total += colour(first_x, first_y)? * 2.0;
        }
        weight += 2.0;
    }
    let x: Vec<&str> = target
        .split(' ')
        .filter(|word| word.ends_with("px"))
        .collect();
    let y: Vec<&str> = generated
        .split(' ')
        .filter(|word| word.ends_with("px"))
        .collect();
    for (x, y) in x.iter().zip(&y) {
        total += pixels(x, y)?;
        weight += 1.0;
    }
    if weight == 0.0 {
        return Err(Raises);
    }
    Ok(total / weight)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pixels_follow_the_relative_error_with_its_quirks() {
        assert_eq!(pixels("16px", "16px"), Ok(1.0));
        assert_eq!(pixels("20px", "15px"), Ok(0.75));
        assert_eq!(pixels("10px", "25px"), Ok(0.0));
        assert_eq!(pixels("0px", "0px"), Ok(1.0));
        assert_eq!(pixels("0px", "3px"), Ok(0.0));
        assert_eq!(pixels("-1px", "-2px"), Ok(2.0));
        assert_eq!(pixels("normal", "0px"), Err(Raises));
        assert_eq!(pixels("auto", "10px"), Err(Raises));
        assert_eq!(pixels("8", "4"), Ok(0.5));
    }

    #[test]
    fn colours_drop_alpha_and_need_rgb() {
        assert_eq!(colour("rgba(10, 20, 30, 1)", "rgb(10, 20, 30)"), Ok(1.0));
        let black_white = colour("rgba(0, 0, 0, 0)", "rgba(255, 255, 255, 1)").unwrap();
        assert!((black_white - 1.0 / 256.0).abs() < 1e-12);
        assert_eq!(colour("transparent", "rgb(0, 0, 0)"), Err(Raises));
        assert_eq!(colour("rgb(0,0,0)", "rgb(0, 0, 0)"), Err(Raises));
        assert_eq!(colour("color(srgb 1 0 0)", "rgb(0, 0, 0)"), Err(Raises));
    }

    #[test]
    fn short_texts_are_equal_or_not_and_long_ones_share_words() {
        assert_eq!(text(" Sign in ", "SIGN IN"), 1.0);
        assert_eq!(text("Sign in", "Sign  in"), 0.0);
        assert_eq!(text("", ""), 1.0);
        let long = "one two three four five six seven eight nine ten";
        assert_eq!(text(long, long), 1.0);
        let half = "one two three four five";
        assert!((text(long, half) - 0.5).abs() < 1e-12);
        // Case matters between long texts.
        assert_eq!(text(long, &long.to_uppercase()), 0.0);
    }

    #[test]
    fn box_shadows_score_only_opaque_single_shadows() {
        assert_eq!(
            box_shadow(
                "rgb(0, 0, 0) 0px 4px 14px 0px",
                "rgb(0, 0, 0) 0px 4px 14px 0px"
            ),
            Ok(1.0)
        );
        let moved = box_shadow(
            "rgb(0, 0, 0) 0px 4px 14px 0px",
            "rgb(0, 0, 0) 0px 2px 14px 0px",
        )
        .unwrap();
        assert!((moved - 5.5 / 6.0).abs() < 1e-12);
        for raising in [
            "none",
            "rgba(20, 33, 61, 0.08) 0px 4px 14px 0px",
            "rgb(0, 0, 0) 0px 1px 2px 0px, rgb(0, 0, 0) 0px 0px 1px 0px",
            "rgb(0, 0, 0) 0px 0px 0px 2px inset",
        ] {
            assert_eq!(box_shadow(raising, raising), Err(Raises), "{raising}");
        }
    }

    #[test]
    fn background_sizes_gradients_and_text_shadows() {
        assert_eq!(background_size("100px 50px", "100px 25px"), Ok(0.75));
        assert_eq!(background_size("auto", "auto"), Err(Raises));
        assert_eq!(background_size("cover", "100px 50px"), Err(Raises));
        let gradient = "rgba(0, 0, 0, 0) linear-gradient(rgb(231, 245, 255), rgb(208, 235, 255)) repeat scroll 0% 0% / auto padding-box border-box";
        assert_eq!(linear_gradient(gradient, gradient), Ok(1.0));
        assert_eq!(
            linear_gradient(gradient, "rgba(0, 0, 0, 0) none"),
            Err(Raises)
        );
        assert_eq!(
            text_shadow("rgb(0, 0, 0) 1px 1px 2px", "rgb(0, 0, 0) 1px 1px 2px"),
            Ok(1.0)
        );
        assert_eq!(text_shadow("none", "none"), Err(Raises));
        // Both name rgb but neither lists a colour the patterns find.
        assert_eq!(
            text_shadow("rgba(0, 0, 0, 0.5) 1px", "rgba(0, 0, 0, 0.5) 1px"),
            Err(Raises)
        );
        // Different numbers of colours: the colour weighs 2 and scores 0.
        assert_eq!(text_shadow("rgb(0, 0, 0) 2px", "none"), Ok(0.0));
    }
}
