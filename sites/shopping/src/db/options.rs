//! Configurable options (Size, Color): the choices a product offers and the ones a cart line
//! or order line carries.

use serde::{Deserialize, Serialize};

/// One configurable option of a product and its values.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct ProductOption {
    /// Label ("Size").
    pub name: String,
    /// Values in display order ("S", "M", …).
    pub values: Vec<String>,
}

/// The options chosen for a line, as `(label, value)` pairs in the product's option order.
pub type Chosen = Vec<(String, String)>;

/// Parses stored options JSON (an empty list when the column is malformed never happens:
/// the seed and the cart write it).
pub fn parse_offered(json: &str) -> Result<Vec<ProductOption>, serde_json::Error> {
    serde_json::from_str(json)
}

/// Parses a stored chosen-options JSON.
pub fn parse_chosen(json: &str) -> Result<Chosen, serde_json::Error> {
    serde_json::from_str(json)
}
