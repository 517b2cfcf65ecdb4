#!/usr/bin/env python3
"""A tour of `import slidegif`, cell by cell as in a notebook.

Run it from any directory; it writes two GIFs into the current one:
    python3 examples/python/tour.py
"""
import slidegif

# %% Solve the hardest 8-puzzle: 31 moves, proven optimal.
s = slidegif.solve("867254301")
print(f"{len(s)} moves, optimal={s.optimal}: {s.moves}  ({s.method})")

# %% Boards as lists of rows, and another goal.
s = slidegif.solve([[1, 2, 3], [4, 5, 6], [0, 7, 8]], goal="123456780")
print("lists:", s.moves)

# %% Half of all boards cannot reach the goal; check says why (the parity theorem).
verdict = slidegif.check("213456780")
print("solvable:", verdict["solvable"], "-", verdict["explanation"])

# %% Bad input raises ValueError with the command line's message.
try:
    slidegif.solve("1123")
except ValueError as e:
    print("ValueError:", e)

# %% Random puzzles: the same seed gives the same puzzle as `slidegif random --seed`.
p = slidegif.random_puzzle("3x3", seed=2024, moves=20)
print("random, 20 moves from the goal:", p["start"])
print("its solution:", slidegif.solve(p["start"]).moves)

# %% A 15-puzzle: without pattern databases the search may run out of budget and answer
# near-optimally (optimal=False); `slidegif pdb build` makes them optimal and fast.
q = slidegif.random_puzzle(4, seed=7)
s = slidegif.solve(q["start"], max_seconds=2)
print(f"15-puzzle: {len(s)} moves, optimal={s.optimal}")

# %% Animations, as the bytes of a GIF file.
with open("tour-hardest.gif", "wb") as f:
    f.write(slidegif.render("867254301", theme="dark", tween=3, title="31 moves"))
with open("tour-given.gif", "wb") as f:
    f.write(slidegif.render("123456708", moves="R", tile=48))
print("wrote tour-hardest.gif and tour-given.gif")
