//! `url_match`: the page's current URL against `reference_url`.
//!
//! `vwa` mode compares VWA's cleaned strings (every `localhost` → `127.0.0.1`, one trailing
//! `/` dropped): `EXACT` is string equality, `GOLD in PRED` a substring test. `correct` mode
//! compares URLs as URLs: scheme, host and port exactly, the path by segments (one trailing
//! `/` ignored, percent-escapes decoded), query parameters as a multiset (order does not
//! matter, `+` and `%20` are both a space) and the fragment. `GOLD in PRED` then asks for
//! whole segments and whole parameters: the reference's path is a leading run of the page's
//! segments (a relative reference such as `f/gaming`, any run), and each reference parameter
//! is one of the page's, so `id=5` does not match `id=50`.

use crate::error::EvalError;
use crate::evaluation::{CheckKind, CheckReport, CheckStatus, EvaluatorReport};
use crate::matching::clean_url;
use crate::mode::EvalMode;
use crate::page::Page;
use crate::task::{EvalSpec, EvalType, OR_SEPARATOR};
use percent_encoding::percent_decode_str;
use url::Url;

/// How a URL is compared with the references.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UrlNote {
    /// The URL equals one reference (VWA's default).
    Exact,
    /// Some reference is contained in the URL.
    GoldInPred,
}

impl UrlNote {
    /// Parses `url_note` (absent → `EXACT`, as in VWA).
    pub fn parse(note: Option<&str>) -> Result<UrlNote, EvalError> {
        match note {
            None | Some("EXACT") => Ok(UrlNote::Exact),
            Some("GOLD in PRED") => Ok(UrlNote::GoldInPred),
            Some(other) => Err(EvalError::config(
                "eval.url_note",
                format!("`{other}` is not `EXACT` or `GOLD in PRED`"),
            )),
        }
    }
}

/// Whether `url` matches ` |OR| `-separated `references` under `note`.
pub fn url_matches(url: &str, references: &str, note: UrlNote, mode: EvalMode) -> bool {
    match mode {
        EvalMode::Vwa => {
            let url = clean_url(url);
            let mut references = references.split(OR_SEPARATOR).map(clean_url);
            match note {
                UrlNote::Exact => references.any(|reference| reference == url),
                UrlNote::GoldInPred => references.any(|reference| url.contains(&reference)),
            }
        }
        EvalMode::Correct | EvalMode::Magebench => {
            let Some(page) = Parts::of_absolute(url) else {
                return false;
            };
            references.split(OR_SEPARATOR).any(|reference| match note {
                UrlNote::Exact => Parts::of_absolute(reference).is_some_and(|gold| gold == page),
                UrlNote::GoldInPred => {
                    Parts::of_reference(reference).is_some_and(|gold| gold.is_within(&page))
                }
            })
        }
    }
}

/// A URL taken apart for `correct` mode.
#[derive(Debug, PartialEq, Eq)]
struct Parts {
    /// Scheme, host (`localhost` read as `127.0.0.1`) and port; `None` for a relative
    /// reference.
    origin: Option<(String, String, Option<u16>)>,
    /// Decoded path segments, without the empty one a trailing `/` leaves.
    segments: Vec<String>,
    /// Decoded query parameters, sorted.
    query: Vec<(String, String)>,
    /// The fragment, if not empty.
    fragment: Option<String>,
}

impl Parts {
    fn of_absolute(text: &str) -> Option<Parts> {
        let url = Url::parse(text.trim()).ok()?;
        let host = match url.host_str()? {
            "localhost" => "127.0.0.1".to_owned(),
            host => host.to_owned(),
        };
        Some(Parts {
            origin: Some((url.scheme().to_owned(), host, url.port())),
            segments: segments(url.path()),
            query: query(url.query().unwrap_or_default()),
            fragment: url
                .fragment()
                .filter(|fragment| !fragment.is_empty())
                .map(str::to_owned),
        })
    }

    /// An absolute URL, or a relative reference (`f/gaming`, `?page=item&id=5`).
    fn of_reference(text: &str) -> Option<Parts> {
        let text = text.trim();
        if let Some(parts) = Parts::of_absolute(text) {
            return Some(parts);
        }
        let (rest, fragment) = match text.split_once('#') {
            Some((rest, fragment)) => (rest, Some(fragment)),
            None => (text, None),
        };
        let (path, query_text) = rest.split_once('?').unwrap_or((rest, ""));
        let parts = Parts {
            origin: None,
            segments: segments(path),
            query: query(query_text),
            fragment: fragment
                .filter(|fragment| !fragment.is_empty())
                .map(str::to_owned),
        };
        let empty = parts.segments.is_empty() && parts.query.is_empty() && parts.fragment.is_none();
        (!empty).then_some(parts)
    }

    /// `GOLD in PRED` on whole segments and parameters.
    fn is_within(&self, page: &Parts) -> bool {
        let path_within = match &self.origin {
            Some(origin) => {
                page.origin.as_ref() == Some(origin) && page.segments.starts_with(&self.segments)
            }
            None => {
                self.segments.is_empty()
                    || page
                        .segments
                        .windows(self.segments.len())
                        .any(|window| window == self.segments.as_slice())
            }
        };
        let mut remaining = page.query.clone();
        let query_within = self.query.iter().all(|parameter| {
            match remaining
                .iter()
                .position(|candidate| candidate == parameter)
            {
                Some(index) => {
                    remaining.swap_remove(index);
                    true
                }
                None => false,
            }
        });
        let fragment_within = self.fragment.is_none() || self.fragment == page.fragment;
        path_within && query_within && fragment_within
    }
}

fn segments(path: &str) -> Vec<String> {
    let trimmed = path.strip_prefix('/').unwrap_or(path);
    let trimmed = trimmed.strip_suffix('/').unwrap_or(trimmed);
    if trimmed.is_empty() {
        return Vec::new();
    }
    trimmed
        .split('/')
        .map(|segment| percent_decode_str(segment).decode_utf8_lossy().into_owned())
        .collect()
}

fn query(text: &str) -> Vec<(String, String)> {
    let mut pairs: Vec<(String, String)> = url::form_urlencoded::parse(text.as_bytes())
        .map(|(key, value)| (key.into_owned(), value.into_owned()))
        .collect();
    pairs.sort();
    pairs
}

/// Compares the page's current URL with the task's references.
pub async fn evaluate_url<P: Page>(
    spec: &EvalSpec,
    page: &mut P,
    mode: EvalMode,
) -> Result<EvaluatorReport, EvalError> {
    let note = UrlNote::parse(spec.url_note.as_deref())?;
    let references = spec.reference_url.as_deref().unwrap_or_default();
    let url = page.url().await?;
    let status = CheckStatus::from_pass(url_matches(&url, references, note, mode));
    let check = CheckReport::new(CheckKind::UrlMatch, references, url, status);
    Ok(EvaluatorReport {
        eval_type: EvalType::UrlMatch,
        outcome: check.status.outcome(),
        checks: vec![check],
        aes: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use EvalMode::{Correct, Vwa};

    /// (page URL, references, note, vwa, correct)
    fn check(cases: &[(&str, &str, UrlNote, bool, bool)]) {
        for (url, references, note, vwa, correct) in cases {
            assert_eq!(
                url_matches(url, references, *note, Vwa),
                *vwa,
                "vwa {url} vs {references}"
            );
            assert_eq!(
                url_matches(url, references, *note, Correct),
                *correct,
                "correct {url} vs {references}"
            );
        }
    }

    const ITEM: &str = "http://127.0.0.1:9980/index.php?page=item&id=5";

    #[test]
    fn exact_needs_full_equality_after_cleaning() {
        use UrlNote::Exact;
        check(&[
            (
                "http://localhost:9980/index.php?page=item&id=5/",
                ITEM,
                Exact,
                true,
                false,
            ),
            (
                "http://localhost:9980/index.php?page=item&id=5",
                ITEM,
                Exact,
                true,
                true,
            ),
            (
                "http://127.0.0.1:9980/index.php?page=item&id=50",
                ITEM,
                Exact,
                false,
                false,
            ),
            (
                "http://127.0.0.1:9980/index.php?page=item&id=5#x",
                ITEM,
                Exact,
                false,
                false,
            ),
            (
                "http://h/b/",
                "http://h/a |OR| http://h/b",
                Exact,
                true,
                true,
            ),
        ]);
    }

    #[test]
    fn correct_mode_query_parameters_are_a_multiset() {
        use UrlNote::Exact;
        check(&[
            (
                "http://127.0.0.1:9980/index.php?id=5&page=item",
                ITEM,
                Exact,
                false,
                true,
            ),
            (
                "http://127.0.0.1:9980/index.php?page=item&id=5&id=5",
                ITEM,
                Exact,
                false,
                false,
            ),
            (
                "http://127.0.0.1:9980/index.php?page=search&sPattern=teal%20chair",
                "http://127.0.0.1:9980/index.php?page=search&sPattern=teal+chair",
                Exact,
                false,
                true,
            ),
            (
                "http://127.0.0.1:9999/f/m%C3%BCsli",
                "http://127.0.0.1:9999/f/m%c3%bcsli",
                Exact,
                false,
                true,
            ),
            (
                "http://127.0.0.1:9999/f/gaming/",
                "http://127.0.0.1:9999/f/gaming",
                Exact,
                true,
                true,
            ),
            (
                "http://127.0.0.1:9999/f/gaming",
                "http://127.0.0.1:9998/f/gaming",
                Exact,
                false,
                false,
            ),
            (
                "http://127.0.0.1:7770/checkout/#payment",
                "http://127.0.0.1:7770/checkout/#shipping",
                Exact,
                false,
                false,
            ),
        ]);
    }

    #[test]
    fn gold_in_pred_is_substring_in_vwa_and_whole_parts_in_correct() {
        use UrlNote::GoldInPred;
        check(&[
            (
                "http://127.0.0.1:9999/f/gaming/12/title",
                "f/gaming",
                GoldInPred,
                true,
                true,
            ),
            (
                "http://127.0.0.1:9999/f/games",
                "f/gaming",
                GoldInPred,
                false,
                false,
            ),
            (
                "http://127.0.0.1:9999/f/gaming_news",
                "f/gaming",
                GoldInPred,
                true,
                false,
            ),
            (
                "http://127.0.0.1:9999/f/gaming/123456",
                "http://127.0.0.1:9999/f/gaming/12345",
                GoldInPred,
                true,
                false,
            ),
            (
                "http://127.0.0.1:9999/f/gaming/12345/a-title",
                "http://127.0.0.1:9999/f/gaming/12345",
                GoldInPred,
                true,
                true,
            ),
            (
                "http://127.0.0.1:9980/index.php?page=item&id=50",
                ITEM,
                GoldInPred,
                true,
                false,
            ),
            (
                "http://127.0.0.1:9980/index.php?id=5&page=item&x=1",
                ITEM,
                GoldInPred,
                false,
                true,
            ),
            (
                "http://127.0.0.1:9980/index.php?page=item&id=5",
                "id=5",
                GoldInPred,
                true,
                false,
            ),
            (
                "http://127.0.0.1:9980/index.php?page=item&id=5",
                "?id=5",
                GoldInPred,
                false,
                true,
            ),
            (
                "http://127.0.0.1:9980/index.php?page=item&id=50",
                "?id=5",
                GoldInPred,
                false,
                false,
            ),
            (
                "http://127.0.0.1:9999/f/none",
                "http://127.0.0.1:9999/f/x |OR| ",
                GoldInPred,
                true,
                false,
            ),
        ]);
    }

    #[test]
    fn url_note_parsing() {
        assert_eq!(UrlNote::parse(None).unwrap(), UrlNote::Exact);
        assert_eq!(
            UrlNote::parse(Some("GOLD in PRED")).unwrap(),
            UrlNote::GoldInPred
        );
        assert!(
            UrlNote::parse(Some("gold in pred"))
                .unwrap_err()
                .is_config()
        );
    }
}
