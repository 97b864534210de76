//! `program_html`: navigate, select a value from the page, check `required_contents`.

use crate::error::EvalError;
use crate::evaluation::{CheckKind, CheckReport, CheckStatus, EvaluatorReport, Outcome};
use crate::helper::{Helper, HelperParseError, UrlHelper};
use crate::judge::Judges;
use crate::matching::{exact_match, includes, includes_any, satisfies_any, str_to_int};
use crate::mode::EvalMode;
use crate::page::{Page, PageError};
use crate::render::render;
use crate::site_queries::SiteQueries;
use crate::string_match::fuzzy_any;
use crate::task::{Check, Checks, EvalType, FuzzyReference, HtmlTarget, OR_SEPARATOR};
use serde_json::Value;

/// The question VWA passes to the fuzzy judge in `program_html`.
const UNUSED_QUESTION: &str = "NOT USED";

/// Where a target is evaluated.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum TargetUrl {
    /// The page as it is (`last`).
    Last,
    /// Navigate here first.
    Literal(String),
    /// Navigate to a URL computed by a helper.
    Helper(UrlHelper),
}

impl TargetUrl {
    /// Parses a `url` / `eval_image_url` field.
    pub fn parse(text: &str) -> Result<TargetUrl, HelperParseError> {
        if text == "last" {
            Ok(TargetUrl::Last)
        } else if let Some(call) = text.strip_prefix("func:") {
            UrlHelper::parse(call).map(TargetUrl::Helper)
        } else if text.starts_with("func") {
            Err(HelperParseError::Syntax {
                text: text.to_owned(),
                problem: "URL helpers are written `func:<call>`".into(),
            })
        } else {
            Ok(TargetUrl::Literal(text.to_owned()))
        }
    }
}

/// What a locator selects.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LocatorKind {
    /// Empty: the page's full HTML.
    PageContent,
    /// `document.…` / `[...document.…`: a JS expression whose value is rendered as text.
    Script(String),
    /// `lambda:<expr>`: a JS expression; a falsy result selects nothing.
    Lambda(String),
    /// `func:<call>`: a helper.
    Helper(Helper),
}

/// A locator that is none of VWA's kinds.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum LocatorError {
    /// Unknown prefix.
    #[error(
        "locator must be empty or start with `document.`, `[...document.`, `lambda:` or `func:`"
    )]
    UnknownKind,
    /// A `func:` call that does not parse.
    #[error(transparent)]
    Helper(#[from] HelperParseError),
}

impl LocatorKind {
    /// Parses a `locator` field. `mode` matters only for `lambda:`, whose prefix VWA strips as
    /// a character set (`str.lstrip`).
    pub fn parse(text: &str, mode: EvalMode) -> Result<LocatorKind, LocatorError> {
        if text.trim().is_empty() {
            Ok(LocatorKind::PageContent)
        } else if text.starts_with("document.") || text.starts_with("[...document.") {
            Ok(LocatorKind::Script(text.to_owned()))
        } else if let Some(body) = text.strip_prefix("lambda:") {
            let body = match mode {
                EvalMode::Vwa => text.trim_start_matches(|c| "lambd:".contains(c)),
                EvalMode::Correct => body,
            };
            Ok(LocatorKind::Lambda(body.to_owned()))
        } else if let Some(call) = text.strip_prefix("func:") {
            Ok(LocatorKind::Helper(Helper::parse(call)?))
        } else {
            Err(LocatorError::UnknownKind)
        }
    }
}

/// Navigates as a `url` field says (nothing for `last`).
pub async fn navigate<P: Page, Q: SiteQueries + ?Sized>(
    page: &mut P,
    url_field: &str,
    field: &str,
    queries: &Q,
) -> Result<(), EvalError> {
    let target = TargetUrl::parse(url_field).map_err(|source| EvalError::Helper {
        field: field.to_owned(),
        source,
    })?;
    match target {
        TargetUrl::Last => Ok(()),
        TargetUrl::Literal(url) => Ok(page.goto(&url).await?),
        TargetUrl::Helper(helper) => {
            let last_url = page.url().await?;
            let url = helper.resolve(&last_url, queries).await?;
            Ok(page.goto(&url).await?)
        }
    }
}

/// Runs a locator; `None` means nothing was selected.
pub async fn select<P: Page, Q: SiteQueries + ?Sized>(
    page: &mut P,
    target: &HtmlTarget,
    field: &str,
    queries: &Q,
    mode: EvalMode,
) -> Result<Option<Value>, EvalError> {
    let locator = LocatorKind::parse(&target.locator, mode).map_err(|error| match error {
        LocatorError::Helper(source) => EvalError::Helper {
            field: format!("{field}.locator"),
            source,
        },
        other => EvalError::config(format!("{field}.locator"), other.to_string()),
    })?;
    match locator {
        LocatorKind::PageContent => Ok(Some(Value::from(page.content().await?))),
        LocatorKind::Script(expression) => {
            for action in &target.prep_actions {
                // VWA ignores failing preparation scripts.
                swallow_script_error(page.evaluate(action).await)?;
            }
            let value = swallow_script_error(page.evaluate(&expression).await)?;
            // A throwing expression selects the empty string.
            Ok(Some(value.unwrap_or_else(|| Value::from(""))))
        }
        LocatorKind::Lambda(expression) => {
            let value = swallow_script_error(page.evaluate(&expression).await)?;
            Ok(value.filter(is_truthy))
        }
        LocatorKind::Helper(helper) => Ok(Some(helper.run(page, queries, mode).await?)),
    }
}

fn swallow_script_error(result: Result<Value, PageError>) -> Result<Option<Value>, EvalError> {
    match result {
        Ok(value) => Ok(Some(value)),
        Err(error) if error.is_script() => Ok(None),
        Err(error) => Err(error.into()),
    }
}

fn is_truthy(value: &Value) -> bool {
    match value {
        Value::Null => false,
        Value::Bool(flag) => *flag,
        Value::Number(number) => number.as_f64().is_some_and(|n| n != 0.0 && !n.is_nan()),
        Value::String(text) => !text.is_empty(),
        Value::Array(_) | Value::Object(_) => true,
    }
}

/// The `required_contents` checks that apply: VWA checks only the first present key in the
/// order exact_match, must_include, must_exclude, required_values, fuzzy_match; Correct mode
/// checks them all in file order.
pub fn applicable_checks(checks: &Checks, mode: EvalMode) -> (Vec<&Check>, Vec<&Check>) {
    match mode {
        EvalMode::Correct => (checks.iter().collect(), Vec::new()),
        EvalMode::Vwa => {
            let priority = [
                "exact_match",
                "must_include",
                "must_exclude",
                "required_values",
                "fuzzy_match",
            ];
            let first = priority
                .iter()
                .find_map(|key| checks.iter().find(|check| check.key() == *key));
            let skipped = checks
                .iter()
                .filter(|check| first.is_none_or(|first| !std::ptr::eq(*check, first)))
                .collect();
            (first.into_iter().collect(), skipped)
        }
    }
}

/// Checks an already-selected value against `required_contents`.
pub async fn check_selected(
    value: &Value,
    checks: &Checks,
    field: &str,
    judges: &Judges,
    mode: EvalMode,
) -> Result<Vec<CheckReport>, EvalError> {
    let text = render(value, mode);
    let (applied, skipped) = applicable_checks(checks, mode);
    if applied.is_empty() && !checks.is_empty() {
        return Err(EvalError::config(
            format!("{field}.required_contents"),
            "no known check; use exact_match, must_include, must_exclude, required_values or fuzzy_match",
        ));
    }
    let mut reports = Vec::new();
    for check in applied {
        let pass = |pass: bool| CheckStatus::from_pass(pass);
        match check {
            Check::ExactMatch(reference) => reports.push(CheckReport::new(
                CheckKind::ExactMatch,
                reference,
                &text,
                pass(exact_match(reference, &text, mode)),
            )),
            Check::MustInclude(items) => {
                for item in items {
                    let status = pass(includes_any(item, &text, mode));
                    reports.push(CheckReport::new(
                        CheckKind::MustInclude,
                        item,
                        &text,
                        status,
                    ));
                }
            }
            Check::MustExclude(items) => {
                for item in items {
                    if item.contains(OR_SEPARATOR) {
                        return Err(EvalError::config(
                            format!("{field}.required_contents.must_exclude"),
                            "must_exclude items cannot use ` |OR| `; list each excluded text separately",
                        ));
                    }
                    let status = pass(!includes(item, &text, mode));
                    reports.push(CheckReport::new(
                        CheckKind::MustExclude,
                        item,
                        &text,
                        status,
                    ));
                }
            }
            Check::RequiredValues(items) => {
                let number = match value {
                    Value::Number(number) => number.as_f64(),
                    Value::String(text) => match mode {
                        EvalMode::Vwa => str_to_int(text).map(|number| number as f64),
                        EvalMode::Correct => text.trim().replace(',', "").parse::<f64>().ok(),
                    },
                    _ => None,
                };
                for item in items {
                    let holds = match number {
                        None => false,
                        Some(number) => satisfies_any(number, item, mode).map_err(|error| {
                            EvalError::config(
                                format!("{field}.required_contents.required_values"),
                                error.to_string(),
                            )
                        })?,
                    };
                    reports.push(CheckReport::new(
                        CheckKind::RequiredValues,
                        item,
                        &text,
                        pass(holds),
                    ));
                }
            }
            Check::FuzzyMatch(reference) => {
                let references = match reference {
                    FuzzyReference::NotAchievable => vec!["N/A".to_owned()],
                    FuzzyReference::Text(reference) => vec![reference.clone()],
                    FuzzyReference::List(references) => references.clone(),
                };
                for reference in references {
                    let status = fuzzy_any(judges, &text, &reference, UNUSED_QUESTION, mode).await;
                    reports.push(CheckReport::new(
                        CheckKind::FuzzyMatch,
                        reference,
                        &text,
                        status,
                    ));
                }
            }
            Check::OneOf(_) | Check::Unknown { .. } => {
                return Err(EvalError::config(
                    format!("{field}.required_contents.{}", check.key()),
                    "not a program_html check; use exact_match, must_include, must_exclude, required_values or fuzzy_match",
                ));
            }
        }
    }
    for check in skipped {
        reports.push(CheckReport::new(
            CheckKind::Skipped,
            format!("{} (VWA checks only the first key)", check.key()),
            &text,
            CheckStatus::Pass,
        ));
    }
    Ok(reports)
}

/// Runs every `program_html` target in order on the live page.
pub async fn evaluate_html<P: Page, Q: SiteQueries + ?Sized>(
    targets: &[HtmlTarget],
    page: &mut P,
    queries: &Q,
    judges: &Judges,
    mode: EvalMode,
) -> Result<EvaluatorReport, EvalError> {
    let mut outcome = Outcome::Score(1.0);
    let mut checks = Vec::new();
    for (index, target) in targets.iter().enumerate() {
        let field = format!("eval.program_html[{index}]");
        navigate(page, &target.url, &format!("{field}.url"), queries).await?;
        let Some(value) = select(page, target, &field, queries, mode).await? else {
            // Nothing selected: score 0 and stop, as VWA does.
            checks.push(CheckReport::new(
                CheckKind::Selection,
                &target.locator,
                "nothing selected",
                CheckStatus::Fail,
            ));
            outcome = Outcome::Score(0.0);
            break;
        };
        for report in
            check_selected(&value, &target.required_contents, &field, judges, mode).await?
        {
            outcome = outcome.times(report.status.outcome());
            checks.push(report);
        }
    }
    Ok(EvaluatorReport {
        eval_type: EvalType::ProgramHtml,
        outcome,
        checks,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn url_kinds_parse() {
        assert_eq!(TargetUrl::parse("last"), Ok(TargetUrl::Last));
        assert_eq!(
            TargetUrl::parse("http://127.0.0.1:7770/checkout/cart"),
            Ok(TargetUrl::Literal(
                "http://127.0.0.1:7770/checkout/cart".into()
            ))
        );
        assert_eq!(
            TargetUrl::parse("func:shopping_get_latest_order_url()"),
            Ok(TargetUrl::Helper(UrlHelper::ShoppingGetLatestOrderUrl))
        );
        assert!(TargetUrl::parse("func shopping_get_latest_order_url()").is_err());
    }

    #[test]
    fn locator_kinds_parse() {
        assert_eq!(
            LocatorKind::parse("  ", EvalMode::Correct),
            Ok(LocatorKind::PageContent)
        );
        assert!(matches!(
            LocatorKind::parse(
                "[...document.querySelectorAll('a')].length",
                EvalMode::Correct
            ),
            Ok(LocatorKind::Script(_))
        ));
        assert!(matches!(
            LocatorKind::parse("func:get_query_text(__page__, '.price')", EvalMode::Vwa),
            Ok(LocatorKind::Helper(Helper::GetQueryText { .. }))
        ));
        assert_eq!(
            LocatorKind::parse("window.location.href", EvalMode::Correct),
            Err(LocatorError::UnknownKind)
        );
        assert!(matches!(
            LocatorKind::parse("func:nope(__page__)", EvalMode::Correct),
            Err(LocatorError::Helper(HelperParseError::Unknown(_)))
        ));
    }

    #[test]
    fn falsy_lambda_results_select_nothing() {
        for falsy in [json!(null), json!(""), json!(0), json!(false)] {
            assert!(!is_truthy(&falsy), "{falsy}");
        }
        for truthy in [json!("x"), json!(1), json!(true), json!([]), json!({})] {
            assert!(is_truthy(&truthy), "{truthy}");
        }
    }

    #[test]
    fn only_script_errors_are_swallowed() {
        let thrown = Err(PageError::Script {
            message: "TypeError".into(),
        });
        assert_eq!(swallow_script_error(thrown).unwrap(), None);
        let gone = Err(PageError::Browser("session closed".into()));
        assert!(swallow_script_error(gone).unwrap_err().is_page());
        assert_eq!(swallow_script_error(Ok(json!(3))).unwrap(), Some(json!(3)));
    }
}
