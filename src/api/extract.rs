//! Request extractors whose rejections answer in the API's error shape, with a message that
//! says what to fix (axum's own answer plain text).

use super::error::ApiError;
use axum::Json;
use axum::extract::rejection::{JsonRejection, PathRejection, QueryRejection};
use axum::extract::{FromRequest, FromRequestParts, OptionalFromRequest, Request};
use axum::http::request::Parts;
use axum::http::{StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use futures::StreamExt;

/// The most of a refused body that is read and dropped before answering 413 (see
/// [`refuse_oversized`]); past it the connection is closed.
const DRAIN_CAP: u64 = 16 * 1024 * 1024;

/// What a client whose body is over [`super::BODY_LIMIT`] is told to do.
fn too_large_advice() -> String {
    format!(
        "the body is larger than the {} KiB the server accepts; send less",
        super::BODY_LIMIT / 1024
    )
}

/// Answers a request whose `Content-Length` is over [`super::BODY_LIMIT`] with 413
/// `payload_too_large` — on every endpoint, MCP's included — after reading the body away (up
/// to [`DRAIN_CAP`]), so the client has sent it all and reads the answer instead of a
/// connection closed under it.
pub async fn refuse_oversized(request: Request, next: Next) -> Response {
    let declared = request
        .headers()
        .get(header::CONTENT_LENGTH)
        .and_then(|value| value.to_str().ok())
        .and_then(|value| value.parse::<u64>().ok());
    let Some(length) = declared.filter(|length| *length > super::BODY_LIMIT as u64) else {
        return next.run(request).await;
    };
    if length <= DRAIN_CAP {
        let mut body = request.into_body().into_data_stream();
        while let Some(Ok(_)) = body.next().await {}
    }
    ApiError::new(
        StatusCode::PAYLOAD_TOO_LARGE,
        "payload_too_large",
        format!("the body declares {length} bytes: {}", too_large_advice()),
    )
    .into_response()
}

/// A JSON request body.
#[derive(Debug)]
pub struct ApiJson<T>(pub T);

impl<S, T> FromRequest<S> for ApiJson<T>
where
    Json<T>: FromRequest<S, Rejection = JsonRejection>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let Json(value) = Json::<T>::from_request(request, state).await?;
        Ok(Self(value))
    }
}

impl<S, T> OptionalFromRequest<S> for ApiJson<T>
where
    Json<T>: OptionalFromRequest<S, Rejection = JsonRejection>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request(request: Request, state: &S) -> Result<Option<Self>, Self::Rejection> {
        let value = <Json<T> as OptionalFromRequest<S>>::from_request(request, state).await?;
        Ok(value.map(|Json(value)| Self(value)))
    }
}

/// Path parameters or a query string (`ApiParts<Path<…>>`, `ApiParts<Query<…>>`).
#[derive(Debug)]
pub struct ApiParts<E>(pub E);

impl<S, E> FromRequestParts<S> for ApiParts<E>
where
    E: FromRequestParts<S>,
    E::Rejection: Into<ApiError>,
    S: Send + Sync,
{
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, state: &S) -> Result<Self, Self::Rejection> {
        E::from_request_parts(parts, state)
            .await
            .map(Self)
            .map_err(Into::into)
    }
}

impl From<JsonRejection> for ApiError {
    fn from(rejection: JsonRejection) -> Self {
        let status = rejection.status();
        let (code, advice) = match status {
            StatusCode::PAYLOAD_TOO_LARGE => ("payload_too_large", too_large_advice()),
            StatusCode::UNSUPPORTED_MEDIA_TYPE => (
                "unsupported_media_type",
                "send the body as JSON with `Content-Type: application/json`".to_owned(),
            ),
            _ => (
                "bad_json",
                "fix the JSON body; /openapi.json describes every request".to_owned(),
            ),
        };
        ApiError::new(status, code, format!("{}: {advice}", rejection.body_text()))
    }
}

impl From<PathRejection> for ApiError {
    fn from(rejection: PathRejection) -> Self {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_path",
            format!(
                "{}: check the URL against /openapi.json",
                rejection.body_text()
            ),
        )
    }
}

impl From<QueryRejection> for ApiError {
    fn from(rejection: QueryRejection) -> Self {
        ApiError::new(
            StatusCode::BAD_REQUEST,
            "bad_query",
            format!(
                "{}: check the query string against /openapi.json",
                rejection.body_text()
            ),
        )
    }
}
