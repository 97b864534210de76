//! Site base URLs that replace the `__SITE__` placeholders of task files.

use crate::site_names::{SiteNames, site_named, task_names_list};
use std::collections::BTreeMap;

/// A site name that is in no row of [`crate::site_names::SITE_NAMES`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown site `{0}`: expected one of {list}", list = task_names_list())]
pub struct UnknownSite(pub String);

/// Base URL per site, used to replace placeholders by plain text substitution (as VWA does).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SiteUrls {
    bases: BTreeMap<&'static str, (&'static SiteNames, String)>,
}

impl SiteUrls {
    /// No sites known; substitution leaves text unchanged.
    pub fn new() -> Self {
        Self::default()
    }

    /// Sets the base URL of `site` (a trailing `/` is dropped, as placeholders are followed by paths).
    pub fn insert(&mut self, site: &str, base_url: &str) -> Result<(), UnknownSite> {
        let names = site_named(site).ok_or_else(|| UnknownSite(site.to_owned()))?;
        self.bases.insert(
            names.name,
            (names, base_url.trim_end_matches('/').to_owned()),
        );
        Ok(())
    }

    /// The placeholders of the known sites (`__CLASSIFIEDS__`, …).
    pub fn placeholders(&self) -> Vec<&'static str> {
        self.bases
            .values()
            .flat_map(|(names, _)| names.placeholders.iter().copied())
            .collect()
    }

    /// Replaces every known `__SITE__` placeholder in `text`.
    pub fn substitute(&self, text: &str) -> String {
        let mut replaced = text.to_owned();
        for (names, base) in self.bases.values() {
            for placeholder in names.placeholders {
                replaced = replaced.replace(placeholder, base);
            }
        }
        replaced
    }

    /// `url` with a known site's base URL at its start written as the site's placeholder
    /// (`http://127.0.0.1:9980/index.php` → `__CLASSIFIEDS__/index.php`): the inverse of
    /// [`SiteUrls::substitute`] for one URL, as task files store it.
    pub fn placeholder_for(&self, url: &str) -> String {
        for (names, base) in self.bases.values() {
            let at_boundary = |rest: &str| rest.is_empty() || rest.starts_with(['/', '?', '#']);
            if let (Some(rest), Some(placeholder)) =
                (url.strip_prefix(base.as_str()), names.placeholders.first())
                && at_boundary(rest)
            {
                return format!("{placeholder}{rest}");
            }
        }
        url.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_every_placeholder_occurrence() {
        let mut urls = SiteUrls::new();
        urls.insert("classifieds", "http://127.0.0.1:9980/")
            .unwrap();
        urls.insert("REDDIT", "http://127.0.0.1:9999").unwrap();
        assert_eq!(
            urls.substitute(
                "__CLASSIFIEDS__/index.php |AND| __REDDIT__/f/x __CLASSIFIEDS__ __SHOPPING__ __FORUM__"
            ),
            "http://127.0.0.1:9980/index.php |AND| http://127.0.0.1:9999/f/x http://127.0.0.1:9980 __SHOPPING__ http://127.0.0.1:9999"
        );
        assert_eq!(
            urls.insert("gitlab", "x"),
            Err(UnknownSite("gitlab".into()))
        );
    }

    #[test]
    fn placeholder_for_reverses_one_base_at_a_boundary() {
        let mut urls = SiteUrls::new();
        urls.insert("reddit", "http://127.0.0.1:9999").unwrap();
        assert_eq!(
            urls.placeholder_for("http://127.0.0.1:9999/f/pics?x=1"),
            "__REDDIT__/f/pics?x=1"
        );
        assert_eq!(urls.placeholder_for("http://127.0.0.1:9999"), "__REDDIT__");
        // Another port that starts with the same digits is another site.
        assert_eq!(
            urls.placeholder_for("http://127.0.0.1:99990/x"),
            "http://127.0.0.1:99990/x"
        );
    }
}
