#!/usr/bin/env python3
"""The static play site in chromium through WebDriver, as a player without any server but a
static one uses it, its <slide-puzzle> solving in the WebAssembly engine: on a 3x3 keys and a
click slide tiles (each a "move" event), then "Hint" pressed again and again brings a 3x3 and
a 4x4 to the goal, where it says "Solved in N moves!" with N the optimal length the slidegif CLI finds;
"Solve" plays an optimal answer on a 4x4 and a 3x3 (a "move" event a slide, one "solved");
five hints on another 4x4 each bring it one move nearer; the "exactly 20 moves" 3x3 and
"exactly 30 moves" 4x4 starts are that far by the CLI; a 5x5 is hinted from a near-optimal
answer that says so; the dark theme colours the tiles and the
Chinese live region speaks each move. Prints the .wasm size and the times it measured (for
docs/BENCHMARKS.md).
    web_test.py URL SLIDEGIF_CLI OUT_DIR"""
import json
import os
import subprocess
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys
from selenium.webdriver.support.ui import Select

from browser import (PUZZLE, fail, puzzle_part, puzzle_state, puzzle_text, record_events,  # beside this script
                     seen_events, start_chromium, wait)

url, cli, out = sys.argv[1:4]


def optimal_length(cells, rows, cols):
    text = "/".join(",".join(str(v) for v in cells[r * cols:(r + 1) * cols]) for r in range(rows))
    result = subprocess.run([cli, "solve", text, "--json", "--max-seconds", "60"],
                            capture_output=True, text=True)
    if result.returncode != 0:
        fail(f"the CLI could not solve {text}: {result.stderr}")
    answer = json.loads(result.stdout)
    if not answer["optimal"]:
        fail(f"the CLI did not prove {text} optimal")
    return answer["length"]


driver = start_chromium()


def board():
    return puzzle_state(driver)


def quiet():
    """The puzzle is idle: no search, no playback, no message but a verdict."""
    return puzzle_text(driver, ".message") in ("",) or puzzle_text(driver, ".message").startswith("Solved")


def choose(label):
    """A difficulty from the page's menu; waits for the element's new puzzle."""
    count = len([t for t, _ in seen_events(driver) if t == "shuffle"])
    Select(driver.find_element(By.ID, "difficulty")).select_by_visible_text(label)
    wait(lambda: len([t for t, _ in seen_events(driver) if t == "shuffle"]) > count, label, 120)
    if puzzle_text(driver, ".message"):
        fail(f"{label}: the puzzle says {puzzle_text(driver, '.message')!r}")


def button(action):
    return puzzle_part(driver, f"button[data-action={action}]")


def engine(call):
    """An answer of the npm package's API in the page (the same engine worker as the element's)."""
    return driver.execute_async_script(
        "const done = arguments[arguments.length - 1];"
        f"import('./index.mjs').then(m => m.{call}).then(done, e => done({{error: String(e)}}));")


def hint_to_the_goal(rows, cols):
    """Presses Hint until the puzzle is solved; returns (hints, first hint's seconds, all's)."""
    start, made = board()
    expected = optimal_length(start, rows, cols)
    began = time.time()
    first = None
    for presses in range(1, 200):
        before = board()[1]
        button("hint").click()
        wait(lambda: board()[1] == before + 1, f"hint {presses} to move a tile", 120)
        first = first or time.time() - began
        if driver.execute_script(f"return {PUZZLE}.solved"):
            break
    else:
        fail("200 hints did not reach the goal")
    cells, moves = board()
    message = puzzle_text(driver, ".message")
    if cells != list(range(1, rows * cols)) + [0]:
        fail(f"'{message}' but the board is {cells}")
    if message != f"Solved in {made + expected} moves!" or moves != made + expected:
        fail(f"{rows}x{cols} {start}: '{message}' after {moves - made} hints; optimal is {expected}")
    return expected, first, time.time() - began


def solve_to_the_goal(rows, cols):
    """Presses Solve: the optimal answer plays to the goal, each slide a "move" event by
    "solve", then one "solved" event."""
    start, made = board()
    expected = optimal_length(start, rows, cols)
    record_events(driver)
    began = time.time()
    button("solve").click()
    wait(lambda: driver.execute_script(f"return {PUZZLE}.solved"), f"Solve on {start}", 180)
    events = seen_events(driver)
    moves = [d for t, d in events if t == "move"]
    solved = [d for t, d in events if t == "solved"]
    if len(moves) != expected or any(d["by"] != "solve" or not d["optimal"] for d in moves) or len(solved) != 1:
        fail(f"{rows}x{cols} Solve from {start}: {len(moves)} move events, {len(solved)} solved; "
             f"optimal is {expected}")
    if board() != (list(range(1, rows * cols)) + [0], made + expected) or solved[0]["moveCount"] != made + expected:
        fail(f"{rows}x{cols} Solve from {start} ended at {board()}")
    return expected, time.time() - began


def hint_partway(rows, cols, presses):
    """Presses Hint `presses` times on a new puzzle, the database already built: each brings the
    board one move nearer, by the CLI (the whole way was shown on the first puzzle)."""
    start, _ = board()
    expected = optimal_length(start, rows, cols)
    for press in range(1, presses + 1):
        button("hint").click()
        wait(lambda: board()[1] == press, f"hint {press} to move a tile", 120)
    cells, _ = board()
    if optimal_length(cells, rows, cols) != expected - presses:
        fail(f"{rows}x{cols} {start}: after {presses} hints {cells} is "
             f"{optimal_length(cells, rows, cols)} moves away, not {expected - presses}")


driver.get(url + "/play.html?seed=11&lang=en")
wait(lambda: driver.find_element(By.TAG_NAME, "body").get_attribute("data-ready"), "the page")
record_events(driver)
wait(lambda: board()[0] and quiet(), "the first puzzle", 60)
if driver.execute_script(f"return {PUZZLE}.hasAttribute('endpoint')"):
    fail("with the engine beside it the puzzle should not ask a server")
for id in ("animation", "picture"):
    if driver.find_element(By.ID, id).is_displayed():
        fail(f"#{id} shows on a site without a CGI")

# 3x3: keys and clicks, then Hint to the goal; then the engine's own times.
cells, _ = board()
three = "".join(map(str, cells))
measured = {"3x3 solve": engine(f"solve('{three}')")}
puzzle_part(driver, ".board").send_keys(Keys.ARROW_UP, Keys.ARROW_LEFT)
time.sleep(0.3)
cells, made = board()
blank = cells.index(0)
near = blank - 1 if blank % 3 else blank + 1
puzzle_part(driver, f'[data-tile="{cells[near]}"]').click()
if board()[1] != made + 1 or made < 1:
    fail(f"keys and a click made {board()[1]} moves")
moves_seen = [d for t, d in seen_events(driver) if t == "move"]
if [d["by"] for d in moves_seen] != ["player"] * (made + 1) or moves_seen[-1]["tile"] != cells[near]:
    fail(f"the move events for the keys and the click: {moves_seen}")
results = {"3x3": hint_to_the_goal(3, 3)}
# A 4x4: the database built in the page (timed), then Solve plays the optimal answer.
measured["4x4 tables"] = engine("prepare('4x4')")
choose("Hard (4×4)")
results["4x4"] = hint_to_the_goal(4, 4)
button("shuffle").click()
wait(lambda: board()[1] == 0 and quiet(), "a new 4x4")
results["4x4 Solve"] = solve_to_the_goal(4, 4)
button("shuffle").click()
wait(lambda: board()[1] == 0 and quiet(), "a new 4x4")
measured["4x4 solve"] = engine(f"solve('{'/'.join(','.join(map(str, board()[0][r * 4:r * 4 + 4])) for r in range(4))}')")
hint_partway(4, 4, 5)
button("solve").click()
wait(lambda: driver.execute_script(f"return {PUZZLE}.solved"), "Solve after five hints", 120)
# 3x3: Solve on a fresh one.
choose("Classic (3×3)")
results["3x3 Solve"] = solve_to_the_goal(3, 3)
for label, rows, cols, distance in (("3×3, exactly 20 moves", 3, 3, 20), ("4×4, exactly 30 moves", 4, 4, 30)):
    choose(label)
    cells, _ = board()
    if optimal_length(cells, rows, cols) != distance:
        fail(f"the page's '{label}' start {cells} is {optimal_length(cells, rows, cols)} moves away")
    print(f"ok: '{label}' gave {cells}, {distance} moves out by the CLI")

# 5x5: beyond what is proven in seconds; Hint still plays, from a near-optimal answer it names.
driver.execute_script(f"const p = {PUZZLE}; p.removeAttribute('distance'); p.setAttribute('max-seconds', '2');"
                      "p.setAttribute('size', '5');")
wait(lambda: len(board()[0]) == 25 and quiet(), "a 5x5 puzzle", 60)
for n in (1, 2, 3):
    button("hint").click()
    wait(lambda: board()[1] == n, f"5x5 hint {n}", 60)
hinted = [d for t, d in seen_events(driver) if t == "move"][-3:]
if any(d["optimal"] is not False for d in hinted) or "near-optimal" not in puzzle_text(driver, ".message"):
    fail(f"5x5 hints {hinted}: the puzzle says {puzzle_text(driver, '.message')!r}")
print("ok: 5x5: three hints from a near-optimal answer, said so")
driver.execute_script(f"const p = {PUZZLE}; p.removeAttribute('max-seconds'); p.setAttribute('size', '4');")
wait(lambda: len(board()[0]) == 16 and quiet(), "a 4x4 again", 60)

# The dark theme in Chinese: the faces take the theme's colour; the live region speaks Chinese.
Select(driver.find_element(By.ID, "theme")).select_by_visible_text("dark")
Select(driver.find_element(By.ID, "lang")).select_by_visible_text("中文")
face = driver.execute_script(f"return getComputedStyle({PUZZLE}.shadowRoot.querySelector('.face')).backgroundColor")
if face != "rgb(76, 90, 128)" or button("hint").text != "提示":
    fail(f"dark, Chinese: face {face}, the Hint button says {button('hint').text!r}")
cells, _ = board()
puzzle_part(driver, ".board").send_keys(Keys.ARROW_DOWN if cells.index(0) >= 4 else Keys.ARROW_UP)
if not puzzle_text(driver, ".quiet").startswith("方块"):
    fail(f"the live region says {puzzle_text(driver, '.quiet')!r}")
time.sleep(0.3)
driver.save_screenshot(os.path.join(out, "web-test.png"))  # for a person to look at
errors = [d for t, d in seen_events(driver) if t == "error"]
if errors:
    fail(f"error events: {errors}")
wasm = os.path.getsize(os.path.join(out, "engine.wasm"))
js = os.path.getsize(os.path.join(out, "engine.js"))
print(f"engine.wasm {wasm} bytes, engine.js {js} bytes")
print(f"4x4 small pattern database built in the page: {measured['4x4 tables']['seconds']:.2f} s")
print(f"the engine's optimal 3x3 solve, its table built first: {measured['3x3 solve']['seconds']:.3f} s; "
      f"a random 4x4, the database built: {measured['4x4 solve']['seconds']:.3f} s "
      f"({measured['4x4 solve']['length']} moves)")
for name, (moves, *times) in results.items():
    print(f"{name}: {moves} optimal moves; " + ", ".join(f"{t:.2f} s" for t in times) +
          (" (first hint, all hints)" if len(times) == 2 else " (played)"))
# The npm package (OUT/npm, as packed) imported by a page as an ES module: its engine starts in
# a Web Worker of its own and solves; the page's answer is checked against our BFS.
with open(os.path.join(out, "npm-page.html"), "w") as f:
    f.write("""<!doctype html><meta charset="utf-8"><title>slidegif from npm</title>
<slide-puzzle id="given" start="867254301"></slide-puzzle>
<slide-puzzle id="unsolvable" start="213456780"></slide-puzzle>
<slide-puzzle id="bad" size="3x1" theme="sepia"></slide-puzzle>
<slide-puzzle id="far" size="2x5" distance="100" seed="1"></slide-puzzle>
<script type="module">
const errors = {};
for (const el of document.querySelectorAll("slide-puzzle")) {
  el.addEventListener("error", e => { (errors[el.id] ??= []).push(e.detail.message); });
}
import { solve, randomPuzzle, SlidegifError } from "./npm/index.mjs";
const { SlidePuzzleElement } = await import("./npm/element.mjs");
const s = await solve("867254301");
const p = await randomPuzzle({ seed: 5, moves: 12 });
const q = await solve(p.start);
let refused = "";
try { await solve("213456780"); } catch (e) { refused = e instanceof SlidegifError ? e.message : "?"; }
const given = document.getElementById("given");
await new Promise(done => given.board.length ? done() : given.addEventListener("shuffle", done, { once: true }));
const element = { defined: customElements.get("slide-puzzle") === SlidePuzzleElement, board: given.board.join("") };
await new Promise(done => setTimeout(done, 500));
// A distance no 2x5 board has is refused after a few solves, not searched for long.
const far = Date.now();
while (!errors.far && Date.now() - far < 60000) await new Promise(done => setTimeout(done, 100));
document.body.dataset.result = JSON.stringify({ s, p, q, refused, element, errors });
</script><body>slidegif</body>""")
driver.get(url + "/npm-page.html")
answer = json.loads(wait(lambda: driver.find_element(By.TAG_NAME, "body").get_attribute("data-result"),
                         "the npm package's answers in the page"))
if answer["s"]["length"] != 31 or not answer["s"]["optimal"] or answer["q"]["length"] != 12:
    fail(f"the npm package in the page answered {answer}")
if optimal_length([int(c) for c in answer["p"]["start"]], 3, 3) != 12:
    fail(f"the package's 12-move start {answer['p']['start']} is not 12 moves away")
if "unsolvable" not in answer["refused"] and "parity" not in answer["refused"]:
    fail(f"the package's refusal: {answer['refused']!r}")
# The element from the package: a given start is kept; bad attributes say why.
errors = answer["errors"]
if answer["element"] != {"defined": True, "board": "867254301"} or "given" in errors:
    fail(f"<slide-puzzle start=867254301>: {answer['element']}, errors {errors}")
if not any("inversions" in m for m in errors.get("unsolvable", [])):
    fail(f"an unsolvable start should say why: {errors.get('unsolvable')}")
bad = " | ".join(errors.get("bad", []))
if "unknown theme \"sepia\"" not in bad or "size must be" not in bad:
    fail(f"size=3x1 theme=sepia should be refused by name: {bad!r}")
if not any("no 2x5 board 100 moves out" in m for m in errors.get("far", [])):
    fail(f"distance=100 on a 2x5 should be refused: {errors.get('far')}")
print("ok: <slide-puzzle> from the package keeps a given start; an unsolvable one, a bad size and "
      "theme, and a distance no 2x5 board has say why")
print("ok: a page importing the npm package solved 867254301 in 31 moves, and a 12-move pick")
driver.quit()
