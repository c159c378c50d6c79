#!/usr/bin/env python3
"""Checks that every Swift example in README.md and Documentation/ is a test.

Each ```swift block must appear, line for line (ignoring indentation and blank
lines), in a file under Tests/CombineProbeTests/Documentation/, where it is
compiled and run by `swift test`. A block preceded by the line
`<!-- not-a-test -->` is exempt (package manifests, shell commands).
"""
import pathlib
import re
import sys

root = pathlib.Path(__file__).resolve().parent.parent
docs = [root / "README.md"] + sorted((root / "Documentation").rglob("*.md"))
tests = sorted((root / "Tests" / "CombineProbeTests" / "Documentation").glob("*.swift"))


def normalized(text):
    return [line.strip() for line in text.splitlines() if line.strip()]


corpus = [(path, normalized(path.read_text())) for path in tests]


def found(block):
    for _, lines in corpus:
        for start in range(len(lines) - len(block) + 1):
            if lines[start:start + len(block)] == block:
                return True
    return False


missing = 0
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
                if not found(block):
                    missing += 1
                    print(f"{doc.relative_to(root)}:{index + 1}: example is not a test:")
                    print("\n".join("    " + l for l in lines[index + 1:end]))
            index = end
        index += 1

print(f"documentation examples: {checked} checked, {missing} not found in Tests/CombineProbeTests/Documentation/")
sys.exit(1 if missing else 0)
