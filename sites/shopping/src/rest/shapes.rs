//! The JSON shapes of Magento's REST answers (field names, nesting and types as Magento
//! returns them) for orders, products and reviews: the fields VWA's helpers read and the
//! ones around them a client is likely to look at.

use crate::db::api::{ApiOrder, ApiReview};
use crate::db::products::{self, Product};
use serde_json::{Value, json};

/// Magento's store and website of everything (one store view).
const STORE_ID: i64 = 1;

fn dollars(cents: i64) -> f64 {
    cents as f64 / 100.0
}

/// An address of Agora's stored lines (`Name`, street, `City, Region, Zip`, country,
/// `T: phone`) in Magento's fields.
fn address(lines: &str, kind: &str, email: &str, parent_id: i64) -> Value {
    let lines: Vec<&str> = lines.lines().map(str::trim).collect();
    let line = |index: usize| lines.get(index).copied().unwrap_or_default();
    let (first, last) = line(0).split_once(' ').unwrap_or((line(0), ""));
    let place: Vec<&str> = line(2).split(", ").collect();
    let part = |index: usize| place.get(index).copied().unwrap_or_default();
    let country = if line(3) == "United States" {
        "US"
    } else {
        line(3)
    };
    json!({
        "address_type": kind,
        "parent_id": parent_id,
        "email": email,
        "firstname": first,
        "lastname": last,
        "street": [line(1)],
        "city": part(0),
        "region": part(1),
        "postcode": part(2),
        "country_id": country,
        "telephone": line(4).trim_start_matches("T: "),
    })
}

/// An order (`GET /V1/orders`, `GET /V1/orders/{id}`).
pub fn order(order: &ApiOrder) -> Value {
    let grand_total = dollars(order.subtotal_cents + order.shipping_cents);
    let quantity: i64 = order.items.iter().map(|item| item.qty).sum();
    let items: Vec<Value> = order
        .items
        .iter()
        .map(|item| {
            json!({
                "item_id": item.id,
                "order_id": order.id,
                "product_id": item.product_id,
                "product_type": "simple",
                "sku": item.sku,
                "name": item.name,
                "qty_ordered": item.qty,
                "price": dollars(item.price_cents),
                "base_price": dollars(item.price_cents),
                "row_total": dollars(item.price_cents * item.qty),
                "base_row_total": dollars(item.price_cents * item.qty),
                "store_id": STORE_ID,
                "created_at": order.created_at,
            })
        })
        .collect();
    json!({
        "entity_id": order.id,
        "increment_id": format!("{:09}", order.id),
        "state": order.state,
        "status": order.status,
        "created_at": order.created_at,
        "updated_at": order.created_at,
        "customer_id": order.customer_id,
        "customer_email": order.email,
        "customer_firstname": order.first_name,
        "customer_lastname": order.last_name,
        "customer_is_guest": 0,
        "store_id": STORE_ID,
        "base_currency_code": "USD",
        "order_currency_code": "USD",
        "subtotal": dollars(order.subtotal_cents),
        "base_subtotal": dollars(order.subtotal_cents),
        "shipping_amount": dollars(order.shipping_cents),
        "base_shipping_amount": dollars(order.shipping_cents),
        "shipping_description": order.shipping_method,
        "grand_total": grand_total,
        "base_grand_total": grand_total,
        "total_qty_ordered": quantity,
        "total_item_count": order.items.len(),
        "items": items,
        "billing_address": address(&order.billing_address, "billing", &order.email, order.id),
        "extension_attributes": {
            "shipping_assignments": [{
                "shipping": {
                    "address": address(&order.shipping_address, "shipping", &order.email, order.id),
                    "method": order.shipping_method,
                },
            }],
        },
    })
}

/// A product (`GET /V1/products/{sku}`); `images` are its photo ids in order.
pub fn product(product: &Product, images: &[i64]) -> Value {
    let gallery: Vec<Value> = images
        .iter()
        .enumerate()
        .map(|(position, id)| {
            let file = products::image_url(*id);
            let types: &[&str] = if position == 0 {
                &["image", "small_image", "thumbnail"]
            } else {
                &[]
            };
            json!({
                "id": id,
                "media_type": "image",
                "label": null,
                "position": position,
                "disabled": false,
                "types": types,
                "file": file.trim_start_matches("/media/catalog/product"),
            })
        })
        .collect();
    let options: Vec<Value> = product
        .options
        .iter()
        .enumerate()
        .map(|(position, option)| {
            json!({
                "label": option.name,
                "position": position,
                "values": option.values.iter().map(|value| json!({ "value_index": value })).collect::<Vec<_>>(),
            })
        })
        .collect();
    let mut custom_attributes = vec![
        json!({ "attribute_code": "url_key", "value": product.url_key }),
        json!({ "attribute_code": "description", "value": product.description }),
        json!({ "attribute_code": "category_ids", "value": [product.category_id.to_string()] }),
    ];
    if let Some(first) = images.first() {
        let file = products::image_url(*first);
        let file = file.trim_start_matches("/media/catalog/product");
        for code in ["image", "small_image", "thumbnail"] {
            custom_attributes.push(json!({ "attribute_code": code, "value": file }));
        }
    }
    json!({
        "id": product.id,
        "sku": product.sku,
        "name": product.name,
        "attribute_set_id": 4,
        "price": dollars(product.price_cents),
        "status": 1,
        "visibility": 4,
        "type_id": if product.options.is_empty() { "simple" } else { "configurable" },
        "extension_attributes": {
            "website_ids": [STORE_ID],
            "category_links": [{ "position": 0, "category_id": product.category_id.to_string() }],
            "stock_item": {
                "product_id": product.id,
                "qty": product.stock,
                "is_in_stock": product.stock > 0,
            },
            "configurable_product_options": options,
        },
        "product_links": [],
        "options": [],
        "media_gallery_entries": gallery,
        "tier_prices": [],
        "custom_attributes": custom_attributes,
    })
}

/// A product review (`GET /V1/products/{sku}/reviews`): one rating, named "Rating".
pub fn review(review: &ApiReview, product_id: i64) -> Value {
    json!({
        "id": review.id,
        "title": review.title,
        "detail": review.detail,
        "nickname": review.nickname,
        "customer_id": review.customer_id,
        "ratings": [{
            "vote_id": review.id,
            "rating_id": 4,
            "rating_name": "Rating",
            "percent": review.rating * 20,
            "value": review.rating,
        }],
        "review_entity": "product",
        "review_type": if review.customer_id.is_some() { 2 } else { 3 },
        "review_status": 1,
        "created_at": review.created_at,
        "entity_pk_value": product_id,
        "store_id": STORE_ID,
        "stores": [STORE_ID],
    })
}
