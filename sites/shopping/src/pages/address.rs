//! The address book (`/customer/address/`): default billing and shipping boxes, other
//! addresses, and the form to add or edit one.

use super::PageResult;
use crate::ShoppingError;
use crate::db::addresses::{self, Address};
use crate::visitor::{Layout, Notice, Visitor, layout, login_redirect};
use askama::Template;
use kit::PageError;
use kit::form::Fields;
use kit::notice::Notices;

/// Longest address field.
const MAX_FIELD: usize = 120;

#[derive(Template)]
#[template(path = "address_book.html")]
struct BookPage {
    layout: Layout,
    billing: Option<Address>,
    shipping: Option<Address>,
    others: Vec<Address>,
}

/// `GET /customer/address/`.
pub async fn book(visitor: &Visitor) -> PageResult {
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let all = visitor
        .database
        .call(move |connection| {
            Ok::<_, ShoppingError>(addresses::of_customer(connection, customer.id)?)
        })
        .await?;
    let page = BookPage {
        layout: layout(visitor, "Address Book | One Stop Market").await?,
        billing: all.iter().find(|address| address.default_billing).cloned(),
        shipping: all.iter().find(|address| address.default_shipping).cloned(),
        others: all
            .into_iter()
            .filter(|address| !address.default_billing && !address.default_shipping)
            .collect(),
    };
    Ok(visitor.render(&page))
}

#[derive(Template)]
#[template(path = "address_form.html")]
struct FormPage {
    layout: Layout,
    address: Address,
}

/// `GET /customer/address/new/` and `/customer/address/edit/id/{id}/`.
pub async fn form(visitor: &Visitor, id: Option<&str>) -> PageResult {
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let address = match id {
        None => Address {
            first_name: customer.first_name.clone(),
            last_name: customer.last_name.clone(),
            country: "United States".into(),
            ..Address::default()
        },
        Some(id) => {
            let id: i64 = id.parse().map_err(|_| missing())?;
            visitor
                .database
                .call(move |connection| {
                    Ok::<_, ShoppingError>(addresses::one(connection, customer.id, id)?)
                })
                .await?
                .ok_or_else(missing)?
        }
    };
    let title = if address.id == 0 {
        "Add New Address"
    } else {
        "Edit Address"
    };
    let page = FormPage {
        layout: layout(visitor, format!("{title} | One Stop Market")).await?,
        address,
    };
    Ok(visitor.render(&page))
}

fn missing() -> PageError {
    PageError::not_found("This address is not in your address book. Go back to the Address Book.")
}

/// The address fields of a form (`firstname`, `lastname`, `street`, `city`, `region`,
/// `postcode`, `country`, `telephone`), each required and bounded.
pub fn read_address(form: &Fields) -> Result<Address, PageError> {
    let postcode = form.text("postcode", "Zip/Postal Code", 20)?;
    if !postcode
        .chars()
        .all(|character| character.is_ascii_alphanumeric() || character == '-' || character == ' ')
    {
        return Err(PageError::bad_request(
            "The Zip/Postal Code may only have letters, digits, spaces and dashes.",
        ));
    }
    Ok(Address {
        id: 0,
        first_name: form.text("firstname", "First Name", MAX_FIELD)?,
        last_name: form.text("lastname", "Last Name", MAX_FIELD)?,
        street: form.text("street", "Street Address", MAX_FIELD)?,
        city: form.text("city", "City", MAX_FIELD)?,
        region: form.text("region", "State/Province", MAX_FIELD)?,
        postcode,
        country: form.text("country", "Country", MAX_FIELD)?,
        telephone: form.text("telephone", "Phone Number", 30)?,
        default_billing: form.get("default_billing").is_some(),
        default_shipping: form.get("default_shipping").is_some(),
    })
}

/// `POST /customer/address/formPost/` with the address fields and `id` (absent: a new one).
pub async fn save(visitor: &Visitor, form: &Fields) -> PageResult {
    visitor.check_csrf(form.get(kit::csrf::FIELD))?;
    let Some(customer) = visitor.user.clone() else {
        return Ok(login_redirect());
    };
    let mut address = read_address(form)?;
    address.id = form.number("id", "The address (id)")?.unwrap_or(0);
    let saved = visitor
        .database
        .call(move |connection| {
            Ok::<_, ShoppingError>(addresses::save(connection, customer.id, &address)?)
        })
        .await?;
    if saved.is_none() {
        return Err(missing());
    }
    Ok(Notice::AddressSaved.redirect("/customer/address/"))
}
