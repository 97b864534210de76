//! The REST surface's errors, answered as Magento does: a status and
//! `{"message": …, "parameters": …}`, where `%name` in the message stands for a parameter.

use crate::ShoppingError;
use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

/// Why a REST call was refused or failed.
#[derive(Debug, thiserror::Error)]
pub(crate) enum RestError {
    /// No endpoint at this method and path.
    #[error("Request does not match any route.")]
    NoRoute,
    /// A store code other than `default` or `all`.
    #[error("Requested store is not found")]
    UnknownStore,
    /// No valid admin bearer token for this tenant.
    #[error("The consumer isn't authorized to access %resources.")]
    Unauthorized {
        /// The ACL resource Magento names.
        resources: &'static str,
    },
    /// Wrong admin user name or password.
    #[error(
        "The account sign-in was incorrect or your account is disabled temporarily. Please wait and try again later."
    )]
    SignIn,
    /// Too many failed sign-ins from this client.
    #[error("Too many failed sign-ins for the admin account. Try again in %seconds seconds.")]
    Throttled {
        /// Seconds to wait.
        seconds: u64,
    },
    /// A required field or parameter is missing.
    #[error("\"%fieldName\" is required. Enter and try again.")]
    Required {
        /// Its name.
        field: &'static str,
    },
    /// A malformed or out-of-bounds input; the text says what to send instead.
    #[error("{0}")]
    Invalid(String),
    /// No product has the SKU.
    #[error("The product that was requested doesn't exist. Verify the product and try again.")]
    NoProduct,
    /// No order has the id.
    #[error("The entity that was requested doesn't exist. Verify the entity and try again.")]
    NoOrder,
    /// The request's tenant cookie names no live tenant.
    #[error("{0}")]
    Tenant(kit::KitError),
    /// Reading the store's data failed.
    #[error("The store's data could not be read: {0}")]
    Site(#[from] ShoppingError),
}

impl From<kit::KitError> for RestError {
    fn from(error: kit::KitError) -> Self {
        if error.is_refused_tenant() {
            RestError::Tenant(error)
        } else {
            RestError::Site(error.into())
        }
    }
}

impl From<rusqlite::Error> for RestError {
    fn from(error: rusqlite::Error) -> Self {
        RestError::Site(error.into())
    }
}

impl RestError {
    fn status(&self) -> StatusCode {
        match self {
            RestError::NoRoute | RestError::NoProduct | RestError::NoOrder => StatusCode::NOT_FOUND,
            RestError::Unauthorized { .. } | RestError::SignIn => StatusCode::UNAUTHORIZED,
            RestError::Throttled { .. } => StatusCode::TOO_MANY_REQUESTS,
            RestError::Tenant(_) => StatusCode::FORBIDDEN,
            RestError::UnknownStore | RestError::Required { .. } | RestError::Invalid(_) => {
                StatusCode::BAD_REQUEST
            }
            RestError::Site(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    fn parameters(&self) -> Option<Value> {
        match self {
            RestError::Unauthorized { resources } => Some(json!({ "resources": resources })),
            RestError::Throttled { seconds } => Some(json!({ "seconds": seconds })),
            RestError::Required { field } => Some(json!({ "fieldName": field })),
            _ => None,
        }
    }
}

impl IntoResponse for RestError {
    fn into_response(self) -> Response {
        let mut body = json!({ "message": self.to_string() });
        if let Some(parameters) = self.parameters() {
            body["parameters"] = parameters;
        }
        (self.status(), Json(body)).into_response()
    }
}
