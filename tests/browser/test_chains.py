"""Chain hints on the page (issue 33): a nested forcing chain's line that
names an inner chain has its More button, which shows the inner chain in
place of the step's lines (the board drawing it) until Back, in both
languages; and reading a unit forcing chain, the board draws only the
branch being read.

The boards come from tests/data/games/, where the next step is that chain:
each is put in the page's storage before the page opens, as a game kept
from an earlier visit.

    python3 tests/browser/test_chains.py URL

Run by scripts/browser_tests.sh, after test_page.py and test_screens.py.
"""

import os
import sys

from selenium.webdriver.common.by import By

from test_page import button, check, fresh_browser, ready, tap, wait

GAMES = os.path.join(os.path.dirname(__file__), "..", "data", "games")


def open_game(d, url, name):
    """The page, on the game kept in tests/data/games/NAME."""
    with open(os.path.join(GAMES, name)) as f:
        game = f.read()
    # Stored from another page of the server (same origin), before the
    # game page runs: it would keep its own game over it when left.
    d.get(url.replace("/?t=", "/api/info?t="))
    d.execute_script("localStorage.setItem('sudolens-game', arguments[0])", game)
    d.get(url)
    ready(d)


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
    with fresh_browser((412, 915)) as d:
        open_game(d, url, "nested_forcing_chain.json")
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


def drawn_links(d):
    return d.execute_script("return document.querySelectorAll('#board .highlights line.link-strong, #board .highlights line.link-weak').length")


def branch_test(url):
    with fresh_browser((412, 915)) as d:
        open_game(d, url, "unit_forcing_chain.json")
        before = bubble(d)["count"]
        tap(d, button(d, "#hint"))
        wait(d, lambda d: bubble(d)["count"] != before and bubble(d)["count"].startswith("1/"))
        # The lines as the page keeps them, each with its own links.
        kept = d.execute_script("return JSON.parse(sessionStorage.getItem('sudolens-dialogue'))")
        lines = kept["paragraphs"][-1]["lines"]
        check(lines[1]["text"].startswith("Technique: Unit Forcing Chain"), "a unit forcing chain: %r" % lines[1])
        read = 0
        for i, line in enumerate(lines[:-1]):
            own = len(line["highlights"].get("links", []))
            if own:
                read += 1
                drawn = drawn_links(d)
                check(drawn == own, "line %d, %r: %d links drawn, its branch has %d" % (i + 1, line["text"], drawn, own))
            tap(d, button(d, "#pip-next"))
        check(read >= 5, "the branches' lines were read: %d" % read)
    print("unit forcing chain: the board draws only the branch being read")


if __name__ == "__main__":
    more_test(sys.argv[1])
    branch_test(sys.argv[1])
