"""A nested forcing chain's inner chains on the page (issue 33): the line
that names one has its More button, which shows the inner chain in place of
the step's lines (the board drawing it) until Back, in both languages.

The board comes from tests/data/games/nested_forcing_chain.json, where the
next step is a nested forcing chain: it is put in the page's storage before
the page opens, as a game kept from an earlier visit.

    python3 tests/browser/test_chains.py URL

Run by scripts/browser_tests.sh, after test_page.py and test_screens.py.
"""

import os
import sys

from selenium.webdriver.common.by import By

from test_page import button, check, fresh_browser, ready, tap, wait

GAME = os.path.join(os.path.dirname(__file__), "..", "data", "games", "nested_forcing_chain.json")


def bubble(d):
    return d.execute_script(
        "return {title: document.getElementById('pip-title').textContent,"
        " read: [...document.querySelectorAll('#pip-lines .said:not(.inner)')].map(p => p.textContent),"
        " inner: [...document.querySelectorAll('#pip-lines .said.inner')].map(p => p.textContent),"
        " more: [...document.querySelectorAll('#pip-lines [data-inner]')].map(b => b.textContent),"
        " back: [...document.querySelectorAll('#pip-offers [data-back]')].map(b => b.textContent),"
        " count: document.getElementById('pip-count').textContent,"
        " marks: document.querySelector('#board .highlights').innerHTML}"
    )


def hint_to_more(d):
    """Asks Pip for a hint and pages to the first line naming an inner chain."""
    before = bubble(d)["count"]
    tap(d, button(d, "#hint"))
    wait(d, lambda d: bubble(d)["count"] != before and bubble(d)["count"].startswith("1/"))
    check(not bubble(d)["more"], "nothing to open on the nudge: %r" % bubble(d))
    for _ in range(40):
        if bubble(d)["more"]:
            return bubble(d)
        tap(d, button(d, "#pip-next"))
    raise AssertionError("no line names an inner chain: %r" % bubble(d))


def more_test(url):
    with open(GAME) as f:
        game = f.read()
    with fresh_browser((412, 915)) as d:
        # The game kept from an earlier visit, stored before the page runs.
        d.get(url.replace("/?t=", "/api/info?t="))
        d.execute_script("localStorage.setItem('sudolens-game', arguments[0])", game)
        d.get(url)
        ready(d)

        naming = hint_to_more(d)
        more = naming["more"][0]
        check(more.startswith("More: inner chain "), "More in English: %r" % more)
        number = more.rsplit(" ", 1)[1]
        tap(d, d.find_element(By.CSS_SELECTOR, "#pip-lines [data-inner]"))
        opened = bubble(d)
        check(opened["title"] == "Inner chain " + number, "its title: %r" % opened)
        check(len(opened["inner"]) >= 2 and not opened["read"], "in place of the step's lines: %r" % opened)
        check(opened["inner"][0].startswith("Suppose"), "told from its supposition: %r" % opened["inner"])
        check(opened["back"] == ["Back to the chain"], "Back: %r" % opened["back"])
        check(opened["marks"] != naming["marks"], "the board draws the inner chain")

        tap(d, d.find_element(By.CSS_SELECTOR, "#pip-offers [data-back]"))
        back = bubble(d)
        check(back["read"] == naming["read"] and not back["inner"], "Back to the chain: %r" % back)
        check(back["marks"] == naming["marks"], "the board draws the step again")

        # Paging closes an inner chain too.
        tap(d, d.find_element(By.CSS_SELECTOR, "#pip-lines [data-inner]"))
        tap(d, button(d, "#pip-prev"))
        check(not bubble(d)["inner"], "Previous goes back to the step's lines")

        tap(d, button(d, "#lang"))
        wait(d, lambda d: d.execute_script("return document.documentElement.lang") == "fr")
        fr = hint_to_more(d)
        check(fr["more"][0].startswith("Plus : chaîne intérieure "), "More in French: %r" % fr["more"])
        tap(d, d.find_element(By.CSS_SELECTOR, "#pip-lines [data-inner]"))
        opened = bubble(d)
        check(opened["title"].startswith("Chaîne intérieure "), "its title in French: %r" % opened)
        check(opened["inner"][0].startswith("Suppose"), "told in French: %r" % opened["inner"])
        check(opened["back"] == ["Retour à la chaîne"], "Back in French: %r" % opened["back"])
    print("nested chain: More opens an inner chain, Back closes it, in both languages")


if __name__ == "__main__":
    more_test(sys.argv[1])
