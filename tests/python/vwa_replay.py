"""VisualWebArena's harness calls, replayed over HTTP without VWA's code, as
../shared/reference/vwa-compat.md describes them: its auto-login and login-expiry check, the
Magento REST calls of its shopping helpers, the page parsing of its reddit helpers, and its
classifieds reset. A `Browser` is a cookie jar that fills and submits forms as a browser
does (every field the form holds, the filled ones replaced)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlparse

import httpx
from bs4 import BeautifulSoup, Tag

# VWA's accounts (env_config.ACCOUNTS) and defaults.
ACCOUNTS = {
    "reddit": ("MarvelsGrantMan136", "test1234"),
    "shopping": ("emma.lopez@gmail.com", "Password.123"),
    "classifieds": ("blake.sullivan@gmail.com", "Password.123"),
}
SHOPPING_ADMIN = ("admin", "admin1234")
RESET_TOKEN = "4b61655535e7ed388f0d40a93600254c"
TIMEOUT = 60.0


@dataclass
class Page:
    """A fetched page: where the browser ended up and what it shows."""

    url: str
    status: int
    html: str

    @property
    def soup(self) -> BeautifulSoup:
        return BeautifulSoup(self.html, "html.parser")


class Browser:
    """One browser context: a cookie jar shared by every site of the host, as cookies are."""

    def __init__(self, cookies: list[dict[str, Any]] | None = None) -> None:
        self.client = httpx.Client(follow_redirects=True, timeout=TIMEOUT)
        for cookie in cookies or []:
            self.client.cookies.set(cookie["name"], cookie["value"], domain=cookie["domain"], path=cookie["path"])

    def __enter__(self) -> Browser:
        return self

    def __exit__(self, *_: object) -> None:
        self.client.close()

    def goto(self, url: str) -> Page:
        response = self.client.get(url)
        return Page(str(response.url), response.status_code, response.text)

    def submit(self, page: Page, form: Tag, fill: dict[str, str], button: Tag | None = None) -> Page:
        """Submits `form` of `page` with its fields, `fill` (by field name) replacing values."""
        fields: list[tuple[str, str]] = []
        for element in form.find_all(["input", "select", "textarea"]):
            name = element.get("name")
            if not name or element.has_attr("disabled"):
                continue
            kind = (element.get("type") or "text").lower()
            if kind in ("submit", "button", "image", "file"):
                continue
            if kind in ("radio", "checkbox") and not element.has_attr("checked"):
                continue
            if element.name == "select":
                options = element.find_all("option")
                chosen = next((o for o in options if o.has_attr("selected")), options[0] if options else None)
                value = chosen.get("value", chosen.get_text()) if chosen else ""
            elif element.name == "textarea":
                value = element.get_text()
            else:
                value = element.get("value", "on" if kind in ("radio", "checkbox") else "")
            fields.append((name, value))
        names = {name for name, _ in fields}
        fields = [(name, fill.get(name, value)) for name, value in fields]
        fields += [(name, value) for name, value in fill.items() if name not in names]
        if button is not None and button.get("name"):
            fields.append((button["name"], button.get("value", "")))
        action = httpx.URL(page.url).join(form.get("action") or page.url)
        if (form.get("method") or "get").lower() == "post":
            response = self.client.post(
                action,
                content=urlencode(fields),
                headers={"content-type": "application/x-www-form-urlencoded"},
            )
        else:
            response = self.client.get(action, params=fields)
        return Page(str(response.url), response.status_code, response.text)

    def storage_state(self) -> dict[str, Any]:
        """The cookies as Playwright's `context.storage_state()` writes them."""
        return {
            "cookies": [
                {
                    "name": cookie.name,
                    "value": cookie.value or "",
                    "domain": cookie.domain,
                    "path": cookie.path,
                    "expires": cookie.expires if cookie.expires is not None else -1,
                    "httpOnly": cookie.has_nonstandard_attr("HttpOnly"),
                    "secure": cookie.secure,
                    "sameSite": "Lax",
                }
                for cookie in self.client.cookies.jar
            ],
            "origins": [],
        }


def control_by_label(soup: BeautifulSoup, text: str, exact: bool) -> Tag:
    """The form control a `<label>` with `text` names (Playwright's `get_by_label`)."""
    for label in soup.find_all("label"):
        shown = " ".join(label.get_text().split())
        if shown == text if exact else text.lower() in shown.lower():
            target = soup.find(id=label["for"]) if label.has_attr("for") else label.find(["input", "select", "textarea"])
            if target is not None:
                return target
    raise AssertionError(f"no control labelled {text!r}")


def button_by_name(soup: BeautifulSoup, name: str) -> Tag:
    """The button whose accessible name contains `name` (Playwright's `get_by_role('button')`)."""
    for button in soup.find_all(["button", "input"]):
        if button.name == "input" and (button.get("type") or "").lower() not in ("submit", "button"):
            continue
        shown = " ".join((button.get_text() if button.name == "button" else button.get("value", "")).split())
        if name.lower() in shown.lower():
            return button
    raise AssertionError(f"no button named {name!r}")


def log_in(browser: Browser, site: str, url: str) -> Page:
    """VWA's `renew_comb` for one site: open its login page, fill the form as VWA locates it,
    click its button."""
    username, password = ACCOUNTS[site]
    if site == "shopping":
        page = browser.goto(f"{url}/customer/account/login/")
        soup = page.soup
        user, secret = control_by_label(soup, "Email", True), control_by_label(soup, "Password", True)
        button = button_by_name(soup, "Sign In")
    elif site == "reddit":
        page = browser.goto(f"{url}/login")
        soup = page.soup
        user, secret = control_by_label(soup, "Username", False), control_by_label(soup, "Password", False)
        button = button_by_name(soup, "Log in")
    else:
        page = browser.goto(f"{url}/index.php?page=login")
        soup = page.soup
        user, secret = soup.select_one("#email"), soup.select_one("#password")
        button = button_by_name(soup, "Log in")
    form = button.find_parent("form")
    assert form is not None and user is not None and secret is not None
    return browser.submit(page, form, {user["name"]: username, secret["name"]: password}, button)


def auto_login(urls: dict[str, str], sites: list[str]) -> dict[str, Any]:
    """The storage state VWA's auto-login writes for a combination of sites."""
    with Browser() as browser:
        for site in sorted(sites):
            log_in(browser, site, urls[site])
        return browser.storage_state()


def state_file_sites(path: str) -> list[str]:
    """VWA's `get_site_comb_from_filepath`."""
    return Path(path).name.rsplit("_", 1)[0].split(".")


def expiry_check(urls: dict[str, str], site: str) -> tuple[str, str]:
    """What VWA's `is_expired` opens for `site` and the keyword it wants ("" = the URL must
    stay as it is)."""
    return {
        "shopping": (f"{urls['shopping']}/wishlist/", ""),
        "reddit": (f"{urls['reddit']}/user/{ACCOUNTS['reddit'][0]}/account", "Delete"),
        "classifieds": (f"{urls['classifieds']}/index.php?page=user&action=items", "My listings"),
    }[site]


def is_expired(state: dict[str, Any], urls: dict[str, str], site: str) -> bool:
    """VWA's `is_expired` (exact URL match) over a storage state."""
    url, keyword = expiry_check(urls, site)
    with Browser(state["cookies"]) as browser:
        page = browser.goto(url)
    if keyword:
        return keyword not in page.html
    return page.url != url


# Shopping helpers: Magento's REST API.


def shopping_get_auth_token(shop: str) -> str:
    response = httpx.post(
        f"{shop}/rest/default/V1/integration/admin/token",
        headers={"content-type": "application/json"},
        content=json.dumps({"username": SHOPPING_ADMIN[0], "password": SHOPPING_ADMIN[1]}),
        timeout=TIMEOUT,
    )
    token: str = response.json()
    return token


def _headers(shop: str) -> dict[str, str]:
    return {"Authorization": f"Bearer {shopping_get_auth_token(shop)}", "Content-Type": "application/json"}


def shopping_get_latest_order_url(shop: str) -> str:
    params = {
        "searchCriteria[sortOrders][0][field]": "created_at",
        "searchCriteria[sortOrders][0][direction]": "DESC",
        "searchCriteria[pageSize]": "1",
    }
    response = httpx.get(f"{shop}/rest/V1/orders", params=params, headers=_headers(shop), timeout=TIMEOUT)
    assert response.status_code == 200
    order_id = int(response.json()["items"][0]["increment_id"])
    return f"{shop}/sales/order/view/order_id/{order_id}/"


def shopping_get_sku_latest_review(shop: str, sku: str) -> dict[str, str] | None:
    """Author, rating, text and title of `shopping_get_sku_latest_review_*` (None for VWA's "")."""
    response = httpx.get(f"{shop}/rest/V1/products/{sku}/reviews", headers=_headers(shop), timeout=TIMEOUT)
    assert response.status_code == 200
    reviews = response.json()
    if len(reviews) == 0:
        return None
    assert reviews[0]["ratings"][0]["rating_name"] == "Rating"
    last = reviews[-1]
    return {
        "author": last["nickname"],
        "rating": str(last["ratings"][0]["percent"]),
        "text": last["detail"],
        "title": last["title"],
    }


def shopping_get_sku_product_page_url(shop: str, sku: str) -> str:
    response = httpx.get(f"{shop}/rest/V1/products/{sku}", headers=_headers(shop), timeout=TIMEOUT)
    assert response.status_code == 200
    for attribute in response.json()["custom_attributes"]:
        if attribute["attribute_code"] == "url_key":
            return f"{shop}/{attribute['value']}.html"
    return ""


# Reddit helpers: the comment tree of a Postmill page.


def reddit_get_post_url(url: str) -> str:
    parts = urlparse(url)
    path = parts.path.split("/")
    if len(path) < 4 or path[1] != "f":
        return url
    return f"{parts.scheme}://{parts.netloc}/f/{path[2]}/{path[3]}/"


def reddit_get_post_comment_tree(page: Page) -> dict[str, Any]:
    """The tree VWA's script builds from `#main` (level 0): each node's first `.fg-inherit`,
    `.vote__net-score`, `.comment__content` and comment time, children the descendant
    `.comment`s one level deeper. Any missing piece makes VWA's script throw: `{}`."""

    def build(node: Tag, level: int) -> dict[str, Any]:
        def first(selector: str) -> Tag:
            found = node.select_one(selector)
            if found is None:
                raise LookupError(selector)
            return found

        return {
            "username": first(".fg-inherit").get_text().strip(),
            "net_score": int(first(".vote__net-score").get_text().strip()),
            "content": first(".comment__content").get_text().strip(),
            "time": datetime.fromisoformat(first(".comment__main > header > h1 > span > time")["datetime"]),
            "children": [
                build(child, level + 1)
                for child in node.select(".comment")
                if child.get("data-level", "").isdigit() and int(child["data-level"]) == level + 1
            ],
        }

    try:
        main = page.soup.select_one("#main")
        return build(main, 0) if main is not None else {}
    except (LookupError, ValueError):
        return {}


def reddit_get_latest_comment_content_by_username(page: Page, username: str) -> str:
    latest: dict[str, Any] = {}

    def dfs(node: dict[str, Any]) -> None:
        nonlocal latest
        if node["username"] == username and (not latest or node["time"] > latest["time"]):
            latest = node
        for child in node["children"]:
            dfs(child)

    tree = reddit_get_post_comment_tree(page)
    if tree:
        dfs(tree)
    return latest.get("content", "")


def reddit_get_parent_comment_username_of_latest_comment_by_username(page: Page, username: str) -> str:
    parent: dict[str, Any] = {}
    latest_time: datetime | None = None

    def dfs(node: dict[str, Any]) -> None:
        nonlocal parent, latest_time
        for child in node["children"]:
            if child["username"] == username:
                if latest_time is None or child["time"] > latest_time:
                    parent, latest_time = node, child["time"]
            else:
                dfs(child)

    tree = reddit_get_post_comment_tree(page)
    if tree:
        dfs(tree)
    return parent.get("username", "")


def reset(url: str, token: str = RESET_TOKEN) -> httpx.Response:
    """VWA's reset call (`ScriptBrowserEnv.setup` for classifieds)."""
    return httpx.post(f"{url}/index.php?page=reset", data={"token": token}, timeout=TIMEOUT)
