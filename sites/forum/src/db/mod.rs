//! Typed SQL over one tenant's forum database, one module per table group.

pub mod comments;
pub mod forums;
pub mod images;
pub mod listing;
pub mod messages;
pub mod search;
pub mod submissions;
pub mod users;
pub mod votes;
