//! Typed SQL over one tenant's classifieds database, one module per table group.

pub mod categories;
pub mod comments;
pub mod listings;
pub mod photos;
pub mod places;
pub mod search;
pub mod users;
