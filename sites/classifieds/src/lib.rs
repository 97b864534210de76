//! The OSClass-style classifieds site.
