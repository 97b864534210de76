//! Login storage states as VWA's auto-login writes them: log each site's default account in
//! through its login form, keep the cookies, and save them as a Playwright storage-state file
//! (`{"cookies": [...], "origins": []}`) named `<site>[.<site>…]_state.json`.
//!
//! The sessions live in the running sites' shared tenant, so the files stay valid until those
//! sites restart (VWA's `run.py` logs in again before every task anyway).

use anyhow::{Context, bail};
use kit::auth::SiteLogin;
use reqwest::header::{COOKIE, SET_COOKIE};
use serde_json::{Value, json};
use std::collections::BTreeMap;
use std::path::Path;

/// How the site VWA calls `site` is logged in, if it has accounts (each site's own form and
/// default account, [`kit::Site::login`]).
pub fn login_form(site: &str) -> Option<SiteLogin> {
    crate::sites::find(site)?.login()
}

/// The file name VWA gives the storage state of a combination of sites (sorted names joined by
/// `.`, then `_state.json`).
pub fn file_name(sites: &[&str]) -> String {
    let mut sites = sites.to_vec();
    sites.sort_unstable();
    sites.dedup();
    format!("{}_state.json", sites.join("."))
}

/// The value of each `Set-Cookie` of a response, by cookie name (a deletion removes it).
fn absorb(jar: &mut BTreeMap<String, String>, response: &reqwest::Response) {
    for header in response.headers().get_all(SET_COOKIE) {
        let Ok(text) = header.to_str() else { continue };
        let pair = text.split(';').next().unwrap_or_default();
        let Some((name, value)) = pair.split_once('=') else {
            continue;
        };
        let deleted = text.to_ascii_lowercase().contains("max-age=0");
        if deleted || value.is_empty() {
            jar.remove(name.trim());
        } else {
            jar.insert(name.trim().to_owned(), value.trim().to_owned());
        }
    }
}

fn cookie_header(jar: &BTreeMap<String, String>) -> String {
    jar.iter()
        .map(|(name, value)| format!("{name}={value}"))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The CSRF token in a page's hidden form field (`name="csrf_token" value="…"`, as Agora's
/// sites write it).
fn form_token(html: &str) -> Option<&str> {
    let marker = format!("name=\"{}\" value=\"", kit::csrf::FIELD);
    let start = html.find(&marker)? + marker.len();
    let length = html[start..].find('"')?;
    Some(&html[start..start + length])
}

/// Logs `form`'s account in at `base` (the site's URL) as a browser does — the login page
/// first (its visitor cookie and its form's CSRF token), then the form — and returns the
/// cookies the site set.
pub async fn log_in(
    client: &reqwest::Client,
    base: &str,
    login: &SiteLogin,
) -> anyhow::Result<BTreeMap<String, String>> {
    let form = &login.form;
    let url = format!("{}{}", base.trim_end_matches('/'), form.path);
    let mut jar = BTreeMap::new();
    let page = client
        .get(&url)
        .send()
        .await
        .with_context(|| format!("opening {url}"))?;
    absorb(&mut jar, &page);
    let html = page
        .text()
        .await
        .with_context(|| format!("reading {url}"))?;
    let csrf = form_token(&html).with_context(|| {
        format!("{url} has no login form with a CSRF token: is it an Agora site?")
    })?;
    let response = client
        .post(&url)
        .header(COOKIE, cookie_header(&jar))
        .form(&[
            (kit::csrf::FIELD, csrf),
            (form.login_field, login.user),
            (form.password_field, login.password),
        ])
        .send()
        .await
        .with_context(|| format!("posting the login form to {url}"))?;
    let status = response.status();
    absorb(&mut jar, &response);
    if !jar.contains_key(&kit::visitor::SiteCookies::of(login.site).session) {
        bail!(
            "logging {} in at {url} failed (HTTP {status}): is the {} site running there?",
            login.user,
            login.site
        );
    }
    Ok(jar)
}

/// Logs every site of `sites` in (their URLs by VWA name in `urls`) and writes the combined
/// storage state to `path`.
pub async fn write_state(
    client: &reqwest::Client,
    sites: &[&str],
    urls: &BTreeMap<&str, String>,
    path: &Path,
) -> anyhow::Result<()> {
    let mut cookies: Vec<Value> = Vec::new();
    for site in sites {
        let login =
            login_form(site).with_context(|| format!("VWA's site `{site}` has no login"))?;
        let base = urls
            .get(site)
            .with_context(|| format!("no URL for the {site} site"))?;
        let host = url::Url::parse(base)
            .ok()
            .and_then(|url| url.host_str().map(str::to_owned))
            .with_context(|| format!("`{base}` is not an http URL"))?;
        for (name, value) in log_in(client, base, &login).await? {
            cookies.push(json!({
                "name": name,
                "value": value,
                "domain": host,
                "path": "/",
                "expires": -1,
                "httpOnly": true,
                "secure": false,
                "sameSite": "Lax",
            }));
        }
    }
    let state = json!({ "cookies": cookies, "origins": [] });
    std::fs::write(path, serde_json::to_vec_pretty(&state)?)
        .with_context(|| format!("writing {}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn files_are_named_as_vwa_names_them() {
        assert_eq!(file_name(&["reddit"]), "reddit_state.json");
        assert_eq!(
            file_name(&["shopping", "classifieds"]),
            "classifieds.shopping_state.json"
        );
        assert!(login_form("wikipedia").is_none());
        assert_eq!(
            login_form("reddit").map(|form| form.user),
            Some("MarvelsGrantMan136")
        );
    }
}
