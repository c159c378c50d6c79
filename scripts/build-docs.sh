#!/usr/bin/env bash
# Builds the API reference with the docc that ships with the Swift toolchain,
# from Sources/CombineProbe/CombineProbe.docc, whose articles are the guides
# of Documentation/ (symbolic links: one source of truth).
#
#   scripts/build-docs.sh            # builds .build-docc/CombineProbe.doccarchive,
#                                    # a static site too
#   scripts/build-docs.sh --preview  # then serves it (docc preview)
#
# Runs any number of times, before or after `swift build`, on a fresh clone
# too: the symbol graphs are extracted from the built modules (`swift package
# dump-symbol-graph`), into a directory emptied first. The dump builds the
# library but not the tests, and then fails on the test modules it cannot
# load ("Couldn't load module 'CombineProbePackageTests'"): so the tests are
# built first (`swift build --build-tests`, which builds only what is out of
# date in .build).
#
# Fails on any DocC warning (every ``symbol`` and <doc:article> link
# resolves, every documented parameter list is complete), on any public
# symbol without a doc comment, on a guide missing from the catalog, and on
# any broken link of the static site (scripts/check-docs-site.py).
set -euo pipefail
cd "$(dirname "$0")/.."
scratch=.build-docc
ours=$scratch/symbol-graphs-combineprobe
catalog=$scratch/CombineProbe.docc
rm -rf "$ours" "$scratch/symbol-graphs"
mkdir -p "$ours"

# The symbol graphs, with extension blocks: the members we add to XCTestCase,
# DispatchQueue, RunLoop and OperationQueue get pages of their own.
graphs="$(dirname "$(swift build --show-bin-path)")/symbolgraph"
rm -rf "$graphs"
swift build --build-tests > "$scratch/build.log" 2>&1 ||
    { cat "$scratch/build.log"; exit 1; }
swift package dump-symbol-graph --emit-extension-block-symbols > "$scratch/dump-symbol-graph.log" 2>&1 ||
    { cat "$scratch/dump-symbol-graph.log"; exit 1; }
python3 scripts/filter-symbol-graphs.py "$graphs" "$ours"

# The catalog docc reads: the guides' GitHub links rewritten to DocC links.
# Symbol links name Apple's module, Combine; on Linux the extensions are OpenCombine's.
combine=Combine
[ -f "$ours/CombineProbe@OpenCombine.symbols.json" ] && combine=OpenCombine
python3 scripts/docc-catalog.py Sources/CombineProbe/CombineProbe.docc Documentation "$catalog" "$combine"

# One conversion, for static hosting: the archive is also a site served from
# / (python3 -m http.server --directory .build-docc/CombineProbe.doccarchive).
log=$scratch/docc.log
archive=$scratch/CombineProbe.doccarchive
rm -rf "$archive" "$scratch/site"
set +e
docc convert "$catalog" \
    --additional-symbol-graph-dir "$ours" \
    --output-path "$archive" \
    --transform-for-static-hosting \
    --fallback-display-name CombineProbe \
    --fallback-bundle-identifier org.combineprobe.CombineProbe \
    --warnings-as-errors > "$log" 2>&1
status=$?
set -e
if [ $status -ne 0 ] || grep -q "^warning\|^error" "$log"; then
    cat "$log"
    echo "error: DocC reported problems (above)." >&2
    exit 1
fi
articles=$(find "$catalog" -name '*.md' | wc -l)
echo "DocC: CombineProbe.doccarchive built from $articles articles and the public symbols, 0 warnings"

# The site as a reader meets it: every link, the pages users look for first.
python3 scripts/check-docs-site.py "$archive"

if [ "${1:-}" = "--preview" ]; then
    docc preview "$catalog" --additional-symbol-graph-dir "$ours" \
        --fallback-display-name CombineProbe --fallback-bundle-identifier org.combineprobe.CombineProbe
fi
