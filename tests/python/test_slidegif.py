# `import slidegif` (src/python/module.cpp), checked against references of its own: a
# breadth-first search written here, the slidegif command line (the same messages and the same
# random puzzles), Korf's published optimal lengths, and Pillow decoding the GIFs.
import io
import json
import os
import signal
import subprocess
import sys
import threading
import time
from collections import deque

import pytest
from PIL import Image

import slidegif

CLI = os.environ["SLIDEGIF_BINARY"]
FIXTURES = os.environ["SLIDEGIF_TEST_FIXTURES"]
DATA = os.path.join(os.path.dirname(__file__), "..", "data")
GOAL3 = (1, 2, 3, 4, 5, 6, 7, 8, 0)
STEP = {"U": -3, "D": 3, "L": -1, "R": 1}


def apply(tiles, moves, cols=3):
    tiles = list(tiles)
    for m in moves:
        b = tiles.index(0)
        t = b + {"U": -cols, "D": cols, "L": -1, "R": 1}[m]
        assert 0 <= t < len(tiles) and (m in "UD" or t // cols == b // cols), "illegal move"
        tiles[b], tiles[t] = tiles[t], tiles[b]
    return tuple(tiles)


def bfs_distances(goal):
    dist = {goal: 0}
    queue = deque([goal])
    while queue:
        s = queue.popleft()
        b = s.index(0)
        for m, d in STEP.items():
            t = b + d
            if not 0 <= t < 9 or (m in "LR" and t // 3 != b // 3):
                continue
            n = list(s)
            n[b], n[t] = n[t], n[b]
            n = tuple(n)
            if n not in dist:
                dist[n] = dist[s] + 1
                queue.append(n)
    return dist


@pytest.fixture(scope="module")
def distances():
    return bfs_distances(GOAL3)


def cli(*args):
    return subprocess.run([CLI, *args], capture_output=True, text=True)


def test_solves_optimally_as_the_bfs_says(distances):
    for text in ["867254301", "123456708", "123456780", "806547231"]:
        tiles = tuple(int(c) for c in text)
        s = slidegif.solve(text)
        assert s.optimal
        assert len(s) == len(s.moves) == distances[tiles]
        assert apply(tiles, s.moves) == GOAL3


def test_threads_give_the_same_answer():
    board = "5,4,3,9/13,0,14,2/11,7,12,8/1,6,10,15"  # 48 moves, large enough to share
    one = slidegif.solve(board, pdb_dir="", max_seconds=60)
    two = slidegif.Solver(pdb_dir="").solve(board, max_seconds=60, threads=2)
    assert len(one) == 48 and two.optimal
    assert two.moves == one.moves
    with pytest.raises(ValueError):
        slidegif.solve(board, threads=0)


def test_boards_as_nested_lists_and_other_goals(distances):
    s = slidegif.solve([[8, 6, 7], [2, 5, 4], [3, 0, 1]])
    assert s.moves == slidegif.solve("867254301").moves
    s = slidegif.solve("123456780", goal="123456708")
    assert apply(GOAL3, s.moves) == (1, 2, 3, 4, 5, 6, 7, 0, 8)
    assert slidegif.solve("1,2,3/4,0,5").moves  # 2x3, rows by '/'


@pytest.mark.parametrize("board", ["1123", "12345678", "12a", "213456780"])
def test_bad_input_raises_value_error_with_the_cli_message(board):
    with pytest.raises(ValueError) as caught:
        slidegif.solve(board)
    result = cli("solve", board)
    assert result.returncode != 0
    assert str(caught.value) in result.stderr
    assert result.stderr.startswith("slidegif: ")


def test_bad_types_raise_type_error():
    with pytest.raises(TypeError):
        slidegif.solve(12345678)
    with pytest.raises(TypeError):
        slidegif.solve([1, 2, 3])
    with pytest.raises(TypeError):
        slidegif.render("123456708", colour="red")
    with pytest.raises(TypeError, match="whole numbers"):
        slidegif.solve([[1, 2], [3, "x"]])
    with pytest.raises(TypeError, match="size must be"):
        slidegif.random_puzzle(None)


def test_numbers_out_of_range_and_wrong_types_name_the_argument(distances):
    # Past a C++ int they are no overflow and no pybind11 "incompatible arguments" list.
    huge = 10**30
    with pytest.raises(ValueError, match="threads must be 1 to 256, not 10000"):
        slidegif.solve("867254301", threads=huge)
    with pytest.raises(ValueError, match="max_nodes must be 0 to"):
        slidegif.solve("867254301", max_nodes=-1)
    with pytest.raises(ValueError, match="max_seconds must be a number, not nan"):
        slidegif.solve("867254301", max_seconds=float("nan"))
    with pytest.raises(ValueError, match="seed must be 0 to 18446744073709551615"):
        slidegif.random_puzzle(seed=2**64)
    with pytest.raises(ValueError, match="seed must be"):
        slidegif.random_puzzle(seed=-1)
    assert slidegif.random_puzzle(seed=2**64 - 1)["seed"] == 2**64 - 1
    with pytest.raises(ValueError, match="moves must be 0 to"):
        slidegif.random_puzzle(moves=-1)
    with pytest.raises(TypeError, match="moves must be an int, not float"):
        slidegif.random_puzzle(moves=2.5)
    hardest = slidegif.random_puzzle(moves="max")
    assert distances[tuple(int(c) for c in hardest["start"])] == 31
    with pytest.raises(ValueError, match="tile is out of range"):
        slidegif.render("867254301", tile=huge)
    with pytest.raises(TypeError, match="tile must be an int, not str"):
        slidegif.render("867254301", tile="80")
    with pytest.raises(TypeError, match="theme must be a str, not int"):
        slidegif.render("867254301", theme=3)
    with pytest.raises(TypeError, match="captions must be a bool"):
        slidegif.render("867254301", captions="yes")
    with pytest.raises(ValueError, match="max_duration is out of range"):
        slidegif.render("867254301", max_duration=float("inf"))
    with pytest.raises(ValueError, match="frame is out of range"):
        slidegif.render("867254301", format="png", frame=huge)
    assert slidegif.render("867254301", format="png", frame=-1)[:8] == b"\x89PNG\r\n\x1a\n"


def test_check_says_why():
    verdict = slidegif.check("213456780")
    assert verdict["solvable"] is False
    assert "inversions" in verdict["explanation"]
    assert slidegif.check("123456708")["solvable"] is True


def test_random_puzzles_are_the_cli_s(distances):
    p = slidegif.random_puzzle("3x3", seed=42)
    q = slidegif.random_puzzle(3, seed=42)
    assert p == q and p["seed"] == 42
    shown = json.loads(cli("random", "--size", "3x3", "--seed", "42", "--json").stdout)
    assert shown["start"] == p["start"]
    exact = slidegif.random_puzzle((3, 3), seed=5, moves=25)
    assert distances[tuple(int(c) for c in exact["start"])] == 25
    with pytest.raises(ValueError):
        slidegif.random_puzzle("17x17")


def test_budget_without_fallback_raises_timeout_error():
    korf88 = "12 10 6 0 9 8 13 15 11 7 3 2 5 4 14 1"
    with pytest.raises(TimeoutError):
        slidegif.solve(korf88, max_nodes=1000, near_optimal=False)
    s = slidegif.solve(korf88, max_seconds=0.5)  # the fallback: an answer, not proven
    assert not s.optimal
    assert apply([int(t) for t in korf88.split()], s.moves, cols=4) == tuple(list(range(1, 16)) + [0])


def test_pattern_databases_from_a_directory():
    goal = "0,1,2,3/4,5,6,7/8,9,10,11/12,13,14,15"
    with open(os.path.join(DATA, "korf100.txt")) as f:
        rows = [line.split("\t") for line in f if line.strip() and not line.startswith("#")]
    for _, tiles, optimal in rows[:2]:
        s = slidegif.solve(tiles.replace(" ", ","), goal, 60, near_optimal=False, pdb_dir=FIXTURES)
        assert s.optimal and len(s) == int(optimal)
        assert "pattern databases" in s.method


def test_a_solver_keeps_its_data_between_solves(distances):
    solver = slidegif.Solver(pdb_dir=FIXTURES)
    for text in ["867254301", "123456708", "806547231"]:
        s = solver.solve(text)
        assert s.optimal and len(s) == distances[tuple(int(c) for c in text)]
        assert s.moves == slidegif.solve(text).moves
    goal = "0,1,2,3/4,5,6,7/8,9,10,11/12,13,14,15"
    korf1 = "14,13,15,7,11,12,9,5,6,0,2,1,4,8,10,3"
    s = solver.solve(korf1, goal, 60, near_optimal=False)
    assert s.optimal and len(s) == 57 and "pattern databases" in s.method
    without = slidegif.Solver(pdb_dir="")
    with pytest.raises(TimeoutError):
        without.solve(korf1, goal, max_nodes=1000, near_optimal=False)
    assert solver.random_puzzle("3x3", seed=42) == slidegif.random_puzzle("3x3", seed=42)


def test_long_searches_let_other_threads_run():
    counted = 0
    done = threading.Event()

    def search():
        slidegif.solve("12 10 6 0 9 8 13 15 11 7 3 2 5 4 14 1", max_seconds=1.0)
        done.set()

    thread = threading.Thread(target=search)
    thread.start()
    while not done.is_set():
        counted += 1
    thread.join()
    assert counted > 10000  # the GIL held by the search would allow a few hundred at most


def test_ctrl_c_stops_a_long_search():
    script = ("import slidegif; print('solving', flush=True); "
              "slidegif.solve('12 10 6 0 9 8 13 15 11 7 3 2 5 4 14 1', max_seconds=0, "
              "near_optimal=False, pdb_dir='')")
    child = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE, text=True)
    assert child.stdout.readline() == "solving\n"
    time.sleep(1.0)
    child.send_signal(signal.SIGINT)
    _, err = child.communicate(timeout=30)  # without a budget it would search for minutes
    assert child.returncode != 0
    assert "KeyboardInterrupt" in err


def test_the_multi_tile_metric_counts_line_moves():
    s = slidegif.solve("867254301", metric="mtm")
    assert (s.metric, len(s), s.optimal) == ("mtm", 20, True)
    assert len(s.moves) == 31  # a step a letter: runs of one letter are its moves
    assert len(slidegif.solve("867254301")) == 31
    data = slidegif.render("867254301", metric="mtm", tween=1)
    assert Image.open(io.BytesIO(data)).n_frames == 1 + 20 * 2
    with pytest.raises(ValueError):
        slidegif.solve("867254301", metric="ftm")
    with pytest.raises(ValueError):
        slidegif.render("867254301", metric="ftm")


def test_the_multi_tile_database_serves_mtm_solves(tmp_path):
    built = cli("pdb", "build", "--set", "mtm", "--size", "3x4", "--dir", str(tmp_path))
    assert built.returncode == 0, built.stderr
    board = "5,3,10,4/6,2,7,11/9,0,1,8"
    with_db = slidegif.Solver(pdb_dir=str(tmp_path)).solve(board, metric="mtm")
    without = slidegif.Solver(pdb_dir=str(tmp_path / "none")).solve(board, metric="mtm")
    assert "multi-tile pattern database" in with_db.method
    assert "walking distance" in without.method
    assert with_db.optimal and len(with_db) == len(without) > 0


def test_render_gives_a_gif_pillow_reads():
    moves = slidegif.solve("123456708").moves
    data = slidegif.render("123456708", tween=2, delay=300, theme="dark")
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF"
    assert image.n_frames == 1 + len(moves) * 3
    stepped = slidegif.render("123456708", moves_per_frame=2)
    assert Image.open(io.BytesIO(stepped)).n_frames == 1 + (len(moves) + 1) // 2
    with pytest.raises(ValueError):
        slidegif.render("123456708", moves_per_frame=-1)
    given = slidegif.render("123456780", moves="", title="solved")
    assert Image.open(io.BytesIO(given)).n_frames == 1
    with pytest.raises(ValueError):
        slidegif.render("123456708", format="avi")
    with pytest.raises(ValueError):
        slidegif.render("123456708", theme="plaid")
    with pytest.raises(ValueError):
        slidegif.render("123456708", moves="D")  # the blank is on the bottom row


def _frames(data):
    """Every frame as Pillow composes it (RGBA), with its duration."""
    image = Image.open(io.BytesIO(data))
    out = []
    for k in range(getattr(image, "n_frames", 1)):
        image.seek(k)
        out.append((image.convert("RGBA").tobytes(), image.info.get("duration")))
    return image.format, out


def test_every_format_shows_the_gifs_frames_as_pillow_decodes_them():
    look = {"tile": 40, "tween": 2, "theme": "dark"}
    kind, gif = _frames(slidegif.render("867254301", **look))
    assert kind == "GIF"
    for name, pillow_name in (("webp", "WEBP"), ("apng", "PNG")):
        kind, frames = _frames(slidegif.render("867254301", format=name, **look))
        assert kind == pillow_name
        assert len(frames) == len(gif)
        for k, (got, want) in enumerate(zip(frames, gif)):
            assert got[0] == want[0], f"{name}: frame {k} differs"
            assert got[1] == want[1], f"{name}: frame {k} lasts {got[1]}, not {want[1]}"
    for frame, index in ((0, 0), (5, 5), (-1, len(gif) - 1)):
        kind, still = _frames(slidegif.render("867254301", format="png", frame=frame, **look))
        assert kind == "PNG" and len(still) == 1
        assert still[0][0] == gif[index][0], f"frame {frame}"
    with pytest.raises(ValueError):
        slidegif.render("867254301", format="png", frame=len(gif), **look)
    with pytest.raises(ValueError):
        slidegif.render("867254301", format="webp", frame=1)


def test_video_is_what_ffprobe_reads_as_the_gifs_play(tmp_path):
    look = {"tile": 40, "tween": 2}
    _, gif = _frames(slidegif.render("867254301", **look))
    seconds = sum(duration for _, duration in gif) / 1000
    for name, codec in (("mp4", "h264"), ("webm", "vp9")):
        path = tmp_path / f"a.{name}"
        path.write_bytes(slidegif.render("867254301", format=name, **look))
        probe = subprocess.run(
            ["ffprobe", "-v", "error", "-count_frames", "-show_entries",
             "stream=codec_name,nb_read_frames:format=duration", "-of", "json", str(path)],
            capture_output=True, text=True, check=True)
        info = json.loads(probe.stdout)
        assert info["streams"][0]["codec_name"] == codec
        assert int(info["streams"][0]["nb_read_frames"]) == len(gif)
        assert abs(float(info["format"]["duration"]) - seconds) < 0.002, name


def test_render_takes_the_command_lines_pacing_and_look():
    def timing(data):
        image = Image.open(io.BytesIO(data))
        total = 0
        for k in range(image.n_frames):
            image.seek(k)
            total += image.info["duration"]
        return image.n_frames, total, image.size

    frames, total, size = timing(slidegif.render("867254301"))
    assert frames == 1 + 31 * 4  # the defaults: three sliding frames a move
    assert total == 1500 + 30 * 500 + 250 + 3000  # the last slide, then the last hold
    frames, fast, _ = timing(slidegif.render("867254301", speed=2))
    assert abs(fast * 2 - total) <= 20  # each delay rounded to 10 ms
    _, capped, _ = timing(slidegif.render("867254301", max_duration=10))
    assert 9500 <= capped <= 10000
    _, _, bare = timing(slidegif.render("867254301", captions=False, mark=False))
    assert bare[1] < size[1]
    with pytest.raises(ValueError):
        slidegif.render("867254301", speed=0)
    with pytest.raises(ValueError):
        slidegif.render("867254301", max_duration=0.5)


def test_the_example_tour_runs(tmp_path):
    tour = os.path.join(os.path.dirname(__file__), "..", "..", "examples", "python", "tour.py")
    result = subprocess.run([sys.executable, tour], cwd=tmp_path, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr
    assert "31 moves, optimal=True" in result.stdout
    assert Image.open(tmp_path / "tour-hardest.gif").n_frames == 1 + 31 * 4


def test_compare_rows_match_the_command_line_and_a_bfs():
    rows = slidegif.compare("152703846", algorithms=["bfs", "astar", "idastar-lc", "greedy"])
    assert [r["algorithm"] for r in rows] == ["bfs", "astar-manhattan", "idastar-lc",
                                              "greedy-manhattan"]
    dist = bfs_distances(GOAL3)
    start = tuple(int(c) for c in "152703846")
    for r in rows:
        assert r["solved"], r
        assert apply(start, r["solution"]) == GOAL3
        if r["optimal"]:
            assert r["moves"] == dist[start]
    cli = json.loads(subprocess.run(
        [CLI, "compare", "152703846", "--algorithms", "bfs,astar,idastar-lc,greedy", "--json"],
        check=True, capture_output=True, text=True).stdout)
    for mine, theirs in zip(rows, cli["rows"]):
        for key in ("algorithm", "expanded", "generated", "max_held", "moves", "solution"):
            assert mine[key] == theirs[key], key
    with pytest.raises(ValueError, match="unknown algorithm"):
        slidegif.compare("152703846", algorithms=["dfs"])
    with pytest.raises(ValueError, match="max_nodes"):
        slidegif.compare("152703846", max_nodes=0)


def test_explain_draws_the_search_pillow_reads_it():
    gif = slidegif.explain("152703846", algorithm="idastar", show_heuristic="manhattan")
    with Image.open(io.BytesIO(gif)) as im:
        frames = im.n_frames
        assert frames > 8  # the start, 8 moves' answer and the search between
    png = slidegif.explain("152703846", format="png", frame=-1)
    with Image.open(io.BytesIO(png)) as im:
        assert im.format == "PNG"
    svg = slidegif.explain("413026758", algorithm="bfs", tree=True, format="svg").decode()
    assert svg.startswith("<?xml") and "<svg" in svg and "#1" in svg
    with pytest.raises(ValueError, match="more than 60 states"):
        slidegif.explain("867254301", algorithm="bfs", tree=True, format="png")
    with pytest.raises(ValueError, match="show_heuristic"):
        slidegif.explain("152703846", show_heuristic="euclid")


def test_the_version_is_the_command_lines():
    out = subprocess.run([CLI, "--version"], capture_output=True, text=True, check=True).stdout
    assert slidegif.__version__ == out.split()[-1]
