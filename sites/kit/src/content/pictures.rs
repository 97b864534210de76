//! The facts of the pictures a site serves, for the evaluators' ground-truth VQA judge: an
//! image URL under the site's [`ImageRoute`](super::ImageRoute) names a stored image
//! ([`SiteDefinition::find_image`]); a picture drawn from its spec answers with its facts
//! ([`crate::picture_facts`]), an upload or any other address with none; and the facts of a
//! spec a task records for its input images, for a copy of one the agent uploaded.

use super::{ImageSource, SiteDefinition};
use crate::TenantDatabase;
use evaluators::judge::truth::facts::PictureFacts;
use evaluators::{EvalError, QueryFuture, SiteQueries};
use std::collections::HashMap;
use std::marker::PhantomData;

/// Picture facts over one tenant's copy of site `D`.
pub(super) struct SitePictures<D> {
    tenant: TenantDatabase,
    /// The site's address (`http://127.0.0.1:7770`), empty when the directory does not list
    /// it (then any host is taken).
    base_url: String,
    site: PhantomData<fn() -> D>,
}

impl<D: SiteDefinition> SitePictures<D> {
    pub(super) fn new(tenant: TenantDatabase, base_url: &str) -> Self {
        Self {
            tenant,
            base_url: base_url.trim_end_matches('/').to_owned(),
            site: PhantomData,
        }
    }

    /// The route parameters `url` gives [`SiteDefinition::IMAGES`]' path, if it is one.
    fn route_of(&self, url: &str) -> Option<HashMap<String, String>> {
        let path = if self.base_url.is_empty() {
            let parsed = url::Url::parse(url).ok()?;
            parsed.path().to_owned()
        } else {
            let rest = url.strip_prefix(&self.base_url)?;
            rest.split(['?', '#']).next().unwrap_or_default().to_owned()
        };
        route_params(D::IMAGES.path, &path)
    }
}

/// Matches `path` against a route like `/media/{folder}/{file}`, segment by segment.
fn route_params(route: &str, path: &str) -> Option<HashMap<String, String>> {
    let (route, path): (Vec<&str>, Vec<&str>) =
        (route.split('/').collect(), path.split('/').collect());
    if route.len() != path.len() {
        return None;
    }
    let mut params = HashMap::new();
    for (pattern, segment) in route.iter().zip(&path) {
        match pattern
            .strip_prefix('{')
            .and_then(|name| name.strip_suffix('}'))
        {
            Some(name) if !segment.is_empty() => {
                params.insert(name.to_owned(), (*segment).to_owned());
            }
            Some(_) => return None,
            None if pattern == segment => {}
            None => return None,
        }
    }
    Some(params)
}

impl<D: SiteDefinition> SiteQueries for SitePictures<D> {
    fn picture_facts(&self, url: &str) -> QueryFuture<'_, Option<PictureFacts>> {
        let route = self.route_of(url);
        Box::pin(async move {
            let Some(route) = route else {
                return Ok(None);
            };
            let failed = |message: String| EvalError::SiteFailed {
                site: D::NAME.0,
                message,
            };
            let database = self
                .tenant
                .get()
                .await
                .map_err(|error| failed(error.to_string()))?;
            let source = database
                .call(move |connection| D::find_image(connection, &route))
                .await
                .map_err(|error: D::Error| failed(error.to_string()))?;
            Ok(match source {
                Some(ImageSource::Drawn(picture)) => Some(crate::picture_facts::facts_of(&picture)),
                Some(ImageSource::Uploaded(_)) | None => None,
            })
        })
    }

    /// Any site can tell the facts of a spec (a task's input image): the spec model is the
    /// kit's, not one site's.
    fn facts_of_spec(&self, spec: &serde_json::Value) -> QueryFuture<'_, Option<PictureFacts>> {
        let facts = serde_json::from_value::<imagery::Picture>(spec.clone())
            .ok()
            .map(|picture| crate::picture_facts::facts_of(&picture));
        Box::pin(async move { Ok(facts) })
    }
}

#[cfg(test)]
mod tests {
    use super::route_params;

    #[test]
    fn image_routes_match_segment_by_segment() {
        let params = route_params(
            "/media/catalog/product/{folder}/{file}",
            "/media/catalog/product/12/4812.png",
        )
        .expect("a match");
        assert_eq!(params["folder"], "12");
        assert_eq!(params["file"], "4812.png");
        assert!(route_params("/submission_images/{file}", "/submission_images/").is_none());
        assert!(route_params("/submission_images/{file}", "/other/a.png").is_none());
        assert!(route_params("/submission_images/{file}", "/submission_images/a/b.png").is_none());
    }
}
