"""The endless carpet on the page (issue "Shapes, part 2"): made from New,
zoomed in on its middle grid with the status line saying where the player
is; a hint judged by the carpet's solution; a digit written, then the arrow
keys walk out of the middle grid, the view is made again around the next
grid (the same cells kept on screen), and walking back finds the digit; a
reload keeps the carpet where it was, and the French switch says the
status line again.

    python3 tests/browser/test_endless.py URL

Run by scripts/browser_tests.sh, after the overlapping grids' tests.
"""

import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from test_page import button, check, fresh_browser, pip_state, ready, tap, wait
from test_shapes import game
from test_overlap import board_rect, cell_rect, inside, selected, zoom


def status(d):
    return d.find_element(By.ID, "status").text


def carpet_solution(d):
    """The view's solution by the carpet, from the page's own server."""
    return d.execute_async_script(
        "const done = arguments[0];"
        "const t = new URLSearchParams(location.search).get('t');"
        "const g = JSON.parse(localStorage.getItem('sudolens-game'));"
        "fetch('/api/solve', {method: 'POST', headers: {Authorization: 'Bearer ' + t,"
        " 'Content-Type': 'application/json'}, body: JSON.stringify({shape: g.page.shape, givens: g.givens,"
        " endless: g.page.endless.carpet})}).then(r => r.json()).then(j => done(j.solution));"
    )


def endless(url):
    with fresh_browser(None) as d:
        d.get(url)
        ready(d)
        Select(d.find_element(By.ID, "shape")).select_by_value("endless")
        levels = [o.get_attribute("value") for o in d.find_elements(By.CSS_SELECTOR, "#level option")]
        check(levels == ["easy", "medium", "hard"], "the carpet's levels: %r" % levels)
        Select(d.find_element(By.ID, "level")).select_by_value("easy")
        tap(d, button(d, "#new"))
        wait(d, lambda d: (game(d) or {}).get("page", {}).get("endless"), timeout=60)
        wait(d, lambda d: not d.execute_script("return document.getElementById('new').disabled"))
        check(zoom(d) > 1.4, "zoomed in on the middle grid: %r" % zoom(d))
        outlined = d.execute_script("return [...document.querySelectorAll('#board .grid-outline.here')].map(p => p.dataset.grid)")
        check(outlined == ["5"], "the middle grid outlined apart: %r" % outlined)
        check("start grid" in status(d), "where the player is: %r" % status(d))
        check(any("endless carpet" in l for l in pip_state(d)["lines"]), "Pip's welcome: %r" % pip_state(d)["lines"])
        positions = game(d)["page"]["shape"]["plane"]["positions"]
        at = {tuple(p): i for i, p in enumerate(positions)}

        # a hint: a step, by the carpet's solution (a view alone may have several)
        tap(d, button(d, "#hint"))
        # the first hint pencils the notes in, then tells its step
        wait(d, lambda d: any(game(d)["notes"]) and pip_state(d)["mood"] != "thinking", timeout=30)
        said = " ".join(pip_state(d)["lines"])
        check("several solutions" not in said and "no solution" not in said, "a step: %r" % said)
        print("endless: made, zoomed in on the middle grid, a hint given")

        # a right digit in the middle grid's first open cell
        start = selected(d)
        r0, c0 = positions[start]
        check(6 <= r0 < 15 and 6 <= c0 < 15, "the selection starts in the middle grid: %r" % positions[start])
        solution = carpet_solution(d)
        check(solution and len(solution) == len(positions), "the carpet's solution of the view")
        body = d.find_element(By.TAG_NAME, "body")
        body.send_keys(solution[start])
        wait(d, lambda d: game(d)["entries"][start] == solution[start], timeout=5)
        givens = game(d)["givens"]

        # right out of the middle grid, while a (slowed) hint is under way:
        # once it is answered the view moves one grid right, the selection
        # on the same cell of the plane, kept on screen
        d.execute_script(
            "window.realFetch = window.fetch;"
            "window.fetch = (url, o) => String(url).includes('/api/hint')"
            "  ? new Promise(r => setTimeout(r, 1500)).then(() => window.realFetch(url, o))"
            "  : window.realFetch(url, o);"
        )
        tap(d, button(d, "#hint"))
        for _ in range(15 - c0):
            body.send_keys(Keys.ARROW_RIGHT)
        d.execute_script("window.fetch = window.realFetch")
        wait(d, lambda d: "1 right" in status(d), timeout=30)
        check(game(d)["givens"] != givens, "a new view")
        check(positions[selected(d)] == [r0, 15 - 6], "the same cell, six columns left in the view: %r" % positions[selected(d)])
        check(inside(cell_rect(d, selected(d)), board_rect(d)), "the selection kept on screen")
        print("endless: walked right, the view moved with the player")

        # and back: four cells left leave the new middle grid (column 9 to 5)
        for _ in range(4):
            body.send_keys(Keys.ARROW_LEFT)
        wait(d, lambda d: "start grid" in status(d), timeout=30)
        check(game(d)["givens"] == givens, "the start view again")
        check(game(d)["entries"][start] == solution[start], "the digit kept in the carpet")

        # the middle grid typed in whole: Pip cheers it, and never says "Solved!"
        g = game(d)
        middle = g["page"]["endless"]["middle"]
        for i in middle:
            if g["givens"][i] != "." or g["entries"][i] != ".":
                continue
            d.execute_script(
                "document.querySelector('#board [data-index=\"%d\"] .hit')"
                ".dispatchEvent(new MouseEvent('click', {bubbles: true}))" % i
            )
            wait(d, lambda d: selected(d) == i, timeout=5)
            body.send_keys(solution[i])
        wait(d, lambda d: any("Grid solved" in l for l in pip_state(d)["lines"]), timeout=30)
        check(not any("Solved!" in l for l in pip_state(d)["lines"]), "the carpet goes on")
        print("endless: the middle grid typed in, Pip cheers it")

        # a reload keeps the carpet; French says where the player is
        d.refresh()
        ready(d)
        check(game(d)["page"].get("endless"), "still the endless carpet")
        check("start grid" in status(d), "where the player is, after a reload: %r" % status(d))
        tap(d, button(d, "#lang"))
        wait(d, lambda d: "départ" in status(d), timeout=10)
        print("endless: back to the start, the digit kept; kept across a reload; French")


def main():
    endless(sys.argv[1])
    print("endless tests passed")


if __name__ == "__main__":
    main()
