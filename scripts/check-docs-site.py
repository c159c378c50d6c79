#!/usr/bin/env python3
"""Checks the DocC static site (docc convert --transform-for-static-hosting)
as a reader meets it.

- Every link of every page reaches a page, or a file, of the site: the topic
  references (symbols, articles, with their #anchors) and the plain links of
  the text (a GitHub-relative `Last.md` left in a guide 404s here).
- The pages users look for first exist: XCTestCase.wait (sync and async) and
  the virtualScheduler() of DispatchQueue, RunLoop and OperationQueue.
- Titles show no literal backticks; no summary ends with ":" (it reads cut).
- The landing page has no automatic group (every top-level symbol is curated
  by purpose), and a page curated by hand (an extension file in the catalog)
  lists all its members in its own groups.

Usage: check-docs-site.py SITE_DIR
"""
import glob
import json
import os
import posixpath
import re
import sys
import urllib.parse

site = sys.argv[1]
data = os.path.join(site, "data")
problems = []
REQUIRED = [
    ("documentation/combineprobe/xctest/xctestcase/wait(for:timeout:description:fileid:", 1),
    ("documentation/combineprobe/xctest/xctestcase/wait(for:timeout:description:isolation:", 1),
    ("documentation/combineprobe/dispatch/dispatchqueue/virtualscheduler(", 1),
    ("documentation/combineprobe/foundation/runloop/virtualscheduler(", 1),
    ("documentation/combineprobe/foundation/operationqueue/virtualscheduler(", 1),
]

pages = {}
for path in glob.glob(os.path.join(data, "**", "*.json"), recursive=True):
    url = "/" + os.path.relpath(path, data)[:-len(".json")]
    pages[url.lower()] = json.load(open(path))


def anchors(page):
    found = set()

    def walk(node):
        if isinstance(node, dict):
            if node.get("type") == "heading" and "anchor" in node:
                found.add(node["anchor"])
            for key in ("anchor",):
                if key in node and isinstance(node[key], str) and node.get("type") != "heading":
                    found.add(node[key])
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
    walk(page.get("primaryContentSections", []))
    walk(page.get("topicSections", []))
    walk(page.get("sections", []))
    return found


def exists(url):
    path = urllib.parse.unquote(url.split("#")[0].split("?")[0]).lstrip("/")
    full = os.path.join(site, path)
    return os.path.isfile(full) or os.path.isfile(os.path.join(full, "index.html"))


def text(inline):
    out = []
    for node in inline or []:
        if "text" in node:
            out.append(node["text"])
        elif "code" in node:
            out.append(node["code"])
        elif "inlineContent" in node:
            out.append(text(node["inlineContent"]))
    return "".join(out)


links = 0
for url, page in sorted(pages.items()):
    title = page.get("metadata", {}).get("title", "")
    if "`" in title:
        problems.append(f"{url}: the title shows backticks: {title}")
    abstract = text(page.get("abstract")).strip()
    if abstract.endswith(":"):
        problems.append(f"{url}: the summary ends with ':': …{abstract[-60:]}")
    # Every link the page shows.
    targets = []
    for reference in page.get("references", {}).values():
        if reference.get("type") == "topic" and "url" in reference:
            targets.append(reference["url"])
        elif reference.get("type") == "link":
            targets.append(reference.get("url") or reference.get("destination", ""))
    for target in targets:
        links += 1
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):
            continue  # https:, mailto: are not ours to check here
        resolved = target if target.startswith("/") else posixpath.normpath(posixpath.join(url + "/", target))
        base, _, anchor = resolved.partition("#")
        if not exists(base):
            problems.append(f"{url}: broken link {target}")
        elif anchor and base.lower() in pages and anchor not in anchors(pages[base.lower()]):
            problems.append(f"{url}: broken anchor {target}")
    # Curation.
    sections = page.get("topicSections", [])
    generated = [s.get("title") for s in sections if s.get("generated") and s.get("title") != "Default Implementations"]
    curated = any(not s.get("generated") for s in sections)
    if generated and (url == "/documentation/combineprobe" or curated):
        problems.append(f"{url}: members in automatic groups {generated}: list them in the page's Topics")

for prefix, count in REQUIRED:
    found = [p for p in glob.glob(os.path.join(site, prefix + "*")) if os.path.isfile(os.path.join(p, "index.html"))]
    if len(found) < count:
        problems.append(f"missing page: /{prefix}…")

for problem in problems:
    print(f"error: {problem}")
print(f"docs site: {len(pages)} pages, {links} links, {len(problems)} problems "
      f"({len(REQUIRED)} required pages checked)")
sys.exit(1 if problems else 0)
