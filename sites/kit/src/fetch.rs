//! Pictures taken by URL — only from Agora's own sites. An address must name the origin
//! (scheme, host and port) of a site this process hosts, as its [`Directory`] lists them;
//! any other host, port or scheme (`file:`, `data:`, private addresses, the control API) is
//! refused before a connection is made, and so is every redirect that leaves those origins.
//! The body is read up to the upload cap and must decode as an image.

use crate::PageError;
use crate::site::Directory;
use crate::upload::{self, StoredImage, UploadError};
use std::time::Duration;
use url::Url;

/// Longest address accepted, in characters.
pub const MAX_ADDRESS: usize = 2_000;
/// Redirects followed (each one checked like the first address).
pub const MAX_REDIRECTS: usize = 3;
/// How long one fetch may take in all.
pub const FETCH_TIMEOUT: Duration = Duration::from_secs(10);

/// Why a picture could not be taken from an address.
#[derive(Debug, thiserror::Error)]
#[non_exhaustive]
pub enum FetchError {
    /// Not an absolute `http://` or `https://` address.
    #[error(
        "\"{0}\" is not a web address: give the picture's full http:// address on one of this server's sites"
    )]
    Malformed(String),
    /// The address (or a redirect) leads outside the hosted sites.
    #[error(
        "pictures can only be taken from this server's own sites ({allowed}); {url} is not one of them: save the picture and upload the file instead"
    )]
    Elsewhere {
        /// The refused address.
        url: String,
        /// The origins that are allowed.
        allowed: String,
    },
    /// More redirects than [`MAX_REDIRECTS`].
    #[error("{0} redirects more than {MAX_REDIRECTS} times: give the picture's own address")]
    TooManyRedirects(String),
    /// The site answered with an error status.
    #[error("{url} answered HTTP {status}: check that the address opens the picture in a browser")]
    Status {
        /// The address.
        url: String,
        /// The status code.
        status: u16,
    },
    /// The site could not be reached or the transfer failed.
    #[error("{url} could not be fetched ({reason}); try again, or upload the file instead")]
    Unreachable {
        /// The address.
        url: String,
        /// What went wrong.
        reason: String,
    },
    /// The body is too large or not an image.
    #[error(transparent)]
    Upload(#[from] UploadError),
}

impl FetchError {
    /// Whether the address was refused for leading outside the hosted sites.
    pub fn is_elsewhere(&self) -> bool {
        matches!(self, FetchError::Elsewhere { .. })
    }
}

impl From<FetchError> for PageError {
    fn from(error: FetchError) -> Self {
        match error {
            FetchError::Upload(upload) => upload.into(),
            other => PageError::bad_request(format!("The image URL was refused: {other}.")),
        }
    }
}

/// The origins of the hosted sites: the only places pictures are taken from.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct OwnOrigins(Vec<url::Origin>);

impl OwnOrigins {
    /// The origins of every site in `directory`.
    pub fn of(directory: &Directory) -> Self {
        OwnOrigins(
            directory
                .sites
                .iter()
                .filter_map(|listing| Url::parse(&listing.url).ok())
                .map(|url| url.origin())
                .filter(url::Origin::is_tuple)
                .collect(),
        )
    }

    /// Whether `url` is on one of the hosted sites.
    pub fn allow(&self, url: &Url) -> bool {
        matches!(url.scheme(), "http" | "https") && self.0.contains(&url.origin())
    }

    fn listed(&self) -> String {
        if self.0.is_empty() {
            return "none are hosted here".to_owned();
        }
        self.0
            .iter()
            .map(url::Origin::ascii_serialization)
            .collect::<Vec<_>>()
            .join(", ")
    }

    fn check(&self, url: &Url) -> Result<(), FetchError> {
        if self.allow(url) {
            Ok(())
        } else {
            Err(FetchError::Elsewhere {
                url: url.to_string(),
                allowed: self.listed(),
            })
        }
    }
}

/// Parses an address typed into a form.
fn parse(address: &str) -> Result<Url, FetchError> {
    let address = address.trim();
    if address.chars().count() > MAX_ADDRESS {
        return Err(FetchError::Malformed(format!(
            "{}…",
            address.chars().take(40).collect::<String>()
        )));
    }
    Url::parse(address).map_err(|_| FetchError::Malformed(address.to_owned()))
}

/// Fetches the picture at `address` from one of `origins` and checks it as an upload.
/// `cookie`, if given, is sent along (the visitor's tenant cookie, so a picture posted in
/// this episode is found).
pub async fn own_image(
    address: &str,
    origins: &OwnOrigins,
    cookie: Option<String>,
) -> Result<StoredImage, FetchError> {
    let mut url = parse(address)?;
    origins.check(&url)?;
    let client = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .no_proxy()
        .timeout(FETCH_TIMEOUT)
        .build()
        .map_err(|error| FetchError::Unreachable {
            url: url.to_string(),
            reason: error.to_string(),
        })?;
    let unreachable = |url: &Url, error: reqwest::Error| FetchError::Unreachable {
        url: url.to_string(),
        reason: error.to_string(),
    };
    for _ in 0..=MAX_REDIRECTS {
        let mut request = client.get(url.clone());
        if let Some(cookie) = &cookie {
            request = request.header(reqwest::header::COOKIE, cookie);
        }
        let mut response = request.send().await.map_err(|e| unreachable(&url, e))?;
        let status = response.status();
        if status.is_redirection() {
            let next = response
                .headers()
                .get(reqwest::header::LOCATION)
                .and_then(|value| value.to_str().ok())
                .and_then(|location| url.join(location).ok())
                .ok_or_else(|| FetchError::Status {
                    url: url.to_string(),
                    status: status.as_u16(),
                })?;
            origins.check(&next)?;
            url = next;
            continue;
        }
        if !status.is_success() {
            return Err(FetchError::Status {
                url: url.to_string(),
                status: status.as_u16(),
            });
        }
        let limit = upload::MAX_UPLOAD_BYTES;
        let mut body = Vec::new();
        while let Some(chunk) = response.chunk().await.map_err(|e| unreachable(&url, e))? {
            if body.len() + chunk.len() > limit {
                return Err(UploadError::TooLarge {
                    size: body.len() + chunk.len(),
                    limit,
                }
                .into());
            }
            body.extend_from_slice(&chunk);
        }
        return Ok(upload::accept_image_off_thread(body.into(), limit).await?);
    }
    Err(FetchError::TooManyRedirects(address.trim().to_owned()))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::site::Listing;
    use crate::tenant::SiteName;

    fn origins() -> OwnOrigins {
        OwnOrigins::of(&Directory {
            sites: vec![Listing {
                name: SiteName("shopping"),
                title: "Shop",
                description: "",
                url: "http://127.0.0.1:7770".into(),
            }],
        })
    }

    #[test]
    fn only_the_hosted_origins_are_allowed() {
        let origins = origins();
        let allowed = |address: &str| Url::parse(address).is_ok_and(|url| origins.allow(&url));
        assert!(allowed("http://127.0.0.1:7770/media/a.png"));
        for refused in [
            "http://127.0.0.1:7771/a.png",
            "https://127.0.0.1:7770/a.png",
            "http://localhost:7770/a.png",
            "http://10.0.0.8:7770/a.png",
            "http://169.254.169.254/latest/meta-data",
            "file:///etc/passwd",
            "data:image/png;base64,iVBORw0KGgo=",
            "ftp://127.0.0.1:7770/a.png",
        ] {
            assert!(!allowed(refused), "{refused}");
        }
    }

    #[tokio::test]
    async fn refusals_happen_before_any_connection_and_say_why() {
        let origins = origins();
        let error = own_image("file:///etc/passwd", &origins, None)
            .await
            .expect_err("refused");
        assert!(error.is_elsewhere(), "{error}");
        assert!(
            error.to_string().contains("http://127.0.0.1:7770"),
            "{error}"
        );
        let error = own_image("not an address", &origins, None)
            .await
            .expect_err("refused");
        assert!(matches!(error, FetchError::Malformed(_)), "{error}");
        let none = OwnOrigins::default();
        let error = own_image("http://127.0.0.1:7770/a.png", &none, None)
            .await
            .expect_err("nothing hosted");
        assert!(
            error.to_string().contains("none are hosted here"),
            "{error}"
        );
    }
}
