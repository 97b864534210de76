//! `/search?q=…`: submissions whose title or body has every word, best matches first, in
//! Postmill's result layout (`&page=N` for later pages).

use super::{PageResult, Post};
use crate::ForumError;
use crate::db::search::{self, MAX_PAGE};
use crate::visitor::{Framed, Layout, Visitor};
use askama::Template;
use kit::PageError;
use kit::form::Fields;
use percent_encoding::{NON_ALPHANUMERIC, utf8_percent_encode};

/// Longest query, in characters.
pub const MAX_QUERY: usize = 200;

#[derive(Template)]
#[template(path = "search.html")]
struct SearchPage {
    layout: Layout,
    query: String,
    searched: bool,
    posts: Vec<Post>,
    next_href: Option<String>,
}

/// `GET /search` with `q` (the words) and optional `page`.
pub async fn show(visitor: &Visitor, query: &Fields) -> PageResult {
    let text = query.get("q").unwrap_or("").trim().to_owned();
    if text.chars().count() > MAX_QUERY {
        return Err(PageError::bad_request(format!(
            "The search is too long: use at most {MAX_QUERY} characters."
        )));
    }
    let page = match query.get("page") {
        None => 1,
        Some(number) => number
            .parse::<u32>()
            .ok()
            .filter(|page| (1..=MAX_PAGE).contains(page))
            .ok_or_else(|| {
                PageError::bad_request(format!(
                    "The page must be a number from 1 to {MAX_PAGE}, not \"{number}\"."
                ))
            })?,
    };
    let words = search::words_of(&text);
    let searched = !words.is_empty();
    let viewer = visitor.user.as_ref().map_or(0, |user| user.id);
    let results = visitor
        .database
        .call(move |connection| Ok::<_, ForumError>(search::run(connection, &words, page, viewer)?))
        .await?;
    let next_href = results.more.then(|| {
        let encoded = utf8_percent_encode(&text, NON_ALPHANUMERIC);
        format!("/search?q={encoded}&page={}", page + 1)
    });
    let view = SearchPage {
        layout: visitor.layout(if searched {
            format!("Search results for \"{text}\"")
        } else {
            "Search".to_owned()
        }),
        query: text,
        searched,
        posts: results.submissions.into_iter().map(Post::from).collect(),
        next_href,
    };
    Ok(visitor.render(&view))
}
