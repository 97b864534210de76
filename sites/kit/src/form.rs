//! Submitted form fields and their validation, with messages that say what to fix.

use crate::PageError;
use std::collections::HashMap;

/// The fields of a submitted form (or a query string).
#[derive(Debug, Clone, Default)]
pub struct Fields(pub HashMap<String, String>);

impl Fields {
    /// The trimmed value of a field, `None` when missing or blank.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .get(name)
            .map(|value| value.trim())
            .filter(|value| !value.is_empty())
    }

    /// A required text field of at most `max` characters.
    pub fn text(&self, name: &str, label: &str, max: usize) -> Result<String, PageError> {
        let value = self.get(name).ok_or_else(|| {
            PageError::bad_request(format!("{label} is required. Go back and fill it in."))
        })?;
        if value.chars().count() > max {
            return Err(PageError::bad_request(format!(
                "{label} is too long: at most {max} characters, please."
            )));
        }
        Ok(value.to_owned())
    }

    /// An optional positive integer field (an id or a page number).
    pub fn number(&self, name: &str, label: &str) -> Result<Option<i64>, PageError> {
        self.get(name)
            .map(|value| {
                value
                    .parse::<i64>()
                    .ok()
                    .filter(|number| *number > 0)
                    .ok_or_else(|| {
                        PageError::bad_request(format!(
                            "{label} must be a positive whole number, not \"{value}\"."
                        ))
                    })
            })
            .transpose()
    }

    /// A required positive integer field.
    pub fn required_number(&self, name: &str, label: &str) -> Result<i64, PageError> {
        self.number(name, label)?
            .ok_or_else(|| PageError::bad_request(format!("{label} is required.")))
    }

    /// An optional price field in dollars, as cents.
    pub fn price(&self, name: &str, label: &str) -> Result<Option<i64>, PageError> {
        self.get(name)
            .map(|value| {
                crate::money::parse_dollars(value).ok_or_else(|| {
                    PageError::bad_request(format!(
                        "{label} must be an amount in dollars such as 250 or 1,250.00, not \"{value}\"."
                    ))
                })
            })
            .transpose()
    }
}
