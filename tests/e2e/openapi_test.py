#!/usr/bin/env python3
"""docs/openapi.yaml against the endpoint it describes, so that neither can drift:
  1. Redocly's linter (from npm, a fresh cache in a temporary directory) passes it.
  2. The parameters it declares are exactly those src/cgi reads (and sig=).
  3. Real answers of slidegif.cgi (run as a web server runs it: CGI/1.1 meta-variables in the
     environment, the answer on standard output) to requests of every kind: each status is one
     the description lists, each Content-Type one it lists for that status, each JSON body valid
     against its schema (JSON Schema 2020-12, by python3-jsonschema), each ETag of its pattern;
     a cross-origin preflight as it says.

    tests/e2e/openapi_test.py SOURCE_DIR BUILD/slidegif.cgi
"""
import json
import os
import re
import subprocess
import sys
import tempfile

import jsonschema
import yaml

src, cgi = sys.argv[1], sys.argv[2]
spec_path = os.path.abspath(os.path.join(src, "docs", "openapi.yaml"))
with open(spec_path, encoding="utf-8") as f:
    spec = yaml.safe_load(f)
failures = []


def fail(message):
    failures.append(message)
    print("FAIL: " + message, file=sys.stderr)


# --- 1. the linter ------------------------------------------------------------------------
with tempfile.TemporaryDirectory() as tmp:
    env = dict(os.environ, HOME=tmp, npm_config_cache=os.path.join(tmp, "npm"),
               npm_config_update_notifier="false", NO_COLOR="1")
    lint = subprocess.run(["npx", "--yes", "@redocly/cli@2.77.0", "lint", spec_path],
                          cwd=tmp, env=env, capture_output=True, text=True, timeout=300)
    if lint.returncode != 0 or "valid" not in lint.stdout + lint.stderr:
        fail("redocly lint: " + (lint.stdout + lint.stderr)[-2000:])
    else:
        print("ok: redocly lint passes docs/openapi.yaml")

# The description's version is the program's (CMakeLists.txt's project() line).
with open(os.path.join(src, "CMakeLists.txt"), encoding="utf-8") as f:
    project_version = re.search(r"project\(slidegif VERSION ([0-9.]+)", f.read()).group(1)
if str(spec["info"]["version"]) != project_version:
    fail(f"docs/openapi.yaml says version {spec['info']['version']}, the project {project_version}")

# --- 2. the parameters --------------------------------------------------------------------
declared = {p["name"] for p in spec["components"]["parameters"].values()}
read = {"sig"}
for name in os.listdir(os.path.join(src, "src", "cgi")):
    if name.endswith(".cpp"):
        with open(os.path.join(src, "src", "cgi", name), encoding="utf-8") as f:
            read |= set(re.findall(r'(?:\.get\(|get\(query, )"([a-z_]+)"\)', f.read()))
if declared != read:
    fail(f"parameters declared but not read: {sorted(declared - read)}; "
         f"read but not declared: {sorted(read - declared)}")
else:
    print(f"ok: the {len(read)} parameters src/cgi reads are the ones declared")

# --- 3. real answers ----------------------------------------------------------------------
operation = spec["paths"]["/slidegif.cgi"]


def cgi_answer(method, query, extra=None):
    env = {"PATH": "/usr/bin:/bin", "REQUEST_METHOD": method, "QUERY_STRING": query,
           "GATEWAY_INTERFACE": "CGI/1.1", "SLIDEGIF_PDB_DIR": "", **(extra or {})}
    out = subprocess.run([cgi], env=env, capture_output=True, timeout=60).stdout
    head, _, body = out.partition(b"\r\n\r\n")
    if not _:
        head, _, body = out.partition(b"\n\n")
    headers = {}
    for line in head.decode().splitlines():
        name, _, value = line.partition(":")
        headers.setdefault(name.strip().lower(), value.strip())
    status = int(headers.get("status", "200").split()[0])
    return status, headers, body


def schema_of(schema):
    """A schema of the description, its references resolved within the description."""
    return dict(schema, components=spec["components"])


def check(method, query, want, extra=None):
    status, headers, body = cgi_answer(method, query, extra)
    label = f"{method} ?{query}"
    if status != want:
        return fail(f"{label}: status {status}, expected {want}: {body[:200]!r}")
    responses = operation[method.lower()]["responses"]
    response = responses.get(str(status))
    if response is None:
        return fail(f"{label}: status {status} is not described")
    if "$ref" in response:
        response = spec["components"]["responses"][response["$ref"].rsplit("/", 1)[1]]
    content = response.get("content", {})
    kind = headers.get("content-type", "").split(";")[0]
    if content and kind not in content:
        return fail(f"{label}: Content-Type {kind} is not one described for {status}")
    if kind == "application/json":
        try:
            jsonschema.Draft202012Validator(schema_of(content[kind]["schema"])).validate(
                json.loads(body))
        except jsonschema.ValidationError as e:
            return fail(f"{label}: the JSON does not match its schema: {e.message} at "
                        f"{list(e.absolute_path)}")
    etag = headers.get("etag")
    if etag and not re.fullmatch(spec["components"]["headers"]["ETag"]["schema"]["pattern"], etag):
        return fail(f"{label}: ETag {etag} is not of the described pattern")
    print(f"ok: {label}: {status} {kind}")


check("GET", "start=152703846&format=json", 200)
check("GET", "start=152703846&format=json&boards=1", 200)
check("GET", "random=1&size=2x4&format=json", 200)
check("GET", "start=867254301&metric=mtm&format=json", 200)
check("GET", "start=758342160&explain=astar&format=json", 200)
check("GET", "start=152703846&explain=idastar&frames=5", 200)
check("GET", "start=152703846&compare=1", 200)
check("GET", "start=152703846&format=webp&tile=32&tween=0", 200)
check("GET", "start=152703846&format=png&frame=-1&show_heuristic=manhattan", 200)
check("GET", "pictures=1", 200)
check("GET", "health=1", 200)
check("GET", "start=12345&format=json", 400)
check("GET", "start=123456780&goal=213456780&format=json", 400)
check("GET", "start=152703846&explain=dfs", 400)
check("GET", "start=152703846&tile=5", 400)
check("OPTIONS", "", 405)
check("OPTIONS", "", 204, {"SLIDEGIF_CORS_ORIGIN": "https://example.org"})

if failures:
    sys.exit(1)
print("PASS: docs/openapi.yaml describes the endpoint")
