//! The one table of site names: Agora's name for each site, the names VWA task files use for
//! it in `sites`, and the placeholders task URLs use for its base URL.

/// How one site is named across Agora and VWA's task files.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SiteNames {
    /// Agora's name (`forum`): the hosted site, `--port forum=9999`, the task folder.
    pub name: &'static str,
    /// Names task files may list in `sites` (`forum`, and VWA's `reddit`).
    pub task_names: &'static [&'static str],
    /// Placeholders replaced by the site's base URL (`__REDDIT__`, `__FORUM__`).
    pub placeholders: &'static [&'static str],
}

/// Every site a task may name, hosted by Agora or not (VWA's Wikipedia is not).
pub const SITE_NAMES: &[SiteNames] = &[
    SiteNames {
        name: "classifieds",
        task_names: &["classifieds"],
        placeholders: &["__CLASSIFIEDS__"],
    },
    SiteNames {
        name: "shopping",
        task_names: &["shopping"],
        placeholders: &["__SHOPPING__"],
    },
    SiteNames {
        name: "forum",
        task_names: &["forum", "reddit"],
        placeholders: &["__REDDIT__", "__FORUM__"],
    },
    SiteNames {
        name: "wikipedia",
        task_names: &["wikipedia"],
        placeholders: &["__WIKIPEDIA__"],
    },
    SiteNames {
        name: "homepage",
        task_names: &["homepage"],
        placeholders: &["__HOMEPAGE__"],
    },
    SiteNames {
        name: "webui",
        task_names: &["webui"],
        placeholders: &["__WEBUI__"],
    },
];

/// The site a name refers to: Agora's name or any task-file name, in any case.
pub fn site_named(name: &str) -> Option<&'static SiteNames> {
    let name = name.trim();
    SITE_NAMES.iter().find(|site| {
        site.name.eq_ignore_ascii_case(name)
            || site
                .task_names
                .iter()
                .any(|task_name| task_name.eq_ignore_ascii_case(name))
    })
}

/// Every name a task file may list in `sites`, comma-separated (for messages).
pub fn task_names_list() -> String {
    SITE_NAMES
        .iter()
        .flat_map(|site| site.task_names.iter().copied())
        .collect::<Vec<_>>()
        .join(", ")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_resolve_to_one_site_each() {
        assert_eq!(site_named("reddit").map(|site| site.name), Some("forum"));
        assert_eq!(site_named("Forum").map(|site| site.name), Some("forum"));
        assert_eq!(site_named("gitlab"), None);
        let mut all: Vec<&str> = SITE_NAMES
            .iter()
            .flat_map(|site| site.task_names.iter().chain(site.placeholders))
            .copied()
            .collect();
        let count = all.len();
        all.sort_unstable();
        all.dedup();
        assert_eq!(all.len(), count, "a name is used by two sites");
        assert!(
            SITE_NAMES
                .iter()
                .all(|site| site.task_names.contains(&site.name))
        );
    }
}
