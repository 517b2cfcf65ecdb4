#!/usr/bin/env python3
"""A bounded soak of slidegif.fcgi behind a web server on 127.0.0.1: CONNECTIONS keep-alive
connections send random requests mixing every format, look, size and metric, and the classic
searches drawn (explain=) and compared (compare=1), for SECONDS, while
the private memory of each worker (the anonymous pages in /proc/PID/smaps_rollup: its heap and
caches, not the shared databases or libraries) is sampled twice a second. Fails on any answer that is not 2xx,
on any connection error, on a worker that ends, or on a worker whose private memory grows more
than 10% after the warm-up (the caches have filled by then, and a bounded worker grows no more;
see check_memory()). The warm-up lasts WARMUP of SECONDS and at least WARMUP_REQUESTS answers,
so that a slow or busy machine fills the caches too; the run then goes on for the rest of
SECONDS, so it may last longer than SECONDS.

    soak.py URL SECONDS CONNECTIONS --root PID [--root PID...] [--pictures] [--video]
            [--warmup 0.4] [--warmup-requests 0] [--json FILE]

URL is the endpoint (http://127.0.0.1:PORT/slidegif.cgi); the workers watched are those below a
--root process (the web server that started the pool, or the pool itself), so that other servers
running beside the test are left out. Prints requests/s, p50 and p99 and
each worker's memory; exits 1 on a failure."""

import argparse
import collections
import http.client
import json
import os
import random
import sys
import threading
import time
import urllib.parse

SIZES = ["3", "3", "4", "4", "2x3", "2x4", "3x4", "2x5"]
THEMES = ["classic", "dark", "mint"]
IMAGE_FORMATS = ["gif", "gif", "gif", "webp", "webp", "apng", "png"]
EXPLAINED = ["astar", "idastar", "bfs", "bibfs", "ucs", "greedy"]  # the classic searches
SMALL = ["3", "2x3", "2x4"]  # boards the classic searches are drawn and compared on


def query(i, pictures, video):
    """Request i of the mix: always one the server's limits allow (a 2xx is owed)."""
    r = random.Random(i)
    kind = r.random()
    if kind < 0.04:  # a search drawn as it runs
        q = [f"explain={r.choice(EXPLAINED)}", f"random=1&seed={i}", f"size={r.choice(SMALL)}",
             f"format={r.choice(['gif', 'webp', 'apng'])}", f"theme={r.choice(THEMES)}"]
        if r.random() < 0.5:
            q.append(f"frames={r.choice([20, 40, 60])}")
        return "&".join(q)
    if kind < 0.06:  # the searches side by side, as data
        return f"compare=1&random=1&seed={i}&size={r.choice(SMALL)}&format=json"
    size = r.choice(SIZES)
    formats = IMAGE_FORMATS + (["mp4", "webm"] if video and r.random() < 0.1 else [])
    fmt = r.choice(formats)
    q = [f"random=1&seed={i}", f"size={size}", f"format={fmt}", f"theme={r.choice(THEMES)}"]
    if fmt == "png":
        q.append(f"frame={r.choice([0, -1, 3])}")
    large = size in ("4", "3x4", "2x5")
    if fmt not in ("mp4", "webm"):
        # 4x4 answers reach 80 moves: 2 sliding frames a move keep within 300 frames.
        if r.random() < 0.5:
            q.append(f"tween={r.randint(0, 2 if size == '4' else 3)}")
        if r.random() < 0.4:
            q.append(f"tile={r.choice([32, 48, 64, 72] if large else [32, 48, 72, 90, 120])}")
    if size not in ("4",) and r.random() < 0.2:
        q.append("metric=mtm")  # no 4x4 multi-tile database here: a 2 s search each
    if r.random() < 0.2:
        q.append("lang=zh")
    if r.random() < 0.15:
        q.append("title=" + urllib.parse.quote(f"soak {i} 滑块"))
    if r.random() < 0.1:
        q.append("captions=0")
    if r.random() < 0.1:
        q.append(f"speed={r.choice([1.5, 2, 4])}")
    if pictures and size in ("3", "2x4") and r.random() < 0.05:
        q.append(f"picture={r.choice(['sunset', 'mosaic'])}")
    return "&".join(q)


def parents():
    """pid -> (parent pid, whether it runs slidegif.fcgi) of every process."""
    out = {}
    for pid in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                cmd = f.read().split(b"\0")[0]
            with open(f"/proc/{pid}/stat") as f:
                ppid = f.read().rsplit(")", 1)[1].split()[1]
        except OSError:
            continue
        out[pid] = (ppid, cmd.endswith(b"slidegif.fcgi"))
    return out


def below(pid, roots, procs):
    while pid in procs and pid not in roots:
        pid = procs[pid][0]
    return pid in roots


def workers(roots):
    """pid -> private anonymous kB of every slidegif.fcgi worker (a child of a pool's parent)
    below one of `roots`."""
    procs = parents()
    out = {}
    for pid, (ppid, fcgi) in procs.items():
        if not fcgi or not procs.get(ppid, (None, False))[1] or not below(pid, roots, procs):
            continue  # not a worker: a pool's parent, or another program
        try:
            with open(f"/proc/{pid}/smaps_rollup") as f:
                for line in f:
                    if line.startswith("Anonymous:"):
                        out[pid] = int(line.split()[1])
        except OSError:
            continue
    return out


def check_memory(samples, first, end):
    """Per worker, after the warm-up (from `first` to `end`): the floor (the least sample) of the
    last half within 10% of the floor of the first half. A sample often catches a worker in the
    middle of a request, whose working set (up to some 50 MB) comes and goes; between requests a
    worker holds its caches and little else, and a leak or an unbounded cache raises that floor.
    Returns (lines, failures)."""
    second = (first + end) / 2
    lines, failures = [], []
    for pid in sorted({p for _, sample in samples for p in sample}):
        a = [s[pid] for t, s in samples if first <= t < second and pid in s]
        b = [s[pid] for t, s in samples if t >= second and pid in s]
        if not a or not b or not any(pid in s for t, s in samples if t < first):
            failures.append(f"worker {pid} was not there through the run (replaced?)")
            continue
        fa, fb = min(a), min(b)
        peak = max(s[pid] for _, s in samples if pid in s)
        growth = fb / fa - 1
        lines.append(f"worker {pid}: private memory {fa / 1024:.1f} MB after the warm-up, "
                     f"{fb / 1024:.1f} MB at the end ({growth:+.1%}; floors), "
                     f"peak in a request {peak / 1024:.1f} MB")
        if growth > 0.10:
            failures.append(f"worker {pid}'s private memory grew {growth:.1%} after the warm-up")
    return lines, failures


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("url")
    ap.add_argument("seconds", type=float)
    ap.add_argument("connections", type=int)
    ap.add_argument("--root", action="append", required=True)
    ap.add_argument("--pictures", action="store_true")
    ap.add_argument("--video", action="store_true")
    ap.add_argument("--warmup", type=float, default=0.4)
    ap.add_argument("--warmup-requests", type=int, default=0)
    ap.add_argument("--json")
    a = ap.parse_args()
    url = urllib.parse.urlparse(a.url)
    lock = threading.Lock()
    codes, errors, bad, latencies = collections.Counter(), [], [], []
    counter = [0]
    start = time.time()
    # The end moves once the warm-up is over (a slow machine's warm-up lasts longer); a warm-up
    # that takes three times SECONDS fails the run.
    phase = {"warm": None, "end": start + 3 * a.seconds}

    def client():
        conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
        while time.time() < phase["end"]:
            with lock:
                i = counter[0]
                counter[0] += 1
            q = query(i, a.pictures, a.video)
            t = time.time()
            try:
                conn.request("GET", f"{url.path}?{q}")
                r = conn.getresponse()
                body = r.read()
            except (OSError, http.client.HTTPException) as e:
                with lock:
                    errors.append(f"{q}: {e!r}")
                conn.close()
                conn = http.client.HTTPConnection(url.hostname, url.port, timeout=30)
                continue
            with lock:
                now = time.time()
                latencies.append(now - t)
                codes[r.status] += 1
                if (phase["warm"] is None and len(latencies) >= a.warmup_requests
                        and now >= start + a.warmup * a.seconds):
                    phase["warm"] = now
                    phase["end"] = now + (1 - a.warmup) * a.seconds
                if not 200 <= r.status < 300:
                    bad.append(f"{r.status} {q}: {body[:120]!r}")

    threads = [threading.Thread(target=client) for _ in range(a.connections)]
    for t in threads:
        t.start()
    samples = []
    while any(t.is_alive() for t in threads):
        samples.append((time.time(), workers(set(a.root))))
        time.sleep(0.5)
    for t in threads:
        t.join()
    n = len(latencies)
    latencies.sort()
    elapsed = time.time() - start
    rps = n / elapsed
    p50 = latencies[n // 2] * 1000 if n else 0
    p99 = latencies[min(n - 1, int(n * 0.99))] * 1000 if n else 0
    if phase["warm"] is None:
        lines, failures = [], [f"the warm-up ({a.warmup_requests} answers) took over "
                               f"{3 * a.seconds:.0f} s"]
    else:
        lines, failures = check_memory(samples, phase["warm"], phase["end"])
        lines.insert(0, f"warm-up: {phase['warm'] - start:.0f} s")
    print(f"{n} requests in {elapsed:.0f} s on {a.connections} connections: {rps:.1f} requests/s, "
          f"p50 {p50:.1f} ms, p99 {p99:.1f} ms; statuses {dict(codes)}, connection errors {len(errors)}")
    for line in lines:
        print("  " + line)
    if bad:
        failures.append(f"{len(bad)} answers were not 2xx, e.g. {bad[:3]}")
    if errors:
        failures.append(f"{len(errors)} connection errors, e.g. {errors[:3]}")
    if n == 0:
        failures.append("no request was answered")
    if a.json:
        with open(a.json, "w") as f:
            json.dump({"requests": n, "rps": rps, "p50_ms": p50, "p99_ms": p99,
                       "memory": lines, "failures": failures}, f)
    for f in failures:
        print("FAIL: " + f, file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
