//! Who is asking: kit's [`kit::visitor::Visitor`] over the shopping state, the site's one-time
//! notices and the page frame (header, search, mini-cart, department menu) every template shares.

use crate::ShoppingError;
use crate::ShoppingSite;
use crate::catalog::{DEPARTMENTS, url_key};
use crate::db::customers::Customer;
use axum::response::{IntoResponse, Redirect, Response};
use kit::PageError;
use kit::notice::Notices;

/// The request's visitor.
pub type Visitor = kit::visitor::Visitor<ShoppingSite>;
/// The state the site's handlers share.
pub type AppState = kit::content::AppState<ShoppingSite>;

/// One-time notices shown after a form redirects (kept in a short-lived cookie).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Notice {
    /// A product went into the cart.
    AddedToCart,
    /// The cart changed.
    CartUpdated,
    /// A product went into the wishlist.
    AddedToWishlist,
    /// A product left the wishlist.
    RemovedFromWishlist,
    /// A product went into the comparison list.
    AddedToCompare,
    /// A product left the comparison list.
    RemovedFromCompare,
    /// A review was submitted.
    ReviewSaved,
    /// An address was saved.
    AddressSaved,
    /// The account was saved.
    AccountSaved,
    /// The visitor logged in.
    LoggedIn,
    /// The visitor logged out.
    LoggedOut,
    /// An account was created.
    Registered,
}

impl Notices for Notice {
    type Site = ShoppingSite;
    const ALL: &'static [Notice] = &[
        Notice::AddedToCart,
        Notice::CartUpdated,
        Notice::AddedToWishlist,
        Notice::RemovedFromWishlist,
        Notice::AddedToCompare,
        Notice::RemovedFromCompare,
        Notice::ReviewSaved,
        Notice::AddressSaved,
        Notice::AccountSaved,
        Notice::LoggedIn,
        Notice::LoggedOut,
        Notice::Registered,
    ];

    fn code_and_text(self) -> (&'static str, &'static str) {
        match self {
            Notice::AddedToCart => ("cart_add", "You added the product to your shopping cart."),
            Notice::CartUpdated => ("cart_update", "Your shopping cart has been updated."),
            Notice::AddedToWishlist => (
                "wishlist_add",
                "The product has been added to your Wish List.",
            ),
            Notice::RemovedFromWishlist => (
                "wishlist_remove",
                "The product has been removed from your Wish List.",
            ),
            Notice::AddedToCompare => (
                "compare_add",
                "You added the product to the comparison list.",
            ),
            Notice::RemovedFromCompare => (
                "compare_remove",
                "You removed the product from the comparison list.",
            ),
            Notice::ReviewSaved => ("review", "You submitted your review for moderation."),
            Notice::AddressSaved => ("address", "You saved the address."),
            Notice::AccountSaved => ("account", "You saved the account information."),
            Notice::LoggedIn => ("login", "You are signed in."),
            Notice::LoggedOut => ("logout", "You are signed out."),
            Notice::Registered => (
                "registered",
                "Thank you for registering with One Stop Market.",
            ),
        }
    }
}

/// Where visitors who must sign in are sent.
pub fn login_redirect() -> Response {
    Redirect::to("/customer/account/login/").into_response()
}

/// A department link of the top menu.
#[derive(Debug, Clone)]
pub struct MenuLink {
    /// Name.
    pub name: &'static str,
    /// URL.
    pub url: String,
}

/// What the page frame needs.
#[derive(Debug, Clone)]
pub struct Layout {
    /// The document title.
    pub title: String,
    /// The signed-in customer's full name.
    pub customer: Option<String>,
    /// The CSRF token for the header's forms.
    pub csrf: String,
    /// The search box's current text.
    pub query: String,
    /// Units in the cart.
    pub cart_count: i64,
    /// The department menu.
    pub menu: Vec<MenuLink>,
    /// A one-time notice to show.
    pub notice: Option<&'static str>,
}

/// The page frame of a visitor (the mini-cart count needs the tenant's database).
pub async fn layout(visitor: &Visitor, title: impl Into<String>) -> Result<Layout, PageError> {
    let cart_count = match visitor.user.as_ref().map(|customer| customer.id) {
        Some(id) => {
            visitor
                .database
                .call(move |connection| {
                    Ok::<_, ShoppingError>(connection.query_row(
                        "SELECT coalesce(sum(qty), 0) FROM cart_items WHERE customer_id = ?1",
                        [id],
                        |row| row.get(0),
                    )?)
                })
                .await?
        }
        None => 0,
    };
    Ok(Layout {
        title: title.into(),
        customer: visitor.user.as_ref().map(Customer::full_name),
        csrf: visitor.csrf.value.clone(),
        query: String::new(),
        cart_count,
        menu: DEPARTMENTS
            .iter()
            .map(|department| MenuLink {
                name: department.name,
                url: format!("/{}.html", url_key(department.name)),
            })
            .collect(),
        notice: Notice::text_of(visitor.notice.as_deref()),
    })
}
