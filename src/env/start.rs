//! Opening a start: a browser from the pool, the cookies that select the episode's tenant and
//! log in its sites, the start URLs in tabs (first active), settled, and the first page
//! observed. What comes out is an [`Opened`] start, which an episode is then built around
//! (or which waits, opened ahead, for one: `prepared.rs`).

use super::stamp::StateStamp;
use super::{EnvError, Environment, EpisodeTenant, SiteCookie, StartKey, Tenancy};
use crate::act::ActionError;
use crate::browser::{
    BrowserError, BrowserSession, Lease, NewCookie, SettlePolicy, Viewport, settle,
};
use crate::observe::{Observation, ScreenshotKind, observe};
use std::time::Duration;

/// A browser at its start: tenant set, start URLs opened and settled, first page observed.
pub(super) struct Opened {
    /// The browser.
    pub(super) session: BrowserSession,
    /// The tenant it browses as (none when no sites are hosted).
    pub(super) tenant: Option<EpisodeTenant>,
    /// Viewport of every tab.
    pub(super) viewport: Viewport,
    /// The first observation.
    pub(super) observation: Observation,
    /// Whether the browser came from the warm pool.
    pub(super) warm_start: bool,
    /// How long the start waited for its browser.
    pub(super) pool_wait: Duration,
}

impl Environment {
    /// The tenant an episode browses as: a new private one, or the shared default.
    pub(super) fn open_tenant(&self, tenancy: Tenancy) -> Result<Option<EpisodeTenant>, EnvError> {
        let Some(sites) = &self.inner.sites else {
            return Ok(None);
        };
        Ok(Some(match tenancy {
            Tenancy::Private => EpisodeTenant {
                id: sites.create_tenant()?,
                private: true,
            },
            Tenancy::Shared => EpisodeTenant {
                id: sites.default_tenant(),
                private: false,
            },
        }))
    }

    /// Drops a tenant if it is an episode's own.
    pub(super) fn drop_tenant(&self, tenant: Option<EpisodeTenant>) {
        if let (Some(sites), Some(tenant)) = (&self.inner.sites, tenant)
            && tenant.private
        {
            sites.remove_tenant(&tenant.id);
        }
    }

    /// The cookies that select the tenant on every site and log in the given sites.
    pub(super) fn episode_cookies(
        &self,
        logins: &[String],
        tenant: Option<EpisodeTenant>,
    ) -> Result<Vec<SiteCookie>, EnvError> {
        let (Some(sites), Some(tenant)) = (&self.inner.sites, tenant) else {
            return Ok(Vec::new());
        };
        let mut cookies = Vec::new();
        if tenant.private {
            cookies.extend(sites.site_urls().into_iter().map(|(_, url)| SiteCookie {
                url,
                name: kit::TENANT_COOKIE.to_owned(),
                value: tenant.id.to_string(),
            }));
        }
        for site in logins {
            cookies.extend(sites.login_cookies(site, &tenant.id)?);
        }
        Ok(cookies)
    }

    /// Opens `start` in a fresh tenant of `tenancy` (dropped again if the start fails to
    /// open), in a browser from the pool.
    pub(super) async fn open_now(
        &self,
        start: &StartKey,
        tenancy: Tenancy,
    ) -> Result<Opened, EnvError> {
        let tenant = self.open_tenant(tenancy)?;
        let opened = self.open_start(start, tenant, None).await;
        if opened.is_err() {
            self.drop_tenant(tenant);
        }
        opened
    }

    /// A browser at `start` as `tenant`: cookies set, the start URLs opened and settled, the
    /// first page observed. The browser is `lease`, or one from the pool.
    pub(super) async fn open_start(
        &self,
        start: &StartKey,
        tenant: Option<EpisodeTenant>,
        lease: Option<Lease>,
    ) -> Result<Opened, EnvError> {
        let cookies = self.episode_cookies(&start.logins, tenant)?;
        self.load_start(start, tenant, &cookies, lease).await
    }

    /// [`Self::open_start`] with the episode's `cookies` already made.
    async fn load_start(
        &self,
        start: &StartKey,
        tenant: Option<EpisodeTenant>,
        cookies: &[SiteCookie],
        lease: Option<Lease>,
    ) -> Result<Opened, EnvError> {
        let lease = match lease {
            Some(lease) => lease,
            None => self.inner.pool.acquire().await?,
        };
        let mut session = lease.session;
        // The page may never finish loading or may spin: the start has the step deadline,
        // past which its browser is killed (the pool replaces it) and the start refused.
        let deadline = self.inner.config.step_deadline();
        let policy = self
            .settle_policy()
            .for_capture(start.observe.screenshot != ScreenshotKind::None);
        let opening = async {
            open_start_urls(
                &mut session,
                &start.start_urls,
                cookies,
                start.viewport,
                policy,
            )
            .await
            .map_err(ActionError::from)?;
            observe(&session, start.observe)
                .await
                .map_err(ActionError::from)
        };
        let observation = match tokio::time::timeout(deadline, opening).await {
            Ok(Ok(observation)) => observation,
            Ok(Err(error)) => {
                if error.is_session_lost() {
                    // Best effort: a browser that is merely unreachable is ended with it.
                    tokio::spawn(session.close());
                } else {
                    self.inner.pool.release(session);
                }
                return Err(EnvError::Action(error));
            }
            Err(_) => {
                tracing::warn!("a start did not open within {deadline:?}; stopping its browser");
                session.kill();
                return Err(EnvError::Action(ActionError::PageUnresponsive {
                    waited: deadline,
                }));
            }
        };
        Ok(Opened {
            session,
            tenant,
            viewport: start.viewport,
            observation,
            warm_start: lease.warm,
            pool_wait: lease.waited,
        })
    }

    /// Gives an opened start's browser back (or ends it at shutdown) and drops its tenant.
    pub(super) async fn discard(&self, opened: Opened) {
        if self.inner.prepared.is_closed() {
            opened.session.close().await;
        } else {
            self.inner.pool.release(opened.session);
        }
        self.drop_tenant(opened.tenant);
    }
}

impl Environment {
    /// Whether opening `start` in a fresh private tenant leaves nothing a later page could
    /// tell: no row of the sites' data written, no cookie but the episode's own (as it set
    /// them) and the anonymous visitor ids a site mints on any page for a browser without
    /// one, nothing kept by the page's origin (storage, caches, databases, service workers).
    /// A start of several tabs, or without hosted sites, is not looked at (`false`).
    pub(super) async fn start_leaves_nothing(&self, start: &StartKey) -> Result<bool, EnvError> {
        let (Some(sites), [_]) = (&self.inner.sites, start.start_urls.as_slice()) else {
            return Ok(false);
        };
        let Some(tenant) = self.open_tenant(Tenancy::Private)? else {
            return Ok(false);
        };
        let opened = async {
            let cookies = self.episode_cookies(&start.logins, Some(tenant))?;
            let before = sites.stamp(&tenant.id)?;
            let opened = self.load_start(start, Some(tenant), &cookies, None).await?;
            Ok::<_, EnvError>((opened, cookies, before))
        };
        let (opened, cookies, before) = match opened.await {
            Ok(opened) => opened,
            Err(error) => {
                self.drop_tenant(Some(tenant));
                return Err(error);
            }
        };
        // Each cookie in the browser is one the episode set, as it set it, or a visitor id.
        let set = cookies
            .into_iter()
            .map(|cookie| (cookie.name, cookie.value))
            .collect();
        let left = StateStamp::take(sites.as_ref(), &tenant.id, &opened.session)
            .await
            .map(|after| after.holds_only(before, &set));
        self.discard(opened).await;
        left
    }
}

/// Sets the cookies, opens the start URLs, one tab each, and returns to the first tab.
pub(super) async fn open_start_urls(
    session: &mut BrowserSession,
    urls: &[String],
    cookies: &[SiteCookie],
    viewport: Viewport,
    policy: SettlePolicy,
) -> Result<(), BrowserError> {
    set_cookies(session, cookies).await?;
    let first = session.current_tab().cloned();
    for (index, url) in urls.iter().enumerate() {
        if index > 0 {
            session.open_tab().await?;
        }
        session.set_viewport(viewport).await?;
        session.instrument_current_tab().await?;
        session.goto(url).await?;
        settle(session, policy).await?;
    }
    if let (true, Some(first)) = (urls.len() > 1, first) {
        session.switch_tab(first).await?;
    }
    Ok(())
}

/// Sets `cookies` in the current tab's browser context, in one call.
pub(super) async fn set_cookies(
    session: &BrowserSession,
    cookies: &[SiteCookie],
) -> Result<(), BrowserError> {
    if cookies.is_empty() {
        return Ok(());
    }
    // No page script reads or overwrites them (a tenant id or a login is a credential), and
    // no cross-site request carries them.
    let cookies: Vec<_> = cookies
        .iter()
        .map(|cookie| NewCookie {
            url: &cookie.url,
            name: &cookie.name,
            value: &cookie.value,
        })
        .collect();
    session.set_cookies(&cookies).await
}
