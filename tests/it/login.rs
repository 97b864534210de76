//! Each site with accounts says how it is logged in (`Site::login`: its own login form and
//! default account), and logging in from outside through that form — as `agora tasks export
//! --log-in` does for VWA's auto-login — gets a session on the running site.

use crate::support::run;
use agora::export::storage::log_in;
use agora::sites::SITES;

#[test]
fn each_site_with_accounts_logs_its_default_account_in_through_its_own_form() {
    run(|harness| async move {
        let client = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .build()
            .unwrap();
        let mut logged_in = Vec::new();
        for site in SITES {
            let Some(login) = site.login() else { continue };
            assert_eq!(login.site, site.name(), "a site logs in as itself");
            let base = harness.site(site.name().0);
            let jar = log_in(&client, &base, &login)
                .await
                .unwrap_or_else(|error| panic!("{}: {error:#}", site.name()));
            assert!(
                jar.contains_key(&format!("{}_session", site.name())),
                "{}: a session cookie: {jar:?}",
                site.name()
            );
            logged_in.push(site.name().0);
        }
        assert_eq!(logged_in, ["classifieds", "shopping", "forum"]);
    });
}
