#!/usr/bin/env python3
"""Checks that every Swift example in README.md and Documentation/ is a test, compiled as shown.

Each ```swift block must appear, line for line (ignoring indentation and blank
lines), in a file under Tests/CombineProbeTests/Documentation/, where it is
compiled and run by `swift test`, or in Examples/ApproachableApp (its sources
or tests), compiled with Swift 6.2 by .ci/run's Xcode 26-style lane — for
what needs a default-MainActor target. A block preceded by the line
`<!-- not-a-test -->` is exempt (package manifests, shell commands).

Compiled as shown: the test code around the block's lines must not grant it
any availability that the block does not show. A reader copies the block into
a test target with the package's deployment targets (macOS 10.15, iOS 13,
tvOS 13, watchOS 6); if the test class that wraps it carried
`@available(macOS 15.0, …)`, or the block sat inside an `if #available`, the
copy would not compile while its test would. So an example that needs newer
API shows its own `@available(...)` line (on its function or type) or its own
`guard #available(...) else { return }`, and the test mirrors it; the wrapper
stays unannotated. scripts/check-availability.py checks the other half: that
what a block shows covers the API it uses.
"""
import importlib.util
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
_spec = importlib.util.spec_from_file_location("check_availability", root / "scripts" / "check-availability.py")
availability = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(availability)
targets = availability.deployment_targets((root / "Package.swift").read_text())
docs = [root / "README.md"] + sorted((root / "Documentation").rglob("*.md"))
tests = sorted((root / "Tests" / "CombineProbeTests" / "Documentation").glob("*.swift")) + [
    path for part in ("Sources", "Tests") for path in sorted((root / "Examples" / "ApproachableApp" / part).rglob("*.swift"))]


def normalized(text):
    return [line.strip() for line in text.splitlines() if line.strip()]


def numbered(text):
    """The non-blank lines of a text, stripped, with their line numbers."""
    return [(number, line.strip()) for number, line in enumerate(text.splitlines(), 1) if line.strip()]


corpus = []
for path in tests:
    text = path.read_text()
    lines = numbered(text)
    corpus.append((path, [line for _, line in lines], [number for number, _ in lines], text))
granted_cache = {}


def granted(path, text, line):
    """The availability beyond the deployment targets that the test code above `line` grants there."""
    if path not in granted_cache:
        granted_cache[path] = availability.availability_by_line(text, targets)
    by_line = granted_cache[path]
    following = [number for number in by_line if number >= line]
    return by_line[min(following)] if following else {}


def found(block):
    """The availability the wrapper grants at each place the block appears (an empty list: nowhere)."""
    places = []
    for path, lines, numbers, text in corpus:
        for start in range(len(lines) - len(block) + 1):
            if lines[start:start + len(block)] == block:
                places.append((path, numbers[start], granted(path, text, numbers[start])))
    return places


def attribute(avail):
    return ", ".join(f"{p} {availability.show(avail[p])}" for p in availability.PLATFORMS if p in avail)


missing = 0
wrapped = 0
checked = 0
fence = re.compile(r"^```swift\s*$")
for doc in docs:
    lines = doc.read_text().splitlines()
    index = 0
    while index < len(lines):
        if fence.match(lines[index]):
            previous = next((l.strip() for l in reversed(lines[:index]) if l.strip()), "")
            end = index + 1
            while end < len(lines) and lines[end].strip() != "```":
                end += 1
            block = normalized("\n".join(lines[index + 1:end]))
            if previous != "<!-- not-a-test -->":
                checked += 1
                places = found(block)
                if not places:
                    missing += 1
                    print(f"{doc.relative_to(root)}:{index + 1}: example is not a test:")
                    print("\n".join("    " + l for l in lines[index + 1:end]))
                elif all(wrapper for _, _, wrapper in places):
                    wrapped += 1
                    path, line, wrapper = places[0]
                    print(f"{doc.relative_to(root)}:{index + 1}: example is compiled under "
                          f"@available({attribute(wrapper)}, *) that it does not show "
                          f"({path.relative_to(root)}:{line}): show it in the example, "
                          "or take it off the test around it")
            index = end
        index += 1

print(f"documentation examples: {checked} checked, {missing} not found in Tests/CombineProbeTests/Documentation/ "
      f"or Examples/ApproachableApp, "
      f"{wrapped} compiled under availability they do not show")
sys.exit(1 if missing or wrapped else 0)
