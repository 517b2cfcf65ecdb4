#!/usr/bin/env python3
"""The play page in chromium through WebDriver, served with the CGI and without the WebAssembly
engine (as the Debian package installs it), so its <slide-puzzle> asks the CGI's JSON API: arrow
keys and clicks slide tiles (the board and the move counter follow, illegal moves do nothing),
"The solution as an animation" loads the CGI's GIF, which Pillow decodes and whose first frame
is the reached position (compared pixel for pixel with the CLI drawing that position); then
Chinese and a picture on a phone-sized window; then a start exactly 20 moves out, three hints
and "Solve" from the solution the CGI gave with that start (no second request). Screenshots land in SHOT_DIR.
    play_test.py URL SLIDEGIF_CLI SHOT_DIR"""
import io
import json
import os
import subprocess
import sys
import tempfile
import time
import urllib.parse
import urllib.request

from PIL import Image
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from browser import (fail, puzzle_part, puzzle_state, puzzle_text, record_events, seen_events,  # beside this script
                     start_chromium, wait)

url, cli, shots = sys.argv[1:4]

driver = start_chromium()


def board():
    return puzzle_state(driver)


def load(query):
    """The page, with its first puzzle on the board."""
    driver.get(url + "/play.html?" + query)
    wait(lambda: driver.find_element(By.TAG_NAME, "body").get_attribute("data-ready"), "the page")
    wait(lambda: board()[0] and puzzle_text(driver, ".message") == "", "the first puzzle", 40)


def press(arrow):
    puzzle_part(driver, ".board").send_keys(arrow)


def tile(n):
    time.sleep(0.2)  # the last slide's transition: a tile is clicked where it rests
    return puzzle_part(driver, f'[data-tile="{n}"]')


def expect_after(cells, cols, arrow):
    """The board after an arrow key: the tile on the far side of the gap moves into it."""
    d = {Keys.ARROW_LEFT: (0, 1), Keys.ARROW_RIGHT: (0, -1), Keys.ARROW_UP: (1, 0), Keys.ARROW_DOWN: (-1, 0)}[arrow]
    rows = len(cells) // cols
    blank = cells.index(0)
    r, c = blank // cols + d[0], blank % cols + d[1]
    if not (0 <= r < rows and 0 <= c < cols):
        return None
    out = list(cells)
    out[blank], out[r * cols + c] = out[r * cols + c], 0
    return out


def solve_and_check(cols, lang, picture=None):
    """Shows the solution; checks the GIF decodes and starts from the page's board."""
    cells, _ = board()
    driver.find_element(By.ID, "animation").click()
    src = wait(lambda: driver.find_element(By.ID, "solution").get_attribute("data-url"), "the solution GIF", 40)
    natural = driver.execute_script("return document.getElementById('solution').naturalWidth")
    if not natural:
        fail("the solution image did not decode in chromium")
    with urllib.request.urlopen(urllib.parse.urljoin(url + "/play.html", src)) as answer:
        puzzle = answer.headers["X-Slidegif-Puzzle"]
        gif = answer.read()
    start = [int(v) for v in puzzle.split(" -> ")[0].replace("/", ",").split(",")] \
        if "," in puzzle.split(" -> ")[0] else [int(ch) for ch in puzzle.split(" -> ")[0].replace("/", "")]
    if start != cells:
        fail(f"the GIF starts from {start}, the page shows {cells}")
    im = Image.open(io.BytesIO(gif))
    moves = int(puzzle.split(", ")[1].split(" ")[0])
    query = dict(urllib.parse.parse_qsl(urllib.parse.urlsplit(src).query))
    frames = 1 + moves * (int(query.get("tween", 3)) + 1)
    if im.n_frames != frames:
        fail(f"{im.n_frames} frames for {moves} moves")
    # The first frame, pixel for pixel, against the CLI's drawing of the same position.
    with tempfile.TemporaryDirectory() as tmp:
        args = [cli, "solve", query["start"], "--tile", query["tile"], "--tween", "3", "--delay", "400",
                "--lang", lang, "-o", tmp + "/cli.gif"]
        if picture:
            args += ["--image", picture, "--numbers"]
        subprocess.run(args, check=True, capture_output=True)
        ours = Image.open(tmp + "/cli.gif").convert("RGB")
    im.seek(0)
    if list(im.convert("RGB").getdata()) != list(ours.getdata()):
        fail("the GIF's first frame is not the CLI's drawing of the reached position")
    print(f"ok: solution GIF from {cells}: {moves} moves, {im.n_frames} frames, first frame as the CLI draws it")


def explain_and_check():
    """'How would A* solve this?': the server's drawing of A* from the page's board decodes in
    Chromium, and has a frame for each frame its JSON script lists, with A*'s counts."""
    cells, _ = board()
    driver.find_element(By.ID, "explain").click()
    src = wait(lambda: (lambda s: s if s and "explain=astar" in s else None)(
        driver.find_element(By.ID, "solution").get_attribute("data-url")), "the explanation", 40)
    if not driver.execute_script("return document.getElementById('solution').naturalWidth"):
        fail("the explanation did not decode in chromium")
    with urllib.request.urlopen(urllib.parse.urljoin(url + "/play.html", src)) as answer:
        puzzle = answer.headers["X-Slidegif-Puzzle"]
        gif = answer.read()
    start = [int(ch) for ch in puzzle.split(" -> ")[0].replace("/", "").replace(",", "")]
    if start != cells:
        fail(f"the explanation starts from {start}, the page shows {cells}")
    with urllib.request.urlopen(urllib.parse.urljoin(url + "/play.html", src + "&format=json")) as a:
        script = json.load(a)
    frames = Image.open(io.BytesIO(gif)).n_frames
    if frames != len(script["frames"]) or script["algorithm"] != "astar-manhattan":
        fail(f"{frames} frames, the script lists {len(script['frames'])} ({script['algorithm']})")
    if f"{script['expanded']} expanded" not in puzzle:
        fail(f"the header {puzzle!r} does not say the script's {script['expanded']} expanded")
    print(f"ok: A* explained from {cells}: {script['expanded']} expanded, {frames} frames")


try:
    # 1. English, 3x3, a reproducible puzzle: keys and clicks.
    load("seed=7&lang=en")
    if driver.execute_script("return document.querySelector('slide-puzzle').getAttribute('endpoint')") != "slidegif.cgi":
        fail("with no engine beside it the page's puzzle should ask the CGI")
    cells, moves = board()
    if moves != 0 or sorted(cells) != list(range(9)):
        fail(f"a fresh 3x3 board should be a permutation with 0 moves: {cells}, {moves}")
    made = 0
    for arrow in (Keys.ARROW_LEFT, Keys.ARROW_UP, Keys.ARROW_RIGHT, Keys.ARROW_DOWN, Keys.ARROW_LEFT):
        want = expect_after(cells, 3, arrow)
        press(arrow)
        if want is not None:
            made += 1
            cells = want
        got, moves = board()
        if got != cells or moves != made:
            fail(f"after {arrow!r}: board {got} moves {moves}, want {cells} {made}")
    # A click on a tile next to the gap slides it; one far from it does nothing.
    blank = cells.index(0)
    neighbour = blank + 1 if blank % 3 < 2 else blank - 1
    far = next(i for i in range(9) if abs(i // 3 - blank // 3) + abs(i % 3 - blank % 3) > 1)
    tile(cells[far]).click()
    if board() != (cells, made):
        fail("a click on a tile away from the gap moved something")
    near = cells[neighbour]
    tile(near).click()
    cells[blank], cells[neighbour] = near, 0
    made += 1
    if board() != (cells, made):
        fail(f"the click on tile {near} gave {board()}, want {cells}, {made}")
    counter = puzzle_text(driver, ".count")
    if counter != f"{made} moves":
        fail(f"counter says {counter!r}")
    print(f"ok: {made} moves by keys and a click; counter '{counter}'")
    time.sleep(0.3)  # the slide's animation
    driver.save_screenshot(shots + "/play-en.png")
    solve_and_check(3, "en")
    driver.save_screenshot(shots + "/play-en-solution.png")
    explain_and_check()
    driver.save_screenshot(shots + "/play-en-explain.png")

    # 2. Chinese, a picture, 2x3, on a phone-sized window.
    driver.set_window_size(390, 844)
    load("seed=3&lang=zh")
    if puzzle_text(driver, "button[data-action=shuffle]") != "新题目" or driver.find_element(By.ID, "explain").text != "A* 会怎么解？":
        fail("the page is not in Chinese")
    driver.execute_script("const s = document.getElementById('difficulty'); s.selectedIndex = 0;"
                          "s.dispatchEvent(new Event('change'));")
    wait(lambda: len(board()[0]) == 6 and puzzle_text(driver, ".message") == "", "a 2x3 puzzle")
    picture = driver.find_element(By.ID, "picture")
    names = [o.get_attribute("value") for o in picture.find_elements(By.TAG_NAME, "option")]
    if "sunset" not in names:
        fail(f"the pictures offered are {names}")
    driver.execute_script("const s = document.getElementById('picture'); s.value = 'sunset';"
                          "s.dispatchEvent(new Event('change'));")
    wait(lambda: driver.execute_script(
        "const t = [...document.querySelector('slide-puzzle').shadowRoot.querySelectorAll('.face')];"
        "return t.length === 5 && t.every(e => getComputedStyle(e).backgroundImage.includes('sunset'));"),
        "the picture on the 2x3 tiles")
    cells, _ = board()
    if len(cells) != 6:
        fail(f"2x3 should have 6 cells: {cells}")
    width = driver.execute_script("return document.querySelector('slide-puzzle').getBoundingClientRect().right")
    if width > 390:
        fail(f"the puzzle is {width}px wide on a 390px screen")
    want = expect_after(cells, 3, Keys.ARROW_LEFT) or expect_after(cells, 3, Keys.ARROW_RIGHT)
    press(Keys.ARROW_LEFT if expect_after(cells, 3, Keys.ARROW_LEFT) else Keys.ARROW_RIGHT)
    if board() != (want, 1):
        fail(f"after one key: {board()}, want {want}")
    if puzzle_text(driver, ".count") != "已走 1 步" or "方块" not in puzzle_text(driver, ".quiet"):
        fail("the Chinese counter says " + puzzle_text(driver, ".count") + ", the live region " + puzzle_text(driver, ".quiet"))
    time.sleep(0.3)
    driver.save_screenshot(shots + "/play-zh-picture-phone.png")
    solve_and_check(3, "zh", os.path.join(os.path.dirname(os.path.abspath(__file__)), "../../samples/pictures/sunset.png"))
    driver.save_screenshot(shots + "/play-zh-picture-solution.png")

    # 3. Difficulty by exact distance: the start the CGI picked is 20 moves from the goal; three
    # hints and "Solve", from the solution that came with it, take it there in 20 moves.
    driver.set_window_size(800, 1000)
    load("lang=en")
    record_events(driver)
    driver.execute_script(
        "const s = document.getElementById('difficulty');"
        "s.selectedIndex = [...s.options].findIndex(o => o.text.includes('exactly 20'));"
        "s.dispatchEvent(new Event('change'));")
    wait(lambda: any(t == "shuffle" for t, _ in seen_events(driver)), "a 3x3 start picked by the server", 40)
    cells, moves = board()
    start = "".join(map(str, cells))

    def distance(start):
        solved = subprocess.run([cli, "solve", start, "--json"], capture_output=True, text=True)
        return json.loads(solved.stdout)["length"] if solved.returncode == 0 else None
    if distance(start) != 20 or moves != 0:
        fail(f"'exactly 20 moves' gave {start} ({distance(start)} moves to go), counter {moves}")
    for n in (1, 2, 3):
        puzzle_part(driver, "button[data-action=hint]").click()
        wait(lambda: board()[1] == n, f"hint {n} from the CGI", 40)
    if distance("".join(map(str, board()[0]))) != 17:
        fail(f"three hints from {start} left {board()[0]}, not 17 moves out")
    puzzle_part(driver, "button[data-action=solve]").click()
    wait(lambda: driver.execute_script("return document.querySelector('slide-puzzle').solved"), "Solve to finish", 60)
    kinds = [d["by"] for t, d in seen_events(driver) if t == "move"]
    if board()[1] != 20 or kinds != ["hint"] * 3 + ["solve"] * 17:
        fail(f"'exactly 20 moves': solved in {board()[1]} moves, by {kinds}")
    # The CGI solved the start it picked, and the element kept that solution: no hint or Solve
    # asked it to solve again.
    asked = driver.execute_script(
        "return performance.getEntriesByType('resource').map(e => e.name)"
        ".filter(n => n.includes('format=json') && n.includes('start='))")
    if asked:
        fail(f"the hints and Solve asked the CGI again: {asked}")
    print(f"ok: 'exactly 20 moves' picked {start} by the CGI; 3 hints and Solve took it home in 20, asking nothing more")
    driver.save_screenshot(shots + "/play-distance-20-solved.png")
finally:
    driver.quit()
print("PASS")
