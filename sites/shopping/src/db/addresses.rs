//! The address book.

use rusqlite::{Connection, OptionalExtension, params};

/// A postal address.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Address {
    /// Row id (0 for an address not yet stored).
    pub id: i64,
    /// First name.
    pub first_name: String,
    /// Last name.
    pub last_name: String,
    /// Street line.
    pub street: String,
    /// City.
    pub city: String,
    /// State or region.
    pub region: String,
    /// ZIP code.
    pub postcode: String,
    /// Country.
    pub country: String,
    /// Phone number.
    pub telephone: String,
    /// The default billing address.
    pub default_billing: bool,
    /// The default shipping address.
    pub default_shipping: bool,
}

impl Address {
    /// The address as Magento prints it, one line per `\n`.
    pub fn lines(&self) -> Vec<String> {
        vec![
            format!("{} {}", self.first_name, self.last_name),
            self.street.clone(),
            format!("{}, {}, {}", self.city, self.region, self.postcode),
            self.country.clone(),
        ]
    }

    /// The whole address as stored on an order (lines, then `T: phone`).
    pub fn text(&self) -> String {
        let mut lines = self.lines();
        lines.push(format!("T: {}", self.telephone));
        lines.join("\n")
    }
}

fn address(row: &rusqlite::Row<'_>) -> rusqlite::Result<Address> {
    Ok(Address {
        id: row.get(0)?,
        first_name: row.get(1)?,
        last_name: row.get(2)?,
        street: row.get(3)?,
        city: row.get(4)?,
        region: row.get(5)?,
        postcode: row.get(6)?,
        country: row.get(7)?,
        telephone: row.get(8)?,
        default_billing: row.get(9)?,
        default_shipping: row.get(10)?,
    })
}

const COLUMNS: &str = "SELECT id, first_name, last_name, street, city, region, postcode, country,
    telephone, default_billing, default_shipping FROM addresses";

/// A customer's addresses, defaults first.
pub fn of_customer(connection: &Connection, customer_id: i64) -> rusqlite::Result<Vec<Address>> {
    connection
        .prepare_cached(&format!(
            "{COLUMNS} WHERE customer_id = ?1 ORDER BY default_shipping DESC, default_billing DESC, id"
        ))?
        .query_map([customer_id], address)?
        .collect()
}

/// One of a customer's addresses.
pub fn one(
    connection: &Connection,
    customer_id: i64,
    id: i64,
) -> rusqlite::Result<Option<Address>> {
    connection
        .prepare_cached(&format!("{COLUMNS} WHERE customer_id = ?1 AND id = ?2"))?
        .query_row(params![customer_id, id], address)
        .optional()
}

/// Stores `address` for a customer (a new one when its id is 0, else the customer's own);
/// making it a default clears the flag on the others. Returns its id, `None` when the id
/// names no address of this customer.
pub fn save(
    connection: &Connection,
    customer_id: i64,
    address: &Address,
) -> rusqlite::Result<Option<i64>> {
    let transaction = connection.unchecked_transaction()?;
    let id = if address.id == 0 {
        transaction.execute(
            "INSERT INTO addresses (customer_id, first_name, last_name, street, city, region, postcode, country, telephone)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)",
            params![customer_id, address.first_name, address.last_name, address.street, address.city,
                    address.region, address.postcode, address.country, address.telephone],
        )?;
        transaction.last_insert_rowid()
    } else {
        let changed = transaction.execute(
            "UPDATE addresses SET first_name = ?3, last_name = ?4, street = ?5, city = ?6, region = ?7,
                 postcode = ?8, country = ?9, telephone = ?10 WHERE customer_id = ?1 AND id = ?2",
            params![customer_id, address.id, address.first_name, address.last_name, address.street,
                    address.city, address.region, address.postcode, address.country, address.telephone],
        )?;
        if changed == 0 {
            return Ok(None);
        }
        address.id
    };
    for (flag, column) in [
        (address.default_billing, "default_billing"),
        (address.default_shipping, "default_shipping"),
    ] {
        if flag {
            transaction.execute(
                &format!("UPDATE addresses SET {column} = (id = ?2) WHERE customer_id = ?1"),
                params![customer_id, id],
            )?;
        }
    }
    transaction.commit()?;
    Ok(Some(id))
}
