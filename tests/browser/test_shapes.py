"""Every shape on the page (issue 29): a 6x6 and a 16x16 played at phone
size (412x915) with the pad of their symbols, a hint whose highlights the
board draws and Apply plays, notes of up to 16 symbols, the keyboard's
letters, the shape kept across a reload; a 16x16 on a landscape phone; and a
jigsaw's region borders and an X-Sudoku's shaded diagonals drawn from the
shape the server describes.

    python3 tests/browser/test_shapes.py URL

Run by scripts/browser_tests.sh, after the other page tests.
"""

import json
import sys

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from test_page import button, check, fresh_browser, pip_state, ready, tap, tap_cell, wait


def game(d):
    return json.loads(d.execute_script("return localStorage.getItem('sudolens-game')") or "null")


def new_game(d, shape, level="easy"):
    """Makes a new puzzle of `shape` through the page's menus."""
    Select(d.find_element(By.ID, "shape")).select_by_value(shape)
    Select(d.find_element(By.ID, "level")).select_by_value(level)
    tap(d, button(d, "#new"))
    want = None if shape == "classic" else shape
    wait(d, lambda d: ((game(d) or {}).get("page", {}).get("shape") or {}).get("name") == want, timeout=120)
    wait(d, lambda d: not d.execute_script("return document.getElementById('new').disabled"))


def solution(d):
    """The solution of the board shown, from the page's own server."""
    return d.execute_async_script(
        "const done = arguments[0];"
        "const t = new URLSearchParams(location.search).get('t');"
        "const g = JSON.parse(localStorage.getItem('sudolens-game'));"
        "fetch('/api/solve', {method: 'POST', headers: {Authorization: 'Bearer ' + t,"
        " 'Content-Type': 'application/json'}, body: JSON.stringify({shape: g.page.shape, givens: g.givens})})"
        ".then(r => r.json()).then(j => done(j.solution));"
    )


def is_empty(label):
    """A cell's accessible name says it is empty, in either language."""
    return label.endswith(": empty") or label.endswith(": vide")


def is_open(label):
    """A cell without a value: empty, or holding notes only."""
    return is_empty(label) or ": notes" in label


def labels(d):
    return d.execute_script("return [...document.querySelectorAll('#board [data-cell]')].map(c => c.getAttribute('aria-label'))")


def pad(d):
    return [b.text for b in d.find_elements(By.CSS_SELECTOR, "#pad .digit")]


def fits_the_phone(d, width, what):
    scroll = d.execute_script("return document.documentElement.scrollWidth")
    check(scroll <= width, "%s: the page scrolls sideways: %d" % (what, scroll))
    for b in d.find_elements(By.CSS_SELECTOR, "#pad button"):
        check(b.rect["height"] >= 44 and b.rect["width"] >= 20, "%s: a small pad key %r %r" % (what, b.text, b.rect))


def play_a_move_and_a_hint(d, side, symbols):
    """A right move by touch and the pad, then a hint applied."""
    sol = solution(d)
    check(sol and len(sol) == side * side, "a solution of %d cells: %r" % (side * side, sol))
    before = labels(d)
    check(len(before) == side * side, "%d cells drawn, not %d" % (side * side, len(before)))
    # a cell whose answer is the shape's last symbol: the pad's end works
    empty = next((i for i, l in enumerate(before) if is_empty(l) and sol[i] == symbols[-1]), None)
    if empty is None:
        empty = next(i for i, l in enumerate(before) if is_empty(l))
    name = "r%dc%d" % (empty // side + 1, empty % side + 1)
    tap_cell(d, name)
    tap(d, button(d, '#pad [data-digit="%d"]' % (symbols.index(sol[empty]) + 1)))
    check(labels(d)[empty] == "%s: %s" % (name, sol[empty]), "typed: %r" % labels(d)[empty])

    tap(d, button(d, "#hint"))
    wait(d, lambda d: "apply" in pip_state(d)["offers"] or pip_state(d)["count"].startswith("1/"))
    first = pip_state(d)
    if not first["count"].endswith("/1"):
        # told as the window tells it: where to look first, the answer last
        check("hl-placed" not in first["marks"], "the first line gives the answer away: %r" % first)
    for _ in range(30):
        if "apply" in pip_state(d)["offers"]:
            break
        tap(d, button(d, "#pip-next"))
    state = pip_state(d)
    check("apply" in state["offers"], "Pip offers Apply: %r" % state)
    check("hl-" in state["marks"], "the board highlights the step: %r" % state)
    check("hl-placed" in state["marks"] or "hl-deleted" in state["marks"] or "deleted" in state["marks"],
          "the last line shows what the step concludes: %r" % state)
    filled = sum(1 for l in labels(d) if not is_empty(l) and "notes" not in l)
    tap(d, d.find_element(By.CSS_SELECTOR, '#pip-offers [data-offer="apply"]'))
    after = labels(d)
    check(sum(1 for l in after if not is_empty(l) and "notes" not in l) >= filled, "Apply played")
    check(any("notes" in l for l in after), "Pip pencilled the notes in: %r" % after[:6])
    return sol


def six_by_six(url):
    with fresh_browser((412, 915)) as d:
        d.get(url)
        ready(d)
        new_game(d, "6x6")
        check(pad(d) == ["1", "2", "3", "4", "5", "6"], "the 6x6 pad: %r" % pad(d))
        fits_the_phone(d, 412, "6x6")
        board = d.find_element(By.ID, "board").rect
        check(300 <= board["width"] <= 412, "the board across the phone: %r" % board)
        play_a_move_and_a_hint(d, 6, pad(d))
        d.refresh()
        ready(d)
        check(len(labels(d)) == 36 and pad(d)[-1] == "6", "the 6x6 kept across a reload")
        print("phone 6x6: pad of 6, a move, a hint applied, kept across a reload")


def sixteen(url):
    with fresh_browser((412, 915)) as d:
        d.get(url)
        ready(d)
        # in French: the labels are the page's, Pip's words the server's
        tap(d, button(d, "#lang"))
        wait(d, lambda d: d.execute_script("return document.documentElement.lang") == "fr")
        new_game(d, "16x16")
        symbols = pad(d)
        check(len(symbols) == 16 and symbols[-1] == "G", "the 16x16 pad: %r" % symbols)
        fits_the_phone(d, 412, "16x16")
        sol = play_a_move_and_a_hint(d, 16, symbols)
        # a letter typed on the keyboard writes a value past 9
        cells = labels(d)
        empty = next(i for i, l in enumerate(cells) if sol[i] in "ABCDEFG" and is_open(l))
        name = "r%dc%d" % (empty // 16 + 1, empty % 16 + 1)
        tap_cell(d, name)
        d.find_element(By.TAG_NAME, "body").send_keys(sol[empty].lower())
        check(labels(d)[empty] == "%s: %s" % (name, sol[empty]), "a letter typed: %r" % labels(d)[empty])
        # notes of 16 symbols fit in a cell: each drawn inside it
        other = next(i for i, l in enumerate(labels(d)) if is_open(l))
        tap_cell(d, "r%dc%d" % (other // 16 + 1, other % 16 + 1))
        tap(d, button(d, "#erase"))
        check(is_empty(labels(d)[other]), "erased: %r" % labels(d)[other])
        tap(d, button(d, "#notes"))
        for k in range(1, 17):
            tap(d, button(d, '#pad [data-digit="%d"]' % k))
        label = labels(d)[other]
        check(label.endswith("notes " + " ".join(symbols)), "16 notes: %r" % label)
        inside = d.execute_script(
            "const g = document.querySelector('#board [data-index=\"%d\"]');"
            "const c = g.querySelector('.hit').getBoundingClientRect();"
            "return [...g.querySelectorAll('text.note')].every(t => { const r = t.getBoundingClientRect();"
            " return r.left >= c.left - 1 && r.right <= c.right + 1 && r.top >= c.top - 1 && r.bottom <= c.bottom + 1; })"
            " && g.querySelectorAll('text.note').length === 16" % other
        )
        check(inside, "the 16 notes sit inside their cell")
        print("phone 16x16 in French: pad of 16, a move, a hint, a letter typed, 16 notes in a cell")


def landscape(url):
    with fresh_browser((915, 412)) as d:
        d.get(url)
        ready(d)
        new_game(d, "16x16")
        board = d.find_element(By.ID, "board").rect
        keys = d.find_element(By.ID, "pad").rect
        check(board["y"] + board["height"] <= 412 + 1, "the 16x16 fits the height: %r" % board)
        check(keys["x"] >= board["x"] + board["width"] - 1, "the pad beside the board: %r %r" % (board, keys))
        fits_the_phone(d, 915, "landscape 16x16")
        print("landscape phone 16x16: the board fits, the pad beside it")


def thick_segments(d):
    """The thick lines drawn inside the grid, as (x, y, direction)."""
    path = d.execute_script("return document.querySelector('#board .lines .thick').getAttribute('d')")
    out = set()
    for part in path.split("M")[1:]:
        head = part.strip().split()
        if len(head) != 2 or "," not in head[0]:
            continue
        x, y = (round(float(v)) for v in head[0].split(","))
        out.add((x, y, head[1][0]))
    return out


def variants(url):
    with fresh_browser((412, 915)) as d:
        d.get(url)
        ready(d)
        new_game(d, "jigsaw")
        regions = game(d)["page"]["shape"]["regions"]
        want = set()
        for i in range(81):
            r, c = divmod(i, 9)
            if c < 8 and regions[i] != regions[i + 1]:
                want.add(((c + 1) * 100, r * 100, "v"))
            if r < 8 and regions[i] != regions[i + 9]:
                want.add((c * 100, (r + 1) * 100, "h"))
        drawn = thick_segments(d)
        check(drawn == want, "the jigsaw's borders drawn from its map: %d drawn, %d in the map" % (len(drawn), len(want)))
        # no line of the boxes runs straight across, as on a printed jigsaw
        for k in (3, 6):
            down = {(k * 100, r * 100, "v") for r in range(9)}
            across = {(c * 100, k * 100, "h") for c in range(9)}
            check(not down <= drawn and not across <= drawn, "a line of the boxes runs straight across at %d" % k)

        new_game(d, "x")
        classes = d.execute_script("return [...document.querySelectorAll('#board .cell-bg')].map(r => r.getAttribute('class'))")
        extra = {i for i, c in enumerate(classes) if "extra" in c}
        # the selection's peers are tinted as peers (the diagonal holding it too)
        lit = {i for i, c in enumerate(classes) if "peer" in c or "selected" in c}
        diagonals = {i for i in range(81) if i // 9 == i % 9 or i // 9 + i % 9 == 8}
        check(extra and extra == diagonals - lit, "X's diagonals shaded: %r" % sorted(extra))
        print("jigsaw: region borders drawn from the map; X: diagonals shaded")


def main():
    url = sys.argv[1]
    six_by_six(url)
    sixteen(url)
    landscape(url)
    variants(url)
    print("shape tests passed")


if __name__ == "__main__":
    main()
