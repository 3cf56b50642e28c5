"""The sudolens page in headless Chromium, driven through WebDriver (selenium).

At phone size (412x915, touch, mobile viewport) it plays a move, asks Pip for
a hint and pages through it with the board's highlights following the line,
applies it, checks, reads a sample photo through the file input (the grid
appears on the correction screen, then becomes the game), and reloads to find
the game still there. With --screenshots DIR it also saves the page at phone
and desktop size.

    python3 tests/browser/test_page.py URL SAMPLES_DIR [--screenshots DIR]

Run by scripts/browser_tests.sh, which installs Chromium, its driver and
selenium when they are missing, and starts `sudolens serve`.
"""

import contextlib
import json
import os
import shutil
import sys
import tempfile
import struct
import time
import urllib.request
import zlib

from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import WebDriverWait

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
DRIVER = os.environ.get("CHROMEDRIVER", "/usr/bin/chromedriver")


def browser(phone, profile):
    opts = webdriver.ChromeOptions()
    opts.binary_location = CHROMIUM
    for arg in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--hide-scrollbars",
        "--user-data-dir=" + profile,
    ):
        opts.add_argument(arg)
    if phone:
        w, h = phone
        opts.add_argument("--window-size=%d,%d" % (w, h))
        opts.add_experimental_option(
            "mobileEmulation",
            {
                "deviceMetrics": {"width": w, "height": h, "pixelRatio": 1, "touch": True, "mobile": True},
                "userAgent": "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 "
                "(KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36",
            },
        )
    else:
        opts.add_argument("--window-size=1280,860")
    driver = webdriver.Chrome(service=Service(DRIVER), options=opts)
    driver.set_page_load_timeout(60)
    return driver


@contextlib.contextmanager
def fresh_browser(phone):
    """A browser with a profile of its own, removed afterwards."""
    profile = tempfile.mkdtemp(prefix="sudolens-chromium-")
    d = browser(phone, profile)
    try:
        yield d
    finally:
        d.quit()
        shutil.rmtree(profile, ignore_errors=True)


def wait(driver, what, timeout=60):
    return WebDriverWait(driver, timeout, poll_frequency=0.1).until(lambda d: what(d))


def ready(driver):
    wait(driver, lambda d: d.execute_script("return document.body.dataset.ready === 'true'"))


def labels(driver, board="board"):
    """The 81 cells' accessible names, as a screen reader hears them."""
    return driver.execute_script(
        "return [...document.querySelectorAll('#%s [data-cell]')].map(c => c.getAttribute('aria-label'))" % board
    )


def cell(driver, name, board="board"):
    return driver.find_element(By.CSS_SELECTOR, '#%s [data-cell="%s"] .hit' % (board, name))


def tap(driver, element):
    """A tap as a touch screen makes it (a click at the element's centre)."""
    driver.execute_script(
        "const r = arguments[0].getBoundingClientRect();"
        "const o = {bubbles: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2};"
        "arguments[0].dispatchEvent(new MouseEvent('click', o));",
        element,
    )


def tap_cell(driver, name, board="board"):
    """A tap on a cell, found and tapped in one script: the board may be
    redrawn at any moment (an animation ending)."""
    tap_js = (
        "const e = document.querySelector(arguments[0]);"
        "const r = e.getBoundingClientRect();"
        "const o = {bubbles: true, clientX: r.x + r.width / 2, clientY: r.y + r.height / 2};"
        "e.dispatchEvent(new MouseEvent('click', o));"
    )
    driver.execute_script(tap_js, '#%s [data-cell="%s"] .hit' % (board, name))


def button(driver, css):
    return driver.find_element(By.CSS_SELECTOR, css)


def pip_state(driver):
    return driver.execute_script(
        "return {count: document.getElementById('pip-count').textContent,"
        " lines: [...document.querySelectorAll('#pip-lines .said')].map(p => p.textContent),"
        " offers: [...document.querySelectorAll('#pip-offers button')].map(b => b.dataset.offer),"
        " mood: document.querySelector('#pip svg').dataset.mood,"
        " marks: document.querySelector('#board .highlights').innerHTML}"
    )


def api_solution(driver):
    """The solution of the board shown, from the page's own server."""
    return driver.execute_async_script(
        "const done = arguments[0];"
        "const t = new URLSearchParams(location.search).get('t');"
        "const g = JSON.parse(localStorage.getItem('sudolens-game'));"
        "fetch('/api/solve', {method: 'POST', headers: {Authorization: 'Bearer ' + t,"
        " 'Content-Type': 'application/json'}, body: JSON.stringify({givens: g.givens, entries: g.entries})})"
        ".then(r => r.json()).then(j => done(j.solution));"
    )


def check(condition, message):
    if not condition:
        raise AssertionError(message)


def phone_test(url, samples, shots):
    with fresh_browser((412, 915)) as d:
        d.get(url)
        ready(d)
        # The layout fits a portrait phone: no sideways scrolling, a board
        # across the width, touch targets of 44 px and more.
        width = d.execute_script("return document.documentElement.scrollWidth")
        check(width <= 412, "the page scrolls sideways at 412 px: %d" % width)
        board_box = d.find_element(By.ID, "board").rect
        check(300 <= board_box["width"] <= 412, "board %r" % board_box)
        for b in d.find_elements(By.CSS_SELECTOR, "#pad button, .buttons button"):
            check(b.rect["height"] >= 44, "a small touch target: %r" % b.text)
        print("phone: layout fits 412x915, touch targets >= 44 px")

        # An easy puzzle, then one right move by touch and the number pad.
        d.find_element(By.CSS_SELECTOR, "#level option[value=easy]").click()
        tap(d, button(d, "#new"))
        wait(d, lambda d: "easy" in d.execute_script("return localStorage.getItem('sudolens-game')"))
        solution = api_solution(d)
        before = labels(d)
        empty = next(i for i, l in enumerate(before) if l.endswith(": empty"))
        name = "r%dc%d" % (empty // 9 + 1, empty % 9 + 1)
        tap(d, cell(d, name))
        tap(d, button(d, '#pad [data-digit="%s"]' % solution[empty]))
        check(labels(d)[empty] == "%s: %s" % (name, solution[empty]), labels(d)[empty])
        tap(d, button(d, "#undo"))
        check(labels(d)[empty] == name + ": empty", "undo")
        tap(d, button(d, "#redo"))
        check(labels(d)[empty] == "%s: %s" % (name, solution[empty]), "redo")
        print("phone: played %s = %s by touch; undo and redo" % (name, solution[empty]))

        # A hint: Pip pages through it line by line, the board's highlights
        # following the line; Apply plays the step.
        tap(d, button(d, "#hint"))
        wait(d, lambda d: "apply" in pip_state(d)["offers"] or pip_state(d)["count"].startswith("1/"))
        state = pip_state(d)
        total = int(state["count"].split("/")[1])
        check(total >= 4, "a step has several lines: %r" % state)
        seen = [state["marks"]]
        if shots:
            d.save_screenshot(os.path.join(shots, "web-phone-hint.png"))
        for _ in range(total - 1):
            tap(d, button(d, "#pip-next"))
            seen.append(pip_state(d)["marks"])
        state = pip_state(d)
        check(state["count"] == "%d/%d" % (total, total), state["count"])
        check(len(set(seen)) >= 3, "the highlights follow the lines")
        check(state["offers"] == ["apply"], "Apply on the last line: %r" % state["offers"])
        filled = sum(not l.endswith("empty") and "notes" not in l for l in labels(d))
        tap(d, button(d, '#pip-offers [data-offer="apply"]'))
        after = labels(d)
        filled_after = sum(not l.endswith("empty") and "notes" not in l for l in after)
        check(filled_after == filled + 1, "Apply placed a digit: %d -> %d" % (filled, filled_after))
        print("phone: hint of %d lines paged through, applied" % total)

        tap(d, button(d, "#check"))
        wait(d, lambda d: any("right" in l for l in pip_state(d)["lines"]))
        print("phone: Check says every entry is right")
        if shots:
            d.save_screenshot(os.path.join(shots, "web-phone.png"))

        # Reload: the game is still there, clock and all.
        d.execute_script("document.getElementById('clock').dataset.before = ''")
        board_before = labels(d)
        time.sleep(1.2)
        d.refresh()
        ready(d)
        check(labels(d) == board_before, "the game survives a reload")
        clock = d.find_element(By.ID, "clock").text
        check(clock != "0:00", "the clock goes on: %s" % clock)
        check(any("Welcome back" in l for l in pip_state(d)["lines"]), "Pip welcomes back")
        print("phone: reload keeps the game (clock %s)" % clock)

        # A photo through the file input: the grid read, then played.
        truth = json.load(open(os.path.join(samples, "printed_serif.json")))
        d.execute_script("document.getElementById('photo-input').hidden = false")
        d.find_element(By.ID, "photo-input").send_keys(os.path.join(samples, "printed_serif.jpg"))
        wait(d, lambda d: d.find_element(By.ID, "correction").is_displayed())
        read = labels(d, "corr-board")
        givens = "".join(l.split(": ")[1][0] if "(printed)" in l.lower() else "." for l in read)
        check(givens == truth["givens"], "the grid read: %s" % givens)
        lines = pip_state(d)["lines"]
        check(any("printed digits" in l for l in lines), "Pip says what it found: %r" % lines)
        tap(d, cell(d, "r1c1", "corr-board"))
        q = d.find_element(By.ID, "crop-question").text
        check("5" in q, "Pip's question about r1c1: %r" % q)
        # the language switch says the question and Pip's lines again at once
        said = pip_state(d)["lines"]
        tap(d, button(d, "#lang"))
        q_fr = d.find_element(By.ID, "crop-question").text
        check(q_fr != q and "5" in q_fr, "the question in French: %r" % q_fr)
        check(any("J'ai trouvé" in l for l in pip_state(d)["lines"]), "Pip's lines in French: %r" % pip_state(d)["lines"])
        tap(d, button(d, "#lang"))
        check(d.find_element(By.ID, "crop-question").text == q, "the question back in English")
        check(pip_state(d)["lines"] == said, "Pip's lines back in English")
        if shots:
            d.save_screenshot(os.path.join(shots, "web-phone-photo.png"))
        tap(d, button(d, "#use-grid"))
        wait(d, lambda d: d.find_element(By.ID, "play").is_displayed())
        game = labels(d)
        played = "".join(l.split(": ")[1][0] if "(given)" in l else "." for l in game)
        check(played == truth["givens"], "the photo's grid is the game")
        print("phone: sample photo read through the file input, fixed and played")

        # Pip in French, what he was saying too, on the same line
        before = pip_state(d)
        tap(d, button(d, "#lang"))
        wait(d, lambda d: button(d, "#hint").text == "Indice")
        after = pip_state(d)
        check(after["count"] == before["count"], "the same line: %r, %r" % (before["count"], after["count"]))
        check(not set(after["lines"]) & set(before["lines"]), "said again in French: %r" % after["lines"])
        tap(d, button(d, "#hint"))
        wait(d, lambda d: any("Regarde" in l or "Je note" in l for l in pip_state(d)["lines"]))
        print("phone: Pip speaks French")


def game_json(driver):
    return json.loads(driver.execute_script("return localStorage.getItem('sudolens-game')"))


def keys(driver, text):
    ActionChains(driver).send_keys(text).perform()


def count(driver, css):
    return driver.execute_script("return document.querySelectorAll(arguments[0]).length", css)


def blank_png(path, w=480, h=360):
    """A photo of nothing: a plain light grey PNG, with no grid to find."""
    def chunk(kind, data):
        return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", zlib.crc32(kind + data))
    rows = b"".join(b"\x00" + b"\xd8" * w for _ in range(h))
    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n")
        f.write(chunk(b"IHDR", struct.pack(">IIBBBBB", w, h, 8, 0, 0, 0, 0)))
        f.write(chunk(b"IDAT", zlib.compress(rows)))
        f.write(chunk(b"IEND", b""))


def play_test(url):
    """At desktop size, by keyboard: a conflict marked in words and with a
    line (not by colour alone), notes mode, pause, a completed row and a
    solved grid celebrated, and Solve."""
    with fresh_browser(None) as d:
        d.get(url)
        ready(d)
        d.find_element(By.CSS_SELECTOR, "#level option[value=easy]").click()
        button(d, "#new").click()
        wait(d, lambda d: "easy" in d.execute_script("return localStorage.getItem('sudolens-game')"))
        d.execute_script("document.activeElement.blur()")
        solution = api_solution(d)
        givens = game_json(d)["givens"]
        empties = [i for i in range(81) if givens[i] == "."]
        name = lambda i: "r%dc%d" % (i // 9 + 1, i % 9 + 1)

        # A conflict: a digit its row already holds, said and underlined.
        e = empties[0]
        row_given = next(givens[i] for i in range(e // 9 * 9, e // 9 * 9 + 9) if givens[i] != ".")
        tap_cell(d, name(e))
        keys(d, row_given)
        check(labels(d)[e] == "%s: %s, conflict" % (name(e), row_given), labels(d)[e])
        check(count(d, "#board .conflict-line") >= 1, "the conflict is underlined")
        keys(d, Keys.BACKSPACE)
        check(labels(d)[e] == name(e) + ": empty", "erased")
        print("keyboard: a conflict is named and underlined, not only red")

        # Notes mode: N, then digits are notes.
        other = next(x for x in "123456789" if x != solution[e])
        keys(d, "n")
        keys(d, solution[e] + other)
        note = labels(d)[e]
        check(note == "%s: notes %s" % (name(e), " ".join(sorted(solution[e] + other))), note)
        keys(d, "n")
        keys(d, Keys.DELETE)
        print("keyboard: notes mode pencils %s" % note)

        # Pause hides the grid and stops the clock; P again resumes it.
        keys(d, "p")
        check(count(d, "#board .cover-text") == 1, "the grid is hidden while paused")
        clock = d.find_element(By.ID, "clock").text
        time.sleep(1.3)
        check(d.find_element(By.ID, "clock").text == clock, "the clock stops while paused")
        keys(d, "p")
        time.sleep(1.3)
        check(d.find_element(By.ID, "clock").text != clock, "the clock goes on after Resume")
        print("keyboard: pause hides the grid and stops the clock at %s" % clock)

        # The row with the fewest empty cells, filled: it glows.
        rows = [[i for i in empties if i // 9 == r] for r in range(9)]
        row = min((r for r in rows if len(r) >= 2), key=len)
        for i in row:
            tap_cell(d, name(i))
            keys(d, solution[i])
        check(count(d, "#board .celebrate") >= 9, "a completed row glows")
        print("play: row %d completed and celebrated" % (row[0] // 9 + 1))

        # The rest of the grid: the solved grid ripples and Pip cheers.
        for i in empties:
            if i not in row:
                tap_cell(d, name(i))
                keys(d, solution[i])
        check(count(d, "#board .cell.wave") == 81, "the solved grid ripples")
        state = pip_state(d)
        check(state["mood"] == "cheering", "Pip cheers: %r" % state["mood"])
        print("play: grid solved by keyboard, celebrated; Pip says %r" % state["lines"][-1])

        # Photos Pip cannot read, said plainly: no grid in it, or too large.
        scratch = tempfile.mkdtemp(prefix="sudolens-photos-")
        blank = os.path.join(scratch, "wall.png")
        blank_png(blank)
        d.find_element(By.ID, "photo-input").send_keys(blank)
        wait(d, lambda d: any("couldn't find a Sudoku grid" in l for l in pip_state(d)["lines"]))
        big = os.path.join(scratch, "huge.jpg")
        with open(big, "wb") as f:
            f.truncate(26_000_000)
        d.find_element(By.ID, "photo-input").send_keys(big)
        wait(d, lambda d: any("too large for me" in l for l in pip_state(d)["lines"]))
        shutil.rmtree(scratch, ignore_errors=True)
        check(not d.find_element(By.ID, "correction").is_displayed(), "no correction screen")
        print("photo: no grid found and too large, said plainly")

        # Solve on a new puzzle: the whole solution at once, no celebration.
        button(d, "#new").click()
        wait(d, lambda d: game_json(d)["givens"] != givens)
        button(d, "#solve").click()
        wait(d, lambda d: not any(l.endswith(": empty") for l in labels(d)))
        check(count(d, "#board .cell.wave") == 0, "Solve is not celebrated as a win")
        print("play: Solve shows the solution")


def desktop_test(url, shots):
    with fresh_browser(None) as d:
        d.get(url)
        ready(d)
        d.find_element(By.CSS_SELECTOR, "#level option[value=medium]").click()
        button(d, "#new").click()
        time.sleep(0.5)
        button(d, "#hint").click()
        wait(d, lambda d: pip_state(d)["count"].startswith("1/"))
        button(d, "#pip-next").click()
        button(d, "#pip-next").click()
        pip = d.find_element(By.ID, "pip-panel").rect
        board = d.find_element(By.ID, "board").rect
        check(pip["x"] > board["x"] + board["width"] - 1, "Pip beside the board on a desktop")
        if shots:
            d.save_screenshot(os.path.join(shots, "web-desktop.png"))
        print("desktop: Pip's panel beside the board")


def landscape_test(url, shots):
    with fresh_browser((915, 412)) as d:
        d.get(url)
        ready(d)
        board = d.find_element(By.ID, "board").rect
        pad = d.find_element(By.ID, "pad").rect
        check(pad["x"] >= board["x"] + board["width"] - 1, "the pad beside the board in landscape")
        check(board["y"] + board["height"] <= 412, "the board fits the height: %r" % board)
        if shots:
            d.save_screenshot(os.path.join(shots, "web-landscape.png"))
        print("landscape phone: board left, pad and Pip right")


def main():
    args = sys.argv[1:]
    shots = None
    if "--screenshots" in args:
        i = args.index("--screenshots")
        shots = args[i + 1]
        del args[i : i + 2]
        os.makedirs(shots, exist_ok=True)
    url, samples = args
    # the server answers before any browser starts
    urllib.request.urlopen(url.replace("/?t=", "/api/info?t="), timeout=10).read()
    start = time.time()
    phone_test(url, samples, shots)
    landscape_test(url, shots)
    desktop_test(url, shots)
    play_test(url)
    print("browser tests passed in %.0f s" % (time.time() - start))


if __name__ == "__main__":
    main()
