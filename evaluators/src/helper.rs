//! VWA's `func:` helpers as a closed enum: parsed from the task text, never evaluated as code.
//!
//! Page-DOM helpers run JS files from `helper/js/` in the page with arguments; REST-backed
//! shopping helpers are answered by [`SiteQueries`]; `reddit_get_post_url` is pure URL logic.

mod call;
mod comment_tree;

pub use call::{Arg, Call, HelperParseError};
pub use comment_tree::CommentNode;

use crate::error::EvalError;
use crate::mode::EvalMode;
use crate::page::Page;
use crate::site_queries::SiteQueries;
use crate::task::OR_SEPARATOR;
use serde_json::Value;

const QUERY_TEXT_JS: &str = include_str!("helper/js/query_text.js");
const ORDER_PRODUCTS_JS: &str = include_str!("helper/js/shopping_order_products.js");
const PRODUCT_ATTRIBUTES_JS: &str = include_str!("helper/js/shopping_product_attributes.js");
const PRODUCT_PRICE_JS: &str = include_str!("helper/js/shopping_product_price.js");
const NUM_REVIEWS_JS: &str = include_str!("helper/js/shopping_num_reviews.js");
const RATING_PERCENTAGE_JS: &str = include_str!("helper/js/shopping_rating_percentage.js");
const COMMENT_TREE_JS: &str = include_str!("helper/js/reddit_comment_tree.js");
const MEMBER_ROLE_JS: &str = include_str!("helper/js/gitlab_member_role.js");

/// A helper usable as a `program_html` locator (`func:<call>`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Helper {
    /// `get_query_text(__page__, selector)`: an element's `textContent`.
    GetQueryText {
        /// CSS selector.
        selector: String,
    },
    /// `get_query_text_lowercase(__page__, selector)`.
    GetQueryTextLowercase {
        /// CSS selector.
        selector: String,
    },
    /// `shopping_get_order_product_name_list(__page__)`: names joined by ` |OR| `.
    ShoppingGetOrderProductNameList,
    /// `shopping_get_order_product_quantity(__page__, sku)`; `sku` may hold ` |OR| `.
    ShoppingGetOrderProductQuantity {
        /// SKU alternatives.
        sku: String,
    },
    /// `shopping_get_order_product_option(__page__, sku, option)`.
    ShoppingGetOrderProductOption {
        /// Exact SKU.
        sku: String,
        /// Option label, e.g. `Color`.
        option: String,
    },
    /// `shopping_get_product_attributes(__page__, attribute)`; ` |OR| ` terms.
    ShoppingGetProductAttributes {
        /// Attribute label terms.
        attribute: String,
    },
    /// `shopping_get_product_price(__page__)`.
    ShoppingGetProductPrice,
    /// `shopping_get_num_reviews(__page__)`.
    ShoppingGetNumReviews,
    /// `shopping_get_rating_as_percentage(__page__)`.
    ShoppingGetRatingAsPercentage,
    /// `shopping_get_sku_latest_review_author(sku)`.
    ShoppingGetSkuLatestReviewAuthor {
        /// SKU.
        sku: String,
    },
    /// `shopping_get_sku_latest_review_rating(sku)`.
    ShoppingGetSkuLatestReviewRating {
        /// SKU.
        sku: String,
    },
    /// `shopping_get_sku_latest_review_text(sku)`.
    ShoppingGetSkuLatestReviewText {
        /// SKU.
        sku: String,
    },
    /// `reddit_get_latest_comment_obj_by_username(__page__, username)`.
    RedditGetLatestCommentObjByUsername {
        /// Username.
        username: String,
    },
    /// `reddit_get_latest_comment_content_by_username(__page__, username)`.
    RedditGetLatestCommentContentByUsername {
        /// Username.
        username: String,
    },
    /// `reddit_get_parent_comment_username_of_latest_comment_by_username(__page__, username)`.
    RedditGetParentCommentUsernameOfLatestCommentByUsername {
        /// Username.
        username: String,
    },
    /// `classifieds_get_latest_comment_content_by_username('<listing id>', '<user name>')`:
    /// the newest comment by that user on that listing, from the tenant's data (an Agora
    /// addition; VWA reads comments through the page).
    ClassifiedsGetLatestCommentContentByUsername {
        /// The listing.
        listing_id: i64,
        /// The commenter's display name ("Blake Sullivan").
        username: String,
    },
    /// `gitlab_get_project_memeber_role(__page__, account)` (WebArena's spelling).
    GitlabGetProjectMemberRole {
        /// Account name.
        account: String,
    },
}

/// A helper usable as a URL (`func:<call>` in `url` / `eval_image_url`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum UrlHelper {
    /// `shopping_get_latest_order_url()`.
    ShoppingGetLatestOrderUrl,
    /// `reddit_get_post_url(url)`; `url` may be `__last_url__`.
    RedditGetPostUrl {
        /// The URL (or the `__last_url__` placeholder).
        url: String,
    },
}

/// Placeholder for the page's current URL in URL helper arguments.
pub const LAST_URL: &str = "__last_url__";

fn arguments_error(name: &str, expected: &'static str) -> HelperParseError {
    HelperParseError::Arguments {
        name: name.to_owned(),
        expected,
    }
}

impl Helper {
    /// Parses the text after `func:`.
    pub fn parse(text: &str) -> Result<Helper, HelperParseError> {
        let call = Call::parse(text)?;
        let name = call.name.as_str();
        let page_and_texts = |count: usize, expected: &'static str| match call.args.split_first() {
            Some((Arg::Page, rest)) if rest.len() == count => rest
                .iter()
                .map(|arg| match arg {
                    Arg::Text(text) => Ok(text.clone()),
                    Arg::Page => Err(arguments_error(name, expected)),
                })
                .collect::<Result<Vec<String>, _>>(),
            _ => Err(arguments_error(name, expected)),
        };
        let sku_only = |expected: &'static str| match call.args.as_slice() {
            [Arg::Text(sku)] => Ok(sku.clone()),
            _ => Err(arguments_error(name, expected)),
        };
        let one = |expected| page_and_texts(1, expected).map(|mut texts| texts.remove(0));
        let none = |expected| page_and_texts(0, expected).map(|_| ());
        Ok(match name {
            "get_query_text" => Helper::GetQueryText {
                selector: one("__page__, selector")?,
            },
            "get_query_text_lowercase" => Helper::GetQueryTextLowercase {
                selector: one("__page__, selector")?,
            },
            "shopping_get_order_product_name_list" => {
                none("__page__")?;
                Helper::ShoppingGetOrderProductNameList
            }
            "shopping_get_order_product_quantity" => Helper::ShoppingGetOrderProductQuantity {
                sku: one("__page__, sku")?,
            },
            "shopping_get_order_product_option" => {
                let mut texts = page_and_texts(2, "__page__, sku, option_name")?;
                let option = texts.pop().unwrap_or_default();
                let sku = texts.pop().unwrap_or_default();
                Helper::ShoppingGetOrderProductOption { sku, option }
            }
            "shopping_get_product_attributes" => Helper::ShoppingGetProductAttributes {
                attribute: one("__page__, attribute")?,
            },
            "shopping_get_product_price" => {
                none("__page__")?;
                Helper::ShoppingGetProductPrice
            }
            "shopping_get_num_reviews" => {
                none("__page__")?;
                Helper::ShoppingGetNumReviews
            }
            "shopping_get_rating_as_percentage" => {
                none("__page__")?;
                Helper::ShoppingGetRatingAsPercentage
            }
            "shopping_get_sku_latest_review_author" => Helper::ShoppingGetSkuLatestReviewAuthor {
                sku: sku_only("sku")?,
            },
            "shopping_get_sku_latest_review_rating" => Helper::ShoppingGetSkuLatestReviewRating {
                sku: sku_only("sku")?,
            },
            "shopping_get_sku_latest_review_text" => Helper::ShoppingGetSkuLatestReviewText {
                sku: sku_only("sku")?,
            },
            "reddit_get_latest_comment_obj_by_username" => {
                Helper::RedditGetLatestCommentObjByUsername {
                    username: one("__page__, username")?,
                }
            }
            "reddit_get_latest_comment_content_by_username" => {
                Helper::RedditGetLatestCommentContentByUsername {
                    username: one("__page__, username")?,
                }
            }
            "reddit_get_parent_comment_username_of_latest_comment_by_username" => {
                Helper::RedditGetParentCommentUsernameOfLatestCommentByUsername {
                    username: one("__page__, username")?,
                }
            }
            "classifieds_get_latest_comment_content_by_username" => {
                let expected = "listing_id, username";
                match call.args.as_slice() {
                    [Arg::Text(listing), Arg::Text(username)] => {
                        Helper::ClassifiedsGetLatestCommentContentByUsername {
                            listing_id: listing
                                .trim()
                                .parse()
                                .map_err(|_| arguments_error(name, expected))?,
                            username: username.clone(),
                        }
                    }
                    _ => return Err(arguments_error(name, expected)),
                }
            }
            "gitlab_get_project_memeber_role" => Helper::GitlabGetProjectMemberRole {
                account: one("__page__, account_name")?,
            },
            other => return Err(HelperParseError::Unknown(other.to_owned())),
        })
    }

    /// Runs the helper against the live page (or the site queries) and returns its value.
    pub async fn run<P: Page, Q: SiteQueries + ?Sized>(
        &self,
        page: &mut P,
        queries: &Q,
        mode: EvalMode,
    ) -> Result<Value, EvalError> {
        Ok(match self {
            Helper::GetQueryText { selector } => {
                page.call(QUERY_TEXT_JS, vec![Value::from(selector.as_str())])
                    .await?
            }
            Helper::GetQueryTextLowercase { selector } => {
                let text = page
                    .call(QUERY_TEXT_JS, vec![Value::from(selector.as_str())])
                    .await?;
                Value::from(text.as_str().unwrap_or_default().to_lowercase())
            }
            Helper::ShoppingGetOrderProductNameList => {
                let names: Vec<String> = order_products(page)
                    .await?
                    .iter()
                    .map(|product| product_field(product, "name").to_owned())
                    .collect();
                Value::from(names.join(OR_SEPARATOR))
            }
            Helper::ShoppingGetOrderProductQuantity { sku } => {
                let wanted: Vec<&str> = sku.split(OR_SEPARATOR).collect();
                let quantity = order_products(page)
                    .await?
                    .iter()
                    .find(|product| wanted.contains(&product_field(product, "sku").trim()))
                    .map(|product| {
                        // The cell reads "Ordered 2"; VWA drops its first 7 characters.
                        let cell = product_field(product, "qty");
                        cell.get(7..)
                            .unwrap_or_default()
                            .trim()
                            .parse::<i64>()
                            .unwrap_or(0)
                    })
                    .unwrap_or(0);
                Value::from(quantity)
            }
            Helper::ShoppingGetOrderProductOption { sku, option } => {
                let products = order_products(page).await?;
                let value = products
                    .iter()
                    .find(|product| product_field(product, "sku") == *sku)
                    .and_then(|product| product.get("options")?.get(option)?.as_str())
                    .unwrap_or_default();
                Value::from(value)
            }
            Helper::ShoppingGetProductAttributes { attribute } => {
                let lowered = attribute.to_lowercase();
                let terms: Vec<Value> = lowered.split(" |or| ").map(Value::from).collect();
                page.call(PRODUCT_ATTRIBUTES_JS, vec![Value::from(terms)])
                    .await?
            }
            Helper::ShoppingGetProductPrice => {
                let text = page.call(PRODUCT_PRICE_JS, Vec::new()).await?;
                Value::from(product_price(text.as_str().unwrap_or_default(), mode))
            }
            Helper::ShoppingGetNumReviews => page.call(NUM_REVIEWS_JS, Vec::new()).await?,
            Helper::ShoppingGetRatingAsPercentage => {
                page.call(RATING_PERCENTAGE_JS, Vec::new()).await?
            }
            Helper::ShoppingGetSkuLatestReviewAuthor { sku }
            | Helper::ShoppingGetSkuLatestReviewRating { sku }
            | Helper::ShoppingGetSkuLatestReviewText { sku } => {
                Value::from(self.review_value(sku, queries).await?)
            }
            Helper::RedditGetLatestCommentObjByUsername { username } => comment_tree(page)
                .await?
                .and_then(|tree| tree.latest_by(username).map(CommentNode::to_value))
                .unwrap_or_else(|| Value::Object(serde_json::Map::new())),
            Helper::RedditGetLatestCommentContentByUsername { username } => Value::from(
                comment_tree(page)
                    .await?
                    .and_then(|tree| tree.latest_by(username).map(|node| node.content.clone()))
                    .unwrap_or_default(),
            ),
            Helper::RedditGetParentCommentUsernameOfLatestCommentByUsername { username } => {
                Value::from(
                    comment_tree(page)
                        .await?
                        .and_then(|tree| {
                            tree.parent_of_latest_by(username)
                                .map(|node| node.username.clone())
                        })
                        .unwrap_or_default(),
                )
            }
            Helper::ClassifiedsGetLatestCommentContentByUsername {
                listing_id,
                username,
            } => Value::from(
                queries
                    .classifieds_latest_comment(*listing_id, username)
                    .await?
                    .unwrap_or_default(),
            ),
            Helper::GitlabGetProjectMemberRole { account } => {
                page.call(MEMBER_ROLE_JS, vec![Value::from(account.as_str())])
                    .await?
            }
        })
    }
}

impl Helper {
    /// The review field a `shopping_get_sku_latest_review_*` helper reports (`""` when the
    /// product has no review; VWA renders the rating as `str(percent)`).
    async fn review_value<Q: SiteQueries + ?Sized>(
        &self,
        sku: &str,
        queries: &Q,
    ) -> Result<String, EvalError> {
        let Some(review) = queries.shopping_latest_review(sku).await? else {
            return Ok(String::new());
        };
        Ok(match self {
            Helper::ShoppingGetSkuLatestReviewAuthor { .. } => review.author,
            Helper::ShoppingGetSkuLatestReviewRating { .. } => review.rating_percent.to_string(),
            // Only the three review helpers call this; the text is the remaining field.
            _ => review.text,
        })
    }
}

/// The number in a price text such as `$1,299.50` (0 when there is none). VWA applies JS
/// `parseFloat` after the currency sign, which stops at the first comma (`$1,299.50` → 1);
/// Correct mode drops thousands separators first.
pub fn product_price(text: &str, mode: EvalMode) -> f64 {
    let amount: String = text.chars().skip(1).collect();
    let amount = match mode {
        EvalMode::Vwa => amount,
        EvalMode::Correct | EvalMode::Magebench => amount.replace(',', ""),
    };
    js_parse_float(&amount).unwrap_or(0.0)
}

/// JavaScript's `parseFloat`: the longest decimal prefix after leading whitespace.
fn js_parse_float(text: &str) -> Option<f64> {
    let text = text.trim_start();
    let bytes = text.as_bytes();
    let mut end = 0;
    if matches!(bytes.first(), Some(b'+' | b'-')) {
        end = 1;
    }
    let digits_from = |start: usize| {
        let mut position = start;
        while bytes.get(position).is_some_and(u8::is_ascii_digit) {
            position += 1;
        }
        position
    };
    let integer_end = digits_from(end);
    let mut number_end = integer_end;
    if bytes.get(integer_end) == Some(&b'.') {
        let fraction_end = digits_from(integer_end + 1);
        if fraction_end > integer_end + 1 || integer_end > end {
            number_end = fraction_end;
        }
    }
    if number_end == end || (number_end == end + 1 && bytes.get(end) == Some(&b'.')) {
        return None;
    }
    if matches!(bytes.get(number_end), Some(b'e' | b'E')) {
        let mut exponent = number_end + 1;
        if matches!(bytes.get(exponent), Some(b'+' | b'-')) {
            exponent += 1;
        }
        let exponent_end = digits_from(exponent);
        if exponent_end > exponent {
            number_end = exponent_end;
        }
    }
    text[..number_end].parse().ok()
}

async fn order_products<P: Page>(page: &mut P) -> Result<Vec<Value>, EvalError> {
    // An absent table reads as no products, as VWA's helpers return their empty value.
    Ok(match page.call(ORDER_PRODUCTS_JS, Vec::new()).await? {
        Value::Array(products) => products,
        _ => Vec::new(),
    })
}

fn product_field<'a>(product: &'a Value, key: &str) -> &'a str {
    product.get(key).and_then(Value::as_str).unwrap_or_default()
}

async fn comment_tree<P: Page>(page: &mut P) -> Result<Option<CommentNode>, EvalError> {
    let value = page.call(COMMENT_TREE_JS, Vec::new()).await?;
    Ok(serde_json::from_value(value).ok())
}

impl UrlHelper {
    /// Parses the text after `func:` in a URL field.
    pub fn parse(text: &str) -> Result<UrlHelper, HelperParseError> {
        let call = Call::parse(text)?;
        match (call.name.as_str(), call.args.as_slice()) {
            ("shopping_get_latest_order_url", []) => Ok(UrlHelper::ShoppingGetLatestOrderUrl),
            ("shopping_get_latest_order_url", _) => {
                Err(arguments_error(&call.name, "no arguments"))
            }
            ("reddit_get_post_url", [Arg::Text(url)]) => {
                Ok(UrlHelper::RedditGetPostUrl { url: url.clone() })
            }
            ("reddit_get_post_url", _) => Err(arguments_error(&call.name, "url")),
            (other, _) => Err(HelperParseError::Unknown(other.to_owned())),
        }
    }

    /// Resolves the URL; `last_url` replaces `__last_url__`.
    pub async fn resolve<Q: SiteQueries + ?Sized>(
        &self,
        last_url: &str,
        queries: &Q,
    ) -> Result<String, EvalError> {
        match self {
            UrlHelper::ShoppingGetLatestOrderUrl => queries.shopping_latest_order_url().await,
            UrlHelper::RedditGetPostUrl { url } => {
                Ok(reddit_post_url(&url.replace(LAST_URL, last_url)))
            }
        }
    }
}

/// `reddit_get_post_url`: a URL inside a post (`/f/<forum>/<id>/<slug>/…`) → the post's URL
/// `scheme://host/f/<forum>/<id>/`; other URLs unchanged.
pub fn reddit_post_url(url: &str) -> String {
    let Ok(parsed) = url::Url::parse(url) else {
        return url.to_owned();
    };
    let segments: Vec<&str> = parsed.path().split('/').collect();
    // Python's `path.split("/")` gives ["", "f", forum, id, …]; VWA needs at least 4 parts.
    if segments.len() < 4 || segments[1] != "f" {
        return url.to_owned();
    }
    let host = match parsed.port() {
        Some(port) => format!("{}:{port}", parsed.host_str().unwrap_or_default()),
        None => parsed.host_str().unwrap_or_default().to_owned(),
    };
    format!(
        "{}://{host}/f/{}/{}/",
        parsed.scheme(),
        segments[2],
        segments[3]
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_every_vwa_helper() {
        let cases = [
            (
                "get_query_text(__page__, '.price')",
                Helper::GetQueryText {
                    selector: ".price".into(),
                },
            ),
            (
                "get_query_text_lowercase(__page__, \"#main\")",
                Helper::GetQueryTextLowercase {
                    selector: "#main".into(),
                },
            ),
            (
                "shopping_get_order_product_name_list(__page__)",
                Helper::ShoppingGetOrderProductNameList,
            ),
            (
                "shopping_get_order_product_quantity(__page__,'B1 |OR| B2')",
                Helper::ShoppingGetOrderProductQuantity {
                    sku: "B1 |OR| B2".into(),
                },
            ),
            (
                "shopping_get_order_product_option(__page__, 'B1', 'Color')",
                Helper::ShoppingGetOrderProductOption {
                    sku: "B1".into(),
                    option: "Color".into(),
                },
            ),
            (
                "shopping_get_product_attributes(__page__, 'brand')",
                Helper::ShoppingGetProductAttributes {
                    attribute: "brand".into(),
                },
            ),
            (
                "shopping_get_product_price(__page__)",
                Helper::ShoppingGetProductPrice,
            ),
            (
                "shopping_get_num_reviews(__page__)",
                Helper::ShoppingGetNumReviews,
            ),
            (
                "shopping_get_rating_as_percentage(__page__)",
                Helper::ShoppingGetRatingAsPercentage,
            ),
            (
                "shopping_get_sku_latest_review_author('B1')",
                Helper::ShoppingGetSkuLatestReviewAuthor { sku: "B1".into() },
            ),
            (
                "shopping_get_sku_latest_review_rating(\"B1\")",
                Helper::ShoppingGetSkuLatestReviewRating { sku: "B1".into() },
            ),
            (
                "shopping_get_sku_latest_review_text('B1')",
                Helper::ShoppingGetSkuLatestReviewText { sku: "B1".into() },
            ),
            (
                "reddit_get_latest_comment_obj_by_username(__page__, 'u')",
                Helper::RedditGetLatestCommentObjByUsername {
                    username: "u".into(),
                },
            ),
            (
                "reddit_get_latest_comment_content_by_username(__page__, 'u')",
                Helper::RedditGetLatestCommentContentByUsername {
                    username: "u".into(),
                },
            ),
            (
                "reddit_get_parent_comment_username_of_latest_comment_by_username(__page__, 'u')",
                Helper::RedditGetParentCommentUsernameOfLatestCommentByUsername {
                    username: "u".into(),
                },
            ),
            (
                "gitlab_get_project_memeber_role(__page__, 'byteblaze')",
                Helper::GitlabGetProjectMemberRole {
                    account: "byteblaze".into(),
                },
            ),
        ];
        for (text, expected) in cases {
            assert_eq!(Helper::parse(text), Ok(expected), "{text}");
        }
        assert_eq!(
            UrlHelper::parse("shopping_get_latest_order_url()"),
            Ok(UrlHelper::ShoppingGetLatestOrderUrl)
        );
        assert_eq!(
            UrlHelper::parse("reddit_get_post_url('__last_url__')"),
            Ok(UrlHelper::RedditGetPostUrl {
                url: "__last_url__".into()
            })
        );
    }

    #[test]
    fn wrong_names_and_arguments_are_parse_errors() {
        assert_eq!(
            Helper::parse("eval('1')"),
            Err(HelperParseError::Unknown("eval".into()))
        );
        assert!(matches!(
            Helper::parse("get_query_text('.price')"),
            Err(HelperParseError::Arguments { .. })
        ));
        assert!(matches!(
            Helper::parse("shopping_get_sku_latest_review_text(__page__, 'B1')"),
            Err(HelperParseError::Arguments { .. })
        ));
        assert!(matches!(
            Helper::parse("shopping_get_product_price(__page__, 'x')"),
            Err(HelperParseError::Arguments { .. })
        ));
        assert!(Helper::parse("shopping_get_latest_order_url()").is_err());
        assert!(UrlHelper::parse("get_query_text(__page__, 'a')").is_err());
        assert!(UrlHelper::parse("reddit_get_post_url()").is_err());
    }

    /// Site data held in memory, answering as the shopping site's query module would.
    struct Shop;

    impl SiteQueries for Shop {
        fn shopping_latest_order_url(&self) -> crate::QueryFuture<'_, String> {
            Box::pin(async { Ok("http://127.0.0.1:7770/sales/order/view/order_id/170/".into()) })
        }

        fn shopping_latest_review(
            &self,
            sku: &str,
        ) -> crate::QueryFuture<'_, Option<crate::Review>> {
            let review = (sku == "B1").then(|| crate::Review {
                author: "Emma".into(),
                rating_percent: 80,
                text: "Great lamp".into(),
            });
            Box::pin(async move { Ok(review) })
        }
    }

    #[tokio::test]
    async fn site_backed_helpers_use_site_queries() {
        let resolved = UrlHelper::ShoppingGetLatestOrderUrl
            .resolve("ignored", &Shop)
            .await
            .unwrap();
        assert!(resolved.ends_with("/order_id/170/"));
        let unavailable = UrlHelper::ShoppingGetLatestOrderUrl
            .resolve("ignored", &crate::NoSiteQueries)
            .await
            .unwrap_err();
        assert!(unavailable.is_site_not_available());
        assert_eq!(
            unavailable.to_string(),
            "site `shopping` is not available to answer evaluator helpers"
        );
        let post = UrlHelper::RedditGetPostUrl {
            url: LAST_URL.into(),
        }
        .resolve(
            "http://127.0.0.1:9999/f/pics/5/a-title",
            &crate::NoSiteQueries,
        )
        .await
        .unwrap();
        assert_eq!(post, "http://127.0.0.1:9999/f/pics/5/");
        let rating = Helper::ShoppingGetSkuLatestReviewRating { sku: "B1".into() };
        assert_eq!(rating.review_value("B1", &Shop).await.unwrap(), "80");
        let author = Helper::ShoppingGetSkuLatestReviewAuthor { sku: "B1".into() };
        assert_eq!(author.review_value("B1", &Shop).await.unwrap(), "Emma");
        let text = Helper::ShoppingGetSkuLatestReviewText { sku: "B9".into() };
        assert_eq!(text.review_value("B9", &Shop).await.unwrap(), "");
        assert!(
            text.review_value("B9", &crate::NoSiteQueries)
                .await
                .unwrap_err()
                .is_site_not_available()
        );
    }

    #[test]
    fn product_price_parses_like_parse_float() {
        assert_eq!(product_price("$1,299.50", EvalMode::Vwa), 1.0);
        assert_eq!(product_price("$1,299.50", EvalMode::Correct), 1299.5);
        assert_eq!(product_price("$24.99", EvalMode::Vwa), 24.99);
        assert_eq!(product_price("$.5", EvalMode::Vwa), 0.5);
        assert_eq!(product_price("$7.", EvalMode::Vwa), 7.0);
        assert_eq!(product_price("$1e2x", EvalMode::Vwa), 100.0);
        assert_eq!(product_price("", EvalMode::Vwa), 0.0);
        assert_eq!(product_price("$abc", EvalMode::Correct), 0.0);
        assert_eq!(product_price("$-", EvalMode::Correct), 0.0);
    }

    #[test]
    fn reddit_post_url_drops_slug_and_comment() {
        assert_eq!(
            reddit_post_url("http://127.0.0.1:9999/f/food/104449/-/comment/1958174"),
            "http://127.0.0.1:9999/f/food/104449/"
        );
        assert_eq!(
            reddit_post_url("http://127.0.0.1:9999/f/gaming/12/my-title"),
            "http://127.0.0.1:9999/f/gaming/12/"
        );
        assert_eq!(
            reddit_post_url("http://127.0.0.1:9999/f/gaming"),
            "http://127.0.0.1:9999/f/gaming"
        );
        assert_eq!(
            reddit_post_url("http://127.0.0.1:9999/user/x/y"),
            "http://127.0.0.1:9999/user/x/y"
        );
        assert_eq!(reddit_post_url("not a url"), "not a url");
    }
}
