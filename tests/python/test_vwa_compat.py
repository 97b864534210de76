"""VisualWebArena's harness against a live `agora sites`, without VWA's code: its auto-login
and login-expiry check, its shopping helpers' Magento REST calls, its reddit helpers' page
parsing and its reset call, replayed as ../shared/reference/vwa-compat.md describes them
(vwa_replay.py), with the answers checked against what was done on the sites."""

from __future__ import annotations

import re

import httpx
import pytest

import vwa_replay as vwa
from conftest import Sites

# A post and its forum from the shipped forum task 3 (the most commented in movies).
POST = "/f/movies/50677"
USER = vwa.ACCOUNTS["reddit"][0]


@pytest.mark.parametrize(
    "combination", [["classifieds"], ["reddit"], ["shopping"], ["classifieds", "shopping"], ["reddit", "shopping"]]
)
def test_auto_login_states_pass_the_login_expiry_check(sites: Sites, combination: list[str]) -> None:
    state = vwa.auto_login(sites.urls, combination)
    for site in combination:
        assert not vwa.is_expired(state, sites.urls, site), site
        # The check tells a login from none.
        assert vwa.is_expired({"cookies": []}, sites.urls, site), site


def logged_in(sites: Sites, site: str) -> vwa.Browser:
    browser = vwa.Browser()
    vwa.log_in(browser, site, sites.urls[site])
    return browser


def place_order(shop: str, browser: vwa.Browser, product_url: str) -> int:
    """Emma buys one unit of the product at `product_url` through the store's forms; the
    order's number."""
    page = browser.goto(product_url)
    form = page.soup.select_one("#product_addtocart_form")
    assert form is not None, product_url
    # Options (Size, Color): the first real choice of each.
    choices = {
        select["name"]: next(o["value"] for o in select.find_all("option") if o.get("value"))
        for select in form.find_all("select")
    }
    cart = browser.submit(page, form, {"qty": "1", **choices})
    assert "/checkout/cart" in cart.url and cart.status == 200
    checkout = browser.goto(f"{shop}/checkout/")
    shipping = checkout.soup.select_one("input[name=shipping_method]").find_parent("form")
    payment = browser.submit(checkout, shipping, {"shipping_method": "flatrate"})
    assert payment.url.endswith("/checkout/#payment") or "#payment" in payment.html, payment.url
    form = next(f for f in payment.soup.find_all("form") if "/checkout/place" in (f.get("action") or ""))
    success = browser.submit(payment, form, {"payment_method": "checkmo"})
    assert "/checkout/onepage/success" in success.url, success.url
    number = success.soup.select_one(".order-number").get_text().strip()
    return int(number)


def test_shopping_helpers_answer_from_the_store_through_rest(sites: Sites) -> None:
    shop = sites.urls["shopping"]
    before = vwa.shopping_get_latest_order_url(shop)
    assert re.fullmatch(rf"{re.escape(shop)}/sales/order/view/order_id/\d+/", before)
    # A product Emma has ordered: the latest order's first line, through the REST API.
    token = vwa.shopping_get_auth_token(shop)
    latest = httpx.get(
        f"{shop}/rest/V1/orders",
        params={"searchCriteria[sortOrders][0][field]": "created_at", "searchCriteria[sortOrders][0][direction]": "DESC",
                "searchCriteria[pageSize]": "1"},
        headers={"Authorization": f"Bearer {token}"},
    ).json()
    sku = latest["items"][0]["items"][0]["sku"]
    product_url = vwa.shopping_get_sku_product_page_url(shop, sku)

    with logged_in(sites, "shopping") as emma:
        product = emma.goto(product_url)
        assert product.status == 200 and sku in product.html
        number = place_order(shop, emma, product_url)
        order_url = vwa.shopping_get_latest_order_url(shop)
        assert order_url == f"{shop}/sales/order/view/order_id/{number}/" != before
        order = emma.goto(order_url)
        assert order.status == 200 and sku in order.soup.select_one(".order-details-items.ordered").get_text()

        page = emma.goto(product_url)
        form = page.soup.select_one("#review-form")
        posted = emma.submit(
            page, form, {"nickname": "Emma L", "title": "Sturdy", "detail": "Held up for a month.", "rating": "4"}
        )
        assert posted.status == 200
    assert vwa.shopping_get_sku_latest_review(shop, sku) == {
        "author": "Emma L", "rating": "80", "text": "Held up for a month.", "title": "Sturdy",
    }


def test_reddit_helpers_find_the_latest_comment_its_parent_and_the_post(sites: Sites) -> None:
    forum = sites.urls["reddit"]
    with logged_in(sites, "reddit") as user:
        page = user.goto(forum + POST)
        form = page.soup.select_one("form.comment-form")
        user.submit(page, form, {"comment": "Saw it twice, still great."})
        page = user.goto(forum + POST)
        assert vwa.reddit_get_latest_comment_content_by_username(page, USER) == "Saw it twice, still great."

        # A reply to the first top-level comment by someone else.
        tree = vwa.reddit_get_post_comment_tree(page)
        target = next(child for child in tree["children"] if child["username"] != USER)
        comment = next(
            element for element in page.soup.select(".comment[data-level='1']")
            if element.select_one(".fg-inherit").get_text().strip() == target["username"]
        )
        reply_form = next(
            form for form in comment.select("form")
            if (form.get("action") or "").endswith("/comment") and form.select_one("input[name=parent]")
        )
        user.submit(page, reply_form, {"comment": "Agreed, well put."})
        page = user.goto(forum + POST)
        assert vwa.reddit_get_latest_comment_content_by_username(page, USER) == "Agreed, well put."
        assert vwa.reddit_get_parent_comment_username_of_latest_comment_by_username(page, USER) == target["username"]

        # The user page gives the same parser the same answer.
        profile = user.goto(f"{forum}/user/{USER}")
        assert vwa.reddit_get_latest_comment_content_by_username(profile, USER) == "Agreed, well put."

        # reddit_get_post_url of the reply's permalink opens the post.
        permalink = comment.select_one(".comment__permalink")["href"]
        post_url = vwa.reddit_get_post_url(forum + permalink)
        assert post_url == f"{forum}{POST}/"
        assert user.goto(post_url).soup.select_one(".submission__title").get_text() == \
            page.soup.select_one(".submission__title").get_text()


def test_vwa_resets_restore_every_site_and_keep_its_logins(sites: Sites) -> None:
    urls = sites.urls
    # From the seeded data, whatever the tests before did.
    for site in ["classifieds", "shopping", "reddit"]:
        assert vwa.reset(urls[site]).status_code == 200
    states = {site: vwa.auto_login(urls, [site]) for site in ["classifieds", "shopping", "reddit"]}
    before = vwa.shopping_get_latest_order_url(urls["shopping"])
    with logged_in(sites, "shopping") as emma:
        sku = httpx.get(
            f"{urls['shopping']}/rest/V1/orders/{before.rstrip('/').rsplit('/', 1)[1]}",
            headers={"Authorization": f"Bearer {vwa.shopping_get_auth_token(urls['shopping'])}"},
        ).json()["items"][0]["sku"]
        place_order(urls["shopping"], emma, vwa.shopping_get_sku_product_page_url(urls["shopping"], sku))
    assert vwa.shopping_get_latest_order_url(urls["shopping"]) != before
    with logged_in(sites, "reddit") as user:
        page = user.goto(urls["reddit"] + POST)
        user.submit(page, page.soup.select_one("form.comment-form"), {"comment": "Resets undo me."})
        assert "Resets undo me." in user.goto(urls["reddit"] + POST).html
    with logged_in(sites, "classifieds") as blake:
        listing = f"{urls['classifieds']}/index.php?page=item&id=1"
        page = blake.goto(listing)
        form = page.soup.select_one("form.comment-form")
        blake.submit(page, form, {"title": "Still there?", "body": "Resets undo me too."})
        assert "Resets undo me too." in blake.goto(listing).html

    for site in ["classifieds", "shopping", "reddit"]:
        assert vwa.reset(urls[site], "not-the-token").status_code == 403
        response = vwa.reset(urls[site])
        assert response.status_code == 200, response.text
        print(site, response.text.strip())

    assert vwa.shopping_get_latest_order_url(urls["shopping"]) == before
    with vwa.Browser() as anyone:
        assert "Resets undo me." not in anyone.goto(urls["reddit"] + POST).html
        assert "Resets undo me too." not in anyone.goto(f"{urls['classifieds']}/index.php?page=item&id=1").html
    # Logins made before the reset still work, as VWA logs in before it resets.
    for site, state in states.items():
        assert not vwa.is_expired(state, urls, site), site
