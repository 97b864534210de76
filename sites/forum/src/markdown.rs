//! Markdown of submissions and comments to safe HTML: rendered by pulldown-cmark, then
//! cleaned by ammonia (no scripts, no event handlers, no `javascript:` links).

use pulldown_cmark::{Options, Parser, html};

/// `source` rendered as sanitised HTML.
pub fn render(source: &str) -> String {
    let mut options = Options::empty();
    options.insert(Options::ENABLE_STRIKETHROUGH);
    options.insert(Options::ENABLE_TABLES);
    let mut unsafe_html = String::with_capacity(source.len() * 3 / 2);
    html::push_html(&mut unsafe_html, Parser::new_ext(source, options));
    ammonia::Builder::default()
        .link_rel(Some("nofollow noopener noreferrer"))
        .clean(&unsafe_html)
        .to_string()
}

#[cfg(test)]
mod tests {
    use super::render;

    #[test]
    fn formats_markdown_and_drops_scripts_handlers_and_javascript_links() {
        let html = render(
            "**bold** [x](javascript:alert(1)) <script>alert(2)</script> <img src=x onerror=alert(3)>",
        );
        assert!(html.contains("<strong>bold</strong>"), "{html}");
        assert!(!html.contains("<script"), "{html}");
        assert!(!html.contains("onerror"), "{html}");
        assert!(!html.contains("javascript:"), "{html}");
    }
}
