"""The sudolens page on every screen and in both languages, in headless
Chromium (selenium), beside tests/browser/test_page.py whose helpers it uses:

- at 360x740 and 412x915 (portrait phones) and 915x412 (a landscape phone),
  in English and French: no sideways scrolling, no label cut short, every
  button and menu at least 44x44 px; the correction screen of a photo too,
  with "Use this grid" on screen in landscape, and New and Daily held while
  it is open;
- the page does not jump: a hint paged through and a photo read leave the
  page's scroll where it was (Pip's bubble scrolls, not the page);
- no empty crop frame when no cell is chosen; an error (the server busy)
  cleared by the next answer;
- Pip's intro stays readable on a first visit; the puzzle of the day; a slow
  Extreme shows its progress and Cancel keeps the game; Check's crosses
  survive a reload.

    python3 tests/browser/test_screens.py URL SAMPLES_DIR
"""

import json
import os
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from test_page import (
    api_solution,
    button,
    cell,
    check,
    fresh_browser,
    game_json,
    labels,
    pip_state,
    ready,
    tap,
    tap_cell,
    wait,
)

SIZES = [(360, 740), (412, 915), (915, 412)]


def set_lang(d, lang):
    """Switches the page to `lang` with its own button, when it is not in it."""
    if d.execute_script("return document.documentElement.lang") != lang:
        tap(d, button(d, "#lang"))
        wait(d, lambda d: d.execute_script("return document.documentElement.lang") == lang)
        # the labels are drawn after the language's info arrives
        wait(d, lambda d: button(d, "#hint").text == {"en": "Hint", "fr": "Indice"}[lang])


def fit_problems(d, width):
    """What does not fit: a page wider than the screen, a visible button or
    menu under 44x44 px, a label cut short."""
    return d.execute_script(
        """
        const width = arguments[0];
        const problems = [];
        const page = document.documentElement.scrollWidth;
        if (page > width) problems.push(`the page is ${page} px wide`);
        for (const e of document.querySelectorAll('button, select')) {
          const r = e.getBoundingClientRect();
          if (!r.width || !r.height || getComputedStyle(e).visibility === 'hidden') continue;
          const name = e.id || e.dataset.digit || e.dataset.offer || e.dataset.choice || e.textContent;
          if (r.width < 44 || r.height < 44)
            problems.push(`${name}: ${Math.round(r.width)}x${Math.round(r.height)} px`);
          if (e.scrollWidth > e.clientWidth + 1)
            problems.push(`${name}: its label "${e.textContent}" is cut (${e.scrollWidth} > ${e.clientWidth})`);
        }
        return problems;
        """,
        width,
    )


def on_screen(d, css):
    """Whether the element is wholly inside the viewport, as the page is scrolled."""
    return d.execute_script(
        "const r = document.querySelector(arguments[0]).getBoundingClientRect();"
        "return r.width > 0 && r.left >= 0 && r.top >= 0 && r.right <= innerWidth && r.bottom <= innerHeight;",
        css,
    )


def read_photo(d, samples, name="printed_serif.jpg"):
    d.execute_script("document.getElementById('photo-input').hidden = false")
    d.find_element(By.ID, "photo-input").send_keys(os.path.join(samples, name))
    d.execute_script("document.getElementById('photo-input').hidden = true")
    wait(d, lambda d: d.find_element(By.ID, "correction").is_displayed())


def screens_test(url, samples):
    for w, h in SIZES:
        with fresh_browser((w, h)) as d:
            d.get(url)
            ready(d)
            for lang in ("en", "fr"):
                set_lang(d, lang)
                problems = fit_problems(d, w)
                check(not problems, "%dx%d %s, the game: %s" % (w, h, lang, problems))
                read_photo(d, samples)
                tap_cell(d, "r1c1", "corr-board")
                problems = fit_problems(d, w)
                check(not problems, "%dx%d %s, the correction screen: %s" % (w, h, lang, problems))
                for held in ("#new", "#daily"):
                    check(not button(d, held).is_enabled(), "%s is held during the correction" % held)
                if w > h:
                    # the whole screen's first view: the grid read and Use this grid
                    d.execute_script("scrollTo(0, 0)")
                    check(on_screen(d, "#use-grid"), "%dx%d %s: Use this grid is off screen" % (w, h, lang))
                    check(on_screen(d, "#corr-board"), "%dx%d %s: the grid read is off screen" % (w, h, lang))
                tap(d, button(d, "#cancel-grid"))
                wait(d, lambda d: d.find_element(By.ID, "play").is_displayed())
            print("%dx%d: fits in English and French, game and correction screen" % (w, h))


def no_jump_test(url, samples):
    """A short phone: the page is taller than the screen, so a scroll to
    Pip's bubble would show."""
    with fresh_browser((360, 640)) as d:
        d.get(url)
        ready(d)
        tall = d.execute_script("return document.documentElement.scrollHeight - innerHeight")
        check(tall > 40, "the page is taller than the screen: %d" % tall)
        d.execute_script("scrollTo(0, 0)")
        tap(d, button(d, "#hint"))
        wait(d, lambda d: pip_state(d)["count"].startswith("1/"))
        for _ in range(3):
            if button(d, "#pip-next").is_enabled():
                tap(d, button(d, "#pip-next"))
        y = d.execute_script("return scrollY")
        check(y == 0, "a hint scrolled the page to %d" % y)
        read_photo(d, samples)
        time.sleep(0.3)
        y = d.execute_script("return scrollY")
        check(y == 0, "the photo's reading scrolled the page to %d" % y)
        check(on_screen(d, ".bar"), "the top bar stays on screen")
        # no cell in doubt, none chosen: no empty crop frame
        check(not d.find_element(By.ID, "crop").is_displayed(), "an empty crop frame")
        tap_cell(d, "r1c1", "corr-board")
        check(d.find_element(By.ID, "crop").is_displayed(), "the crop of the cell chosen")
        print("360x640: a hint and a photo leave the page where it was; no empty crop frame")


def errors_clear_test(url):
    """A refusal (the server busy) is said in the status line, and goes with
    the next answer that succeeds."""
    with fresh_browser(None) as d:
        d.get(url)
        ready(d)
        d.execute_script(
            "window.realFetch = window.fetch;"
            "window.fetch = () => Promise.resolve(new Response("
            "  JSON.stringify({error: 'busy', kind: 'busy'}),"
            "  {status: 503, headers: {'Content-Type': 'application/json', 'Retry-After': '1'}}));"
        )
        button(d, "#hint").click()
        status = lambda d: d.execute_script(
            "const s = document.getElementById('status'); return [s.textContent, s.classList.contains('error')]"
        )
        wait(d, lambda d: status(d)[1])
        said = status(d)[0]
        check("busy" in said and "thinking" not in said, "a busy server said as such: %r" % said)
        d.execute_script("window.fetch = window.realFetch")
        button(d, "#hint").click()
        # the hint's answer clears the error (or the wait fails)
        wait(d, lambda d: status(d) == ["", False], timeout=30)
        print("errors: %r said, then cleared by the next hint" % said)


def first_visit_test(url):
    with fresh_browser((412, 915)) as d:
        d.get(url)
        ready(d)
        intro = d.execute_async_script(
            "const done = arguments[0];"
            "const t = new URLSearchParams(location.search).get('t');"
            "fetch('/api/info?lang=en', {headers: {Authorization: 'Bearer ' + t}})"
            ".then(r => r.json()).then(j => done(j.said.intro));"
        )
        state = pip_state(d)
        check(state["lines"][:1] == [intro["lines"][0]["text"]], "Pip's intro first: %r" % state["lines"])
        total = len(intro["lines"])
        for _ in range(total):
            tap(d, button(d, "#pip-next"))
        after = pip_state(d)["lines"]
        check(after and after[0] != intro["lines"][0]["text"], "the welcome behind Next: %r" % after)
        print("first visit: Pip's intro (%d lines), then the puzzle's welcome" % total)

        # A given typed over is refused in the status line; the language
        # switch says it again in French, with Pip's welcome, on its line.
        given = next(i for i, l in enumerate(labels(d)) if "given" in l)
        tap(d, cell(d, "r%dc%d" % (given // 9 + 1, given % 9 + 1)))
        tap(d, button(d, '#pad [data-digit="1"]'))
        status = lambda d: d.find_element(By.ID, "status").text
        check("printed given" in status(d), "refused: %r" % status(d))
        welcome = pip_state(d)
        tap(d, button(d, "#lang"))
        wait(d, lambda d: "donnée imprimée" in status(d), timeout=10)
        french = pip_state(d)
        check(french["count"] == welcome["count"], "the same line: %r" % french["count"])
        check(not set(french["lines"]) & set(welcome["lines"]), "the welcome in French: %r" % french["lines"])
        tap(d, button(d, "#lang"))
        wait(d, lambda d: "printed given" in status(d), timeout=10)
        check(pip_state(d)["lines"] == welcome["lines"], "back in English")
        print("language switch: the status line and Pip's welcome said again, on the same line")


def daily_test(url):
    with fresh_browser(None) as d:
        d.get(url)
        ready(d)
        daily = d.execute_async_script(
            "const done = arguments[0];"
            "const t = new URLSearchParams(location.search).get('t');"
            "fetch('/api/daily?lang=en', {headers: {Authorization: 'Bearer ' + t}})"
            ".then(r => r.json()).then(j => done(j));"
        )
        check(game_json(d)["givens"] != daily["givens"], "a random puzzle first")
        button(d, "#daily").click()
        wait(d, lambda d: game_json(d)["givens"] == daily["givens"])
        print("daily: the puzzle of the day (%s, %s) is the game" % (daily["date"], daily["level"]))


def cancel_test(url):
    """A slow Extreme shows its progress, and Cancel leaves the game as it
    was. Every shape's Extreme is now often made before its progress shows
    (700 ms), so the page's request for it is held back 10 s in the page
    (a wrapped fetch that Cancel's abort still stops), whatever the
    machine's speed."""
    with fresh_browser(None) as d:
        d.get(url)
        ready(d)
        before = game_json(d)["givens"]
        d.execute_script(
            "window.realFetch = window.fetch;"
            "window.fetch = (url, o) => !String(url).includes('/api/new') ? window.realFetch(url, o)"
            "  : new Promise((done, fail) => {"
            "      const t = setTimeout(() => window.realFetch(url, o).then(done, fail), 10000);"
            "      o.signal.addEventListener('abort', () => { clearTimeout(t); fail(new DOMException('aborted', 'AbortError')); });"
            "    });"
        )
        Select(d.find_element(By.ID, "shape")).select_by_value("16x16")
        d.find_element(By.CSS_SELECTOR, "#level option[value=extreme]").click()
        button(d, "#new").click()
        wait(d, lambda d: d.find_element(By.ID, "making").is_displayed(), timeout=20)
        text = d.find_element(By.ID, "making-text").text
        check("Extreme" in text, "the progress names the level: %r" % text)
        button(d, "#making-cancel").click()
        wait(d, lambda d: not d.find_element(By.ID, "making").is_displayed())
        status = d.find_element(By.ID, "status").text
        check("game goes on" in status, "said: %r" % status)
        check(game_json(d)["givens"] == before, "Cancel keeps the game")
        check(button(d, "#hint").is_enabled(), "the buttons are free again")
        print("extreme: progress shown (%r), Cancel keeps the game" % text)


def crosses_test(url):
    with fresh_browser(None) as d:
        d.get(url)
        ready(d)
        d.execute_script("document.activeElement.blur()")
        solution = api_solution(d)
        givens = game_json(d)["givens"]
        e = givens.index(".")
        wrong = next(x for x in "123456789" if x != solution[e] and x not in givens[e // 9 * 9 : e // 9 * 9 + 9])
        tap_cell(d, "r%dc%d" % (e // 9 + 1, e % 9 + 1))
        tap(d, button(d, '#pad [data-digit="%s"]' % wrong))
        tap(d, button(d, "#check"))
        crosses = lambda d: d.execute_script("return document.querySelectorAll('#board .wrong').length")
        wait(d, lambda d: crosses(d) >= 2)
        d.refresh()
        ready(d)
        check(crosses(d) >= 2, "Check's crosses after a reload: %d lines" % crosses(d))
        check(labels(d)[e].split(",")[0].endswith(wrong), labels(d)[e])
        print("check: the wrong entry stays crossed out after a reload")


def main():
    url, samples = sys.argv[1:3]
    start = time.time()
    screens_test(url, samples)
    no_jump_test(url, samples)
    first_visit_test(url)
    errors_clear_test(url)
    daily_test(url)
    cancel_test(url)
    crosses_test(url)
    print("screen tests passed in %.0f s" % (time.time() - start))


if __name__ == "__main__":
    main()
