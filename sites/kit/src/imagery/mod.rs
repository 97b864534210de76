//! Deterministic product photos rendered from stored attributes.

mod spec;

pub use spec::{ImageSpec, NamedColor, ObjectKind, Pattern};
