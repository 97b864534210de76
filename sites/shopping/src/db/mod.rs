//! Typed SQL over one tenant's shopping database, one module per table group.

pub mod addresses;
pub mod api;
pub mod cart;
pub mod categories;
pub mod customers;
pub mod listing;
pub mod options;
pub mod orders;
pub mod products;
pub mod reviews;
pub mod saved;
