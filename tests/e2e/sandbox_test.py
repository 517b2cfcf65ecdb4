#!/usr/bin/env python3
"""samples/slidegif-fcgi@.service's sandbox, rated and lived in:
  1. `systemd-analyze security --offline=true` rates the service at 2.5 or better, and
     `systemd-analyze verify` accepts it with its socket unit (ExecStart pointed at this build).
  2. slidegif.fcgi runs as the unit runs it: as an unprivileged user of its own (65534), in a
     read-only view of the system with a private /tmp, no devices but the basic ones, no network
     and no other namespaces (bubblewrap), the 4x4 databases read-only; it answers a GIF, a 4x4
     solve from its databases, JSON and an explanation over the socket it was given, and it
     stops on SIGTERM with status 0. (The system-call filter and the memory and task limits are
     applied by systemd alone, which does not run here: they are rated in 1, not lived in.)

    tests/e2e/sandbox_test.py SOURCE_DIR BUILD/slidegif.fcgi PDB_FIXTURE_DIR
"""
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fcgi_protocol_test import read_records, request, status_of, stdout_of  # noqa: E402

src, fcgi, fixtures = sys.argv[1], os.path.abspath(sys.argv[2]), sys.argv[3]
failures = []


def pool_below(pid):
    """The first slidegif.fcgi process below `pid` (its pool), breadth first; None if none."""
    children = {}
    for p in filter(str.isdigit, os.listdir("/proc")):
        try:
            with open(f"/proc/{p}/stat") as f:
                fields = f.read().rsplit(")", 1)
            children.setdefault(int(fields[1].split()[1]), []).append(int(p))
        except (OSError, IndexError):
            continue
    queue = list(children.get(pid, []))
    while queue:
        p = queue.pop(0)
        try:
            with open(f"/proc/{p}/comm") as f:
                if f.read().strip() == "slidegif.fcgi":
                    return p
        except OSError:
            continue
        queue += children.get(p, [])
    return None


def fail(message):
    failures.append(message)
    print("FAIL: " + message, file=sys.stderr)


with tempfile.TemporaryDirectory() as state:
    # --- 1. the unit as systemd reads it -------------------------------------------------
    units = os.path.join(state, "units")
    os.mkdir(units)
    with open(os.path.join(src, "samples", "slidegif-fcgi@.service")) as f:
        service = f.read()
    service = re.sub(r"^ExecStart=\S+", f"ExecStart={fcgi}", service, flags=re.M)
    for name in ("slidegif-fcgi@1.service", "slidegif-fcgi@.service"):
        with open(os.path.join(units, name), "w") as f:
            f.write(service)
    shutil.copy(os.path.join(src, "samples", "slidegif-fcgi@.socket"),
                os.path.join(units, "slidegif-fcgi@1.socket"))
    rated = subprocess.run(["systemd-analyze", "security", "--offline=true", "--no-pager",
                            os.path.join(units, "slidegif-fcgi@1.service")],
                           capture_output=True, text=True)
    level = re.search(r"Overall exposure level for \S+: ([0-9.]+)", rated.stdout)
    if not level or float(level.group(1)) > 2.5:
        fail("systemd-analyze security: " + (level.group(0) if level else rated.stdout[-500:]))
    else:
        print(f"ok: {level.group(0)}")
    verified = subprocess.run(["systemd-analyze", "verify", "--man=no",
                               os.path.join(units, "slidegif-fcgi@1.socket"),
                               os.path.join(units, "slidegif-fcgi@1.service")],
                              capture_output=True, text=True)
    complaints = [line for line in (verified.stdout + verified.stderr).splitlines()
                  if "slidegif" in line]
    if verified.returncode != 0 or complaints:
        fail("systemd-analyze verify: " + "\n".join(complaints or [verified.stderr[-500:]]))
    else:
        print("ok: systemd-analyze verify accepts the service and its socket")

    # --- 2. the server inside the same walls --------------------------------------------
    run = os.path.join(state, "run")
    pdb = os.path.join(state, "pdb")
    os.mkdir(run)
    os.mkdir(pdb)
    os.chmod(run, 0o777)
    shutil.copy(os.path.join(fixtures, "4x4-small.pdb"), pdb)
    sock = os.path.join(run, "fcgi.sock")
    log = open(os.path.join(state, "server.log"), "w+")
    server = subprocess.Popen(
        ["bwrap", "--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc", "--tmpfs", "/tmp",
         "--tmpfs", "/root", "--ro-bind", pdb, pdb, "--bind", run, run,
         # The program itself, read-only, wherever the build is (a clone under /tmp too).
         "--ro-bind", fcgi, fcgi,
         "--unshare-all", "--unshare-user", "--uid", "65534", "--gid", "65534",
         "--die-with-parent", "--new-session", "--cap-drop", "ALL", "--clearenv",
         "--setenv", "SLIDEGIF_PDB_DIR", pdb, "--setenv", "PATH", "/usr/bin:/bin",
         fcgi, "--listen", sock, "--workers", "2", "--io-timeout", "5"],
        stdout=log, stderr=log)
    for _ in range(200):
        if os.path.exists(sock) or server.poll() is not None:
            break
        time.sleep(0.1)
    if not os.path.exists(sock):
        log.seek(0)
        fail(f"the sandboxed server did not listen (status {server.poll()}): {log.read()[-800:]}")
        server.kill()
        sys.exit(1)

    def ask(query):
        with socket.socket(socket.AF_UNIX) as s:
            s.connect(sock)
            s.sendall(request(1, query))
            out = stdout_of(read_records(s, timeout=30), 1)
        head, _, body = out.partition(b"\r\n\r\n")
        return status_of(out), head.decode(errors="replace"), body

    checks = [
        (b"random=1&seed=3", "image/gif", None),
        (b"random=1&size=4&seed=5&format=json", "application/json", b'"optimal":true'),
        (b"start=152703846&explain=astar&format=json", "application/json", b'"expanded":13'),
        (b"start=152703846&format=webp&tile=32", "image/webp", None),
    ]
    try:
        for query, kind, contains in checks:
            status, head, body = ask(query)
            if status != 200 or f"Content-Type: {kind}" not in head or (contains and contains not in body):
                fail(f"?{query.decode()}: {status} {head!r} {body[:200]!r}")
            else:
                print(f"ok: in the sandbox, ?{query.decode()}: {status} {kind}, {len(body)} bytes")
        # SIGTERM to the pool (bubblewrap passes no signal on): it ends, and bubblewrap with it.
        pool = pool_below(server.pid)
        if pool is None:
            fail("no slidegif.fcgi below bubblewrap")
        else:
            os.kill(pool, signal.SIGTERM)
            code = server.wait(timeout=60)
            if code != 0:
                fail(f"the sandboxed server exited {code} on SIGTERM")
            else:
                print("ok: SIGTERM ends the sandboxed pool with status 0")
    finally:
        if server.poll() is None:
            server.kill()
        log.seek(0)
        text = log.read()
        if "setrlimit" in text.lower() or "cannot" in text.lower():
            fail("the server's log: " + text[-800:])

if failures:
    sys.exit(1)
print("PASS: the unit's sandbox rates 2.5 or better and the server works inside it")
