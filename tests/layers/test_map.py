#!/usr/bin/env python3
"""tests/ mirrors src/ for the core: every unit of src/solve and src/render (a .cpp or .hpp
name, without the extension) has a test file of its path (tests/solve/search/ida_star_test.cpp
for src/solve/search/ida_star.hpp) or a row in CONTRIBUTING.md's table naming the test that
covers it, and every test named there exists. Fails otherwise.

    tests/layers/test_map.py SOURCE_DIR
"""
import os
import re
import sys


def main():
    root = sys.argv[1]
    units = set()
    for tree in ("solve", "render"):
        for dirpath, _, names in os.walk(os.path.join(root, "src", tree)):
            for name in names:
                if name.endswith((".cpp", ".hpp")):
                    path = os.path.relpath(os.path.join(dirpath, name), os.path.join(root, "src"))
                    units.add(path.rsplit(".", 1)[0])
    tested = set()
    for dirpath, _, names in os.walk(os.path.join(root, "tests")):
        for name in names:
            if name.endswith("_test.cpp"):
                path = os.path.relpath(os.path.join(dirpath, name), os.path.join(root, "tests"))
                tested.add(path[: -len("_test.cpp")])
    rows = re.findall(r"^\| ((?:solve|render)/\S+) \| (.+) \|$",
                      open(os.path.join(root, "CONTRIBUTING.md"), encoding="utf-8").read(), re.M)
    covered = {unit: tests for unit, tests in rows}
    failures = []
    for unit in sorted(units):
        if unit in tested:
            if unit in covered:
                failures.append(f"{unit} has a test of its name: drop its row in CONTRIBUTING.md")
            continue
        if unit not in covered:
            failures.append(f"src/{unit}: no tests/{unit}_test.cpp and no row in CONTRIBUTING.md's "
                            "table saying which test covers it")
            continue
        for test in re.findall(r"[\w/]+_test\.(?:cpp|py|sh)", covered[unit]):
            if not os.path.exists(os.path.join(root, "tests", test)):
                failures.append(f"CONTRIBUTING.md: {unit} is covered by tests/{test}, which does not exist")
    for unit in sorted(set(covered) - units):
        failures.append(f"CONTRIBUTING.md names src/{unit}, which does not exist")
    print(f"{len(units)} core units: {len(units & tested)} with a test of their name, "
          f"{len(units - tested)} covered by the test CONTRIBUTING.md names")
    if failures:
        print("\n".join("FAIL: " + f for f in failures))
        sys.exit(1)


if __name__ == "__main__":
    main()
