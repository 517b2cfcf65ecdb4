#!/usr/bin/env python3
"""The include rule of docs/ARCHITECTURE.md, checked on the tree: inside src/solve and
src/render, the folders are layers in the order below (bottom first), and a file includes
headers of its own layer or of those below. The folder graph has no circle, and the few
includes that go up are the ones listed here, each with its reason. Outside the core, only the
folders named may include the core's private headers.

    tests/layers/include_rule.py SRC_DIR        (prints the graph; fails on a breach)
"""
import collections
import os
import re
import sys

# Bottom first. "" is the folder's root (its dispatchers, at the top).
LAYERS = {
    "solve": ["support", "board", "heuristic", "pattern", "search", "classic", "table", ""],
    "render": ["pixels", "text", "encode", "gif", "look", "picture", "cache", "plot", "animation", "explain", ""],
}
# Includes that go up a layer, allowed by name: (from file, to header) -> why. None today.
UP = {
}
# The core's headers the rest of the program (src/app, the front ends, the web engine, MPI) may
# include besides the public API, by why they are needed. Any other is the core's own business.
INTERFACE = {
    "the dispatchers": ["solve/dispatch.hpp", "solve/solver.hpp", "solve/table_solve.hpp"],
    "the classic searches, to compare, solve with or explain one": [
        "solve/classic/classic.hpp", "solve/classic/search_trace.hpp",
        "solve/classic/search_tree.hpp"],
    "counts written for people, as the core writes them": ["solve/support/format.hpp"],
    "picking boards": ["solve/board/random.hpp", "solve/board/resolve_puzzle.hpp"],
    "what data files hold (pattern databases, distance tables, their goals)": [
        "solve/board/domain.hpp", "solve/board/goal_framing.hpp",
        "solve/pattern/pattern.hpp", "solve/pattern/partition_presets.hpp",
        "solve/pattern/pattern_table.hpp", "solve/pattern/pattern_symmetry.hpp",
        "solve/pattern/pdb_heuristic.hpp", "solve/pattern/multi_tile_table.hpp",
        "solve/pattern/multi_tile_pdb.hpp", "solve/table/distance_table.hpp",
        "solve/table/full_search.hpp", "solve/table/optimal_paths.hpp",
        "solve/table/state_index.hpp", "solve/table/distance_stores.hpp"],
    "the move automaton (built into the programs, made by the web engine)": [
        "solve/search/move_automaton.hpp", "solve/search/built_in_automaton.hpp"],
    "the animation's checks and fitting, before the font is read": [
        "render/animation/animation.hpp"],
    "what a process keeps between animations": [
        "render/cache/drawing_cache.hpp", "render/cache/move_pieces.hpp"],
    "languages, fonts and themes the command line lists and checks": [
        "render/text/language.hpp", "render/text/font_coverage.hpp", "render/look/theme.hpp"],
    "explore --plot": ["render/plot/histogram_plot.hpp"],
    "explain: a recorded search drawn, and a small one's tree": [
        "render/explain/explain_animation.hpp", "render/explain/search_tree_figure.hpp"],
    "video, which src/video implements": ["render/encode/video_output.hpp"],
}
INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def folder_of(tree, path):
    """The layer of src/TREE/PATH: its first folder, or "" for a file at the root."""
    parts = path.split("/")
    return parts[0] if len(parts) > 1 else ""


def includes(src):
    """(path from src, header) for every quoted include of every C++ file under src."""
    for dirpath, _, names in sorted(os.walk(src)):
        for name in sorted(names):
            if name.endswith((".hpp", ".cpp")):
                path = os.path.relpath(os.path.join(dirpath, name), src)
                text = open(os.path.join(dirpath, name), encoding="utf-8").read()
                for header in INCLUDE.findall(text):
                    yield path, header


def edges(src, tree):
    """(from layer, to layer, from file, header) for every include inside the tree."""
    out = []
    for path, header in includes(os.path.join(src, tree)):
        if header.startswith(tree + "/"):
            inner = header[len(tree) + 1:]
            out.append((folder_of(tree, path), folder_of(tree, inner), f"{tree}/{path}", header))
    return out


def has_circle(graph):
    state = {}

    def visit(node):
        state[node] = 1
        for nxt in graph[node]:
            if state.get(nxt) == 1 or (nxt not in state and visit(nxt)):
                return True
        state[node] = 2
        return False

    return any(node not in state and visit(node) for node in list(graph))


def main():
    src = sys.argv[1]
    failures = []
    for tree, order in LAYERS.items():
        rank = {name: i for i, name in enumerate(order)}
        graph = collections.defaultdict(set)
        counts = collections.Counter()
        for a, b, path, header in edges(src, tree):
            if a not in rank or b not in rank:
                failures.append(f"{path}: folder {a or b!r} of {tree} is in no layer (add it to LAYERS and ARCHITECTURE.md)")
                continue
            if a == b:
                continue
            graph[a].add(b)
            graph.setdefault(b, set())
            counts[(a, b)] += 1
            if rank[a] < rank[b] and (path, header) not in UP:
                failures.append(f"{path} includes {header}: {tree}/{a} is below {tree}/{b or '(root)'}")
        print(f"{tree}: " + ", ".join(f"{a or '.'}->{b or '.'} {n}" for (a, b), n in sorted(counts.items())))
        if has_circle(graph):
            failures.append(f"{tree}: its folders include each other in a circle")
    allowed = {h for headers in INTERFACE.values() for h in headers}
    used = set()
    for path, header in includes(src):
        if path.split("/")[0] in LAYERS or header.split("/")[0] not in LAYERS:
            continue
        used.add(header)
        if header not in allowed:
            failures.append(f"{path} includes {header}: not one of the core's headers "
                            "for the rest of the program (INTERFACE here, ARCHITECTURE.md)")
    for header in sorted(allowed - used):
        failures.append(f"{header} is listed in INTERFACE but nothing outside the core includes it")
    print(f"outside the core: {len(allowed)} of the core's headers, each for a reason in INTERFACE")
    for (path, header), why in UP.items():
        print(f"allowed up: {path} -> {header} ({why})")
    if failures:
        print("\n".join("FAIL: " + f for f in failures))
        sys.exit(1)
    print("ok: every include inside solve and render goes down its layers")


if __name__ == "__main__":
    main()
