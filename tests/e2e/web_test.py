#!/usr/bin/env python3
"""The static play site in chromium through WebDriver, as a player without any server but a
static one uses it: on a 3x3, a 4x4 and a 3x3 "exactly 20 moves" puzzle, "Hint" pressed again
and again brings the board to the goal, where the page says "Solved in N moves!" with N the
optimal length the slidegif CLI finds for the start; on a second 4x4 (the database built) five
hints each bring it one move nearer; the 20-move start is 20 moves away by the CLI too. Prints
the .wasm size and the times it measured (for docs/BENCHMARKS.md).
    web_test.py URL SLIDEGIF_CLI OUT_DIR"""
import json
import os
import subprocess
import sys
import time

from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from browser import fail, start_chromium, wait  # beside this script

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
    b = driver.find_element(By.ID, "board")
    return [int(v) for v in b.get_attribute("data-board").split(",")], int(b.get_attribute("data-moves"))


def choose(label):
    Select(driver.find_element(By.ID, "difficulty")).select_by_visible_text(label)
    wait(lambda: board()[1] == 0 and driver.find_element(By.ID, "message").text == "", label)


def hint_to_the_goal(rows, cols):
    """Presses Hint until the page says it is solved; returns (moves, first hint's seconds)."""
    start, _ = board()
    expected = optimal_length(start, rows, cols)
    began = time.time()
    first = None
    first_engine = None
    for presses in range(1, 200):
        before = board()[1]
        driver.find_element(By.ID, "hint").click()
        wait(lambda: board()[1] == before + 1, f"hint {presses} to move a tile", 120)
        if first is None:
            first = time.time() - began
            first_engine = float(driver.find_element(By.ID, "board").get_attribute("data-hint-seconds"))
        message = driver.find_element(By.ID, "message").text
        if message.startswith("Solved"):
            break
    else:
        fail("200 hints did not reach the goal")
    cells, moves = board()
    goal = list(range(1, rows * cols)) + [0]
    if cells != goal:
        fail(f"'{message}' but the board is {cells}")
    if message != f"Solved in {expected} moves!" or moves != expected:
        fail(f"{rows}x{cols} {start}: '{message}' after {moves} hints; optimal is {expected}")
    return moves, first, time.time() - began, first_engine


def hint_partway(rows, cols, presses):
    """Presses Hint `presses` times on a new puzzle, the database already built: each brings the
    board one move nearer, by the CLI (the whole way was shown on the first puzzle)."""
    start, _ = board()
    expected = optimal_length(start, rows, cols)
    began = time.time()
    first = first_engine = None
    for press in range(1, presses + 1):
        driver.find_element(By.ID, "hint").click()
        wait(lambda: board()[1] == press, f"hint {press} to move a tile", 120)
        if first is None:
            first = time.time() - began
            first_engine = float(driver.find_element(By.ID, "board").get_attribute("data-hint-seconds"))
    cells, _ = board()
    if optimal_length(cells, rows, cols) != expected - presses:
        fail(f"{rows}x{cols} {start}: after {presses} hints {cells} is "
             f"{optimal_length(cells, rows, cols)} moves away, not {expected - presses}")
    return presses, first, time.time() - began, first_engine


driver.get(url + "/play.html?seed=11&lang=en")
wait(lambda: driver.find_element(By.TAG_NAME, "body").get_attribute("data-engine"), "the engine")
wait(lambda: driver.find_element(By.TAG_NAME, "body").get_attribute("data-ready"), "the page")
if driver.find_element(By.ID, "solve").is_displayed():
    fail("the solution button shows on a site without a CGI")
if not driver.find_element(By.ID, "hint").is_displayed():
    fail("no Hint button")

results = {}
choose("Classic (3×3)")
results["3x3"] = hint_to_the_goal(3, 3)
choose("Hard (4×4)")
results["4x4"] = hint_to_the_goal(4, 4)
driver.find_element(By.ID, "new").click()
wait(lambda: board()[1] == 0, "a new 4x4")
results["4x4 again"] = hint_partway(4, 4, 5)

choose("3×3, exactly 20 moves")
cells, _ = board()
if optimal_length(cells, 3, 3) != 20:
    fail(f"the page's '20 moves' start {cells} is {optimal_length(cells, 3, 3)} moves away")

driver.save_screenshot(os.path.join(out, "web-test.png"))  # for a person to look at
wasm = os.path.getsize(os.path.join(out, "engine.wasm"))
js = os.path.getsize(os.path.join(out, "engine.js"))
print(f"engine.wasm {wasm} bytes, engine.js {js} bytes")
tables = driver.find_element(By.ID, "board").get_attribute("data-tables-seconds")
print(f"4x4 small pattern database built in the page: {float(tables):.2f} s")
for name, (moves, first, total, engine) in results.items():
    print(f"{name}: {moves} optimal moves by hints; first hint {first:.2f} s in the page "
          f"(its solve {engine:.3f} s in the engine), all hints {total:.2f} s")
# The npm package (OUT/npm, as packed) imported by a page as an ES module: its engine starts in
# a Web Worker of its own and solves; the page's answer is checked against our BFS.
with open(os.path.join(out, "npm-page.html"), "w") as f:
    f.write("""<!doctype html><meta charset="utf-8"><title>slidegif from npm</title>
<script type="module">
import { solve, randomPuzzle, SlidegifError } from "./npm/index.mjs";
const s = await solve("867254301");
const p = await randomPuzzle({ seed: 5, moves: 12 });
const q = await solve(p.start);
let refused = "";
try { await solve("213456780"); } catch (e) { refused = e instanceof SlidegifError ? e.message : "?"; }
document.body.dataset.result = JSON.stringify({ s, p, q, refused });
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
print("ok: a page importing the npm package solved 867254301 in 31 moves, and a 12-move pick")
driver.quit()
