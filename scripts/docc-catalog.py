#!/usr/bin/env python3
"""Writes the DocC catalog that docc reads: a copy of
Sources/CombineProbe/CombineProbe.docc in which the guides' links work.

The guides of Documentation/ are written for GitHub: they link to each other
with relative links (`[last](Last.md)`, `[Consumption](README.md#consumption)`).
The catalog holds a symbolic link to each guide, whose name (without `.md`) is
the guide's article name in DocC (`Expectation-Last`). This copy replaces each
symbolic link by the guide, with
  - every relative link to a guide rewritten to a DocC link:
    `[last](Last.md)` -> `[last](<doc:Expectation-Last>)`, and a GitHub
    anchor to the DocC one: `README.md#consumption` -> `<doc:Expectations#Consumption>`;
  - backticks dropped from the title (`# `last``  -> `# last`): DocC shows
    them literally in titles.
The other files of the catalog (the landing page, Extensions/) are copied as
they are, but for one word: symbol links to the extensions of Combine's types
are written ``Combine/Publisher/...`` (Apple's module), and become
``OpenCombine/Publisher/...`` where the library is built on OpenCombine
(COMBINE_MODULE). One source, read on GitHub and in DocC.

Fails, saying what to do, on a guide that the catalog does not link, and on a
relative link that reaches no guide (DocC would render it as a dead link).

Usage: docc-catalog.py CATALOG DOCUMENTATION_DIR OUTPUT_CATALOG [COMBINE_MODULE]
"""
import os
import pathlib
import re
import shutil
import sys

catalog, documentation, output = (pathlib.Path(a).resolve() for a in sys.argv[1:4])
combine = sys.argv[4] if len(sys.argv) > 4 else "Combine"
problems = []

# The guides, by their real path, and their article names.
articles = {}
for entry in sorted(catalog.rglob("*.md")):
    if entry.is_symlink():
        articles[entry.resolve()] = entry.stem
for guide in sorted(documentation.rglob("*.md")):
    if guide.resolve() not in articles:
        name = "-".join(guide.relative_to(documentation).with_suffix("").parts)
        relative = os.path.relpath(guide, catalog)
        problems.append(
            f"{guide}: not in the DocC catalog; add it:\n"
            f"    ln -s {relative} {os.path.relpath(catalog)}/{name}.md\n"
            f"  and list <doc:{name}> in the Topics of {os.path.relpath(catalog)}/CombineProbe.md")

fence = re.compile(r"^\s*(```|~~~)")
link = re.compile(r"(?<!!)\[((?:[^\[\]]|\[[^\]]*\])*)\]\(([^()\s]*)\)")


def github_slug(heading):
    """The anchor GitHub gives a heading."""
    text = re.sub(r"[^\w\- ]", "", heading.strip().lower())
    return text.replace(" ", "-")


def docc_anchor(heading):
    """The anchor DocC gives a heading (in `<doc:Article#Anchor>`)."""
    text = re.sub(r"[`*_]", "", heading.strip())
    return re.sub(r"\s+", "-", text)


def headings(path):
    found = {}
    in_code = False
    for line in path.read_text().splitlines():
        if fence.match(line):
            in_code = not in_code
        elif not in_code and re.match(r"^#{2,6}\s", line):
            text = line.lstrip("#").strip()
            found[github_slug(text)] = docc_anchor(text)
    return found


def rewrite(source, text):
    lines = text.splitlines()
    in_code = False
    title_done = False
    for number, line in enumerate(lines):
        if fence.match(line):
            in_code = not in_code
            continue
        if in_code:
            continue
        if not title_done and line.startswith("# "):
            lines[number] = line.replace("`", "")
            title_done = True
            continue

        def replace(match):
            label, target = match.group(1), match.group(2)
            if re.match(r"^[a-z][a-z0-9+.-]*:", target) or target.startswith("<"):
                return match.group(0)
            path, _, anchor = target.partition("#")
            destination = (source.parent / path).resolve() if path else source
            where = f"{source}:{number + 1}"
            if destination not in articles:
                problems.append(f"{where}: the link {target} reaches no guide of Documentation/; "
                                "link a guide, or write a full https:// address")
                return match.group(0)
            doc = articles[destination]
            if anchor:
                anchors = headings(destination)
                if anchor not in anchors:
                    problems.append(f"{where}: the link {target}: no heading of {destination.name} has the anchor #{anchor}")
                    return match.group(0)
                doc += "#" + anchors[anchor]
            return f"[{label}](<doc:{doc}>)"

        lines[number] = link.sub(replace, line)
    return "\n".join(lines) + "\n"


if output.exists():
    shutil.rmtree(output)
for entry in sorted(catalog.rglob("*")):
    target = output / entry.relative_to(catalog)
    if entry.is_dir() and not entry.is_symlink():
        if entry.name == ".docc-build":
            continue
        target.mkdir(parents=True, exist_ok=True)
        continue
    if ".docc-build" in entry.relative_to(catalog).parts:
        continue
    target.parent.mkdir(parents=True, exist_ok=True)
    if entry.is_symlink() and entry.suffix == ".md":
        target.write_text(rewrite(entry.resolve(), entry.resolve().read_text()))
    elif entry.suffix == ".md":
        target.write_text(re.sub(r"``Combine(?=/|``)", f"``{combine}", entry.read_text()))
    else:
        shutil.copyfile(entry, target)

for problem in problems:
    print(f"error: {problem}")
print(f"DocC catalog: {len(articles)} guides, {len(problems)} problems")
sys.exit(1 if problems else 0)
