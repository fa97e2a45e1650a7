"""The built site in a real browser: the search box finds cards by their Polish name and
rules by their number, and the results open the right pages.

Drives Debian's Chromium (/usr/bin/chromium) headless with Playwright; Playwright's own
browser downloads are never used. Install Chromium with scripts/install-browser.sh.
"""

from __future__ import annotations

import functools
import http.server
import re
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest

from kot_rules.site.build import BuildResult

ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = Path("/usr/bin/chromium")
ARTIFACTS = ROOT / "artifacts"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
TIMEOUT_MS = 15_000

RESULT_LINKS = ".md-search-result__list a.md-search-result__link"


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: Any) -> None:
        pass


@pytest.fixture(scope="module")
def site_url(built_site: BuildResult) -> Iterator[str]:
    """The built site, served on 127.0.0.1 at a free port for the module's tests."""
    handler = functools.partial(_QuietHandler, directory=str(built_site.site))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/"
    finally:
        server.shutdown()
        server.server_close()
        thread.join(timeout=5)


@pytest.fixture(scope="module")
def browser_page(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Any]:
    if not CHROMIUM.exists():
        pytest.fail(f"{CHROMIUM} is missing: run scripts/install-browser.sh (as root) to "
                    "install Debian's chromium package", pytrace=False)
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.fail("the playwright Python package is missing: pip install playwright "
                    "(never `playwright install`: the test uses /usr/bin/chromium)",
                    pytrace=False)
    profile = tmp_path_factory.mktemp("chromium-profile")
    with sync_playwright() as playwright:
        context = playwright.chromium.launch_persistent_context(
            str(profile),  # a fresh --user-data-dir
            executable_path=str(CHROMIUM),
            args=CHROMIUM_FLAGS,
            headless=True,
            viewport={"width": 1280, "height": 900},
        )
        try:
            page = context.new_page()
            page.set_default_timeout(TIMEOUT_MS)
            yield page
        finally:
            context.close()


def search(page: Any, site_url: str, query: str) -> Any:
    """Open the home page, type ``query`` in the search box; the result links."""
    page.goto(site_url)
    box = page.locator("input.md-search__input")
    box.click()
    box.press_sequentially(query, delay=30)
    results = page.locator(RESULT_LINKS)
    results.first.wait_for(state="visible")
    return results


def open_result(page: Any, results: Any, path: str) -> None:
    """Click the first result that leads to the page ``path`` (e.g. ``cards/even-bigger/``)."""
    hrefs = [results.nth(i).get_attribute("href") or "" for i in range(results.count())]
    wanted = [i for i, href in enumerate(hrefs) if urlsplit(href).path == "/" + path]
    assert wanted, f"no search result leads to {path}: {hrefs}"
    results.nth(wanted[0]).click()
    page.wait_for_url(lambda url: urlsplit(url).path == "/" + path)


def test_search_finds_a_card_by_its_polish_name(browser_page: Any, site_url: str) -> None:
    page = browser_page
    results = search(page, site_url, "Jeszcze większy")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "site-search.png"))
    open_result(page, results, "cards/even-bigger/")
    assert page.locator("article h1").inner_text().rstrip("¶ ") == "Even Bigger"
    body = page.locator("article").inner_text()
    assert "Jeszcze większy!" in body
    assert 'card "Even Bigger"' in body


def test_search_finds_a_rule_by_its_number(browser_page: Any, site_url: str) -> None:
    page = browser_page
    results = search(page, site_url, "4.6")
    page.screenshot(path=str(ARTIFACTS / "site-search-rule.png"))
    open_result(page, results, "rules/tokyo.yield/")
    assert page.locator("article h1").inner_text().rstrip("¶ ") == "4.6 Yielding Tokyo"


def test_search_finds_a_rule_by_its_slug(browser_page: Any, site_url: str) -> None:
    results = search(browser_page, site_url, "tokyo.yield")
    open_result(browser_page, results, "rules/tokyo.yield/")


def test_glossary_tooltip(browser_page: Any, site_url: str) -> None:
    page = browser_page
    page.goto(site_url + "rules/tokyo.yield/")
    abbr = page.locator("article abbr").filter(has_text=re.compile(r"^Tokio$")).first
    assert abbr.get_attribute("title") == "Tokyo (Polish)"


def expect_first_result(results: Any, path: str) -> None:
    """Wait until the first result leads to ``path``: the results change with every key
    typed, so a first look may still show those of a shorter query."""
    from playwright.sync_api import expect

    # search.highlight adds ?h=<query> to a result's link
    href = re.compile(re.escape(path) + r"(\?h=[^#/]*)?$")
    expect(results.first).to_have_attribute("href", href)


def test_search_ranks_the_rule_before_scenarios(browser_page: Any, site_url: str) -> None:
    results = search(browser_page, site_url, "Tokyo Bay")
    expect_first_result(results, "/rules/bay.variant/")


@pytest.mark.parametrize("query", ["Imitacja", "Imitace", "imitacja"])
def test_search_finds_mimic_by_its_names_first(browser_page: Any, site_url: str,
                                               query: str) -> None:
    results = search(browser_page, site_url, query)
    expect_first_result(results, "/cards/mimic/")


def test_search_finds_a_name_typed_without_accents(browser_page: Any, site_url: str) -> None:
    results = search(browser_page, site_url, "Jeszcze wiekszy")
    open_result(browser_page, results, "cards/even-bigger/")


# -- diagnostic code pages, wide tables, code blocks, translations, card pages ----------

NARROW = {"width": 700, "height": 900}
"""A window narrower than the wide tables and the long code lines."""


@pytest.fixture
def narrow_page(browser_page: Any) -> Iterator[Any]:
    browser_page.set_viewport_size(NARROW)
    try:
        yield browser_page
    finally:
        browser_page.set_viewport_size({"width": 1280, "height": 900})


def test_every_code_has_a_page_and_a_hint_leads_to_it(browser_page: Any, site_url: str) -> None:
    from kot_rules.language import CODES
    from kot_rules.language.cardset import check_text
    from kot_rules.language.code_examples import EXAMPLES
    from kot_rules.language.diagnostics import doc_path

    page = browser_page
    for code in CODES:
        response = page.request.get(site_url + doc_path(code))
        assert response.status == 200, code
    (diagnostic,) = check_text(EXAMPLES["KOT113"].wrong)
    match = re.search(r"docs: (codes/KOT\d{3}/)", diagnostic.hint or "")
    assert match is not None, diagnostic.hint
    page.goto(site_url + match.group(1))
    assert page.locator("article h1").inner_text().startswith("KOT113: ")
    assert "What it means" in page.locator("article").inner_text()


def test_a_wide_table_scrolls_inside_its_box(narrow_page: Any, site_url: str) -> None:
    page = narrow_page
    page.goto(site_url + "cards/")
    found = page.evaluate("""() => {
        const table = document.querySelector("article table");
        let box = table;  // the table itself or the nearest wrapper that scrolls
        while (box && !["auto", "scroll"].includes(getComputedStyle(box).overflowX)) {
            box = box.parentElement;
        }
        const width = document.documentElement.clientWidth;
        return {
            scrolls: box !== null && box.scrollWidth > box.clientWidth,
            inside: box !== null && box.getBoundingClientRect().right <= width + 1,
            page: document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        };
    }""")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "site-wide-table.png"))
    assert found == {"scrolls": True, "inside": True, "page": True}


def test_a_long_code_line_stays_inside_the_page(narrow_page: Any, site_url: str) -> None:
    page = narrow_page
    page.goto(site_url + "codes/KOT116/")  # the hint line is long
    found = page.evaluate("""() => {
        const width = document.documentElement.clientWidth;
        const blocks = [...document.querySelectorAll("article pre > code")];
        return {
            blocks: blocks.length,
            inside: blocks.every(b => b.getBoundingClientRect().right <= width + 1),
            scrolls: blocks.some(b => b.scrollWidth > b.clientWidth
                                      && getComputedStyle(b).overflowX === "auto"),
            page: document.documentElement.scrollWidth <= document.documentElement.clientWidth,
        };
    }""")
    assert found == {"blocks": 3, "inside": True, "scrolls": True, "page": True}


def test_a_quoted_phrase_shows_its_english(browser_page: Any, site_url: str) -> None:
    page = browser_page
    page.goto(site_url + "rules/setup.first-player/")
    quote = page.locator("article blockquote").first
    assert "Grę rozpoczyna gracz" in quote.inner_text()
    translation = quote.locator(".translation")
    assert translation.is_visible()
    assert translation.inner_text().startswith("English: The game is started by the player")


def test_no_card_page_says_none_yet(browser_page: Any, site_url: str) -> None:
    """Every card page is complete: none says 'None ... yet' (a stub of a missing part)."""
    page = browser_page
    page.goto(site_url + "cards/")
    stubs = page.evaluate(r"""async () => {
        const links = [...document.querySelectorAll("article table a")]
            .map(a => a.href).filter(h => /\/cards\/[^/]+\/$/.test(h));
        const found = [];
        for (const href of links) {
            const html = await (await fetch(href)).text();
            const doc = new DOMParser().parseFromString(html, "text/html");
            if (/\bnone\b[^.]*\byet\b/i.test(doc.querySelector("article").textContent)) {
                found.push(href);
            }
        }
        return {pages: links.length, stubs: found};
    }""")
    assert stubs["pages"] == 64
    assert stubs["stubs"] == []


# -- the three games through the navigation ---------------------------------------------

GAME_SECTIONS = [("King of Tokyo", "tokyo/", ""), ("King of Tokyo: Duel", "duel/", "duel/"),
                 ("King of New York", "newyork/", "newyork/")]
"""Each game: its title in the navigation, its home page and the folder of its rule,
clarification and card pages."""


def heading(page: Any) -> str:
    return str(page.locator("article h1").inner_text()).rstrip("¶ ")


def click_nav(page: Any, text: str, path: str) -> None:
    """Click the primary navigation's visible link ``text``; wait for the page ``path``."""
    link = page.locator("nav.md-nav--primary a.md-nav__link:visible",
                        has=page.get_by_text(text, exact=True))
    assert link.count() == 1, f"{link.count()} navigation links read {text!r}"
    link.click()
    page.wait_for_url(lambda url: urlsplit(url).path == "/" + path)


def click_first_item(page: Any, folder: str) -> str:
    """Click the first page the navigation lists under the open section ``folder`` (e.g.
    ``duel/cards/``); the link's text."""
    links = page.locator("nav.md-nav--primary a.md-nav__link:visible")
    pattern = re.compile("/" + re.escape(folder) + r"[^/]+/$")
    paths = [urlsplit(links.nth(i).evaluate("a => a.href")).path for i in range(links.count())]
    found = [i for i, path in enumerate(paths) if pattern.search(path)]
    assert found, f"the navigation lists no page under {folder}"
    text, target = str(links.nth(found[0]).inner_text()).strip(), paths[found[0]]
    links.nth(found[0]).click()
    page.wait_for_url(lambda url: urlsplit(url).path == target)
    return text


def test_each_game_by_clicking_through_the_navigation(browser_page: Any, site_url: str) -> None:
    """From the home page, each game's home, one card and one clarification are reached by
    clicking the navigation, and each page's heading is the game's."""
    page = browser_page
    page.goto(site_url)
    assert heading(page) == "kot-rules: the King of Tokyo family, clarified"
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "site-home.png"), full_page=True)
    for title, home, folder in GAME_SECTIONS:
        click_nav(page, title, home)
        assert heading(page) == title
        click_nav(page, "Cards", f"{folder}cards/")
        assert heading(page) == f"{title}: cards"
        name = click_first_item(page, f"{folder}cards/")
        assert heading(page) == name
        assert f"{title} " in page.locator("article").inner_text()  # "<game> Power card"
        if folder == "newyork/":
            page.screenshot(path=str(ARTIFACTS / "site-newyork-card.png"), full_page=True)
        click_nav(page, "Clarifications", f"{folder}clarifications/")
        assert heading(page) == f"{title}: clarifications"
        decision = click_first_item(page, f"{folder}clarifications/")
        assert heading(page).startswith(f"{decision}: "), (decision, heading(page))
        assert f"{title}, clarification {decision}" in page.locator("article").inner_text()
