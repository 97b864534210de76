//! Typed read access to one tenant's shopping state, for evaluators and tests.

use crate::ShoppingError;
use crate::db::cart::{self, Line};
use crate::db::customers;
use crate::db::orders::{self, Order};
use crate::db::products::{self, Product};
use crate::db::reviews::{self, Review};
use crate::db::saved::{self, List};
use evaluators::{EvalError, QueryFuture, SiteQueries};
use kit::{Database, TenantDatabase};

/// Queries over one tenant's shopping database (copied on the first query, if the tenant has
/// not used the site yet).
#[derive(Debug, Clone)]
pub struct ShoppingQueries {
    tenant: TenantDatabase,
    base_url: String,
}

impl ShoppingQueries {
    /// Queries over a tenant's database; `base_url` is the site's address for order URLs.
    pub fn new(tenant: TenantDatabase, base_url: String) -> Self {
        Self { tenant, base_url }
    }

    async fn database(&self) -> Result<Database, ShoppingError> {
        Ok(self.tenant.get().await?)
    }

    /// The product with this SKU.
    pub async fn product(&self, sku: &str) -> Result<Option<Product>, ShoppingError> {
        let sku = sku.to_owned();
        self.database()
            .await?
            .call(move |connection| products::by_sku(connection, &sku))
            .await
    }

    /// The page URL of the product with this SKU (`shopping_get_sku_product_page_url`).
    pub async fn product_url(&self, sku: &str) -> Result<Option<String>, ShoppingError> {
        Ok(self
            .product(sku)
            .await?
            .map(|product| format!("{}{}", self.base_url, product.url())))
    }

    /// The newest review of the product with this SKU.
    pub async fn latest_review(&self, sku: &str) -> Result<Option<Review>, ShoppingError> {
        let Some(product) = self.product(sku).await? else {
            return Ok(None);
        };
        self.database()
            .await?
            .call(move |connection| Ok(reviews::latest(connection, product.id)?))
            .await
    }

    /// The newest order of the store, if any.
    pub async fn latest_order_id(&self) -> Result<Option<i64>, ShoppingError> {
        self.database()
            .await?
            .call(|connection| Ok(orders::latest_id(connection)?))
            .await
    }

    /// Order `id` of the customer with `email`.
    pub async fn order(&self, email: &str, id: i64) -> Result<Option<Order>, ShoppingError> {
        let email = email.to_owned();
        self.database()
            .await?
            .call(move |connection| {
                let (customer, _) = customers::by_email(connection, &email)?
                    .ok_or_else(|| ShoppingError::UnknownCustomer(email.clone()))?;
                orders::one(connection, customer.id, id)
            })
            .await
    }

    /// The cart of the customer with `email`.
    pub async fn cart(&self, email: &str) -> Result<Vec<Line>, ShoppingError> {
        let email = email.to_owned();
        self.database()
            .await?
            .call(move |connection| {
                let (customer, _) = customers::by_email(connection, &email)?
                    .ok_or_else(|| ShoppingError::UnknownCustomer(email.clone()))?;
                cart::lines(connection, customer.id)
            })
            .await
    }

    /// SKUs on the wishlist of the customer with `email`.
    pub async fn wishlist_skus(&self, email: &str) -> Result<Vec<String>, ShoppingError> {
        let email = email.to_owned();
        self.database()
            .await?
            .call(move |connection| {
                let (customer, _) = customers::by_email(connection, &email)?
                    .ok_or_else(|| ShoppingError::UnknownCustomer(email.clone()))?;
                saved::products(connection, List::Wishlist, customer.id)?
                    .into_iter()
                    .map(|summary| {
                        Ok(products::by_id(connection, summary.id)?
                            .map(|product| product.sku)
                            .unwrap_or_default())
                    })
                    .collect()
            })
            .await
    }
}

fn site_failed(error: ShoppingError) -> EvalError {
    EvalError::SiteFailed {
        site: "shopping",
        message: error.to_string(),
    }
}

/// What the evaluators may ask of the shopping site.
impl SiteQueries for ShoppingQueries {
    fn shopping_latest_order_url(&self) -> QueryFuture<'_, String> {
        Box::pin(async move {
            let id = self
                .latest_order_id()
                .await
                .map_err(site_failed)?
                .ok_or_else(|| EvalError::SiteFailed {
                    site: "shopping",
                    message: "the store has no orders".into(),
                })?;
            Ok(format!("{}/sales/order/view/order_id/{id}/", self.base_url))
        })
    }

    fn shopping_latest_review(&self, sku: &str) -> QueryFuture<'_, Option<evaluators::Review>> {
        let sku = sku.to_owned();
        Box::pin(async move {
            let review = self.latest_review(&sku).await.map_err(site_failed)?;
            Ok(review.map(|review| evaluators::Review {
                author: review.nickname.clone(),
                rating_percent: review.percent() as u32,
                text: review.detail,
            }))
        })
    }
}
