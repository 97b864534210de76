//! One-time notices: a form's handler redirects with a notice code in a short-lived cookie,
//! and the next page shows the notice's text once (see [`crate::visitor::Visitor::with_cookie`]).

use crate::content::SiteDefinition;
use crate::cookie;
use crate::visitor::SiteCookies;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Redirect, Response};

/// A site's notices: implemented by its enum, each notice with a code (the cookie's value)
/// and the text shown.
pub trait Notices: Copy + 'static {
    /// The site whose notice cookie carries them across a redirect.
    type Site: SiteDefinition;
    /// Every notice, for reading a code back.
    const ALL: &'static [Self];

    /// The notice's code and its text.
    fn code_and_text(self) -> (&'static str, &'static str);

    /// The text of the notice with `code`, if it is one of the site's.
    fn text_of(code: Option<&str>) -> Option<&'static str> {
        let code = code?;
        Self::ALL
            .iter()
            .map(|notice| notice.code_and_text())
            .find(|(known, _)| *known == code)
            .map(|(_, text)| text)
    }

    /// A redirect to `location` that shows this notice there.
    fn redirect(self, location: &str) -> Response {
        let mut response = Redirect::to(location).into_response();
        let (code, _) = self.code_and_text();
        if let Ok(value) = HeaderValue::from_str(&cookie::set(
            &SiteCookies::of(Self::Site::NAME).notice,
            code,
        )) {
            response.headers_mut().append(header::SET_COOKIE, value);
        }
        response
    }
}
