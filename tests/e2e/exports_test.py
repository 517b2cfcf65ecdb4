#!/usr/bin/env python3
"""libslidegif.so exports the public API and nothing of ours beside it: every dynamic symbol
in namespace slidegif (functions, typeinfo, vtables) names a type or function that a header in
include/slidegif/ declares, and none lies in a nested namespace (detail, cgi, fcgi...). The
standard library's templates instantiated over our types (std::vector<slidegif::Move>) are the
compiler's to export and are only counted.
    exports_test.py LIBSLIDEGIF_SO INCLUDE_DIR"""
import glob
import os
import re
import subprocess
import sys

lib, include = sys.argv[1:3]


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


# The public names: types declared and functions marked SLIDEGIF_API in the headers.
public = set()
for path in glob.glob(os.path.join(include, "slidegif", "*.hpp")):
    text = open(path, encoding="utf-8").read()
    public.update(re.findall(r"^(?:class|struct|enum class|enum)\s+(?:SLIDEGIF_API\s+)?(\w+)",
                             text, re.M))
    for line in re.findall(r"^SLIDEGIF_API .*$", text, re.M):
        public.update(re.findall(r"(\w+)\(", line)[:1])
if len(public) < 30:
    fail(f"only {len(public)} public names found under {include}")

symbols = subprocess.run(["nm", "-DC", "--defined-only", lib], capture_output=True, text=True,
                         check=True).stdout.splitlines()
ours, theirs, wrong = [], 0, []
for line in symbols:
    name = line.split(" ", 2)[2] if line.count(" ") >= 2 else line
    bare = re.sub(r"^(typeinfo name for|typeinfo for|vtable for|VTT for|guard variable for) ",
                  "", name)
    if not bare.startswith("slidegif::"):
        theirs += "slidegif::" in bare
        continue
    bare = bare.replace("[abi:cxx11]", "")
    ours.append(bare)
    path = re.split(r"[(<\s]", bare, 1)[0].split("::")
    # slidegif::Name or slidegif::Class::member; a nested namespace is not the API.
    if len(path) < 2 or path[1] not in public:
        wrong.append(bare)
if wrong:
    fail(f"{len(wrong)} of {len(ours)} exported symbols are not the public API, e.g.:\n  " +
         "\n  ".join(sorted(set(wrong))[:15]))
for must in ("slidegif::solve(", "slidegif::parse_board(", "typeinfo for slidegif::Error"):
    if not any(must in line for line in symbols):
        fail(f"the public API lacks {must}")
print(f"ok: {len(ours)} symbols of namespace slidegif exported, all public "
      f"({len(public)} names in include/slidegif); {theirs} standard-library templates over "
      f"our types; {len(symbols)} dynamic symbols in all")
