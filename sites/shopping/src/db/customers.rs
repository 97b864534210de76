//! Customer accounts.

use rusqlite::{Connection, OptionalExtension, params};

/// A registered customer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Customer {
    /// Row id.
    pub id: i64,
    /// First name.
    pub first_name: String,
    /// Last name.
    pub last_name: String,
    /// Login email.
    pub email: String,
    /// Subscribed to the newsletter.
    pub newsletter: bool,
}

impl Customer {
    /// "First Last".
    pub fn full_name(&self) -> String {
        format!("{} {}", self.first_name, self.last_name)
    }
}

fn customer(row: &rusqlite::Row<'_>) -> rusqlite::Result<Customer> {
    Ok(Customer {
        id: row.get(0)?,
        first_name: row.get(1)?,
        last_name: row.get(2)?,
        email: row.get(3)?,
        newsletter: row.get(4)?,
    })
}

impl kit::auth::Account for Customer {
    const TABLE: &'static str = "customers";

    fn find(connection: &Connection, id: i64) -> rusqlite::Result<Option<Customer>> {
        connection
            .prepare_cached(
                "SELECT id, first_name, last_name, email, newsletter FROM customers WHERE id = ?1",
            )?
            .query_row([id], customer)
            .optional()
    }

    fn find_login(
        connection: &Connection,
        email: &str,
    ) -> rusqlite::Result<Option<(Customer, String)>> {
        by_email(connection, email)
    }

    fn id(&self) -> i64 {
        self.id
    }
}

/// The customer with this email (case-insensitive) and their password hash.
pub fn by_email(
    connection: &Connection,
    email: &str,
) -> rusqlite::Result<Option<(Customer, String)>> {
    connection
        .prepare_cached(
            "SELECT id, first_name, last_name, email, newsletter, password_hash FROM customers WHERE email = ?1",
        )?
        .query_row([email.trim()], |row| Ok((customer(row)?, row.get(5)?)))
        .optional()
}

/// Creates an account; `None` if the email is taken.
pub fn create(
    connection: &Connection,
    first_name: &str,
    last_name: &str,
    email: &str,
    password_hash: &str,
    now: i64,
) -> rusqlite::Result<Option<i64>> {
    let inserted = connection.execute(
        "INSERT INTO customers (first_name, last_name, email, password_hash, created_at)
         VALUES (?1, ?2, ?3, ?4, ?5) ON CONFLICT (email) DO NOTHING",
        params![first_name, last_name, email, password_hash, now],
    )?;
    Ok((inserted == 1).then(|| connection.last_insert_rowid()))
}

/// Changes a customer's name and newsletter subscription.
pub fn update(
    connection: &Connection,
    id: i64,
    first_name: &str,
    last_name: &str,
    newsletter: bool,
) -> rusqlite::Result<()> {
    connection.execute(
        "UPDATE customers SET first_name = ?2, last_name = ?3, newsletter = ?4 WHERE id = ?1",
        params![id, first_name, last_name, newsletter],
    )?;
    Ok(())
}
