"""What the browser tests share: failing with a message, waiting for a condition, and a headless
chromium driven through WebDriver (Debian's chromium-driver and python3-selenium)."""
import sys
import time

from selenium import webdriver
from selenium.webdriver.chrome.service import Service


def fail(why):
    print("FAIL:", why, file=sys.stderr)
    sys.exit(1)


def wait(check, what, seconds=20):
    """The first truthy value of check(), polled until `seconds` have passed."""
    end = time.time() + seconds
    while time.time() < end:
        value = check()
        if value:
            return value
        time.sleep(0.05)
    fail("timed out waiting for " + what)


def start_chromium(window="800,1000"):
    """Headless chromium with the flags this machine's closed network needs."""
    options = webdriver.ChromeOptions()
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                 "--no-first-run", "--disable-background-networking", "--disable-sync",
                 f"--window-size={window}"):
        options.add_argument(flag)
    for attempt in range(3):  # chromedriver's start can time out on a loaded machine
        try:
            driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
            driver.set_page_load_timeout(30)
            return driver
        except Exception as e:  # noqa: BLE001 - selenium raises several kinds here
            if attempt == 2:
                fail(f"chromedriver did not start: {e}")
            time.sleep(2)
    return None


# The page's <slide-puzzle> element (src/web/package/element.mjs), read through its properties
# and its open shadow root.
PUZZLE = "document.querySelector('slide-puzzle')"


def puzzle_state(driver):
    """(the board's tiles row by row, the moves made)."""
    board, moves = driver.execute_script(f"const p = {PUZZLE}; return [p.board, p.moveCount];")
    return [int(v) for v in board], int(moves)


def puzzle_part(driver, selector):
    """An element inside the puzzle (".board", '[data-tile="5"]', ".message", "button.hint"...)."""
    return driver.execute_script(f"return {PUZZLE}.shadowRoot.querySelector(arguments[0]);", selector)


def puzzle_text(driver, selector):
    return driver.execute_script(f"return {PUZZLE}.shadowRoot.querySelector(arguments[0]).textContent;",
                                 selector)


def record_events(driver):
    """From now on window.seen lists the puzzle's events as [type, detail] (the listeners are
    added once a page; a later call empties the list)."""
    driver.execute_script(f"window.seen = []; const p = {PUZZLE}; if (window.listening) return;"
                          "window.listening = true;"
                          "for (const t of ['move', 'solved', 'shuffle', 'error'])"
                          "  p.addEventListener(t, e => window.seen.push([t, e.detail]));")


def seen_events(driver):
    return driver.execute_script("return window.seen;")
