#!/usr/bin/env python3
"""libslidegif.so exports the public API and nothing of ours beside it: every dynamic symbol
in namespace slidegif (functions, typeinfo, vtables) names a type or function that a header in
include/slidegif/ declares, and none lies in a nested namespace (detail, cgi, fcgi...). Nothing
else is exported: the standard library's templates instantiated over our types
(std::vector<slidegif::Move>) stay local (cmake/libslidegif.map). And the exports are exactly
those debian/libslidegif0.symbols lists, so the package build's dpkg-gensymbols agrees. And in
the static libraries the library is made of (ARCHIVE...), everything of ours defined directly
in namespace slidegif is the public API: the internals live in slidegif::detail (the core) and
the front ends' own namespaces, so a user's `slidegif::` holds what include/slidegif/ declares.
    exports_test.py LIBSLIDEGIF_SO INCLUDE_DIR SYMBOLS_FILE [ARCHIVE...]"""
import glob
import os
import re
import subprocess
import sys

lib, include, symbols_file = sys.argv[1:4]
archives = sys.argv[4:]


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
ours, theirs, wrong, names = [], [], [], set()
for line in symbols:
    name = line.split(" ", 2)[2] if line.count(" ") >= 2 else line
    if not name.startswith("_") or "slidegif" in name:  # not the linker's _end, _edata...
        names.add(name)
    bare = re.sub(r"^(typeinfo name for|typeinfo for|vtable for|VTT for|guard variable for) ",
                  "", name)
    if not bare.startswith("slidegif::"):
        theirs.append(name)
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
if theirs:
    fail(f"{len(theirs)} exported symbols are not of namespace slidegif, e.g.:\n  " +
         "\n  ".join(sorted(theirs)[:15]))
listed = set(re.findall(r'^ \(c\+\+\)"(.*)@Base" ', open(symbols_file, encoding="utf-8").read(),
                        re.M))
if listed != names:
    fail(f"{os.path.basename(symbols_file)} and the exports differ:\n  not listed: " +
         "\n  ".join(sorted(names - listed)) + "\n  listed, not exported: " +
         "\n  ".join(sorted(listed - names)))
for must in ("slidegif::solve(", "slidegif::parse_board(", "typeinfo for slidegif::Error"):
    if not any(must in line for line in symbols):
        fail(f"the public API lacks {must}")
# Every global symbol the archives define in namespace slidegif itself: public, or in a nested
# namespace (the internals').
NESTED = {"detail", "app", "cli", "cgi", "fcgi", "mpi", "web", "embedded", ""}  # "": anonymous
stray = set()
defined = 0
for archive in archives:
    out = subprocess.run(["nm", "-C", "--defined-only", archive], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    for line in out:
        parts = line.split(" ", 2)
        if len(parts) < 3 or not parts[1].isupper():  # local symbols are no one's API
            continue
        bare = re.sub(r"^(typeinfo name for|typeinfo for|vtable for|VTT for|guard variable for) ",
                      "", parts[2]).replace("[abi:cxx11]", "")
        if not bare.startswith("slidegif::"):
            continue
        defined += 1
        head = re.split(r"[(<\s]", bare[len("slidegif::"):], 1)[0].split("::")[0]
        if head not in public and head not in NESTED:
            stray.add(bare)
if stray:
    fail(f"{len(stray)} symbols defined in namespace slidegif are not the public API (put them "
         "in slidegif::detail), e.g.:\n  " + "\n  ".join(sorted(stray)[:15]))
if archives:
    print(f"ok: of {defined} symbols the {len(archives)} libraries define in namespace slidegif, "
          "those outside its nested namespaces are all public")
print(f"ok: {len(ours)} symbols of namespace slidegif exported, all public "
      f"({len(public)} names in include/slidegif), and nothing else; all listed in "
      f"{os.path.basename(symbols_file)}")
