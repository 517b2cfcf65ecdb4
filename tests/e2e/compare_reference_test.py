#!/usr/bin/env python3
"""`slidegif compare` against classic searches written here, independently, from the rules
solve/classic/classic.hpp documents: successors in the order U, D, L, R of the blank, never
back along the move that reached a state; the goal recognised when a state is taken to be
expanded; A* takes the smallest f, then the largest g, then the earliest generated; UCS the
smallest g, then the earliest; greedy the smallest h, then the earliest, and never reopens;
IDA* raises its bound to the smallest f past it. Every count must agree exactly, and so must
the moves.

    tests/e2e/compare_reference_test.py BUILD/slidegif
"""
import heapq
import json
import random
import subprocess
import sys

MOVES = "UDLR"
OPPOSITE = {"U": "D", "D": "U", "L": "R", "R": "L"}


def neighbours(board, rows, cols, last):
    blank = board.index(0)
    r, c = divmod(blank, cols)
    for m, (dr, dc) in zip(MOVES, ((-1, 0), (1, 0), (0, -1), (0, 1))):
        if last and m == OPPOSITE[last]:
            continue
        nr, nc = r + dr, c + dc
        if 0 <= nr < rows and 0 <= nc < cols:
            b = list(board)
            b[blank], b[nr * cols + nc] = b[nr * cols + nc], 0
            yield m, tuple(b)


def estimate(name, board, goal, cols):
    if name == "none":
        return 0
    if name == "misplaced":
        return sum(1 for t, g in zip(board, goal) if t and t != g)
    home = {t: i for i, t in enumerate(goal)}
    return sum(abs(i // cols - home[t] // cols) + abs(i % cols - home[t] % cols)
               for i, t in enumerate(board) if t)


def best_first(kind, h_name, start, goal, rows, cols):
    def key(g, h, order):
        if kind == "ucs":
            return (g, 0, order)
        if kind == "greedy":
            return (h, 0, order)
        return (g + h, -g, order)

    best = {start: (0, None, "")}  # state -> (g, parent, move)
    closed = set()
    order = 0
    heap = [(key(0, estimate(h_name, start, goal, cols), 0), 0, start)]
    expanded = generated = 0
    while heap:
        _, g, state = heapq.heappop(heap)
        if state in closed or g > best[state][0]:
            continue
        closed.add(state)
        expanded += 1
        if state == goal:
            path = []
            while best[state][1] is not None:
                path.append(best[state][2])
                state = best[state][1]
            return expanded, generated, "".join(reversed(path))
        for m, nxt in neighbours(state, rows, cols, best[state][2]):
            generated += 1
            if nxt in best and (kind == "greedy" or g + 1 >= best[nxt][0]):
                continue
            closed.discard(nxt)
            best[nxt] = (g + 1, state, m)
            order += 1
            heapq.heappush(heap, (key(g + 1, estimate(h_name, nxt, goal, cols), order), g + 1, nxt))
    raise AssertionError("no answer")


def breadth_first(start, goal, rows, cols):
    parent = {start: (None, "")}
    layer = [start]
    expanded = generated = 0
    while layer:
        following = []
        for state in layer:
            expanded += 1
            if state == goal:
                path = []
                while parent[state][0] is not None:
                    path.append(parent[state][1])
                    state = parent[state][0]
                return expanded, generated, "".join(reversed(path))
            for m, nxt in neighbours(state, rows, cols, parent[state][1]):
                generated += 1
                if nxt not in parent:
                    parent[nxt] = (state, m)
                    following.append(nxt)
        layer = following
    raise AssertionError("no answer")


def ida_star(h_name, start, goal, rows, cols):
    counts = {"expanded": 0, "generated": 0}
    path = []

    def search(state, g, bound, last):
        f = g + estimate(h_name, state, goal, cols)
        if f > bound:
            return f
        counts["expanded"] += 1
        if state == goal:
            return True
        smallest = None
        for m, nxt in neighbours(state, rows, cols, last):
            counts["generated"] += 1
            path.append(m)
            got = search(nxt, g + 1, bound, m)
            if got is True:
                return True
            path.pop()
            smallest = got if smallest is None else min(smallest, got)
        return smallest

    bound = estimate(h_name, start, goal, cols)
    bounds = [bound]
    while True:
        got = search(start, 0, bound, "")
        if got is True:
            return counts["expanded"], counts["generated"], "".join(path), bounds
        bound = got
        bounds.append(bound)


def main():
    slidegif = sys.argv[1]
    rng = random.Random(7)
    goal = tuple(list(range(1, 9)) + [0])
    puzzles = [tuple(int(c) for c in "867254301")]
    while len(puzzles) < 6:
        b = list(goal)
        for _ in range(60):  # a random walk: solvable
            _, b = rng.choice(list(neighbours(tuple(b), 3, 3, "")))
        if tuple(b) != goal:
            puzzles.append(tuple(b))
    # (IDA* with misplaced tiles expands 2.7 million states on the first puzzle: too slow here.)
    methods = ["bfs", "ucs", "astar-misplaced", "astar-manhattan", "greedy-misplaced",
               "greedy-manhattan", "idastar-manhattan"]
    checked = 0
    for start in puzzles:
        text = "".join(map(str, start))
        out = subprocess.run([slidegif, "compare", text, "--json", "--algorithms", ",".join(methods)],
                             capture_output=True, text=True, check=True).stdout
        rows = {r["algorithm"]: r for r in json.loads(out)["rows"]}
        for name in methods:
            kind, _, h_name = name.partition("-")
            if kind == "idastar":
                expanded, generated, moves, bounds = ida_star(h_name, start, goal, 3, 3)
                if rows[name]["thresholds"] != bounds:
                    raise SystemExit(f"FAIL: {name} on {text}: bounds {rows[name]['thresholds']} != {bounds}")
            elif kind == "bfs":
                expanded, generated, moves = breadth_first(start, goal, 3, 3)
            else:
                expanded, generated, moves = best_first(kind, h_name or "none", start, goal, 3, 3)
            got = rows[name]
            if (got["expanded"], got["generated"], got["solution"]) != (expanded, generated, moves):
                raise SystemExit(f"FAIL: {name} on {text}: slidegif {got['expanded']}/{got['generated']} "
                                 f"{got['solution']}, reference {expanded}/{generated} {moves}")
            checked += 1
    print(f"ok: {checked} runs ({len(methods)} methods x {len(puzzles)} puzzles): the same expanded "
          "and generated counts and the same moves as the reference searches")


if __name__ == "__main__":
    main()
