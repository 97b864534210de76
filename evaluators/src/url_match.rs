//! `url_match`: the page's current URL against `reference_url`.

use crate::error::EvalError;
use crate::evaluation::{CheckKind, CheckReport, CheckStatus, EvaluatorReport};
use crate::matching::clean_url;
use crate::page::Page;
use crate::task::{EvalSpec, EvalType, OR_SEPARATOR};

/// How a URL is compared with the references.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UrlNote {
    /// The URL equals one reference (VWA's default).
    Exact,
    /// Some reference is a substring of the URL.
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

/// Whether `url` matches ` |OR| `-separated `references` under `note` (both sides cleaned).
pub fn url_matches(url: &str, references: &str, note: UrlNote) -> bool {
    let url = clean_url(url);
    let mut references = references.split(OR_SEPARATOR).map(clean_url);
    match note {
        UrlNote::Exact => references.any(|reference| reference == url),
        UrlNote::GoldInPred => references.any(|reference| url.contains(&reference)),
    }
}

/// Compares the page's current URL with the task's references.
pub async fn evaluate_url<P: Page>(
    spec: &EvalSpec,
    page: &mut P,
) -> Result<EvaluatorReport, EvalError> {
    let note = UrlNote::parse(spec.url_note.as_deref())?;
    let references = spec.reference_url.as_deref().unwrap_or_default();
    let url = page.url().await?;
    let status = CheckStatus::from_pass(url_matches(&url, references, note));
    let check = CheckReport::new(CheckKind::UrlMatch, references, url, status);
    Ok(EvaluatorReport {
        eval_type: EvalType::UrlMatch,
        outcome: check.status.outcome(),
        checks: vec![check],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn exact_needs_full_equality_after_cleaning() {
        let reference = "http://127.0.0.1:9980/index.php?page=item&id=5";
        assert!(url_matches(
            "http://localhost:9980/index.php?page=item&id=5/",
            reference,
            UrlNote::Exact
        ));
        assert!(!url_matches(
            "http://127.0.0.1:9980/index.php?page=item&id=50",
            reference,
            UrlNote::Exact
        ));
        assert!(!url_matches(
            "http://127.0.0.1:9980/index.php?page=item&id=5#x",
            reference,
            UrlNote::Exact
        ));
        assert!(url_matches(
            "http://h/b/",
            "http://h/a |OR| http://h/b",
            UrlNote::Exact
        ));
    }

    #[test]
    fn gold_in_pred_is_substring() {
        assert!(url_matches(
            "http://127.0.0.1:9999/f/gaming/12/title",
            "f/gaming",
            UrlNote::GoldInPred
        ));
        assert!(!url_matches(
            "http://127.0.0.1:9999/f/games",
            "f/gaming",
            UrlNote::GoldInPred
        ));
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
