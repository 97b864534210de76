//! What every Agora site shares: SQLite tenancy, auth, templates, uploads, errors and imagery.

pub mod imagery;
