//! Magento's `searchCriteria` query parameters (`searchCriteria[sortOrders][0][field]=…`,
//! `searchCriteria[filter_groups][0][filters][0][value]=…`, `searchCriteria[pageSize]=…`)
//! parsed into an [`OrderSearch`], every count and length bounded.

use super::error::RestError;
use crate::db::api::{Condition, Filter, OrderField, OrderSearch, Sort};
use rusqlite::types::Value;
use serde_json::json;
use std::collections::BTreeMap;

/// Orders per page at most (also the page size when none is given).
pub const MAX_PAGE_SIZE: u32 = 300;
/// Query parameters read at most.
const MAX_PARAMETERS: usize = 200;
/// Sort orders at most.
const MAX_SORTS: usize = 5;
/// Filter groups at most, and filters per group at most.
const MAX_FILTERS: usize = 10;
/// Values of an `in`/`nin` list at most.
const MAX_LIST: usize = 100;
/// Characters of a value at most.
const MAX_VALUE: usize = 256;
/// Pages at most (`currentPage`).
const MAX_PAGE: u32 = 1_000_000;

fn invalid(message: impl Into<String>) -> RestError {
    RestError::Invalid(message.into())
}

/// The bracketed parts of a `searchCriteria[a][b]…` key, or `None` for another key.
fn parts(key: &str) -> Option<Vec<&str>> {
    let mut rest = key.strip_prefix("searchCriteria")?;
    let mut parts = Vec::new();
    while !rest.is_empty() {
        let inner = rest.strip_prefix('[')?;
        let end = inner.find(']')?;
        parts.push(&inner[..end]);
        rest = &inner[end + 1..];
    }
    Some(parts)
}

fn index(text: &str, limit: usize, what: &str) -> Result<usize, RestError> {
    text.parse::<usize>()
        .ok()
        .filter(|index| *index < limit)
        .ok_or_else(|| {
            invalid(format!(
                "{what} index `{text}` is not a number below {limit}."
            ))
        })
}

fn number<T: std::str::FromStr + PartialOrd + std::fmt::Display>(
    text: &str,
    low: T,
    high: T,
    name: &str,
) -> Result<T, RestError> {
    text.trim()
        .parse::<T>()
        .ok()
        .filter(|value| *value >= low && *value <= high)
        .ok_or_else(|| {
            invalid(format!(
                "searchCriteria[{name}] must be a whole number from {low} to {high}."
            ))
        })
}

#[derive(Default)]
struct PartialSort {
    field: Option<String>,
    direction: Option<String>,
}

#[derive(Default)]
struct PartialFilter {
    field: Option<String>,
    value: Option<String>,
    condition: Option<String>,
}

fn field_of(name: &str) -> Result<OrderField, RestError> {
    OrderField::of_name(name.trim()).ok_or_else(|| {
        let known: Vec<&str> = OrderField::ALL.iter().map(|field| field.name()).collect();
        invalid(format!(
            "The order field `{name}` cannot be searched or sorted on: use one of {}.",
            known.join(", ")
        ))
    })
}

fn filter_of(partial: PartialFilter) -> Result<Filter, RestError> {
    let field = field_of(
        partial
            .field
            .as_deref()
            .ok_or(RestError::Required { field: "field" })?,
    )?;
    let condition = match partial.condition.as_deref() {
        None => Condition::Eq,
        Some(name) => Condition::of_name(name.trim()).ok_or_else(|| {
            let known: Vec<&str> = Condition::ALL.iter().map(|c| c.name()).collect();
            invalid(format!(
                "The condition_type `{name}` is not supported: use one of {}.",
                known.join(", ")
            ))
        })?,
    };
    let text = partial
        .value
        .ok_or(RestError::Required { field: "value" })?;
    let texts: Vec<&str> = if condition.takes_list() {
        text.split(',').map(str::trim).collect()
    } else {
        vec![text.as_str()]
    };
    if texts.len() > MAX_LIST {
        return Err(invalid(format!(
            "An `{}` list holds at most {MAX_LIST} values.",
            condition.name()
        )));
    }
    let values = texts
        .into_iter()
        .map(|text| {
            if !field.is_number() || matches!(condition, Condition::Like | Condition::Nlike) {
                return Ok(Value::Text(text.to_owned()));
            }
            text.trim().parse::<f64>().map(Value::Real).map_err(|_| {
                invalid(format!(
                    "The order field `{}` holds numbers: `{text}` is not one.",
                    field.name()
                ))
            })
        })
        .collect::<Result<_, _>>()?;
    Ok(Filter {
        field,
        condition,
        values,
    })
}

/// The search the query `pairs` ask for, and its echo as Magento returns it
/// (`search_criteria`). `searchCriteria` must be given (an empty `searchCriteria=` is enough).
pub fn parse(pairs: &[(String, String)]) -> Result<(OrderSearch, serde_json::Value), RestError> {
    if pairs.len() > MAX_PARAMETERS {
        return Err(invalid(format!(
            "Send at most {MAX_PARAMETERS} query parameters."
        )));
    }
    let mut sorts: BTreeMap<usize, PartialSort> = BTreeMap::new();
    let mut groups: BTreeMap<usize, BTreeMap<usize, PartialFilter>> = BTreeMap::new();
    let mut page_size = None;
    let mut current_page = None;
    let mut given = false;
    for (key, value) in pairs {
        if key == "fields" {
            // Magento's partial responses: every field is returned instead.
            continue;
        }
        let Some(parts) = parts(key) else {
            return Err(invalid(format!(
                "The query parameter `{key}` is not understood: orders are searched with searchCriteria[…] parameters."
            )));
        };
        given = true;
        if value.chars().count() > MAX_VALUE {
            return Err(invalid(format!(
                "The value of `{key}` is longer than {MAX_VALUE} characters."
            )));
        }
        match parts.as_slice() {
            [] => {}
            ["pageSize"] => page_size = Some(number(value, 1, MAX_PAGE_SIZE, "pageSize")?),
            ["currentPage"] => current_page = Some(number(value, 1, MAX_PAGE, "currentPage")?),
            ["sortOrders", at, name] => {
                let sort = sorts
                    .entry(index(at, MAX_SORTS, "A sortOrders")?)
                    .or_default();
                match *name {
                    "field" => sort.field = Some(value.clone()),
                    "direction" => sort.direction = Some(value.clone()),
                    other => {
                        return Err(invalid(format!(
                            "A sort order has a field and a direction, not `{other}`."
                        )));
                    }
                }
            }
            ["filter_groups" | "filterGroups", group, "filters", at, name] => {
                let filter = groups
                    .entry(index(group, MAX_FILTERS, "A filter_groups")?)
                    .or_default()
                    .entry(index(at, MAX_FILTERS, "A filters")?)
                    .or_default();
                match *name {
                    "field" => filter.field = Some(value.clone()),
                    "value" => filter.value = Some(value.clone()),
                    "condition_type" | "conditionType" => filter.condition = Some(value.clone()),
                    other => {
                        return Err(invalid(format!(
                            "A filter has a field, a value and a condition_type, not `{other}`."
                        )));
                    }
                }
            }
            _ => {
                return Err(invalid(format!(
                    "`{key}` is not a searchCriteria parameter: use filter_groups, sortOrders, pageSize and currentPage."
                )));
            }
        }
    }
    if !given {
        return Err(RestError::Required {
            field: "searchCriteria",
        });
    }
    let sorts: Vec<Sort> = sorts
        .into_values()
        .map(|partial| {
            let field = field_of(
                partial
                    .field
                    .as_deref()
                    .ok_or(RestError::Required { field: "field" })?,
            )?;
            let descending = match partial.direction.as_deref().map(str::trim) {
                None => false,
                Some(direction) if direction.eq_ignore_ascii_case("ASC") => false,
                Some(direction) if direction.eq_ignore_ascii_case("DESC") => true,
                Some(other) => {
                    return Err(invalid(format!(
                        "The sort direction `{other}` is not ASC or DESC."
                    )));
                }
            };
            Ok(Sort { field, descending })
        })
        .collect::<Result<_, RestError>>()?;
    let groups: Vec<Vec<Filter>> = groups
        .into_values()
        .map(|filters| filters.into_values().map(filter_of).collect())
        .collect::<Result<_, RestError>>()?;
    let mut echo = json!({
        "filter_groups": groups.iter().map(|group| json!({
            "filters": group.iter().map(|filter| json!({
                "field": filter.field.name(),
                "value": filter.values.iter().map(|value| match value {
                    Value::Real(number) => number.to_string(),
                    Value::Text(text) => text.clone(),
                    _ => String::new(),
                }).collect::<Vec<_>>().join(","),
                "condition_type": filter.condition.name(),
            })).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
    });
    if !sorts.is_empty() {
        echo["sort_orders"] = sorts
            .iter()
            .map(|sort| {
                json!({
                    "field": sort.field.name(),
                    "direction": if sort.descending { "DESC" } else { "ASC" },
                })
            })
            .collect();
    }
    if let Some(size) = page_size {
        echo["page_size"] = json!(size);
    }
    if let Some(page) = current_page {
        echo["current_page"] = json!(page);
    }
    Ok((
        OrderSearch {
            groups,
            sorts,
            page_size: page_size.unwrap_or(MAX_PAGE_SIZE),
            current_page: current_page.unwrap_or(1),
        },
        echo,
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter()
            .map(|(key, value)| ((*key).to_owned(), (*value).to_owned()))
            .collect()
    }

    fn message(list: &[(&str, &str)]) -> String {
        parse(&pairs(list)).unwrap_err().to_string()
    }

    #[test]
    fn vwa_latest_order_criteria_parse() {
        let (search, echo) = parse(&pairs(&[
            ("searchCriteria[sortOrders][0][field]", "created_at"),
            ("searchCriteria[sortOrders][0][direction]", "DESC"),
            ("searchCriteria[pageSize]", "1"),
        ]))
        .unwrap();
        assert_eq!(
            search.sorts,
            [Sort {
                field: OrderField::CreatedAt,
                descending: true
            }]
        );
        assert_eq!((search.page_size, search.current_page), (1, 1));
        assert_eq!(echo["sort_orders"][0]["direction"], "DESC");
        assert_eq!(echo["page_size"], 1);
    }

    #[test]
    fn filters_group_and_lists_split() {
        let (search, _) = parse(&pairs(&[
            (
                "searchCriteria[filter_groups][0][filters][0][field]",
                "status",
            ),
            (
                "searchCriteria[filter_groups][0][filters][0][value]",
                "complete,canceled",
            ),
            (
                "searchCriteria[filter_groups][0][filters][0][condition_type]",
                "in",
            ),
            (
                "searchCriteria[filter_groups][1][filters][0][field]",
                "grand_total",
            ),
            ("searchCriteria[filter_groups][1][filters][0][value]", "50"),
            (
                "searchCriteria[filter_groups][1][filters][0][condition_type]",
                "gt",
            ),
        ]))
        .unwrap();
        assert_eq!(search.groups.len(), 2);
        assert_eq!(search.groups[0][0].values.len(), 2);
        assert_eq!(search.groups[1][0].values, [Value::Real(50.0)]);
        assert_eq!(search.page_size, MAX_PAGE_SIZE);
    }

    #[test]
    fn bad_criteria_say_what_to_send() {
        assert!(matches!(
            parse(&[]),
            Err(RestError::Required {
                field: "searchCriteria"
            })
        ));
        assert!(message(&[("searchCriteria[pageSize]", "0")]).contains("from 1 to 300"));
        assert!(message(&[("searchCriteria[pageSize]", "301")]).contains("from 1 to 300"));
        assert!(
            message(&[("searchCriteria[sortOrders][0][field]", "password")])
                .contains("use one of entity_id")
        );
        assert!(message(&[("searchCriteria[sortOrders][9][field]", "status")]).contains("below 5"));
        assert!(
            message(&[
                (
                    "searchCriteria[filter_groups][0][filters][0][field]",
                    "entity_id"
                ),
                ("searchCriteria[filter_groups][0][filters][0][value]", "abc"),
            ])
            .contains("holds numbers")
        );
        assert!(
            message(&[
                (
                    "searchCriteria[filter_groups][0][filters][0][field]",
                    "status"
                ),
                ("searchCriteria[filter_groups][0][filters][0][value]", "x"),
                (
                    "searchCriteria[filter_groups][0][filters][0][condition_type]",
                    "finset"
                ),
            ])
            .contains("not supported")
        );
        assert!(message(&[("other", "1")]).contains("not understood"));
        let many: Vec<(String, String)> = (0..=MAX_PARAMETERS)
            .map(|i| (format!("searchCriteria[x{i}]"), String::new()))
            .collect();
        assert!(
            parse(&many)
                .unwrap_err()
                .to_string()
                .contains("at most 200")
        );
    }
}
