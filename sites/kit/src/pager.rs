//! Numbered page links for paged lists.

/// A page link in a pager.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PageLink {
    /// The page number shown.
    pub number: u32,
    /// Its URL.
    pub url: String,
    /// Whether it is the current page.
    pub current: bool,
}

/// Links to up to nine pages around `current` of `pages`, built by `url_of`.
pub fn pager(current: u32, pages: u32, url_of: impl Fn(u32) -> String) -> Vec<PageLink> {
    let first = current.saturating_sub(4).max(1);
    let last = (first + 8).min(pages);
    (first..=last)
        .map(|number| PageLink {
            number,
            url: url_of(number),
            current: number == current,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_the_pages_around_the_current_one() {
        let links = pager(10, 40, |number| format!("?p={number}"));
        let numbers: Vec<u32> = links.iter().map(|link| link.number).collect();
        assert_eq!(numbers, (6..=14).collect::<Vec<_>>());
        assert!(links.iter().any(|link| link.current && link.url == "?p=10"));
        assert_eq!(pager(1, 3, |n| n.to_string()).len(), 3);
        assert!(pager(1, 0, |n| n.to_string()).is_empty());
    }
}
