#!/usr/bin/env python3
"""Copies the symbol graphs of a build on OpenCombine, naming Combine's module
as an Apple build names it, so that the committed DocC catalog can be built
as it is on Linux, as the Swift Package Index and Xcode build it on a Mac.

On Linux the library extends OpenCombine's `Publisher`; on Apple platforms,
Combine's: the catalog's symbol links say ``Combine/Publisher/...``, and
resolve against the extension graph `CombineProbe@Combine.symbols.json`. This
renames `CombineProbe@OpenCombine.symbols.json` so, and every string that
names the module (`"OpenCombine"`, `"OpenCombine.Publisher"`) in every graph.
Precise identifiers (`s:11OpenCombine9PublisherP`) are left as they are:
DocC only matches them with each other. Graphs of an Apple build are copied
unchanged.

Usage: symbol-graphs-as-apple.py INPUT_DIR OUTPUT_DIR
"""
import glob
import json
import os
import shutil
import sys

source, target = sys.argv[1], sys.argv[2]
if os.path.exists(target):
    shutil.rmtree(target)
os.makedirs(target)


def rename(value):
    if isinstance(value, str):
        if value == "OpenCombine":
            return "Combine"
        if value.startswith("OpenCombine."):
            return "Combine." + value[len("OpenCombine."):]
        return value
    if isinstance(value, list):
        return [rename(item) for item in value]
    if isinstance(value, dict):
        return {key: rename(item) for key, item in value.items()}
    return value


paths = sorted(glob.glob(os.path.join(source, "*.symbols.json")))
for path in paths:
    name = os.path.basename(path).replace("@OpenCombine.symbols.json", "@Combine.symbols.json")
    with open(path) as file:
        graph = json.load(file)
    with open(os.path.join(target, name), "w") as file:
        json.dump(rename(graph), file)
print(f"symbol graphs as an Apple build names them: {len(paths)} graphs")
