//! Multipart forms with pictures, read in the order a browser sends them: text fields first
//! (capped in size and number), then files. No file is read before the form's CSRF token has
//! been checked, and pictures are decoded off the async workers under the upload limits.

use crate::PageError;
use crate::content::SiteDefinition;
use crate::form::Fields;
use crate::upload::{self, StoredImage};
use crate::visitor::Visitor;
use axum::extract::{FromRequest, Multipart, Request};
use std::collections::HashMap;

/// Longest text field in a multipart form.
pub const MAX_TEXT_FIELD: usize = 20_000;
/// Most text fields in a multipart form.
pub const MAX_TEXT_FIELDS: usize = 32;

/// The multipart body of `request`; a request that is not one is told to post the `what`
/// with the form on page `form_page`.
pub async fn of_request<S: Send + Sync>(
    request: Request,
    state: &S,
    what: &str,
    form_page: &str,
) -> Result<Multipart, PageError> {
    Multipart::from_request(request, state).await.map_err(|_| {
        PageError::bad_request(format!(
            "Post the {what} with the form on the \"{form_page}\" page."
        ))
    })
}

/// The text fields of `multipart` and the pictures sent as `file_field` (at most
/// `max_files`; empty file inputs are skipped, files under other names ignored).
pub async fn read_with_images<D: SiteDefinition>(
    visitor: &Visitor<D>,
    mut multipart: Multipart,
    file_field: &str,
    max_files: usize,
) -> Result<(Fields, Vec<StoredImage>), PageError> {
    let too_big = || {
        PageError::too_large(format!(
            "The upload is too large: each picture may be at most {} MB.",
            upload::MAX_UPLOAD_BYTES / (1024 * 1024)
        ))
    };
    let mut fields = HashMap::new();
    let mut images = Vec::new();
    let mut csrf_checked = false;
    while let Some(field) = multipart.next_field().await.map_err(|_| too_big())? {
        let name = field.name().unwrap_or("").to_owned();
        if field.file_name().is_some() {
            if !csrf_checked {
                // The token comes before the files in the form; without it, nothing is read.
                visitor.check_csrf(fields.get(crate::csrf::FIELD).map(String::as_str))?;
                csrf_checked = true;
            }
            let bytes = field.bytes().await.map_err(|_| too_big())?;
            if name != file_field || bytes.is_empty() {
                continue;
            }
            if images.len() == max_files {
                return Err(PageError::bad_request(format!(
                    "Attach at most {max_files} pictures."
                )));
            }
            images.push(upload::accept_image_off_thread(bytes, upload::MAX_UPLOAD_BYTES).await?);
        } else {
            let bytes = field.bytes().await.map_err(|_| too_big())?;
            if bytes.len() > MAX_TEXT_FIELD || fields.len() >= MAX_TEXT_FIELDS {
                return Err(PageError::too_large(format!(
                    "The field \"{name}\" is too long, or the form has too many fields."
                )));
            }
            let text = String::from_utf8(bytes.to_vec()).map_err(|_| {
                PageError::bad_request(format!("The field \"{name}\" is not valid text."))
            })?;
            fields.insert(name, text);
        }
    }
    if !csrf_checked {
        visitor.check_csrf(fields.get(crate::csrf::FIELD).map(String::as_str))?;
    }
    Ok((Fields(fields), images))
}
