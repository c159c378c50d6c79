#!/usr/bin/env python3
"""Keeps CombineProbe's own symbols, and checks that each has a doc comment.

On Linux, CombineProbe re-exports OpenCombine, and the compiler's symbol
graph then lists every OpenCombine symbol as CombineProbe's. This keeps the
symbols declared in Sources/CombineProbe (and the members the compiler
synthesizes for them), drops the relationships of the others, and fails when
a public symbol of ours has no doc comment, or a function of ours leaves a
parameter undocumented.

The graphs are emitted with extension blocks (`-emit-extension-block-symbols`),
so that the members we add to other modules' types (`XCTestCase.wait`,
`DispatchQueue.virtualScheduler()`…) get pages: an extension block
(`swift.extension`) is kept like a declaration of ours, but needs no doc
comment of its own (its members have theirs).

Usage: filter-symbol-graphs.py INPUT_DIR OUTPUT_DIR
"""
import glob
import json
import os
import re
import sys

source, target = sys.argv[1], sys.argv[2]
undocumented = []
kept = 0
paths = glob.glob(os.path.join(source, "CombineProbe.symbols.json")) + glob.glob(os.path.join(source, "CombineProbe@*.symbols.json"))
for path in sorted(paths):
    graph = json.load(open(path))
    declared = [s for s in graph["symbols"] if "/Sources/CombineProbe/" in s.get("location", {}).get("uri", "")]
    types = {s["pathComponents"][0] for s in declared
             if "::SYNTHESIZED::" not in s["identifier"]["precise"] and s["kind"]["identifier"] != "swift.extension"}
    # A protocol extension's members are also listed, as synthesized copies,
    # under every conforming type, OpenCombine's included: keep the copies
    # under our own types only.
    ours = [s for s in declared
            if "::SYNTHESIZED::" not in s["identifier"]["precise"] or s["pathComponents"][0] in types]
    ids = {s["identifier"]["precise"] for s in ours}
    for symbol in graph["symbols"]:
        synthesized = "location" not in symbol and symbol["pathComponents"][0] in types
        if synthesized and symbol["identifier"]["precise"] not in ids:
            ours.append(symbol)
            ids.add(symbol["identifier"]["precise"])
    for symbol in ours:
        if "location" not in symbol or "::SYNTHESIZED::" in symbol["identifier"]["precise"]:
            continue
        if symbol["kind"]["identifier"] == "swift.extension":
            continue
        location = symbol["location"]
        where = f'{location["uri"].replace("file://", "")}:{location["position"]["line"] + 1}: {".".join(symbol["pathComponents"])}'
        doc = "\n".join(line["text"] for line in symbol.get("docComment", {}).get("lines", []))
        if not doc:
            undocumented.append(f"{where} has no doc comment")
            continue
        for parameter in symbol.get("functionSignature", {}).get("parameters", []):
            internal = parameter.get("internalName", parameter["name"])
            name = re.escape(internal)
            if not re.search(rf"-\s+[Pp]arameter\s+{name}\s*:", doc) and not re.search(rf"^\s*-\s+{name}\s*:", doc, re.M):
                undocumented.append(f"{where}: parameter {internal} is not documented")
    if not ours:
        continue
    graph["symbols"] = ours
    graph["relationships"] = [r for r in graph["relationships"] if r["source"] in ids]
    json.dump(graph, open(os.path.join(target, os.path.basename(path)), "w"))
    kept += len(ours)

for line in undocumented:
    print(line)
print(f"symbol graphs: {kept} CombineProbe symbols kept, {len(undocumented)} doc comments missing or incomplete")
sys.exit(1 if undocumented else 0)
