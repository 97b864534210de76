//! The grammar of `func:` helper calls: `name(arg, …)` where each argument is `__page__` or a
//! Python string literal in single or double quotes. Nothing is ever evaluated as code.

/// One argument of a helper call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Arg {
    /// `__page__`: the live page.
    Page,
    /// A string literal (may contain the `__last_url__` placeholder).
    Text(String),
}

/// A parsed call.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Call {
    /// The function name.
    pub name: String,
    /// The arguments in order.
    pub args: Vec<Arg>,
}

/// Why a helper call does not parse.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum HelperParseError {
    /// The text is not `name(args)`.
    #[error("`{text}` is not a call such as `get_query_text(__page__, '.price')`: {problem}")]
    Syntax {
        /// The call text.
        text: String,
        /// What is wrong.
        problem: String,
    },
    /// The function is not one of VWA's helpers.
    #[error("unknown helper `{0}`")]
    Unknown(String),
    /// The helper exists but the arguments do not fit it.
    #[error("`{name}` expects ({expected})")]
    Arguments {
        /// The helper.
        name: String,
        /// Its signature.
        expected: &'static str,
    },
}

impl Call {
    /// Parses `name(args)`.
    pub fn parse(text: &str) -> Result<Call, HelperParseError> {
        let syntax = |problem: &str| HelperParseError::Syntax {
            text: text.to_owned(),
            problem: problem.to_owned(),
        };
        let trimmed = text.trim();
        let open = trimmed.find('(').ok_or_else(|| syntax("missing `(`"))?;
        let name = trimmed[..open].trim();
        if name.is_empty() || !name.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
            return Err(syntax("the function name must be an identifier"));
        }
        let mut rest = trimmed[open + 1..].trim_start();
        let mut args = Vec::new();
        loop {
            if let Some(after) = rest.strip_prefix(')') {
                if !after.trim().is_empty() {
                    return Err(syntax("text after the closing `)`"));
                }
                break;
            }
            if !args.is_empty() {
                rest = rest
                    .strip_prefix(',')
                    .ok_or_else(|| syntax("expected `,` or `)` between arguments"))?
                    .trim_start();
            }
            let (arg, after) = parse_arg(rest).map_err(|problem| syntax(&problem))?;
            args.push(arg);
            rest = after.trim_start();
        }
        Ok(Call {
            name: name.to_owned(),
            args,
        })
    }
}

fn parse_arg(text: &str) -> Result<(Arg, &str), String> {
    if let Some(rest) = text.strip_prefix("__page__") {
        return Ok((Arg::Page, rest));
    }
    let quote = text
        .chars()
        .next()
        .filter(|c| *c == '\'' || *c == '"')
        .ok_or("arguments must be `__page__` or a quoted string")?;
    let mut value = String::new();
    let mut chars = text.char_indices().skip(1);
    while let Some((index, c)) = chars.next() {
        match c {
            '\\' => {
                let (_, escaped) = chars.next().ok_or("unterminated string")?;
                value.push(match escaped {
                    'n' => '\n',
                    't' => '\t',
                    other => other,
                });
            }
            c if c == quote => return Ok((Arg::Text(value), &text[index + 1..])),
            c => value.push(c),
        }
    }
    Err("unterminated string".to_owned())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_both_quote_styles_and_page() {
        let call = Call::parse(r##"get_query_text(__page__, "#main > a[href='x']")"##).unwrap();
        assert_eq!(call.name, "get_query_text");
        assert_eq!(
            call.args,
            vec![Arg::Page, Arg::Text("#main > a[href='x']".into())]
        );
        let call = Call::parse(r"f('it\'s',__page__ ,'b')").unwrap();
        assert_eq!(
            call.args,
            vec![Arg::Text("it's".into()), Arg::Page, Arg::Text("b".into())]
        );
        assert!(
            Call::parse("shopping_get_latest_order_url()")
                .unwrap()
                .args
                .is_empty()
        );
    }

    #[test]
    fn rejects_malformed_calls() {
        for bad in [
            "get_query_text",
            "get_query_text(__page__, 'x'",
            "get_query_text(__page__ 'x')",
            "get_query_text(page, 'x')",
            "os.system('rm')",
            "f('x') + g()",
            "f('unterminated)",
            "(1)",
        ] {
            assert!(Call::parse(bad).is_err(), "{bad}");
        }
    }
}
