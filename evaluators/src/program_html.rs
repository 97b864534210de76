//! `program_html`: navigate, select a value from the page, check `required_contents`.

use crate::error::EvalError;
use crate::evaluation::{CheckKind, CheckReport, CheckStatus, EvaluatorReport, Outcome};
use crate::helper::{Helper, HelperParseError, UrlHelper};
use crate::js_value::JsValue;
use crate::judge::Judges;
use crate::matching::{exact_match, includes, includes_any, parse_number, satisfies_any};
use crate::mode::EvalMode;
use crate::page::{Page, PageError};
use crate::python::PyValue;
use crate::site_queries::SiteQueries;
use crate::string_match::fuzzy_any;
use crate::task::{Check, Checks, EvalType, FuzzyReference, HtmlTarget, OR_SEPARATOR};

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
                EvalMode::Correct | EvalMode::Magebench => body,
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

/// What a locator selected, before the mode decides how to read it.
#[derive(Debug, Clone, PartialEq)]
pub enum Selection {
    /// The page's full HTML (empty locator).
    Html(String),
    /// A `document.` expression's value; `None` if it threw.
    Script(Option<JsValue>),
    /// A `lambda:` expression's value; `None` if it threw.
    Lambda(Option<JsValue>),
    /// A helper's value.
    Helper(JsValue),
}

impl Selection {
    /// The value VWA's Python code holds: `str()` of a `document.` value (`""` if it threw),
    /// a `lambda:` value as Playwright converts it (`None` if falsy or thrown), helper values
    /// as they are. `None` means nothing was selected.
    pub fn to_python(&self) -> Option<PyValue> {
        match self {
            Selection::Html(html) => Some(PyValue::Str(html.clone())),
            Selection::Script(value) => Some(PyValue::Str(
                value
                    .as_ref()
                    .map(|value| value.to_python().to_str())
                    .unwrap_or_default(),
            )),
            Selection::Lambda(value) => value
                .as_ref()
                .map(JsValue::to_python)
                .filter(PyValue::is_truthy),
            Selection::Helper(value) => Some(value.to_python()),
        }
    }

    /// The value `correct` mode reads: as JavaScript made it; a thrown `document.`
    /// expression selects `""`; a falsy or thrown `lambda:` selects nothing.
    pub fn to_js(&self) -> Option<JsValue> {
        match self {
            Selection::Html(html) => Some(JsValue::String(html.clone())),
            Selection::Script(value) => {
                Some(value.clone().unwrap_or(JsValue::String(String::new())))
            }
            Selection::Lambda(value) => value.clone().filter(JsValue::is_truthy),
            Selection::Helper(value) => Some(value.clone()),
        }
    }
}

/// Runs a locator.
pub async fn select<P: Page, Q: SiteQueries + ?Sized>(
    page: &mut P,
    target: &HtmlTarget,
    field: &str,
    queries: &Q,
    mode: EvalMode,
) -> Result<Selection, EvalError> {
    let locator = LocatorKind::parse(&target.locator, mode).map_err(|error| match error {
        LocatorError::Helper(source) => EvalError::Helper {
            field: format!("{field}.locator"),
            source,
        },
        other => match mode {
            EvalMode::Vwa => {
                EvalError::vwa_raises("ValueError", format!("Unknown locator: {}", target.locator))
            }
            EvalMode::Correct | EvalMode::Magebench => {
                EvalError::config(format!("{field}.locator"), other.to_string())
            }
        },
    })?;
    Ok(match locator {
        LocatorKind::PageContent => Selection::Html(page.content().await?),
        LocatorKind::Script(expression) => {
            for action in &target.prep_actions {
                // VWA ignores failing preparation scripts.
                swallow_script_error(page.evaluate(action).await)?;
            }
            Selection::Script(swallow_script_error(page.evaluate(&expression).await)?)
        }
        LocatorKind::Lambda(expression) => {
            Selection::Lambda(swallow_script_error(page.evaluate(&expression).await)?)
        }
        LocatorKind::Helper(helper) => {
            Selection::Helper(JsValue::from_json(&helper.run(page, queries, mode).await?))
        }
    })
}

fn swallow_script_error(result: Result<JsValue, PageError>) -> Result<Option<JsValue>, EvalError> {
    match result {
        Ok(value) => Ok(Some(value)),
        Err(error) if error.is_script() => Ok(None),
        Err(error) => Err(error.into()),
    }
}

/// Checks a selection against `required_contents`; `None` means nothing was selected.
///
/// `vwa` mode is VWA's own flow ([`crate::vwa::check_selected`]): only the first present key
/// of exact_match, must_include, must_exclude, required_values, fuzzy_match is checked.
/// `correct` mode checks every key in file order on the value's text.
pub async fn check_selection(
    selection: &Selection,
    checks: &Checks,
    field: &str,
    judges: &Judges,
    mode: EvalMode,
) -> Result<Option<Vec<CheckReport>>, EvalError> {
    match mode {
        EvalMode::Vwa => match selection.to_python() {
            Some(value) => crate::vwa::check_selected(&value, checks, judges)
                .await
                .map(Some),
            None => Ok(None),
        },
        EvalMode::Correct | EvalMode::Magebench => match selection.to_js() {
            Some(value) => check_correctly(&value, checks, field, judges)
                .await
                .map(Some),
            None => Ok(None),
        },
    }
}

/// `correct` mode: every key of `required_contents`, in file order, on the value's text.
async fn check_correctly(
    value: &JsValue,
    checks: &Checks,
    field: &str,
    judges: &Judges,
) -> Result<Vec<CheckReport>, EvalError> {
    let mode = EvalMode::Correct;
    let text = value.to_text();
    let mut reports = Vec::new();
    let pass = |pass: bool| CheckStatus::from_pass(pass);
    for check in checks.iter() {
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
                let number = value.as_number().or_else(|| match value {
                    JsValue::String(text) => parse_number(text),
                    _ => None,
                });
                for item in items {
                    let holds = match number {
                        None => false,
                        Some(number) => satisfies_any(number, item).map_err(|error| {
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
                    let status = fuzzy_any(judges, &text, &reference, UNUSED_QUESTION).await;
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
        let selection = select(page, target, &field, queries, mode).await?;
        let Some(reports) =
            check_selection(&selection, &target.required_contents, &field, judges, mode).await?
        else {
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
        for report in reports {
            outcome = outcome.times(report.status.outcome());
            checks.push(report);
        }
    }
    Ok(EvaluatorReport {
        eval_type: EvalType::ProgramHtml,
        outcome,
        checks,
        aes: None,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

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
    fn falsy_lambda_results_select_nothing_by_each_languages_rule() {
        let lambda = |value: JsValue| Selection::Lambda(Some(value));
        // Python: NaN is truthy, empty containers are falsy; JavaScript: the reverse.
        let nan = lambda(JsValue::Number(f64::NAN));
        assert!(nan.to_python().is_some());
        assert!(nan.to_js().is_none());
        let empty = lambda(JsValue::Array(Vec::new()));
        assert!(empty.to_python().is_none());
        assert!(empty.to_js().is_some());
        for falsy in [
            JsValue::Null,
            JsValue::String(String::new()),
            JsValue::Number(-0.0),
        ] {
            assert!(lambda(falsy.clone()).to_python().is_none(), "{falsy:?}");
            assert!(lambda(falsy.clone()).to_js().is_none(), "{falsy:?}");
        }
        assert!(Selection::Lambda(None).to_python().is_none());
        let thrown = Selection::Script(None);
        assert_eq!(thrown.to_python(), Some(PyValue::Str(String::new())));
        assert_eq!(thrown.to_js(), Some(JsValue::String(String::new())));
    }

    #[test]
    fn only_script_errors_are_swallowed() {
        let thrown = Err(PageError::Script {
            message: "TypeError".into(),
        });
        assert_eq!(swallow_script_error(thrown).unwrap(), None);
        let gone = Err(PageError::Browser("session closed".into()));
        assert!(swallow_script_error(gone).unwrap_err().is_page());
        assert_eq!(
            swallow_script_error(Ok(JsValue::Number(3.0))).unwrap(),
            Some(JsValue::Number(3.0))
        );
    }
}
