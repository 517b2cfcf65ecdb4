#!/usr/bin/env python3
"""slidegif.fcgi speaks FastCGI to a peer that does what no web server in the other tests does:
FCGI_GET_VALUES, FCGI_ABORT_REQUEST, a second request while one is open, another role, a kept
connection, lengths of 2^30 and 2^31-1, parameters past 1 MB, garbage. After each case the
same worker still answers an ordinary request, and no worker died. Then the operator's limits
(--limit over $SLIDEGIF_LIMITS) bound what a request may ask, and a limit that cannot be used
stops the server at start.

    tests/e2e/fcgi_protocol_test.py BUILD/slidegif.fcgi
"""
import os
import socket
import struct
import subprocess
import sys
import tempfile
import time

BEGIN, ABORT, END, PARAMS, STDIN, STDOUT, STDERR, DATA, GET_VALUES, VALUES_RESULT, UNKNOWN = range(1, 12)


def record(kind, request_id, content=b""):
    padding = (8 - len(content) % 8) % 8
    return struct.pack(">BBHHBB", 1, kind, request_id, len(content), padding, 0) + content + b"\0" * padding


def length(n):
    return bytes([n]) if n < 128 else struct.pack(">I", n | 0x80000000)


def pairs(items):
    return b"".join(length(len(k)) + length(len(v)) + k + v for k, v in items)


def begin(request_id, role=1, keep=False):
    return record(BEGIN, request_id, struct.pack(">HB5x", role, 1 if keep else 0))


def request(request_id, query, keep=False, method=b"GET"):
    params = pairs([(b"REQUEST_METHOD", method), (b"QUERY_STRING", query), (b"SCRIPT_NAME", b"/slidegif"),
                    (b"SERVER_PROTOCOL", b"HTTP/1.1"), (b"REMOTE_ADDR", b"127.0.0.1")])
    return begin(request_id, keep=keep) + record(PARAMS, request_id, params) + record(PARAMS, request_id) + \
        record(STDIN, request_id)


def read_records(sock, until_end=True, timeout=20):
    """Records until FCGI_END_REQUEST (or the connection's end); [(type, id, content)]."""
    sock.settimeout(timeout)
    data = b""
    records = []
    while True:
        while len(data) >= 8:
            _, kind, rid, clen, plen, _ = struct.unpack(">BBHHBB", data[:8])
            if len(data) < 8 + clen + plen:
                break
            records.append((kind, rid, data[8:8 + clen]))
            data = data[8 + clen + plen:]
            if until_end and kind == END:
                return records
        chunk = sock.recv(65536)
        if not chunk:
            return records
        data += chunk


def stdout_of(records, request_id):
    return b"".join(c for k, r, c in records if k == STDOUT and r == request_id)


def status_of(output):
    head = output.split(b"\r\n\r\n", 1)[0]
    for line in head.split(b"\r\n"):
        if line.lower().startswith(b"status:"):
            return int(line.split()[1])
    return 200


class Server:
    def __init__(self, program, state, options=(), limits=""):
        self.path = os.path.join(state, "fcgi.sock")
        self.log = open(os.path.join(state, "server.log"), "w+")
        self.process = subprocess.Popen([program, "--listen", self.path, "--workers", "1", "--io-timeout", "2",
                                         *options], stderr=self.log,
                                        env={**os.environ, "SLIDEGIF_PDB_DIR": "", "SLIDEGIF_LIMITS": limits})
        for _ in range(200):
            if os.path.exists(self.path):
                return
            time.sleep(0.05)
        raise SystemExit(f"FAIL: no socket at {self.path}")

    def connect(self):
        # The socket file appears at bind(), a moment before listen(): on a loaded machine a
        # first connect can land between the two (refused), so it is tried again for a while.
        for attempt in range(100):
            sock = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                sock.connect(self.path)
                return sock
            except ConnectionRefusedError:
                sock.close()
                if attempt == 99 or self.process.poll() is not None:
                    raise
                time.sleep(0.05)

    def workers(self):
        out = subprocess.run(["pgrep", "-P", str(self.process.pid)], capture_output=True, text=True).stdout
        return out.split()

    def stop(self):
        self.process.terminate()
        self.process.wait(timeout=60)


def fail(message, server=None):
    if server:
        server.log.seek(0)
        message += "\n--- server log ---\n" + server.log.read()[-3000:]
    raise SystemExit("FAIL: " + message)


def ordinary(server, what):
    """An ordinary request on a new connection is answered 200 with a GIF."""
    with server.connect() as sock:
        sock.sendall(request(1, b"start=123456708&tween=0"))
        records = read_records(sock)
    out = stdout_of(records, 1)
    if status_of(out) != 200 or b"\r\n\r\nGIF8" not in out:
        fail(f"after {what}: no GIF answered: {out[:200]!r}", server)


def main():
    program = os.path.realpath(sys.argv[1])
    with tempfile.TemporaryDirectory() as state:
        server = Server(program, state)
        try:
            ordinary(server, "start")
            worker = server.workers()

            # FCGI_GET_VALUES: answered with the three variables the specification names.
            with server.connect() as sock:
                sock.sendall(record(GET_VALUES, 0, pairs([(b"FCGI_MAX_CONNS", b""), (b"FCGI_MAX_REQS", b""),
                                                          (b"FCGI_MPXS_CONNS", b""), (b"OTHER", b"")])))
                sock.settimeout(5)
                got = b""
                while len(got) < 8:
                    got += sock.recv(1024)
                _, kind, rid, clen, plen, _ = struct.unpack(">BBHHBB", got[:8])
                while len(got) < 8 + clen:
                    got += sock.recv(1024)
                content = got[8:8 + clen]
            expected = pairs([(b"FCGI_MAX_CONNS", b"1"), (b"FCGI_MAX_REQS", b"1"), (b"FCGI_MPXS_CONNS", b"0")])
            if (kind, rid, content) != (VALUES_RESULT, 0, expected):
                fail(f"GET_VALUES answered {(kind, rid, content)!r}", server)
            print("ok: FCGI_GET_VALUES answered at once:", content)

            # An unknown management record: FCGI_UNKNOWN_TYPE.
            with server.connect() as sock:
                sock.sendall(record(42, 0, b"x"))
                got = b""
                sock.settimeout(5)
                while len(got) < 16:
                    got += sock.recv(1024)
            if got[1] != UNKNOWN or got[8] != 42:
                fail(f"unknown management type answered {got!r}", server)
            print("ok: an unknown management record gets FCGI_UNKNOWN_TYPE")

            # FCGI_ABORT_REQUEST while a slow request is drawn (Korf #88 without databases,
            # about 2.5 s): no answer body, FCGI_END_REQUEST, and the worker takes the next.
            with server.connect() as sock:
                slow = b"start=15,2,12,11/14,13,9,5/1,3,8,7/0,10,6,4&goal=0,1,2,3/4,5,6,7/8,9,10,11/12,13,14,15&tween=0"
                sock.sendall(request(7, slow))
                time.sleep(0.3)
                sock.sendall(record(ABORT, 7))
                records = read_records(sock)
            if stdout_of(records, 7) or not records or records[-1][0] != END:
                fail(f"aborted request answered: {records[:3]!r}", server)
            print("ok: FCGI_ABORT_REQUEST during drawing: ended with no answer")

            # Aborted before its parameters were complete: ended at once.
            with server.connect() as sock:
                sock.sendall(begin(3) + record(PARAMS, 3, pairs([(b"QUERY_STRING", b"random=1")])) + record(ABORT, 3))
                records = read_records(sock, timeout=5)
            if [k for k, _, _ in records] != [END]:
                fail(f"abort before parameters: {records!r}", server)
            print("ok: FCGI_ABORT_REQUEST before the parameters' end: FCGI_END_REQUEST at once")

            # A second request on the same connection while one is open: FCGI_CANT_MPX_CONN for
            # it, the first answered. Another role: FCGI_UNKNOWN_ROLE.
            with server.connect() as sock:
                sock.sendall(begin(1) + begin(2) + record(PARAMS, 1, pairs([(b"QUERY_STRING", b"start=123456708&tween=0"),
                                                                             (b"REQUEST_METHOD", b"GET")]))
                             + record(PARAMS, 1) + record(STDIN, 1))
                records = read_records(sock, until_end=False)
            ends = [(r, c[4]) for k, r, c in records if k == END]
            if ends != [(2, 1), (1, 0)] or status_of(stdout_of(records, 1)) != 200:
                fail(f"two requests at once: ends {ends!r}", server)
            with server.connect() as sock:
                sock.sendall(begin(5, role=3))
                records = read_records(sock, timeout=5)
            if [(k, r, c[4]) for k, r, c in records] != [(END, 5, 3)]:
                fail(f"filter role: {records!r}", server)
            print("ok: a second request at once gets FCGI_CANT_MPX_CONN; the filter role FCGI_UNKNOWN_ROLE")

            # FCGI_KEEP_CONN: three requests on one connection, each answered.
            with server.connect() as sock:
                for i in (1, 2, 3):
                    sock.sendall(request(i, b"start=123456708&tween=0&n=%d" % i, keep=True))
                    records = read_records(sock)
                    if status_of(stdout_of(records, i)) != 200:
                        fail(f"kept connection, request {i}: {records[:2]!r}", server)
            print("ok: three requests on one kept connection")

            # Lengths no web server sends: a name of 2^30 bytes (the worker's memory limit is
            # below it), and two of 2^31-1; the connection is dropped, the worker stays.
            for name_len, value_len in ((1 << 30, 1), ((1 << 31) - 1, (1 << 31) - 1)):
                with server.connect() as sock:
                    sock.sendall(begin(1) + record(PARAMS, 1, length(name_len) + length(value_len) + b"abc")
                                 + record(PARAMS, 1) + record(STDIN, 1))
                    records = read_records(sock, timeout=10)
                if stdout_of(records, 1):
                    fail(f"lengths {name_len}/{value_len} answered", server)
                ordinary(server, f"a name length of {name_len}")
            print("ok: name lengths of 2^30 and 2^31-1: the connection is closed, the worker answers on")

            # Parameters past 1 MB: 431, and the worker answers on.
            with server.connect() as sock:
                big = pairs([(b"HTTP_X_%d" % i, b"v" * 60000) for i in range(20)])
                sock.sendall(begin(1) + b"".join(record(PARAMS, 1, big[i:i + 60000]) for i in range(0, len(big), 60000))
                             + record(PARAMS, 1) + record(STDIN, 1))
                records = read_records(sock)
            if status_of(stdout_of(records, 1)) != 431:
                fail(f"1.2 MB of parameters: {stdout_of(records, 1)[:200]!r}", server)
            print("ok: 1.2 MB of parameters: 431")

            # Not FastCGI at all (an HTTP request on the socket): closed, nothing sent.
            with server.connect() as sock:
                sock.sendall(b"GET / HTTP/1.1\r\nHost: x\r\n\r\n")
                records = read_records(sock, timeout=5)
            if records:
                fail(f"HTTP on the FastCGI socket got {records!r}", server)
            ordinary(server, "an HTTP request")
            print("ok: an HTTP request on the socket: closed without an answer")

            # A peer that sends half a record and waits: the connection is closed after the
            # 2 s I/O timeout (a Unix socket's connections do not inherit the listening
            # socket's), well before the 5 s deadline that would end the worker.
            with server.connect() as sock:
                sock.sendall(begin(1)[:5])
                started = time.monotonic()
                records = read_records(sock, timeout=10)
                held = time.monotonic() - started
            if records or not 1.5 < held < 4:
                fail(f"half a record: held {held:.1f} s, got {records!r}", server)
            ordinary(server, "a stalled peer")
            print(f"ok: a peer stalled in a record header was let go after {held:.1f} s")

            if server.workers() != worker:
                fail(f"the worker changed: {worker} -> {server.workers()}", server)
            server.log.seek(0)
            log = server.log.read()
            if " 499 " not in log:
                fail("the aborted request was not logged (499)", server)
            if "cut off" in log or "signal" in log:
                fail("a worker died", server)
            print(f"ok: the same worker ({worker[0]}) throughout; the aborted requests logged as 499")
        finally:
            server.stop()
        operator_limits(program, state)


def answer(server, query):
    with server.connect() as sock:
        sock.sendall(request(1, query))
        out = stdout_of(read_records(sock), 1)
    return status_of(out), out.split(b"\r\n\r\n", 1)[-1]


def operator_limits(program, state):
    os.remove(os.path.join(state, "fcgi.sock"))
    server = Server(program, state, ["--limit", "max-tile=60"], limits="max-tween=1,max-tile=100")
    try:
        status, body = answer(server, b"random=1&tile=80")
        if status != 400 or b"60" not in body:
            fail(f"tile=80 past --limit max-tile=60: {status} {body[:200]!r}", server)
        status, body = answer(server, b"random=1&tween=2")
        if status != 400 or b"tween" not in body:
            fail(f"tween=2 past SLIDEGIF_LIMITS max-tween=1: {status} {body[:200]!r}", server)
        status, body = answer(server, b"random=1&tile=60&tween=1")
        if status != 200 or not body.startswith(b"GIF8"):
            fail(f"a request within the limits: {status} {body[:200]!r}", server)
    finally:
        server.stop()
    print("ok: --limit and $SLIDEGIF_LIMITS bound the requests (400 naming the limit past them)")
    for options, limits, said in ((["--limit", "max-tile=999"], "", "must be from 16 to 256"),
                                  ([], "bogus=1", "no limit is called 'bogus'")):
        run = subprocess.run([program, "--listen", os.path.join(state, "refused.sock"), *options],
                             capture_output=True, text=True, timeout=30,
                             env={**os.environ, "SLIDEGIF_LIMITS": limits})
        if run.returncode != 2 or said not in run.stderr or os.path.exists(os.path.join(state, "refused.sock")):
            fail(f"{options} {limits!r}: exit {run.returncode}, {run.stderr!r}")
    print("ok: a limit that cannot be used stops the server at start (exit 2, the reason said)")


if __name__ == "__main__":
    main()
